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
    assert cli("report", "game.yaml", "--format", "pdf").exit_code == 2


def test_the_html_report_is_one_well_formed_page_with_an_income_chart(cli):
    """Self-contained (no script, no external file), tags balanced, one line per power."""
    from html.parser import HTMLParser

    played_round(cli)
    page = cli("report", "game.yaml", "--format", "html").output

    class Balance(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.open: list[str] = []
            self.wrong: list[str] = []

        def handle_starttag(self, tag, attrs):
            if tag != "meta":
                self.open.append(tag)

        def handle_endtag(self, tag):
            if self.open and self.open[-1] == tag:
                self.open.pop()
            else:
                self.wrong.append(tag)

    checker = Balance()
    checker.feed(page)
    assert checker.open == [] and checker.wrong == []
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page and "http://" not in page.replace(
        'xmlns="http://www.w3.org/2000/svg"', "")
    assert page.count("<polyline") == 7 and "<title>China</title>" in page
    assert "Baltic States (USSR -&gt; Germany)" in page
