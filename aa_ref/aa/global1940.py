"""The Axis & Allies Global 1940 (2nd Edition, Alpha 3+) ruleset, on the shared A&A engine.

Citations `[G40 Lnnn]` are lines of the rulebook `shared/seeds/000_f34e5ec93fbfbe5a.txt`, as
the digest `shared/rules/global1940.md` cites them. It extends the Anniversary Edition's
hooks (research, repairs, unplaced units that wait); what differs lives in the setup (nine
powers, the war matrix `wars_at_start`, neutrals with alignments and armies, installations,
the UK's two economies) and in the hooks and modules below.

The edition is being built in parts (README, "Rules coverage: Global 1940"): until every
part that acts on its own (income, convoys, objectives, victory) exists, `aa-ref new`
refuses a Global 1940 game, and orders for a part not yet written are refused by name.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from aa_ref.aa import g40_china, g40_economy, g40_income, g40_objectives, g40_research, g40_victory
from aa_ref.aa.anniversary import Anniversary
from aa_ref.aa.board import Board
from aa_ref.aa.global1940_citations import cite, cite_note
from aa_ref.aa.ruleset import AA1941, COLLECT_INCOME, MOBILIZE, PURCHASE, RESEARCH
from aa_ref.engine import Context, OrdersInput
from aa_ref.errors import Problem
from aa_ref.events import Note, SetPending
from aa_ref.setup import Setup
from aa_ref.state import Game


class Global1940(Anniversary):
    """Axis & Allies Global 1940, 2nd Edition, Alpha 3+ setup [shared/seeds/000_f34e5ec93fbfbe5a.txt]."""

    id: ClassVar[str] = "global1940"

    def options(self) -> dict[str, list[str]]:
        """Research & Development is optional [G40 L1799]."""
        return {"research": ["off", "on"]}

    def new_game(self, setup: Setup, variant: str | None, options: dict[str, str], seed: str, log_file: str) -> Game:
        """The first power starts with research when that optional rule is on [G40 L1799], else
        with its purchase; the war matrix starts as the setup gives it [G40 L305]."""
        game = super().new_game(setup, variant, options, seed, log_file)
        if options.get("research") != "on":
            game.phase = PURCHASE
        for name, power in setup.powers.items():  # the UK's two treasuries [G40 L1658]
            if power.economies:
                game.powers[name].economies = {e: eco.treasury for e, eco in power.economies.items()}
        return game

    # Global 1940 cites its own rulebook, not the Anniversary's: check and adjudicate wrap
    # the shared 1941 engine's directly and map its citations.
    def check(self, setup: Setup, game: Game, given: OrdersInput) -> list[Problem]:
        """The shared checks, each problem citing this edition's rulebook."""
        return [replace(p, rule=cite(p.rule)) for p in AA1941.check(self, setup, game, given)]

    def adjudicate(self, ctx: Context, given: OrdersInput) -> None:
        """The shared adjudication, its narrative citing this edition's rulebook."""
        AA1941.adjudicate(self, ctx, given)
        g40_objectives.after_adjudication(ctx, list(ctx.events))  # economy: objectives paid at a liberation
        g40_china.remove_retaken_complexes(ctx, list(ctx.events))  # economy: Japanese complexes in China
        ctx.events[:] = [_cite_event(e) for e in ctx.events]
        for decision in ctx.game.pending:
            decision.detail = cite_note(decision.detail)

    def game_status(self, board: Any) -> dict[str, Any]:
        """Who is at war with whom [G40 L305]."""
        out = {"at_war": [" - ".join(pair) for pair in board.game.at_war]}
        out.update(self.economy_game_status(board))  # economy, victory
        return out

    # --- economy, objectives, China, capitals, victory, research (aa_ref/aa/g40_*.py) -----------
    sections: ClassVar[dict[str, tuple[str, ...]]] = {
        **Anniversary.sections, PURCHASE: ("purchase", "repair", "economies"),
        MOBILIZE: ("place", "objective_units"),
    }
    """The UK orders each economy's purchase and repairs under `economies` [G40 L1673]; France
    places the units of its objective F1 under `objective_units` [G40 L1795]."""

    def check_phase(self, board: Board, given: OrdersInput, phase: str) -> list[Problem]:
        power = given.model.power
        if phase == RESEARCH:
            return g40_research.check_research(board, given)
        if phase == PURCHASE and g40_economy.has_economies(board.setup, power):
            return g40_economy.check_purchase(board, given)
        if given.model.economies:
            return [given.problem(f"{power} has one treasury: write 'purchase' and 'repair', not 'economies'",
                                  ("economies",), "G40 L1673")]
        if phase == PURCHASE and g40_china.is_china(board.setup, power):
            return g40_china.check_purchase(board, given) or super().check_phase(board, given, phase)
        if phase == MOBILIZE and given.model.objective_units:
            problems = g40_objectives.check_objective_units(board, given)
            if problems:
                return problems
        if phase == MOBILIZE and g40_china.is_china(board.setup, power):
            return g40_china.check_placement(board, given, given.model.place or {})
        problems = super().check_phase(board, given, phase)
        if not problems and phase == MOBILIZE and g40_economy.has_economies(board.setup, power):
            problems = g40_economy.check_placement(board, given, given.model.place or {})
        return problems

    def execute_phase(self, ctx: Context, given: OrdersInput, phase: str) -> None:
        power = given.model.power
        if phase == RESEARCH:
            g40_research.execute_research(ctx, power, given.model.research)
            return
        if phase == PURCHASE and g40_economy.has_economies(ctx.setup, power):
            g40_economy.execute_purchase(ctx, power, given.model.economies or {})
            return
        if phase == MOBILIZE and g40_china.is_china(ctx.setup, power):
            g40_china.execute_placement(ctx, given.model.place or {})
            return
        if phase == MOBILIZE and g40_economy.has_economies(ctx.setup, power):
            g40_economy.execute_placement_economies(ctx, power, given.model.place or {})
        super().execute_phase(ctx, given, phase)
        if phase == MOBILIZE and ctx.game.powers[power].units_due:
            g40_objectives.place_objective_units(ctx, power, given.model.objective_units)

    def run_automatic(self, ctx: Context, board: Board, phase: str) -> bool:
        power = ctx.game.power
        if phase == RESEARCH and not g40_research.may_research(board, power):
            return True
        if phase == MOBILIZE and ctx.game.powers[power].units_due:  # France's F1 units [G40 L1795]
            if any(board.owner(o.liberated) == power for o in g40_objectives.units_owed(board, power).values()):
                return False
            g40_objectives.place_objective_units(ctx, power, None)
        if phase == PURCHASE and g40_china.is_china(ctx.setup, power) and not g40_china.placement_sites(board):
            ctx.note("China holds no Chinese territory: it keeps its IPCs but cannot spend them [G40 L435-L437]")
            return True
        if phase in (PURCHASE, MOBILIZE) and g40_economy.has_economies(ctx.setup, power):
            if not g40_economy.any_economy_active(board, power):
                ctx.note(f"{power} skips {phase.replace('_', ' ')}: both its regional capitals are held by the enemy "
                         "[G40 L1689]")
                return True
            if phase == MOBILIZE and not ctx.game.powers[power].purchased:
                return super().run_automatic(ctx, board, phase)
            return False
        if phase == MOBILIZE and g40_china.is_china(ctx.setup, power) and not ctx.game.powers[power].purchased:
            return True
        if phase == COLLECT_INCOME:
            self.collect_income(ctx, power)
            return True
        return super().run_automatic(ctx, board, phase)

    def collect_income(self, ctx: Context, power: str) -> None:
        """Income per economy with objectives and convoy losses [G40 L1116-L1167]; then the
        victory cities are looked at for the end of the turn [G40 L297-L299]."""
        g40_income.collect_income(ctx, power)
        g40_victory.track(ctx)

    def winner_after_turn(self, board: Board, power: str) -> tuple[str, str] | None:
        return g40_victory.winner(board, power)

    def power_status(self, board: Board, power: str) -> dict[str, Any]:
        """Income now (objectives met, before convoy dice), per economy for the UK [G40 L1685]."""
        out = AA1941.power_status(self, board, power)
        expected = g40_income.expected(board, power)
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
        return {"victory_cities": g40_victory.cities_held(board),
                "victory_condition_held_since_round": dict(board.game.victory_held)}
    # --- end economy ---------------------------------------------------------------------------


def _cite_event(event: Any) -> Any:
    """A narrative note or a decision's explanation citing the Global 1940 rulebook."""
    if isinstance(event, Note):
        return Note(text=cite_note(event.text))
    if isinstance(event, SetPending):
        return SetPending(pending=[d.model_copy(update={"detail": cite_note(d.detail)}) for d in event.pending])
    return event
