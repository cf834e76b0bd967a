"""Blocks in the West battles, tested on games built directly: rotation, hit allocation, the end of a battle."""

from aa_ref.games.blocks_in_the_west import battle as fight, hexes, losses
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import apply_event
from aa_ref.games.blocks_in_the_west.state import Battle
from aa_ref.core.dice import RecordedDice
from aa_ref.core.engine import Context
from tests.conformance.bitw_runner import build_state


def _act(blocks: dict, dice: list[int] | None = None) -> Act:
    scenario, _, game = build_state({"scenario": "_combat-scenario.yaml", "state": {"blocks": blocks}})
    ctx = Context(scenario, game, RecordedDice(dice or [], "test"), apply=apply_event)
    return Act(ctx, scenario, "axis")


def test_rotation_follows_the_printed_steps():
    act = _act({})
    assert losses.rotate(act, "fr-art1", 4) == 2  # printed 4 -> 2: one rotation (digest A37) [BW L1406]
    assert losses.rotate(act, "fr-art1", 2) is None  # not min_zero: eliminated
    assert losses.rotate(act, "de-art1", 1) == 0  # min_zero stays at 0 [BW L1476]
    assert losses.rotate(act, "gb-shield1", 5) == 3


def test_hits_go_to_the_strongest_then_the_first_id():
    act = _act({"de-inf1": {"hex": "H24"}, "de-inf3": {"hex": "H24"}, "de-inf2": {"hex": "H24"}})
    losses.take_hits(act, ["de-inf1", "de-inf2", "de-inf3"], 3, "test")
    strengths = {b: act.game.blocks[b].strength for b in ("de-inf1", "de-inf2", "de-inf3")}
    assert strengths == {"de-inf1": 2, "de-inf2": 3, "de-inf3": 3}  # 4,4,3 -> 3,4,3 -> 3,3,3 -> 2,3,3


def test_a_unit_at_its_last_step_is_eliminated():
    act = _act({"fr-inf3": {"hex": "H24", "strength": 1}})
    losses.take_hits(act, ["fr-inf3"], 2, "test")
    assert act.game.blocks["fr-inf3"].hex is None


def test_fortification_levels():
    act = _act({"fr-inf1": {"hex": "H32"}, "de-inf1": {"hex": "H32"}, "de-fort1": {"hex": "H24"}, "fr-inf3": {"hex": "H24"}})
    assert fight.fortification(act, Battle(hex="H32", attacker="axis")) == 2
    assert fight.fortification(act, Battle(hex="H23", attacker="axis")) == 1
    assert fight.fortification(act, Battle(hex="H24", attacker="allies")) == 2  # a Festung at 7 [BW L1100]


def test_attacker_mali_add_up():
    act = _act({"de-inf1": {"hex": "H31"}, "fr-inf3": {"hex": "H31"}})
    b = Battle(hex="H31", attacker="axis", crossing={"de-inf1": "river"})
    assert fight.attacker_ground_mali(act, b, "de-inf1") == 2  # hill + river, first round
    b.round = 2
    assert fight.attacker_ground_mali(act, b, "de-inf1") == 1
    assert fight.defender_ground_bonuses(act, Battle(hex="H31", attacker="axis", crossing={"de-inf1": "river"}), "fr-inf3") == 1


def test_hex_distance():
    act = _act({})
    assert hexes.hex_distance(act, "H01", "H24") == 5
    assert hexes.hex_distance(act, "H00", "H24") == 6


def test_the_maginot_line_is_a_fortress_when_attacked_across_its_orange_hexsides():
    """[BW L860-L862]: a Maginot hex is a fortress against attacks across the orange line, a bunker otherwise."""
    from aa_ref.games.blocks_in_the_west.ruleset import Bitw
    from aa_ref.core.setups import load_setup
    scenario = load_setup("bitw-demo")
    game = Bitw().new_game(scenario, None, {"rules": "basic", "fog_of_war": "on"}, "unit", "x.log")
    act = Act(Context(scenario, game, RecordedDice([]), apply=apply_event), scenario, "axis")
    assert scenario.hexes["e5"].fortification == "bunker" and scenario.hexside[frozenset(("e4", "e5"))] == "maginot"
    assert fight.fortification(act, Battle(hex="e5", attacker="axis", crossing={"ge_inf_2": "maginot"})) == 2
    assert fight.fortification(act, Battle(hex="e5", attacker="axis", crossing={})) == 1
