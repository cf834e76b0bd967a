"""`aa-ref where` for WARZAG: a hex's neighbours, owner and armies; with armies, the hexes they can reach.

Armies move together through adjacent territories they may enter [WZ L263-L281]: own (alliance mode: allied)
territories and strategic territories no other nation occupies, never neutral [WZ L520], R&D [WZ L542] or enemy
ones [WZ L265-L269]; within their range [WZ L277], paying their consumption for every territory entered [WZ L279].
Moves are made in Phase IV, or in Phase V [WZ L416-L418]; a move ordered earlier in the turn enters Phase IV, which
gives the armies their full range. The hexes are searched breadth-first with `Board.army_may_enter`, and a hex is
listed only when the ruleset's own check (a dry run of a one-move orders document) accepts the move.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from aa_ref.core.documents import parse_model
from aa_ref.core.engine import OrdersInput, WhereAnswer
from aa_ref.core.errors import InvalidInput, UsageError
from aa_ref.core.names import NameIndex, pick_pieces
from aa_ref.core.yamlio import Document
from aa_ref.games.warzag.board import Board
from aa_ref.games.warzag.pack import Pack
from aa_ref.games.warzag.state import PHASES, Army, Game, Turn


def answer(ruleset: Any, pack: Pack, game: Game, space: str, units: list[str] | None, power: str | None,
           side: str | None) -> WhereAnswer:
    if side is not None:
        raise UsageError("--side is for Blocks in the West (hidden blocks): WARZAG hides no army; use --power")
    hex_id = pack.hex_names.get(space)
    if hex_id is None or hex_id not in pack.neighbours:
        raise InvalidInput(pack.hex_names.unknown_message(space) if hex_id is None
                           else f"{hex_id} is used only with the expansion")
    nation = game.power
    if power is not None:
        nation = pack.power_names.get(power)
        if nation is None or nation not in game.players:
            raise InvalidInput(pack.power_names.unknown_message(power) if nation is None
                               else f"{nation} does not play in this game (players: {', '.join(game.seating)})")
    board = Board(pack, game)
    if not units:
        return _about(board, hex_id)
    chosen = _armies(board, hex_id, nation, units)
    return _reach(ruleset, board, nation, hex_id, chosen)


def _label(board: Board, hex_id: str) -> str:
    name = board.pack.hexes[hex_id].name
    return f"{hex_id} ({name})" if name and name != hex_id else hex_id


def _facts(board: Board, hex_id: str) -> dict[str, Any]:
    return {"hex": hex_id, "name": board.pack.hexes[hex_id].name, "kind": board.kind(hex_id),
            "owner": board.owner(hex_id), "occupant": board.occupant(hex_id) if board.strategic(hex_id) else None,
            "armies": {i: f"{board.game.controller(a)} {a.category}" for i, a in board.armies_at(hex_id)},
            "leaders": board.game.leaders_at(hex_id)}


def _about(board: Board, hex_id: str) -> WhereAnswer:
    """The hex and its neighbours: kind (the rules of entry differ by kind), owner, occupant, armies, Leaders."""
    data = _facts(board, hex_id)
    data["neighbours"] = [_facts(board, n) for n in board.pack.neighbours[hex_id]]

    def line(facts: dict[str, Any]) -> str:
        held = f"owner {facts['owner']}" if facts["owner"] else "no owner"
        if facts["occupant"]:
            held += f", occupied by {facts['occupant']}"
        armies = "; armies " + ", ".join(f"{i} ({w})" for i, w in facts["armies"].items()) if facts["armies"] else ""
        leaders = "; Leader of " + ", ".join(facts["leaders"]) if facts["leaders"] else ""
        return f"{_label(board, facts['hex'])}: {facts['kind']}, {held}{armies}{leaders}"

    lines = [line(data), "  neighbours (hexes sharing a side [WZ L233]):"]
    lines += [f"    {line(n)}" for n in data["neighbours"]]
    return WhereAnswer(data, "\n".join(lines) + "\n")


def _armies(board: Board, hex_id: str, nation: str, texts: list[str]) -> list[str]:
    """The armies named: ids (any case), or `[n] category` for the nation's armies of that category in the hex."""
    here = [(i, a) for i, a in board.armies_at(hex_id) if board.game.controller(a) == nation]
    categories = NameIndex("army category", sorted({a.category for _, a in here} | set(board.pack.dossiers[nation])),
                           {c: [c + "s", c + "es"] for c in board.pack.dossiers[nation]})
    names = ", ".join(i for i, _ in here) or "none"
    try:
        chosen = pick_pieces(texts, [(i, a.category) for i, a in here], categories,
                             lambda part, name: f"--units: '{part}' is neither an army of {nation} in {hex_id} "
                                                f"({names}) nor an army category; {categories.unknown_message(name)}",
                             lambda have, category, n: f"{nation} has {have} {category} army(ies) in {hex_id}, not {n}")
    except ValueError as exc:
        raise InvalidInput(str(exc)) from None
    if not chosen:
        raise InvalidInput("--units: no army given; name army ids or e.g. '2 infantry'")
    return chosen


def _paths(board: Board, start: str, nation: str, limit: int) -> dict[str, list[str]]:
    """Hex -> a shortest path of hexes the nation's armies may enter, within `limit` territories [WZ L265-L277]."""
    paths: dict[str, list[str]] = {start: []}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if len(paths[here]) >= limit:
            continue
        for there in board.pack.neighbours[here]:
            if there not in paths and board.army_may_enter(there, nation):
                paths[there] = [*paths[here], there]
                queue.append(there)
    del paths[start]
    return paths


def _full_range(board: Board, army_id: str, army: Army) -> int:
    if PHASES.index(board.game.phase) < PHASES.index("armies"):  # entering Phase IV gives the full range back
        return board.dossier(army).range + board.game.turn.range_bonus.get(army_id, 0)
    return army.range_left


def _reach(ruleset: Any, board: Board, nation: str, start: str, chosen: list[str]) -> WhereAnswer:
    game = board.game
    note = ""
    if nation != game.power and not game.pending and not game.winner:
        note = f"it is {game.power}'s turn: the answer is for {nation}'s next turn, on the board as it stands now"
        game = game.model_copy(update={"power": nation, "phase": "income", "turn": Turn()})
        board = Board(board.pack, game)
    armies = [(i, game.armies[i]) for i in chosen]
    limit = min(_full_range(board, i, a) for i, a in armies)
    consumption = sum(board.dossier(a).consumption for _, a in armies)
    resource = game.options.get("movement_cost_resource", "pp")
    data: dict[str, Any] = {"hex": start, "power": nation, "armies": chosen, "phase": game.phase, "destinations": []}
    head = f"{nation}'s {', '.join(chosen)} in {_label(board, start)}"
    data["note"] = note
    if PHASES.index(game.phase) > PHASES.index("invasion") or game.pending or game.winner:
        why = ("the game is over" if game.winner else "the game waits for a decision" if game.pending else
               "the turn is past its movement phases")
        data["note"] = f"{why}: nothing moves now"
        return WhereAnswer(data, f"{head}: {data['note']} [WZ L146].\n")
    lines = [f"{head}, phase {game.phase}{f' ({note})' if note else ''} (range {limit}, consumption {consumption} {resource.upper()} a territory "
             "[WZ L277-L279]):"]
    for hex_id, path in sorted(_paths(board, start, nation, limit).items(), key=lambda kv: (len(kv[1]), kv[0])):
        doc_data = {"kind": "warzag-orders", "schema_version": 1, "power": nation,
                    "actions": [{"move": chosen, "path": path}]}
        doc = Document("where", doc_data, tree=doc_data)
        if ruleset.check(board.pack, game, OrdersInput(doc, parse_model(doc, "warzag-orders"))):
            continue
        cost = consumption * len(path)
        data["destinations"].append({"hex": hex_id, "cost": len(path), resource: cost, "path": path})
        via = f" via {', '.join(path[:-1])}" if len(path) > 1 else ""
        lines.append(f"  {_label(board, hex_id)}: {len(path)} ({cost} {resource.upper()}){via}")
    if not data["destinations"]:
        lines.append("  nowhere: no move of these armies is legal now")
    return WhereAnswer(data, "\n".join(lines) + "\n")
