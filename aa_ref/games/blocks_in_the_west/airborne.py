"""Airborne assault (advanced rule AR 23.0, option `airborne`) [BW L2268-L2288].

`- drop: de-para1` with `to: H22`, in the Movement phase [BW L2278]: a paratroops block whose power has infantry
TECH 2 or more [BW L2270] drops on a hex when all the conditions hold [BW L2274-L2278]: it began the turn
supplied (no out-of-supply marker), is at full strength, stands on an airfield (a supplied city of its side
[BW L578-L584]) and has not moved; an activated HQ gave the `airborne` action naming it (a supreme leader, or a
strategic air HQ: Hitler, Goering, Churchill, Harris, Dowding, Eisenhower [BW L2276]); the weather is good; the hex
is within 5 hexes (10 at infantry TECH 3 [BW L2286]) and "pulito": clear terrain, no Major City, fortress or
fortification. At infantry TECH 3 a hex with one such feature may be chosen at the cost of a hit on landing,
never one with two (a Major City in a forest) [BW L2286].

The paratroops land at once and may overstack that turn [BW L2284]. In a hex of enemy units they have attacked:
the battle is fought in the Combat phase (the passive side's reaction is its interception [BW L2278]); in its first
round they have 1 malus [BW L2284], and every hit the air-to-air and AA fire score on the attacker's air units
(the escort: air units flown to the hex) also hits the paratroops, which die at 0 [BW L2282]. Not played: the
surprise bonus against neutral powers [BW L2288] (neutrality is not modelled), reserves (OR 31.0).
"""

from __future__ import annotations

from typing import Any

from aa_ref.games.blocks_in_the_west import mediterranean as med
from aa_ref.games.blocks_in_the_west import hq, movement, neutrality, reserves, rules, supply
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import BlockMove, BlockUpdate, HqState
from aa_ref.games.blocks_in_the_west.hexes import MAJOR, ROUGH, hex_distance
from aa_ref.games.blocks_in_the_west.losses import eliminate, take_hits
from aa_ref.games.blocks_in_the_west.state import Battle
from aa_ref.core.names import natural_key

RANGE, TECH3_RANGE = 5, 10


def authorised_by(act: Act, block_id: str) -> str | None:
    for hq_id, activation in act.game.hq_active.items():
        if block_id in hq.named(activation, "airborne"):  # Casablanca: several [BW L2052]
            return hq_id
    return None


def difficulties(act: Act, hex_id: str) -> list[str]:
    """What makes a hex other than "pulito" [BW L2278], [BW L2286]."""
    h = act.scenario.hexes[hex_id]
    out = []
    if h.terrain in ROUGH:
        out.append(h.terrain)
    if h.city in MAJOR or h.city == "fortress":
        out.append(f"a {h.city} city")
    if h.fortification:
        out.append(f"a {h.fortification}")
    return out


def drop(act: Act, order: Any) -> None:
    """An airborne assault [BW L2268-L2288]."""
    game = act.game
    act.require(rules.enabled(game, "airborne"), "airborne assaults are an advanced rule: airborne is off (AR 23.0)",
                "L2268", "drop")
    para = act.block(order.drop, "drop")
    block, state = act.scenario.blocks[para], game.blocks[para]
    act.require(block.unit == "paratroops", f"{para} ({block.unit}) is not a paratroops unit", "L2270-L2272", "drop")
    level = act.scenario.powers[block.power].tech.get("infantry", 1)
    act.require(level >= 2, f"{block.power}'s infantry is at TECH {level}: paratroops drop from TECH 2", "L2270", "drop")
    act.require(state.hex is not None and not state.moved, f"{para} is not on the map or has already moved",
                "L2275", "drop")
    act.require(not state.out_of_supply, f"{para} did not begin the turn in supply", "L2275", "drop")
    problem = reserves.move_problem(game, para, "movement")  # OR 31.0: no move in the Movement phase [BW L2468]
    act.require(problem is None, problem or "", "L2468", "drop")
    act.require(state.strength == block.steps[0].value, f"{para} is not at full strength", "L2275", "drop")
    board = act.board()
    here = state.hex
    act.require(act.scenario.hexes[here].city is not None and board.controller(here) == act.side
                and supply.supplied_at(board, here, block.power),  # type: ignore[arg-type]
                f"{para} is not on an airfield (a supplied city of its side): {here}", "L2275", "drop")
    leader = authorised_by(act, para)
    act.require(leader is not None, f"no activated HQ gave the airborne action for {para} (a supreme leader's or a "
                "strategic air HQ's `actions: {airborne: " + para + "}`)", "L2276", "drop")
    to = act.hex(order.to, "to")
    act.require(med.weather(act, to) == "good", f"no airborne assault in {med.weather(act, to)} weather", "L2277",
                "drop")
    act.require(board.land(to), f"{to} is sea or a partial map-edge hex", "L2278", "to")
    if level == 2 and neutrality.surprised(act, to):
        level = 3  # "SURPRISE BONUS: Quando attaccano potenze neutrali ... TECH 2 Para Units agiscono come fossero a TECH 3"
        act.note(f"{to} is {neutrality.neutral_of(act, to)}'s, a neutral attacked for the first time: {para} drops as "
                 "at infantry TECH 3 (surprise) [BW L2288]")
    reach = TECH3_RANGE if level >= 3 else RANGE
    far = hex_distance(act, here, to)  # type: ignore[arg-type]
    act.require(far <= reach, f"{to} is {far} hexes from {here}: paratroops drop within {reach} (infantry TECH "
                f"{level})", "L2278" if level < 3 else "L2286", "to")
    hard = difficulties(act, to)
    if level < 3:
        act.require(not hard, f"{to} is not clear ({', '.join(hard)}): paratroops drop on clear hexes (TECH 3: one "
                    "such feature at the cost of a hit)", "L2278", "to")
    else:
        act.require(len(hard) < 2, f"{to} has {' and '.join(hard)}: never a drop on two difficult features", "L2286",
                    "to")
    act.ctx.emit(BlockMove(block=para, path=[here, to]))
    act.ctx.emit(BlockUpdate(block=para, moved=True))
    act.ctx.emit(HqState(dropped=sorted({*game.dropped, para}, key=natural_key)))
    act.note(f"{para} drops from {here} on {to} ({leader}'s action) [BW L2274-L2284]")
    if hard:
        take_hits(act, [para], 1, f"{para} lands on {', '.join(hard)} (TECH 3) [BW L2286]")
    if act.game.blocks[para].hex is not None and not board.blocks_at(to, board.enemy(act.side)):
        movement.capture(act, [to], act.scenario.blocks[para].power)


def escort_hits(act: Act, battle: Battle, count: int, what: str) -> None:
    """Hits on the attacker's air units in the first round also hit the paratroops dropped on the hex; at 0 they die
    [BW L2282]."""
    if not count or battle.round != 1 or not rules.enabled(act.game, "airborne"):
        return
    paras = [b for b in act.board().blocks_at(battle.hex, battle.attacker) if b in act.game.dropped]
    if not paras:
        return
    take_hits(act, paras, count, f"{what}: the paratroops' transport is hit [BW L2282]")
    for b in paras:
        if act.game.blocks[b].hex is not None and act.game.blocks[b].strength == 0:
            eliminate(act, b, "paratroops reduced to 0 die [BW L2282]")


def first_round_malus(act: Act, battle: Battle, block_id: str) -> int:
    """Paratroops have 1 malus in the first round of the battle they drop into [BW L2284]."""
    return 1 if battle.round == 1 and block_id in act.game.dropped and rules.enabled(act.game, "airborne") else 0
