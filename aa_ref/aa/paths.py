"""Path rules for one move: adjacency, range, neutral spaces, straits, canals, and where
land and sea units must stop [L248, L272-L286, L368-L379, L430-L440, L698-L728, L889].

Every rule reads the board as it stood when the phase began: moves are simultaneous
[L385]. Where a move must end (a battle, a safe landing) needs all moves at once and is
checked in `battle_sites` and `air`.
"""

from __future__ import annotations

from aa_ref.aa.board import Board
from aa_ref.aa.legs import COMBAT_MOVE, Leg
from aa_ref.engine import OrdersInput
from aa_ref.errors import Problem


def check_path(board: Board, given: OrdersInput, leg: Leg, phase: str) -> list[Problem]:
    """Every path rule that concerns this move alone."""
    problems = []
    for k in range(leg.length):
        a, b = leg.path[k], leg.path[k + 1]
        if not board.adjacent(a, b):
            # Units move from a space to a space that shares a border with it [L248].
            problems.append(given.problem(f"{a} and {b} do not share a border", leg.step_loc(k + 1), "AA1941 L248"))
    for k, space in enumerate(leg.path):
        if board.is_neutral(space):
            # Neutral territories cannot be entered, crossed or flown over [L272-L274, L379].
            problems.append(given.problem(
                f"{space} is neutral: no unit may enter, cross or fly over it", leg.step_loc(k), "AA1941 L274"))
    if problems:
        return problems
    domains = {board.domain(u) for u in leg.units}
    if leg.length == 0 and not (leg.units.get("transport") and (leg.boardings or leg.unload)):
        return [given.problem(
            "from and to are the same space: the units would not move (only a transport may stay to load or unload)",
            leg.loc("to"), "AA1941 L368")]
    problems += _too_far(board, given, leg) + _air_keys(board, given, leg, phase)
    if "land" in domains:
        problems += _land(board, given, leg, phase)
    if "sea" in domains:
        problems += _sea(board, given, leg, phase)
    return problems


def _too_far(board: Board, given: OrdersInput, leg: Leg) -> list[Problem]:
    """Each unit moves at most its movement value [L368, L692]; an air unit's every border
    crossing counts [L828-L836]."""
    out = []
    for unit in leg.units:
        movement = board.unit(unit).movement
        if leg.length > movement:
            out.append(given.problem(
                f"{unit} moves at most {movement} space{'s' if movement > 1 else ''} a turn; this path is {leg.length}",
                leg.unit_loc(unit), "AA1941 L408" if board.domain(unit) == "air" else "AA1941 L368"))
    return out


def _air_keys(board: Board, given: OrdersInput, leg: Leg, phase: str) -> list[Problem]:
    """`battle` and `land_at` belong to air units in the Combat Move [L418, L840]; in the
    Noncombat Move an air unit lands where its move ends [L706]."""
    out = []
    air = bool(leg.of(board, "air"))
    if leg.battle and (not air or phase != COMBAT_MOVE):
        out.append(given.problem(
            "battle: assigns air units to the sea or land battle of an amphibious assault in the Combat Move",
            leg.loc("battle"), "AA1941 L418"))
    if leg.land_at and not air:
        out.append(given.problem("land_at: names where air units will land; this move has none", leg.loc("land_at"),
                                 "AA1941 L840"))
    elif leg.land_at and phase != COMBAT_MOVE and leg.land_at != leg.end:
        out.append(given.problem(
            f"in the Noncombat Move air units land where their move ends ({leg.end}), not at {leg.land_at}",
            leg.loc("land_at"), "AA1941 L706"))
    return out


def blitzed(board: Board, leg: Leg, power: str) -> str | None:
    """The territory a tank move blitzes through, if it is a legal blitz: the first step of a
    two-space tank move, into a hostile territory with no enemy units and no industrial
    complex [L432-L436, L808]."""
    if leg.length != 2 or set(leg.units) != {"tank"}:
        return None
    first = leg.path[1]
    if not board.is_hostile_territory(first, power) or board.enemy_units(first, power):
        return None
    return None if board.has_factory(first) else first


def _land(board: Board, given: OrdersInput, leg: Leg, phase: str) -> list[Problem]:
    power = given.model.power
    if any(board.is_sea(s) for s in leg.path):
        # Land units go to sea only as a transport's cargo [L979-L987]: moving transports
        # load them with `load`; a land unit steps into a zone to board a transport staying
        # there, or out of one to leave it [L989] (checked in `aboard`).
        if leg.of(board, "sea"):
            return [given.problem(
                "land units cross the sea as a transport's cargo: list them under load, not under units",
                leg.unit_loc(next(iter(leg.of(board, "land")))), "AA1941 L979")]
        if leg.in_place(board):
            return []
        return [given.problem(
            "land units board or leave a transport in one step of their own: from a territory to the sea zone "
            "next to it (boarding), or from the zone to a territory next to it (landing), with no via and no "
            "other units in the move", leg.loc("to"), "AA1941 L987")]
    out = []
    if phase == COMBAT_MOVE:
        for k in range(1, leg.length):
            space = leg.path[k]
            if board.is_hostile_territory(space, power) and blitzed(board, leg, power) != space:
                out.append(given.problem(_stop_reason(board, leg, space, power), leg.step_loc(k), "AA1941 L436"))
    else:
        for k in range(1, leg.length + 1):
            space = leg.path[k]
            if not board.is_friendly_territory(space, power):
                # Noncombat land moves stay in friendly territory, captured ones included [L702].
                out.append(given.problem(
                    f"{space} is hostile: in the Noncombat Move land units move only into and through friendly "
                    "territory", leg.step_loc(k), "AA1941 L702"))
    return out


def _stop_reason(board: Board, leg: Leg, space: str, power: str) -> str:
    """Why land units must stop in the first hostile territory they enter [L370, L436]."""
    if set(leg.units) != {"tank"}:
        return f"land units stop in the first hostile territory they enter ({space}); only tanks blitz through one"
    if leg.path.index(space) != 1:
        return f"a tank blitzes only through the first territory of its move, not {space}"
    if board.enemy_units(space, power):
        return f"the tanks must stop in {space}: it holds enemy units, so they cannot blitz through it"
    return f"the tanks must stop in {space}: it has an enemy industrial complex, so they cannot blitz through it"


def _sea(board: Board, given: OrdersInput, leg: Leg, phase: str) -> list[Problem]:
    power = given.model.power
    out = []
    for k, space in enumerate(leg.path):
        if board.is_land(space):
            # Sea units never enter land [L885].
            return [given.problem(f"{space} is land: ships move only by sea", leg.step_loc(k), "AA1941 L885")]
    for k in range(leg.length):
        a, b = leg.path[k], leg.path[k + 1]
        if board.strait_closed(a, b):
            # Ships never enter or leave the Black Sea [L276-L280].
            zone = a if a in {s.sea_zone for s in board.setup.straits} else b
            out.append(given.problem(
                f"ships may not enter or leave {zone}: the Turkish Straits are closed to them", leg.step_loc(k + 1),
                "AA1941 L278"))
        if not board.canal_open(a, b, power):
            # A canal is open to a side that controls every territory commanding it [L282-L286].
            canal = next(c for c in board.setup.canals if {a, b} == set(c.joins))
            out.append(given.problem(
                f"the {canal.name} is closed to {power}: its side must control {' and '.join(canal.controlled_by)}",
                leg.step_loc(k + 1), "AA1941 L284"))
    subs_only = set(leg.of(board, "sea")) == {"submarine"} and not leg.of(board, "land")
    last = leg.length if phase != COMBAT_MOVE else leg.length - 1
    for k in range(1, last + 1):
        space = leg.path[k]
        if subs_only:
            # Submarines pass hostile zones, but stop where an enemy destroyer is [L430, L728, L953].
            if board.has_enemy_destroyer(space, power) and k < leg.length:
                out.append(given.problem(
                    f"submarines stop on entering {space}: it holds an enemy destroyer", leg.step_loc(k),
                    "AA1941 L430" if phase == COMBAT_MOVE else "AA1941 L728"))
        elif board.is_hostile_sea(space, power):
            if phase == COMBAT_MOVE:
                # Ships stop on entering a hostile zone, transports included [L370, L440, L889].
                out.append(given.problem(
                    f"ships stop on entering {space}: it holds enemy warships", leg.step_loc(k), "AA1941 L889"))
            else:
                out.append(given.problem(
                    f"{space} holds enemy warships: in the Noncombat Move ships may not enter a hostile zone",
                    leg.step_loc(k), "AA1941 L724"))
    return out
