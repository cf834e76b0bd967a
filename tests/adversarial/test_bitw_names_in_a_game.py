"""A Blocks in the West game file that names a power, hex or block the scenario does not know, anywhere (stored
PP, hex control, battles, a side's hit priority...), is refused on load, located, with a suggestion: `show --side`
ended in a KeyError on a power spelt with a zero-width space in `pp:`."""

from __future__ import annotations

import pytest

from tests.adversarial.support import refused


@pytest.fixture
def bitw(cli):
    assert cli("new", "bitw-demo", "-o", "game.yaml", "--seed", "s").exit_code == 0
    return cli


@pytest.mark.parametrize("old, new, column, said", [
    ("pp: {germany: 6, france: 4,", "pp: {germany: 6, france\u200b: 4,", 27,
     "unknown power 'france\u200b'; did you mean 'france'?"),
    ("control:\n  a3: allies", "control:\n  a33: allies", 8, "unknown hex 'a33'; did you mean 'a3'?"),
    ("pp: {", "hit_priority: {axis: [ge_inf_1, ge_pz_9]}\npp: {", 33, "unknown block 'ge_pz_9'"),
])
def test_an_unknown_name_in_a_bitw_game(bitw, old, new, column, said):
    text = (bitw.folder / "game.yaml").read_text()
    assert old in text
    text = text.replace(old, new, 1)
    (bitw.folder / "game.yaml").write_text(text)
    changed = next(row for row in new.splitlines() if row not in old.splitlines())
    line = text.splitlines().index(next(row for row in text.splitlines() if row.startswith(changed))) + 1
    before = bitw.snapshot()
    for command in (("show", "game.yaml", "--side", "allies"), ("show", "game.yaml"), ("validate", "game.yaml"),
                    ("template", "game.yaml")):
        output = refused(bitw(*command), before, bitw.snapshot())
        assert f"game.yaml:{line}:{column}: {said}" in output, (command, output)
