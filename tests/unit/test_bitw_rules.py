"""Unit tests of the Blocks in the West rule modules of supply, production, movement and victory, on the
conformance test scenario (tests/conformance/blocks_in_the_west/_test-scenario.yaml)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from aa_ref.games.blocks_in_the_west import movement, production, supply, victory
from aa_ref.games.blocks_in_the_west.board import Board
from aa_ref.games.blocks_in_the_west.ruleset import OPTIONS, Bitw
from aa_ref.games.blocks_in_the_west.state import BlockState, Game
from tests.conformance.bitw_runner import load_scenario

SCENARIO = load_scenario()


def game(blocks: dict[str, str] | None = None, **fields) -> Game:
    g = Bitw().new_game(SCENARIO, None, {"rules": "basic", "fog_of_war": "on"}, "unit", "g.log.yaml")
    if blocks is not None:
        g.blocks = {b: BlockState(hex=blocks.get(b), strength=SCENARIO.blocks[b].steps[0].value) for b in SCENARIO.blocks}
    for key, value in fields.items():
        setattr(g, key, value)
    return g


def test_rail_network_follows_friendly_rail_and_stops_at_straits() -> None:
    board = Board(SCENARIO, game({}))
    assert supply.rail_network(board, "britain") == {"H00", "H10"}
    assert supply.rail_network(board, "france") == {"H01", "H11", "H12", "H22", "H32"}
    assert {"H42", "H50", "H53", "H74"} <= supply.rail_network(board, "germany")


def test_rail_network_empty_without_the_primary_source() -> None:
    g = game({"fr-inf1": "H62"})
    assert supply.rail_network(Board(SCENARIO, g), "germany") == set()


def test_line_length_counts_a_strait_as_three() -> None:
    board = Board(SCENARIO, game({}))
    assert supply.line_length(board, "H01", "allies", {"H00"}, 3) == 3
    assert supply.line_length(board, "H01", "allies", {"H00"}, 2) is None
    assert supply.line_length(board, "H21", "axis", {"H42"}, 3) == 3


def test_mountain_and_sea_are_never_traced() -> None:
    board = Board(SCENARIO, game({}))
    assert not supply.traceable(board, "H43", "axis")
    assert not supply.traceable(board, "H20", "axis")
    assert supply.traceable(board, "H41", "axis")


def test_a_hex_in_both_zocs_supplies_neither() -> None:
    board = Board(SCENARIO, game({"de-inf1": "H41", "fr-inf1": "H22"}))
    assert board.in_zoc_of("H31", "axis") and board.in_zoc_of("H31", "allies")
    assert not supply.traceable(board, "H31", "axis") and not supply.traceable(board, "H31", "allies")


def test_weather_shortens_the_line() -> None:
    assert supply.LINE == {"good": 3, "rain": 2, "snow": 2, "light_rain": 2}  # light rain: OR 39.0 [BW L2604]


def test_surrender_pp_go_to_the_first_major_power() -> None:
    assert supply.receiving_power(SCENARIO, "allies") == "france"
    assert supply.receiving_power(SCENARIO, "axis") == "germany"


def test_step_costs_by_colour() -> None:
    assert production.COST == {"black": 1, "white": 2, "red": 3}
    assert "blue" not in production.COST


def test_arrival_from_the_turn_track() -> None:
    from aa_ref.games.blocks_in_the_west.act import Act
    from aa_ref.core.dice import SeededDice
    from aa_ref.core.engine import Context

    act = Act(Context(SCENARIO, game({}), SeededDice("x")), SCENARIO, "axis")
    assert production.arrival(act, "de-inf3") == (1, "H62")
    assert production.arrival(act, "it-inf2") == (2, "H74")
    assert production.arrival(act, "de-inf1") is None


@pytest.mark.parametrize(("a", "b", "far"), [("H00", "H00", 0), ("H00", "H01", 1), ("H53", "H22", 4), ("H74", "H00", 11)])
def test_hex_distance(a: str, b: str, far: int) -> None:
    assert movement.distance(Board(SCENARIO, game({})), a, b) == far


def test_coastal_hexes_cost_clear() -> None:
    board = Board(SCENARIO, game({}, weather="rain"))
    assert movement.hex_cost(board, "H60", "H50") == 3
    assert movement.hex_cost(board, "H11", "H10") == 3  # strait


def test_germany_is_the_leader_and_capitals_decide_surrender() -> None:
    from aa_ref.games.blocks_in_the_west.act import Act
    from aa_ref.core.dice import SeededDice
    from aa_ref.core.engine import Context

    assert victory.leader(SCENARIO) == "germany"
    g = game({})
    g.control["H74"] = "allies"
    act = Act(Context(SCENARIO, g, SeededDice("x")), SCENARIO, "allies")
    assert victory.surrendered(act) == ["italy"]


def test_stacking_counts_each_side_apart() -> None:
    board = Board(SCENARIO, game({"fr-inf1": "H32", "fr-inf2": "H32", "de-inf1": "H42", "de-inf2": "H42"}))
    assert board.stacking_problem("H32", ["de-inf1", "de-inf2"]) is None
    assert board.stacking_problem("H32", ["de-inf1", "de-inf2", "de-inf3"]) is not None


def test_options_are_named() -> None:
    assert OPTIONS["supply_sources"] == ("own", "side")
    assert OPTIONS["captured_income"] == ("axis", "none")


@pytest.mark.parametrize("module", ["supply", "production", "movement", "victory"])
def test_every_refusal_cites_the_rulebook(module: str) -> None:
    """Every act.require and Illegal of the rule modules names a seed line (BW Lnnn)."""
    source = (Path(__file__).parents[2] / "aa_ref" / "games" / "blocks_in_the_west" / f"{module}.py").read_text()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in ("require", "Illegal"):
            texts = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            texts += [ast.unparse(a) for a in node.args if not isinstance(a, ast.Constant)]
            cited = any(re.search(r"L\d{3,4}", t) for t in texts) or "bw(rule)" in texts  # basic_only passes its caller's
            assert cited, f"{module}.py line {node.lineno} cites no rule"


def test_a_unit_class_the_scenario_gives_no_tech_level_is_at_tech_1():
    """France and the UK of the demo list no TECH levels: their blocks move at TECH 1 [BW L670]
    (docs/bitw-scenario.md), as combat reads them."""
    from aa_ref.games.blocks_in_the_west.act import Act
    from aa_ref.games.blocks_in_the_west.events import apply_event
    from aa_ref.core.dice import RecordedDice
    from aa_ref.core.engine import Context
    from aa_ref.core.setups import load_setup
    scenario = load_setup("bitw-demo")
    assert "infantry" not in scenario.powers["uk"].tech
    game = Bitw().new_game(scenario, None, {"rules": "basic", "fog_of_war": "on"}, "unit", "x.log")
    act = Act(Context(scenario, game, RecordedDice([]), apply=apply_event), scenario, "allies")
    assert movement.tech_values(act, "uk_inf_1", "move") == scenario.tech_chart["infantry"][1]
