"""Global 1940 politics and neutrals: what the conformance cases (100-199) do not show."""

from __future__ import annotations

from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.global1940.ruleset import Global1940
from aa_ref.games.axis_allies.model.events import Alignment, DeclareWar, PoliticalMark, fold, load_events
from aa_ref.core.events import dump_events
from aa_ref.features.reports.render import show_text
from aa_ref.core.session import ruleset_for
from aa_ref.core.setups import load_setup
from aa_ref.games.axis_allies.model.state import Declaration
from tests.conformance.runner import build_state


def _global():
    setup = load_setup("global1940")
    game = Global1940().new_game(setup, None, {}, "seed", "log.yaml")
    return setup, game


def test_political_events_round_trip_through_the_log():
    setup, game = _global()
    events = [DeclareWar(declaration=Declaration(by="Japan", on="UK", round=1), pairs=[["Japan", "UK"], ["ANZAC", "Japan"]]),
              Alignment(space="Sweden", alignment="pro_allies"), PoliticalMark(mark="London captured")]
    again = load_events(dump_events(events))
    assert again == events
    after = fold(game, again)
    assert after.is_at_war("UK", "Japan") and after.is_at_war("Japan", "ANZAC")
    assert after.declarations[0].by == "Japan" and not after.declarations[0].provoked
    assert Board(setup, after).neutral_alignment("Sweden") == "pro_allies"
    assert after.political_marks == ["London captured"]


def test_show_reports_the_war_matrix_declarations_and_neutrals():
    setup, game = _global()
    game = fold(game, [DeclareWar(declaration=Declaration(by="Germany", on="USSR", round=1), pairs=[["Germany", "USSR"]])])
    text = show_text(setup, game, Global1940())
    assert "at war with" in text
    line = next(l for l in text.splitlines() if l.startswith("Germany ") and "ANZAC" in l)
    assert "USSR" in line and "UK" in line and "France" in line
    assert any(l.split() == ["USA", "nobody"] for l in text.splitlines())
    assert "declarations of war: round 1: Germany on USSR (unprovoked)" in text
    assert "strict 28 (" in text and "pro-axis 3 (Bulgaria, Finland, Iraq)" in text


def test_status_keeps_the_at_war_pairs():
    setup, game = _global()
    status = Global1940().game_status(Board(setup, game))
    assert "China - Japan" in status["at_war"]
    assert status["wars"]["China"] == ["Japan"]


def test_the_other_editions_refuse_declarations_of_war():
    from aa_ref.core.documents import parse_model
    from aa_ref.core.engine import OrdersInput
    from aa_ref.core.yamlio import Document

    setup, ruleset, game = build_state({"setup": "anniversary-1941", "state": {"phase": "combat_move"}})
    data = {"kind": "orders", "schema_version": 1, "round": 1, "power": game.power, "phase": "combat_move",
            "declare_war": ["USSR"]}
    doc = Document("t", data, tree=data)
    given = OrdersInput(doc, parse_model(doc, "orders"))
    problems = ruleset_for(setup).check(setup, game, given)
    assert any("'declare_war' orders are not part of this game's rules" in p.message for p in problems)


def test_anniversary_neutrals_stay_closed():
    setup = load_setup("anniversary-1941")
    game = ruleset_for(setup).new_game(setup, None, {}, "seed", "log.yaml")
    board = Board(setup, game)
    neutral = next(n for n, s in setup.spaces.items() if s.neutral)
    assert board.is_neutral(neutral)
    assert board.neutral_alignment(neutral) is None
    assert not board.is_hostile_territory(neutral, setup.turn_order[0])
