"""A WARZAG game file whose seating leaves out a player (or the player to move) is refused, located, by every
command that loads it, instead of a ValueError from the turn order when `validate` or `check` ran the orders."""

from __future__ import annotations

import pytest

from tests.adversarial.support import refused

ORDERS = "kind: warzag-orders\nschema_version: 1\npower: germany\nactions:\n  - end_turn: true\n"


@pytest.fixture
def warzag(cli):
    assert cli("new", "warzag-demo", "-o", "game.yaml", "--seed", "s", "--option", "players=germany,uk,italy",
               "--option", "mode=free_for_all").exit_code == 0
    (cli.folder / "o.yaml").write_text(ORDERS)
    return cli


@pytest.mark.parametrize("seating, said", [
    ("[uk, italy]", "game.yaml:{line}:10: the seating (uk, italy) must name every player once (germany, uk, italy)"),
    ("[germany, uk, uk]", "game.yaml:{line}:10: the seating (germany, uk, uk) must name every player once"),
])
def test_a_seating_without_a_player(warzag, seating, said):
    text = (warzag.folder / "game.yaml").read_text()
    line = text.splitlines().index("seating: [germany, uk, italy]") + 1
    (warzag.folder / "game.yaml").write_text(text.replace("seating: [germany, uk, italy]", f"seating: {seating}"))
    before = warzag.snapshot()
    for command in (("validate", "game.yaml", "o.yaml"), ("check", "game.yaml", "o.yaml"), ("show", "game.yaml"),
                    ("apply", "game.yaml", "o.yaml", "--in-place")):
        output = refused(warzag(*command), before, warzag.snapshot())
        assert said.format(line=line) in output, command
    if "germany" not in seating:
        assert "'germany' is to play but is not in the seating (uk, italy)" in output
