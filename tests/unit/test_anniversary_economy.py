"""Anniversary economy: technology data, prices, repairs, capacity, China's count, income."""

from __future__ import annotations

import pytest

from aa_ref.games.axis_allies.rules import china

from aa_ref.games.axis_allies.anniversary import research
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.income import expected_income
from aa_ref.games.axis_allies.rules.mobilize import capacity
from aa_ref.games.axis_allies.rules.purchase import purchase_cost, repair_cost
from aa_ref.core.dice import RecordedDice
from aa_ref.games.axis_allies.rules.context import Context
from aa_ref.games.axis_allies.model.events import fold
from aa_ref.games.axis_allies.model.orders import ResearchOrders
from aa_ref.core.session import ruleset_for
from aa_ref.core.setups import load_setup
from aa_ref.games.axis_allies.model.state import Game

TECH_IDS = {
    "advanced_artillery", "rockets", "paratroopers", "increased_factory_production", "war_bonds",
    "mechanized_infantry", "super_submarines", "jet_fighters", "improved_shipyards", "radar",
    "long_range_aircraft", "heavy_bombers",
}


def _game(scenario: str = "anniversary-1941", **options: str) -> tuple[Board, Game]:
    setup = load_setup(scenario)
    game = ruleset_for(setup).new_game(setup, None, dict(options), "unit", "unit.log.yaml")
    return Board(setup, game), game


@pytest.mark.parametrize("scenario", ["anniversary-1941", "anniversary-1942"])
def test_both_scenarios_carry_the_economy_data(scenario):
    setup = load_setup(scenario)
    assert set(setup.technologies) == TECH_IDS
    assert {(t.chart, t.roll) for t in setup.technologies.values()} == {(c, r) for c in (1, 2) for r in range(1, 7)}
    assert {p: len(o) for p, o in setup.national_objectives.items()} == {
        "Germany": 3, "Japan": 3, "Italy": 2, "USA": 4, "UK": 3, "USSR": 2}
    assert setup.china is not None and setup.china.granted_in_turn_of == "USA"
    assert setup.unit_types["industrial_complex"].installation


def test_technology_profiles():
    board, game = _game()
    game.powers["Germany"].technologies = ["jet_fighters", "super_submarines", "long_range_aircraft"]
    assert board.profile("Germany", "fighter").attack == 4
    assert board.profile("Germany", "fighter").defense == 4
    assert board.profile("Germany", "submarine").attack == 3
    assert board.profile("Germany", "submarine").defense == 1
    assert board.profile("Germany", "fighter").movement == 6
    assert board.profile("Germany", "bomber").movement == 8
    assert board.profile("Japan", "fighter").attack == 3


def test_shipyard_prices_are_the_powers_own():
    board, game = _game()
    ships = {"battleship": 1, "carrier": 1, "cruiser": 1, "destroyer": 1, "transport": 1, "submarine": 1}
    assert purchase_cost(board, "Germany", ships) == 67
    game.powers["Germany"].technologies = ["improved_shipyards"]
    assert purchase_cost(board, "Germany", ships) == 56
    assert purchase_cost(board, "Germany", {"infantry": 2}) == 6
    assert purchase_cost(board, "Japan", ships) == 67


def test_repair_cost_halved_and_rounded_up_with_factory_production():
    board, game = _game()
    assert [repair_cost(board, "Germany", n) for n in (1, 2, 3, 4)] == [1, 2, 3, 4]
    game.powers["Germany"].technologies = ["increased_factory_production"]
    assert [repair_cost(board, "Germany", n) for n in (1, 2, 3, 4)] == [1, 1, 2, 2]


def test_capacity_never_below_zero():
    board, game = _game()
    assert capacity(board, "Italy", "Italy") == 6
    game.spaces["Italy"].damage = 12
    assert capacity(board, "Italy", "Italy") == 0
    game.powers["Italy"].technologies = ["increased_factory_production"]
    assert capacity(board, "Italy", "Italy") == 0
    game.spaces["Italy"].damage = 3
    assert capacity(board, "Italy", "Italy") == 5


def test_china_counts_its_own_territories_at_the_start():
    board, _ = _game()
    assert sorted(china.counted_territories(board)) == [
        "Chinghai", "Fukien", "Hupeh", "Ningxia", "Sikang", "Suiyuan", "Yunnan"]
    assert china.infantry_due(board) == 3
    assert china.rules_for(board.setup, "China") is board.setup.china
    assert china.rules_for(board.setup, "USA") is None


def test_expected_income_with_objectives():
    board, game = _game(national_objectives="on")
    assert expected_income(board, "Germany") == (31, {"G1": 5})
    assert expected_income(board, "USA") == (40, {"U1": 5, "U2": 5, "U4": 5})
    assert expected_income(board, "China") == (0, {})
    game.spaces["Germany"].owner = "USSR"
    assert expected_income(board, "Germany") == (0, {})
    board, _ = _game()
    assert expected_income(board, "Germany") == (31, {})


def test_china_does_no_research():
    board, _ = _game(research="on")
    assert research.may_research(board, "Germany")
    assert not research.may_research(board, "China")


def test_development_roll_rerolls_until_a_new_technology():
    setup = load_setup("anniversary-1941")
    game = ruleset_for(setup).new_game(setup, None, {"research": "on"}, "unit", "unit.log.yaml")
    game.powers["Japan"].technologies = ["super_submarines", "jet_fighters", "improved_shipyards", "radar",
                                         "long_range_aircraft"]
    ctx = Context(setup, game.model_copy(deep=True), RecordedDice([6, 1, 2, 3, 4, 5, 1, 6], "test"), manual_dice=True)
    research.execute_research(ctx, "Japan", ResearchOrders(researchers=1, chart=2))
    assert ctx.game.powers["Japan"].technologies[-1] == "heavy_bombers"
    assert ctx.game.powers["Japan"].researchers == 0
    assert ctx.game.powers["Japan"].treasury == game.powers["Japan"].treasury - 5
    assert fold(game, ctx.events).model_dump() == ctx.game.model_dump()
