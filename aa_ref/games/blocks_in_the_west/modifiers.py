"""Modifiers of the advanced and optional rules on a unit's roll: elite units (AR 10.0) [BW L1646-L1671], the snow
exemption of the advanced weather (AR 9.3) [BW L1644], light rain (OR 39.0) [BW L2602-L2609], the terrain of OR 14.0
[BW L2068-L2070], and the charges of OR 20.0 / 21.0 [BW L2248-L2258]. Each one is off unless its rule is in play
(`aa_ref.games.blocks_in_the_west.rules`), so the basic rules roll exactly as before.
"""

from __future__ import annotations

from aa_ref.games.blocks_in_the_west import rules
from aa_ref.games.blocks_in_the_west import mediterranean as med
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.scenario import ARMOUR, GCU, TechValues
from aa_ref.games.blocks_in_the_west.state import Battle

CAVALRY = ("cavalry", "motorized_cavalry")
"""The cavalry classes [BW L991], [BW L1013]: they charge (OR 20.0) and never pay more than 2 MP for a non-mountain
hex (OR 14.0)."""
BAD_WEATHER = ("rain", "snow", "light_rain")


def full_strength(act: Act, block_id: str) -> bool:
    return act.game.blocks[block_id].strength >= act.scenario.blocks[block_id].steps[0].value


def allied(act: Act, block_id: str) -> bool:
    return act.scenario.powers[act.scenario.blocks[block_id].power].side == "allies"


def elite_bonus(act: Act, battle: Battle, block_id: str, attacking: bool) -> int:
    """AR 10.0: 1 bonus to an elite unit's roll: SS and Allied Marines attacking; Allied paratroops, German armour
    HQs and para units defending, their AA included; an Allied elite unit only at full strength ("solo se a piena
    forza") [BW L1664-L1669]. The scenario's `elite` says which [attack | defence]."""
    if not rules.enabled(act.game, "elite_units"):
        return 0
    elite = act.scenario.blocks[block_id].elite
    if elite is None or (elite == "attack") != attacking:
        return 0
    if allied(act, block_id) and not full_strength(act, block_id):
        return 0
    return 1


def fire_values(act: Act, block_id: str, values: TechValues) -> TechValues:
    """AR 10.0 note: "Tutte le GCU Alleate devono essere a piena forza per beneficiare del loro bonus combattivo dato
    dal livello tecnologico" [BW L1671]: an Allied GCU below full strength fires (attack, defence and AA) with its
    class's TECH 1 values, the TECH bonus lost (digest A12); with no TECH 1 row in the chart, at 6 (no bonus)."""
    if not rules.enabled(act.game, "elite_units") or not allied(act, block_id):
        return values
    block = act.scenario.blocks[block_id]
    if block.unit not in GCU or full_strength(act, block_id):
        return values
    base = act.scenario.tech_chart.get(block.unit, {}).get(1) or TechValues(attack=6, defence=6)

    def worse(fp: int | None, tech1: int | None) -> int | None:
        return None if fp is None else max(fp, tech1 if tech1 is not None else 6)

    return values.model_copy(update={"attack": worse(values.attack, base.attack),
                                     "defence": worse(values.defence, base.defence)})


def snow_exempt(act: Act, block_id: str, hex_id: str) -> bool:
    """AR 9.3 note: Finnish, Norwegian, Swedish and Soviet units and mountain units, "ma solo le unità presenti nella
    loro nazione di appartenenza", take no combat penalty in snow [BW L1644] (`advanced_weather`): the power's
    `winter` flag or a mountain unit, in a hex of its own nation."""
    if not rules.enabled(act.game, "advanced_weather") or med.weather(act, hex_id) != "snow":
        return False
    block = act.scenario.blocks[block_id]
    winter = act.scenario.powers[block.power].winter or block.unit == "mountain"
    return winter and act.scenario.hexes[hex_id].nation == block.power


def sky_malus(act: Act, block_id: str, hex_id: str) -> int:
    """1 malus to air units and AA in snow [BW L1638] and light rain [BW L2609], unless exempt [BW L1644]."""
    if med.weather(act, hex_id) not in ("snow", "light_rain"):
        return 0
    if block_id and not block_id.startswith("city:") and snow_exempt(act, block_id, hex_id):
        return 0
    return 1


def swamp_malus(act: Act, battle: Battle, block_id: str) -> int:
    """OR 14.0: armour attacking into an unfrozen swamp takes 1 more malus [BW L2070] (frozen: snow [BW L1640])."""
    if not rules.enabled(act.game, "terrain_modifiers") or act.scenario.blocks[block_id].unit not in ARMOUR:
        return 0
    return 1 if act.scenario.hexes[battle.hex].terrain == "swamp" and med.weather(act, battle.hex) != "snow" else 0
