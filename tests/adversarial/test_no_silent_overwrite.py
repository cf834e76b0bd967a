"""A command that writes a file other than the game it updates in place refuses an existing file unless --force
(issue 18: `template -o FILE` replaced a hand-written orders file; `apply GAME ORDERS -o ORDERS` wrote the game
over the orders)."""

from __future__ import annotations

HAND_WRITTEN = "# my careful orders\nkind: orders\n"


def test_template_does_not_replace_a_hand_written_file(cli):
    assert cli("new", "aa1941", "-o", "g.yaml", "--seed", "s").exit_code == 0
    (cli.folder / "mine.yaml").write_text(HAND_WRITTEN)
    result = cli("template", "g.yaml", "-o", "mine.yaml")
    assert result.exit_code == 2 and "mine.yaml exists" in result.output and "--force" in result.output
    assert (cli.folder / "mine.yaml").read_text() == HAND_WRITTEN
    assert cli("template", "g.yaml", "-o", "mine.yaml", "--force").exit_code == 0
    assert (cli.folder / "mine.yaml").read_text() != HAND_WRITTEN


def test_apply_never_writes_the_game_over_its_orders(cli):
    assert cli("new", "aa1941", "-o", "g.yaml", "--seed", "s").exit_code == 0
    assert cli("template", "g.yaml", "-o", "buy.yaml").exit_code == 0
    before = cli.snapshot()
    for force in ((), ("--force",)):
        result = cli("apply", "g.yaml", "buy.yaml", "-o", "buy.yaml", *force)
        assert result.exit_code == 2 and "one of the orders applied" in result.output
    assert cli.snapshot() == before


def test_apply_to_an_existing_game_needs_force(cli):
    assert cli("new", "aa1941", "-o", "g.yaml", "--seed", "s").exit_code == 0
    assert cli("new", "aa1941", "-o", "other.yaml", "--seed", "t").exit_code == 0
    assert cli("template", "g.yaml", "-o", "buy.yaml").exit_code == 0
    before = cli.snapshot()
    result = cli("apply", "g.yaml", "buy.yaml", "-o", "other.yaml")
    assert result.exit_code == 2 and "other.yaml exists" in result.output
    assert cli.snapshot() == before
    assert cli("apply", "g.yaml", "buy.yaml", "-o", "other.yaml", "--force").exit_code == 0


def test_export_refuses_an_existing_file(cli):
    assert cli("new", "bitw-demo", "-o", "b.yaml", "--seed", "s").exit_code == 0
    (cli.folder / "view.yaml").write_text(HAND_WRITTEN)
    result = cli("export", "b.yaml", "--side", "allies", "-o", "view.yaml")
    assert result.exit_code == 2 and (cli.folder / "view.yaml").read_text() == HAND_WRITTEN
