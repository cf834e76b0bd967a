"""Global 1940 combat checks that have no home in the shared modules yet.

Two-hit units other than battleships: Global 1940 carriers are capital ships that take two hits
[G40 L1486] (the setup gives them `hits: 2`), but the shared casualty code (`casualties`,
`battle`) tracks one damage count per force for battleships only. Until it is generalised, a
battle in which such a unit fights is refused by name rather than fought with one-hit carriers.
"""

from __future__ import annotations

from aa_ref.aa.board import Board
from aa_ref.aa.casualties import BATTLESHIP
from aa_ref.engine import OrdersInput
from aa_ref.errors import Problem

RULE_CAPITAL = "G40 capital ships [L1463], [L1486]"


def check_two_hit_units(board: Board, given: OrdersInput) -> list[Problem]:
    """Refuse to fight a sea battle with a two-hit unit the casualty code cannot damage."""
    problems = []
    for battle in board.game.turn.battles:
        if battle.status == "done" or battle.kind != "sea":
            continue
        sides = [battle.attacker, *board.enemy_powers(battle.space, battle.attacker)]
        units = board.units(battle.space, sides)
        for unit, n in units.items():
            if n and board.unit(unit).hits > 1 and unit != BATTLESHIP:
                problems.append(given.problem(
                    f"the battle in {battle.space} has a {unit}, which takes {board.unit(unit).hits} hits in this game: "
                    "two-hit units other than battleships are not implemented yet, so the referee cannot fight it",
                    ("battles",), RULE_CAPITAL))
    return problems
