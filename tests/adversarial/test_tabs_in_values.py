"""A tab inside a plain value: the fast YAML reader takes it, the reader that finds lines and columns refuses it.
A document with such a value and a mistake elsewhere got a ruamel ScannerError (exit 1 with an exception, no
message) from every command; now the tab itself is the located error, with what to do."""

from __future__ import annotations

from tests.adversarial.support import ORDERS, refused


def test_a_tab_in_a_game_whose_kind_is_misspelled(cli, game):
    text = (cli.folder / "game.yaml").read_text()
    (cli.folder / "game.yaml").write_text(text.replace("kind: game", "jind: game").replace("seed: adversarial",
                                                                                          "seed: adver\tsarial"))
    before = cli.snapshot()
    for command in (("validate", "game.yaml"), ("show", "game.yaml"), ("replay", "game.yaml")):
        output = refused(cli(*command), before, cli.snapshot())
        line = text.splitlines().index("seed: adversarial") + 1
        assert (f"game.yaml:{line}:12: malformed YAML: while scanning for the next token found character '\\t' that "
                "cannot start any token (a tab: write spaces instead)") in output, command


def test_a_tab_in_an_orders_value_that_is_wrong(table):
    (table.folder / "o.yaml").write_text(ORDERS.replace("purchase: {}", "purchase:\n  infan\ttry: 2"))
    before = table.snapshot()
    for command in (("apply", "game.yaml", "o.yaml", "--in-place"), ("check", "game.yaml", "o.yaml"),
                    ("validate", "game.yaml", "o.yaml")):
        output = refused(table(*command), before, table.snapshot())
        assert "o.yaml:7:8: malformed YAML" in output and "a tab: write spaces instead" in output, command
