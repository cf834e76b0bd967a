"""End-to-end tests of every command through the real CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from aa_ref.cli.app import app

ROOT = Path(__file__).resolve().parents[2]


def orders(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def test_every_command_has_help_and_is_documented_in_the_readme(cli):
    readme = (ROOT / "README.md").read_text()
    for command in app.registered_commands:
        name = command.name or command.callback.__name__
        result = cli(name, "--help")
        assert result.exit_code == 0 and "Usage" in result.output, name
        assert f"aa-ref {name}" in readme, f"README does not document 'aa-ref {name}'"


def test_games_lists_the_1941_scenario(cli):
    result = cli("games")
    assert result.exit_code == 0
    assert "aa1941" in result.output and "Axis & Allies 1941" in result.output


def test_new_refuses_to_overwrite_and_knows_variants(cli, game):
    assert cli("new", "aa1941", "-o", "game.yaml").exit_code == 2
    assert cli("new", "aa1941", "-o", "v.yaml", "--variant", "triplea").exit_code == 0
    bad = cli("new", "aa1914", "-o", "x.yaml")
    assert bad.exit_code == 2 and "did you mean 'aa1941'" in bad.output


def test_show_json_has_the_contract_keys(cli, game):
    result = cli("show", "game.yaml", "--json")
    data = json.loads(result.output)
    assert (data["round"], data["power"], data["phase"]) == (1, "USSR", "purchase")
    assert data["powers"]["Germany"] == data["powers"]["Germany"] | {"treasury": 12, "income": 12}
    assert cli("show", "game.yaml", "--power", "germany").exit_code == 0


def test_a_round_can_be_stepped_through_with_template_and_apply(cli, game):
    """Passing is legal in every phase of a power's turn: applying the skeleton unchanged passes."""
    for _ in range(15):
        assert cli("template", "game.yaml", "-o", "next.yaml", "--force").exit_code == 0
        result = cli("apply", "game.yaml", "next.yaml", "--in-place")
        assert result.exit_code == 0, result.output
    data = json.loads(cli("show", "game.yaml", "--json").output)
    assert data["round"] == 2 and data["power"] == "USSR"
    assert data["powers"]["USSR"]["treasury"] == 14  # 7 + income 7 [L760]
    assert cli("replay", "game.yaml").exit_code == 0


def test_apply_writes_to_a_new_file_and_leaves_the_old_one(cli, game):
    orders(cli.folder / "buy.yaml", "kind: orders\nschema_version: 1\nround: 1\npower: USSR\nphase: purchase\npurchase: {infantry: 2}\n")
    before = cli.snapshot()
    result = cli("apply", "game.yaml", "buy.yaml", "-o", "next.yaml")
    assert result.exit_code == 0, result.output
    after = cli.snapshot()
    assert {k: v for k, v in after.items() if k in before} == before
    assert "next.yaml" in after and "next.log.yaml" in after
    assert cli("replay", "next.yaml").exit_code == 0
    assert "buys 2 infantry" in cli("log", "next.yaml").output


def test_a_referee_comment_in_the_game_file_survives_apply(cli, game):
    """A game file a person annotated keeps its comments when the new state is written over it;
    one with none is written afresh, in the canonical order."""
    orders(cli.folder / "buy.yaml", "kind: orders\nschema_version: 1\nround: 1\npower: USSR\nphase: purchase\npurchase: {infantry: 2}\n")
    cli.edit("game.yaml", "seed: e2e", "seed: e2e  # agreed by e-mail on 1 March")
    assert cli("apply", "game.yaml", "buy.yaml", "--in-place").exit_code == 0
    text = (cli.folder / "game.yaml").read_text()
    assert "# agreed by e-mail on 1 March" in text and "phase: combat_move" in text
    assert cli("replay", "game.yaml").exit_code == 0


def test_illegal_orders_write_nothing_and_list_every_problem(cli, game):
    orders(cli.folder / "bad.yaml", "kind: orders\nschema_version: 1\nround: 1\npower: Germany\nphase: combat_move\n")
    before = cli.snapshot()
    result = cli("apply", "game.yaml", "bad.yaml", "--in-place")
    assert result.exit_code == 1
    assert "bad.yaml:4:8: these orders are for Germany, but it is USSR's turn" in result.output
    assert "bad.yaml:5:8: these orders are for the combat_move phase" in result.output
    assert cli.snapshot() == before


def test_several_orders_files_apply_all_or_none(cli, game):
    orders(cli.folder / "a.yaml", "kind: orders\nschema_version: 1\nround: 1\npower: USSR\nphase: purchase\npurchase: {infantry: 1}\n")
    orders(cli.folder / "b.yaml", "kind: orders\nschema_version: 1\nround: 1\npower: USSR\nphase: combat_move\nmoves: [{units: {infantry: 9}, from: Russia, to: West Russia}]\n")
    before = cli.snapshot()
    result = cli("apply", "game.yaml", "a.yaml", "b.yaml", "--in-place")
    assert result.exit_code == 1
    assert cli.snapshot() == before


def test_stale_orders_are_refused(cli, game):
    template = cli("template", "game.yaml").output
    orders(cli.folder / "first.yaml", template)
    assert cli("apply", "game.yaml", "first.yaml", "--in-place").exit_code == 0
    orders(cli.folder / "again.yaml", template.replace("phase: purchase", "phase: combat_move").replace("purchase: {}", "moves: []"))
    result = cli("apply", "game.yaml", "again.yaml", "--in-place")
    assert result.exit_code == 1 and "stale orders" in result.output


def test_dice_from_the_table_are_used_and_logged(cli, game):
    for text in (
        "purchase: {}\n",
        "moves: [{units: {infantry: 3}, from: Karelia, to: West Russia}]\n",
    ):
        phase = "purchase" if text.startswith("purchase") else "combat_move"
        orders(cli.folder / "o.yaml", f"kind: orders\nschema_version: 1\nround: 1\npower: USSR\nphase: {phase}\n{text}")
        assert cli("apply", "game.yaml", "o.yaml", "--in-place").exit_code == 0
    orders(cli.folder / "fight.yaml", "kind: orders\nschema_version: 1\nround: 1\npower: USSR\nphase: conduct_combat\n"
           "battles: [{at: West Russia, casualties: [infantry], retreat: {}}]\n")
    orders(cli.folder / "dice.yaml", "dice: [1, 1, 1, 6, 6, 6]\n")
    result = cli("apply", "game.yaml", "fight.yaml", "--in-place", "--dice", "dice.yaml")
    assert result.exit_code == 0, result.output
    assert "USSR captures West Russia" in result.output
    log = cli("log", "game.yaml").output
    assert "1 1 1 (table dice)" in log
    assert cli("replay", "game.yaml").exit_code == 0


def test_too_few_table_dice_is_an_error_that_writes_nothing(cli, game):
    orders(cli.folder / "p.yaml", "kind: orders\nschema_version: 1\nround: 1\npower: USSR\nphase: purchase\npurchase: {}\n")
    orders(cli.folder / "m.yaml", "kind: orders\nschema_version: 1\nround: 1\npower: USSR\nphase: combat_move\n"
           "moves: [{units: {infantry: 3}, from: Karelia, to: West Russia}]\n")
    orders(cli.folder / "f.yaml", "kind: orders\nschema_version: 1\nround: 1\npower: USSR\nphase: conduct_combat\nbattles: []\n")
    orders(cli.folder / "dice.yaml", "[1]\n")
    before = cli.snapshot()
    result = cli("apply", "game.yaml", "p.yaml", "m.yaml", "f.yaml", "--in-place", "--dice", "dice.yaml")
    assert result.exit_code == 1 and "needs 3 dice but only 1" in result.output
    assert cli.snapshot() == before


def test_replay_finds_an_edited_die(cli, game):
    test_dice_from_the_table_are_used_and_logged(cli, game)
    cli.edit("game.log.yaml", '"source": "manual"', '"source": "seeded"')
    result = cli("replay", "game.yaml")
    assert result.exit_code == 1 and "edited after it was written" in result.output


def test_replay_finds_a_changed_unit_in_the_game_file(cli, game):
    cli.edit("game.yaml", "infantry: 3", "infantry: 30")
    result = cli("replay", "game.yaml")
    assert result.exit_code == 1 and "differs from the replayed game" in result.output


def test_python_dash_m_runs_the_cli():
    result = subprocess.run([sys.executable, "-m", "aa_ref", "games"], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0 and "aa1941" in result.stdout
