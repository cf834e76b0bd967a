"""Phase 6, Collect Income [L758-L762]."""

from __future__ import annotations

from aa_ref.aa.board import Board
from aa_ref.engine import Context
from aa_ref.events import Treasury


def production(board: Board, power: str) -> int:
    """A power's national production: the sum of the values of the territories it controls
    [L660] (the digest's equivalent of moving the production marker)."""
    return sum(space.value for name, space in board.setup.spaces.items() if board.owner(name) == power)


def income(board: Board, power: str) -> int:
    """What the power would collect now: nothing while its capital is enemy-held [L762]."""
    return production(board, power) if board.capital_held(power) else 0


def collect_income(ctx: Context, power: str) -> None:
    board = Board(ctx.setup, ctx.game)
    if not board.capital_held(power):
        ctx.note(f"{power} collects no income: its capital {ctx.setup.capital_of(power)} is held by the enemy [L762]")
        return
    amount = production(board, power)
    if amount:
        ctx.emit(Treasury(power=power, delta=amount, reason="income"))
    ctx.note(f"{power} collects {amount} IPCs")
