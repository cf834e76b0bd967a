"""Speed of the commands users run on Blocks in the West, as wall time of the whole command.

    python3 benchmarks/bitw.py [--runs N]

Times, each command N times (default 5) in a fresh process (median, best, peak memory): the import of the
session and the Blocks in the West models alone (the floor of every command); `aa-ref validate
aa_ref/setups/bitw-demo.yaml` (the demo scenario and its checks); `aa-ref apply` of the largest orders document of the
shipped example (examples/blocks-in-the-west/basic, the one with the most actions), on the game just before it;
`aa-ref show --side allies`, `aa-ref export --side axis` and `aa-ref replay` of the whole example (two months);
`aa-ref replay` of the advanced example (examples/blocks-in-the-west/advanced: HQs, recon, sieges, an armistice).
Aims: the issue-2 command targets (0.3 s a command). The games are made through the library; the timed commands
are the real CLI in fresh processes. `--rounds` is accepted (bench_options) but unused: the example is fixed.
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from aa_ref.core import session  # noqa: E402
from benchmarks.run import CLI, bench_options, print_table  # noqa: E402

SCENARIO = "bitw-demo"
EXAMPLE = ROOT / "examples" / "blocks-in-the-west" / "basic"
ADVANCED = ROOT / "examples" / "blocks-in-the-west" / "advanced"
SEED = "fall-gelb"


def example_orders(example: Path = EXAMPLE) -> list[Path]:
    """The example's orders in the order its play.sh applies them."""
    listed = re.search(r"orders=\((.*?)\n\)", (example / "play.sh").read_text(), re.S)
    assert listed, "play.sh lists its orders in orders=( ... )"
    return [example / f"{name}.yaml" for name in listed.group(1).split()]


def example_options(example: Path) -> dict[str, str]:
    """The `--option K=V` settings the example's play.sh gives `aa-ref new`."""
    return dict(o.split("=", 1) for o in re.findall(r"--option (\S+)", (example / "play.sh").read_text()))


def actions(path: Path) -> int:
    return len(re.findall(r"^  - ", path.read_text(), re.M))


def example_until(path: Path, stop: Path | None = None, example: Path = EXAMPLE,
                  options: dict[str, str] | None = None) -> Path:
    """A new game of the example at `path`, every orders file before `stop` applied (all without one)."""
    session.new_game(SCENARIO, path, seed=SEED, options=options, overwrite=True)
    files = example_orders(example)
    files = files[: files.index(stop)] if stop else files
    session.apply_orders(path, files, in_place=True)
    return path


def main() -> None:
    options = bench_options(__doc__)
    folder = Path(tempfile.mkdtemp(prefix="aa-ref-bench-bitw-"))
    try:
        start = time.perf_counter()
        largest = max(example_orders(), key=actions)
        before = example_until(folder / "before.yaml", largest)
        whole = example_until(folder / "example.yaml")
        entries = session.load_game(whole).game.log.entries
        advanced = example_until(folder / "advanced.yaml", example=ADVANCED, options=example_options(ADVANCED))
        advanced_entries = session.load_game(advanced).game.log.entries
        print(f"built the example ({entries} log entries) and the game before {largest.name} in "
              f"{time.perf_counter() - start:.1f} s")
        rows: list[tuple] = [
            ("python -c 'import aa_ref.cli.app' (import only)", [sys.executable, "-c", "import aa_ref.cli.app"]),
            ("import of the session and BITW models only", [sys.executable, "-c", "import aa_ref.core.session, aa_ref.games.blocks_in_the_west.ruleset"]),
            ("aa-ref validate aa_ref/setups/bitw-demo.yaml", [*CLI, "validate", str(ROOT / "aa_ref" / "setups" / "bitw-demo.yaml")]),
            (f"aa-ref apply ({largest.stem}, {actions(largest)} actions)",
             [*CLI, "apply", str(before), str(largest), "-o", str(folder / "after.yaml"), "--force"]),
            ("aa-ref show --side allies (example)", [*CLI, "show", str(whole), "--side", "allies"]),
            ("aa-ref export --side axis (example)", [*CLI, "export", str(whole), "--side", "axis", "-o", str(folder / "view.yaml"), "--force"]),
            ("aa-ref validate (example)", [*CLI, "validate", str(whole)]),
            (f"aa-ref replay (example, {entries} entries)", [*CLI, "replay", str(whole)]),
            (f"aa-ref replay (advanced example, {advanced_entries} entries)", [*CLI, "replay", str(advanced)]),
        ]
        print_table(rows, options.runs)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
