"""Garrisons (optional rule OR 27.0, option `garrisons`) [BW L2408-L2410].

"il giocatore dell'Asse può presidiare questi esagoni per preservarne il controllo contro eventuali partigiani (come
descritto in 29.0). Qualsiasi unità (sia AU che GU) e la loro ZOC può essere utilizzata per presidiare una
città/esagono" [BW L2410].

A hex is garrisoned when an Axis block (ground or air) stands in it or it lies in the Axis's zone of control
(`Board.in_zoc_of`, with AR 8.0's limits when they are played). A garrisoned city does not count for the free
deployment of partisans (29.1 "città minori senza guarnigioni" [BW L2445]) and no partisan is placed in a garrisoned
hex. Garrisons matter only with partisans (OR 29.0): without OR 27.0 the Axis garrisons nothing, every city it holds
counts, and 29.1's own rule (placement outside the Axis ZOC [BW L2449]) still stands.
"""

from __future__ import annotations

from aa_ref.games.blocks_in_the_west import rules
from aa_ref.games.blocks_in_the_west.board import Board

AXIS = "axis"


def garrisoned(board: Board, hex_id: str) -> bool:
    """With OR 27.0: an Axis unit (AU or GU) stands in `hex_id` or its ZOC covers it [BW L2410]."""
    if not rules.enabled(board.game, "garrisons"):
        return False
    return bool(board.blocks_at(hex_id, AXIS)) or board.in_zoc_of(hex_id, AXIS)
