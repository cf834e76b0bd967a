"""OR 31.0 units in reserve [BW L2462-L2473]: what the conformance cases 735-739 and 970-979 do not reach: a blitz
battle the defender's reserve may reinforce [BW L1556], the end of an unused Motorisation reserve, the rule without
the HQ rules, and the views (the barrel is public)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aa_ref.games.blocks_in_the_west import rules
from aa_ref.games.blocks_in_the_west.views import view
from tests.conformance.bitw_runner import build_state
from tests.conformance.documents_runner import Outcome, play

OPTIONS = {"hq_command": "on", "reserves": "on", "withdrawals": "fight_on"}


def _play(case: dict[str, Any], **changes: Any) -> Outcome:
    case = {"scenario": "_hq-scenario.yaml", "options": OPTIONS, **case}
    scenario, ruleset, game = build_state(case)
    for key, value in changes.items():
        setattr(game, key, value)
    return play(Path("reserves-test.yaml"), case, scenario, ruleset, game, "bitw-orders")


def test_the_rule_is_played():
    assert rules.option_problem("reserves", "on") is None


def test_a_blitz_battle_waits_for_the_defenders_reserve():
    """"il difensore non può reagire con i suoi aerei (ma potrebbe farlo se avesse messo delle unità in riserva
    mobile - 31.0)" [BW L1556]: the blitz battle waits for the German reserve, which moves into it."""
    state = {"power": "allies", "phase": "blitz", "reserves": {"de-tank1": "reaction"},
             "blocks": {"fr-tank1": {"hex": "H22", "moved": True}, "de-inf1": {"hex": "H23"},
                        "de-tank1": {"hex": "H24"}}}
    first = _play({"state": state, "orders": [{"actions": [{"blitz": ["fr-tank1"], "to": "H23"}]}]},
                  engaged=["fr-tank1"])
    assert not first.problems, first.problems
    assert [(d.power, d.kind, d.space) for d in first.game.pending] == [("axis", "reaction", "H23")]
    both = _play({"state": state, "orders": [
        {"actions": [{"blitz": ["fr-tank1"], "to": "H23"}]},
        {"power": "axis", "actions": [{"reinforce": ["de-tank1"], "path": ["H23"]}, {"react": {}}]}]},
        engaged=["fr-tank1"])
    assert not both.problems, both.problems
    assert both.game.reserves == {} and not both.game.pending
    assert any("de-tank1 leave reserve and reinforce the battle at H23" in n for n in both.notes)


def test_a_blitz_battle_without_reserve_is_fought_at_once():
    state = {"power": "allies", "phase": "blitz",
             "blocks": {"fr-tank1": {"hex": "H22", "moved": True}, "de-inf1": {"hex": "H23"}}}
    outcome = _play({"state": state, "orders": [{"actions": [{"blitz": ["fr-tank1"], "to": "H23"}]}]},
                    engaged=["fr-tank1"])
    assert not outcome.problems and not outcome.game.pending


def test_air_units_still_do_not_react_to_a_blitz():
    state = {"power": "allies", "phase": "blitz", "reserves": {"de-tank1": "reaction"},
             "blocks": {"fr-tank1": {"hex": "H22", "moved": True}, "de-inf1": {"hex": "H23"},
                        "de-tank1": {"hex": "H24"}, "de-ftr1": {"hex": "H42"}}}
    outcome = _play({"state": state, "orders": [
        {"actions": [{"blitz": ["fr-tank1"], "to": "H23"}]},
        {"power": "axis", "actions": [{"react": {"de-ftr1": "H23"}}]}]}, engaged=["fr-tank1"])
    assert outcome.problems


def test_an_unmoved_motorisation_reserve_loses_its_barrel_at_the_turn_end():
    state = {"phase": "movement", "reserves": {"de-inf3": "motorisation", "de-tank1": "reaction"},
             "blocks": {"de-inf3": {"hex": "H52"}, "de-tank1": {"hex": "H62"}, "fr-inf1": {"hex": "H32"}}}
    outcome = _play({"state": state, "orders": [{"actions": [{"end_turn": True}]}]})
    assert not outcome.problems, outcome.problems
    assert outcome.game.power == "allies" and outcome.game.reserves == {"de-tank1": "reaction"}


def test_no_reserve_without_the_hq_rules():
    """The AP spent on a reserve is an activated HQ's [BW L2471]: without AR 13.0 no unit goes in reserve."""
    state = {"phase": "movement", "blocks": {"de-pzhq": {"hex": "H62"}, "de-inf3": {"hex": "H52"}}}
    outcome = _play({"options": {"reserves": "on"}, "state": state,
                     "orders": [{"actions": [{"reserve": ["de-inf3"], "hq": "de-pzhq"}]}]})
    assert any("hq_command" in p for p in outcome.problems)


def test_no_reserve_with_the_option_off():
    state = {"phase": "movement", "blocks": {"de-pzhq": {"hex": "H62"}, "de-inf3": {"hex": "H52"}}}
    outcome = _play({"options": {"hq_command": "on"}, "state": state, "orders": [{"actions": [
        {"activate": "de-pzhq", "command": []}, {"reserve": ["de-inf3"], "hq": "de-pzhq"}]}]})
    assert any("--option reserves=on" in p for p in outcome.problems)


def test_a_special_armour_hq_puts_no_reserve_in_exploitation_and_a_strategic_air_hq_none_at_all():
    state = {"phase": "movement", "blocks": {"de-goering": {"hex": "H62"}, "de-inf3": {"hex": "H52"}}}
    outcome = _play({"state": state, "orders": [{"actions": [
        {"activate": "de-goering", "command": []}, {"reserve": ["de-inf3"], "hq": "de-goering"}]}]})
    assert any("only the strategic leaders and the armour HQs" in p for p in outcome.problems)


def test_the_barrel_is_seen_by_the_enemy_on_a_hidden_block():
    state = {"phase": "movement", "blocks": {"de-pzhq": {"hex": "H62"}, "de-inf3": {"hex": "H52"},
                                             "fr-inf1": {"hex": "H32"}}}
    outcome = _play({"state": state, "orders": [{"actions": [
        {"activate": "de-pzhq", "command": []}, {"reserve": ["de-inf3"], "hq": "de-pzhq"}]}]})
    assert not outcome.problems, outcome.problems
    scenario, _, _ = build_state({"scenario": "_hq-scenario.yaml", "options": OPTIONS})
    seen = view(scenario, outcome.game, "allies")
    marked = [(name, b) for name, b in seen.blocks.items() if b.reserve]
    assert len(marked) == 1 and marked[0][0].startswith("hidden-") and marked[0][1].hex == "H52"
    assert marked[0][1].unit is None and marked[0][1].strength is None
    assert view(scenario, outcome.game, "axis").blocks["de-inf3"].reserve == "motorisation"
