"""Anti-aircraft fire (Anniversary AA guns [@112707]-[@115016]).

An AA gun fires only at aircraft that attack the territory it stands in, never at aircraft
flying over it [@113196], [@67045] (ruling A44): before the first round of a land battle
[@113180], and at each bomber of a strategic bombing raid [@75039]. If several AA guns are
in the territory only one fires, even if they belong to different powers [@113537]; the
defence fires the one that hits best (an AA gun whose owner has Radar), as a defender
choosing would (ruling A3). It rolls one die per attacking aircraft; each die at or below
its AA value (1, or 1-2 with its owner's Radar [@57805]) destroys an aircraft at once.

With fighters and bombers together each die is aimed at a named aircraft [@113928]; the
dice are rolled type by type (one die per fighter, one per bomber, in the board's order
of unit types), the alternative the translator's note allows: each 1 destroys one
aircraft of the type it was aimed at.
"""

from __future__ import annotations

from aa_ref.aa.board import Board
from aa_ref.engine import Context
from aa_ref.setup import UnitCounts

RADAR = "radar"
RADAR_HITS = 2
"""With Radar the power's AA guns hit on 1 or 2 [@57805]."""


def aa_value(board: Board, power: str, unit: str) -> int:
    """What one of `power`'s AA guns hits on: its printed AA value, 2 with Radar."""
    value = board.profile(power, unit).anti_aircraft
    return max(value, RADAR_HITS) if value and board.has_tech(power, RADAR) else value


def firing_gun(board: Board, space: str, attacker: str) -> tuple[str, str, int] | None:
    """(owner, unit type, value) of the one AA gun of the attacker's enemies that fires in
    `space`: the best one (ruling A3); None when the territory holds none."""
    best: tuple[str, str, int] | None = None
    for power in board.enemy_powers(space, attacker):
        for unit, n in board.units(space, [power]).items():
            value = aa_value(board, power, unit) if n else 0
            if value and (best is None or value > best[2]):
                best = (power, unit, value)
    return best


def aircraft(board: Board, units: UnitCounts) -> UnitCounts:
    """The air units among `units`."""
    return {u: n for u, n in units.items() if n and board.domain(u) == "air"}


def aa_volley(ctx: Context, board: Board, gun: tuple[str, str, int], targets: UnitCounts, context: str,
              where: str) -> UnitCounts:
    """Roll one die per aircraft in `targets`, type by type; return the aircraft destroyed by type."""
    owner, _, value = gun
    order = list(board.setup.unit_types)
    groups = sorted(targets.items(), key=lambda item: order.index(item[0]))
    dice = ctx.roll(context, sum(n for _, n in groups))
    destroyed: UnitCounts = {}
    parts = []
    for unit, n in groups:
        mine, dice = dice[:n], dice[n:]
        hits = sum(1 for d in mine if d <= value)
        if hits:
            destroyed[unit] = hits
        parts.append(f"{n} {unit} roll {mine}: {hits} destroyed")
    ctx.note(f"{where}: {owner}'s AA gun (hits on {value} or less) fires at the attacking aircraft: "
             + "; ".join(parts) + " [@113180]")
    return destroyed
