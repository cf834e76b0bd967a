"""The odds calculator: hand-computed cases, exact against Monte Carlo, policies, refusals."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aa_ref.features.odds.battle import BattleSpec, parse_units
from aa_ref.features.odds.exact import solve
from aa_ref.features.odds.montecarlo import simulate
from aa_ref.features.odds.run import compute
from aa_ref.features.odds.sides import OddsError
from aa_ref.core.setups import load_setup
AA1941 = load_setup("aa1941")
ANNIVERSARY = load_setup("anniversary-1941")


def spec(setup, attacker: str, defender: str, **kw) -> BattleSpec:
    return BattleSpec(setup, parse_units(setup, attacker, "a"), parse_units(setup, defender, "d"), **{"at_sea": False, **kw})


def test_one_infantry_against_one_by_hand():
    """Attack 1 against defence 2 [L551]: per round the attacker hits 1/6, the defender 2/6;
    the battle ends at the first round with a hit: P(win) = (1/6)(4/6) / (1 - (5/6)(4/6))."""
    result = solve(spec(AA1941, "1 infantry", "1 infantry"))
    q = 1 - (5 / 6) * (4 / 6)
    assert result.attacker_win == pytest.approx((1 / 6) * (4 / 6) / q)
    assert result.draw == pytest.approx((1 / 6) * (2 / 6) / q)
    assert result.defender_win == pytest.approx((5 / 6) * (2 / 6) / q)
    assert result.rounds == pytest.approx(1 / q)


def test_one_round_then_retreat_by_hand():
    result = solve(spec(AA1941, "1 infantry", "1 infantry", retreat_after=1))
    assert result.attacker_win == pytest.approx(4 / 36)
    assert result.draw == pytest.approx(2 / 36)
    assert result.probability("defender") == pytest.approx(10 / 36)
    assert result.probability("retreat") == pytest.approx(20 / 36)
    assert result.rounds == pytest.approx(1)


def test_artillery_raises_infantry_by_hand():
    """Anniversary [@110541]: 1 infantry + 1 artillery attack at 2 and 2 against 1 tank (defence 3);
    the tank's hit takes one of two attackers, so the attacker wins whenever it hits."""
    result = solve(spec(ANNIVERSARY, "1 infantry, 1 artillery", "1 tank", retreat_after=1))
    assert result.attacker_win == pytest.approx(1 - (4 / 6) ** 2)
    alone = solve(spec(ANNIVERSARY, "2 infantry", "1 tank", retreat_after=1))  # no artillery: both at 1
    assert alone.attacker_win == pytest.approx(1 - (5 / 6) ** 2)


def test_a_surprise_strike_falls_before_the_defence_fires_by_hand():
    """[L559-L577], [@131580]: a submarine against a lone carrier (no destroyer) strikes first, and a
    sunk carrier does not fire back; a destroyer cancels the strike, and both fire at once."""
    strike = solve(spec(AA1941, "1 submarine", "1 carrier", at_sea=True, retreat_after=1))
    assert strike.attacker_win == pytest.approx(2 / 6)
    assert strike.probability("defender") == pytest.approx((4 / 6) * (2 / 6))
    cancelled = solve(spec(AA1941, "1 submarine", "1 destroyer", at_sea=True, retreat_after=1))
    assert cancelled.attacker_win == pytest.approx((2 / 6) * (4 / 6))
    assert cancelled.draw == pytest.approx((2 / 6) * (2 / 6))


def test_low_luck_by_hand():
    """Low luck: 1 infantry and 1 tank attack with a total of 4, so one die hits on 4 or less."""
    result = solve(spec(AA1941, "1 infantry, 1 tank", "1 infantry", retreat_after=1, low_luck=True))
    assert result.attacker_win == pytest.approx(4 / 6)
    six = solve(spec(AA1941, "2 tank", "1 infantry", retreat_after=1, low_luck=True))
    assert six.attacker_win == pytest.approx(1)  # a total of 6 is one sure hit


def test_retreat_when_the_chance_falls_cuts_the_losses():
    """The attacker breaks off when its chance to win falls below the threshold; it wins less
    often, and loses less when it does not."""
    base = solve(spec(ANNIVERSARY, "6 infantry, 2 artillery, 2 tank", "8 infantry, 1 tank"))
    careful = solve(spec(ANNIVERSARY, "6 infantry, 2 artillery, 2 tank", "8 infantry, 1 tank", retreat_chance=0.5))
    assert careful.probability("retreat") > 0.1
    assert careful.attacker_win < base.attacker_win
    assert careful.lost("attacker")[0] < base.lost("attacker")[0]


def test_shore_bombardment_by_hand():
    """[@77405]-[@78253]: a battleship (4) bombards before 1 seaborne infantry lands; the defender
    it hits still fires in the first round. Seaborne units never retreat [@79940]."""
    battle = spec(ANNIVERSARY, "1 infantry", "1 infantry", bombard={"battleship": 1}, seaborne={"infantry": 1})
    bombarded = 4 / 6
    win_round_1 = bombarded * (4 / 6) + (1 - bombarded) * (1 / 6) * (4 / 6)
    assert solve(replace(battle, retreat_after=1)).probability("retreat") == 0  # they fight on
    assert solve(battle).attacker_win > win_round_1
    first = solve(replace(battle, seaborne={}, bombard={}, retreat_after=1))
    assert first.attacker_win == pytest.approx((1 / 6) * (4 / 6))


def test_bombardment_is_capped_by_the_landed_units():
    with pytest.raises(OddsError, match="at most one ship per land unit"):
        compute(spec(ANNIVERSARY, "2 infantry", "1 infantry", bombard={"battleship": 2}, seaborne={"infantry": 1}), None, "s")
    with pytest.raises(OddsError, match="cannot bombard"):
        compute(spec(ANNIVERSARY, "2 infantry", "1 infantry", bombard={"destroyer": 1}, seaborne={"infantry": 1}), None, "s")


def test_a_battleship_takes_two_hits():
    """[L903]: one bomber (attack 4) against a lone battleship (defence 4) cannot sink it in one round."""
    result = solve(spec(AA1941, "1 bomber", "1 battleship", at_sea=True, retreat_after=1))
    assert result.attacker_win == 0


def test_aa_fire_before_the_first_round_by_hand():
    """[@112707]: a lone fighter against an AA gun and one infantry is shot down on a 1 before it fires."""
    result = solve(spec(ANNIVERSARY, "1 fighter", "1 infantry, 1 aa_gun", retreat_after=1))
    assert result.attacker_win == pytest.approx((5 / 6) * (3 / 6) * (4 / 6))
    radar = solve(spec(ANNIVERSARY, "1 fighter", "1 infantry, 1 aa_gun", retreat_after=1, defender_techs=frozenset({"radar"})))
    assert radar.attacker_win == pytest.approx((4 / 6) * (3 / 6) * (4 / 6))


@pytest.mark.parametrize("attacker, defender, kw", [
    ("6 infantry, 3 artillery, 2 tank", "8 infantry, 1 tank", {}),
    ("4 infantry, 4 artillery", "6 infantry", {"attacker_techs": frozenset({"advanced_artillery"})}),
    ("3 infantry, 2 fighter, 2 bomber", "5 infantry, 1 aa_gun", {"defender_techs": frozenset({"radar"})}),
    ("2 bomber, 2 fighter", "1 battleship, 1 carrier, 2 fighter, 1 transport", {"at_sea": True}),
    ("4 tank, 2 bomber", "7 infantry", {"attacker_techs": frozenset({"heavy_bombers"}), "keep_land": True}),
    ("6 infantry, 2 tank", "6 infantry", {"retreat_below": 4}),
    ("2 cruiser, 1 destroyer", "2 destroyer, 2 transport", {"at_sea": True, "retreat_after": 2}),
    ("4 submarine, 1 destroyer", "1 battleship, 2 destroyer, 1 transport", {"at_sea": True}),
    ("3 submarine, 2 cruiser", "3 submarine, 1 battleship", {"at_sea": True, "attacker_techs": frozenset({"super_submarines"})}),
    ("6 infantry, 3 artillery, 2 tank, 2 fighter", "8 infantry, 1 tank, 1 aa_gun", {"low_luck": True}),
    ("6 infantry, 2 artillery, 2 tank", "8 infantry, 1 tank", {"retreat_chance": 0.5}),
    ("4 infantry, 2 artillery, 1 tank, 1 fighter", "5 infantry, 1 tank, 1 aa_gun",
     {"bombard": {"battleship": 1, "cruiser": 1}, "seaborne": {"infantry": 2, "artillery": 1}, "retreat_after": 2}),
])
def test_exact_and_monte_carlo_agree_within_three_standard_errors(attacker, defender, kw):
    battle = spec(ANNIVERSARY, attacker, defender, **kw)
    exact, mc = solve(battle), simulate(battle, 20_000, "agree")
    for name in ("attacker_win", "defender_win", "draw"):
        p = getattr(exact, name)
        error = math.sqrt(max(p * (1 - p), 1e-9) / 20_000)
        assert abs(getattr(mc, name) - p) <= 3 * error + 1e-9, name


small_army = st.dictionaries(st.sampled_from(["infantry", "artillery", "tank", "fighter", "bomber"]),
                             st.integers(min_value=1, max_value=4), min_size=1, max_size=3)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(attacker=small_army, defender=small_army, aa=st.booleans(), after=st.none() | st.integers(1, 3))
def test_outcomes_sum_to_one(attacker, defender, aa, after):
    battle = BattleSpec(ANNIVERSARY, attacker, {**defender, **({"aa_gun": 1} if aa else {})}, False, retreat_after=after)
    result = solve(battle)
    assert sum(e.probability for e in result.endings) == pytest.approx(1, abs=1e-9)
    assert result.attacker_win + result.defender_win + result.draw == pytest.approx(1, abs=1e-9)


def test_monte_carlo_is_reproducible_and_seeded():
    battle = spec(AA1941, "5 infantry, 2 tank", "6 infantry")
    assert simulate(battle, 2000, "s").attacker_win == simulate(battle, 2000, "s").attacker_win
    assert compute(battle, 2000, "s").method == "monte carlo"
    assert compute(battle, None, "s").method == "exact"


def test_refusals_say_why():
    with pytest.raises(OddsError, match="cannot fight in a land battle"):
        compute(spec(AA1941, "1 battleship", "1 infantry"), None, "s")
    with pytest.raises(OddsError, match="did you mean 'infantry'"):
        parse_units(AA1941, "3 infantri", "--attacker")


def test_the_referee_and_the_calculator_share_one_firepower():
    """One implementation of a volley: the battle module and the odds sides both use it."""
    import inspect

    from aa_ref.games.axis_allies.rules import battle
    from aa_ref.features.odds import sides

    assert "fire_groups(" in inspect.getsource(battle.Fight._groups)
    assert "fire_groups(" in inspect.getsource(sides.Side.groups)


@pytest.mark.parametrize("attacker, defender, kw", [
    ("4 infantry, 2 artillery, 1 fighter", "5 infantry, 1 aa_gun", {"retreat_after": 2}),
    ("3 submarine, 2 cruiser", "3 submarine, 1 battleship", {"at_sea": True}),
    ("1 battleship, 2 fighter", "1 carrier, 1 fighter, 2 transport", {"at_sea": True}),
])
def test_the_fast_model_agrees_with_the_referees_own_engine(attacker, defender, kw):
    """The chain's model of a battle against the referee's `Fight` fighting it for real: the
    outcome probabilities agree within three standard errors of the referee's sample."""
    from aa_ref.features.odds import referee

    battle = spec(ANNIVERSARY, attacker, defender, **kw)
    exact, fought = solve(battle), referee.simulate(battle, 1500, "agree")
    for name in ("attacker_win", "defender_win", "draw"):
        p = getattr(exact, name)
        assert abs(getattr(fought, name) - p) <= 3 * math.sqrt(max(p * (1 - p), 1e-4) / 1500), name


def test_submarines_facing_aircraft_are_fought_by_the_referee():
    """[L571, L603], [@133774]: a lone fighter cannot hit a submarine without a destroyer and the
    submarine cannot hit it: nobody can hurt the other and the defender holds (ruling 12); with a
    destroyer beside the fighter, the submarine loses its surprise strike and can be hit.
    (Issue 22: without --runs this is now solved exactly, on hits split by target class.)"""
    alone = compute(spec(ANNIVERSARY, "1 fighter", "1 submarine", at_sea=True), None, "s")
    assert alone.method == "exact" and alone.defender_win == 1 and alone.probability("stalemate") == 1
    escorted = compute(spec(ANNIVERSARY, "1 fighter, 1 destroyer", "1 submarine", at_sea=True), 400, "s")
    assert escorted.attacker_win > 0.5
    low_luck = compute(spec(ANNIVERSARY, "1 fighter", "1 submarine", at_sea=True, low_luck=True), None, "s")
    assert low_luck.method == "exact" and low_luck.probability("stalemate") == 1
    with pytest.raises(OddsError, match="does not take --low-luck"):  # the referee's engine has no low luck
        compute(spec(ANNIVERSARY, "1 fighter", "1 submarine", at_sea=True, low_luck=True), 100, "s")


def test_submarines_that_submerge_leave_the_battle_unharmed():
    """[@131126]: with no enemy destroyer, submarines may submerge instead of striking; they are
    then out of the battle and never casualties."""
    result = compute(spec(ANNIVERSARY, "2 submarine", "1 cruiser", at_sea=True, submerge=True), 200, "s")
    assert result.method == "monte carlo (referee engine)"
    assert result.lost("attacker") == (0, 0) and result.attacker_win == 0


GLOBAL = load_setup("global1940")


@pytest.mark.parametrize("attacker, defender", [
    ("4 fighter, 2 tactical_bomber, 1 bomber", "3 infantry, 2 aa_gun"),  # AA: 3 dice a gun, one per aircraft
    ("3 infantry, 1 artillery, 1 tactical_bomber, 1 fighter, 1 tank", "4 infantry, 1 aa_gun"),  # pairing
])
def test_global_aa_fire_and_pairing_agree_with_the_referees_engine(attacker, defender):
    """Global 1940 [G40 L1340-L1342]: every AA gun rolls at most 3 dice, one per aircraft, the
    attacker losing the cheapest aircraft; a tactical bomber attacks at 4 beside a fighter or a
    tank [G40 L1407], [G40 L1411]. The fast model's outcomes and expected aircraft left agree with
    the referee's own engine within three standard errors."""
    from aa_ref.features.odds import referee

    battle = spec(GLOBAL, attacker, defender)
    exact, fought = solve(battle), referee.simulate(battle, 1500, "global")
    for name in ("attacker_win", "defender_win", "draw"):
        p = getattr(exact, name)
        assert abs(getattr(fought, name) - p) <= 3 * math.sqrt(max(p * (1 - p), 1e-4) / 1500), name
    mine, theirs = exact.expected("attacker"), fought.expected("attacker")
    for unit in ("fighter", "tactical_bomber"):
        assert abs(mine.get(unit, 0) - theirs.get(unit, 0)) <= 0.15, (unit, mine, theirs)


SUBS_FACING_AIR = [
    ("2 fighter, 1 destroyer, 1 cruiser", "2 submarine, 1 destroyer, 1 fighter"),
    ("2 fighter, 1 bomber, 2 destroyer", "3 submarine, 1 carrier, 1 fighter"),
    ("2 submarine, 1 fighter, 1 battleship", "1 destroyer, 1 carrier, 2 fighter, 1 submarine"),
]


@pytest.mark.parametrize("attacker, defender", SUBS_FACING_AIR)
def test_submarines_facing_aircraft_exactly_agree_with_the_referees_engine(attacker, defender):
    """Issue 22: submarines never hit aircraft and aircraft hit submarines only beside a destroyer
    [L571, L603]; the chain on slots lost per target class agrees with the referee's `Fight` within
    three standard errors, and says why it is exact."""
    from aa_ref.features.odds import referee

    battle = spec(ANNIVERSARY, attacker, defender, at_sea=True)
    exact, fought = compute(battle, None, "s"), referee.simulate(battle, 1500, "classes")
    assert exact.method == "exact" and "target class" in exact.method_reason
    for name in ("attacker_win", "defender_win", "draw"):
        p = getattr(exact, name)
        assert abs(getattr(fought, name) - p) <= 3 * math.sqrt(max(p * (1 - p), 1e-4) / 1500), name
    assert abs(exact.probability("stalemate") - fought.probability("stalemate")) <= 0.04


@pytest.mark.slow
def test_submarines_facing_aircraft_within_one_and_a_half_percent_of_20000_referee_battles():
    from aa_ref.features.odds import referee

    battle = spec(ANNIVERSARY, *SUBS_FACING_AIR[1], at_sea=True)
    exact, fought = compute(battle, None, "s"), referee.simulate(battle, 20_000, "classes")
    for name in ("attacker_win", "defender_win", "draw"):
        assert abs(getattr(fought, name) - getattr(exact, name)) <= 0.015, name


@pytest.mark.parametrize("attacker, defender, kw", [
    ("3 submarine, 2 cruiser", "3 submarine, 1 battleship", {}),
    ("1 battleship, 2 fighter", "1 carrier, 1 fighter, 2 transport", {}),
    ("4 submarine, 1 destroyer", "1 battleship, 2 destroyer, 1 transport", {}),
    ("2 destroyer, 1 cruiser", "2 submarine, 1 transport", {"retreat_after": 2}),
])
def test_the_class_chain_is_the_one_number_chain_where_both_apply(attacker, defender, kw):
    """Where no hit's target depends on what scored it, the chain on target classes gives the same
    law as the chain on hit counts (to rounding)."""
    from aa_ref.features.odds import classes

    battle = spec(ANNIVERSARY, attacker, defender, at_sea=True, **kw)
    one, split = solve(battle), classes.solve(battle)
    for name in ("attacker_win", "defender_win", "draw"):
        assert getattr(split, name) == pytest.approx(getattr(one, name), abs=1e-12), name
    assert split.rounds == pytest.approx(one.rounds, abs=1e-12)
    assert split.lost("defender")[0] == pytest.approx(one.lost("defender")[0], abs=1e-9)


def test_aa_fire_in_a_large_battle_stays_exact_and_says_why():
    """Issue 22: one AA gun in the large battle once pushed it over the state limit into Monte Carlo."""
    battle = spec(ANNIVERSARY, "30 infantry, 10 artillery, 10 tank, 5 fighter, 3 bomber",
                  "40 infantry, 5 artillery, 8 tank, 6 fighter, 1 aa_gun")
    result = compute(battle, None, "s")
    assert result.method == "exact" and "AA fire" in result.method_reason
    assert compute(spec(AA1941, "1 infantry", "1 infantry"), 100, "s").method_reason.startswith("100 battles asked")
