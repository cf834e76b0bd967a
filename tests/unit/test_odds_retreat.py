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


@pytest.mark.parametrize("attacker, defender, kw", [
    ("3 submarine, 2 cruiser", "2 submarine, 1 destroyer, 1 cruiser, 1 transport", {"retreat_below": 3}),
    ("2 battleship, 2 cruiser", "1 battleship, 2 destroyer, 2 cruiser", {"retreat_below": 4}),
    ("2 destroyer, 1 cruiser", "2 submarine, 1 transport", {"retreat_after": 2}),
    ("2 cruiser", "1 destroyer, 1 transport", {"retreat_below": 2}),
    ("4 submarine, 1 destroyer", "1 battleship, 2 destroyer, 1 transport", {"retreat_chance": 0.5}),
    ("3 submarine, 2 cruiser", "3 submarine, 1 battleship", {"low_luck": True}),
    ("1 battleship, 2 fighter", "1 carrier, 1 fighter, 2 transport", {"low_luck": True, "retreat_below": 2}),
    ("2 submarine, 2 destroyer", "2 submarine, 1 cruiser, 1 transport", {"low_luck": True, "retreat_after": 1}),
])
def test_the_class_chain_follows_retreats_and_low_luck_as_the_one_number_chain(attacker, defender, kw):
    """Retreat policies and low luck on the chain by target class (issue 22): where no hit's target depends
    on what scored it, the same law as the chain on hit counts."""
    from aa_ref.features.odds import classes

    battle = spec(attacker, defender, at_sea=True, **kw)
    assert classes.fits(battle)
    one, split = solve(battle), classes.solve(battle)
    for name in ("attacker_win", "defender_win", "draw", "rounds"):
        assert getattr(split, name) == pytest.approx(getattr(one, name), abs=1e-12), name
    assert split.probability("retreat") == pytest.approx(one.probability("retreat"), abs=1e-12)
    assert split.lost("attacker")[0] == pytest.approx(one.lost("attacker")[0], abs=1e-9)


def test_transports_escorted_only_by_submarines_against_aircraft_are_destroyed_at_once():
    """[L625-L627], [@82568] (digest §4.7): aircraft and submarines cannot hit each other, so the
    transports count as undefended and are destroyed with no dice, as the referee's `Fight` does; the
    aircraft and the submarines are then a stalemate (ruling 12)."""
    from aa_ref.features.odds.run import compute

    result = compute(spec("3 fighter", "2 submarine, 2 transport", at_sea=True), None, "s")
    assert result.method == "exact" and result.probability("stalemate") == pytest.approx(1)
    assert result.rounds == 0
    assert result.endings[0].defender == {"submarine": 2} and result.endings[0].attacker == {"fighter": 3}
    # The attacker's own transport is not undefended (it could retreat): the submarine strikes it, 1 in 6
    # a round, while the defending transport was destroyed at once.
    escorted = compute(spec("2 fighter, 1 transport", "1 submarine, 1 transport", at_sea=True), None, "s")
    assert escorted.rounds == pytest.approx(6)
    assert escorted.endings[0].attacker == {"fighter": 2} and escorted.endings[0].defender == {"submarine": 1}


@pytest.mark.parametrize("attacker, defender, kw", [
    ("2 fighter, 1 destroyer, 1 cruiser", "2 submarine, 1 destroyer, 1 fighter", {"retreat_below": 3}),
    ("2 fighter, 1 bomber, 2 destroyer", "3 submarine, 1 carrier, 1 fighter", {"retreat_after": 2}),
    ("2 submarine, 1 fighter, 1 battleship", "1 destroyer, 1 carrier, 2 fighter, 1 submarine", {"retreat_below": 3}),
])
@pytest.mark.slow
def test_submarines_facing_aircraft_with_a_retreat_policy_agree_with_the_referees_engine(attacker, defender, kw):
    """Issue 22: retreat policies join the chain by target class; it agrees with the referee's `Fight`
    within three standard errors of 3,000 battles, retreats of air units included (they stay in the
    space until the noncombat move [L643], marked retreated)."""
    from aa_ref.features.odds import referee
    from aa_ref.features.odds.run import compute

    battle = spec(attacker, defender, at_sea=True, **kw)
    exact, fought = compute(battle, None, "s"), referee.simulate(battle, 3000, "classes-retreat")
    assert exact.method == "exact" and "target class" in exact.method_reason
    for name in ("attacker_win", "defender_win", "draw"):
        p = getattr(exact, name)
        assert abs(getattr(fought, name) - p) <= 3 * math.sqrt(max(p * (1 - p), 1e-4) / 3000), name
    p = exact.probability("retreat")
    assert abs(fought.probability("retreat") - p) <= 3 * math.sqrt(max(p * (1 - p), 1e-4) / 3000)


def test_submarines_that_submerge_are_solved_exactly_by_hand():
    """`--submerge` (both sides' submarines submerge whenever no enemy destroyer is in the battle [L561-L565])
    is a Markov policy: the class chain follows it. 3 submarines and 1 cruiser v 2 submarines, 1 cruiser and 1
    transport, no destroyer: every submarine submerges in round 1 and the cruisers (3 v 3) fight; a round
    in which only the attacker hits leaves the transport alone, destroyed at once: P(win) = (1/4) / (3/4)."""
    from aa_ref.features.odds.run import compute

    result = compute(spec("3 submarine, 1 cruiser", "2 submarine, 1 cruiser, 1 transport", at_sea=True, submerge=True),
                     None, "s")
    assert result.method == "exact" and "submerge" in result.method_reason
    assert result.attacker_win == pytest.approx(1 / 3) and result.rounds == pytest.approx(4 / 3)
    assert result.lost("attacker")[0] == pytest.approx(12 * 2 / 3)  # the cruiser, when the defence hits
    assert all(e.attacker.get("submarine") == 3 and e.defender.get("submarine") == 2 for e in result.endings)
    alone = compute(spec("2 submarine", "1 cruiser", at_sea=True, submerge=True), None, "s")
    assert alone.probability("defender") == 1 and alone.lost("attacker") == (0, 0) and alone.rounds == 1


@pytest.mark.parametrize("attacker, defender, kw", [
    ("2 submarine, 2 fighter", "2 submarine, 1 carrier, 1 fighter", {}),
    ("3 submarine, 1 destroyer, 1 fighter", "2 submarine, 1 cruiser, 2 fighter, 1 transport", {"retreat_below": 3}),
])
@pytest.mark.slow
def test_submarines_that_submerge_agree_with_the_referees_engine(attacker, defender, kw):
    from aa_ref.features.odds import referee
    from aa_ref.features.odds.run import compute

    battle = spec(attacker, defender, at_sea=True, submerge=True, **kw)
    exact, fought = compute(battle, None, "s"), referee.simulate(battle, 3000, "submerge")
    for name in ("attacker_win", "defender_win", "draw"):
        p = getattr(exact, name)
        assert abs(getattr(fought, name) - p) <= 3 * math.sqrt(max(p * (1 - p), 1e-4) / 3000), name
    for how in ("retreat", "stalemate"):
        p = exact.probability(how)
        assert abs(fought.probability(how) - p) <= 3 * math.sqrt(max(p * (1 - p), 1e-4) / 3000), how


@pytest.mark.parametrize("attacker, defender, kw", [
    ("10 infantry, 3 artillery, 4 tank, 2 fighter, 1 bomber", "12 infantry, 2 artillery, 3 tank, 2 fighter", {}),
    ("2 fighter, 1 destroyer, 1 cruiser", "2 submarine, 1 destroyer, 1 fighter", {"at_sea": True}),  # empty column
    ("6 infantry, 2 tank", "6 infantry", {"retreat_below": 4}),
    ("1 fighter", "1 submarine", {"at_sea": True}),
])
def test_the_odds_tables_are_tabulates_own(attacker, defender, kw):
    """`report.table` prints what `tabulate` printed before (the command no longer imports it)."""
    from tabulate import tabulate

    from aa_ref.features.odds import report
    from aa_ref.features.odds.run import compute

    battle = spec(attacker, defender, **kw)
    text = report.as_text(battle, compute(battle, None, "s"))
    blocks = text.split("\n\n")
    for block in blocks[1:3]:
        block = block.split("\nTUV swing")[0]
        lines = block.split("\n")
        widths = [len(d) for d in lines[1].split("  ")]
        rows = []
        for line in lines[:1] + lines[2:]:
            cells, at = [], 0
            for w in widths:
                cells.append(line[at:at + w].strip())
                at += w + 2
            rows.append(cells)
        headers, rows = rows[0], rows[1:]
        assert report.table(rows, headers) == block == tabulate(rows, headers)
