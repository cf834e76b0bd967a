"""Global 1940 air and naval bases: movement bonuses and free repairs [G40 L684-L690],
[G40 L1215-L1248]. Citations `[G40 Lnnn]` are lines of `shared/seeds/000_f34e5ec93fbfbe5a.txt`."""

from __future__ import annotations

from aa_ref.core.engine import Context
from aa_ref.games.axis_allies.model.events import AddUnits, RemoveUnits
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.installations import AIR_BASE, NAVAL_BASE, operational


def supporting_naval_base(board: Board, zone: str, power: str) -> str | None:
    """A territory next to `zone` with an operational naval base friendly to `power`: it
    supports every sea zone around it [G40 L1245]."""
    for territory in sorted(board.adjacency.get(zone, ())):
        if board.is_land(territory) and operational(board, territory, NAVAL_BASE, power):
            return territory
    return None


def movement_bonus(board: Board, power: str, unit: str, start: str) -> int:
    """+1 movement for an air unit taking off from a territory with an operational air base
    [G40 L686], [G40 L1229] (not from a carrier next to one), and for a ship starting in a sea
    zone supported by a friendly operational naval base [G40 L690], [G40 L1246], [G40 L1441]."""
    if not board.setup.spaces[start].kind == "sea" and board.domain(unit) == "air":
        return 1 if operational(board, start, AIR_BASE, power) else 0
    if board.is_sea(start) and board.domain(unit) == "sea":
        return 1 if supporting_naval_base(board, start, power) else 0
    return 0


def repair_ships(ctx: Context, power: str) -> None:
    """Damaged battleships and carriers of the power in a sea zone supported by an operational
    naval base of its own or an ally's are repaired free in its Purchase & Repair phase
    [G40 L552], [G40 L1247]."""
    board = Board(ctx.setup, ctx.game)
    for zone in [s for s in ctx.game.spaces if board.is_sea(s)]:
        damaged = [f for f in ctx.game.forces(zone, power) if f.damage()]
        base = supporting_naval_base(board, zone, power) if damaged else None
        if base is None:
            continue
        for force in [f.model_copy(deep=True) for f in damaged]:
            ctx.emit(RemoveUnits(space=zone, force=force.model_copy(deep=True), reason="repaired"))
            ctx.emit(AddUnits(space=zone, force=force.model_copy(deep=True, update={"damaged": 0, "damaged_units": {}})))
            ctx.note(f"{power}'s {sum(force.damage().values())} damaged capital ship(s) in {zone} are repaired free at the "
                     f"naval base in {base} [G40 L552], [G40 L1247]")
