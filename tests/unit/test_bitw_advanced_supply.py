"""Unit tests of the Blocks in the West advanced ZOC (AR 8.0 [BW L1590-L1592]) and advanced supply (AR 12.0
[BW L1775-L1813]), on the advanced-rules test scenario (tests/conformance/blocks_in_the_west/_advanced-scenario.yaml)."""

from __future__ import annotations

import pytest

from aa_ref.games.blocks_in_the_west import supply
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.board import Board
from aa_ref.games.blocks_in_the_west.events import apply_event
from aa_ref.games.blocks_in_the_west.ruleset import Bitw
from aa_ref.games.blocks_in_the_west.state import BlockState, Game
from aa_ref.core.engine import Context
from aa_ref.core.dice import SeededDice
from tests.conformance.bitw_runner import load_scenario

SCENARIO = load_scenario("_advanced-scenario.yaml")


def game(blocks: dict[str, str | tuple[str, int]], weather: str = "good", **options: str) -> Game:
    g = Bitw().new_game(SCENARIO, None, {"rules": "basic", "fog_of_war": "on", **options}, "unit", "g.log.yaml")
    g.blocks = {}
    for b, block in SCENARIO.blocks.items():
        where = blocks.get(b)
        hex_id, strength = (where if isinstance(where, tuple) else (where, block.steps[0].value))
        g.blocks[b] = BlockState(hex=hex_id, strength=strength)
    g.weather = weather  # type: ignore[assignment]
    return Game.model_validate(g.model_dump())


# --- AR 8.0 ------------------------------------------------------------------------------------------------
def test_advanced_zoc_is_off_in_basic_rules() -> None:
    """Basic rules: the ZOC crosses rivers and enters cities and fortifications [BW L706-L718]."""
    board = Board(SCENARIO, game({"de-inf1": "H33", "de-inf2": "H02"}))
    assert board.in_zoc_of("H23", "axis") and board.in_zoc_of("H03", "axis") and board.in_zoc_of("H12", "axis")


@pytest.mark.parametrize("weather, crosses", [("good", False), ("rain", False), ("snow", True)])
def test_zoc_crosses_a_river_only_frozen(weather: str, crosses: bool) -> None:
    """AR 8.0: "La ZOC non si esercita attraverso fiumi non congelati" [BW L1592]; rivers freeze in snow [BW L1640]."""
    board = Board(SCENARIO, game({"de-inf1": "H33"}, weather, advanced_zoc="on"))
    assert board.in_zoc_of("H23", "axis") is crosses
    assert board.in_zoc_of("H24", "axis")  # no river there


def test_zoc_stops_at_enemy_major_cities_capitals_and_fortifications_only() -> None:
    """AR 8.0 [BW L1592]: enemy major cities (a capital is one [BW L567]), bunkers and fortresses, occupied or not."""
    board = Board(SCENARIO, game({"de-inf1": "H02", "de-inf2": "H42"}, advanced_zoc="on"))
    assert not board.in_zoc_of("H03", "axis")  # Nantes, a French major city
    assert not board.in_zoc_of("H12", "axis")  # Paris, the French capital
    assert not board.in_zoc_of("H32", "axis")  # Metz, a fortress
    assert board.in_zoc_of("H01", "axis") and board.in_zoc_of("H11", "axis")  # a minor city and a plain hex
    assert board.zoc_blocked("H02", "H03", "axis") == "city"
    assert board.zoc_blocked("H42", "H32", "axis") == "fort"
    assert board.zoc_blocked("H02", "H01", "axis") is None


def test_a_city_of_the_exerting_side_is_no_enemy_city() -> None:
    g = game({"de-inf1": "H02"}, advanced_zoc="on")
    g.control["H03"] = "axis"
    assert Board(SCENARIO, g).in_zoc_of("H03", "axis")


def test_the_french_zoc_stops_at_german_cities_too() -> None:
    board = Board(SCENARIO, game({"fr-inf1": "H43"}, advanced_zoc="on"))  # H43 is next to Munich (H53)
    assert not board.in_zoc_of("H53", "allies")
    assert board.in_zoc_of("H52", "allies")


def test_an_empty_stronghold_surrounded_by_zoc_is_entered() -> None:
    """The exception of [BW L1592] "ad eccezione se questi esagono siano vuoti ed arresti tramite zoc alleata" read
    as: an empty enemy city or fortification whose every land neighbour is in the side's ZOC (or holds its ground
    units) is in its ZOC after all (docs/bitw-rulings.md)."""
    # Nantes (H03): land neighbours H02, H04, H12, H13. Germans in H02 and H04; Paris (H12, an enemy capital) and
    # the bunker H13 are closed to their ZOC too: Nantes is not surrounded.
    board = Board(SCENARIO, game({"de-inf1": "H02", "de-inf2": "H04"}, advanced_zoc="on"))
    assert not board.in_zoc_of("H03", "axis")
    # with Paris and the bunker held by the Axis, both are in the German ZOC: Nantes is surrounded and empty
    g = game({"de-inf1": "H02", "de-inf2": "H04"}, advanced_zoc="on")
    g.control.update({"H12": "axis", "H13": "axis"})
    assert Board(SCENARIO, g).in_zoc_of("H03", "axis")
    # not when Nantes is occupied
    g.blocks["fr-inf1"] = BlockState(hex="H03", strength=4)
    assert not Board(SCENARIO, g).in_zoc_of("H03", "axis")


def test_zoc_reaches_one_hex_as_the_zones_do() -> None:
    """`zoc_reaches` (retreats [BW L1514]) agrees with the zones: the river, the enemy city, a plain hex."""
    board = Board(SCENARIO, game({"de-inf1": "H33", "de-inf2": "H02"}, advanced_zoc="on"))
    assert not board.zoc_reaches("H33", "H23", "axis") and board.zoc_reaches("H33", "H24", "axis")
    assert not board.zoc_reaches("H02", "H03", "axis") and board.zoc_reaches("H02", "H01", "axis")
    basic = Board(SCENARIO, game({"de-inf1": "H33"}))
    assert basic.zoc_reaches("H33", "H23", "axis")


def test_forts_and_festungs_exert_no_zoc() -> None:
    """[BW L1094], [BW L1592]: "I Forti ed i Festung dell'Asse non esercitano ZOC"."""
    board = Board(SCENARIO, game({"de-fort1": ("H13", 7)}, advanced_zoc="on"))
    assert not board.exerts_zoc("de-fort1") and not board.in_zoc_of("H23", "axis")


# --- AR 12.1-12.2 sieges -----------------------------------------------------------------------------------
NANTES = {"fr-inf1": "H03", "de-inf1": "H02", "de-inf2": "H13"}


def test_surrounded_counts_enemy_units_and_enemy_zoc() -> None:
    board = Board(SCENARIO, game(NANTES))
    assert supply.surrounded(board, "H03", "allies")
    board = Board(SCENARIO, game({"fr-inf1": "H03", "de-inf1": "H02"}))
    assert not supply.surrounded(board, "H03", "allies")  # H04 and H13 are free


def test_besieged_only_with_the_rule() -> None:
    assert not supply.besieged(Board(SCENARIO, game(NANTES)), "fr-inf1")
    assert supply.besieged(Board(SCENARIO, game(NANTES, advanced_supply="on")), "fr-inf1")


def test_minor_port_cap_takes_the_strongest() -> None:
    """"max 1 in un porto minore" [BW L1779]: the strongest block is besieged, the other not."""
    board = Board(SCENARIO, game({**NANTES, "fr-inf3": "H03"}, advanced_supply="on"))
    assert supply.besieged(board, "fr-inf1") and not supply.besieged(board, "fr-inf3")
    assert supply.siege_cap(board, "H03", "fr-inf1") == 1


def test_capital_siege_is_for_the_capital_s_own_units() -> None:
    """"o nelle loro capitali (4 max)" [BW L1779]: Paris besieges French blocks, not British ones."""
    board = Board(SCENARIO, game({"fr-inf2": "H12", "gb-inf1": "H12", "de-inf1": "H02", "de-inf2": "H22"},
                                 advanced_supply="on"))
    assert supply.siege_cap(board, "H12", "fr-inf2") == 4 and supply.siege_cap(board, "H12", "gb-inf1") == 0
    assert supply.besieged(board, "fr-inf2") and not supply.besieged(board, "gb-inf1")
    assert not supply.supplied(board, "fr-inf2")  # besieged: out of supply though Paris is its source
    assert supply.supplied_at(board, "H12", "france")  # the hex itself still traces (income, placements)


def test_a_festung_holds_every_unit_with_it() -> None:
    """[BW L1789]: units besieged with a Festung (a fort at 7 [BW L1098]); a fort at 5 is none."""
    around = {"fr-inf1": "H22", "fr-inf2": "H24"}
    board = Board(SCENARIO, game({**around, "de-inf1": "H23", "de-art1": "H23", "de-fort1": ("H23", 7)},
                                 advanced_supply="on"))
    assert supply.festung(board, "de-fort1")
    assert supply.besieged(board, "de-inf1") and supply.besieged(board, "de-art1")
    board = Board(SCENARIO, game({**around, "de-inf1": "H23", "de-fort1": ("H23", 5)}, advanced_supply="on"))
    assert not supply.festung(board, "de-fort1") and not supply.besieged(board, "de-inf1")


def test_air_units_are_never_besieged() -> None:
    board = Board(SCENARIO, game({**NANTES, "fr-ftr1": "H03"}, advanced_supply="on"))
    assert not supply.besieged(board, "fr-ftr1")


# --- AR 12.4-12.5 -------------------------------------------------------------------------------------------
def _act(g: Game, side: str = "axis") -> Act:
    return Act(Context(SCENARIO, g, SeededDice("unit"), apply=apply_event), SCENARIO, side)  # type: ignore[arg-type]


@pytest.mark.parametrize("block, tech2", [("de-inf1", True), ("it-inf1", False), ("de-ftr1", False)])
def test_desperate_attack_needs_tech_2_and_a_ground_unit(block: str, tech2: bool) -> None:
    """[BW L1795-L1801]: TECH 2-3 ground units out of supply may attack; TECH 1 ones keep the basic penalties."""
    g = game({block: "H23"}, advanced_supply="on")
    g.blocks[block].out_of_supply = True
    assert supply.desperate(_act(g), block) is tech2
    g.options["advanced_supply"] = "off"
    assert not supply.desperate(_act(g), block)


@pytest.mark.parametrize("block, colour", [("de-inf1", "yellow"), ("de-tank1", "red"), ("de-mech1", "red"),
                                           ("de-ftr1", "blue"), ("de-para1", "blue"), ("de-hq1", "black"),
                                           ("gb-mar1", "yellow"), ("de-mot1", "yellow"), ("de-art1", "yellow")])
def test_surrender_colour_by_type(block: str, colour: str) -> None:
    """AR 12.5 [BW L1811]: infantry and naval units (Marines) give yellow, the others their type's colour (11.0)."""
    g = game({}, advanced_supply="on", advanced_production="on")
    assert supply.surrender_colour(_act(g), block) == colour
    g.options["advanced_production"] = "off"
    assert supply.surrender_colour(_act(g), block) == "yellow"  # no coloured PP without AR 11.0
