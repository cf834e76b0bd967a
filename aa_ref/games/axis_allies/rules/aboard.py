"""Land units boarding or leaving a transport that does not move in these orders, such as
an ally's [L465-L477, L989].

An ally's land units board your transport only in their owner's turn; you carry them in
your turn; they land in their owner's next turn, even if the transport never moved
[L471-L477, L989]. So in power P's turn, P's land units may:

- board (`{units: {infantry: 1}, from: Karelia, to: SZ 4}`) a transport of P or of an
  ally that stays in a friendly zone next to their territory, within its room counting
  the cargo already aboard [L977, L979]. Boarding is the unit's whole move: a unit that
  moved cannot board, and once aboard it moves no more [L987]. What boards in the Combat
  Move must land in an amphibious assault [L442], which a transport that stays put cannot
  carry this turn, so boarding in place is for the Noncombat Move;
- leave (`{units: {infantry: 1}, from: SZ 4, to: Archangel}`) such a transport for one
  territory next to its zone: a friendly one in the Noncombat Move [L987], a hostile one in
  the Combat Move as an amphibious assault [L412, L477, L995]. The cargo stays aboard
  until the land battle (the transport is marked `assault`, as a moving one is), and the
  combat engine lands it from whoever's transport it is on. Landed units are done [L991].

Never in a hostile zone [L399, L991]; a transport unloads into one territory a turn and
does not move after unloading [L991]. Only P's own cargo lands in P's turn [L989].

PROPOSED: the orders do not name the transport. Units board an ally's transport before
P's own (the ally next in turn order first), fuller transports before emptier ones. In the
Combat Move the cargo of a transport that stays put has been aboard since an earlier turn, and
any number of it may land in an assault [L997] (Anniversary [@140985], Global 1940 [G40
L1634]): the move names the units that land, taken from the fullest transports first; the
rest stays aboard (the transport's `stays_aboard`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.events import AddUnits, RemoveUnits
from aa_ref.games.axis_allies.model.setup import UnitCounts
from aa_ref.games.axis_allies.model.state import Force
from aa_ref.games.axis_allies.rules.board import Board, add_counts
from aa_ref.games.axis_allies.rules.legs import COMBAT_MOVE, Leg, can_move, describe, merged_cargo, spread_cargo
from aa_ref.games.axis_allies.rules.transport import ONE_TERRITORY_RULE, PARTIAL_RULE


@dataclass
class Seat:
    """One transport in a zone, as the phase began, and what these orders do with it."""

    zone: str
    force: Force
    moving: bool = False
    boarding: UnitCounts = field(default_factory=dict)
    landing: UnitCounts = field(default_factory=dict)
    target: str | None = None

    @property
    def one(self) -> Force:
        """The transport alone, with its marks and cargo (forces with cargo hold one transport)."""
        return self.force.model_copy(update={"units": {"transport": 1}})

    def aboard(self) -> UnitCounts:
        return add_counts(merged_cargo(self.force.cargo), self.boarding)


def _seats(board: Board, legs: list[Leg], power: str) -> dict[str, list[Seat]]:
    """Every transport of the power's side in the zones these moves board or leave; those
    taken by a move of these orders are `moving`."""
    zones = {leg.end if leg.in_place(board) == "board" else leg.start for leg in legs if leg.in_place(board)}
    seats: dict[str, list[Seat]] = {}
    for zone in sorted(zones):
        seats[zone] = [Seat(zone, f) for f in board.forces(zone) if board.allied(power, f.power)
                       for _ in range(f.units.get("transport", 0))]
    for leg in legs:
        for take in leg.taken("transport"):
            seat = next((s for s in seats.get(leg.start, []) if not s.moving and s.force.power == power
                         and s.force.marks() == take.force.marks()), None)
            if seat is not None:
                seat.moving = True
    return seats


def _free(board: Board, seat: Seat) -> bool:
    """A transport that stays put this phase and may still load and unload: it has not
    unloaded, retreated, fought or moved this turn [L732, L983, L991]."""
    return not seat.moving and seat.force.assault is None and can_move(board, seat.force, "transport", 0)


def check_rides(board: Board, given: OrdersInput, legs: list[Leg], phase: str) -> list[Problem]:
    """Every boarding or leaving of a transport that stays put; each such leg gets its `rides`."""
    power = given.model.power
    seats = _seats(board, legs, power)
    out: list[Problem] = []
    for leg in legs:
        ride = leg.in_place(board)
        zone = leg.end if ride == "board" else leg.start
        if ride and board.is_hostile_sea(zone, power):
            # No loading or unloading in a hostile zone [L399, L991].
            out.append(given.problem(
                f"{zone} holds enemy warships: land units never board or leave a transport in a hostile zone",
                leg.step_loc(1 if ride == "board" else 0), "AA1941 L991"))
        elif ride == "board":
            out += _board(board, given, leg, seats[zone], phase)
        elif ride == "land":
            out += _land(board, given, leg, seats[zone], phase, legs)
    return out


def _order(board: Board, power: str, seat: Seat) -> tuple:
    """Allies' transports first, the next to move first; fuller ones first (PROPOSED)."""
    order = board.setup.turn_order
    later = (order.index(seat.force.power) - order.index(power)) % len(order)
    return (seat.force.power == power, later, -sum(seat.aboard().values()))


def _board(board: Board, given: OrdersInput, leg: Leg, seats: list[Seat], phase: str) -> list[Problem]:
    power = given.model.power
    if phase == COMBAT_MOVE:
        # Land units loaded in the Combat Move must land in an amphibious assault [L442].
        return [given.problem(
            f"land units that board in the Combat Move must land in an amphibious assault, and a transport staying "
            f"in {leg.end} carries none this turn: board it in the Noncombat Move (or load them with a moving "
            "transport's load)", leg.loc("to"), "AA1941 L442")]
    if sum(t.force.count() for t in leg.takes) < sum(leg.units.values()):
        return []  # the units are not free: `allocate` said why
    free = sorted((s for s in seats if _free(board, s)), key=lambda s: _order(board, power, s))
    if not free:
        if any(seats):
            why = (f"the transports of {power}'s side in {leg.end} move in these orders, or have unloaded, fought or "
                   "moved this turn: land units board in place only a transport that stays there")
        else:
            why = f"no transport of {power} or an ally is in {leg.end} for the land units to board"
        return [given.problem(why, leg.loc("to"), "AA1941 L989")]
    shares = spread_cargo([s.aboard() for s in free], leg.units)
    if shares is None:
        aboard = "; ".join(f"{s.force.power}'s: {describe(s.aboard()) or 'empty'}" for s in free)
        return [given.problem(
            f"the transports staying in {leg.end} lack room for {describe(leg.units)}: each carries one land unit of "
            f"any type plus one infantry, counting the cargo already aboard ({aboard})", leg.loc("units"),
            "AA1941 L977")]
    for seat, share in zip(free, shares):
        if share:
            seat.boarding = add_counts(seat.boarding, share)
            leg.rides.append((seat, share))
    return []


def _land(board: Board, given: OrdersInput, leg: Leg, seats: list[Seat], phase: str, legs: list[Leg]) -> list[Problem]:
    power = given.model.power
    target = leg.end
    out = []
    if board.is_neutral(target):
        return []  # `paths` refuses neutral territory
    if phase == COMBAT_MOVE and not board.is_hostile_territory(target, power):
        owner = board.owner(target)
        if owner != power:
            out.append(given.problem(
                f"{target} is held by {owner}, an ally: a power never attacks its own side", leg.loc("to"),
                "AA1941 L366"))
        else:
            out.append(given.problem(
                f"{target} is friendly: in the Combat Move land units leave a transport only in an amphibious assault "
                "on a hostile territory; land them there in the Noncombat Move", leg.loc("to"), "AA1941 L995"))
    elif phase != COMBAT_MOVE and not board.is_friendly_territory(target, power):
        out.append(given.problem(
            f"{target} is hostile: in the Noncombat Move land units leave a transport only into a friendly territory",
            leg.loc("to"), "AA1941 L987"))
    # A transport unloads into one territory a turn [L991].
    free = [s for s in seats if _free(board, s) and s.force.cargo.get(power) and s.target in (None, target)]
    free.sort(key=lambda s: -sum(_left(s, power).values()))
    # Any number of the units aboard land, in an assault too: they boarded before the turn [L987], [L997].
    picks, want = [], dict(leg.units)
    for seat in free:
        share = {u: min(n, _left(seat, power).get(u, 0)) for u, n in want.items()}
        share = {u: n for u, n in share.items() if n}
        if share:
            picks.append((seat, share))
            want = {u: n for u, n in add_counts(want, share, -1).items() if n}
    if want:
        return out + _short(board, given, leg, seats, power, legs)
    for seat, share in picks:
        seat.landing = add_counts(seat.landing, share)
        seat.target = target
        leg.rides.append((seat, share))
    return out


def _left(seat: Seat, power: str) -> UnitCounts:
    """The power's cargo aboard as the phase began, less what other moves land."""
    return {u: n for u, n in add_counts(seat.force.cargo.get(power, {}), seat.landing, -1).items() if n > 0}


def _short(board: Board, given: OrdersInput, leg: Leg, seats: list[Seat], power: str,
           legs: list[Leg]) -> list[Problem]:
    """Why a move cannot land the units it names from the zone."""
    zone = leg.start
    if (one := _one_territory(board, given, leg, seats, legs)) is not None:
        return [one]
    mine = [s for s in seats if s.force.cargo.get(power)]
    allies = [p for s in seats for p in s.force.cargo if p != power]
    if not mine and allies:
        return [given.problem(
            f"the land units aboard in {zone} belong to {allies[0]}: allied cargo lands only in its owner's turn, "
            f"not in {power}'s", leg.loc("from"), "AA1941 L989")]
    if not mine:
        return [given.problem(f"{power} has no land units aboard a transport in {zone}", leg.loc("from"), "AA1941 L989")]
    return [given.problem(
        f"{power} has not {describe(leg.units)} aboard transports staying in {zone} free to land there (cargo of a "
        "transport that moves in these orders lands with its unload; a transport that unloaded, retreated, fought or "
        "moved this turn, or that unloads into another territory, cannot)", leg.loc("units"), "AA1941 L991")]


def _one_territory(board: Board, given: OrdersInput, leg: Leg, seats: list[Seat], legs: list[Leg]) -> Problem | None:
    """The units would leave a transport that unloads elsewhere this turn, or that moves in these
    orders and so lands its cargo with its own move's `unload` [L987], [L991]; None if neither."""
    power, zone, target = given.model.power, leg.start, leg.end
    for other in legs:
        carried = [t for t in other.taken("transport") if t.force.cargo.get(power)] or other.boardings
        if other is leg or other.end != zone or not other.units.get("transport") or not carried:
            continue
        if other.unload and other.unload != target:
            return given.problem(
                f"a transport unloads into one territory a turn: the transports of move {other.index + 1} unload into "
                f"{other.unload}, so none of their cargo may land in {target}; name the units landing in "
                f"{other.unload} with unload_units (the rest stay aboard)", leg.loc("to"), ONE_TERRITORY_RULE)
        return given.problem(
            f"the transports of move {other.index + 1} move to {zone} in these orders: their cargo lands with that "
            f"move (unload: {target}, and unload_units for part of it), not with a move of its own", leg.loc("from"),
            PARTIAL_RULE)
    elsewhere = [s for s in seats if _free(board, s) and s.force.cargo.get(power) and s.target not in (None, target)]
    if elsewhere:
        return given.problem(
            f"a transport unloads into one territory a turn: {power}'s cargo aboard the transport staying in {zone} "
            f"lands in {elsewhere[0].target} in another move, so none of it may land in {target}", leg.loc("to"),
            ONE_TERRITORY_RULE)
    return None


def execute_rides(ctx: Context, board: Board, legs: list[Leg], phase: str) -> None:
    """Units board or leave the transports that stay put; each transport changes once."""
    power = ctx.game.power
    seats: list[Seat] = []
    for leg in legs:
        ride = leg.in_place(board)
        if not ride:
            continue
        owners = ", ".join(sorted({f"{s.force.power}'s" for s, _ in leg.rides}))
        if ride == "board":
            for take in leg.takes:
                ctx.emit(RemoveUnits(space=leg.start, force=take.force, reason="boards a transport"))
            ctx.note(f"{power} boards {describe(leg.units)} from {leg.start} onto {owners} transport in {leg.end} "
                     "[L989]")
        elif phase == COMBAT_MOVE:
            ctx.note(f"{power}'s {describe(leg.units)} aboard {owners} transport in {leg.start} will land in an "
                     f"amphibious assault on {leg.end} [L412, L477]")
        else:
            ctx.emit(AddUnits(space=leg.end, force=Force(power=power, units=dict(leg.units), moved=1, done=True)))
            ctx.note(f"{power} lands {describe(leg.units)} from {owners} transport in {leg.start} in {leg.end} "
                     "[L477, L987]")
        seats += [s for s, _ in leg.rides if all(s is not t for t in seats)]
    for seat in seats:
        if seat.landing and phase == COMBAT_MOVE:
            # The cargo stays aboard until the sea battle is over [L385, L509]; the transport is the
            # mover's part of the assault only if it is the mover's own. What the move does not name
            # stays aboard [L997].
            stays = add_counts(seat.force.cargo.get(power, {}), seat.landing, -1)
            marks: dict = {"assault": seat.target, "combat": seat.force.combat or seat.force.power == power,
                           "stays_aboard": {u: n for u, n in stays.items() if n > 0}}
        else:
            cargo = {p: dict(u) for p, u in seat.force.cargo.items()}
            cargo[power] = add_counts(add_counts(cargo.get(power, {}), seat.boarding), seat.landing, -1)
            cargo = {p: {u: n for u, n in units.items() if n} for p, units in cargo.items()}
            marks = {"cargo": {p: u for p, u in cargo.items() if u}}
            if seat.landing:
                marks["done"] = True  # a transport that unloaded does not move again this turn [L991]
        ctx.emit(RemoveUnits(space=seat.zone, force=seat.one, reason="cargo boards or leaves"))
        ctx.emit(AddUnits(space=seat.zone, force=seat.one.model_copy(update=marks)))
