"""Naval movement (optional rule OR 18.0, option `naval_movement`) [BW L2153-L2212].

"Non ci sono unità navali in BITW (eccetto per I 4 uboot dell'asse). Comunque, entrambi I giocatori possono muovere le
loro Gus e AUs via mare da un porto amico ad un altro" [BW L2155]: `- ship: gb-inf1` with `to: H01` (and, if the player
wants one route rather than the referee's, `via: [channel, north_sea]`) in the Movement phase moves a ground or air
unit from the friendly port it stands in to another friendly port. "Solo il SL ed il Comando Navale possono comandare
movimenti tramite azioni speciali" [BW L2159]: an activated supreme leader's `actions: {naval: BLOCK}` [BW L1926], or
an activated naval HQ (`hq: naval`, the OKM) naming the unit, under the Z Plan without limit, under the Doenitz Plan
one naval move and one invasion a turn [BW L1976-L1990] (so naval movement needs AR 13.0, `hq_command`).

The route is a chain of the scenario's sea zones (`sea_zones`), each adjacent to the next, from a zone washing the
departure port to one washing the destination: within one body of water ("nella stessa zona di mare"), never through
an inland port or a strait unless the side controls all its coastal hexes [BW L2155], [BW L1313]; the Calais Strait
passed without Dover and Calais costs the shipped unit 2 steps instead [BW L1311]. Cliffs forbid naval action
[BW L2066]. Without `via` the referee takes the route that loses fewest steps, then passes fewest zones that call for
an interdiction roll, then fewest zones.

Interdiction (18.1) [BW L2163-L2167]: a shipment through a zone "containing enemy units" rolls 1 die for the unit:
1-3 it arrives; 4-5 it arrives one step down (digest A52: one step); 6 it is sunk with the transport. A zone calls
for the roll when it is mined, when an enemy naval unit is at sea in it, or when the enemy controls its body of water
(1 major or 2 minor ports of it [BW L548], [BW L2201]: the flotillas "infesting" every zone [BW L2163]). Exceptions:
the Axis in the Baltic rolls for no Baltic zone unless the Allies hold both Riga and Tallinn (hexes of those names)
[BW L2173]; from April 1944 (Operation Maple [BW L2185-L2195]) the Axis makes no naval movement in the Atlantic,
Allied shipments roll for no mined zone (the Axis "cannot roll mine-sub dice in the Channel"), and an Allied
shipment rolling only for Atlantic zones is hit only on a 6 (one step, digest A52). After Italy's surrender (18.1.2,
with OR 36.0) [BW L2175-L2181] the same in the Mediterranean: the Axis's die hits Allied shipments only on a 6, its
ports there supply the Axis nothing by sea, and the Axis makes no naval movement there.

Resources (18.2) roll one die a PP shipped through such zones (`shipping_losses`); the Atlantic convoy war (18.2.1) is
OR 35.2's U-boat attack, played by `convoys.attack` under either option.
"""

from __future__ import annotations

import heapq
from typing import Any

from aa_ref.core.dice import Volley
from aa_ref.core.names import natural_key
from aa_ref.games.blocks_in_the_west import damage, hq, mulberry, rules
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.board import Board
from aa_ref.games.blocks_in_the_west.events import BlockMove, BlockUpdate, ColouredPoints, HqState, NavalState, Points
from aa_ref.games.blocks_in_the_west.losses import eliminate, rotate
from aa_ref.games.blocks_in_the_west.scenario import AIR, NAVAL, Scenario
from aa_ref.games.blocks_in_the_west.state import Game, Side

MAPLE = "1944-04"
"""Operation Maple, from April 1944 [BW L2185-L2195]."""
BALTIC_KEYS = ("Riga", "Tallinn")
"""The Axis Baltic exemption ends when the Soviet Union holds both (combined maps) [BW L2173]."""


def month(act: Act) -> str:
    return act.scenario.turns[act.game.turn - 1].month


def maple(act: Act) -> bool:
    """Operation Maple is in force (April 1944 on) [BW L2185]."""
    return month(act) >= MAPLE


def enemy_of(side: str) -> Side:
    return "allies" if side == "axis" else "axis"


def controls_all(board: Board, hexes: list[str], side: str) -> bool:
    return all(board.controller(h) == side for h in hexes)


def body_controlled(board: Board, body: str, side: str) -> bool:
    """A side controls a body of water when it controls at least 1 major port or 2 minor ports on it [BW L548]."""
    scenario = board.scenario
    ports = {h for z in scenario.sea_zones.values() if z.body == body for h in (*z.coast, *z.inland_ports)
             if mulberry.is_port(board.game, scenario, h) and board.controller(h) == side}
    major = [p for p in ports if mulberry.kind(board.game, scenario, p) == "major"]  # a Mulberry: major [BW L1126]
    return bool(major) or len(ports) >= 2


def baltic_exempt(board: Board) -> bool:
    """The Axis is exempt from interdiction in the Baltic unless the Allies hold Riga and Tallinn [BW L2173]."""
    keys = [board.scenario.hex_names.get(name) for name in BALTIC_KEYS]
    return not (all(keys) and all(board.controller(k) == "allies" for k in keys))  # type: ignore[arg-type]


def dangers(act: Act, zone_id: str, side: str) -> bool:
    """Whether a shipment of `side` through the zone rolls for interdiction [BW L2163-L2195]."""
    board = act.board()
    zone = act.scenario.sea_zones[zone_id]
    if side == "axis" and zone.body == "baltic" and baltic_exempt(board):
        return False
    if zone.mined and not (side == "allies" and maple(act)):
        return True
    enemy = enemy_of(side)
    if any(at == zone_id and act.scenario.powers[act.scenario.blocks[b].power].side == enemy
           for b, at in act.game.naval.items() if act.game.blocks[b].strength > 0):
        return True
    return body_controlled(board, zone.body, enemy)


def strait_guards(scenario: Scenario, a: str, b: str) -> tuple[list[str] | None, int]:
    """The hexes guarding the passage between adjacent zones a and b (None: no strait) and the steps lost passing it
    without them (0: refused)."""
    za, zb = scenario.sea_zones[a], scenario.sea_zones[b]
    guards = za.straits.get(b, zb.straits.get(a))
    lose = za.straits_lose.get(b, zb.straits_lose.get(a, 0))
    return guards, lose


def passage(act: Act, a: str, b: str, side: str) -> tuple[str | None, int]:
    """Why a shipment cannot pass from zone a to adjacent zone b (None: it can) and the steps it loses doing so."""
    scenario = act.scenario
    guards, lose = strait_guards(scenario, a, b)
    if guards is not None and not controls_all(act.board(), guards, side):
        if lose:
            return None, lose
        return (f"the strait between {a} and {b}: the {side} do not control all of {', '.join(guards)}",  0)
    if guards is None and scenario.sea_zones[a].body != scenario.sea_zones[b].body:
        return (f"{a} ({scenario.sea_zones[a].body}) and {b} ({scenario.sea_zones[b].body}) are different bodies of "
                "water: a shipment stays in one", 0)
    return None, 0


def zones_of_port(act: Act, port: str, side: str) -> tuple[list[str], str | None]:
    """The zones a shipment may use at a port, or why none: the port must be washed by a zone, not behind cliffs, and
    an inland port needs its marked hexes [BW L1313], [BW L2066]."""
    scenario = act.scenario
    zones = list(scenario.zones_of.get(port, ()))
    if not zones:
        return [], f"no sea zone washes {port}: it is no sea port"
    if any(port in scenario.sea_zones[z].cliffs for z in zones):
        return [], f"{port} is behind cliffs: cliffs forbid any naval action [BW L2066]"
    if frozen(act.board(), port):
        return [], f"{port} is frozen (a white-anchor port in snow): no naval movement from or to it [BW L1622-L1624]"
    usable = []
    why = None
    for z in zones:
        guards = scenario.sea_zones[z].inland_ports.get(port)
        if guards is not None and not controls_all(act.board(), guards, side):
            why = (f"{port} is an inland port: to use it the {side} must control {', '.join(guards)} (they do not) "
                   "[BW L1313]")
            continue
        usable.append(z)
    return usable, (None if usable else why)


def route(act: Act, start: str, end: str, side: str, via: list[str] | None,
          landing: bool = False) -> tuple[list[str], int]:
    """The zones a shipment from port `start` to port `end` (`landing`: to the coastal hex `end`, AR 24.0) passes and
    the steps it loses at straits; Illegal if no route is allowed [BW L2155], [BW L1311]."""
    scenario = act.scenario
    first, why = zones_of_port(act, start, side)
    act.require(not why, why or "", "L2155", "ship")
    if landing:
        last = [z for z, zone in scenario.sea_zones.items() if end in zone.coast]
        act.require(bool(last), f"no sea zone washes {end}: a landing is made on a coastal hex", "L2292", "to")
    else:
        last, why = zones_of_port(act, end, side)
        act.require(not why, why or "", "L2155", "to")
    if via is not None:
        for i, z in enumerate(via):
            act.require(z in scenario.sea_zones, f"via: unknown sea zone '{z}'", "L2155", "via")
        act.require(bool(via) and via[0] in first, f"{via[0] if via else 'via'} does not wash {start}: the route "
                    f"begins in a zone of the port ({', '.join(first)})", "L2155", "via")
        act.require(via[-1] in last, f"{via[-1]} does not wash {end}: the route ends in a zone of the port "
                    f"({', '.join(last)})", "L2155", "via")
        lose = 0
        for a, b in zip(via, via[1:]):
            act.require(b in scenario.sea_zones[a].adjacent, f"{b} is not adjacent to {a}", "L2155", "via")
            problem, steps = passage(act, a, b, side)
            act.require(problem is None, f"{problem}: a shipment crosses a strait only if the side controls all its "
                        "coastal hexes" if problem and "strait" in problem else problem or "", "L2155", "via")
            lose += steps
        return list(via), lose
    found = search(act, first, last, side)
    act.require(found is not None, f"no sea route joins {start} to {end}: a shipment stays in one body of water and "
                "crosses a strait or reaches an inland port only if its side controls all their coastal hexes", "L2155",
                "to")
    return found  # type: ignore[return-value]


def search(act: Act, first: list[str], last: list[str], side: str) -> tuple[list[str], int] | None:
    """The route from a zone of `first` to one of `last` losing fewest steps, then rolling in fewest zones, then the
    shortest; None if there is none."""
    scenario = act.scenario
    heap = [(0, int(dangers(act, z, side)), 1, [z]) for z in sorted(first, key=natural_key)]
    heapq.heapify(heap)
    done: set[str] = set()
    while heap:
        lose, danger, length, path = heapq.heappop(heap)
        here = path[-1]
        if here in done:
            continue
        done.add(here)
        if here in last:
            return path, lose
        for nxt in sorted(scenario.sea_zones[here].adjacent, key=natural_key):
            if nxt in done or nxt not in scenario.sea_zones:
                continue
            problem, steps = passage(act, here, nxt, side)
            if problem is None:
                heapq.heappush(heap, (lose + steps, danger + int(dangers(act, nxt, side)), length + 1, [*path, nxt]))
    return None


# --- OR 18.2 resource shipping ---------------------------------------------------------------------------------
def exposed_line(act: Act, a: str, b: str) -> list[str]:
    """The zones of the route of a blue sea line (ports a and b) where the active side's PP roll for mines and
    U-boats (18.2) [BW L2199-L2205]: the 18.1 zones (`dangers`, with the limits of 18.1.1 and 18.1.3), but none for a
    line whose port is behind cliffs ("Le rotte navali blu negli scogli non sono influenzate" [BW L1771]) and none
    in the Atlantic for the Allies, whose convoys there are the convoy war's (18.2.1, OR 35.0) [BW L2207-L2210]."""
    scenario, side = act.scenario, act.side
    first, last = list(scenario.zones_of.get(a, ())), list(scenario.zones_of.get(b, ()))
    if not first or not last or any(p in z.cliffs for z in scenario.sea_zones.values() for p in (a, b)):
        return []
    found = search(act, first, last, side)
    if found is None:
        return []
    return [z for z in found[0] if dangers(act, z, side)
            and not (side == "allies" and scenario.sea_zones[z].body == "atlantic")]


def shipping_losses(act: Act, colour: str, received: dict[str, int], income_of: Any) -> None:
    """OR 18.2: the PP that reach their power only by a blue sea line through waters where the enemy rolls, 1 die each:
    1-5 it arrives, 6 it is lost [BW L2199-L2205]. Rolled as the income is received, in the Production phase (the
    text's "durante la Guerra strategica navale" is the Strategic Warfare phase just before: the PP shipped are known
    only as the income is counted, and nothing between the two phases changes them).
    `income_of(act, colour)` is `production.income_of`; the PP shipped are the income less the income without the
    exposed lines."""
    if not rules.enabled(act.game, "naval_movement") or not act.scenario.sea_zones:
        return
    exposed = [line for line in act.scenario.sea_lines if exposed_line(act, *line.between)]
    if not exposed:
        return
    safe = act.scenario.model_copy(update={"sea_lines": [x for x in act.scenario.sea_lines if x not in exposed]})
    without = income_of(Act(act.ctx, safe, act.side), colour)
    for power, amount in received.items():
        shipped = amount - without.get(power, 0)
        if shipped <= 0:
            continue
        dice = act.roll(f"shipping/{power}/{colour}", shipped, Volley(
            f"{power}'s {colour} PP shipped by sea ({', '.join('-'.join(x.between) for x in exposed)})",
            ((f"{shipped} PP: 6 lost", shipped),)))
        lost = dice.count(6)
        act.note(f"{power}'s {shipped} {colour} PP by sea: {dice}, {lost} lost [BW L2203-L2205]")
        if lost:
            if colour == "yellow":
                act.ctx.emit(Points(power=power, delta=-lost, reason="PP lost at sea [BW L2205]"))
            else:
                act.ctx.emit(ColouredPoints(power=power, colour=colour, delta=-lost,  # type: ignore[arg-type]
                                            reason="PP lost at sea [BW L2205]"))


def frozen(board: Board, port: str) -> bool:
    """A white-anchor port in snow: frozen, closed to naval movement, PP shipping and supply [BW L592],
    [BW L1622-L1626]."""
    return board.game.weather == "snow" and any(port in z.frozen_in_snow for z in board.scenario.sea_zones.values())


def closed_to_supply(board: Board, side: str, port: str) -> bool:
    """A port that is no supply source under these rules: frozen in snow (AR 9.0, `advanced_weather`) [BW L1626];
    under OR 18.0, from April 1944 (Operation Maple) an Atlantic port for the Axis ("non possono usare nessuno dei porti
    dell'Atlantico come fonte di rifornimento" [BW L2192])."""
    if rules.enabled(board.game, "advanced_weather") and frozen(board, port):
        return True
    if side != "axis" or not rules.enabled(board.game, "naval_movement"):
        return False
    bodies = {board.scenario.sea_zones[z].body for z in board.scenario.zones_of.get(port, ())}
    if "mediterranean" in bodies and rules.enabled(board.game, "italian_surrender") and board.game.italy_surrendered:
        return True  # 18.1.2 "I porti non possono essere usati come fonte di rifornimento" [BW L2180]
    return board.scenario.turns[board.game.turn - 1].month >= MAPLE and "atlantic" in bodies


def naval_leader(game: Game, block_id: str) -> str | None:
    """The activated HQ whose naval action names the block [BW L1926], or the activated naval HQ that names it
    [BW L2159]."""
    for hq_id, activation in game.hq_active.items():
        if block_id in hq.named(activation, "naval") or block_id in activation.naval:
            return hq_id
    return None


def spare_ap(act: Act, hq_id: str) -> int | None:
    """The AP an activated naval command has not spent (None: without limit, the Z Plan [BW L1982]): a supreme
    leader's level less its actions named and spent; a naval HQ's level less its units named and the AP its
    double-range invasions and re-embarkations took (half efficiency out of supply [BW L1863])."""
    activation = act.game.hq_active[hq_id]
    if act.scenario.blocks[hq_id].naval_plan == "z_plan":
        return None
    level = max(1, activation.level // 2) if activation.out_of_supply else activation.level
    named = len(activation.naval) if activation.naval else len(activation.actions)
    return level - named - activation.naval_ap


def spend_ap(act: Act, hq_id: str, count: int) -> None:
    """`count` more AP of the naval command spent (AR 24.1, 24.8)."""
    if not count or spare_ap(act, hq_id) is None:
        return
    active = {k: v.model_copy(deep=True) for k, v in act.game.hq_active.items()}
    active[hq_id].naval_ap += count
    act.ctx.emit(HqState(active=active))


def plan_limit(act: Act, hq_id: str, block_id: str, landing: bool) -> None:
    """The Doenitz Plan: "non può lanciare più di 1 invasione anfibia a turno ed effettuare più di 1 movimento
    navale" [BW L1990]: of its units, one is shipped and one lands."""
    if act.scenario.blocks[hq_id].naval_plan != "doenitz":
        return
    game = act.game
    others = [b for b in game.hq_active[hq_id].naval if b != block_id
              and (b in game.landed if landing else b in game.shipped and b not in game.landed)]
    act.require(not others, f"{hq_id} follows the Doenitz Plan: at most 1 {'invasion' if landing else 'naval move'} "
                f"a turn ({others[0] if others else ''} {'landed' if landing else 'was shipped'})", "L1990",
                "land" if landing else "ship")


def italy_out(act: Act) -> bool:
    """Italy has surrendered (OR 36.0, option `italian_surrender`): 18.1.2 applies [BW L2175-L2181]."""
    return rules.enabled(act.game, "italian_surrender") and bool(act.game.italy_surrendered)


def axis_barred(act: Act, zones: list[str], what: str) -> None:
    """The Axis's naval moves forbidden: in the Atlantic from April 1944 (Operation Maple, "non possono effettuare
    movimenti navali" [BW L2193]) and in the Mediterranean after Italy's surrender ("Non sono permessi movimenti
    navali" [BW L2181]); an invasion is "una specie di movimento navale" [BW L2322], so it is barred too."""
    if act.side != "axis":
        return
    bodies = {act.scenario.sea_zones[z].body for z in zones}
    if maple(act):
        act.require("atlantic" not in bodies, f"Operation Maple (from April 1944): the Axis makes no naval movement in "
                    f"the Atlantic ({what})", "L2193", "to")
    if italy_out(act):
        act.require("mediterranean" not in bodies, "Italy has surrendered: the Axis makes no naval movement in the "
                    f"Mediterranean ({what}) (18.1.2)", "L2181", "to")


def hits_only_on_six(act: Act, zone_id: str) -> bool:
    """Where the Axis's mine and U-boat die hits an Allied shipment only on a 6: the Atlantic from April 1944
    [BW L2191], the Mediterranean after Italy's surrender ("Il tiro di dado per Mine/Uboot è ridotto al 6 per
    colpire" [BW L2179]; the list is the Axis's, as Maple's: its dice against the Allies')."""
    if act.side != "allies":
        return False
    body = act.scenario.sea_zones[zone_id].body
    return (body == "atlantic" and maple(act)) or (body == "mediterranean" and italy_out(act))


def lose_steps(act: Act, block_id: str, count: int, why: str) -> None:
    """The block drops `count` printed steps (each a rotation, whatever its shield); past its last it is eliminated
    [BW L1466], [BW L1474]."""
    for _ in range(count):
        state = act.game.blocks[block_id]
        if state.hex is None:
            return
        after = rotate(act, block_id, state.strength)
        if after is None or (after == 0 and not act.scenario.blocks[block_id].min_zero):
            eliminate(act, block_id, why)
            return
        act.ctx.emit(BlockUpdate(block=block_id, strength=after, hits=0, reason=why))
        act.note(f"{why}: {block_id} drops to {after}")


def interdiction(act: Act, block_id: str, zones: list[str], what: str) -> None:
    """The roll for mines and U-boats of a unit shipped through `zones` [BW L2163-L2167], [BW L2191]."""
    side = act.side
    rolling = [z for z in zones if dangers(act, z, side)]
    if not rolling:
        act.note(f"{what}: no zone of the route calls for an interdiction roll [BW L2163]")
        return
    only_six = all(hits_only_on_six(act, z) for z in rolling)
    die = act.roll(f"interdiction/{block_id}", 1, Volley(
        f"{block_id} shipped through {', '.join(rolling)}: interdiction for mines and U-boats",
        (("1-3 arrives, 4-5 one step lost, 6 sunk" if not only_six else "6: one step lost", 1),)))[0]
    if only_six:
        if die == 6:
            lose_steps(act, block_id, 1, f"{what}: die 6, the transport is hit ({why_six(act, rolling)}: hits only "
                                         "on a 6)")
        else:
            act.note(f"{what}: die {die}, it arrives ({why_six(act, rolling)}: the Axis hits only on a 6)")
    elif die <= 3:
        act.note(f"{what}: die {die}, it arrives [BW L2165]")
    elif die <= 5:
        lose_steps(act, block_id, 1, f"{what}: die {die}, the transport is damaged by mines or U-boats: 1 step lost "
                                     "[BW L2166]")
    else:
        eliminate(act, block_id, f"{what}: die 6, the transport is sunk with the unit [BW L2167]")


def why_six(act: Act, zones: list[str]) -> str:
    """The rule that reduces the Axis's die to a 6 on these zones, cited."""
    bodies = {act.scenario.sea_zones[z].body for z in zones}
    out = []
    if "atlantic" in bodies:
        out.append("Operation Maple [BW L2191]")
    if "mediterranean" in bodies:
        out.append("Italy has surrendered [BW L2179]")
    return " and ".join(out)


def ship(act: Act, order: Any) -> None:
    """A ground or air unit shipped from a friendly port to another [BW L2155-L2167]."""
    game = act.game
    act.require(rules.enabled(game, "naval_movement"), "naval movement is an optional rule: naval_movement is off "
                "(OR 18.0)", "L2153", "ship")
    block_id = act.block(order.ship, "ship")
    block, state = act.scenario.blocks[block_id], game.blocks[block_id]
    act.require(block.unit not in ("fort", *NAVAL), f"{block_id} ({block.unit}) is not shipped: ground and air units "
                "are (forts never move)", "L2155", "ship")
    act.require(state.hex is not None and not state.moved, f"{block_id} is not on the map or has already moved",
                "L2155", "ship")
    leader = naval_leader(game, block_id)
    act.require(rules.enabled(game, "hq_command") and leader is not None, f"no activated HQ gave the naval action for "
                f"{block_id}: only supreme leaders and naval HQs order naval movement, as a special action "
                f"(`actions: {{naval: {block_id}}}`)", "L2159", "ship")
    act.require(block_id not in game.shipped, f"{block_id} has already been shipped this turn", "L1919", "ship")
    board = act.board()
    start: str = state.hex  # type: ignore[assignment]
    to = act.hex(order.to, "to")
    side = act.side
    act.require(mulberry.is_port(game, act.scenario, start) and board.controller(start) == side,
                f"{block_id} is in {start}, not in a friendly port: a shipment sails from a friendly port", "L2155",
                "ship")
    act.require(to != start, f"{block_id} is already in {to}", "L2155", "to")
    for h in (start, to):
        act.require(not damage.port_closed(game, h, "moves"), f"{h} was bombed last turn: no move from or to it for "
                    "a turn", "L2502", "to" if h == to else "ship")
    act.require(mulberry.is_port(game, act.scenario, to) and board.controller(to) == side
                and not board.blocks_at(to, board.enemy(side)),  # type: ignore[arg-type]
                f"{to} is not a friendly port: a shipment lands in a port of its side, free of enemy units", "L2155",
                "to")
    if block.unit in AIR:
        act.require(act.scenario.hexes[to].city is not None, f"{to} is no airfield (a city): an air unit is based at "
                    "one", "L578-L584", "to")
        act.require(not [b for b in board.blocks_at(to, side) if board.block(b).unit in AIR],
                    f"{to} already bases an air unit: at most 1 an airfield", "L584", "to")
    else:
        problem = board.stacking_problem(to, [block_id])
        act.require(problem is None, problem or "", "L648-L656", "to")
    zones, lose = route(act, start, to, side, order.via)
    axis_barred(act, zones, f"{block_id} to {to}")
    plan_limit(act, leader, block_id, landing=False)  # type: ignore[arg-type]
    what = f"{block_id} shipped from {start} to {to} by {', '.join(zones)}"
    carried(act, block_id, start, to)
    spend(act, leader, block_id)  # type: ignore[arg-type]
    act.note(f"{what} ({leader}'s naval action) [BW L2155]")
    crossing_costs(act, block_id, zones, lose, what)


def carried(act: Act, block_id: str, start: str, to: str, landing: bool = False) -> None:
    """The unit goes by sea from `start` to `to`: moved for this turn, shipped (it moves once by sea a turn); a landing
    also records the port it sailed from (AR 24.0's re-embarkation and beachheads)."""
    game = act.game
    act.ctx.emit(BlockMove(block=block_id, path=[start, to]))
    act.ctx.emit(BlockUpdate(block=block_id, moved=True))
    shipped = sorted({*game.shipped, block_id}, key=natural_key)
    if landing:
        landed = dict(sorted({**game.landed, block_id: start}.items(), key=lambda kv: natural_key(kv[0])))
        act.ctx.emit(NavalState(shipped=shipped, landed=landed))
    else:
        act.ctx.emit(NavalState(shipped=shipped))


def crossing_costs(act: Act, block_id: str, zones: list[str], lose: int, what: str) -> None:
    """What a unit's crossing costs once it is made: `lose` steps for a strait passed without control of its coasts
    [BW L1311], then, if it is still afloat, the interdiction roll of the waters it crossed [BW L2163-L2165]."""
    if lose:
        lose_steps(act, block_id, lose, f"{what}: a strait passed without control of its coasts, {lose} steps lost "
                                        "[BW L1311]")
    if act.game.blocks[block_id].hex is not None:
        interdiction(act, block_id, zones, what)


def spend(act: Act, hq_id: str, block_id: str) -> None:
    """The naval action given to the block is used (a naval HQ's units stay named: each moves once, `shipped`); a
    supreme leader's AP spent on it is counted in `naval_ap` (Eisenhower and Churchill, after Casablanca, may have
    named several [BW L2052])."""
    if block_id not in hq.named(act.game.hq_active[hq_id], "naval"):
        return
    active = {k: v.model_copy(deep=True) for k, v in act.game.hq_active.items()}
    active[hq_id] = hq.spent(active[hq_id], "naval", block_id)
    active[hq_id].naval_ap += 1  # the AP stays spent (AR 24.1's re-embarkation and 24.8 count a leader's AP)
    act.ctx.emit(HqState(active=active))


def new_player_turn(act: Act) -> None:
    """A new player turn: nothing shipped or landed yet."""
    if act.game.shipped or act.game.landed:
        act.ctx.emit(NavalState(shipped=[], landed={}))
