"""Fixtures every test folder shares."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from tests.e2e.conftest import Cli

settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))
"""The property tests draw the same examples on every run, so that CI is red only for a change, never for a draw;
`HYPOTHESIS_PROFILE=explore` draws new ones (README, "Tests")."""

deep = pytest.mark.skipif(not os.environ.get("AA_REF_DEEP"), reason="a deep search: AA_REF_DEEP=1 runs it")
"""A search too long for the README's test command (minutes per test on 2 cores): run by hand, `AA_REF_DEEP=1`."""


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Cli:
    """The real `aa-ref` command, run in a fresh folder."""
    monkeypatch.chdir(tmp_path)
    return Cli(tmp_path)


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh folder, the current one for the test (files a test writes and reads by relative name)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture(autouse=True)
def no_terminal_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """Output is fitted to `COLUMNS` (`aa_ref.cli.fit`), which pytest-xdist's workers set to 80: every test starts
    without it, as a script's output does; the tests of fitting set it themselves."""
    monkeypatch.delenv("COLUMNS", raising=False)
