"""A simple automatic player: random orders that the rules accept, for smoke tests,
property tests and benchmarks (`aa-ref` never uses it to decide for a player).

It buys infantry the complexes can place, tries random moves and keeps those the rules
accept, fights every battle without retreating, and answers the rare decision with the
first legal choice. Every order it makes goes through the same checks as a player's.
"""

from __future__ import annotations

import random
from typing import Any

from aa_ref.core.documents import parse_model
from aa_ref.core.engine import OrdersInput
from aa_ref.core.yamlio import Document, parse_yaml
from aa_ref.games.axis_allies.model.setup import Setup
from aa_ref.games.axis_allies.model.state import Game
from aa_ref.games.axis_allies.rules.battle import TAKES_HITS, Fight
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.economies import economy_of
from aa_ref.games.axis_allies.rules.mobilize import capacity, eligible_complexes


def standing_orders(setup: Setup) -> dict[str, Any]:
    """Cheapest units lost first, transports last; submarines strike."""
    order = sorted((u for u in setup.unit_types if u != "transport"), key=lambda u: setup.unit_types[u].cost)
    return {"order_of_loss": [*order, "transport"], "submerge": False}


def as_input(data: dict[str, Any], name: str = "autoplay") -> OrdersInput:
    doc = Document(name, data, tree=data)
    return OrdersInput(doc, parse_model(doc, data["kind"]))


def header(game: Game) -> dict[str, Any]:
    return {"kind": "orders", "schema_version": 1, "round": game.round, "power": game.power, "phase": game.phase}


def random_moves(setup: Setup, game: Game, rng: random.Random, tries: int = 12) -> list[dict[str, Any]]:
    """Up to `tries` random moves of the power's units (many will be illegal)."""
    board = Board(setup, game)
    moves = []
    mine = [(s, f) for s in game.spaces for f in game.forces(s, game.power) if not f.done]
    for _ in range(tries if mine else 0):
        space, force = rng.choice(mine)
        unit = rng.choice(sorted(force.units))
        reach = board.profile(game.power, unit).movement - force.moved
        if reach <= 0:
            continue
        targets = [t for t, d in board.distances(space, lambda s: not board.is_neutral(s)).items() if 0 < d <= reach]
        if targets:
            moves.append({"units": {unit: rng.randint(1, force.units[unit])}, "from": space, "to": rng.choice(sorted(targets))})
    return moves


def landings(setup: Setup, game: Game) -> list[dict[str, Any]]:
    """For each air unit that fought or waits at sea, moves to every place in range, nearest
    first (the first the rules accept is kept)."""
    board = Board(setup, game)
    moves = []
    for space in sorted(game.spaces):
        for force in game.forces(space, game.power):
            for unit, n in force.units.items():
                if board.domain(unit) != "air" or force.done or not (force.combat or board.is_sea(space)):
                    continue  # air units that fought, or that wait at sea (their carrier may have left)
                reach = board.profile(game.power, unit).movement - force.moved
                near = board.distances(space, lambda s: not board.is_neutral(s))
                for target in sorted((t for t, d in near.items() if 0 < d <= reach), key=lambda t: (near[t], t)):
                    move = {"units": {unit: n}, "from": space, "to": target}
                    via = _via(board, space, target, near)
                    moves.append({**move, "via": via} if via else move)
    return moves


def _via(board: Board, start: str, target: str, near: dict[str, int]) -> list[str]:
    """The spaces a shortest path from `start` to `target` passes through (`near`: distances from `start`)."""
    path = [target]
    while near[path[-1]] > 1:
        path.append(min(s for s in board.adjacency[path[-1]] if near.get(s) == near[path[-1]] - 1))
    return path[:0:-1]


def next_orders(setup: Setup, ruleset: Any, game: Game, rng: random.Random) -> dict[str, Any]:
    """Legal orders (or a decision) for the moment the game is at."""
    if game.pending:
        return _answer(setup, ruleset, game)
    orders = header(game)
    if game.phase == "research":
        afford = game.powers[game.power].treasury // 5
        orders["research"] = {"researchers": rng.randint(0, min(1, afford)), "chart": rng.choice([1, 2])}
        trial = as_input(orders)
        if ruleset.check(setup, game, trial):
            orders["research"] = {"researchers": 0, "chart": 3 - orders["research"]["chart"]}
    elif game.phase == "purchase":
        board = Board(setup, game)
        room = sum(capacity(board, game.power, ic) for ic in eligible_complexes(board, game.power))
        cost = setup.unit_types["infantry"].cost
        orders["standing"] = standing_orders(setup)
        economies = setup.powers[game.power].economies
        if economies:  # a power with separate economies buys with each one's treasury (Global 1940 UK)
            orders["economies"] = {}
            for name in economies:
                room = sum(capacity(board, game.power, ic) for ic in eligible_complexes(board, game.power)
                           if economy_of(setup, game.power, ic) == name)
                treasury = game.powers[game.power].economies.get(name, 0)
                orders["economies"][name] = {"purchase": {"infantry": rng.randint(0, min(room, treasury // cost))}}
            if ruleset.check(setup, game, as_input(orders)):
                orders["economies"] = {}
        else:
            orders["purchase"] = {"infantry": rng.randint(0, min(room, game.powers[game.power].treasury // cost))}
    elif game.phase in ("combat_move", "noncombat_move"):
        orders["moves"] = []
        candidates = random_moves(setup, game, rng)
        if game.phase == "noncombat_move":
            candidates = landings(setup, game) + candidates
        wrong = _messages(ruleset.check(setup, game, as_input(orders)))  # air units yet to land, say
        for move in candidates:  # each kept if it adds no problem: one landing at a time
            trial = {**orders, "moves": [*orders["moves"], move]}
            found = _messages(ruleset.check(setup, game, as_input(trial)))
            if found <= wrong:
                orders, wrong = trial, found
    elif game.phase == "conduct_combat":
        orders["battles"] = [{"at": b.space, "retreat": {}} for b in game.turn.battles if b.status != "done"]
    elif game.phase == "mobilize":
        orders["place"] = parse_yaml(ruleset.template(setup, game)).data.get("place") or {}
    return orders


def _messages(problems: list[Any]) -> set[str]:
    """Problems as their texts (their positions in the orders change as moves are added)."""
    return {p.message for p in problems}


def _answer(setup: Setup, ruleset: Any, game: Game) -> dict[str, Any]:
    """The template's answer, with the first legal choice filled in where it needs one."""
    data = parse_yaml(ruleset.template(setup, game)).data
    decision = game.pending[0]
    if decision.kind == "landing":
        data["land_at"] = decision.detail.rsplit("one of: ", 1)[1].split(" [")[0].split(", ")[0]
    elif decision.kind == "retreat":
        data["retreat"] = "stay"
    elif decision.kind == "casualties":
        battle = next(b for b in game.turn.battles if b.space == decision.space and b.status == "fighting")
        fight = Fight(Board(setup, game), battle)
        side = TAKES_HITS[battle.step]
        data["casualties"] = fight.rules.choose(standing_orders(setup)["order_of_loss"], fight.targets(side), fight.volley(side))
    return data
