"""Anniversary combat additions: artillery support, AA fire values, bombardment choice, damage cap."""

from __future__ import annotations

from aa_ref.games.axis_allies.rules import bombard
from aa_ref.games.axis_allies.rules.aa_fire import aa_value, firing_gun
from aa_ref.games.axis_allies.anniversary.ruleset import Anniversary
from aa_ref.games.axis_allies.rules.battle import ATTACKER, DEFENDER, Fight
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.bombing import add_damage, rocket_targets
from aa_ref.core.dice import RecordedDice
from aa_ref.games.axis_allies.rules.context import Context
from aa_ref.core.setups import load_setup
from aa_ref.games.axis_allies.model.state import Battle, Force, Game, SpaceState

SETUP = load_setup("anniversary-1941")
TARGET = "Karelia S.S.R."


def new_game(*techs: tuple[str, str]) -> Game:
    game = Anniversary().new_game(SETUP, None, {}, "seed", "x.log.yaml")
    game.power, game.phase = "Germany", "conduct_combat"
    for state in game.spaces.values():
        state.forces = []
    for power, tech in techs:
        game.powers[power].technologies.append(tech)
    return game


def place(game: Game, space: str, *forces: Force) -> None:
    game.spaces.setdefault(space, SpaceState()).forces = [f.model_copy(deep=True) for f in forces]


def fight(game: Game, **battle) -> Fight:
    return Fight(Board(SETUP, game), Battle(space=TARGET, attacker="Germany", kind="land", **battle))


def test_artillery_raises_infantry_one_for_one_on_attack_only() -> None:
    game = new_game()
    place(game, TARGET, Force(power="Germany", units={"infantry": 5, "artillery": 2}),
          Force(power="USSR", units={"infantry": 2, "artillery": 2}))
    f = fight(game)
    attack = {(g.value, g.unit): g.count for g in f._groups(ATTACKER, f.units(ATTACKER))}
    assert attack == {(1, "infantry"): 3, (2, "infantry"): 2, (2, "artillery"): 2}
    defence = {(g.value, g.unit): g.count for g in f._groups(DEFENDER, f.units(DEFENDER))}
    assert defence == {(2, "infantry"): 2, (2, "artillery"): 2}


def test_advanced_artillery_supports_two_and_heavy_bombers_roll_two() -> None:
    game = new_game(("Germany", "advanced_artillery"), ("Germany", "heavy_bombers"))
    place(game, TARGET, Force(power="Germany", units={"infantry": 5, "artillery": 2, "bomber": 1}),
          Force(power="USSR", units={"infantry": 1}))
    f = fight(game)
    groups = {(g.value, g.unit): (g.count, g.dice) for g in f._groups(ATTACKER, f.units(ATTACKER))}
    assert groups[(2, "infantry")] == (4, 1) and groups[(1, "infantry")] == (1, 1)
    assert groups[(4, "bomber")] == (1, 2)


def test_aa_guns_never_fight_and_the_best_one_fires() -> None:
    game = new_game(("UK", "radar"))
    place(game, TARGET, Force(power="USSR", units={"aa_gun": 1}), Force(power="UK", units={"aa_gun": 1}),
          Force(power="Germany", units={"infantry": 1}))
    board = Board(SETUP, game)
    assert fight(game).units(DEFENDER) == {}
    assert aa_value(board, "USSR", "aa_gun") == 1 and aa_value(board, "UK", "aa_gun") == 2
    assert firing_gun(board, TARGET, "Germany") == ("UK", "aa_gun", 2)


def test_bombardment_best_ships_first_up_to_the_cap() -> None:
    game = new_game()
    place(game, "SZ 5", Force(power="Germany", units={"cruiser": 2, "battleship": 1, "destroyer": 1}, combat=True))
    battle = Battle(space=TARGET, attacker="Germany", kind="land", amphibious_from=["SZ 5"])
    board = Board(SETUP, game)
    assert bombard.eligible(board, battle) == {"SZ 5": {"cruiser": 2, "battleship": 1}}
    assert bombard.choose(board, battle, 2) == {"SZ 5": {"battleship": 1, "cruiser": 1}}
    named = battle.model_copy(update={"bombard": {"cruiser": 2}})
    assert bombard.choose(board, named, 1) == {"SZ 5": {"cruiser": 1}}


def test_damage_never_exceeds_twice_the_value() -> None:
    game = new_game()
    game.spaces[TARGET].damage = 3
    ctx = Context(SETUP, game, RecordedDice([], "none"))
    add_damage(ctx, TARGET, 6, "test")
    assert game.spaces[TARGET].damage == 2 * SETUP.spaces[TARGET].value


def test_rocket_range_never_crosses_a_neutral() -> None:
    game = new_game()
    board = Board(SETUP, game)
    assert "Russia" in rocket_targets(board, "Germany", "Poland")
    assert "Russia" not in rocket_targets(board, "Germany", "Germany")
