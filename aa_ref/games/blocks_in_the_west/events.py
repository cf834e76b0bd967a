"""Blocks in the West events: every change to a game is one of these (see `aa_ref.games.axis_allies.model.events`)."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import ConfigDict, Field, TypeAdapter

from aa_ref.core.events import EventError, Note, Roll
from aa_ref.core.model import Strict
from aa_ref.core.names import by_name, natural_key
from aa_ref.games.blocks_in_the_west.state import (
    Activation,
    Battle,
    BlockState,
    Damage,
    Decision,
    FactoryWork,
    Game,
    NewFactory,
    Mission,
    Phase,
    Side,
    WeatherNow,
)


class BlockMove(Strict):
    """A block moves along a path of hexes (or enters or leaves the map: path ends with None)."""

    type: Literal["block_move"] = "block_move"
    block: str
    path: list[str | None]


class BlockUpdate(Strict):
    """A block's strength, face, supply marker or marks change."""

    type: Literal["block"] = "block"
    block: str
    strength: int | None = None
    revealed: bool | None = None
    out_of_supply: bool | None = None
    hits: int | None = None
    moved: bool | None = None
    reason: str = ""


class Control(Strict):
    type: Literal["control"] = "control"
    hex: str
    side: Side | None
    previous: Side | None


class Points(Strict):
    """Production points received (positive) or spent."""

    type: Literal["pp"] = "pp"
    power: str
    delta: int
    reason: str


class ColouredPoints(Strict):
    """Coloured PP of AR 11.0 (red armour, blue air, white naval, black oil) received (positive) or spent or
    discarded [BW L1683], [BW L1756]."""

    type: Literal["coloured_pp"] = "coloured_pp"
    power: str
    colour: Literal["red", "blue", "white", "black"]
    delta: int
    reason: str


class SetPhase(Strict):
    type: Literal["phase"] = "phase"
    turn: int
    power: Side
    phase: Phase


class SetWeather(Strict):
    type: Literal["weather"] = "weather"
    weather: WeatherNow


class SetPending(Strict):
    type: Literal["pending"] = "pending"
    pending: list[Decision]


class SetBattles(Strict):
    """The battles still to be fought, and the blocks that fought or blitzed this turn [BW L1325-L1564]."""

    type: Literal["battles"] = "battles"
    battles: list[Battle]
    engaged: list[str] | None = None
    blitzed: list[str] | None = None


class HqState(Strict):
    """HQs activated or deactivated, reconnaissance attempts and successes (AR 13.0, OR 19.0): each field given
    replaces the game's."""

    type: Literal["hq"] = "hq"
    active: dict[str, Activation] | None = None
    recon_tries: dict[str, int] | None = None
    recon_hexes: list[str] | None = None
    dropped: list[str] | None = None


class SrmUsed(Strict):
    type: Literal["srm"] = "srm"
    power: str
    count: int


class HitPriority(Strict):
    """A side's standing order for hits among equally strong blocks [BW L686], [BW L1470]."""

    type: Literal["hit_priority"] = "hit_priority"
    side: Side
    blocks: list[str]


class Fortification(Strict):
    """A captured fortification changes: a fortress becomes a bunker, a bunker is destroyed ("none") [BW L1496-L1500]."""

    type: Literal["fortification"] = "fortification"
    hex: str
    now: Literal["bunker", "none"]
    previous: str | None


class FactoriesDestroyed(Strict):
    """A hex's enemy factories are destroyed as enemy ground units capture it (OR 16.1) [BW L2129]."""

    type: Literal["factories_destroyed"] = "factories_destroyed"
    hex: str
    colours: list[Literal["red", "blue", "white", "black"]]


class Charges(Strict):
    """The special attacks declared with this turn's moves (OR 20.0, 21.0): hex -> cavalry or panzer."""

    type: Literal["charges"] = "charges"
    charges: dict[str, Literal["cavalry", "panzer"]]


class Spent(Strict):
    """A once-a-game or once-a-phase privilege is used: the Barbò charge [BW L2252], the free SS step [BW L1679], the
    free Volkssturm corps (OR 28.0) [BW L2418]."""

    type: Literal["spent"] = "spent"
    what: Literal["barbo", "ss_step", "volkssturm"]
    turn: int


class Upgraded(Strict):
    """OR 40.0: a block is removed for good and replaced by the block it is upgraded to [BW L2618-L2620]."""

    type: Literal["upgraded"] = "upgraded"
    block: str
    to: str


class VolkssturmDirective(Strict):
    """OR 28.0: an enemy ground unit has entered Germany; the Volkssturm directive is active from now on [BW L2418]."""

    type: Literal["volkssturm"] = "volkssturm"
    turn: int


class ItalyEvent(Strict):
    """OR 36.0 / 36.1: Mussolini dismissed, Italy surrendered, Mussolini freed to Salò or captured, the RSI declared,
    the Liguria corps placed, Germany's gift of `amount` PP to the RSI [BW L2554-L2578]."""

    type: Literal["italy"] = "italy"
    stage: Literal["dismissed", "surrendered", "freed", "captured", "rsi", "liguria", "gift"]
    turn: int
    amount: int = 0


class Reserves(Strict):
    """OR 31.0: the units in reserve now, each with its kind (replaces the game's) [BW L2468-L2471]."""

    type: Literal["reserves"] = "reserves"
    reserves: dict[str, Literal["motorisation", "reaction"]]


class Factories(Strict):
    """OR 15.0: the factories under construction and the new factories on the map now (each given replaces the
    game's) [BW L2089-L2095]."""

    type: Literal["factories"] = "factories"
    works: list[FactoryWork] | None = None
    built: list[NewFactory] | None = None


class ArmisticeEvent(Strict):
    """A power asks for an armistice (`asked`), or it is granted in the Victory phase [BW L844-L860]."""

    type: Literal["armistice"] = "armistice"
    power: str
    stage: Literal["asked", "granted", "lapsed"]


class OpenCity(Strict):
    """A power declares its capital an open city: the capital moves to `capital`, `city` is to be evacuated in this
    Movement phase (Paris open city) [BW L838]."""

    type: Literal["open_city"] = "open_city"
    power: str
    city: str
    capital: str


class Evacuated(Strict):
    """The Movement phase after an open city's declaration is over and the city is evacuated [BW L838]."""

    type: Literal["evacuated"] = "evacuated"
    hexes: list[str]


class MediterraneanWeather(Strict):
    """The Mediterranean hexes' weather this month (OR 39.0) [BW L2600]."""

    type: Literal["mediterranean_weather"] = "mediterranean_weather"
    weather: Literal["good", "light_rain"]


class ReconTargets(Strict):
    """OR 19.2: the active side's choice of targets among equally strong enemy blocks, by battle hex [BW L2246]."""

    type: Literal["recon_targets"] = "recon_targets"
    targets: dict[str, list[str]]


class Sponsored(Strict):
    """Free France: its sponsor (the USA) pays `amount` PP for its units this turn [BW L954]."""

    type: Literal["sponsored"] = "sponsored"
    power: str
    amount: int
    turn: int


class Morale(Strict):
    """A power's morale track (the USA's) moves to `value` [BW L2046]."""

    type: Literal["morale"] = "morale"
    power: str
    value: int


class RadarStation(Strict):
    """A radar station is put out of service, or repaired (AR 13.8.1.2) [BW L2038]."""

    type: Literal["radar"] = "radar"
    hex: str
    operative: bool
class PartisansSet(Strict):
    """OR 29.0: the partisans' discs in a hex are now `count` (0: none left) [BW L2420-L2460]."""

    type: Literal["partisans"] = "partisans"
    hex: str
    count: int = Field(ge=0)
    reason: str = ""


class Conquered(Strict):
    """OR 29.0: an Allied power conquered and eliminated by the Axis (surrendered in a Victory phase) [BW L2426]."""

    type: Literal["conquered"] = "conquered"
    power: str


class LendLease(Strict):
    """OR 34.0: Lend-Lease begins (its preconditions hold in GB's Strategic Warfare phase); Cash & Carry ends
    [BW L2540-L2542]."""

    type: Literal["lend_lease"] = "lend_lease"
    turn: int


class LendLeasePoints(Strict):
    """OR 34.0: Lend-Lease red or blue PP received by GB (a shipment that crossed the Atlantic) or spent [BW L2542]."""

    type: Literal["lend_lease_pp"] = "lend_lease_pp"
    colour: Literal["red", "blue"]
    delta: int
    reason: str


class UBoatTarget(Strict):
    """OR 35.2: the Axis's standing order for the North Atlantic U-boat [BW L2552]."""

    type: Literal["u_boat_target"] = "u_boat_target"
    target: Literal["convoys", "lend_lease"]


class Winner(Strict):
    type: Literal["victory"] = "victory"
    winner: str


class Warfare(Strict):
    """The Strategic Warfare phase's state (OR 26.0, OR 32.0): each field given replaces the game's; `mission` is
    replaced when `set_mission` is true (None: no mission waits)."""

    type: Literal["warfare"] = "warfare"
    set_mission: bool = False
    mission: Mission | None = None
    bomb_damage: dict[str, Damage] | None = None
    production_lost: dict[str, dict[str, int]] | None = None
    srm_lost: dict[str, int] | None = None
    bombers_flown: list[str] | None = None
    v2_target: str | None = None
    set_v2_target: bool = False
    gotterdammerung: bool | None = None


class NavalState(Strict):
    """Units shipped (OR 18.0) or landed (AR 24.0) this player turn: each field given replaces the game's."""

    type: Literal["naval"] = "naval"
    shipped: list[str] | None = None
    landed: dict[str, str] | None = None



class NeutralsAttacked(Strict):
    """AR 24.3: the neutral powers attacked so far and the turn of each one's first attack (replaces the game's)."""

    type: Literal["neutrals_attacked"] = "neutrals_attacked"
    attacked: dict[str, int]



class MulberryState(Strict):
    """BR 6.7: the Mulberry track, the Mulberries paid and those placed; each field given replaces the game's."""

    type: Literal["mulberry"] = "mulberry"
    paid: dict[str, int] | None = None
    ready: dict[str, int] | None = None
    placed: dict[str, str] | None = None
    pp_by_sea: int | None = None

Event = Annotated[
    Union[BlockMove, BlockUpdate, Control, Points, ColouredPoints, SetPhase, SetWeather, SetPending, SetBattles, SrmUsed,
          HitPriority, ArmisticeEvent, Winner, Fortification, FactoriesDestroyed, Charges, Spent, VolkssturmDirective,
          Upgraded, HqState, ItalyEvent, Roll, Note, PartisansSet, Conquered, LendLease, LendLeasePoints, UBoatTarget,
          Reserves, Factories, Warfare, NavalState, OpenCity, Evacuated, MediterraneanWeather, ReconTargets, Sponsored,
          Morale, RadarStation, NeutralsAttacked, MulberryState],
    Field(discriminator="type"),
]
EVENTS = TypeAdapter(list[Event], config=ConfigDict(defer_build=True))
"""Validates a list of events; built on first use, as the models are (`core.model.Strict`)."""


def _block(game: Game, block: str) -> BlockState:
    if block not in game.blocks:
        raise EventError(f"no block {block}")
    return game.blocks[block]


def apply_event(game: Game, event: Any) -> None:
    """Apply one event to `game` in place; EventError if it does not fit the state."""
    match event:
        case BlockMove(block=block, path=path):
            state = _block(game, block)
            if state.hex is None and path[-1] is not None and game.view_secret is not None:
                state.life += 1  # a new life, a new opaque name (views.hidden_name); an older game counts none
            state.hex = path[-1]
            if len(path) >= 2 and path[-1] is not None and path[-2] is not None:
                state.entered_from = path[-2]
        case BlockUpdate(block=block):
            state = _block(game, block)
            for key in ("strength", "revealed", "out_of_supply", "hits", "moved"):
                value = getattr(event, key)
                if value is not None:
                    setattr(state, key, value)
        case Control(hex=hex_id, side=side):
            if side is None:
                game.control.pop(hex_id, None)
            else:
                game.control[hex_id] = side
                game.control = by_name(game.control)
        case Points(power=power, delta=delta):
            if game.pp.get(power, 0) + delta < 0:
                raise EventError(f"{power} has only {game.pp.get(power, 0)} PP")
            game.pp[power] = game.pp.get(power, 0) + delta
        case ColouredPoints(power=power, colour=colour, delta=delta):
            held = game.coloured_pp.get(power, {})
            if held.get(colour, 0) + delta < 0:
                raise EventError(f"{power} has only {held.get(colour, 0)} {colour} PP")
            held = {**held, colour: held.get(colour, 0) + delta}
            game.coloured_pp[power] = {c: n for c, n in held.items() if n}
            if not game.coloured_pp[power]:
                del game.coloured_pp[power]
        case SetPhase(turn=turn, power=power, phase=phase):
            game.turn, game.round, game.power, game.phase = turn, turn, power, phase
        case SetWeather(weather=weather):
            game.weather = weather
        case SetPending(pending=pending):
            game.pending = [d.model_copy() for d in pending]
        case SetBattles(battles=battles, engaged=engaged, blitzed=blitzed):
            game.battles = [b.model_copy(deep=True) for b in battles]
            if engaged is not None:
                game.engaged = list(engaged)
            if blitzed is not None:
                game.blitzed = list(blitzed)
        case SrmUsed(power=power, count=count):
            game.srm_used[power] = count
        case HitPriority(side=side, blocks=blocks):
            game.hit_priority[side] = list(blocks)
        case ArmisticeEvent(power=power, stage=stage):
            if stage == "asked":
                game.armistice_asked = sorted({*game.armistice_asked, power})
            else:
                game.armistice_asked = [p for p in game.armistice_asked if p != power]
                if stage == "granted":
                    game.armistices = sorted({*game.armistices, power})
        case HqState(active=active, recon_tries=tries, recon_hexes=hexes, dropped=dropped):
            if dropped is not None:
                game.dropped = list(dropped)
            if active is not None:
                game.hq_active = {k: v.model_copy(deep=True) for k, v in active.items()}
            if tries is not None:
                game.recon_tries = dict(tries)
            if hexes is not None:
                game.recon_hexes = list(hexes)
        case Winner(winner=winner):
            game.winner = winner
        case Fortification(hex=hex_id, now=now):
            game.fortifications[hex_id] = now
            game.fortifications = by_name(game.fortifications)
        case FactoriesDestroyed(hex=hex_id, colours=colours):
            game.destroyed_factories[hex_id] = sorted({*game.destroyed_factories.get(hex_id, []), *colours})  # type: ignore[misc]
            game.destroyed_factories = by_name(game.destroyed_factories)
        case Charges(charges=charges):
            game.charges = by_name(dict(charges))
        case Spent(what=what, turn=turn):
            if what == "barbo":
                game.barbo_used = True
            elif what == "volkssturm":
                game.volkssturm_turn = turn
            else:
                game.ss_step_turn = turn
        case VolkssturmDirective():
            game.volkssturm = True
        case Upgraded(block=block, to=to):
            game.upgraded = by_name({**game.upgraded, block: to})
        case OpenCity(power=power, city=city, capital=capital):
            game.capitals = {**game.capitals, power: capital}
            game.evacuate = sorted({*game.evacuate, city}, key=natural_key)
        case Evacuated(hexes=hexes):
            game.evacuate = [h for h in game.evacuate if h not in hexes]
        case MediterraneanWeather(weather=weather):
            game.mediterranean_weather = weather
        case ReconTargets(targets=targets):
            game.recon_targets = {h: list(b) for h, b in targets.items()}
        case Sponsored(power=power, amount=amount, turn=turn):
            if game.sponsored_turn != turn:
                game.sponsored, game.sponsored_turn = {}, turn
            game.sponsored = {**game.sponsored, power: game.sponsored.get(power, 0) + amount}
        case Morale(power=power, value=value):
            game.morale = {**game.morale, power: value}
        case RadarStation(hex=hex_id, operative=up):
            rest = [h for h in game.radar_down if h != hex_id]
            game.radar_down = rest if up else sorted([*rest, hex_id], key=natural_key)
        case ItalyEvent(stage=stage, turn=turn, amount=amount):
            if stage == "gift":
                game.rsi_gift = (game.rsi_gift if game.rsi_gift_turn == turn else 0) + amount
                game.rsi_gift_turn = turn
            else:
                field = {"dismissed": "italy_dismissed", "surrendered": "italy_surrendered", "freed": "mussolini_freed",
                         "captured": "mussolini_captured", "rsi": "rsi_declared", "liguria": "rsi_liguria"}[stage]
                setattr(game, field, turn)
        case PartisansSet(hex=hex_id, count=count):
            if count:
                game.partisans = by_name({**game.partisans, hex_id: count})
            else:
                game.partisans.pop(hex_id, None)
        case Conquered(power=power):
            game.conquered = sorted({*game.conquered, power})
        case LendLease(turn=turn):
            game.lend_lease_turn = turn
        case LendLeasePoints(colour=colour, delta=delta):
            if game.lend_lease_pp.get(colour, 0) + delta < 0:
                raise EventError(f"GB has only {game.lend_lease_pp.get(colour, 0)} Lend-Lease {colour} PP")
            held = {**game.lend_lease_pp, colour: game.lend_lease_pp.get(colour, 0) + delta}
            game.lend_lease_pp = {c: n for c, n in held.items() if n}  # type: ignore[misc]
        case UBoatTarget(target=target):
            game.u_boat_target = target
        case Reserves(reserves=reserves):
            game.reserves = by_name(dict(reserves))
        case Factories(works=works, built=built):
            if works is not None:
                game.factory_works = [w.model_copy() for w in works]
            if built is not None:
                game.new_factories = [f.model_copy() for f in built]
        case Warfare():
            if event.set_mission:
                game.mission = event.mission.model_copy(deep=True) if event.mission else None
            if event.bomb_damage is not None:
                game.bomb_damage = by_name({h: d.model_copy(deep=True) for h, d in event.bomb_damage.items()})
            if event.production_lost is not None:
                game.production_lost = {p: dict(c) for p, c in event.production_lost.items() if c}
            if event.srm_lost is not None:
                game.srm_lost = {p: n for p, n in event.srm_lost.items() if n}
            if event.bombers_flown is not None:
                game.bombers_flown = list(event.bombers_flown)
            if event.set_v2_target:
                game.v2_target = event.v2_target
            if event.gotterdammerung is not None:
                game.gotterdammerung = event.gotterdammerung
        case NavalState(shipped=shipped, landed=landed):
            if shipped is not None:
                game.shipped = list(shipped)
            if landed is not None:
                game.landed = dict(landed)
        case NeutralsAttacked(attacked=attacked):
            game.neutrals_attacked = dict(attacked)
        case MulberryState(paid=paid, ready=ready, placed=placed, pp_by_sea=pp_by_sea):
            if paid is not None:
                game.mulberry_paid = dict(paid)
            if ready is not None:
                game.mulberries_ready = dict(ready)
            if placed is not None:
                game.mulberries = dict(placed)
            if pp_by_sea is not None:
                game.pp_by_sea = pp_by_sea
        case Roll() | Note():
            pass
        case _:
            raise EventError(f"unknown event {event!r}")
