"""Phase 5, Mobilize New Units [L738-L756, L871].

Units bought this turn are placed at industrial complexes the power has controlled since
the start of its turn [L742, L662]: land units and bombers in the IC's territory, ships
in sea zones next to it (hostile ones too, with no combat), fighters in the territory or
on one of the power's carriers next to it [L748-L752]. Each IC places at most as many
units as its territory's IPC value, counting the sea zones beside it [L744]. Units that
cannot be placed for lack of capacity are refunded [L756]; PROPOSED (digest §9 #24):
placing every unit that can be placed is compulsory. After the phase, fighters at sea
without room on a carrier are lost [L871].
"""

from __future__ import annotations

from aa_ref.aa.board import Board, add_counts, total
from aa_ref.engine import Context, OrdersInput
from aa_ref.errors import Problem
from aa_ref.events import AddUnits, Purchased, RemoveUnits, Treasury
from aa_ref.setup import UnitCounts
from aa_ref.state import Force

RULE_SITE = "AA1941 Mobilize [L742, L748-L752]"
RULE_CAPACITY = "AA1941 production limit [L744]"
CARRIER_ROOM = 2  # fighters a carrier holds [L860, L915]


def eligible_complexes(board: Board, power: str) -> list[str]:
    """ICs the power may use: its own since the start of the turn, not captured this turn [L742, L662]."""
    return [
        name for name, space in board.setup.spaces.items()
        if board.has_factory(name) and board.owner(name) == power and name not in board.game.turn.captured
    ]


def placement_sites(board: Board, power: str, unit: str, space: str) -> list[str]:
    """The ICs that could supply `unit` placed in `space` (empty: not a legal site)."""
    complexes = eligible_complexes(board, power)
    domain = board.domain(unit)
    if board.is_land(space):
        if domain == "sea":
            return []
        return [space] if space in complexes else []
    if domain == "land" or unit == "bomber":
        return []  # land units and bombers only in the IC's territory, never onto transports [L750]
    return [ic for ic in complexes if board.adjacent(ic, space)]


def _fits_capacity(board: Board, power: str, place: dict[str, UnitCounts]) -> bool:
    """True if every placed unit can be charged to an adjacent IC within its capacity [L744].

    PROPOSED: a sea zone next to two ICs may draw on either; we check that some split
    exists (a small max-flow), rather than making the player name the IC.
    """
    capacity = {ic: board.value(ic) for ic in eligible_complexes(board, power)}
    demands = []
    for space, units in place.items():
        for unit, n in units.items():
            demands.append((placement_sites(board, power, unit, space), n))
    # Each demand of n units needs n unit-slots from its sites: bipartite b-matching by augmenting paths.
    load = {ic: 0 for ic in capacity}
    assigned: list[dict[str, int]] = [dict() for _ in demands]
    for d, (sites, n) in enumerate(demands):
        for _ in range(n):
            if not _augment(d, sites, demands, assigned, load, capacity, set()):
                return False
    return True


def _augment(d, sites, demands, assigned, load, capacity, seen) -> bool:
    for ic in sites:
        if ic in seen:
            continue
        seen.add(ic)
        if load[ic] < capacity[ic]:
            load[ic] += 1
            assigned[d][ic] = assigned[d].get(ic, 0) + 1
            return True
        for other, chosen in enumerate(assigned):
            if chosen.get(ic):
                if _augment(other, [s for s in demands[other][0] if s != ic], demands, assigned, load, capacity, seen):
                    chosen[ic] -= 1
                    assigned[d][ic] = assigned[d].get(ic, 0) + 1
                    return True
    return False


def _carrier_room_ok(board: Board, power: str, place: dict[str, UnitCounts]) -> list[str]:
    """New fighters at sea need room on the power's own carriers there, old or new [L752]."""
    full = []
    for space, units in place.items():
        if not board.is_sea(space) or not units.get("fighter"):
            continue
        carriers = board.units(space, [power]).get("carrier", 0) + units.get("carrier", 0)
        fighters = board.units(space, [power]).get("fighter", 0) + units["fighter"]
        if fighters > CARRIER_ROOM * carriers:
            full.append(space)
    return full


def _resolved(board: Board, given: OrdersInput, place: dict[str, UnitCounts]) -> tuple[dict[str, UnitCounts], list[Problem]]:
    problems: list[Problem] = []
    out: dict[str, UnitCounts] = {}
    for space_text, units in place.items():
        space = board.setup.space_names.get(space_text)
        if space is None:
            problems.append(given.problem(board.setup.space_names.unknown_message(space_text), ("place", space_text)))
            continue
        for unit_text, n in units.items():
            unit = board.setup.unit_names.get(unit_text)
            if unit is None:
                problems.append(given.problem(board.setup.unit_names.unknown_message(unit_text), ("place", space_text, unit_text)))
            elif n < 0:
                problems.append(given.problem(f"cannot place a negative number of {unit}", ("place", space_text, unit_text)))
            elif n:
                out.setdefault(space, {})
                out[space][unit] = out[space].get(unit, 0) + n
    return out, problems


def check_placement(board: Board, given: OrdersInput, place: dict[str, UnitCounts]) -> list[Problem]:
    power = given.model.power
    place, problems = _resolved(board, given, place)
    if problems:
        return problems
    bought = board.game.powers[power].purchased
    placed = {}
    for units in place.values():
        placed = add_counts(placed, units)
    for unit, n in placed.items():
        if n > bought.get(unit, 0):
            problems.append(given.problem(
                f"{power} places {n} {unit} but bought {bought.get(unit, 0)} this turn", ("place",), "AA1941 [L738-L740]"))
    for space, units in place.items():
        for unit in units:
            if not placement_sites(board, power, unit, space):
                where = "a sea zone next to" if board.is_sea(space) else "the territory of"
                problems.append(given.problem(
                    f"{unit} cannot be placed in {space}: new units go to {where} an industrial complex "
                    f"{power} has controlled since the start of its turn", ("place", space), RULE_SITE))
    if problems:
        return problems
    if not _fits_capacity(board, power, place):
        problems.append(given.problem(
            "too many units for the industrial complexes: each places at most its territory's IPC value "
            "in units, counting the sea zones beside it", ("place",), RULE_CAPACITY))
    for space in _carrier_room_ok(board, power, place):
        problems.append(given.problem(
            f"not enough room for new fighters on {power}'s carriers in {space} (2 per carrier)", ("place", space),
            "AA1941 [L752, L860]"))
    problems += _waiting_fighters(board, given, place)
    if problems:
        return problems
    left = add_counts(bought, placed, -1)
    for unit in left:
        for space in _candidate_spaces(board, power, unit):
            trial = {s: dict(u) for s, u in place.items()}
            trial.setdefault(space, {})[unit] = trial.get(space, {}).get(unit, 0) + 1
            if _fits_capacity(board, power, trial) and not _carrier_room_ok(board, power, trial):
                problems.append(given.problem(
                    f"{unit} left unplaced although it fits in {space}: every unit that can be placed must be "
                    "(only units the production limits leave out are refunded)", ("place",),
                    "AA1941 [L756] (PROPOSED ruling, digest §9 #24)"))
                break
    return problems


def _waiting_fighters(board: Board, given: OrdersInput, place: dict[str, UnitCounts]) -> list[Problem]:
    """A carrier bought as the landing place of fighters waiting at sea must be placed under
    them, unless the production limits leave it out [L716, L754, L848]."""
    power = given.model.power
    bought = board.game.powers[power].purchased.get("carrier", 0)
    spare = bought - sum(units.get("carrier", 0) for units in place.values())
    problems = []
    for zone in sorted(board.game.spaces):
        if spare <= 0 or not board.is_sea(zone) or not placement_sites(board, power, "carrier", zone):
            continue
        side = [p for p in board.setup.turn_order if board.allied(power, p)]
        units = board.units(zone, side)
        new = place.get(zone, {}).get("carrier", 0)
        waiting = units.get("fighter", 0) - CARRIER_ROOM * (units.get("carrier", 0) + new)
        if board.units(zone, [power]).get("fighter", 0) and waiting > 0:
            trial = {s: dict(u) for s, u in place.items()}
            trial.setdefault(zone, {})["carrier"] = new + 1
            if _fits_capacity(board, power, trial):
                problems.append(given.problem(
                    f"{power}'s fighters in {zone} wait for the carrier bought for them: place it in {zone}",
                    ("place",), "AA1941 carrier builds [L716, L754, L848]"))
                spare -= 1
    return problems


def _candidate_spaces(board: Board, power: str, unit: str) -> list[str]:
    out = []
    for ic in eligible_complexes(board, power):
        out.append(ic)
        out.extend(board.coastal_zones(ic))
    return [s for s in dict.fromkeys(out) if placement_sites(board, power, unit, s)]


def execute_placement(ctx: Context, power: str, place: dict[str, UnitCounts]) -> None:
    """Place the units, refund what could not be placed, and lose fighters left without a carrier."""
    board = Board(ctx.setup, ctx.game)
    resolved: dict[str, UnitCounts] = {}
    for space_text, units in place.items():
        space = ctx.setup.space_names.get(space_text)
        for unit_text, n in units.items():
            if n:
                unit = ctx.setup.unit_names.get(unit_text)
                resolved.setdefault(space, {})
                resolved[space][unit] = resolved[space].get(unit, 0) + n
    for space, units in resolved.items():
        ctx.emit(Purchased(power=power, units={u: -n for u, n in units.items()}))
        ctx.emit(AddUnits(space=space, force=Force(power=power, units=units, done=True)))
        listing = ", ".join(f"{n} {u}" for u, n in units.items())
        ctx.note(f"{power} places {listing} in {space}")
    left = dict(ctx.game.powers[power].purchased)
    if left:
        refund = sum(board.unit(u).cost * n for u, n in left.items())
        ctx.emit(Purchased(power=power, units={u: -n for u, n in left.items()}))
        ctx.emit(Treasury(power=power, delta=refund, reason="refund of units that could not be placed"))
        ctx.note(f"{power} is refunded {refund} IPCs for {total(left)} units that could not be placed [L756]")
    _lose_fighters_without_carrier(ctx, power)


def _lose_fighters_without_carrier(ctx: Context, power: str) -> None:
    """Fighters not landed at the end of the Mobilize phase are destroyed [L871]."""
    board = Board(ctx.setup, ctx.game)
    for space in [s for s in ctx.game.spaces if board.is_sea(s)]:
        side = [p for p in ctx.setup.turn_order if board.allied(power, p)]
        units = board.units(space, side)
        excess = units.get("fighter", 0) - CARRIER_ROOM * units.get("carrier", 0)
        for force in list(ctx.game.forces(space, power)):
            if excess <= 0:
                break
            lost = min(excess, force.units.get("fighter", 0))
            if lost:
                gone = force.model_copy(deep=True, update={"units": {"fighter": lost}})
                ctx.emit(RemoveUnits(space=space, force=gone, reason="fighter without a carrier [L871]"))
                ctx.note(f"{lost} {power} fighter lost in {space}: no carrier to land on [L871]")
                excess -= lost
