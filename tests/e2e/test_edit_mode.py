"""Edit mode, logged (issue 18): a `kind: edit` document changes the position outside the rules, with a reason; it is
its own log entry, replays exactly, stands out in `show`, `log`, `diff`, `verify` and `report`, and in a fair-dice
game needs every player's signature."""

from __future__ import annotations

import json

import pytest

EDIT = """kind: edit
schema_version: 1
reason: {reason}
set:
{changes}
"""


def write_edit(cli, name: str, changes: dict, reason: str = "a unit forgotten at the table") -> str:
    lines = "\n".join(f"  {json.dumps(path)}: {json.dumps(value)}" for path, value in changes.items())
    (cli.folder / name).write_text(EDIT.format(reason=json.dumps(reason), changes=lines))
    return name


def test_an_edit_changes_the_position_is_logged_and_replays(cli, game):
    write_edit(cli, "e.yaml", {"powers.Germany.treasury": 30, "spaces.Caucasus.forces[0].units.infantry": 5,
                               "spaces.Alaska.owner": "Japan"})
    assert cli("template", "game.yaml", "-o", "before.yaml").exit_code == 0
    (cli.folder / "start.yaml").write_bytes((cli.folder / "game.yaml").read_bytes())
    result = cli("apply", "game.yaml", "e.yaml", "--in-place")
    assert result.exit_code == 0, result.output
    assert "edit: powers.Germany.treasury: 12 -> 30" in result.output
    status = json.loads(cli("show", "game.yaml", "--json").output)
    assert status["powers"]["Germany"]["treasury"] == 30
    assert status["edits"] == [{"entry": 1, "round": 1, "reason": "a unit forgotten at the table", "undone": False,
                                "signed_by": []}]
    assert "This game has 1 edit made outside the rules (log entry #1)" in cli("show", "game.yaml").output
    log = cli("log", "game.yaml").output
    assert "#1 round 1, USSR, purchase (EDIT outside the rules)" in log
    assert "EDIT: a unit forgotten at the table" in log and "spaces.Alaska.owner: USA -> Japan" in log
    assert cli("replay", "game.yaml").exit_code == 0
    diff = cli("diff", "start.yaml", "game.yaml").output
    assert "EDIT outside the rules (log entry #1): a unit forgotten at the table" in diff
    assert "entry 1 is an edit outside the rules (round 1, signed by nobody)" in cli("verify", "game.yaml").output
    # play goes on from the edited position, and the round's report shows the edit
    assert cli("template", "game.yaml", "-o", "o.yaml").exit_code == 0
    assert cli("apply", "game.yaml", "o.yaml", "--in-place").exit_code == 0
    assert "EDIT outside the rules, entry #1: a unit forgotten at the table" in cli("report", "game.yaml",
                                                                                     "--round", "1").output


def test_an_edit_is_undone_like_orders(cli, game):
    write_edit(cli, "e.yaml", {"powers.USSR.treasury": 20})
    assert cli("apply", "game.yaml", "e.yaml", "--in-place").exit_code == 0
    result = cli("undo", "game.yaml")
    assert result.exit_code == 0 and "the edit of round 1 (a unit forgotten at the table)" in result.output
    assert json.loads(cli("show", "game.yaml", "--json").output)["powers"]["USSR"]["treasury"] == 7
    assert cli("replay", "game.yaml").exit_code == 0


@pytest.mark.parametrize("changes, says", [
    ({"seed": "mine"}, "'seed' says how the game is played and checked"),
    ({"options.victory": "one_capital"}, "'options' says how the game is played and checked"),
    ({"log.head": "x"}, "'log' says how the game is played and checked"),
    ({"spaces.Atlantis.owner": "UK"}, "the game file has nothing at spaces.Atlantis"),
    ({"powers.Germany.treasury": -5}, "not a valid game"),
    ({"powers.Germany.treasury": "lots"}, "not a valid game"),
    ({"spaces.Alaska.owner": "Narnia"}, "not a valid game"),
    ({"powers.Germany.treasury.": 1}, "the path ends with a dot"),
    ({"pending": [{"power": "USSR", "kind": "casualties", "space": "Germany"}]}, "'pending' holds the adjudication"),
    ({"turn.captured": ["Germany"]}, "'turn' holds the adjudication in progress"),
    ({"powers": {}}, "powers has no entry for USSR, Germany, UK, Japan, USA"),
    ({"phase": "collect_income"}, "the game never waits in phase collect_income"),
    ({"phase": "research"}, "the game never waits in phase research"),
])
def test_an_edit_that_does_not_fit_is_refused_located_and_changes_nothing(cli, game, changes, says):
    write_edit(cli, "e.yaml", changes)
    before = cli.snapshot()
    result = cli("apply", "game.yaml", "e.yaml", "--in-place")
    assert result.exit_code == 1 and says in result.output, result.output
    assert "e.yaml:" in result.output
    assert cli.snapshot() == before


@pytest.mark.parametrize("text, says", [
    ("kind: edit\nschema_version: 1\nset: {powers.USSR.treasury: 1}\n", "reason"),
    ("kind: edit\nschema_version: 1\nreason: '  '\nset: {powers.USSR.treasury: 1}\n", "reason"),
    ("kind: edit\nschema_version: 1\nreason: why\nset: {}\n", "set"),
    ("kind: edit\nschema_version: 1\nreason: why\ngame: warzag-demo\nset: {powers.USSR.treasury: 1}\n",
     "this edit is for warzag-demo"),
    ("kind: edit\nschema_version: 1\nreason: why\nbased_on: abc\nset: {powers.USSR.treasury: 1}\n",
     "written for the state at log head abc"),
])
def test_an_edit_without_a_reason_or_for_another_game_or_state_is_refused(cli, game, text, says):
    (cli.folder / "e.yaml").write_text(text)
    before = cli.snapshot()
    result = cli("apply", "game.yaml", "e.yaml", "--in-place")
    assert result.exit_code == 1 and says in result.output, result.output
    assert cli.snapshot() == before


def test_orders_and_an_edit_apply_all_or_none(cli, game):
    assert cli("template", "game.yaml", "-o", "o.yaml").exit_code == 0
    write_edit(cli, "e.yaml", {"powers.Germany.treasury": -1})
    before = cli.snapshot()
    assert cli("apply", "game.yaml", "o.yaml", "e.yaml", "--in-place").exit_code == 1
    assert cli.snapshot() == before


def test_a_fair_dice_edit_needs_every_players_signature(cli, game):
    assert cli("commit", "game.yaml", "--player", "alice", "--side", "Axis", "--secret", "alice.secret.yaml").exit_code == 0
    assert cli("commit", "game.yaml", "--player", "bob", "--side", "Allies", "--secret", "bob.secret.yaml").exit_code == 0
    write_edit(cli, "e.yaml", {"powers.USSR.treasury": 10})
    before = cli.snapshot()
    result = cli("apply", "game.yaml", "e.yaml", "--in-place")
    assert result.exit_code == 1 and "names the state it is for" in result.output
    result = cli("sign", "game.yaml", "e.yaml", "--secret", "alice.secret.yaml")
    assert result.exit_code == 0 and "Still to sign: bob" in result.output
    result = cli("apply", "game.yaml", "e.yaml", "--in-place")
    assert result.exit_code == 1 and "every player signs an edit; bob has not" in result.output
    assert cli("sign", "game.yaml", "e.yaml", "--secret", "bob.secret.yaml").exit_code == 0
    signed = (cli.folder / "e.yaml").read_text()
    cli.edit("e.yaml", "treasury: 10", "treasury: 99")  # changed after both signed
    result = cli("apply", "game.yaml", "e.yaml", "--in-place")
    assert result.exit_code == 1 and "alice's signature is not of this edit" in result.output
    assert {k: v for k, v in cli.snapshot().items() if k != "e.yaml"} == {k: v for k, v in before.items() if k != "e.yaml"}
    (cli.folder / "e.yaml").write_text(signed)
    assert cli("apply", "game.yaml", "e.yaml", "--in-place").exit_code == 0
    verified = cli("verify", "game.yaml")
    assert verified.exit_code == 0 and "signed by alice, bob" in verified.output
    result = cli("undo", "game.yaml", "--secret", "bob.secret.yaml")
    assert result.exit_code == 2 and "take it back with another edit" in result.output


def test_a_fair_dice_edit_cannot_reach_the_keys(cli, game):
    assert cli("commit", "game.yaml", "--player", "alice", "--side", "Axis", "--secret", "alice.secret.yaml").exit_code == 0
    write_edit(cli, "e.yaml", {"fair_dice.alice.revealed": 0})
    result = cli("sign", "game.yaml", "e.yaml", "--secret", "alice.secret.yaml")
    assert result.exit_code == 1 and "'fair_dice' says how the game is played" in result.output


def test_a_referee_sets_up_a_warzag_position(cli):
    assert cli("new", "warzag-demo", "-o", "w.yaml", "--seed", "s").exit_code == 0
    write_edit(cli, "e.yaml", {"players.germany.pp": 40}, "the position reached at the table")
    result = cli("apply", "w.yaml", "e.yaml", "--in-place")
    assert result.exit_code == 0, result.output
    assert json.loads(cli("show", "w.yaml", "--json").output)["edits"][0]["reason"] == "the position reached at the table"
    assert cli("replay", "w.yaml").exit_code == 0
    for changes, says in (({"players": {}}, "commitment to a secret card"),
                          ({"players.germany.leader": "zeta"}, "unknown hex 'zeta'")):
        write_edit(cli, "bad.yaml", changes)
        result = cli("apply", "w.yaml", "bad.yaml", "--in-place")
        assert result.exit_code == 1 and says in result.output, result.output
    write_edit(cli, "cheat.yaml", {"players.germany.objective": "0" * 64})
    result = cli("apply", "w.yaml", "cheat.yaml", "--in-place")
    assert result.exit_code == 1 and "commitment to a secret card" in result.output, result.output


def test_a_referee_sets_up_a_blocks_in_the_west_position(cli):
    assert cli("new", "bitw-demo", "-o", "b.yaml", "--seed", "s").exit_code == 0
    write_edit(cli, "e.yaml", {"blocks.fr_inf_1.strength": 1} if "fr_inf_1:" in (cli.folder / "b.yaml").read_text()
               else {"blocks.be_inf_1.strength": 1}, "the position reached at the table")
    result = cli("apply", "b.yaml", "e.yaml", "--in-place")
    assert result.exit_code == 0, result.output
    assert cli("replay", "b.yaml").exit_code == 0
    assert "This game has 1 edit" in cli("show", "b.yaml").output
    assert "edits" not in json.loads(cli("show", "b.yaml", "--side", "axis", "--json").output)
    write_edit(cli, "peek.yaml", {"view_secret": "0" * 64})
    result = cli("apply", "b.yaml", "peek.yaml", "--in-place")
    assert result.exit_code == 1 and "referee's secret" in result.output, result.output


def test_the_readmes_edit_applies_to_a_new_1941_game(cli, game):
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    example = readme.split("### Edit mode", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    (cli.folder / "fix.yaml").write_text(example)
    result = cli("apply", "game.yaml", "fix.yaml", "--in-place")
    assert result.exit_code == 0, result.output
    assert "edit: spaces.Karelia.forces[0].units.infantry: 3 -> 5" in result.output
    assert cli("replay", "game.yaml").exit_code == 0
