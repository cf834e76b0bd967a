"""A phase entered move by move in files received from a careless or cheating opponent (issue 20): the moves
entered so far are state like any other, bound by the log's digest; a step for another moment is refused, located;
undo takes back one step and the log still replays."""

from __future__ import annotations

import json

EXAMPLES_HEAD = "kind: orders\nschema_version: 1\nround: 1\npower: {power}\nphase: {phase}\n"
STEP = "step: true\nmoves:\n  - {units: {infantry: 3}, from: Karelia, to: West Russia}\n"


def in_combat_move(cli) -> None:
    """A 1941 game (game.yaml) in USSR's Combat Move, one move entered (log entry 2)."""
    (cli.folder / "buy.yaml").write_text(EXAMPLES_HEAD.format(power="USSR", phase="purchase") + "purchase: {}\n")
    assert cli("apply", "game.yaml", "buy.yaml", "--in-place").exit_code == 0
    (cli.folder / "step.yaml").write_text(EXAMPLES_HEAD.format(power="USSR", phase="combat_move") + STEP)
    assert cli("apply", "game.yaml", "step.yaml", "--in-place").exit_code == 0


def test_a_hand_edited_draft_is_refused_by_every_command(cli, game):
    in_combat_move(cli)
    cli.edit("game.yaml", "infantry: 3}, from: Karelia", "infantry: 9}, from: Karelia")
    before = cli.snapshot()
    for command in (("show",), ("template",), ("end-phase",), ("undo",)):
        result = cli(command[0], "game.yaml", *command[1:])
        assert result.exit_code == 1, (command, result.output)
        assert "changed by hand" in result.output and "draft.steps[0].moves[0].units.infantry is 9" in result.output
    assert cli.snapshot() == before
    assert cli("replay", "game.yaml").exit_code == 1


def test_a_draft_added_by_hand_is_refused(cli, game):
    in_combat_move(cli)
    assert cli("undo", "game.yaml").exit_code == 0
    text = (cli.folder / "game.yaml").read_text()
    (cli.folder / "game.yaml").write_text(text + "draft: {steps: [{entry: 2, moves: [{units: {infantry: 3}, "
                                                 "from: Karelia, to: West Russia}]}]}\n")
    shown = cli("show", "game.yaml")
    assert shown.exit_code == 1 and "changed by hand" in shown.output


def test_an_edit_cannot_set_the_draft(cli, game):
    in_combat_move(cli)
    (cli.folder / "edit.yaml").write_text('kind: edit\nschema_version: 1\nreason: "no"\nset: {draft: null}\n')
    refused = cli("apply", "game.yaml", "edit.yaml", "--in-place")
    assert refused.exit_code == 1 and "'draft' holds the adjudication in progress" in refused.output


def test_a_step_after_the_phase_ended_is_refused_located(cli, game):
    in_combat_move(cli)
    assert cli("end-phase", "game.yaml").exit_code == 0
    before = cli.snapshot()
    late = cli("apply", "game.yaml", "step.yaml", "--in-place")
    assert late.exit_code == 1 and "step.yaml:5:" in late.output
    assert "for the combat_move phase, but the game is in conduct_combat" in late.output
    assert cli.snapshot() == before


def test_a_step_for_another_power_or_phase_is_refused_located(cli, game):
    in_combat_move(cli)
    (cli.folder / "theirs.yaml").write_text(EXAMPLES_HEAD.format(power="Germany", phase="combat_move") + STEP)
    refused = cli("apply", "game.yaml", "theirs.yaml", "--in-place")
    assert refused.exit_code == 1 and "theirs.yaml:4:" in refused.output and "it is USSR's turn" in refused.output
    (cli.folder / "later.yaml").write_text(EXAMPLES_HEAD.format(power="USSR", phase="noncombat_move") + STEP)
    refused = cli("apply", "game.yaml", "later.yaml", "--in-place")
    assert refused.exit_code == 1 and "later.yaml:5:" in refused.output
    (cli.folder / "buying.yaml").write_text(EXAMPLES_HEAD.format(power="USSR", phase="combat_move")
                                            + "step: true\npurchase: {infantry: 1}\n")
    refused = cli("apply", "game.yaml", "buying.yaml", "--in-place")
    assert refused.exit_code == 1 and "buying.yaml:7:" in refused.output


def test_undo_takes_back_one_step_and_the_log_replays(cli, game):
    in_combat_move(cli)
    assert cli("move", "game.yaml", "--units", "tank", "--from", "Russia", "--to", "West Russia").exit_code == 0
    undone = cli("undo", "game.yaml")
    assert undone.exit_code == 0 and "undoes entry 3" in undone.output
    draft = json.loads(cli("show", "game.yaml", "--json").output)["draft"]
    assert [m["from"] for m in draft["moves"]] == ["Karelia"]
    assert cli("undo", "game.yaml").exit_code == 0
    assert "draft" not in json.loads(cli("show", "game.yaml", "--json").output)
    assert cli("replay", "game.yaml").exit_code == 0
    # the step applied again is entry 5 now: the draft names the entry that entered it (1 buy, 2-3 steps, 4-5 undos)
    assert cli("apply", "game.yaml", "step.yaml", "--in-place").exit_code == 0
    assert json.loads(cli("show", "game.yaml", "--json").output)["draft"]["moves"][0]["entry"] == 6
    assert cli("replay", "game.yaml").exit_code == 0
