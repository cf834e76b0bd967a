"""A game file's options are checked on load as `new` checks them: an option the rules do not have, or a value
that is none of its choices, is refused, located (a WARZAG game whose movement_cost_resource was edited into
'germany,uk,italy' ended in a TypeError when its orders moved an army)."""

from __future__ import annotations

import pytest

from tests.adversarial.support import refused


def _edit(cli, old: str, new: str) -> int:
    """Replace `old` in game.yaml by `new`; the line it is on."""
    text = (cli.folder / "game.yaml").read_text()
    assert old in text
    (cli.folder / "game.yaml").write_text(text.replace(old, new, 1))
    return text[:text.index(old)].count("\n") + 1


def test_a_warzag_option_that_is_no_choice(cli):
    assert cli("new", "warzag-demo", "-o", "game.yaml", "--seed", "s", "--option", "players=germany,uk,italy",
               "--option", "mode=free_for_all").exit_code == 0
    line = _edit(cli, "movement_cost_resource: pp", "movement_cost_resource: germany,uk,italy")
    (cli.folder / "o.yaml").write_text("kind: warzag-orders\nschema_version: 1\npower: germany\nactions:\n"
                                       "  - end_turn: true\n")
    before = cli.snapshot()
    for command in (("validate", "game.yaml", "o.yaml"), ("show", "game.yaml"), ("apply", "game.yaml", "o.yaml",
                                                                                   "--in-place")):
        output = refused(cli(*command), before, cli.snapshot())
        assert (f"game.yaml:{line}:27: option movement_cost_resource cannot be 'germany,uk,italy' (choices: pp, pc)"
                in output), command


@pytest.mark.parametrize("old, new, said", [
    ("options: {victory: two_capitals}", "options: {victory: three_capitals}",
     "option victory cannot be 'three_capitals' (choices: two_capitals, one_capital)"),
    ("options: {victory: two_capitals}", "options: {victory: two_capitals, research: on}",
     "unknown option 'research' (options: victory)"),
])
def test_an_aa1941_option_edited(table, old, new, said):
    line = _edit(table, old, new)
    before = table.snapshot()
    for command in (("show", "game.yaml"), ("apply", "game.yaml", "o.yaml", "--in-place"), ("template", "game.yaml")):
        output = refused(table(*command), before, table.snapshot())
        assert f"game.yaml:{line}:" in output and said in output, command
