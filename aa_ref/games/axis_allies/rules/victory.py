"""Victory conditions [L72-L86, L766-L776].

Two-capital game (default): the Allies win holding Berlin and Tokyo at the end of a
Japan turn; the Axis win holding two of Washington, London and Moscow at the end of the
USA turn. One-capital game: either Axis capital for the Allies; Washington or London
for the Axis (Moscow does not count) [L79-L86].
"""

from __future__ import annotations

from dataclasses import dataclass

from aa_ref.games.axis_allies.rules.board import Board

VICTORY_MODES = ("two_capitals", "one_capital")


@dataclass(frozen=True)
class VictoryCheck:
    side: str
    after_turn_of: str
    capitals: tuple[str, ...]
    needed: int


def victory_checks(mode: str) -> list[VictoryCheck]:
    """The checks of the 1941 game in the chosen mode; PROPOSED (digest §9.1): each side is
    checked at the end of the turn its condition names."""
    if mode == "one_capital":
        return [
            VictoryCheck("Allies", "Japan", ("Germany", "Japan"), 1),
            VictoryCheck("Axis", "USA", ("Eastern United States", "United Kingdom"), 1),
        ]
    return [
        VictoryCheck("Allies", "Japan", ("Germany", "Japan"), 2),
        VictoryCheck("Axis", "USA", ("Eastern United States", "United Kingdom", "Russia"), 2),
    ]


def winner_after_turn(board: Board, power: str, mode: str) -> tuple[str, str] | None:
    """(side, reason) if a side has won at the end of `power`'s turn."""
    for check in victory_checks(mode):
        if check.after_turn_of != power:
            continue
        held = [c for c in check.capitals if (o := board.owner(c)) and board.setup.side_of(o) == check.side]
        if len(held) >= check.needed:
            return check.side, f"{check.side} control {', '.join(held)} at the end of {power}'s turn [L74-L86]"
    return None


def victory_cities_held(board: Board) -> dict[str, list[str]]:
    """Side -> the victory cities its powers control (Anniversary [@40534], [@92886])."""
    held: dict[str, list[str]] = {side: [] for side in board.setup.sides}
    for name, space in board.setup.spaces.items():
        owner = board.owner(name)
        if space.victory_city and owner is not None:
            held[board.setup.side_of(owner)].append(space.victory_city)
    return held


def victory_city_winner(board: Board, threshold: int) -> tuple[str, str] | None:
    """A side controlling at least `threshold` victory cities at the end of the round wins
    [@32286], [@108876]."""
    for side, cities in victory_cities_held(board).items():
        if len(cities) >= threshold:
            return side, f"the {side} control {len(cities)} victory cities (needed {threshold}) [@108876]"
    return None
