"""A game file edited by hand (issue 18 #4): `validate`, `show` and `apply` accepted a changed treasury, unit count or
owner; only `replay` noticed, perhaps turns later. Now every entry of the log (and its start) records the digest of
the state after it, so every command that loads a game compares one digest and refuses an edited file at once,
naming each changed field where it is in the file."""

from __future__ import annotations

import json
import re

import pytest

from aa_ref.core.auditlog import entry_hash

COMMANDS = (("validate",), ("show",), ("show", "--json"), ("template",), ("check", "o.yaml"),
            ("apply", "o.yaml", "--dry-run"), ("apply", "o.yaml", "--in-place"), ("undo",))
"""Every command that loads the game to use it, each given the game file first (`log` reads the log alone, and
`replay` and `verify` report the edit as a divergence)."""


def played(cli) -> None:
    """A 1941 game (g.yaml) after USSR's purchase, with the next orders (o.yaml) ready."""
    assert cli("new", "aa1941", "-o", "g.yaml", "--seed", "s").exit_code == 0
    assert cli("template", "g.yaml", "-o", "o.yaml").exit_code == 0
    assert cli("apply", "g.yaml", "o.yaml", "--in-place").exit_code == 0
    assert cli("template", "g.yaml", "-o", "o.yaml", "--force").exit_code == 0


@pytest.mark.parametrize("old, new, field", [
    ("Germany: {treasury: 12}", "Germany: {treasury: 99}", "powers.Germany.treasury is 99 in the file, but the log "
                                                            "gives 12"),
    ("units: {infantry: 3, tank: 1}", "units: {infantry: 9, tank: 1}", "spaces.Caucasus.forces[0].units.infantry is 9"),
    ("Alaska: {owner: USA}", "Alaska: {owner: Japan}", "spaces.Alaska.owner is 'Japan' in the file, but the log gives "
                                                       "'USA'"),
])
def test_a_hand_edit_is_refused_by_every_command_naming_the_field_where_it_is(cli, old, new, field):
    played(cli)
    cli.edit("g.yaml", old, new)
    before = cli.snapshot()
    for command in COMMANDS:
        result = cli(command[0], "g.yaml", *command[1:])
        assert result.exit_code == 1, (command, result.output)
        assert "changed by hand since aa-ref wrote it" in result.output, (command, result.output)
        assert re.search(r"g\.yaml:\d+:\d+: " + re.escape(field), result.output), (command, result.output)
        assert "Edit mode" in result.output
    for command in ("replay", "verify"):
        result = cli(command, "g.yaml")
        assert result.exit_code == 1 and "differs from the replayed game" in result.output, result.output
    assert cli.snapshot() == before


def test_a_hand_edit_before_any_orders_is_refused_too(cli):
    """The log's start records the state the game began with."""
    assert cli("new", "aa1941", "-o", "g.yaml", "--seed", "s").exit_code == 0
    cli.edit("g.yaml", "USSR: {treasury: 7}", "USSR: {treasury: 70}")
    result = cli("show", "g.yaml")
    assert result.exit_code == 1 and "powers.USSR.treasury is 70 in the file, but the log gives 7" in result.output


def test_a_comment_or_a_reflowed_line_is_not_a_hand_edit(cli):
    played(cli)
    cli.edit("g.yaml", "Alaska: {owner: USA}", "Alaska:   # the Aleutians too\n    owner: USA")
    assert cli("show", "g.yaml").exit_code == 0
    assert cli("apply", "g.yaml", "o.yaml", "--in-place").exit_code == 0


def test_an_edited_digest_in_the_log_is_reported_by_replay(cli):
    """A cheat who makes the log's digest fit an edited game must re-chain the log and set the game's head: the
    pair then agrees, and replay tells the digest from the one the rules give."""
    played(cli)
    cli.edit("g.yaml", "Germany: {treasury: 12}", "Germany: {treasury: 99}")
    log = json.loads((cli.folder / "g.log.yaml").read_text())
    entry = log["entries"][-1]
    entry["state_sha256"] = "0" * 64
    del entry["hash"]
    entry["hash"] = entry_hash(entry)
    (cli.folder / "g.log.yaml").write_text(json.dumps(log))
    game = (cli.folder / "g.yaml").read_text()
    old = re.search(r"head: (\w+)", game).group(1)
    (cli.folder / "g.yaml").write_text(game.replace(old, entry["hash"]))
    assert "changed by hand" in cli("show", "g.yaml").output  # the digest is not the edited state's
    result = cli("replay", "g.yaml")
    assert result.exit_code == 1 and "state_sha256" in result.output, result.output


def test_a_warzag_game_edited_by_hand_is_refused(cli):
    assert cli("new", "warzag-demo", "-o", "w.yaml", "--seed", "s").exit_code == 0
    text = (cli.folder / "w.yaml").read_text()
    number = re.search(r"(\w+): (\d+)", text.split("players:", 1)[1])
    cli.edit("w.yaml", number.group(0), f"{number.group(1)}: {int(number.group(2)) + 5}")
    result = cli("show", "w.yaml")
    assert result.exit_code == 1 and "changed by hand" in result.output, result.output


def test_a_blocks_in_the_west_game_edited_by_hand_is_refused(cli):
    assert cli("new", "bitw-demo", "-o", "b.yaml", "--seed", "s").exit_code == 0
    text = (cli.folder / "b.yaml").read_text()
    strength = re.search(r"strength: (\d+)", text)
    cli.edit("b.yaml", strength.group(0), f"strength: {int(strength.group(1)) + 1}")
    result = cli("show", "b.yaml")
    assert result.exit_code == 1 and "strength is" in result.output, result.output


def test_recover_from_the_log_puts_back_a_hand_edited_game(cli):
    played(cli)
    written = (cli.folder / "g.yaml").read_text()
    cli.edit("g.yaml", "Germany: {treasury: 12}", "Germany: {treasury: 99}   # mine now")
    result = cli("recover", "g.yaml", "--from-log")
    assert result.exit_code == 0 and "restored the state its log gives (powers.Germany.treasury)" in result.output
    assert (cli.folder / "g.yaml").read_text() == written.replace("Germany: {treasury: 12}",
                                                                   "Germany: {treasury: 12}   # mine now")
    assert cli("apply", "g.yaml", "o.yaml", "--in-place").exit_code == 0
    assert "nothing to restore" in cli("recover", "g.yaml", "--from-log").output


def test_recover_from_the_log_does_not_take_a_game_to_another_point(cli):
    """A log with more entries than the game (an opponent's, say) does not move the game on."""
    played(cli)
    (cli.folder / "old.yaml").write_bytes((cli.folder / "g.yaml").read_bytes())
    assert cli("apply", "g.yaml", "o.yaml", "--in-place").exit_code == 0
    (cli.folder / "g.yaml").write_bytes((cli.folder / "old.yaml").read_bytes())
    before = cli.snapshot()
    result = cli("recover", "g.yaml", "--from-log")
    assert result.exit_code == 1 and "not one game's files" in result.output, result.output
    assert cli.snapshot() == before
