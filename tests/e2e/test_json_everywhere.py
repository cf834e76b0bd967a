"""Issue 21: every command that reports something has --json, and every --json parses and follows the one key
scheme of docs/json.md (the moment as round/power/phase, units nested space -> power -> unit counts)."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
import typer

from aa_ref.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
ROUND_1 = sorted((ROOT / "examples" / "anniversary-1941" / "round-1").glob("*.yaml"))[:6]  # Germany's first turn
REPORTING = {"games", "show", "where", "validate", "check", "apply", "log", "replay", "diff", "odds", "verify"}
"""The commands that report something; the others write a file or print a document (docs/json.md)."""


def counts(value: object) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(n, int) for k, n in value.items())


def test_the_commands_with_json_are_the_reporting_ones():
    group = typer.main.get_command(app)
    ctx = click.Context(group, info_name="aa-ref")
    having = {name for name in group.list_commands(ctx)
              if any("--json" in p.opts for p in group.get_command(ctx, name).params)}
    assert having == REPORTING
    assert all(f"`{name}" in (ROOT / "docs" / "json.md").read_text() for name in REPORTING)


@pytest.fixture
def played(cli) -> Path:
    assert cli("new", "anniversary-1941", "-o", "game.yaml", "--seed", "anniversary-1941", "--option", "research=on",
               "--option", "national_objectives=on").exit_code == 0
    for orders in ROUND_1:
        (cli.folder / orders.name).write_text(orders.read_text())
    return cli.folder


def run(cli, *args: str, code: int = 0) -> dict:
    result = cli(*args, "--json")
    assert result.exit_code == code, (args, result.output)
    return json.loads(result.output)


def moment(data: dict) -> None:
    assert {"round", "power", "phase", "winner"} <= set(data)
    assert isinstance(data["round"], int) and isinstance(data["phase"], str) and " " not in data["phase"]


def test_every_json_parses_and_follows_the_scheme(cli, played: Path):
    names = [p.name for p in ROUND_1]
    games = run(cli, "games")["scenarios"]
    assert {"aa1941", "warzag-demo"} <= {s["id"] for s in games}
    assert run(cli, "games", "aa1941")["scenarios"][0]["options"]["victory"][0] == "two_capitals"

    checked = run(cli, "check", "game.yaml", names[0])["documents"]
    assert checked[0]["status"] == "legal" and checked[0]["problems"] == []
    valid = run(cli, "validate", "game.yaml", names[0])["files"]
    assert [f["valid"] for f in valid] == [True, True] and valid[0]["kind"]

    assert cli("apply", "game.yaml", *names, "-o", "after.yaml").exit_code == 0
    applied = run(cli, "apply", "after.yaml", str(ROOT / "examples" / "anniversary-1941" / "round-1" /
                                                   sorted(p.name for p in (ROOT / "examples" / "anniversary-1941"
                                                                           / "round-1").glob("*.yaml"))[6]),
                  "--dry-run")
    moment(applied)
    assert applied["dry_run"] is True and applied["written"] == [] and applied["applied"]

    shown = run(cli, "show", "after.yaml")
    moment(shown)
    for space, entry in shown["spaces"].items():
        assert all(counts(units) for units in entry["units"].values()), space  # space -> power -> counts

    diff = run(cli, "diff", "game.yaml", "after.yaml")
    assert diff["moment"]["power"] == {"before": "Germany", "after": "USSR"}
    assert diff["control"]["Ukraine"] == {"before": "USSR", "after": "Germany"}
    for space, powers in diff["spaces"].items():
        assert space in shown["spaces"] or space in run(cli, "show", "game.yaml")["spaces"]
        for power, change in powers.items():
            assert power in shown["powers"]
            assert counts(change["before"]) and counts(change["after"]) and counts(change["change"])
            after = shown["spaces"].get(space, {}).get("units", {}).get(power, {})
            assert {u: n for u, n in change["after"].items() if n} == {u: n for u, n in after.items()
                                                                        if u in change["after"]}

    log = run(cli, "log", "after.yaml")
    assert len(log["entries"]) == len(names) and log["game"] == "anniversary-1941"
    for entry in log["entries"]:
        assert {"n", "round", "power", "phase", "kind", "hash", "input", "events"} <= set(entry)
    assert run(cli, "log", "after.yaml", "--round", "2")["entries"] == []

    replayed = run(cli, "replay", "after.yaml")
    assert replayed == {"game": "after.yaml", "entries": len(names), "matches": True, "divergence": None}

    where = run(cli, "where", "after.yaml", "Ukraine")
    assert where["space"] == "Ukraine"
    verified = run(cli, "verify", "after.yaml")
    assert verified["ok"] is True and verified["entries_with_seeded_dice"] == 2

    odds = run(cli, "odds", "--attacker", "3 inf", "--defender", "2 inf")
    assert 0 <= odds["stalemate"] <= 1 and odds["distribution"][0]["outcome"] in ("attacker", "defender", "draw")


def test_json_reports_problems_located(cli, played: Path):
    (cli.folder / "bad.yaml").write_text("kind: orders\nschema_version: 1\npower: Germany\nphase: purchase\n"
                                         "buy: {infantri: 3}\n")
    files = run(cli, "validate", "bad.yaml", code=1)["files"]
    assert not files[0]["valid"] and files[0]["problems"]
    assert set(files[0]["problems"][0]) == {"message", "file", "line", "column", "rule"}


def test_diff_prints_game_terms(cli, played: Path):
    assert cli("apply", "game.yaml", *[p.name for p in ROUND_1], "-o", "after.yaml").exit_code == 0
    text = cli("diff", "game.yaml", "after.yaml").output
    assert "{" not in text and "'" not in text  # no Python dictionaries
    assert "Ukraine: USSR -> Germany" in text
    unit_lines = [line for line in text.splitlines() if " -> " in line and ("infantry" in line or "tank" in line)]
    assert unit_lines and all(line.startswith("  ") and ": " in line for line in unit_lines)
    assert any(line.endswith("-> none") for line in unit_lines)  # a space a power left: "Karelia: USSR 2 tank -> none"
