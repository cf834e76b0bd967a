"""Global 1940: a power with separate economies, the United Kingdom [G40 L1654-L1693].

The setup gives the power's `economies` (each with its regional capital and starting
treasury) and each of its territories' `economy`. In a game, `PowerState.economies` holds
each economy's treasury and `PowerState.treasury` their sum (every `Treasury` event names
the economy it changes); `PowerState.purchased_by` says which economy bought which units.

- Each economy buys and repairs on its own (orders `economies: {Europe: {purchase: ...,
  repair: ...}, Pacific: {...}}`) [G40 L1673], research may be paid by either [G40 L1669].
- Each places what it bought with its own industrial complexes [G40 L1681].
- Each collects its own income, objectives and convoy losses [G40 L1685].
- An economy whose regional capital is held by the enemy collects nothing, repairs nothing
  and spends nothing; its captor plunders only that economy's IPCs [G40 L1689]. IPCs the UK
  plunders from Rome or Berlin go to Europe, from Tokyo to Pacific, and are lost to everyone
  while that economy's capital is held by the enemy [G40 L1693].

A territory the power did not start with carries no `economy` (it is another power's on
the map): it is counted in the economy of the nearest territory, over land, that names one
(ruling E1 in docs/global1940-rulings.md).
"""

from __future__ import annotations

from collections import deque

from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.events import InstallationDamage, Purchased, Treasury
from aa_ref.games.axis_allies.model.setup import Setup, UnitCounts
from aa_ref.games.axis_allies.rules import installations, purchase
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.mobilize import eligible_complexes
from aa_ref.games.axis_allies.rules.politics import NORTH_AMERICA
from aa_ref.games.axis_allies.rules.purchase import purchase_cost, repair_cost

RULE_PURCHASE = "G40 L1673"
RULE_CAPITAL = "G40 L1689"
RULE_PLACE = "G40 L1681"
PLUNDER_ECONOMY = {"Germany": "Europe", "Southern Italy": "Europe", "Japan": "Pacific"}
"""Where the UK's plunder of an Axis capital goes: Rome and Berlin to Europe, Tokyo to Pacific [G40 L1693]."""


def has_economies(setup: Setup, power: str) -> bool:
    return bool(setup.powers[power].economies)


def economy_of(setup: Setup, power: str, territory: str) -> str | None:
    """The economy of `power` that collects `territory`: its `economy`; else the economy named
    after the map it lies on (North American territories on the Pacific map: Europe)
    [G40 L1658-L1665]; else (a border territory, a setup without maps) that of the nearest
    territory over land that names one (ruling E1); None for a power with one economy."""
    economies = setup.powers[power].economies
    if not economies:
        return None
    named = setup.spaces[territory].economy
    if named in economies:
        return named
    by_map = {name.lower(): name for name in economies}
    where = setup.spaces[territory].map
    if where in by_map:
        if where == "pacific" and territory in NORTH_AMERICA and "europe" in by_map:
            return by_map["europe"]  # [G40 L1665]
        return by_map[where]
    seen = {territory}
    queue = deque([territory])
    while queue:
        ring = sorted(queue)
        queue.clear()
        found = sorted({setup.spaces[s].economy for s in ring if setup.spaces[s].economy in economies},
                       key=list(economies).index)
        if found:
            return found[0]
        for here in ring:
            for there in setup.spaces[here].adjacent:
                if there not in seen and setup.spaces[there].kind == "land":
                    seen.add(there)
                    queue.append(there)
    return next(iter(economies))


def economy_capital_held(board: Board, power: str, economy: str) -> bool:
    """The economy's regional capital is held by the power's side [G40 L1689]."""
    capital = board.setup.powers[power].economies[economy].capital
    owner = board.owner(capital)
    return owner is not None and board.allied(power, owner)


def any_economy_active(board: Board, power: str) -> bool:
    """A power with economies keeps buying while one regional capital is its side's [G40 L1689]."""
    return any(economy_capital_held(board, power, e) for e in board.setup.powers[power].economies)


def regional_capitals(setup: Setup) -> dict[str, tuple[str, str]]:
    """Regional capital territory -> (power, economy)."""
    return {eco.capital: (power, name) for power, p in setup.powers.items() for name, eco in p.economies.items()}


# --- purchase and repair --------------------------------------------------------
def check_purchase(board: Board, given: OrdersInput) -> list[Problem]:
    """A power with economies orders each economy's purchase and repairs apart, each within its
    own treasury [G40 L1673], never for an economy whose capital the enemy holds [G40 L1689]."""
    model = given.model
    power = model.power
    economies = board.setup.powers[power].economies
    if model.purchase or model.repair:
        names = " and ".join(economies)
        return [given.problem(
            f"{power} has two economies that buy and repair separately: write the orders under "
            f"'economies:', one entry for each of {names} (e.g. economies: {{{next(iter(economies))}: "
            "{purchase: {infantry: 2}}}})", ("purchase",) if model.purchase else ("repair",), RULE_PURCHASE)]
    problems: list[Problem] = []
    for name, orders in (model.economies or {}).items():
        loc = ("economies", name)
        if name not in economies:
            problems.append(given.problem(
                f"{power} has no economy '{name}'; its economies are {', '.join(economies)}", loc, RULE_PURCHASE))
            continue
        if (orders.purchase or orders.repair) and not economy_capital_held(board, power, name):
            capital = economies[name].capital
            problems.append(given.problem(
                f"{power}'s {name} economy may not buy or repair: its regional capital {capital} is held by "
                f"{board.owner(capital)}", loc, RULE_CAPITAL))
            continue
        sub = _economy_view(given, orders)
        found = purchase.check_purchase(board, sub, orders.purchase or {})
        for p in found:
            if "the treasury holds" in p.message:
                continue
            problems.append(p)
        if found:
            continue
        units = purchase.normalise(board, orders.purchase or {})
        cost = purchase_cost(board, power, units)
        repairing = sum(repair_cost(board, power, n) for n in (orders.repair or {}).values())
        for space in (orders.repair or {}):
            where = board.setup.space_names.get(space.rpartition(" in ")[2] or space)
            if where and economy_of(board.setup, power, where) != name:
                problems.append(given.problem(
                    f"{where} belongs to {power}'s {economy_of(board.setup, power, where)} economy: the {name} "
                    "economy repairs only in its own area", (*loc, "repair", space), RULE_PURCHASE))
        held = board.game.powers[power].economies.get(name, 0)
        if cost + repairing > held:
            problems.append(given.problem(
                f"{power}'s {name} economy cannot spend {cost + repairing} IPCs: its treasury holds {held} "
                "(each economy pays from its own treasury)", loc, RULE_PURCHASE))
    return problems


class _View:
    """An orders input seen as one economy's plain purchase orders (for the shared checks)."""

    def __init__(self, given: OrdersInput, orders) -> None:
        self._given = given
        self.model = given.model.model_copy(update={"purchase": orders.purchase, "repair": orders.repair,
                                                   "economies": None})

    def problem(self, message, loc=(), rule=None):
        return self._given.problem(message, loc, rule)


def _economy_view(given: OrdersInput, orders) -> OrdersInput:
    return _View(given, orders)  # type: ignore[return-value]


def execute_purchase(ctx: Context, power: str, economies: dict) -> None:
    """Each economy pays for its own units and repairs [G40 L1673]."""
    board = Board(ctx.setup, ctx.game)
    if not any((o.purchase or o.repair) for o in (economies or {}).values()):
        ctx.note(f"{power} buys nothing")
        return
    for name, orders in economies.items():
        units = purchase.normalise(board, orders.purchase or {})
        if units:
            cost = purchase_cost(board, power, units)
            ctx.emit(Treasury(power=power, delta=-cost, reason="purchase", economy=name))
            ctx.emit(Purchased(power=power, units=units, economy=name))
            listing = ", ".join(f"{n} {u}" for u, n in units.items())
            ctx.note(f"{power} ({name}) buys {listing} for {cost} IPCs [G40 L1673]")
        # Global 1940 damage lives on the installations (SpaceState.installations), read as the
        # single-treasury repairs are [G40 L550]: a territory or '<installation> in <territory>'.
        repairs, _ = installations.resolve_repairs(board, purchase._RepairOrders(power, orders.repair))
        for (space, unit), markers in repairs.items():
            cost = repair_cost(board, power, markers)
            what = unit.replace("_", " ")
            ctx.emit(Treasury(power=power, delta=-cost, reason=f"repair of the {what} in {space}", economy=name))
            ctx.emit(InstallationDamage(space=space, installation=unit, delta=-markers, reason="repair"))
            ctx.note(f"{power} ({name}) repairs {markers} damage marker(s) on the {what} in {space} for {cost} IPCs "
                     "[G40 L1673]")


# --- placement --------------------------------------------------------------------
def placement_economy(board: Board, power: str, space: str) -> list[str]:
    """The economies whose complexes could place in `space`: a territory's own, or those of the
    complexes next to a sea zone."""
    if board.is_land(space):
        return [economy_of(board.setup, power, space)]
    return sorted({economy_of(board.setup, power, ic) for ic in eligible_complexes(board, power)
                   if board.adjacent(ic, space)})


def split_placement(board: Board, power: str, place: dict[str, UnitCounts]) -> tuple[dict[str, dict[str, UnitCounts]], list[str]]:
    """The placement split by economy: each unit goes to the economy of its complex and must be
    among what that economy bought [G40 L1681]. A sea zone beside complexes of both economies
    takes from the first that has the unit left. Returns the split and the faults in words."""
    left = {e: dict(u) for e, u in board.game.powers[power].purchased_by.items()}
    split: dict[str, dict[str, UnitCounts]] = {}
    faults = []
    for space, units in place.items():
        choices = placement_economy(board, power, space)
        for unit, n in units.items():
            for _ in range(n):
                eco = next((e for e in choices if left.get(e, {}).get(unit, 0) > 0), None)
                if eco is None:
                    owners = " or ".join(choices) or "no"
                    faults.append(f"{unit} placed in {space} must have been bought by the {owners} economy, "
                                  f"whose complexes place there; it has no {unit} left to place")
                    break
                left[eco][unit] -= 1
                split.setdefault(eco, {}).setdefault(space, {})
                split[eco][space][unit] = split[eco][space].get(unit, 0) + 1
    return split, faults


def check_placement(board: Board, given: OrdersInput, place: dict[str, UnitCounts]) -> list[Problem]:
    """Each economy places what it bought with its own complexes [G40 L1681]."""
    power = given.model.power
    resolved = {}
    for space_text, units in place.items():
        space = board.setup.space_names.get(space_text)
        for unit_text, n in units.items():
            unit = board.setup.unit_names.get(unit_text)
            if space and unit and n > 0:
                resolved.setdefault(space, {})[unit] = resolved.get(space, {}).get(unit, 0) + n
    _, faults = split_placement(board, power, resolved)
    return [given.problem(f, ("place",), RULE_PLACE) for f in faults]


def execute_placement_economies(ctx: Context, power: str, place: dict[str, UnitCounts]) -> None:
    """Take the placed units out of each economy's pool (the shared placement then places them)."""
    board = Board(ctx.setup, ctx.game)
    resolved = {}
    for space_text, units in place.items():
        space = ctx.setup.space_names.get(space_text)
        for unit_text, n in units.items():
            unit = ctx.setup.unit_names.get(unit_text)
            if n:
                resolved.setdefault(space, {})[unit] = resolved.get(space, {}).get(unit, 0) + n
    split, _ = split_placement(board, power, resolved)
    for eco, by_space in split.items():
        total: UnitCounts = {}
        for units in by_space.values():
            for u, n in units.items():
                total[u] = total.get(u, 0) + n
        # the economy's pool shrinks here (the first event also takes the units out of `purchased`, the
        # second puts them back): the shared placement's own Purchased, naming no economy, then changes
        # `purchased` only
        ctx.emit(Purchased(power=power, units={u: -n for u, n in total.items()}, economy=eco))
        ctx.emit(Purchased(power=power, units=total))


# --- plunder ----------------------------------------------------------------------
def plunder(ctx: Context, captor: str, victim: str, capital: str) -> None:
    """A capital taken where a power has separate economies: a regional capital yields only its
    economy's IPCs [G40 L1689]; the UK's plunder of Rome or Berlin goes to Europe, of Tokyo to
    Pacific, and is lost to everyone while that economy's capital is the enemy's [G40 L1693]."""
    board = Board(ctx.setup, ctx.game)
    victim_economy = regional_capitals(ctx.setup).get(capital, (None, None))[1] \
        if ctx.setup.powers[victim].economies else None
    if victim_economy:
        taken = ctx.game.powers[victim].economies.get(victim_economy, 0)
    else:
        taken = ctx.game.powers[victim].treasury
    if taken:
        ctx.emit(Treasury(power=victim, delta=-taken, reason=f"capital {capital} captured by {captor}",
                          economy=victim_economy))
    whose = f"{victim}'s {victim_economy} economy" if victim_economy else victim
    economies = ctx.setup.powers[captor].economies
    if not economies:
        if taken:
            ctx.emit(Treasury(power=captor, delta=taken, reason=f"plunder of {capital}"))
        ctx.note(f"{captor} takes {capital} and plunders {taken} IPCs from {whose} [G40 L1041], [G40 L1689]")
        return
    to = PLUNDER_ECONOMY.get(capital) or economy_of(ctx.setup, captor, capital)
    if not economy_capital_held(board, captor, to):
        ctx.note(f"{captor} takes {capital}; the {taken} IPCs of {whose} would go to its {to} economy, whose "
                 f"capital is held by the enemy: they are lost to everyone [G40 L1693]")
        return
    if taken:
        ctx.emit(Treasury(power=captor, delta=taken, reason=f"plunder of {capital}", economy=to))
    ctx.note(f"{captor} takes {capital} and plunders {taken} IPCs from {whose} into its {to} economy [G40 L1693]")
