"""Rules of issue 23 the referee did not know (branch bitw-leaders): withheld reinforcements (BR 7.3.3), and the
rules added after it in this file. What the conformance cases (960-969, 980-999) do not reach: the views, old games.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from aa_ref.core.setups import load_setup
from aa_ref.games.blocks_in_the_west.ruleset import Bitw
from aa_ref.games.blocks_in_the_west.state import Game
from aa_ref.games.blocks_in_the_west.views import view
from tests.conformance.bitw_runner import run_case, run_inline

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "conformance" / "blocks_in_the_west"
SCENARIO = load_setup(str(CASES / "_test-scenario.yaml"))


# --- BR 7.3.3 withheld reinforcements [BW L1218] -------------------------------------------------------------
def _july_without_it_inf2() -> Game:
    game = Bitw().new_game(SCENARIO, None, {}, "s", "g.log.yaml")
    game.turn = game.round = 3
    game.blocks["it-inf2"].hex = None
    return game


def test_a_withheld_reinforcement_is_shown_to_its_side_only():
    game = _july_without_it_inf2()
    assert view(SCENARIO, game, "axis").withheld == ["de-inf3", "it-inf2"]  # May's and June's, never placed
    allies = view(SCENARIO, game, "allies")
    assert allies.withheld == ["fr-inf3"] and "it-inf2" not in allies.model_dump_json()


def test_a_reinforcement_that_entered_once_is_not_withheld():
    game = _july_without_it_inf2()
    game.blocks["it-inf2"].life = 1
    assert view(SCENARIO, game, "axis").withheld == ["de-inf3"]


def test_a_game_without_view_secret_withholds_nothing():
    """Lives are counted only in a game with a view secret: an older game rebuilds a late reinforcement, paid."""
    from aa_ref.games.blocks_in_the_west.withheld import withheld

    game = _july_without_it_inf2()
    assert withheld(SCENARIO, game, "it-inf2")
    game.view_secret = None
    assert not withheld(SCENARIO, game, "it-inf2")


# --- Paris open city [BW L838-L840] ------------------------------------------------------------------------------
import pytest  # noqa: E402

from tests.located import EditedFile  # noqa: E402

EDITS = EditedFile(ROOT / "aa_ref" / "setups" / "bitw-demo.yaml", "scenario.yaml")
LEADERS = EditedFile(CASES / "_leaders-scenario.yaml", "scenario.yaml")
FRANCE = "    armistice: true                                # may ask for an armistice before Paris falls [BW L844]\n"


def test_an_open_city_in_france_validates(folder):
    result = EDITS.validate(folder, EDITS.edited(FRANCE, FRANCE + "    open_city: lille\n"))
    assert result.exit_code == 0, result.output


def test_an_open_city_in_germany_is_reported(folder):
    EDITS.reported(folder, FRANCE, FRANCE + "    open_city: f2\n", "open_city: f2", "f2", "must be a land hex of france")


def test_an_unknown_open_city_is_reported(folder):
    EDITS.reported(folder, FRANCE, FRANCE + "    open_city: bordo\n", "open_city: bordo", "bordo", "unknown hex")


def test_both_sides_see_the_capital_moved():
    case, outcome = run_case(CASES / "980-paris-open-city.yaml")
    assert not outcome.problems
    scenario = load_setup(str(CASES / "_leaders-scenario.yaml"))
    for side in ("axis", "allies"):
        assert view(scenario, outcome.game, side).capitals == {"france": "H14"}  # type: ignore[arg-type]


def test_a_scenario_without_open_city_keeps_its_digest():
    """The new per-power field counts in scenario_sha256 only when set (FIELDS_SINCE_DIGEST)."""
    from aa_ref.games.blocks_in_the_west.ruleset import scenario_digest

    data = SCENARIO.model_dump(mode="json")
    assert "open_city" in data["powers"]["france"]
    moved = SCENARIO.model_copy(deep=True)
    moved.powers["france"].open_city = "H14"
    assert scenario_digest(moved) != scenario_digest(SCENARIO)


# --- the Mediterranean's weather [BW L1602], [BW L2600] -----------------------------------------------------


def test_a_mediterranean_sea_hex_is_reported(folder):
    LEADERS.reported(folder, '  H20: {at: [2, 0], terrain: sea}', '  H20: {at: [2, 0], terrain: sea, mediterranean: true}', 'H20:', 'true',
                   'marked mediterranean but is sea')


def test_the_weather_of_a_hex():
    from aa_ref.games.blocks_in_the_west.mediterranean import weather

    scenario = load_setup(str(CASES / "_leaders-scenario.yaml"))
    game = Bitw().new_game(scenario, None, {"advanced_weather": "on"}, "s", "g.log.yaml")
    game.weather = "snow"
    seen = SimpleNamespace(scenario=scenario, game=game)
    assert weather(seen, "H74") == "good" and weather(seen, "H64") == "snow" and weather(seen, None) == "snow"
    game.options = {"optional_weather": "on"}
    game.mediterranean_weather = "light_rain"
    assert weather(seen, "H74") == "light_rain"
    game.options = {}
    assert weather(seen, "H74") == "snow"  # basic rules: the month's weather everywhere


# --- OR 19.2 target selection [BW L2246] ---------------------------------------------------------------------
def _refusal(name: str, game: Game, scenario) -> str:
    from aa_ref.core.engine import Context, Illegal
    from aa_ref.games.blocks_in_the_west.act import Act
    from aa_ref.games.blocks_in_the_west.orders import Target
    from aa_ref.games.blocks_in_the_west.recon_target import name_targets

    ctx = Context.__new__(Context)
    ctx.game = game  # type: ignore[attr-defined]
    try:
        name_targets(Act(ctx, scenario, "axis"), Target(target=[name], at="H22"))
    except Illegal as exc:
        return exc.message.replace(f"'{name}'", "'NAME'")
    raise AssertionError("accepted")


def test_a_refused_target_tells_nothing_the_view_does_not():
    """Naming a hidden block in the hex, one elsewhere, one off the map, an opaque name or nothing: one message,
    listing only the blocks revealed there (those the attacker's view already shows by name)."""
    from aa_ref.games.blocks_in_the_west.views import hidden_name

    scenario = load_setup(str(CASES / "_leaders-scenario.yaml"))
    game = Bitw().new_game(scenario, None, {"recon": "on"}, "s", "g.log.yaml")
    for block, state in game.blocks.items():
        state.hex = None
    game.blocks["de-inf1"].hex = "H23"
    game.blocks["fr-inf1"].hex, game.blocks["fr-inf1"].revealed = "H22", True
    game.blocks["fr-inf3"].hex = "H22"  # hidden, in the hex
    game.blocks["fr-inf2"].hex = "H12"  # hidden, elsewhere
    game.recon_hexes = ["H22"]
    seen = view(scenario, game, "axis")
    assert "fr-inf1" in seen.blocks and "fr-inf3" not in seen.blocks
    names = ["fr-inf3", "fr-inf2", "fr-tank1", hidden_name(game, "fr-inf3"), "nothing-at-all"]
    messages = {_refusal(name, game, scenario) for name in names}
    assert len(messages) == 1, messages
    message = messages.pop()
    assert "fr-inf3" not in message and "fr-inf2" not in message and "revealed there: fr-inf1" in message


def test_no_target_in_bad_weather():
    scenario = load_setup(str(CASES / "_leaders-scenario.yaml"))
    game = Bitw().new_game(scenario, None, {"recon": "on"}, "s", "g.log.yaml")
    game.blocks["fr-inf1"].hex, game.blocks["fr-inf1"].revealed = "H22", True
    game.recon_hexes, game.weather = ["H22"], "rain"
    assert "only in good weather" in _refusal("fr-inf1", game, scenario)


# --- Free France [BW L854], [BW L950-L957] -----------------------------------------------------------------------
def _play(tmp_path: Path, state: dict, actions: list) -> object:
    """A case of the leaders' scenario in France's sixth-month Allied Production phase after its armistice."""
    return run_inline(tmp_path, "_leaders-scenario.yaml", {"turn": 6, "phase": "production", "power": "allies",
                                                           "armistices": ["france"], **state}, [{"actions": actions}])


def test_the_usa_pay_at_most_three_pp_a_turn(tmp_path: Path):
    ok = _play(tmp_path, {"blocks": {}}, [{"place": "ff-inf1", "at": "H04"}, {"repair": "ff-inf1", "steps": 2}])
    assert not ok.problems and ok.game.pp["usa"] == 3 and ok.game.sponsored == {"free_france": 3}
    over = _play(tmp_path, {"blocks": {"ff-inf2": {"hex": "H04", "strength": 2}}},
                 [{"place": "ff-inf1", "at": "H04"}, {"repair": "ff-inf1", "steps": 2}, {"repair": "ff-inf2"}])
    assert over.problems and "at most 3 PP a turn" in str(over.problems[0])


def test_the_usa_budget_is_new_each_turn(tmp_path: Path):
    ok = _play(tmp_path, {"blocks": {}}, [{"place": "ff-inf1", "at": "H04"}])
    game = ok.game
    assert game.sponsored_turn == 6 and game.sponsored == {"free_france": 1}


def test_paris_liberated_gives_free_france_three_pp_and_its_units(tmp_path: Path):
    out = _play(tmp_path, {"phase": "supply", "blocks": {"gb-inf1": {"hex": "H12"}}, "control": {"H12": "allies"}},
                [{"next_phase": "production"}, {"place": "ff-inf1", "at": "H12"}])
    assert not out.problems, out.problems
    assert out.game.blocks["ff-inf1"].hex == "H12"
    assert out.game.pp.get("free_france") == 2 and out.game.pp["usa"] == 6  # 3 PP received, 1 spent: its own


def test_without_paris_free_france_gets_nothing(tmp_path: Path):
    out = _play(tmp_path, {"phase": "supply", "control": {"H12": "axis"}}, [{"next_phase": "production"}])
    assert not out.problems and out.game.pp.get("free_france", 0) == 0


def test_a_sponsor_of_the_other_side_is_reported(folder):
    LEADERS.reported(folder, 'rebuilt_by: {power: usa,', 'rebuilt_by: {power: germany,', 'rebuilt_by:', 'germany',
                   'must be another power of its side')


# --- Rommel and Kesselring [BW L1953-L1964]; the US morale [BW L2044-L2048] ---------------------------------------
def _case(tmp_path: Path, state: dict, actions: list, options: dict | None = None) -> object:
    return run_inline(tmp_path, "_leaders-scenario.yaml", state, [{"actions": actions}],
                      {"hq_command": "on"} if options is None else options)


def test_rommel_is_activated_in_the_exploitation_phase_too(tmp_path: Path):
    out = _case(tmp_path, {"phase": "exploitation", "blocks": {"de-rommel": {"hex": "H42"}, "de-tank1": {"hex": "H22"}}},
                [{"activate": "de-rommel", "actions": {"tank": "de-tank1"}}])
    assert not out.problems, out.problems


def test_hitler_stays_bound_to_the_srm_phase(tmp_path: Path):
    out = _case(tmp_path, {"blocks": {"de-hitler": {"hex": "H62"}, "de-tank1": {"hex": "H22"}}},
                [{"activate": "de-hitler", "actions": {"tank": "de-tank1"}}])
    assert out.problems and "srm phase" in str(out.problems[0]).lower()


def test_an_area_on_a_tactical_hq_is_reported(folder):
    LEADERS.reported(folder, '  de-pzhq: {power: germany, unit: hq, hq: armour,', '  de-pzhq: {power: germany, unit: hq, hq: armour, area: france,', 'de-pzhq: {power: germany, unit: hq, hq: armour, area', 'france',
                   'only Rommel and Kesselring command in an area')


def test_a_us_loss_below_ten_keeps_the_usa_in_the_war(tmp_path: Path):
    out = _case(tmp_path, {"phase": "blitz", "power": "allies", "morale": {"usa": 3},
                           "blocks": {"us-inf1": {"hex": "H71", "out_of_supply": True}, "us-inf2": {"hex": "H12"}},
                           "control": {"H71": "axis"}}, [{"end_turn": True}], options={})
    assert not out.problems and out.game.morale == {"usa": 4} and "usa" not in out.game.armistices
    assert out.game.blocks["us-inf2"].hex == "H12"
    assert view(load_setup(str(CASES / "_leaders-scenario.yaml")), out.game, "axis").morale == {"usa": 4}


def test_no_us_unit_is_placed_after_the_usa_left(tmp_path: Path):
    out = _case(tmp_path, {"phase": "production", "power": "allies", "morale": {"usa": 10}, "armistices": ["usa"],
                           "blocks": {}}, [{"place": "us-inf1", "at": "H00"}], options={})
    assert out.problems and "left the war" in str(out.problems[0])


# --- Goering, the OKL [BW L1966-L1974] ----------------------------------------------------------------------------
GOERING_STATE = {"blocks": {"de-goering": {"hex": "H62"}, "de-ftr1": {"hex": "H53"}, "de-bmb1": {"hex": "H52"},
                            "de-stuka": {"hex": "H50"}, "de-hg": {"hex": "H61"}, "de-tank1": {"hex": "H42"},
                            "de-inf1": {"hex": "H63"}, "fr-inf2": {"hex": "H12"}}}


def test_goering_commands_air_units_without_limit(tmp_path: Path):
    """At level 2 he commands three air units and the HG Panzer Division: 'senza limiti' [BW L1968]."""
    out = _case(tmp_path, GOERING_STATE, [{"activate": "de-goering",
                                           "command": ["de-ftr1", "de-bmb1", "de-stuka", "de-hg"]}])
    assert not out.problems, out.problems
    assert out.game.hq_active["de-goering"].commands == ["de-ftr1", "de-bmb1", "de-stuka", "de-hg"]


def test_goering_does_not_command_an_army_tank(tmp_path: Path):
    out = _case(tmp_path, GOERING_STATE, [{"activate": "de-goering", "command": ["de-tank1"]}])
    assert out.problems and "is not an air unit" in str(out.problems[0])


def test_goering_rail_move_only_for_the_luftwaffe(tmp_path: Path):
    state = {**GOERING_STATE, "phase": "srm"}
    ok = _case(tmp_path, state, [{"activate": "de-goering", "actions": {"srm": "de-hg"}}])
    assert not ok.problems, ok.problems
    refused = _case(tmp_path, state, [{"activate": "de-goering", "actions": {"srm": "de-inf1"}}])
    assert refused.problems and "not a Luftwaffe ground unit" in str(refused.problems[0])


def test_another_strategic_air_hq_keeps_its_level(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Without the luftwaffe mark a strategic air HQ commands up to its level in air units (AR 13.0)."""
    from tests.conformance import bitw_runner

    text = (CASES / "_leaders-scenario.yaml").read_text().replace("hq: strategic_air, luftwaffe: true,",
                                                                   "hq: strategic_air,")
    (tmp_path / "plain.yaml").write_text(text)
    plain = load_setup(str(tmp_path / "plain.yaml"))
    monkeypatch.setattr(bitw_runner, "load_scenario", lambda name=bitw_runner.SCENARIO: plain)
    out = _case(tmp_path, GOERING_STATE, [{"activate": "de-goering", "command": ["de-ftr1", "de-bmb1", "de-stuka"]}])
    assert out.problems and "commands at most 2" in str(out.problems[0])


def test_luftwaffe_on_a_fighter_is_reported(folder):
    LEADERS.reported(folder, '  de-ftr1: {power: germany, unit: fighter,', '  de-ftr1: {power: germany, unit: fighter, luftwaffe: true,', 'de-ftr1: {power: germany, unit: fighter, luftwaffe', 'true',
                   "every German air unit is Goering's already")


# --- the British radar chain [BW L2008-L2038] -------------------------------------------------------------------
def test_the_chain_full_active_and_out():
    from aa_ref.games.blocks_in_the_west.radar import fighter_level, status

    scenario = load_setup(str(CASES / "_leaders-scenario.yaml"))
    game = Bitw().new_game(scenario, None, {"hq_command": "on"}, "s", "g.log.yaml")
    assert status(scenario, game) == "full" and fighter_level(scenario, game, "britain", "fighter", 1) == 2
    game.radar_down = ["H01"]  # H00 and H10 are neighbours
    assert status(scenario, game) == "active" and fighter_level(scenario, game, "britain", "fighter", 1) == 2
    game.radar_down = ["H00", "H10"]
    assert status(scenario, game) == "out" and fighter_level(scenario, game, "britain", "fighter", 1) == 1
    assert fighter_level(scenario, game, "britain", "fighter", 3) == 3  # never lowered
    game.radar_down = []
    assert fighter_level(scenario, game, "france", "fighter", 1) == 1  # Britain's fighters only
    game.options = {}
    assert status(scenario, game) == "out"  # an advanced rule (AR 13.8), with hq_command


def test_an_enemy_unit_on_a_station_destroys_it(tmp_path: Path):
    out = _case(tmp_path, {"blocks": {"de-inf1": {"hex": "H11"}}}, [{"move": ["de-inf1"], "path": ["H01"]}])
    assert not out.problems, out.problems
    assert out.game.radar_down == ["H01"]
    scenario = load_setup(str(CASES / "_leaders-scenario.yaml"))
    assert view(scenario, out.game, "allies").radar_down == ["H01"]


def test_a_station_repaired_for_one_pp(tmp_path: Path):
    out = _case(tmp_path, {"phase": "production", "power": "allies", "radar_down": ["H01", "H10"], "blocks": {}},
                [{"repair_radar": "H10"}])
    assert not out.problems, out.problems
    assert out.game.radar_down == ["H01"] and out.game.pp["britain"] == 5
    held = _case(tmp_path, {"phase": "production", "power": "allies", "radar_down": ["H01"],
                            "blocks": {"de-inf1": {"hex": "H01"}}, "control": {"H01": "axis"}},
                 [{"repair_radar": "H01"}])
    assert held.problems and "not held by the allies" in str(held.problems[0])


def test_full_service_reveals_an_air_mission_over_britain(tmp_path: Path):
    state = {"blocks": {"de-inf1": {"hex": "H10", "moved": True}, "gb-inf2": {"hex": "H10"},
                        "de-ftr1": {"hex": "H11"}, "de-goering": {"hex": "H62"}}}
    actions = [{"activate": "de-goering", "command": ["de-ftr1"]}, {"fly": ["de-ftr1"], "to": "H10"}]
    out = _case(tmp_path, state, actions)
    assert not out.problems, out.problems
    assert out.game.blocks["de-ftr1"].revealed
    down = _case(tmp_path, {**state, "radar_down": ["H01"]}, actions)  # active only: not revealed
    assert not down.problems and not down.game.blocks["de-ftr1"].revealed


def test_kesselring_acts_in_italy_for_an_italian_tank(tmp_path: Path):
    """An SL ability: the German leaders command Axis-allied units [BW L1947]; Kesselring only in Italy [BW L1959]."""
    state = {"phase": "exploitation", "blocks": {"de-kesselring": {"hex": "H64"}, "it-tank1": {"hex": "H74"},
                                                 "de-tank1": {"hex": "H22"}}}
    ok = _case(tmp_path, state, [{"activate": "de-kesselring", "actions": {"tank": "it-tank1"}}])
    assert not ok.problems, ok.problems
    out = _case(tmp_path, state, [{"activate": "de-kesselring", "actions": {"tank": "de-tank1"}}])
    assert out.problems and "commands only in its area, italy" in str(out.problems[0])
