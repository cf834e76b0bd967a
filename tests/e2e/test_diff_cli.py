"""`aa-ref diff`: two game files compared in game terms."""

from __future__ import annotations

import json
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "anniversary-1941" / "round-1"


def test_diff_shows_what_a_turn_changed(cli):
    assert cli("new", "anniversary-1941", "-o", "game.yaml", "--seed", "anniversary-1941",
               "--option", "research=on", "--option", "national_objectives=on").exit_code == 0
    files = sorted(EXAMPLES.glob("*.yaml"))[:6]  # Germany's whole first turn
    assert cli("apply", "game.yaml", *files, "-o", "after.yaml").exit_code == 0
    text = cli("diff", "game.yaml", "after.yaml").output
    assert "power: Germany -> USSR" in text
    assert "East Poland: USSR -> Germany" in text
    assert "Germany researchers: 0 -> 2" in text
    data = json.loads(cli("diff", "game.yaml", "after.yaml", "--json").output)
    assert data["control"]["Ukraine"] == {"before": "USSR", "after": "Germany"}
    assert data["treasuries"]["Germany"]["before"] == 31
    assert cli("diff", "game.yaml", "game.yaml").output.endswith("no difference in the game\n")


def test_diff_refuses_files_it_cannot_compare(cli):
    assert cli("new", "anniversary-1941", "-o", "a.yaml").exit_code == 0
    assert cli("new", "aa1941", "-o", "b.yaml").exit_code == 0
    other = cli("diff", "a.yaml", "b.yaml")
    assert other.exit_code == 2 and "nothing to compare" in other.output
    not_game = cli("diff", "a.yaml", "a.log.yaml")
    assert not_game.exit_code == 1 and "not a game file" in not_game.output
