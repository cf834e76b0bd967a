"""Global 1940 economy hooks: the UK's two economies, national objectives, China, capitals,
victory and research (the rules are in `aa_ref/aa/g40_*.py`). A mixin of `Global1940`, whose
other hooks call it through `super()`."""

from __future__ import annotations

from typing import Any

from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.ruleset import AA1941, COLLECT_INCOME, MOBILIZE, PURCHASE, RESEARCH


class EconomyRules:
    """Economy, objectives, China, capitals, victory and research [G40 L295-L299, L429-L459,
    L1015-L1055, L1116-L1167, L1654-L1873]."""

    def check_phase(self, board: Board, given: OrdersInput, phase: str) -> list[Problem]:
        from aa_ref.games.axis_allies.global1940 import china, objectives, research
        from aa_ref.games.axis_allies.rules import economies

        power = given.model.power
        if phase == RESEARCH:
            return research.check_research(board, given)
        if phase == PURCHASE and economies.has_economies(board.setup, power):
            return economies.check_purchase(board, given)
        if given.model.economies:
            return [given.problem(f"{power} has one treasury: write 'purchase' and 'repair', not 'economies'",
                                  ("economies",), "G40 L1673")]
        if phase == PURCHASE and china.is_china(board.setup, power):
            return china.check_purchase(board, given) or super().check_phase(board, given, phase)  # type: ignore[misc]
        if phase == MOBILIZE and given.model.objective_units:
            problems = objectives.check_objective_units(board, given)
            if problems:
                return problems
        if phase == MOBILIZE and china.is_china(board.setup, power):
            return china.check_placement(board, given, given.model.place or {})
        problems = super().check_phase(board, given, phase)  # type: ignore[misc]
        if not problems and phase == MOBILIZE and economies.has_economies(board.setup, power):
            problems = economies.check_placement(board, given, given.model.place or {})
        return problems

    def execute_phase(self, ctx: Context, given: OrdersInput, phase: str) -> None:
        from aa_ref.games.axis_allies.global1940 import china, objectives, research
        from aa_ref.games.axis_allies.rules import economies

        power = given.model.power
        if phase == RESEARCH:
            research.execute_research(ctx, power, given.model.research)
            return
        if phase == PURCHASE and economies.has_economies(ctx.setup, power):
            economies.execute_purchase(ctx, power, given.model.economies or {})
            return
        if phase == MOBILIZE and china.is_china(ctx.setup, power):
            china.execute_placement(ctx, given.model.place or {})
            return
        if phase == MOBILIZE and economies.has_economies(ctx.setup, power):
            economies.execute_placement_economies(ctx, power, given.model.place or {})
        super().execute_phase(ctx, given, phase)  # type: ignore[misc]
        if phase == MOBILIZE and ctx.game.powers[power].units_due:
            objectives.place_objective_units(ctx, power, given.model.objective_units)

    def run_automatic(self, ctx: Context, board: Board, phase: str) -> bool:
        from aa_ref.games.axis_allies.global1940 import china, objectives, research
        from aa_ref.games.axis_allies.rules import economies

        power = ctx.game.power
        if phase == RESEARCH and not research.may_research(board, power):
            return True
        if phase == MOBILIZE and ctx.game.powers[power].units_due:  # France's F1 units [G40 L1795]
            if any(board.owner(o.liberated) == power for o in objectives.units_owed(board, power).values()):
                return False
            objectives.place_objective_units(ctx, power, None)
        if phase == PURCHASE and china.is_china(ctx.setup, power) and not china.placement_sites(board):
            ctx.note("China holds no Chinese territory: it keeps its IPCs but cannot spend them [G40 L435-L437]")
            return True
        if phase in (PURCHASE, MOBILIZE) and economies.has_economies(ctx.setup, power):
            if not economies.any_economy_active(board, power):
                ctx.note(f"{power} skips {phase.replace('_', ' ')}: both its regional capitals are held by the enemy "
                         "[G40 L1689]")
                return True
            if phase == MOBILIZE and not ctx.game.powers[power].purchased:
                return super().run_automatic(ctx, board, phase)  # type: ignore[misc]
            return False
        if phase == MOBILIZE and china.is_china(ctx.setup, power) and not ctx.game.powers[power].purchased:
            return True
        if phase == COLLECT_INCOME:
            self.collect_income(ctx, power)
            return True
        return super().run_automatic(ctx, board, phase)  # type: ignore[misc]

    def collect_income(self, ctx: Context, power: str) -> None:
        """Income per economy with objectives and convoy losses [G40 L1116-L1167]; then the
        victory cities are looked at for the end of the turn [G40 L297-L299]."""
        from aa_ref.games.axis_allies.global1940 import income, victory

        income.collect_income(ctx, power)
        victory.track(ctx)

    def winner_after_turn(self, board: Board, power: str) -> tuple[str, str] | None:
        from aa_ref.games.axis_allies.global1940 import victory

        return victory.winner(board, power)

    def power_status(self, board: Board, power: str) -> dict[str, Any]:
        """Income now (objectives met, before convoy dice), per economy for the UK [G40 L1685]."""
        from aa_ref.games.axis_allies.global1940 import income

        out = AA1941.power_status(self, board, power)
        expected = income.expected(board, power)
        out["income"] = sum(base + sum(b.values()) for base, b in expected.values())
        out["production"] = sum(base for base, _ in expected.values())
        out["objectives"] = [o for _, b in expected.values() for o in b]
        state = board.game.powers[power]
        if state.economies:
            out["economies"] = {e: {"treasury": state.economies[e], "income": base + sum(b.values())}
                                for e, (base, b) in expected.items()}
        out["technologies"] = list(state.technologies)
        return out

    def economy_game_status(self, board: Board) -> dict[str, Any]:
        """Victory cities held per side and map, and since when a side's condition holds."""
        from aa_ref.games.axis_allies.global1940 import victory

        return {"victory_cities": victory.cities_held(board),
                "victory_condition_held_since_round": dict(board.game.victory_held)}
