"""The Blocks in the West ruleset: a new game from a scenario, the moment a document may be given, and
the dispatch of its actions to the phases of the player turn [BW L1141-L1170].

A month: the weather phase, the Axis player turn, the Allied player turn (ten phases each), the
Victory phase [BW L1147], [BW L1586]. Automatic phases (weather, supply, final supply check, victory)
run when the turn passes through them; the others take the active side's actions, and the
Defender Reaction phase the passive side's. Actions are checked as they are carried out, with the
dice really rolled; the first illegal one rejects the document.
"""

from __future__ import annotations

import secrets
from typing import Any, ClassVar

from aa_ref.core.dice import Volley
from aa_ref.core.engine import FIRST_RULES, Context, Illegal, OrdersInput, WhereAnswer, problems_of_a_dry_run
from aa_ref.core.errors import IllegalOrders, Problem, UsageError
from aa_ref.core.model import LogRef
from aa_ref.core.names import NameIndex
from aa_ref.core.setups import changed_setup_text, data_sha256
from aa_ref.core.yamlio import Document
from aa_ref.games.blocks_in_the_west import (
    airborne,
    amphibious,
    armistice,
    bombing,
    combat,
    convoys,
    factories,
    hq,
    italy,
    lend_lease,
    mediterranean,
    movement,
    open_city,
    partisans,
    mulberry,
    naval,
    neutrality,
    production,
    radar,
    recon,
    recon_target,
    reserve_moves,
    reserves,
    rules,
    scenario_needs,
    strategic_warfare,
    supply,
    upgrade,
    victory,
    volkssturm,
    wunderwaffen,
)
from aa_ref.games.blocks_in_the_west import orders as o
from aa_ref.games.blocks_in_the_west.act import Act, bw
from aa_ref.games.blocks_in_the_west.events import SetPhase, SetWeather, apply_event
from aa_ref.games.blocks_in_the_west.scenario import NAVAL, Scenario
from aa_ref.games.blocks_in_the_west.scenario_checks import scenario_problems
from aa_ref.games.blocks_in_the_west.state import PLAYER_PHASES, BlockState, Game

OPTIONS: dict[str, tuple[str, ...]] = {
    "rules": ("basic", "advanced"),
    "fog_of_war": ("on", "off"),
    "supply_sources": ("own", "side"),
    "captured_income": ("axis", "none"),
    "bonus_cancels_malus": ("no", "yes"),
    "withdrawals": ("ask", "fight_on"),
    "retreat_zoc": ("battle_hex_ignored", "literal"),
    **{rule.key: rules.choices(rule) for rule in rules.RULES},
}
"""Rule level [BW L27-L35] and fog of war (off for solitaire or an open game [BW L508], [BW L2590]); whose supply
sources a block may trace to (its own power's [BW L756-L767], or any of its side's: 'una fonte di rifornimento
amica' [BW L777]); whether captured centres add to the Axis's income [BW L558] or to nobody's (SBW6 [BW L560]).
See docs/bitw-rulings.md. Combat (docs/bitw-combat.md): `bonus_cancels_malus` "il giocatore può annullare 1 malus
con 1 bonus" [BW L1446] (digest A31: the referee cannot ask, so the player's choice is made once for the game);
`withdrawals`: ask each side at the end of each round [BW L1506-L1508], or fight on with no question (a standing
order "never withdraw"); `retreat_zoc`: whether the ZOC of the enemy units in the battle hex itself closes the
retreat hexes [BW L1514]. Then one option per advanced and optional rule (`aa_ref.games.blocks_in_the_west.rules`)."""

PHASE_OF: dict[type, str] = {
    o.Repair: "production", o.Place: "production", o.VolkssturmOrder: "production",
    o.UpgradeOrder: "production", o.Disband: "production",
    o.RsiGift: "production",
    o.Srm: "srm", o.Move: "movement",
    o.Fly: "movement", o.Rebase: "movement", o.Blitz: "blitz", o.Exploit: "exploitation", o.Recon: "movement",
    o.Drop: "movement", o.PartisanOrder: "production", o.CashAndCarry: "production", o.FactoryOrder: "production",
    o.Bomb: "strategic_warfare", o.Ship: "movement", o.Land: "movement", o.LandArmour: "exploitation",
    o.OpenCityOrder: "srm", o.Target: "movement", o.RepairRadar: "production",
    o.MulberryBuy: "production",
}


ANY_TIME: dict[type, Any] = {o.HitPriorityOrder: combat.hit_priority, o.Armistice: armistice.ask,
                             o.UBoatTargetOrder: convoys.declare, o.V2TargetOrder: wunderwaffen.v2_target}
"""Actions a side may give in any of its documents, whatever the phase: a standing order for tied hits [BW L686],
an armistice request for this month's Victory phase [BW L844]; the Axis's standing targets for the North Atlantic
U-boat (OR 35.2 [BW L2552]) and the V-2 (OR 26.2 [BW L2398-L2400])."""
ANSWERS: dict[type, Any] = {o.React: combat.react, o.Withdraw: combat.withdraw, o.Reinforce: reserve_moves.reinforce,
                            o.Intercept: bombing.intercept, o.SecondWave: combat.second_wave}
"""The passive side's answers to the decision the game waits for [BW L1319-L1323], [BW L1506-L1508]; OR 31.0: its
Reaction reserve reinforcing a battle before its `react` [BW L2469]; OR 32.0: its fighters intercepting a bombing
mission [BW L2479]."""


FIELDS_SINCE_DIGEST = {"hexes": ("hydrogenation", "mediterranean", "factory_limits", "radar"),
                       "blocks": ("upgrade", "bombing_area", "area", "luftwaffe", "naval_plan", "raf"),
                       "powers": ("open_city", "created_by_armistice_of", "rebuilt_by", "liberated_capital",
                                  "morale_limit", "radar", "neutral", "mulberries")}
"""Per-entry scenario fields added after games began recording `scenario_sha256` (issue 23: OR 16.0's
`hydrogenation`, OR 40.0's `upgrade`, OR 36.0's `mediterranean`, OR 15.0's `factory_limits`, OR 32.0's
`bombing_area`, OR 18.0's `naval_plan`, AR 13.8's `raf`): left out of the digest while they hold their default, so that the games
begun before them keep their digest (docs/compatibility.md)."""
TOP_FIELDS_SINCE_DIGEST: tuple[str, ...] = ("italian_surrender", "partisan_nations", "atlantic", "factory_track",
                                             "factory_schedule", "wunderwaffen", "sea_zones", "casablanca")
"""Top-level scenario fields added since (OR 36.0's `italian_surrender`, OR 29.1's `partisan_nations`, OR 34.0/35.2's
`atlantic`, OR 15.0's `factory_track` and `factory_schedule`, OR 26.0's `wunderwaffen`, OR 18.0/AR 24.0's
`sea_zones`, AR 13.8.4's `casablanca`), left out of the digest in the same way while empty (None, False, {}, [])."""


def scenario_digest(scenario: Scenario) -> str:
    """The digest of a scenario's data (its model, as JSON): a game records it, so a scenario changed under a game
    is noticed; games begun since versioned saves are also checked by the log's `setup_sha256`. A field added since
    (`FIELDS_SINCE_DIGEST`) counts only when set."""
    data = scenario.model_dump(mode="json")
    for name in TOP_FIELDS_SINCE_DIGEST:
        if data.get(name) in (None, False, {}, []):
            data.pop(name, None)
    for table, fields in FIELDS_SINCE_DIGEST.items():
        for entry in data[table].values():
            for name in fields:
                if entry.get(name) in (None, False, {}, []):
                    entry.pop(name, None)
    return data_sha256(data)


class Bitw:
    """Blocks in the West [shared/seeds/004_26b49c6dbf45f340.txt]."""

    id: ClassVar[str] = "bitw"
    rules_version: ClassVar[int] = 3
    """The version of Blocks in the West's adjudication: raised by one whenever it changes (docs/compatibility.md)."""
    rules_changes: ClassVar[dict[int, str]] = {
        1: FIRST_RULES,
        2: "air units start no mission in rain with the basic rules too [BW L1618] (before: only with advanced_weather)",
        3: "a reinforcement never placed (life 0) after its month is withheld, placed free in a later Production "
           "phase (BR 7.3.3 [BW L1218], digest A24; before: rebuilt and paid at its weakest step); enemy factories "
           "are destroyed when captured with the basic rules too (BR 3.3.2 [BW L562]; before: only with OR 16.0)",
    }
    """What changed at each rules version, for a replay that diverges."""
    phases: ClassVar[list[str]] = ["weather", *PLAYER_PHASES, "victory"]
    self_checking: ClassVar[bool] = True
    in_progress: ClassVar[tuple[str, ...]] = ("pending", "battles")

    def options(self) -> dict[str, list[str]]:
        return {key: list(choices) for key, choices in OPTIONS.items()}

    def option_problem(self, key: str, value: str) -> str | None:
        if key in rules.RULE:
            return rules.option_problem(key, value)
        choices = OPTIONS[key]
        return None if value in choices else f"option {key} cannot be '{value}' (choices: {', '.join(choices)})"

    @staticmethod
    def apply_event(game: Game, event: Any) -> None:
        apply_event(game, event)

    def deal_secrets(self, scenario: Scenario, options: dict[str, str], seed: str) -> tuple[dict[str, str], dict[str, Any]]:
        return {}, {}

    def referee_secrets(self) -> dict[str, str]:
        """The key of the opaque names in a side's view: 32 random bytes, from nothing a player sees."""
        return {"view_secret": secrets.token_hex(32)}

    def bound_state(self, data: dict[str, Any]) -> dict[str, Any]:
        """All but the referee's key of the views and the blocks' lives, which are counted only in a game that has
        a key (so `aa-ref rekey` of an older game changes them without a log entry)."""
        bound = {key: value for key, value in data.items() if key != "view_secret"}
        bound["blocks"] = {name: {k: v for k, v in block.items() if k != "life"}
                           for name, block in data.get("blocks", {}).items()}
        return bound

    def setup_problems(self, scenario: Scenario, doc: Document) -> list[Problem]:
        return scenario_problems(scenario, doc)

    def game_problems(self, scenario: Scenario, game: Game, doc: Document) -> list[Problem]:
        problems = []
        now = scenario_digest(scenario)
        if game.scenario_sha256 != now:
            problems.append(doc.problem(changed_setup_text(game.setup, "scenario", game.scenario_sha256, now),
                                        ("scenario_sha256",)))
        for block_id, state in game.blocks.items():
            if block_id not in scenario.blocks:
                problems.append(doc.problem(f"unknown block '{block_id}'", ("blocks", block_id)))
            elif state.hex is not None and state.hex not in scenario.hexes:
                problems.append(doc.problem(scenario.hex_names.unknown_message(state.hex), ("blocks", block_id, "hex")))
        for block_id, where in game.naval.items():  # a naval unit at sea in a zone or in a port (OR 18.0)
            if where not in scenario.sea_zones and where not in scenario.hexes:
                problems.append(doc.problem(f"{block_id} is at an unknown sea zone or port '{where}'",
                                            ("naval", block_id)))
        for block_id, port in game.landed.items():  # AR 24.0: the port a landed unit sailed from
            if port not in scenario.hexes:
                problems.append(doc.problem(scenario.hex_names.unknown_message(port), ("landed", block_id)))
        return problems + self._name_problems(scenario, game, doc)

    @staticmethod
    def _name_problems(scenario: Scenario, game: Game, doc: Document) -> list[Problem]:
        """Powers, hexes and blocks named elsewhere in a game file that the scenario does not know."""
        powers = NameIndex("power", scenario.powers)
        places: dict[str, list[tuple[str, tuple[Any, ...]]]] = {"power": [], "hex": [], "block": []}
        for what, fields in (("power", ("pp", "coloured_pp", "srm_used", "armistice_asked", "armistices", "conquered",
                                        "capitals", "sponsored", "morale", "neutrals_attacked", "mulberry_paid")),
                             ("hex", ("control", "fortifications", "charges", "recon_hexes", "partisans", "evacuate",
                                      "recon_targets", "radar_down", "destroyed_factories", "mulberries")),
                             ("block", ("engaged", "blitzed", "dropped", "hq_active", "recon_tries", "reserves", "naval",
                                        "shipped", "landed"))):
            for field in fields:
                value = getattr(game, field)
                places[what] += [(name, (field, name if isinstance(value, dict) else i)) for i, name in enumerate(value)]
        places["hex"] += [(h, ("capitals", p)) for p, h in game.capitals.items()]  # Paris open city
        places["power"] += [(p, ("mulberries", h)) for h, p in game.mulberries.items()]  # BR 6.7
        for side, blocks in game.hit_priority.items():
            places["block"] += [(name, ("hit_priority", side, i)) for i, name in enumerate(blocks)]
        for n, work in enumerate(game.factory_works):  # OR 15.0
            places["power"].append((work.power, ("factory_works", n, "power")))
        for n, built in enumerate(game.new_factories):
            places["power"].append((built.power, ("new_factories", n, "power")))
            places["hex"].append((built.hex, ("new_factories", n, "hex")))
        places["power"] += [(p, ("production_lost", p)) for p in game.production_lost]  # OR 26.0, OR 32.0
        places["power"] += [(p, ("srm_lost", p)) for p in game.srm_lost]
        places["hex"] += [(h, ("bomb_damage", h)) for h in game.bomb_damage]
        places["hex"] += [(game.v2_target, ("v2_target",))] if game.v2_target else []
        places["block"] += [(b, ("bombers_flown", i)) for i, b in enumerate(game.bombers_flown)]
        if game.mission is not None:
            places["hex"].append((game.mission.hex, ("mission", "hex")))
            for key in ("bombers", "escorts"):
                places["block"] += [(b, ("mission", key, i)) for i, b in enumerate(getattr(game.mission, key))]
        for n, battle in enumerate(game.battles):
            places["hex"].append((battle.hex, ("battles", n, "hex")))
            places["block"] += [(name, ("battles", n, "reacted", i)) for i, name in enumerate(battle.reacted)]
            places["block"] += [(name, ("battles", n, "crossing", name)) for name in battle.crossing]
        known = {"power": scenario.powers, "hex": scenario.hexes, "block": scenario.blocks}
        said = {"power": powers.unknown_message, "hex": scenario.hex_names.unknown_message,
                "block": lambda name: f"unknown block '{name}'"}
        return [doc.problem(said[what](name), loc) for what, named in places.items() for name, loc in named
                if name not in known[what]]

    def new_game(self, scenario: Scenario, variant: str | None, options: dict[str, str], seed: str, log_file: str) -> Game:
        """The scenario's setup: blocks where it places them, hex control, stored PP [BW L512-L528]; and a fresh view
        secret (`referee_secrets`)."""
        if (missing := scenario_needs.missing_data(scenario, options)) is not None:
            raise UsageError(missing)
        blocks = {}
        naval = {b: p.hex for b, p in scenario.setup.items() if scenario.blocks[b].unit in NAVAL}
        for block_id, block in scenario.blocks.items():
            placed = scenario.setup.get(block_id)
            blocks[block_id] = BlockState(
                hex=placed.hex if placed and block_id not in naval else None,
                strength=(placed.strength if placed and placed.strength is not None else block.steps[0].value),
                revealed=bool(placed and placed.revealed) or options.get("fog_of_war") == "off")
        control = {h: scenario.powers[x.nation].side for h, x in scenario.hexes.items()
                   if x.nation in scenario.powers and x.terrain != "sea"}
        control.update({h: scenario.powers[p].side for h, p in scenario.control.items()})
        game = Game(
            kind="bitw-game", schema_version=1, setup=scenario.id, scenario_sha256=scenario_digest(scenario),
            options=options, seed=seed, turn=1, round=1, power=scenario.first_side, phase="weather",
            blocks=blocks, control=control, pp={p: scenario.stored_pp(p).yellow for p in scenario.pp},
            log=LogRef(file=log_file), **self.referee_secrets(),
        )
        game.naval = naval  # naval units at sea or in port (OR 18.0) [BW L586], [BW L961]
        if rules.enabled(game, "advanced_production"):  # coloured PP are stored only under AR 11.0 [BW L1683]
            game.coloured_pp = production.stored_colours(scenario)
        return game

    # --- orders ------------------------------------------------------------------
    def check(self, scenario: Scenario, game: Game, given: OrdersInput) -> list[Problem]:
        """The document's problems: its moment, then its actions carried out on a copy."""
        return problems_of_a_dry_run(self, scenario, game, given)

    def adjudicate(self, ctx: Context, given: OrdersInput) -> None:
        game: Game = ctx.game
        side = self._moment(ctx.setup, game, given)
        act = Act(ctx, ctx.setup, side)
        if game.phase == "weather" and side == game.power:
            self._begin_month(act)
        for i, action in enumerate(given.model.actions):
            key = next(iter(action.model_dump(by_alias=True)))
            try:
                self._do(act, action)
                italy.watch(act)  # OR 36.1: German or Allied units reaching Gran Sasso [BW L2572-L2574]
            except Illegal as exc:
                raise IllegalOrders(f"{given.doc.path}: orders not accepted",
                                    [given.problem(exc.message, ("actions", i, exc.field or key), exc.rule)]) from None
        volkssturm.watch(act)  # OR 28.0: an enemy ground unit entered Germany in this document [BW L2418]
        radar.watch(act)  # an enemy unit on a radar station destroys it [BW L2038]

    def _moment(self, scenario: Scenario, game: Game, given: OrdersInput) -> str:
        model = given.model
        side = scenario.power_names.get(model.power)
        problems = []
        if side is None:
            problems.append(given.problem(scenario.power_names.unknown_message(model.power), ("power",)))
        elif model.based_on is not None and model.based_on != game.log.head:
            problems.append(given.problem(f"these orders were written for another state of the game (based_on "
                                          f"{model.based_on}, the game is at {game.log.head}): they are stale", ("based_on",)))
        elif game.winner:
            problems.append(given.problem(f"the game is over: {game.winner} won", ("power",)))
        elif game.pending and side != game.pending[0].power:
            problems.append(given.problem(f"the game waits for {game.pending[0].power}: {game.pending[0].detail}", ("power",)))
        elif not game.pending and side != game.power:
            problems.append(given.problem(f"it is the {game.power}' player turn ({game.phase.replace('_', ' ')} phase)", ("power",)))
        if problems:
            raise IllegalOrders(f"{given.doc.path}: orders not accepted", problems)
        return side  # type: ignore[return-value]

    def _begin_month(self, act: Act) -> None:
        """The weather phase: the month's weather from the turn track; April and October the German player rolls,
        1-3 good, 4-6 bad (rain, digest A20) [BW L1596-L1600]; basic rules: always the track's."""
        game = act.game
        weather = act.scenario.turns[game.turn - 1].weather
        if weather == "roll":
            die = act.roll("weather", 1, Volley(f"the weather of {act.scenario.turns[game.turn - 1].month}, "
                                                "rolled by the German player", (("1-3 good, 4-6 rain", 1),)))[0]
            weather = "good" if die <= 3 else "rain"
            act.note(f"the weather of {act.scenario.turns[game.turn - 1].month}: die {die}, {weather} [BW L1598-L1600]")
            if rules.enabled(game, "optional_weather") and game.turn > 1:
                weather = self._no_repeat(act, weather)
        if weather != game.weather:
            act.ctx.emit(SetWeather(weather=weather))  # type: ignore[arg-type]
        mediterranean.new_month(act, act.scenario.turns[game.turn - 1].weather == "roll")  # [BW L1602], [BW L2600]
        self._enter(act, strategic_warfare.first_phase(game))

    @staticmethod
    def _no_repeat(act: Act, weather: str) -> str:
        """OR 39.0: "Non è possibile avere le stesse condizioni atmosferiche in 2 mesi consecutive; il giocatore Alleato
        lancerà 1 dado per rideterminarlo: 1-2: Buono 3-4: Pioggia leggera 5-6: Pioggia" [BW L2596-L2598]: when the
        April/October roll gives last month's weather, the Allied player rolls again on that table until it differs
        (digest A75: a re-roll on a repeat only; the roll stays the German player's otherwise)."""
        previous = act.game.weather
        allies = Act(act.ctx, act.scenario, "allies")
        attempt = 0
        while weather == previous:
            attempt += 1
            die = allies.roll(f"weather-again/{attempt}", 1, Volley(
                "the same weather as last month: the Allied player rolls again", (("1-2 good, 3-4 light rain, 5-6 rain", 1),)))[0]
            weather = "good" if die <= 2 else "light_rain" if die <= 4 else "rain"
            act.note(f"the same weather as last month is not allowed: the Allied player rolls {die}, "
                     f"{weather.replace('_', ' ')} [BW L2596-L2598]")
        return weather

    def _enter(self, act: Act, phase: str, battle_order: list[str] | None = None) -> None:
        """Go on through the player turn's phases to `phase`, running the automatic ones on the way; the Combat
        phase's battles in the active player's `battle_order` [BW L1327]."""
        game = act.game
        order = list(PLAYER_PHASES)
        here = order.index(game.phase) if game.phase in order else -1
        act.require(order.index(phase) >= here, f"the {phase.replace('_', ' ')} phase is over: the turn is in the "
                                                f"{game.phase.replace('_', ' ')} phase", "L1141-L1170")
        for step in order[here + 1 : order.index(phase) + 1]:
            act.ctx.emit(SetPhase(turn=game.turn, power=game.power, phase=step))  # type: ignore[arg-type]
            if step == "reaction":
                open_city.check_evacuated(act)  # the Movement phase after Paris open city is over [BW L838]
                if rules.enabled(game, "amphibious"):
                    neutrality.watch(act)  # AR 24.3: a neutral entered in the Movement phase is attacked [BW L2342]
            if step == "strategic_warfare":
                strategic_warfare.enter(act)  # optional rules only [BW L1155], [BW L1174]
                continue
            if step == "supply":
                hq.new_player_turn(act)
                recon_target.new_player_turn(act)  # OR 19.2: the choices lapse [BW L2246]
                reserves.new_player_turn(act)  # OR 31.0: last turn's unused Reaction reserve [BW L2469]
                naval.new_player_turn(act)
                mulberry.new_player_turn(act)  # BR 6.7.3: the PP carried by sea this turn [BW L1135]
                supply.supply_phase(act)
            elif step == "production":
                volkssturm.watch(act)  # OR 28.0: one standing in Germany as the phase begins [BW L2418]
                radar.watch(act)  # [BW L2038]
                production.collect_income(act)
                italy.production_phase(act)  # OR 36.1: the RSI's PP and the Liguria corps [BW L2576-L2578]
            elif step in ("srm", "movement", "exploitation"):
                if step == "srm":
                    production.end_production(act)  # AR 11.0: unpaired coloured PP are discarded [BW L1756]
                    movement.begin_srm(act)
                movement.new_phase(act)
            elif step == "combat":
                combat.begin_combat(act, battle_order or [])
            elif step == "final_supply":
                combat.end_blitz(act)
                hq.deactivate(act, ("srm", "movement", "reaction", "strategic_warfare"))
                supply.final_supply_check(act)

    def _do(self, act: Act, action: Any) -> None:
        italy.check_action(act, action)  # OR 36.0: a dismissed Mussolini takes no order [BW L2560]
        if type(action) in ANY_TIME:
            ANY_TIME[type(action)](act, action)
            return
        if isinstance(action, o.Activate):
            phase = hq.phase_for(act, action)
            if phase is not None:
                self._enter(act, phase)
            hq.activate(act, action)
            amphibious.naval_supply(act, action)  # AR 24.4 [BW L2346]
            return
        if act.game.pending and type(action) not in ANSWERS:
            waiting = act.game.pending[0]
            raise Illegal(f"the game waits for {waiting.power}: {waiting.detail}",
                          bw("L1319-L1323" if waiting.kind == "reaction" else "L2479" if waiting.kind == "interception"
                             else "L1506-L1508"))
        if type(action) in ANSWERS:
            ANSWERS[type(action)](act, action)
            return
        if isinstance(action, o.NextPhase):
            act.require(action.battle_order is None or action.next_phase == "combat", "battle_order goes with "
                        "next_phase: combat (the order of this turn's battles)", "L1327", "battle_order")
            self._enter(act, action.next_phase, action.battle_order)
            return
        if isinstance(action, o.EndTurn):
            self._end_turn(act)
            return
        if isinstance(action, o.ReserveOrder):  # OR 31.0: the Movement or the Exploitation phase [BW L2468-L2469]
            order = list(PLAYER_PHASES)
            here = order.index(act.game.phase) if act.game.phase in order else -1
            if here < order.index("movement"):
                self._enter(act, "movement")
            elif act.game.phase != "movement":
                self._enter(act, "exploitation")
            reserves.put(act, action)
            return
        if isinstance(action, o.MulberryPlace):  # BR 6.7.1: the Combat phase, or the start of Exploitation [BW L1120]
            if act.game.phase != "exploitation":
                self._enter(act, "combat")
            mulberry.place_order(act, action)
            return
        self._enter(act, PHASE_OF[type(action)])
        handler = {
            o.Repair: production.repair, o.Place: upgrade.place, o.VolkssturmOrder: volkssturm.build,
            o.UpgradeOrder: upgrade.upgrade, o.Disband: production.disband,
            o.Srm: movement.srm, o.Move: movement.move, o.Fly: movement.fly, o.Rebase: movement.rebase,
            o.Blitz: combat.blitz, o.Exploit: movement.exploit, o.Recon: recon.recon, o.Drop: airborne.drop,
            o.RsiGift: italy.gift,
            o.PartisanOrder: partisans.place,
            o.CashAndCarry: lend_lease.cash_and_carry,
            o.FactoryOrder: factories.build,
            o.Bomb: bombing.bomb,
            o.Ship: naval.ship, o.Land: amphibious.land, o.LandArmour: amphibious.land_armour,
            o.OpenCityOrder: open_city.declare, o.Target: recon_target.name_targets, o.RepairRadar: radar.repair,
            o.MulberryBuy: mulberry.buy,
        }[type(action)]
        handler(act, action)

    def _end_turn(self, act: Act) -> None:
        """The rest of the player turn; then the other side's turn, or the Victory phase and the next month
        [BW L1147], [BW L1586]."""
        self._enter(act, "exploitation")
        hq.deactivate(act, ("exploitation",))
        reserves.end_exploitation(act)  # OR 31.0: Motorisation reserve not moved [BW L2468]
        supply.exploitation_check(act)
        if rules.enabled(act.game, "amphibious"):
            neutrality.watch(act)  # AR 24.3: a neutral entered in the Exploitation phase is attacked [BW L2342]
        game = act.game
        if game.power != act.scenario.first_side or game.winner:
            victory.victory_phase(act)
            if game.winner or game.turn == len(act.scenario.turns):
                return
            act.ctx.emit(SetPhase(turn=game.turn + 1, power=act.scenario.first_side, phase="weather"))
            self._begin_month(Act(act.ctx, act.scenario, act.scenario.first_side))
            return
        other = "allies" if game.power == "axis" else "axis"
        act.ctx.emit(SetPhase(turn=game.turn, power=other, phase="weather"))  # type: ignore[arg-type]
        self._enter(Act(act.ctx, act.scenario, other), strategic_warfare.first_phase(game))  # type: ignore[arg-type]

    def where(self, scenario: Scenario, game: Game, space: str, units: list[str] | None, power: str | None,
              side: str | None) -> WhereAnswer:
        """`aa-ref where`: a hex's neighbours, terrain, hexsides, control and blocks; with blocks, the hexes a ground
        move takes them to; with `side`, from that side's view only (fog of war)."""
        from aa_ref.games.blocks_in_the_west.where import answer

        return answer(self, scenario, game, space, units, power, side)

    def template(self, scenario: Scenario, game: Game) -> str:
        """Orders for the side the game waits for: a Defender Reaction sending nothing (`react: {}`), a withdrawal
        fighting on (`withdraw: {}` with the battle hex) [BW L1319-L1323], [BW L1506-L1508]; else the end of the turn."""
        side = game.pending[0].power if game.pending else game.power
        action = "- end_turn: true\n"
        if game.pending:
            waiting = game.pending[0]
            action = f"# {waiting.detail}\n"
            if waiting.kind == "reaction":
                action += "- react: {}\n"
            elif waiting.kind == "interception":
                action += "- intercept: []\n"
            elif waiting.kind == "withdrawal":
                hex_id = waiting.space or (game.battles[0].hex if game.battles else "")
                action += f"- withdraw: {{}}\n  battle: {hex_id}\n"
        return (f"kind: bitw-orders\nschema_version: 1\npower: {side}\n"
                f"based_on: {game.log.head}\nactions:\n# turn {game.turn}, {game.power}, {game.phase} phase\n"
                + action)

