"""OR 28.0 Volkssturm and OR 40.0 unit upgrades: the scenario's upgrade field checked by `aa-ref validate`, and what
each side's view shows [BW L2412-L2418], [BW L2611-L2622]. The rules themselves: conformance cases 700-734."""

from __future__ import annotations

from pathlib import Path


from aa_ref.core.setups import load_setup
from aa_ref.games.blocks_in_the_west import rules
from aa_ref.games.blocks_in_the_west.views import view
from tests.conformance.bitw_runner import run_case
from tests.located import EditedFile

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "conformance" / "blocks_in_the_west"
EDITS = EditedFile(ROOT / "aa_ref" / "setups" / "bitw-demo.yaml", "scenario.yaml")
PZ = '  ge_pz_2: {power: germany, unit: tank, name: "XVI Panzerkorps",'


def test_an_upgrade_the_scenario_writes_validates(folder):
    text = EDITS.edited(PZ, '  ge_pz_2: {power: germany, unit: tank, upgrade: {to: ge_hq_x, from_month: 1940-06}, '
                            'name: "XVI Panzerkorps",')
    text = text.replace("  ge_hq_pz: {", '  ge_hq_x: {power: germany, unit: hq, hq: armour, name: "2nd PzG", steps: '
                                         '[{value: 3}, {value: 2}, {value: 1}]}\n  ge_hq_pz: {', 1)
    result = EDITS.validate(folder, text)
    assert result.exit_code == 0, result.output


def test_an_upgrade_to_an_unknown_block_is_reported(folder):
    EDITS.reported(folder, PZ, '  ge_pz_2: {power: germany, unit: tank, upgrade: {to: ge_hq_pzz}, name: "XVI Panzerkorps",',
              "upgrade: {to: ge_hq_pzz}", "ge_hq_pzz", "unknown block")


def test_an_upgrade_to_a_block_already_in_play_is_reported(folder):
    """The replacement enters only by the upgrade [BW L2620]: not one the setup places."""
    EDITS.reported(folder, PZ, '  ge_pz_2: {power: germany, unit: tank, upgrade: {to: ge_hq_pz}, name: "XVI Panzerkorps",',
              "upgrade: {to: ge_hq_pz}", "ge_hq_pz", "enters only by the upgrade")


def test_an_upgrade_to_another_powers_block_is_reported(folder):
    EDITS.reported(folder, PZ, '  ge_pz_2: {power: germany, unit: tank, upgrade: {to: fr_gamelin}, name: "XVI Panzerkorps",',
              "upgrade: {to: fr_gamelin}", "fr_gamelin", "of its own power")


def test_both_rules_are_played():
    assert rules.option_problem("volkssturm", "on") is None and rules.option_problem("unit_upgrade", "on") is None


def test_both_sides_see_the_volkssturm_directive():
    """The entry into Germany is seen by both sides; the corps built later enters hidden from the Allies."""
    case, outcome = run_case(CASES / "704-volkssturm-from-the-next-production.yaml")
    assert not outcome.problems
    scenario = load_setup(str(CASES / "_elite-scenario.yaml"))
    axis, allies = view(scenario, outcome.game, "axis"), view(scenario, outcome.game, "allies")
    assert axis.volkssturm and allies.volkssturm
    assert "de-inf3" in axis.blocks and "de-inf3" not in allies.blocks
    assert any(b.hex == "H62" and name.startswith("hidden-") for name, b in allies.blocks.items())


def test_a_block_upgraded_away_is_not_listed_off_the_map():
    case, outcome = run_case(CASES / "720-upgrade-infantry-to-panzer.yaml")
    assert not outcome.problems
    scenario = load_setup(str(CASES / "_elite-scenario.yaml"))
    axis = view(scenario, outcome.game, "axis")
    assert "de-inf24" not in axis.off_map and "de-inf24" not in axis.blocks
    assert "de-pz24" in axis.blocks and "de-inf3" in axis.off_map
    assert outcome.game.upgraded == {"de-inf24": "de-pz24"}
