"""Two-hit units other than battleships: Global 1940 carriers [G40 L1463], [G40 L1486]."""

from __future__ import annotations

from aa_ref.games.axis_allies.rules.casualties import HitRules, Targets, Volley
from aa_ref.core.setups import load_setup
from aa_ref.games.axis_allies.model.state import Force

UNITS = load_setup("global1940").unit_types
RULES = HitRules(UNITS)


def shots(n: int) -> Volley:
    return Volley.of({"cruiser": n}, UNITS, False)


def test_a_carrier_takes_two_hits():
    targets = Targets({"carrier": 1})
    assert RULES.most_hits(targets, shots(3)) == 2
    assert RULES.forced(targets, shots(2)) == {"carrier": 2}
    assert "only 2 can be taken" in RULES.problem({"carrier": 3}, targets, shots(3))


def test_a_damaged_carrier_has_one_hit_left():
    targets = Targets({"carrier": 1, "destroyer": 1}, damaged_units={"carrier": 1})
    assert RULES.most_hits(targets, shots(3)) == 2
    assert "only 1 can be taken" in RULES.problem({"carrier": 2}, targets, shots(2))
    assert RULES.problem({"carrier": 1, "destroyer": 1}, targets, shots(2)) is None


def test_order_of_loss_first_entry_damages_second_sinks():
    targets = Targets({"carrier": 1, "destroyer": 1})
    assert RULES.choose(["carrier", "destroyer", "carrier"], targets, shots(2)) == {"carrier": 1, "destroyer": 1}
    assert RULES.choose(["carrier", "carrier", "destroyer"], targets, shots(2)) == {"carrier": 2}


def test_battleship_and_carrier_damage_kept_apart():
    targets = Targets({"battleship": 1, "carrier": 1}, damaged=1)
    assert targets.hurt("battleship") == 1 and targets.hurt("carrier") == 0
    assert RULES.slots(targets) == {"battleship (sinking)": 1, "carrier": 1, "carrier (sinking)": 1}


def test_force_damage_round_trip():
    force = Force(power="UK", units={"battleship": 1, "carrier": 2})
    hurt = force.with_damage({"battleship": 1, "carrier": 1})
    assert hurt.damaged == 1 and hurt.damaged_units == {"carrier": 1}
    assert hurt.damage() == {"battleship": 1, "carrier": 1}
    assert hurt.damage_within({"carrier": 2}) == {"carrier": 1}
    assert Force(power="UK", units={"battleship": 1}, damaged=1).damage() == {"battleship": 1}
