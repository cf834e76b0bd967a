"""`aa-ref check`: legality of orders with no dice and no writes."""

from __future__ import annotations

from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "anniversary-1941" / "round-1"


def start(cli) -> None:
    assert cli("new", "anniversary-1941", "-o", "game.yaml", "--seed", "anniversary-1941",
               "--option", "research=on", "--option", "national_objectives=on").exit_code == 0


def test_check_walks_the_orders_until_dice_decide(cli):
    start(cli)
    before = cli.snapshot()
    files = [EXAMPLES / name for name in ("01-germany-research.yaml", "02-germany-purchase.yaml",
                                          "03-germany-combat-move.yaml", "05-germany-noncombat-move.yaml")]
    result = cli("check", "game.yaml", *files)
    lines = result.output.splitlines()
    assert result.exit_code == 0, result.output
    # Germany's research rolls dice (2 researchers): the files after it cannot be checked yet.
    assert "legal (its adjudication rolls dice: the volleys it rolls" in lines[0]
    assert lines[1] == "  research Germany round 1: Germany's research: 2 researchers' dice, a 6 is a breakthrough - roll 2 dice"
    assert all("not checked" in line for line in lines[2:]) and len(lines) == 2 + 3
    assert cli.snapshot() == before


def test_check_reports_illegal_orders_and_writes_nothing(cli):
    start(cli)
    (cli.folder / "bad.yaml").write_text(
        "kind: orders\nschema_version: 1\nround: 1\npower: Germany\nphase: research\n"
        "research: {researchers: 99, chart: 1}\n")
    (cli.folder / "next.yaml").write_text(
        "kind: orders\nschema_version: 1\nround: 1\npower: Germany\nphase: purchase\npurchase: {}\n")
    before = cli.snapshot()
    result = cli("check", "game.yaml", "bad.yaml", "next.yaml")
    assert result.exit_code == 1
    assert "cannot pay 495 IPCs" in result.output and "bad.yaml: illegal" in result.output
    assert "next.yaml: not checked" in result.output
    assert cli.snapshot() == before


def test_check_follows_orders_that_roll_no_dice(cli):
    start(cli)
    (cli.folder / "r.yaml").write_text(
        "kind: orders\nschema_version: 1\nround: 1\npower: Germany\nphase: research\nresearch: {researchers: 0}\n")
    result = cli("check", "game.yaml", "r.yaml", EXAMPLES / "02-germany-purchase.yaml", EXAMPLES / "03-germany-combat-move.yaml")
    assert result.exit_code == 0, result.output
    assert result.output.count(": legal (next:") == 3
