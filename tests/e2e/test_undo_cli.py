"""`aa-ref undo`: the last orders taken back as a new log entry; replay still verifies."""

from __future__ import annotations

import json
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "anniversary-1941" / "round-1"


def state(cli) -> dict:
    data = json.loads(cli("show", "game.yaml", "--json").output)
    data.pop("log")
    return data


def test_undo_takes_back_the_last_orders_and_replay_verifies(cli):
    assert cli("new", "anniversary-1941", "-o", "game.yaml", "--seed", "anniversary-1941",
               "--option", "research=on", "--option", "national_objectives=on").exit_code == 0
    start = state(cli)
    first, second = EXAMPLES / "01-germany-research.yaml", EXAMPLES / "02-germany-purchase.yaml"
    assert cli("apply", "game.yaml", first, "--in-place").exit_code == 0
    after_first = state(cli)
    assert cli("apply", "game.yaml", second, "--in-place").exit_code == 0
    after_second = state(cli)
    result = cli("undo", "game.yaml")
    assert result.exit_code == 0 and "undoes entry 2: Germany's purchase of round 1" in result.output
    assert state(cli) == after_first
    assert cli("replay", "game.yaml").exit_code == 0
    assert "(undo)" in cli("log", "game.yaml").output
    # Orders applied again roll the same seeded dice: undo cannot be used to roll again.
    assert cli("apply", "game.yaml", second, "--in-place").exit_code == 0
    assert state(cli) == after_second
    assert cli("undo", "game.yaml").exit_code == 0 and cli("undo", "game.yaml").exit_code == 0
    assert state(cli) == start
    nothing = cli("undo", "game.yaml")
    assert nothing.exit_code == 2 and "nothing to undo" in nothing.output
    assert cli("replay", "game.yaml").exit_code == 0
    assert cli("validate", "game.yaml", "game.log.yaml").exit_code == 0


def test_an_edited_undo_entry_is_caught_by_replay(cli):
    assert cli("new", "aa1941", "-o", "game.yaml", "--seed", "u").exit_code == 0
    (cli.folder / "buy.yaml").write_text(
        "kind: orders\nschema_version: 1\nround: 1\npower: USSR\nphase: purchase\npurchase: {infantry: 1}\n")
    assert cli("apply", "game.yaml", "buy.yaml", "--in-place").exit_code == 0
    assert cli("undo", "game.yaml").exit_code == 0
    cli.edit("game.log.yaml", '"undoes": 1', '"undoes": 2')
    assert cli("replay", "game.yaml").exit_code == 1
