"""Properties of the odds solvers (issue 22): the chain by target class is the chain on hit counts wherever both
apply, retreat policies and low luck included; the plain-Python and numpy forms of the exact chain agree."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aa_ref.core.setups import load_setup
from aa_ref.features.odds import classes, exact
from aa_ref.features.odds.battle import BattleSpec

ANNIVERSARY = load_setup("anniversary-1941")

fleet = st.dictionaries(st.sampled_from(["battleship", "cruiser", "destroyer", "submarine", "transport", "carrier"]),
                        st.integers(min_value=1, max_value=3), min_size=1, max_size=3)
army = st.dictionaries(st.sampled_from(["infantry", "artillery", "tank", "fighter", "bomber"]),
                       st.integers(min_value=1, max_value=5), min_size=1, max_size=3)
policy = st.fixed_dictionaries({}, optional={
    "retreat_below": st.integers(min_value=1, max_value=5), "retreat_after": st.integers(min_value=1, max_value=3),
    "retreat_chance": st.sampled_from([0.2, 0.5]), "low_luck": st.booleans()})


def _same(one, other, tolerance: float) -> None:
    for name in ("attacker_win", "defender_win", "draw", "rounds"):
        assert getattr(other, name) == pytest.approx(getattr(one, name), abs=tolerance), name
    for how in ("retreat", "stalemate"):
        assert other.probability(how) == pytest.approx(one.probability(how), abs=tolerance), how
    assert other.lost("attacker")[0] == pytest.approx(one.lost("attacker")[0], abs=1e3 * tolerance)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(attacker=fleet, defender=fleet, kw=policy)
def test_the_class_chain_is_the_one_number_chain_at_sea(attacker, defender, kw):
    if not any(n for u, n in attacker.items() if u != "transport"):
        attacker = {**attacker, "cruiser": 1}  # transports never attack alone [L971]
    battle = BattleSpec(ANNIVERSARY, attacker, defender, True, **kw)
    _same(exact.solve(battle), classes.solve(battle), 1e-9)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(attacker=army, defender=army, aa=st.booleans(), kw=policy)
def test_lists_and_arrays_give_one_law(attacker, defender, aa, kw, monkeypatch_module):
    battle = BattleSpec(ANNIVERSARY, attacker, {**defender, **({"aa_gun": 1} if aa else {})}, False, **kw)
    monkeypatch_module.setattr(exact, "ROWS_FROM", 10**9)
    monkeypatch_module.setattr(exact, "ROWS_WITH_IMPORT_FROM", 10**9)
    lists = exact.solve(battle)
    monkeypatch_module.setattr(exact, "ROWS_FROM", 0)
    monkeypatch_module.setattr(exact, "ROWS_WITH_IMPORT_FROM", 0)
    arrays = exact.solve(battle)  # numpy arrays, and the row solver where the chain is plain
    _same(lists, arrays, 1e-9)


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch
