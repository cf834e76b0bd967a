"""Unit tests of WARZAG engine pieces: options, the choice rules, the card pick, commitments."""

from __future__ import annotations

from pathlib import Path

import pytest

from aa_ref.core.dice import RecordedDice
from aa_ref.core.engine import Context
from aa_ref.core.setups import load_setup
from aa_ref.games.warzag.act import Act
from aa_ref.games.warzag.board import Board
from aa_ref.games.warzag.events import apply_event
from aa_ref.games.warzag.invasion import best_set
from aa_ref.games.warzag.leader import pick
from aa_ref.games.warzag.objectives import commitment
from aa_ref.games.warzag.options import OPTIONS, defaults, seating_problem
from aa_ref.games.warzag.ruleset import Warzag
from aa_ref.games.warzag.state import Army

PACK = load_setup("warzag-demo")
RULINGS = Path(__file__).resolve().parents[2] / "docs" / "warzag-rulings.md"


def _game(**options: str):
    return Warzag().new_game(PACK, None, {**defaults(), **options}, "unit", "unit.log.yaml")


def test_every_option_is_documented_with_its_choices():
    """Every open point is a named option documented with the rulebook's wording (issue 7)."""
    text = RULINGS.read_text(encoding="utf-8")
    for key, option in OPTIONS.items():
        assert f"### `{key}`" in text, key
        assert "[WZ L" in option.point or option.point.startswith("A"), key


@pytest.mark.parametrize("value, problem", [
    ("germany,uk,italy,ussr", None),
    ("germany,ussr", None),
    ("germany", "2 to 4 players"),
    ("germany,prussia", "unknown nation 'prussia'"),
    ("germany,germany", "named twice"),
])
def test_seating(value, problem):
    """2 to 4 players of the four nations [WZ L664-L666]."""
    found = seating_problem(value)
    assert (found is None) if problem is None else (problem in found)


def test_alliance_seating_alternates():
    """Each player has an enemy on his left in alliance mode [WZ L142]."""
    assert "enemy alliance on his left" in seating_problem("germany,italy,uk,ussr", "alliances")
    assert seating_problem("germany,uk,italy,ussr", "alliances") is None
    assert "both alliances" in seating_problem("germany,italy", "alliances")


def test_starting_resources_by_player_count():
    """30 PP + 30 PC with two players, 15 + 15 with three or more [WZ L130-L134]."""
    two = _game(players="germany,ussr")
    four = _game()
    assert {(p.pp, p.pc) for p in two.players.values()} == {(30, 30)}
    assert {(p.pp, p.pc) for p in four.players.values()} == {(15, 15)}


def test_best_set_takes_the_most_defence_below_the_limit_then_the_most_armies():
    """The standing choice of losses: the highest total below S [WZ L340], then the most armies."""
    game = _game()
    armies = {"a": Army(nation="germany", category="infantry", hex="alfa"),    # defence 3
              "b": Army(nation="germany", category="armour", hex="alfa"),      # defence 4
              "c": Army(nation="germany", category="artillery", hex="alfa")}   # defence 2
    board = Board(PACK, game)
    assert best_set(board, list(armies.items()), 6) == ["a", "c"]       # 5: the most below 6
    assert best_set(board, list(armies.items()), 7) == ["b", "c"]       # 6 (a+a impossible): b+c
    assert best_set(board, list(armies.items()), 2) == []               # nothing is below 2


def test_a_card_pick_is_uniform_and_rolls_again_above_the_limit():
    """Two dice give 36 values; with 24 cards values 24-35 are rolled again."""
    game = _game()
    seen = []
    for first in range(1, 7):
        for second in range(1, 7):
            dice = [first, second, 1, 1] if (first - 1) * 6 + second - 1 >= 24 else [first, second]
            ctx = Context(PACK, game.model_copy(deep=True), RecordedDice(dice), apply=apply_event)
            seen.append(pick(Act(ctx, PACK, "germany"), 24))
    assert sorted(seen[:24]) == list(range(24)) and set(seen[24:]) == {0}


def test_the_commitment_binds_game_nation_card_and_salt():
    """[WZ L128]: the card stays secret but cannot be changed."""
    base = commitment("seed", "germany", "obj_alfa", "00")
    assert len(base) == 64
    assert base != commitment("seed", "germany", "obj_bravo", "00")
    assert base != commitment("seed", "italy", "obj_alfa", "00")
    assert base != commitment("other", "germany", "obj_alfa", "00")
    assert base != commitment("seed", "germany", "obj_alfa", "01")


def test_a_misspelt_action_is_named_with_a_suggestion():
    """An action is one of several kinds of mapping: the message names the kind meant, not the first kind."""
    from aa_ref.core.documents import shape_problems
    from aa_ref.core.yamlio import Document

    data = {"kind": "warzag-orders", "schema_version": 1, "power": "uk",
            "actions": [{"annx": "p2-04"}, {"train": "infantry", "at": "delta", "cont": 2}, {}]}
    messages = [p.message for p in shape_problems(Document("o.yaml", data, tree=data), "warzag-orders")]
    assert messages[0] == "actions.0: 'annx' names no action; did you mean 'annex'?"
    assert messages[1] == "actions.1.cont: unknown key 'cont'; did you mean 'count'?"
    assert messages[2].startswith("actions.2: an empty mapping names no action; one of: leader, ransom")
