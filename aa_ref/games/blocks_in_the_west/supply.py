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
from typing import Callable, Iterable

from aa_ref.core.names import natural_key
from aa_ref.games.blocks_in_the_west import damage, hq, italy, leaders, mulberry, naval, rules, sabotage
from aa_ref.games.blocks_in_the_west import mediterranean as med
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.board import Board
from aa_ref.games.blocks_in_the_west.events import BlockMove, BlockUpdate, ColouredPoints, Points
from aa_ref.games.blocks_in_the_west.hexes import members
from aa_ref.games.blocks_in_the_west.losses import rotate
from aa_ref.games.blocks_in_the_west.scenario import AIR, Scenario, unit_colour
from aa_ref.games.blocks_in_the_west.state import Battle, Side

LINE = {"good": 3, "rain": 2, "snow": 2, "light_rain": 2}
"""The longest supply line by weather, in hexes [BW L777], [BW L1608]; light rain (OR 39.0) 2 [BW L2604]."""
SIEGE_CAP = {"minor": 1, "major": 4, "capital": 4}
"""AR 12.1: at most 1 unit besieged in a minor port, 4 in a major port, 4 in the units' own capital [BW L1779]
(a Mulberry 5, `mulberry.CAPACITY`)."""


def _side(scenario: Scenario, power: str) -> Side:
    return scenario.powers[power].side  # type: ignore[return-value]


def rail_network(board: Board, power: str) -> set[str]:
    """The power's sources: its primary source, if its side controls it, and every rail hex its side controls,
    free of enemy ground units, joined to the primary source by such rail hexes [BW L756-L773]; then the ports
    joined to those by a sea line (`sea_ports`)."""
    found = italy.sources_left(board, power, rail_sources(board, power))  # OR 36.0 [BW L2566]
    return italy.sources_left(board, power, found | sea_ports(board, power, found) | mulberry.sources(board, power))


def rail_sources(board: Board, power: str) -> set[str]:
    """The primary source and the rail hexes joined to it (the land part of the network) [BW L756-L773]."""
    scenario = board.scenario
    power = italy.supplier(board.game, scenario, power)  # OR 36.0: Italian blocks trace to Germany's sources
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
            if sabotage.rail_cut(board, n, side):
                continue  # OR 29.0: partisans cut the Axis's rail [BW L2455], [BW L2460]
            if board.hexside(here, n) == "strait":
                continue  # a railway does not cross a strait
            found.add(n)
            todo.append(n)
    return found


PORT_CAPACITY = {"major": 5, "minor": 1}
"""Units a port supplies: a major port 5, a minor port 1 [BW L590-L592]."""


def sea_ports(board: Board, power: str, network: set[str]) -> set[str]:
    """Ports joined by a blue sea line to a port of the power's rail network ("un qualsiasi porto ... direttamente
    connesso alla linea di rifornimento principale via linea ferroviaria o marittima funge da rifornimento per se
    stesso" [BW L771]): each is a source for itself (no rail onward from it), while its side controls it and no enemy
    ground unit stands in it; neither end frozen in snow (AR 9.0) nor, for the Axis under OR 18.0 from April 1944, an
    Atlantic port (`naval.closed_to_supply`)."""
    scenario = board.scenario
    side = _side(scenario, power)
    out = set()
    for line in scenario.sea_lines:
        a, b = line.between
        for here, there in ((a, b), (b, a)):
            if here in network and there not in network and board.controller(there) == side \
                    and not board.ground_at(there, board.enemy(side)) and not sabotage.rail_cut(board, there, side) \
                    and not damage.port_closed(board.game, there, "supply") \
                    and not naval.closed_to_supply(board, side, there) \
                    and not naval.closed_to_supply(board, side, here):  # OR 29.0 [BW L1762], OR 32.2 [BW L2502], OR 18.0
                out.add(there)
    return out


def by_sea_only(board: Board, block_id: str) -> list[str]:
    """The sea-supplied ports a block's line reaches when it reaches no other source: it draws on their capacity
    [BW L590-L592]; [] when the block is supplied otherwise (or not at all)."""
    state = board.game.blocks[block_id]
    power = board.block(block_id).power
    side = _side(board.scenario, power)
    limit = LINE.get(med.weather(board, state.hex), 3)
    every = sources(board, power)
    by_sea = every - _source_powers(board, power, rail_sources)
    if not by_sea or line_length(board, state.hex, side, every - by_sea, limit) is not None:
        return []
    return sorted((p for p in by_sea if line_length(board, state.hex, side, {p}, limit) is not None), key=natural_key)


def over_port_capacity(board: Board, blocks: list[str]) -> set[str]:
    """The blocks supplied only through sea-supplied ports beyond what those ports carry (a major port 5 units, a
    minor port 1 [BW L590-L592]): taken in order, each uses the first port of its reach with room left (the
    referee's order: the owner cannot be asked in an automatic phase). Air units count as units."""
    room: dict[str, int] = {}
    over = set()
    for block_id in blocks:
        ports = by_sea_only(board, block_id)
        if not ports:
            continue
        for port in ports:
            room.setdefault(port, PORT_CAPACITY[mulberry.kind(board.game, board.scenario, port) or "minor"])
        port = next((p for p in ports if room[p] > 0), None)
        if port is None:
            over.add(block_id)
        else:
            room[port] -= 1
    return over


def sea_capacity(board: Board, side: str) -> int:
    """BR 6.7.3: the PP the side may carry across the sea in a Production phase, the units its sea-supplied ports
    and Mulberries supply (a major port or a Mulberry 5, a minor port 1) [BW L1135-L1139]: "se ... hanno posizionato
    i 2 mulberries [e] controllano Cherbourg e Le Havre, essi possono rifornire 16 unità e possono usare solamente 16
    PP del loro incasso per riparare le unità sul continente"."""
    ports: set[str] = set()
    for power, x in board.scenario.powers.items():
        if x.side == side:
            ports |= rail_network(board, power) - rail_sources(board, power)
    return sum(PORT_CAPACITY[mulberry.kind(board.game, board.scenario, p) or "minor"] for p in ports)


def sources(board: Board, power: str) -> set[str]:
    """The sources a block of `power` may trace to: its own power's, or (option `supply_sources: side`) those of
    every power of its side."""
    return _source_powers(board, power, rail_network)


def _source_powers(board: Board, power: str, network: Callable[[Board, str], set[str]]) -> set[str]:
    scenario = board.scenario
    if board.game.options.get("supply_sources", "own") != "side":
        return network(board, power)
    side = _side(scenario, power)
    out: set[str] = set()
    for p, x in scenario.powers.items():
        if x.side == side:  # a Mulberry supplies its own nation's units only [BW L1114]
            out |= network(board, p) - (mulberry.of(board.game, p) if p != power else set())
    return out


def traceable(board: Board, hex_id: str, side: Side) -> bool:
    """A supply line may pass through (or end in) `hex_id`: a playable land hex, not mountain, without enemy ground
    units and not in enemy ZOC [BW L777-L782]."""
    h = board.scenario.hexes[hex_id]
    if h.terrain in ("sea", "mountain") or h.partial:
        return False
    enemy = board.enemy(side)
    if sabotage.line_blocked(board, hex_id, side):
        return False  # OR 29.0: 2 partisan discs block the Axis's land supply [BW L2459]
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
    limit = LINE.get(med.weather(board, hex_id), 3)
    return line_length(board, hex_id, _side(board.scenario, power), sources(board, power), limit) is not None


def supplied(board: Board, block_id: str) -> bool:
    """The block traces a supply line [BW L775-L782] and (AR 12.1) is not besieged [BW L1779-L1781]."""
    state = board.game.blocks[block_id]
    if state.hex is None or not supplied_at(board, state.hex, board.block(block_id).power):
        return False
    return not besieged(board, block_id)


# --- AR 12.0 advanced supply -------------------------------------------------------------------------------
def festung(board: Board, block_id: str) -> bool:
    """A fort at full strength (7) is a Festung [BW L1098]: it never surrenders, even surrounded."""
    return board.block(block_id).unit == "fort" and board.game.blocks[block_id].strength >= 7


def surrounded(board: Board, hex_id: str, side: Side) -> bool:
    """AR 12.1 "completamente circondate (anche dalla ZOC nemica)" [BW L1779]: every land hex round `hex_id` (not
    across a strait: no ZOC crosses one [BW L716]) holds enemy ground units or is in the enemy's ZOC."""
    enemy = board.enemy(side)
    around = [n for n in board.neighbours(hex_id) if board.land(n) and board.hexside(hex_id, n) != "strait"]
    return bool(around) and all(board.ground_at(n, enemy) or board.in_zoc_of(n, enemy) for n in around)


def siege_cap(board: Board, hex_id: str, block_id: str) -> int:
    """How many units a siege of `hex_id` holds for this block: its port's, or 4 in its own capital [BW L1779]; none
    elsewhere. A hex with a Festung of the block's side holds all of them [BW L1789]."""
    h, block = board.scenario.hexes[hex_id], board.block(block_id)
    side = board.side_of(block_id)
    if any(festung(board, b) for b in board.ground_at(hex_id, side)):
        return 99
    caps = [SIEGE_CAP[h.port]] if h.port else []
    if hex_id in board.game.mulberries:
        caps.append(mulberry.CAPACITY)  # "5 nei Mulberries" [BW L1779]
    if board.scenario.powers[block.power].capital == hex_id:
        caps.append(SIEGE_CAP["capital"])
    return max(caps, default=0)


def besieged(board: Board, block_id: str) -> bool:
    """AR 12.1-12.2 [BW L1779-L1789]: a ground unit in a port, in its own capital or with a Festung, the hex
    completely surrounded, within the siege's cap: the strongest units first (ties by name; the referee cannot ask
    which; the others are out of supply as usual). Air units are not besieged: they rebase [BW L790]."""
    game = board.game
    if not rules.enabled(game, "advanced_supply"):
        return False
    state = game.blocks[block_id]
    if state.hex is None or board.block(block_id).unit in AIR:
        return False
    side = board.side_of(block_id)
    if not surrounded(board, state.hex, side):
        return False
    cap = siege_cap(board, state.hex, block_id)
    if not cap:
        return False
    held = [b for b in board.ground_at(state.hex, side) if siege_cap(board, state.hex, b)]
    held.sort(key=lambda b: (-game.blocks[b].strength, natural_key(b)))
    return block_id in held[:cap]


def surrender_colour(act: Act, block_id: str) -> str:
    """AR 12.5: a surrendering unit gives the enemy 1 PP: yellow for infantry and naval units, else its class's colour
    per AR 11.0 [BW L1811-L1813] (armour red, air and airborne blue, HQs black); yellow unless AR 11.0 is played
    too (coloured PP exist only there)."""
    unit = act.scenario.blocks[block_id].unit
    if not (rules.enabled(act.game, "advanced_supply") and rules.enabled(act.game, "advanced_production")):
        return "yellow"
    return "yellow" if unit == "marines" else unit_colour(unit) or "yellow"  # Marines are naval units: yellow


def surrender(act: Act, block_id: str, why: str) -> str:
    """The block surrenders: off the map, rebuildable [BW L794]; the colour of the PP the enemy gains."""
    state = act.game.blocks[block_id]
    where = state.hex
    act.ctx.emit(BlockMove(block=block_id, path=[where, None]))
    act.ctx.emit(BlockUpdate(block=block_id, out_of_supply=False, revealed=False, moved=False,
                             hits=0 if state.hits else None, reason=f"surrendered [{why}]"))
    act.note(f"{block_id} surrenders out of supply in {where} [{why}], [BW L794]")
    leaders.eliminated(act, block_id)  # the US morale [BW L2046]
    return surrender_colour(act, block_id)


def surrender_pp(act: Act, side: Side, colours: list[str]) -> None:
    """The side gains 1 PP per surrendered unit [BW L1572], coloured by AR 12.5 [BW L1811]."""
    if not colours:
        return
    power = receiving_power(act.scenario, side, act.game.armistices)
    yellow = colours.count("yellow")
    if yellow:
        act.ctx.emit(Points(power=power, delta=yellow, reason=f"{yellow} unit(s) surrendered [BW L1572]"))
        act.note(f"{power} gains {yellow} yellow PP for surrendered units [BW L1572]")
    for colour in ("red", "blue", "white", "black"):
        n = colours.count(colour)
        if n:
            act.ctx.emit(ColouredPoints(power=power, colour=colour, delta=n,  # type: ignore[arg-type]
                                        reason=f"{n} unit(s) surrendered [BW L1811]"))
            act.note(f"{power} gains {n} {colour} PP for surrendered units [BW L1811]")


def desperate(act: Act, block_id: str) -> bool:
    """AR 12.4: a TECH 2 or 3 ground unit marked out of supply may attack: a Desperate Attack [BW L1801-L1807]. Not
    the unit a supreme leader's action moves "as if supplied" [BW L1924]: it attacks as a supplied unit and does not
    surrender for failing to clear the hex in the first round."""
    block = act.scenario.blocks[block_id]
    level = act.scenario.powers[block.power].tech.get(block.unit, 1)
    return (rules.enabled(act.game, "advanced_supply") and act.game.blocks[block_id].out_of_supply
            and block.unit not in AIR and level >= 2 and not hq.as_if_supplied(act.game, block_id))


def desperate_attack_over(act: Act, battle: Battle) -> None:
    """AR 12.4.1 [BW L1805]: after the first round, if the battle hex still holds the defender's ground units, the
    attacking units out of supply (a Desperate Attack) surrender at once; the enemy gains their PP."""
    if not rules.enabled(act.game, "advanced_supply"):
        return
    defender = "allies" if battle.attacker == "axis" else "axis"
    if not any(act.scenario.blocks[b].unit not in AIR for b in members(act, battle, defender)):
        return  # the hex is cleared
    gone = [b for b in members(act, battle, battle.attacker) if desperate(act, b)]
    colours = [surrender(act, b, f"BW L1805: a Desperate Attack that did not clear {battle.hex} in the first round")
               for b in gone]
    surrender_pp(act, defender, colours)  # type: ignore[arg-type]


def siege_step(act: Act, board: Board, block_id: str) -> str | None:
    """A besieged unit loses 1 step at the end of the turn instead of surrendering; losing its last one it
    surrenders; a 0-step unit stays at 0 [BW L1781-L1785]; the colour of the PP if it surrendered."""
    state = act.game.blocks[block_id]
    lower = rotate(act, block_id, state.strength)
    if lower is None:
        return surrender(act, block_id, "BW L1785: a besieged unit that lost its last step")
    if lower == state.strength:
        act.note(f"{block_id} is besieged at 0 in {state.hex}: it never surrenders [BW L1785]")
        return None
    before = state.strength  # the event updates the state in place
    act.ctx.emit(BlockUpdate(block=block_id, strength=lower, hits=0 if state.hits else None,
                             reason="besieged: 1 step lost instead of surrendering [BW L1781-L1783]"))
    act.note(f"{block_id} is besieged in {state.hex}: it loses 1 step ({before} -> {lower}) instead of "
             "surrendering [BW L1781-L1783]")
    return None


def _own_on_map(act: Act) -> list[str]:
    return [b for b, s in act.game.blocks.items() if s.hex is not None and act.scenario.powers[act.scenario.blocks[b].power].side == act.side]


def mark(act: Act, reason: str) -> list[str]:
    """Mark the active side's unsupplied blocks out of supply and clear the marker of supplied ones; the blocks
    out of supply."""
    board = act.board()
    out = []
    over = over_port_capacity(board, [b for b in _own_on_map(act) if supplied(board, b)])
    if over:
        act.note(f"beyond the capacity of the ports supplying them by sea: {', '.join(sorted(over, key=natural_key))} "
                 "[BW L590-L592]")
    for block_id in _own_on_map(act):
        ok = supplied(board, block_id) and block_id not in over
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
    mark(act, "supply phase [BW L1176-L1178]")
    board = act.board()
    sieged = [b for b in _own_on_map(act) if besieged(board, b)]
    if sieged:
        act.note(f"{act.side} besieged (out of supply, no repairs): {', '.join(sieged)} [BW L1779-L1781]")


def receiving_power(scenario: Scenario, side: Side, out_of_war: Iterable[str] = ()) -> str:
    """Who takes a surrender's PP: the first major power of the side in the scenario's order (docs/bitw-rulings.md),
    passing over a power out of the war by armistice (its units leave the game [BW L852]: it takes no more PP)."""
    majors = [p for p, x in scenario.powers.items() if x.side == side and x.major]
    return next((p for p in majors if p not in out_of_war), majors[0])


def final_supply_check(act: Act) -> None:
    """The Final Supply Check [BW L1566-L1572]: each block marked out of supply checks again; supplied, its marker
    goes; still out of supply, it surrenders (off the map, rebuildable later [BW L794]) and the other side gains 1
    yellow PP [BW L1572]. Blocks with a 0 level drop to 0 and stay [BW L798], [BW L1570]; static infantry [BW L983]
    and forts (Festung) [BW L1098] never surrender. Revealed blocks then stand upright again (digest A6).
    AR 12.0: a besieged unit loses 1 step instead (`siege_step`) [BW L1781-L1789]; the PP are coloured by the unit's
    type [BW L1811]."""
    board = act.board()
    enemy = board.enemy(act.side)
    colours: list[str] = []
    over = over_port_capacity(board, [b for b in _own_on_map(act) if supplied(board, b)])
    for block_id in _own_on_map(act):
        state = act.game.blocks[block_id]
        if not state.out_of_supply:
            continue
        if supplied(board, block_id) and block_id not in over:
            act.ctx.emit(BlockUpdate(block=block_id, out_of_supply=False, reason="back in supply [BW L1568]"))
            continue
        block = act.scenario.blocks[block_id]
        if block.unit in ("static", "fort"):
            act.note(f"{block_id} stays out of supply but never surrenders [BW L983], [BW L1098]")
        elif besieged(board, block_id):
            colour = siege_step(act, board, block_id)
            if colour:
                colours.append(colour)
        elif block.min_zero:
            if state.strength:
                act.ctx.emit(BlockUpdate(block=block_id, strength=0, reason="0-step unit out of supply [BW L798]"))
            act.note(f"{block_id} is reduced to 0 and stays until engaged [BW L798], [BW L1570]")
        else:
            colours.append(surrender(act, block_id, "BW L1568"))
    surrender_pp(act, enemy, colours)
    if act.game.options.get("fog_of_war") != "off":
        for block_id, state in act.game.blocks.items():
            if state.revealed and state.hex is not None:
                act.ctx.emit(BlockUpdate(block=block_id, revealed=False, reason="upright again after the Final Supply "
                                                                                "Check (digest A6) [BW L2242]"))


def exploitation_check(act: Act) -> None:
    """After Armour Exploitation the active side's blocks are checked again and newly unsupplied ones marked (none
    surrenders until the next Final Supply Check) [BW L1576]."""
    mark(act, "supply check after exploitation [BW L1576]")
