"""A block's TECH values: its class's row of the TECH chart at its power's TECH level [BW L670], [BW L674-L678]; a
Tech0 unit (an unassisted minor power) fires with the TECH 1 row at half dice [BW L928]; French units' AA is always
halved [BW L825], [BW L1080].
"""

from __future__ import annotations

from aa_ref.games.blocks_in_the_west import radar
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.scenario import TechValues

FRANCE = "france"
"""The power whose units' AA is always halved [BW L825], [BW L1080]."""


def tech(act: Act, block_id: str) -> tuple[TechValues | None, bool]:
    """The block's TECH chart values and whether it rolls half dice (Tech0 [BW L928])."""
    block = act.scenario.blocks[block_id]
    level = act.scenario.powers[block.power].tech.get(block.unit, 1)
    level = radar.fighter_level(act.scenario, act.game, block.power, block.unit, level)  # [BW L2010]
    chart = act.scenario.tech_chart.get(block.unit, {})
    values = chart.get(level) or (chart.get(1) if level == 0 else None)
    return values, level == 0
