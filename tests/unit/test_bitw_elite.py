"""AR 10.0 elite units, AR 9.3 the snow exemption, OR 14.0 swamps, OR 39.0 light rain, captured fortifications (A14):
the modifiers on games built directly (aa_ref.games.blocks_in_the_west.modifiers, .battle, .fortifications,
.tech_chart)."""

import pytest

from aa_ref.games.blocks_in_the_west import battle as fight, fortifications, modifiers as mod, scenario_checks
from aa_ref.games.blocks_in_the_west import tech_chart
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import apply_event
from aa_ref.games.blocks_in_the_west.state import Battle
from aa_ref.core.dice import RecordedDice
from aa_ref.core.engine import Context
from aa_ref.core.yamlio import load_yaml
from tests.conformance.bitw_runner import HERE, build_state


def _act(blocks: dict, options: dict | None = None, weather: str = "good", side: str = "axis") -> Act:
    scenario, _, game = build_state({"scenario": "_elite-scenario.yaml", "options": options or {},
                                     "state": {"blocks": blocks, "weather": weather}})
    ctx = Context(scenario, game, RecordedDice([], "test"), apply=apply_event)
    return Act(ctx, scenario, side)  # type: ignore[arg-type]


ELITE = {"elite_units": "on"}


@pytest.mark.parametrize(("block", "attacking", "strength", "expected"), [
    ("de-ss1", True, 3, 1), ("de-ss1", False, 3, 0), ("de-ss1", True, 1, 1),  # German elite at any strength [BW L1669]
    ("de-para1", False, 1, 1), ("de-para1", True, 3, 0),
    ("us-mar1", True, 4, 1), ("us-mar1", True, 3, 0), ("us-mar1", False, 4, 0),  # Allied only at full strength
    ("us-para1", False, 3, 1), ("us-para1", False, 2, 0), ("us-inf1", True, 4, 0),
])
def test_elite_bonus(block: str, attacking: bool, strength: int, expected: int) -> None:
    act = _act({block: {"hex": "H03", "strength": strength}}, ELITE)
    assert mod.elite_bonus(act, Battle(hex="H03", attacker="axis"), block, attacking) == expected


def test_no_elite_bonus_in_basic_rules() -> None:
    act = _act({"de-ss1": {"hex": "H03"}})
    assert mod.elite_bonus(act, Battle(hex="H03", attacker="axis"), "de-ss1", True) == 0


def test_reduced_allied_gcu_fire_at_tech1_values() -> None:
    """[BW L1671] (digest A12): a reduced Allied GCU loses its TECH bonus; Axis units and air units never do."""
    act = _act({"us-inf1": {"hex": "H03", "strength": 3}, "de-inf1": {"hex": "H04", "strength": 1}}, ELITE)
    values, _ = tech_chart.tech(act, "us-inf1")
    assert (values.attack, values.defence) == (5, 5)
    worse = mod.fire_values(act, "us-inf1", values)
    assert (worse.attack, worse.defence) == (6, 6)
    german, _ = tech_chart.tech(act, "de-inf1")
    assert mod.fire_values(act, "de-inf1", german) == german
    full = _act({"us-inf1": {"hex": "H03"}}, ELITE)
    assert mod.fire_values(full, "us-inf1", values) == values


def test_snow_exemption_only_at_home() -> None:
    """[BW L1644]: Norwegian units in Norway, mountain units in their own nation (advanced_weather)."""
    act = _act({"no-inf1": {"hex": "H24"}, "fr-mtn1": {"hex": "H34"}, "fr-inf3": {"hex": "H34"}},
               {"advanced_weather": "on"}, weather="snow")
    assert mod.snow_exempt(act, "no-inf1", "H24") and mod.snow_exempt(act, "fr-mtn1", "H34")
    assert not mod.snow_exempt(act, "no-inf1", "H14") and not mod.snow_exempt(act, "fr-mtn1", "H43")
    assert not mod.snow_exempt(act, "fr-inf3", "H34")
    assert mod.sky_malus(act, "no-inf1", "H24") == 0 and mod.sky_malus(act, "fr-inf3", "H34") == 1
    basic = _act({"no-inf1": {"hex": "H24"}}, weather="snow")
    assert not mod.snow_exempt(basic, "no-inf1", "H24")


def test_light_rain_mali() -> None:
    """OR 39.0 [BW L2609]: attacking GCU, air units and AA 1 malus; no defender bonus; artillery untouched."""
    act = _act({"de-inf3": {"hex": "H03"}, "de-art1": {"hex": "H03"}, "fr-inf3": {"hex": "H03"}}, weather="light_rain")
    b = Battle(hex="H03", attacker="axis")
    assert fight.attacker_ground_mali(act, b, "de-inf3") == 1
    assert fight.attacker_ground_mali(act, b, "de-art1") == 0
    assert fight.defender_ground_bonuses(act, b, "fr-inf3") == 0
    assert mod.sky_malus(act, "de-bmb1", "H03") == 1


def test_swamp_malus_for_armour_only() -> None:
    """OR 14.0 [BW L2070]: armour attacking into an unfrozen swamp, 1 more malus."""
    act = _act({"de-tank1": {"hex": "H13"}, "de-inf3": {"hex": "H13"}}, {"terrain_modifiers": "on"})
    b = Battle(hex="H13", attacker="axis")
    assert fight.attacker_ground_mali(act, b, "de-tank1") == 2
    assert fight.attacker_ground_mali(act, b, "de-inf3") == 1


def test_a_captured_fortress_becomes_a_bunker_then_nothing() -> None:
    """[BW L1496], [BW L1500] (digest A14): each fall lowers the fortification one level; the side's own capture
    changes nothing."""
    act = _act({})
    assert fortifications.hex_fortification(act, "H02") == 2
    fortifications.falls(act, "H02", "allies")
    assert fortifications.hex_fortification(act, "H02") == 2
    fortifications.falls(act, "H02", "axis")
    assert act.game.fortifications == {"H02": "bunker"} and fortifications.hex_fortification(act, "H02") == 1
    fortifications.falls(act, "H02", "axis")
    assert fortifications.hex_fortification(act, "H02") == 0


def test_a_captured_maginot_hex_is_a_plain_bunker() -> None:
    """[BW L866]: the Maginot fortress is destroyed; the hex stays a bunker, no fortress across the orange line."""
    scenario, _, game = build_state({"scenario": "_combat-scenario.yaml", "state": {"blocks": {}}})
    scenario = scenario.model_copy(deep=True)  # the loaded scenario is shared: change a copy
    act = Act(Context(scenario, game, RecordedDice([], "t"), apply=apply_event), scenario, "allies")
    game.control["H42"] = "allies"
    scenario.hexes["H42"].fortification = "bunker"  # a Maginot hex of the test map: the orange line H32-H42
    scenario.hexes["H42"].nation = "germany"
    fortifications.falls(act, "H42", "allies")
    assert game.fortifications == {"H42": "bunker"}
    assert fight.fortification(act, Battle(hex="H42", attacker="axis", crossing={"x": "maginot"})) == 1


def test_scenario_checks_ss_and_barbo(tmp_path) -> None:
    """An SS block must be elite when attacking [BW L1669]; the Barbò group is Italian cavalry [BW L2252]."""
    from aa_ref.games.blocks_in_the_west.scenario import Scenario

    text = (HERE / "_elite-scenario.yaml").read_text().replace("elite: attack, ss: true", "ss: true").replace(
        "unit: cavalry, name: Raggruppamento Barbò", "unit: infantry, name: Raggruppamento Barbò")
    path = tmp_path / "broken.yaml"
    path.write_text(text)
    doc = load_yaml(path)
    scenario = Scenario.model_validate(doc.data)
    messages = " ".join(p.message for p in scenario_checks.scenario_problems(scenario, doc))
    assert "block de-ss1 is an SS unit" in messages
    assert "block it-cav1 is marked as the Barbò group" in messages
