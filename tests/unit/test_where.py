"""`where` never disagrees with `check` (issue 20): for random movable groups in the shipped A&A games' start positions,
in the Combat Move and the Noncombat Move, every destination `where` lists is accepted by the ruleset's check as a
one-move orders document, and the neighbours within range it leaves out are refused."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from aa_ref.core import session
from aa_ref.core.documents import parse_model
from aa_ref.core.engine import OrdersInput
from aa_ref.core.names import NameIndex, parse_counts
from aa_ref.core.yamlio import dump_yaml, parse_yaml
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.reach import free_units, reach

GAMES = ["aa1941", "anniversary-1941", "anniversary-1942", "global1940"]


def _orders(game, power: str, move: dict) -> OrdersInput:
    """A one-move orders document, as text and back (what `aa-ref check` reads)."""
    data = {"kind": "orders", "schema_version": 1, "round": game.round, "power": power, "phase": game.phase,
            "moves": [move]}
    text = dump_yaml(data)
    doc = parse_yaml(text, "one-move.yaml")
    return OrdersInput(doc, parse_model(doc, "orders"))


def _to_phase(path: Path, phase: str) -> session.LoadedGame:
    """Apply unchanged templates (passes) until the game stands in `phase`."""
    for _ in range(6):
        loaded = session.load_game(path)
        if loaded.game.phase == phase:
            return loaded
        (path.parent / "pass.yaml").write_text(loaded.ruleset.template(loaded.setup, loaded.game))
        session.apply_orders(path, [path.parent / "pass.yaml"], in_place=True)
    raise AssertionError(f"never reached {phase}")


@pytest.mark.parametrize("scenario", GAMES)
@pytest.mark.parametrize("phase", ["combat_move", "noncombat_move"])
def test_where_agrees_with_check(tmp_path: Path, scenario: str, phase: str) -> None:
    path = tmp_path / "game.yaml"
    session.new_game(scenario, path, seed="where")
    loaded = _to_phase(path, phase)
    setup, game, ruleset = loaded.setup, loaded.game, loaded.ruleset
    board = Board(setup, game)
    power = game.power
    rng = random.Random(f"{scenario}/{phase}")
    singles = [(s, {u: 1}) for s in sorted(game.spaces) for u in free_units(board, s, power, phase)]
    mixed = [(s, {u: 1 for u in free}) for s in sorted(game.spaces)
             if len(free := free_units(board, s, power, phase)) > 1]
    assert singles
    for space, units in rng.sample(singles, min(6, len(singles))) + rng.sample(mixed, min(2, len(mixed))):
        found = reach(board, ruleset.check, power, space, units, phase).destinations
        listed = {d.space for d in found}
        for d in found:
            move = {"units": units, "from": space, "to": d.space}
            if len(d.path) > 2:
                move["via"] = d.path[1:-1]
            problems = ruleset.check(setup, game, _orders(game, power, move))
            assert not problems, f"{scenario} {phase}: where lists {units} {space} -> {d.space}, check refuses: {problems}"
            assert d.cost == len(d.path) - 1 >= 1
        for neighbour in board.adjacency[space]:
            if neighbour in listed:
                continue
            problems = ruleset.check(setup, game, _orders(game, power, {"units": units, "from": space,
                                                                        "to": neighbour}))
            assert problems, f"{scenario} {phase}: where leaves out {units} {space} -> {neighbour}, check accepts it"


def test_parse_counts_reads_counts_plurals_and_any_case() -> None:
    index = NameIndex("unit type", ["infantry", "tank"], {"tank": ["tanks"], "infantry": ["infantries"]})
    assert parse_counts(["2 infantry, Tank", "TANKS"], index) == {"infantry": 2, "tank": 2}
    with pytest.raises(ValueError, match="did you mean 'infantry'"):
        parse_counts(["2 infantri"], index)
    with pytest.raises(ValueError, match="no units"):
        parse_counts([" , "], index)


def test_a_fighter_in_the_combat_move_shows_where_it_could_land(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    session.new_game("aa1941", path, seed="where")
    loaded = _to_phase(path, "combat_move")
    board = Board(loaded.setup, loaded.game)
    found = reach(board, loaded.ruleset.check, "USSR", "Russia", {"fighter": 1}, "combat_move").destinations
    west = next(d for d in found if d.space == "West Russia")
    assert west.cost == 1 and "Russia" in west.landings
    assert all(d.landings for d in found)  # every listed attack has a landing in reach [L406-L408]


def test_the_template_lists_destinations_and_still_passes(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    session.new_game("aa1941", path, seed="where")
    loaded = _to_phase(path, "combat_move")
    text = loaded.ruleset.template(loaded.setup, loaded.game)
    assert "#     infantry can go to West Russia 1" in text
    (tmp_path / "t.yaml").write_text(text)
    session.apply_orders(path, [tmp_path / "t.yaml"], dry_run=True)
