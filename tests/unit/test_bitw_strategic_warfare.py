"""The Strategic Warfare phase, OR 26.0 Wunderwaffen and OR 32.0 strategic bombing: the scenario's fields checked by
`aa-ref validate`, what each side's view shows, the digest of games begun before, ports closed to supply, the
template's answer to an interception [BW L1155], [BW L2372-L2406], [BW L2475-L2508]. The rules themselves:
conformance cases 760-777 and 860-888."""

from __future__ import annotations

from pathlib import Path


from aa_ref.core.setups import data_sha256, load_setup
from aa_ref.games.blocks_in_the_west import rules, strategic_warfare, supply
from aa_ref.games.blocks_in_the_west.board import Board
from aa_ref.games.blocks_in_the_west.ruleset import Bitw, scenario_digest
from tests.bitw_fields import without_unset_fields_since
from aa_ref.games.blocks_in_the_west.state import Damage
from aa_ref.games.blocks_in_the_west.views import view
from tests.conformance.bitw_runner import run_case
from tests.located import EditedFile

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "conformance" / "blocks_in_the_west"
EDITS = EditedFile(CASES / "_airwar-scenario.yaml", "scenario.yaml")
WW = "wunderwaffen: {peenemunde: H60, atlantic_coast: [H01, H02], v2_corps: de-inf65, britain: britain}"


def test_the_fixture_validates(folder):
    assert EDITS.validate(folder, EDITS.text()).exit_code == 0


def test_an_unknown_peenemunde_is_reported(folder):
    EDITS.reported(folder, WW, WW.replace("peenemunde: H60", "peenemunde: H66"), "wunderwaffen:", "H66",
                   "unknown hex")


def test_an_inland_atlantic_coast_is_reported(folder):
    EDITS.reported(folder, WW, WW.replace("[H01, H02]", "[H01, H12]"), "wunderwaffen:", "H12",
                   "is not a coastal land hex")


def test_an_allied_65th_corps_is_reported(folder):
    EDITS.reported(folder, WW, WW.replace("v2_corps: de-inf65", "v2_corps: gb-inf1"), "wunderwaffen:", "gb-inf1",
                   "is not an Axis block")


def test_an_axis_gb_is_reported(folder):
    EDITS.reported(folder, WW, WW.replace("britain: britain", "britain: germany"), "wunderwaffen:", "germany",
                   "is not an Allied power")


def test_a_bombing_area_on_a_unit_is_reported(folder):
    old = "  gb-inf2: {power: britain, unit: infantry, name: Home Army,"
    EDITS.reported(folder, old, "  gb-inf2: {power: britain, unit: infantry, bombing_area: france, name: Home Army,",
                   "gb-inf2:", "france", "only HQs order bombing missions")


def test_an_unknown_bombing_area_is_reported(folder):
    old = "bombing_area: italy"
    EDITS.reported(folder, old, "bombing_area: itlay", "de-kesselring:", "itlay", "unknown power")


def test_both_rules_are_played():
    assert rules.option_problem("wunderwaffen", "on") is None
    assert rules.option_problem("strategic_bombing", "on") is None


def test_a_scenario_without_the_new_fields_keeps_its_digest():
    """Games begun before OR 26.0 and OR 32.0 recorded the digest of a model without `wunderwaffen` and
    `bombing_area` (ruleset.TOP_FIELDS_SINCE_DIGEST, FIELDS_SINCE_DIGEST)."""
    scenario = load_setup(str(CASES / "_test-scenario.yaml"))
    data = scenario.model_dump(mode="json")
    assert data.pop("wunderwaffen") is None
    for block in data["blocks"].values():
        assert block.pop("bombing_area") is None
    without_unset_fields_since(data)  # the other fields added since, each left out while unset
    assert scenario_digest(scenario) == data_sha256(data)
    assert scenario_digest(load_setup(str(CASES / "_airwar-scenario.yaml"))) != scenario_digest(scenario)


def test_the_phase_stops_only_with_strategic_bombing():
    scenario = load_setup(str(CASES / "_airwar-scenario.yaml"))
    game = Bitw().new_game(scenario, None, {"strategic_bombing": "off"}, "s", "g.log.yaml")
    assert strategic_warfare.first_phase(game) == "supply"
    game.options["strategic_bombing"] = "on"
    assert strategic_warfare.first_phase(game) == "strategic_warfare"


def test_the_v2_order_is_the_axis_secret():
    """The Axis's standing order for the V-2 is in its view only [BW L2398]; both see the units it struck."""
    case, outcome = run_case(CASES / "765-v2-standing-order-on-units.yaml")
    assert not outcome.problems
    scenario = load_setup(str(CASES / "_airwar-scenario.yaml"))
    assert view(scenario, outcome.game, "axis").v2_target == "H32"
    assert view(scenario, outcome.game, "allies").v2_target is None


def test_bomb_damage_is_public_and_losses_are_the_owners():
    case, outcome = run_case(CASES / "875-station-hits-cost-rail-moves.yaml")
    assert not outcome.problems
    scenario = load_setup(str(CASES / "_airwar-scenario.yaml"))
    axis, allies = view(scenario, outcome.game, "axis"), view(scenario, outcome.game, "allies")
    assert axis.bomb_damage["H62"]["rail"] == 2 and allies.bomb_damage["H62"]["rail"] == 2
    assert axis.srm_lost == {"germany": 2} and allies.srm_lost == {}


def test_a_port_hit_three_times_supplies_nothing_for_a_turn():
    """OR 32.2: 3 hits close a port to supply (1 hit only to moves and invasions) [BW L2502]."""
    scenario = load_setup(str(CASES / "_sea-scenario.yaml"))
    game = Bitw().new_game(scenario, None, {}, "s", "g.log.yaml")
    found = [(p, port) for p in scenario.powers
             for port in supply.sea_ports(Board(scenario, game), p, supply.rail_sources(Board(scenario, game), p))]
    assert found, "the sea scenario has a port supplied by sea"
    power, port = found[0]
    enemy = "axis" if scenario.powers[power].side == "allies" else "allies"
    game.bomb_damage = {port: Damage(by=enemy, port=1)}
    board = Board(scenario, game)
    assert port in supply.sea_ports(board, power, supply.rail_sources(board, power))
    game.bomb_damage = {port: Damage(by=enemy, port=3)}
    board = Board(scenario, game)
    assert port not in supply.sea_ports(board, power, supply.rail_sources(board, power))


def test_the_template_answers_an_interception_with_none():
    case, outcome = run_case(CASES / "863-mission-waits-for-interception.yaml")
    assert not outcome.problems
    scenario = load_setup(str(CASES / "_airwar-scenario.yaml"))
    text = Bitw().template(scenario, outcome.game)
    assert "power: axis" in text and "- intercept: []" in text


def test_unknown_names_in_the_new_game_fields_are_reported():
    """A game file naming a power, hex or block the scenario does not know in the Strategic Warfare fields is refused
    at its place (`Bitw.game_problems`), not a KeyError later."""
    from aa_ref.core.yamlio import Document
    from aa_ref.games.blocks_in_the_west.state import Mission

    scenario = load_setup(str(CASES / "_airwar-scenario.yaml"))
    game = Bitw().new_game(scenario, None, {}, "s", "g.log.yaml")
    game.production_lost = {"gremany": {"yellow": 1}}
    game.srm_lost = {"frnace": 1}
    game.bomb_damage = {"H99": Damage(by="allies", rail=1)}
    game.v2_target = "H98"
    game.bombers_flown = ["gb-sbmb9"]
    game.mission = Mission(hex="H97", target="rail", bombers=["gb-sbmb8"])
    data = game.model_dump(mode="json")
    problems = Bitw().game_problems(scenario, game, Document("game.yaml", data, tree=data))
    said = " | ".join(p.message for p in problems)
    for name in ("gremany", "frnace", "H99", "H98", "gb-sbmb9", "H97", "gb-sbmb8"):
        assert name in said, said
