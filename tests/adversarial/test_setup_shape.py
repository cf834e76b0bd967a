"""A setup (or any document) that is not a mapping gets a located error, wherever it is read: by `validate`,
by `new FILE`, and as the setup a game names (`show`, `validate`), instead of an AttributeError traceback."""

from __future__ import annotations

import pytest

from tests.adversarial.support import refused

NOT_MAPPINGS = {"list": "- a\n- b\n", "string": "just a string\n", "number": "42\n", "empty": ""}


@pytest.mark.parametrize("shape", NOT_MAPPINGS)
def test_a_setup_that_is_not_a_mapping(cli, game, shape):
    (cli.folder / "setup.yaml").write_text(NOT_MAPPINGS[shape])
    game_text = (cli.folder / "game.yaml").read_text()
    assert "setup: aa1941\n" in game_text
    (cli.folder / "game.yaml").write_text(game_text.replace("setup: aa1941\n", "setup: setup.yaml\n"))
    before = cli.snapshot()
    for command in (("new", "setup.yaml", "-o", "new.yaml"), ("show", "game.yaml"), ("validate", "game.yaml"),
                    ("validate", "setup.yaml")):
        output = refused(cli(*command), before, cli.snapshot())
        assert "setup.yaml:1:1: expected a YAML mapping with a 'kind:' key" in output, command


def test_a_setup_that_extends_a_list(cli):
    (cli.folder / "setup.yaml").write_text("kind: setup\nschema_version: 1\nid: mine\nextends: [aa1941]\n")
    before = cli.snapshot()
    output = refused(cli("new", "setup.yaml", "-o", "new.yaml"), before, cli.snapshot())
    assert "setup.yaml:4:10: 'extends' names one shipped setup, not [" in output
