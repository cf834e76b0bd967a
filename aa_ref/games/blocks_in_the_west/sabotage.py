"""What the partisans' discs block behind the Axis lines (OR 29.0, option `partisans`) [BW L2451-L2460]: the part
of the rule that supply and movement read, kept apart from `partisans` so that `supply` may ask it.

- 1 disc or more: "Previene gli SRM ed il trasporto di risorse via ferroviaria dentro o attraverso l'esagono" [BW L2455];
- 2 discs: "... e bloccano il rifornimento delle GU via terra" [BW L2459]: no Axis supply line is traced through;
- 3 discs: "... e bloccano il rifornimento sia terrestre che ferroviario" [BW L2460]: the hex also leaves the Axis
  rail network (a rail hex that carries no supply).

Partisans sabotage the Axis's rear ("possono sabotare le retrovie dell'Asse" [BW L2430]): the Allies' lines, rail
and moves are never touched. They have no ZOC and never move [BW L2430].
"""

from __future__ import annotations

from aa_ref.games.blocks_in_the_west import rules
from aa_ref.games.blocks_in_the_west.board import Board
from aa_ref.games.blocks_in_the_west.state import Game, Side

LAND_LINE, RAIL_SUPPLY, RAIL_TRANSPORT = 2, 3, 1
"""Discs that block: the Axis's land supply lines [BW L2459], its rail supply [BW L2460], its rail moves and the rail
transport of its resources [BW L2455]."""


def discs(game: Game, hex_id: str) -> int:
    """The partisans' discs in the hex while OR 29.0 is played, else 0."""
    if not rules.enabled(game, "partisans"):
        return 0
    return game.partisans.get(hex_id, 0)


def line_blocked(board: Board, hex_id: str, side: Side) -> bool:
    """No supply line of the Axis is traced through (or to) a hex with 2 discs or more [BW L2459]."""
    return side == "axis" and discs(board.game, hex_id) >= LAND_LINE


def rail_cut(board: Board, hex_id: str, side: Side) -> bool:
    """The hex leaves the Axis rail network: 3 discs for supply [BW L2460], 1 for the rail transport of resources
    (`ResourceBoard`) [BW L2455]."""
    return side == "axis" and discs(board.game, hex_id) >= getattr(board, "partisan_rail_cut", RAIL_SUPPLY)


class ResourceBoard(Board):
    """The board as the rail transport of resources sees it: any partisan disc cuts the rail [BW L2455], [BW L1762]."""

    partisan_rail_cut = RAIL_TRANSPORT
