"""Run every numbered conformance case under tests/conformance/<game>/."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conformance.runner import check_expectations, run_case

HERE = Path(__file__).parent
CASES = sorted(p for p in HERE.glob("*/[0-9][0-9][0-9]-*.yaml") if p.parent.name not in ("warzag", "blocks_in_the_west"))  # their own runners


@pytest.mark.parametrize("path", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
def test_case(path: Path) -> None:
    from aa_ref.core.yamlio import load_yaml

    bug = load_yaml(path).data.get("known_bug")
    if bug:
        pytest.xfail(f"known engine bug: {bug}")
    case, outcome = run_case(path)
    assert case.get("rule"), f"{path.name} cites no rule"
    failures = check_expectations(case, outcome)
    assert not failures, "\n".join(failures)


def test_case_numbers_are_unique_and_match_their_files() -> None:
    from aa_ref.core.yamlio import load_yaml

    for game_dir in {p.parent for p in CASES}:
        numbers = [p.name[:3] for p in game_dir.glob("[0-9][0-9][0-9]-*.yaml")]
        assert len(numbers) == len(set(numbers)), f"duplicate case numbers in {game_dir.name}"
    for path in CASES:
        assert int(load_yaml(path).data["case"]) == int(path.name[:3]), path.name


def test_the_1941_corpus_is_unchanged() -> None:
    """Regression guard for later editions: the 1941 cases run (above) exactly as they were
    when 1941 was finished; a new edition may not pass by editing them."""
    import hashlib

    manifest = HERE / "aa1941.sha256"
    expected = dict(reversed(line.split("  ", 1)) for line in manifest.read_text().splitlines())
    actual = {f"aa1941/{p.name}": hashlib.sha256(p.read_bytes()).hexdigest()
              for p in sorted((HERE / "aa1941").glob("*.yaml"))}
    assert actual == expected
