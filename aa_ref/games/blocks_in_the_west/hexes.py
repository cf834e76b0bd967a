"""Hex facts the fight, reconnaissance and airborne drops share: rough terrain and major cities (1 malus to
attacking GCU [BW L1480]), the cities' AA, the blocks of a side in a battle hex, the distance between two hexes.
"""

from __future__ import annotations

from aa_ref.core import hexgrid
from aa_ref.core.names import natural_key
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.state import Battle, Side

ROUGH = ("forest", "hill", "mountain", "swamp")
"""Terrain giving attacking GCU (and their AA) 1 malus [BW L1480]."""
MAJOR = ("capital", "major")
CITY_AA_FACE = 6
"""City and fortification AA hits on 6 (the Minor City example [BW L2238]; digest A34)."""


def hex_distance(act: Act, a: str, b: str) -> int:
    """Hexes between two hexes."""
    return hexgrid.distance(act.scenario.hexes[a].at, act.scenario.hexes[b].at)


def members(act: Act, battle: Battle, side: Side) -> list[str]:
    """The side's blocks in the battle hex, in id order."""
    return sorted(act.board().blocks_at(battle.hex, side), key=natural_key)
