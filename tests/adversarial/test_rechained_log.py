"""A log whose entries were edited and whose hash chain was computed again (issue 18 #3): `replay` and `verify`
passed it. Now they compare the game's head with the log's, and every logged entry with the one replay writes
again, field by field."""

from __future__ import annotations

import json

from aa_ref.core.auditlog import entry_hash


def rechained(cli, edit) -> str:
    """A 1941 game after one purchase, its log's first entry edited by `edit` and the chain computed again; the
    new head."""
    assert cli("new", "aa1941", "-o", "g.yaml", "--seed", "s").exit_code == 0
    assert cli("template", "g.yaml", "-o", "o.yaml").exit_code == 0
    assert cli("apply", "g.yaml", "o.yaml", "--in-place").exit_code == 0
    log = json.loads((cli.folder / "g.log.yaml").read_text())
    entry = log["entries"][0]
    edit(entry)
    del entry["hash"]
    entry["hash"] = entry_hash(entry)
    (cli.folder / "g.log.yaml").write_text(json.dumps(log))
    return entry["hash"]


def test_a_rechained_log_under_a_game_left_as_it_was_is_reported_by_replay_and_verify(cli):
    rechained(cli, lambda entry: entry.update(round=7))
    for command in ("replay", "verify"):
        result = cli(command, "g.yaml")
        assert result.exit_code == 1, result.output
        assert "the game's log head is" in result.output, result.output


def test_a_rechained_log_with_the_games_head_edited_too_is_reported_by_replay(cli):
    head = rechained(cli, lambda entry: entry.update(round=7))
    game = (cli.folder / "g.yaml").read_text()
    old = game.split("head: ", 1)[1].split("}", 1)[0].split(",", 1)[0].strip()
    (cli.folder / "g.yaml").write_text(game.replace(old, head))
    assert cli("show", "g.yaml").exit_code == 0  # the pair agrees: only a replay can tell
    result = cli("replay", "g.yaml")
    assert result.exit_code == 1 and "entry 1 says round 7, but replayed it is 1" in result.output, result.output
