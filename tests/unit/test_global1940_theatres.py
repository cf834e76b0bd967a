"""Global 1940's two maps: which spaces the USSR at war in one theatre is free in [G40 L325]
(ruling P6), and the victory-city groups agree with the maps [G40 L297]."""

from __future__ import annotations

from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.global1940.ruleset import Global1940
from aa_ref.games.axis_allies.rules.theatres import at_war_on, maps_at_war, not_at_war_why
from aa_ref.games.axis_allies.model.events import DeclareWar, fold
from aa_ref.core.setups import load_setup
from aa_ref.games.axis_allies.model.state import Declaration


def _board(*wars: tuple[str, str]) -> Board:
    setup = load_setup("global1940")
    game = Global1940().new_game(setup, None, {}, "seed", "log.yaml")
    events = [DeclareWar(declaration=Declaration(by=a, on=b, round=1), pairs=[sorted((a, b))]) for a, b in wars]
    return Board(setup, fold(game, events))


def test_the_ussr_is_at_war_on_the_map_of_its_enemy():
    board = _board(("Germany", "USSR"))
    assert maps_at_war(board, "USSR") == {"europe"}
    assert at_war_on(board, "USSR", "Scotland") and at_war_on(board, "USSR", "SZ 127")
    assert not at_war_on(board, "USSR", "Burma") and not at_war_on(board, "USSR", "SZ 5")
    assert at_war_on(board, "USSR", "India") and at_war_on(board, "USSR", "Kazakhstan")  # border: both maps
    assert at_war_on(board, "USSR")  # no space: at war with anyone
    assert "at war only with Germany" in not_at_war_why(board, "USSR", "Burma")
    board = _board(("Japan", "USSR"))
    assert maps_at_war(board, "USSR") == {"pacific"}
    assert at_war_on(board, "USSR", "Burma") and not at_war_on(board, "USSR", "Novgorod")
    board = _board(("Japan", "USSR"), ("Italy", "USSR"))
    assert at_war_on(board, "USSR", "Burma") and at_war_on(board, "USSR", "Novgorod")


def test_other_powers_are_at_war_everywhere_and_nobody_at_peace_anywhere():
    board = _board(("Japan", "USA"))
    assert at_war_on(board, "USA", "SZ 106") and at_war_on(board, "USA", "SZ 24")
    board = _board()
    assert not at_war_on(board, "USSR", "India") and not at_war_on(board, "USA", "SZ 24")
    assert not_at_war_why(board, "USSR", "India") == "USSR is at war with nobody"


def test_victory_city_groups_lie_on_their_maps():
    setup = load_setup("global1940")
    for group, own in (("Europe victory cities", "europe"), ("Pacific victory cities", "pacific")):
        for name in setup.groups[group]:
            assert setup.spaces[name].map in (own, "both"), name
    assert setup.spaces["India"].map == "both"  # Calcutta: a border territory, counted on the Pacific map
