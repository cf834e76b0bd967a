"""Air units and carriers: landing proofs, landings, and fighters riding carriers.

Air units count every border they cross from take-off [L828-L836], and their Combat and
Noncombat moves together stay within their movement [L408, L692, L826]. They land only
in a territory friendly since the start of the turn [L706, L822] or, fighters only, on a
friendly carrier with room where both end their move [L712-L714, L860]; a fighter may
also wait at sea beside the power's industrial complex for a carrier it bought [L716].
Every air unit moved in the Combat Move needs a landing proof [L715, L840-L848], which
may count on carriers that move in the Combat Move, carriers that can still move in the
Noncombat Move (battles assumed won [L844]), and carriers bought this turn [L716].

Anniversary Edition: the same rules [@66166]-[@67293], [@95701]-[@99092] (a landing
territory must have been friendly at the start of the turn, ruling A1), with ranges from
the power's technologies (Long-Range Aircraft [@58018]) and China's fighter kept inside
China's movement area, so it never lands on a carrier (ruling A27, [@50598]).

PROPOSED (digest §9 #19-#23): a carrier that may still move offers its two places
less any fighters that sit on it at the end of the Combat Move; the zones a proof relies
on for a carrier not yet there are recorded as the turn's carrier obligations [L848].
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.events import AddUnits, RemoveUnits
from aa_ref.games.axis_allies.rules.bases import movement_bonus
from aa_ref.games.axis_allies.rules.board import CARRIER_PLANES, CARRIER_ROOM, Board
from aa_ref.games.axis_allies.rules.damaged_carriers import grounded_planes
from aa_ref.games.axis_allies.rules.legs import Leg, can_move
from aa_ref.games.axis_allies.rules.mobilize import eligible_complexes
from aa_ref.games.axis_allies.rules.paths import canal_closed


# --- geometry and places to land ---------------------------------------------------------
def air_distances(board: Board, start: str, power: str) -> dict[str, int]:
    """Spaces the power's air units reach from `start`, with the borders crossed; never over a
    neutral [L274, L828], nor outside the power's movement area (China's fighter [@50598], ruling A27)."""
    area = set(board.setup.powers[power].confined_to)
    return board.distances(start, lambda s: not board.is_neutral(s) and (not area or s in area))


def sea_reach(board: Board, start: str, power: str, steps: int, cleared: set[str]) -> set[str]:
    """Zones a ship reaches in a Noncombat Move: friendly zones only [L724] (zones where the
    mover attacks count as cleared [L844]), straits and canals permitting [L276-L286]."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if seen[here] == steps:
            continue
        for there in board.adjacency[here]:
            if there in seen or not board.is_sea(there) or board.strait_closed(here, there):
                continue
            if canal_closed(board, here, there, power):
                continue
            if board.is_hostile_sea(there, power) and there not in cleared:
                continue
            seen[there] = seen[here] + 1
            queue.append(there)
    return set(seen)


def safe_territory(board: Board, space: str, power: str) -> bool:
    """Friendly since the start of the turn: friendly now and not captured this turn [L706, L822]."""
    return board.is_friendly_territory(space, power) and space not in board.game.turn.captured


def new_carrier_zones(board: Board, power: str) -> set[str]:
    """Zones where a carrier bought this turn may be placed, for fighters to wait in [L716, L750]."""
    if not board.game.powers[power].purchased.get("carrier"):
        return set()
    return {z for ic in eligible_complexes(board, power) for z in board.coastal_zones(ic)}


def planes(units: dict[str, int]) -> int:
    """Air units among `units` that land on carriers: fighters, and tactical bombers in Global 1940 [G40 L1490]."""
    return sum(units.get(u, 0) for u in CARRIER_PLANES)


def side_fleet(board: Board, power: str) -> dict[str, list[int]]:
    """Sea zone -> [carriers, fighters] of the power's side, fighters aboard as cargo included."""
    out: dict[str, list[int]] = {}
    for space, state in board.game.spaces.items():
        if not board.is_sea(space):
            continue
        for owner in {f.power for f in state.forces if board.allied(power, f.power)}:
            # air units aboard a damaged carrier are cargo, grounded until it is repaired [G40 L1498]
            out.setdefault(space, [0, 0])[1] -= planes(grounded_planes([f for f in state.forces if f.power == owner]))
        for force in state.forces:
            if board.allied(power, force.power):
                row = out.setdefault(space, [0, 0])
                # a damaged carrier offers no room, and the air units it carries are cargo, grounded
                # until it is repaired (Global 1940 [G40 L1498]): both are left out
                row[0] += force.units.get("carrier", 0) - force.damage().get("carrier", 0)
                row[1] += planes(force.units) + sum(planes(c) for c in force.cargo.values())
    return out


# --- guests on a moving carrier [L424] ----------------------------------------------------
def guest_riders(board: Board, legs: list[Leg], power: str) -> dict[int, dict[tuple[str, str], int]]:
    """Allied fighters (and Global 1940 tactical bombers [G40 L1490]) carried off as cargo by
    the mover's departing carriers: those the carriers staying behind cannot hold [L424, L915].
    Leg index -> {(ally, unit type): count}."""
    out: dict[int, dict[tuple[str, str], int]] = {}
    allies = [p for p in board.setup.turn_order if p != power and board.allied(power, p)]
    for zone in sorted({leg.start for leg in legs if leg.units.get("carrier")}):
        departing = [leg for leg in legs if leg.start == zone and leg.units.get("carrier")]
        mine = board.units(zone, [power]).get("carrier", 0) - sum(leg.units["carrier"] for leg in departing)
        guests = {(p, u): board.units(zone, [p]).get(u, 0) for p in allies for u in CARRIER_PLANES
                  if u in board.setup.unit_types}
        room = CARRIER_ROOM * (board.units(zone, allies).get("carrier", 0) + max(mine, 0))
        ride = max(0, sum(guests.values()) - room)
        for leg in departing:
            seats = CARRIER_ROOM * leg.units["carrier"]
            for key in guests:
                n = min(ride, seats, guests[key])
                if n:
                    out.setdefault(leg.index, {})[key] = n
                    ride, seats, guests[key] = ride - n, seats - n, guests[key] - n
    return out


def fleet_after(board: Board, legs: list[Leg], power: str, riders: dict[int, dict[tuple[str, str], int]],
                with_air: bool = True) -> dict[str, list[int]]:
    """The side's [carriers, fighters] per zone once the moves are made (arriving fighters
    left out when `with_air` is false)."""
    fleet = side_fleet(board, power)
    for leg in legs:
        ride = sum(riders.get(leg.index, {}).values())
        for space, sign in ((leg.start, -1), (leg.end, 1)):
            if board.is_sea(space):
                row = fleet.setdefault(space, [0, 0])
                hurt = sum(t.force.damage().get("carrier", 0) for t in leg.takes)  # [G40 L1498]
                row[0] += sign * (leg.units.get("carrier", 0) - hurt)
                row[1] += sign * ride
                if sign < 0 or with_air:
                    row[1] += sign * planes(leg.units)
    return fleet


# --- the Combat Move: landing proofs [L406-L408, L715-L716, L840-L848] --------------------
@dataclass
class _Room:
    """Carrier places a fighter may count on after the Combat Move."""

    static: dict[str, int]
    mobile: list[tuple[frozenset[str], int]]
    new_zones: frozenset[str]
    new_count: int


def _carrier_room(board: Board, legs: list[Leg], power: str, cleared: set[str], staying: set[str]) -> _Room:
    """Places on carriers after the Combat Move: on carriers that cannot move again, by zone;
    on each carrier that can still move, with the zones it reaches; on carriers bought."""
    fleet = fleet_after(board, legs, power, guest_riders(board, legs, power), with_air=False)
    leaving: dict[str, int] = {}
    for leg in legs:
        leaving[leg.start] = leaving.get(leg.start, 0) + leg.units.get("carrier", 0)
    mobile: list[tuple[frozenset[str], int]] = []
    static: dict[str, int] = {}
    for zone, (carriers, fighters) in fleet.items():
        free = 0
        if zone not in staying:
            free = sum(f.units.get("carrier", 0) - f.damage().get("carrier", 0) for f in board.forces(zone, power)
                       if can_move(board, f, "carrier", 0)) - leaving.get(zone, 0)
        free = max(free, 0)
        fixed = carriers - free
        static[zone] = max(0, CARRIER_ROOM * fixed - fighters)
        overflow = max(0, fighters - CARRIER_ROOM * fixed)
        reach = frozenset(sea_reach(board, zone, power, board.profile(power, "carrier").movement, cleared))
        for _ in range(free):
            seats = max(0, CARRIER_ROOM - overflow)
            overflow -= CARRIER_ROOM - seats
            mobile.append((reach, seats))
    zones = frozenset(new_carrier_zones(board, power))
    return _Room(static, mobile, zones, board.game.powers[power].purchased.get("carrier", 0) if zones else 0)


def _assign(items: list[frozenset[str]], room: _Room) -> list[str] | None:
    """Give each fighter (the zones it may end in) a carrier place; None if impossible.
    Returns the zones where a carrier not yet there must come or be placed [L848].

    A depth-first search; fighters with the same choices are interchangeable, so each
    takes a zone no earlier than the one before it (this keeps the search small)."""
    every = set().union(*items)
    places = (sum(n for z, n in room.static.items() if z in every) + sum(n for _, n in room.mobile)
              + CARRIER_ROOM * room.new_count)
    if places < len(items):
        return None
    static = dict(room.static)
    bound: list[str | None] = [None] * len(room.mobile)
    left = [seats for _, seats in room.mobile]
    placed: dict[str, int] = {}
    order = sorted(items, key=lambda zones: (len(zones), sorted(zones)))
    chosen: list[str] = []

    def new_place(zone: str) -> bool:
        """A bought carrier placed in `zone` has a free place [L716]."""
        if zone not in room.new_zones:
            return False
        if placed.get(zone, 0) % CARRIER_ROOM:
            return True
        return sum(-(-n // CARRIER_ROOM) for n in placed.values()) < room.new_count

    def go(i: int) -> bool:
        if i == len(order):
            return True
        floor = chosen[-1] if i and order[i] == order[i - 1] else ""
        for zone in sorted(z for z in order[i] if z >= floor):
            chosen.append(zone)
            if static.get(zone, 0) > 0:
                static[zone] -= 1
                if go(i + 1):
                    return True
                static[zone] += 1
            tried = set()
            for c, (reach, _) in enumerate(room.mobile):
                usable = left[c] > 0 and (bound[c] == zone or (bound[c] is None and zone in reach))
                if usable and (bound[c], reach) not in tried:
                    tried.add((bound[c], reach))
                    was, bound[c] = bound[c], zone
                    left[c] -= 1
                    if go(i + 1):
                        return True
                    bound[c], left[c] = was, left[c] + 1
            if new_place(zone):
                placed[zone] = placed.get(zone, 0) + 1
                if go(i + 1):
                    return True
                placed[zone] -= 1
            chosen.pop()
        return False

    if not go(0):
        return None
    return sorted({z for z in bound if z} | {z for z, n in placed.items() if n})


def check_landing_proof(board: Board, given: OrdersInput, legs: list[Leg], cleared: set[str],
                        staying: set[str]) -> tuple[list[Problem], list[str]]:
    """Every air unit moved in the Combat Move can still land [L406-L408, L715, L840-L848].
    Returns the problems and the carrier obligations the proofs create."""
    out: list[Problem] = []
    needs: list[tuple[Leg, frozenset[str]]] = []
    for leg in legs:
        for unit, n in leg.of(board, "air").items():
            problem, zones = _landing_need(board, given, leg, unit)
            if problem:
                out.append(problem)
            elif zones:
                needs += [(leg, zones)] * n
    if not needs:
        return out, []
    room = _carrier_room(board, legs, power=given.model.power, cleared=cleared, staying=staying)
    hopeless = {leg.index: leg for leg, zones in needs
                if all(_assign([frozenset({z})], room) is None for z in zones)}
    for leg in hopeless.values():
        if leg.land_at:
            out.append(given.problem(
                f"no carrier can be in {leg.land_at} for the fighters to land on: none is there, none of "
                f"{given.model.power}'s can reach it in the Noncombat Move, and none was bought to be placed there",
                leg.loc("land_at"), "AA1941 L715"))
        else:
            out.append(_no_landing(given, leg, "fighter", board.profile(given.model.power, "fighter").movement - leg.length))
    obligations = None if hopeless else _assign([zones for _, zones in needs], room)
    if obligations is None and not hopeless:
        for leg in {leg.index: leg for leg, _ in needs}.values():
            out.append(given.problem(
                "not enough carrier room for every fighter that must land at sea: each needs a carrier with room where "
                f"it ends (one there, one of {given.model.power}'s that can still move in the Noncombat Move, or one "
                "bought this turn)", leg.loc("to"), "AA1941 L715"))
    return out, obligations or []


def _landing_need(board: Board, given: OrdersInput, leg: Leg, unit: str) -> tuple[Problem | None, frozenset[str]]:
    """A problem with the unit's landing, or the zones it may end in on a carrier (empty
    when a friendly territory is in reach) [L406-L408, L712]."""
    left = board.profile(given.model.power, unit).movement - leg.length  # Long-Range Aircraft [@58018]
    left += movement_bonus(board, given.model.power, unit, leg.start)  # Global 1940 air base [G40 L686]
    reach = air_distances(board, leg.end, given.model.power)
    if leg.land_at:
        problem = _declared_landing(board, given, leg, unit, left, reach)
        return problem, frozenset({leg.land_at}) if not problem and board.is_sea(leg.land_at) else frozenset()
    if any(d <= left and board.is_land(t) and safe_territory(board, t, given.model.power) for t, d in reach.items()):
        return None, frozenset()
    zones = frozenset(z for z, d in reach.items() if d <= left and board.is_sea(z))
    if unit not in CARRIER_PLANES or not zones:
        return _no_landing(given, leg, unit, left), frozenset()
    return None, zones


def _declared_landing(board: Board, given: OrdersInput, leg: Leg, unit: str, left: int,
                      reach: dict[str, int]) -> Problem | None:
    """The landing a move names must be in reach and fit the unit [L406-L408, L706, L712]."""
    where = leg.land_at
    loc = leg.loc("land_at")
    distance = reach.get(where)
    if distance is None or distance > left:
        far = "out of reach" if distance is None else f"{distance} spaces from {leg.end}"
        return given.problem(f"{where} is {far}, and the {unit} has {left} moves left after the attack", loc, "AA1941 L408")
    if board.is_sea(where):
        return given.problem("bombers never land at sea", loc, "AA1941 L712") if unit == "bomber" else None
    if not safe_territory(board, where, given.model.power):
        return given.problem(
            f"{where} is not friendly: air units land only in a territory friendly since the start of the turn",
            loc, "AA1941 L706")
    return None


def _no_landing(given: OrdersInput, leg: Leg, unit: str, left: int) -> Problem:
    at_sea = "" if unit == "bomber" else " or carrier"
    if left < 0:
        return given.problem(
            f"the {unit} cannot reach {leg.end}: the move is {-left} space(s) longer than its range",
            leg.loc("to"), "AA1941 L408, L826")
    return given.problem(
        f"the {unit} could not land after attacking {leg.end}: no friendly territory{at_sea} within the {left} moves it "
        "has left; air units keep enough movement to land", leg.loc("to"), "AA1941 L408")


# --- the Noncombat Move: landing [L690-L736] ------------------------------------------------
def check_stranded(board: Board, given: OrdersInput) -> list[Problem]:
    """Other powers' fighters left at sea without a carrier must land before anything moves [L720]."""
    power = given.model.power
    out = []
    for zone, state in board.game.spaces.items():
        if not board.is_sea(zone):
            continue
        stranded = {f.power for f in state.forces if f.power != power and f.units.get("fighter")}
        for other in [p for p in board.setup.turn_order if p in stranded]:  # in turn order, not a set's
            side = [p for p in board.setup.turn_order if board.allied(other, p)]
            fighters = board.units(zone, [p for p in side if p != power]).get("fighter", 0)
            if fighters > CARRIER_ROOM * board.units(zone, side).get("carrier", 0):
                out.append(given.problem(
                    f"{other}'s fighters in {zone} have no carrier: stranded fighters land at the end of the "
                    "Conduct Combat phase, so this game file was changed by hand; fix it first", ("moves",), "AA1941 L720"))
    return out


def check_landings(board: Board, given: OrdersInput, legs: list[Leg]) -> list[Problem]:
    """Air units end the Noncombat Move on a safe landing [L706-L716]; an air unit that could
    land may not be left where it would be lost [L715]."""
    power = given.model.power
    riders = guest_riders(board, legs, power)
    fleet = fleet_after(board, legs, power, riders)
    waiting = _waiting_room(board, power, fleet)
    out = []
    arrivals = {leg.end for leg in legs if planes(leg.units)}
    for leg in legs:
        for unit in leg.of(board, "air"):
            problem = _unsafe_end(board, fleet, waiting, leg.end, unit, power)
            if problem:
                out.append(given.problem(problem, leg.loc("to"), "AA1941 L715"))
    for space, unit, left in _stayers(board, legs, power):
        if (space in arrivals and unit in CARRIER_PLANES) or not _unsafe_end(board, fleet, waiting, space, unit, power):
            continue
        rescue = _rescue(board, legs, fleet, waiting, space, unit, left, power)
        if rescue:
            out.append(given.problem(
                f"the {unit} in {space} must land ({left} moves left): {rescue}; air units that cannot land are lost, "
                "and may not be left out of reach of a landing on purpose", ("moves",), "AA1941 L715"))
    return out


def _waiting_room(board: Board, power: str, fleet: dict[str, list[int]]) -> set[str]:
    """Zones where fighters short of a carrier may wait for one bought this turn [L716]."""
    count = board.game.powers[power].purchased.get("carrier", 0)
    ok = set()
    for zone in sorted(new_carrier_zones(board, power)):
        carriers, fighters = fleet.get(zone, [0, 0])
        need = -(-max(0, fighters - CARRIER_ROOM * carriers) // CARRIER_ROOM)
        if need and need <= count:
            ok.add(zone)
            count -= need
    return ok


def _unsafe_end(board: Board, fleet: dict[str, list[int]], waiting: set[str], space: str, unit: str,
                power: str) -> str | None:
    """Why ending in `space` is not a safe landing, or None if it is [L706, L712-L716]."""
    if board.is_land(space):
        if safe_territory(board, space, power):
            return None
        return f"{space} was not friendly at the start of the turn: air units land only in territories friendly since then"
    if unit not in CARRIER_PLANES:
        return f"a {unit} cannot end at sea: bombers never land on carriers"
    carriers, fighters = fleet.get(space, [0, 0])
    if fighters <= CARRIER_ROOM * carriers or space in waiting:
        return None
    return (f"not enough carrier room in {space}: {fighters} fighters would end there and the carriers there "
            f"hold {CARRIER_ROOM * carriers}")


def _stayers(board: Board, legs: list[Leg], power: str) -> list[tuple[str, str, int]]:
    """(space, unit, moves left) of the power's air units that the orders leave where they are."""
    out = []
    for space, state in board.game.spaces.items():
        for force in state.forces:
            if force.power != power or force.done:
                continue
            for unit, n in force.units.items():
                taken = sum(t.force.units.get(unit, 0) for leg in legs for t in leg.takes
                            if t.space == space and t.carrier is None and t.force.marks() == force.marks())
                if board.domain(unit) == "air" and n > taken:
                    out.append((space, unit, board.profile(power, unit).movement - force.moved))
    return out


def _rescue(board: Board, legs: list[Leg], fleet: dict[str, list[int]], waiting: set[str], space: str, unit: str,
            left: int, power: str) -> str | None:
    """A safe landing an air unit left in place could still reach, in words, or None."""
    reach = air_distances(board, space, power)
    for target, d in sorted(reach.items(), key=lambda kv: (kv[1], kv[0])):
        if d <= left and board.is_land(target) and safe_territory(board, target, power):
            return f"it can reach {target}"
    if unit not in CARRIER_PLANES:
        return None
    for zone, d in sorted(reach.items(), key=lambda kv: (kv[1], kv[0])):
        if d <= left and board.is_sea(zone) and zone != space:
            carriers, fighters = fleet.get(zone, [0, 0])
            if fighters < CARRIER_ROOM * carriers:
                return f"it can reach a carrier with room in {zone}"
    moving = {leg.start for leg in legs if leg.units.get("carrier")}
    for zone, state in board.game.spaces.items():
        if zone in moving or not board.is_sea(zone):
            continue
        if any(f.power == power and f.units.get("carrier") and can_move(board, f, "carrier", 1) for f in state.forces):
            meet = sea_reach(board, zone, power, board.profile(power, "carrier").movement, set())
            if any(reach.get(z, left + 1) <= left for z in meet):
                # A carrier must move to save its nation's fighters if it can [L736].
                return f"the carrier in {zone} can move to meet it (carriers must save their nation's fighters [L736])"
    return None


def settle_air(ctx: Context, landed_at_sea: dict[str, int]) -> None:
    """End of the Noncombat Move: carriers that took fighters may not move again [L860];
    air units without a safe landing are destroyed [L708]."""
    power = ctx.game.power
    board = Board(ctx.setup, ctx.game)
    for zone, n in landed_at_sea.items():
        need = -(-n // CARRIER_ROOM)
        for force in list(board.forces(zone, power)):
            k = min(need, force.units.get("carrier", 0))
            if k and not force.done:
                locked = force.model_copy(update={"units": {"carrier": k}})
                ctx.emit(RemoveUnits(space=zone, force=locked, reason="takes fighters"))
                ctx.emit(AddUnits(space=zone, force=locked.model_copy(update={"done": True})))
                need -= k
    fleet = side_fleet(board, power)
    waiting = _waiting_room(board, power, fleet)
    for space in list(ctx.game.spaces):
        for force in list(board.forces(space, power)):
            for unit in [u for u in force.units if board.domain(u) == "air"]:
                if not _unsafe_end(board, fleet, waiting, space, unit, power):
                    continue
                n = force.units[unit]
                if board.is_sea(space) and unit in CARRIER_PLANES:
                    carriers, fighters = fleet[space]
                    n = min(n, fighters - CARRIER_ROOM * carriers)
                    fleet[space][1] -= n
                lost = force.model_copy(update={"units": {unit: n}})
                ctx.emit(RemoveUnits(space=space, force=lost, reason="cannot land"))
                ctx.note(f"{n} {power} {unit} in {space} cannot land and is destroyed [L708]")
