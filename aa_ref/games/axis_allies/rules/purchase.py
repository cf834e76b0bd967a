"""Phase 1, Purchase Units [L324-L360]; in the Anniversary Edition also repairs of
industrial complexes [@58970]-[@61293].

Prices are the power's own: a technology such as Improved Shipyards lowers them
(`Board.profile`) [@57670]. Repairs are paid in the same step as the units, out of the
same treasury, and take effect at once [@60538], [@61119].
"""

from __future__ import annotations

from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.events import FactoryDamage, Purchased, Treasury
from aa_ref.games.axis_allies.model.setup import UnitCounts
from aa_ref.games.axis_allies.rules import installations
from aa_ref.games.axis_allies.rules.board import Board

RULE = "AA1941 Purchase Units [L344-L360]"
RULE_REPAIR = "Anniversary repairs [@60538]-[@61293]"
FACTORY_PRODUCTION = "increased_factory_production"
"""The technology that halves repair costs [@56950]."""


def purchase_cost(board: Board, power: str, units: UnitCounts) -> int:
    """What the units cost `power`, with its technologies' prices [@57670]."""
    return sum(board.profile(power, u).cost * n for u, n in units.items())


def repair_cost(board: Board, power: str, markers: int) -> int:
    """1 IPC per damage marker [@60775]; with Increased Factory Production two markers per
    IPC [@56950], an odd marker costing a whole IPC (ruling A21)."""
    return (markers + 1) // 2 if board.has_tech(power, FACTORY_PRODUCTION) else markers


def check_purchase(board: Board, given: OrdersInput, units: UnitCounts) -> list[Problem]:
    """Known unit types, whole positive counts, repairs the power may make, and units and
    repairs together within the treasury [L352], [@60580]."""
    problems = []
    named: dict[str, str] = {}
    for unit, n in units.items():
        canonical = board.setup.unit_names.get(unit)
        if canonical is None:
            problems.append(given.problem(board.setup.unit_names.unknown_message(unit), ("purchase", unit)))
        elif canonical in named:
            problems.append(given.problem(f"{canonical} is named twice, as '{named[canonical]}' and '{unit}': "
                                          "give one count", ("purchase", unit)))
        elif n < 0:
            problems.append(given.problem(f"cannot buy a negative number of {unit} ({n})", ("purchase", unit)))
        if canonical is not None:
            named.setdefault(canonical, str(unit))
    repairs, repair_problems = _resolved_repairs(board, given)
    problems += repair_problems
    if problems:
        return problems
    power = given.model.power
    units = normalise(board, units)
    cost = purchase_cost(board, power, units)
    repairing = sum(repair_cost(board, power, n) for n in repairs.values())
    upgrades, upgrade_problems = installations.resolve_upgrades(board, given)  # Global 1940 [G40 L1207]
    if upgrade_problems:
        return upgrade_problems
    repairing += installations.UPGRADE_COST * len(upgrades)
    treasury = board.game.powers[power].treasury
    if cost + repairing > treasury:
        spent = f"{cost + repairing} IPCs ({cost} for units, {repairing} for repairs)" if repairing else f"{cost} IPCs"
        if upgrades:
            spent = spent.replace(" for repairs)", " for repairs and upgrades)")
        problems.append(given.problem(
            f"{power} cannot spend {spent}: the treasury holds {treasury}; "
            "units cost more than the power has", ("purchase",), RULE))
    return problems


def _resolved_repairs(board: Board, given: OrdersInput) -> tuple[dict[str, int], list[Problem]]:
    """Repairs by canonical territory name: only on an industrial complex the power
    controls [@60538] (digest §3.2), never more markers than it carries."""
    power = given.model.power
    if installations.uses_installations(board.setup):  # Global 1940: complexes and bases [G40 L550]
        resolved, problems = installations.resolve_repairs(board, given)
        return {f"{u} in {s}": n for (s, u), n in resolved.items()}, problems
    out: dict[str, int] = {}
    problems: list[Problem] = []
    for text, n in (given.model.repair or {}).items():
        loc = ("repair", text)
        space = board.setup.space_names.get(text)
        if space is None:
            problems.append(given.problem(board.setup.space_names.unknown_message(text), loc))
        elif n < 0:
            problems.append(given.problem(f"cannot repair a negative number of damage markers ({n})", loc))
        elif not n:
            continue
        elif not board.is_land(space) or not board.has_factory(space):
            problems.append(given.problem(f"{space} has no industrial complex to repair", loc, RULE_REPAIR))
        elif board.owner(space) != power:
            problems.append(given.problem(
                f"{power} may repair only industrial complexes it controls; {space} is held by {board.owner(space)}",
                loc, RULE_REPAIR))
        elif n > board.factory_damage(space):
            problems.append(given.problem(
                f"the industrial complex in {space} has {board.factory_damage(space)} damage markers; "
                f"{n} cannot be removed", loc, RULE_REPAIR))
        else:
            out[space] = out.get(space, 0) + n
    return out, problems


def normalise(board: Board, units: UnitCounts) -> UnitCounts:
    """Canonical unit names, zero counts dropped."""
    return {board.setup.unit_names.get(u) or u: n for u, n in units.items() if n}


def execute_purchase(ctx: Context, power: str, units: UnitCounts, repair: dict[str, int] | None = None) -> None:
    """Pay for the units and put them in the mobilization zone [L356-L360], [@60580]; pay for
    the repairs and remove their markers at once [@61119]."""
    board = Board(ctx.setup, ctx.game)
    units = normalise(board, units)
    if installations.uses_installations(ctx.setup):  # Global 1940: complexes and bases [G40 L550]
        repairs = {}
        mine, _ = installations.resolve_repairs(board, _RepairOrders(power, repair))
    else:
        repairs = {ctx.setup.space_names.get(s): n for s, n in (repair or {}).items() if n}
        mine = {}
    if not units and not repairs and not mine:
        ctx.note(f"{power} buys nothing")
        return
    if units:
        cost = purchase_cost(board, power, units)
        ctx.emit(Treasury(power=power, delta=-cost, reason="purchase"))
        ctx.emit(Purchased(power=power, units=units))
        listing = ", ".join(f"{n} {u}" for u, n in units.items())
        ctx.note(f"{power} buys {listing} for {cost} IPCs")
    installations.execute_repairs(ctx, power, mine, lambda markers: repair_cost(board, power, markers))
    for space, markers in repairs.items():
        cost = repair_cost(board, power, markers)
        ctx.emit(Treasury(power=power, delta=-cost, reason=f"repair of the industrial complex in {space}"))
        ctx.emit(FactoryDamage(space=space, delta=-markers, reason="repair"))
        ctx.note(f"{power} repairs {markers} damage marker(s) on the industrial complex in {space} for {cost} IPCs")


class _RepairOrders:
    """The repairs of legal orders, in the shape `installations.resolve_repairs` reads."""

    def __init__(self, power: str, repair: dict[str, int] | None) -> None:
        self.model = self
        self.power = power
        self.repair = repair

    def problem(self, *args, **kwargs):  # never called: the orders were checked
        raise AssertionError(args)
