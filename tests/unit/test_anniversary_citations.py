"""In an Anniversary game every rule the shared (1941) modules cite is cited from the Anniversary
rulebook by byte offset [@N], or is a documented exception: a rule the Anniversary states
differently keeps the 1941 name, with the reason below."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from aa_ref.games.axis_allies.anniversary.citations import CITATIONS, NOTE_CITATIONS, cite, cite_note
from tests.unit import citation_scan

RULE_PACKAGES = ("rules", "anniversary")
"""An Anniversary game runs the shared modules and its own (never Global 1940's)."""
SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "002_0a0d978b4be288b8.txt"
SEED_BYTES = 141_068  # size of the Anniversary rulebook seed (one line of UTF-8)
ANNIVERSARY = re.compile(r"^Anniversary .*\[@\d+\]")
OFFSET = re.compile(r"\[@(\d+)\]")
RANGE = re.compile(r"\[@(\d+)\]-\[@(\d+)\]")
LINE_REFERENCE = re.compile(r"\[L\d+[^\]]*\]")  # a 1941 reference, as cite_note finds them
NOTE_SHAPE = re.compile(r"^\[@\d+\](?:-\[@\d+\])?(?:, \[@\d+\](?:-\[@\d+\])?)*$")

NOTE_EXCEPTIONS: dict[str, str] = {
    "[L629]": "1941 destroys attacking transports that cannot retreat; the Anniversary's attacking transports are "
              "never defenceless, since they may retreat [@83130]: its ruleset's naval hook turns that rule off "
              "(NavalRules.attacking_transports_defenceless), so an Anniversary game never writes this note "
              "(docs/edition-audit.md, D2)",
}
"""1941 references left unmapped on purpose: the Anniversary states a different rule (cited in the
reason), so the note would keep the 1941 name ("[1941 L629]") rather than cite a sentence that says otherwise."""


def _cited_1941() -> dict[str, list[str]]:
    """Each "AA1941 ..." problem rule in the modules an Anniversary game runs -> where."""
    return citation_scan.rules(RULE_PACKAGES, "AA1941 ")


def _notes() -> dict[str, list[str]]:
    """Each 1941 reference in a note, a decision, a reason or a message of those modules -> where."""
    return citation_scan.notes(RULE_PACKAGES, LINE_REFERENCE)


def _offsets(citation: str) -> list[int]:
    return [int(n) for n in OFFSET.findall(citation)]


def test_every_1941_citation_of_the_shared_modules_is_mapped():
    cited = _cited_1941()
    assert len(cited) > 40, "the scan found too few 1941 citations: the pattern or the path is wrong"
    missing = {rule: files for rule, files in cited.items() if rule not in CITATIONS}
    assert not missing, f"1941 citations with no Anniversary equivalent in CITATIONS: {missing}"


def test_every_note_reference_is_mapped_or_a_documented_exception():
    refs = _notes()
    assert len(refs) >= 35, f"the scan found only {len(refs)} 1941 note references: the scan is wrong"
    missing = {r: w for r, w in refs.items() if r not in NOTE_CITATIONS and r not in NOTE_EXCEPTIONS}
    assert not missing, f"1941 note references with no Anniversary citation and no documented exception: {missing}"


def test_no_reference_is_built_at_run_time():
    # A reference assembled from an f-string's parts ("[L{n}]") would escape the scan above.
    split = citation_scan.split_references(RULE_PACKAGES)
    assert not split, f"references built at run time cannot be checked: {split}"


def test_every_table_entry_and_exception_is_still_cited_by_a_module():
    # A key no module writes never applies (a typo, or a citation changed since).
    stale = [k for k in CITATIONS if k not in _cited_1941()]
    stale += [k for k in [*NOTE_CITATIONS, *NOTE_EXCEPTIONS] if k not in _notes()]
    assert not stale, f"entries no module cites any more: {stale}"


def test_exceptions_are_not_mapped_and_cite_what_the_anniversary_says_instead():
    assert not set(NOTE_EXCEPTIONS) & set(NOTE_CITATIONS)
    for key, reason in NOTE_EXCEPTIONS.items():
        assert OFFSET.search(reason), f"{key}: the reason must cite the Anniversary's own rule: {reason!r}"
        assert cite_note(f"x {key}") == f"x [1941 {key[1:]}", f"{key}: an exception keeps the 1941 name"


def test_every_mapping_is_an_anniversary_citation_by_byte_offset():
    for old, new in CITATIONS.items():
        assert old.startswith("AA1941 "), old
        assert ANNIVERSARY.match(new), f"{old!r} -> {new!r} is not 'Anniversary <rule> [@N]'"
    for old, new in NOTE_CITATIONS.items():
        assert LINE_REFERENCE.fullmatch(old), old
        assert NOTE_SHAPE.match(new), f"{old!r} -> {new!r} is not '[@N]' or '[@N], [@M]'"


def test_cited_offsets_lie_in_the_rulebook_and_start_a_character():
    # Byte offsets, not character offsets: each must fall inside the seed and never inside
    # a multi-byte letter (an offset counted in characters would drift by the accents).
    data = SEED.read_bytes() if SEED.exists() else None
    if data is not None:
        assert len(data) == SEED_BYTES
    for old, new in [*CITATIONS.items(), *NOTE_CITATIONS.items(), *NOTE_EXCEPTIONS.items()]:
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
        "[L397]": "rimanere nella stessa zona di mare e combattere",
        "[L424]": "I caccia a bordo di una portaerei che appartengono ad una potenza amica",
        "[L515]": "Se l’attaccante non ha unità terrestri o se la flotta attaccante viene eliminata",
        "[L577, L975]": "Distrutti per ultimi",
        "[L585, L599]": "il difensore sceglie una sua unità per ogni colpo",
        "[L643]": "Le unità aeree che si ritirano rimangono nello spazio conteso",
        "[L708]": "Gli aerei che non possono muovere sino ad uno spazio",
        "[L762]": "Se la propria capitale è sotto controllo del nemico",
        "[L871]": "Se un caccia non si trova in uno spazio idoneo",
        "[L977]": "Le unità trattate come cargo",
        "[L623]": "In una battaglia navale, se entrambi i contendenti hanno solo trasporti",
        "[L629]": "I trasporti in attacco non sono mai considerati indifesi",
    }
    for old, phrase in expected.items():
        new = CITATIONS.get(old) or NOTE_CITATIONS.get(old) or NOTE_EXCEPTIONS[old]
        n = _offsets(new)[0]
        assert data[n:n + len(phrase.encode())].decode() == phrase, f"{new} does not start at {phrase!r}"


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
    assert cite_note("cargo lost with its ship: Japan: 1 infantry [L977]") == (
        "cargo lost with its ship: Japan: 1 infantry [@84026], [@137430]")


def test_problem_messages_in_an_anniversary_game_cite_its_rulebook(monkeypatch: pytest.MonkeyPatch):
    """A problem's message written by the shared code with a 1941 line is rewritten, like its rule."""
    from aa_ref.core.errors import Problem
    from aa_ref.games.axis_allies.anniversary.ruleset import Anniversary
    from aa_ref.games.axis_allies.rules.ruleset import AA1941

    problem = Problem("UK has 0 fighter free (or they have fewer than 4 moves left [L408, L692])", rule="AA1941 L408")
    monkeypatch.setattr(AA1941, "check", lambda self, setup, game, given: [problem])
    [cited] = Anniversary().check(None, None, None)  # type: ignore[arg-type]
    assert cited.message == "UK has 0 fighter free (or they have fewer than 4 moves left [@66405])"
    assert cited.rule == CITATIONS["AA1941 L408"]


def test_event_reasons_in_an_anniversary_game_cite_its_rulebook():
    """A removal's reason written with a 1941 line is an event of the log: it cites the Anniversary too."""
    from aa_ref.games.axis_allies.anniversary.ruleset import cite_event
    from aa_ref.games.axis_allies.model.events import RemoveUnits
    from aa_ref.games.axis_allies.model.state import Force

    event = RemoveUnits(space="SZ 5", force=Force(power="UK", units={"fighter": 1}),
                        reason="fighter without a carrier [L871]")
    assert cite_event(event, cite_note).reason == "fighter without a carrier [@122842]"
    assert cite_event(event.model_copy(update={"reason": ""}), cite_note).reason == ""


def test_decisions_in_an_anniversary_game_cite_its_rulebook():
    """A casualty decision's explanation is written by the shared battle code with 1941 lines;
    the Anniversary ruleset rewrites it in the game state and in the logged event alike."""
    from aa_ref.games.axis_allies.anniversary.ruleset import cite_event
    from aa_ref.games.axis_allies.model.events import SetPending
    from aa_ref.games.axis_allies.model.state import Decision

    event = SetPending(pending=[Decision(power="UK", kind="casualties", space="SZ 6", hits=1,
                                         detail="1 must be taken [L585].\nfirst hit only damages it [L903].")])
    assert cite_event(event, cite_note).pending[0].detail == "1 must be taken [@84602]-[@86219].\nfirst hit only damages it [@125561]."
