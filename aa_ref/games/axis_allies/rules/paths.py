"""Path rules for one move: adjacency, range, neutral spaces, straits, canals, and where
land and sea units must stop [L248, L272-L286, L368-L379, L430-L440, L698-L728, L889].

Every rule reads the board as it stood when the phase began: moves are simultaneous
[L385]. Where a move must end (a battle, a safe landing) needs all moves at once and is
checked in `battle_sites` and `air`.

The Anniversary Edition adds, as data: a power confined to a movement area (China
[@49894], [@50258]) whose units never board transports [@50171]; units that move only in
the Noncombat Move (AA guns [@112929]); installations that never move (industrial
complexes [@115016]); and the technologies Long-Range Aircraft (ranges from
`Board.profile`), Mechanized Infantry [@57256] and Paratroopers [@55972]. Its canals open
only to a side that held them at the start of the turn [@39538].
"""

from __future__ import annotations

from aa_ref.core.engine import OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.setup import UnitCounts
from aa_ref.games.axis_allies.rules.bases import movement_bonus
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.legs import COMBAT_MOVE, Leg, describe

MECHANIZED, PARATROOPERS = "mechanized_infantry", "paratroopers"
"""Technology ids (setup `technologies`) that change how units move."""


def check_path(board: Board, given: OrdersInput, leg: Leg, phase: str,
               blitzed_now: frozenset[str] = frozenset()) -> list[Problem]:
    """Every path rule that concerns this move alone; `blitzed_now` are the territories the
    orders' tank moves blitz through, which bombers carrying paratroopers may fly over."""
    if leg.drop:
        return []  # the bombers' move carries the paratroopers: its checks cover them
    problems = []
    for k in range(leg.length):
        a, b = leg.path[k], leg.path[k + 1]
        if not board.adjacent(a, b):
            # Units move from a space to a space that shares a border with it [L248].
            problems.append(given.problem(f"{a} and {b} do not share a border", leg.step_loc(k + 1), "AA1941 L248"))
    for k, space in enumerate(leg.path):
        if board.is_neutral(space):
            if board.neutral_alignment(space) is not None:
                # Global 1940: a neutral with an alignment may be entered, never crossed or flown
                # over [G40 L389, L401, L407]; `aa.neutrals` checks the entry.
                if 0 < k < leg.length:  # (air units that attacked it fly out from it)
                    problems.append(given.problem(
                        f"{space} is neutral: units may end a move there (attacking it, or entering a friendly one) "
                        "but not pass through or fly over it", leg.step_loc(k), "AA1941 L274"))
                continue
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
    problems += _confined(board, given, leg) + _unit_limits(board, given, leg, phase)
    if leg.paratroopers:
        problems += _paratroopers(board, given, leg, phase, blitzed_now)
    if "land" in domains:
        problems += _land(board, given, leg, phase)
    if "sea" in domains:
        problems += _sea(board, given, leg, phase)
    return problems


def _too_far(board: Board, given: OrdersInput, leg: Leg) -> list[Problem]:
    """Each unit moves at most its movement value [L368, L692], with its power's technologies
    (Long-Range Aircraft [@58018]); an air unit's every border crossing counts [L828-L836].
    With Mechanized Infantry, infantry paired one to one with tanks of the same move go
    as far as the tanks [@57256] (ruling A18)."""
    power = given.model.power
    out = []
    for unit in leg.units:
        # Global 1940: +1 from an operational air base or naval base [G40 L686], [G40 L690]
        movement = board.profile(power, unit).movement + movement_bonus(board, power, unit, leg.start)
        if unit == "infantry" and leg.length > movement and mechanized(board, leg, power):
            tanks = leg.units.get("tank", 0)
            if leg.units[unit] <= tanks and leg.length <= board.profile(power, "tank").movement:
                continue
            out.append(given.problem(
                f"with Mechanized Infantry each infantry moves {leg.length} spaces only paired with a tank of the same "
                f"move: this move has {leg.units[unit]} infantry and {tanks} tank(s)", leg.unit_loc(unit),
                "Anniversary Mechanized Infantry [@57256]"))
            continue
        if leg.length > movement:
            hint = ""
            if unit == "infantry" and board.has_tech(power, MECHANIZED):
                hint = " (with Mechanized Infantry it moves 2 only in the same move as a tank, one infantry per tank)"
            out.append(given.problem(
                f"{unit} moves at most {movement} space{'s' if movement > 1 else ''} a turn; this path is {leg.length}"
                + hint,
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


def mechanized(board: Board, leg: Leg, power: str) -> bool:
    """The move has tanks and infantry and the power has Mechanized Infantry [@57256]."""
    return bool(leg.units.get("tank") and leg.units.get("infantry")) and board.has_tech(power, MECHANIZED)


def blitzers(board: Board, leg: Leg, power: str) -> bool:
    """Only tanks blitz [L436], [@71733]; with Mechanized Infantry, infantry paired one to one
    with them may pass the territory they blitz (ruling A18)."""
    if set(leg.units) == {"tank"}:
        return True
    if set(leg.units) <= {"tank", "mech_infantry"} and board.has_tech(power, "improved_mech_infantry"):
        return True  # Global 1940 Improved Mechanized Infantry: mechs blitz without tanks [G40 L1840]
    if set(leg.units) == {"tank", "mech_infantry"}:  # Global 1940: a mech paired with a tank [G40 L1293]
        return leg.units["mech_infantry"] <= leg.units["tank"]
    return (set(leg.units) == {"tank", "infantry"} and mechanized(board, leg, power)
            and leg.units["infantry"] <= leg.units["tank"])


def blitzed(board: Board, leg: Leg, power: str) -> str | None:
    """The territory a tank move blitzes through, if it is a legal blitz: the first step of a
    two-space tank move, into a hostile territory with no enemy units (an AA gun counts
    [@71733]) and no industrial complex [L432-L436, L808]."""
    if leg.length != 2 or leg.drop or not blitzers(board, leg, power):
        return None
    first = leg.path[1]
    if not board.is_hostile_territory(first, power) or board.enemy_units(first, power):
        return None
    # Global 1940: any installation stops a blitz, as an AA gun does [G40 L1313]
    return None if board.has_factory(first) or board.installations(first) else first


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
                out.append(given.problem(_stop_reason(board, leg, space, power), leg.step_loc(k),
                                         "AA1941 L436"))
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
    if not blitzers(board, leg, power):
        return f"land units stop in the first hostile territory they enter ({space}); only tanks blitz through one"
    if leg.path.index(space) != 1:
        return f"a tank blitzes only through the first territory of its move, not {space}"
    if enemy := board.enemy_units(space, power):
        return (f"the tanks must stop in {space}: it holds enemy units ({describe(enemy)}), so they cannot blitz "
                "through it")
    if board.installations(space) and not board.has_factory(space):
        return (f"the tanks must stop in {space}: it has an enemy installation "
                f"({', '.join(u.replace('_', ' ') for u in board.installations(space))}), so they cannot blitz "
                "through it")
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
        if closed := canal_closed(board, a, b, power, leg.of(board, "sea")):
            out.append(given.problem(closed, leg.step_loc(k + 1), "AA1941 L284"))
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


# --- canals ---------------------------------------------------------------------------
def canal_closed(board: Board, a: str, b: str, power: str, ships: UnitCounts | None = None) -> str | None:
    """Why the canal between zones `a` and `b` is closed to the power's ships, or None: its
    side must control every territory commanding it [L282-L286], [@39920]. Ships whose types
    are all in the canal's `open_to` pass whoever controls it (Global 1940: submarines pass
    the Strait of Gibraltar [G40 L526]); `ships` None or empty stands for any ship."""
    canal = next((c for c in board.setup.canals if {a, b} == set(c.joins)), None)
    if canal is None:
        return None
    if ships and all(unit in canal.open_to for unit in ships):
        return None
    held = " and ".join(canal.controlled_by)
    passing = f" (only {' and '.join(canal.open_to)} units pass it whoever controls it)" if canal.open_to else ""
    if not board.canal_open(a, b, power):
        return f"the {canal.name} is closed to {power}: its side must control {held}{passing}"
    taken = [t for t in canal.controlled_by if t in board.game.turn.captured]
    if taken and canal.held_since_turn_start:
        return (f"the {canal.name} is closed to {power} this turn: its side took {' and '.join(taken)} this turn, and "
                f"a canal opens only to a side that held {held} at the start of its turn{passing}")
    return None


# --- the Anniversary Edition's limits on who moves where --------------------------------
def area_words(board: Board, power: str) -> str:
    """A confined power's movement area in words: its own territories by its name, then the others."""
    area = board.setup.powers[power].confined_to
    home = [s for s in area if board.setup.spaces[s].start_owner == power]
    names = ([power] if home else []) + [s for s in area if s not in home]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def no_transports(board: Board, power: str) -> bool:
    """China's units cannot be loaded on transports [@50171]."""
    return board.setup.china is not None and board.setup.china.power == power


def _confined(board: Board, given: OrdersInput, leg: Leg) -> list[Problem]:
    """A power with a movement area (China) enters, crosses and flies over only its spaces
    [@49894], [@50258]; its fighter (the Flying Tigers) neither leaves nor overflies it and
    lands only there (ruling A27, [@50598])."""
    power = given.model.power
    area = board.setup.powers[power].confined_to
    if not area or (leg.in_place(board) == "board" and no_transports(board, power)):
        return []
    words = f"{power}'s units may move only within {area_words(board, power)}"
    rule = "Anniversary China's movement area [@49894], [@50258]"
    if leg.of(board, "air"):
        words += "; its fighter may not leave that area nor fly over any other space"
        rule = "Anniversary China's movement area [@49894], the Flying Tigers [@50598] (ruling A27)"
    out = [given.problem(f"{words}: {space} is outside it", leg.step_loc(k), rule)
           for k, space in enumerate(leg.path) if k and space not in area]
    if leg.land_at and leg.land_at not in area:
        out.append(given.problem(f"{words}: {leg.land_at} is outside it", leg.loc("land_at"), rule))
    return out


def _unit_limits(board: Board, given: OrdersInput, leg: Leg, phase: str) -> list[Problem]:
    """Units that never move (industrial complexes [@115016]), units that move only in the
    Noncombat Move (AA guns [@112929]), and China's units, which never board a transport [@50171]."""
    power = given.model.power
    ride = leg.in_place(board)
    out = []
    if no_transports(board, power) and (ride == "board" or leg.boardings):
        out.append(given.problem(
            f"{power}'s units cannot be loaded on transports", leg.loc("to") if ride else leg.loc("load"),
            "Anniversary China [@50171]"))
    for unit in leg.units:
        if problem := _unit_limit(board, unit, leg.start, phase, ride):
            out.append(given.problem(problem[0], leg.unit_loc(unit), problem[1]))
    for boarding in leg.boardings:
        for unit in boarding.units:
            if problem := _unit_limit(board, unit, boarding.territory, phase, "board"):
                out.append(given.problem(
                    problem[0], leg.loc("load", boarding.index, "units", boarding.texts.get(unit, unit)), problem[1]))
    return out


def _unit_limit(board: Board, unit: str, start: str, phase: str, ride: str | None) -> tuple[str, str] | None:
    """Why `unit` may not make this move (message, rule), or None."""
    profile = board.unit(unit)
    name = "AA gun" if unit == "aa_gun" else unit.replace("_", " ")
    if profile.installation:
        return (f"an {name} never moves: industrial complexes cannot move or be carried",
                "Anniversary industrial complex [@115016]")
    if not profile.noncombat_only:
        return None
    if phase == COMBAT_MOVE and ride == "land":
        # Ruling A46: an AA gun carried since an earlier turn may not land in a hostile territory.
        return (f"{name}s may not be unloaded into a hostile territory: an amphibious assault cannot land them",
                "Anniversary AA gun [@112929] (ruling A46)")
    if phase == COMBAT_MOVE and ride == "board":
        return (f"{name}s may not be loaded in the Combat Move: they move in it only as cargo loaded in an earlier "
                "turn's Noncombat Move", "Anniversary AA gun [@112929]")
    if phase == COMBAT_MOVE:
        return (f"{name}s move only in the Noncombat Move (in the Combat Move only as cargo aboard a transport that "
                "loaded them in an earlier turn)", "Anniversary AA gun [@112929]")
    if start in board.game.turn.captured:
        return (f"the {name} in {start} was captured this turn: it cannot move in this Noncombat Move",
                "Anniversary AA gun [@89553]")
    return None


def _paratroopers(board: Board, given: OrdersInput, leg: Leg, phase: str,
                  blitzed_now: frozenset[str] = frozenset()) -> list[Problem]:
    """With Paratroopers each bomber carries one infantry from its start territory in the
    Combat Move; it stops in the first hostile territory it enters, where the infantry drops,
    and it may not make a bombing raid that turn [@55972] (ruling A19). A territory a tank
    blitzes in the same Combat Move is under the tank's control before it moves on [@71990],
    so it is no longer hostile: the bombers fly over it, and cannot drop there (ruling A17)."""
    power = given.model.power
    rule = "Anniversary Paratroopers [@55972]"
    loc = leg.loc("paratroopers")
    if not board.has_tech(power, PARATROOPERS):
        return [given.problem(f"bombers carry infantry only with the Paratroopers technology, which {power} does not "
                              "have", loc, rule)]
    if phase != COMBAT_MOVE:
        return [given.problem("bombers carry paratroopers only in the Combat Move", loc, rule + " (ruling A19)")]
    out = []
    bombers = leg.units.get("bomber", 0)
    if set(leg.units) != {"bomber"}:
        out.append(given.problem("paratroopers: only a move of bombers alone carries paratroopers", loc, rule))
    elif leg.paratroopers > bombers:
        out.append(given.problem(
            f"each bomber carries one infantry: {bombers} bomber(s) carry at most {bombers}, not {leg.paratroopers}",
            loc, rule))
    if leg.bombing:
        out.append(given.problem("a bomber carrying paratroopers cannot make a strategic bombing raid this turn",
                                 leg.loc("bombing"), rule))
    for k in range(1, leg.length):
        if board.is_hostile_territory(leg.path[k], power) and leg.path[k] not in blitzed_now:
            out.append(given.problem(
                f"bombers carrying paratroopers stop in the first hostile territory they enter: {leg.path[k]}",
                leg.step_loc(k), rule))
    if leg.end in blitzed_now:
        out.append(given.problem(
            f"paratroopers drop into a hostile territory: {leg.end} is taken by a tank's blitz in this Combat Move "
            "(ruling A17)", leg.loc("to"), rule))
    elif not board.is_hostile_territory(leg.end, power):
        out.append(given.problem(f"paratroopers drop into a hostile territory: {leg.end} is not one", leg.loc("to"),
                                 rule))
    return out
