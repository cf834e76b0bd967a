"""Speed and memory of the commands users run, as wall time of the whole command.

    python3 benchmarks/run.py [--runs N] [--rounds R]

Builds, in a temporary folder, the shipped first round of 1941 and a game of R rounds
(default 10) played by the automatic player, then times each command N times (default 5)
in a fresh process and prints the median, the best and the peak memory. An Anniversary
1941 game of R rounds with every optional rule on is validated and replayed too. Targets (issue 2):
validate under 0.3 s, apply of a whole power's turn under 0.3 s, replay of ten rounds
under 2 s, and the import of the CLI not dominating.
"""

from __future__ import annotations

import argparse
import random
import resource
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


ALL_RULES = {"research": "on", "national_objectives": "on"}
"""The Anniversary's optional rules, all on for its benchmark game."""


def play(folder: Path, rounds: int, scenario: str = "aa1941", options: dict[str, str] | None = None) -> Path:
    """A game of `rounds` rounds played by the automatic player."""
    path = folder / f"long-{scenario}.yaml"
    session.new_game(scenario, path, seed="benchmark", options=options, overwrite=True)
    rng = random.Random(1941)
    orders = folder / "auto-orders.yaml"
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


def timed(args: list[str], runs: int, before: Callable[[], None] | None = None) -> tuple[float, float, float]:
    """(median s, best s, peak MiB) of running a command `runs` times, `before()` first each time."""
    times = []
    for _ in range(runs):
        if before:
            before()
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return statistics.median(times), min(times), peak


def print_table(rows: list[tuple], runs: int) -> None:
    """Time each (name, command[, before]) row and print median, best and peak memory."""
    print(f"{'command':52} {'median':>8} {'best':>8} {'peak MiB':>9}")
    for name, args, *before in rows:
        median, best, peak = timed(args, runs, *before)
        print(f"{name:52} {median:8.3f} {best:8.3f} {peak:9.1f}")


def bench_options(doc: str, rounds: int = 10) -> argparse.Namespace:
    """The options every benchmark takes: --runs (timings of each command) and --rounds (the game's length)."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=rounds)
    return parser.parse_args()


def main() -> None:
    options = bench_options(__doc__)
    folder = Path(tempfile.mkdtemp(prefix="aa-ref-bench-"))
    try:
        start = time.perf_counter()
        long_game = play(folder, options.rounds)
        anniversary = play(folder, options.rounds, "anniversary-1941", ALL_RULES)
        entries = [session.load_game(g).game.log.entries for g in (long_game, anniversary)]
        print(f"built {options.rounds}-round games of 1941 ({entries[0]} log entries) and the Anniversary "
              f"({entries[1]}) in {time.perf_counter() - start:.1f} s")
        example = before_germany(folder)
        rows = [
            ("python -c 'import aa_ref.cli.app' (import only)", [sys.executable, "-c", "import aa_ref.cli.app"]),
            ("aa-ref validate (round-1 game)", [*CLI, "validate", str(example)]),
            (f"aa-ref validate ({options.rounds}-round game)", [*CLI, "validate", str(long_game)]),
            ("aa-ref show --json (round-1 game)", [*CLI, "show", str(example), "--json"]),
            ("aa-ref apply (Germany's whole turn, 10 files)",
             [*CLI, "apply", str(example), *map(str, GERMANY_TURN), "-o", str(folder / "after.yaml")]),
            (f"aa-ref replay ({options.rounds} rounds)", [*CLI, "replay", str(long_game)]),
            (f"aa-ref validate (Anniversary, {options.rounds} rounds)", [*CLI, "validate", str(anniversary)]),
            (f"aa-ref replay (Anniversary, {options.rounds} rounds, all rules)", [*CLI, "replay", str(anniversary)]),
        ]
        print_table(rows, options.runs)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
