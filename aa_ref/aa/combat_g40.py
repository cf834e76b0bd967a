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


def check_carrier_attacks(board: Board, given: OrdersInput) -> list[Problem]:
    """The same refusal in the Combat Move, before the battle exists: a combat move ending in a sea
    zone with enemy units, where a two-hit unit other than a battleship would fight (the mover's
    or the enemy's)."""
    power = given.model.power
    problems = []
    names = board.setup.space_names
    for i, move in enumerate(given.model.moves or []):
        end = names.get(move.to)
        if end is None or not board.is_sea(end) or move.bombing:
            continue
        enemy = board.enemy_units(end, power)
        if not enemy:
            continue
        mine = {board.setup.unit_names.get(u) or u: n for u, n in move.units.items()}
        here = {**board.units(end, [power]), **mine}
        two_hit = sorted({u for u, n in {**enemy, **here}.items()
                          if n and u in board.setup.unit_types and board.unit(u).hits > 1 and u != BATTLESHIP})
        if two_hit:
            problems.append(given.problem(
                f"a sea battle in {end} would have a {', '.join(two_hit)}, which takes two hits in this game: "
                "two-hit units other than battleships are not implemented yet, so the referee cannot fight it",
                ("moves", i, "to"), RULE_CAPITAL))
    return problems
