"""OR 32.0 strategic bombing (`strategic_bombing`) [BW L2475-L2508].

"SOLAMENTE durante la Fase di guerra Strategica, il giocatore passivo può attivare i propri Comandi per muovere i
bombardieri (non i caccia) compiere missioni per bombardamenti su bersagli specifici a sua scelta e può aggiungere i
caccia come scorta" [BW L2477]. Digest A22: the active player bombs in his own Strategic Warfare phase (`bomb`), the
passive player intercepts and fires AA ([BW L2479], [BW L2490]).

* A mission: bombers (bomber or strategic bomber, TECH 2 or more: "il bombardiere con almeno Tech2 può attaccare solo
  infrastrutture strategiche" [BW L2488]) and fighter escorts, supplied, with strength, within range of the target
  hex, an enemy-controlled hex; each flies one mission a phase. Under AR 13.0 each is commanded by an activated HQ:
  an air HQ, a strategic air HQ or a minor power's supreme leader, activated in this phase ([BW L2481-L2486]; the
  named leaders K, Italy only, and R, France only, need the named-leader data the scenario model lacks).
* The target: a factory or centre of one colour (`production`), a port, a city's railway station (`rail`: "Ogni
  città ha una stazione ferroviaria" [BW L2506]), or a station of the British radar chain (`radar`, with AR 13.8's
  chain under `hq_command`: "Ogni bombardamento riuscito danneggia la stazione radar" [BW L2036]; one hit is a
  success, digest A49; out of service until `repair_radar`).
* The defender: "Il difensore può reagire come di consueta, attivando i suoi comandi ed inviando i propri caccia ad
  intercettare. I caccia nello stesso esagono bombardato si alzano in volo per fare scramble senza attivazione di
  comando" [BW L2479]: the game waits for the passive side's `intercept` (fighters within range, as a Defender
  Reaction: under AR 13.0 commanded by an air HQ it may activate then); its fighters in the target hex scramble.
* One round of air-to-air fire (both sides at once, as in battle [BW L1340-L1352]), then the defender's AA "in base al
  suo livello Tech delle fanterie: TECH 1: 3 dadi, colpiscono al 6 TECH 2: 6 dadi, colpiscono al 6 TECH 3: 6 dadi,
  colpiscono al 5&6" [BW L2490-L2492] (the target's owner's infantry TECH; TECH 0 half of TECH 1's dice). The escorts
  take the hits of enemy fighters and AA first ("prendersi I colpi da caccia nemici e/o AA" [BW L2479]).
* The bombing: the surviving bombers fire at their air-to-ground FP; "Al liv. Tech2&3 non vi sono Malus per i
  bombardieri strategici, mentre i normali bombardieri a tech2 vengono dimezzati" [BW L2488].
* Weather: "il tempo influenza il combattimento aria-aria, l'AA, ma non il bombardamento strategico degli Alleati (non
  sono dimezzati con la neve e volano con la pioggia)" [BW L2508]: fighters do not fly in rain, Axis bombers neither
  ([BW L1618]); snow and light rain are 1 malus to air-to-air fire and to the Axis bombers, rain, snow and light rain
  1 malus to the AA.
* Effects: 32.1 each hit on a factory, population centre or mine takes 1 PP of its colour off its owner's next income
  (at most the target's output), "10 colpi sulla stessa fabbrica la distruggono permanentemente" [BW L2498] (within
  one phase: targets not destroyed "sono automaticamente riparati ... alla fine della fase" [BW L2494]); 32.2 a port
  hit once is closed to moves and invasions, three times to supply, "per 1 turno" [BW L2502]; 32.3 each hit on a
  station takes one rail move off its owner's next SRM phase, and no rail move passes the hex [BW L2506]. Digest A23:
  the port and station damage lasts "1 turn", until the bombing side's next Strategic Warfare phase.
"""

from __future__ import annotations

from typing import Any

from aa_ref.core.names import natural_key
from aa_ref.games.blocks_in_the_west import hq, modifiers, mulberry, resources, rules, supply
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.damage import PORT_SUPPLY, port_closed, station_closed
from aa_ref.games.blocks_in_the_west.events import BlockUpdate, FactoriesDestroyed, RadarStation, SetPending, Warfare
from aa_ref.games.blocks_in_the_west.firepower import Shooter, fire
from aa_ref.games.blocks_in_the_west.hexes import hex_distance
from aa_ref.games.blocks_in_the_west.losses import take_hits
from aa_ref.games.blocks_in_the_west.state import Damage, Decision, Game, Mission, Side
from aa_ref.games.blocks_in_the_west.tech_chart import tech

BOMBERS = ("bomber", "strategic_bomber")
COLOURS = ("yellow", "red", "blue", "white", "black")
AA = {1: (3, 6), 2: (6, 6), 3: (6, 5)}
"""The defender's AA by its infantry TECH: dice, lowest hitting face [BW L2490-L2492]."""
FACTORY_HITS = 10
"""Hits in one phase that destroy a factory for good [BW L2498]."""
SKY = ("snow", "light_rain")


__all__ = ["bomb", "intercept", "port_closed", "station_closed", "repaired"]


def on(game: Game) -> bool:
    return rules.enabled(game, "strategic_bombing")


def other(side: Side) -> Side:
    return "allies" if side == "axis" else "axis"


# --- what bombs leave behind, read by other rules ------------------------------------------------------------
def repaired(act: Act) -> None:
    """The active side's Strategic Warfare phase begins: what its bombers damaged in its last one is repaired (a
    turn has passed) [BW L2494], [BW L2502-L2506]; its bombers may fly again."""
    game = act.game
    keep = {h: d for h, d in game.bomb_damage.items() if d.by != act.side}
    if keep != game.bomb_damage:
        act.ctx.emit(Warfare(bomb_damage=keep))
        act.note(f"the targets {act.side}' bombers damaged a turn ago are repaired [BW L2494]")
    if game.bombers_flown:
        act.ctx.emit(Warfare(bombers_flown=[]))


# --- the mission ---------------------------------------------------------------------------------------------
def owner(act: Act, hex_id: str) -> str:
    """The power whose production and rail moves a hex's bombs cost: its nation's, when a power of the side
    controlling it, else that side's first power (`supply.receiving_power`)."""
    side = act.game.control[hex_id]
    nation = act.scenario.hexes[hex_id].nation
    if nation in act.scenario.powers and act.scenario.powers[nation].side == side:
        return nation  # type: ignore[return-value]
    return supply.receiving_power(act.scenario, side)  # type: ignore[arg-type]


def air_range(act: Act, block_id: str) -> int:
    values, _ = tech(act, block_id)
    return values.mp if values else 0


def level(act: Act, block_id: str) -> int:
    block = act.scenario.blocks[block_id]
    return act.scenario.powers[block.power].tech.get(block.unit, 1)


def fly_problem(act: Act, block_id: str, to: str) -> str | None:
    """Why an air block cannot fly to the target hex `to`: off the map, at 0, out of supply [BW L790], beyond its
    range, already flown this phase, not commanded under AR 13.0 [BW L1861]."""
    state = act.game.blocks[block_id]
    if state.hex is None:
        return f"{block_id} is not on the map"
    if state.strength <= 0:
        return f"{block_id} is at strength 0"
    if state.out_of_supply:
        return f"{block_id} is out of supply: it cannot fly [BW L790]"
    distance, reach = hex_distance(act, state.hex, to), air_range(act, block_id)
    if distance > reach:
        return f"{to} is {distance} hexes from {block_id} at {state.hex}: its range is {reach} [BW L1271]"
    if block_id in act.game.bombers_flown:
        return f"{block_id} has already flown a mission in this Strategic Warfare phase"
    return hq.air_refusal(act, block_id, "fly a bombing mission (activate an air HQ in the Strategic Warfare phase "
                                         "first) [BW L2481-L2486]")


def target_of(act: Act, order: Any, hex_id: str) -> str | None:
    """The colour bombed (production), after checking the target exists in the hex [BW L2496-L2506]."""
    h = act.scenario.hexes[hex_id]
    act.require(order.colour is None or order.target == "production", "colour goes with target: production",
                "L2496", "colour")
    if order.target == "port":
        act.require(h.port is not None, f"{hex_id} has no port", "L2500", "target")
        return None
    if order.target == "mulberry":  # BR 6.7.2 [BW L1126-L1133]
        act.require(hex_id in act.game.mulberries, f"{hex_id} has no Mulberry", "L1126", "target")
        return None
    if order.target == "radar":
        act.require(rules.enabled(act.game, "hq_command") and h.radar, f"{hex_id} has no radar station of the radar "
                    "chain (played with hq_command)", "L2036", "target")
        act.require(hex_id not in act.game.radar_down, f"the radar station of {hex_id} is already out of service",
                    "L2036", "target")
        return None
    if order.target == "rail":
        act.require(h.city is not None, f"{hex_id} is not a city: every city, and only a city, has a railway "
                    "station", "L2506", "target")
        return None
    colours = [c for c in COLOURS if resources.output(act.game, act.scenario, hex_id, c)]
    act.require(bool(colours), f"{hex_id} has no factory, population centre or mine producing", "L2496", "target")
    colour = order.colour or (colours[0] if len(colours) == 1 else None)
    act.require(colour is not None, f"{hex_id} produces {', '.join(colours)}: name the colour bombed (colour)",
                "L2496", "colour")
    act.require(colour in colours, f"{hex_id} produces no {colour} PP (it produces {', '.join(colours)})", "L2496",
                "colour")
    return colour


def bomb(act: Act, order: Any) -> None:
    """The active side's bombing mission [BW L2477-L2479]: checked, revealed, then the passive side's interception is
    waited for, or the mission is flown at once."""
    game = act.game
    act.require(on(game), "OR 32.0 strategic bombing is not in play (option strategic_bombing)", "L2475", "bomb")
    hex_id = act.hex(order.bomb, "bomb")
    enemy = other(act.side)
    act.require(game.control.get(hex_id) == enemy, f"{hex_id} is not an enemy hex: bombers strike the enemy's "
                "factories, ports and railways", "L2477", "bomb")
    colour = target_of(act, order, hex_id)
    bombers = [act.block(b, "bombers") for b in order.bombers]
    escorts = [act.block(b, "escorts") for b in order.escorts]
    act.require(len(set(bombers + escorts)) == len(bombers) + len(escorts), "a block is named twice", "L2477",
                "bombers")
    allied = act.side == "allies"
    for b in bombers:
        unit = act.scenario.blocks[b].unit
        act.require(unit in BOMBERS, f"{b} ({unit}) is not a bomber: only bombers fly bombing missions, fighters "
                    "escort them", "L2477", "bombers")
        act.require(level(act, b) >= 2, f"{b} is a TECH {level(act, b)} bomber: strategic targets need TECH 2 or "
                    "more", "L2488", "bombers")
        act.require(allied or game.weather != "rain", f"{b} cannot fly in rain: only the Allies' strategic bombers "
                    "fly in rain", "L2508", "bombers")
        problem = fly_problem(act, b, hex_id)
        act.require(problem is None, problem or "", "L2477", "bombers")
    for b in escorts:
        unit = act.scenario.blocks[b].unit
        act.require(unit == "fighter", f"{b} ({unit}) is not a fighter: escorts are fighters", "L2479", "escorts")
        act.require(game.weather != "rain", f"{b} cannot fly in rain: the weather grounds fighters", "L2508",
                    "escorts")
        problem = fly_problem(act, b, hex_id)
        act.require(problem is None, problem or "", "L2479", "escorts")
    mission = Mission(hex=hex_id, target=order.target, colour=colour, bombers=bombers, escorts=escorts)  # type: ignore[arg-type]
    reveal(act, bombers + escorts)
    flown = sorted({*game.bombers_flown, *bombers, *escorts}, key=natural_key)
    act.ctx.emit(Warfare(set_mission=True, mission=mission, bombers_flown=flown))
    what = f"{colour} production" if colour else order.target
    act.note(f"{act.side} bomb the {what} of {hex_id} with {', '.join(bombers)}"
             + (f", escorted by {', '.join(escorts)}" if escorts else "") + " [BW L2477]")
    able = interceptors(act, mission)
    if able:
        act.ctx.emit(SetPending(pending=[Decision(
            power=enemy, kind="interception", space=hex_id, detail=f"bombers over {hex_id} ({', '.join(bombers)}"
            + (f", escorts {', '.join(escorts)}" if escorts else "") + "): fighters to intercept (intercept: [] sends "
            "none) [BW L2479]" + (" (advanced rules: activate an air HQ first, naming them [BW L1851])"
                                  if hq.on(game) else ""))]))
        return
    fly(act, [])


def reveal(act: Act, blocks: list[str]) -> None:
    for b in blocks:
        if not act.game.blocks[b].revealed:
            act.ctx.emit(BlockUpdate(block=b, revealed=True, reason="blocks that fight are revealed [BW L732-L734]"))


def interceptors(act: Act, mission: Mission) -> list[str]:
    """The passive side's fighters that may intercept: not in the target hex (they scramble), with strength,
    supplied, within range; none in rain; under AR 13.0 commanded or commandable by an air HQ [BW L2479]."""
    if act.game.weather == "rain":
        return []
    passive = other(act.game.power)
    board = act.board()
    out = []
    for block_id, state in act.game.blocks.items():
        if state.hex is None or state.hex == mission.hex or board.side_of(block_id) != passive:
            continue
        if act.scenario.blocks[block_id].unit != "fighter" or state.strength <= 0 or state.out_of_supply:
            continue
        if hex_distance(act, state.hex, mission.hex) > air_range(act, block_id):
            continue
        if hq.on(act.game) and not hq.may_react(act, block_id, []):
            continue
        out.append(block_id)
    return sorted(out, key=natural_key)


def intercept(act: Act, order: Any) -> None:
    """The passive side sends fighters against the mission [BW L2479]; then it is flown."""
    game = act.game
    pending = game.pending[0] if game.pending else None
    act.require(pending is not None and pending.kind == "interception" and pending.power == act.side,
                "no interception is waited for now", "L2479", "intercept")
    mission = game.mission
    act.require(mission is not None, "no bombing mission waits for an interception", "L2479", "intercept")
    assert mission is not None
    able = interceptors(act, mission)
    sent = []
    for name in order.intercept:
        block_id = act.block(name, "intercept")
        unit = act.scenario.blocks[block_id].unit
        act.require(unit == "fighter", f"{block_id} ({unit}) is not a fighter: fighters intercept", "L2479",
                    "intercept")
        act.require(block_id not in sent, f"{block_id} is named twice", "L2479", "intercept")
        state = game.blocks[block_id]
        act.require(state.hex is not None and state.strength > 0 and not state.out_of_supply,
                    f"{block_id} is off the map, at 0 or out of supply: it cannot fly", "L790", "intercept")
        distance, reach = hex_distance(act, state.hex, mission.hex), air_range(act, block_id)
        act.require(distance <= reach, f"{mission.hex} is {distance} hexes from {block_id} at {state.hex}: its range "
                    f"is {reach}", "L2479", "intercept")
        refusal = hq.air_refusal(act, block_id, "intercept (activate an air HQ first: activate, then intercept)")
        act.require(refusal is None, refusal or "", "L1851", "intercept")
        act.require(block_id in able, f"{block_id} cannot intercept", "L2479", "intercept")
        sent.append(block_id)
    act.ctx.emit(SetPending(pending=[]))
    fly(act, sent)


# --- the air battle and the bombs -------------------------------------------------------------------------------
def volley(act: Act, step: str, hex_id: str, shooters: list[Shooter]) -> int:
    """Roll each shooter's dice (pooled rounding [BW L1460-L1462]) and count the hits."""
    return fire(act, f"bomb/{hex_id}", f"strategic bombing of {hex_id}", step, shooters)


def alive(act: Act, blocks: list[str]) -> list[str]:
    return [b for b in blocks if act.game.blocks[b].hex is not None and act.game.blocks[b].strength > 0]


def fly(act: Act, sent: list[str]) -> None:
    """The mission: one round of air-to-air fire and AA, then the bombs [BW L2490-L2494]."""
    game = act.game
    mission = game.mission
    assert mission is not None
    attacker = game.power
    defender = other(attacker)
    hex_id = mission.hex
    scramble = [] if game.weather == "rain" else sorted(
        (b for b in act.board().blocks_at(hex_id, defender) if act.scenario.blocks[b].unit == "fighter"
         and game.blocks[b].strength > 0), key=natural_key)
    fighters = sent + [b for b in scramble if b not in sent]
    if scramble:
        act.note(f"{', '.join(scramble)} scramble over {hex_id} [BW L2479]")
    if sent:
        act.note(f"{', '.join(sent)} intercept over {hex_id} [BW L2479]")
    reveal(act, fighters)
    raiders = mission.escorts + mission.bombers
    if fighters:
        air_to_air(act, mission, fighters)
    anti_aircraft(act, mission)
    bombers = alive(act, mission.bombers)
    shooters = []
    for b in bombers:
        values, half = tech(act, b)
        if not values:
            continue
        unit = act.scenario.blocks[b].unit
        mali = 1 if unit == "bomber" and level(act, b) == 2 else 0  # [BW L2488]
        if attacker == "axis":
            mali += modifiers.sky_malus(act, b, hex_id)  # the Allies' bombers only are spared [BW L2508]
        shooters.append(Shooter(b, game.blocks[b].strength, values.air_ground, mali=mali, halved=half))
    n = volley(act, "bombs", hex_id, shooters) if shooters else 0
    if not shooters:
        act.note(f"no bomber reaches {hex_id}")
    struck(act, mission, n)
    if not alive(act, raiders):
        act.note(f"the mission over {hex_id} is lost")
    act.ctx.emit(Warfare(set_mission=True, mission=None))


def air_to_air(act: Act, mission: Mission, fighters: list[str]) -> None:
    """One round of air-to-air fire, both sides at once [BW L1340-L1352], [BW L2490]; the escorts take the fighters'
    hits first [BW L2479]."""
    raiders = alive(act, mission.escorts + mission.bombers)
    scored = {}
    for side, blocks in (("raiders", raiders), ("defenders", fighters)):
        shooters = []
        for b in blocks:
            values, half = tech(act, b)
            if values:
                shooters.append(Shooter(b, act.game.blocks[b].strength, values.air_air,
                                        mali=modifiers.sky_malus(act, b, mission.hex), halved=half))
        scored[side] = volley(act, f"air-to-air {side}", mission.hex, shooters)
    take_hits(act, raiders, scored["defenders"], "air-to-air hits on the mission [BW L2479]",
              first=alive(act, mission.escorts))
    take_hits(act, fighters, scored["raiders"], "air-to-air hits by the mission [BW L1348]")


def anti_aircraft(act: Act, mission: Mission) -> None:
    """The defender's AA by its infantry TECH [BW L2490-L2492]; the escorts take its hits first [BW L2479]; rain,
    snow and light rain 1 malus [BW L2508]."""
    raiders = alive(act, mission.escorts + mission.bombers)
    if not raiders:
        return
    power = owner(act, mission.hex)
    infantry = act.scenario.powers[power].tech.get("infantry", 1)
    dice, face = AA[max(1, min(3, infantry))]
    mali = 1 if act.game.weather in ("rain", *SKY) else 0
    defender = Act(act.ctx, act.scenario, other(act.game.power))
    n = volley(defender, f"AA ({power}, infantry TECH {infantry})", mission.hex,
               [Shooter(f"aa:{mission.hex}", dice, face, mali=mali, halved=infantry == 0)])
    take_hits(act, raiders, n, "AA hits on the mission [BW L2490]", first=alive(act, mission.escorts))


def struck(act: Act, mission: Mission, n: int) -> None:
    """The target takes `n` hits [BW L2496-L2506]."""
    game = act.game
    hex_id, attacker = mission.hex, game.power
    power = owner(act, hex_id)
    before = game.bomb_damage.get(hex_id)
    damage = before.model_copy(deep=True) if before and before.by == attacker else Damage(by=attacker)
    lost = {p: dict(c) for p, c in game.production_lost.items()}
    srm = dict(game.srm_lost)
    if mission.target == "production":
        colour = mission.colour or "yellow"
        done = damage.production.get(colour, 0)
        output = resources.output(game, act.scenario, hex_id, colour)
        pp = max(0, min(n, output - done))
        damage.production[colour] = done + n
        if pp:
            lost.setdefault(power, {})[colour] = lost.get(power, {}).get(colour, 0) + pp
        counts = colour == "yellow" or rules.enabled(game, "advanced_production")
        act.note(f"{n} hits on the {colour} production of {hex_id}: {power} loses {pp} {colour} PP of its next income"
                 + ("" if counts else " (coloured PP exist only under AR 11.0)") + " [BW L2498]")
        if colour in resources.factory_colours(act.scenario.hexes[hex_id]) and damage.production[colour] >= FACTORY_HITS:
            act.ctx.emit(FactoriesDestroyed(hex=hex_id, colours=[colour]))  # type: ignore[list-item]
            act.note(f"the {colour} factory of {hex_id} takes {damage.production[colour]} hits in one phase: it is "
                     "destroyed for good [BW L2498]")
    elif mission.target == "port":
        damage.port += n
        if n:
            act.note(f"{n} hits on the port of {hex_id}: " + ("closed to supply, moves and invasions"
                     if damage.port >= PORT_SUPPLY else "closed to moves and invasions") + " for a turn [BW L2502]")
    elif mission.target == "mulberry":  # BR 6.7.2: as a port's, and 10 hits destroy it [BW L1126-L1133]
        damage.mulberry += n
        if n:
            act.note(f"{n} hits on the Mulberry of {hex_id}: " + ("closed to supply and moves"
                     if damage.mulberry >= PORT_SUPPLY else "closed to moves") + " for a turn [BW L1128]")
        if damage.mulberry >= mulberry.DESTROYED_AT and hex_id in game.mulberries:
            mulberry.destroy(act, hex_id, f"{damage.mulberry} hits in the Strategic Warfare phase")
    elif mission.target == "radar":
        if n:  # "Ogni bombardamento riuscito danneggia la stazione radar" [BW L2036] (digest A49: one hit succeeds)
            act.ctx.emit(RadarStation(hex=hex_id, operative=False))
            act.note(f"{n} hits on the radar station of {hex_id}: it is out of service until repaired [BW L2036]")
            return  # no bomb damage to repair at the phase's end: the station waits for `repair_radar` [BW L2038]
    else:
        damage.rail += n
        if n:
            srm[power] = srm.get(power, 0) + n
            act.note(f"{n} hits on the station of {hex_id}: {power} loses {n} rail move(s) and no rail move passes "
                     f"{hex_id} for a turn [BW L2506]")
    if not n:
        act.note(f"the bombs miss {hex_id}")
        return
    damaged = {h: d.model_copy(deep=True) for h, d in game.bomb_damage.items()}
    damaged[hex_id] = damage
    act.ctx.emit(Warfare(bomb_damage=damaged, production_lost=lost, srm_lost=srm))
