"""The conformance runners themselves: an unknown key is an error naming the file and the key, a refused
document that changed the game fails its case, an illegal verdict's expectations are compared, and each
expectation word of the A&A runner fails when the game differs (issue 19)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from aa_ref.core.yamlio import load_yaml
from tests.conformance import bitw_runner, runner, warzag_runner

HERE = Path(__file__).parent


def _case(tmp_path: Path, base: Path, change: Any, name: str = "901-case.yaml") -> Path:
    """A copy of the case file `base` written under tmp_path after `change(data)` (JSON is YAML)."""
    data = load_yaml(base).data
    change(data)
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


ILLEGAL_1941 = HERE / "aa1941/002-purchase-over-treasury.yaml"
LEGAL_1941 = HERE / "aa1941/012-income-after-mobilize.yaml"
WARZAG = HERE / "warzag/001-bases-by-objective-draw.yaml"
BITW = HERE / "blocks_in_the_west/001-only-the-active-side-gives-orders.yaml"


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(titel="x"), ["the case", "'titel'", "did you mean 'title'"]),
    (lambda d: d["expect"].update(stat={}), ["expect", "'stat'", "did you mean 'state'"]),
    (lambda d: d["expect"].update(state={"tresury": {"USSR": 7}}), ["expect.state", "did you mean 'treasury'"]),
    (lambda d: d["state"].update(phse="purchase"), ["key in state", "did you mean 'phase'"]),
    (lambda d: d["expect"].update(state={"pending": [{"power": "USSR", "knd": "casualties"}]}),
     ["expect.state.pending", "'knd'", "did you mean 'kind'"]),
    (lambda d: d["expect"].update(state={"battle_sides": {"Karelia": {"attacker": "Germany", "defender": []}}}),
     ["battle_sides", "did you mean 'defenders'"]),
    (lambda d: d.update(options={"victroy": "capitals"}), ["unknown option 'victroy'", "did you mean 'victory'"]),
    (lambda d: d["expect"].update(state={"owner": {"Karelai": "USSR"}}),
     ["expect.state.owner", "unknown space 'Karelai'", "did you mean 'Karelia'"]),
    (lambda d: d["expect"].update(state={"units": {"Russia": {"USSR": {"infantyr": 3}}}}),
     ["expect.state.units.Russia.USSR", "unknown unit type 'infantyr'", "did you mean 'infantry'"]),
    (lambda d: d["state"].update(treasury={"Russia": 3}), ["state.treasury", "unknown power 'Russia'"]),
])
def test_an_unknown_key_names_the_case_file_and_the_key(tmp_path: Path, change: Any, words: list[str]) -> None:
    path = _case(tmp_path, ILLEGAL_1941, change)
    with pytest.raises(runner.CaseError) as caught:
        runner.run_case(path)
    for word in [str(path), *words]:
        assert word in str(caught.value)


@pytest.mark.parametrize("module, base, change, words", [
    (warzag_runner, WARZAG, lambda d: d["expect"].update(player={}), ["expect", "did you mean 'players'"]),
    (warzag_runner, WARZAG, lambda d: d.update(sed="x"), ["the case", "did you mean 'seed'"]),
    (warzag_runner, WARZAG, lambda d: d.update(options={"mood": "alliances"}), ["options", "did you mean 'mode'"]),
    (bitw_runner, BITW, lambda d: d["state"].update(block={}), ["state", "did you mean 'blocks'"]),
    (bitw_runner, BITW, lambda d: d["expect"].update(error=["x"]), ["expect", "did you mean 'errors'"]),
])
def test_the_other_runners_refuse_unknown_keys(tmp_path: Path, module: Any, base: Path, change: Any,
                                               words: list[str]) -> None:
    path = _case(tmp_path, base, change)
    with pytest.raises(runner.CaseError) as caught:
        module.run_case(path)
    for word in [str(path), *words]:
        assert word in str(caught.value)


def test_a_refused_document_that_changed_the_game_fails_its_case(monkeypatch: pytest.MonkeyPatch) -> None:
    from aa_ref.games.axis_allies.rules.ruleset import AA1941

    real = AA1941.check

    def leaky(self: Any, setup: Any, game: Any, given: Any) -> Any:
        game.powers["USSR"].treasury += 1  # a check that writes to the game it was given
        return real(self, setup, game, given)

    monkeypatch.setattr(AA1941, "check", leaky)
    with pytest.raises(AssertionError, match=r"changed the game: game\.powers\.USSR\.treasury: 7 -> 8"):
        runner.run_case(ILLEGAL_1941)


def test_a_refused_document_of_another_engine_that_changed_the_game_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    from aa_ref.games.warzag.ruleset import Warzag

    real = Warzag.check

    def leaky(self: Any, setup: Any, game: Any, given: Any) -> Any:
        game.round += 5  # a check that writes to the game it was given, then refuses
        return real(self, setup, game, given)

    monkeypatch.setattr(Warzag, "check", leaky)
    monkeypatch.setattr(Warzag, "self_checking", False)  # the runner then calls check, as the session would
    with pytest.raises(AssertionError, match=r"changed the game: game\.round: 1 -> 6"):
        warzag_runner.run_case(HERE / "warzag/022-leader-path-longer-than-the-die.yaml")


def test_an_illegal_verdicts_expectations_are_compared(tmp_path: Path) -> None:
    path = _case(tmp_path, BITW, lambda d: d["expect"].update(turn=7))
    failures = bitw_runner.check_expectations(*bitw_runner.run_case(path))
    assert failures == ["turn is 1, expected 7"]
    path = _case(tmp_path, ILLEGAL_1941, lambda d: d["expect"].update(state={"treasury": {"USSR": 0}}))
    assert runner.check_expectations(*runner.run_case(path)) == ["USSR treasury is 7, expected 0"]


@pytest.mark.parametrize("state, failure", [
    ({"production": {"USSR": 25}}, "USSR production is 7, expected 25"),
    ({"income": {"Germany": 1}}, "Germany income is 12, expected 1"),
    ({"complex_capacity": {"Russia": 9}}, "Russia's complex can place 3 units, expected 9"),
    ({"complex_capacity": {"Karelia": 2}}, "Karelia has no industrial complex"),
    ({"victory_cities": {"Axis": 3}}, "aa1941 reports no victory cities"),
    ({"battle_sides": {"Russia": {"attacker": "Germany"}}}, "0 battles in Russia"),
])
def test_each_new_expectation_word_fails_when_the_game_differs(tmp_path: Path, state: dict[str, Any],
                                                               failure: str) -> None:
    path = _case(tmp_path, LEGAL_1941, lambda d: d["expect"]["state"].update(state))
    failures = runner.check_expectations(*runner.run_case(path))
    assert len(failures) == 1 and failure in failures[0], failures
