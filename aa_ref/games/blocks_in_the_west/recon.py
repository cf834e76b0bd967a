"""Air reconnaissance (optional rule OR 19.0, option `recon`) [BW L2214-L2246] and the Jericho Trumpets (OR 22.0,
option `jericho_trumpets`) [BW L2262-L2266].

In the Movement phase an activated HQ tries to reveal the enemy blocks in a hex (`recon: HEX, hq: HQ`): an air
HQ (tactical or strategic) as many times as its level, any other activated Axis HQ and a minor power's supreme
leader once [BW L2222], [BW L2056]; no aircraft flies [BW L2226]. The hex lies within 5, 10 or 15 hexes of the HQ by
its power's fighter TECH 1, 2, 3 ("a raggio del Comando (5-10-15) a seconda del liv. Tech dei caccia" [BW L2224],
digest A10: read literally). The passive side first rolls interdiction: a die a level of its ground units in the
hex at their AA firepower (French units half, digest A11), and the city's or fortification's AA dice at 6; any hit
denies the attempt [BW L2228], [BW L2238]. Otherwise the active side rolls a die: 1-4 succeeds, after −2 per fighter
TECH level above 1, +2 rough terrain, +2 Major City, +2 fort or bunker (+4 instead for a Fortress or a Festung), +2
bad weather, all cumulative [BW L2230-L2236]. Success reveals every enemy block in the hex until the Final Supply
Check (digest A6) [BW L2242]. Without `hq_command` (HQs not played) each HQ of the active side on the map makes its
attempts as if activated (a decision: recon is "an ability of the HQs" [BW L2226]).

Without a successful recon the attacking air units (bombers excepted) and artillery fire with 1 malus in the
first round of a battle [BW L2218] (digest A36: bombers and strategic bombers need none [BW L1068]).
"""

from __future__ import annotations

from typing import Any

from aa_ref.core.dice import Volley
from aa_ref.core.names import natural_key
from aa_ref.games.blocks_in_the_west import hq, rules
from aa_ref.games.blocks_in_the_west import mediterranean as med
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import BlockUpdate, HqState
from aa_ref.games.blocks_in_the_west.firepower import hits
from aa_ref.games.blocks_in_the_west.hexes import CITY_AA_FACE, MAJOR, ROUGH, hex_distance
from aa_ref.games.blocks_in_the_west.scenario import AIR
from aa_ref.games.blocks_in_the_west.state import Battle
from aa_ref.games.blocks_in_the_west.tech_chart import FRANCE, tech

SUCCESS = 4
"""A modified roll of 1-4 succeeds [BW L2230]."""
RANGE_BY_FIGHTER_TECH = {0: 5, 1: 5, 2: 10, 3: 15}
"""The HQ's recon range by its power's fighter TECH [BW L2224] (digest A10)."""


def attempts(act: Act, hq_id: str) -> int:
    """Attempts an HQ may make this Movement phase [BW L2222], [BW L2056] (half, at least 1, out of supply
    [BW L1863])."""
    block = act.scenario.blocks[hq_id]
    if hq.on(act.game):
        activation = act.game.hq_active.get(hq_id)
        if activation is None:
            return 0
        level, oos = activation.level, activation.out_of_supply
    else:
        level, oos = act.game.blocks[hq_id].strength, act.game.blocks[hq_id].out_of_supply
    if block.hq in ("air", "strategic_air"):
        return max(1, level // 2) if oos else level
    if block.hq == "supreme" and not act.scenario.powers[block.power].major:
        return 1
    return 1 if act.scenario.powers[block.power].side == "axis" else 0


def fighter_tech(act: Act, power: str) -> int:
    return act.scenario.powers[power].tech.get("fighter", 1)


def modifier(act: Act, hex_id: str, power: str) -> int:
    """The success roll's modifiers [BW L2232-L2236]."""
    h = act.scenario.hexes[hex_id]
    board = act.board()
    total = -2 * max(0, fighter_tech(act, power) - 1)
    if h.terrain in ROUGH:
        total += 2
    if h.city in MAJOR:
        total += 2
    forts = [act.game.blocks[b].strength for b in board.blocks_at(hex_id) if act.scenario.blocks[b].unit == "fort"]
    if h.fortification == "fortress" or h.city == "fortress" or any(s >= 7 for s in forts):
        total += 4
    elif h.fortification == "bunker" or forts:
        total += 2
    if med.weather(act, hex_id) in ("rain", "snow"):
        total += 2
    return total


def recon(act: Act, order: Any) -> None:
    """One reconnaissance attempt [BW L2222-L2242]."""
    game = act.game
    act.require(rules.enabled(game, "recon"), "air reconnaissance is an optional rule: recon is off (OR 19.0)",
                "L2214", "recon")
    hq_id = act.block(order.hq, "hq")
    block, state = act.scenario.blocks[hq_id], game.blocks[hq_id]
    act.require(block.unit == "hq", f"{hq_id} ({block.unit}) is not an HQ: reconnaissance is an HQ's ability",
                "L2226", "hq")
    act.require(state.hex is not None, f"{hq_id} is not on the map", "L2222", "hq")
    if hq.on(game):
        act.require(hq_id in game.hq_active, f"{hq_id} is not activated: only activated HQs reconnoitre", "L2222",
                    "hq")
    allowed = attempts(act, hq_id)
    used = game.recon_tries.get(hq_id, 0)
    act.require(allowed > 0, f"{hq_id} makes no reconnaissance: air HQs, other Axis HQs and minor powers' leaders "
                "do", "L2222", "hq")
    act.require(used < allowed, f"{hq_id} has made its {allowed} reconnaissance attempt(s) this turn", "L2222", "hq")
    to = act.hex(order.recon, "recon")
    board = act.board()
    enemy_side = board.enemy(act.side)
    enemy = sorted(board.blocks_at(to, enemy_side), key=natural_key)
    act.require(bool(enemy), f"{to} holds no enemy units to reveal", "L2216", "recon")
    act.require(to not in game.recon_hexes, f"{to} was already reconnoitred with success this turn", "L2224", "recon")
    reach = RANGE_BY_FIGHTER_TECH.get(fighter_tech(act, block.power), 5)
    far = hex_distance(act, state.hex, to)
    act.require(far <= reach, f"{to} is {far} hexes from {hq_id} at {state.hex}: its reconnaissance range is {reach} "
                f"(fighter TECH {fighter_tech(act, block.power)})", "L2224", "recon")
    tries = dict(game.recon_tries)
    tries[hq_id] = used + 1
    act.ctx.emit(HqState(recon_tries=tries))
    attempt = used + 1
    if interdicted(act, to, enemy, f"recon/{to}/{hq_id}/{attempt}"):
        return
    mod = modifier(act, to, block.power)
    die = act.roll(f"recon/{to}/{hq_id}/{attempt}/success", 1, Volley(
        f"{to}, air reconnaissance by {hq_id}", ((f"the die {mod:+d}, a success on 1-{SUCCESS}", 1),)))[0]
    total = die + mod
    if total > SUCCESS:
        act.note(f"reconnaissance of {to} by {hq_id} fails: die {die} {mod:+d} = {total}, success on 1-{SUCCESS} "
                 "[BW L2230-L2236]")
        return
    act.note(f"reconnaissance of {to} by {hq_id} succeeds: die {die} {mod:+d} = {total} [BW L2230-L2236]; the enemy "
             f"blocks there are revealed until the Final Supply Check [BW L2242]")
    for b in enemy:
        if not game.blocks[b].revealed:
            act.ctx.emit(BlockUpdate(block=b, revealed=True, reason="revealed by air reconnaissance [BW L2230]"))
    act.ctx.emit(HqState(recon_hexes=sorted({*game.recon_hexes, to}, key=natural_key)))


def interdicted(act: Act, hex_id: str, enemy: list[str], context: str) -> bool:
    """The passive side's interdiction: a die a level of its ground units at their AA (defence) firepower, French
    units half (digest A11), plus the city's or fortification's AA dice at 6 if it holds the hex; any hit denies
    the attempt [BW L2228], [BW L2238]."""
    total = 0
    for b in enemy:
        unit = act.scenario.blocks[b]
        if unit.unit in AIR or act.game.blocks[b].strength <= 0:
            continue
        values, half = tech(act, b)
        if values is None or values.defence is None:
            continue
        dice = act.game.blocks[b].strength
        if half or unit.power == FRANCE:
            dice = max(1, dice // 2)
        rolls = act.roll(f"{context}/aa/{b}", dice, Volley(
            f"{hex_id}, interdiction of the reconnaissance: {b} fires", ((f"{dice} dice hitting on {values.defence}+", dice),)))
        scored = hits(rolls, values.defence)
        act.note(f"interdiction: {b} rolls {dice} dice hitting on {values.defence}+: {rolls}, {scored} hits")
        total += scored
    h = act.scenario.hexes[hex_id]
    defender = act.board().enemy(act.side)
    if act.game.control.get(hex_id) == defender:
        dice = 2 if (h.city in ("capital", "major", "fortress") or h.fortification == "fortress") else \
            1 if (h.city == "minor" or h.fortification == "bunker") else 0
        if dice:
            rolls = act.roll(f"{context}/aa/city", dice, Volley(
                f"{hex_id}, interdiction of the reconnaissance: the city fires",
                ((f"{dice} dice hitting on {CITY_AA_FACE}", dice),)))
            scored = hits(rolls, CITY_AA_FACE)
            act.note(f"interdiction: the city of {hex_id} rolls {dice} dice hitting on {CITY_AA_FACE}: {rolls}, "
                     f"{scored} hits")
            total += scored
    if total:
        act.note(f"the reconnaissance of {hex_id} is interdicted ({total} hits) [BW L2228]")
    return total > 0


# --- effects in battle -------------------------------------------------------------------------------------
def unseen_malus(act: Act, battle: Battle, block_id: str) -> int:
    """OR 19.0: the attacker's air units (bombers excepted) and artillery (and HQs firing as artillery) have 1 malus
    in the first round without a successful reconnaissance of the hex [BW L2218] (digest A36)."""
    if not rules.enabled(act.game, "recon") or battle.round != 1 or battle.hex in act.game.recon_hexes:
        return 0
    if act.board().side_of(block_id) != battle.attacker:
        return 0
    unit = act.scenario.blocks[block_id].unit
    return 1 if unit in ("fighter", "artillery") or hq.fires_as_artillery(act, block_id) else 0


def jericho_dice(act: Act, battle: Battle, block_id: str) -> int:
    """OR 22.0: a full-strength Stuka of the attacker rolls 2 more dice at ground units in a hex of clear terrain (a
    minor city allowed), in good weather, after a successful reconnaissance of the hex this turn, unless enemy
    fighters are in the hex [BW L2266]."""
    if not rules.enabled(act.game, "jericho_trumpets"):
        return 0
    block, state = act.scenario.blocks[block_id], act.game.blocks[block_id]
    if not block.stuka or state.strength != block.steps[0].value:
        return 0
    h = act.scenario.hexes[battle.hex]
    if act.board().side_of(block_id) != battle.attacker or med.weather(act, battle.hex) != "good":
        return 0
    if h.terrain != "clear" or h.city not in (None, "minor") or h.fortification is not None:
        return 0
    if battle.hex not in act.game.recon_hexes:
        return 0
    board = act.board()
    if any(act.scenario.blocks[b].unit == "fighter" and act.game.blocks[b].strength > 0
           for b in board.blocks_at(battle.hex, board.enemy(battle.attacker))):
        return 0
    return 2
