"""Run every numbered Blocks in the West conformance case under tests/conformance/blocks_in_the_west/
(see bitw_runner.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conformance.bitw_runner import HERE, check_expectations, run_case

CASES = sorted(HERE.glob("[0-9][0-9][0-9]-*.yaml"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path: Path) -> None:
    from aa_ref.yamlio import load_yaml

    bug = load_yaml(path).data.get("known_bug")
    case, outcome = run_case(path)
    assert case.get("rule"), f"{path.name} cites no rule"
    assert "BW L" in str(case["rule"]), f"{path.name}: cite the rulebook as 'BW Lnnn'"
    failures = check_expectations(case, outcome)
    if bug:  # the case states the rule; the engine does not follow it yet
        assert failures, f"{path.name} passes: the known bug is fixed, remove its known_bug key"
        pytest.xfail(f"known engine bug: {bug}")
    assert not failures, "\n".join(failures)


def test_case_numbers_are_unique_and_match_their_files() -> None:
    from aa_ref.yamlio import load_yaml

    numbers = [p.name[:3] for p in CASES]
    assert len(numbers) == len(set(numbers)), f"duplicate case numbers: {sorted(n for n in numbers if numbers.count(n) > 1)}"
    for path in CASES:
        data = load_yaml(path).data
        assert int(data["case"]) == int(path.name[:3]), path.name
        assert data.get("title") and data.get("expect", {}).get("verdict") in ("legal", "illegal"), path.name


def test_the_test_scenario_is_valid() -> None:
    from tests.conformance.bitw_runner import load_scenario

    scenario = load_scenario()
    assert scenario.demo and set(scenario.powers) == {"germany", "italy", "france", "britain"}
