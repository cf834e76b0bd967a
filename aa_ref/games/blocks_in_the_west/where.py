"""`aa-ref where` for Blocks in the West: a hex's neighbours with the terrain and hexsides the rules use, control
and blocks; with blocks, the hexes a ground move takes them to.

A ground move enters adjacent land hexes [BW L1258-L1260], [BW L1299-L1303], paying each hex's terrain MP in the
month's weather, a strait 3 MP (crossed by infantry only unless the side holds both banks) [BW L1309-L1311]; no
block enters a hex it cannot pay for [BW L1283]; entering a hex with enemy units ends the move [BW L1291]. The hexes
are searched cheapest first and a hex is listed only when the ruleset's own check (a dry run of a one-move orders
document, which enters the Movement phase the way `apply` would) accepts the move. Ground blocks move in the Movement
phase [BW L1254]: before it in the moving side's turn the answer is for it; after it, or in the other side's turn,
nothing moves by `move`.

Fog of war [BW L508], [BW L732-L734]: with a side, the answer is built from that side's view (`views.view`) only:
the enemy's blocks appear as they do there (power and an opaque name, never their identity or strength), only the
side's own blocks may be named, and a block the side may not name is refused with one message whether it exists or
not. The destinations depend on what the side sees (the map, control, where enemy blocks stand) and on its own
blocks only.
"""

from __future__ import annotations

import heapq
from typing import Any

from aa_ref.core.dice import SeededDice
from aa_ref.core.documents import parse_model
from aa_ref.core.engine import Context, Illegal, OrdersInput, WhereAnswer
from aa_ref.core.errors import InvalidInput
from aa_ref.core.names import NameIndex, pick_pieces
from aa_ref.core.yamlio import Document
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.board import Board
from aa_ref.games.blocks_in_the_west.movement import block_cost, hex_cost, movement_points
from aa_ref.games.blocks_in_the_west.scenario import AIR, Scenario
from aa_ref.games.blocks_in_the_west.state import PLAYER_PHASES, Game
from aa_ref.games.blocks_in_the_west.views import view


def answer(ruleset: Any, scenario: Scenario, game: Game, space: str, units: list[str] | None, power: str | None,
           side: str | None) -> WhereAnswer:
    hex_id = scenario.hex_names.get(space)
    if hex_id is None:
        raise InvalidInput(scenario.hex_names.unknown_message(space))
    if power is not None:
        named = scenario.power_names.get(power)
        if named is None:
            raise InvalidInput(scenario.power_names.unknown_message(power) + " (the sides are axis and allies)")
        if side is not None and named != side:
            raise InvalidInput(f"--power {named} and --side {side}: a side asks about its own blocks only")
        power = named
    board = Board(scenario, game)
    if not units:
        return _about(board, hex_id, side)
    mover = side or power or game.power
    chosen = _blocks(board, hex_id, mover, units)
    return _reach(ruleset, board, mover, hex_id, chosen)


def _blocks_seen(board: Board, hex_id: str, side: str | None) -> dict[str, str]:
    """Block name -> what the asker may know of it: everything for the referee, the view's for a side."""
    if side is None:
        return {b: f"{board.block(b).power} {board.block(b).unit}, strength {board.game.blocks[b].strength}"
                for b in board.blocks_at(hex_id)}
    seen = view(board.scenario, board.game, side)  # type: ignore[arg-type]
    return {name: (f"{b.power} {b.unit}, strength {b.strength}" if b.unit else f"{b.power} (hidden)")
            for name, b in seen.blocks.items() if b.hex == hex_id}


def _facts(board: Board, hex_id: str, side: str | None) -> dict[str, Any]:
    h = board.scenario.hexes[hex_id]
    return {"hex": hex_id, "name": h.name, "terrain": "coastal" if h.coastal else h.terrain, "partial": h.partial,
            "controlled_by": board.controller(hex_id), "city": h.city, "fortification": h.fortification,
            "entry_mp": None, "blocks": _blocks_seen(board, hex_id, side)}


def _about(board: Board, hex_id: str, side: str | None) -> WhereAnswer:
    data = _facts(board, hex_id, side)
    data["neighbours"] = []
    for n in board.neighbours(hex_id):
        facts = _facts(board, n, side)
        facts["hexside"] = board.hexside(hex_id, n)
        facts["entry_mp"] = hex_cost(board, hex_id, n) if board.land(n) else None
        data["neighbours"].append(facts)

    def line(f: dict[str, Any]) -> str:
        name = f" ({f['name']})" if f["name"] else ""
        parts = [f["terrain"] + (", partial edge hex: never entered [BW L1301-L1303]" if f["partial"] else "")]
        if f.get("hexside"):
            parts.append(f"across a {f['hexside']}")
        if f.get("entry_mp") is not None:
            parts.append(f"{f['entry_mp']} MP to enter in {board.game.weather.replace('_', ' ')} weather")
        parts.append(f"held by {f['controlled_by'] or 'nobody'}")
        if f["city"]:
            parts.append(f"{f['city']} city")
        if f["fortification"]:
            parts.append(f["fortification"])
        blocks = "; blocks " + ", ".join(f"{b} ({w})" for b, w in f["blocks"].items()) if f["blocks"] else ""
        return f"{f['hex']}{name}: {', '.join(parts)}{blocks}"

    who = f" (the {side}' view)" if side else ""
    lines = [line(data) + who, "  neighbours [BW L1258-L1260], terrain costs [BW L1299-L1311]:"]
    lines += [f"    {line(n)}" for n in data["neighbours"]]
    return WhereAnswer(data, "\n".join(lines) + "\n")


def _blocks(board: Board, hex_id: str, side: str, texts: list[str]) -> list[str]:
    """The side's own ground blocks in the hex named: by id (any case) or by unit class, e.g. `2 infantry`. A name that
    is no own block there is refused with one message, whether an enemy block of that name exists or not."""
    own = [b for b in board.blocks_at(hex_id, side) if board.block(b).unit not in AIR]  # type: ignore[arg-type]
    units = sorted({board.block(b).unit for b in own})
    classes = NameIndex("unit class", units, {u: [u + "s"] for u in units})
    mine = ", ".join(own) or "none"
    try:
        chosen = pick_pieces(texts, [(b, board.block(b).unit) for b in own], classes,
                             lambda part, _: f"--units: '{part}' is no ground block of the {side} in {hex_id} (theirs "
                                             f"there: {mine})",
                             lambda have, unit, n: f"the {side} have {have} {unit} block(s) in {hex_id}, not {n}")
    except ValueError as exc:
        raise InvalidInput(str(exc)) from None
    if not chosen:
        raise InvalidInput("--units: no block given; name block ids or e.g. '2 infantry'")
    return chosen


def _candidates(board: Board, act: Act, start: str, blocks: list[str], side: str) -> dict[str, tuple[int, list[str]]]:
    """Hex -> (MP, path) of the cheapest path for the group: land hexes only, each block within its MP, never on
    through a hex with enemy units [BW L1283-L1303]."""
    try:
        mp = {b: movement_points(act, b, "move", halve=True) for b in blocks}
    except Illegal:
        return {}
    enemy = board.enemy(side)  # type: ignore[arg-type]
    best: dict[str, tuple[int, list[str]]] = {start: (0, [])}
    queue = [(0, start, [])]
    spent_at: dict[str, dict[str, int]] = {start: {b: 0 for b in blocks}}
    while queue:
        cost, here, path = heapq.heappop(queue)
        if best.get(here, (cost, path))[0] < cost:
            continue
        if here != start and board.blocks_at(here, enemy):
            continue  # entering a hex with enemy units ends the move [BW L1291]
        for there in board.neighbours(here):
            if not board.land(there):
                continue
            try:
                spent = {b: spent_at[here][b] + block_cost(act, board, b, here, there) for b in blocks}
            except Illegal:
                continue
            if any(spent[b] > mp[b] for b in blocks):
                continue
            total = max(spent.values())
            if there not in best or best[there][0] > total:
                best[there] = (total, [*path, there])
                spent_at[there] = spent
                heapq.heappush(queue, (total, there, [*path, there]))
    del best[start]
    return best


def _reach(ruleset: Any, board: Board, side: str, start: str, blocks: list[str]) -> WhereAnswer:
    game = board.game
    data: dict[str, Any] = {"hex": start, "side": side, "blocks": blocks, "phase": game.phase, "destinations": []}
    head = f"the {side}' {', '.join(blocks)} in {start}"
    order = list(PLAYER_PHASES)
    past = game.phase in order and order.index(game.phase) > order.index("movement")
    if game.winner or game.pending or side != game.power or past:
        why = ("the game is over" if game.winner else "the game waits for a decision" if game.pending
               else f"it is the {game.power}' turn" if side != game.power
               else f"the turn is in the {game.phase.replace('_', ' ')} phase, past the Movement phase")
        data["note"] = f"{why}: no ground move now (ground blocks move in the Movement phase [BW L1254])"
        return WhereAnswer(data, f"{head}: {data['note']}.\n")
    note = "" if game.phase == "movement" else (f"the turn is in the {game.phase.replace('_', ' ')} phase: the answer "
                                                "is for the coming Movement phase")
    data["note"] = note
    ctx = Context(board.scenario, game.model_copy(deep=True), SeededDice(game.seed), apply=ruleset.apply_event)
    act = Act(ctx, board.scenario, side)  # type: ignore[arg-type]
    lines = [f"{head}, Movement phase" + (f" ({note})" if note else "") + f", {game.weather.replace('_', ' ')} weather:"]
    found = _candidates(board, act, start, blocks, side)
    for hex_id, (cost, path) in sorted(found.items(), key=lambda kv: (kv[1][0], kv[0])):
        doc_data = {"kind": "bitw-orders", "schema_version": 1, "power": side, "actions": [{"move": blocks, "path": path}]}
        doc = Document("where", doc_data, tree=doc_data)
        if ruleset.check(board.scenario, game, OrdersInput(doc, parse_model(doc, "bitw-orders"))):
            continue
        data["destinations"].append({"hex": hex_id, "cost": cost, "path": path})
        via = f" via {', '.join(path[:-1])}" if len(path) > 1 else ""
        lines.append(f"  {hex_id}: {cost} MP{via}")
    if not data["destinations"]:
        lines.append("  nowhere: no ground move of these blocks is legal now")
    lines.append("(MP: the most any block of the group spends on the cheapest path [BW L1283])")
    return WhereAnswer(data, "\n".join(lines) + "\n")
