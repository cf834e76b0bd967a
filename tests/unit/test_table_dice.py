"""Dice rolled at a real table: typed volley by volley, or given by volley name, never in a hidden order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aa_ref.core.dice import AskedDice, KeyedDice, RecordedDice, Volley, table_dice, typed_dice
from aa_ref.core.errors import InvalidInput

ATTACK = Volley("West Russia, round 2, Germany attacks", (("3 infantry hit on 1", 3), ("2 tank hit on 3", 2)))


def test_a_volley_reads_as_a_referee_says_it():
    assert ATTACK.text(5) == ("West Russia, round 2, Germany attacks: 3 infantry hit on 1, 2 tank hit on 3 - roll 5 dice")
    assert Volley("Germany's War Bonds").text(1) == "Germany's War Bonds - roll 1 die"


@pytest.mark.parametrize("line", ["3 5 1 6 2", "35162", "3,5,1,6,2", " 3 5 1 | 6 2 ", "351/62"])
def test_typed_dice_may_be_spaced_or_not_and_split_by_group(line):
    assert typed_dice(line, 5, ATTACK) == [3, 5, 1, 6, 2]


@pytest.mark.parametrize(("line", "why"), [
    ("3 5 1 6", "5 dice are needed, 4 typed"),
    ("3 5 1 6 2 2", "5 dice are needed, 6 typed"),
    ("3 5 7 6 2", "'7' (character 5) is not a die"),
    ("3 5 x 6 2", "'x' (character 5) is not a die"),
    ("3 5 | 1 6 2", "the groups typed have [2, 3] dice, the volley's groups [3, 2]"),
])
def test_a_typo_is_explained(line, why):
    with pytest.raises(ValueError, match=None) as error:
        typed_dice(line, 5, ATTACK)
    assert why in str(error.value)


@given(st.lists(st.integers(1, 6), min_size=1, max_size=40), st.sampled_from(["", " ", ", ", "  "]))
def test_any_dice_typed_with_any_separator_read_back(dice, separator):
    assert typed_dice(separator.join(map(str, dice)), len(dice), None) == dice


def test_keyed_dice_are_taken_by_volley_name_in_any_case_whatever_the_order():
    dice = KeyedDice({"r1/USSR/West Russia/cr1/DEFENSE": [2, 2], "r1/USSR/West Russia/cr1/attack": [1, 4, 6]}, "d.yaml")
    assert dice.roll("r1/USSR/West Russia/cr1/attack", 3) == [1, 4, 6]
    assert dice.roll("r1/USSR/West  Russia/cr1/defense", 2) == [2, 2]
    assert dice.leftover() is None
    assert dice.record() == {"r1/USSR/West Russia/cr1/attack": [1, 4, 6], "r1/USSR/West  Russia/cr1/defense": [2, 2]}


def test_keyed_dice_name_the_volley_that_lacks_dice_and_the_ones_never_rolled():
    dice = KeyedDice({"a": [1, 2], "b": [3]}, "d.yaml")
    with pytest.raises(InvalidInput, match="no dice for the volley c .*West Russia.* add 'c: \\[...\\]' with its 5 dice"):
        dice.roll("c", 5, ATTACK)
    with pytest.raises(InvalidInput, match="a has 2 dice but the volley rolls 3"):
        dice.roll("a", 3)
    assert dice.leftover() == "these volleys were not rolled: a, b"
    dice.roll("b", 1)
    with pytest.raises(InvalidInput, match="rolled twice"):
        dice.roll("B", 1)


def test_keyed_dice_refuse_a_volley_given_twice_and_bad_dice():
    with pytest.raises(InvalidInput, match="given twice"):
        KeyedDice({"a": [1], "A": [2]})
    with pytest.raises(InvalidInput, match="not 7"):
        KeyedDice({"a": [7]})
    with pytest.raises(InvalidInput, match="as a list"):
        KeyedDice({"a": 3})  # type: ignore[dict-item]


def test_a_list_of_dice_is_used_in_order_and_recorded_as_a_list():
    dice = table_dice([1, 2, 3], "d.yaml")
    assert isinstance(dice, RecordedDice)
    assert dice.roll("x", 2) == [1, 2] and dice.leftover() == "1 of the dice given were not needed"
    assert dice.record() == [1, 2]


def asked(lines: list[str]) -> tuple[AskedDice, list[str]]:
    said: list[str] = []
    feed = iter(lines)
    return AskedDice(lambda prompt: next(feed, None), said.append), said


def test_asked_dice_describe_the_volley_and_ask_again_after_a_typo():
    dice, said = asked(["", "1 2 3", "1 2 7 4 5", "1 1 5 | 3 6"])
    assert dice.roll("r2/Germany/West Russia/cr2/attack", 5, ATTACK) == [1, 1, 5, 3, 6]
    assert said[0] == ATTACK.text(5)
    assert "5 dice are needed, 3 typed" in said[1] and "'7' (character 5) is not a die" in said[2]
    assert dice.record() == {"r2/Germany/West Russia/cr2/attack": [1, 1, 5, 3, 6]}


def test_asked_dice_stop_with_nothing_applied_at_the_end_of_input_or_on_q():
    dice, _ = asked(["1"])
    with pytest.raises(InvalidInput, match="ended before the dice of x were typed; nothing was applied"):
        dice.roll("x", 2)
    dice, _ = asked(["q"])
    with pytest.raises(InvalidInput, match="stopped at x; nothing was applied"):
        dice.roll("x", 2)
