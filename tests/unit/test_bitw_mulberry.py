"""BR 6.7 Mulberries in Blocks in the West (with AR 24.0): bombing them (10 hits destroy one), the siege they hold,
the stacking they allow one side only, their data checks and the option now in play."""

from __future__ import annotations

from pathlib import Path

import pytest

from aa_ref.core.dice import RecordedDice
from aa_ref.core.engine import Context
from aa_ref.games.blocks_in_the_west import bombing, damage, mulberry, naval, rules, supply
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import apply_event
from aa_ref.games.blocks_in_the_west.ruleset import FIELDS_SINCE_DIGEST
from aa_ref.games.blocks_in_the_west.state import Mission
from aa_ref.games.blocks_in_the_west.views import view
from tests.conformance.bitw_runner import build_state
from tests.located import EditedFile

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "conformance" / "blocks_in_the_west"
EDITS = EditedFile(CASES / "_mulberry-scenario.yaml", "scenario.yaml")


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _act(state: dict, side: str = "allies") -> Act:
    scenario, _, game = build_state({"scenario": "_mulberry-scenario.yaml", "options": {"amphibious": "on"},
                                     "state": state})
    return Act(Context(scenario, game, RecordedDice([], "test"), apply=apply_event), scenario, side)  # type: ignore[arg-type]


def test_the_fixture_validates(folder):
    result = EDITS.validate(folder, EDITS.text())
    assert result.exit_code == 0, result.output


def test_axis_mulberry_plates_are_reported(folder):
    EDITS.reported(folder, "  italy: {side: axis, capital: H74,", "  italy: {side: axis, mulberries: 1, capital: H74,",
                   "italy: {side: axis, mulberries", "1", "only the Western Allies")


def test_amphibious_is_implemented_now():
    assert rules.option_problem("amphibious", "on") is None
    assert "mulberries" in FIELDS_SINCE_DIGEST["powers"] and "neutral" in FIELDS_SINCE_DIGEST["powers"]


def test_ten_hits_destroy_a_mulberry_three_close_it_to_supply():
    """BR 6.7.2: "Come per i porti, 1 colpo ne impedisce i movimenti ... 3 colpi bloccano il suo rifornimento ...
    se colpito 10 volte nella fase Guerra strategica" [BW L1126-L1133]."""
    act = _act({"power": "axis", "phase": "strategic_warfare", "mulberries": {"H31": "britain"},
                "control": {"H31": "allies"}, "blocks": {"gb-inf1": {"hex": "H31"}}}, "axis")
    mission = Mission(hex="H31", target="mulberry", bombers=["de-bmb1"])
    bombing.struck(act, mission, 3)
    assert damage.port_closed(act.game, "H31", "supply") and act.game.mulberries == {"H31": "britain"}
    assert "H31" not in mulberry.sources(act.board(), "britain")
    bombing.struck(act, mission, 7)
    assert act.game.mulberries == {}
    assert any("destroyed: 10 hits" in getattr(e, "text", "") for e in act.ctx.events)


def test_a_mulberry_holds_five_in_a_siege():
    """"5 nei Mulberries" [BW L1779]."""
    act = _act({"mulberries": {"H31": "britain"}, "control": {"H31": "allies"}, "blocks": {"gb-inf1": {"hex": "H31"}}})
    assert supply.siege_cap(act.board(), "H31", "gb-inf1") == mulberry.CAPACITY


def test_only_the_mulberrys_side_overstacks():
    act = _act({"mulberries": {"H31": "britain"}, "control": {"H31": "allies"}})
    board = act.board()
    assert board.stacking_problem("H31", ["gb-inf1", "gb-inf2", "gb-mar1", "fr-inf1", "fr-inf2"]) is None
    assert board.stacking_problem("H31", ["de-inf1", "de-inf2", "de-inf3"]) is not None


def test_a_mulberry_is_a_major_port_for_the_control_of_its_waters():
    """[BW L548], [BW L1126]: a side holding a Mulberry holds a major port on that body of water."""
    act = _act({"mulberries": {"H31": "britain"}, "control": {"H31": "allies", "H00": "axis", "H10": "axis",
                                                              "H01": "axis"}})
    assert naval.body_controlled(act.board(), "atlantic", "allies")
    act.game.mulberries = {}
    assert not naval.body_controlled(act.board(), "atlantic", "allies")


def test_the_views_show_the_mulberries_to_both_sides():
    act = _act({"power": "allies", "mulberries": {"H31": "britain"}, "mulberry_paid": {"britain": 10}, "pp_by_sea": 3,
                "neutrals_attacked": {"belgium": 1}})
    allies, axis = view(act.scenario, act.game, "allies"), view(act.scenario, act.game, "axis")
    assert allies.mulberries == axis.mulberries == {"H31": "britain"}
    assert allies.mulberry_paid == axis.mulberry_paid == {"britain": 10}
    assert axis.neutrals_attacked == {"belgium": 1}
    assert (allies.pp_by_sea, axis.pp_by_sea) == (3, 0)


def _variant(tmp_path: Path, number: str, *edits: tuple[str, str]):
    from tests.conformance.bitw_runner import run_case

    source = next(CASES.glob(f"{number}-*.yaml"))
    text = source.read_text()
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / source.name
    path.write_text(text)
    return run_case(path)[1]


def test_no_mulberry_on_a_beach_the_first_round_did_not_clear(tmp_path):
    """"se l'esagono è stato completamente ripulito dalle unità nemiche" [BW L1122]: the defender survived round 1."""
    outcome = _variant(tmp_path, "252", ("de-inf3: {hex: H01, strength: 1, revealed: true}",
                                         "de-inf3: {hex: H01, strength: 3, revealed: true}"),
                       ("{second_wave: [gb-inf1, gb-inf2], battle: H01, mulberry: britain}",
                        "{second_wave: [], battle: H01, mulberry: britain}"),
                       ("dice: [1, 1, 6, 2, 2]", "dice: [1, 1, 1, 1, 1]"))
    assert any("H01 still holds enemy units" in p for p in outcome.problems), outcome.problems


def test_the_pp_cap_by_sea_is_amphibious_only(tmp_path):
    """Without AR 24.0 the repairs of units supplied by sea are not capped (BR 6.7.3 comes with the Mulberries)."""
    outcome = _variant(tmp_path, "257", ("options: {amphibious: 'on'}", "options: {amphibious: 'off'}"),
                       ("  mulberries: {H31: britain}\n", ""))
    assert not outcome.problems, outcome.problems
