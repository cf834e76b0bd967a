"""Global 1940 capital ships: what a damaged carrier may not do.

Battleships and carriers take two hits [G40 L1463], [G40 L1486] (the setup gives them
`hits: 2`; the shared casualty code damages any two-hit unit, and the setup's
`damage_lasts` keeps the damage until a naval base repairs it [G40 L1247]). A damaged
carrier "cannot conduct air operations: no air unit may take off from it or land on it"
[G40 L1498]. Landing is enforced where carrier room is counted (`air.side_fleet`,
`air.fleet_after`: a damaged carrier offers no room); taking off is checked here: the
mover's air units in a sea zone that have not moved this turn stand on its carriers there,
two on each [G40 L1490], undamaged carriers first; those beyond the room of its undamaged
carriers are on damaged ones and may not take off (ruling G40-CS3, docs/global1940-rulings.md). Air units of a carrier
damaged during a battle land elsewhere after it, as stranded fighters do [G40 L1504] (`aboard_damaged`).
"""

from __future__ import annotations

from aa_ref.core.engine import OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.setup import UnitCounts
from aa_ref.games.axis_allies.model.state import Force
from aa_ref.games.axis_allies.rules.board import CARRIER_PLANES, CARRIER_ROOM, Board

RULE_DAMAGED_CARRIER = "G40 damaged carrier: no air unit may take off from it or land on it [L1498]"


def grounded_planes(forces: list[Force]) -> UnitCounts:
    """The air units of one power's forces in a sea zone that sit on its damaged carriers there:
    those that have not moved this turn beyond the room of its undamaged carriers, fighters
    before tactical bombers (ruling G40-CS3). They are cargo: they cannot take off, attack or
    defend, and sink with the carrier [G40 L1498], [G40 L1506]. Nothing, where no carrier is damaged."""
    hurt = sum(f.damage().get("carrier", 0) for f in forces)
    if not hurt:
        return {}
    carriers = sum(f.units.get("carrier", 0) for f in forces)
    based = {u: sum(f.units.get(u, 0) for f in forces if not f.moved and not f.combat) for u in CARRIER_PLANES}
    stuck = min(max(0, sum(based.values()) - CARRIER_ROOM * (carriers - hurt)), CARRIER_ROOM * hurt)
    out: UnitCounts = {}
    for unit in CARRIER_PLANES:
        n = min(stuck, based[unit])
        if n:
            out[unit] = n
            stuck -= n
    return out


def aboard_damaged(board: Board, zone: str, power: str) -> int:
    """The power's air units in a sea zone aboard its damaged carriers, also after a battle there
    this turn (which marks every unit as having fought): then the battle's record of those aboard
    when it began counts, and air units of a carrier damaged during it are not aboard [G40 L1504]."""
    for battle in board.game.turn.battles:
        if battle.space == zone and battle.kind == "sea" and battle.status != "pending":
            return sum(battle.grounded.get(power, {}).values())
    return grounded(board, zone, power)


def grounded(board: Board, zone: str, power: str) -> int:
    """How many of the power's air units in a sea zone sit on its damaged carriers [G40 L1498]."""
    return sum(grounded_planes(board.game.forces(zone, power)).values())


def check_damaged_carriers(board: Board, given: OrdersInput, phase: str) -> list[Problem]:
    """Air units aboard a damaged carrier, the power's own or an ally's, may not take off [G40 L1498]."""
    power = given.model.power
    names = board.setup.space_names
    leaving: dict[str, list[tuple[int, int]]] = {}
    for i, move in enumerate(given.model.moves or []):
        start = names.get(move.from_)
        if start is None or not board.is_sea(start):
            continue
        n = sum(k for u, k in move.units.items() if (board.setup.unit_names.get(u) or u) in CARRIER_PLANES)
        if n:
            leaving.setdefault(start, []).append((i, n))
    problems = []
    for zone, moves in sorted(leaving.items()):
        # the power's air units riding an ally's damaged carrier as cargo are grounded too [G40 L1498]
        riding: dict[bool, int] = {}
        for f in board.game.forces(zone):
            if f.power != power and f.units.get("carrier"):
                hurt = f.damage().get("carrier", 0) > 0
                riding[hurt] = riding.get(hurt, 0) + sum(f.cargo.get(power, {}).get(u, 0) for u in CARRIER_PLANES)
        stuck = grounded(board, zone, power) + riding.get(True, 0)
        if not stuck:
            continue
        planes = sum(f.units.get(u, 0) for f in board.game.forces(zone, power) for u in CARRIER_PLANES) \
            + sum(riding.values())
        free = planes - stuck
        if sum(n for _, n in moves) > free:
            problems.append(given.problem(
                f"{stuck} of {power}'s air units in {zone} are aboard a damaged carrier: a damaged carrier "
                f"launches no air unit until it is repaired at a naval base, so at most {free} may take off from {zone}",
                ("moves", moves[-1][0], "from"), RULE_DAMAGED_CARRIER))
    return problems
