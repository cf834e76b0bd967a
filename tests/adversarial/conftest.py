"""Fixtures of the adversarial tests: files sent by a cheating or careless opponent, given to the real `aa-ref`
command (tests/e2e's Cli) in a fresh folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.adversarial.support import ORDERS
from tests.e2e.conftest import Cli


@pytest.fixture
def game(cli: Cli) -> Path:
    """A new 1941 game (game.yaml, game.log.yaml)."""
    result = cli("new", "aa1941", "-o", "game.yaml", "--seed", "adversarial")
    assert result.exit_code == 0, result.output
    return cli.folder / "game.yaml"


@pytest.fixture
def table(cli: Cli, game: Path) -> Cli:
    """A new 1941 game and legal orders for it (o.yaml), beside which the file under test goes."""
    (cli.folder / "o.yaml").write_text(ORDERS)
    return cli
