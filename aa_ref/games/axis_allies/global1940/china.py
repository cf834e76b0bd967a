"""Global 1940 China [G40 L429-L459], [G40 L1745-L1753].

China collects its own income (12 IPCs at the start) and has no capital [G40 L431-L435].
It buys only infantry, and artillery too while the Burma Road is open, which is checked in
its Purchase & Repair phase [G40 L437], [G40 L455], [G40 L1753]; while it holds no Chinese territory
it keeps its IPCs but cannot spend them [G40 L435-L437]. It uses no industrial complex: new
units go to any territory of Chinese origin that China controls, those it took this turn
included, with no limit per territory (digest §9 #56) [G40 L437]. Its units stay in
Chinese territories, Kwangtung and Burma (setup `confined_to`) [G40 L451]; it suffers no
convoy disruption [G40 L447] and may not research [G40 L1799].
"""

from __future__ import annotations

from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.events import AddUnits, Control, Purchased, RemoveFactory
from aa_ref.games.axis_allies.model.setup import Setup, UnitCounts
from aa_ref.games.axis_allies.model.state import Force
from aa_ref.games.axis_allies.rules.board import Board, add_counts

CHINA = "China"
BURMA_ROAD = ("India", "Burma", "Yunnan", "Szechwan")
"""The territories the Burma Road crosses [G40 L1753]."""
RULE_BUY = "G40 L437"
RULE_ROAD = "G40 L455"
RULE_PLACE = "G40 L437"


def is_china(setup: Setup, power: str) -> bool:
    """The power with no capital and no industrial complexes: China [G40 L435]."""
    return power == CHINA and setup.powers[power].capital is None


def burma_road_open(board: Board) -> bool:
    """The Allies control every territory the road crosses [G40 L455], [G40 L1753]."""
    return all((o := board.owner(t)) is not None and board.setup.side_of(o) == "Allies" for t in BURMA_ROAD)


def placement_sites(board: Board) -> list[str]:
    """Territories of Chinese origin that China controls [G40 L437]."""
    return [name for name, space in board.setup.spaces.items()
            if space.kind == "land" and space.original_owner == CHINA and board.owner(name) == CHINA]


def check_purchase(board: Board, given: OrdersInput) -> list[Problem]:
    model = given.model
    problems = []
    if model.repair:
        problems.append(given.problem("China has no industrial complexes or bases to repair", ("repair",), RULE_BUY))
    if not placement_sites(board) and model.purchase and any(model.purchase.values()):
        problems.append(given.problem(
            "China holds no Chinese territory: it keeps its IPCs but may spend them only once one is liberated",
            ("purchase",), "G40 L435-L437"))
    road = burma_road_open(board)
    for text, n in (model.purchase or {}).items():
        unit = board.setup.unit_names.get(text)
        if not n or unit == "infantry":
            continue
        if unit == "artillery" and not road:
            held = ", ".join(f"{t} ({board.owner(t)})" for t in BURMA_ROAD
                             if not ((o := board.owner(t)) and board.setup.side_of(o) == "Allies"))
            problems.append(given.problem(
                f"China may buy artillery only while the Burma Road is open; not Allied-held: {held}",
                ("purchase", text), RULE_ROAD))
        elif unit not in (None, "artillery"):
            problems.append(given.problem(
                f"China may buy only infantry (and artillery while the Burma Road is open), not {unit}",
                ("purchase", text), RULE_BUY))
    return problems


def check_placement(board: Board, given: OrdersInput, place: dict[str, UnitCounts]) -> list[Problem]:
    problems = []
    bought = board.game.powers[CHINA].purchased
    placed: UnitCounts = {}
    sites = set(placement_sites(board))
    for text, units in place.items():
        space = board.setup.space_names.get(text)
        if space is None:
            problems.append(given.problem(board.setup.space_names.unknown_message(text), ("place", text)))
            continue
        resolved = {board.setup.unit_names.get(u) or u: n for u, n in units.items() if n}
        placed = add_counts(placed, resolved)
        if resolved and space not in sites:
            why = ("it is not a Chinese territory" if board.setup.spaces[space].original_owner != CHINA
                   else f"it is held by {board.owner(space)}")
            problems.append(given.problem(
                f"China places new units only in Chinese territories it controls; not in {space}: {why}",
                ("place", text), RULE_PLACE))
    for unit, n in placed.items():
        if n > bought.get(unit, 0):
            problems.append(given.problem(f"China places {n} {unit} but has {bought.get(unit, 0)} to place",
                                          ("place",), RULE_PLACE))
    if not problems and sites:
        left = add_counts(bought, placed, -1)
        if any(n > 0 for n in left.values()):
            problems.append(given.problem(
                "every unit China bought must be placed while it holds a Chinese territory: "
                + ", ".join(f"{n} {u}" for u, n in left.items() if n > 0) + " left", ("place",), RULE_PLACE))
    return problems


def execute_placement(ctx: Context, place: dict[str, UnitCounts]) -> None:
    for text, units in place.items():
        space = ctx.setup.space_names.get(text)
        resolved = {ctx.setup.unit_names.get(u): n for u, n in units.items() if n}
        if not resolved:
            continue
        ctx.emit(Purchased(power=CHINA, units={u: -n for u, n in resolved.items()}))
        ctx.emit(AddUnits(space=space, force=Force(power=CHINA, units=resolved, done=True)))
        ctx.note(f"China places {', '.join(f'{n} {u}' for u, n in resolved.items())} in {space} [G40 L437]")
    left = ctx.game.powers[CHINA].purchased
    if left:
        ctx.note(f"China's {', '.join(f'{n} {u}' for u, n in left.items())} wait: no Chinese territory to place "
                 "them in [G40 L435-L437]")


def remove_retaken_complexes(ctx: Context, events: list) -> None:
    """A complex an Axis power built in a Chinese territory is removed at once when China retakes
    the territory or an Allied power liberates it [G40 L441]."""
    for event in events:
        if not isinstance(event, Control) or event.owner is None or event.previous is None:
            continue
        space = ctx.setup.spaces[event.space]
        state = ctx.game.spaces.get(event.space)
        if space.original_owner != CHINA or state is None or not state.industrial_complex:
            continue
        if ctx.setup.side_of(event.owner) == "Allies" and ctx.setup.side_of(event.previous) == "Axis":
            ctx.emit(RemoveFactory(space=event.space, reason="retaken Chinese territory"))
            ctx.note(f"the industrial complex {event.previous} built in {event.space} is removed: the territory is "
                     "Chinese again [G40 L441]")
