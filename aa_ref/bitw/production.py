"""Production [BW L1180-L1222]: income, repairs, reinforcements and rebuilt blocks, disbanding.

Income (basic rules: yellow PP only [BW L600]) is collected as the Production phase begins: each power of the
active side receives the yellow PP of the production centres its side controls whose supply line reaches the
power's sources [BW L1182]. A centre of the power's own nation goes to that power; a captured one (of an enemy
power's nation) adds to the Axis only [BW L558], to its first major power (Germany), and only from the next
Production phase since captures happen after it (digest A2; option `captured_income: none` gives nothing,
scenario SBW6 [BW L560]). A centre of a nation that is not a power of the scenario goes to its controlling side's
first major power.
"""

from __future__ import annotations

from typing import Any

from aa_ref.bitw import rules, supply
from aa_ref.bitw.act import Act
from aa_ref.bitw.events import BlockMove, BlockUpdate, Points, Spent
from aa_ref.bitw.scenario import AIR, ARMOUR

COST = {"black": 1, "white": 2, "red": 3}
"""PP to gain a printed step, by the colour of its number; blue numbers are never rebuilt [BW L1184-L1187]."""
PLACE_CITIES = ("capital", "major", "fortress")
"""Reinforcements and rebuilt blocks enter in a Major City or Fortress of their nation (a capital is a Major City)
[BW L1202], [BW L567]."""
DISBANDED = "disbanded"


def income_of(act: Act) -> dict[str, int]:
    """Each power of the active side -> the yellow PP its supplied, controlled centres give this turn."""
    scenario, side = act.scenario, act.side
    board = act.board()
    axis_leader = supply.receiving_power(scenario, "axis")
    out = {p: 0 for p, x in scenario.powers.items() if x.side == side}
    for hex_id, h in scenario.hexes.items():
        if not h.production.yellow or board.controller(hex_id) != side:
            continue
        if h.nation in scenario.powers and scenario.powers[h.nation].side == side:
            power: str | None = h.nation
        elif h.nation in scenario.powers:  # captured from the enemy
            power = axis_leader if side == "axis" and act.game.options.get("captured_income", "axis") == "axis" else None
        else:
            power = supply.receiving_power(scenario, side)
        if power is not None and supply.supplied_at(board, hex_id, power):
            out[power] += h.production.yellow
    return out


def collect_income(act: Act) -> None:
    """The Production phase begins: the active side's powers receive their income [BW L1182], [BW L598-L600]."""
    rules.not_yet(act.game, "advanced_production")
    for power, amount in income_of(act).items():
        if amount:
            act.ctx.emit(Points(power=power, delta=amount, reason="income [BW L1182]"))
            act.note(f"{power} receives {amount} PP [BW L1182]")


def _after_disbanding(act: Act) -> None:
    done = any(isinstance(e, Points) and e.reason.startswith(DISBANDED) for e in act.ctx.events)
    act.require(not done, "units are disbanded when production is over: no more repairs or placements after a "
                "disband", "L1222")


def _index(act: Act, block_id: str) -> int:
    """The position of the block's current printed value among its steps (len(steps) at 0)."""
    block, state = act.scenario.blocks[block_id], act.game.blocks[block_id]
    if state.strength == 0:
        return len(block.steps)
    values = [s.value for s in block.steps]
    act.require(state.strength in values, f"{block_id} shows {state.strength}, not one of its printed values "
                f"{values}", "L660")
    return values.index(state.strength)


def repair(act: Act, order: Any) -> None:
    """Repair: a supplied block gains steps, paying each printed step's cost by its colour [BW L1182-L1194]; blocks
    marked out of supply get no replacements [BW L790]."""
    _after_disbanding(act)
    block_id = act.block(order.repair, "repair")
    block, state = act.scenario.blocks[block_id], act.game.blocks[block_id]
    act.require(state.hex is not None, f"{block_id} is not on the map: rebuild it with place", "L1202", "repair")
    act.require(not state.out_of_supply, f"{block_id} is out of supply: no replacements of any kind", "L790", "repair")
    at = _index(act, block_id)
    act.require(order.steps <= at, f"{block_id} is {at} step(s) below full strength, not {order.steps}"
                if at else f"{block_id} is at full strength", "L1182", "steps")
    gained = block.steps[at - order.steps: at]
    blue = [s.value for s in gained if s.colour == "blue"]
    act.require(not blue, f"{block_id}'s step {blue[0] if blue else ''} is printed in blue: it is never rebuilt",
                "L1187", "steps")
    cost = sum(COST[s.colour] for s in gained) - ss_recruiting(act, block_id, COST[gained[-1].colour])
    act.pay(block.power, cost, f"repairing {block_id} by {order.steps} step(s)", "L1184-L1187")
    new = block.steps[at - order.steps].value
    act.ctx.emit(BlockUpdate(block=block_id, strength=new, hits=0 if state.hits else None,
                             reason=f"repaired for {cost} PP [BW L1184-L1187]"))
    act.note(f"{block_id} repaired to {new} for {cost} PP [BW L1184-L1187]")


def arrival(act: Act, block_id: str) -> tuple[int, str] | None:
    """The turn and hex the turn track brings the block in, if it is a reinforcement."""
    for number, turn in enumerate(act.scenario.turns, start=1):
        if block_id in turn.reinforcements:
            return number, turn.reinforcements[block_id]
    return None


def _placed_here(act: Act, hex_id: str) -> int:
    return sum(1 for e in act.ctx.events if isinstance(e, BlockMove) and e.path == [None, hex_id])


def place(act: Act, order: Any) -> None:
    """Place this month's reinforcement in its arrival hex, if friendly-controlled and supplied, free and at full
    strength [BW L1198], [BW L1206], [BW L1214]; or rebuild an eliminated block at its weakest printed step,
    paying that step, in a supplied friendly Major City or Fortress of its nation, one a hex (two in a capital),
    armour only with a red factory, air and paratroops with a blue one, Marines with a white one [BW L1202-L1208]."""
    _after_disbanding(act)
    block_id = act.block(order.place, "place")
    at = act.hex(order.at, "at")
    block, state = act.scenario.blocks[block_id], act.game.blocks[block_id]
    board = act.board()
    act.require(state.hex is None, f"{block_id} is already on the map in {state.hex}", "L1198", "place")
    act.require(block.power not in act.game.armistices, f"{block.power} is out of the war by armistice: its units "
                "never return", "L852", "place")
    h = act.scenario.hexes[at]
    act.require(board.controller(at) == act.side, f"{at} is not controlled by the {act.side}: reinforcements do not "
                "arrive in enemy-controlled hexes", "L1214", "at")
    act.require(not board.blocks_at(at, board.enemy(act.side)), f"{at} holds enemy units", "L1214", "at")
    act.require(supply.supplied_at(board, at, block.power), f"{at} is not connected to a supply source of "
                f"{block.power}", "L1208", "at")
    due = arrival(act, block_id)
    if due is not None and due[0] >= act.game.turn:
        act.require(due[0] == act.game.turn, f"{block_id} arrives in turn {due[0]} "
                    f"({act.scenario.turns[due[0] - 1].month})", "L1198", "place")
        act.require(at == due[1], f"{block_id} arrives in {due[1]} (the turn track's hex), not {at}", "L1198", "at")
        strength = block.steps[0].value
        act.ctx.emit(BlockMove(block=block_id, path=[None, at]))
        act.ctx.emit(BlockUpdate(block=block_id, strength=strength, out_of_supply=False, moved=False, hits=0,
                                 revealed=act.game.options.get("fog_of_war") == "off", reason="reinforcement [BW L1198]"))
        act.note(f"{block_id} arrives in {at} as a reinforcement [BW L1198]")
        return
    act.require(h.city in PLACE_CITIES, f"{at} is not a Major City, Fortress or capital: rebuilt blocks enter there",
                "L1202", "at")
    act.require(h.nation == block.power, f"{at} is not in {block.power}: rebuilt blocks enter in their own nation",
                "L1202", "at")
    limit = 2 if h.city == "capital" else 1
    act.require(_placed_here(act, at) < limit, f"{at} takes at most {limit} new unit(s) a turn", "L1202", "at")
    factory = ("red" if block.unit in ARMOUR else "blue" if block.unit in AIR or block.unit == "paratroops"
               else "white" if block.unit == "marines" else None)
    if factory:
        act.require(getattr(h.production, factory) > 0, f"{block_id} ({block.unit}) is built only in a hex with a "
                    f"{factory} factory", "L1204", "at")
    step = block.steps[-1]
    act.require(step.colour != "blue", f"{block_id}'s last step is printed in blue: it is never rebuilt", "L1187", "place")
    cost = COST[step.colour] - ss_recruiting(act, block_id, COST[step.colour])
    act.pay(block.power, cost, f"rebuilding {block_id}", "L1184-L1187")
    act.ctx.emit(BlockMove(block=block_id, path=[None, at]))
    act.ctx.emit(BlockUpdate(block=block_id, strength=step.value, out_of_supply=False, moved=False, hits=0,
                             revealed=act.game.options.get("fog_of_war") == "off", reason="rebuilt [BW L1202]"))
    act.note(f"{block_id} rebuilt in {at} at {step.value} for {cost} PP [BW L1202]")


def ss_recruiting(act: Act, block_id: str, first_step: int) -> int:
    """AR 10.0, Munich, the SS recruiting centre (`elite_units`): SS units are rebuilt and repaired only while the
    hex marked `ss_centre` is German-controlled and connected to a German supply source ("è/funge da fonte di
    rifornimento"); from January 1943 one step a German Production phase is free for an SS unit, repair or rebuild
    [BW L1673-L1679]. Returns the PP the free step saves (the first step gained)."""
    block = act.scenario.blocks[block_id]
    if not block.ss or not rules.enabled(act.game, "elite_units"):
        return 0
    board = act.board()
    centres = [h for h, x in act.scenario.hexes.items() if x.ss_centre]
    act.require(bool(centres), f"{block_id} is an SS unit and the scenario marks no SS recruiting centre (Munich): SS "
                "units are rebuilt and repaired only through it", "L1673-L1678")
    act.require(any(board.controller(h) == act.side and supply.supplied_at(board, h, block.power) for h in centres),
                f"{block_id} is an SS unit: Munich ({', '.join(centres)}), the SS recruiting centre, is not German and "
                "a supply source, so no SS unit is rebuilt or repaired", "L1675-L1678")
    if act.scenario.turns[act.game.turn - 1].month < "1943-01" or act.game.ss_step_turn == act.game.turn:
        return 0
    act.ctx.emit(Spent(what="ss_step", turn=act.game.turn))
    act.note(f"{block_id}: the free SS step of this Production phase [BW L1679]")
    return first_step


def disband(act: Act, order: Any) -> None:
    """When production is over, a supplied block may be disbanded: off the map (rebuildable), +1 yellow PP for the
    next Production phase [BW L1222]; nothing more is bought in this phase."""
    block_id = act.block(order.disband, "disband")
    block, state = act.scenario.blocks[block_id], act.game.blocks[block_id]
    act.require(state.hex is not None, f"{block_id} is not on the map", "L1222", "disband")
    act.require(not state.out_of_supply, f"{block_id} is out of supply: only supplied units are disbanded", "L1222", "disband")
    act.ctx.emit(BlockMove(block=block_id, path=[state.hex, None]))
    act.ctx.emit(BlockUpdate(block=block_id, out_of_supply=False, revealed=False, moved=False,
                             hits=0 if state.hits else None, reason="disbanded [BW L1222]"))
    act.ctx.emit(Points(power=block.power, delta=1, reason=f"{DISBANDED} {block_id}: for the next Production phase [BW L1222]"))
    act.note(f"{block_id} disbanded: {block.power} gains 1 PP for the next Production phase [BW L1222]")
