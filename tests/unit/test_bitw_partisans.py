"""OR 27.0 garrisons and OR 29.0 partisans: the scenario's `partisan_nations` checked by `aa-ref validate`, what
both sides' views show, and the parts of the rule the conformance cases 840-859 do not reach (an Axis retreat into a
partisan hex, three discs fought as two steps, an air unit garrisoning a city, an Axis air unit among 2 discs, an
Axis reinforcement placed on a lone disc, partisans in a port, the digest of a scenario without the field)
[BW L2408-L2460]."""

from __future__ import annotations

from pathlib import Path

import pytest

from aa_ref.core.engine import Context, Illegal
from aa_ref.core.setups import load_setup
from aa_ref.games.blocks_in_the_west import garrisons, partisan_battle, partisans, rules, sabotage, supply
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import apply_event
from aa_ref.games.blocks_in_the_west.ruleset import TOP_FIELDS_SINCE_DIGEST, scenario_digest
from aa_ref.games.blocks_in_the_west.state import Battle
from aa_ref.games.blocks_in_the_west.views import view
from tests.conformance.bitw_runner import build_state, run_case
from tests.located import EditedFile

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "conformance" / "blocks_in_the_west"
EDITS = EditedFile(ROOT / "aa_ref" / "setups" / "bitw-demo.yaml", "scenario.yaml")
VICTORY = "victory: {side: axis, control_all: [paris], otherwise: allies}"


def act_on(state: dict, side: str = "axis", options: dict | None = None, dice: list[int] | None = None) -> Act:
    """An Act on the partisans fixture with the case-like `state`, events applied as they are emitted."""
    case = {"scenario": "_partisans-scenario.yaml",
            "options": options if options is not None else {"partisans": "on", "garrisons": "on"},
            "state": state}
    scenario, _, game = build_state(case)
    rolls = iter(dice or [])

    class Dice:
        def roll(self, context, count, volley=None):  # noqa: ARG002 - the shared Context's dice protocol
            return [next(rolls) for _ in range(count)]

    ctx = Context(scenario, game, Dice(), apply=apply_event)
    return Act(ctx, scenario, side)  # type: ignore[arg-type]


def test_both_rules_are_played():
    assert rules.option_problem("garrisons", "on") is None and rules.option_problem("partisans", "on") is None


def test_partisan_nations_the_scenario_writes_validates(folder):
    result = EDITS.validate(folder, EDITS.edited(VICTORY, VICTORY + "\npartisan_nations: [france, belgium]"))
    assert result.exit_code == 0, result.output


def test_an_unknown_partisan_nation_is_reported(folder):
    EDITS.reported(folder, VICTORY, VICTORY + "\npartisan_nations: [france, norway]", "partisan_nations:", "norway",
                   "no hex belongs to nation 'norway'")


def test_a_partisan_nation_named_twice_is_reported(folder):
    EDITS.reported(folder, VICTORY, VICTORY + "\npartisan_nations: [france, belgium, france]", "belgium, france]", "france",
                   "names france twice")


def test_a_scenario_without_partisan_nations_keeps_its_digest():
    """A game begun before the field keeps its scenario_sha256: the field counts only when set."""
    scenario = load_setup(str(CASES / "_partisans-scenario.yaml"))
    assert "partisan_nations" in TOP_FIELDS_SINCE_DIGEST
    assert scenario_digest(scenario) != scenario_digest(scenario.model_copy(update={"partisan_nations": ["belgium"]}))


def test_both_sides_see_the_partisans():
    """Wooden discs on the map: public, no fog of war [BW L2449]."""
    case, outcome = run_case(CASES / "840-free-partisans-in-a-conquered-nation.yaml")
    assert not outcome.problems
    scenario = load_setup(str(CASES / "_partisans-scenario.yaml"))
    for side in ("axis", "allies"):
        seen = view(scenario, outcome.game, side)
        assert seen.partisans == {"H02": 1, "H11": 2}


def test_both_sides_see_a_conquest():
    case, outcome = run_case(CASES / "859-france-surrenders-and-is-conquered.yaml")
    scenario = load_setup(str(CASES / "_partisans-scenario.yaml"))
    assert view(scenario, outcome.game, "axis").conquered == view(scenario, outcome.game, "allies").conquered \
        == ["belgium", "denmark", "france", "yugoslavia"]


def test_an_air_unit_garrisons_a_city():
    """"Qualsiasi unità (sia AU che GU)" [BW L2410]: a German fighter in Antwerp garrisons it and its ZOC's cities."""
    act = act_on({"blocks": {"de-ftr1": {"hex": "H21"}}})
    board = act.board()
    assert garrisons.garrisoned(board, "H21") and garrisons.garrisoned(board, "H12")
    assert not garrisons.garrisoned(board, "H02")
    assert partisans.allotment(board, "belgium") == 0  # Ghent and Bruges: 2 / 3 rounds down (digest A55)


def test_without_garrisons_nothing_is_garrisoned():
    act = act_on({"blocks": {"de-inf1": {"hex": "H21"}}}, options={"partisans": "on"})
    assert not garrisons.garrisoned(act.board(), "H21")
    assert partisans.allotment(act.board(), "belgium") == 3


def test_no_axis_retreat_into_a_partisan_hex():
    """"Inibendo la ritirata negli esagoni occupati dai Partigiani" [BW L2435]; the Allies' retreats are free."""
    act = act_on({"partisans": {"H31": 1}})
    assert "no retreat into a partisan hex" in (partisans.retreat_problem(act, "axis", "H31") or "")
    assert partisans.retreat_problem(act, "allies", "H31") is None
    assert partisans.retreat_problem(act, "axis", "H22") is None


def test_retreat_problem_names_the_partisans_in_a_battle():
    from aa_ref.games.blocks_in_the_west.combat import retreat_problem

    act = act_on({"partisans": {"H31": 2}, "blocks": {"de-inf1": {"hex": "H21"}, "gb-inf1": {"hex": "H21"}}})
    battle = Battle(hex="H21", attacker="allies")
    assert "partisan" in (retreat_problem(act, battle, "de-inf1", "H31") or "")


def test_three_partisans_fight_as_two_steps():
    """3 discs: 2 dice at 6 [BW L2460]; a hit takes them to 2 discs (1 step), a second wipes them out."""
    act = act_on({"partisans": {"H31": 3}, "blocks": {"de-inf1": {"hex": "H31", "moved": True}}},
                 dice=[6, 6, 5, 1, 1, 1, 5])
    partisan_battle.fight_partisans(act, "H31")
    assert act.game.blocks["de-inf1"].strength == 2  # two 6s: two hits on the 1st Army (4 -> 3 -> 2)
    assert act.game.partisans == {} and [e.dice for e in act.ctx.events if getattr(e, 'type', '') == 'roll'] == \
        [[6, 6], [5, 1], [1], [1, 5]]
    assert act.game.partisans == {}
    assert "de-inf1" in act.game.engaged


def test_partisans_hold_when_the_attackers_are_gone():
    act = act_on({"partisans": {"H31": 2}, "blocks": {"de-inf3": {"hex": "H31", "moved": True, "strength": 1}}},
                 dice=[6])
    partisan_battle.fight_partisans(act, "H31")
    assert act.game.blocks["de-inf3"].hex is None and act.game.partisans == {"H31": 2}


def test_an_axis_air_unit_does_not_rebase_among_two_partisans():
    act = act_on({"partisans": {"H42": 2}})
    with pytest.raises(Illegal, match="air units do not go there"):
        partisans.entered(act, ["de-ftr1"], ["H42"])


def test_an_axis_reinforcement_removes_a_lone_partisan_and_is_not_placed_among_two():
    act = act_on({"partisans": {"H12": 1, "H21": 2}})
    partisans.arrived(act, "de-inf3", "H12")
    assert "H12" not in act.game.partisans
    with pytest.raises(Illegal, match="not placed among them"):
        partisans.arrived(act, "de-inf3", "H21")


def test_a_british_unit_recruits_nobody():
    """Only Soviet and French ground units recruit [BW L2441]."""
    act = act_on({"partisans": {"H02": 2}}, side="allies")
    partisans.entered(act, ["gb-inf1"], ["H02"])
    assert act.game.partisans == {"H02": 2}


def test_discs_count_only_with_the_rule():
    act = act_on({"partisans": {"H41": 3}}, options={})
    assert sabotage.discs(act.game, "H41") == 0
    assert not sabotage.rail_cut(act.board(), "H41", "axis")


def test_partisans_never_touch_the_allies_lines():
    act = act_on({"partisans": {"H41": 3}})
    board = act.board()
    assert sabotage.rail_cut(board, "H41", "axis") and sabotage.line_blocked(board, "H41", "axis")
    assert not sabotage.rail_cut(board, "H41", "allies") and not sabotage.line_blocked(board, "H41", "allies")


def test_a_lone_disc_cuts_the_rail_for_resources_not_for_supply():
    """1 disc: no rail transport of resources [BW L2455]; rail supply needs 3 [BW L2460]."""
    act = act_on({"partisans": {"H41": 1}, "blocks": {"de-inf2": {"hex": "H62"}}})
    assert "H01" in supply.rail_network(act.board(), "germany")
    assert "H01" not in supply.rail_network(sabotage.ResourceBoard(act.scenario, act.game), "germany")
    assert not partisans.transports(act, "H01", "germany") and partisans.transports(act, "H50", "germany")


def test_conquest_is_not_recorded_without_the_rule():
    act = act_on({}, options={})
    partisans.record_conquest(act, "france")
    assert act.game.conquered == []


def test_rounding_is_down():
    """4 Minor Cities / 3 = 1 (3.16, digest A55), + 2 Major Cities."""
    act = act_on({"blocks": {}})
    assert partisans.allotment(act.board(), "belgium") == 1 + 2


def test_france_out_of_the_war_by_armistice_raises_partisans():
    """An armistice puts France under German control [BW L850-L852]: a power conquered, its partisans rise (29.1)."""
    from types import SimpleNamespace

    french = {h: "axis" for h in ("H03", "H13", "H23", "H33", "H04", "H14", "H24", "H34")}
    act = act_on({"armistices": ["france"], "control": french, "blocks": {}}, side="allies")
    assert "france" in partisans.conquered(act.scenario, act.game)
    assert partisans.allotment(act.board(), "france") == 1  # Paris; Reims alone is 1 / 3 = 0
    partisans.place(act, SimpleNamespace(partisans="H14", count=1, paid_by=None))
    assert act.game.partisans == {"H14": 1}
    with pytest.raises(Illegal, match="france's free partisans would be 2"):
        partisans.place(act, SimpleNamespace(partisans="H04", count=1, paid_by=None))
