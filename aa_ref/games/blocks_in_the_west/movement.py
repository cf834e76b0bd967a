"""Movement: strategic rail movement [BW L1224-L1252], ground and air movement [BW L1254-L1317], armour
exploitation [BW L1574-L1578].

A ground move names the blocks moving together (all from one hex) and the hexes they enter in order (the start
hex may be written first). Each hex entered is adjacent to the last [BW L1258-L1260], a playable land hex
[BW L1299-L1303], and costs its terrain's MP in the month's weather (`board.TERRAIN_MP`); a strait always costs 3
MP and only infantry-class units cross one unless the side controls both banks [BW L1309-L1311]. No block may
enter a hex it cannot pay for [BW L1283]. Entering a hex with enemy units ends the move [BW L1291]; zones of
control never stop it [BW L1293]. Entering or passing through a city or production hex captures it at once
[BW L554-L558].
"""

from __future__ import annotations

from typing import Any

from aa_ref.core import hexgrid
from aa_ref.games.blocks_in_the_west import (
    armistice, damage, factories, hq, modifiers, mulberry, partisans, radar, reserves, resources, rules, supply,
)
from aa_ref.games.blocks_in_the_west import mediterranean as med
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.board import STRAIT_MP, TERRAIN_MP, Board
from aa_ref.games.blocks_in_the_west.events import BlockMove, BlockUpdate, Control, SrmUsed
from aa_ref.games.blocks_in_the_west.events import Charges, Warfare
from aa_ref.games.blocks_in_the_west.fortifications import falls, hex_fortification
from aa_ref.games.blocks_in_the_west.scenario import AIR, ARMOUR, GCU, Block

INFANTRY_CLASS = ("infantry", "static", "mountain", "cavalry", "motorized", "motorized_cavalry", "paratroops",
                  "marines", "artillery")
"""The infantry class [BW L975] (air HQs aside): the units that may cross a strait whose banks are not both
friendly [BW L1311]."""
PLUS_ONE_MP = ("cavalry", "motorized_cavalry")
"""Cavalry moves as infantry +1 MP [BW L991], motorized cavalry as motorized infantry +1 MP [BW L1013]."""
IMMOBILE = ("static", "fort")
"""Static infantry never moves but by rail [BW L983]; forts never move [BW L1094]."""


def new_phase(act: Act) -> None:
    """A new phase of movement (SRM, Movement, Exploitation): every block may move once in it; blocks moved by rail
    move again in the Movement phase [BW L1230]."""
    for block_id, state in act.game.blocks.items():
        if state.moved:
            act.ctx.emit(BlockUpdate(block=block_id, moved=False))


def begin_srm(act: Act) -> None:
    """The SRM phase: each power of the active side has its rail moves of this turn again [BW L1236-L1246]."""
    for power, x in act.scenario.powers.items():
        lost = act.game.srm_lost.get(power, 0) if x.side == act.side else 0  # OR 32.3 [BW L2506]
        if x.side == act.side and act.game.srm_used.get(power, 0) != lost:
            act.ctx.emit(SrmUsed(power=power, count=lost))
        if lost:
            act.note(f"{power} has {lost} rail move(s) fewer this turn: its stations were bombed [BW L2506]")
    keep = {p: n for p, n in act.game.srm_lost.items() if act.scenario.powers[p].side != act.side}
    if keep != act.game.srm_lost:
        act.ctx.emit(Warfare(srm_lost=keep))


def distance(board: Board, a: str, b: str) -> int:
    """Hexes between two hexes."""
    return hexgrid.distance(tuple(board.scenario.hexes[a].at), tuple(board.scenario.hexes[b].at))  # type: ignore[arg-type]


def tech_values(act: Act, block_id: str, field: str) -> Any:
    block = act.scenario.blocks[block_id]
    level = act.scenario.powers[block.power].tech.get(block.unit, 1)  # a class the scenario does not list: TECH 1
    chart = act.scenario.tech_chart.get(block.unit, {})
    act.require(level is not None and level in chart, f"the scenario gives no TECH values for {block.power}'s "
                f"{block.unit} (TECH {level}): add them to its tech chart", "L670", field)
    return chart[level]


def movement_points(act: Act, block_id: str, field: str, halve: bool) -> int:
    """The block's MP from the TECH chart (+1 cavalry), halved when out of supply, never below 1 [BW L790],
    [BW L704]; advanced rules: halved again for armour in limited supply (quartered when also out of supply
    [BW L1861]), not halved for a unit a strategic HQ moves "as if supplied" [BW L1924]."""
    block = act.scenario.blocks[block_id]
    mp = tech_values(act, block_id, field).mp + (1 if block.unit in PLUS_ONE_MP else 0)
    if halve and act.game.blocks[block_id].out_of_supply and not hq.as_if_supplied(act.game, block_id):
        mp = max(1, mp // 2)
    if hq.limited(act, block_id):
        mp = max(1, mp // 2)
    return mp


def hex_cost(board: Board, here: str, there: str) -> int:
    if board.hexside(here, there) == "strait":
        return STRAIT_MP
    h = board.scenario.hexes[there]
    terrain = "clear" if h.coastal else h.terrain  # coastal hexes cost 1 MP [BW L1301] (digest A18)
    return TERRAIN_MP[med.weather(board, there)][terrain]  # type: ignore[index]


def block_cost(act: Act, board: Board, block_id: str, here: str, there: str) -> int:
    """What entering `there` from `here` costs this block: `hex_cost`, and with OR 14.0 (`terrain_modifiers`)
    [BW L2068], [BW L2072]: armour never enters or leaves a mountain hex; in bad weather only mountain units enter
    one; mountain units pay 1 MP less for mountain and hill; cavalry never pays more than 2 MP for a non-mountain
    hex, whatever the weather (a strait's 3 MP is its hexside's, not the hex's)."""
    cost = hex_cost(board, here, there)
    if not rules.enabled(act.game, "terrain_modifiers"):
        return cost
    unit = act.scenario.blocks[block_id].unit
    terrain = {h: act.scenario.hexes[h].terrain for h in (here, there)}
    if unit in ARMOUR:
        act.require("mountain" not in terrain.values(), f"{block_id} ({unit}) is armour: it may not enter or leave a "
                    f"mountain hex ({there if terrain[there] == 'mountain' else here})", "L2068", "path")
    if terrain[there] == "mountain" and unit != "mountain":
        act.require(med.weather(act, there) == "good", f"only mountain units enter the mountain hex {there} in "
                    f"{med.weather(act, there).replace('_', ' ')} weather", "L2068", "path")
    if board.hexside(here, there) == "strait":
        return cost
    if unit == "mountain" and terrain[there] in ("mountain", "hill"):
        return max(1, cost - 1)
    if unit in modifiers.CAVALRY and terrain[there] != "mountain":
        return min(cost, 2)
    return cost


def _path(act: Act, start: str, path: list[str]) -> list[str]:
    hexes = [act.hex(h, "path") for h in path]
    if hexes and hexes[0] == start:
        hexes = hexes[1:]
    act.require(bool(hexes), f"the path leads nowhere: the blocks are already in {start}", "L1258-L1260", "path")
    return hexes


def _group(act: Act, names: list[str], field: str, ground: bool) -> tuple[list[str], str]:
    blocks = [act.block(b, field) for b in names]
    act.require(len(set(blocks)) == len(blocks), "a block is named twice", "L1256", field)
    starts = set()
    for b in blocks:
        state, block = act.game.blocks[b], act.scenario.blocks[b]
        act.require(state.hex is not None, f"{b} is not on the map", "L1256", field)
        act.require(not state.moved, f"{b} has already moved in this phase", "L1256", field)
        if ground:
            act.require(block.unit not in AIR, f"{b} is an air unit: it flies missions or rebases [BW L1271]", "L1271", field)
            act.require(block.unit not in IMMOBILE, f"{b} ({block.unit}) never moves"
                        + (" but by rail [BW L983]" if block.unit == "static" else " [BW L1094]"),
                        "L983" if block.unit == "static" else "L1094", field)
        else:
            act.require(block.unit in AIR, f"{b} is not an air unit", "L1271", field)
        starts.add(state.hex)
    act.require(len(starts) == 1, f"blocks moving together start in one hex: {', '.join(sorted(starts))}", "L1256", field)
    return blocks, starts.pop()


def _walk(act: Act, blocks: list[str], start: str, hexes: list[str], mp: dict[str, int], *, exploit: bool) -> None:
    """Check the path of a ground move or exploitation and carry it out."""
    board = act.board()
    side, enemy = act.side, board.enemy(act.side)
    spent = {b: 0 for b in blocks}
    here = start
    for i, there in enumerate(hexes):
        h = act.scenario.hexes[there]
        act.require(there in board.neighbours(here), f"{there} is not adjacent to {here}: a move never skips hexes",
                    "L1258-L1260", "path")
        act.require(h.terrain != "sea", f"{there} is open sea: ground units never enter it", "L1299", "path")
        act.require(not h.partial, f"{there} is a partial map-edge hex: it is never entered", "L1301-L1303", "path")
        if board.hexside(here, there) == "strait" and not (board.controller(here) == side and board.controller(there) == side):
            others = [b for b in blocks if act.scenario.blocks[b].unit not in INFANTRY_CLASS]
            act.require(not others, f"{', '.join(others)} cannot cross the strait {here}-{there}: the {side} do not "
                        "control both sides, so only infantry crosses", "L1311", "path")
        for b in blocks:
            spent[b] += block_cost(act, board, b, here, there)
            act.require(spent[b] <= mp[b], f"{b} cannot pay for {there}: the path costs {spent[b]} MP "
                        f"({act.game.weather.replace('_', ' ')} weather), it has {mp[b]}", "L1283", "path")
        occupied = bool(board.blocks_at(there, enemy)) or partisans.holds(act, there)  # OR 29.0 [BW L2459]
        if occupied:
            act.require(not exploit, f"{there} holds enemy units: exploitation starts no new battle", "L1576-L1578", "path")
            act.require(i == len(hexes) - 1, f"the move must end in {there}: it holds enemy units", "L1291", "path")
            gcu = [b for b in blocks if act.scenario.blocks[b].unit in GCU] + [
                b for b in board.ground_at(there, side) if act.scenario.blocks[b].unit in GCU]
            act.require(bool(gcu), f"support units ({', '.join(blocks)}) never attack alone: {there} holds enemy units",
                        "L636", "path")
            oos = [b for b in blocks if act.game.blocks[b].out_of_supply and not supply.desperate(act, b)
                   and not hq.as_if_supplied(act.game, b)]
            act.require(not oos, f"{', '.join(oos)} out of supply cannot attack [BW L790]"
                        + (" (AR 12.4: only TECH 2-3 units make a Desperate Attack [BW L1795-L1801])"
                           if rules.enabled(act.game, "advanced_supply") else ""), "L790", "path")
            short = [b for b in blocks if hq.limited(act, b) and not supply.desperate(act, b)]
            act.require(not short, f"{', '.join(short)} in limited supply cannot attack: no activated HQ commands it "
                        "[BW L1861]", "L1861", "path")
            for b in blocks:
                if supply.desperate(act, b):
                    act.note(f"{b} is out of supply: a Desperate Attack on {there}; if the hex is not cleared after "
                             "the first round it surrenders [BW L1801-L1805]")
        here = there
    problem = board.stacking_problem(here, blocks)
    act.require(problem is None, f"{problem or ''}", "L648-L656", "path")
    for b in blocks:
        act.ctx.emit(BlockMove(block=b, path=[start, *hexes]))
        act.ctx.emit(BlockUpdate(block=b, moved=True))
    capture(act, hexes, act.scenario.blocks[blocks[0]].power)
    partisans.entered(act, blocks, hexes)  # OR 29.0: a lone disc removed, or recruited [BW L2441], [BW L2457]


def capture(act: Act, hexes: list[str], captor: str) -> None:
    """A land unit (of the power `captor`) entering or passing through a city or production hex captures it
    [BW L554-L558]; the enemy factories there are destroyed (BR 3.3.2, OR 16.0: `resources.captured`)."""
    board = act.board()
    for there in hexes:
        mulberry.overrun(act, there, act.side)  # BR 6.7.2 [BW L1131]
        if not board.blocks_at(there, board.enemy(act.side)) and board.controller(there) != act.side:
            falls(act, there, act.side)  # a fortification entered by the enemy falls (digest A14); not one the
            # side already holds (a fortress it took and keeps as a bunker [BW L1496], case 688)
        h = act.scenario.hexes[there]
        producing = any(getattr(h.production, c) or factories.added(act.game, act.scenario, there, c,
                                                                    producing=False)  # OR 15.0's new factories
                        for c in ("yellow", "red", "blue", "white", "black"))
        if (h.city or producing) and board.controller(there) != act.side and not board.blocks_at(there, board.enemy(act.side)):
            act.ctx.emit(Control(hex=there, side=act.side, previous=board.controller(there)))
            act.note(f"the {act.side} capture {there}" + (f" ({h.name})" if h.name else "") + " [BW L554-L558]")
            resources.captured(act, there, captor)


def move(act: Act, order: Any) -> None:
    """The Movement phase: ground units first, then air [BW L1268-L1269]."""
    blocks, start = _group(act, order.move, "move", ground=True)
    for b in blocks:  # OR 31.0: Motorisation reserve moves in the Exploitation phase [BW L2468]
        problem = reserves.move_problem(act.game, b, "movement")
        act.require(problem is None, problem or "", "L2468", "move")
    flown = [b for b, s in act.game.blocks.items() if s.moved and act.scenario.blocks[b].unit in AIR
             and act.scenario.powers[act.scenario.blocks[b].power].side == act.side]
    act.require(not flown, f"air units have moved ({', '.join(flown)}): ground units move first", "L1268-L1269", "move")
    hexes = _path(act, start, order.path)
    if order.charge:
        declare_charge(act, blocks, hexes[-1], order.charge)
    _walk(act, blocks, start, hexes, {b: movement_points(act, b, "move", halve=True) for b in blocks}, exploit=False)
    if order.charge:
        act.ctx.emit(Charges(charges={**act.game.charges, hexes[-1]: order.charge}))
        act.note(f"{'a Cavalry Charge!' if order.charge == 'cavalry' else 'a Panzer Attack!'} is declared on "
                 f"{hexes[-1]} [BW L2250], [BW L2256]")


def charger(act: Act, block_id: str, kind: str) -> bool:
    """A unit that charges: cavalry (OR 20.0), or armour: tanks and mechanized above TECH 1 ("le meccanizzate Tech1
    non sono considerate carri sia in attacco che in difesa") (OR 21.0) [BW L2250], [BW L2256-L2258]."""
    block = act.scenario.blocks[block_id]
    if kind == "cavalry":
        return block.unit in modifiers.CAVALRY
    level = act.scenario.powers[block.power].tech.get(block.unit, 1)
    return block.unit == "tank" or (block.unit == "mechanized" and level >= 2)


def declare_charge(act: Act, blocks: list[str], target: str, kind: str) -> None:
    """OR 20.0 / 21.0: the attacker may declare the special attack when the weather is fair and the hex clear
    [BW L2250], [BW L2256]; the moving blocks include the charging cavalry (armour). Whether the defender has
    cavalry or armour is seen when the battle begins (`combat.charge_of`)."""
    key, name = ("cavalry_charge", "Cavalry Charge!") if kind == "cavalry" else ("panzer_attack", "Panzer Attack!")
    act.require(rules.enabled(act.game, key), f"the {name} is an optional rule not in play (--option {key}=on)",
                "L2250" if kind == "cavalry" else "L2256", "charge")
    board = act.board()
    act.require(bool(board.blocks_at(target, board.enemy(act.side))), f"{target} holds no enemy units: a {name} is "
                "an attack", "L2250" if kind == "cavalry" else "L2256", "charge")
    act.require(med.weather(act, target) == "good", f"no {name} in {med.weather(act, target).replace('_', ' ')} weather: the weather "
                "must be fair", "L2250" if kind == "cavalry" else "L2256", "charge")
    h = act.scenario.hexes[target]
    act.require(h.terrain == "clear" and h.city not in ("capital", "major", "fortress")
                and hex_fortification(act, target) == 0,
                f"{target} is not a clear hex ({h.terrain}{', ' + h.city + ' city' if h.city else ''}"
                f"{', fortified' if hex_fortification(act, target) else ''}): a {name} needs clear terrain",
                "L2250" if kind == "cavalry" else "L2256", "charge")
    act.require(any(charger(act, b, kind) for b in blocks), f"none of {', '.join(blocks)} can make a {name}: "
                + ("only cavalry charges" if kind == "cavalry" else "only tanks and mechanized above TECH 1 attack"),
                "L2250" if kind == "cavalry" else "L2256-L2258", "charge")


def exploit(act: Act, order: Any) -> None:
    """Armour Exploitation: supplied tanks and TECH 2+ mechanized move again with full MP, into no enemy hex
    [BW L1574-L1578]. Advanced rules (AR 13.0): armour not commanded by an armour HQ activated in this phase is in
    limited supply, half MP [BW L1861], [BW L1873]; TECH 2 motorized infantry commanded by one exploits as armour
    [BW L1007-L1009]."""
    blocks, start = _group(act, order.exploit, "exploit", ground=True)
    board = act.board()
    for b in blocks:
        block: Block = act.scenario.blocks[b]
        level = act.scenario.powers[block.power].tech.get(block.unit, 1)
        as_armour = hq.on(act.game) and block.unit in ("motorized", "motorized_cavalry") and level >= 2 \
            and hq.commanded(act.game, b)
        problem = reserves.move_problem(act.game, b, "exploitation")  # OR 31.0 Reaction reserve [BW L2469]
        act.require(problem is None, problem or "", "L2469", "exploit")
        act.require(block.unit == "tank" or (block.unit == "mechanized" and level >= 2) or as_armour
                    or reserves.exploits(act.game, b),
                    f"{b} ({block.unit}, TECH {level}) does not exploit: only tanks and TECH 2 mechanized"
                    + (" (TECH 2 motorized infantry when an armour HQ commands it [BW L1009])" if hq.on(act.game) else ""),
                    "L1574", "exploit")
        act.require(supply.supplied(board, b), f"{b} is out of supply at the start of its exploitation", "L1576", "exploit")
    hexes = _path(act, start, order.path)
    _walk(act, blocks, start, hexes, {b: movement_points(act, b, "exploit", halve=False) for b in blocks}, exploit=True)
    reserves.exploited(act, blocks)  # OR 31.0: the Motorisation reserve has made its move [BW L2468]


def srm(act: Act, order: Any) -> None:
    """Strategic rail movement [BW L1224-L1252]: one block a move, 1 yellow PP each, within the power's limit; it
    began the turn supplied on a rail hex not adjacent to enemy units, and goes any distance along friendly rail,
    never adjacent to enemy units."""
    block_id = act.block(order.srm, "srm")
    block, state = act.scenario.blocks[block_id], act.game.blocks[block_id]
    board = act.board()
    enemy = board.enemy(act.side)
    act.require(state.hex is not None, f"{block_id} is not on the map", "L1228", "srm")
    act.require(block.unit not in AIR and block.unit != "fort", f"{block_id} ({block.unit}) does not move by rail",
                "L1224-L1230", "srm")
    act.require(not state.moved, f"{block_id} has already moved by rail this turn", "L1232", "srm")
    act.require(not state.out_of_supply, f"{block_id} began the turn out of supply", "L1228", "srm")
    start = state.hex
    act.require(act.scenario.hexes[start].rail, f"{block_id} is not on a rail hex ({start})", "L1228", "srm")

    def near_enemy(h: str) -> bool:
        return bool(board.blocks_at(h, enemy)) or any(board.blocks_at(n, enemy) for n in board.neighbours(h))

    act.require(not near_enemy(start), f"{block_id} is adjacent to enemy units in {start}", "L1228", "srm")
    act.require(not damage.station_closed(act.game, start), f"the station of {start} was bombed: no rail move passes "
                f"{start} this turn", "L2506", "srm")
    hexes = _path(act, start, order.path)
    here = start
    for there in hexes:
        h = act.scenario.hexes[there]
        act.require(there in board.neighbours(here), f"{there} is not adjacent to {here}", "L1230", "path")
        act.require(h.rail and board.hexside(here, there) != "strait", f"no railway from {here} to {there}", "L1230", "path")
        act.require(board.controller(there) == act.side, f"{there} is not {act.side} rail", "L1230", "path")
        act.require(not near_enemy(there), f"{there} is adjacent to enemy units: a rail move never passes or ends "
                    "next to them", "L1230", "path")
        act.require(not damage.station_closed(act.game, there), f"the station of {there} was bombed: no rail move "
                    f"passes {there} this turn", "L2506", "path")
        here = there
    problem = board.stacking_problem(here, [block_id])
    act.require(problem is None, f"{problem or ''}", "L648-L656", "path")
    partisans.check_srm(act, hexes)  # OR 29.0 [BW L2455]
    power = act.scenario.powers[block.power]
    used = act.game.srm_used.get(block.power, 0)
    leader = hq.srm_action(act.game, block_id)
    if leader is not None:  # paid with the supreme leader's action, not PP, beyond the limit [BW L1232-L1234], [BW L1925]
        hq.spend_srm(act, leader, block_id)
        act.note(f"the rail move of {block_id} is {leader}'s action [BW L1232-L1234], [BW L1925]")
    else:
        act.require(used < power.srm, f"{block.power} has made its {power.srm} rail move(s) of this turn", "L1236-L1246", "srm")
        act.pay(block.power, 1, f"the rail move of {block_id}", "L1232")
        act.ctx.emit(SrmUsed(power=block.power, count=used + 1))
    act.ctx.emit(BlockMove(block=block_id, path=[start, *hexes]))
    act.ctx.emit(BlockUpdate(block=block_id, moved=True))


def _airfield(act: Act, board: Board, hex_id: str, power: str) -> bool:
    """Any supplied friendly city is an airfield [BW L578-L584]."""
    return (act.scenario.hexes[hex_id].city is not None and board.controller(hex_id) == act.side
            and supply.supplied_at(board, hex_id, power))


def fly(act: Act, order: Any) -> None:
    """Air missions: supplied air units of strength above 0 fly to an enemy-occupied hex within range of their base
    (1 MP a hex whatever the terrain) [BW L1271], [BW L790]."""
    blocks = [act.block(b, "fly") for b in order.fly]
    to = act.hex(order.to, "to")
    board = act.board()
    act.require(bool(board.blocks_at(to, board.enemy(act.side))), f"{to} holds no enemy units: missions fly to enemy "
                "hexes", "L1271", "to")
    act.require(all(med.weather(act, act.game.blocks[b].hex) != "rain" for b in blocks), "air units start no mission "
                "in rain (they may rebase)", "L1618", "fly")
    act.require(not air_limit(act, to, blocks), air_limit(act, to, blocks) or "", "L654", "fly")
    act.require(not armistice.protected_city(act, to), armistice.protected_city(act, to) or "", "L856", "to")
    for b in blocks:
        state = act.game.blocks[b]
        act.require(act.scenario.blocks[b].unit in AIR, f"{b} is not an air unit", "L1271", "fly")
        act.require(state.hex is not None and not state.moved, f"{b} is not on the map or has already moved", "L1271", "fly")
        act.require(not state.out_of_supply, f"{b} is out of supply: it may only rebase", "L790", "fly")
        refusal = hq.air_refusal(act, b, "fly a mission")
        act.require(refusal is None, refusal or "", "L1861", "fly")
        act.require(state.strength > 0, f"{b} has strength 0", "L1271", "fly")
        reach = tech_values(act, b, "fly").mp
        far = distance(board, state.hex, to)
        act.require(far <= reach, f"{to} is {far} hexes from {b}'s base {state.hex}: its range is {reach}", "L1271", "to")
    act.require(any(board.block(b).unit in GCU and act.game.blocks[b].moved for b in board.blocks_at(to, act.side)),
                f"no ground combat unit of yours has moved into {to}: air units support a battle, they make none alone "
                "(ground units move first, then air units) [BW L1268-L1269], digest A30", "L730", "to")
    for b in blocks:
        act.ctx.emit(BlockMove(block=b, path=[act.game.blocks[b].hex, to]))
        act.ctx.emit(BlockUpdate(block=b, moved=True))
    radar.spotted(act, blocks, to)  # the radar chain in full service [BW L2010]


AIR_IN_BATTLE = 2
"""A side may add one air unit to the airfield's one in a battle hex, "per avere una forza aerea combinata da 1 caccia
più 1 bombardiere", 5 units in all with 3 ground units [BW L654] (digest A61)."""


def air_limit(act: Act, to: str, adding: list[str]) -> str | None:
    """Why `adding` cannot join the side's air units in the battle hex `to`: at most two a side [BW L654]."""
    board = act.board()
    side = board.side_of(adding[0]) if adding else act.side
    present = [b for b in board.blocks_at(to, side) if board.block(b).unit in AIR and b not in adding]
    if len(present) + len(adding) > AIR_IN_BATTLE:
        return (f"{to} would hold {len(present) + len(adding)} {side} air units: a side supports a battle with at most "
                f"{AIR_IN_BATTLE} (one fighter and one bomber)")
    return None


def rebase(act: Act, order: Any) -> None:
    """Rebasing: airfield to airfield within twice the range; out of supply only between friendly airfields at half
    range (digest A28) [BW L1271], [BW L790]; at most one air unit an airfield [BW L584]."""
    b = act.block(order.rebase, "rebase")
    to = act.hex(order.to, "to")
    state, block = act.game.blocks[b], act.scenario.blocks[b]
    board = act.board()
    act.require(block.unit in AIR, f"{b} is not an air unit", "L1271", "rebase")
    act.require(state.hex is not None and not state.moved, f"{b} is not on the map or has already moved", "L1271", "rebase")
    reach = tech_values(act, b, "rebase").mp
    if state.out_of_supply:
        act.require(act.scenario.hexes[state.hex].city is not None and board.controller(state.hex) == act.side,
                    f"{b} is out of supply: it rebases only from a friendly airfield", "L790", "rebase")
        reach = max(1, reach // 2)
    else:
        reach *= 2
    act.require(_airfield(act, board, to, block.power), f"{to} is not a supplied friendly city: no airfield", "L578-L584", "to")
    far = distance(board, state.hex, to)
    act.require(far <= reach, f"{to} is {far} hexes away: {b} rebases at most {reach}", "L1271", "to")
    based = [x for x in board.blocks_at(to, act.side) if act.scenario.blocks[x].unit in AIR and x != b]
    act.require(not based, f"{to} already bases {', '.join(based)}: one air unit an airfield", "L584", "to")
    act.ctx.emit(BlockMove(block=b, path=[state.hex, to]))
    act.ctx.emit(BlockUpdate(block=b, moved=True))
    partisans.entered(act, [b], [to])  # OR 29.0: an Axis air unit occupying the hex removes a lone disc [BW L2457]
