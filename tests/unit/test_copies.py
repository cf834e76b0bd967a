"""The speed helpers of the core: core/copies.deep_copy (the same value as pydantic's deep copy, sharing nothing with
the original), Context.as_it_stands and core/heap.sparing_the_heap."""

from __future__ import annotations

from pathlib import Path

from aa_ref.core import session
from aa_ref.core.copies import deep_copy

ROUND_1 = sorted((Path(__file__).resolve().parents[2] / "examples" / "aa1941" / "round-1").glob("*.yaml"))


def _shares(a: object, b: object, seen: set[int] | None = None) -> bool:
    """Whether two trees of models, dicts and lists have a mutable object in common."""
    if isinstance(a, (str, int, float, bool, type(None))):
        return False
    if a is b:
        return True
    if isinstance(a, dict):
        return any(_shares(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return any(_shares(x, y) for x, y in zip(a, b))
    if hasattr(a, "__dict__"):
        return _shares(a.__dict__, b.__dict__)
    return False


def test_a_game_in_play_copies_whole_and_apart(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    session.new_game("aa1941", path, seed="copies")
    session.apply_orders(path, ROUND_1[:7], in_place=True)  # Germany's battles pending, marks set
    game = session.load_game(path).game
    copy = deep_copy(game)
    assert copy == game == game.model_copy(deep=True)
    assert copy.model_dump(mode="json") == game.model_dump(mode="json")
    assert copy.model_fields_set == game.model_fields_set
    assert not _shares(copy, game)
    space = next(s for s in copy.spaces.values() if s.forces)
    space.forces[0].units["infantry"] = 99
    copy.turn.battles.clear()
    assert copy != game and game == session.load_game(path).game


def test_plain_values_and_other_objects() -> None:
    data = {"a": [1, {"b": (2, [3])}], "c": {4, 5}}
    copied = deep_copy(data)
    assert copied == data and copied["a"][1] is not data["a"][1] and copied["c"] is not data["c"]
    assert copied["a"][1]["b"][1] is not data["a"][1]["b"][1]


def test_the_game_as_it_stands_is_one_copy_until_the_next_event(tmp_path: Path) -> None:
    from aa_ref.core.dice import SeededDice
    from aa_ref.core.engine import Context

    path = tmp_path / "g.yaml"
    session.new_game("aa1941", path, seed="copies")
    loaded = session.load_game(path)
    ctx = Context(loaded.setup, loaded.game, SeededDice("s"), apply=loaded.ruleset.apply_event)
    before = ctx.as_it_stands()
    assert before == ctx.game and before is not ctx.game and not _shares(before, ctx.game)
    assert ctx.as_it_stands() is before
    ctx.roll("r1/USSR/x", 2)
    after = ctx.as_it_stands()
    assert after is not before and after == ctx.game


def test_sparing_the_heap_puts_every_object_back() -> None:
    import gc

    from aa_ref.core.heap import sparing_the_heap

    assert gc.get_freeze_count() == 0
    with sparing_the_heap():
        frozen = gc.get_freeze_count()
        assert frozen > 0
        with sparing_the_heap():  # nested: the outer block keeps them
            assert gc.get_freeze_count() == frozen
        assert gc.get_freeze_count() == frozen
    assert gc.get_freeze_count() == 0


def test_no_rule_changes_the_game_as_it_stands(tmp_path: Path, monkeypatch) -> None:
    """The readers of one shared copy (Global 1940's move phases: the submarines' passages, then the moves) only
    read it: a whole round of Global 1940 and of 1941 leaves every copy as it was made."""
    from aa_ref.core.engine import Context

    made: list[tuple[object, dict]] = []
    shared = Context.as_it_stands

    def watched(self: Context) -> object:
        fresh = self._before is None
        copy = shared(self)
        if fresh:
            made.append((copy, copy.model_dump(mode="json")))
        return copy

    monkeypatch.setattr(Context, "as_it_stands", watched)
    examples = Path(__file__).resolve().parents[2] / "examples"
    for scenario, seed, options in (("global1940", "global1940", {"research": "off"}), ("aa1941", "example", None)):
        path = tmp_path / f"{scenario}.yaml"
        session.new_game(scenario, path, seed=seed, options=options)
        session.apply_orders(path, sorted((examples / scenario / "round-1").glob("*.yaml")), in_place=True)
    assert len(made) > 10
    assert all(copy.model_dump(mode="json") == dump for copy, dump in made)
