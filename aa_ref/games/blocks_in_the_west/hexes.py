"""Hex facts the fight, reconnaissance and airborne drops share: rough terrain and major cities (1 malus to
attacking GCU [BW L1480]), the blocks of a side in a battle hex, the distance between two hexes.
"""

from __future__ import annotations

from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.state import Battle, Side
from aa_ref.core.names import natural_key

ROUGH = ("forest", "hill", "mountain", "swamp")
"""Terrain giving attacking GCU (and their AA) 1 malus [BW L1480]."""
MAJOR = ("capital", "major")


def hex_distance(act: Act, a: str, b: str) -> int:
    """Hexes between two hexes."""
    (q1, r1), (q2, r2) = act.scenario.hexes[a].at, act.scenario.hexes[b].at
    return (abs(q1 - q2) + abs(r1 - r2) + abs((q1 + r1) - (q2 + r2))) // 2


def members(act: Act, battle: Battle, side: Side) -> list[str]:
    """The side's blocks in the battle hex, in id order."""
    return sorted(act.board().blocks_at(battle.hex, side), key=natural_key)
