"""The shipped Anniversary examples: the first round of 1941 and of 1942, every file through the real CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.schema_check import game_files_errors

ROOT = Path(__file__).resolve().parents[2]
OPTIONS = ("--option", "research=on", "--option", "national_objectives=on")


def round_one(scenario: str) -> list[Path]:
    """The example's orders and decision files, in the order they are applied."""
    return sorted((ROOT / "examples" / scenario / "round-1").glob("*.yaml"))


def play(cli, scenario: str) -> dict:
    """A new game of the scenario as the play script makes it, every file applied; the state as JSON."""
    assert cli("new", scenario, "-o", "game.yaml", "--seed", scenario, *OPTIONS).exit_code == 0
    for orders in round_one(scenario):
        result = cli("apply", "game.yaml", orders, "--in-place")
        assert result.exit_code == 0, f"{orders.name}: {result.output}"
    assert game_files_errors(cli.folder) == {}
    return json.loads(cli("show", "game.yaml", "--json").output)


def treasuries(data: dict) -> dict[str, int]:
    return {power: facts["treasury"] for power, facts in data["powers"].items()}


@pytest.mark.parametrize("scenario", ["anniversary-1941", "anniversary-1942"])
def test_every_example_file_is_valid_on_its_own(cli, scenario):
    result = cli("validate", *round_one(scenario))
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("scenario", ["anniversary-1941", "anniversary-1942"])
def test_every_power_plays_in_the_example(scenario):
    powers = {path.name.split("-")[1] for path in round_one(scenario)}
    assert powers == {"germany", "ussr", "japan", "uk", "italy", "usa", "china"}


def test_1941_round_one_plays_to_round_two_and_replays(cli):
    data = play(cli, "anniversary-1941")
    assert (data["round"], data["power"], data["phase"]) == (2, "Germany", "research")
    spaces = data["spaces"]
    # Barbarossa takes East Poland and Ukraine; the USSR retakes the Baltic States.
    assert spaces["East Poland"]["owner"] == spaces["Ukraine"]["owner"] == "Germany"
    assert spaces["Baltic States"]["owner"] == "USSR"
    # Japan's amphibious assault takes Kwangtung; China liberates Hupeh; Italy lands in Trans-Jordan.
    assert spaces["Kwangtung"]["owner"] == "Japan"
    assert spaces["Hupeh"]["owner"] == "China"
    assert spaces["Trans-Jordan"]["owner"] == "Italy"
    # The UK repaired the raid's damage and built a complex in India.
    assert "damage" not in spaces["United Kingdom"]
    assert spaces["India"]["industrial_complex"] == "built"
    assert data["powers"]["Germany"]["researchers"] == 2 and data["powers"]["UK"]["researchers"] == 1
    assert treasuries(data) == {"Germany": 45, "USSR": 32, "Japan": 24, "UK": 48, "Italy": 16, "USA": 56, "China": 0}
    assert cli("replay", "game.yaml").exit_code == 0
    log = cli("log", "game.yaml", "--round", "1").output
    assert "Germany's bombing raid does 1 damage" in log
    assert "Kwangtung: shore bombardment from SZ 61" in log
    assert "UK repairs 1 damage marker(s) on the industrial complex in United Kingdom" in log
    assert "Germany's submarines make a surprise strike" in log
    assert "China places 2 infantry in Fukien" in log


def test_1942_round_one_plays_to_round_two_and_replays(cli):
    data = play(cli, "anniversary-1942")
    assert (data["round"], data["power"], data["phase"]) == (2, "Japan", "research")
    spaces = data["spaces"]
    # Japan's landing takes Buryatia; China liberates Kiangsu (Shanghai); Ukraine ends German.
    assert spaces["Buryatia S.S.R."]["owner"] == "Japan"
    assert spaces["Kiangsu"]["owner"] == "China"
    assert spaces["Ukraine"]["owner"] == "Germany"
    assert spaces["Trans-Jordan"]["owner"] == "UK"
    # Three raids: Germany on Russia (4), the UK (3) and the USA (2) on Germany.
    assert spaces["Russia"]["damage"] == 4 and spaces["Germany"]["damage"] == 5
    assert data["powers"]["Japan"]["technologies"] == ["improved_shipyards"]
    assert "Shanghai" in data["victory_cities"]["Allies"]
    assert treasuries(data) == {"Japan": 43, "USSR": 30, "Germany": 49, "UK": 36, "Italy": 15, "USA": 43, "China": 0}
    assert cli("replay", "game.yaml").exit_code == 0
    log = cli("log", "game.yaml", "--round", "1").output
    assert "Japan breaks through ([6]) and develops Improved Shipyards" in log
    assert "Buryatia S.S.R.: shore bombardment from SZ 62" in log
    assert "SZ 35: the defence assigns the hits to 1 destroyer (UK's choice)" in log


@pytest.mark.parametrize("scenario, entries", [("anniversary-1941", 41), ("anniversary-1942", 44)])
def test_the_play_script_runs_as_its_header_says(tmp_path, scenario, entries):
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    result = subprocess.run(["bash", str(ROOT / "examples" / scenario / "play-round-1.sh"), str(tmp_path)],
                            capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr
    assert f"replay of {entries} log entries matches the game" in result.stdout
    assert "round 2" in result.stdout


def test_the_noncombat_template_lists_the_fighters_that_fought_beside_land_units(cli):
    """After a battle the winners merge into one force; its fighters must still be offered a landing."""
    assert cli("new", "anniversary-1941", "-o", "game.yaml", "--seed", "anniversary-1941", *OPTIONS).exit_code == 0
    for orders in round_one("anniversary-1941")[:4]:   # Germany up to its battles
        assert cli("apply", "game.yaml", orders, "--in-place").exit_code == 0
    template = cli("template", "game.yaml").output
    assert "#   Baltic States: 1 fighter (move 3)" in template
    assert "#   SZ 6: 1 fighter (move 3)" in template
    assert "Baltic States: 2 infantry" not in template   # land units that fought stay put
