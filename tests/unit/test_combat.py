"""Conduct Combat [L479-L653]: battles fought with recorded dice, decisions and their answers."""

from __future__ import annotations

from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.combat import answer_decision, battle_order, check_battle_orders, check_decision, conduct_combat
from aa_ref.games.axis_allies.rules.ruleset import AA1941
from aa_ref.core.dice import RecordedDice
from aa_ref.core.engine import OrdersInput
from aa_ref.games.axis_allies.rules.context import Context
from aa_ref.core.events import Roll
from aa_ref.games.axis_allies.model.events import fold
from aa_ref.games.axis_allies.model.orders import DecisionAnswer, Orders
from aa_ref.core.setups import load_setup
from aa_ref.games.axis_allies.model.state import Battle, Decision, Force, Game, RetreatPolicy, SpaceState
from aa_ref.core.yamlio import parse_yaml

SETUP = load_setup("aa1941")


# --- helpers ---------------------------------------------------------------------
def new_game(power: str) -> Game:
    game = AA1941().new_game(SETUP, None, {}, "seed", "x.log.yaml")
    game.power, game.phase = power, "conduct_combat"
    return game


def place(game: Game, space: str, *forces: Force) -> None:
    """Replace every unit in `space` with `forces`."""
    state = game.spaces.setdefault(space, SpaceState())
    state.forces = [f.model_copy(deep=True) for f in forces]


def force(power: str, combat: bool = False, **units: int) -> Force:
    return Force(power=power, units=units, combat=combat)


def orders(game: Game, battles: str = "[]") -> OrdersInput:
    text = (f"kind: orders\nschema_version: 1\nround: {game.round}\npower: {game.power}\n"
            f"phase: conduct_combat\nbattles: {battles}\n")
    doc = parse_yaml(text, "orders.yaml")
    return OrdersInput(doc, Orders.model_validate(doc.data))


def decision(game: Game, power: str, space: str, answer: str) -> OrdersInput:
    text = f"kind: decision\nschema_version: 1\nround: {game.round}\npower: {power}\nspace: {space}\n{answer}\n"
    doc = parse_yaml(text, "decision.yaml")
    return OrdersInput(doc, DecisionAnswer.model_validate(doc.data))


def fight(game: Game, dice: list[int], battles: str = "[]") -> Context:
    ctx = Context(SETUP, game.model_copy(deep=True), RecordedDice(dice))
    conduct_combat(ctx, orders(game, battles))
    assert ctx.dice.unused == 0, "every recorded die is used"
    assert fold(game, ctx.events) == ctx.game, "the events alone make the new state"
    return ctx


def answer(game: Game, power: str, space: str, text: str, dice: list[int]) -> Context:
    given = decision(game, power, space, text)
    assert check_decision(Board(SETUP, game), given) == []
    ctx = Context(SETUP, game.model_copy(deep=True), RecordedDice(dice))
    answer_decision(ctx, given)
    assert ctx.dice.unused == 0
    assert fold(game, ctx.events) == ctx.game
    return ctx


def rolls(ctx: Context) -> list[tuple[str, list[int]]]:
    return [(e.context, e.dice) for e in ctx.events if isinstance(e, Roll)]


def units(game: Game, space: str, power: str) -> dict[str, int]:
    return Board(SETUP, game).units(space, [power])


def notes(ctx: Context) -> str:
    return "\n".join(e.text for e in ctx.events if getattr(e, "type", "") == "note")


def ukraine_attack(defenders: dict[str, int]) -> Game:
    """USSR attacks German-held Ukraine from Caucasus with 2 infantry and a tank."""
    game = new_game("USSR")
    place(game, "Ukraine", force("Germany", **defenders), force("USSR", combat=True, infantry=2, tank=1))
    game.turn.battles = [Battle(space="Ukraine", attacker="USSR", kind="land", came_from=["Caucasus"])]
    return game


# --- land battles -------------------------------------------------------------------
def test_land_battle_attacker_wins_and_captures_l649():
    game = ukraine_attack({"infantry": 1})
    # Attack: infantry (1) roll 1, 4; tank (3) rolls 2 -> 2 hits on 1 infantry (forced).
    # Defence: the hit infantry still fires [L599] and hits on 2: USSR loses an infantry (its order).
    ctx = fight(game, [1, 4, 2, 2], "[{at: Ukraine, casualties: [infantry, tank], retreat: {}}]")
    assert rolls(ctx) == [("r1/USSR/Ukraine/cr1/attack", [1, 4, 2]), ("r1/USSR/Ukraine/cr1/defense", [2])]
    g = ctx.game
    assert g.owner("Ukraine") == "USSR" and g.turn.captured == ["Ukraine"]
    assert units(g, "Ukraine", "USSR") == {"infantry": 1, "tank": 1}
    assert units(g, "Ukraine", "Germany") == {}
    assert all(f.combat for f in g.forces("Ukraine"))  # [L690]
    assert g.turn.battles == [] and g.pending == []


def test_defender_casualty_decision_then_resume_l583():
    game = ukraine_attack({"infantry": 1, "tank": 1})
    # Attack hits once (tank rolls 3): Germany has no standing order of loss -> decision.
    ctx = fight(game, [5, 6, 3], "[{at: Ukraine, retreat: {}}]")
    (waiting,) = ctx.game.pending
    assert (waiting.power, waiting.kind, waiting.space, waiting.hits) == ("Germany", "casualties", "Ukraine", 1)
    assert ctx.game.turn.battles[0].step == "attack_assign"
    # An answer naming too many units is refused.
    wrong = decision(ctx.game, "Germany", "Ukraine", "casualties: {infantry: 1, tank: 1}")
    assert "as many hits as possible" in check_decision(Board(SETUP, ctx.game), wrong)[0].message
    # Germany loses the tank; both defenders fire (the tank is behind the casualty line): 6, 6.
    # Round 2: attack 1, 6, 6 -> the last infantry (forced); defence 6. USSR captures.
    after = answer(ctx.game, "Germany", "Ukraine", "casualties: {tank: 1}", [6, 6, 1, 6, 6, 6])
    assert rolls(after) == [("r1/USSR/Ukraine/cr1/defense", [6, 6]), ("r1/USSR/Ukraine/cr2/attack", [1, 6, 6]),
                            ("r1/USSR/Ukraine/cr2/defense", [6])]
    assert after.game.pending == [] and after.game.turn.battles == []
    assert after.game.owner("Ukraine") == "USSR"
    assert units(after.game, "Ukraine", "USSR") == {"infantry": 2, "tank": 1}


def test_attacker_casualties_fall_back_on_standing_orders_else_decide():
    game = ukraine_attack({"infantry": 2})
    # 0 attack hits; defence hits once: USSR has no battle or standing order of loss -> it decides.
    ctx = fight(game, [6, 6, 6, 1, 6], "[{at: Ukraine, retreat: {}}]")
    assert [(d.power, d.kind) for d in ctx.game.pending] == [("USSR", "casualties")]
    game.powers["USSR"].standing.order_of_loss = ["tank"]
    ctx = fight(game, [6, 6, 6, 1, 6, 6, 6, 6, 6], "[{at: Ukraine, retreat: {after_round: 2}}]")
    assert units(ctx.game, "Caucasus", "USSR")["infantry"] == 3 + 2  # retreated after round 2 [L637]
    assert units(ctx.game, "Ukraine", "USSR") == {}
    assert ctx.game.owner("Ukraine") == "Germany"


def test_retreat_policy_moves_land_units_air_stays_l637_l643():
    game = ukraine_attack({"infantry": 2})
    place(game, "Ukraine", force("Germany", infantry=2),
          force("USSR", combat=True, infantry=2), Force(power="USSR", units={"fighter": 1}, combat=True, moved=2))
    ctx = fight(game, [6, 6, 6, 6, 6], "[{at: Ukraine, retreat: {after_round: 1, to: Caucasus}}]")
    g = ctx.game
    moved = [f for f in g.forces("Caucasus", "USSR") if f.retreated]
    assert [(f.units, f.combat, f.done) for f in moved] == [({"infantry": 2}, True, True)]
    (air,) = g.forces("Ukraine", "USSR")
    assert air.units == {"fighter": 1} and air.retreated and air.moved == 2
    assert g.owner("Ukraine") == "Germany" and g.turn.battles == []


def test_retreat_decision_stay_then_retreat_l631():
    game = ukraine_attack({"infantry": 2})
    ctx = fight(game, [6, 6, 6, 6, 6])
    (ask,) = ctx.game.pending
    assert (ask.power, ask.kind) == ("USSR", "retreat") and "Caucasus" in ask.detail
    bad = decision(ctx.game, "USSR", "Ukraine", "retreat: West Russia")
    assert "cannot retreat to West Russia" in check_decision(Board(SETUP, ctx.game), bad)[0].message
    ctx = answer(ctx.game, "USSR", "Ukraine", "retreat: stay", [6, 6, 6, 6, 6])
    assert ctx.game.turn.battles[0].round == 2 and ctx.game.pending[0].kind == "retreat"
    ctx = answer(ctx.game, "USSR", "Ukraine", "retreat: caucasus", [])
    assert units(ctx.game, "Ukraine", "USSR") == {} and ctx.game.turn.battles == []


def test_empty_hostile_territory_is_captured_without_dice_l533():
    game = new_game("USSR")
    place(game, "Ukraine", force("USSR", combat=True, infantry=1))
    game.turn.battles = [Battle(space="Ukraine", attacker="USSR", kind="land", came_from=["Caucasus"])]
    ctx = fight(game, [])
    assert rolls(ctx) == [] and ctx.game.owner("Ukraine") == "USSR"


def test_air_units_never_capture_l653():
    game = new_game("USSR")
    place(game, "Ukraine", force("Germany", infantry=1), force("USSR", combat=True, fighter=1))
    game.turn.battles = [Battle(space="Ukraine", attacker="USSR", kind="land", came_from=["Caucasus"])]
    ctx = fight(game, [3, 6])
    assert ctx.game.owner("Ukraine") == "Germany" and units(ctx.game, "Ukraine", "USSR") == {"fighter": 1}


def test_multinational_defence_lead_defender_chooses_l469():
    game = new_game("Germany")
    place(game, "Karelia", force("USSR", infantry=1), force("UK", fighter=1),
          force("Germany", combat=True, tank=2))
    game.turn.battles = [Battle(space="Karelia", attacker="Germany", kind="land", came_from=["West Russia"])]
    game.powers["USSR"].standing.order_of_loss = ["fighter", "infantry"]
    # Both defend together; USSR controls Karelia and assigns by its order: the UK fighter goes.
    ctx = fight(game, [3, 6, 6, 6], "[{at: Karelia, retreat: {after_round: 1}}]")
    assert units(ctx.game, "Karelia", "UK") == {} and units(ctx.game, "Karelia", "USSR") == {"infantry": 1}
    assert [f.units for f in ctx.game.forces("West Russia", "Germany") if f.retreated] == [{"tank": 2}]


def test_bad_battle_orders_are_reported():
    game = ukraine_attack({"infantry": 1})
    given = orders(game, "[{at: Karelia}, {at: Ukraine, retreat: {to: West Russia}, submerge: true, casualties: [tanks, cavalry]}]")
    messages = [p.message for p in check_battle_orders(Board(SETUP, game), given)]
    assert messages[0].startswith("there is no battle in Karelia")
    assert "unknown unit type 'cavalry'" in messages[1]
    assert "cannot retreat from Ukraine to West Russia" in messages[2]
    assert "only submarines at sea submerge" in messages[3]
    assert len(messages) == 4


# --- sea battles ---------------------------------------------------------------------
def test_surprise_strike_damage_and_guard_l571_l603_l903():
    game = new_game("Germany")
    place(game, "SZ 7", force("UK", battleship=1, carrier=1, fighter=1), force("Germany", combat=True, submarine=2))
    game.turn.battles = [Battle(space="SZ 7", attacker="Germany", kind="sea", came_from=["SZ 6"])]
    game.powers["UK"].standing.order_of_loss = ["battleship", "carrier", "fighter"]
    dice = [1, 2,      # strike: 2 hits -> battleship damaged, carrier sunk before it fires [L573]
            6, 1,      # subs that struck do not fire again [L603]; defence: fighter misses, battleship hits
            2,         # round 2 strike: the damaged battleship sinks
            1]         # the fighter cannot hit a submarine without a destroyer [L959]
    ctx = fight(game, dice, "[{at: SZ 7, submerge: false, retreat: {}}]")
    assert [c for c, _ in rolls(ctx)] == ["r1/Germany/SZ 7/cr1/strike-attack", "r1/Germany/SZ 7/cr1/defense",
                                          "r1/Germany/SZ 7/cr2/strike-attack", "r1/Germany/SZ 7/cr2/defense"]
    g = ctx.game
    assert units(g, "SZ 7", "Germany") == {"submarine": 1} and units(g, "SZ 7", "UK") == {}
    text = notes(ctx)
    assert "PROPOSED guard" in text and "stranded in SZ 7 land in United Kingdom [L720]" in text
    assert g.turn.battles == []


def test_battleship_is_repaired_after_combat_l903():
    game = new_game("Germany")
    place(game, "SZ 7", force("UK", destroyer=1), force("Germany", combat=True, battleship=1))
    game.turn.battles = [Battle(space="SZ 7", attacker="Germany", kind="sea", came_from=["SZ 6"])]
    ctx = fight(game, [6, 1, 1, 6], "[{at: SZ 7, retreat: {}}]")  # round 1: DD damages the BB; round 2: BB sinks it
    (bb,) = ctx.game.forces("SZ 7", "Germany")
    assert bb.units == {"battleship": 1} and bb.damaged == 0 and bb.combat


def test_submerge_decision_for_the_defender_l565():
    game = new_game("Germany")
    place(game, "SZ 7", force("UK", submarine=1), force("Germany", combat=True, submarine=1))
    game.turn.battles = [Battle(space="SZ 7", attacker="Germany", kind="sea", came_from=["SZ 6"])]
    ctx = fight(game, [], "[{at: SZ 7, submerge: false}]")
    (ask,) = ctx.game.pending
    assert (ask.power, ask.kind) == ("UK", "submerge")
    # The UK sub submerges: it leaves the battle, the strike finds no target, the battle ends.
    after = answer(ctx.game, "UK", "SZ 7", "submerge: true", [])
    assert rolls(after) == [] and after.game.turn.battles == []
    assert units(after.game, "SZ 7", "UK") == {"submarine": 1}


def test_destroyer_cancels_submarine_abilities_but_not_an_allys_l935():
    game = new_game("Germany")
    # Japan's destroyer in the zone does not take part [L461, L935]: the UK sub may strike.
    place(game, "SZ 7", force("UK", submarine=1), force("Germany", combat=True, submarine=1, fighter=1),
          force("Japan", destroyer=1))
    game.turn.battles = [Battle(space="SZ 7", attacker="Germany", kind="sea", came_from=["SZ 6"])]
    game.powers["UK"].standing.submerge = False
    # Strikes: German sub misses (3), UK sub misses (2). Step 3: the fighter rolls 1, but
    # without a German destroyer its hit cannot take the UK sub [L959]. Round 2: the German
    # strike sinks the UK sub, which still strikes back (6) [L571-L573].
    ctx = fight(game, [3, 2, 1, 1, 6], "[{at: SZ 7, submerge: false, retreat: {}}]")
    assert [c.rsplit("/", 2)[1:] for c, _ in rolls(ctx)] == [
        ["cr1", "strike-attack"], ["cr1", "strike-defense"], ["cr1", "attack"],
        ["cr2", "strike-attack"], ["cr2", "strike-defense"]]
    assert "1 hit(s) find no unit that may take them" in notes(ctx)
    assert units(ctx.game, "SZ 7", "Japan") == {"destroyer": 1} and units(ctx.game, "SZ 7", "UK") == {}
    # With a German destroyer, the UK sub loses its strike and fires in step 4 on 1 [L561],
    # and the fighter's hit may take it [L959].
    place(game, "SZ 7", force("UK", submarine=1), force("Germany", combat=True, submarine=1, fighter=1, destroyer=1))
    ctx = fight(game, [6, 6, 1, 1], "[{at: SZ 7, submerge: false, casualties: [submarine], retreat: {}}]")
    assert [c.rsplit("/", 1)[1] for c, _ in rolls(ctx)] == ["strike-attack", "attack", "defense"]
    assert units(ctx.game, "SZ 7", "UK") == {} and units(ctx.game, "SZ 7", "Germany") == {"fighter": 1, "destroyer": 1}


def test_undefended_transports_are_destroyed_without_dice_l627_l973():
    game = new_game("Germany")
    cargo = Force(power="UK", units={"transport": 1}, cargo={"UK": {"infantry": 2}})
    place(game, "SZ 7", cargo, force("Germany", combat=True, fighter=1))
    game.turn.battles = [Battle(space="SZ 7", attacker="Germany", kind="sea", came_from=["Western Europe"])]
    ctx = fight(game, [])
    assert rolls(ctx) == [] and units(ctx.game, "SZ 7", "UK") == {}
    assert "with cargo UK: 2 infantry" in notes(ctx)


def test_allies_of_the_attacker_do_not_fight_l461():
    game = new_game("Germany")
    place(game, "SZ 7", force("UK", destroyer=1), force("Germany", combat=True, destroyer=1),
          force("Japan", battleship=1))
    game.turn.battles = [Battle(space="SZ 7", attacker="Germany", kind="sea", came_from=["SZ 6"])]
    ctx = fight(game, [6, 1], "[{at: SZ 7, retreat: {}}]")
    assert units(ctx.game, "SZ 7", "Germany") == {} and units(ctx.game, "SZ 7", "Japan") == {"battleship": 1}
    assert units(ctx.game, "SZ 7", "UK") == {"destroyer": 1}


# --- amphibious assaults ----------------------------------------------------------------
def amphibious(game: Game, defenders_at_sea: dict[str, int]) -> None:
    """Germany lands 2 infantry in Karelia from SZ 5, where a sea battle is fought first."""
    ship = Force(power="Germany", units={"transport": 1}, combat=True, cargo={"Germany": {"infantry": 2}},
                 assault="Karelia")
    place(game, "SZ 5", ship, force("Germany", combat=True, battleship=1), force("USSR", **defenders_at_sea))
    place(game, "Karelia", force("USSR", infantry=1))
    game.turn.battles = [
        Battle(space="Karelia", attacker="Germany", kind="land", amphibious_from=["SZ 5"]),
        Battle(space="SZ 5", attacker="Germany", kind="sea", came_from=["SZ 6"]),
    ]


def test_amphibious_sea_battle_first_then_landing_l483_l509():
    game = new_game("Germany")
    amphibious(game, {"destroyer": 1})
    game.spaces["West Russia"].forces = []
    # Sea: BB hits the DD (1), DD misses (6). Land: 2 seaborne infantry roll 1, 1; the defender 1.
    ctx = fight(game, [1, 6, 1, 1, 1], "[{at: Karelia, retreat: {}}, {at: SZ 5, retreat: {}}]")
    assert [c for c, _ in rolls(ctx)] == ["r1/Germany/SZ 5/cr1/attack", "r1/Germany/SZ 5/cr1/defense",
                                          "r1/Germany/Karelia/cr1/attack", "r1/Germany/Karelia/cr1/defense"]
    g = ctx.game
    assert g.owner("Karelia") == "Germany" and units(g, "Karelia", "Germany") == {"infantry": 1}
    (ship,) = [f for f in g.forces("SZ 5", "Germany") if f.units.get("transport")]
    assert ship.cargo == {} and ship.assault is None


def test_failed_sea_phase_keeps_cargo_aboard_and_the_others_fight_l513():
    game = new_game("Germany")
    amphibious(game, {"destroyer": 1, "battleship": 1})
    place(game, "Karelia", force("USSR", infantry=1), force("Germany", combat=True, tank=1))
    game.turn.battles[0].came_from = ["West Russia"]
    # Sea, round 1: BB misses; the USSR scores 2 hits, both on the BB (transports last [L577]).
    # Germany retreats from the sea after round 1 to SZ 6; the transport keeps its cargo [L983].
    # Land: the tank alone fights (3 vs 1): hits, defender misses.
    ctx = fight(game, [6, 1, 1, 1, 6],
                "[{at: SZ 5, retreat: {after_round: 1, to: SZ 6}}, {at: Karelia, retreat: {}}]")
    g = ctx.game
    (ship,) = g.forces("SZ 6", "Germany")
    assert ship.cargo == {"Germany": {"infantry": 2}} and ship.retreated and ship.assault is None
    assert g.owner("Karelia") == "Germany" and units(g, "Karelia", "Germany") == {"tank": 1}
    assert "did not clear it" in notes(ctx)


def test_seaborne_units_never_retreat_l519():
    game = new_game("Germany")
    ship = Force(power="Germany", units={"transport": 1}, combat=True, cargo={"Germany": {"infantry": 2}},
                 assault="Karelia")
    place(game, "SZ 5", ship)
    place(game, "Karelia", force("USSR", infantry=3), force("Germany", combat=True, tank=1))
    game.turn.battles = [Battle(space="Karelia", attacker="Germany", kind="land", came_from=["West Russia"],
                                amphibious_from=["SZ 5"], retreat=RetreatPolicy(after_round=1))]
    # Round 1: all miss; overland tank retreats to West Russia; seaborne infantry fight on.
    # Round 2: the infantry hit twice, all 3 defenders miss; round 3: one more hit; USSR misses.
    dice = [6, 6, 6, 6, 6, 6,   1, 1, 6, 6, 6,   1, 6, 6]
    ctx = fight(game, dice, "[{at: Karelia, retreat: {after_round: 1}}]")
    g = ctx.game
    assert units(g, "West Russia", "Germany")["tank"] >= 1
    assert [f.units for f in g.forces("West Russia", "Germany") if f.retreated] == [{"tank": 1}]
    assert g.owner("Karelia") == "Germany" and units(g, "Karelia", "Germany") == {"infantry": 2}
    assert "cannot retreat and fight on" in notes(ctx)


def test_transports_that_cannot_retreat_are_destroyed_too_l629():
    game = new_game("Germany")
    ours = Force(power="Germany", units={"transport": 1}, combat=True, cargo={"Germany": {"infantry": 1}})
    place(game, "SZ 7", ours, force("Germany", combat=True, fighter=1), force("UK", submarine=1, transport=1))
    game.turn.battles = [Battle(space="SZ 7", attacker="Germany", kind="sea")]
    # The fighter cannot hit the sub, the sub cannot hit the fighter: the UK transport is
    # undefended [L627]; the German one cannot retreat (it came from nowhere) [L629].
    ctx = fight(game, [])
    assert rolls(ctx) == []
    assert units(ctx.game, "SZ 7", "Germany") == {"fighter": 1} and units(ctx.game, "SZ 7", "UK") == {"submarine": 1}


def test_ships_retreat_only_to_a_zone_friendly_at_the_start_of_the_turn_l637():
    game = new_game("Germany")
    place(game, "SZ 7", force("UK", destroyer=1), force("Germany", combat=True, destroyer=1))
    place(game, "SZ 8")
    game.turn.battles = [
        Battle(space="SZ 8", attacker="Germany", kind="sea", status="done", hostile_at_start=True),
        Battle(space="SZ 7", attacker="Germany", kind="sea", came_from=["SZ 8", "SZ 6"]),
    ]
    ctx = fight(game, [6, 6])
    (ask,) = ctx.game.pending
    assert ask.kind == "retreat" and "answer one of: SZ 6)" in ask.detail
    bad = decision(ctx.game, "Germany", "SZ 7", "retreat: SZ 8")
    assert "cannot retreat to SZ 8" in check_decision(Board(SETUP, ctx.game), bad)[0].message
    after = answer(ctx.game, "Germany", "SZ 7", "retreat: SZ 6", [])
    assert [f.units for f in after.game.forces("SZ 6", "Germany") if f.retreated] == [{"destroyer": 1}]


def test_stranded_fighters_with_a_choice_ask_their_owner_l720():
    """A fighter whose carrier sank moves one space to a friendly territory or carrier with room [L720]."""
    game = new_game("Germany")
    place(game, "SZ 8", force("UK", fighter=1))
    game.pending = [Decision(power="UK", kind="landing", space="SZ 8", hits=1)]
    wrong = decision(game, "UK", "SZ 8", "land_at: Western Europe")
    (problem,) = check_decision(Board(SETUP, game), wrong)
    assert "answer one of SZ 14, United Kingdom" in problem.message and "L720" in problem.rule
    ctx = answer(game, "UK", "SZ 8", "land_at: SZ 14", [])
    assert units(ctx.game, "SZ 14", "UK")["fighter"] == 2 and units(ctx.game, "SZ 8", "UK") == {}
    assert ctx.game.pending == []


def test_amphibious_assaults_come_first_whatever_the_listed_order_l483():
    general = Battle(space="Ukraine", attacker="Germany", kind="land")
    other = Battle(space="SZ 7", attacker="Germany", kind="sea")
    sea = Battle(space="SZ 5", attacker="Germany", kind="sea")
    landing = Battle(space="Karelia", attacker="Germany", kind="land", amphibious_from=["SZ 5"])
    ordered = battle_order([general, other, landing, sea], ["SZ 7", "Ukraine", "Karelia"])
    assert [b.space for b in ordered] == ["SZ 5", "Karelia", "SZ 7", "Ukraine"]
