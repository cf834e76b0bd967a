"""A game file received from another player names its log and its setup; whatever it names, aa-ref reads and
writes only files in the game's folder or below it (issue 18 #1: a log or setup named by an absolute path or by
`../../` made `apply --in-place` and `undo` write to any file the user could write, and `show`, `replay` and
`log` read it)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def own_game(cli) -> Path:
    """A game on the players' own pack, in `campaign/`, with a file outside it that a cheat would like to reach."""
    (cli.folder / "campaign").mkdir()
    (cli.folder / "outside.yaml").write_text("kind: log\n# precious, outside the game's folder\n")
    assert cli("copy-setup", "warzag-demo", "-o", "campaign/pack.yaml").exit_code == 0
    result = cli("new", "campaign/pack.yaml", "-o", "campaign/g.yaml", "--seed", "s",
                 "--option", "players=germany,uk,italy")
    assert result.exit_code == 0, result.output
    return cli.folder / "campaign" / "g.yaml"


@pytest.mark.parametrize("name", ["../outside.yaml", "OUTSIDE", "sub/../../outside.yaml"])
@pytest.mark.parametrize("field", ["log", "setup"])
def test_a_name_leading_out_of_the_game_folder_is_refused_before_anything_is_read(cli, own_game, field, name):
    name = str(cli.folder / "outside.yaml") if name == "OUTSIDE" else name
    text = own_game.read_text()
    if field == "log":
        text = text.replace("log: {file: g.log.yaml", f"log: {{file: '{name}'")
    else:
        text = text.replace("setup: pack.yaml", f"setup: '{name}'")
    assert name in text
    own_game.write_text(text)
    before = cli.snapshot()
    for command in (("show", "campaign/g.yaml"), ("replay", "campaign/g.yaml"), ("log", "campaign/g.yaml"),
                    ("template", "campaign/g.yaml"), ("undo", "campaign/g.yaml")):
        result = cli(*command)
        assert result.exit_code == 1, (command, result.output)
        assert "campaign/g.yaml:" in result.output and ("outside its folder" in result.output or
                                                       "leads out of the game's folder" in result.output or
                                                       "absolute path" in result.output or
                                                       "path of some machine" in result.output), result.output
    assert cli.snapshot() == before
    assert (cli.folder / "outside.yaml").read_text().startswith("kind: log\n# precious")


def test_a_link_leading_out_of_the_game_folder_is_refused(cli, own_game):
    (cli.folder / "campaign" / "link.yaml").symlink_to(cli.folder / "outside.yaml")
    own_game.write_text(own_game.read_text().replace("log: {file: g.log.yaml", "log: {file: link.yaml"))
    result = cli("show", "campaign/g.yaml")
    assert result.exit_code == 1 and "leads out of the game's folder" in result.output


def test_a_setup_outside_the_folder_is_copied_in_at_new(cli, own_game):
    (cli.folder / "games").mkdir()
    result = cli("new", "campaign/pack.yaml", "-o", "games/h.yaml", "--seed", "s", "--option", "players=germany,uk,italy")
    assert result.exit_code == 0 and "copied into the game's folder as games/pack.yaml" in result.output
    assert "setup: pack.yaml\n" in (cli.folder / "games" / "h.yaml").read_text()
    assert cli("replay", "games/h.yaml").exit_code == 0
