"""`new` starts a game only on a setup, pack or scenario that `validate` accepts (issue 18 #11: a WARZAG pack
with two bases of one letter, a Blocks in the West scenario with 12 problems, started games)."""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_pack_with_two_bases_of_one_letter_starts_no_game(cli):
    text = (ROOT / "aa_ref" / "setups" / "warzag-demo.yaml").read_text()
    assert "base: charlie" in text
    (cli.folder / "pack.yaml").write_text(text.replace("base: charlie", "base: alfa", 1))
    before = cli.snapshot()
    result = cli("new", "pack.yaml", "-o", "g.yaml", "--option", "players=germany,uk,italy")
    assert result.exit_code == 1, result.output
    assert "pack.yaml:" in result.output and "exactly one base alfa" in result.output
    assert cli.snapshot() == before


def test_a_scenario_validate_refuses_starts_no_game(cli):
    shutil.copy(ROOT / "tests" / "data" / "bitw" / "bad-scenario.yaml", cli.folder / "scenario.yaml")
    before = cli.snapshot()
    result = cli("new", "scenario.yaml", "-o", "g.yaml")
    assert result.exit_code == 1, result.output
    assert "scenario.yaml:42:37: victory: unknown hex 'twon'" in result.output
    assert cli.snapshot() == before


def test_a_valid_own_setup_still_starts(cli):
    assert cli("copy-setup", "aa1941", "-o", "mine.yaml").exit_code == 0
    assert cli("new", "mine.yaml", "-o", "g.yaml", "--seed", "s").exit_code == 0
