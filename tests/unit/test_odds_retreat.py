"""Retreat policies as the referee applies them at the end of a round [L613-L643], [@86454]: Condition A
first (a side gone, undefended transports destroyed with it), then the attacker's retreat (Condition B),
which is decided after a round has been fought and counts units, not hits."""

from __future__ import annotations

import math

import pytest

from aa_ref.core.setups import load_setup
from aa_ref.features.odds.battle import BattleSpec, parse_units
from aa_ref.features.odds.exact import solve
from aa_ref.features.odds.montecarlo import simulate

ANNIVERSARY = load_setup("anniversary-1941")


def spec(attacker: str, defender: str, **kw) -> BattleSpec:
    return BattleSpec(ANNIVERSARY, parse_units(ANNIVERSARY, attacker, "a"), parse_units(ANNIVERSARY, defender, "d"),
                      **{"at_sea": False, **kw})


def test_undefended_transports_sink_before_the_attacker_retreats_by_hand():
    """2 cruisers (attack 3) v 1 destroyer (defence 2) and 1 transport, retreat below 2 units. A round
    with an attacking hit kills the destroyer and leaves the transport alone: it is destroyed at once
    (Condition A [L625-L627]) even if a cruiser was lost in the same round, before any retreat
    (Condition B). A round with no attacking hit and a defending hit leaves 1 cruiser: retreat.
    P(win) = P(h >= 1) / (P(h >= 1) + P(h = 0, k = 1)) = (3/4) / (3/4 + 1/12) = 0.9."""
    battle = spec("2 cruiser", "1 destroyer, 1 transport", at_sea=True, retreat_below=2)
    exact = solve(battle)
    assert exact.attacker_win == pytest.approx(0.9)
    assert exact.probability("retreat") == pytest.approx(0.1)
    mc = simulate(battle, 20_000, "order")
    assert abs(mc.attacker_win - 0.9) <= 3 * math.sqrt(0.09 / 20_000)


@pytest.mark.parametrize("attacker, defender, kw", [
    ("2 infantry, 1 tank", "3 infantry", {"retreat_below": 4}),
    ("1 battleship, 1 cruiser", "2 destroyer, 1 cruiser", {"at_sea": True, "retreat_below": 3}),  # 2 units, 3 hits
])
def test_too_few_from_the_start_fight_one_round_then_retreat(attacker, defender, kw):
    """The referee decides a retreat at the end of a round [L631]: an attacker already below the
    threshold fights the first round, then retreats, as with `--retreat-after 1`. A battleship
    undamaged or damaged is one unit."""
    other = {k: v for k, v in kw.items() if k != "retreat_below"}
    below, after = solve(spec(attacker, defender, **kw)), solve(spec(attacker, defender, retreat_after=1, **other))
    for name in ("attacker_win", "defender_win", "draw", "rounds"):
        assert getattr(below, name) == pytest.approx(getattr(after, name), abs=1e-12), name
    assert below.rounds == pytest.approx(1)
    mc = simulate(spec(attacker, defender, **kw), 20_000, "few")
    assert mc.rounds == pytest.approx(1)
    p = after.attacker_win
    assert abs(mc.attacker_win - p) <= 3 * math.sqrt(max(p * (1 - p), 1e-6) / 20_000) + 1e-9


@pytest.mark.slow
def test_retreat_below_at_sea_agrees_with_the_referees_engine():
    """Issue 22's disagreement: 3 submarines 2 cruisers v 2 submarines 1 destroyer 1 cruiser 1
    transport, retreat below 3. The chain retreated before sinking the lone transport (attacker won
    0.622); the referee sinks it first, by the rulebook's order (0.709 exact now)."""
    from aa_ref.features.odds import referee

    battle = spec("3 submarine, 2 cruiser", "2 submarine, 1 destroyer, 1 cruiser, 1 transport", at_sea=True,
                  retreat_below=3)
    exact, fought = solve(battle), referee.simulate(battle, 1500, "retreat-below")
    assert exact.attacker_win == pytest.approx(0.7094, abs=5e-4)
    for name in ("attacker_win", "defender_win", "draw"):
        p = getattr(exact, name)
        assert abs(getattr(fought, name) - p) <= 3 * math.sqrt(max(p * (1 - p), 1e-4) / 1500), name
    assert abs(exact.probability("retreat") - fought.probability("retreat")) <= 3 * math.sqrt(0.25 / 1500)
