"""`aa-ref report`: a round's report from the log, in Markdown or text."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def played_round(cli) -> None:
    assert cli("new", "anniversary-1941", "-o", "game.yaml", "--seed", "anniversary-1941",
               "--option", "research=on", "--option", "national_objectives=on").exit_code == 0
    files = sorted((ROOT / "examples" / "anniversary-1941" / "round-1").glob("*.yaml"))
    assert cli("apply", "game.yaml", *files, "--in-place").exit_code == 0


def test_report_of_a_round_in_markdown_and_text(cli):
    played_round(cli)
    md = cli("report", "game.yaml", "--round", "1").output
    assert md.startswith("# Axis & Allies Anniversary Edition, 1941 scenario: round 1")
    assert "## Germany" in md and "## China" in md
    assert "control changed: Baltic States (USSR -> Germany)" in md
    assert "national objective G1" in md and "dice r1/Germany/Baltic States/cr1/attack" in md
    assert "| power | treasury | income |" in md and "Victory cities: " in md
    text = cli("report", "game.yaml", "--format", "text").output
    assert "What happened:" in text and "#" not in text.splitlines()[0]


def test_report_refuses_what_it_cannot_do(cli):
    played_round(cli)
    assert cli("report", "game.yaml", "--round", "7").exit_code == 2
    html = cli("report", "game.yaml", "--format", "html")
    assert html.exit_code == 2 and "not implemented yet" in html.output
