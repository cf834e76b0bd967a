"""Helpers for the movement tests: a 1941 start to edit, orders from YAML text, check and run."""

from __future__ import annotations

from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.movement import check_moves, execute_moves
from aa_ref.games.axis_allies.rules.ruleset import AA1941
from aa_ref.core.dice import SeededDice
from aa_ref.core.engine import OrdersInput
from aa_ref.games.axis_allies.rules.context import Context
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.orders import Orders
from aa_ref.core.setups import load_setup
from aa_ref.games.axis_allies.model.state import Force, Game, SpaceState
from aa_ref.core.yamlio import parse_yaml

SETUP = load_setup("aa1941")
_START = AA1941().new_game(SETUP, None, {}, "seed", "x.log.yaml")


def start(power: str = "Germany", phase: str = "combat_move") -> Game:
    """The rulebook's starting position, at `power`'s `phase` of round 1."""
    game = _START.model_copy(deep=True)
    game.power, game.phase = power, phase
    return game


def put(game: Game, space: str, power: str, units: dict[str, int], **marks) -> None:
    """Add a force to a space (creating the space's entry if it has none)."""
    game.spaces.setdefault(space, SpaceState()).forces.append(Force(power=power, units=units, **marks))


def clear(game: Game, space: str, power: str | None = None) -> None:
    """Remove every unit (of one power, if given) from a space."""
    state = game.spaces[space]
    state.forces = [f for f in state.forces if power is not None and f.power != power]


def fighter_after_capture(moved: int, *captured: str) -> Game:
    """Germany's Noncombat Move after taking `captured` this turn, with a fighter that fought
    in the first of them and has spent `moved` of its movement."""
    game = start(phase="noncombat_move")
    for name in captured:
        clear(game, name)
        game.spaces[name].owner = "Germany"
    game.turn.captured = list(captured)
    put(game, captured[0], "Germany", {"fighter": 1}, moved=moved, combat=True)
    return game


def orders(game: Game, moves: str) -> OrdersInput:
    """An orders document for the game's power and phase, with `moves` as YAML list items."""
    text = (f"kind: orders\nschema_version: 1\nround: {game.round}\npower: {game.power}\n"
            f"phase: {game.phase}\nmoves:" + (" []" if moves == "[]" else f"\n{moves}"))
    doc = parse_yaml(text, "orders.yaml")
    return OrdersInput(doc, Orders.model_validate(doc.data))


def check(game: Game, moves: str) -> list[Problem]:
    return check_moves(Board(SETUP, game), orders(game, moves), game.phase)


def run(game: Game, moves: str = "[]") -> Context:
    """Check (there must be no problem) and execute the moves on a copy of the game."""
    given = orders(game, moves)
    problems = check_moves(Board(SETUP, game), given, game.phase) if given.model.moves else []
    assert not problems, [str(p) for p in problems]
    ctx = Context(SETUP, game.model_copy(deep=True), SeededDice("t"))
    execute_moves(ctx, given, game.phase)
    return ctx


def text(problems: list[Problem]) -> str:
    """All problems as one string, for substring assertions."""
    return "\n".join(str(p) for p in problems)


def rules(problems: list[Problem]) -> set[str]:
    return {p.rule for p in problems if p.rule}


def units(game: Game, space: str, power: str) -> dict[str, int]:
    """The power's units in a space, all marks together (cargo left out)."""
    return Board(SETUP, game).units(space, [power])


def notes(ctx: Context) -> str:
    return "\n".join(e.text for e in ctx.events if e.type == "note")
