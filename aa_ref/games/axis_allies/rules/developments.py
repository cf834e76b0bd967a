"""Global 1940 developments whose effects differ from the Anniversary Edition's [G40 L1819-L1873].

Citations `[G40 Lnnn]` are lines of the rulebook `shared/seeds/000_f34e5ec93fbfbe5a.txt`. The
charts are the setup's `technologies`; a development whose effect is the Anniversary's keeps the
Anniversary id and the shared code applies it (Improved Artillery, War Bonds, Super Submarines,
Improved Shipyards, Radar, Long Range Aircraft, Increased Factory Production: 12/4 placements in
`installations.factory_places`, half-price repairs in `purchase.repair_cost`). Here, the others:

- Rockets (`g40_rockets`) [G40 L1824]: in the raids step of Conduct Combat each operational air
  base of the power fires one rocket at an enemy industrial complex, air base or naval base within
  4 spaces, never in a neutral territory: one die of damage markers, up to the installation's cap.
  Orders: `rockets: [{from: <air base territory>, at: <territory>, target: <installation>}]`
  (target optional: the complex, else the air base, else the naval base). Ruling G40-R1.
- Paratroopers (`g40_paratroopers`) [G40 L1826-L1828]: a Combat Move of infantry with
  `airborne: true`, flown like air units (`check_paratroopers`); they land as a `drop` leg, fight
  and retreat with the land attack. AA fire at them is not implemented: such a drop is refused.
  Ruling G40-R2.
- Improved Mechanized Infantry (`improved_mech_infantry`) [G40 L1840]: attacking, a mechanized
  infantry paired with a tank is raised to 2 as artillery raises it (`firepower`), and mechanized
  infantry blitz without tanks (`paths.blitzers`).
- Heavy Bombers (`g40_heavy_bombers`) [G40 L1873]: strategic bombers attacking roll two dice and
  keep the better, in battle (`firepower`, `FireGroup.best_of`) and in a raid (`raids._bomb`).
- Jet Fighters (`jet_fighters`) [G40 L1850]: besides attacking at 4 (setup), escorts and
  interceptors hit on 1-2 in a raid's air battle (`raids._air_battle`, `air_battle_value`).
"""

from __future__ import annotations

from aa_ref.core.dice import Volley
from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.orders import Rocket
from aa_ref.games.axis_allies.rules import installations
from aa_ref.games.axis_allies.rules.board import Board

ROCKETS = "g40_rockets"
PARATROOPERS = "g40_paratroopers"
IMPROVED_MECH = "improved_mech_infantry"
HEAVY_BOMBERS = "g40_heavy_bombers"
JET_FIGHTERS = "jet_fighters"
ROCKET_RANGE = 4
"""A rocket reaches an installation within 4 spaces of its air base [G40 L1824]."""
JET_AIR_BATTLE = 2
"""With Jet Fighters escorts and interceptors hit on 1-2 in a raid's air battle [G40 L1850]."""
RULE_ROCKETS = "G40 Rockets [L1824]"
RULE_PARATROOPERS = "G40 Paratroopers [L1826-L1828]"
TARGET_ORDER = (installations.INDUSTRIAL_COMPLEX, installations.AIR_BASE, installations.NAVAL_BASE)


def applies(board: Board) -> bool:
    """The Global 1940 charts are in use: the setup defines the Global Rockets."""
    return ROCKETS in board.setup.technologies


# --- Jet Fighters in the air battle -------------------------------------------------------
def air_battle_value(board: Board, power: str, unit: str, base: int) -> int:
    """What an aircraft hits on in a raid's air battle: 1, a fighter of a power with Jet
    Fighters 1-2 [G40 L813], [G40 L1850]."""
    if unit == "fighter" and applies(board) and board.has_tech(power, JET_FIGHTERS):
        return max(base, JET_AIR_BATTLE)
    return base


# --- Rockets ------------------------------------------------------------------------------
def rocket_sites(board: Board, power: str) -> list[str]:
    """The power's operational air bases: its own, not captured this turn, under 3 damage markers
    [G40 L1824], [G40 L1231]."""
    return sorted(s for s in board.game.spaces if board.owner(s) == power
                  and installations.operational(board, s, installations.AIR_BASE, power))


def reach(board: Board, site: str) -> dict[str, int]:
    """Spaces within range of an air base, counted like a flight, never through a neutral (ruling G40-R1)."""
    return {s: d for s, d in board.distances(site, lambda s: not board.is_neutral(s)).items() if d <= ROCKET_RANGE}


def target_fault(board: Board, power: str, space: str) -> str | None:
    """Why `space` may not be a rocket's target, or None."""
    if board.is_neutral(space):
        return f"{space} is neutral: rockets are never launched at neutral territories [G40 L1824]"
    if not board.is_land(space) or not board.installations(space):
        return f"{space} has no industrial complex, air base or naval base for a rocket to hit"
    if not board.enemies(power, board.owner(space)):
        return f"{space} is not held by a power {power} is at war with"
    return None


def installation_for(board: Board, space: str, text: str | None) -> str | None:
    """The installation a rocket hits: the one named (unit type, alias or kind), else the complex,
    else the air base, else the naval base."""
    if text:
        unit = board.setup.unit_names.get(text)
        if unit in board.installations(space):
            return unit
        return board.installation(space, text.strip().lower().replace(" ", "_"))
    return next((u for k in TARGET_ORDER if (u := board.installation(space, k))), None)


def rockets_ready(board: Board, power: str) -> bool:
    """The power has Rockets and an air base within range of an enemy installation."""
    return board.has_tech(power, ROCKETS) and any(
        target_fault(board, power, s) is None for site in rocket_sites(board, power) for s in reach(board, site))


def check_rockets(board: Board, given: OrdersInput) -> list[Problem]:
    """Each rocket: the power has Rockets; fired from one of its operational air bases, one each;
    at an installation of a power at war with it within 4 spaces, not in a neutral territory
    [G40 L1824]."""
    rockets: list[Rocket] = given.model.rockets or []
    power = given.model.power
    if rockets and not board.has_tech(power, ROCKETS):
        return [given.problem(f"{power} has not developed Rockets: its air bases launch no rockets", ("rockets",),
                              RULE_ROCKETS)]
    problems: list[Problem] = []
    sites, fired = rocket_sites(board, power), set()
    for i, rocket in enumerate(rockets):
        site, target = board.setup.space_names.get(rocket.from_), board.setup.space_names.get(rocket.at)
        if site is None or target is None:
            text, key = (rocket.from_, "from") if site is None else (rocket.at, "at")
            problems.append(given.problem(board.setup.space_names.unknown_message(text), ("rockets", i, key)))
            continue
        if site not in sites:
            problems.append(given.problem(
                f"{power} has no operational air base in {site} to launch a rocket (its own, not captured this turn, "
                "with fewer than 3 damage markers)", ("rockets", i, "from"), RULE_ROCKETS))
        elif site in fired:
            problems.append(given.problem(f"the air base in {site} launches one rocket a turn", ("rockets", i, "from"),
                                          RULE_ROCKETS))
        fired.add(site)
        fault = target_fault(board, power, target)
        if fault:
            problems.append(given.problem(fault, ("rockets", i, "at"), RULE_ROCKETS))
            continue
        if installation_for(board, target, rocket.target) is None:
            problems.append(given.problem(f"{target} has no {rocket.target} for the rocket to hit",
                                          ("rockets", i, "target"), RULE_ROCKETS))
        if site in sites and target not in reach(board, site):
            problems.append(given.problem(
                f"{target} is more than {ROCKET_RANGE} spaces from the air base in {site} (counted like a flight, "
                "never over a neutral)", ("rockets", i, "at"), RULE_ROCKETS))
    return problems


def fire_rockets(ctx: Context, power: str, rockets: list[Rocket]) -> None:
    """Each checked rocket rolls one die of damage markers on its installation, up to its cap
    [G40 L1824], [G40 L1187]."""
    names = ctx.setup.space_names
    for rocket in rockets:
        board = Board(ctx.setup, ctx.game)
        site, target = names.get(rocket.from_), names.get(rocket.at)
        unit = installation_for(board, target, rocket.target)
        die = ctx.roll(f"r{ctx.game.round}/{power}/{target}/rocket", 1,
                       Volley(f"{target}, {power}'s rocket from {site}", (("damage = the die", 1),)))[0]
        placed = installations.add_damage(ctx, target, unit, die, f"{power}'s rocket from {site}")
        lost = f"; {die - placed} lost above its limit of {board.unit(unit).max_damage}" if die > placed else ""
        ctx.note(f"{power}'s air base in {site} launches a rocket at the {unit.replace('_', ' ')} in {target}: {die}: "
                 f"{placed} damage marker(s) placed{lost} [G40 L1824]")


# --- Paratroopers -------------------------------------------------------------------------
PARATROOP_RANGE = 2, 3
"""Up to 2 infantry from each territory with an air base, up to 3 spaces away [G40 L1826]."""


def check_paratroopers(board: Board, given: OrdersInput, phase: str) -> list[Problem]:
    """Moves marked `airborne: true`: infantry only, in the Combat Move, of a power with
    Paratroopers, from a territory with an operational air base, at most 2 from each; a path of
    adjacent spaces up to 3 long flown like air units (never over a neutral), into an enemy-held
    territory that other land units of these orders attack overland or from the sea
    [G40 L1826-L1828]. AA fire at paratroopers is not implemented: a drop into a territory with
    enemy AA guns is refused by name (ruling G40-R2). Bombers carry no paratroopers here."""
    out = []
    power = given.model.power
    names = board.setup.space_names
    moves = getattr(given.model, "moves", None) or []
    dropped: dict[str, int] = {}
    for i, move in enumerate(moves):
        loc = ("moves", i)
        if move.paratroopers:
            out.append(given.problem(
                "in Global 1940 bombers carry no paratroopers: with Paratroopers, infantry fly from a territory with an "
                "air base (a move of infantry with `airborne: true`)", (*loc, "paratroopers"), RULE_PARATROOPERS))
        if not move.airborne:
            continue
        if not (applies(board) and board.has_tech(power, PARATROOPERS)):
            out.append(given.problem(f"{power} has not developed Paratroopers: its infantry do not fly",
                                     (*loc, "airborne"), RULE_PARATROOPERS))
            continue
        if phase != "combat_move":
            out.append(given.problem("paratroopers drop only in the Combat Move, into a territory under attack",
                                     (*loc, "airborne"), RULE_PARATROOPERS))
            continue
        units = {board.setup.unit_names.get(u) or u: n for u, n in move.units.items()}
        path = [names.get(t) for t in move.path()]
        if None in path:
            continue  # the shared checks name the unknown space
        start, end = path[0], path[-1]
        if set(units) != {"infantry"}:
            out.append(given.problem("only infantry are paratroopers", (*loc, "units"), RULE_PARATROOPERS))
        if not installations.operational(board, start, installations.AIR_BASE, power):
            out.append(given.problem(f"paratroopers take off from a territory with an operational air base; {start} "
                                     "has none", (*loc, "from"), RULE_PARATROOPERS))
        dropped[start] = dropped.get(start, 0) + units.get("infantry", 0)
        steps = len(path) - 1
        if not 1 <= steps <= PARATROOP_RANGE[1]:
            out.append(given.problem(f"paratroopers fly up to {PARATROOP_RANGE[1]} spaces from their air base; this "
                                     f"path is {steps}", (*loc, "to"), RULE_PARATROOPERS))
        for k in range(steps):
            if not board.adjacent(path[k], path[k + 1]):
                out.append(given.problem(f"{path[k]} and {path[k + 1]} do not share a border", (*loc, "via"),
                                         RULE_PARATROOPERS))
        for space in path[1:]:
            if board.is_neutral(space):
                out.append(given.problem(f"paratroopers move like air units and never fly over a neutral: {space}",
                                         (*loc, "via"), RULE_PARATROOPERS))
        if not board.is_land(end) or not board.enemies(power, board.owner(end)):
            out.append(given.problem(f"paratroopers drop into a territory held by a power at war with {power}; "
                                     f"{end} is not one", (*loc, "to"), RULE_PARATROOPERS))
            continue
        others = [m for m in moves if not m.airborne and (names.get(m.unload or "") == end or (
            names.get(m.to) == end and any(board.domain(board.setup.unit_names.get(u) or u) == "land"
                                           for u in m.units)))]
        if not others:
            out.append(given.problem(
                f"paratroopers drop only into a territory other land units also attack, overland or from the sea; "
                f"no other land units of these orders attack {end}", (*loc, "to"), RULE_PARATROOPERS))
        guns = [u for u, n in board.enemy_units(end, power).items() if n and board.unit(u).anti_aircraft]
        if guns:
            out.append(given.problem(
                f"{end} has enemy AA guns, which fire at paratroopers as at air units; that AA fire is not implemented "
                "by the referee, so this drop is refused (ruling G40-R2)", (*loc, "to"), RULE_PARATROOPERS))
    for start, n in dropped.items():
        if n > PARATROOP_RANGE[0]:
            out.append(given.problem(f"at most {PARATROOP_RANGE[0]} infantry fly as paratroopers from each territory "
                                     f"with an air base; {n} from {start}", ("moves",), RULE_PARATROOPERS))
    return out
