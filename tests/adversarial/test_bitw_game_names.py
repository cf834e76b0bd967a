"""A Blocks in the West game file from someone else names powers, hexes and blocks in the fields issue 23's rules added:
every name the scenario does not know is refused at its place (`Bitw._name_problems`), so no command meets it
later as a crash."""

from __future__ import annotations

from typing import Any

import pytest

from aa_ref.games.blocks_in_the_west.state import Damage
from tests.conformance.bitw_runner import build_state

EDITS: list[tuple[str, Any, tuple[Any, ...], str]] = [
    ("partisans", {"H99": 1}, ("partisans", "H99"), "H99"),
    ("conquered", ["narnia"], ("conquered", 0), "narnia"),
    ("reserves", {"ghost": "motorisation"}, ("reserves", "ghost"), "ghost"),
    ("radar_down", ["H99"], ("radar_down", 0), "H99"),
    ("naval", {"ghost": "H00"}, ("naval", "ghost"), "ghost"),
    ("shipped", ["ghost"], ("shipped", 0), "ghost"),
    ("landed", {"ghost": "H00"}, ("landed", "ghost"), "ghost"),
    ("production_lost", {"narnia": {"yellow": 1}}, ("production_lost", "narnia"), "narnia"),
    ("srm_lost", {"narnia": 1}, ("srm_lost", "narnia"), "narnia"),
    ("bomb_damage", {"H99": Damage(by="axis")}, ("bomb_damage", "H99"), "H99"),
    ("v2_target", "H99", ("v2_target",), "H99"),
    ("capitals", {"france": "H99"}, ("capitals", "france"), "H99"),
    ("capitals", {"narnia": "H12"}, ("capitals", "narnia"), "narnia"),
    ("sponsored", {"narnia": 3}, ("sponsored", "narnia"), "narnia"),
    ("morale", {"narnia": 3}, ("morale", "narnia"), "narnia"),
    ("neutrals_attacked", {"narnia": 1}, ("neutrals_attacked", "narnia"), "narnia"),
    ("mulberry_paid", {"narnia": 3}, ("mulberry_paid", "narnia"), "narnia"),
    ("mulberries", {"H99": "britain"}, ("mulberries", "H99"), "H99"),
    ("mulberries", {"H12": "narnia"}, ("mulberries", "H12"), "narnia"),
    ("destroyed_factories", {"H99": ["red"]}, ("destroyed_factories", "H99"), "H99"),
]


class Doc:
    """A document that hands back each problem as (message, place)."""

    def problem(self, message: str, loc: tuple[Any, ...]) -> tuple[str, tuple[Any, ...]]:
        return message, loc


@pytest.mark.parametrize("field, value, place, name", EDITS)
def test_an_unknown_name_is_refused_at_its_place(field: str, value: Any, place: tuple[Any, ...], name: str):
    scenario, ruleset, game = build_state({})
    setattr(game, field, value)
    found = {loc: message for message, loc in ruleset._name_problems(scenario, game, Doc())}
    assert place in found and name in found[place], found
