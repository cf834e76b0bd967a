"""Fixed fortifications [BW L1494-L1500]: a hex's fortress (or Fortress city) or bunker, and its fall to the enemy
(digest A14): a fortress taken becomes a bunker, a bunker taken is destroyed [BW L1496], [BW L1500]; a Maginot hex
loses its fortress across the orange line [BW L866].
"""

from __future__ import annotations

from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import Fortification
from aa_ref.games.blocks_in_the_west.state import Side


def hex_fortification(act: Act, hex_id: str) -> int:
    """The fixed fortification of a hex now: 2 fortress (or a Fortress city), 1 bunker, 0 none; a captured one as
    `Game.fortifications` left it (A14: a fortress falling to the enemy becomes a bunker, a bunker is destroyed
    [BW L1496], [BW L1500])."""
    h = act.scenario.hexes[hex_id]
    changed = act.game.fortifications.get(hex_id)
    if changed is not None:
        return {"bunker": 1, "none": 0}[changed]
    level = {"fortress": 2, "bunker": 1, None: 0}[h.fortification]
    return max(level, 2) if h.city == "fortress" else level


def falls(act: Act, hex_id: str, side: Side) -> None:
    """A fortification falling into enemy hands (its hex taken by ground units of the side its nation is not on):
    a fortress becomes a bunker and is never rebuilt, a bunker is destroyed [BW L1496], [BW L1500]; a Maginot hex
    loses its fortress across the orange line [BW L866], Eben Emael its fortress [BW L944] (digest A14)."""
    h = act.scenario.hexes[hex_id]
    owner = act.scenario.powers[h.nation].side if h.nation in act.scenario.powers else None
    if owner is None or owner == side:
        return
    level = hex_fortification(act, hex_id)
    maginot = h.fortification == "bunker" and hex_id not in act.game.fortifications and any(
        kind == "maginot" and hex_id in pair for pair, kind in act.scenario.hexside.items())
    if level == 0:
        return
    now = "bunker" if level == 2 or maginot else "none"
    act.ctx.emit(Fortification(hex=hex_id, now=now, previous=act.game.fortifications.get(hex_id, h.fortification)))
    act.note(f"the fortification of {hex_id} falls to the {side}: " + ("it becomes a bunker [BW L1496]" if now == "bunker"
             else "the bunker is destroyed [BW L1500]"))
