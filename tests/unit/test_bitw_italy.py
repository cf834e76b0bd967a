"""OR 36.0 / 36.1 Italy's surrender and the RSI (`aa_ref.games.blocks_in_the_west.italy`) where the conformance
cases 800-838 do not reach: a whole game from the landing to the RSI's gift, the roll's volley, the rule played,
the digest of games begun before the scenario section, and the hooks' helpers [BW L2554-L2578]."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aa_ref.core.dice import Volley
from aa_ref.core.documents import parse_model
from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.setups import data_sha256, load_setup
from aa_ref.core.yamlio import Document
from aa_ref.games.blocks_in_the_west import italy, rules
from aa_ref.games.blocks_in_the_west.ruleset import Bitw, scenario_digest
from tests.bitw_fields import without_unset_fields_since
from aa_ref.games.blocks_in_the_west.views import view
from tests.conformance.bitw_runner import HERE, build_state, check_expectations, load_scenario
from tests.conformance.documents_runner import play

SCENARIO = load_scenario("_italy-scenario.yaml")
END = {"actions": [{"end_turn": True}]}


def _run(case: dict[str, Any]):
    case = {"scenario": "_italy-scenario.yaml", "options": {"italian_surrender": "on"}, **case}
    scenario, ruleset, game = build_state(case)
    return case, play(HERE / "italy-flow.yaml", case, scenario, ruleset, game, "bitw-orders")


def test_the_option_is_played():
    assert rules.option_problem("italian_surrender", "on") is None


def test_from_the_landing_to_the_rsi():
    """Turn 1 the King dismisses Mussolini; turn 2 Sicily lost, Italy surrenders; turn 3 a German corps reaches Gran
    Sasso and the RSI is declared; turn 4 the Liguria corps enters Milan, the RSI makes its PP and Germany gives 3."""
    case, outcome = _run({
        "state": {"turn": 1, "power": "allies", "phase": "movement", "control": {"H14": "allies", "H24": "allies"},
                  "blocks": {"it-mussolini": {"hex": "H22"}, "it-inf1": {"hex": "H22"}, "de-inf1": {"hex": "H11"},
                             "gb-inf1": {"hex": "H14"}, "gb-inf2": {"hex": "H24"}, "gb-inf3": {"hex": "H24"}}},
        "orders": [{"power": "allies", **END},                                                  # turn 1: dismissed
                   {"power": "axis", **END}, {"power": "allies", **END},                         # turn 2: surrender
                   {"power": "axis", "actions": [{"move": ["de-inf1"], "path": ["H12"]}, {"end_turn": True}]},
                   {"power": "allies", **END},                                                   # turn 3: RSI
                   {"power": "axis", "actions": [{"rsi_gift": {"yellow": 3}}]}],                 # turn 4
        "dice": [1],
        "expect": {"verdict": "legal", "italy_dismissed": 1, "italy_surrendered": 2, "mussolini_freed": 3,
                   "rsi_declared": 3, "rsi_liguria": 4, "rsi_gift": 3, "rsi_gift_turn": 4,
                   "blocks": {"it-mussolini": {"hex": "H01"}, "it-liguria": {"hex": "H11", "strength": 3},
                              "it-inf1": {"hex": None}},
                   "pp": {"italy": 4}, "rolls": [1]},
    })
    assert not check_expectations(case, outcome), check_expectations(case, outcome)
    allied = view(SCENARIO, outcome.game, "allies")
    assert allied.italian_surrender == {"dismissed": 1, "surrendered": 2, "freed": 3, "rsi": 3, "liguria": 4}
    assert allied.blocks["it-mussolini"].name == "Mussolini"  # face up for good, though the Final Supply Checks passed
    assert not outcome.game.blocks["it-mussolini"].revealed
    assert "it-liguria" not in allied.blocks  # the Liguria corps enters upright, hidden like any block


class _Recording:
    """Dice that give 2 and keep what each roll was said to be for."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, Volley | None]] = []

    def roll(self, context: str, count: int, volley: Volley | None = None) -> list[int]:
        self.asked.append((context, volley))
        return [2] * count


def test_the_roll_says_what_it_is_for():
    """The Allied die goes through act.roll with a volley naming the dismissal and the count [BW L2560]."""
    case = {"scenario": "_italy-scenario.yaml", "options": {"italian_surrender": "on"},
            "state": {"turn": 1, "power": "allies", "phase": "movement",
                      "blocks": {"it-mussolini": {"hex": "H22"}, "gb-inf1": {"hex": "H14"}, "gb-inf2": {"hex": "H14"},
                                 "gb-inf3": {"hex": "H42"}}}}
    scenario, ruleset, game = build_state(case)
    data = {"kind": "bitw-orders", "schema_version": 1, "power": "allies", **END}
    doc = Document("orders.yaml", data, tree=data)
    dice = _Recording()
    ctx = Context(scenario, game.model_copy(deep=True), dice, manual_dice=True, apply=ruleset.apply_event)
    ruleset.adjudicate(ctx, OrdersInput(doc, parse_model(doc, "bitw-orders")))
    [(context, volley)] = dice.asked
    assert context == "t1/allies/italian_surrender"
    assert volley is not None and "dismissal of Mussolini" in volley.title and "3 Allied unit(s)" in volley.title
    assert "lower than 3" in volley.text(1)
    assert ctx.game.italy_dismissed == 1 and ctx.game.blocks["it-mussolini"].hex == "H12"


def test_a_scenario_without_the_section_keeps_its_digest():
    """Games begun before OR 36.0's fields keep their digest: unset, the section and the hex flag are left out."""
    plain = load_scenario()  # the test map: no italian_surrender, no Mediterranean port
    data = plain.model_dump(mode="json")
    assert data.pop("italian_surrender") is None
    for entry in data["hexes"].values():
        assert entry.pop("mediterranean") is False
    without_unset_fields_since(data)  # the other fields added since, each left out while unset
    assert scenario_digest(plain) == data_sha256(data)
    assert scenario_digest(SCENARIO) != scenario_digest(SCENARIO.model_copy(update={"italian_surrender": None}))


def test_income_and_supply_after_the_surrender():
    """Italy's hexes: yellow PP to Germany, no coloured; Italian blocks trace to Germany's sources [BW L2564]."""
    game = Bitw().new_game(SCENARIO, None, {"italian_surrender": "on"}, "s", "g.log.yaml")
    assert italy.income_power(game, SCENARIO, "italy", "italy", "yellow") == "italy"
    game.italy_surrendered = 2
    assert italy.income_power(game, SCENARIO, "italy", "italy", "yellow") == "germany"
    assert italy.income_power(game, SCENARIO, "italy", "italy", "red") is None
    assert italy.income_power(game, SCENARIO, "germany", "germany", "red") == "germany"
    assert italy.supplier(game, SCENARIO, "italy") == "germany"
    assert italy.gone(game, SCENARIO, "italy") and not italy.gone(game, SCENARIO, "germany")


def test_option_off_changes_nothing():
    game = Bitw().new_game(SCENARIO, None, {}, "s", "g.log.yaml")
    game.italy_surrendered = 2  # cannot happen with the option off; even so the hooks stay silent
    assert italy.places(game, SCENARIO) is None
    assert italy.income_power(game, SCENARIO, "italy", "italy", "yellow") == "italy"
    assert italy.supplier(game, SCENARIO, "italy") == "italy"


def test_the_italian_scenario_is_valid():
    assert load_setup(str(Path(HERE) / "_italy-scenario.yaml")).italian_surrender is not None


def test_a_leaders_action_on_the_dismissed_mussolini_counts_as_an_order_for_him():
    """`check_action` reads every block an order moves or names in a leader's action (OR 36.0 [BW L2560])."""
    from aa_ref.games.blocks_in_the_west import orders as o

    assert italy._named(o.Activate(activate="de-hitler", actions={"unsupplied": "it-mussolini"})) == [
        "de-hitler", "it-mussolini"]
    assert italy._named(o.Move(move=["it-mussolini", "de-inf1"], path=["H02"])) == ["it-mussolini", "de-inf1"]
    assert italy._named(o.Withdraw(withdraw={"it-mussolini": "H02"}, battle="H12")) == ["it-mussolini"]
    assert italy._named(o.HitPriorityOrder(hit_priority=["it-mussolini"])) == []
