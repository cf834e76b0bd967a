"""`aa-ref validate` of Blocks in the West scenarios (issue 8: players transcribing a scenario from
their copy find every mistake with its line).

Each bad scenario is the shipped demo scenario with ONE precise textual edit, made here from the
demo's text so that the cases follow the demo as it changes. Every case asserts the exit code 1, the
file:line:column of the offending value (computed from the edited text, not hard-coded) and the words
of the message (with a did-you-mean where a name is misspelt). `tests/data/bitw/bad-scenario.yaml`
is a small hand-written scenario with several errors at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import get_args

import pytest
from typer.testing import CliRunner

from aa_ref.games.blocks_in_the_west.scenario import UnitClass
from aa_ref.games.blocks_in_the_west.scenario_checks import NEEDS, UNIT_CLASSES
from aa_ref.cli.app import app
from tests.located import EditedFile, position

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "aa_ref" / "setups" / "bitw-demo.yaml"
BAD = ROOT / "tests" / "data" / "bitw" / "bad-scenario.yaml"
NAME = "scenario.yaml"


# --- helpers -------------------------------------------------------------------
EDITS = EditedFile(DEMO, NAME)
demo_text, edited, validate, located = EDITS.text, EDITS.edited, EDITS.validate, EDITS.located


# --- the demo scenario --------------------------------------------------------------
def test_the_demo_scenario_validates(folder):
    result = validate(folder, demo_text())
    assert result.exit_code == 0, result.output
    assert f"{NAME}: valid bitw-scenario" in result.output


def test_the_shipped_demo_scenario_validates_in_place(folder):
    result = CliRunner().invoke(app, ["validate", str(DEMO)], catch_exceptions=False)
    assert result.exit_code == 0 and "valid bitw-scenario" in result.output, result.output


def test_the_demo_is_labelled_as_ours():
    text = demo_text()
    assert text.startswith("# yaml-language-server: $schema=../schemas/bitw-scenario.schema.json\n")
    assert "demo: true" in text and "THIS IS A DEMO" in text
    assert 'title: "Blocks in the West: DEMO scenario (our map and blocks, not a published scenario)"' in text


def test_games_lists_the_demo_labelled_demo():
    result = CliRunner().invoke(app, ["games"], catch_exceptions=False)
    assert result.exit_code == 0
    (row,) = [r for r in result.output.splitlines() if r.startswith("bitw-demo ")]
    assert "DEMO" in row and "not a published scenario" in row and "bitw" in row


def test_new_starts_a_game_of_the_demo(folder):
    result = CliRunner().invoke(app, ["new", "bitw-demo", "-o", "g.yaml", "--seed", "s"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert (folder / "g.yaml").exists() and (folder / "g.log.yaml").exists()
    shown = CliRunner().invoke(app, ["show", "g.yaml"], catch_exceptions=False)
    assert shown.exit_code == 0 and "1940-05" in shown.output and "ge_pz_1" in shown.output


def test_every_unit_class_has_its_needed_values_listed():
    assert set(UNIT_CLASSES) == set(get_args(UnitClass)) == set(NEEDS)


# --- one kind of error at a time ----------------------------------------------------
@dataclass(frozen=True)
class Case:
    """An edit of the demo scenario, where the problem must be reported and the words it must hold."""

    old: str
    new: str
    context: str
    """Text of the edited scenario from which `value` is looked for (it occurs once)."""
    value: str
    """The offending value: the problem is reported at its first character."""
    words: tuple[str, ...] = field(default_factory=tuple)


PP = "pp: {germany: 6, france: 4, uk: 2, belgium: 0}"
LAST_TURN = "  - {month: 1940-08, weather: good}"
VICTORY = "victory: {side: axis, control_all: [paris], otherwise: allies}"
ITALY = ("italian_surrender: {{mussolini: {m}, sicily: [{s}], sardinia_corsica: [paris, antwerp], gran_sasso: {g}, "
         "salo: paris}}")

CASES = {
    # the file's shape
    "unknown key, with did you mean": Case(
        "  b2: {at: [1, 1], nation: france,", "  b2: {at: [1, 1], nation: france, terain: hill,",
        "terain: hill", "hill", ("hexes.b2.terain", "unknown key 'terain'; did you mean 'terrain'?")),
    "unknown terrain": Case(
        "  a4: {at: [-1, 3], nation: france}", "  a4: {at: [-1, 3], terrain: jungle, nation: france}",
        "terrain: jungle", "jungle", ("hexes.a4.terrain", "jungle")),
    # the map
    "duplicate coordinates": Case(
        "  b2: {at: [1, 1],", "  b2: {at: [0, 1],",
        "  b2: {at: [0, 1]", "[0, 1]", ("hex b2 is at [0, 1], where calais already is",)),
    "an unreachable hex": Case(
        "  j9: {at: [5, 8],", "  j9: {at: [15, 8],",
        "  j9: {at: [15, 8]", "[15, 8]", ("hex j9 cannot be reached from dover",)),
    "a hex of an unknown nation": Case(
        "  h2: {at: [7, 1], nation: germany,", "  h2: {at: [7, 1], nation: germnay,",
        "nation: germnay", "germnay", ("hex h2's nation: unknown power 'germnay'; did you mean 'germany'?",)),
    "a port at sea": Case(
        "  c1: {at: [2, 0], terrain: sea}", "  c1: {at: [2, 0], terrain: sea, port: minor}",
        "  c1: {at: [2, 0], terrain: sea, port: minor}", "minor", ("hex c1 is sea, so it has no port",)),
    "a port inland": Case(
        "rail: true, name: Lille, city: major,", "rail: true, name: Lille, city: major, port: minor,",
        "name: Lille, city: major, port: minor", "minor", ("hex lille has a port but is neither coastal nor beside a sea hex",)),
    "a victory city that is no city": Case(
        "  a6: {at: [-2, 5], nation: france}", "  a6: {at: [-2, 5], nation: france, victory_city: true}",
        "  a6: {at: [-2, 5], nation: france, victory_city: true}", "true", ("hex a6 is a victory city, so it needs its city kind",)),
    "a hydrogenation plant without black production": Case(
        "  a4: {at: [-1, 3], nation: france}", "  a4: {at: [-1, 3], nation: france, hydrogenation: true}",
        "nation: france, hydrogenation: true}", "true", ("hex a4 is a hydrogenation plant but produces no black PP",
                                                         "[BW L1748-L1750]")),
    # hexsides
    "a hexside naming an unknown hex": Case(
        "{between: [d5, d4], kind: river}", "{between: [d5, d44], kind: river}",
        "{between: [d5, d44]", "d44", ("a river hexside names unknown hex 'd44'; did you mean 'd4'?",)),
    "a hexside between hexes that do not touch": Case(
        "{between: [d5, d4], kind: river}", "{between: [d5, a9], kind: river}",
        "{between: [d5, a9]", "[", ("d5 and a9 are not adjacent", "[BW L1307-L1317]")),
    "a hexside listed twice": Case(
        "{between: [cologne, e4], kind: river}", "{between: [aachen, cologne], kind: river}",
        "{between: [aachen, cologne]", "[", ("the hexside between aachen and cologne is listed twice",)),
    "a river on a sea side": Case(
        "{between: [strasbourg, f7], kind: river}", "{between: [hamburg, i1], kind: river}",
        "{between: [hamburg, i1], kind: river}", "river", ("a river cannot run on a side of sea hex i1",)),
    # powers
    "a misspelt capital": Case(
        "    capital: berlin\n", "    capital: berlni\n",
        "capital: berlni", "berlni", ("germany's capital: unknown hex 'berlni'; did you mean 'berlin'?",)),
    "a capital in another power's nation": Case(
        "    capital: paris\n", "    capital: brussels\n    # was paris\n",
        "    capital: brussels\n    # was paris", "brussels", ("france's capital brussels belongs to belgium, not france",)),
    "a capital at sea": Case(
        "    capital: berlin\n", "    capital: b1\n",
        "capital: b1", "b1", ("germany's capital b1 is sea: it must be a land hex",)),
    "a capital that is no capital city": Case(
        "    capital: paris\n", "    capital: lille\n",
        "capital: lille", "lille", ("france's capital lille must be a city of kind capital", "not major")),
    "a misspelt supply source": Case(
        "    supply_source: dover\n", "    supply_source: dovre\n",
        "supply_source: dovre", "dovre", ("uk's supply source: unknown hex 'dovre'; did you mean 'dover'?",)),
    "a TECH level out of range": Case(
        "    tech: {infantry: 0}", "    tech: {infantry: 4}",
        "tech: {infantry: 4}", "4", ("TECH levels run from 0 to 3, not 4",)),
    "a TECH level of an unknown class": Case(
        "fighter: 1, fort: 1}", "fighter: 1, frot: 1}",
        "frot: 1}", "1", ("germany's tech: unknown unit class 'frot'; did you mean 'fort'?",)),
    # the TECH chart
    "a class without values at its power's level": Case(
        "    1: {defence: 6}                                # as infantry [BW L983]; never moves but by rail or sea\n"
        "    2: {defence: 5}\n",
        "    1: {defence: 6}\n",
        'unit: static, name: "Grenzschutz Saar"', "static",
        ("the TECH chart has no static values at TECH 2, which germany's static have", "ge_static_1")),
    "a chart entry without a value its class needs": Case(
        "    1: {air_air: 6, mp: 5}", "    1: {mp: 5}",
        "    1: {mp: 5}", "{", ("tech_chart.fighter.1 lacks the air-air firepower (air_air) that fighter units use",)),
    "a chart entry without movement points": Case(
        "    2: {attack: 5, defence: 5, mp: 4}              # [BW L1036]", "    2: {attack: 5, defence: 5}  # no mp",
        "    2: {attack: 5, defence: 5}  # no mp", "{", ("tech_chart.tank.2 lacks the movement points",)),
    "a misspelt class in the chart": Case(
        "  cavalry:\n", "  cavalyr:\n",
        "  cavalyr:", "cavalyr", ("tech_chart: unknown unit class 'cavalyr'; did you mean 'cavalry'?",)),
    "a chart level out of range": Case(
        "  strategic_bomber:\n    1: {air_ground: 6, mp: 15}", "  strategic_bomber:\n    5: {air_ground: 6, mp: 15}",
        "    5: {air_ground: 6, mp: 15}", "{", ("TECH levels run from 0 to 3, not 5",)),
    # the roster
    "a block of an unknown power": Case(
        "  ge_inf_4: {power: germany,", "  ge_inf_4: {power: germnay,",
        "  ge_inf_4: {power: germnay", "germnay", ("block ge_inf_4's unknown power 'germnay'; did you mean 'germany'?",)),
    "printed steps not decreasing": Case(
        '"StG 2", steps: [{value: 3, colour: white}, {value: 2}, {value: 1}]',
        '"StG 2", steps: [{value: 3, colour: white}, {value: 3}, {value: 1}]',
        '"StG 2", steps: [{value: 3, colour: white}, {value: 3}', "3}", ("block ge_b_2's printed steps must decrease strictly", "(3 then 3)")),
    "an Allied fort": Case(
        "  fr_art_1: {power: france, unit: artillery,", "  fr_art_1: {power: france, unit: fort,",
        "  fr_art_1: {power: france, unit: fort", "fort", ("block fr_art_1 is a fort of france (allies): forts are Axis blocks",)),
    "a fort whose minimum level is 0": Case(
        '  ge_fort_1: {power: germany, unit: fort, name: "Westwall Saar",',
        '  ge_fort_1: {power: germany, unit: fort, name: "Westwall Saar", min_zero: true,',
        '"Westwall Saar", min_zero: true', "true", ("block ge_fort_1 is a fort: its minimum level is not 0",)),
    "an Axis strategic bomber": Case(
        "  ge_b_2: {power: germany, unit: bomber,", "  ge_b_2: {power: germany, unit: strategic_bomber,",
        "  ge_b_2: {power: germany, unit: strategic_bomber", "strategic_bomber", ("only the Allies have them",)),
    "a shield block with one step": Case(
        "steps: [{value: 5, colour: white}, {value: 3}]}", "steps: [{value: 5, colour: white}]}",
        "shield: true", "true", ("block uk_f_1 has a shield (two hits per rotation) but a single printed step",)),
    # the setup
    "the setup placing an unknown block": Case(
        "  ge_mtn_1: {hex: f7}", "  ge_mnt_1: {hex: f7}",
        "  ge_mnt_1: ", "{", ("the setup places unknown block 'ge_mnt_1'; did you mean 'ge_mtn_1'?",)),
    "the setup placing a block at an unknown hex": Case(
        "  fr_mtn_1: {hex: d8}", "  fr_mtn_1: {hex: d88}",
        "  fr_mtn_1: {hex: d88}", "d88", ("fr_mtn_1 is placed at unknown hex 'd88'; did you mean 'd8'?",)),
    "a ground unit at sea": Case(
        "  fr_tank_1: {hex: c6}", "  fr_tank_1: {hex: c1}",
        "  fr_tank_1: {hex: c1}", "c1", ("fr_tank_1 is a ground unit and c1 is sea",)),
    "an air unit off an airfield": Case(
        "  fr_b_1: {hex: reims}", "  fr_b_1: {hex: c6}",
        "  fr_b_1: {hex: c6}", "c6", ("fr_b_1 is an air unit: it is based at an airfield", "which c6 is not")),
    "a unit in a partial hex": Case(
        "  fr_mtn_1: {hex: d8}", "  fr_mtn_1: {hex: e9}",
        "  fr_mtn_1: {hex: e9}", "e9", ("e9 is a partial map-edge hex",)),
    "a strength not printed on the block": Case(
        "  ge_inf_3: {hex: f5, strength: 3}", "  ge_inf_3: {hex: f5, strength: 5}",
        "strength: 5}", "5", ("ge_inf_3 cannot stand at strength 5: its printed steps are 4, 3, 2, 1",)),
    "strength 0 without a minimum level 0": Case(
        "  be_inf_2: {hex: eben_emael, strength: 2}", "  be_inf_2: {hex: eben_emael, strength: 0}",
        "  be_inf_2: {hex: eben_emael, strength: 0}", "0", ("be_inf_2 cannot stand at strength 0",
                                                             "0 only for a block whose minimum level is 0")),
    "four ground units in a hex": Case(
        "  fr_inf_3: {hex: metz}", "  fr_inf_3: {hex: e5}",
        "  fr_inf_3: {hex: e5}", "e5", ("e5 holds 4 ground units (fr_inf_2, fr_static_1, fr_art_1, fr_inf_3)", "[BW L648-L656]")),
    "three combat units in a hex": Case(
        "  fr_tank_1: {hex: c6}", "  fr_tank_1: {hex: b4}",
        "  fr_tank_1: {hex: b4}", "b4", ("b4 holds 3 ground combat units (fr_mech_1, fr_mot_1, fr_tank_1)", "[BW L648-L656]")),
    "two air units at one airfield": Case(
        "  fr_b_1: {hex: reims}", "  fr_b_1: {hex: paris}",
        "  fr_b_1: {hex: paris}", "paris", ("paris bases 2 air units (fr_f_1, fr_b_1): at most 1", "[BW L584]")),
    "both sides in a hex": Case(
        "  ge_mtn_1: {hex: f7}", "  ge_mtn_1: {hex: d8}",
        "  fr_mtn_1: {hex: d8}", "d8", ("d8 holds blocks of both sides (ge_mtn_1 and fr_mtn_1)",)),
    # control and PP
    "control of an unknown hex": Case(
        PP, "control: {sedann: germany}\n" + PP,
        "control: {sedann", "germany", ("control: unknown hex 'sedann'; did you mean 'sedan'?",)),
    "control by an unknown power": Case(
        PP, "control: {sedan: germnay}\n" + PP,
        "control: {sedan", "germnay", ("control of sedan: unknown power 'germnay'; did you mean 'germany'?",)),
    "control of a sea hex": Case(
        PP, "control: {c1: germany}\n" + PP,
        "control: {c1", "germany", ("c1 is sea: only land hexes are controlled",)),
    "PP of an unknown power": Case(
        PP, "pp: {germany: 6, france: 4, uk: 2, belgum: 0}",
        "belgum: 0", "0", ("pp: unknown power 'belgum'; did you mean 'belgium'?",)),
    "negative PP": Case(
        PP, "pp: {germany: -6, france: 4, uk: 2, belgium: 0}",
        "germany: -6", "-6", ("germany cannot store -6 PP",)),
    # the turn track
    "months not consecutive": Case(
        LAST_TURN, "  - {month: 1940-09, weather: good}",
        "month: 1940-09", "1940-09", ("turn 4 is 1940-09, but a turn is one month: after turn 3 comes 1940-08",)),
    "no such month": Case(
        LAST_TURN, "  - {month: 1940-13, weather: good}",
        "month: 1940-13", "1940-13", ("1940-13 is no month",)),
    "a weather roll outside April and October": Case(
        LAST_TURN, "  - {month: 1940-08, weather: roll}",
        "weather: roll", "roll", ("only April and October roll their weather",)),
    "a reinforcement of an unknown block": Case(
        "ge_pz_3: berlin,", "ge_pz_33: berlin,",
        "ge_pz_33: berlin", "berlin", ("turn 2 reinforcement: unknown block 'ge_pz_33'; did you mean 'ge_pz_3'?",)),
    "a reinforcement already on the map": Case(
        "ge_inf_4: ruhr,", "ge_inf_3: ruhr,",
        "ge_inf_3: ruhr", "ruhr", ("ge_inf_3 arrives on turn 2 but the setup already places it at f5",)),
    "a reinforcement arriving twice": Case(
        "{ge_b_2: frankfurt, fr_inf_4: paris}", "{ge_b_2: frankfurt, fr_inf_4: paris, ge_pz_3: munich}",
        "ge_pz_3: munich", "munich", ("ge_pz_3 arrives twice (turns 2 and 3)",)),
    "a reinforcement at an unknown hex": Case(
        "fr_inf_4: paris}", "fr_inf_4: pariss}",
        "fr_inf_4: pariss", "pariss", ("fr_inf_4 arrives at unknown hex 'pariss'; did you mean 'paris'?",)),
    "a ground reinforcement at sea": Case(
        "ge_inf_4: ruhr,", "ge_inf_4: g1,",
        "ge_inf_4: g1", "g1", ("ge_inf_4 is a ground unit and g1 is sea",)),
    "an air reinforcement off an airfield": Case(
        "ge_b_2: frankfurt,", "ge_b_2: g6,",
        "ge_b_2: g6", "g6", ("ge_b_2 is an air unit: it arrives at an airfield (a city), which g6 is not",)),
    # the armistice [BW L813], [BW L856]
    "an armistice protecting an unknown nation": Case(
        "armistice_protects: [france, belgium]", "armistice_protects: [france, belgum]",
        "armistice_protects: [france, belgum]", "belgum", ("no hex belongs to nation 'belgum'",)),
    "armistice_protects without an armistice": Case(
        "    armistice: true ", "    armistice: false ",
        "armistice_protects: [france, belgium]", "[france, belgium]",
        ("france lists armistice_protects but may not ask for an armistice",)),
    # sea lines [BW L771]
    "a sea line to a hex without a port": Case(
        "\nhexsides:\n", "\nsea_lines:\n  - {between: [dover, lille]}\nhexsides:\n",
        "  - {between: [dover, lille]}", "lille", ("sea line: lille has no port",)),
    "a sea line to an unknown hex": Case(
        "\nhexsides:\n", "\nsea_lines:\n  - {between: [dover, antwrep]}\nhexsides:\n",
        "  - {between: [dover, antwrep]}", "antwrep", ("sea line: unknown hex 'antwrep'; did you mean 'antwerp'?",)),
    # victory
    "a victory hex unknown": Case(
        "control_all: [paris]", "control_all: [parsi]",
        "control_all: [parsi]", "parsi", ("victory: unknown hex 'parsi'; did you mean 'paris'?",)),
    "a victory whatever happens": Case(
        "otherwise: allies}", "otherwise: axis}",
        "otherwise: axis}", "axis", ("victory: axis wins whether or not it controls the hexes",)),
    # OR 36.0 Italy's surrender: the demo has no Italy, so Gamelin stands in for Mussolini and France for Italy
    # a Mediterranean hex without a port is a coastal hex of the Mediterranean's weather (AR 9.0.1): allowed
    "a Mediterranean flag on a sea hex": Case(
        "  b1: {at: [1, 0], terrain: sea}", "  b1: {at: [1, 0], terrain: sea, mediterranean: true}",
        "terrain: sea, mediterranean: true}", "true", ("hex b1 is marked mediterranean but is sea", "[BW L1602]")),
    "Mussolini an unknown block": Case(
        VICTORY, VICTORY + "\n" + ITALY.format(m="fr_gamelni", s="paris", g="paris"),
        "mussolini: fr_gamelni", "fr_gamelni", ("italian_surrender: Mussolini is an unknown block 'fr_gamelni'",
                                                "did you mean 'fr_gamelin'?")),
    "Mussolini not a supreme leader": Case(
        VICTORY, VICTORY + "\n" + ITALY.format(m="ge_inf_1", s="paris", g="paris"),
        "mussolini: ge_inf_1", "ge_inf_1", ("Mussolini's block ge_inf_1 is not a supreme leader", "[BW L2560]")),
    "Sicily a sea hex": Case(
        VICTORY, VICTORY + "\n" + ITALY.format(m="fr_gamelin", s="b1", g="paris"),
        "sicily: [b1]", "b1", ("italian_surrender: Sicily: hex b1 is not land", "[BW L2562]")),
    "Gran Sasso outside Mussolini's nation": Case(
        VICTORY, VICTORY + "\n" + ITALY.format(m="fr_gamelin", s="paris", g="berlin"),
        "gran_sasso: berlin", "berlin", ("italian_surrender: Gran Sasso: hex berlin is not france's",
                                         "[BW L2560-L2562]")),
    "Milan without the Liguria corps": Case(
        VICTORY, VICTORY + "\n" + ITALY.format(m="fr_gamelin", s="paris", g="paris")[:-1] + ", milan: lille}",
        "milan: lille", "lille", ("milan and liguria go together", "[BW L2576]")),
    "the Liguria corps not infantry": Case(
        VICTORY, VICTORY + "\n" + ITALY.format(m="fr_gamelin", s="paris", g="paris")[:-1]
        + ", milan: lille, liguria: fr_cav_1}",
        "liguria: fr_cav_1", "fr_cav_1", ("the Liguria corps fr_cav_1 is not an infantry corps of france", "[BW L2576]")),
    "Milan outside Mussolini's nation": Case(
        VICTORY, VICTORY + "\n" + ITALY.format(m="fr_gamelin", s="paris", g="paris")[:-1]
        + ", milan: antwerp, liguria: fr_inf_4}",
        "milan: antwerp", "antwerp", ("italian_surrender: Milan: hex antwerp is not france's",)),
}


def _check(folder: Path, case: Case) -> None:
    text = edited(case.old, case.new)
    result = validate(folder, text)
    assert result.exit_code == 1, result.output
    line, column = position(text, case.context, case.value)
    messages = located(result.output, line, column)
    assert any(all(w in m for w in case.words) for m in messages), (
        f"no problem at {NAME}:{line}:{column} holding {case.words}; got:\n{result.output}")


@pytest.mark.parametrize("case", list(CASES.values()), ids=list(CASES))
def test_each_kind_of_error_is_rejected_at_the_offending_value(folder, case):
    _check(folder, case)


def test_artillery_may_start_at_strength_0(folder):
    """A block whose minimum level is 0 may stand at 0 [BW L798], [BW L1476]."""
    result = validate(folder, edited("  ge_art_1: {hex: aachen}", "  ge_art_1: {hex: aachen, strength: 0}"))
    assert result.exit_code == 0, result.output


def test_a_printed_name_misspelt_gets_the_hex_id_suggested(folder):
    """Hexes are named by id in the file; a misspelt printed name (any case) gets the id suggested."""
    text = edited("    capital: paris\n", "    capital: Pariss\n")
    result = validate(folder, text)
    assert result.exit_code == 1 and "did you mean 'paris'?" in result.output


# --- the hand-written scenario with several errors -------------------------------------
BAD_PROBLEMS = [
    # (context, value, words): each error of tests/data/bitw/bad-scenario.yaml, where it is reported
    ("  hill: {at: [1, 0]", "[1, 0]", "hex hill is at [1, 0], where town already is"),
    ("  marsh: {at: [0, 1], terrain: swamp, nation: fance}", "fance", "unknown power 'fance'; did you mean 'france'?"),
    ("{between: [capital, far], kind: river}", "[", "capital and far are not adjacent"),
    ("{between: [town, sea], kind: river}", "river", "a river cannot run on a side of sea hex sea"),
    ("    supply_source: twon", "twon", "unknown hex 'twon'; did you mean 'town'?"),
    ("  tank:\n    1: {attack: 6, mp: 3}", "{", "tech_chart.tank.1 lacks the defence firepower (defence)"),
    ("{value: 2}, {value: 3}]", "3", "block fr_2's printed steps must decrease strictly, strongest first (2 then 3)"),
    ("  ge_1: {hex: capital, strength: 5}", "5", "ge_1 cannot stand at strength 5"),
    ("  fr_3: {hex: town}", "town", "town holds 3 ground combat units (fr_1, fr_2, fr_3)"),
    ("  - {month: 1940-07,", "1940-07", "turn 2 is 1940-07, but a turn is one month: after turn 1 comes 1940-06"),
    ("reinforcements: {ge_9: capital}", "capital", "turn 2 reinforcement: unknown block 'ge_9'; did you mean 'ge_1'?"),
    ("control_all: [twon]", "twon", "victory: unknown hex 'twon'; did you mean 'town'?"),
]


def test_the_hand_written_bad_scenario_reports_every_error_located():
    text = BAD.read_text(encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(BAD)], catch_exceptions=False)
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    for context, value, words in BAD_PROBLEMS:
        line, column = position(text, context, value)
        assert any(words in m for m in located(result.output, line, column, str(BAD))), (
            f"{words!r} not reported at {line}:{column}:\n{result.output}")
    reported = [row for row in result.output.splitlines() if row.startswith(str(BAD) + ":")]
    assert len(reported) == len(BAD_PROBLEMS), result.output


# --- never a traceback ------------------------------------------------------------
@pytest.mark.parametrize("old, new", [
    ("hexes:\n", "hexes: {}\nold_hexes:\n"),
    ("blocks:\n", "blocks: {}\nold_blocks:\n"),
    ("tech_chart:\n", "tech_chart: {}\nold_tech_chart:\n"),
    ("turns:\n", "turns: []\nold_turns:\n"),
    ("    capital: berlin\n", "    capital: 5\n"),
    ("control_all: [paris]", "control_all: [7]"),
    ("kind: bitw-scenario", "kind: bitw-scenaro"),
    ("  b2: {at", "\tb2: {at"),
    ("  - {month: 1940-05, weather: good}", "  - {month: 1940-5, weather: good}"),
    ("steps: [{value: 5, colour: white}, {value: 3}]}", "steps: []}"),
    ("steps: [{value: 5, colour: white}, {value: 3}]}", "steps: [{value: 0}]}"),
], ids=["no hexes", "no blocks", "no TECH chart", "no turns", "capital not a name", "victory hex not a name",
        "misspelt kind", "tab indentation", "month without two digits", "no steps", "a step of 0"])
def test_odd_scenarios_get_located_messages_never_a_traceback(folder, old, new):
    result = validate(folder, edited(old, new))
    assert result.exit_code == 1, result.output
    problems = [row for row in result.output.splitlines() if row.startswith(f"{NAME}:")]
    assert problems and all(row.split(":")[1].isdigit() for row in problems), result.output


@pytest.mark.parametrize("path", sorted((Path(__file__).resolve().parents[1] / "conformance" / "blocks_in_the_west")
                                        .glob("_*.yaml")), ids=lambda p: p.name)
def test_the_conformance_scenarios_are_valid_scenario_files(path: Path) -> None:
    """The cases' own maps pass the checks a user's scenario gets (a case on an invalid map proves little)."""
    from typer.testing import CliRunner

    from aa_ref.cli.app import app

    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 0, result.output


def test_a_supply_source_may_lie_in_another_nation(folder):
    """The USA's and Canada's sources are off the BITW map [BW L756-L767]: a scenario names a port of another nation."""
    result = validate(folder, edited("    supply_source: dover\n", "    supply_source: calais\n"))
    assert result.exit_code == 0, result.output


def test_an_italian_surrender_section_that_names_known_places_validates(folder):
    """OR 36.0's scenario section, well formed (Sardinia-Corsica may lie in two nations: Corsica is French)."""
    text = edited(VICTORY, VICTORY + "\n" + ITALY.format(m="fr_gamelin", s="paris", g="paris"))
    result = validate(folder, text)
    assert result.exit_code == 0, result.output
