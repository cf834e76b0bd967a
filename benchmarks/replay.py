"""Speed of `aa-ref replay` and `aa-ref verify` of long games, as wall time of the whole command and as a ratio to
the floor (a Python that imports typer, pydantic and ruamel.yaml and exits), measured in the same run.

    python3 benchmarks/replay.py [--runs N] [--rounds R] [--games DIR] [--against TREE]

Plays, through the library, games of R rounds (default 10) with the automatic player: 1941, the Anniversary 1941
with research and national objectives on, Global 1940 (research off, as benchmarks/global1940.py), and a 1941
game with fair dice (as benchmarks/fair_dice.py: every document signed, every roll revealed for). Building them
takes minutes: with --games DIR they are kept in DIR and reused by the next run. Then times, N times each
(default 5) in a fresh process, `aa-ref replay` of each game and `aa-ref verify` of the fair-dice one, and prints
the median, the best and the median's ratio to the floor's. With --against TREE (a folder holding another
aa-ref's `aa_ref` package, e.g. a `git archive` of an older commit) the same commands of that aa-ref are timed
too, each run beside this one's, and their ratio printed. Aims (issue 22): replay of ten rounds of 1941 and the
Anniversary under 1 s, of Global 1940 under 2 s; verify the same plus its signature checks.
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from aa_ref.core import session  # noqa: E402
from benchmarks import fair_dice  # noqa: E402
from benchmarks.run import ALL_RULES, play  # noqa: E402

FLOOR = [sys.executable, "-c", "import typer, pydantic, ruamel.yaml"]
GAMES = {  # name: (scenario, options, aim in seconds)
    "1941": ("aa1941", None, 1.0),
    "Anniversary, all rules": ("anniversary-1941", ALL_RULES, 1.0),
    "Global 1940": ("global1940", {"research": "off"}, 2.0),
}


def build(folder: Path, rounds: int) -> dict[str, Path]:
    """The games, played in `folder` unless already there (a game is played to the end before it is named)."""
    games = {}
    for name, (scenario, options, _) in GAMES.items():
        where = folder / scenario
        games[name] = where / f"long-{scenario}.yaml"
        if not games[name].exists():
            where.mkdir(parents=True, exist_ok=True)
            start = time.perf_counter()
            play(where, rounds, scenario, options)
            print(f"played {rounds} rounds of {name} in {time.perf_counter() - start:.0f} s", flush=True)
    where = folder / "fair-dice"
    games["fair dice"] = where / "fair.yaml"
    if not games["fair dice"].exists():
        where.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        fair_dice.play(where, rounds)
        print(f"played {rounds} rounds of 1941 with fair dice in {time.perf_counter() - start:.0f} s", flush=True)
    return games


def run_once(args: list[str], tree: Path | None) -> float:
    """Wall time of one fresh process running `args` (aa_ref imported from `tree`, else from this checkout)."""
    env = {**os.environ, "PYTHONPATH": str(tree or ROOT)}
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True, env=env, cwd=tree or ROOT)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--games", type=Path, help="a folder to keep the games in and reuse them from")
    parser.add_argument("--against", type=Path, help="another aa-ref's tree, timed beside this one")
    options = parser.parse_args()
    folder = (options.games or Path(tempfile.mkdtemp(prefix="aa-ref-replay-"))).resolve()
    games = build(folder, options.rounds)
    entries = {name: session.load_game(path).game.log.entries for name, path in games.items()}
    print("log entries: " + ", ".join(f"{name} {n}" for name, n in entries.items()))
    cli = [sys.executable, "-m", "aa_ref"]
    rows = [(f"aa-ref replay ({options.rounds} rounds of {name})", [*cli, "replay", str(games[name])], aim)
            for name, (_, _, aim) in GAMES.items()]
    rows += [(f"aa-ref replay ({options.rounds} rounds, fair dice)", [*cli, "replay", str(games["fair dice"])], None),
             (f"aa-ref verify ({options.rounds} rounds, fair dice)", [*cli, "verify", str(games["fair dice"])], None)]
    trees = [None, options.against.resolve()] if options.against else [None]
    for tree in trees:  # bytecode written once, as a wheel install has it (not by each timed process)
        compileall.compile_dir(str((tree or ROOT) / "aa_ref"), quiet=1)
    floor: list[float] = []
    times: dict[tuple[str, Path | None], list[float]] = {}
    for _ in range(options.runs):  # round-robin, so that a busy moment of a shared machine hits every command
        floor.append(run_once(FLOOR, None))
        for name, args, _ in rows:
            for tree in trees:
                times.setdefault((name, tree), []).append(run_once(args, tree))
    base = statistics.median(floor)
    print(f"{'command':52} {'median':>7} {'best':>7} {'floor x':>8} {'aim':>5}"
          + (f" {'against':>8} {'x':>6}" if options.against else ""))
    print(f"{'floor: python -c import typer, pydantic, ruamel.yaml':52} {base:7.3f} {min(floor):7.3f} {1:8.1f}")
    for name, _, aim in rows:
        mine = statistics.median(times[name, None])
        line = (f"{name:52} {mine:7.3f} {min(times[name, None]):7.3f} {mine / base:8.1f} "
                f"{f'{aim:.0f} s' if aim else '':>5}")
        if options.against:
            theirs = statistics.median(times[name, trees[-1]])
            line += f" {theirs:8.3f} {theirs / mine:5.2f}x"
        print(line, flush=True)


if __name__ == "__main__":
    main()
