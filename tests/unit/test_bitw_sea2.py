"""OR 18.0 finished and AR 24.0's later pieces in Blocks in the West: 18.1.2 after Italy's surrender, 18.2.1 with or
without OR 35.0, the naval HQs' plans, the option's data checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from aa_ref.core.errors import UsageError
from aa_ref.games.blocks_in_the_west import naval, rules
from aa_ref.games.blocks_in_the_west.board import Board
from aa_ref.games.blocks_in_the_west.ruleset import Bitw
from aa_ref.games.blocks_in_the_west.scenario import SeaLine
from tests.conformance.bitw_runner import load_scenario
from tests.located import EditedFile

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "conformance" / "blocks_in_the_west"
EDITS = EditedFile(CASES / "_sea2-scenario.yaml", "scenario.yaml")


def test_the_fixture_validates(folder):
    result = EDITS.validate(folder, EDITS.text())
    assert result.exit_code == 0, result.output


def test_a_naval_plan_on_a_unit_that_is_no_naval_hq_is_reported(folder):
    EDITS.reported(folder, "de-hitler: {power: germany, unit: hq, hq: supreme,",
                   "de-hitler: {power: germany, unit: hq, hq: supreme, naval_plan: z_plan,", "de-hitler:", "z_plan",
                   "no naval HQ")


def test_naval_movement_is_implemented_and_off_by_default():
    assert rules.option_problem("naval_movement", "on") is None
    assert rules.choices(rules.RULE["naval_movement"])[0] == "off"


def test_naval_movement_needs_sea_zones():
    """Without the map's waters nothing of OR 18.0 can be played: refused at `aa-ref new`."""
    scenario = load_scenario("_test-scenario.yaml")
    with pytest.raises(UsageError, match="needs the scenario's `sea_zones`"):
        Bitw().new_game(scenario, None, {"naval_movement": "on"}, "seed", "game.log.yaml")
    Bitw().new_game(load_scenario("_sea2-scenario.yaml"), None, {"naval_movement": "on"}, "seed", "game.log.yaml")


def _med_supply(options: dict[str, str], surrendered: int) -> set[str]:
    """The ports Italy draws supply from by a sea line Rome-Genoa (Genoa not on the rail network)."""
    from aa_ref.games.blocks_in_the_west import supply

    scenario = load_scenario("_sea2-scenario.yaml")
    scenario = scenario.model_copy(update={"sea_lines": [SeaLine(between=["H74", "H54"])]})
    game = Bitw().new_game(scenario, None, options, "seed", "game.log.yaml")
    game.italy_surrendered = surrendered
    return supply.sea_ports(Board(scenario, game), "italy", {"H74"})


def test_after_italys_surrender_no_mediterranean_port_supplies_the_axis():
    """18.1.2 "I porti non possono essere usati come fonte di rifornimento" [BW L2180], read from the sea zones (a
    port washed by a Mediterranean zone) under OR 18.0, with OR 36.0 in play."""
    both = {"naval_movement": "on", "italian_surrender": "on"}
    assert _med_supply(both, 0) == {"H54"}
    assert _med_supply(both, 3) == set()
    assert _med_supply({"naval_movement": "on"}, 3) == {"H54"}  # OR 36.0 not in play: Italy never surrenders


def test_closed_to_supply_leaves_the_allies_alone():
    scenario = load_scenario("_sea2-scenario.yaml")
    game = Bitw().new_game(scenario, None, {"naval_movement": "on", "italian_surrender": "on"}, "seed", "g.yaml")
    game.italy_surrendered = 1
    board = Board(scenario, game)
    assert naval.closed_to_supply(board, "axis", "H34")
    assert not naval.closed_to_supply(board, "allies", "H34")
    assert not naval.closed_to_supply(board, "axis", "H60")  # the Baltic


def test_the_convoy_war_runs_once_when_both_options_are_on(tmp_path):
    """OR 35.0 and 18.2.1 are one war: with both options the U-boats attack once (3 dice, not 6)."""
    from tests.conformance.bitw_runner import run_case

    text = (CASES / "926-convoy-war-under-naval-movement.yaml").read_text()
    for options in ("{naval_movement: 'on'}", "{naval_movement: 'on', convoy_war: 'on'}", "{convoy_war: 'on'}"):
        path = tmp_path / "926.yaml"
        path.write_text(text.replace("options: {naval_movement: 'on'}", f"options: {options}"))
        _, outcome = run_case(path)
        assert outcome.rolls == [6, 1, 6] and outcome.game.pp["britain"] == 6, options
    path.write_text(text.replace("options: {naval_movement: 'on'}", "options: {}").replace("dice: [6, 1, 6]\n", ""))
    _, outcome = run_case(path)
    assert outcome.rolls == [] and outcome.game.pp["britain"] == 10


# --- cases played with a change: the same order under another option or state -----------------------------------
def _variant(tmp_path: Path, number: str, *edits: tuple[str, str]):
    """Run the case file whose name begins with `number`, with text edits."""
    from tests.conformance.bitw_runner import run_case

    source = next(CASES.glob(f"{number}-*.yaml"))
    text = source.read_text()
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / source.name
    path.write_text(text)
    return run_case(path)[1]


def test_a_naval_hq_is_not_activated_without_naval_rules(tmp_path):
    outcome = _variant(tmp_path, "922",
                       ("options: {hq_command: 'on', naval_movement: 'on'}", "options: {hq_command: 'on'}"))
    assert any("naval HQ: naval movement (OR 18.0) and amphibious invasions (AR 24.0) are not in play" in p
               for p in outcome.problems), outcome.problems


def test_a_naval_hq_names_no_special_actions(tmp_path):
    outcome = _variant(tmp_path, "922", ("    command: [de-inf3, de-inf4]", "    actions: {naval: de-inf3}"))
    assert any("names the units it ships or lands (`command`), not special actions" in p for p in outcome.problems)


def test_a_naval_hq_without_a_plan_names_up_to_its_level_at_naval_tech_2(tmp_path):
    outcome = _variant(tmp_path, "922",
                       ("    de-inf4: {hex: H60}\n", "    de-inf4: {hex: H60}\n    de-inf1: {hex: H60}\n"),
                       ("    command: [de-inf3, de-inf4]", "    command: [de-inf3, de-inf4, de-inf1]"))
    assert any("de-okm commands at most 2 unit(s)" in p for p in outcome.problems), outcome.problems


def test_the_doenitz_plan_lands_one_unit_a_turn(tmp_path):
    """"non può lanciare più di 1 invasione anfibia a turno" [BW L1990]: a second landing is refused."""
    outcome = _variant(
        tmp_path, "923", ("options: {hq_command: 'on', naval_movement: 'on'}",
                          "options: {hq_command: 'on', naval_movement: 'on', amphibious: 'on'}"),
        ("    de-inf3: {hex: H60}\n    de-inf4: {hex: H60}\n", "    de-mar1: {hex: H50}\n    de-inf3: {hex: H50}\n"),
        ("    command: [de-inf3, de-inf4]", "    command: [de-mar1, de-inf3]"),
        ("  - ship: de-inf3\n    to: Kolberg\n  - ship: de-inf4\n    to: Kolberg\n",
         "  - land: de-mar1\n    to: H10\n  - land: de-inf3\n    to: H41\n"))
    assert any("follows the Doenitz Plan: at most 1 invasion a turn (de-mar1 landed)" in p for p in outcome.problems), \
        outcome.problems


def test_supply_by_sea_is_amphibious(tmp_path):
    outcome = _variant(tmp_path, "950", ("options: {hq_command: 'on', advanced_supply: 'on', amphibious: 'on'}",
                                         "options: {hq_command: 'on', advanced_supply: 'on'}"))
    assert any("AR 24.4 belongs to amphibious invasions" in p for p in outcome.problems), outcome.problems


def test_supply_by_sea_only_in_a_coastal_hex(tmp_path):
    """A unit besieged in its capital inland is not supplied by sea [BW L2346] (Paris, H12, is no coastal hex)."""
    outcome = _variant(tmp_path, "950",
                       ("    gb-inf2: {hex: H10, out_of_supply: true}", "    gb-inf2: {hex: H12, out_of_supply: true}"))
    assert any("gb-inf2 is in H12, not a coastal hex" in p for p in outcome.problems), outcome.problems


def test_marines_reembark_only_after_the_first_round(tmp_path):
    """Two rounds fought, the Marines may no longer re-embark [BW L2326]."""
    outcome = _variant(tmp_path, "953",
                       ("- power: allies\n  actions:\n  - {withdraw: {gb-mar1: sea}, battle: H01}\n",
                        "- power: allies\n  actions:\n  - {withdraw: {}, battle: H01}\n"
                        "- power: axis\n  actions:\n  - {withdraw: {}, battle: H01}\n"
                        "- power: allies\n  actions:\n  - {withdraw: {gb-mar1: sea}, battle: H01}\n"),
                       ("dice: [1, 1, 1, 1, 1, 2]\n", "dice: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n"),
                       ("  rolls: [1, 1, 1, 1, 1, 2]\n", ""))
    assert any("Marines re-embark after the first round of combat" in p for p in outcome.problems), outcome.problems


def test_the_defenders_armour_reinforces_the_beach_after_the_second_wave(tmp_path):
    """"il difensore può reagire soltanto che le forze corazzate" [BW L2306]: its armour in Reaction reserve
    (OR 31.0) reinforces the invaded hex, then `react: {}`; the round ends as usual (withdrawals), round 2 follows."""
    outcome = _variant(tmp_path, "959",
                       ("    fr-tank1: {hex: H12}\n", "    fr-tank1: {hex: H11}\n"),
                       ("  - {react: {fr-ftr1: H01}}\n", "  - {reinforce: [fr-tank1], path: [H01]}\n  - {react: {}}\n"),
                       ("expect:\n  verdict: illegal\n", "expect:\n  verdict: legal\n"))
    assert not outcome.problems, outcome.problems
    assert outcome.game.blocks["fr-tank1"].hex == "H01"
    assert [(d.power, d.kind) for d in outcome.game.pending] == [("allies", "withdrawal")]  # then round 2
    assert outcome.game.battles[0].stage == "defender_withdrawal"


def test_no_second_wave_leaves_the_round_as_it_was(tmp_path):
    """`second_wave: []` sends none: the round ends as without a second wave (the beach cleared: the battle is over)."""
    outcome = _variant(tmp_path, "956",
                       ("  - {second_wave: [de-inf3], battle: H01}", "  - {second_wave: [], battle: H01}"),
                       ("dice: [1, 1, 6, 2]\n", "dice: [1, 1, 6]\n"),
                       ("  rolls: [1, 1, 6, 2]\n", ""))
    assert not outcome.problems, outcome.problems
    assert outcome.game.blocks["de-inf3"].hex == "H10" and outcome.game.control["H01"] == "axis"
    assert any("no second wave at H01" in n for n in outcome.notes)
