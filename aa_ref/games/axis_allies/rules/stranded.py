"""Stranded fighters: defending fighters whose carrier was sunk [L720, L862-L867] (Global 1940:
or damaged in the battle; air units aboard a carrier damaged before it stay aboard [G40 L1504]).

After the last battle of the Conduct Combat phase, each power's fighters left at sea
with no room on a carrier of their side may land on a carrier with room in the same
zone (counted already), or move one space to a territory friendly to their owner or to
a carrier of their side with room; otherwise they are lost. PROPOSED (digest §9 #19):
the territory must be friendly to the fighter's owner now and not captured this turn.
One choice is made for all of a power's stranded fighters in a zone; with a single
legal place they go there, with several the owner decides (a `landing` decision).
"""

from __future__ import annotations

from dataclasses import dataclass

from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.events import AddUnits, RemoveUnits
from aa_ref.games.axis_allies.model.state import Decision, Force
from aa_ref.games.axis_allies.rules.board import CARRIER_PLANES, CARRIER_ROOM, Board
from aa_ref.games.axis_allies.rules.damaged_carriers import aboard_damaged

RULE = "AA1941 stranded fighters [L720, L862-L867]"


@dataclass(frozen=True)
class Stranded:
    zone: str
    power: str
    count: int


def _side(board: Board, power: str) -> list[str]:
    return [p for p in board.setup.turn_order if board.allied(power, p)]


def _room(board: Board, zone: str, power: str) -> int:
    """Free fighter places on the carriers of `power`'s side in a zone."""
    side = _side(board, power)
    units = board.units(zone, side)
    # Global 1940: a damaged carrier has no room, and the air units aboard it stay there [G40 L1498], [G40 L1504]
    hurt = sum(f.damage().get("carrier", 0) for f in board.game.forces(zone) if f.power in side)
    aboard = sum(aboard_damaged(board, zone, p) for p in side)
    return CARRIER_ROOM * (units.get("carrier", 0) - hurt) - (sum(units.get(u, 0) for u in CARRIER_PLANES) - aboard)


def find_stranded(board: Board) -> list[Stranded]:
    """Fighters at sea beyond their side's carrier room, per zone and owner (the mover's excluded)."""
    out = []
    for zone, state in board.game.spaces.items():
        if not board.is_sea(zone):
            continue
        for power in board.setup.turn_order:
            if power == board.game.power:
                continue
            planes = sum(f.units.get(u, 0) for f in state.forces if f.power == power for u in CARRIER_PLANES)
            if not planes:  # most zones and powers: none, so none stranded (the rest is asked only of fighters)
                continue
            mine = planes - aboard_damaged(board, zone, power)
            if mine <= 0:
                continue
            excess = min(mine, -_room(board, zone, power))
            if excess > 0:
                out.append(Stranded(zone, power, excess))
    return out


def landing_options(board: Board, stranded: Stranded) -> list[str]:
    """Places one space away where all of them may land [L720]."""
    options = []
    for near in sorted(board.adjacency[stranded.zone]):
        if board.is_land(near):
            if board.is_friendly_territory(near, stranded.power) and near not in board.game.turn.captured:
                options.append(near)
        elif _room(board, near, stranded.power) >= stranded.count:
            options.append(near)
    return options


def resolve_stranded(ctx: Context) -> Decision | None:
    """Land or lose every stranded fighter that has at most one choice; a decision for the first that has more."""
    while True:
        board = Board(ctx.setup, ctx.game)
        for stranded in find_stranded(board):
            options = landing_options(board, stranded)
            if len(options) > 1:
                return Decision(power=stranded.power, kind="landing", space=stranded.zone, hits=stranded.count,
                                detail=f"{stranded.count} {stranded.power} fighter(s) in {stranded.zone} lost their carrier; "
                                       f"land them one space away, in one of: {', '.join(options)} [L720]")
            _fly(ctx, stranded, options[0] if options else None)
            break
        else:
            return None


def _fly(ctx: Context, stranded: Stranded, to: str | None) -> None:
    left = stranded.count
    # Fighters, then Global 1940 tactical bombers [G40 L1504]
    for force, plane in [(f.model_copy(deep=True), u) for f in ctx.game.forces(stranded.zone, stranded.power)
                         for u in CARRIER_PLANES]:
        if not left:
            break
        k = min(left, force.units.get(plane, 0))
        if not k:
            continue
        ctx.emit(RemoveUnits(space=stranded.zone, force=force.model_copy(update={"units": {plane: k}, "damaged": 0, "damaged_units": {}}),
                             reason="stranded fighter" if to else "stranded fighter lost"))
        if to:
            ctx.emit(AddUnits(space=to, force=Force(power=stranded.power, units={plane: k}, done=True)))
        left -= k
    if to:
        ctx.note(f"{stranded.count} {stranded.power} fighter(s) stranded in {stranded.zone} land in {to} [L720]")
    else:
        ctx.note(f"{stranded.count} {stranded.power} fighter(s) stranded in {stranded.zone} have nowhere to land "
                 "and are lost [L720]")


def check_landing_answer(board: Board, given: OrdersInput, decision: Decision) -> list[Problem]:
    answer = given.model
    if answer.land_at is None:
        return [given.problem("a landing decision needs 'land_at'", (), RULE)]
    stranded = Stranded(decision.space, decision.power, decision.hits)
    options = landing_options(board, stranded)
    place = board.setup.space_names.get(answer.land_at)
    if place not in options:
        return [given.problem(f"the fighters cannot land in {answer.land_at}: answer one of {', '.join(options)}",
                              ("land_at",), RULE)]
    return []


def answer_landing(ctx: Context, given: OrdersInput, decision: Decision) -> None:
    _fly(ctx, Stranded(decision.space, decision.power, decision.hits), ctx.setup.space_names.get(given.model.land_at))
