"""China's free infantry (Anniversary [@47731]-[@51070]), from the setup's `china` rules.

China has no IPCs and buys nothing. In the Purchase phase of the power named in
`granted_in_turn_of` (the USA) it receives one infantry for every two Chinese territories
not under Axis control; Manchuria and Kiangsu, Chinese by origin but Japanese at the
start, count only while China itself controls them [@49099], [@50099] (ruling A25). The
infantry wait in China's mobilization zone and are placed in China's own Mobilize phase
(China's turn is the part of the US turn where its units act [@48323]) in any territory
China controls, with no industrial complex, but not where 3 or more Chinese units already
stand; below 3, any number may be placed there [@49594], [@49746] (ruling A24).
"""

from __future__ import annotations

from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.events import AddUnits, Purchased
from aa_ref.games.axis_allies.model.setup import ChinaRules, Setup, UnitCounts
from aa_ref.games.axis_allies.model.state import Force
from aa_ref.games.axis_allies.rules.board import Board, total

RULE_COUNT = "Anniversary China's new infantry [@49099]"
RULE_PLACE = "Anniversary placing Chinese infantry [@49299]-[@49746]"


def rules_for(setup: Setup, power: str) -> ChinaRules | None:
    """The China rules if `power` is the power they govern."""
    china = setup.china
    return china if china is not None and china.power == power else None


def counted_territories(board: Board) -> list[str]:
    """Chinese territories not under Axis control; one that was not China's at the start
    (Manchuria, Kiangsu) counts only while China controls it [@50099] (ruling A25)."""
    china = board.setup.china
    out = []
    for name, space in board.setup.spaces.items():
        if space.original_owner != china.power:
            continue
        owner = board.owner(name)
        if space.start_owner == china.power:
            counts = owner is not None and board.allied(china.power, owner)
        else:
            counts = owner == china.power
        if counts:
            out.append(name)
    return out


def infantry_due(board: Board) -> int:
    """One infantry per `territories_per_unit` counted territories, rounded down [@49099]."""
    return len(counted_territories(board)) // board.setup.china.territories_per_unit


def grant_infantry(ctx: Context, power: str) -> None:
    """In the Purchase phase of the granting power, put China's free infantry in China's
    mobilization zone [@49099]."""
    china = ctx.setup.china
    if china is None or power != china.granted_in_turn_of:
        return
    board = Board(ctx.setup, ctx.game)
    counted = counted_territories(board)
    n = len(counted) // china.territories_per_unit
    if n:
        ctx.emit(Purchased(power=china.power, units={china.unit: n}))
    ctx.note(f"{china.power} receives {n} {china.unit} for {len(counted)} Chinese territories not held by "
             f"the Axis ({', '.join(counted) or 'none'}) [@49099]")


def placement_sites(board: Board) -> list[str]:
    """Territories China controls with fewer Chinese units than the limit, before placing [@49594]."""
    china = board.setup.china
    return [
        name for name, state in board.game.spaces.items()
        if state.owner == china.power and total(board.units(name, [china.power])) < china.placement_limit
    ]


def check_placement(board: Board, given: OrdersInput, place: dict[str, UnitCounts]) -> list[Problem]:
    """Chinese units only where China may place them; every waiting unit placed if any site is open [@101885]."""
    china = board.setup.china
    problems = []
    sites = placement_sites(board)
    for space in place:
        if board.owner(space) != china.power:
            problems.append(given.problem(
                f"{china.power}'s new units go to territories {china.power} controls; {space} is "
                f"{'held by ' + board.owner(space) if board.owner(space) else 'not a territory China controls'}",
                ("place", space), RULE_PLACE))
        elif space not in sites:
            problems.append(given.problem(
                f"{space} already holds {total(board.units(space, [china.power]))} {china.power} units: no new "
                f"{china.power} unit may be placed where {china.placement_limit} or more stand", ("place", space),
                RULE_PLACE))
    if board.game.options.get("china_limit") == "after":
        problems += _over_limit_after(board, given, place)
    placed = sum(total(units) for units in place.values())
    if not problems and sites and placed < _placeable(board):
        problems.append(given.problem(
            f"{china.power} leaves units unplaced although {', '.join(sites)} can take them: every unit that "
            "can be placed must be", ("place",), "Anniversary Mobilize [@102300]"))
    return problems


def _room_after(board: Board, space: str) -> int:
    china = board.setup.china
    return max(china.placement_limit - total(board.units(space, [china.power])), 0)


def _placeable(board: Board) -> int:
    """How many waiting units can be placed: all of them, or with option `china_limit=after` no
    more than the room left under the limit (ruling A24's strict reading)."""
    waiting = total(board.game.powers[board.setup.china.power].purchased)
    if board.game.options.get("china_limit") != "after":
        return waiting
    return min(waiting, sum(_room_after(board, s) for s in placement_sites(board)))


def _over_limit_after(board: Board, given: OrdersInput, place: dict[str, UnitCounts]) -> list[Problem]:
    """Option `china_limit=after`: no territory may hold more than the limit once the units are placed."""
    china = board.setup.china
    return [
        given.problem(f"{space} would hold more than {china.placement_limit} {china.power} units after placing "
                      f"(room for {_room_after(board, space)}; option china_limit=after)", ("place", space),
                      "Anniversary China [@49594] (ruling A24, strict option)")
        for space, units in place.items()
        if board.owner(space) == china.power and total(units) > _room_after(board, space)
    ]


def execute_placement(ctx: Context, place: dict[str, UnitCounts]) -> None:
    """Place the Chinese units; units that found no site wait for a later turn [@102012]."""
    power = ctx.setup.china.power
    for space, units in place.items():
        ctx.emit(Purchased(power=power, units={u: -n for u, n in units.items()}))
        ctx.emit(AddUnits(space=space, force=Force(power=power, units=units, done=True)))
        ctx.note(f"{power} places {', '.join(f'{n} {u}' for u, n in units.items())} in {space}")
    left = ctx.game.powers[power].purchased
    if left:
        ctx.note(f"{power}'s {total(left)} unplaced units wait in the mobilization zone [@102012]")
