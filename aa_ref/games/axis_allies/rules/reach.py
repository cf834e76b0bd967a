"""`aa-ref where`: the spaces a group of units can reach in the current movement phase.

The answer never disagrees with `apply`: paths are searched breadth-first up to the units' range, pruned with the
path rules of `paths.check_path` (a path refused at a space it passes through is refused for every longer path
through it), and a destination is listed only when the ruleset's own `check` accepts a one-move orders document
that moves the group there (canals and straits [L282-L286], [@39538], [G40 L526]; neutrals [L274], [G40 L389];
where land units and ships stop [L370], [L436], [L889], [L724]; submarines and destroyers [L430], [L728]; blitz
[L436]; the landing proof of air units in the Combat Move [L406-L408], [L840-L848]; Global 1940's +1 move from
air and naval bases [G40 L686], [G40 L690]). The cost of a destination is the length of the shortest accepted path.

Outside the movement phases the answer is for the next one of the same turn, on the board as it stands now: in
Research or Purchase for the Combat Move, in Conduct Combat for the Noncombat Move (the battles may change the board
first); in Mobilize, or while a decision is awaited, nothing moves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aa_ref.core.documents import parse_model
from aa_ref.core.engine import OrdersInput, WhereAnswer
from aa_ref.core.errors import InvalidInput, Problem, UsageError
from aa_ref.core.names import parse_counts
from aa_ref.core.yamlio import Document
from aa_ref.games.axis_allies.model.setup import Setup, UnitCounts
from aa_ref.games.axis_allies.model.state import Game, TurnState
from aa_ref.games.axis_allies.rules.air import air_distances, safe_territory
from aa_ref.games.axis_allies.rules.bases import movement_bonus
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.legs import COMBAT_MOVE, NONCOMBAT_MOVE, Leg, describe
from aa_ref.games.axis_allies.rules.paths import check_path

Check = Callable[[Setup, Game, OrdersInput], list[Problem]]
"""A ruleset's `check`: the one judge of a move."""

PATHS_KEPT = 2
"""Paths kept per (space, length) in the search: what matters of a path for the rules is whether each space it
passes may be passed, so two alternatives cover a blitz through one and a walk through another."""

PHASE_WORDS = {COMBAT_MOVE: "Combat Move", NONCOMBAT_MOVE: "Noncombat Move"}


@dataclass
class Destination:
    space: str
    cost: int
    path: list[str]
    landings: list[str] = field(default_factory=list)
    """Air units in the Combat Move: where they could land afterwards, nearest first [L406-L408]."""

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"space": self.space, "cost": self.cost, "path": self.path}
        if self.landings:
            out["land_at"] = self.landings
        return out


def movement_phase(game: Game, power: str | None = None) -> tuple[Game | None, str]:
    """The game as the movement phase a `where` answers for stands (the game itself in a movement phase of `power`),
    and a note when it is not the current phase; None when nothing moves now."""
    power = power or game.power
    if game.winner:
        return None, f"the game is over: the {game.winner} have won; nothing moves"
    if game.pending:
        who = ", ".join(f"{d.power} ({d.kind} in {d.space})" for d in game.pending)
        return None, f"the game waits for a decision from {who}; nothing moves until it is answered"
    if power != game.power:
        return (game.model_copy(update={"power": power, "phase": COMBAT_MOVE, "turn": TurnState()}),
                f"it is {game.power}'s turn: the answer is for {power}'s next Combat Move, on the board as it stands now")
    if game.phase in (COMBAT_MOVE, NONCOMBAT_MOVE):
        return game, ""
    if game.phase in ("research", "purchase"):
        return (game.model_copy(update={"phase": COMBAT_MOVE}),
                f"the game is in the {game.phase} phase: the answer is for {power}'s coming Combat Move, on the board "
                "as it stands now")
    if game.phase == "conduct_combat":
        return (game.model_copy(update={"phase": NONCOMBAT_MOVE}),
                "the game is in the conduct combat phase: the answer is for the coming Noncombat Move, on the board as "
                "it stands now (the battles may change it first)")
    return None, f"the game is in the {game.phase.replace('_', ' ')} phase: nothing moves until the next turn"


def free_units(board: Board, space: str, power: str, phase: str) -> UnitCounts:
    """The power's units in `space` that may still move in `phase` (with movement left; installations never move
    [@115016]; AA guns only in the Noncombat Move [@112929]; after a battle only air units, to land [L706])."""
    out: UnitCounts = {}
    for force in board.forces(space, power):
        if force.done:
            continue
        for unit, n in force.units.items():
            profile = board.profile(power, unit)
            if profile.installation or (profile.noncombat_only and phase == COMBAT_MOVE):
                continue
            if board.domain(unit) == "air":
                if profile.movement + movement_bonus(board, power, unit, space) - force.moved <= 0:
                    continue
            elif force.combat or force.moved:
                continue
            out[unit] = out.get(unit, 0) + n
    return out


def _input(data: dict[str, Any]) -> OrdersInput:
    doc = Document("where", data, tree=data)
    return OrdersInput(doc, parse_model(doc, "orders"))


def _orders(game: Game, power: str, phase: str, move: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "orders", "schema_version": 1, "round": game.round, "power": power, "phase": phase,
            "moves": [move]}


def _move(units: UnitCounts, path: list[str], land_at: str | None = None) -> dict[str, Any]:
    move: dict[str, Any] = {"units": dict(units), "from": path[0], "to": path[-1]}
    if len(path) > 2:
        move["via"] = path[1:-1]
    if land_at:
        move["land_at"] = land_at
    return move


def _range(board: Board, power: str, start: str, units: UnitCounts) -> int:
    """The longest path any of the units could take (the checks decide the rest)."""
    return max(board.profile(power, u).movement + movement_bonus(board, power, u, start) for u in units)


class _Probe:
    """Stands for a one-move orders document in `check_path`: each problem is the key it points at."""

    def __init__(self, power: str) -> None:
        self.model = type("Model", (), {"power": power})()

    @staticmethod
    def problem(message: str, loc: tuple[Any, ...] = (), rule: str | None = None) -> tuple[Any, ...]:
        return loc


def _candidate_paths(board: Board, power: str, start: str, units: UnitCounts, phase: str) -> dict[str, list[list[str]]]:
    """End space -> paths to it that `check_path` accepts, shortest first, searched breadth-first; a path refused at
    a space it passes through (`from` or `via`, not its end or its units) is not extended."""
    limit = _range(board, power, start, units)
    probe: Any = _Probe(power)
    frontier = [[start]]
    found: dict[str, list[list[str]]] = {}
    for _ in range(limit):
        kept: dict[str, list[list[str]]] = {}
        for path in frontier:
            for there in board.adjacency[path[-1]]:
                if there in path:
                    continue
                new = [*path, there]
                leg = Leg(index=0, units=dict(units), path=new, boardings=[], unload=None, battle=None, land_at=None,
                          texts={})
                problems = check_path(board, probe, leg, phase)
                if any(len(loc) > 2 and loc[2] in ("from", "via") for loc in problems):
                    continue  # refused where it passes: so is every longer path through it
                if not problems:
                    found.setdefault(there, []).append(new)
                bucket = kept.setdefault(there, [])
                if len(bucket) < PATHS_KEPT:
                    bucket.append(new)
        frontier = [p for paths in kept.values() for p in paths]
        if not frontier:
            break
    return found


PATHS_TRIED = 3
"""Paths checked per destination, shortest first: a destination the checker refuses by three paths is refused for
what it is (no battle there, no landing in reach), not for the way there."""


@dataclass
class Reach:
    destinations: list[Destination]
    complete: bool = True
    """False when a budget of checks stopped the search before every candidate was checked (templates)."""


def reach(board: Board, check: Check, power: str, start: str, units: UnitCounts, phase: str,
          budget: int | None = None, most: int | None = None) -> Reach:
    """Where the group `units` of `power` in `start` can move in `phase`, nearest first, each with its cost (the
    shortest path `check` accepts) and, for air units in the Combat Move, where they could land. With `budget` (full
    checks) or `most` (destinations wanted), the likeliest candidates are checked first and the search may stop early."""
    setup, game = board.setup, board.game
    if game.phase != phase:
        game = game.model_copy(update={"phase": phase})
        board = Board(setup, game)
    candidates = _candidate_paths(board, power, start, units, phase)
    order = sorted(candidates, key=lambda s: (not _likely(board, power, s, phase), len(candidates[s][0]), s))
    out, spent, complete = [], 0, True
    for space in order:
        if (budget is not None and spent >= budget) or (most is not None and len(out) >= most):
            complete = False
            break
        for path in sorted(candidates[space], key=len)[:PATHS_TRIED if budget is None else 1]:
            spent += 1
            if not check(setup, game, _input(_orders(game, power, phase, _move(units, path)))):
                out.append(Destination(space, len(path) - 1, path, _landings(board, power, units, path, phase)))
                break
    return Reach(sorted(out, key=lambda d: (d.cost, d.space)), complete)


def _likely(board: Board, power: str, space: str, phase: str) -> bool:
    """A guess, for the order of the checks only: the Combat Move ends where there is an enemy [L362-L451], the
    Noncombat Move where there is none [L688-L736]."""
    hostile = (board.is_hostile_territory(space, power) or bool(board.enemy_units(space, power)))
    return hostile if phase == COMBAT_MOVE else not hostile


def _landings(board: Board, power: str, units: UnitCounts, path: list[str], phase: str, most: int = 5) -> list[str]:
    """Air units moving in the Combat Move: the territories friendly since the start of the turn they could still
    reach to land [L406-L408, L706, L822], nearest first (a carrier's zone when none is in reach)."""
    air = [u for u in units if board.domain(u) == "air"]
    if phase != COMBAT_MOVE or not air:
        return []
    left = min(board.profile(power, u).movement + movement_bonus(board, power, u, path[0]) for u in air) - (len(path) - 1)
    reach = air_distances(board, path[-1], power)
    spots = sorted(((d, t) for t, d in reach.items() if d <= left and board.is_land(t) and safe_territory(board, t, power)),
                   key=lambda item: item[0])
    if not spots:
        spots = sorted(((d, z) for z, d in reach.items() if d <= left and board.is_sea(z)), key=lambda item: item[0])
        return [f"{z} (on a carrier)" for _, z in spots[:most]]
    return [t for _, t in spots[:most]]


# --- the answer of `aa-ref where` ------------------------------------------------------------------------
def answer(setup: Setup, game: Game, check: Check, space_text: str, units_texts: list[str] | None,
           power_text: str | None, side: str | None) -> WhereAnswer:
    """`aa-ref where` for an A&A game: the space's neighbours (land and sea), controller and units; with units,
    where they can go (see the module's docstring). Its text cites 1941's lines; each edition's ruleset maps them to
    its own rulebook (`cite_note`)."""
    if side is not None:
        raise UsageError("--side is for Blocks in the West (hidden blocks): Axis & Allies hides nothing; "
                         "use --power to ask for another power's units")
    space = setup.space_names.get(space_text)
    if space is None:
        raise InvalidInput(setup.space_names.unknown_message(space_text))
    power = game.power
    if power_text is not None:
        power = setup.power_names.get(power_text)
        if power is None:
            raise InvalidInput(setup.power_names.unknown_message(power_text))
    board = Board(setup, game)
    if not units_texts:
        return _about(board, space)
    try:
        units = parse_counts(units_texts, setup.unit_names)
    except ValueError as exc:
        raise InvalidInput(str(exc)) from None
    moment, note = movement_phase(game, power)
    phase = moment.phase if moment is not None else None
    data: dict[str, Any] = {"space": space, "power": power, "units": units, "phase": phase, "note": note,
                            "destinations": []}
    head = f"{power}'s {describe(units)} in {space}"
    if moment is None:
        return WhereAnswer(data, f"{head}: {note}.\n")
    board = Board(setup, moment)
    free = free_units(board, space, power, phase)
    short = {u: n for u, n in units.items() if free.get(u, 0) < n}
    if short:
        have = describe(free) if free else "none"
        raise InvalidInput(f"{power} has not {describe(short)} free to move from {space} in the "
                           f"{PHASE_WORDS[phase]} (free to move there: {have})")
    found = reach(board, check, power, space, units, phase).destinations
    data["destinations"] = [d.as_json() for d in found]
    lines = [f"{head}, {PHASE_WORDS[phase]}" + (f" ({note})" if note else "") + ":"]
    if not found:
        lines.append("  nowhere: no move of these units is legal now")
    for d in found:
        via = f"  via {', '.join(d.path[1:-1])}" if len(d.path) > 2 else ""
        land = f"; then lands in reach at {', '.join(d.landings)}" if d.landings else ""
        lines.append(f"  {d.space}: {d.cost}{via}{land}")
    lines.append("(cost: spaces moved; every destination is one `aa-ref check` accepts as a move of these units alone)")
    return WhereAnswer(data, "\n".join(lines) + "\n")


def _about(board: Board, space: str) -> WhereAnswer:
    """A space's facts for a referee: kind, controller, neighbours by kind, units, canals and straits."""
    setup = board.setup
    info = setup.spaces[space]
    land = [s for s in board.adjacency[space] if board.is_land(s)]
    sea = [s for s in board.adjacency[space] if board.is_sea(s)]
    merged: dict[str, UnitCounts] = {}
    for force in board.forces(space):
        here = merged.setdefault(force.power, {})
        for u, n in force.units.items():
            here[u] = here.get(u, 0) + n
    passages = []
    for canal in setup.canals:
        if space in canal.joins or space in canal.controlled_by:
            passages.append(f"{canal.name}: joins {' and '.join(canal.joins)}, held by whoever holds "
                            f"{' and '.join(canal.controlled_by)} [L282-L286]")
    for strait in setup.straits:
        if space == strait.sea_zone:
            passages.append(f"{space}: ships may not enter or leave it ({strait.name} closed) [L276-L280]")
    owner = board.owner(space) if info.kind == "land" else None
    data = {"space": space, "kind": info.kind, "controlled_by": owner, "neutral": board.is_neutral(space),
            "value": info.value if info.kind == "land" else None,
            "neighbours": {"land": [{"space": s, "controlled_by": board.owner(s), "neutral": board.is_neutral(s)}
                                    for s in land], "sea": sea},
            "units": merged, "passages": passages}
    if info.kind == "land":
        held = "neutral" if board.is_neutral(space) else f"controlled by {owner or 'nobody'}"
        lines = [f"{space}: land, {info.value} IPC{'s' if info.value != 1 else ''}, {held}"]
    else:
        lines = [f"{space}: sea zone"]
    lines.append("  land neighbours: " + (", ".join(
        f"{s} ({'neutral' if board.is_neutral(s) else board.owner(s) or 'nobody'})" for s in land) or "none"))
    lines.append("  sea neighbours: " + (", ".join(sea) or "none"))
    lines.append("  units: " + ("; ".join(f"{p} {describe(u)}" for p, u in merged.items()) or "none"))
    lines += [f"  {p}" for p in passages]
    return WhereAnswer(data, "\n".join(lines) + "\n")
