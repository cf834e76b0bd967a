"""Fixtures for driving the real `aa-ref` command."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from aa_ref.cli.app import app


class Cli:
    """Runs `aa-ref` in-process in a working folder and remembers the result."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.runner = CliRunner()

    def __call__(self, *args: str):
        result = self.runner.invoke(app, [str(a) for a in args], catch_exceptions=False)
        return result

    def edit(self, name: str, old: str, new: str) -> None:
        """Change a file by hand, as a user (or a cheat) would: `old` must be there."""
        path = self.folder / name
        text = path.read_text()
        assert old in text, f"{old!r} not in {name}"
        path.write_text(text.replace(old, new, 1))

    def snapshot(self) -> dict[str, str]:
        """Every file in the folder and its digest, to prove a command wrote nothing."""
        return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(self.folder.iterdir())
                if p.is_file() and not (p.name.startswith(".") and p.name.endswith(".lock"))}  # a game's lock file


@pytest.fixture
def game(cli: Cli) -> Path:
    """A fresh 1941 game with a fixed seed."""
    result = cli("new", "aa1941", "-o", "game.yaml", "--seed", "e2e")
    assert result.exit_code == 0, result.output
    return cli.folder / "game.yaml"
