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

from aa_ref.games.blocks_in_the_west import (
    damage, factories, free_france, italy, lend_lease, naval, partisans, resources, rules, supply, withheld,
)
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import BlockMove, BlockUpdate, ColouredPoints, MulberryState, Points, Spent
from aa_ref.games.blocks_in_the_west.scenario import AIR, ARMOUR, NAVAL, Block, Scenario, unit_colour

COST = {"black": 1, "white": 2, "red": 3}
"""PP to gain a printed step, by the colour of its number; blue numbers are never rebuilt [BW L1184-L1187]."""
PLACE_CITIES = ("capital", "major", "fortress")
"""Reinforcements and rebuilt blocks enter in a Major City or Fortress of their nation (a capital is a Major City)
[BW L1202], [BW L567]."""
DISBANDED = "disbanded"
COLOURS = ("red", "blue", "white", "black")
"""The coloured PP of AR 11.0: armour, air, naval, oil [BW L1683]."""
MOTORIZED = ("motorized", "motorized_cavalry")
"""Motorized infantry (and motorized cavalry, motorized infantry +1 MP [BW L1013]): its first and last step count as
armour and also cost red PP [BW L1703]."""
DISCARD_TIES = ("black", "white", "blue", "red")
"""Unpaired coloured PP are discarded from the colour held most; ties in this order (docs/bitw-rulings.md)."""


def step_price(block: Block, index: int, advanced: bool) -> dict[str, int]:
    """What gaining the printed step `index` costs, by colour: the step's cost in yellow [BW L1184-L1187]; under AR
    11.0 as many PP of the class's colour again, and red too on a motorized unit's first and last step (the British
    13th: 2 yellow 2 white 2 red for its white first step [BW L1703], [BW L1709-L1714]; digest A43: white 2, red 3)."""
    n = COST[block.steps[index].colour]
    price = {"yellow": n}
    if advanced:
        colour = unit_colour(block.unit)
        if colour:
            price[colour] = n
        if block.unit in MOTORIZED and index in (0, len(block.steps) - 1):
            price["red"] = n
    return price


def stored_colours(scenario: Scenario) -> dict[str, dict[str, int]]:
    """The coloured PP the scenario's powers store at the start (AR 11.0)."""
    out = {}
    for power in scenario.pp:
        stored = scenario.stored_pp(power)
        held = {c: getattr(stored, c) for c in COLOURS if getattr(stored, c)}
        if held:
            out[power] = held
    return out


def pay_steps(act: Act, block_id: str, indices: list[int], reason: str, rule: str) -> str:
    """Pay for the printed steps `indices` of the block, yellow and (AR 11.0) coloured PP; the price in words."""
    block = act.scenario.blocks[block_id]
    advanced = rules.enabled(act.game, "advanced_production")
    total: dict[str, int] = {"yellow": 0}
    for i in indices:
        for colour, n in step_price(block, i, advanced).items():
            total[colour] = total.get(colour, 0) + n
    words = str(total["yellow"]) if len(total) == 1 else ", ".join(f"{n} {c}" for c, n in total.items())
    power = free_france.payer(act, block_id, total["yellow"])  # Free France: the USA pays [BW L954]
    lent = lend_lease.share(act, power, total)  # OR 34.0: Lend-Lease PP need no yellow [BW L2542]
    held = act.game.coloured_pp.get(power, {})
    short = [f"{n} {c} (it has {held.get(c, 0)})" for c, n in total.items() if c != "yellow" and held.get(c, 0) < n]
    act.require(not short, f"{reason} costs {words} PP, but {power} lacks " + ", ".join(short)
                + " [BW L1691-L1703]", "L1691-L1703")
    act.pay(power, total["yellow"], reason, rule)
    for colour, n in total.items():
        if colour != "yellow" and n:
            act.ctx.emit(ColouredPoints(power=power, colour=colour, delta=-n, reason=reason))  # type: ignore[arg-type]
    lend_lease.spend(act, lent, reason)
    return words


def income_of(act: Act, colour: str = "yellow") -> dict[str, int]:
    """Each power of the active side -> the PP of `colour` its supplied, controlled centres give this turn (coloured
    PP under AR 11.0: a centre supplied by rail to the main source [BW L1758]; captured ones only to Germany
    [BW L1760])."""
    scenario, side = act.scenario, act.side
    board = act.board()
    axis_leader = supply.receiving_power(scenario, "axis")
    out = {p: 0 for p, x in scenario.powers.items() if x.side == side}
    exploit = act.game.options.get("captured_income", "axis") == "axis"
    for hex_id, h in scenario.hexes.items():
        if not resources.output(act.game, scenario, hex_id, colour) or board.controller(hex_id) != side:
            continue
        if h.nation in scenario.powers and scenario.powers[h.nation].side == side:
            power: str | None = h.nation
        elif h.nation in scenario.powers and rules.enabled(act.game, "captured_resources"):  # OR 16.2 [BW L2137]
            power = resources.exploiter(scenario, side) if exploit else None
        elif h.nation in scenario.powers:  # captured from the enemy
            power = axis_leader if side == "axis" and exploit else None
        else:
            power = supply.receiving_power(scenario, side)
        power = italy.income_power(act.game, scenario, h.nation, power, colour)  # OR 36.0 [BW L2564]
        if power is not None and supply.supplied_at(board, hex_id, power) \
                and partisans.transports(act, hex_id, power):  # OR 29.0 [BW L2455], [BW L1762]
            out[power] += resources.output(act.game, scenario, hex_id, colour)
    return out


def collect_income(act: Act) -> None:
    """The Production phase begins: the active side's powers receive their income [BW L1182], [BW L598-L600]."""
    free_france.income(act)  # Paris liberated: 3 PP to Free France [BW L957]
    received = income_of(act)
    for power, amount in received.items():
        amount = damage.income_after_losses(act, power, "yellow", amount)  # OR 32.1, OR 26.0 [BW L2498], [BW L2388]
        if amount:
            act.ctx.emit(Points(power=power, delta=amount, reason="income [BW L1182]"))
            act.note(f"{power} receives {amount} PP [BW L1182]")
    naval.shipping_losses(act, "yellow", received, income_of)  # OR 18.2: PP shipped by sea [BW L2203]
    if rules.enabled(act.game, "advanced_production"):
        _coloured_income(act)
    damage.income_collected(act)


def _coloured_income(act: Act) -> None:
    for colour in COLOURS:  # AR 11.0 [BW L1683], [BW L1716-L1760]
        received = income_of(act, colour)
        for power, amount in received.items():
            amount = damage.income_after_losses(act, power, colour, amount)
            if amount:
                act.ctx.emit(ColouredPoints(power=power, colour=colour, delta=amount,  # type: ignore[arg-type]
                                            reason="income [BW L1758]"))
                act.note(f"{power} receives {amount} {colour} PP [BW L1716-L1758]")
        naval.shipping_losses(act, colour, received, income_of)


def end_production(act: Act) -> None:
    """The end of the Production phase under AR 11.0: each coloured PP is saved only if paired with a yellow PP; the
    rest are discarded [BW L1756] (from the colour held most, ties in `DISCARD_TIES` order: the referee cannot ask)."""
    if not rules.enabled(act.game, "advanced_production"):
        return
    for power, x in act.scenario.powers.items():
        if x.side != act.side:
            continue
        held = dict(act.game.coloured_pp.get(power, {}))
        excess = sum(held.values()) - act.game.pp.get(power, 0)
        lost: dict[str, int] = {}
        while excess > 0:
            colour = max(DISCARD_TIES, key=lambda c: (held.get(c, 0), -DISCARD_TIES.index(c)))
            held[colour] -= 1
            lost[colour] = lost.get(colour, 0) + 1
            excess -= 1
        for colour, n in lost.items():
            act.ctx.emit(ColouredPoints(power=power, colour=colour, delta=-n,  # type: ignore[arg-type]
                                        reason="unpaired with yellow at the end of production [BW L1756]"))
        if lost:
            act.note(f"{power} discards " + ", ".join(f"{n} {c}" for c, n in lost.items())
                     + " PP: coloured PP are saved only paired 1:1 with yellow PP [BW L1756]")


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


def by_sea_cap(act: Act, block_id: str, steps: list[int]) -> None:
    """BR 6.7.3 (played with AR 24.0, `amphibious`, where Mulberries exist): "I porti ed i mulberry ... limitano anche
    il numero di PP che possono essere trasportati sul continente e quindi essere spesi nella fase produttiva"
    [BW L1135]: the PP (every colour) spent in a Production phase repairing units supplied only through ports and
    Mulberries stay within what those carry (`supply.sea_capacity`)."""
    if not rules.enabled(act.game, "amphibious"):
        return
    board = act.board()
    if not supply.by_sea_only(board, block_id):
        return
    block = act.scenario.blocks[block_id]
    advanced = rules.enabled(act.game, "advanced_production")
    cost = sum(n for i in steps for n in step_price(block, i, advanced).values())
    cap = supply.sea_capacity(board, act.side)
    spent = act.game.pp_by_sea
    act.require(spent + cost <= cap, f"repairing {block_id} (supplied only by sea) costs {cost} PP: the {act.side}' "
                f"ports and Mulberries carry {cap} PP to the continent a turn, {spent} already spent", "L1135",
                "repair")
    act.ctx.emit(MulberryState(pp_by_sea=spent + cost))


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
    steps = list(range(at - order.steps, at))
    if ss_recruiting(act, block_id):
        steps = steps[:-1]  # the first step gained is the free SS step [BW L1679]
    by_sea_cap(act, block_id, steps)  # BR 6.7.3, with AR 24.0 [BW L1135]
    cost = pay_steps(act, block_id, steps, f"repairing {block_id} by {order.steps} step(s)", "L1184-L1187")
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
    strength [BW L1198], [BW L1206], [BW L1214]; a withheld reinforcement of an earlier month free, in its arrival
    hex or where a rebuilt block could enter (`withheld`, BR 7.3.3 [BW L1218]); or rebuild an eliminated block at its
    weakest printed step, paying that step, in a supplied friendly Major City or Fortress of its nation, one a hex (two in a capital),
    armour only with a red factory, air and paratroops with a blue one, Marines with a white one [BW L1202-L1208]."""
    _after_disbanding(act)
    block_id = act.block(order.place, "place")
    at = act.hex(order.at, "at")
    block, state = act.scenario.blocks[block_id], act.game.blocks[block_id]
    board = act.board()
    act.require(state.hex is None, f"{block_id} is already on the map in {state.hex}", "L1198", "place")
    act.require(block.unit not in NAVAL and block_id not in act.game.naval, f"{block_id} is a naval unit: U-boats "
                "are not built or rebuilt on the map (OR 35.0 convoy war)", "L961", "place")
    act.require(block.power not in act.game.armistices, f"{block.power} is out of the war by armistice: its units "
                "never return" if block.power not in act.game.morale else f"{block.power} left the war (its morale "
                "track reached its limit [BW L2046]): its units never return", "L852", "place")
    free_france.check_exists(act, block_id, "place")  # [BW L854]
    italy.check_place(act, block_id)  # OR 36.0 / 36.1 [BW L2564], [BW L2576-L2578]
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
    late = withheld.withheld(act.scenario, act.game, block_id)
    if late and due is not None and at == due[1]:
        withheld.arrive(act, block_id, at)  # BR 7.3.3: in its arrival hex, free [BW L1218]
        return
    act.require(h.city in PLACE_CITIES, f"{at} is not a Major City, Fortress or capital: rebuilt blocks enter there",
                "L1202", "at")
    act.require(h.nation == block.power or at == free_france.liberated(act.scenario, act.game, block.power),
                f"{at} is not in {block.power}: rebuilt blocks enter in their own nation", "L1202", "at")
    limit = 2 if h.city == "capital" else 1
    act.require(_placed_here(act, at) < limit, f"{at} takes at most {limit} new unit(s) a turn", "L1202", "at")
    factory = ("red" if block.unit in ARMOUR else "blue" if block.unit in AIR or block.unit == "paratroops"
               else "white" if block.unit == "marines" else None)
    minor_axis_capital = (rules.enabled(act.game, "advanced_production") and not act.scenario.powers[block.power].major
                          and act.scenario.powers[block.power].side == "axis"
                          and act.scenario.powers[block.power].capital == at and factory in ("red", "blue"))
    if factory and not minor_axis_capital:  # AR 11.0: minor Axis powers build armour and air in their capital [BW L1754]
        act.require(getattr(h.production, factory) > 0 or factories.added(act.game, act.scenario, at, factory) > 0,
                    f"{block_id} ({block.unit}) is built only in a hex with a "
                    f"{factory} factory", "L1204", "at")
        act.require(resources.output(act.game, act.scenario, at, factory) > 0, f"{block_id} ({block.unit}) is built "
                    f"only in a hex with a {factory} factory, and {at}'s was destroyed when the enemy captured it "
                    "(OR 16.1)", "L2129", "at")
    if late:
        withheld.arrive(act, block_id, at)  # BR 7.3.3: where a new unit of its nation enters, free [BW L1218]
        return
    step = block.steps[-1]
    act.require(step.colour != "blue", f"{block_id}'s last step is printed in blue: it is never rebuilt", "L1187", "place")
    free = ss_recruiting(act, block_id)
    cost = pay_steps(act, block_id, [] if free else [len(block.steps) - 1], f"rebuilding {block_id}", "L1184-L1187")
    act.ctx.emit(BlockMove(block=block_id, path=[None, at]))
    act.ctx.emit(BlockUpdate(block=block_id, strength=step.value, out_of_supply=False, moved=False, hits=0,
                             revealed=act.game.options.get("fog_of_war") == "off", reason="rebuilt [BW L1202]"))
    act.note(f"{block_id} rebuilt in {at} at {step.value} for {cost} PP [BW L1202]")


def ss_recruiting(act: Act, block_id: str) -> bool:
    """AR 10.0, Munich, the SS recruiting centre (`elite_units`): SS units are rebuilt and repaired only while the
    hex marked `ss_centre` is German-controlled and connected to a German supply source ("è/funge da fonte di
    rifornimento"); from January 1943 one step a German Production phase is free for an SS unit, repair or rebuild
    [BW L1673-L1679]. True when this phase's free step goes to the block (the first step it gains)."""
    block = act.scenario.blocks[block_id]
    if not block.ss or not rules.enabled(act.game, "elite_units"):
        return False
    board = act.board()
    centres = [h for h, x in act.scenario.hexes.items() if x.ss_centre]
    act.require(bool(centres), f"{block_id} is an SS unit and the scenario marks no SS recruiting centre (Munich): SS "
                "units are rebuilt and repaired only through it", "L1673-L1678")
    act.require(any(board.controller(h) == act.side and supply.supplied_at(board, h, block.power) for h in centres),
                f"{block_id} is an SS unit: Munich ({', '.join(centres)}), the SS recruiting centre, is not German and "
                "a supply source, so no SS unit is rebuilt or repaired", "L1675-L1678")
    if act.scenario.turns[act.game.turn - 1].month < "1943-01" or act.game.ss_step_turn == act.game.turn:
        return False
    act.ctx.emit(Spent(what="ss_step", turn=act.game.turn))
    act.note(f"{block_id}: the free SS step of this Production phase [BW L1679]")
    return True


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
