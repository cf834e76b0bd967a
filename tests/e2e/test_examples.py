"""The shipped example plays: the first round of 1941, every orders file through the real CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.schema_check import game_files_errors

ROOT = Path(__file__).resolve().parents[2]
ROUND_1 = sorted((ROOT / "examples" / "aa1941" / "round-1").glob("*.yaml"))


def test_every_example_file_is_valid_on_its_own(cli):
    result = cli("validate", *ROUND_1)
    assert result.exit_code == 0, result.output


def test_round_one_plays_to_round_two_and_replays(cli):
    assert cli("new", "aa1941", "-o", "game.yaml", "--seed", "example").exit_code == 0
    for orders in ROUND_1:
        result = cli("apply", "game.yaml", orders, "--in-place")
        assert result.exit_code == 0, f"{orders.name}: {result.output}"
    assert game_files_errors(cli.folder) == {}
    data = json.loads(cli("show", "game.yaml", "--json").output)
    assert (data["round"], data["power"], data["phase"]) == (2, "USSR", "purchase")
    # Round 1 as the example plays it: West Russia changes hands twice, the UK takes North
    # Africa and Japan takes Szechwan and Siberia.
    assert data["spaces"]["West Russia"]["owner"] == "Germany"
    assert data["spaces"]["North Africa"]["owner"] == "UK"
    assert data["spaces"]["Szechwan"]["owner"] == data["spaces"]["Siberia"]["owner"] == "Japan"
    assert {p: v["treasury"] for p, v in data["powers"].items()} == {"USSR": 9, "Germany": 12, "UK": 12, "Japan": 10, "USA": 20}
    assert cli("replay", "game.yaml").exit_code == 0
    log = cli("log", "game.yaml", "--power", "UK").output
    assert "UK's 1 submarine(s) submerge" in log and "(seeded)" in log


def test_the_play_script_runs_as_the_readme_says(tmp_path):
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    result = subprocess.run(["bash", str(ROOT / "examples" / "aa1941" / "play-round-1.sh"), str(tmp_path)],
                            capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr
    assert "replay of 27 log entries matches the game" in result.stdout
