"""Phase 6, Collect Income [L758-L762]; Anniversary Phase 7 [@102656]-[@103575]."""

from __future__ import annotations

from aa_ref.core.dice import Volley
from aa_ref.core.engine import Context
from aa_ref.games.axis_allies.model.events import Treasury
from aa_ref.games.axis_allies.rules import objectives
from aa_ref.games.axis_allies.rules.board import Board

WAR_BONDS = "war_bonds"
"""The technology that adds a die of IPCs at Collect Income [@57098]."""


def production(board: Board, power: str) -> int:
    """A power's national production: the sum of the values of the territories it controls
    [L660] (the digest's equivalent of moving the production marker)."""
    return sum(space.value for name, space in board.setup.spaces.items() if board.owner(name) == power)


def income(board: Board, power: str) -> int:
    """What the power would collect now: nothing while its capital is enemy-held [L762]."""
    return production(board, power) if board.capital_held(power) else 0


def expected_income(board: Board, power: str) -> tuple[int, dict[str, int]]:
    """(base income, national-objective bonuses met now by id) the power would collect at its
    Collect Income phase; nothing for a power without income [@48131] or while its capital
    is enemy-held [@103009]. War Bonds, a die roll, is not included."""
    if not board.setup.powers[power].collects_income or not board.capital_held(power):
        return 0, {}
    bonuses = {}
    if board.game.options.get("national_objectives") == "on":
        bonuses = {o.id: o.bonus for o in board.setup.national_objectives.get(power, [])
                   if not objectives.unmet(board, power, o)}
    return production(board, power), bonuses


def collect_income(ctx: Context, power: str) -> None:
    board = Board(ctx.setup, ctx.game)
    if not board.capital_held(power):
        ctx.note(f"{power} collects no income: its capital {ctx.setup.capital_of(power)} is held by the enemy [L762]")
        return
    amount = production(board, power)
    if amount:
        ctx.emit(Treasury(power=power, delta=amount, reason="income"))
    ctx.note(f"{power} collects {amount} IPCs")
    if board.has_tech(power, WAR_BONDS):
        war_bonds(ctx, power)


def war_bonds(ctx: Context, power: str) -> None:
    """War Bonds: roll one die and receive that many IPCs more [@57098]; never while the
    capital is enemy-held, when no income of any kind is collected (ruling A22)."""
    die = ctx.roll(f"r{ctx.game.round}/{power}/war bonds", 1,
                   Volley(f"{power}'s War Bonds", (("IPCs = the die", 1),)))[0]
    ctx.emit(Treasury(power=power, delta=die, reason="war bonds"))
    ctx.note(f"{power} collects {die} IPCs from War Bonds [@57098]")
