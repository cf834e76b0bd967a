"""Bad input gets a clear located error, a non-zero exit, no traceback and no change to any file."""

from __future__ import annotations

import pytest

ORDERS_HEAD = "kind: orders\nschema_version: 1\nround: 1\npower: USSR\nphase: purchase\n"


def apply_bad(cli, text: str, name: str = "bad.yaml"):
    (cli.folder / name).write_text(text)
    before = cli.snapshot()
    result = cli("apply", "game.yaml", name, "--in-place")
    assert cli.snapshot() == before, "a failed apply changed a file"
    assert "Traceback" not in result.output
    return result


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (ORDERS_HEAD + "purchase: {infantry: 1\n", "bad.yaml:7:1: malformed YAML"),
        (ORDERS_HEAD + "purchase: {infantry: two}\n", "bad.yaml:6:22: purchase.infantry: 'two' is not of type 'integer'"),
        (ORDERS_HEAD + "purchas: {infantry: 1}\n", "unknown key 'purchas'; did you mean 'purchase'?"),
        (ORDERS_HEAD + "purchase: {infantery: 1}\n", "unknown unit type 'infantery'; did you mean 'infantry'?"),
        (ORDERS_HEAD.replace("kind: orders", "kind: order"), "'kind' must be one of"),
        ("- just\n- a list\n", "expected a YAML mapping"),
        (ORDERS_HEAD + "purchase: {infantry: 1}\npurchase: {tank: 1}\n", "duplicate key"),
    ],
)
def test_malformed_and_misspelt_orders(cli, game, text, expected):
    result = apply_bad(cli, text)
    assert result.exit_code == 1
    assert expected in result.output


def test_unknown_space_gets_a_suggestion(cli, game):
    text = ORDERS_HEAD.replace("purchase\n", "combat_move\n") + "moves: [{units: {infantry: 1}, from: Karelia, to: West Rusia}]\n"
    (cli.folder / "p.yaml").write_text(ORDERS_HEAD + "purchase: {}\n")
    assert cli("apply", "game.yaml", "p.yaml", "--in-place").exit_code == 0
    result = apply_bad(cli, text)
    assert result.exit_code == 1 and "did you mean 'West Russia'" in result.output


def test_alias_bomb_is_refused(cli, game):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    result = apply_bad(cli, ORDERS_HEAD + "\n".join(lines) + "\n")
    assert result.exit_code == 1 and "alias bomb" in result.output


def test_huge_file_is_refused(cli, game):
    result = apply_bad(cli, ORDERS_HEAD + "# " + "x" * (9 * 1024 * 1024) + "\n")
    assert result.exit_code == 1 and "too large" in result.output


def test_missing_orders_file_is_a_usage_error(cli, game):
    result = cli("apply", "game.yaml", "nope.yaml", "--in-place")
    assert result.exit_code == 2 and "nope.yaml: no such file" in result.output


def test_apply_without_a_destination_is_a_usage_error(cli, game):
    (cli.folder / "p.yaml").write_text(ORDERS_HEAD + "purchase: {}\n")
    result = cli("apply", "game.yaml", "p.yaml")
    assert result.exit_code == 2 and "--in-place" in result.output


def test_a_log_edited_by_hand_is_detected_on_apply(cli, game):
    (cli.folder / "p.yaml").write_text(ORDERS_HEAD + "purchase: {}\n")
    assert cli("apply", "game.yaml", "p.yaml", "--in-place").exit_code == 0
    cli.edit("game.log.yaml", "USSR buys nothing", "USSR buys a lot")
    (cli.folder / "m.yaml").write_text(ORDERS_HEAD.replace("purchase\n", "combat_move\n") + "moves: []\n")
    result = apply_bad(cli, (cli.folder / "m.yaml").read_text(), "m.yaml")
    assert result.exit_code == 1
    replay = cli("replay", "game.yaml")
    assert replay.exit_code == 1 and "edited after it was written" in replay.output


def test_validate_reports_each_file_and_exit_codes(cli, game):
    (cli.folder / "ok.yaml").write_text(ORDERS_HEAD + "purchase: {infantry: 1}\n")
    (cli.folder / "over.yaml").write_text(ORDERS_HEAD + "purchase: {battleship: 1}\n")
    ok = cli("validate", "game.yaml", "ok.yaml")
    assert ok.exit_code == 0 and "ok.yaml: valid orders" in ok.output
    bad = cli("validate", "game.yaml", "over.yaml")
    assert bad.exit_code == 1 and "over.yaml:6:11: USSR cannot spend 16 IPCs" in bad.output
    assert cli("validate", "missing.yaml").exit_code == 2


def test_validate_checks_setups_and_logs(cli, game):
    from tests.e2e.test_cli import ROOT

    assert cli("validate", str(ROOT / "aa_ref" / "setups" / "aa1941.yaml"), "game.log.yaml").exit_code == 0
    text = (ROOT / "aa_ref" / "setups" / "aa1941.yaml").read_text()
    broken = text.replace("adjacent: [Karelia, Russia, Urals, West Russia, SZ 4]", "adjacent: [Karelia, Russia, Urals, West Russia, SZ 4, Japan]")
    assert broken != text
    (cli.folder / "setup.yaml").write_text(broken)
    result = cli("validate", "setup.yaml")
    assert result.exit_code == 1 and "adjacency is one-way: Archangel lists Japan" in result.output


def test_validate_reports_units_in_impossible_spaces(cli, game):
    cli.edit("game.yaml", "SZ 4: {forces: [{power: USSR, units: {submarine: 1}}]}",
             "SZ 4: {forces: [{power: USSR, units: {tank: 1}}]}")
    result = cli("validate", "game.yaml")
    assert result.exit_code == 1 and "tank is a land unit and cannot stand in sea zone SZ 4" in result.output
