"""Speed of the odds calculator.

    python3 benchmarks/odds.py [--runs N]

Times the exact method and Monte Carlo (battles per second) on a small (5 v 5), medium
(20 v 20) and large (60 v 60, ships and aircraft) battle, and the whole `aa-ref odds`
command. Aims (issue 4): exact up to 40 units a side under 0.1 s of computation, Monte Carlo
above 100,000 battles per second for the medium battle, the command under 0.5 s.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from aa_ref.features.odds.battle import BattleSpec, parse_units  # noqa: E402
from aa_ref.features.odds.exact import solve  # noqa: E402
from aa_ref.features.odds.montecarlo import simulate  # noqa: E402
from aa_ref.core.setups import load_setup  # noqa: E402

SETUP = load_setup("anniversary-1941")
BATTLES = {
    "small 5 v 5 (land)": ("3 infantry, 1 artillery, 1 tank", "4 infantry, 1 tank", False),
    "medium 20 v 20 (land, AA)": ("10 infantry, 5 artillery, 3 tank, 2 fighter", "16 infantry, 4 tank, 1 aa_gun", False),
    "40 v 40 (land)": ("20 infantry, 10 artillery, 6 tank, 3 fighter, 1 bomber", "30 infantry, 8 tank, 2 fighter", False),
    "large 60 v 60 (sea, aircraft)": ("8 battleship, 6 carrier, 12 cruiser, 16 destroyer, 12 fighter, 6 bomber",
                                      "6 battleship, 8 carrier, 14 cruiser, 16 destroyer, 16 fighter", True),
}


def timed(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=100_000)
    options = parser.parse_args()
    print(f"{'battle':34} {'exact s':>9} {'MC battles/s':>13}")
    for name, (att, dfn, sea) in BATTLES.items():
        spec = BattleSpec(SETUP, parse_units(SETUP, att, "a"), parse_units(SETUP, dfn, "d"), sea)
        exact = timed(lambda: solve(spec))
        mc = timed(lambda: simulate(spec, options.runs, "bench"), 1)
        print(f"{name:34} {exact:9.4f} {options.runs / mc:13,.0f}")
    args = [sys.executable, "-m", "aa_ref", "odds", "--attacker", BATTLES["medium 20 v 20 (land, AA)"][0],
            "--defender", BATTLES["medium 20 v 20 (land, AA)"][1], "--edition", "anniversary"]
    command = timed(lambda: subprocess.run(args, check=True, capture_output=True), 5)
    print(f"whole 'aa-ref odds' command (medium battle, exact): {command:.3f} s")


if __name__ == "__main__":
    main()
