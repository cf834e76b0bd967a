"""Unit tests of OR 16.0 captured resources (`captured_resources` [BW L2125-L2137]): which production is a factory,
who exploits captured centres, what a destroyed factory still produces, and that destruction is public."""

from __future__ import annotations

from aa_ref.games.blocks_in_the_west import resources
from aa_ref.games.blocks_in_the_west.events import FactoriesDestroyed, apply_event
from aa_ref.games.blocks_in_the_west.ruleset import Bitw
from aa_ref.games.blocks_in_the_west.scenario import Hex, Production
from aa_ref.games.blocks_in_the_west.views import view
from tests.conformance.bitw_runner import load_scenario

SCENARIO = load_scenario("_advanced-scenario.yaml")


def test_factories_are_red_blue_white_and_hydrogenation_plants() -> None:
    """AR 11.2 [BW L1730-L1750]: an oil well's black is a centre (AR 11.1 [BW L1728]), a hydrogenation plant's a
    factory; yellow is never a factory."""
    well = Hex(at=[0, 0], production=Production(yellow=2, black=2))
    plant = Hex(at=[0, 0], production=Production(black=2), hydrogenation=True)
    works = Hex(at=[0, 0], production=Production(yellow=1, red=2, blue=1, white=1))
    assert resources.factory_colours(well) == []
    assert resources.factory_colours(plant) == ["black"]
    assert resources.factory_colours(works) == ["red", "blue", "white"]
    assert resources.factory_colours(SCENARIO.hexes["H62"]) == ["black"]  # Berlin, the fixture's plant


def test_the_exploiting_powers() -> None:
    """[BW L2137], [BW L1760]: the Axis's captured centres go to Germany; the Allies' to the USSR when it is a power
    of the scenario, else to nobody."""
    assert resources.exploiter(SCENARIO, "axis") == "germany"
    assert resources.exploiter(SCENARIO, "allies") is None
    with_ussr = SCENARIO.model_copy(update={"powers": {**SCENARIO.powers, "ussr": SCENARIO.powers["britain"]}})
    assert resources.exploiter(with_ussr, "allies") == "ussr"
    axis_ussr = SCENARIO.model_copy(update={"powers": {**SCENARIO.powers, "ussr": SCENARIO.powers["germany"]}})
    assert resources.exploiter(axis_ussr, "allies") is None


def _game():
    return Bitw().new_game(SCENARIO, None, {"advanced_production": "on", "captured_resources": "on"}, "seed",
                           "x.log.yaml")


def test_a_destroyed_factory_produces_nothing_but_the_hex_keeps_its_yellow() -> None:
    game = _game()
    assert resources.output(game, SCENARIO, "H12", "red") == 1
    apply_event(game, FactoriesDestroyed(hex="H12", colours=["red"]))
    assert game.destroyed_factories == {"H12": ["red"]}
    assert resources.output(game, SCENARIO, "H12", "red") == 0
    assert resources.output(game, SCENARIO, "H12", "yellow") == 3


def test_destroyed_factories_are_in_both_sides_views() -> None:
    """The map's state, public like control: each side sees which factories are gone."""
    game = _game()
    apply_event(game, FactoriesDestroyed(hex="H52", colours=["red"]))
    for side in ("axis", "allies"):
        assert view(SCENARIO, game, side).destroyed_factories == {"H52": ["red"]}
