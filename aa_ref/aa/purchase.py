"""Phase 1, Purchase Units [L324-L360]."""

from __future__ import annotations

from aa_ref.aa.board import Board
from aa_ref.engine import Context, OrdersInput
from aa_ref.errors import Problem
from aa_ref.events import Purchased, Treasury
from aa_ref.setup import UnitCounts

RULE = "AA1941 Purchase Units [L344-L360]"


def purchase_cost(board: Board, units: UnitCounts) -> int:
    return sum(board.unit(u).cost * n for u, n in units.items())


def check_purchase(board: Board, given: OrdersInput, units: UnitCounts) -> list[Problem]:
    """Known unit types, whole positive counts, total cost within the treasury [L352]."""
    problems = []
    for unit, n in units.items():
        if unit not in board.setup.unit_types:
            problems.append(given.problem(board.setup.unit_names.unknown_message(unit), ("purchase", unit)))
        elif n < 0:
            problems.append(given.problem(f"cannot buy a negative number of {unit} ({n})", ("purchase", unit)))
    if problems:
        return problems
    power = given.model.power
    cost = purchase_cost(board, units)
    treasury = board.game.powers[power].treasury
    if cost > treasury:
        problems.append(given.problem(
            f"{power} cannot spend {cost} IPCs: the treasury holds {treasury}; "
            "units cost more than the power has", ("purchase",), RULE))
    return problems


def normalise(board: Board, units: UnitCounts) -> UnitCounts:
    """Canonical unit names, zero counts dropped."""
    return {board.setup.unit_names.get(u) or u: n for u, n in units.items() if n}


def execute_purchase(ctx: Context, power: str, units: UnitCounts) -> None:
    """Pay for the units and put them in the mobilization zone [L356-L360]."""
    board = Board(ctx.setup, ctx.game)
    units = normalise(board, units)
    cost = purchase_cost(board, units)
    if not units:
        ctx.note(f"{power} buys nothing")
        return
    ctx.emit(Treasury(power=power, delta=-cost, reason="purchase"))
    ctx.emit(Purchased(power=power, units=units))
    listing = ", ".join(f"{n} {u}" for u, n in units.items())
    ctx.note(f"{power} buys {listing} for {cost} IPCs")
