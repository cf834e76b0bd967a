"""Global 1940 installations: the state they start in, when they work, their limits and damage
caps, and that events alone reproduce every change [G40 L1173-L1248]."""

from __future__ import annotations

from aa_ref.games.axis_allies.rules import installations
from aa_ref.games.axis_allies.rules.bases import movement_bonus
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.core.dice import RecordedDice
from aa_ref.games.axis_allies.rules.context import Context
from aa_ref.games.axis_allies.model.events import SetInstallation, fold
from aa_ref.core.session import ruleset_for
from aa_ref.core.setups import load_setup
def _game():
    setup = load_setup("global1940")
    return setup, ruleset_for(setup).new_game(setup, None, {}, "seed", "g.log.yaml")


def test_new_game_holds_the_setup_installations_undamaged():
    setup, game = _game()
    listed = {n: sorted(s.installations) for n, s in setup.spaces.items() if s.installations}
    held = {n: sorted(s.installations) for n, s in game.spaces.items() if s.installations}
    assert held == listed
    assert all(d == 0 for s in game.spaces.values() for d in s.installations.values())
    assert game.powers["Japan"].kamikaze == 6  # [G40 L781]


def test_bases_stop_working_at_three_damage_markers():
    setup, game = _game()
    board = Board(setup, game)
    assert installations.operational(board, "Western Germany", installations.AIR_BASE, "Germany")
    assert installations.operational(board, "Western Germany", installations.AIR_BASE, "Italy")  # an ally's
    assert not installations.operational(board, "Western Germany", installations.AIR_BASE, "UK")
    game.spaces["Western Germany"].installations["air_base"] = 2
    assert movement_bonus(Board(setup, game), "Germany", "fighter", "Western Germany") == 1
    game.spaces["Western Germany"].installations["air_base"] = 3
    assert movement_bonus(Board(setup, game), "Germany", "fighter", "Western Germany") == 0
    assert movement_bonus(Board(setup, game), "Germany", "infantry", "Western Germany") == 0


def test_complex_limits_with_damage_and_increased_factory_production():
    setup, game = _game()
    assert installations.factory_places(Board(setup, game), "Germany", "Germany") == 10
    assert installations.factory_places(Board(setup, game), "Italy", "Southern Italy") == 3
    game.powers["Germany"].technologies = ["increased_factory_production"]
    game.spaces["Germany"].installations["major_industrial_complex"] = 5
    assert installations.factory_places(Board(setup, game), "Germany", "Germany") == 7  # 12 - 5 [G40 L1832]
    game.spaces["Germany"].installations["major_industrial_complex"] = 20
    assert installations.factory_places(Board(setup, game), "Germany", "Germany") == 0
    assert installations.factory_places(Board(setup, game), "Germany", "Poland") is None


def test_damage_never_exceeds_the_installations_most():
    setup, game = _game()
    ctx = Context(setup, game.model_copy(deep=True), RecordedDice([], "none"))
    assert installations.add_damage(ctx, "Western Germany", "air_base", 4, "raid") == 4
    assert installations.add_damage(ctx, "Western Germany", "air_base", 4, "raid") == 2  # 6 at most [G40 L1187]
    assert installations.add_damage(ctx, "Western Germany", "major_industrial_complex", 25, "raid") == 20
    assert ctx.game.spaces["Western Germany"].installations == {
        "air_base": 6, "major_industrial_complex": 20, "naval_base": 0}
    assert fold(game, ctx.events).model_dump() == ctx.game.model_dump()


def test_set_installation_builds_and_removes():
    setup, game = _game()
    new = fold(game, [SetInstallation(space="Poland", installation="minor_industrial_complex", damage=0)])
    assert new.spaces["Poland"].installations == {"minor_industrial_complex": 0}
    gone = fold(new, [SetInstallation(space="Poland", installation="minor_industrial_complex", damage=None)])
    assert gone.spaces["Poland"].installations == {}


def test_the_us_complexes_become_major_free_when_the_us_enters_the_war():
    setup, game = _game()
    ctx = Context(setup, game.model_copy(deep=True), RecordedDice([], "none"))
    installations.free_us_upgrades(ctx)
    for space in installations.US_FREE_UPGRADES:
        assert "major_industrial_complex" in ctx.game.spaces[space].installations  # [G40 L1642]
        assert "minor_industrial_complex" not in ctx.game.spaces[space].installations
    assert fold(game, ctx.events).model_dump() == ctx.game.model_dump()


def test_a_defending_tactical_bomber_without_a_carrier_is_stranded_like_a_fighter():
    from aa_ref.games.axis_allies.rules.stranded import resolve_stranded
    from aa_ref.games.axis_allies.model.state import Force, SpaceState

    setup, game = _game()
    game.power = "UK"
    game.spaces["SZ 112"] = SpaceState(forces=[Force(power="Germany", units={"tactical_bomber": 1, "fighter": 1})])
    ctx = Context(setup, game.model_copy(deep=True), RecordedDice([], "none"))
    decision = resolve_stranded(ctx)  # [G40 L1504]: one space to a friendly territory or carrier
    assert decision is not None and decision.kind == "landing" and decision.hits == 2
