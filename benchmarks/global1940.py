"""Speed of the commands users run on Global 1940, as wall time of the whole command.

    python3 benchmarks/global1940.py [--runs N] [--rounds R]

Times, each command N times (default 5) in a fresh process (median, best, peak memory):
`aa-ref validate aa_ref/setups/global1940.yaml`; `aa-ref apply` of the largest power turn of the
shipped example round (examples/global1940/round-1: Germany's, with the decisions the other
powers answer in it) and of every other power's turn; `aa-ref validate` and `aa-ref replay`
of a Global game of R rounds (default 10) played by the automatic player. Aims (issue 6): each
power turn under 0.5 s, the replay of ten rounds under 5 s. The games are made through the
library; the timed commands are the real CLI in fresh processes.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from aa_ref.core import session  # noqa: E402
from benchmarks.run import CLI, bench_options, play, print_table  # noqa: E402

SCENARIO = "global1940"
ROUND_1 = sorted((ROOT / "examples" / SCENARIO / "round-1").glob("*.yaml"))


def turns() -> dict[str, list[Path]]:
    """The example's files by power turn: a decision file belongs to the turn it is answered in."""
    out: dict[str, list[Path]] = {}
    power = ""
    for path in ROUND_1:
        if "-decision-" not in path.name:
            power = path.name.split("-")[1]
        out.setdefault(power, []).append(path)
    return out


def before(folder: Path, power: str, by_turn: dict[str, list[Path]]) -> Path:
    """The example game at the start of `power`'s first turn."""
    path = folder / f"before-{power}.yaml"
    session.new_game(SCENARIO, path, seed=SCENARIO, options={"research": "off"}, overwrite=True)
    earlier = [p for p in ROUND_1 if p < by_turn[power][0]]
    if earlier:
        session.apply_orders(path, earlier, in_place=True)
    return path


def main() -> None:
    options = bench_options(__doc__)
    folder = Path(tempfile.mkdtemp(prefix="aa-ref-bench-g40-"))
    try:
        start = time.perf_counter()
        long_game = play(folder / f"long-{SCENARIO}.yaml", options.rounds, SCENARIO, {"research": "off"})
        entries = session.load_game(long_game).game.log.entries
        by_turn = turns()
        starts = {power: before(folder, power, by_turn) for power in by_turn}
        print(f"built a {options.rounds}-round Global 1940 game ({entries} log entries) and the example's "
              f"{len(by_turn)} power turns in {time.perf_counter() - start:.1f} s")
        largest = max(by_turn, key=lambda p: len(by_turn[p]))
        rows = [("aa-ref validate aa_ref/setups/global1940.yaml", [*CLI, "validate", str(ROOT / "aa_ref" / "setups" / "global1940.yaml")])]
        for power in sorted(by_turn, key=lambda p: (p != largest, ROUND_1.index(by_turn[p][0]))):
            files = by_turn[power]
            label = "largest, " if power == largest else ""
            rows.append((f"aa-ref apply ({power} turn, {label}{len(files)} files)",
                         [*CLI, "apply", str(starts[power]), *map(str, files), "-o", str(folder / "after.yaml")]))
        rows += [
            (f"aa-ref validate ({options.rounds}-round game)", [*CLI, "validate", str(long_game)]),
            (f"aa-ref replay ({options.rounds} rounds)", [*CLI, "replay", str(long_game)]),
        ]
        print_table(rows, options.runs)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
