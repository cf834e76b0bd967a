"""In a Global 1940 game every rule the shared (1941) and Anniversary modules cite is cited from
the Global 1940 rulebook by line, or is a documented exception: a rule Global replaces by a
different one keeps its own rulebook's name, with the reason below."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from aa_ref.games.axis_allies.global1940.citations import CITATIONS, NOTE_CITATIONS, cite, cite_note
from tests.unit import citation_scan

RULE_PACKAGES = ("rules", "anniversary", "global1940")
"""A Global game runs the shared modules, the Anniversary's and its own."""
SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "000_f34e5ec93fbfbe5a.txt"
SEED_LINES = 2046  # lines of the Global 1940 rulebook seed (the last has no newline)

LINE_REF = r"L(\d+)(?:-L(\d+))?"
RULE_REF = re.compile(r"\[" + LINE_REF + r"\]")
RULE_SHAPE = re.compile(r"^G40 \S.*\[L\d+(?:-L\d+)?\]")
NOTE_SHAPE = re.compile(r"^\[G40 L\d+(?:-L\d+)?(?:, L\d+(?:-L\d+)?)*\]$")
REFERENCE = citation_scan.REFERENCE

RULE_EXCEPTIONS: dict[str, str] = {
    "AA1941 L449":
        "1941's attacking destroyer makes the battle with submarines compulsory; Global lets the attacker ignore them "
        "[L880] and asks only for a surface warship beside unloading transports [L680] (never raised: `naval` hook)",
    "Anniversary AA gun [@89553]":
        "captured AA guns may not move that turn; in Global AA artillery in a captured territory is removed [L1025]",
    "Anniversary China [@49594] (ruling A24, strict option)":
        "at most 3 Chinese units per territory; Global sets no such limit [L437] (digest §9 #56)",
    "Anniversary China's new infantry [@49099]":
        "China's free infantry; Global China buys its units with its own IPCs [L437]",
    "Anniversary Mechanized Infantry [@57256]":
        "an Anniversary technology; Global has a mechanized infantry unit [L1293] and Improved Mech Infantry [L1840]",
    "Anniversary Paratroopers [@55972]":
        "bombers carry infantry; Global paratroopers are infantry flown from an air base [L1826]",
    "Anniversary Rockets [@55281]":
        "AA guns fire rockets at complexes; Global has Ballistic Missiles fired from air bases instead [L1824]",
}
"""Problem rules left unmapped on purpose: Global 1940 states a different rule (cited in the reason)."""

NOTE_EXCEPTIONS: dict[str, str] = {
    "[L74-L86]": "1941's capital victory, which the Anniversary replaces; Global's is by victory cities [L297], [L299]",
    "[@108876]":
        "the Anniversary's victory-city threshold; Global counts each map's cities, with a capital [L297], [L299]",
    "[@102012]": "unplaced units wait for a later turn; in Global they are refunded [L1114]",
    "[@102031]": "unplaced units lost with the capital; Global refunds unplaced units [L1114], so none wait",
    "[@48131]": "China has no income; Global China starts with 12 IPCs [L250] and spends them [L437]",
    "[@49099]": "China's free infantry; Global China buys its units with its own IPCs [L437]",
    "[@53982]": "researchers are kept after a failed roll; Global research dice are rolled once [L1808], [L1810]",
    "[@53543]": "the research template's kept researchers, which roll each turn; Global keeps none [L1808], [L1810]",
    "[@54822]": "the chart for kept researchers in the research template; Global keeps none [L1808], [L1810]",
    "[@55281]": "AA guns fire rockets; Global has Ballistic Missiles fired from air bases instead [L1824]",
    "[@55972]": "bombers carry paratroopers; Global paratroopers are infantry flown from an air base [L1826]",
    "[@89553]": "captured AA guns stay; in Global AA artillery in a captured territory is removed [L1025]",
}
"""Narrative references left unmapped on purpose, for the same reason."""


def _rules(prefix: str) -> dict[str, list[str]]:
    return citation_scan.rules(RULE_PACKAGES, prefix)


def _notes() -> dict[str, list[str]]:
    """Each reference cite_note would rewrite in a note, a decision, a reason or a message -> where."""
    return citation_scan.notes(RULE_PACKAGES)


def _lines(citation: str) -> list[tuple[int, int]]:
    """The (first, last) lines of each `Lnnn` or `Lnnn-Lmmm` in a Global citation."""
    return [(int(a), int(b or a)) for a, b in re.findall(LINE_REF, citation)]


def test_every_1941_rule_of_the_shared_modules_is_mapped():
    cited = _rules("AA1941 ")
    assert len(cited) >= 51, f"the scan found only {len(cited)} 1941 rules: the scan is wrong"
    missing = {r: w for r, w in cited.items() if r not in CITATIONS and r not in RULE_EXCEPTIONS}
    assert not missing, f"1941 rules with no Global 1940 citation and no documented exception: {missing}"


def test_every_anniversary_rule_is_mapped_or_a_documented_exception():
    cited = _rules("Anniversary ")
    assert len(cited) >= 20, f"the scan found only {len(cited)} Anniversary rules: the scan is wrong"
    missing = {r: w for r, w in cited.items() if r not in CITATIONS and r not in RULE_EXCEPTIONS}
    assert not missing, f"Anniversary rules with no Global 1940 citation and no documented exception: {missing}"


def test_every_note_reference_is_mapped_or_a_documented_exception():
    refs = _notes()
    assert len(refs) >= 50, f"the scan found only {len(refs)} note references: the scan is wrong"
    missing = {r: w for r, w in refs.items() if r not in NOTE_CITATIONS and r not in NOTE_EXCEPTIONS}
    assert not missing, f"note references with no Global 1940 citation and no documented exception: {missing}"


def test_no_reference_is_built_at_run_time():
    # A reference assembled from an f-string's parts ("[L{n}]") would escape the scan above.
    # (A rule interpolated in brackets, "[{bombard.RULE}]", is fine: its own [@N] is scanned.)
    split = citation_scan.split_references(RULE_PACKAGES)
    assert not split, f"references built at run time cannot be checked: {split}"


def test_every_table_entry_and_exception_is_still_cited_by_a_module():
    # A key no module writes never applies (a typo, or a citation changed since).
    rules = _rules("")
    notes = _notes()
    stale = [k for k in [*CITATIONS, *RULE_EXCEPTIONS] if k not in rules]
    stale += [k for k in [*NOTE_CITATIONS, *NOTE_EXCEPTIONS] if k not in notes]
    assert not stale, f"entries no module cites any more: {stale}"


def test_exceptions_are_not_mapped_and_say_what_global_does_instead():
    assert not set(RULE_EXCEPTIONS) & set(CITATIONS)
    assert not set(NOTE_EXCEPTIONS) & set(NOTE_CITATIONS)
    for key, reason in {**RULE_EXCEPTIONS, **NOTE_EXCEPTIONS}.items():
        assert RULE_REF.search(reason), f"{key}: the reason must cite the Global rule that replaces it: {reason!r}"


def test_mappings_have_the_global_shape():
    for old, new in CITATIONS.items():
        assert citation_scan.is_rule(old), old
        assert RULE_SHAPE.match(new), f"{old!r} -> {new!r} is not 'G40 <rule in words> [Lnnn]'"
        brackets = re.findall(r"\[[^\]]*\]", new)
        assert all(RULE_REF.fullmatch(b) for b in brackets), f"{new!r}: every reference must be [Lnnn] or [Lnnn-Lmmm]"
        assert "@" not in new and "AA1941" not in new, new
    for old, new in NOTE_CITATIONS.items():
        assert REFERENCE.fullmatch(old), old
        assert NOTE_SHAPE.match(new), f"{old!r} -> {new!r} is not '[G40 Lnnn]' or '[G40 Lnnn, Lmmm]'"


def test_cited_lines_lie_in_the_rulebook_and_are_not_blank():
    text = SEED.read_text(encoding="utf-8").split("\n") if SEED.exists() else None
    if text is not None:
        assert len(text) == SEED_LINES
    citations = [*CITATIONS.values(), *NOTE_CITATIONS.values(), *RULE_EXCEPTIONS.values(), *NOTE_EXCEPTIONS.values()]
    for citation in citations:
        lines = _lines(citation)
        assert lines, citation
        for first, last in lines:
            assert 1 <= first <= last <= SEED_LINES, f"{citation}: L{first}-L{last} is not within lines 1..{SEED_LINES}"
            if text is not None:
                for n in {first, last}:
                    assert text[n - 1].strip(), f"{citation}: L{n} is a blank line"


def test_sample_lines_state_their_rule():
    # A sample read back from the seed: the first line cited states the rule named.
    if not SEED.exists():
        pytest.skip(f"the rulebook seed is not in this checkout ({SEED})")
    text = SEED.read_text(encoding="utf-8").split("\n")
    expected = {
        "AA1941 L372": "eccetto che in questi 4 casi",
        "AA1941 L278": "non è possibile movimenti attraverso gli stretti turchi",
        "AA1941 L971": "I trasporti non possono partecipare ad un attacco",
        "AA1941 L977": "una qualsiasi unità terrestre a cui si può aggiungere una unità di fanteria",
        "AA1941 L653": "Le unità aeree non possono prendere il controllo di un territorio",
        "AA1941 production limit [L744]": "limitato a 10 per i complessi maggiori e a 3 per i complessi minori",
        "Anniversary China [@50171]": "Le forze cinesi non possono essere imbarcate sui trasporti",
        "Anniversary AA gun [@112929]": "possono muovere soltanto durante la Fase Non Combat Move",
        "[L649]": "allora l'attaccante può prendere il controllo del territorio",
        "[L623]": "se entrambi i giocatori rimangono soltanto con navi da trasporto",
        "[L629]": "I trasporti dell'attaccante non si possono considerare senza scorta",
        "[L756]": "il costo delle nuove unità non mobilitate è restituito",
        "[@57098]": "si lancia un dado e si raccolgono tanti IPC in più",
        "[@75800]": "Danneggiamenti oltre questi limiti non sono applicati",
    }
    for old, phrase in expected.items():
        new = CITATIONS.get(old) or NOTE_CITATIONS[old]
        n = _lines(new)[0][0]
        assert phrase in text[n - 1], f"{old} -> {new}: L{n} does not say {phrase!r}"


def test_cite_maps_1941_and_anniversary_rules_and_leaves_others_alone():
    assert cite("AA1941 L971") == "G40 transports never attack alone [L1614]"
    assert cite("Anniversary China [@50171]") == "G40 Chinese units never board transports [L451]"
    assert cite("Anniversary Rockets [@55281]") == "Anniversary Rockets [@55281]"  # an exception: its own name
    assert cite("G40 L722") == "G40 L722"
    assert cite("AA1941 L9999") == "AA1941 L9999"
    assert cite(None) is None


def test_a_global_note_cites_the_global_rulebook():
    assert cite_note("Ukraine: USSR wins the battle [L649]") == "Ukraine: USSR wins the battle [G40 L1015]"
    assert cite_note("Russia: strategic bombing raid [@75039]") == "Russia: strategic bombing raid [G40 L793]"
    assert cite_note("rolls [3, 5]: no breakthrough [@53982]") == "rolls [3, 5]: no breakthrough [Anniversary @53982]"
    assert cite_note("something [L9999]") == "something [1941 L9999]"
    assert cite_note("already Global [G40 L722]") == "already Global [G40 L722]"
    assert cite_note("no reference") == "no reference"


def test_decisions_in_a_global_game_cite_its_rulebook():
    """A casualty decision's explanation is written by the shared battle code with 1941 lines;
    Global 1940 rewrites it in the logged event as in its notes."""
    from aa_ref.games.axis_allies.anniversary.ruleset import cite_event
    from aa_ref.games.axis_allies.model.events import SetPending
    from aa_ref.games.axis_allies.model.state import Decision

    event = SetPending(pending=[Decision(power="UK", kind="casualties", space="SZ 110", hits=1,
                                         detail="1 must be taken [L585].\nfirst hit only damages it [L903].")])
    assert cite_event(event, cite_note).pending[0].detail == (
        "1 must be taken [G40 L960].\nfirst hit only damages it [G40 L1463, L1486].")


def test_a_breakthrough_note_cites_the_developments_global_line():
    """The setup words each development's effect with the Global line it comes from ("[L1836]");
    the research note marks those lines as Global's, so that cite_note does not take them for 1941's."""
    from aa_ref.core.setups import load_setup
    from aa_ref.games.axis_allies.global1940.research import effect_text

    effects = [t.effect for t in load_setup("global1940").technologies.values()]
    assert any("[L" in e for e in effects), "the setup's effects cite no line: the test checks nothing"
    for effect in effects:
        note = cite_note(f"UK breaks through ([6]) and develops it: {effect_text(effect)} [G40 L1812-L1816]")
        assert "[1941" not in note and "[Anniversary" not in note, note
    assert effect_text("roll one die [L1836]") == "roll one die [G40 L1836]"
