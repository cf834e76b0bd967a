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

Global 1940 (a gun type with `anti_aircraft_shots`, `limited_volley`): every AA gun of the
defence fires, at most three dice each and one per attacking aircraft; the attacker chooses the
aircraft lost [G40 L1340-L1342]; AA guns alone in an attacked territory are destroyed with no
combat [G40 L916], [G40 L1338] (`only_guns`).
"""

from __future__ import annotations

from aa_ref.core.dice import Volley
from aa_ref.core.engine import Context
from aa_ref.games.axis_allies.model.setup import UnitCounts
from aa_ref.games.axis_allies.rules.board import Board

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
    dice = ctx.roll(context, sum(n for _, n in groups), Volley(
        f"{where}, {owner}'s AA gun fires at the attacking aircraft", tuple((f"{n} {u} hit on {value}", n) for u, n in groups)))
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


# --- AA guns with a number of shots (Global 1940 [G40 L1320-L1344]) ------------------------
def has_shots(board: Board, gun: tuple[str, str, int]) -> bool:
    """True when the firing gun's type rolls a limited number of dice (`anti_aircraft_shots`):
    then every AA gun of the defence fires, up to that many dice each [G40 L1340]."""
    return board.unit(gun[1]).anti_aircraft_shots is not None


def only_guns(board: Board, units: UnitCounts) -> bool:
    """True when `units` (a defence's fighting units) are only AA guns that may be casualties
    (`anti_aircraft_shots`, no defence value): Global 1940, where such a territory is taken with
    no combat and its AA guns are destroyed [G40 L916], [G40 L1338]."""
    return bool(units) and all(board.unit(u).anti_aircraft_shots is not None and board.unit(u).defense == 0
                               for u, n in units.items() if n)


def cheapest_first(board: Board, units: UnitCounts, order: list[str] | None) -> list[str]:
    """The order in which the owner loses `units`: its order of loss, then the types it leaves
    out cheapest first (as `casualties` does), in the board's order of unit types."""
    board_order = list(board.setup.unit_types)
    listed = [u for u in (order or []) if u in units]
    rest = sorted((u for u in units if u not in listed), key=lambda u: (board.unit(u).cost, board_order.index(u)))
    return listed + rest


def take_losses(board: Board, units: UnitCounts, hits: int, order: list[str] | None) -> UnitCounts:
    """`hits` units among `units`, taken in the owner's order of loss, else cheapest first."""
    lost: UnitCounts = {}
    for unit in cheapest_first(board, units, order):
        k = min(hits, units[unit])
        if k:
            lost[unit] = k
            hits -= k
    return lost


def limited_volley(ctx: Context, board: Board, gun: tuple[str, str, int], space: str, attacker: str,
                   targets: UnitCounts, context: str, order: list[str] | None) -> UnitCounts:
    """Global 1940 AA fire [G40 L1340-L1342]: every AA gun of the defence fires at most
    `anti_aircraft_shots` dice and each aircraft is fired at once: min(shots x guns, aircraft)
    dice, each at or below the gun's value destroying an aircraft; the attacker chooses which
    (its order of loss for the battle or standing, else the cheapest aircraft first: ruling
    G40-C3). Returns the aircraft destroyed by type."""
    owner, unit, value = gun
    guns = sum(n for power in board.enemy_powers(space, attacker)
               for u, n in board.units(space, [power]).items() if n and board.unit(u).anti_aircraft_shots)
    shots = guns * (board.unit(unit).anti_aircraft_shots or 1)
    planes = sum(targets.values())
    count = min(shots, planes)
    dice = ctx.roll(context, count, Volley(f"{space}, {guns} AA gun(s) of the defence fire at {planes} aircraft",
                                           ((f"{count} shots hit on {value}", count),)))
    hits = sum(1 for d in dice if d <= value)
    destroyed = take_losses(board, targets, hits, order)
    chosen = f"; the attacker loses {', '.join(f'{n} {u}' for u, n in destroyed.items())}" if destroyed else ""
    ctx.note(f"{space}: {guns} AA gun(s) of the defence (at most {shots} dice, one per attacking aircraft, hit on "
             f"{value} or less) fire at {planes} aircraft: {count} dice roll {dice}: {hits} hit(s){chosen} [G40 L1340]")
    return destroyed
