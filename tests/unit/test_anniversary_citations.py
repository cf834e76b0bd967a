"""Every 1941 citation of the shared rule modules has an Anniversary equivalent [@N]."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import aa_ref.games.axis_allies
from aa_ref.games.axis_allies.anniversary.citations import CITATIONS, cite, cite_note

RULE_PACKAGES = ("rules", "anniversary", "global1940")
MODULES = sorted(p for package in RULE_PACKAGES
                 for p in (Path(aa_ref.games.axis_allies.__file__).parent / package).glob("*.py"))
SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "002_0a0d978b4be288b8.txt"
SEED_BYTES = 141_068  # size of the Anniversary rulebook seed (one line of UTF-8)
LITERAL = re.compile(r""""(AA1941 [^"]*)"|'(AA1941 [^']*)'""")
ANNIVERSARY = re.compile(r"^Anniversary .*\[@\d+\]")
OFFSET = re.compile(r"\[@(\d+)\]")
RANGE = re.compile(r"\[@(\d+)\]-\[@(\d+)\]")


def _cited_1941() -> dict[str, list[str]]:
    """Each "AA1941 ..." string literal in the A&A rule packages (bar the mapping itself) -> the files using it."""
    found: dict[str, list[str]] = {}
    for path in MODULES:
        if path.name == "citations.py":
            continue
        for double, single in LITERAL.findall(path.read_text(encoding="utf-8")):
            found.setdefault(double or single, []).append(path.name)
    return found


def _offsets(citation: str) -> list[int]:
    return [int(n) for n in OFFSET.findall(citation)]


def test_every_1941_citation_of_the_shared_modules_is_mapped():
    cited = _cited_1941()
    assert len(cited) > 40, "the scan found too few 1941 citations: the pattern or the path is wrong"
    missing = {rule: files for rule, files in cited.items() if rule not in CITATIONS}
    assert not missing, f"1941 citations with no Anniversary equivalent in CITATIONS: {missing}"


def test_every_mapping_is_an_anniversary_citation_by_byte_offset():
    for old, new in CITATIONS.items():
        assert old.startswith("AA1941 "), old
        assert ANNIVERSARY.match(new), f"{old!r} -> {new!r} is not 'Anniversary <rule> [@N]'"


def test_cited_offsets_lie_in_the_rulebook_and_start_a_character():
    # Byte offsets, not character offsets: each must fall inside the seed and never inside
    # a multi-byte letter (an offset counted in characters would drift by the accents).
    data = SEED.read_bytes() if SEED.exists() else None
    if data is not None:
        assert len(data) == SEED_BYTES
    for old, new in CITATIONS.items():
        offsets = _offsets(new)
        assert offsets, new
        for n in offsets:
            assert 0 <= n < SEED_BYTES, f"{new}: [@{n}] lies beyond the rulebook ({SEED_BYTES} bytes)"
            if data is not None:
                assert not 0x80 <= data[n] <= 0xBF, f"{new}: [@{n}] falls inside a multi-byte letter"
        for start, end in RANGE.findall(new):
            assert int(start) < int(end), f"{new}: a range must run forwards"


def test_sample_offsets_point_at_their_rule():
    # A sample read back from the seed: the cited passage states the rule named.
    if not SEED.exists():
        pytest.skip(f"the rulebook seed is not in this checkout ({SEED})")
    data = SEED.read_bytes()
    expected = {
        "AA1941 L989": "Le unità terrestri appartenenti a una potenza amica",
        "AA1941 L436": "Un carro armato può effettuare un “blitz”",
        "AA1941 production limit [L744]": "Restrizioni al piazzamento",
        "AA1941 L366": "Non è mai consentito ad una potenza Alleata",
        "AA1941 [L756] (PROPOSED ruling, digest §9 #24)": "Si devono sempre mobilitare tutte le unità",
    }
    for old, phrase in expected.items():
        n = _offsets(CITATIONS[old])[0]
        assert data[n:n + len(phrase.encode())].decode() == phrase, f"{CITATIONS[old]} does not start at {phrase!r}"


def test_cite_maps_1941_rules_and_leaves_others_alone():
    assert cite("AA1941 L989") == CITATIONS["AA1941 L989"]
    assert cite("AA1941 L989").startswith("Anniversary ")
    assert cite("Anniversary tank blitz [@71733]") == "Anniversary tank blitz [@71733]"
    assert cite("AA1941 L9999") == "AA1941 L9999"
    assert cite(None) is None


def test_an_anniversary_log_cites_its_own_rulebook():
    """Narrative notes of the shared modules carry 1941 line references; in an Anniversary game
    they are rewritten to the Anniversary's, and a reference with no counterpart says it is 1941's."""

    assert cite_note("USSR skips purchase: its capital is held by the enemy [L676]") == (
        "USSR skips purchase: its capital is held by the enemy [@90752]")
    assert cite_note("something [L9999]") == "something [1941 L9999]"
    assert cite_note("no reference") == "no reference"


def test_decisions_in_an_anniversary_game_cite_its_rulebook():
    """A casualty decision's explanation is written by the shared battle code with 1941 lines;
    the Anniversary ruleset rewrites it in the game state and in the logged event alike."""
    from aa_ref.games.axis_allies.anniversary.ruleset import cite_event
    from aa_ref.games.axis_allies.model.events import SetPending
    from aa_ref.games.axis_allies.model.state import Decision

    event = SetPending(pending=[Decision(power="UK", kind="casualties", space="SZ 6", hits=1,
                                         detail="1 must be taken [L585].\nfirst hit only damages it [L903].")])
    assert cite_event(event, cite_note).pending[0].detail == "1 must be taken [@84602]-[@86219].\nfirst hit only damages it [@125561]."
