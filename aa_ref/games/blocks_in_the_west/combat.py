"""Combat [BW L1325-L1546]: battles, the defender's reaction, rounds of air, AA, artillery and ground fire,
withdrawals and retreats; blitz [BW L1548-L1564].

Entering the Combat phase finds the battle hexes: hexes where the active side has a ground combat unit that
moved in this turn and the enemy has units [BW L730]; the active side's air units there (on missions) join.
If the passive side has air units that may react (supplied, with strength, within range of a battle hex, not in
a battle), the game waits for its `react` (basic rules: no HQ needed, digest A29) [BW L1319-L1323]. Battles
are then fought one at a time in hex order [BW L1327], round after round; at the end of each round the
defender, then the attacker, may withdraw blocks (`withdraw`, `{}` to fight on) [BW L1506-L1508], unless the
option `withdrawals: fight_on` settles every withdrawal as "none".
"""

from __future__ import annotations

from typing import Any

from aa_ref.games.blocks_in_the_west import mediterranean as med
from aa_ref.games.blocks_in_the_west import amphibious, battle as fight, hq, modifiers, movement, mulberry, \
    partisan_battle, partisans, reserves, supply
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.board import TERRAIN_MP
from aa_ref.games.blocks_in_the_west.events import BlockMove, BlockUpdate, Charges, HitPriority, SetBattles, SetPending
from aa_ref.games.blocks_in_the_west.hexes import hex_distance, members
from aa_ref.games.blocks_in_the_west.losses import eliminate, rotate
from aa_ref.games.blocks_in_the_west.scenario import AIR, ARMOUR, GCU
from aa_ref.games.blocks_in_the_west.state import Battle, Decision, Side
from aa_ref.games.blocks_in_the_west.tech_chart import tech
from aa_ref.core.names import natural_key

other = fight.other


# --- the phase ------------------------------------------------------------------------------------------
def battle_hexes(act: Act) -> list[str]:
    """Hexes where the active side has a GCU that moved this turn and the enemy has units [BW L730]."""
    board = act.board()
    side = act.game.power
    out = set()
    for block_id, state in act.game.blocks.items():
        if state.hex and state.moved and board.side_of(block_id) == side and board.block(block_id).unit in GCU:
            if board.blocks_at(state.hex, board.enemy(side)):
                out.add(state.hex)
    return sorted(out, key=natural_key)


def crossing(act: Act, hex_id: str, side: Side) -> dict[str, str]:
    """Attacking blocks that entered the battle hex across a river or a strait [BW L1484], [BW L1488]."""
    out = {}
    for b in act.board().blocks_at(hex_id, side):
        state = act.game.blocks[b]
        if state.moved and state.entered_from and b not in act.game.shipped:  # by sea, across no hexside (AR 24.0)
            kind = act.scenario.hexside.get(frozenset((state.entered_from, hex_id)))
            if kind in ("river", "strait", "maginot"):
                out[b] = kind
    return out


def ordered(act: Act, hexes: list[str], order: list[str]) -> list[str]:
    """The battle hexes in the order the active player chose ("nell'ordine di preferenza del giocatore attivo"
    [BW L1327]): those named first, in the order named, then the rest in the map's order."""
    named = [act.hex(name, "battle_order") for name in order]
    for hex_id in named:
        act.require(hex_id in hexes, f"{hex_id} is not a battle hex this turn (battles: {', '.join(hexes) or 'none'})",
                    "L1327", "battle_order")
    act.require(len(set(named)) == len(named), "battle_order names a hex twice", "L1327", "battle_order")
    return named + [h for h in hexes if h not in named]


def begin_combat(act: Act, order: list[str]) -> None:
    """Entering the Combat phase: the battles in the active player's order, the evacuation of lone air units, the
    defender's reaction."""
    side = act.game.power
    battles = []
    for hex_id in ordered(act, battle_hexes(act), order):
        enemy = act.board().blocks_at(hex_id, other(side))
        if all(act.scenario.blocks[b].unit in AIR for b in enemy):
            for b in sorted(enemy, key=natural_key):
                evacuate(act, b)
            continue
        battle = Battle(hex=hex_id, attacker=side, crossing=crossing(act, hex_id, side))
        charge_of(act, battle)
        battles.append(battle)
    if act.game.charges:
        act.ctx.emit(Charges(charges={}))
    act.ctx.emit(SetBattles(battles=battles, engaged=[], blitzed=[]))
    partisan_battle.fight_all(act)  # OR 29.0: the Axis's attacks on partisans [BW L2459-L2460]
    if not battles:
        act.note("no battle this turn [BW L730]")
        return
    act.note(f"battles at {', '.join(b.hex for b in battles)} [BW L730]")
    if reactors(act) or reserves.reinforcers(act):
        act.ctx.emit(SetPending(pending=[Decision(
            power=other(side), kind="reaction", detail=f"the Defender Reaction: air blocks to send to "
            f"{', '.join(b.hex for b in battles)} (react: {{}} sends none) [BW L1319-L1323]"
            + (" (advanced rules: activate an air HQ first, naming them [BW L1851])" if hq.on(act.game) else "")
            + (" (OR 31.0: `reinforce` moves armour in reserve first [BW L2469])" if reserves.reinforcers(act) else ""))]))
        return
    fight_battles(act)


def charge_of(act: Act, battle: Battle) -> None:
    """A Cavalry Charge! or Panzer Attack! declared with the moves into the hex happens if the defender has no
    cavalry or armour (Panzer Attack!: no armour; TECH 1 mechanized are not armour) [BW L2250], [BW L2256-L2258];
    the charging blocks are the attacker's cavalry (armour) in the hex."""
    kind = act.game.charges.get(battle.hex)
    if kind is None:
        return
    defenders = act.board().blocks_at(battle.hex, other(battle.attacker))
    if kind == "cavalry":
        stoppers = [b for b in defenders if act.scenario.blocks[b].unit in modifiers.CAVALRY + ARMOUR]
    else:
        stoppers = [b for b in defenders if movement.charger(act, b, "panzer")]
    chargers = sorted((b for b in act.board().blocks_at(battle.hex, battle.attacker)
                       if movement.charger(act, b, kind)), key=natural_key)
    name = "Cavalry Charge!" if kind == "cavalry" else "Panzer Attack!"
    if stoppers or not chargers:
        act.note(f"no {name} at {battle.hex}: " + (f"the defender has {', '.join(sorted(stoppers, key=natural_key))}"
                 if stoppers else "no charging unit is left") + " [BW L2250], [BW L2256]")
        return
    battle.charge, battle.chargers = kind, chargers


def air_range(act: Act, block_id: str) -> int:
    values, _ = tech(act, block_id)
    return values.mp if values else 0


def reactors(act: Act) -> list[str]:
    """The passive side's air blocks able to react: supplied, with strength, not in a battle hex, within range of
    one [BW L1319-L1323] (basic rules: no HQ, digest A29); none in rain [BW L1632]."""
    passive = other(act.game.power)
    hexes = [b.hex for b in act.game.battles if not b.blitz and med.weather(act, b.hex) != "rain"]
    board = act.board()
    out = []
    for block_id, state in act.game.blocks.items():
        if state.hex is None or board.side_of(block_id) != passive or board.block(block_id).unit not in AIR:
            continue
        if state.out_of_supply or state.strength <= 0 or state.hex in hexes:
            continue
        if any(hex_distance(act, state.hex, h) <= air_range(act, block_id) for h in hexes):
            out.append(block_id)
    if hq.on(act.game):  # advanced rules: only air units an air HQ commands or may command [BW L1851], [BW L1861]
        out = [b for b in out if hq.may_react(act, b, hexes)]
    return sorted(out, key=natural_key)


def react(act: Act, order: Any) -> None:
    """The passive side sends air blocks to battle hexes within range [BW L1319-L1323]."""
    pending = act.game.pending[0] if act.game.pending else None
    act.require(pending is not None and pending.kind == "reaction" and pending.power == act.side,
                "no Defender Reaction is waited for now", "L1319")
    act.require(not (order.react and second_wave_reaction(act)), "after the second wave the defender reacts with "
                "armour only: its air reacted in the Defender Reaction phase after the first wave", "L2360", "react")
    able = reactors(act)
    battles = list(act.game.battles)
    for block_id, hex_name in order.react.items():
        block_id = act.block(block_id, "react")
        hex_id = act.hex(hex_name, "react")
        act.require(act.scenario.blocks[block_id].unit in AIR, f"{block_id} is not an air unit: only air units "
                    "react", "L1321", "react")
        target = next((b for b in battles if b.hex == hex_id), None)
        act.require(target is not None, f"{hex_id} is not a battle hex this turn", "L1321", "react")
        state = act.game.blocks[block_id]
        act.require(state.hex is not None and state.hex not in [b.hex for b in battles],
                    f"{block_id} is in a battle hex (or off the map): it cannot react to another", "L1321", "react")
        act.require(not state.out_of_supply and state.strength > 0, f"{block_id} is out of supply or at strength 0: "
                    "it cannot fly", "L790", "react")
        distance, reach = hex_distance(act, state.hex, hex_id), air_range(act, block_id)
        act.require(distance <= reach, f"{hex_id} is {distance} hexes from {block_id} at {state.hex}: its range "
                    f"is {reach}", "L1321", "react")
        refusal = hq.air_refusal(act, block_id, "react (activate an air HQ first: activate, then react)")
        act.require(refusal is None, refusal or "", "L1851", "react")
        act.require(block_id in able, f"{block_id} cannot react", "L1321", "react")
        too_many = movement.air_limit(act, hex_id, [block_id])
        act.require(too_many is None, too_many or "", "L654", "react")
        act.ctx.emit(BlockMove(block=block_id, path=[state.hex, hex_id]))
        target.reacted.append(block_id)
        act.note(f"{block_id} reacts to the battle at {hex_id} [BW L1321]")
    act.ctx.emit(SetBattles(battles=battles))
    act.ctx.emit(SetPending(pending=[]))
    fight_battles(act)


# --- fighting --------------------------------------------------------------------------------------------
def fight_battles(act: Act) -> None:
    """Fight the battles in order until all are over or a withdrawal is waited for."""
    asked = act.game.options.get("withdrawals", "ask") == "ask"
    while act.game.battles:
        battle = act.game.battles[0].model_copy(deep=True)
        rest = [b.model_copy(deep=True) for b in act.game.battles[1:]]
        if battle.stage == "second_wave":  # AR 24.5-24.6: round 1 was fought, the second wave has landed
            battle.stage = "fire"
            act.ctx.emit(SetBattles(battles=[battle, *rest]))
        elif not fight.over(act, battle):
            if battle.round == 1:
                engaged = sorted(set(act.game.engaged) | set(members(act, battle, "axis"))
                                 | set(members(act, battle, "allies")), key=natural_key)
                act.ctx.emit(SetBattles(battles=[battle, *rest], engaged=engaged))
            rolled = len(act.ctx.events)
            fight.fight_round(act, battle)
            if battle.round == 1:
                supply.desperate_attack_over(act, battle)  # AR 12.4.1 [BW L1805]
            if amphibious.second_wave_due(act, battle):  # AR 24.5 [BW L2302-L2304]
                battle.stage = "second_wave"
                act.ctx.emit(SetBattles(battles=[battle, *rest]))
                act.ctx.emit(SetPending(pending=[Decision(
                    power=battle.attacker, kind="second_wave", space=battle.hex,
                    detail=f"the first round at {battle.hex} is over: the second wave (second_wave: [units in "
                           f"stand-by: {', '.join(amphibious.standby(act, battle))}], [] sends none) [BW L2302]")]))
                return
            if not any(getattr(e, "type", "") == "roll" for e in act.ctx.events[rolled:]) and not fight.over(act, battle):
                act.note(f"no unit can fire at {battle.hex}: the battle ends with both sides in place (digest A38)")
                act.ctx.emit(SetBattles(battles=rest))
                continue
        if fight.over(act, battle):
            finish(act, battle)
            act.ctx.emit(SetBattles(battles=rest))
            continue
        if asked:
            battle.stage = "defender_withdrawal"
            act.ctx.emit(SetBattles(battles=[battle, *rest]))
            ask(act, battle)
            return
        battle.round += 1
        act.ctx.emit(SetBattles(battles=[battle, *rest]))


def second_wave(act: Act, order: Any) -> None:
    """AR 24.5: the attacker's second wave after the first round of an invasion battle [BW L2302-L2304]; then, if
    it landed, the defender's armour in Reaction reserve may reinforce the beach: "Dopo che l'attaccante ha inviato la
    seconda ondata, il difensore può reagire soltanto che le forze corazzate" [BW L2306], [BW L2360] (OR 31.0's
    `reinforce`, then `react: {}`: no air); then the battle goes on."""
    pending = act.game.pending[0] if act.game.pending else None
    act.require(pending is not None and pending.kind == "second_wave" and pending.power == act.side,
                "no second wave is waited for from this side now", "L2302", "second_wave")
    battle = act.game.battles[0]
    battle_hex = act.hex(order.battle, "battle")
    act.require(battle_hex == battle.hex, f"the battle being fought is at {battle.hex}, not {battle_hex}", "L1327",
                "battle")
    act.require(len(set(order.second_wave)) == len(order.second_wave), "a unit is named twice", "L2352", "second_wave")
    if order.mulberry is not None:  # BR 6.7.1: placed on the cleared beach before the second wave [BW L1122], [BW L2302]
        mulberry.place(act, battle.hex, order.mulberry, "mulberry")
    for name in order.second_wave:
        amphibious.land_second_wave(act, battle, act.block(name, "second_wave"))
    act.ctx.emit(SetPending(pending=[]))
    if not order.second_wave:
        act.note(f"no second wave at {battle.hex} [BW L2302]")
    elif reserves.reinforcers(act):
        act.ctx.emit(SetPending(pending=[Decision(
            power=other(battle.attacker), kind="reaction", space=battle.hex,
            detail=f"the second wave has landed at {battle.hex}: the defender reacts with armour only (`reinforce` "
                   "its armour in reserve, then react: {}) [BW L2306], [BW L2360]")]))
        return
    fight_battles(act)


def second_wave_reaction(act: Act) -> bool:
    """The Defender Reaction waited for is the armour-only one after a second wave (AR 24.6) [BW L2360]."""
    return bool(act.game.battles) and act.game.battles[0].stage == "second_wave"


def finish(act: Act, battle: Battle) -> None:
    """The end of a battle: the defender's air units left alone with the attacker's ground units evacuate
    [BW L1426-L1430]; the hex passes to the attacker if he holds it [BW L554]."""
    defenders = members(act, battle, other(battle.attacker))
    if fight.ground(act, members(act, battle, battle.attacker)) and not fight.ground(act, defenders):
        for b in defenders:
            evacuate(act, b)
    fight.conclude(act, battle)


def ask(act: Act, battle: Battle) -> None:
    side = other(battle.attacker) if battle.stage == "defender_withdrawal" else battle.attacker
    role = "defender" if side != battle.attacker else "attacker"
    act.ctx.emit(SetPending(pending=[Decision(
        power=side, kind="withdrawal", space=battle.hex,
        detail=f"end of round {battle.round} at {battle.hex}: the {role} may withdraw blocks (withdraw: {{}} fights "
               f"on) [BW L1506-L1508]")]))


def retreat_problem(act: Act, battle: Battle, block_id: str, to: str) -> str | None:
    """Why a ground block cannot retreat from the battle hex to `to` [BW L1510-L1530], or None.

    [BW L1522] "deve essere in direzione opposta all'esagono di combattimento (verso le proprie linee di
    rifornimento)": a defender's retreat hex is "away" when it is neither a hex the attacking units entered the
    battle from nor adjacent to one (`attacker_origins`); a hex of only friendly units or a friendly city may be in
    any direction [BW L1526-L1528]. The attacker's direction is not described (digest A40): he may go back to the
    hex the block entered from, or to any hex meeting the other conditions of 7.7.15."""
    board = act.board()
    side = board.side_of(block_id)
    if to not in board.neighbours(battle.hex):
        return f"{to} is not adjacent to the battle hex {battle.hex}"
    if not board.land(to):
        return f"{to} is sea or a partial map-edge hex"
    if act.scenario.hexside.get(frozenset((battle.hex, to))) == "strait":
        return f"the side between {battle.hex} and {to} is a strait"
    if partisans.retreat_problem(act, side, to):
        return partisans.retreat_problem(act, side, to)  # OR 29.0 [BW L2435]
    enemies = board.blocks_at(to, other(side))
    friends = board.blocks_at(to, side)
    city = act.scenario.hexes[to].city
    friendly = (friends and not enemies) or (city is not None and act.game.control.get(to) == side and not enemies)
    if friendly:
        return None  # [BW L1526-L1528]: any direction, only friendly units or a friendly city
    if enemies:
        return f"{to} is contested by the enemy"
    if side == battle.attacker:
        if to == act.game.blocks[block_id].entered_from and not any(b.hex == to for b in act.game.battles):
            return None  # digest A40: an attacker may go back to the hex it entered from
    else:
        origins = attacker_origins(act, battle)
        near = sorted((h for h in origins if h == to or to in board.neighbours(h)), key=natural_key)
        if near:
            return (f"{to} is not away from the battle: it is next to {', '.join(near)}, where the attackers came from "
                    "(retreats go in the direction opposite the attack, towards one's supply lines)")
    if any(b.hex == to for b in act.game.battles):
        return f"{to} is another battle hex"
    if city is not None and act.game.control.get(to) == other(side):
        return f"{to} is an enemy-controlled city"
    if in_enemy_zoc(act, battle, to, side):
        return f"{to} is in the enemy's zone of control"
    return None


def attacker_origins(act: Act, battle: Battle) -> set[str]:
    """The hexes the attacking units in the battle hex entered it from (`BlockState.entered_from`)."""
    out = set()
    for b in act.board().blocks_at(battle.hex, battle.attacker):
        state = act.game.blocks[b]
        if state.entered_from and state.entered_from != battle.hex:
            out.add(state.entered_from)
    return out


def in_enemy_zoc(act: Act, battle: Battle, hex_id: str, side: Side) -> bool:
    """Enemy ZOC of a retreat hex [BW L1514]; option retreat_zoc: `battle_hex_ignored` (default) leaves out the ZOC
    of the enemy units engaged in the battle hex itself, as [BW L712] does (units engaged in combat lose their ZOC;
    `board.exerts_zoc`), else every adjacent hex would be closed; `literal` counts it all the same (L1514 read
    alone)."""
    board = act.board()
    if act.game.options.get("retreat_zoc", "battle_hex_ignored") == "literal":
        engaged = [b for b in board.blocks_at(battle.hex, other(side)) if act.scenario.blocks[b].unit != "fort"]
        if engaged and hex_id in board.neighbours(battle.hex) and board.land(hex_id) \
                and act.scenario.hexside.get(frozenset((battle.hex, hex_id))) != "strait":
            return True
        return board.in_zoc_of(hex_id, other(side))
    for n in board.neighbours(hex_id):
        if n == battle.hex or not board.land(n) or act.scenario.hexside.get(frozenset((hex_id, n))) == "strait":
            continue
        if any(board.exerts_zoc(b) for b in board.blocks_at(n, other(side))) \
                and board.zoc_reaches(n, hex_id, other(side)):  # AR 8.0's rivers, cities, fortifications [BW L1592]
            return True
    return False


def airfield_problem(act: Act, block_id: str, to: str, battle_hex: str | None) -> str | None:
    """Why an air block cannot go to `to`: a supplied friendly city (an airfield only while supplied [BW L578-L584],
    digest A71) within range, free of enemies, not a battle hex, with no other friendly air block [BW L1534],
    [BW L1564]."""
    side = act.board().side_of(block_id)
    h = act.scenario.hexes[to]
    if h.city is None or act.game.control.get(to) != side:
        return f"{to} is not a friendly airfield (a city {side} controls)"
    if not supply.supplied_at(act.board(), to, act.scenario.blocks[block_id].power):
        return f"{to} is out of supply: a city is an airfield only while supplied"
    if act.board().blocks_at(to, other(side)) or any(b.hex == to for b in act.game.battles):
        return f"{to} is contested or a battle hex"
    start = battle_hex or act.game.blocks[block_id].hex
    distance, reach = hex_distance(act, start, to), air_range(act, block_id)
    if distance > reach:
        return f"{to} is {distance} hexes away: {block_id}'s range is {reach}"
    if any(act.scenario.blocks[b].unit in AIR for b in act.board().blocks_at(to, side) if b != block_id):
        return f"{to} already holds an air unit"
    return None


def withdraw(act: Act, order: Any) -> None:
    """A side's withdrawals at the end of a round: the defender first, then the attacker [BW L1506-L1546]. A ground
    block that cannot retreat to the hex named is refused (the rulebook eliminates a unit that cannot retreat
    [BW L1546]: name it with `eliminate` as its hex); an overstacking retreat eliminates it [BW L1538-L1540]."""
    pending = act.game.pending[0] if act.game.pending else None
    act.require(pending is not None and pending.kind == "withdrawal" and pending.power == act.side,
                "no withdrawal is waited for from this side now", "L1506")
    battle = act.game.battles[0].model_copy(deep=True)
    battle_hex = act.hex(order.battle, "battle")
    act.require(battle_hex == battle.hex, f"the battle being fought is at {battle.hex}, not {battle_hex}", "L1327",
                "battle")
    rest = [b.model_copy(deep=True) for b in act.game.battles[1:]]
    for block_id, to_name in order.withdraw.items():
        block_id = act.block(block_id, "withdraw")
        state = act.game.blocks[block_id]
        act.require(state.hex == battle.hex, f"{block_id} is not in the battle at {battle.hex}", "L1542", "withdraw")
        unit = act.scenario.blocks[block_id].unit
        act.require(unit != "static" and unit != "fort", f"{block_id} ({unit}) cannot retreat", "L983", "withdraw")
        if to_name == "eliminate":
            eliminate(act, block_id, "it withdraws with no retreat hex [BW L1546]")
            continue
        if to_name == "sea":  # AR 24.1: Marines re-embark after the first round [BW L2326]
            amphibious.reembark(act, battle, block_id)
            continue
        to = act.hex(to_name, "withdraw")
        if unit in AIR:
            problem = airfield_problem(act, block_id, to, battle.hex)
            act.require(problem is None, f"{block_id} cannot withdraw to {to}: {problem}", "L1534", "withdraw")
            act.ctx.emit(BlockMove(block=block_id, path=[battle.hex, to]))
            act.note(f"{block_id} withdraws to the airfield {to} [BW L1534]")
            continue
        problem = retreat_problem(act, battle, block_id, to)
        act.require(problem is None, f"{block_id} cannot retreat to {to}: {problem}", "L1520-L1530", "withdraw")
        if act.board().stacking_problem(to, [block_id]):
            eliminate(act, block_id, f"its retreat to {to} would overstack [BW L1538-L1540]")
            continue
        act.ctx.emit(BlockMove(block=block_id, path=[battle.hex, to]))
        act.note(f"{block_id} retreats from {battle.hex} to {to} [BW L1512]")
    act.ctx.emit(SetPending(pending=[]))
    if fight.over(act, battle):
        finish(act, battle)
        act.ctx.emit(SetBattles(battles=rest))
    elif battle.stage == "defender_withdrawal":
        battle.stage = "attacker_withdrawal"
        act.ctx.emit(SetBattles(battles=[battle, *rest]))
        ask(act, battle)
        return
    else:
        battle.stage, battle.round = "fire", battle.round + 1
        act.ctx.emit(SetBattles(battles=[battle, *rest]))
    fight_battles(act)


# --- air evacuation and rebasing -------------------------------------------------------------------------
def nearest_airfield(act: Act, block_id: str, start: str) -> str | None:
    options = [h for h in act.scenario.hexes if airfield_problem(act, block_id, h, start) is None]
    options.sort(key=lambda h: (hex_distance(act, start, h), natural_key(h)))
    return options[0] if options else None


def evacuate(act: Act, block_id: str) -> None:
    """Ground units entering a hex with only an enemy air unit: it loses 1 step and rebases to a friendly airfield
    within range, or surrenders [BW L1426-L1430]."""
    state = act.game.blocks[block_id]
    start = state.hex
    after = rotate(act, block_id, state.strength)
    if after is None:
        eliminate(act, block_id, "evacuating its base it loses its last step [BW L1428]")
        return
    act.ctx.emit(BlockUpdate(block=block_id, strength=after, reason="air evacuation [BW L1428]"))
    to = nearest_airfield(act, block_id, start)  # type: ignore[arg-type]
    if to is None:
        eliminate(act, block_id, "no friendly airfield within range to evacuate to: it surrenders [BW L1430]")
        return
    act.ctx.emit(BlockMove(block=block_id, path=[start, to]))
    act.note(f"{block_id} evacuates {start} to {to}, losing a step [BW L1428]")


def end_blitz(act: Act) -> None:
    """End of the Blitz phase: air blocks that fought rebase to the nearest friendly airfield within range
    (defender first), else they are eliminated; one air block a hex [BW L1560-L1564]."""
    defender = other(act.game.power)
    for side in (defender, act.game.power):
        for block_id in sorted(act.game.engaged, key=natural_key):
            state = act.game.blocks[block_id]
            if state.hex is None or act.scenario.blocks[block_id].unit not in AIR:
                continue
            if act.board().side_of(block_id) != side:
                continue
            here = state.hex
            if airfield_problem(act, block_id, here, here) is None:
                continue  # already on a friendly airfield of its own
            to = nearest_airfield(act, block_id, here)
            if to is None:
                eliminate(act, block_id, "no friendly airfield within range at the end of the Blitz phase "
                                               "[BW L1560-L1562]")
            else:
                act.ctx.emit(BlockMove(block=block_id, path=[here, to]))
                act.note(f"{block_id} rebases from {here} to {to} [BW L1560]")


# --- blitz ---------------------------------------------------------------------------------------------
def hit_priority(act: Act, order: Any) -> None:
    """A side's standing order for hits among its equally strong blocks, given at any time ("a scelta del
    difensore" [BW L686], [BW L1470]): the blocks listed first take them first."""
    blocks = [act.block(b, "hit_priority") for b in order.hit_priority]
    act.require(len(set(blocks)) == len(blocks), "hit_priority names a block twice", "L686", "hit_priority")
    act.ctx.emit(HitPriority(side=act.side, blocks=blocks))
    act.note(f"the {act.side}' standing order for tied hits: " + (", ".join(blocks) or "the first id") + " [BW L686]")


def blitz_role(act: Act, block_id: str) -> str | None:
    """Tanks and Tech2 mechanized (not motorized infantry) lead a blitz [BW L1552]; Tech2 air units, artillery and
    motorized infantry that fought in the original battle may follow them [BW L1554]."""
    block = act.scenario.blocks[block_id]
    level = act.scenario.powers[block.power].tech.get(block.unit, 1)
    if block.unit == "tank" or (block.unit == "mechanized" and level >= 2):
        return "leads"
    if block.unit in ("artillery", "motorized") or (block.unit in AIR and level >= 2):
        return "follows"
    return None


def blitz(act: Act, order: Any) -> None:
    """Armour that attacked in the Combat phase moves 1 MP into an adjacent hex, possibly a new battle fought at
    once, where the defender cannot react; not in bad weather [BW L1548-L1558]."""
    act.require(not act.game.battles, "the battles of the Combat phase are not over", "L1548")
    board = act.board()
    to = act.hex(order.to, "to")
    act.require(med.weather(act, to) == "good", f"no blitz in {med.weather(act, to)} weather", "L1558")
    starts = set()
    for block_id in order.blitz:
        block_id = act.block(block_id, "blitz")
        state = act.game.blocks[block_id]
        block = act.scenario.blocks[block_id]
        act.require(blitz_role(act, block_id) is not None, f"{block_id} ({block.unit}) cannot blitz: tanks and Tech2 "
                    "mechanized lead a blitz; Tech2 air units, artillery and motorized infantry may follow them",
                    "L1550-L1554", "blitz")
        act.require(block_id in act.game.engaged and state.hex is not None and state.moved,
                    f"{block_id} did not attack in this turn's Combat phase", "L1550", "blitz")
        act.require(block_id not in act.game.blitzed, f"{block_id} has already blitzed", "L1552", "blitz")
        act.require(not state.out_of_supply, f"{block_id} is out of supply", "L790", "blitz")
        starts.add(state.hex)
    act.require(len(starts) == 1, "blocks blitzing together must start in one hex", "L1552", "blitz")
    act.require(any(blitz_role(act, b) == "leads" for b in order.blitz), "artillery, motorized infantry and air units "
                "only follow armour that blitzes with them", "L1554", "blitz")
    start = starts.pop()
    act.require(to in board.neighbours(start), f"{to} is not adjacent to {start}", "L1552", "to")
    act.require(board.land(to), f"{to} is sea or a partial map-edge hex", "L1301", "to")
    kind = act.scenario.hexside.get(frozenset((start, to)))
    cost = 3 if kind == "strait" else TERRAIN_MP["good"][act.scenario.hexes[to].terrain]
    act.require(cost <= 1, f"entering {to} costs {cost} MP: a blitz spends 1 MP", "L1552", "to")
    enemy = board.blocks_at(to, other(act.side))
    if not enemy:
        problem = board.stacking_problem(to, list(order.blitz))
        act.require(problem is None, problem or "", "L648-L656", "to")
    for block_id in order.blitz:
        act.ctx.emit(BlockMove(block=block_id, path=[start, to]))
    if not enemy:  # entering an empty city or production hex captures it [BW L554-L558]
        movement.capture(act, [to], act.scenario.blocks[order.blitz[0]].power)
        partisan_battle.blitz(act, list(order.blitz), to)  # OR 29.0 [BW L2457-L2460]
    act.ctx.emit(SetBattles(battles=[], blitzed=sorted(set(act.game.blitzed) | set(order.blitz), key=natural_key)))
    act.note(f"{', '.join(order.blitz)} blitz from {start} into {to} [BW L1552]")
    if enemy:
        act.ctx.emit(SetBattles(battles=[Battle(hex=to, attacker=act.side, blitz=True,
                                                crossing=crossing(act, to, act.side))]))
        if reserves.reinforcers(act):  # OR 31.0: "ma potrebbe farlo se avesse messo delle unità in riserva" [BW L1556]
            act.ctx.emit(SetPending(pending=[Decision(
                power=other(act.side), kind="reaction", space=to, detail=f"a blitz battle at {to}: the defender's "
                "aircraft cannot react, its armour in reserve may (`reinforce`, then react: {}) [BW L1556], [BW L2469]")]))
            return
        act.note(f"a blitz battle at {to}: the defender cannot react [BW L1556]")
        fight_battles(act)
