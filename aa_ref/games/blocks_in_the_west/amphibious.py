"""Amphibious invasions, the first wave (advanced rule AR 24.0, option `amphibious`) [BW L2290-L2370].

`- land: gb-mar1` with `to: H11` in the Movement phase: a unit lands from the friendly port it stands in on a coastal
hex of a sea zone its port reaches. "L'invasione navale viene considerate come una specie di movimento navale"
[BW L2322]: it is ordered by an activated naval command's naval action naming the unit (`actions: {naval: BLOCK}`:
Churchill, Eisenhower... [BW L2296]), it follows a sea route like a naval move (`naval.route`, OR 18.0: sea zones of
one body of water, straits, cliffs) and rolls the interdiction roll for mines and U-boats [BW L2163-L2167].

Who [BW L2292-L2294], [BW L2313]: Marines (`unit: marines`) of a power at infantry TECH 2 or more land on a coastal hex
within 5 hexes of their port; regular infantry (`unit: infantry`) at TECH 2 only on a front-beach of their port (the
zone's `front_beaches`: Calais for Dover). All the conditions of 24.1 [BW L2315-L2320]: the unit began the turn in a
friendly port, supplied, at full strength, and has not moved; the weather is good; the target is not behind cliffs,
nor forest, mountain, hill or a Major City, nor a forbidden hex of 24.2 (a zone's `landing_bans`: Utrecht while Den
Haag and Amsterdam have forts, the hexes between St. Malo and Carentan while the Channel Islands hold a Festung
[BW L2332-L2336]); its enemy blocks, if any, are revealed (reconnaissance, OR 19.0, or an earlier combat). At
infantry TECH 3 Marines may land on one such forbidden feature (cliffs included) at the cost of 1 hit on landing,
never on two (Hamburg: cliffs and a Major City) [BW L2338]. Stacking applies (a Mulberry's overstacking is not
played).

An empty hex is taken at once; a hex of enemy units becomes a battle of the Combat phase. In its first round "le
unità del difensore riceveranno un Bonus e faranno fuoco per prima, mentre gli attaccanti per secondi ed avranno un
Malus" [BW L2324]: the landed units have 1 malus; the defending combat units 1 bonus; ground fire is already the
defender's first (BR 7.3).

Armour by sea in Exploitation (24.7) [BW L2364-L2366]: `- land_armour: gb-tank1` with `to: H01` in the Exploitation
phase of a player turn with a landing: a tank or mechanized unit in a friendly port, commanded by an armour HQ
activated in this Exploitation phase (up to its level: "un numero di carri pari ai livelli di AP"), goes by sea to a
beachhead (a coastal hex where a unit landed this turn stands, held by the side and free of enemy units: exploitation
enters no enemy hex [BW L1578]), with the route and interdiction roll of a naval move.

The passive side's air reacts in the Defender Reaction phase as to any battle (24.6: "gli aerei possono reagire
solo durante la Fase di Reazione dopo la prima ondata" [BW L2360]).

The naval commands' units (24.5): a supreme leader's naval action one unit (Eisenhower and Churchill after Casablanca,
13.8.4, one a naval action, up to their level, and a second wave); a
naval HQ's names (OR 18.0) up to its level at naval TECH 2, one at naval TECH 1, the Z Plan without limit, the Doenitz
Plan one invasion. Re-embarking
Marines after round 1 (24.1, `withdraw: {BLOCK: sea}`, `reembark`), supply by sea of a besieged coastal unit at naval
TECH 3 (24.4, the leader's `naval_supply` action), double-range invasions of TECH 3 Marines (24.8, `extra_ap`).

The second wave (24.5, `second_wave` after round 1, `land_second_wave`): a TECH 2 naval HQ's units in stand-by; the
defender's armour-only reaction to it (24.6) is `combat.second_wave`'s.

The surprise against neutrals (24.3) is `neutrality.py`'s: TECH 2 infantry landing on a neutral power's territory in
the turn it is first attacked acts as TECH 3 Marines.

Not played (the option stays refused): Mulberries (6.7).
"""

from __future__ import annotations

from typing import Any

from aa_ref.core.names import natural_key
from aa_ref.games.blocks_in_the_west import casablanca, damage, hq, movement, mulberry, naval, neutrality, rules, supply
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import BlockMove, BlockUpdate
from aa_ref.games.blocks_in_the_west.hexes import MAJOR, hex_distance
from aa_ref.games.blocks_in_the_west.losses import take_hits
from aa_ref.games.blocks_in_the_west.scenario import ARMOUR, GCU
from aa_ref.games.blocks_in_the_west.state import Battle

RANGE = 5
"""Marines land within 5 hexes of their port [BW L2298], [BW L2320]."""
MAX_TIMES = 4
"""Double, triple or quadruple range (24.8) [BW L2370]."""


def forbidden(act: Act, hex_id: str) -> list[str]:
    """What forbids a landing on a hex below infantry TECH 3: cliffs, forest, mountain, hill, a Major City
    [BW L2317]."""
    h = act.scenario.hexes[hex_id]
    out = []
    if any(hex_id in z.cliffs for z in act.scenario.sea_zones.values()):
        out.append("cliffs")
    if h.terrain in ("forest", "mountain", "hill"):
        out.append(h.terrain)
    if h.city in MAJOR:
        out.append("a Major City")
    out += banned(act, hex_id)
    return out


def banned(act: Act, hex_id: str) -> list[str]:
    """The 24.2 forbidden hexes in force on the hex [BW L2332-L2336]: a ban holds while each of its `forts` hexes holds
    a fort block, or its `festung` hex a Festung (a fort block at 7 or more)."""
    board = act.board()
    out = []
    for zone in act.scenario.sea_zones.values():
        for ban in zone.landing_bans:
            if hex_id not in ban.hexes:
                continue
            forts = bool(ban.forts) and all(any(board.block(b).unit == "fort" for b in board.blocks_at(h))
                                            for h in ban.forts)
            festung = ban.festung is not None and any(board.block(b).unit == "fort" and act.game.blocks[b].strength >= 7
                                                      for b in board.blocks_at(ban.festung))
            if forts:
                out.append(f"a forbidden hex while {' and '.join(ban.forts)} have forts (24.2)")
            elif festung:
                out.append(f"a forbidden hex while {ban.festung} holds a Festung (24.2)")
    return out


def closed(act: Act, port: str, field: str) -> None:
    """OR 32.2 (and a Mulberry's, BR 6.7.2): "1 colpo impedisce di usare il porto per lanciare invasioni anfibie e
    muovere da/verso di esso per 1 turno" [BW L2502], [BW L1128]."""
    act.require(not damage.port_closed(act.game, port, "moves"), f"{port} was bombed in the enemy's last Strategic "
                "Warfare phase: no invasion from it for a turn", "L2502", field)


def front_beach(act: Act, port: str, hex_id: str) -> bool:
    """The hex is a front-beach of the port [BW L2313]."""
    return any(hex_id in z.front_beaches.get(port, ()) for z in act.scenario.sea_zones.values())


def land(act: Act, order: Any) -> None:
    """The first wave of an amphibious invasion [BW L2290-L2324]."""
    game = act.game
    act.require(rules.enabled(game, "amphibious"), "amphibious invasions are an advanced rule: amphibious is off "
                "(AR 24.0)", "L2290", "land")
    block_id = act.block(order.land, "land")
    block, state = act.scenario.blocks[block_id], game.blocks[block_id]
    act.require(block.unit in ("marines", "infantry"), f"{block_id} ({block.unit}) does not land: Marines and "
                "regular infantry make amphibious invasions", "L2292", "land")
    level = act.scenario.powers[block.power].tech.get("infantry", 1)
    act.require(level >= 2, f"{block.power}'s infantry is at TECH {level}: amphibious invasions from TECH 2", "L2292",
                "land")
    act.require(state.hex is not None and not state.moved, f"{block_id} is not on the map or has already moved",
                "L2316", "land")
    leader = naval.naval_leader(game, block_id)
    act.require(rules.enabled(game, "hq_command") and leader is not None, f"no activated naval command gave the naval "
                f"action for {block_id} (`actions: {{naval: {block_id}}}`): an invasion begins by activating a naval "
                "command (Eisenhower, Churchill)", "L2296", "land")
    naval.plan_limit(act, leader, block_id, landing=True)  # type: ignore[arg-type]
    board = act.board()
    side = act.side
    port: str = state.hex  # type: ignore[assignment]
    act.require(mulberry.is_port(game, act.scenario, port) and board.controller(port) == side,
                f"{block_id} is in {port}, not in a friendly port: invading units begin their turn in one", "L2316",
                "land")
    closed(act, port, "land")
    act.require(not state.out_of_supply, f"{block_id} did not begin the turn in supply", "L2316", "land")
    act.require(state.strength == block.steps[0].value, f"{block_id} is not at full strength", "L2316", "land")
    act.require(game.weather == "good", f"no amphibious invasion in {game.weather} weather", "L2317", "land")
    to = act.hex(order.to, "to")
    act.require(board.land(to), f"{to} is sea or a partial map-edge hex", "L2292", "to")
    act.require(to != port, f"{block_id} is already in {to}", "L2292", "to")
    marines, level = neutrality.as_marines(act, block_id, to)  # AR 24.3: surprise against a neutral [BW L2342]
    if marines and block.unit == "infantry":
        act.note(f"{to} is {act.scenario.hexes[to].nation}'s, a neutral attacked this turn: {block_id} (infantry TECH 2) "
                 "lands as TECH 3 Marines (24.3) [BW L2342]")
    times = 1
    if marines:
        far = hex_distance(act, port, to)
        times = -(-far // RANGE)
        act.require(far <= RANGE or (level >= 3 and times <= MAX_TIMES), f"{to} is {far} hexes from {port}: Marines "
                    f"land within {RANGE}" + (f", at infantry TECH 3 within {RANGE * MAX_TIMES} (24.8)" if level >= 3
                                              else " (farther only at infantry TECH 3, 24.8)"),
                    "L2370" if level >= 3 else "L2320", "to")
        if times > 1:
            extra_ap(act, leader, times)  # type: ignore[arg-type]
    else:
        act.require(front_beach(act, port, to), f"{to} is not a front-beach of {port}: regular infantry lands only on "
                    "the beach in front of its port (Marines within 5 hexes)", "L2292", "to")
    hard = forbidden(act, to)
    if level < 3 or not marines:
        act.require(not hard, f"{to} has {' and '.join(hard)}: no landing there (at infantry TECH 3, Marines only, at "
                    "the cost of a hit)", "L2317", "to")
    else:
        act.require(len(hard) < 2, f"{to} has {' and '.join(hard)}: never a landing on two such features", "L2338",
                    "to")
    enemy = board.blocks_at(to, board.enemy(side))  # type: ignore[arg-type]
    hidden = [b for b in enemy if not game.blocks[b].revealed]
    act.require(not hidden, f"{to} holds enemy blocks not revealed: the target of an invasion must be revealed (air "
                "reconnaissance, OR 19.0)", "L2317", "to")
    problem = board.stacking_problem(to, [block_id])
    act.require(problem is None, problem or "", "L648-L656", "to")
    zones, lose = naval.route(act, port, to, side, order.via, landing=True)
    naval.axis_barred(act, zones, f"{block_id} landing on {to}")
    what = f"{block_id} lands from {port} on {to} by {', '.join(zones)}"
    naval.carried(act, block_id, port, to, landing=True)
    naval.spend(act, leader, block_id)  # type: ignore[arg-type]
    act.note(f"{what} ({leader}'s naval command) [BW L2290-L2322]")
    naval.crossing_costs(act, block_id, zones, lose, what)
    if game.blocks[block_id].hex is not None and hard:
        act.note(f"{block_id} lands on {' and '.join(hard)} (Marines at TECH 3): 1 hit [BW L2338]")
        take_hits(act, [block_id], 1, f"{block_id} lands on {' and '.join(hard)} (Marines at TECH 3) [BW L2338]")
    neutral = neutrality.neutral_of(act, to)
    if neutral is not None:
        neutrality.attack(act, {neutral})
    if game.blocks[block_id].hex is not None and not act.board().blocks_at(to, board.enemy(side)):  # type: ignore[arg-type]
        movement.capture(act, [to], block.power)


def extra_ap(act: Act, leader: str, times: int) -> None:
    """AR 24.8, double-range invasions: "possono essere tentate solo da Marines a Tech3 ed a doppia tripla quadrupla
    distanza costando rispettivamente 2/3/4 volte gli AP" [BW L2370]: the naval command spends `times - 1` AP beyond
    the one its naval action (a supreme leader's) or the unit's name (a naval HQ's) took; the Z Plan spends AP without
    limit [BW L1982]."""
    spare = naval.spare_ap(act, leader)
    level = act.game.hq_active[leader].level
    act.require(spare is None or spare >= times - 1, f"{leader} at level {level} has {spare} AP left: an invasion at "
                f"{times} times the range costs {times} AP (24.8)", "L2370", "to")
    naval.spend_ap(act, leader, times - 1)
    act.note(f"an invasion at {times} times the range: {times} AP of {leader} [BW L2370]")


def naval_supply(act: Act, order: Any) -> None:
    """AR 24.4, naval TECH 3: "sia Eisenhower che Churchill, quando il NAVY TECH 3 è raggiunto nel Gennaio '44,
    possono utilizzare uno dei loro AP per rifornire completamente 1 unità assediata in un esagono costiero"
    [BW L2346]: a supreme leader's action `naval_supply: BLOCK` (its power at naval TECH 3) names a unit besieged
    (AR 12.1) in a coastal hex; it is supplied this turn: its out-of-supply marker goes, so it moves at full MP, may
    attack and loses no step at the Final Supply Check."""
    block_id = getattr(order, "actions", {}).get("naval_supply")
    if block_id is None:
        return
    leader = order.activate
    power = act.scenario.blocks[leader].power
    level = act.scenario.powers[power].tech.get("naval", 1)
    act.require(level >= 3, f"{power}'s naval TECH is {level}: a supreme leader supplies a besieged unit by sea at "
                "naval TECH 3", "L2346", "actions")
    state = act.game.blocks[block_id]
    board = act.board()
    here: str = state.hex  # type: ignore[assignment]
    act.require(act.scenario.hexes[here].coastal, f"{block_id} is in {here}, not a coastal hex", "L2346", "actions")
    act.require(supply.besieged(board, block_id), f"{block_id} is not besieged (AR 12.1: in a port or its capital, "
                "completely surrounded)", "L2346", "actions")
    if state.out_of_supply:
        act.ctx.emit(BlockUpdate(block=block_id, out_of_supply=False, reason="supplied by sea (AR 24.4) [BW L2346]"))
    act.note(f"{leader} supplies the besieged {block_id} by sea (naval TECH 3) [BW L2346]")


def reembark(act: Act, battle: Battle, block_id: str) -> None:
    """AR 24.1: "I Marines possono re-imbarcarsi dopo il primo round di combattimento al costo di una nuova attivazione
    del comando navale. In questo caso l'unità perderà un ulteriore livello e sarà nuovamente soggetta ad i tiri di
    dado per l'interdizione" [BW L2326]. At the attacker's withdrawal after round 1 (`withdraw: {BLOCK: sea}`), Marines
    that landed there this turn sail back to their port of departure: 1 AP of an activated naval command of theirs
    (a supreme leader of their nation, or a naval HQ naming them), 1 step lost, the interdiction roll again."""
    game = act.game
    act.require(rules.enabled(game, "amphibious"), "re-embarking is AR 24.0's: amphibious is off", "L2326", "withdraw")
    block = act.scenario.blocks[block_id]
    marines = neutrality.as_marines(act, block_id, battle.hex)[0]  # AR 24.3 [BW L2342]
    act.require(marines and block_id in game.landed, f"{block_id} did not land this turn as Marines: "
                "only Marines re-embark after the first round", "L2326", "withdraw")
    act.require(battle.round == 1 and battle.stage == "attacker_withdrawal", "Marines re-embark after the first round "
                "of combat, at the attacker's withdrawal", "L2326", "withdraw")
    port = game.landed[block_id]
    board = act.board()
    side = board.side_of(block_id)
    enemy = board.enemy(side)  # type: ignore[arg-type]
    act.require(board.controller(port) == side and not board.blocks_at(port, enemy),
                f"{port}, the port {block_id} sailed from, is no longer friendly", "L2326", "withdraw")
    closed(act, port, "withdraw")
    problem = board.stacking_problem(port, [block_id])
    act.require(problem is None, problem or "", "L648-L656", "withdraw")
    leaders = [h for h, a in game.hq_active.items() if board.side_of(h) == side and (
        block_id in a.naval or (act.scenario.blocks[h].hq == "supreme" and act.scenario.blocks[h].power == block.power
                                and act.scenario.powers[block.power].major))]
    spare = [h for h in sorted(leaders) if (naval.spare_ap(act, h) or 0) > 0 or naval.spare_ap(act, h) is None]
    act.require(bool(spare), f"no activated naval command of {block_id} has an AP left to re-embark it (a new "
                "activation of the naval command)", "L2326", "withdraw")
    leader = spare[0]
    zones, lose = naval.route(act, port, battle.hex, side, None, landing=True)
    naval.spend_ap(act, leader, 1)
    what = f"{block_id} re-embarks from {battle.hex} to {port} by {', '.join(reversed(zones))}"
    act.ctx.emit(BlockMove(block=block_id, path=[battle.hex, port]))
    act.note(f"{what} ({leader}'s naval command, 1 AP) [BW L2326]")
    naval.lose_steps(act, block_id, 1 + lose, f"{what}: 1 step lost re-embarking [BW L2326]"
                     + (f" and {lose} at a strait [BW L1311]" if lose else ""))
    if game.blocks[block_id].hex is not None:
        naval.interdiction(act, block_id, list(reversed(zones)), what)


# --- AR 24.5 the second wave -------------------------------------------------------------------------------
def wave_command(act: Act, hq_id: str) -> bool:
    """A naval command that sends a second wave: "I Comandi Navali Tech2, invece, ma anche Churchill ed Eisenhower
    (dopo la conferenza di Casablanca), possono ... mettere delle GU in riserva" [BW L2352]; not a TECH 1 command nor
    the Doenitz Plan ("possono comandare solamente 1 invasione" [BW L2350]). A supreme leader only as Eisenhower or
    Churchill with the Casablanca conference in force (13.8.4, `casablanca.leader`)."""
    if casablanca.leader(act.scenario, act.game, hq_id):
        return True
    block = act.scenario.blocks[hq_id]
    if block.hq != "naval" or block.naval_plan == "doenitz":
        return False
    return act.scenario.powers[block.power].tech.get("naval", 1) >= 2


def standby(act: Act, battle: Battle) -> list[str]:
    """The attacker's units in stand-by for the invaded hex: named by an activated naval command that sends a second
    wave (a naval HQ's units, or the naval actions Eisenhower or Churchill gave after Casablanca and has not used), on
    the map, not moved this turn [BW L2352-L2354]."""
    game = act.game
    out = {b for h, a in game.hq_active.items() if wave_command(act, h) for b in [*a.naval, *hq.named(a, "naval")]
           if game.blocks[b].hex is not None and not game.blocks[b].moved and b not in game.shipped}
    return sorted(out, key=natural_key)


def second_wave_due(act: Act, battle: Battle) -> bool:
    """After round 1 of an invasion battle, the attacker may send the second wave [BW L2302-L2304]."""
    return battle.round == 1 and invaded(act, battle) and bool(standby(act, battle))


def cleared(act: Act, battle: Battle) -> bool:
    """The beach is cleared: no defending unit left in the hex, air units included [BW L1122], [BW L2302]."""
    board = act.board()
    return not board.blocks_at(battle.hex, board.enemy(battle.attacker))


def land_second_wave(act: Act, battle: Battle, block_id: str) -> None:
    """One unit of the second wave goes by sea to the invaded hex: "se la spiaggia è stata ripulita, l'attaccante
    può ... inviare la fanteria, artiglieria carri in riserva per rinforzare la spiaggia ... Se la spiaggia non è
    stata ripulita al primo round, soltanto atri Marines possono esser inviati durante la seconda ondata"
    [BW L2302-L2304]; "Essi devono comunque essere in posizione front-beach o in un porto entro raggio 5" [BW L2354]:
    Marines from a port within 5 hexes, the others from the port whose front-beach it is; the conditions of 24.1
    (a friendly port, supplied, full strength, good weather); the route and interdiction roll of a naval move; the
    stacking limits (a Mulberry's overstacking is not played)."""
    game = act.game
    act.require(block_id in standby(act, battle), f"{block_id} is not in stand-by for the second wave: a TECH 2 naval "
                "command names it at its activation (a supreme leader's naval actions only Churchill's and Eisenhower's after "
                "Casablanca, 13.8.4)", "L2352", "second_wave")
    block, state = act.scenario.blocks[block_id], game.blocks[block_id]
    beach = cleared(act, battle)
    marines = neutrality.as_marines(act, block_id, battle.hex)[0]  # AR 24.3 [BW L2342]
    if beach:
        act.require(block.unit in (*GCU, "artillery") and block.unit not in ("static", "fort"), f"{block_id} "
                    f"({block.unit}) does not land: infantry, artillery and armour reinforce a cleared beach", "L2302",
                    "second_wave")
    else:
        act.require(marines, f"{block_id} ({block.unit}) does not land: the beach at {battle.hex} was "
                    "not cleared in the first round, only Marines go in the second wave", "L2304", "second_wave")
    board = act.board()
    side = battle.attacker
    port: str = state.hex  # type: ignore[assignment]
    act.require(mulberry.is_port(game, act.scenario, port) and board.controller(port) == side,
                f"{block_id} is in {port}, not in a friendly port", "L2316", "second_wave")
    closed(act, port, "second_wave")
    act.require(not state.out_of_supply, f"{block_id} did not begin the turn in supply", "L2316", "second_wave")
    act.require(state.strength == block.steps[0].value, f"{block_id} is not at full strength", "L2316",
                "second_wave")
    act.require(game.weather == "good", f"no amphibious invasion in {game.weather} weather", "L2317", "second_wave")
    if marines:
        far = hex_distance(act, port, battle.hex)
        act.require(far <= RANGE, f"{battle.hex} is {far} hexes from {port}: the second wave comes from a port within "
                    f"{RANGE}", "L2354", "second_wave")
    else:
        act.require(front_beach(act, port, battle.hex), f"{battle.hex} is not a front-beach of {port}: the second "
                    "wave's infantry, artillery and armour land on the beach in front of their port", "L2354",
                    "second_wave")
    problem = board.stacking_problem(battle.hex, [block_id])
    act.require(problem is None, problem or "", "L648-L656", "second_wave")
    zones, lose = naval.route(act, port, battle.hex, side, None, landing=True)
    naval.axis_barred(act, zones, f"{block_id} landing on {battle.hex}")
    what = f"{block_id} lands in the second wave from {port} on {battle.hex} by {', '.join(zones)}"
    naval.carried(act, block_id, port, battle.hex, landing=True)
    naval.spend(act, naval.naval_leader(game, block_id), block_id)  # type: ignore[arg-type]
    act.note(f"{what} [BW L2302], [BW L2352]")
    naval.crossing_costs(act, block_id, zones, lose, what)


def beachheads(act: Act) -> set[str]:
    """The hexes where units landed this player turn stand."""
    return {act.game.blocks[b].hex for b in act.game.landed if act.game.blocks[b].hex is not None}  # type: ignore[misc]


def land_armour(act: Act, order: Any) -> None:
    """AR 24.7: armour shipped to a beachhead in the Exploitation phase that follows an invasion [BW L2364-L2366]."""
    game = act.game
    act.require(rules.enabled(game, "amphibious"), "amphibious invasions are an advanced rule: amphibious is off "
                "(AR 24.0)", "L2290", "land_armour")
    block_id = act.block(order.land_armour, "land_armour")
    block, state = act.scenario.blocks[block_id], game.blocks[block_id]
    act.require(block.unit in ARMOUR, f"{block_id} ({block.unit}) is not armour: an armour HQ ships tanks in "
                "Exploitation", "L2366", "land_armour")
    act.require(bool(game.landed), "no amphibious invasion this turn: armour goes by sea in the Exploitation phase "
                "that follows one", "L2366", "land_armour")
    leader = next((h for h, a in game.hq_active.items() if a.phase == "exploitation" and block_id in a.commands
                   and act.scenario.blocks[h].hq == "armour"), None)
    act.require(leader is not None, f"{block_id} is not commanded by an armour HQ activated in this Exploitation "
                "phase (\"un Comando Carri può essere attivato\")", "L2366", "land_armour")
    act.require(state.hex is not None and block_id not in game.shipped, f"{block_id} is not on the map or has already "
                "gone by sea this turn", "L2366", "land_armour")
    board = act.board()
    side = act.side
    port: str = state.hex  # type: ignore[assignment]
    act.require(mulberry.is_port(game, act.scenario, port) and board.controller(port) == side,
                f"{block_id} is in {port}, not in a friendly port", "L2366", "land_armour")
    closed(act, port, "land_armour")
    to = act.hex(order.to, "to")
    act.require(to in beachheads(act) and board.controller(to) == side
                and not board.blocks_at(to, board.enemy(side)),  # type: ignore[arg-type]
                f"{to} is not a beachhead of this turn held by the {side} and free of enemy units (exploiting armour "
                "enters no enemy hex)", "L2366", "to")
    problem = board.stacking_problem(to, [block_id])
    act.require(problem is None, problem or "", "L648-L656", "to")
    zones, lose = naval.route(act, port, to, side, order.via, landing=True)
    naval.axis_barred(act, zones, f"{block_id} to the beachhead {to}")
    what = f"{block_id} goes by sea from {port} to the beachhead {to} by {', '.join(zones)}"
    naval.carried(act, block_id, port, to)
    act.note(f"{what} ({leader}'s command) [BW L2366]")
    naval.crossing_costs(act, block_id, zones, lose, what)


def invaded(act: Act, battle: Battle) -> bool:
    """An amphibious battle: units landed this turn attack the hex [BW L2324]."""
    return rules.enabled(act.game, "amphibious") and any(
        b in act.game.landed for b in act.board().blocks_at(battle.hex, battle.attacker))


def first_round_malus(act: Act, battle: Battle, block_id: str) -> int:
    """The landed units have 1 malus in the first round [BW L2324]."""
    return 1 if battle.round == 1 and block_id in act.game.landed and rules.enabled(act.game, "amphibious") else 0


def first_round_bonus(act: Act, battle: Battle, block_id: str) -> int:
    """The defending combat units have 1 bonus in the first round of an invasion [BW L2324]."""
    if battle.round != 1 or act.scenario.blocks[block_id].unit not in GCU:
        return 0
    return 1 if invaded(act, battle) else 0
