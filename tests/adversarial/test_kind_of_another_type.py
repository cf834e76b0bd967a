"""A `kind:` that is a mapping or a list is an unknown kind, located, like a misspelled one (a TypeError,
"unhashable type", before); a very long one is shortened in the message."""

from __future__ import annotations

import pytest

from tests.adversarial.support import ORDERS, refused

KINDS = {"a mapping": "{orders: 1}", "a list": "[orders]", "'" + "x" * 56 + "...": "x" * 5000}


@pytest.mark.parametrize("said", KINDS)
def test_orders_whose_kind_is_not_a_name(table, said):
    (table.folder / "o.yaml").write_text(ORDERS.replace("kind: orders", f"kind: {KINDS[said]}"))
    before = table.snapshot()
    for command in (("validate", "game.yaml", "o.yaml"), ("check", "game.yaml", "o.yaml"),
                    ("apply", "game.yaml", "o.yaml", "--in-place")):
        output = refused(table(*command), before, table.snapshot())
        assert "o.yaml:1:7: 'kind' must be one of log, game, setup, orders" in output, command
        assert f", not {said}\n" in output, command


def test_a_game_whose_kind_is_a_mapping(cli, game):
    text = (cli.folder / "game.yaml").read_text()
    (cli.folder / "game.yaml").write_text(text.replace("kind: game", "kind: {game: 1}"))
    before = cli.snapshot()
    for command in (("show", "game.yaml"), ("replay", "game.yaml"), ("validate", "game.yaml")):
        assert "game.yaml:1:7: 'kind' must be one of" in refused(cli(*command), before, cli.snapshot()), command
