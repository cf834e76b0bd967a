"""A phase entered move by move ends where the same phase given as one document ends (issue 20): random legal
moves (the autoplayer's), cut into random steps, in every edition; the same state after the end, and the same
events but the draft's clearing."""

from __future__ import annotations

import random
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aa_ref.core import session
from aa_ref.core.errors import AaRefError
from aa_ref.core.events import dump_events
from aa_ref.games.axis_allies.autoplay import as_input, next_orders
from aa_ref.games.axis_allies.model.events import SetDraft

SCENARIOS = ["aa1941", "anniversary-1941", "global1940"]


@lru_cache(maxsize=None)
def begun(scenario: str) -> session.LoadedGame:
    folder = Path(tempfile.mkdtemp(prefix="steps-"))
    session.new_game(scenario, folder / "g.yaml", seed="steps")
    return session.load_game(folder / "g.yaml")


def steps_of(orders: dict, cuts: list[int]) -> list[dict]:
    """The orders' moves cut into steps (`cuts`: how many moves each takes), then the end."""
    moves, out = list(orders.get("moves") or []), []
    head = {k: v for k, v in orders.items() if k not in ("moves", "ignore")}
    for n in cuts:
        if not moves:
            break
        out.append({**head, "step": True, "moves": moves[:max(1, n)]})
        moves = moves[max(1, n):]
    end = {**head, "end": True}
    if moves:
        end["moves"] = moves
    if orders.get("ignore"):
        end["ignore"] = orders["ignore"]
    return [*out, end]


@pytest.mark.parametrize("scenario", SCENARIOS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), cuts=st.lists(st.integers(1, 3), min_size=1, max_size=8))
def test_a_phase_entered_move_by_move_ends_as_one_document(scenario, seed, cuts):
    loaded = begun(scenario)
    setup, rules = loaded.setup, loaded.ruleset
    rng = random.Random(seed)
    one, log_one = loaded.game, loaded.log
    split, log_split = loaded.game, loaded.log
    for _ in range(12):
        if one.winner:
            break
        orders = next_orders(setup, rules, one, rng)
        try:
            one, log_one, events = session.adjudicate(setup, rules, one, log_one, as_input(orders), None)
        except AaRefError:  # the autoplayer found no legal orders here (a decision it cannot answer)
            break
        if orders.get("kind") == "orders" and orders["phase"] in ("combat_move", "noncombat_move"):
            for i, doc in enumerate(steps_of(orders, cuts)):
                split, log_split, got = session.adjudicate(setup, rules, split, log_split, as_input(doc, f"step {i}"),
                                                           None)
            assert got and (isinstance(got[0], SetDraft) or len(steps_of(orders, cuts)) == 1)
            assert dump_events([e for e in got if not isinstance(e, SetDraft)]) == dump_events(events)
        else:
            mine = {k: v for k, v in orders.items() if k != "based_on"}  # a template's: the one-document game's head
            split, log_split, _ = session.adjudicate(setup, rules, split, log_split, as_input(mine), None)
        assert split.draft is None
        assert session.bound_state(rules, split) == session.bound_state(rules, one)
