"""`template` suggests the orders the game waits for: a reaction or a withdrawal, not the end of the turn."""

from pathlib import Path

from aa_ref.core.yamlio import parse_yaml

from aa_ref.games.blocks_in_the_west.ruleset import Bitw
from tests.conformance.bitw_runner import load_scenario, run_case

CASES = Path(__file__).parents[1] / "conformance" / "blocks_in_the_west"


def _template(case_name: str, scenario: str = "_combat-scenario.yaml") -> tuple[dict, object]:
    case, outcome = run_case(next(CASES.glob(f"{case_name}-*.yaml")))
    assert not outcome.problems
    text = Bitw().template(load_scenario(scenario), outcome.game)
    return parse_yaml(text).data, outcome.game


def test_a_waited_for_reaction_is_suggested_as_react_none():
    orders, game = _template("318")
    assert game.pending[0].kind == "reaction"
    assert orders["power"] == game.pending[0].power
    assert orders["actions"] == [{"react": {}}]


def test_a_waited_for_withdrawal_is_suggested_as_fighting_on_in_the_battle_hex():
    orders, game = _template("314")
    assert game.pending[0].kind == "withdrawal"
    assert orders["power"] == game.pending[0].power
    assert orders["actions"] == [{"withdraw": {}, "battle": "H24"}]


def test_with_nothing_waited_for_the_turn_ends():
    orders, game = _template("080", "_test-scenario.yaml")
    assert not game.pending
    assert orders["actions"] == [{"end_turn": True}]
