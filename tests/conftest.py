"""Fixtures every test folder shares."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.conftest import Cli


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Cli:
    """The real `aa-ref` command, run in a fresh folder."""
    monkeypatch.chdir(tmp_path)
    return Cli(tmp_path)
