"""Sea zones, naval units and naval movement in Blocks in the West (OR 18.0, AR 24.0): the scenario format checked by
`validate` at the offending place, the fog of war over naval units."""

from __future__ import annotations

from pathlib import Path

import pytest

from aa_ref.games.blocks_in_the_west.ruleset import Bitw, scenario_digest
from aa_ref.games.blocks_in_the_west.views import view
from tests.conformance.bitw_runner import load_scenario
from tests.located import EditedFile

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "conformance" / "blocks_in_the_west"
EDITS = EditedFile(CASES / "_sea-zones-scenario.yaml", "scenario.yaml")


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_fixture_validates(folder):
    result = EDITS.validate(folder, EDITS.text())
    assert result.exit_code == 0, result.output


def test_an_unknown_adjacent_zone_is_reported(folder):
    EDITS.reported(folder, "    adjacent: [channel]\n", "    adjacent: [channell]\n", "  north_sea:\n", "channell",
                   "unknown sea zone 'channell'; did you mean 'channel'?")


def test_asymmetric_adjacency_is_reported(folder):
    EDITS.reported(folder, "  baltic: {name: Baltic Sea, body: baltic, coast: [H60]}",
                   "  baltic: {name: Baltic Sea, body: baltic, adjacent: [north_sea], coast: [H60]}",
                   "  baltic:", "north_sea", "adjacency goes both ways")


def test_a_zone_washing_an_inland_hex_is_reported(folder):
    EDITS.reported(folder, "    coast: [H10, H01, H11]\n", "    coast: [H10, H01, H12]\n", "channel:", "H12",
                   "not coastal")


def test_a_zone_washing_a_sea_hex_is_reported(folder):
    EDITS.reported(folder, "    coast: [H10, H01, H11]\n", "    coast: [H10, H01, H20]\n", "channel:", "H20",
                   "which is sea")


def test_an_unknown_coast_hex_is_reported(folder):
    EDITS.reported(folder, "    coast: [H10, H01, H11]\n", "    coast: [H10, H01, H111]\n", "channel:", "H111",
                   "unknown hex 'H111'")


def test_a_strait_to_a_zone_not_adjacent_is_reported(folder):
    EDITS.reported(folder, "    straits: {north_sea: [H10, H01]}", "    straits: {baltic: [H10, H01]}",
                   "    straits:", "[H10", "not in its adjacent zones")


def test_an_inland_port_without_a_port_is_reported(folder):
    EDITS.reported(folder, "    inland_ports: {H00: [H10]}", "    inland_ports: {H02: [H10]}", "inland_ports",
                   "[H10]", "has no port")


def test_a_front_beach_off_the_coast_is_reported(folder):
    EDITS.reported(folder, "    front_beaches: {H10: [H01, H11]}", "    front_beaches: {H10: [H01, H21]}",
                   "front_beaches: {H10", "H21", "is not on its coast")


def test_cliffs_off_the_coast_are_reported(folder):
    EDITS.reported(folder, "    cliffs: [H41]", "    cliffs: [H42]", "cliffs:", "H42", "not on its coast")


def test_a_ship_placed_on_land_is_reported(folder):
    EDITS.reported(folder, "  de-uboat2: {hex: H50}", "  de-uboat2: {hex: H51}", "de-uboat2: {hex", "H51",
                   "a land hex without a port")


def test_a_ship_in_an_unknown_zone_is_reported(folder):
    EDITS.reported(folder, "  de-uboat1: {hex: north_sea}", "  de-uboat1: {hex: north_see}", "de-uboat1: {hex",
                   "north_see", "did you mean 'north_sea'?")


def test_a_ship_in_an_enemy_port_is_reported(folder):
    EDITS.reported(folder, "  de-uboat2: {hex: H50}", "  de-uboat2: {hex: H01}", "de-uboat2: {hex", "H01",
                   "which the enemy holds")


def test_too_many_ships_in_a_minor_port_are_reported(folder):
    EDITS.reported(folder, "  de-uboat1: {hex: north_sea}", "  de-uboat1: {hex: H50}", "de-uboat2: {hex", "H50",
                   "bases at most 1 naval unit")


def test_a_ground_unit_at_sea_is_reported(folder):
    EDITS.reported(folder, "  gb-inf1: {hex: H00}", "  gb-inf1: {hex: channel}", "gb-inf1: {hex", "channel",
                   "only naval units are at sea")


def test_a_zone_named_like_a_hex_is_reported(folder):
    EDITS.reported(folder, "  baltic: {name: Baltic Sea,", "  H70: {name: Baltic Sea,", "  H70: {name: Baltic",
                   "{name", "has the name of a hex")


def test_a_scenario_without_sea_zones_keeps_its_digest():
    """`sea_zones` counts in a game's scenario digest only when set (ruleset.TOP_FIELDS_SINCE_DIGEST)."""
    scenario = load_scenario("_sea-scenario.yaml")
    assert "sea_zones" not in scenario.model_fields_set
    data_without = scenario.model_copy(update={"sea_zones": {}})
    assert scenario_digest(data_without) == scenario_digest(scenario)
    zoned = load_scenario("_sea-zones-scenario.yaml")
    assert scenario_digest(zoned) != scenario_digest(zoned.model_copy(update={"sea_zones": {}}))


def test_naval_units_start_at_sea_or_in_port_and_the_enemy_sees_only_where():
    """A U-boat stands upright like every block: the enemy sees where it is and its nation, not which it is nor its
    strength [BW L508]."""
    scenario = load_scenario("_sea-zones-scenario.yaml")
    game = Bitw().new_game(scenario, None, {}, "seed", "game.log.yaml")
    assert game.naval == {"de-uboat1": "north_sea", "de-uboat2": "H50"}
    assert game.blocks["de-uboat1"].hex is None
    axis = view(scenario, game, "axis")
    assert axis.naval["de-uboat1"].at == "north_sea" and axis.naval["de-uboat1"].strength == 2
    assert "de-uboat1" not in axis.off_map
    allies = view(scenario, game, "allies")
    dumped = allies.model_dump_json()
    assert "de-uboat" not in dumped and "U-boat flotilla" not in dumped
    assert sorted(n.at for n in allies.naval.values()) == ["H50", "north_sea"]
    assert all(n.strength is None and n.unit is None for n in allies.naval.values())
