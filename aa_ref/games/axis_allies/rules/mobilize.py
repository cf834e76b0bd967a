"""Phase 5, Mobilize New Units [L738-L756, L871].

Units bought this turn are placed at industrial complexes the power has controlled since
the start of its turn [L742, L662]: land units and bombers in the IC's territory, ships
in sea zones next to it (hostile ones too, with no combat), fighters in the territory or
on one of the power's carriers next to it [L748-L752]. Each IC places at most as many
units as its territory's IPC value, counting the sea zones beside it [L744]. Units that
cannot be placed for lack of capacity are refunded [L756]; PROPOSED (digest §9 #24):
placing every unit that can be placed is compulsory. After the phase, fighters at sea
without room on a carrier are lost [L871].

Anniversary Edition [@99092]-[@102614]: an IC places its territory's value, 2 more with
Increased Factory Production [@56550], less one per damage marker, never below 0 [@99987];
a new industrial complex (an `installation` unit) is placed in a territory worth 1 or more
held since the start of the turn and without one [@101597], and produces from the next turn
(ruling A23); units that cannot be placed wait for a later turn instead of being refunded
[@102012], [@102300]. China places without ICs (`aa_ref.games.axis_allies.rules.china`).
"""

from __future__ import annotations

from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.events import AddUnits, BuildFactory, Purchased, RemoveUnits, Treasury
from aa_ref.games.axis_allies.model.setup import UnitCounts
from aa_ref.games.axis_allies.model.state import Force
from aa_ref.games.axis_allies.rules import china, installations
from aa_ref.games.axis_allies.rules.board import CARRIER_PLANES, CARRIER_ROOM, Board, add_counts, total
from aa_ref.games.axis_allies.rules.damaged_carriers import grounded

RULE_SITE = "AA1941 Mobilize [L742, L748-L752]"
RULE_CAPACITY = "AA1941 production limit [L744]"
RULE_NEW_FACTORY = "Anniversary new industrial complex [@101597]"
FACTORY_PRODUCTION = "increased_factory_production"
"""The technology that lets each IC place 2 more units [@56550]."""


def eligible_complexes(board: Board, power: str) -> list[str]:
    """ICs the power may use: its own since the start of the turn, not captured this turn [L742, L662]."""
    return [
        name for name, space in board.setup.spaces.items()
        if board.has_factory(name) and board.owner(name) == power and name not in board.game.turn.captured
    ]


def capacity(board: Board, power: str, ic: str) -> int:
    """Units an IC places this turn: its territory's value [L744], [@99522], 2 more with
    Increased Factory Production [@56550], one fewer per damage marker, never below 0 [@99987].
    Global 1940: the complex's own limit, 10 or 3 (`places_per_turn`), less its damage [G40 L1102]."""
    places = installations.factory_places(board, power, ic)
    if places is not None:
        return places
    bonus = 2 if board.has_tech(power, FACTORY_PRODUCTION) else 0
    return max(0, board.value(ic) + bonus - board.factory_damage(ic))


def is_installation(board: Board, unit: str) -> bool:
    return board.unit(unit).installation


def factory_site_ok(board: Board, power: str, space: str) -> bool:
    """A new IC goes in a territory the power has held since the start of its turn, worth
    at least 1 IPC, without an IC already [@101597], [@116093]."""
    return (board.is_land(space) and board.owner(space) == power and space not in board.game.turn.captured
            and board.value(space) >= 1 and not board.has_factory(space))


def placement_sites(board: Board, power: str, unit: str, space: str) -> list[str]:
    """The ICs that could supply `unit` placed in `space` (empty: not a legal site)."""
    if board.unit(unit).installation_kind:  # Global 1940 installations [G40 L1112]
        return [space] if installations.site_fault(board, power, unit, space) is None else []
    if is_installation(board, unit):
        return [space] if factory_site_ok(board, power, space) else []
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
    room = {ic: capacity(board, power, ic) for ic in eligible_complexes(board, power)}
    demands = []
    for space, units in place.items():
        for unit, n in units.items():
            if not is_installation(board, unit):  # a new IC uses no IC's capacity (ruling A23)
                demands.append((placement_sites(board, power, unit, space), n))
    # Each demand of n units needs n unit-slots from its sites: bipartite b-matching by augmenting paths.
    load = {ic: 0 for ic in room}
    assigned: list[dict[str, int]] = [dict() for _ in demands]
    for d, (sites, n) in enumerate(demands):
        for _ in range(n):
            if not _augment(d, sites, demands, assigned, load, room, set()):
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
    """New fighters at sea need room on the power's own carriers there, old or new [L752],
    [@101513]; allied fighters aboard them take room too (ruling A39)."""
    full = []
    for space, units in place.items():
        if not board.is_sea(space) or not any(units.get(u) for u in CARRIER_PLANES):
            continue
        # Global 1940: nothing lands on a damaged carrier; the air units aboard it stay there [G40 L1498]
        hurt = sum(f.damage().get("carrier", 0) for f in board.forces(space, power))
        carriers = board.units(space, [power]).get("carrier", 0) - hurt + units.get("carrier", 0)
        guests = sum(f.cargo.get(p, {}).get(u, 0) for f in board.forces(space, power) for p in f.cargo
                     for u in CARRIER_PLANES)
        here = board.units(space, [power])
        fighters = sum(here.get(u, 0) + units.get(u, 0) for u in CARRIER_PLANES) + guests - grounded(board, space, power)
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
    if problems or china.rules_for(board.setup, power):
        return problems or china.check_placement(board, given, place)
    problems = _new_factories(board, given, place) + installations.check_placement(board, given, place)
    for space, units in place.items():
        for unit in units:
            if is_installation(board, unit):
                continue
            if not placement_sites(board, power, unit, space):
                where = "a sea zone next to" if board.is_sea(space) else "the territory of"
                problems.append(given.problem(
                    f"{unit} cannot be placed in {space}: new units go to {where} an industrial complex "
                    f"{power} has controlled since the start of its turn", ("place", space), RULE_SITE))
    if problems:
        return problems
    if not _fits_capacity(board, power, place):
        limit = ("its territory's IPC value" if not any(installations.factory_places(board, power, ic) is not None
                                                         for ic in eligible_complexes(board, power))
                 else "its limit (major 10, minor 3, less its damage markers)")
        problems.append(given.problem(
            f"too many units for the industrial complexes: each places at most {limit} "
            "in units, counting the sea zones beside it" + _capacity_detail(board, power), ("place",), RULE_CAPACITY))
    for space in _carrier_room_ok(board, power, place):
        problems.append(given.problem(
            f"not enough room for new fighters on {power}'s carriers in {space} (2 per carrier)", ("place", space),
            "AA1941 [L752, L860]"))
    problems += _waiting_fighters(board, given, place)
    if problems:
        return problems
    left = add_counts(bought, placed, -1)
    for unit in left:
        for space in _candidate_spaces(board, power, unit, place):
            trial = {s: dict(u) for s, u in place.items()}
            trial.setdefault(space, {})[unit] = trial.get(space, {}).get(unit, 0) + 1
            if _fits_capacity(board, power, trial) and not _carrier_room_ok(board, power, trial):
                problems.append(given.problem(
                    f"{unit} left unplaced although it fits in {space}: every unit that can be placed must be "
                    "(only units the production limits leave out stay unplaced)", ("place",),
                    "AA1941 [L756] (PROPOSED ruling, digest §9 #24)"))
                break
    return problems


def _capacity_detail(board: Board, power: str) -> str:
    """The capacities when damage or a technology makes them differ from the values [@99987], [@56550]."""
    complexes = eligible_complexes(board, power)
    if all(capacity(board, power, ic) == board.value(ic) for ic in complexes):
        return ""
    return ("; with damage markers and technologies, this turn: "
            + ", ".join(f"{ic} {capacity(board, power, ic)}" for ic in complexes))


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


def _new_factories(board: Board, given: OrdersInput, place: dict[str, UnitCounts]) -> list[Problem]:
    """New ICs: one per territory, in a territory held since the start of the turn, worth
    1 or more, without an IC [@101597], [@116093]."""
    power = given.model.power
    problems = []
    for space, units in place.items():
        for unit, n in units.items():
            if not is_installation(board, unit) or board.unit(unit).installation_kind:
                continue  # Global 1940 installations: aa_ref.games.axis_allies.rules.installations
            if not factory_site_ok(board, power, space):
                problems.append(given.problem(
                    f"{unit} cannot be placed in {space}: {_factory_site_fault(board, power, space)}",
                    ("place", space), RULE_NEW_FACTORY))
            elif n > 1:
                problems.append(given.problem(
                    f"only one industrial complex may stand in a territory; {n} placed in {space}",
                    ("place", space), RULE_NEW_FACTORY))
    return problems


def _factory_site_fault(board: Board, power: str, space: str) -> str:
    """Why a new IC may not go in `space`, in words."""
    if not board.is_land(space):
        return "an industrial complex stands in a territory, not a sea zone"
    if board.owner(space) != power or space in board.game.turn.captured:
        return f"{power} has not controlled it since the start of its turn"
    if board.value(space) < 1:
        return "a new industrial complex needs a territory worth at least 1 IPC"
    return "the territory already has an industrial complex, and only one may stand in a territory"


def _candidate_spaces(board: Board, power: str, unit: str, place: dict[str, UnitCounts]) -> list[str]:
    """Where one more `unit` could go, beside the placement `place`."""
    if board.unit(unit).installation_kind:
        return installations.candidate_sites(board, power, unit, place)
    if is_installation(board, unit):
        return [s for s in board.setup.spaces
                if factory_site_ok(board, power, s) and not any(is_installation(board, u) for u in place.get(s, {}))]
    out = []
    for ic in eligible_complexes(board, power):
        out.append(ic)
        out.extend(board.coastal_zones(ic))
    return [s for s in dict.fromkeys(out) if placement_sites(board, power, unit, s)]


def execute_placement(ctx: Context, power: str, place: dict[str, UnitCounts], unplaced_wait: bool = False) -> None:
    """Place the units and lose fighters left without a carrier. Units that could not be
    placed are refunded [L756], or with `unplaced_wait` stay in the mobilization zone for a
    later turn (Anniversary [@102012])."""
    board = Board(ctx.setup, ctx.game)
    resolved: dict[str, UnitCounts] = {}
    for space_text, units in place.items():
        space = ctx.setup.space_names.get(space_text)
        for unit_text, n in units.items():
            if n:
                unit = ctx.setup.unit_names.get(unit_text)
                resolved.setdefault(space, {})
                resolved[space][unit] = resolved[space].get(unit, 0) + n
    if china.rules_for(ctx.setup, power):
        china.execute_placement(ctx, resolved)
        return
    for space, units in resolved.items():
        ctx.emit(Purchased(power=power, units={u: -n for u, n in units.items()}))
        for unit in [u for u in units if board.unit(u).installation_kind]:
            installations.build(ctx, power, space, unit)  # Global 1940 [G40 L1112]
            del units[unit]
        for unit in [u for u in units if is_installation(board, u)]:
            ctx.emit(BuildFactory(space=space))
            ctx.note(f"{power} builds an industrial complex in {space}; it places units from {power}'s next turn "
                     "(ruling A23)")
            del units[unit]
        if units:
            ctx.emit(AddUnits(space=space, force=Force(power=power, units=units, done=True)))
            listing = ", ".join(f"{n} {u}" for u, n in units.items())
            ctx.note(f"{power} places {listing} in {space}")
    left = dict(ctx.game.powers[power].purchased)
    if left and unplaced_wait:
        ctx.note(f"{power}'s {total(left)} units that could not be placed wait in the mobilization zone [@102012]")
    elif left:
        refund = sum(board.profile(power, u).cost * n for u, n in left.items())
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
        excess = sum(units.get(u, 0) for u in CARRIER_PLANES) - CARRIER_ROOM * units.get("carrier", 0)
        for force, plane in [(f, u) for f in list(ctx.game.forces(space, power)) for u in CARRIER_PLANES]:
            if excess <= 0:
                break
            lost = min(excess, force.units.get(plane, 0))
            if lost:
                gone = force.model_copy(deep=True, update={"units": {plane: lost}})
                ctx.emit(RemoveUnits(space=space, force=gone, reason="fighter without a carrier [L871]"))
                ctx.note(f"{lost} {power} {plane} lost in {space}: no carrier to land on [L871]")
                excess -= lost
