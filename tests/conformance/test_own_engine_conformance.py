"""Run every numbered conformance case of the games with engines of their own: WARZAG
(tests/conformance/warzag/, warzag_runner.py) and Blocks in the West
(tests/conformance/blocks_in_the_west/, bitw_runner.py)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from aa_ref.core.yamlio import load_yaml
from tests.conformance import bitw_runner, warzag_runner

HERE = Path(__file__).parent
GAMES: dict[str, tuple[ModuleType, str, int]] = {
    "warzag": (warzag_runner, "WZ L", 60),
    "blocks_in_the_west": (bitw_runner, "BW L", 80),
}
"""Folder -> its runner, how its cases cite the rulebook, the fewest cases its issue asks for."""
CASES = [(game, path) for game in GAMES for path in sorted((HERE / game).glob("[0-9][0-9][0-9]-*.yaml"))]


@pytest.mark.parametrize("game, path", CASES, ids=[f"{g}/{p.stem}" for g, p in CASES])
def test_case(game: str, path: Path) -> None:
    runner, citation, _ = GAMES[game]
    bug = load_yaml(path).data.get("known_bug")
    case, outcome = runner.run_case(path)
    assert citation in str(case.get("rule")), f"{path.name}: cite the rulebook as '{citation}nnn'"
    failures = runner.check_expectations(case, outcome)
    if bug:  # the case states the rule; the engine does not follow it yet
        assert failures, f"{path.name} passes: the known bug is fixed, remove its known_bug key"
        pytest.xfail(f"known engine bug: {bug}")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("game", list(GAMES))
def test_case_numbers_are_unique_and_match_their_files(game: str) -> None:
    paths = [p for g, p in CASES if g == game]
    numbers = [p.name[:3] for p in paths]
    assert len(numbers) == len(set(numbers)), f"duplicate case numbers: {sorted(n for n in numbers if numbers.count(n) > 1)}"
    for path in paths:
        data = load_yaml(path).data
        assert int(data["case"]) == int(path.name[:3]), path.name
        assert data.get("title") and data.get("expect", {}).get("verdict") in ("legal", "illegal"), path.name
    assert len(paths) >= GAMES[game][2]


def test_the_bitw_test_scenario_is_valid() -> None:
    scenario = bitw_runner.load_scenario()
    assert scenario.demo and set(scenario.powers) == {"germany", "italy", "france", "britain"}
