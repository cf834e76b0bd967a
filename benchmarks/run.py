"""Speed and memory of the commands users run, each a ratio to the floor measured in the same run.

    python3 benchmarks/run.py [--runs N] [--rounds R] [--games DIR] [--baseline DIR]

The floor (issue 22) is a Python that imports typer, pydantic and ruamel.yaml and exits; "pydantic in use" adds one
pydantic model built and used, which any command that checks a file with a model pays, and which typer itself pays
to read a command's parameters. Every command runs as a fresh process, the floors and the commands in turn, N times
(default 7); the table gives the median wall time, its ratio to the floor and the peak memory of the process.

Games: the shipped first round of 1941, and games of R rounds (default 10) of 1941 and of the Anniversary (research
and national objectives on) played by the automatic player; `--games DIR` keeps them in DIR and reuses them (making
them takes a minute). `--baseline DIR` runs every command on an older checkout too (DIR holds its `aa_ref`, e.g.
`git archive REV | tar -x -C DIR`), in the same turns, and prints before and after. The package is byte-compiled
first, as a wheel install is (this matters where PYTHONDONTWRITEBYTECODE is set).
"""

from __future__ import annotations

import argparse
import compileall
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from aa_ref.core import session  # noqa: E402
from aa_ref.games.axis_allies.autoplay import next_orders  # noqa: E402
from aa_ref.core.yamlio import dump_yaml  # noqa: E402

ROUND_1 = sorted((ROOT / "examples" / "aa1941" / "round-1").glob("*.yaml"))
GERMANY_TURN = [p for p in ROUND_1 if "germany" in p.name or "uk-decision" in p.name]
CLI = [sys.executable, "-m", "aa_ref"]
FLOOR = [sys.executable, "-c", "import typer, pydantic, ruamel.yaml"]
PYDANTIC_IN_USE = [sys.executable, "-c", "import typer, pydantic, ruamel.yaml\nfrom pydantic import BaseModel\n"
                   "class Model(BaseModel):\n    a: int\nModel(a=1)"]


ALL_RULES = {"research": "on", "national_objectives": "on"}
"""The Anniversary's optional rules, all on for its benchmark game."""


def play(path: Path, rounds: int, scenario: str = "aa1941", options: dict[str, str] | None = None) -> Path:
    """A game of `rounds` rounds played by the automatic player, written to `path`."""
    session.new_game(scenario, path, seed="benchmark", options=options, overwrite=True)
    rng = random.Random(1941)
    orders = path.with_name("auto-orders.yaml")
    while True:
        loaded = session.load_game(path)
        if loaded.game.winner or loaded.game.round > rounds:
            return path
        orders.write_text(dump_yaml(next_orders(loaded.setup, loaded.ruleset, loaded.game, rng)))
        session.apply_orders(path, [orders], in_place=True)


def before_germany(folder: Path) -> Path:
    """The example game at the start of Germany's first turn."""
    path = folder / "example.yaml"
    session.new_game("aa1941", path, seed="example", overwrite=True)
    first = [p for p in ROUND_1 if p not in GERMANY_TURN][:5]
    session.apply_orders(path, first, in_place=True)
    return path


Row = tuple  # (name, command[, before]): `before()` runs before each run of the command


SPAWNER = """
import os, subprocess, sys, time
start = time.perf_counter()
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
errors = child.stderr.read()
_, status, usage = os.wait4(child.pid, 0)
wall = time.perf_counter() - start
sys.stderr.buffer.write(errors)
print(wall, usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""
"""Runs a command and prints its wall time, peak memory (KiB) and exit code: a small process of its own, since a
child forked from this benchmark (large, having made the games) would count this process's memory as its own."""


def run_once(args: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """(wall seconds, peak MiB) of one run of a command; it must succeed. It runs outside any checkout, so that
    `python -m aa_ref` imports the package installed, or the one PYTHONPATH names."""
    spawned = subprocess.run([sys.executable, "-S", "-c", SPAWNER, *args], capture_output=True, text=True, env=env,
                             cwd=tempfile.gettempdir())
    wall, peak, code = spawned.stdout.split()
    if spawned.returncode or int(code):
        raise SystemExit(f"{' '.join(args)} failed:\n{spawned.stderr}")
    return float(wall), int(peak) / 1024


def byte_compiled(folder: Path) -> None:
    """Byte-compile a checkout's `aa_ref`, as installing a wheel does."""
    compileall.compile_dir(folder / "aa_ref", quiet=1)


def print_table(rows: list[Row], runs: int, baseline: Path | None = None) -> None:
    """Run the floors and every row in turn, `runs` times, and print each row's median wall time, its ratio to the
    floor's and its peak memory; with a `baseline` checkout, each row on it too (before) and the ratio after/before."""
    byte_compiled(ROOT)
    old_env = None
    if baseline:
        byte_compiled(baseline)
        old_env = {**os.environ, "PYTHONPATH": str(baseline.resolve())}
    timed: dict[str, list[tuple[float, float]]] = {}
    for _ in range(runs):
        for name, args, *before in [("floor", FLOOR), ("pydantic in use", PYDANTIC_IN_USE), *rows]:
            for label, env in [(name, None)] + ([(f"{name} (before)", old_env)] if old_env and args[:3] == CLI[:3]
                                                else []):
                if before:
                    before[0]()
                timed.setdefault(label, []).append(run_once(args, env))
    floor = statistics.median(wall for wall, _ in timed["floor"])
    print(f"{'command':58} {'median s':>8} {'x floor':>8} {'peak MiB':>9}" + (f" {'before s':>9} {'x floor':>8}"
                                                                                if baseline else ""))
    for name, *_ in [("floor",), ("pydantic in use",), *rows]:
        median = statistics.median(wall for wall, _ in timed[name])
        peak = max(mib for _, mib in timed[name])
        line = f"{name:58} {median:8.3f} {median / floor:8.2f} {peak:9.1f}"
        if f"{name} (before)" in timed:
            old = statistics.median(wall for wall, _ in timed[f"{name} (before)"])
            line += f" {old:9.3f} {old / floor:8.2f}"
        print(line)


def bench_options(doc: str, rounds: int = 10) -> argparse.Namespace:
    """The options every benchmark takes: --runs (timings of each command), --rounds (the game's length), --games
    (a folder keeping the games made) and --baseline (an older checkout timed in the same run)."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=rounds)
    parser.add_argument("--games", type=Path, help="keep the games made in this folder and reuse them")
    parser.add_argument("--baseline", type=Path, help="an older checkout (its aa_ref folder inside) to time too")
    return parser.parse_args()


def made_once(path: Path, make: Callable[[Path], Path]) -> Path:
    """`path`, made by `make(path)` unless it (and its log) exists already."""
    if not path.exists():
        make(path)
    return path


def main() -> None:
    options = bench_options(__doc__)
    folder = Path(tempfile.mkdtemp(prefix="aa-ref-bench-"))
    games = options.games or folder
    games.mkdir(parents=True, exist_ok=True)
    try:
        start = time.perf_counter()
        long_game = made_once(games / f"long-aa1941-{options.rounds}.yaml",
                              lambda path: play(path, options.rounds))
        anniversary = made_once(games / f"long-anniversary-1941-{options.rounds}.yaml",
                                lambda path: play(path, options.rounds, "anniversary-1941", ALL_RULES))
        entries = [session.load_game(g).game.log.entries for g in (long_game, anniversary)]
        print(f"{options.rounds}-round games of 1941 ({entries[0]} log entries) and the Anniversary "
              f"({entries[1]}) ready in {time.perf_counter() - start:.1f} s")
        example = before_germany(folder)
        after = folder / "after.yaml"
        session.apply_orders(example, GERMANY_TURN[:1], out=after)
        out = folder / "out.yaml"

        def no_output() -> None:
            for path in (out, folder / "out.log.yaml"):
                path.unlink(missing_ok=True)

        germany_purchase = str(GERMANY_TURN[0])
        rows: list[Row] = [
            ("aa-ref --version", [*CLI, "--version"]),
            ("aa-ref validate (round-1 game)", [*CLI, "validate", str(example)]),
            (f"aa-ref validate ({options.rounds}-round game)", [*CLI, "validate", str(long_game)]),
            ("aa-ref show --json (round-1 game)", [*CLI, "show", str(example), "--json"]),
            ("aa-ref show (round-1 game)", [*CLI, "show", str(example)]),
            ("aa-ref template (round-1 game)", [*CLI, "template", str(example)]),
            ("aa-ref check (one document)", [*CLI, "check", str(example), germany_purchase]),
            ("aa-ref apply (one document)", [*CLI, "apply", str(example), germany_purchase, "-o", str(out)],
             no_output),
            ("aa-ref diff (before and after a purchase)", [*CLI, "diff", str(example), str(after)]),
            ("aa-ref log (round-1 game)", [*CLI, "log", str(example)]),
            ("aa-ref apply (Germany's whole turn, 8 files)",
             [*CLI, "apply", str(example), *map(str, GERMANY_TURN), "-o", str(out)], no_output),
            (f"aa-ref replay ({options.rounds} rounds)", [*CLI, "replay", str(long_game)]),
            (f"aa-ref validate (Anniversary, {options.rounds} rounds)", [*CLI, "validate", str(anniversary)]),
            (f"aa-ref replay (Anniversary, {options.rounds} rounds, all rules)", [*CLI, "replay", str(anniversary)]),
        ]
        print_table(rows, options.runs, options.baseline)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
