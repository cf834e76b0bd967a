"""AR 13.8's RAF HQs (Fighter Command, Bomber Command) and the Casablanca conference (branch bitw-leaders2): what the
conformance cases (200-215) do not reach: the scenario checks, the conditions function AR 24.0 reads, the Defender
Reaction, the actions spent one by one, old games.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from typer.testing import CliRunner

from aa_ref.cli.app import app
from aa_ref.core.setups import load_setup
from aa_ref.games.blocks_in_the_west import casablanca, hq
from aa_ref.games.blocks_in_the_west.ruleset import Bitw, scenario_digest
from aa_ref.games.blocks_in_the_west.state import Activation
from tests.conformance.bitw_runner import run_inline

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "conformance" / "blocks_in_the_west"
TEXT = (CASES / "_leaders2-scenario.yaml").read_text()
SCENARIO = load_setup(str(CASES / "_leaders2-scenario.yaml"))


def _case(tmp_path: Path, state: dict, actions: list | None = None, options: dict | None = None,
          documents: list | None = None) -> object:
    return run_inline(tmp_path, "_leaders2-scenario.yaml", state, documents or [{"actions": actions}],
                      options or {"hq_command": "on"})


def _validate(tmp_path: Path, text: str) -> object:
    (tmp_path / "s.yaml").write_text(text)
    return CliRunner().invoke(app, ["validate", str(tmp_path / "s.yaml")])


# --- the RAF's HQs [BW L1994-L2006] -------------------------------------------------------------------------------
def test_raf_on_a_tactical_hq_is_reported(tmp_path: Path):
    result = _validate(tmp_path, TEXT.replace("  de-2lf: {power: germany, unit: hq, hq: air,",
                                              "  de-2lf: {power: germany, unit: hq, hq: air, raf: bombers,"))
    assert result.exit_code == 1 and "de-2lf is marked raf but is not a strategic air HQ" in result.output, result.output


def test_raf_on_goering_is_reported(tmp_path: Path):
    result = _validate(tmp_path, TEXT.replace("hq: strategic_air, luftwaffe: true,",
                                              "hq: strategic_air, luftwaffe: true, raf: fighters,"))
    assert result.exit_code == 1 and "de-goering is marked raf" in result.output, result.output


def test_an_unknown_raf_command_is_reported(tmp_path: Path):
    result = _validate(tmp_path, TEXT.replace("raf: fighters,", "raf: coastal,"))
    assert result.exit_code == 1 and "raf" in result.output, result.output


def _reaction_state(with_bc: bool) -> dict:
    blocks = {"de-tank1": {"hex": "H22"}, "fr-inf2": {"hex": "H12"}, "gb-bmb1": {"hex": "H00"}, "gb-fc": {"hex": "H00"},
              "gb-ftr1": {"hex": "H10"}}
    if with_bc:
        blocks["gb-bc"] = {"hex": "H10"}
    return {"blocks": blocks, "control": {"H22": "axis"}}


def test_a_british_bomber_reacts_only_under_bomber_command(tmp_path: Path):
    """In the Defender Reaction phase only air units an HQ may command are offered: FC's fighters, BC's bombers."""
    from aa_ref.games.blocks_in_the_west.act import Act
    from aa_ref.games.blocks_in_the_west.ruleset import OPTIONS

    for with_bc, expected in ((False, False), (True, True)):
        game = Bitw().new_game(SCENARIO, None, {k: v[0] for k, v in OPTIONS.items()} | {"hq_command": "on"}, "s", "g")
        for block_id, state in game.blocks.items():
            state.hex = None
        for block_id, place in _reaction_state(with_bc)["blocks"].items():
            game.blocks[block_id].hex = place["hex"]
        act = Act(_Ctx(game), SCENARIO, "allies")
        assert hq.may_react(act, "gb-bmb1", ["H12"]) is expected
        assert hq.may_react(act, "gb-ftr1", ["H12"]) is True  # Fighter Command


class _Ctx:
    def __init__(self, game: object) -> None:
        self.game = game


def test_fighter_command_gives_a_british_airborne_assault_only_with_airborne(tmp_path: Path):
    """Dowding and Harris order the British paratroops' drops [BW L2276]; a strategic air HQ's only action."""
    out = _case(tmp_path, {"power": "allies", "blocks": {"gb-fc": {"hex": "H00"}, "gb-inf1": {"hex": "H00"}}},
                [{"activate": "gb-fc", "actions": {"tank": "gb-inf1"}}])
    assert out.problems and "special actions (`actions`) belong to supreme leaders" in str(out.problems[0])


# --- the Casablanca conference [BW L2050-L2052] -------------------------------------------------------------------
def _game(control: dict | None = None, armistices: list | None = None, hq_command: str = "on"):
    from aa_ref.games.blocks_in_the_west.ruleset import OPTIONS

    game = Bitw().new_game(SCENARIO, None, {k: v[0] for k, v in OPTIONS.items()} | {"hq_command": hq_command}, "s",
                           "g")
    game.control.update(control or {})
    game.armistices = armistices or []
    return game


def test_in_force_reads_morocco_the_neutrals_and_the_option():
    assert casablanca.in_force(SCENARIO, _game())
    assert not casablanca.in_force(SCENARIO, _game({"H05": "axis"}))
    assert not casablanca.in_force(SCENARIO, _game({"H15": None}))  # uncontrolled is not Allied
    assert not casablanca.in_force(SCENARIO, _game(armistices=["portugal"]))
    assert not casablanca.in_force(SCENARIO, _game(hq_command="off"))
    assert casablanca.leader(SCENARIO, _game(), "us-eisenhower") and casablanca.leader(SCENARIO, _game(), "gb-churchill")
    assert not casablanca.leader(SCENARIO, _game(), "de-hitler")


def test_a_scenario_without_casablanca_never_has_it_in_force():
    plain = load_setup(str(CASES / "_leaders-scenario.yaml"))
    game = Bitw().new_game(plain, None, {"hq_command": "on"}, "s", "g")
    assert not casablanca.in_force(plain, game)


def test_an_axis_leader_of_casablanca_is_reported(tmp_path: Path):
    result = _validate(tmp_path, TEXT.replace("leaders: [gb-churchill, us-eisenhower]", "leaders: [gb-churchill, de-hitler]"))
    assert result.exit_code == 1 and "de-hitler is not an Allied supreme leader" in result.output, result.output


def test_an_unknown_hex_of_morocco_and_power_are_reported(tmp_path: Path):
    result = _validate(tmp_path, TEXT.replace("morocco: [H05, H15], neutrals: [spain, portugal]",
                                              "morocco: [H05, H99, H20], neutrals: [spian, portugal]"))
    out = result.output
    assert result.exit_code == 1 and "H99" in out and "H20 is not a land hex" in out and "spian" in out, out


def test_a_repeated_sea_supply_is_refused(tmp_path: Path):
    """Several naval actions are the conference's invasions [BW L2052]; a supply by sea (AR 24.4) stays one."""
    out = _case(tmp_path, {"power": "allies", "phase": "production", "blocks": {
        "us-eisenhower": {"hex": "H12"}, "us-inf1": {"hex": "H14"}, "us-inf2": {"hex": "H14"}}},
        [{"activate": "us-eisenhower", "actions": {"naval_supply": ["us-inf1", "us-inf2"]}}])
    assert out.problems and "repeats only" in str(out.problems[0])


def test_a_block_named_twice_in_one_action_is_refused(tmp_path: Path):
    out = _case(tmp_path, {"power": "allies", "phase": "production", "blocks": {
        "us-eisenhower": {"hex": "H12"}, "us-tank1": {"hex": "H14"}}},
        [{"activate": "us-eisenhower", "actions": {"tank": ["us-tank1", "us-tank1"]}}])
    assert out.problems and "names a block twice" in str(out.problems[0])


def test_both_tanks_are_commanded_and_the_rail_moves_spent_one_by_one(tmp_path: Path):
    out = _case(tmp_path, {"power": "allies", "phase": "production", "blocks": {
        "gb-churchill": {"hex": "H00"}, "gb-inf1": {"hex": "H00"}, "gb-inf2": {"hex": "H10"}}},
        [{"activate": "gb-churchill", "actions": {"srm": ["gb-inf1", "gb-inf2"]}}, {"srm": "gb-inf2", "path": ["H00"]}])
    assert not out.problems, out.problems
    activation = out.game.hq_active["gb-churchill"]
    assert activation.actions == {"srm": "gb-inf1"} and activation.more == {}
    tanks = _case(tmp_path, {"power": "allies", "phase": "production", "blocks": {
        "us-eisenhower": {"hex": "H12"}, "us-tank1": {"hex": "H22"}, "us-tank2": {"hex": "H12"}}},
        [{"activate": "us-eisenhower", "actions": {"tank": ["us-tank1", "us-tank2"]}}])
    assert not tanks.problems and hq.commanded(tanks.game, "us-tank1") and hq.commanded(tanks.game, "us-tank2")


def test_spent_keeps_the_other_identical_actions():
    activation = Activation(phase="srm", level=3, actions={"srm": "a"}, more={"srm": ["b", "c"]})
    assert hq.spent(activation, "srm", "a").actions == {"srm": "b"}
    assert hq.spent(activation, "srm", "a").more == {"srm": ["c"]}
    assert hq.spent(activation, "srm", "c").more == {"srm": ["b"]}
    assert hq.spent(Activation(phase="srm", level=1, actions={"srm": "a"}), "srm", "a").actions == {}


def test_an_activation_recorded_before_casablanca_loads():
    """An HqState of a game begun before this change has no `more`: it loads with none."""
    old = Activation.model_validate({"phase": "srm", "level": 2, "actions": {"srm": "de-inf2"}})
    assert old.more == {}


def test_a_scenario_without_the_new_fields_keeps_its_digest():
    plain = load_setup(str(CASES / "_leaders-scenario.yaml"))
    dumped = plain.model_dump(mode="json")
    assert "casablanca" in dumped and "raf" in dumped["blocks"]["de-goering"]
    before = scenario_digest(plain)
    assert scenario_digest(plain.model_copy(update={"casablanca": None})) == before


def test_churchill_gives_several_naval_actions_after_casablanca(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """"possono comandare invasioni anfibie ed più azioni speciali uguali contemporaneamente. Comunque 1 AP verrà
    speso per ogni azione" [BW L2052]: two shipments from Dover to Calais, one naval action each."""
    from aa_ref.games.blocks_in_the_west.scenario import Casablanca
    from tests.conformance import bitw_runner

    sea = bitw_runner.load_scenario("_sea-zones-scenario.yaml")
    held = sea.model_copy(update={"casablanca": Casablanca(morocco=["H14"], leaders=["gb-churchill"])})
    monkeypatch.setattr(bitw_runner, "load_scenario", lambda name=bitw_runner.SCENARIO: held)
    state = {"power": "allies", "phase": "srm",
             "blocks": {"gb-churchill": {"hex": "H00"}, "gb-inf1": {"hex": "H10"}, "gb-inf2": {"hex": "H10"}}}
    actions = [{"activate": "gb-churchill", "actions": {"naval": ["gb-inf1", "gb-inf2"]}},
               {"ship": "gb-inf1", "to": "Calais"}, {"ship": "gb-inf2", "to": "Calais"}]
    options = {"hq_command": "on", "naval_movement": "on"}
    out = run_inline(tmp_path, "_sea-zones-scenario.yaml", state, [{"actions": actions, "dice": [3, 3]}], options)
    assert not out.problems, out.problems
    assert out.game.blocks["gb-inf1"].hex == out.game.blocks["gb-inf2"].hex == "H01"
    assert out.game.hq_active["gb-churchill"].naval_ap == 2
    monkeypatch.setattr(bitw_runner, "load_scenario", lambda name=bitw_runner.SCENARIO: sea)  # no conference
    refused = run_inline(tmp_path, "_sea-zones-scenario.yaml", state, [{"actions": actions, "dice": [3, 3]}], options)
    assert refused.problems and "only Eisenhower and Churchill after the Casablanca conference" in str(refused.problems[0])


def test_churchill_sends_a_second_wave_after_casablanca(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """"I Comandi Navali Tech2, invece, ma anche Churchill ed Eisenhower (dopo la conferenza di Casablanca), possono
    ... mettere delle GU in riserva" [BW L2352]: his second naval action's unit is in stand-by and lands in the second
    wave once the first round has cleared the beach."""
    from aa_ref.games.blocks_in_the_west.scenario import Casablanca
    from tests.conformance import bitw_runner

    sea = bitw_runner.load_scenario("_sea2-scenario.yaml")
    held = sea.model_copy(update={"casablanca": Casablanca(morocco=["H14"], leaders=["gb-churchill"])})
    monkeypatch.setattr(bitw_runner, "load_scenario", lambda name=bitw_runner.SCENARIO: held)
    state = {"power": "allies", "phase": "srm", "control": {"H01": "axis"},
             "blocks": {"gb-churchill": {"hex": "H00"}, "gb-inf1": {"hex": "H10"}, "gb-inf2": {"hex": "H10"},
                        "de-inf3": {"hex": "H01", "strength": 1, "revealed": True}}}
    documents = [{"actions": [{"activate": "gb-churchill", "actions": {"naval": ["gb-inf2", "gb-inf1"]}},
                              {"land": "gb-inf2", "to": "Calais"}, {"next_phase": "combat"}], "dice": [1, 1, 6]},
                 {"power": "allies", "actions": [{"second_wave": ["gb-inf1"], "battle": "H01"}], "dice": [2]}]
    out = run_inline(tmp_path, "_sea2-scenario.yaml", state, documents, {"hq_command": "on", "amphibious": "on"})
    assert not out.problems, out.problems
    assert out.game.blocks["gb-inf1"].hex == out.game.blocks["gb-inf2"].hex == "H01"
    assert out.game.blocks["de-inf3"].hex is None and out.game.hq_active["gb-churchill"].naval_ap == 2
