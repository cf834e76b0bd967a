"""Global 1940 combat additions, unit by unit: support with `also`, the raid helpers, the base
damage event. The rules themselves are in tests/conformance/global1940/300-359."""

from __future__ import annotations

import pytest

from aa_ref.games.axis_allies.rules import raids
from aa_ref.games.axis_allies.rules.aa_fire import only_guns, take_losses
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.firepower import fire_groups, supported
from aa_ref.core.events import EventError
from aa_ref.games.axis_allies.model.events import InstallationDamage, apply_event
from aa_ref.core.session import ruleset_for
from aa_ref.core.setups import load_setup
@pytest.fixture(scope="module")
def setup():
    return load_setup("global1940")


@pytest.fixture()
def board(setup):
    game = ruleset_for(setup).new_game(setup, None, {}, "seed", "g.log.yaml")
    return Board(setup, game)


def test_artillery_raises_infantry_first_then_mech(setup) -> None:
    """[L1280], [L768]: one unit per artillery, infantry before mechanized infantry."""
    units = {"infantry": 1, "mech_infantry": 2, "artillery": 2}
    assert supported(units, setup.unit_types, False) == {"infantry": (2, 1), "mech_infantry": (2, 1)}


def test_artillery_never_raises_more_than_attack(setup) -> None:
    assert supported({"mech_infantry": 1, "artillery": 3}, setup.unit_types, False) == {"mech_infantry": (2, 1)}


def test_fighter_and_tank_each_raise_one_tactical_bomber(setup) -> None:
    """[L1407], [L1411]: two supporters, two tactical bombers at 4, the third at 3."""
    groups = fire_groups({"fighter": 1, "tank": 1, "tactical_bomber": 3}, setup.unit_types, attacking=True)
    raised = [(g.unit, g.value, g.count) for g in groups if g.unit == "tactical_bomber"]
    assert raised == [("tactical_bomber", 3, 1), ("tactical_bomber", 4, 2)]


def test_no_support_when_defending(setup) -> None:
    groups = fire_groups({"fighter": 1, "tactical_bomber": 1}, setup.unit_types, attacking=False)
    assert {(g.unit, g.value) for g in groups} == {("fighter", 4), ("tactical_bomber", 3)}


def test_losses_follow_the_order_then_cost(board) -> None:
    planes = {"bomber": 1, "fighter": 1, "tactical_bomber": 1}
    assert take_losses(board, planes, 2, None) == {"fighter": 1, "tactical_bomber": 1}
    assert take_losses(board, planes, 2, ["bomber"]) == {"bomber": 1, "fighter": 1}


def test_only_guns(board) -> None:
    assert only_guns(board, {"aa_gun": 2})
    assert not only_guns(board, {"aa_gun": 1, "infantry": 1})
    assert not only_guns(board, {})


def test_installations_and_default_targets(board) -> None:
    assert raids.installation_raids(board)
    assert raids.installations(board, "United Kingdom") == ["major_industrial_complex", "air_base", "naval_base"]
    assert raids.targets_for(board, "United Kingdom", "tactical_bomber") == ["air_base", "naval_base"]
    assert raids.targets_for(board, "Germany", "tactical_bomber") == []
    assert raids.target_name(board, "Scotland", "air_base") == "air_base"
    assert raids.target_name(board, "Scotland", "naval_base") is None
    assigned = raids.assign(board, "United Kingdom", {"bomber": 2, "tactical_bomber": 1},
                            {"naval_base": {"bomber": 1}})
    assert assigned == {"major_industrial_complex": {"bomber": 1}, "air_base": {"tactical_bomber": 1},
                        "naval_base": {"bomber": 1}}


def test_installation_damage_event(board) -> None:
    game = board.game
    apply_event(game, InstallationDamage(space="Scotland", installation="air_base", delta=4))
    assert game.spaces["Scotland"].installations == {"air_base": 4}
    assert raids.installation_damage(Board(board.setup, game), "Scotland", "air_base") == 4
    apply_event(game, InstallationDamage(space="Scotland", installation="air_base", delta=-4))
    assert game.spaces["Scotland"].installations == {"air_base": 0}
    with pytest.raises(EventError):
        apply_event(game, InstallationDamage(space="Scotland", installation="air_base", delta=-1))


def test_anniversary_has_no_installation_raids() -> None:
    setup = load_setup("anniversary-1941")
    game = ruleset_for(setup).new_game(setup, None, {}, "seed", "g.log.yaml")
    assert not raids.installation_raids(Board(setup, game))
