"""A character YAML does not allow (a control character, U+FFFE) is located where it is, in plain words: the
message said "in "<unicode string>", position N" and pointed at line 1, column 1 wherever the character was."""

from __future__ import annotations

import pytest

from tests.adversarial.support import ORDERS, refused


@pytest.mark.parametrize("character", ["\x07", "\x00", "\ufffe"])
def test_a_control_character_in_orders(table, character):
    (table.folder / "o.yaml").write_text(ORDERS.replace("power: USSR", f"power: ÜSSR{character}"))
    before = table.snapshot()
    for command in (("validate", "game.yaml", "o.yaml"), ("apply", "game.yaml", "o.yaml", "--in-place")):
        output = refused(table(*command), before, table.snapshot())
        assert (f"o.yaml:4:12: malformed YAML: the character U+{ord(character):04X} is not allowed in YAML; remove it"
                in output), command
        assert "<unicode string>" not in output


def test_a_control_character_in_a_json_style_log(cli, game):
    log = cli.folder / "game.log.yaml"
    lines = log.read_text().splitlines(keepends=True)
    lines[1] = lines[1].replace('"schema_version"', '"schema_\x01version"')
    log.write_text("".join(lines))
    before = cli.snapshot()
    output = refused(cli("show", "game.yaml"), before, cli.snapshot())
    assert "game.log.yaml:2:10: malformed YAML: the character U+0001 is not allowed in YAML; remove it" in output
