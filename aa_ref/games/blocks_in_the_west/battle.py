"""One round of one battle [BW L1329-L1504]: air-to-air, anti-aircraft, air-to-ground, artillery, ground
combat, their hits taken by `losses` [BW L1464-L1478]; the end of a battle [BW L554], [BW L1478].

Every roll is built by `firepower` from the TECH chart and the modifiers of the terrain, the fortifications
and the weather (digest §4.5, §2.10); each unit's dice are rolled on their own (context
`<hex>/r<round>/<step>/<block>`), after the pooled rounding of [BW L1460-L1462].
"""

from __future__ import annotations

from aa_ref.games.blocks_in_the_west import airborne, amphibious, hq, mulberry, recon, resources, rules, supply
from aa_ref.games.blocks_in_the_west import mediterranean as med
from aa_ref.games.blocks_in_the_west import recon_target
from aa_ref.games.blocks_in_the_west import modifiers as mod
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import BlockUpdate, Control, Spent
from aa_ref.games.blocks_in_the_west.firepower import Shooter, fire
from aa_ref.games.blocks_in_the_west.fortifications import falls, hex_fortification
from aa_ref.games.blocks_in_the_west.hexes import CITY_AA_FACE, MAJOR, ROUGH, members
from aa_ref.games.blocks_in_the_west.losses import eliminate, rotate, take_hits
from aa_ref.games.blocks_in_the_west.scenario import AIR, GCU
from aa_ref.games.blocks_in_the_west.state import Battle, Side
from aa_ref.games.blocks_in_the_west.tech_chart import FRANCE, tech


def other(side: Side) -> Side:
    return "allies" if side == "axis" else "axis"


def fortification(act: Act, battle: Battle) -> int:
    """Fortification level of the battle hex for its defender: 2 fortress or Festung (a fort block at 7), 1 bunker
    or fort [BW L1494-L1500], [BW L1096-L1100]; the highest counts. A Maginot hex (a bunker) attacked across the
    orange hexside line is a fortress [BW L860-L862], until captured [BW L866]."""
    h = act.scenario.hexes[battle.hex]
    level = hex_fortification(act, battle.hex)
    if h.fortification == "bunker" and battle.hex not in act.game.fortifications \
            and "maginot" in battle.crossing.values():
        level = 2  # a Maginot hex attacked across the orange line is a fortress [BW L860-L862]
    for b in members(act, battle, other(battle.attacker)):
        if act.scenario.blocks[b].unit == "fort" and act.game.blocks[b].strength > 0:
            level = max(level, 2 if act.game.blocks[b].strength >= 7 else 1)
    return level


def attacker_ground_mali(act: Act, battle: Battle, block_id: str, aa: bool = False) -> int:
    """Mali of an attacking ground unit's ground fire and AA [BW L1480-L1500], [BW L1632-L1638]; light rain as rain
    for attacking GCU [BW L2609]; snow spares the units of [BW L1644] (`advanced_weather`); OR 14.0: armour into an
    unfrozen swamp 1 more [BW L2070], mountain units' AA not exempt ("ma non le loro AA") [BW L2068]."""
    unit = act.scenario.blocks[block_id].unit
    h = act.scenario.hexes[battle.hex]
    mali = fortification(act, battle)  # all attacking GU and AU [BW L1494-L1500]
    if unit in GCU:  # terrain and weather never touch GSU [BW L1438], [BW L1636]
        mountain_unit = unit == "mountain" and h.terrain in ("mountain", "hill")  # [BW L987]
        if aa and rules.enabled(act.game, "terrain_modifiers"):
            mountain_unit = False  # OR 14.0: "Le unità di montagna (ma non le loro AA)" [BW L2068]
        if h.terrain in ROUGH and not mountain_unit:
            mali += 1
        if h.city in MAJOR:
            mali += 1
        if battle.round == 1:
            crossed = battle.crossing.get(block_id)
            if crossed == "river" and med.weather(act, battle.hex) != "snow":  # frozen rivers: no effect [BW L1640]
                mali += 1
            elif crossed == "strait":
                mali += 2
        if med.weather(act, battle.hex) in mod.BAD_WEATHER and not mod.snow_exempt(act, block_id, battle.hex):
            mali += 1
        mali += mod.swamp_malus(act, battle, block_id)
        mali += airborne.first_round_malus(act, battle, block_id)  # AR 23.0: paratroops' first round [BW L2284]
        mali += amphibious.first_round_malus(act, battle, block_id)  # AR 24.0: landed units' first round [BW L2324]
    return mali


def defender_ground_bonuses(act: Act, battle: Battle, block_id: str) -> int:
    """Bonuses of a defending GCU's ground fire (never its AA) [BW L1480-L1500], [BW L987], [BW L1632]."""
    if act.scenario.blocks[block_id].unit not in GCU:
        return 0
    h = act.scenario.hexes[battle.hex]
    bonuses = fortification(act, battle)
    if h.city in MAJOR:
        bonuses += 1
    if act.scenario.blocks[block_id].unit == "mountain" and h.terrain in ("mountain", "hill"):
        bonuses += 1
    if battle.round == 1:
        attackers = [b for b in members(act, battle, battle.attacker) if act.scenario.blocks[b].unit in GCU]
        if attackers and all(battle.crossing.get(b) in ("river", "strait") for b in attackers):
            if not (med.weather(act, battle.hex) == "snow" and all(battle.crossing.get(b) == "river" for b in attackers)):
                bonuses += 1
    if med.weather(act, battle.hex) == "rain":
        bonuses += 1
    bonuses += amphibious.first_round_bonus(act, battle, block_id)  # AR 24.0: defending an invasion [BW L2324]
    return bonuses


# --- fire ------------------------------------------------------------------------------------------------
def volley(act: Act, battle: Battle, step: str, shooters: list[Shooter]) -> int:
    """Roll each shooter's dice (pooled rounding) and count the hits."""
    return fire(act, f"{battle.hex}/r{battle.round}", f"{battle.hex}, round {battle.round}", step, shooters)


# --- the steps of a round ------------------------------------------------------------------------------
def air(act: Act, blocks: list[str]) -> list[str]:
    return [b for b in blocks if act.scenario.blocks[b].unit in AIR and act.game.blocks[b].strength > 0]


def ground(act: Act, blocks: list[str]) -> list[str]:
    return [b for b in blocks if act.scenario.blocks[b].unit not in AIR]


def may_fly(act: Act, battle: Battle, block_id: str) -> bool:
    """Strategic bombers fight one round only [BW L1070]; bombers based in the hex do not act in the first round
    unless sent by a reaction [BW L1392-L1394]; no air combat in rain [BW L1632]."""
    unit = act.scenario.blocks[block_id].unit
    if med.weather(act, battle.hex) == "rain":
        return False
    if unit == "strategic_bomber" and battle.round > 1:
        return False
    if unit == "bomber" and battle.round == 1 and block_id not in battle.reacted \
            and act.board().side_of(block_id) != battle.attacker:
        return False
    return True


def air_to_air(act: Act, battle: Battle) -> None:
    """Both sides' air units fire at each other's, simultaneously (digest A32) [BW L1340-L1352]."""
    sides = {s: air(act, members(act, battle, s)) for s in ("axis", "allies")}
    if not (sides["axis"] and sides["allies"]) or med.weather(act, battle.hex) == "rain":
        return
    if not any(act.scenario.blocks[b].unit == "fighter" for b in sides["axis"] + sides["allies"]):
        return
    scored = {}
    for side, blocks in sides.items():
        shooters = []
        for b in blocks:
            values, half = tech(act, b)
            if values and may_fly(act, battle, b):
                shooters.append(Shooter(b, act.game.blocks[b].strength, values.air_air,
                                        mali=mod.sky_malus(act, b, battle.hex), halved=half))
        scored[side] = volley(act, battle, f"air-to-air {side}", shooters)
    for side, n in scored.items():
        take_hits(act, sides[other(side)], n, f"air-to-air hits by {side} [BW L1348]")
        if other(side) == battle.attacker:
            airborne.escort_hits(act, battle, n, f"air-to-air hits by {side}")  # AR 23.0 [BW L2282]


def anti_aircraft(act: Act, battle: Battle) -> None:
    """Each side's ground units (1 die a step at their defensive FP) and the defender's city or fortification
    (2 dice major city or fortress, 1 minor city or bunker) fire at the enemy air units, simultaneously
    [BW L1354-L1374]; artillery does not lose a step for it [BW L1374]. French units always roll half their AA dice
    ("le unità Francesi hanno la loro caratteristica AA sempre dimezzata" [BW L1080], [BW L825]; digest A11: the
    5.0/6.5 text is followed, not the recon example [BW L2238]); a French city's own AA is not a unit's and is not
    halved."""
    defender = other(battle.attacker)
    sides = {s: members(act, battle, s) for s in ("axis", "allies")}
    if not (air(act, sides["axis"]) or air(act, sides["allies"])) or med.weather(act, battle.hex) == "rain":
        return  # no air unit flies in rain, nothing to fire at [BW L1632]
    h = act.scenario.hexes[battle.hex]
    scored = {}
    for side, blocks in sides.items():
        enemy_air = air(act, sides[other(side)])
        if not enemy_air:
            continue
        weather = 1 if med.weather(act, battle.hex) in ("snow", "light_rain") or (med.weather(act, battle.hex) == "rain" and side == defender) \
            else 0
        shooters = []
        for b in ground(act, blocks):
            values, half = tech(act, b)
            if not values or act.game.blocks[b].strength <= 0:
                continue
            values = mod.fire_values(act, b, values)
            mali = attacker_ground_mali(act, battle, b, aa=True) if side == battle.attacker \
                else (0 if mod.snow_exempt(act, b, battle.hex) else weather)
            bonus = mod.elite_bonus(act, battle, b, attacking=False) if side == defender else 0
            french = act.scenario.blocks[b].power == FRANCE
            shooters.append(Shooter(b, act.game.blocks[b].strength, values.defence, bonuses=bonus, mali=mali,
                                    halved=half or french))
        if side == defender and act.game.control.get(battle.hex) == defender:
            level = hex_fortification(act, battle.hex)
            dice = 2 if (h.city in ("capital", "major") or level == 2) else 1 if (h.city == "minor" or level == 1) else 0
            if h.aa_dice is not None:
                dice = h.aa_dice  # a hex's own AA (Eben Emael: Liège's single die [BW L944], digest A72)
            if dice:
                shooters.append(Shooter(f"city:{battle.hex}", dice, CITY_AA_FACE, mali=weather))
        scored[side] = volley(act, battle, f"AA {side}", shooters)
    for side, n in scored.items():
        take_hits(act, air(act, sides[other(side)]), n, f"AA hits by {side} [BW L1368]")
        if other(side) == battle.attacker:
            airborne.escort_hits(act, battle, n, f"AA hits by {side}")  # AR 23.0 [BW L2282]


def air_to_ground(act: Act, battle: Battle) -> None:
    """Surviving air units fire at the enemy ground units, simultaneously; terrain does not count, fortifications
    do for the attacker, snow is 1 malus [BW L1376-L1394], [BW L1494-L1500], [BW L1638]."""
    sides = {s: members(act, battle, s) for s in ("axis", "allies")}
    scored = {}
    for side, blocks in sides.items():
        shooters = []
        for b in air(act, blocks):
            values, half = tech(act, b)
            if values and may_fly(act, battle, b):
                # OR 19.0 and OR 22.0 [BW L2218], [BW L2266]
                mali = mod.sky_malus(act, b, battle.hex) + (fortification(act, battle) if side == battle.attacker else 0) \
                    + recon.unseen_malus(act, battle, b)
                shooters.append(Shooter(b, act.game.blocks[b].strength + recon.jericho_dice(act, battle, b),
                                        values.air_ground, mali=mali, halved=half))
        if shooters and ground(act, sides[other(side)]):
            scored[side] = volley(act, battle, f"air-to-ground {side}", shooters)
    for side, n in scored.items():
        take_hits(act, ground(act, sides[other(side)]), n, f"air-to-ground hits by {side} [BW L1384]",
                  chosen=recon_target.chosen(act, battle, side, air(act, sides[side])))  # OR 19.2 [BW L2246]


def artillery(act: Act, battle: Battle, side: Side) -> None:
    """One side's artillery fires at the enemy ground units, then rotates once; alone (no friendly GCU) or at
    level 0 it does not fire [BW L995-L999], [BW L1396-L1408] (digest A37: one rotation)."""
    blocks = members(act, battle, side)
    enemy = ground(act, members(act, battle, other(side)))
    if not enemy or not any(act.scenario.blocks[b].unit in GCU for b in blocks):
        return
    # AR 13.0: normal armour HQs and minor powers' leaders fire as artillery [BW L1829], [BW L1919]
    guns = [b for b in blocks if (act.scenario.blocks[b].unit == "artillery" or hq.fires_as_artillery(act, b))
            and act.game.blocks[b].strength > 0]
    shooters = []
    for b in guns:
        values, half = tech(act, b)
        if not values:
            continue
        fp = values.attack if side == battle.attacker else values.defence
        # OR 19.0 [BW L2218]
        mali = (fortification(act, battle) + recon.unseen_malus(act, battle, b)) if side == battle.attacker else 0
        shooters.append(Shooter(b, act.game.blocks[b].strength, fp, mali=mali, halved=half))
    if not shooters:
        return
    n = volley(act, battle, f"artillery {side}", shooters)
    for s in shooters:
        after = rotate(act, s.block, act.game.blocks[s.block].strength)
        if after is None:
            eliminate(act, s.block, "its last step fired [BW L1406]")
        else:
            act.ctx.emit(BlockUpdate(block=s.block, strength=after, reason="artillery rotates after firing [BW L1406]"))
    take_hits(act, enemy, n, f"artillery hits by {side} [BW L1404]",
              chosen=recon_target.chosen(act, battle, side))  # OR 19.2 [BW L2246]


def ground_fire(act: Act, battle: Battle, side: Side) -> None:
    """One side's combat units (and a defending fort) fire at the enemy ground units [BW L1410-L1424]."""
    blocks = members(act, battle, side)
    enemy = ground(act, members(act, battle, other(side)))
    if not enemy:
        return
    attacking = side == battle.attacker
    shooters = []
    for b in blocks:
        unit = act.scenario.blocks[b].unit
        if not (unit in GCU or (unit == "fort" and not attacking)) or act.game.blocks[b].strength <= 0:
            continue
        if attacking and act.game.blocks[b].out_of_supply and not supply.desperate(act, b) \
                and not hq.as_if_supplied(act.game, b):
            continue  # out-of-supply units cannot attack [BW L790], but for AR 12.4's Desperate Attack [BW L1805] and
            # a unit an SL moved as if supplied [BW L1924]
        values, half = tech(act, b)
        if not values:
            continue
        values = mod.fire_values(act, b, values)
        elite = mod.elite_bonus(act, battle, b, attacking)
        if attacking:
            shooters.append(Shooter(b, act.game.blocks[b].strength, values.attack, bonuses=elite + barbo(act, battle, b),
                                    mali=attacker_ground_mali(act, battle, b), halved=half))
        else:
            shooters.append(Shooter(b, act.game.blocks[b].strength, values.defence,
                                    bonuses=defender_ground_bonuses(act, battle, b) + elite, halved=half))
    n = volley(act, battle, f"ground {'attacker' if attacking else 'defender'} {side}", shooters)
    first = battle.chargers if not attacking and battle.charge and battle.round == 1 else []
    take_hits(act, enemy, n, f"ground hits by {side} [BW L1416]", first=first)


def barbo(act: Act, battle: Battle, block_id: str) -> int:
    """OR 20.0: once a game the Italians' Barbò group charging gets 3 more bonuses [BW L2252]; the first Cavalry
    Charge! it makes spends it."""
    if battle.charge != "cavalry" or battle.round != 1 or block_id not in battle.chargers:
        return 0
    if not act.scenario.blocks[block_id].barbo or act.game.barbo_used:
        return 0
    act.ctx.emit(Spent(what="barbo", turn=act.game.turn))
    act.note(f"{block_id}, the Barbò group, charges with 3 more bonuses, once a game [BW L2252]")
    return 3


def fight_round(act: Act, battle: Battle) -> None:
    """One combat round [BW L1329-L1338]: the air-to-air round (one a combat round), AA, air-to-ground,
    artillery (attacker's first), ground combat (defender first, then the attacker with what survives)."""
    defender = other(battle.attacker)
    if battle.round == 1:
        for b in members(act, battle, "axis") + members(act, battle, "allies"):
            if not act.game.blocks[b].revealed:
                act.ctx.emit(BlockUpdate(block=b, revealed=True, reason="blocks that fight are revealed [BW L732-L734]"))
    act.note(f"battle at {battle.hex}, round {battle.round}: {battle.attacker} attacks [BW L1329]")
    air_to_air(act, battle)
    anti_aircraft(act, battle)
    air_to_ground(act, battle)
    artillery(act, battle, battle.attacker)
    artillery(act, battle, defender)
    if battle.charge and battle.round == 1:  # the attacker fires before the defender [BW L2250], [BW L2256]
        act.note(f"{'Cavalry Charge!' if battle.charge == 'cavalry' else 'Panzer Attack!'} at {battle.hex}: the "
                 f"attacker fires first; {', '.join(battle.chargers)} take the first return hits [BW L2250], [BW L2256]")
        ground_fire(act, battle, battle.attacker)
        ground_fire(act, battle, defender)
    else:
        ground_fire(act, battle, defender)
        ground_fire(act, battle, battle.attacker)
    for side in (defender, battle.attacker):
        left = members(act, battle, side)
        enemy = [b for b in members(act, battle, other(side)) if act.game.blocks[b].strength > 0]
        if left and enemy and all(act.game.blocks[b].strength == 0 for b in left):
            for b in left:
                eliminate(act, b, "a level-0 unit engaged alone [BW L1476]")


def over(act: Act, battle: Battle) -> bool:
    """The battle ends when a side has no units left in the hex [BW L1478], [BW L1504-L1508], or no ground units:
    air units alone do not hold a battle hex (the defender's evacuate it at the end [BW L1426-L1430]; the
    attacker's stay on their mission until they rebase at the end of the Blitz phase [BW L1560])."""
    return not any(act.scenario.blocks[b].unit not in AIR for b in members(act, battle, "axis")) \
        or not any(act.scenario.blocks[b].unit not in AIR for b in members(act, battle, "allies"))


def conclude(act: Act, battle: Battle) -> None:
    """The hex passes to the attacker if his ground units hold it [BW L554]."""
    held = [b for b in members(act, battle, battle.attacker) if act.scenario.blocks[b].unit not in AIR]
    defenders = members(act, battle, other(battle.attacker))
    if held and not defenders and act.scenario.hexes[battle.hex].terrain != "sea":
        previous = act.game.control.get(battle.hex)
        if previous != battle.attacker:
            act.ctx.emit(Control(hex=battle.hex, side=battle.attacker, previous=previous))
            act.note(f"{battle.attacker} takes {battle.hex} [BW L554]")
            resources.captured(act, battle.hex, act.scenario.blocks[held[0]].power)
        falls(act, battle.hex, battle.attacker)
        mulberry.overrun(act, battle.hex, battle.attacker)  # BR 6.7.2 [BW L1131]
    act.note(f"the battle at {battle.hex} is over after {battle.round} round(s)")
