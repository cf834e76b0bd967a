"""Fault injection for the crash-safe writes: `os` as `aa_ref.core.journal` sees it, counting every step of a write
(each open, chmod, write, fsync, close, rename and unlink) and crashing, or failing with a full disk, at the k-th."""

from __future__ import annotations

import errno
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from aa_ref.cli.app import app
from aa_ref.core import journal

STEPS = frozenset({"open", "chmod", "write", "fsync", "close", "replace", "rename", "unlink"})


class SimulatedCrash(BaseException):
    """A crash at one step of a write. A BaseException, so that no `except OSError` (nor `except Exception`) runs,
    as none runs when a process is killed; `finally` blocks still run here, so aa-ref's writes must not rely on
    one to clean up (journal.py has none that deletes or renames)."""


class FaultyOs:
    """Stands for the `os` module in `aa_ref.core.journal`: counts each step of a write and, at step `at`, crashes
    (a write crashes half-written, a close after closing) or, with `full_disk`, raises ENOSPC instead."""

    def __init__(self, at: int | None = None, full_disk: bool = False) -> None:
        self.at = at
        self.full_disk = full_disk
        self.steps: list[str] = []

    def __getattr__(self, name: str) -> Any:
        real = getattr(os, name)
        if name not in STEPS:
            return real

        def step(*args: Any, **kwargs: Any) -> Any:
            self.steps.append(name)
            if len(self.steps) != self.at:
                return real(*args, **kwargs)
            if self.full_disk:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            if name == "write":
                real(args[0], bytes(args[1])[: len(args[1]) // 2])
            elif name == "close":
                real(*args)
            raise SimulatedCrash(f"step {self.at}: {name}")

        return step


@contextmanager
def faults(faulty: FaultyOs | None) -> Iterator[None]:
    """Run the body with `faulty` as the journal's `os`."""
    if faulty is None:
        yield
        return
    journal.os = faulty  # type: ignore[attr-defined]
    try:
        yield
    finally:
        journal.os = os  # type: ignore[attr-defined]


def aa_ref(folder: Path, *args: str, faulty: FaultyOs | None = None) -> Any:
    """`aa-ref ARGS` run in-process in `folder` (a SimulatedCrash goes through, as it would kill a process)."""
    here = os.getcwd()
    os.chdir(folder)
    try:
        with faults(faulty):
            return CliRunner().invoke(app, list(args), catch_exceptions=False)
    finally:
        os.chdir(here)


def files(folder: Path) -> dict[str, bytes]:
    """Every file of a folder, hidden ones too (a temporary file, a journal), but for the game's lock file."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file() and not p.name.endswith(".lock")}


def copy(source: Path, folder: Path) -> Path:
    """A fresh copy of a folder (lock files left out)."""
    shutil.copytree(source, folder, ignore=shutil.ignore_patterns("*.lock"))
    return folder
