"""Secret files are private: the fair-dice secret and WARZAG's objective files are created 0600 whatever the
umask, and a secret file that others can read is still read, with a warning that says how to fix it."""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.adversarial.support import POSIX_ONLY

pytestmark = POSIX_ONLY
ROUND_1 = Path(__file__).resolve().parents[2] / "examples" / "aa1941" / "round-1"
USSR_PURCHASE = ROUND_1 / "01-ussr-purchase.yaml"
SEATING = ["germany", "uk", "italy"]


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def open_umask() -> Iterator[None]:
    """The most careless umask: files are made readable and writable by everyone unless aa-ref says otherwise."""
    old = os.umask(0)
    try:
        yield
    finally:
        os.umask(old)


def test_commit_makes_the_secret_file_0600(cli, game, open_umask):
    public = mode(game)
    result = cli("commit", "game.yaml", "--secret", "alice.secret.yaml", "--player", "alice", "--side", "Axis")
    assert result.exit_code == 0, result.output
    assert mode(cli.folder / "alice.secret.yaml") == 0o600
    assert mode(game) == public  # a public file keeps its mode


def test_a_secret_file_rewritten_by_reveal_becomes_0600(cli, game):
    """reveal notes the value it revealed in the secret file: the rewritten file is private whatever it was."""
    for player, side in (("alice", "Axis"), ("bob", "Allies")):
        assert cli("commit", "game.yaml", "--secret", f"{player}.secret.yaml", "--player", player, "--side", side).exit_code == 0
    for name in ("01-ussr-purchase.yaml", "02-ussr-combat-move.yaml", "03-ussr-combat.yaml"):
        shutil.copy(ROUND_1 / name, cli.folder / name)
    for name in ("01-ussr-purchase.yaml", "02-ussr-combat-move.yaml", "03-ussr-combat.yaml"):
        assert cli("sign", "game.yaml", name, "--secret", "bob.secret.yaml").exit_code == 0
        if name != "03-ussr-combat.yaml":
            assert cli("apply", "game.yaml", name, "--in-place").exit_code == 0
    secret = cli.folder / "alice.secret.yaml"
    secret.chmod(0o644)
    result = cli("reveal", "game.yaml", "03-ussr-combat.yaml", "--secret", "alice.secret.yaml", "-o", "r.yaml")
    assert result.exit_code == 0, result.output
    assert "warning: alice.secret.yaml can be read by other users" in result.output
    assert mode(secret) == 0o600 and mode(cli.folder / "r.yaml") != 0o600


def test_warzag_new_makes_each_objective_file_0600(cli, open_umask):
    result = cli("new", "warzag-demo", "-o", "game.yaml", "--seed", "s", "--option", "players=" + ",".join(SEATING))
    assert result.exit_code == 0, result.output
    assert {n: mode(cli.folder / f"game.objective-{n}.yaml") for n in SEATING} == dict.fromkeys(SEATING, 0o600)


def test_a_secret_readable_by_others_is_used_with_a_warning(cli, game):
    for player, side in (("alice", "Axis"), ("bob", "Allies")):
        assert cli("commit", "game.yaml", "--secret", f"{player}.secret.yaml", "--player", player, "--side", side).exit_code == 0
    secret = cli.folder / "bob.secret.yaml"
    secret.chmod(0o644)
    text = secret.read_text()
    shutil.copy(USSR_PURCHASE, cli.folder / "p.yaml")
    result = cli("sign", "game.yaml", "p.yaml", "--secret", "bob.secret.yaml")
    assert result.exit_code == 0, result.output
    assert "warning: bob.secret.yaml can be read by other users of this computer; run 'chmod 600 bob.secret.yaml'" \
        in result.output
    assert secret.read_text() == text and mode(secret) == 0o644  # read as it is, not changed
    checked = cli("validate", "bob.secret.yaml")
    assert checked.exit_code == 0 and "warning: bob.secret.yaml can be read by other users" in checked.output
    quiet = cli("sign", "game.yaml", "p.yaml", "--secret", "alice.secret.yaml")
    assert "warning" not in quiet.output


def test_a_warzag_objective_readable_by_others_is_shown_with_a_warning(cli):
    assert cli("new", "warzag-demo", "-o", "game.yaml", "--seed", "s", "--option", "players=" + ",".join(SEATING)).exit_code == 0
    (cli.folder / "game.objective-uk.yaml").chmod(0o640)
    result = cli("show", "game.yaml", "--power", "uk")
    assert result.exit_code == 0 and "your objective (" in result.output
    assert "warning: game.objective-uk.yaml can be read by other users of this computer; run 'chmod 600 " \
        "game.objective-uk.yaml'" in result.output


def test_the_referees_blocks_in_the_west_game_and_a_sides_view_are_0600(cli, open_umask):
    """The referee's game file holds the key of the views' opaque names; a view is for one side's eyes."""
    assert cli("new", "bitw-demo", "-o", "b.yaml", "--seed", "s").exit_code == 0
    assert mode(cli.folder / "b.yaml") == 0o600
    assert mode(cli.folder / "b.log.yaml") != 0o600  # the log holds no secret of the referee's
    assert cli("export", "b.yaml", "--side", "axis", "-o", "axis.yaml").exit_code == 0
    assert mode(cli.folder / "axis.yaml") == 0o600


def test_rekey_makes_an_older_blocks_in_the_west_game_0600(cli, open_umask):
    assert cli("new", "bitw-demo", "-o", "b.yaml", "--seed", "s").exit_code == 0
    os.chmod(cli.folder / "b.yaml", 0o644)
    assert cli("rekey", "b.yaml", "--force").exit_code == 0
    assert mode(cli.folder / "b.yaml") == 0o600
