"""`aa-ref validate` of WARZAG component packs (issue 7: "a component pack with each kind of error,
rejected with a located message").

Each bad pack is the shipped demo pack with ONE precise textual edit, made here from the demo's
text so that the cases follow the demo as it changes. Every case asserts the exit code 1, the
file:line:column of the offending value (computed from the edited text, not hard-coded) and the
words of the message that name the value (with a did-you-mean where a name is misspelt).
`tests/data/warzag/bad-pack.yaml` is a small hand-written pack with several errors at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from typer.testing import CliRunner

from aa_ref.cli.app import app
from tests.located import EditedFile, position

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "aa_ref" / "setups" / "warzag-demo.yaml"
BAD_PACK = ROOT / "tests" / "data" / "warzag" / "bad-pack.yaml"
NAME = "pack.yaml"


# --- helpers -------------------------------------------------------------------
EDITS = EditedFile(DEMO, NAME)
demo_text, edited, validate, located = EDITS.text, EDITS.edited, EDITS.validate, EDITS.located


# --- the demo pack --------------------------------------------------------------
def test_the_demo_pack_validates(folder):
    result = validate(folder, demo_text())
    assert result.exit_code == 0, result.output
    assert f"{NAME}: valid warzag-pack" in result.output


def test_the_shipped_demo_pack_validates_in_place(folder):
    result = CliRunner().invoke(app, ["validate", str(DEMO)], catch_exceptions=False)
    assert result.exit_code == 0 and "valid warzag-pack" in result.output


def test_games_labels_the_demo_pack_as_demo():
    result = CliRunner().invoke(app, ["games"], catch_exceptions=False)
    assert result.exit_code == 0
    (row,) = [r for r in result.output.splitlines() if r.startswith("warzag-demo ")]
    assert "DEMO" in row and "not the printed cards" in row


# --- one kind of error at a time ----------------------------------------------------
@dataclass(frozen=True)
class Case:
    """An edit of the demo pack, where the problem must be reported and the words it must hold."""

    old: str
    new: str
    context: str
    """Text of the edited pack from which `value` is looked for (it occurs once)."""
    value: str
    """The offending value: the problem is reported at its first character."""
    words: tuple[str, ...] = field(default_factory=tuple)


# Text of the demo pack the cases edit (each occurs once in it).
ITALY_ARMOUR = ("    armour:    {attack: 5, defence: 4, resistance: 2, range: 3, consumption: 1, train_cost: 5, "
                "promote_cost: 5, tokens: 5}\n  germany:")
FIRST_BOXES = ('    - {kind: start}                                                                  # 0\n'
               '    - {kind: date, text: "1 settembre 1939: invasione della Polonia"}                # 1\n')
LAST_BOX = '    - {kind: date, text: "2 settembre 1945: resa del Giappone, fine della guerra"}   # 23\n'
OBJ_FOXTROT = ('  obj_foxtrot:\n    base: foxtrot\n'
               '    text: "Eliminate 1 other player and own at least 6 territories (bases included)."\n'
               '    requires: {eliminated: 1, territories: 6}\n')
SUP_24 = ('  sup_24: {title: "Arsenal delivery", text: "Play in your turn: train 1 artillery free in one of your '
          'bases.", effect: free_training, timing: own_turn, category: artillery}\n')

CASES = {
    # the file itself
    "yaml syntax error": Case(
        '  rd: {at: [0, 0], kind: rd,', '  rd: {at: [0, 0, kind: rd,',
        '  rd: {at: [0, 0, kind: rd', '}', ("malformed YAML", "did not find expected ',' or ']'")),
    "duplicate key": Case(
        '  p6-06: {at: [-1, 4], piece: 6}', '  p6-05: {at: [-1, 4], piece: 6}',
        '  p6-05: {at: [-1, 4]', 'p6-05', ("duplicate key", '"p6-05"')),
    "unknown key, with did you mean": Case(
        '  normandy: {at: [2, -1], kind: historic,', '  normandy: {at: [2, -1], kidn: historic,',
        # reported at the unknown key's value (the schema's error is about the pair), on the key's line
        'kidn: historic', 'historic', ("hexes.normandy.kidn", "unknown key 'kidn'; did you mean 'kind'?")),
    "wrong type": Case(
        '  territory: {pp: 1, pc: 1}', '  territory: {pp: one, pc: 1}',
        '{pp: one', 'one', ("yields.territory.pp", "'one' is not of type 'integer'")),
    "negative cost": Case(
        'train_cost: 2, promote_cost: 3', 'train_cost: -2, promote_cost: 3',
        'train_cost: -2', '-2', ("dossiers.italy.infantry.train_cost", "-2 is less than the minimum of 0")),
    # the board
    "duplicate coordinates": Case(
        '  p6-06: {at: [-1, 4], piece: 6}', '  p6-06: {at: [-2, 4], piece: 6}',
        '  p6-06: {at: [-2, 4]', '[-2, 4]', ("hex p6-06 is at [-2, 4], where p6-05 already is",)),
    "an unreachable hex": Case(
        '  p6-06: {at: [-1, 4], piece: 6}', '  p6-06: {at: [-9, 9], piece: 6}',
        '  p6-06: {at: [-9, 9]', '[-9, 9]', ("hex p6-06 cannot be reached from rd",)),
    "a missing base-game base": Case(
        '  charlie: {at: [4, 0], kind: base, base: charlie,', '  charlie: {at: [4, 0], kind: standard,',
        '\nhexes:\n', 'hexes', ("the board needs exactly one base charlie", "it has 0", "[WZ L118-L122]")),
    # the R&D track
    "track: wrong box count": Case(
        LAST_BOX, '',
        '  boxes:\n', 'boxes', ("the R&D track has 24 boxes [WZ L620], this one has 23",)),
    "track: first box not START": Case(
        FIRST_BOXES, '    - {kind: date, text: "1 settembre 1939: invasione della Polonia"}\n    - {kind: start}\n',
        '    - {kind: date, text: "1 settembre 1939', 'date', ("the first box must be START [WZ L622]",)),
    "track: a base box twice": Case(
        '    - {kind: base, base: bravo}', '    - {kind: base, base: alfa}  # was bravo',
        '    - {kind: base, base: alfa}  # was bravo', 'alfa',
        ("base alfa has 2 boxes on the track; each base has one [WZ L630]",)),
    "track: unknown base letter": Case(
        '    - {kind: base, base: bravo}', '    - {kind: base, base: bravoo}',
        'base: bravoo}', 'bravoo', ("a base box names its base (alfa, bravo, charlie, delta, echo, foxtrot), not 'bravoo'",)),
    # the cards
    "a nation missing a Dossier card": Case(
        ITALY_ARMOUR, '  germany:',
        'dossiers:\n  italy:', 'italy', ("italy lacks the Dossier card(s) of armour", "[WZ L19], [WZ L656]")),
    "an unknown nation in dossiers, with did you mean": Case(
        '  uk:\n    infantry:', '  ukk:\n    infantry:',
        '  ukk:', 'ukk', ("unknown nation 'ukk'; did you mean 'uk'?",)),
    "an objective holding an unknown hex, with did you mean": Case(
        'requires: {hold: [normandy, dunkirk]}', 'requires: {hold: [normandy, dunkrik]}',
        'hold: [normandy, dunkrik]', 'dunkrik', ("objective obj_bravo names unknown hex 'dunkrik'; did you mean 'dunkirk'?",)),
    "wrong number of objectives": Case(
        OBJ_FOXTROT, '',
        '\nobjectives:', 'objectives', ("there are 6 Objective cards", "this pack has 5")),
    "wrong number of Supply cards": Case(
        SUP_24, '',
        '\nsupply:', 'supply', ("there are 24 Supply cards [WZ L27]; this pack has 23",)),
    "a free_training card without category": Case(
        ', effect: free_training, timing: own_turn, category: artillery}', ', effect: free_training, timing: own_turn}',
        '  sup_24:', '{', ("a free_training card names its army category (infantry, artillery, aviation, armour)",)),
    "a gain card giving nothing": Case(
        'effect: gain, pp: 4}', 'effect: gain}',
        '  sup_01:', '{', ("a gain card gives some PP or PC",)),
    "the special die without one of D/R/T": Case(
        'special: [D, D, R, R, T, T]', 'special: [D, D, R, R, R, R]',
        'special: [D, D, R, R, R, R]', '[', ("the special die shows the three symbols D, R and T [WZ L328]",)),
    "a special die with 5 faces": Case(
        'special: [D, D, R, R, T, T]', 'special: [D, D, R, R, T]',
        'special: [D, D, R, R, T]', '[', ("dice.special", "is too short")),
    "two R&D territories, at the second": Case(
        '  p6-06: {at: [-1, 4], piece: 6}', '  p6-06: {at: [-1, 4], kind: rd, piece: 6}',
        '  p6-06: {at: [-1, 4], kind: rd', 'rd', ("p6-06 is a second R&D territory", "[WZ L197]")),
    "two Leader cards for one nation, at the second": Case(
        '    nation: germany\n    name: Adolf Hitler', '    nation: italy\n    name: Adolf Hitler',
        '    nation: italy\n    name: Adolf Hitler', 'italy', ("italy has 2 Leader cards", "[WZ L15], [WZ L604]")),
}



def _check(folder: Path, case: Case) -> None:
    text = edited(case.old, case.new)
    result = validate(folder, text)
    assert result.exit_code == 1, result.output
    line, column = position(text, case.context, case.value)
    messages = located(result.output, line, column)
    assert any(all(w in m for w in case.words) for m in messages), (
        f"no problem at {NAME}:{line}:{column} holding {case.words}; got:\n{result.output}")


@pytest.mark.parametrize("case", list(CASES.values()), ids=list(CASES))
def test_each_kind_of_error_is_rejected_at_the_offending_value(folder, case):
    _check(folder, case)


# --- expansion bases, letters and suggestions --------------------------------------------
def test_an_expansion_base_on_the_base_game_board_is_rejected(folder):
    old = 'base: bravo, name: "Base Bravo", piece: 6, expansion: true}'
    text = edited(old, 'base: bravo, name: "Base Bravo", piece: 6}')
    result = validate(folder, text)
    assert result.exit_code == 1
    line, column = position(text, '  bravo: {at: [0, 4], kind: base, base: bravo', 'bravo,')
    assert any("bravo" in m and "expansion" in m for m in located(result.output, line, column))


def test_objective_letters_twice_name_the_letter(folder):
    text = edited('    base: bravo\n    text: "Occupy Normandy', '    base: alfa\n    text: "Occupy Normandy')
    result = validate(folder, text)
    assert result.exit_code == 1
    line, column = position(text, '    base: alfa\n    text: "Occupy Normandy', 'alfa')
    assert any("alfa" in m and "bravo" in m for m in located(result.output, line, column))


def test_beta_is_read_as_bravo(folder):
    """The rulebook's own word for the second base [WZ L120], [WZ L122], [WZ L128] (digest A1)."""
    result = validate(folder, edited('    base: bravo\n    text: "Occupy', '    base: beta\n    text: "Occupy'))
    assert result.exit_code == 0, result.output


SUGGESTIONS = {
    "track base letter": ('    - {kind: base, base: bravo}', '    - {kind: base, base: bravoo}', "did you mean 'bravo'?"),
    "hex base letter": ('kind: base, base: charlie,', 'kind: base, base: charly,', "did you mean 'charlie'?"),
    "free_training category": ('category: artillery}', 'category: artilery}', "did you mean 'artillery'?"),
}


@pytest.mark.parametrize("old, new, hint", list(SUGGESTIONS.values()), ids=list(SUGGESTIONS))
def test_misspelt_letters_and_categories_get_a_suggestion(folder, old, new, hint):
    result = validate(folder, edited(old, new))
    assert result.exit_code == 1 and hint in result.output


@pytest.mark.parametrize("old, new, hint", list(SUGGESTIONS.values()), ids=list(SUGGESTIONS))
def test_misspelt_letters_and_categories_are_rejected_naming_the_value(folder, old, new, hint):
    result = validate(folder, edited(old, new))
    bad = new.split(": ")[-1].rstrip(",}")
    assert result.exit_code == 1 and f"not '{bad}'" in result.output


# --- the hand-written pack with several errors -------------------------------------------
BAD_PACK_PROBLEMS = [
    # (context, value, words): each error of tests/data/warzag/bad-pack.yaml, where it is reported
    ("  island:", "[5, 5]", "hex island cannot be reached from rd"),
    ("    - {kind: date, text: \"1 settembre 1939", "date", "the first box must be START [WZ L622]"),
    ("dossiers:\n  italy:", "italy", "italy lacks the Dossier card(s) of armour"),
    ("  grmany:", "grmany", "unknown nation 'grmany'; did you mean 'germany'?"),
    ("hold: [gela, stalingrad]", "stalingrad", "objective obj_bravo names unknown hex 'stalingrad'; did you mean 'stalingrado'?"),
    ("  sup_02:", "{", "a gain card gives some PP or PC"),
    ("special: [D, D, R, R, R, R]", "[", "the special die shows the three symbols D, R and T [WZ L328]"),
]


def test_the_hand_written_bad_pack_reports_every_error_located():
    text = BAD_PACK.read_text(encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(BAD_PACK)], catch_exceptions=False)
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    for context, value, words in BAD_PACK_PROBLEMS:
        line, column = position(text, context, value)
        assert any(words in m for m in located(result.output, line, column, str(BAD_PACK))), (
            f"{words!r} not reported at {line}:{column}:\n{result.output}")
    reported = [row for row in result.output.splitlines() if row.startswith(str(BAD_PACK) + ":")]
    assert len(reported) == len(BAD_PACK_PROBLEMS) + 1  # germany's missing cards are also reported, see below
    assert "no Dossier cards for germany" in result.output


# --- never a traceback ------------------------------------------------------------
@pytest.mark.parametrize("old, new", [
    ('hexes:\n', 'hexes: {}\nold_hexes:\n'),
    ('track:  #', 'track: {boxes: []}\nold_track:  #'),
    ('  rd: {at: [0, 0], kind: rd, name: "Ricerca e Sviluppo", piece: 3}\n', ''),
    ('kind: rd, name: "Ricerca e Sviluppo", piece: 3}', 'kind: rd, name: "Ricerca e Sviluppo", piece: 3, expansion: true}'),
    ('  charlie: {at: [4, 0], kind: base, base: charlie,', '  charlie: {at: [4, 0], kind: base,'),
    ('leaders:  #', 'leaders: {}\nold_leaders:  #'),
    ('hold: [normandy, dunkirk]', 'hold: [normandy, 5]'),
    ('special: [D, D, R, R, T, T]', 'special: [D, D, R, R, T, X]'),
    ('kind: warzag-pack', 'kind: warzag-pak'),
    ('  rd: {at', '\trd: {at'),
], ids=["no hexes", "no track boxes", "no R&D", "R&D expansion-only", "base without letter", "no leaders",
        "objective hex not a string", "unknown die face", "misspelt kind", "tab indentation"])
def test_odd_packs_get_located_messages_never_a_traceback(folder, old, new):
    result = validate(folder, edited(old, new))
    assert result.exit_code == 1, result.output
    problems = [row for row in result.output.splitlines() if row.startswith(f"{NAME}:")]
    assert problems and all(row.split(":")[1].isdigit() for row in problems), result.output
