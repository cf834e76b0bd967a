"""Shore bombardment, step 2 of an amphibious assault (Anniversary [@77405]-[@78253]).

Only if there was no naval combat in the zone the troops unload from (sinking undefended
transports counts as combat [@77809]), the attacker's ships that bombard (unit types with
`bombard` above 0: battleships at 4, cruisers at 3 [@77981]) in that zone fire once at the
territory: one die each, a hit at or below the ship's bombard value. At most one ship per
land unit unloaded from transports into that territory (ruling A16 [@77665]), each ship
once per turn and at one territory [@78124]: a ship that bombarded is marked done. The
defender chooses the casualties (its order of loss, or a decision), and they still fire in
the first round of the land battle before they are removed [@78253].

Which ships bombard: those the battle's orders name (`bombard`), else every eligible ship,
best bombard value first; both cut to the cap, in that order.
"""

from __future__ import annotations

from aa_ref.games.axis_allies.model.setup import UnitCounts
from aa_ref.games.axis_allies.model.state import Battle
from aa_ref.games.axis_allies.rules.board import Board, total

RULE = "Anniversary shore bombardment [@77405]"


def naval_combat(board: Board, zone: str) -> bool:
    """True when a sea battle is fought in `zone` this turn (undefended transports included) [@77809]."""
    return any(b.space == zone and b.kind == "sea" for b in board.game.turn.battles)


def eligible(board: Board, battle: Battle) -> dict[str, UnitCounts]:
    """Offload zone -> the attacker's ships there that may still bombard this battle."""
    out: dict[str, UnitCounts] = {}
    for zone in battle.amphibious_from:
        if naval_combat(board, zone) or zone in board.game.turn.kamikaze_zones:
            continue  # Global 1940: no bombardment from a zone of a kamikaze attack [G40 L789]
        for force in board.forces(zone, battle.attacker):
            if force.done or force.retreated:
                continue  # bombarded already this turn, or retreated
            for unit, n in force.units.items():
                if board.profile(battle.attacker, unit).bombard > 0:
                    out.setdefault(zone, {})[unit] = out.get(zone, {}).get(unit, 0) + n
    return out


def cargo_bound(board: Board, battle: Battle) -> int:
    """Land units aboard the attacker's transports bound for the battle's territory."""
    return sum(n for zone in battle.amphibious_from for force in board.forces(zone)
               if force.assault == battle.space for n in force.lands(battle.attacker).values())


def choose(board: Board, battle: Battle, cap: int) -> dict[str, UnitCounts]:
    """The ships that bombard, by zone: the orders' choice or every eligible ship, best first, at most `cap`."""
    ships = eligible(board, battle)
    wanted = dict(battle.bombard) if battle.bombard is not None else None
    rows = sorted(((board.profile(battle.attacker, u).bombard, zone, u, n) for zone, units in ships.items()
                   for u, n in units.items()), key=lambda r: (-r[0], battle.amphibious_from.index(r[1]), r[2]))
    out: dict[str, UnitCounts] = {}
    for _, zone, unit, n in rows:
        if wanted is not None:
            n = min(n, wanted.get(unit, 0))
            if n:
                wanted[unit] -= n
        n = min(n, cap - sum(total(u) for u in out.values()))
        if n > 0:
            out.setdefault(zone, {})[unit] = n
    return out


def check_bombard_orders(board: Board, battle: Battle, wanted: UnitCounts) -> str | None:
    """Why the ships an order names cannot bombard this battle, or None."""
    if battle.kind != "land" or not battle.amphibious_from:
        return f"{battle.space} is not an amphibious assault: ships bombard only before a landing from the sea"
    available: UnitCounts = {}
    for units in eligible(board, battle).values():
        for unit, n in units.items():
            available[unit] = available.get(unit, 0) + n
    for unit, n in wanted.items():
        if n < 0:
            return f"a negative number of {unit} ({n})"
        if n and board.profile(battle.attacker, unit).bombard == 0:
            return f"{unit} never bombards; only battleships and cruisers do [@77405]"
        if n > available.get(unit, 0):
            return (f"{n} {unit} cannot bombard {battle.space}: {available.get(unit, 0)} of {battle.attacker}'s "
                    f"{unit} are in its offload zones with no naval combat there this turn and have not bombarded")
    bound = cargo_bound(board, battle)
    if total(wanted) > bound:
        return (f"{total(wanted)} ships cannot bombard {battle.space}: at most one ship per land unit unloaded "
                f"from transports ({bound}) (ruling A16)")
    return None
