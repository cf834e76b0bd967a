"""Speed of the odds calculator.

    python3 benchmarks/odds.py [--runs N] [--baseline DIR]

Times the exact method and Monte Carlo (battles per second) on a small (5 v 5), medium
(20 v 20) and large (60 v 60, ships and aircraft) battle, and the whole `aa-ref odds`
command. Aims (issue 4): exact up to 40 units a side under 0.1 s of computation, Monte Carlo
above 100,000 battles per second for the medium battle, the command under 0.5 s.

Issue 22 cases, each through the method choice (`run.compute` with no run count, as the
command does): the medium and large land battles of the issue, the large battle with one AA
gun, a 60-unit sea battle with 4 defending submarines facing aircraft, and the pending
amphibious assault of the shipped Anniversary example (Japan in Kwangtung) read from a game
file. Each is printed with its method and as a ratio to the floor (a Python that imports
typer, pydantic and ruamel.yaml and exits), measured in the same run. With `--baseline DIR`
(an older checkout, e.g. `git archive <commit> | tar -x -C DIR`) the same cases run there too,
in the same run, and the ratio before / after is printed; the whole command is then timed with both
checkouts in turn. Compile both first (`python -m compileall -q aa_ref` in each): an installed wheel has
its bytecode, a checkout under PYTHONDONTWRITEBYTECODE would compile every module on every run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import tempfile
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, os.environ.get("ODDS_BENCH_CODE", str(ROOT)))  # --baseline: the older checkout's code

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


ISSUE22 = {
    "medium land (issue 22)": ("10 infantry, 3 artillery, 4 tank, 2 fighter, 1 bomber",
                               "12 infantry, 2 artillery, 3 tank, 2 fighter", False, {}),
    "large land (issue 22)": ("30 infantry, 10 artillery, 10 tank, 5 fighter, 3 bomber",
                              "40 infantry, 5 artillery, 8 tank, 6 fighter", False, {}),
    "60 v 60 land": ("30 infantry, 10 artillery, 12 tank, 6 fighter, 2 bomber",
                     "40 infantry, 8 artillery, 8 tank, 4 fighter", False, {}),
    "60 v 60 sea (aircraft)": (*BATTLES["large 60 v 60 (sea, aircraft)"], {}),
    "large land + 1 AA gun": ("30 infantry, 10 artillery, 10 tank, 5 fighter, 3 bomber",
                              "40 infantry, 5 artillery, 8 tank, 6 fighter, 1 aa_gun", False, {}),
    "medium land, retreat below 8": ("10 infantry, 3 artillery, 4 tank, 2 fighter, 1 bomber",
                                     "12 infantry, 2 artillery, 3 tank, 2 fighter", False, {"retreat_below": 8}),
    "60-unit sea, 4 subs v aircraft": ("4 battleship, 3 carrier, 6 cruiser, 8 destroyer, 6 fighter, 3 bomber",
                                       "3 battleship, 3 carrier, 6 cruiser, 8 destroyer, 4 submarine, 6 fighter", True,
                                       {}),
    "sea, subs v aircraft, retreat < 5": ("2 battleship, 1 carrier, 3 cruiser, 3 destroyer, 2 fighter, 1 bomber",
                                          "1 battleship, 1 carrier, 3 cruiser, 2 destroyer, 3 submarine, 2 fighter",
                                          True, {"retreat_below": 5}),
    "sea, subs v aircraft, --submerge": ("2 battleship, 1 carrier, 3 cruiser, 2 submarine, 2 fighter, 1 bomber",
                                         "1 battleship, 1 carrier, 3 cruiser, 3 submarine, 2 fighter",
                                         True, {"submerge": True}),
}
PENDING = "pending amphibious (game file)"
MONTE_CARLO = "medium land, Monte Carlo 100,000"
MONTE_CARLO_SUBS = "sea with subs, Monte Carlo 100,000"
SUBS = ("3 submarine, 2 cruiser, 2 destroyer, 1 battleship", "2 submarine, 1 battleship, 2 destroyer, 1 cruiser, 1 transport",
        True, {})
"""A sea battle with submarines and no aircraft: Monte Carlo on the fast model, surprise strikes."""


def pending_game(folder: Path) -> Path:
    """The shipped Anniversary example up to Japan's Combat Move: a landing waits in Kwangtung."""
    game = folder / "game.yaml"
    run = [sys.executable, "-m", "aa_ref"]
    subprocess.run([*run, "new", "anniversary-1941", "-o", str(game), "--seed", "anniversary-1941", "--option",
                    "research=on", "--option", "national_objectives=on"], check=True, capture_output=True, cwd=ROOT)
    for path in sorted((ROOT / "examples" / "anniversary-1941" / "round-1").glob("*.yaml"))[:15]:
        subprocess.run([*run, "apply", str(game), str(path), "--in-place"], check=True, capture_output=True, cwd=ROOT)
    return game


def issue22(game: Path) -> dict[str, tuple[str, float]]:
    """(method, seconds) of each issue-22 case through `run.compute`, in this process's checkout."""
    from aa_ref.core.session import load_game
    from aa_ref.features.odds.from_game import spec_from_game
    from aa_ref.features.odds.run import Request, compute

    out = {}
    for name, (att, dfn, sea, kw) in ISSUE22.items():
        spec = BattleSpec(SETUP, parse_units(SETUP, att, "a"), parse_units(SETUP, dfn, "d"), sea, **kw)
        result = compute(spec, None, "bench")
        out[name] = (result.method, timed(lambda: compute(spec, None, "bench"), 5 if result.method == "exact" else 1))
    for name, (att, dfn, sea, _) in ((MONTE_CARLO, ISSUE22["medium land (issue 22)"]), (MONTE_CARLO_SUBS, SUBS)):
        spec = BattleSpec(SETUP, parse_units(SETUP, att, "a"), parse_units(SETUP, dfn, "d"), sea)
        out[name] = ("monte carlo", timed(lambda: compute(spec, 100_000, "bench"), 3))
    spec = spec_from_game(load_game(game), "Kwangtung", Request())
    result = compute(spec, None, "bench")
    out[PENDING] = (result.method, timed(lambda: compute(spec, None, "bench"), 1))
    return out


def floor() -> float:
    """A Python that imports typer, pydantic and ruamel.yaml and exits (issue 22's floor)."""
    return timed(lambda: subprocess.run([sys.executable, "-c", "import typer, pydantic, ruamel.yaml"], check=True), 5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=100_000)
    parser.add_argument("--baseline", type=Path, help="an older checkout to time the issue-22 cases in too")
    parser.add_argument("--issue22-json", type=Path, help=argparse.SUPPRESS)  # the child run of --baseline
    options = parser.parse_args()
    if options.issue22_json:
        print(json.dumps(issue22(options.issue22_json)))
        return
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

    with tempfile.TemporaryDirectory() as folder:
        game = pending_game(Path(folder))
        base = floor()
        print(f"\nissue 22 (floor: import typer, pydantic, ruamel.yaml = {base:.3f} s, this run)")
        before = {}
        if options.baseline:
            env = {**os.environ, "PYTHONPATH": str(options.baseline.resolve()),
                   "ODDS_BENCH_CODE": str(options.baseline.resolve())}
            child = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--issue22-json", str(game)],
                                   check=True, capture_output=True, text=True, env=env,
                                   cwd=options.baseline)
            before = json.loads(child.stdout.strip().splitlines()[-1])
        after = issue22(game)
        for name, (method, seconds) in after.items():
            line = f"{name:32} {method:38} {seconds:8.4f} s  {seconds / base:7.3f} x floor"
            if name in before:
                old_method, old = before[name]
                line += f"   before: {old_method}, {old:.4f} s; before/after {old / seconds:6.1f}"
            print(line)
        for name in (MONTE_CARLO, MONTE_CARLO_SUBS):
            mc = after[name][1]
            print(f"{name}: {100_000 / mc:,.0f} battles/s"
                  + (f" (before: {100_000 / before[name][1]:,.0f})" if name in before else ""))
        print("\nwhole 'aa-ref odds' command, exact, against the floor (same run; compile the code first: "
              "python -m compileall -q aa_ref)")
        for name in ("medium land (issue 22)", "large land (issue 22)"):
            att, dfn, _, _ = ISSUE22[name]
            args = [sys.executable, "-m", "aa_ref", "odds", "--attacker", att, "--defender", dfn, "--edition",
                    "anniversary"]
            now, then = command_times(args, options.baseline)
            line = f"{name:32} {now:8.3f} s  {now / base:7.2f} x floor"
            if then is not None:
                line += f"   before: {then:.3f} s, {then / base:.2f} x floor"
            print(line)


def command_times(args: list[str], baseline: Path | None, repeat: int = 9) -> tuple[float, float | None]:
    """The best of `repeat` runs of a command with this checkout's code, and with the baseline's, taken in turn
    so that both see the same load."""
    ours = {**os.environ, "PYTHONPATH": os.environ.get("ODDS_BENCH_CODE", str(ROOT))}
    theirs = {**os.environ, "PYTHONPATH": str(baseline.resolve())} if baseline else None
    now, then = float("inf"), float("inf")
    for _ in range(repeat):
        for env in (ours, theirs):
            if env is None:
                continue
            start = time.perf_counter()  # not from a checkout's folder: `python -m` would import the code there
            subprocess.run(args, check=True, capture_output=True, env=env, cwd=tempfile.gettempdir())
            seconds = time.perf_counter() - start
            if env is ours:
                now = min(now, seconds)
            else:
                then = min(then, seconds)
    return now, (then if baseline else None)


if __name__ == "__main__":
    main()
