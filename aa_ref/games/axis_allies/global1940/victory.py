"""Global 1940 victory [G40 L295-L299], [G40 L1051-L1055], [G40 L1043].

The Axis win holding at least 8 victory cities of the Europe map or 6 of the Pacific map
(setup groups `Europe victory cities`, `Pacific victory cities`) for a complete round of
play, and one Axis capital at the end of that round [G40 L297], [G40 L1053]. The Allies win
holding Berlin, Rome and Tokyo for a complete round, and one Allied capital at the end of
that round [G40 L299], [G40 L1055].

Ruling (digest §9 #1, docs/global1940-rulings.md E8): the cities are looked at at the end of
every power's turn; `Game.victory_held[side]` records the round since whose turns' ends the
side's cities have held without a break. A side wins at the end of a round (after the last
power's turn) when its cities have held at the end of every turn since the end of the
previous round, and it then holds one of its capitals.
"""

from __future__ import annotations

from aa_ref.core.engine import Context
from aa_ref.games.axis_allies.model.events import VictoryHeld
from aa_ref.games.axis_allies.rules.board import Board

EUROPE, PACIFIC = "Europe victory cities", "Pacific victory cities"
AXIS_NEEDS = {EUROPE: 8, PACIFIC: 6}
"""Victory cities the Axis need on one map [G40 L297]."""
AXIS_CAPITALS = ("Germany", "Southern Italy", "Japan")
"""Berlin, Rome, Tokyo [G40 L297], [G40 L299]."""
ALLIED_CAPITALS = ("Eastern United States", "United Kingdom", "France", "Russia")
"""Washington, London, Paris, Moscow [G40 L299]."""


def _held_by(board: Board, side: str, space: str) -> bool:
    owner = board.owner(space)
    return owner is not None and board.setup.side_of(owner) == side


def cities_held(board: Board) -> dict[str, dict[str, int]]:
    """Side -> map group -> victory cities its powers hold."""
    return {side: {g: sum(_held_by(board, side, s) for s in board.setup.groups.get(g, []))
                   for g in (EUROPE, PACIFIC)} for side in board.setup.sides}


def condition(board: Board, side: str) -> str | None:
    """Why the side's cities condition holds now (None: it does not)."""
    if side == "Axis":
        held = cities_held(board)["Axis"]
        for group, needed in AXIS_NEEDS.items():
            if held[group] >= needed:
                return f"the Axis hold {held[group]} {group} (needed {needed})"
        return None
    if side == "Allies" and all(_held_by(board, "Allies", c) for c in AXIS_CAPITALS):
        return "the Allies hold Berlin, Rome and Tokyo"
    return None


def track(ctx: Context) -> None:
    """At the end of a power's turn, start or stop each side's count [G40 L297-L299]."""
    board = Board(ctx.setup, ctx.game)
    for side in ("Axis", "Allies"):
        holds = condition(board, side) is not None
        since = ctx.game.victory_held.get(side)
        if holds and since is None:
            ctx.emit(VictoryHeld(side=side, since=ctx.game.round))
            ctx.note(f"{condition(board, side)}: they win if this holds for a complete round and they then "
                     f"hold one of their capitals [G40 L297-L299]")
        elif not holds and since is not None:
            ctx.emit(VictoryHeld(side=side, since=None))
            ctx.note(f"the {side} no longer meet their victory condition [G40 L297-L299]")


def winner(board: Board, power: str) -> tuple[str, str] | None:
    """(side, reason) at the end of a round when a side has held its cities since the end of
    the previous round and holds one of its capitals [G40 L297], [G40 L299]."""
    if power != board.setup.turn_order[-1]:
        return None
    for side, capitals in (("Axis", AXIS_CAPITALS), ("Allies", ALLIED_CAPITALS)):
        since = board.game.victory_held.get(side)
        why = condition(board, side)
        if since is None or why is None or since >= board.game.round:
            continue
        held = [c for c in capitals if _held_by(board, side, c)]
        if held:
            return side, (f"{why} for a complete round (since round {since}) and a capital ({', '.join(held)}) "
                          "at the end of the round [G40 L297-L299]")
    return None
