"""Global 1940 kamikaze attacks: Japan's 6 special attacks on Allied warships in the kamikaze
sea zones, before any battle [G40 L779-L789].

Citations `[G40 Lnnn]` are lines of `shared/seeds/000_f34e5ec93fbfbe5a.txt`. When a power at war
with Japan attacks in or from a sea zone with the kamikaze symbol (setup `kamikaze_zone`) and
has surface warships there (ruling, digest §9 #33: any attack in or from such a zone, a naval
attack there included), Japan may declare, before any battle, kamikaze attacks on those
warships (not submarines or transports), several on one unit if it likes, at most as many as
its tokens left (6 for the game) [G40 L781], [G40 L785]. Its standing orders `kamikaze: false`
decline; otherwise it answers a `kamikaze` decision: `{zone: {unit type: attacks}}`. Each
attack rolls one die and hits on 2 or less; the hit applies at once: a one-hit ship is sunk,
a battleship or carrier is damaged, or sunk if already damaged [G40 L789], [G40 L1463],
[G40 L1486]. The attacks on one unit type go to the same ship until it sinks (ruling). Any
attack in a zone, hit or miss, stops shore bombardment from it this turn [G40 L789].
"""

from __future__ import annotations

from aa_ref.core.dice import Volley
from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.events import AddUnits, KamikazeTokens, RemoveUnits, SetTurn
from aa_ref.games.axis_allies.model.state import Decision, Game
from aa_ref.games.axis_allies.rules.board import SURFACE_WARSHIPS, Board

KAMIKAZE_POWER = "Japan"
TOKENS = 6
"""Japan's kamikaze attacks for the whole game [G40 L781]."""
HIT = 2
RULE = "G40 kamikaze [L779]-[L789]"


def seed(game: Game) -> None:
    """Japan starts with its 6 kamikaze tokens [G40 L781]."""
    if KAMIKAZE_POWER in game.powers:
        game.powers[KAMIKAZE_POWER].kamikaze = TOKENS


def targets(board: Board, attacker: str) -> dict[str, dict[str, int]]:
    """Kamikaze zone -> the attacker's surface warships there, when it attacks in or from the zone
    (a battle there, an amphibious assault from it, or an attack on an island beside it)."""
    if KAMIKAZE_POWER not in board.game.powers or not board.enemies(attacker, KAMIKAZE_POWER):
        return {}
    zones: set[str] = set()
    for battle in board.game.turn.battles:
        if battle.attacker != attacker or battle.status == "done":
            continue
        zones.add(battle.space)
        zones.update(battle.amphibious_from)
        if board.is_land(battle.space) and board.setup.spaces[battle.space].island:  # the island groups [G40 L781]
            zones.update(z for z in board.adjacency[battle.space] if board.is_sea(z))
    out = {}
    for zone in sorted(zones):
        if board.is_sea(zone) and board.setup.spaces[zone].kamikaze_zone:
            ships = {u: n for u, n in board.units(zone, [attacker]).items() if u in SURFACE_WARSHIPS and n}
            if ships:
                out[zone] = ships
    return out


def decide(ctx: Context) -> list[Decision]:
    """Japan is asked, unless it has no tokens, nothing to attack, or standing orders decline."""
    board = Board(ctx.setup, ctx.game)
    attacker = ctx.game.power
    found = targets(board, attacker)
    state = ctx.game.powers.get(KAMIKAZE_POWER)
    if not found or state is None or not state.kamikaze or state.standing.kamikaze is False:
        return []
    listing = "; ".join(f"{z}: " + ", ".join(f"{n} {u}" for u, n in ships.items()) for z, ships in found.items())
    return [Decision(power=KAMIKAZE_POWER, kind="kamikaze", space=next(iter(found)),
                     detail=f"{attacker} attacks in or from kamikaze zones ({listing}); you have {state.kamikaze} "
                            "kamikaze attacks left. Answer 'kamikaze: {zone: {unit: attacks}}' or 'kamikaze: {}' "
                            "[G40 L781], [G40 L785]")]


def check_answer(board: Board, given: OrdersInput) -> list[Problem]:
    answer = given.model
    if answer.kamikaze is None:
        return [given.problem("a kamikaze decision needs 'kamikaze' (zone -> unit -> attacks; {} for none)", ())]
    found = targets(board, board.game.power)
    problems = []
    count = 0
    for zone_text, units in answer.kamikaze.items():
        zone = board.setup.space_names.get(zone_text)
        if zone is None:
            problems.append(given.problem(board.setup.space_names.unknown_message(zone_text), ("kamikaze", zone_text)))
            continue
        if zone not in found:
            problems.append(given.problem(
                f"no kamikaze attack in {zone}: attacks go only to kamikaze zones where {board.game.power} attacks "
                f"with surface warships ({', '.join(found) or 'none'})", ("kamikaze", zone_text), RULE))
            continue
        for text, n in units.items():
            unit = board.setup.unit_names.get(text)
            if unit is None or unit not in SURFACE_WARSHIPS:
                problems.append(given.problem(
                    f"kamikaze attacks target surface warships, not {text} (no submarines or transports) [G40 L785]",
                    ("kamikaze", zone_text, text), RULE))
            elif unit not in found[zone]:
                problems.append(given.problem(f"{board.game.power} has no {unit} in {zone}", ("kamikaze", zone_text, text), RULE))
            elif n < 0:
                problems.append(given.problem("a negative number of attacks", ("kamikaze", zone_text, text)))
            else:
                count += n
    left = board.game.powers[KAMIKAZE_POWER].kamikaze
    if count > left:
        problems.append(given.problem(f"Japan has {left} kamikaze attacks left for the game, not {count} [G40 L781]",
                                      ("kamikaze",), RULE))
    return problems


def answer(ctx: Context, given: OrdersInput) -> None:
    """Roll each attack: 2 or less hits, applied at once [G40 L789]."""
    attacks = {ctx.setup.space_names.get(z): {ctx.setup.unit_names.get(u): n for u, n in units.items() if n}
               for z, units in (given.model.kamikaze or {}).items()}
    attacks = {z: u for z, u in attacks.items() if u}
    if not attacks:
        ctx.note("Japan makes no kamikaze attack")
        return
    attacker = ctx.game.power
    spent = sum(n for units in attacks.values() for n in units.values())
    ctx.emit(KamikazeTokens(power=KAMIKAZE_POWER, delta=-spent))
    turn = ctx.game.turn.model_copy(deep=True)
    turn.kamikaze_zones = sorted(set(turn.kamikaze_zones) | set(attacks))
    ctx.emit(SetTurn(turn=turn))
    for zone, units in attacks.items():
        for unit, n in units.items():
            dice = ctx.roll(f"r{ctx.game.round}/{KAMIKAZE_POWER}/{zone}/kamikaze/{unit}", n, Volley(
                f"{zone}, Japan's kamikaze attacks on {attacker}'s {unit}", ((f"{n} attacks hit on {HIT}", n),)))
            hits = sum(1 for d in dice if d <= HIT)
            ctx.note(f"Japan's {n} kamikaze attack(s) on {attacker}'s {unit} in {zone}: {dice}, {hits} hit(s) [G40 L789]")
            for _ in range(hits):
                _hit(ctx, zone, attacker, unit)
        ctx.note(f"no shore bombardment from {zone} this turn: a kamikaze attack was made there [G40 L789]")
    ctx.note(f"Japan has {ctx.game.powers[KAMIKAZE_POWER].kamikaze} kamikaze attacks left")


def _hit(ctx: Context, zone: str, power: str, unit: str) -> None:
    """One hit on a ship of type `unit`: a damaged capital ship sinks, an undamaged one is
    damaged, a one-hit ship sinks [G40 L789], [G40 L1463], [G40 L1486]."""
    board = Board(ctx.setup, ctx.game)
    forces = [f for f in ctx.game.forces(zone, power) if f.units.get(unit)]
    if not forces:
        return  # already sunk by an earlier attack
    two_hits = board.unit(unit).hits > 1
    damaged = next((f for f in forces if f.damage().get(unit)), None) if two_hits else None
    if damaged is not None:
        gone = damaged.model_copy(deep=True, update={"units": {unit: 1}, "cargo": {}}).with_damage({unit: 1})
        ctx.emit(RemoveUnits(space=zone, force=damaged.model_copy(deep=True) if damaged.cargo else gone,
                             reason="sunk by a kamikaze attack"))
        ctx.note(f"{power}'s damaged {unit} in {zone} is sunk" + (" with its cargo" if damaged.cargo else ""))
        return
    force = forces[0].model_copy(deep=True)
    if two_hits:
        ctx.emit(RemoveUnits(space=zone, force=force, reason="kamikaze hit"))
        hurt = force.damage()
        ctx.emit(AddUnits(space=zone, force=force.with_damage({**hurt, unit: hurt.get(unit, 0) + 1})))
        ctx.note(f"{power}'s {unit} in {zone} is damaged")
        return
    ctx.emit(RemoveUnits(space=zone, force=force if force.cargo else force.model_copy(update={"units": {unit: 1}, "damaged": 0, "damaged_units": {}}),
                         reason="sunk by a kamikaze attack"))
    ctx.note(f"{power}'s {unit} in {zone} is sunk" + (" with its cargo" if force.cargo else ""))
