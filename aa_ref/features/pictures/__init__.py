"""The board as a picture (issue 21): SVG text drawn from the game's own data, for `aa-ref show --svg` and reports.

`board_svg(setup, game, side=None)` is the one call: a self-contained `<svg>` element (viewBox, width 100%, no
external resource). Hex games are drawn from their hex coordinates (`hexes`), A&A boards from their setup's
`layout:` or a schematic layout of their adjacency (`axis_allies`, `schematic`).
"""

from __future__ import annotations

from typing import Any

from aa_ref.core.errors import UsageError


def board_svg(setup: Any, game: Any, side: str | None = None) -> str:
    """The picture of `game` (its setup, component pack or scenario is `setup`). Blocks in the West: with `side`
    (axis or allies), only what that side's view shows; without, the referee's picture of every block (marked so).
    Other games have no hidden units: `side` is refused there. Raises NoViewSecret for a Blocks in the West game
    begun before view secrets, as the views do."""
    kind = getattr(game, "kind", None)
    if kind == "bitw-game":
        from aa_ref.features.pictures.hexes import bitw_svg
        from aa_ref.games.blocks_in_the_west.views import view

        if side is None:
            return bitw_svg(setup, game, None)
        if side not in ("axis", "allies"):
            raise UsageError(f"no side '{side}': axis or allies")
        return bitw_svg(setup, game, side, view(setup, game, side))  # type: ignore[arg-type]
    if side is not None:
        raise UsageError("a side's picture is for Blocks in the West (hidden blocks); this game hides no units, "
                         "so its picture is the same for everyone: leave out --side")
    if kind == "warzag-game":
        from aa_ref.features.pictures.hexes import warzag_svg

        return warzag_svg(setup, game)
    from aa_ref.features.pictures.axis_allies import board_svg as aa_svg

    return aa_svg(setup, game)


def is_private(game: Any, side: str | None) -> bool:
    """A picture written 0600: the referee's picture of a Blocks in the West game (every hidden block) and a side's
    (for that side's eyes only, as its exported view)."""
    return getattr(game, "kind", None) == "bitw-game"
