"""The Global 1940 ruleset hooks for installations, bases, scramble and kamikaze.

A mixin of `Global1940` (aa_ref/games/axis_allies/global1940/ruleset.py), kept apart so that the edition's other
parts add their hooks without touching these: each hook does its part and calls the next
class's. Citations `[G40 Lnnn]` are lines of `shared/seeds/000_f34e5ec93fbfbe5a.txt`.
"""

from __future__ import annotations

from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.ruleset import COLLECT_INCOME, COMBAT_MOVE, PURCHASE


class InstallationRules:
    """Installations [G40 L1173-L1248], bases, scramble [G40 L692-L708] and kamikaze [G40 L779-L789]."""

    def new_game(self, setup, variant, options, seed, log_file):  # type: ignore[no-untyped-def]
        """The setup's installations stand in the game from the start [G40 L1875-L2046]."""
        from aa_ref.games.axis_allies.global1940 import kamikaze
        from aa_ref.games.axis_allies.rules import installations

        game = super().new_game(setup, variant, options, seed, log_file)  # type: ignore[misc]
        installations.seed(setup, game)
        kamikaze.seed(game)  # Japan's 6 attacks for the game [G40 L781]
        return game

    def check_phase(self, board: Board, given: OrdersInput, phase: str) -> list[Problem]:
        from aa_ref.games.axis_allies.rules import purchase

        model = given.model
        if phase == PURCHASE and model.upgrade and not (model.purchase or model.repair):
            return purchase.check_purchase(board, given, {})
        return super().check_phase(board, given, phase)  # type: ignore[misc]

    def execute_phase(self, ctx: Context, given: OrdersInput, phase: str) -> None:
        from aa_ref.games.axis_allies.rules import bases, installations

        model = given.model
        super().execute_phase(ctx, given, phase)  # type: ignore[misc]
        if phase == COMBAT_MOVE:
            _before_battles(ctx, scramble_first=True)
        if phase == PURCHASE:
            board = Board(ctx.setup, ctx.game)
            upgrades, _ = installations.resolve_upgrades(board, given)
            installations.start_upgrades(ctx, model.power, upgrades)
            # Capital ships at an operational naval base are repaired free, even at a base repaired
            # in this same phase [G40 L552], [G40 L1247].
            bases.repair_ships(ctx, model.power)

    def run_automatic(self, ctx: Context, board: Board, phase: str) -> bool:
        from aa_ref.games.axis_allies.rules import installations

        power = ctx.game.power
        if phase == COLLECT_INCOME:
            installations.finish_upgrades(ctx, power)  # at the end of the Mobilize phase [G40 L1102]
        return super().run_automatic(ctx, Board(ctx.setup, ctx.game), phase)  # type: ignore[misc]

    def check_decision(self, board: Board, given: OrdersInput) -> list[Problem]:
        """Scramble and kamikaze decisions [G40 L692-L708], [G40 L779-L789]; the others as before."""
        from aa_ref.games.axis_allies.global1940 import kamikaze
        from aa_ref.games.axis_allies.rules import scramble

        decision = next(d for d in board.game.pending if d.power == given.model.power)
        if decision.kind in ("scramble", "kamikaze"):
            other = "kamikaze" if decision.kind == "scramble" else "scramble"
            extra = [name for name in ("casualties", "retreat", "submerge", "land_at", other)
                     if getattr(given.model, name) is not None]
            if extra:
                return [given.problem(f"'{extra[0]}' does not answer a {decision.kind} decision; give "
                                      f"'{decision.kind}'", (extra[0],))]
            if decision.kind == "scramble":
                return scramble.check_answer(board, given, decision)
            return kamikaze.check_answer(board, given)
        return super().check_decision(board, given)  # type: ignore[misc]

    def answer_decision(self, ctx: Context, given: OrdersInput) -> None:
        from aa_ref.games.axis_allies.global1940 import kamikaze
        from aa_ref.games.axis_allies.model.events import SetPending
        from aa_ref.games.axis_allies.rules import scramble

        decision = next(d for d in ctx.game.pending if d.power == given.model.power)
        if decision.kind not in ("scramble", "kamikaze"):
            super().answer_decision(ctx, given)  # type: ignore[misc]
            return
        ctx.emit(SetPending(pending=[d for d in ctx.game.pending if d is not decision]))
        if decision.kind == "scramble":
            scramble.answer(ctx, given)
            if not ctx.game.pending:
                _before_battles(ctx, scramble_first=False)
        else:
            kamikaze.answer(ctx, given)


def _before_battles(ctx: Context, scramble_first: bool) -> None:
    """Between the Combat Move and the first battle: the defender's scrambles, declared at the
    end of the Combat Move [G40 L696], then Japan's kamikaze attacks, at the start of the
    Conduct Combat phase before any attack [G40 L781], [G40 L785] (digest §9 #3)."""
    from aa_ref.games.axis_allies.global1940 import kamikaze
    from aa_ref.games.axis_allies.model.events import SetPending
    from aa_ref.games.axis_allies.rules import scramble

    pending = scramble.decide(ctx) if scramble_first else []
    if not pending:
        pending = kamikaze.decide(ctx)
    if pending:
        ctx.emit(SetPending(pending=pending))
