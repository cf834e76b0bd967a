"""Axis attacks on partisans (OR 29.0, option `partisans`) [BW L2459-L2460].

"2 partigiani: ... Se attaccati, agiscono come 1 brigata con 1 step, lanciano 1 dado colpendo al 6" [BW L2459]; 3:
"Se attaccati, agiscono come 2 brigate con 2 step, lanciando 2 dadi e colpendo al 6" [BW L2460].

Axis ground units that move into a hex of 2 or 3 discs end their move there (`partisans.holds`) and fight them in
the Combat phase, before the battles of blocks (they are no battle hex: no reaction, no air, no artillery; the
partisans never retreat), or at once after a blitz. Each round the partisans fire first (the defender fires first
[BW L1416]): 1 die a step (2 discs 1 step, 3 discs 2 steps), hitting on 6, their hits taken by the attacking ground
units as any hits [BW L1464-L1478]; then the attacking combat units fire their ground attack as in a battle
(TECH chart, terrain and weather mali; no fortification malus: the fortification is the Axis's own), each hit
removing a step, that is a disc. When 1 disc is left it is removed as the Axis occupies the hex [BW L2457]. Rounds
go on until the discs or the attackers are gone (no withdrawal is asked).
"""

from __future__ import annotations

from aa_ref.core.dice import Volley
from aa_ref.core.names import natural_key
from aa_ref.games.blocks_in_the_west import battle as fight
from aa_ref.games.blocks_in_the_west import modifiers as mod
from aa_ref.games.blocks_in_the_west import partisans, sabotage
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import BlockUpdate, PartisansSet, SetBattles
from aa_ref.games.blocks_in_the_west.firepower import Shooter, hits
from aa_ref.games.blocks_in_the_west.losses import take_hits
from aa_ref.games.blocks_in_the_west.scenario import AIR, GCU
from aa_ref.games.blocks_in_the_west.state import Battle
from aa_ref.games.blocks_in_the_west.tech_chart import tech

FACE = 6
MAX_ROUNDS = 50
"""A guard only: each round the partisans roll, so a fight ends with the discs or the attackers gone."""


def hexes(act: Act) -> list[str]:
    """Hexes of 2-3 discs where Axis ground combat units that moved this turn stand, and no Allied block."""
    if act.game.power != "axis" or not partisans.on(act.game):
        return []
    board = act.board()
    out = []
    for hex_id, n in act.game.partisans.items():
        if n < 2 or board.blocks_at(hex_id, "allies"):
            continue
        if any(act.scenario.blocks[b].unit in GCU and act.game.blocks[b].moved for b in board.ground_at(hex_id, "axis")):
            out.append(hex_id)
    return sorted(out, key=natural_key)


def fight_all(act: Act) -> None:
    """The Combat phase begins: the Axis's attacks on partisans are fought, in the map's order."""
    for hex_id in hexes(act):
        fight_partisans(act, hex_id)


def blitz(act: Act, blocks: list[str], to: str) -> None:
    """Armour blitzing into a partisan hex: a lone disc is removed, 2-3 discs are fought at once [BW L1556]."""
    partisans.entered(act, blocks, [to])
    if sabotage.discs(act.game, to) >= 2:
        fight_partisans(act, to)


def _crossing(act: Act, hex_id: str) -> dict[str, str]:
    out = {}
    for b in act.board().ground_at(hex_id, "axis"):
        state = act.game.blocks[b]
        if state.moved and state.entered_from:
            kind = act.scenario.hexside.get(frozenset((state.entered_from, hex_id)))
            if kind in ("river", "strait"):
                out[b] = kind
    return out


def fight_partisans(act: Act, hex_id: str) -> None:
    """The Axis ground units in `hex_id` fight its partisans to the end."""
    battle = Battle(hex=hex_id, attacker="axis", crossing=_crossing(act, hex_id))
    attackers = sorted(act.board().ground_at(hex_id, "axis"), key=natural_key)
    for b in attackers:
        if not act.game.blocks[b].revealed:
            act.ctx.emit(BlockUpdate(block=b, revealed=True, reason="blocks that fight are revealed [BW L732-L734]"))
    engaged = sorted(set(act.game.engaged) | set(attackers), key=natural_key)
    act.ctx.emit(SetBattles(battles=list(act.game.battles), engaged=engaged))
    act.note(f"the Axis attacks the {act.game.partisans[hex_id]} partisans of {hex_id} [BW L2459-L2460]")
    while battle.round <= MAX_ROUNDS:
        n = act.game.partisans.get(hex_id, 0)
        axis = [b for b in act.board().ground_at(hex_id, "axis")]
        if n < 2 or not axis:
            break
        steps = n - 1
        rolls = act.roll(f"{hex_id}/r{battle.round}/partisans", steps, Volley(
            f"{hex_id}, round {battle.round}: the partisans fire", ((f"{steps} dice hitting on {FACE}", steps),)))
        scored = hits(rolls, FACE)
        act.note(f"the partisans of {hex_id} roll {steps} dice hitting on {FACE}: {rolls}, {scored} hits [BW L2459-L2460]")
        take_hits(act, sorted(axis, key=natural_key), scored, f"hits by the partisans of {hex_id} [BW L2459-L2460]")
        shooters = []
        for b in sorted(act.board().ground_at(hex_id, "axis"), key=natural_key):
            if act.scenario.blocks[b].unit not in GCU or act.game.blocks[b].strength <= 0:
                continue
            values, half = tech(act, b)
            if not values:
                continue
            values = mod.fire_values(act, b, values)
            mali = fight.attacker_ground_mali(act, battle, b) - fight.fortification(act, battle)
            shooters.append(Shooter(b, act.game.blocks[b].strength, values.attack,
                                    bonuses=mod.elite_bonus(act, battle, b, True), mali=mali, halved=half))
        scored = fight.volley(act, battle, "ground attacker axis", shooters) if shooters else 0
        left = n - scored if n - scored >= 2 else 0
        if left != n:
            act.ctx.emit(PartisansSet(hex=hex_id, count=left, reason=f"{scored} hits by the Axis [BW L2459-L2460]"))
        battle.round += 1
    if not act.game.partisans.get(hex_id):
        act.note(f"the partisans of {hex_id} are wiped out [BW L2457-L2460]")
    elif not any(act.scenario.blocks[b].unit not in AIR for b in act.board().ground_at(hex_id, "axis")):
        act.note(f"the partisans of {hex_id} hold it: the attackers are gone [BW L2459-L2460]")
