"""docs/bitw-rulings.md documents every rule option and every ambiguity of the digest (A1-A75): "A rule the text
leaves undefined is an option with a documented default from the digest, never a silent guess" (issue 8)."""

from __future__ import annotations

import re
from pathlib import Path

from aa_ref.games.blocks_in_the_west.ruleset import OPTIONS

DOC = Path(__file__).resolve().parents[2] / "docs" / "bitw-rulings.md"
SECTION = "## The digest's ambiguities A1-A75"


def _text() -> str:
    return DOC.read_text(encoding="utf-8")


def _options_table() -> str:
    text = _text()
    start = text.index("## Options")
    return text[start:text.index("\n## ", start + 1)]


def test_every_option_is_in_the_options_table_with_its_choices_default_first():
    table = _options_table()
    for key, choices in OPTIONS.items():
        row = next((line for line in table.splitlines() if line.startswith(f"| `{key}` |")), None)
        assert row is not None, f"option {key} has no row in the Options table of {DOC.name}"
        cells = row.split("|")[2]
        assert re.findall(r"`([^`]+)`", cells) == list(choices), f"option {key}: choices {choices}, default first"


def test_every_ambiguity_has_exactly_one_row():
    text = _text()
    assert SECTION in text
    section = text[text.index(SECTION):]
    rows = re.findall(r"^\| A(\d+) \|", section, flags=re.MULTILINE)
    assert sorted(int(n) for n in rows) == list(range(1, 76))


def test_every_row_cites_the_seed_and_says_how_it_is_settled():
    section = _text()[_text().index(SECTION):]
    for line in section.splitlines():
        if re.match(r"^\| A\d+ \|", line):
            cells = [c.strip() for c in line.strip("|").split("|")]
            assert len(cells) == 3 and all(cells), line
            assert "[BW L" in cells[1], f"{cells[0]}: the seed's lines are not cited"
