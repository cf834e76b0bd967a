"""What the adversarial tests share: a child process with limits, a deadline, and the check of a refusal."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import aa_ref

ROOT = Path(aa_ref.__file__).resolve().parents[1]
"""The checkout whose aa_ref is under test: a child process must run the same code."""
CHILD_MEMORY = 2 << 30
"""Address space of a child process (bytes): far above what a command needs, far below the machine."""
CHILD_SECONDS = 120
SECONDS = 30
"""How long an in-process command may take before it counts as hung."""
POSIX_ONLY = pytest.mark.skipif(os.name != "posix", reason="devices, named pipes, file modes and signals of POSIX")

ORDERS = "kind: orders\nschema_version: 1\nround: 1\npower: USSR\nphase: purchase\npurchase: {}\n"
"""USSR's first orders in a new 1941 game: buy nothing."""


@dataclass
class Ran:
    """A finished child process, shaped like typer's Result for `refused`."""

    exit_code: int
    output: str


def _limit_memory() -> None:
    import resource  # POSIX only, like the tests that use it

    resource.setrlimit(resource.RLIMIT_AS, (CHILD_MEMORY, CHILD_MEMORY))


def run_child(folder: Path, *args: Any) -> Ran:
    """`aa-ref ARGS` run in `folder` in a child process with at most CHILD_MEMORY of memory, killed after
    CHILD_SECONDS (subprocess.TimeoutExpired then fails the test)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)}
    done = subprocess.run([sys.executable, "-m", "aa_ref", *map(str, args)], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=CHILD_SECONDS, preexec_fn=_limit_memory)
    return Ran(done.returncode, done.stdout + done.stderr)


class Hung(BaseException):
    """A command still running at its deadline (a BaseException: no `except OSError` or `except Exception` of the
    code under test can take it for an error of its own)."""


@contextmanager
def deadline(seconds: int = SECONDS) -> Iterator[None]:
    """Raise Hung in the block if it runs longer than `seconds` (e.g. a read blocked on a pipe)."""

    def expire(signum: int, frame: object) -> None:
        raise Hung(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def refused(result: Any, before: dict[str, str], after: dict[str, str]) -> str:
    """The output of a command that must have refused its input: exit 1 or 2, no traceback, no file changed."""
    output = str(result.output)
    assert result.exit_code in (1, 2), output
    assert "Traceback" not in output, output
    assert after == before, "a refused command changed a file"
    return output
