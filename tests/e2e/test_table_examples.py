"""A whole first round refereed at a table (README, "At the table"): the example scripts type the dice of
round-1-dice.txt as `apply --ask-dice` asks for each volley, through a shared pipe, one command per document; the
game reached is the one the same orders reach with the game's own dice, and the log calls every roll table dice."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from aa_ref.core.yamlio import load_yaml

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = {"aa1941": 27, "anniversary-1941": 41}
"""Example -> its round's log entries."""


def run(script: Path, folder: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    return subprocess.run(["bash", str(script), str(folder)], capture_output=True, text=True, env=env)


def position(folder: Path) -> dict:
    shown = subprocess.run([sys.executable, "-m", "aa_ref", "show", str(folder / "game.yaml"), "--json"],
                           capture_output=True, text=True, check=True)
    data = json.loads(shown.stdout)
    return {key: data[key] for key in ("round", "power", "phase", "powers", "spaces")}


@pytest.mark.slow
@pytest.mark.parametrize("example", sorted(SCRIPTS))
def test_a_round_at_the_table_reaches_the_game_the_seeded_dice_reach(tmp_path, example):
    here = ROOT / "examples" / example
    table = run(here / "play-round-1-at-the-table.sh", tmp_path / "table")
    assert table.returncode == 0, table.stderr
    assert f"replay of {SCRIPTS[example]} log entries matches the game" in table.stdout
    volleys = sum(1 for line in (here / "round-1-dice.txt").read_text().splitlines() if line and line[0] != "#")
    assert table.stdout.count(" - roll ") == volleys  # each volley described once: no line was asked again
    assert "is needed" not in table.stdout and "is not a die" not in table.stdout
    seeded = run(here / "play-round-1.sh", tmp_path / "seeded")
    assert seeded.returncode == 0, seeded.stderr
    assert position(tmp_path / "table") == position(tmp_path / "seeded")
    rolls = [event for entry in load_yaml(tmp_path / "table" / "game.log.yaml").data["entries"]
             for event in entry["events"] if event["type"] == "roll"]
    assert len(rolls) == volleys and {event["source"] for event in rolls} == {"manual"}
