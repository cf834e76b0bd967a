"""OR 15.0 new factories [BW L2074-L2123]: the scenario's production tracks, limits and schedule checked by `aa-ref
validate` at their place; what the conformance cases 713-719 do not reach (a new factory destroyed by a capture under
OR 16.0, units built in it, the views, the digest of scenarios without the new fields)."""

from __future__ import annotations

from pathlib import Path
from typing import Any


from aa_ref.core.setups import load_setup
from aa_ref.games.blocks_in_the_west import rules
from aa_ref.games.blocks_in_the_west.ruleset import TOP_FIELDS_SINCE_DIGEST, scenario_digest
from aa_ref.games.blocks_in_the_west.views import view
from tests.conformance.bitw_runner import build_state
from tests.conformance.documents_runner import Outcome, play
from tests.located import EditedFile

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "conformance" / "blocks_in_the_west"
EDITS = EditedFile(CASES / "_factories-scenario.yaml", "scenario.yaml")
SCENARIO = "_factories-scenario.yaml"


def _play(case: dict[str, Any]) -> Outcome:
    case = {"scenario": SCENARIO, **case}
    scenario, ruleset, game = build_state(case)
    return play(Path("factories-test.yaml"), case, scenario, ruleset, game, "bitw-orders")


def test_the_rule_is_played():
    assert rules.option_problem("new_factories", "on") is None


def test_the_fixture_validates(folder):
    result = EDITS.validate(folder, EDITS.text())
    assert result.exit_code == 0, result.output


def test_a_missing_die_result_is_reported(folder):
    EDITS.reported(folder, "    6: [H52, H62]\n  allies:", "  allies:", "factory_track:", "axis",
                   "gives no locations for the die result(s) 6")


def test_an_unknown_track_hex_is_reported(folder):
    EDITS.reported(folder, "    1: [H50, H42]", "    1: [H50, H422]", "    1: [H50, H422]", "H422", "unknown hex")


def test_a_pair_of_three_is_reported(folder):
    EDITS.reported(folder, "    3: [H53, H61]", "    3: [H53, H61, H50]", "    3: [H53", "[H53",
                   "a result gives two")


def test_a_track_hex_without_limits_is_reported(folder):
    EDITS.reported(folder, "    3: [H53, H61]", "    3: [H53, H63]", "    3: [H53, H63]", "H63",
                   "has no factory_limits")


def test_a_track_hex_of_the_enemy_is_reported(folder):
    EDITS.reported(folder, "    3: [H53, H61]", "    3: [H53, H12]", "    3: [H53, H12]", "H12",
                   "is not in a nation of the axis")


def test_a_limit_below_the_printed_factories_is_reported(folder):
    EDITS.reported(folder, "production: {yellow: 4, red: 1}, factory_limits: {red: 1, blue: 1}",
                   "production: {yellow: 4, red: 2}, factory_limits: {red: 1, blue: 1}",
                   "red: 2}, factory_limits: {", "1", "counts its printed factories")


def test_a_scheduled_factory_at_an_unknown_hex_is_reported(folder):
    EDITS.reported(folder, "{month: 1940-06, hex: H42, colour: red}", "{month: 1940-06, hex: H4, colour: red}",
                   "{month: 1940-06, hex: H4,", "H4", "unknown hex")


def test_a_scheduled_factory_month_13_is_reported(folder):
    EDITS.reported(folder, "{month: 1940-06, hex: H42, colour: red}", "{month: 1940-13, hex: H42, colour: red}",
                   "{month: 1940-13", "1940-13", "no month")


def test_scenarios_without_the_new_fields_keep_their_digest():
    """Games begun before OR 15.0 recorded their scenario's digest: the empty new fields do not count in it."""
    scenario = load_setup(str(ROOT / "aa_ref" / "setups" / "bitw-demo.yaml"))
    assert set(TOP_FIELDS_SINCE_DIGEST) >= {"factory_track", "factory_schedule"}
    data = scenario.model_dump(mode="json")
    assert "factory_track" in data and data["hexes"]["berlin"]["factory_limits"] is None
    digest = scenario_digest(scenario)
    with_track = scenario.model_copy(update={"factory_track": {"axis": {1: ["berlin", "ruhr"]}}})
    assert scenario_digest(with_track) != digest


def test_both_sides_see_the_track_and_the_new_factories():
    outcome = _play({"options": {"new_factories": "on"}, "state": {"phase": "production", "pp": {"germany": 10},
                     "new_factories": [{"hex": "H52", "colour": "red", "power": "germany", "turn": 1}]},
                     "orders": [{"actions": [{"factory": "blue"}]}]})
    assert not outcome.problems, outcome.problems
    scenario = load_setup(str(CASES / SCENARIO))
    for side in ("axis", "allies"):
        seen = view(scenario, outcome.game, side)
        assert [(w.power, w.colour, w.paid) for w in seen.factory_works] == [("germany", "blue", 1)]
        assert [(f.hex, f.colour) for f in seen.new_factories] == [("H52", "red")]
    assert "germany" not in view(scenario, outcome.game, "allies").pp


def test_only_germany_builds_black_factories():
    outcome = _play({"options": {"new_factories": "on"}, "state": {"phase": "production"},
                     "orders": [{"actions": [{"factory": "black", "power": "italy"}]}]})
    assert any("only Germany builds black" in p for p in outcome.problems)


def test_minor_powers_build_no_factory():
    outcome = _play({"options": {"new_factories": "on"}, "state": {"phase": "production", "power": "allies"},
                     "orders": [{"actions": [{"factory": "red", "power": "belgium"}]}]})
    assert outcome.problems


def test_the_option_off_refuses_the_order():
    outcome = _play({"state": {"phase": "production"}, "orders": [{"actions": [{"factory": "red"}]}]})
    assert any("--option new_factories=on" in p for p in outcome.problems)


def test_a_tank_is_built_in_a_new_red_factory():
    """A new red factory is a red factory [BW L1204], from the turn after its completion [BW L2093]."""
    state = {"turn": 2, "phase": "production", "pp": {"germany": 30},
             "new_factories": [{"hex": "H52", "colour": "red", "power": "germany", "turn": 1}]}
    outcome = _play({"options": {"new_factories": "on"}, "state": state,
                     "orders": [{"actions": [{"place": "de-tank1", "at": "H52"}]}]})
    assert not any("factory" in p for p in outcome.problems), outcome.problems


def test_a_new_factory_captured_is_destroyed_under_or16():
    state = {"power": "allies", "phase": "movement",
             "new_factories": [{"hex": "H52", "colour": "red", "power": "germany", "turn": 1}],
             "blocks": {"fr-inf1": {"hex": "H42"}}, "control": {"H42": "allies"}}
    outcome = _play({"options": {"new_factories": "on", "captured_resources": "on"}, "state": state,
                     "orders": [{"actions": [{"move": ["fr-inf1"], "path": ["H52"]}]}]})
    assert not outcome.problems, outcome.problems
    assert outcome.game.destroyed_factories.get("H52") == ["red"]
