"""Blocks in the West dice arithmetic [BW L660], [BW L1432-L1462], [BW L692-L700]."""

from aa_ref.games.blocks_in_the_west.firepower import Shooter, effective, halve, hit_face, hits, net, pooled


def test_one_malus_halves_a_five_step_tank_to_two_dice():
    # BW L1454: "Un carro tedesco da 5 steps ... 1 malus ... solo 2"
    assert halve(5, 1) == 2


def test_two_mali_quarter_a_five_step_tank_to_one_die():
    # BW L1454: forest + river: quartered, 1 die
    assert halve(5, 2) == 1


def test_a_one_step_unit_quartered_still_rolls_one_die():
    # BW L698-L700
    assert halve(1, 2) == 1
    assert halve(1, 5) == 1


def test_three_steps_halved_roll_one_die():
    # BW L694: rounding down
    assert halve(3, 1) == 1


def test_no_dice_stays_no_dice():
    assert halve(0, 1) == 0


def test_two_bonuses_widen_six_to_four_five_six():
    # BW L1456: Tech1 infantry defending behind a river in a major city hits on 4-6
    assert hit_face(6, 2) == 4
    assert hit_face(6, 1) == 5
    assert hit_face(6, 0) == 6


def test_bonuses_never_make_a_one_hit():
    assert hit_face(4, 5) == 2


def test_no_firepower_no_fire():
    assert hit_face(None, 2) is None
    assert effective(Shooter("b", 4, None)) == (4, None)


def test_attacker_with_three_mali_in_the_river_city_forest_example():
    # BW L1458: 1 malus river + 1 forest + 1 major city: a 5-step unit rolls 5 >> 3 -> at least 1
    assert effective(Shooter("t", 5, 5, mali=3)) == (1, 5)
    assert effective(Shooter("t", 8, 6, mali=3)) == (1, 6)


def test_bonus_cancels_malus_only_with_the_option():
    # BW L1446-L1448: Tech1 alpini of 4 steps in mountain with a bonus and a malus: 2 dice at 5&6 or 4 dice at 6
    alpini = Shooter("a", 4, 6, bonuses=1, mali=1)
    assert effective(alpini) == (2, 5)
    assert effective(alpini, cancel=True) == (4, 6)
    assert net(2, 1, True) == (1, 0)
    assert net(0, 2, True) == (0, 2)


def test_tech0_half_dice_before_mali():
    # BW L928: unassisted minor powers roll half dice; a malus halves again
    assert effective(Shooter("m", 4, 6, halved=True)) == (2, 6)
    assert effective(Shooter("m", 4, 6, halved=True, mali=1)) == (1, 6)
    assert effective(Shooter("m", 1, 6, halved=True)) == (1, 6)


def test_pooled_rounding_gives_the_leftover_die_to_the_weakest_unit():
    # BW L1460-L1462: a halved 5-step tank and a halved 5-step infantry roll 5 dice: 2 with the tank, 3 with the infantry
    out = pooled([Shooter("tank", 5, 5, mali=1), Shooter("inf", 5, 6, mali=1)])
    assert out == {"tank": (2, 5), "inf": (3, 6)}


def test_pooled_groups_only_units_with_the_same_mali():
    out = pooled([Shooter("tank", 5, 5, mali=1), Shooter("inf", 5, 6, mali=2), Shooter("art", 3, 6)])
    assert out == {"tank": (2, 5), "inf": (1, 6), "art": (3, 6)}


def test_pooled_every_unit_still_rolls_one_die():
    out = pooled([Shooter("a", 1, 6, mali=1), Shooter("b", 1, 6, mali=1)])
    assert out == {"a": (1, 6), "b": (1, 6)}


def test_pooled_unit_without_fire_rolls_nothing():
    out = pooled([Shooter("f", 3, None, mali=1), Shooter("i", 3, 6, mali=1)])
    assert out == {"f": (0, None), "i": (1, 6)}


def test_pooled_quartered_leftovers():
    # 3 + 3 + 3 quartered: 9 >> 2 = 2 dice in total, each unit alone 0 -> the two weakest get one, the third its minimum
    out = pooled([Shooter("a", 3, 5, mali=2), Shooter("b", 3, 6, mali=2), Shooter("c", 3, 6, mali=2)])
    assert out == {"a": (1, 5), "b": (1, 6), "c": (1, 6)}


def test_hits_count_faces_at_or_above_the_hit_face():
    assert hits([6, 5, 4, 1], 5) == 2
    assert hits([6, 6], 6) == 2
    assert hits([6], None) == 0
