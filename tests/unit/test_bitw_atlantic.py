"""OR 34.0 Cash & Carry and Lend-Lease, OR 35.2 the U-boats' convoy war [BW L2510-L2552]: the scenario's `atlantic`
data checked by `aa-ref validate`, the options refused without it, and the corners the conformance cases (753-759,
890-899) do not reach."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from ruamel.yaml import YAML

from aa_ref.core.errors import UsageError
from aa_ref.core.setups import load_setup
from aa_ref.games.blocks_in_the_west import lend_lease, rules
from aa_ref.games.blocks_in_the_west.ruleset import Bitw, scenario_digest
from aa_ref.games.blocks_in_the_west.views import view
from tests.conformance.bitw_runner import check_expectations, run_case
from tests.located import EditedFile

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "conformance" / "blocks_in_the_west"
EDITS = EditedFile(CASES / "_atlantic-scenario.yaml", "scenario.yaml")
BRITAIN = "  britain: britain\n  france: france\n"


def play(tmp_path: Path, case: dict[str, Any]) -> Any:
    """Run a case written on the fly (the cases' scenario folder, `_atlantic-scenario.yaml`); its outcome, after
    checking its expectations."""
    case = {"case": 0, "title": "unit", "rule": "BW L2552", "scenario": "_atlantic-scenario.yaml", **case}
    path = tmp_path / "000-unit.yaml"
    with path.open("w", encoding="utf-8") as out:
        YAML().dump(case, out)
    loaded, outcome = run_case(path)
    assert not check_expectations(loaded, outcome), check_expectations(loaded, outcome)
    return outcome


def test_the_atlantic_fixture_validates(folder):
    result = EDITS.validate(folder, EDITS.text())
    assert result.exit_code == 0, result.output


def test_an_unknown_britain_is_reported(folder):
    EDITS.reported(folder, BRITAIN, "  britain: britian\n  france: france\n", "\natlantic:\n", "britian", "unknown power")


def test_an_axis_britain_is_reported(folder):
    EDITS.reported(folder, BRITAIN, "  britain: germany\n  france: france\n", "\natlantic:\n", "germany", "Axis power")


def test_france_as_britain_is_reported(folder):
    EDITS.reported(folder, BRITAIN, "  britain: britain\n  france: britain\n", "\n  france: britain", "britain",
                   "GB itself")


def test_an_unknown_island_nation_is_reported(folder):
    EDITS.reported(folder, BRITAIN, BRITAIN + "  islands: [ireland]\n", "\natlantic:\n", "ireland", "no hex belongs")


def test_a_u_boat_beyond_four_levels_is_refused(folder):
    text = EDITS.edited("north_atlantic: 2", "north_atlantic: 9")
    result = EDITS.validate(folder, text)
    assert result.exit_code == 1 and "north_atlantic" in result.output, result.output


def test_both_rules_are_played():
    assert rules.option_problem("lend_lease", "on") is None and rules.option_problem("convoy_war", "on") is None


@pytest.mark.parametrize("option", ["lend_lease", "convoy_war"])
def test_a_scenario_without_atlantic_data_refuses_the_options(option):
    scenario = load_setup(str(CASES / "_advanced-scenario.yaml"))
    with pytest.raises(UsageError, match="atlantic"):
        Bitw().new_game(scenario, None, {option: "on"}, "seed", "game.log.yaml")
    Bitw().new_game(scenario, None, {option: "off"}, "seed", "game.log.yaml")


def test_the_atlantic_data_counts_in_the_digest_when_set():
    """Left out of the digest while unset (games begun before it still load: the example tests), counted when set."""
    scenario = load_setup(str(CASES / "_atlantic-scenario.yaml"))
    assert scenario_digest(scenario) != scenario_digest(scenario.model_copy(update={"atlantic": None}))


def test_the_u_boat_target_needs_the_option(tmp_path):
    play(tmp_path, {"state": {"turn": 5, "power": "axis", "phase": "production"},
                    "orders": [{"actions": [{"u_boat_target": "lend_lease"}]}],
                    "expect": {"verdict": "illegal", "errors": ["option convoy_war"], "rule_cited": "BW L2544"}})


def test_the_lend_lease_route_without_lend_lease_means_the_convoys(tmp_path):
    """The Axis's declaration counts only while Lend-Lease runs; else the North Atlantic U-boat hits the convoys."""
    play(tmp_path, {"options": {"convoy_war": "on"},
                    "state": {"turn": 5, "power": "axis", "phase": "exploitation", "u_boat_target": "lend_lease",
                              "pp": {"britain": 10}, "blocks": {"gb-inf1": {"hex": "H00"}}},
                    "orders": [{"actions": [{"end_turn": True}]}], "dice": [6, 1, 1, 1],
                    "expect": {"verdict": "legal", "pp": {"britain": 8},
                               "notes": ["the North Atlantic U-boat attacks the Commonwealth convoys"]}})


def test_gb_loses_no_more_yellow_than_it_has(tmp_path):
    play(tmp_path, {"options": {"convoy_war": "on"},
                    "state": {"turn": 5, "power": "axis", "phase": "exploitation", "pp": {"britain": 3},
                              "blocks": {"gb-inf1": {"hex": "H00"}}},
                    "orders": [{"actions": [{"end_turn": True}]}], "dice": [6, 6, 6, 1],
                    "expect": {"verdict": "legal", "pp": {"britain": 0}, "notes": ["loses 3 yellow PP", "it had 3"]}})


def test_no_u_boat_attacks_in_the_axis_strategic_warfare_phase(tmp_path):
    """'durante la fase di Guerra strategica alla GB' [BW L2546]: the Allied turn's phase only."""
    outcome = play(tmp_path, {"options": {"convoy_war": "on", "lend_lease": "on", "advanced_production": "on"},
                              "state": {"turn": 19, "power": "allies", "phase": "exploitation", "lend_lease_turn": 18,
                                        "pp": {"britain": 10}, "blocks": {"gb-inf1": {"hex": "H00"},
                                                                          "de-inf2": {"hex": "H62"}}},
                              "orders": [{"actions": [{"end_turn": True}]}],
                              "expect": {"verdict": "legal", "turn": 20, "power": "axis", "pp": {"britain": 10},
                                         "lend_lease_pp": {}, "rolls": []}})
    assert not any("U-boat" in n for n in outcome.notes)


def test_lend_lease_goes_on_after_the_soviets_enter_the_war(tmp_path):
    """The USSR at war stops Lend-Lease from beginning, not once begun: the shipment still comes in June 1941."""
    play(tmp_path, {"options": {"lend_lease": "on", "advanced_production": "on"},
                    "state": {"turn": 21, "power": "axis", "phase": "exploitation", "lend_lease_turn": 18,
                              "blocks": {"gb-inf1": {"hex": "H00"}}},
                    "orders": [{"actions": [{"end_turn": True}]}],
                    "expect": {"verdict": "legal", "lend_lease_pp": {"red": 3, "blue": 2}}})


def test_lend_lease_does_not_begin_without_the_option(tmp_path):
    play(tmp_path, {"options": {"advanced_production": "on"},
                    "state": {"turn": 5, "power": "axis", "phase": "exploitation",
                              "blocks": {"de-inf1": {"hex": "H10"}, "gb-inf1": {"hex": "H00"}}},
                    "orders": [{"actions": [{"end_turn": True}]}],
                    "expect": {"verdict": "legal", "lend_lease_turn": 0, "lend_lease_pp": {}}})


def test_axis_control_of_a_british_hex_is_an_invasion(tmp_path):
    play(tmp_path, {"options": {"lend_lease": "on", "advanced_production": "on"},
                    "state": {"turn": 5, "power": "axis", "phase": "exploitation", "control": {"H10": "axis"},
                              "blocks": {"gb-inf1": {"hex": "H00"}}},
                    "orders": [{"actions": [{"end_turn": True}]}],
                    "expect": {"verdict": "legal", "lend_lease_turn": 5}})


def test_france_fallen_by_its_capital(tmp_path):
    """France's capital held by the Axis (it surrendered [BW L802]) is a fall like the armistice."""
    play(tmp_path, {"options": {"lend_lease": "on", "advanced_production": "on"},
                    "state": {"turn": 18, "power": "axis", "phase": "exploitation", "control": {"H12": "axis"},
                              "blocks": {"gb-inf1": {"hex": "H00"}}},
                    "orders": [{"actions": [{"end_turn": True}]}],
                    "expect": {"verdict": "legal", "lend_lease_turn": 18}})


def test_cash_and_carry_is_an_allied_production_order(tmp_path):
    play(tmp_path, {"options": {"lend_lease": "on", "advanced_production": "on"},
                    "state": {"turn": 5, "power": "axis", "phase": "production", "pp": {"germany": 10}},
                    "orders": [{"actions": [{"cash_and_carry": {"red": 1}}]}],
                    "expect": {"verdict": "illegal", "errors": ["only GB buys"], "rule_cited": "BW L2532"}})


def test_lend_lease_pp_pay_their_colour_and_its_yellow_only():
    """A motorized Marine's first step (2 yellow, 2 white, 2 red): Lend-Lease red pays the red, the white's yellow is
    still paid; a tank step of 3 with 2 Lend-Lease red costs 1 red and 1 yellow more."""
    scenario = load_setup(str(CASES / "_atlantic-scenario.yaml"))
    act = SimpleNamespace(scenario=scenario, game=SimpleNamespace(lend_lease_pp={"red": 3}))
    price = {"yellow": 2, "white": 2, "red": 2}
    assert lend_lease.share(act, "britain", price) == {"red": 2}  # type: ignore[arg-type]
    assert price == {"yellow": 2, "white": 2, "red": 0}
    act.game.lend_lease_pp = {"red": 2}
    price = {"yellow": 3, "red": 3}
    assert lend_lease.share(act, "britain", price) == {"red": 2}  # type: ignore[arg-type]
    assert price == {"yellow": 1, "red": 1}
    price = {"yellow": 3, "red": 3}
    assert lend_lease.share(act, "france", price) == {} and price == {"yellow": 3, "red": 3}  # type: ignore[arg-type]


def test_the_allies_see_their_lend_lease_pp_and_the_axis_its_target():
    case, outcome = run_case(CASES / "758-lend-lease-begins-when-gb-is-invaded.yaml")
    assert not outcome.problems
    scenario = load_setup(str(CASES / "_atlantic-scenario.yaml"))
    axis, allies = view(scenario, outcome.game, "axis"), view(scenario, outcome.game, "allies")
    assert allies.lend_lease and axis.lend_lease
    assert allies.lend_lease_pp == {"red": 3, "blue": 2} and axis.lend_lease_pp == {}
    assert allies.u_boat_target is None and axis.u_boat_target is None  # convoy_war off in this case


def test_no_die_picks_among_pieces_of_one_colour(tmp_path):
    """Without AR 11.0 the shipment is 5 yellow PP: a hit on the route sinks one with no die to choose it."""
    play(tmp_path, {"options": {"convoy_war": "on", "lend_lease": "on"},
                    "state": {"turn": 19, "power": "axis", "phase": "exploitation", "lend_lease_turn": 18,
                              "u_boat_target": "lend_lease", "pp": {"britain": 0},
                              "blocks": {"gb-inf1": {"hex": "H00"}}},
                    "orders": [{"actions": [{"end_turn": True}]}], "dice": [6, 6, 1, 1],
                    "expect": {"verdict": "legal", "pp": {"britain": 3}, "rolls": [6, 6, 1, 1],
                               "notes": ["sinks 1 yellow Lend-Lease PP", "receives the Lend-Lease PP: 3 yellow"]}})


def test_a_not_invasion_hex_of_another_nation_is_reported(folder):
    EDITS.reported(folder, BRITAIN, BRITAIN + "  not_invasion: [H01]\n", "not_invasion", "H01", "not a hex of britain")


def test_the_channel_islands_are_no_invasion(tmp_path, monkeypatch):
    """An Axis unit in a `not_invasion` hex of GB's (the Channel Islands [BW L624]) does not open Lend-Lease."""
    scenario_text = (CASES / "_atlantic-scenario.yaml").read_text(encoding="utf-8")
    assert scenario_text.count(BRITAIN) == 1
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "_atlantic-scenario.yaml").write_text(scenario_text.replace(BRITAIN, BRITAIN + "  not_invasion: [H10]\n"),
                                                    encoding="utf-8")
    monkeypatch.setattr("tests.conformance.bitw_runner.HERE", folder)
    play(tmp_path, {"options": {"lend_lease": "on", "advanced_production": "on"},
                    "state": {"turn": 5, "power": "axis", "phase": "exploitation",
                              "blocks": {"de-inf1": {"hex": "H10"}, "gb-inf1": {"hex": "H00"}}},
                    "orders": [{"actions": [{"end_turn": True}]}],
                    "expect": {"verdict": "legal", "lend_lease_turn": 0}})
