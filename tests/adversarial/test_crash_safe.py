"""A crash at any instant of a write leaves the game's files usable (issue 18, crash-safe pairs): before, the game
and its log were renamed one after the other, so a crash between the two renames left the new game with the old
log (every command then refused the pair) and the new log in a hidden temporary file.

Each command that writes a game is run once per step of its write (each open, chmod, write, fsync, close, rename
and unlink, counted in a clean run), crashing at that step: the folder then holds exactly the files of before or
those of a clean run, or the next command brings it to one of the two by itself; no temporary file or journal is
left, and `replay` passes. A full disk at any step before the first rename leaves the files of before and nothing
else; at a later step, the next command finishes the write."""

from __future__ import annotations

import itertools
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from aa_ref.core import fairdice
from tests.adversarial.faults import FaultyOs, SimulatedCrash, aa_ref, copy, files
from tests.adversarial.support import POSIX_ONLY, ROOT

NEW = ("new", "aa1941", "-o", "game.yaml", "--seed", "crash")
TEMPLATE = ("template", "game.yaml", "-o", "o.yaml")
APPLY = ("apply", "game.yaml", "o.yaml", "--in-place")


@dataclass(frozen=True)
class Scenario:
    before: tuple[tuple[str, ...], ...]
    """The commands that make the folder the command under test starts from."""
    command: tuple[str, ...]
    then: tuple[str, ...]
    """The next command, run after a crash: it must repair the folder by itself."""


SCENARIOS = {
    "apply": Scenario((NEW, TEMPLATE), APPLY, ("show", "game.yaml")),
    "undo": Scenario((NEW, TEMPLATE, APPLY), ("undo", "game.yaml"), ("recover", "game.yaml")),
    "commit": Scenario((NEW,), ("commit", "game.yaml", "--secret", "alice.secret.yaml", "--player", "alice", "--side",
                                "Axis", "--length", "3"), ("show", "game.yaml")),
    "new": Scenario((), NEW, ("recover", "game.yaml")),
}
FIRST_RENAME = {"apply": 2, "undo": 2, "commit": 3, "new": 2}
"""How many files each command writes."""


@pytest.fixture(autouse=True)
def same_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new secret file holds the same secrets on every run (a key and a chain secret), so that runs can be compared
    byte for byte."""
    made = itertools.cycle(["1" * 64, "2" * 64])
    monkeypatch.setattr(fairdice, "new_secret", lambda: next(made))


@dataclass
class Runs:
    start: Path
    """The folder the command starts from, copied for each run."""
    old: dict[str, bytes]
    new: dict[str, bytes]
    steps: list[str]
    """The steps of a clean run's write."""


def prepare(tmp_path: Path, scenario: Scenario) -> Runs:
    start = tmp_path / "start"
    start.mkdir()
    for command in scenario.before:
        assert aa_ref(start, *command).exit_code == 0
    clean = copy(start, tmp_path / "clean")
    counted = FaultyOs()
    done = aa_ref(clean, *scenario.command, faulty=counted)
    assert done.exit_code == 0, done.output
    return Runs(start, files(start), files(clean), counted.steps)


def check_replays(folder: Path) -> None:
    if (folder / "game.yaml").exists():
        replayed = aa_ref(folder, "replay", "game.yaml")
        assert replayed.exit_code == 0 and "matches the game" in replayed.output, replayed.output


def crash_at(runs: Runs, scenario: Scenario, folder: Path, k: int) -> str:
    """Crash the command at step `k`; what the folder then holds: the old files, the new, or what the next command
    made of it (`finished`: the new files, `undone`: the old)."""
    copy(runs.start, folder)
    with pytest.raises(SimulatedCrash):
        aa_ref(folder, *scenario.command, faulty=FaultyOs(at=k))
    left = files(folder)
    if left == runs.old:
        outcome = "old"
    elif left == runs.new:
        outcome = "new"
    else:
        repaired = aa_ref(folder, *scenario.then)
        assert repaired.exit_code == 0, (k, runs.steps[k - 1], repaired.output)
        assert "Traceback" not in repaired.output
        after = files(folder)
        assert after in (runs.old, runs.new), (k, runs.steps[k - 1], sorted(after))
        outcome = "finished" if after == runs.new else "undone"
        assert ("finished an interrupted write" if outcome == "finished" else "interrupted write") in repaired.output
    check_replays(folder)
    return outcome


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_crash_at_any_step_leaves_the_old_files_or_the_new(tmp_path, name):
    scenario = SCENARIOS[name]
    runs = prepare(tmp_path, scenario)
    assert runs.steps.count("replace") == FIRST_RENAME[name]
    outcomes = [crash_at(runs, scenario, tmp_path / f"crash{k}", k) for k in range(1, len(runs.steps) + 1)]
    assert set(outcomes) == {"old", "undone", "finished"}, Counter(outcomes)  # "new" at the end: the journal is left
    staged = len(runs.steps) - runs.steps[::-1].index("write")
    assert set(outcomes[:staged]) == {"old", "undone"}, list(zip(runs.steps, outcomes))  # until every file is staged
    assert set(outcomes[staged:]) == {"finished"}, list(zip(runs.steps, outcomes))  # then, the new files
    print(f"{name}: {len(runs.steps)} steps {' '.join(runs.steps)}: {dict(Counter(outcomes))}")


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_full_disk_at_any_step_leaves_the_old_files(tmp_path, name):
    """Before the first rename, the old files and nothing else; after it, the next command finishes the write."""
    scenario = SCENARIOS[name]
    runs = prepare(tmp_path, scenario)
    first_rename = runs.steps.index("replace") + 1
    last_rename = len(runs.steps) - runs.steps[::-1].index("replace")
    for k in range(1, len(runs.steps) + 1):
        folder = copy(runs.start, tmp_path / f"full{k}")
        failed = aa_ref(folder, *scenario.command, faulty=FaultyOs(at=k, full_disk=True))
        assert "Traceback" not in failed.output
        if k <= first_rename:
            assert failed.exit_code == 2 and "No space left on device" in failed.output, (k, failed.output)
            assert "nothing was written" in failed.output
            assert files(folder) == runs.old, (k, runs.steps[k - 1])
            continue
        if k <= last_rename:
            assert failed.exit_code == 2 and "the next aa-ref command on game.yaml finishes it" in failed.output
        else:  # making the renames durable, deleting the journal: every file is in place
            assert failed.exit_code == 0, failed.output
        assert aa_ref(folder, *scenario.then).exit_code == 0
        assert files(folder) == runs.new, (k, runs.steps[k - 1])
        check_replays(folder)


def test_a_crash_while_recovering_is_recovered_from(tmp_path):
    """Recovery is a write too: crashed at any of its steps, the next command still brings the old files (a write
    crashed while staging) or the new (a write crashed between its renames)."""
    scenario = SCENARIOS["apply"]
    runs = prepare(tmp_path, scenario)
    second_rename = len(runs.steps) - runs.steps[::-1].index("replace")
    staging = [i for i, step in enumerate(runs.steps, 1) if step == "write"][2]  # half of the log staged
    for crashed_at, expected in ((second_rename, runs.new), (staging, runs.old)):
        interrupted = tmp_path / f"interrupted{crashed_at}"
        copy(runs.start, interrupted)
        with pytest.raises(SimulatedCrash):
            aa_ref(interrupted, *scenario.command, faulty=FaultyOs(at=crashed_at))
        counted = FaultyOs()
        aa_ref(copy(interrupted, tmp_path / f"count{crashed_at}"), "show", "game.yaml", faulty=counted)
        assert counted.steps, "recovery had nothing to do"
        for k in range(1, len(counted.steps) + 1):
            folder = copy(interrupted, tmp_path / f"recover{crashed_at}-{k}")
            with pytest.raises(SimulatedCrash):
                aa_ref(folder, "show", "game.yaml", faulty=FaultyOs(at=k))
            repaired = aa_ref(folder, "recover", "game.yaml")
            assert repaired.exit_code == 0, repaired.output
            assert files(folder) == expected, (crashed_at, k, counted.steps[k - 1])
            check_replays(folder)


def test_recover_says_what_it_did(tmp_path):
    scenario = SCENARIOS["apply"]
    runs = prepare(tmp_path, scenario)
    folder = copy(runs.start, tmp_path / "crashed")
    with pytest.raises(SimulatedCrash):
        aa_ref(folder, *scenario.command, faulty=FaultyOs(at=runs.steps.index("replace") + 2))  # between the renames
    assert (folder / ".game.yaml.journal").exists()
    done = aa_ref(folder, "recover", "game.yaml")
    assert done.exit_code == 0
    assert done.output == "game.yaml: finished an interrupted write of game.yaml and game.log.yaml.\n"
    assert files(folder) == runs.new
    again = aa_ref(folder, "recover", "game.yaml")
    assert again.exit_code == 0 and again.output == "game.yaml: nothing to recover.\n"


def test_recover_deletes_what_older_versions_left(tmp_path):
    """aa-ref before journals left `.game.yaml.XXXXXXXX.tmp` when it crashed: `recover` deletes those of the game and
    its log, and nothing else."""
    runs = prepare(tmp_path, SCENARIOS["apply"])
    folder = copy(runs.start, tmp_path / "old")
    for name in (".game.yaml.ab_c1234.tmp", ".game.log.yaml.x9y8z7w6.tmp", ".other.yaml.ab_c1234.tmp",
                 ".game.yaml.short.tmp", "game.yaml.ab_c1234.tmp"):
        (folder / name).write_text("left\n")
    done = aa_ref(folder, "recover", "game.yaml")
    assert done.exit_code == 0, done.output
    assert "deleted 2 temporary file(s)" in done.output
    assert sorted(set(files(folder)) - set(runs.old)) == [".game.yaml.short.tmp", ".other.yaml.ab_c1234.tmp",
                                                           "game.yaml.ab_c1234.tmp"]


def test_recover_of_no_game(tmp_path):
    done = aa_ref(tmp_path, "recover", "nothing.yaml")
    assert done.exit_code == 2 and "nothing.yaml: no such file" in done.output


KILLS = 30


@POSIX_ONLY
@pytest.mark.slow
def test_an_apply_killed_at_random_moments_leaves_the_old_files_or_the_new(tmp_path):
    """The real thing: `apply --in-place` in a child process killed (SIGKILL: nothing of it runs) at a random moment
    of the later part of its run, where it writes; the next command repairs what it left."""
    scenario = SCENARIOS["apply"]
    runs = prepare(tmp_path, scenario)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)}
    command = [sys.executable, "-m", "aa_ref", *scenario.command]
    timed = copy(runs.start, tmp_path / "timed")
    started = time.monotonic()
    subprocess.run(command, cwd=timed, env=env, check=True, capture_output=True)
    took = time.monotonic() - started
    outcomes: Counter[str] = Counter()
    for n in range(KILLS):
        folder = copy(runs.start, tmp_path / f"kill{n}")
        child = subprocess.Popen(command, cwd=folder, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(random.uniform(0.5, 1.1) * took)
        child.send_signal(signal.SIGKILL)
        child.wait()
        left = files(folder)
        if left in (runs.old, runs.new):
            outcomes["old" if left == runs.old else "new"] += 1
        else:
            repaired = aa_ref(folder, *scenario.then)
            assert repaired.exit_code == 0, repaired.output
            assert files(folder) in (runs.old, runs.new)
            outcomes["repaired"] += 1
        check_replays(folder)
    print(f"{KILLS} kills: {dict(outcomes)}")


def test_a_log_in_a_subfolder_is_journaled_too(tmp_path):
    """A game may keep its log below its folder (`log: {file: logs/game.log.yaml}`): the journal names it so, its
    staged file goes beside it, and a crash between the renames is finished."""
    start = tmp_path / "start"
    start.mkdir()
    assert aa_ref(start, *NEW).exit_code == 0
    (start / "logs").mkdir()
    (start / "game.log.yaml").rename(start / "logs" / "game.log.yaml")
    game = start / "game.yaml"
    game.write_text(game.read_text().replace("file: game.log.yaml", "file: logs/game.log.yaml"))
    assert aa_ref(start, *TEMPLATE).exit_code == 0
    clean, crashed = copy(start, tmp_path / "clean"), copy(start, tmp_path / "crashed")
    counted = FaultyOs()
    assert aa_ref(clean, *APPLY, faulty=counted).exit_code == 0
    with pytest.raises(SimulatedCrash):
        aa_ref(crashed, *APPLY, faulty=FaultyOs(at=counted.steps.index("replace") + 2))
    assert any(p.name.startswith(".game.log.yaml.") for p in (crashed / "logs").iterdir())
    assert '"file": "logs/game.log.yaml"' in (crashed / ".game.yaml.journal").read_text()
    shown = aa_ref(crashed, "show", "game.yaml")
    assert shown.exit_code == 0 and "finished an interrupted write of game.yaml and logs/game.log.yaml" in shown.output
    assert files(crashed) == files(clean) and files(crashed / "logs") == files(clean / "logs")
    check_replays(crashed)
