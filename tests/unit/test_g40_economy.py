"""Global 1940 economy helpers: convoy caps, the economy of a territory, treasury events."""

from __future__ import annotations

import pytest

from aa_ref.games.axis_allies.global1940.convoy import capped_loss, dice_for
from aa_ref.games.axis_allies.rules.economies import economy_of
from aa_ref.core.events import EventError
from aa_ref.games.axis_allies.model.events import Treasury, apply_event
from aa_ref.core.session import ruleset_for
from aa_ref.core.setups import load_setup
def test_convoy_caps_follow_the_rulebook_examples() -> None:
    # 3 subs in SZ 109 roll 18; the UK (here worth 6) and Scotland (2) cap it [G40 L1144]
    assert capped_loss({"SZ 109": 18}, {"SZ 109": ["United Kingdom", "Scotland"]},
                       {"United Kingdom": 6, "Scotland": 2}) == 8
    # 12 from six US subs; Japan 8 and Manchuria 3 [G40 L1167]
    assert capped_loss({"SZ 6": 12}, {"SZ 6": ["Japan", "Manchuria"]}, {"Japan": 8, "Manchuria": 3}) == 11
    # a territory beside two zones loses at most its worth in all [G40 L1155]
    assert capped_loss({"SZ 109": 5, "SZ 119": 5}, {"SZ 109": ["Scotland"], "SZ 119": ["Scotland"]},
                       {"Scotland": 2}) == 2
    # spreading matters: zone A may use only X, zone B X or Y
    assert capped_loss({"A": 3, "B": 3}, {"A": ["X"], "B": ["X", "Y"]}, {"X": 3, "Y": 3}) == 6


def test_convoy_dice() -> None:
    assert dice_for({"submarine": 3}) == 6
    assert dice_for({"battleship": 1, "cruiser": 1, "destroyer": 1}) == 3
    assert dice_for({"carrier": 1, "fighter": 2}) == 4
    assert dice_for({"fighter": 2}) == 0  # no warship: nothing
    assert dice_for({"transport": 2}) == 0


def test_economy_of_a_territory() -> None:
    setup = load_setup("global1940")
    assert economy_of(setup, "UK", "India") == "Pacific"
    assert economy_of(setup, "UK", "West India") == "Pacific"  # [G40 L1664]
    assert economy_of(setup, "UK", "British Columbia") == "Europe"  # [G40 L1665]
    assert economy_of(setup, "UK", "Libya") == "Europe"  # on the Europe map [G40 L1658] (ruling E1)
    assert economy_of(setup, "UK", "Okinawa") == "Pacific"  # on the Pacific map [G40 L1660]
    assert economy_of(setup, "UK", "Western United States") == "Europe"  # North America, Pacific map [G40 L1665]
    assert economy_of(setup, "UK", "Kazakhstan") == "Pacific"  # border: the nearest territory naming one (India)
    assert economy_of(setup, "Germany", "Libya") is None


def test_treasury_events_keep_economies_and_total_together() -> None:
    setup = load_setup("global1940")
    game = ruleset_for(setup).new_game(setup, None, {}, "s", "l.yaml")
    uk = game.powers["UK"]
    assert (uk.treasury, uk.economies) == (45, {"Europe": 28, "Pacific": 17})
    apply_event(game, Treasury(power="UK", delta=-10, reason="x", economy="Pacific"))
    assert (uk.treasury, uk.economies) == (35, {"Europe": 28, "Pacific": 7})
    with pytest.raises(EventError):
        apply_event(game, Treasury(power="UK", delta=-8, reason="x", economy="Pacific"))
    apply_event(game, Treasury(power="UK", delta=-30, reason="unnamed"))  # from the economies in order
    assert (uk.treasury, uk.economies) == (5, {"Europe": 0, "Pacific": 5})
