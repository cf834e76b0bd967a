"""Hit assignment [L571-L603, L903, L975]: eligibility, maximisation, orders of loss, checks."""

from __future__ import annotations

from aa_ref.games.axis_allies.rules.casualties import HitRules, Targets, Volley
from aa_ref.core.setups import load_setup
UNITS = load_setup("aa1941").unit_types
RULES = HitRules(UNITS)


def volley(escorted: bool = False, **hits: int) -> Volley:
    """Hits by the unit type that scored them; `escorted`: the firing side has a destroyer."""
    return Volley.of(hits, UNITS, escorted)


def test_worked_example_l585_three_casualties_whatever_the_order():
    # [L585-L593] DD + 2 SUB score 3 hits on DD + CV + FTR: DD->FTR, SUB->DD, SUB->CV.
    shots, targets = volley(destroyer=1, submarine=2), Targets({"destroyer": 1, "carrier": 1, "fighter": 1})
    assert RULES.most_hits(targets, shots) == 3
    for order in (["destroyer", "carrier", "fighter"], ["fighter", "carrier", "destroyer"], []):
        assert RULES.choose(order, targets, shots) == {"destroyer": 1, "carrier": 1, "fighter": 1}
    assert RULES.forced(targets, shots) == {"destroyer": 1, "carrier": 1, "fighter": 1}


def test_worked_example_l591_wrong_assignment_is_rejected():
    # [L591-L593] giving the destroyer's hit to a ship leaves a submarine hit with no target.
    shots, targets = volley(destroyer=1, submarine=2), Targets({"destroyer": 1, "carrier": 1, "fighter": 1})
    assert "as many hits as possible" in RULES.problem({"destroyer": 1, "carrier": 1}, targets, shots)
    assert RULES.problem({"destroyer": 1, "carrier": 1, "fighter": 1}, targets, shots) is None


def test_submarines_never_hit_air_units_l571():
    shots, targets = volley(submarine=2), Targets({"fighter": 2, "carrier": 1})
    assert RULES.most_hits(targets, shots) == 1
    assert RULES.forced(targets, shots) == {"carrier": 1}
    assert "cannot all take the hits" in RULES.problem({"fighter": 1}, targets, shots)
    assert "1 hit(s) taken, but 1" not in RULES.problem({"fighter": 1}, targets, shots)


def test_air_hits_submarines_only_with_a_destroyer_l959():
    targets = Targets({"submarine": 1, "destroyer": 1})
    assert RULES.most_hits(targets, volley(fighter=2)) == 1
    assert RULES.forced(targets, volley(fighter=2)) == {"destroyer": 1}
    assert RULES.most_hits(targets, volley(escorted=True, fighter=2)) == 2


def test_transports_are_chosen_last_l975():
    # Fighters against submarines and transports can only hit the transports [L975].
    assert RULES.choose([], Targets({"submarine": 1, "transport": 2}), volley(fighter=2)) == {"transport": 2}
    # Even an order of loss that lists transports first takes the destroyer first [L577].
    targets = Targets({"destroyer": 1, "transport": 1})
    assert RULES.choose(["transport", "destroyer"], targets, volley(battleship=1)) == {"destroyer": 1}
    assert "only when no other unit" in RULES.problem({"transport": 1}, targets, volley(battleship=1))


def test_battleship_first_hit_only_damages_l903():
    targets = Targets({"battleship": 1, "destroyer": 1})
    assert RULES.choose(["battleship", "destroyer"], targets, volley(fighter=1)) == {"battleship": 1}
    # Sinking comes after the listed types unless battleship is listed twice.
    assert RULES.choose(["battleship", "destroyer"], targets, volley(fighter=2)) == {"battleship": 1, "destroyer": 1}
    assert RULES.choose(["battleship", "battleship", "destroyer"], targets, volley(fighter=2)) == {"battleship": 2}
    assert RULES.forced(Targets({"battleship": 1}), volley(fighter=2)) == {"battleship": 2}


def test_a_damaged_battleship_is_sunk_by_its_next_hit_l903():
    targets = Targets({"battleship": 1, "destroyer": 1}, damaged=1)
    # The first `battleship` entry only absorbs damage: a damaged one is not spared by it.
    assert RULES.choose(["battleship", "destroyer"], targets, volley(fighter=1)) == {"destroyer": 1}
    assert RULES.most_hits(targets, volley(fighter=3)) == 2
    assert "only 1 can be taken" in RULES.problem({"battleship": 2}, targets, volley(fighter=2))


def test_unlisted_types_are_taken_cheapest_first():
    targets = Targets({"fighter": 1, "tank": 1, "infantry": 2})
    assert RULES.choose(["fighter"], targets, volley(tank=2)) == {"fighter": 1, "infantry": 1}
    assert RULES.choose([], targets, volley(tank=3)) == {"infantry": 2, "tank": 1}


def test_forced_only_when_there_is_no_choice():
    assert RULES.forced(Targets({"infantry": 3}), volley(tank=2)) == {"infantry": 2}
    assert RULES.forced(Targets({"infantry": 1, "tank": 1}), volley(tank=1)) is None
    assert RULES.forced(Targets({"infantry": 1, "tank": 1}), volley(tank=2)) == {"infantry": 1, "tank": 1}


def test_selection_naming_missing_units_is_rejected():
    assert "only 1 can be taken" in RULES.problem({"tank": 2}, Targets({"tank": 1, "infantry": 1}), volley(tank=2))
