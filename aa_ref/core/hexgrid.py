"""Hex grids in axial coordinates [q, r], shared by the games played on hexes (WARZAG, Blocks in the West):
hexes sharing a side are adjacent, so adjacency is derived from the coordinates and cannot be asymmetric."""

from __future__ import annotations

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
"""The six directions of an axial hex grid."""


def neighbours(at: dict[str, tuple[int, int]]) -> dict[str, tuple[str, ...]]:
    """Hex -> the hexes sharing a side with it, for hexes named by their coordinates."""
    by_coordinate = {q_r: name for name, q_r in at.items()}
    return {name: tuple(sorted(n for dq, dr in STEPS if (n := by_coordinate.get((q + dq, r + dr)))))
            for name, (q, r) in at.items()}


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hexes between two hexes."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
