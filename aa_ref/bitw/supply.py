"""Supply [BW L748-L798]: the Supply phase marks the active side's blocks out of supply [BW L1176-L1178]; the
Final Supply Check makes those still out of supply surrender [BW L1566-L1572].

Sources [BW L756-L773]: each power's primary source (the scenario's `supply_source`, while its side controls it)
and every friendly-controlled rail hex (a port or not) joined to it by friendly rail; the blue sea lines are not
in the scenario model, so a port is a source only through rail. A supply line is at most 3 hexes (2 in rain or
snow [BW L1608]) from the block to a source, through land hexes, never through mountain or sea hexes, hexes
with enemy ground units, or hexes in enemy ZOC (a hex in both sides' ZOC supplies neither) [BW L777-L782]; a
strait counts 3 [BW L1309]. Whose sources a block may use is the option `supply_sources` (docs/bitw-rulings.md).
"""

from __future__ import annotations

import heapq

from aa_ref.bitw import rules
from aa_ref.bitw.act import Act
from aa_ref.bitw.board import Board
from aa_ref.bitw.events import BlockMove, BlockUpdate, Points
from aa_ref.bitw.scenario import Scenario
from aa_ref.bitw.state import Side

LINE = {"good": 3, "rain": 2, "snow": 2, "light_rain": 2}
"""The longest supply line by weather, in hexes [BW L777], [BW L1608]; light rain (OR 39.0) 2 [BW L2604]."""


def _side(scenario: Scenario, power: str) -> Side:
    return scenario.powers[power].side  # type: ignore[return-value]


def rail_network(board: Board, power: str) -> set[str]:
    """The power's sources: its primary source, if its side controls it, and every rail hex its side controls,
    free of enemy ground units, joined to the primary source by such rail hexes [BW L756-L773]."""
    scenario = board.scenario
    side = _side(scenario, power)
    enemy = board.enemy(side)
    primary = scenario.powers[power].supply_source
    if board.controller(primary) != side or board.ground_at(primary, enemy):
        return set()
    found, todo = {primary}, [primary]
    while todo:
        here = todo.pop()
        if not scenario.hexes[here].rail:
            continue
        for n in board.neighbours(here):
            h = scenario.hexes[n]
            if n in found or not h.rail or board.controller(n) != side or board.ground_at(n, enemy):
                continue
            if board.hexside(here, n) == "strait":
                continue  # a railway does not cross a strait
            found.add(n)
            todo.append(n)
    return found


def sources(board: Board, power: str) -> set[str]:
    """The sources a block of `power` may trace to: its own power's, or (option `supply_sources: side`) those of
    every power of its side."""
    scenario = board.scenario
    if board.game.options.get("supply_sources", "own") == "side":
        side = _side(scenario, power)
        out: set[str] = set()
        for p, x in scenario.powers.items():
            if x.side == side:
                out |= rail_network(board, p)
        return out
    return rail_network(board, power)


def traceable(board: Board, hex_id: str, side: Side) -> bool:
    """A supply line may pass through (or end in) `hex_id`: a playable land hex, not mountain, without enemy ground
    units and not in enemy ZOC [BW L777-L782]."""
    h = board.scenario.hexes[hex_id]
    if h.terrain in ("sea", "mountain") or h.partial:
        return False
    enemy = board.enemy(side)
    return not board.ground_at(hex_id, enemy) and not board.in_zoc_of(hex_id, enemy)


def line_length(board: Board, start: str, side: Side, targets: set[str], limit: int) -> int | None:
    """The shortest supply line from `start` to one of `targets` of at most `limit` hexes (a strait counts 3), or
    None. The start hex itself is not traced through (the block stands in it)."""
    if start in targets:
        return 0
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > best.get(here, limit + 1):
            continue
        for n in board.neighbours(here):
            step = 3 if board.hexside(here, n) == "strait" else 1
            total = cost + step
            if total > limit or total >= best.get(n, limit + 1) or not traceable(board, n, side):
                continue
            if n in targets:
                return total
            best[n] = total
            heapq.heappush(queue, (total, n))
    return None


def supplied_at(board: Board, hex_id: str, power: str) -> bool:
    """A block of `power` in `hex_id` can trace a supply line to a friendly source [BW L775-L782]."""
    limit = LINE.get(board.game.weather, 3)
    return line_length(board, hex_id, _side(board.scenario, power), sources(board, power), limit) is not None


def supplied(board: Board, block_id: str) -> bool:
    state = board.game.blocks[block_id]
    return state.hex is not None and supplied_at(board, state.hex, board.block(block_id).power)


def _own_on_map(act: Act) -> list[str]:
    return [b for b, s in act.game.blocks.items() if s.hex is not None and act.scenario.powers[act.scenario.blocks[b].power].side == act.side]


def mark(act: Act, reason: str) -> list[str]:
    """Mark the active side's unsupplied blocks out of supply and clear the marker of supplied ones; the blocks
    out of supply."""
    board = act.board()
    out = []
    for block_id in _own_on_map(act):
        ok = supplied(board, block_id)
        state = act.game.blocks[block_id]
        if not ok:
            out.append(block_id)
        if state.out_of_supply == ok:
            act.ctx.emit(BlockUpdate(block=block_id, out_of_supply=not ok, reason=reason))
    if out:
        act.note(f"{act.side} out of supply: {', '.join(out)} [BW L786]")
    return out


def supply_phase(act: Act) -> None:
    """The Supply phase: the active side's blocks out of supply are marked, supplied ones cleared [BW L1176-L1178]."""
    rules.not_yet(act.game, "advanced_supply")
    mark(act, "supply phase [BW L1176-L1178]")


def receiving_power(scenario: Scenario, side: Side) -> str:
    """Who takes a surrender's PP: the first major power of the side in the scenario's order (docs/bitw-rulings.md)."""
    return next(p for p, x in scenario.powers.items() if x.side == side and x.major)


def final_supply_check(act: Act) -> None:
    """The Final Supply Check [BW L1566-L1572]: each block marked out of supply checks again; supplied, its marker
    goes; still out of supply, it surrenders (off the map, rebuildable later [BW L794]) and the other side gains 1
    yellow PP [BW L1572]. Blocks with a 0 level drop to 0 and stay [BW L798], [BW L1570]; static infantry [BW L983]
    and forts (Festung) [BW L1098] never surrender. Revealed blocks then stand upright again (digest A6)."""
    rules.not_yet(act.game, "advanced_supply")
    board = act.board()
    enemy = board.enemy(act.side)
    gained = 0
    for block_id in _own_on_map(act):
        state = act.game.blocks[block_id]
        if not state.out_of_supply:
            continue
        if supplied(board, block_id):
            act.ctx.emit(BlockUpdate(block=block_id, out_of_supply=False, reason="back in supply [BW L1568]"))
            continue
        block = act.scenario.blocks[block_id]
        if block.unit in ("static", "fort"):
            act.note(f"{block_id} stays out of supply but never surrenders [BW L983], [BW L1098]")
        elif block.min_zero:
            if state.strength:
                act.ctx.emit(BlockUpdate(block=block_id, strength=0, reason="0-step unit out of supply [BW L798]"))
            act.note(f"{block_id} is reduced to 0 and stays until engaged [BW L798], [BW L1570]")
        else:
            where = state.hex
            act.ctx.emit(BlockMove(block=block_id, path=[where, None]))
            act.ctx.emit(BlockUpdate(block=block_id, out_of_supply=False, revealed=False, moved=False,
                                     hits=0 if state.hits else None, reason="surrendered [BW L1568]"))
            act.note(f"{block_id} surrenders out of supply in {where} [BW L1568], [BW L794]")
            gained += 1
    if gained:
        power = receiving_power(act.scenario, enemy)
        act.ctx.emit(Points(power=power, delta=gained, reason=f"{gained} unit(s) surrendered [BW L1572]"))
        act.note(f"{power} gains {gained} yellow PP for surrendered units [BW L1572]")
    if act.game.options.get("fog_of_war") != "off":
        for block_id, state in act.game.blocks.items():
            if state.revealed and state.hex is not None:
                act.ctx.emit(BlockUpdate(block=block_id, revealed=False, reason="upright again after the Final Supply "
                                                                                "Check (digest A6) [BW L2242]"))


def exploitation_check(act: Act) -> None:
    """After Armour Exploitation the active side's blocks are checked again and newly unsupplied ones marked (none
    surrenders until the next Final Supply Check) [BW L1576]."""
    mark(act, "supply check after exploitation [BW L1576]")
