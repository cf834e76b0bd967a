"""AR 13.0 HQs, OR 19.0 reconnaissance, OR 22.0 Jericho Trumpets, AR 23.0 (not implemented): the scenario fields'
checks, the command line, the options, and the fog of war of activations and reconnaissance [BW L1815-L2056],
[BW L2214-L2288]."""

from __future__ import annotations

import json
from pathlib import Path


from aa_ref.games.blocks_in_the_west import hq, rules
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.board import Board
from aa_ref.games.blocks_in_the_west.ruleset import Bitw
from aa_ref.games.blocks_in_the_west.views import view
from aa_ref.core.dice import RecordedDice
from aa_ref.core.documents import parse_model
from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.yamlio import Document
from tests.conformance.bitw_runner import build_state
from tests.located import EditedFile

ROOT = Path(__file__).resolve().parents[2]
EDITS = EditedFile(ROOT / "aa_ref" / "setups" / "bitw-demo.yaml", "scenario.yaml")


# --- the scenario fields ---------------------------------------------------------------------------------
def test_an_hq_kind_on_a_block_that_is_no_hq_is_reported(folder):
    """Only HQ blocks have a kind [BW L1825-L1831]."""
    EDITS.reported(folder, '  ge_inf_4: {power: germany, unit: infantry, name: "XXXVIII Korps",',
              '  ge_inf_4: {power: germany, unit: infantry, hq: armour, name: "XXXVIII Korps",',
              "unit: infantry, hq: armour", "armour", "block ge_inf_4 is infantry, not an HQ")


def test_a_stuka_that_is_no_bomber_is_reported(folder):
    """The Jericho Trumpets are the Stukas' (bombers) [BW L2264-L2266]."""
    EDITS.reported(folder, '  ge_f_1: {power: germany, unit: fighter, name: "JG 26",',
              '  ge_f_1: {power: germany, unit: fighter, stuka: true, name: "JG 26",',
              "unit: fighter, stuka: true", "true", "a Stuka (Jericho Trumpets) is a bomber")


def test_two_supreme_leaders_of_one_power_are_reported(folder):
    """Each nation has one supreme leader [BW L1913]."""
    EDITS.reported(folder, '  ge_hq_pz: {power: germany, unit: hq, hq: armour,',
              '  ge_hq_pz: {power: germany, unit: hq, hq: supreme,',
              "ge_hq_pz: {power: germany, unit: hq, hq: supreme", "supreme", "more than one supreme leader")


def test_the_demo_has_hqs_for_the_advanced_rules():
    from aa_ref.core.setups import load_setup
    demo = load_setup(str(ROOT / "aa_ref" / "setups" / "bitw-demo.yaml"))
    kinds = {b: x.hq for b, x in demo.blocks.items() if x.unit == "hq"}
    assert kinds == {"ge_hq_pz": "armour", "ge_hq_2lf": "air", "ge_hitler": "supreme", "fr_hq_air": "air",
                     "fr_gamelin": "supreme"}
    assert demo.setup["ge_hitler"].hex == "berlin" and demo.setup["fr_gamelin"].hex == "paris"
    assert demo.blocks["ge_b_2"].stuka


# --- options ---------------------------------------------------------------------------------------------
def test_the_options_of_these_rules_are_played():
    """AR 13.0 and AR 23.0 follow the rule level; OR 19.0 and OR 22.0 are named [BW L27-L35]."""
    assert rules.choices(rules.RULE["airborne"]) == rules.choices(rules.RULE["hq_command"]) == ("auto", "on", "off")
    assert rules.option_problem("airborne", "on") is None and rules.option_problem("hq_command", "on") is None
    assert rules.option_problem("recon", "on") is None and rules.option_problem("jericho_trumpets", "on") is None


def test_hq_command_follows_the_rule_level():
    scenario, _, game = build_state({"scenario": "_hq-scenario.yaml", "options": {"rules": "advanced"}})
    assert hq.on(game)
    game.options["hq_command"] = "off"
    assert not hq.on(game)


# --- the command line ------------------------------------------------------------------------------------
def _board(blocks: dict, weather: str = "good") -> Board:
    scenario, _, game = build_state({"scenario": "_hq-scenario.yaml", "state": {"blocks": blocks, "weather": weather}})
    return Board(scenario, game)


def test_the_command_line_counts_hexes_through_friendly_land():
    """5 hexes through hexes the side controls [BW L1843-L1847]."""
    board = _board({"de-pzhq": {"hex": "H72"}})
    assert hq.within_range(board, "H72", "H42", "axis", 3)
    assert not hq.within_range(board, "H72", "H41", "axis", 3)
    assert hq.within_range(board, "H72", "H41", "axis", 5)


def test_the_command_line_does_not_pass_enemy_territory():
    """A hex the enemy controls is not friendly: the line may end there (the unit's hex), not pass it."""
    board = _board({"de-pzhq": {"hex": "H42"}})
    assert hq.within_range(board, "H42", "H32", "axis", 5)  # ends in French Metz
    assert not hq.within_range(board, "H42", "H12", "axis", 5)  # would pass French hexes


def test_the_command_line_does_not_cross_a_strait_or_the_sea():
    board = _board({"gb-inf1": {"hex": "H00"}})
    assert not hq.within_range(board, "H00", "H01", "allies", 5)


# --- fog of war ------------------------------------------------------------------------------------------
def _play(case: dict, actions: list, dice: list[int]):
    scenario, ruleset, game = build_state(case)
    doc = Document(path=Path("orders.yaml"), data={"kind": "bitw-orders", "schema_version": 1, "power": "axis",
                                                  "actions": actions})
    given = OrdersInput(doc=doc, model=parse_model(doc, "bitw-orders"))
    ctx = Context(scenario, game.model_copy(deep=True), RecordedDice(dice, "test"), manual_dice=True,
                  apply=Bitw.apply_event)
    ruleset.adjudicate(ctx, given)
    return scenario, ctx.game


def test_an_activation_reveals_the_hq_but_not_whom_it_commands():
    """The activated HQ is revealed [BW L1837]; the units it commands stay hidden to the enemy."""
    scenario, game = _play({"scenario": "_hq-scenario.yaml", "options": {"hq_command": "on"},
                            "state": {"blocks": {"de-pzhq": {"hex": "H62"}, "de-tank1": {"hex": "H52"},
                                                 "de-2lf": {"hex": "H72"}}}},
                           [{"activate": "de-pzhq", "command": ["de-tank1"]}], [])
    assert game.hq_active["de-pzhq"].commands == ["de-tank1"]
    seen = view(scenario, game, "allies")
    text = json.dumps(seen.model_dump(mode="json"))
    assert "de-pzhq" in seen.blocks
    assert "de-tank1" not in text and "de-2lf" not in text and "commands" not in text


def test_a_successful_recon_shows_the_enemy_blocks_in_the_recon_sides_view():
    """Success reveals every enemy block in the hex [BW L2230], [BW L2242]; the attempt count is not shown."""
    scenario, game = _play({"scenario": "_hq-scenario.yaml", "options": {"recon": "on"},
                            "state": {"blocks": {"de-2lf": {"hex": "H42"}, "fr-inf2": {"hex": "H22"},
                                                 "fr-inf1": {"hex": "H12"}}}},
                           [{"recon": "H22", "hq": "de-2lf"}], [1, 2, 4])
    seen = view(scenario, game, "axis")
    assert seen.blocks["fr-inf2"].unit == "infantry" and "fr-inf1" not in seen.blocks
    assert game.recon_hexes == ["H22"] and game.recon_tries == {"de-2lf": 1}
    assert "recon" not in json.dumps(view(scenario, game, "allies").model_dump(mode="json"))


def test_recon_attempts_follow_the_hq():
    """An air HQ as many as its level, other Axis HQs 1, Allied non-air HQs none [BW L2222]."""
    scenario, _, game = build_state({"scenario": "_hq-scenario.yaml", "options": {"recon": "on"},
                                     "state": {"blocks": {"de-2lf": {"hex": "H42"}, "de-pzhq": {"hex": "H52"},
                                                          "fr-gamelin": {"hex": "H12"}, "fr-airhq": {"hex": "H02"}}}})
    act = Act(Context(scenario, game, RecordedDice([], "t"), manual_dice=True, apply=Bitw.apply_event), scenario, "axis")
    from aa_ref.games.blocks_in_the_west import recon

    assert [recon.attempts(act, b) for b in ("de-2lf", "de-pzhq", "fr-gamelin", "fr-airhq")] == [4, 1, 0, 2]
