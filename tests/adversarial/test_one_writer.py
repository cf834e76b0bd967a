"""Two commands at once never lose a turn (issue 18 #5: two `apply --in-place` on one game at the same moment both
printed "Written" and exited 0, and one of the two turns was lost, 31 tries of 40). Each command that reads a game
to write it again holds the game's lock; the second reads the first's game, so its orders are stale and refused."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from aa_ref.core.lock import lock_path, writing

TRIES = 4


def run_together(folder: Path, *commands: list[str]) -> list[subprocess.CompletedProcess]:
    started = [subprocess.Popen([sys.executable, "-m", "aa_ref", *c], cwd=folder, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True) for c in commands]
    return [subprocess.CompletedProcess(p.args, p.wait(timeout=120), p.stdout.read()) for p in started]


@pytest.mark.slow
def test_two_applies_at_once_never_both_write(cli):
    for n in range(TRIES):
        game = f"g{n}.yaml"
        assert cli("new", "aa1941", "-o", game, "--seed", str(n)).exit_code == 0
        assert cli("template", game, "-o", f"o{n}.yaml").exit_code == 0
        first, second = run_together(cli.folder, ["apply", game, f"o{n}.yaml", "--in-place"],
                                     ["apply", game, f"o{n}.yaml", "--in-place"])
        assert sorted([first.returncode, second.returncode]) == [0, 1], (first.stdout, second.stdout)
        refused = first if first.returncode else second
        assert "stale" in refused.stdout or "based on" in refused.stdout, refused.stdout
        assert "Traceback" not in first.stdout + second.stdout
        replayed = cli("replay", game)
        assert replayed.exit_code == 0 and "replay of 1 log entries matches" in replayed.output, replayed.output


def test_a_command_waits_for_the_lock_then_is_refused(cli):
    assert cli("new", "aa1941", "-o", "g.yaml", "--seed", "s").exit_code == 0
    assert cli("template", "g.yaml", "-o", "o.yaml").exit_code == 0
    before = cli.snapshot()
    with writing(cli.folder / "g.yaml"):
        started = time.monotonic()
        done = subprocess.run([sys.executable, "-c", "import sys; from aa_ref.core import lock; lock.WAIT_SECONDS = 0.5; "
                               "from aa_ref.cli.app import main; sys.argv = ['aa-ref', 'apply', 'g.yaml', 'o.yaml', "
                               "'--in-place']; main()"], cwd=cli.folder, capture_output=True, text=True, timeout=60)
        waited = time.monotonic() - started
    assert done.returncode == 2, done.stdout + done.stderr
    assert "is being written by another aa-ref command" in done.stderr and waited >= 0.5
    assert cli.snapshot() == before and lock_path(Path("g.yaml")).name == ".g.yaml.lock"
