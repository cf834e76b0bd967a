"""Unit tests of the Blocks in the West advanced production (AR 11.0 [BW L1681-L1773]): the price of a step by
colour, the coloured PP of the scenario, their fold and their place in the views."""

from __future__ import annotations

import pytest

from aa_ref.games.blocks_in_the_west import production
from aa_ref.games.blocks_in_the_west.events import ColouredPoints, apply_event
from aa_ref.games.blocks_in_the_west.ruleset import Bitw
from aa_ref.games.blocks_in_the_west.scenario import Block, Production, Step
from aa_ref.games.blocks_in_the_west.views import view
from aa_ref.core.events import EventError
from tests.conformance.bitw_runner import load_scenario

SCENARIO = load_scenario("_advanced-scenario.yaml")
BASIC = load_scenario()


def block(unit: str, colours: list[str]) -> Block:
    return Block(power="britain", unit=unit, name="x",  # type: ignore[arg-type]
                 steps=[Step(value=len(colours) - i, colour=c) for i, c in enumerate(colours)])  # type: ignore[arg-type]


def test_the_british_13th_of_the_example() -> None:
    """[BW L1709-L1714]: the 13th (motorized, a Marine) costs 2 yellow 2 white 2 red, 1 yellow 1 white, 2 yellow 2
    white, 3 yellow 3 white 3 red; our classes are single, so a motorized block pays the red, a Marine the white."""
    thirteenth = block("motorized", ["red", "white", "black", "white"])
    prices = [production.step_price(thirteenth, i, True) for i in range(4)]
    assert prices == [{"yellow": 3, "red": 3}, {"yellow": 2}, {"yellow": 1}, {"yellow": 2, "red": 2}]
    marine = block("marines", ["red", "white", "black", "white"])
    assert [production.step_price(marine, i, True) for i in range(4)] == [
        {"yellow": 3, "white": 3}, {"yellow": 2, "white": 2}, {"yellow": 1, "white": 1}, {"yellow": 2, "white": 2}]


@pytest.mark.parametrize("unit, colour", [("infantry", None), ("artillery", None), ("tank", "red"),
                                          ("mechanized", "red"), ("fighter", "blue"), ("bomber", "blue"),
                                          ("strategic_bomber", "blue"), ("paratroops", "blue"), ("marines", "white"),
                                          ("hq", "black"), ("motorized", None), ("fort", None)])
def test_unit_colour(unit: str, colour: str | None) -> None:
    """[BW L1693-L1701], [BW L1736-L1744]."""
    assert production.unit_colour(unit) == colour


def test_basic_prices_are_yellow_only() -> None:
    """AR 11.0 off: the step's cost in yellow [BW L1184-L1187]."""
    assert production.step_price(block("tank", ["red", "white"]), 0, False) == {"yellow": 3}


def test_scenario_pp_by_colour_or_number() -> None:
    assert SCENARIO.stored_pp("germany") == Production(yellow=10, red=2, black=1)
    assert SCENARIO.stored_pp("italy") == Production(yellow=3)
    assert SCENARIO.stored_pp("nobody") == Production()
    assert production.stored_colours(SCENARIO) == {"germany": {"red": 2, "black": 1}, "hungary": {"red": 1},
                                                   "britain": {"white": 1}}


def test_new_game_stores_coloured_pp_only_under_the_rule() -> None:
    new = Bitw().new_game
    basic = new(SCENARIO, None, {"rules": "basic"}, "s", "g.log.yaml")
    advanced = new(SCENARIO, None, {"rules": "advanced"}, "s", "g.log.yaml")
    off = new(SCENARIO, None, {"rules": "advanced", "advanced_production": "off"}, "s", "g.log.yaml")
    assert basic.pp["germany"] == advanced.pp["germany"] == 10
    assert basic.coloured_pp == off.coloured_pp == {}
    assert advanced.coloured_pp["germany"] == {"red": 2, "black": 1}


def test_plain_number_scenarios_keep_their_digest() -> None:
    """A scenario giving PP as numbers dumps as before (games begun before AR 11.0 keep their scenario_sha256)."""
    assert BASIC.model_dump(mode="json")["pp"] == {"germany": 10, "italy": 3, "france": 6, "britain": 6}


def test_coloured_points_fold_and_refuse_a_negative_store() -> None:
    g = Bitw().new_game(SCENARIO, None, {"rules": "advanced"}, "s", "g.log.yaml")
    apply_event(g, ColouredPoints(power="germany", colour="red", delta=-2, reason="spent"))
    apply_event(g, ColouredPoints(power="germany", colour="blue", delta=1, reason="income"))
    assert g.coloured_pp["germany"] == {"black": 1, "blue": 1}
    with pytest.raises(EventError):
        apply_event(g, ColouredPoints(power="germany", colour="white", delta=-1, reason="spent"))
    apply_event(g, ColouredPoints(power="hungary", colour="red", delta=-1, reason="spent"))
    assert "hungary" not in g.coloured_pp


def test_views_show_only_one_s_own_coloured_pp() -> None:
    """Coloured PP are hidden like yellow PP [BW L508]."""
    g = Bitw().new_game(SCENARIO, None, {"rules": "advanced"}, "s", "g.log.yaml")
    assert view(SCENARIO, g, "axis").coloured_pp == {"germany": {"red": 2, "black": 1}, "hungary": {"red": 1}}
    assert view(SCENARIO, g, "allies").coloured_pp == {"britain": {"white": 1}}


def test_show_text_lists_the_side_s_coloured_pp() -> None:
    from aa_ref.games.blocks_in_the_west.render import show_text

    g = Bitw().new_game(SCENARIO, None, {"rules": "advanced"}, "s", "g.log.yaml")
    axis = show_text(SCENARIO, g, "axis")
    assert "coloured PP: germany 2 red, 1 black; hungary 1 red" in axis and "white" not in axis
    assert "coloured PP: britain 1 white" in show_text(SCENARIO, g, "allies")
