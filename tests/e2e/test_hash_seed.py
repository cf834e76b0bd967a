"""Everything aa-ref prints and writes is the same under any PYTHONHASHSEED (issue 19, item 10).

Real commands run in child processes (`python -m aa_ref`, this checkout first on PYTHONPATH) under two hash
seeds, in two folders holding the same files; every byte of stdout, stderr and every file in the folder
after each command must agree. Set and frozenset iteration order of strings follows the hash seed, so a
message, event or file built by iterating a set shows here as a difference.

`new` is compared too, except Blocks in the West's `view_secret`, 32 random bytes drawn at `new` on
purpose (docs/architecture.md): its files are compared with that value masked, and both runs then go on
from the same copy of one folder. WARZAG plays its alliance game, whose objectives are dealt by no one
(the free-for-all deals them with the system's randomness).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.e2e.test_bitw_example import orders_in_play_order

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
SECRET = re.compile(rb"(view_secret: )[0-9a-f]{64}")
"""What `new` draws at random on purpose, masked when comparing `new`."""


@dataclass(frozen=True)
class Play:
    """A game's commands: `new`, a round's orders (applied in one command, `illegal` tried before the orders
    from index `split` on), and the commands that read the game."""

    name: str
    new: tuple[str, ...]
    orders: tuple[Path, ...]
    split: int = 0
    illegal: tuple[str, ...] = ()
    """Orders documents (YAML) the rules refuse: each is applied (refused) and validated."""
    reads: tuple[tuple[str, ...], ...] = ()
    odds: tuple[tuple[str, ...], ...] = ()


READS = (("show", "game.yaml"), ("show", "game.yaml", "--json"), ("log", "game.yaml"), ("report", "game.yaml"),
         ("validate", "game.yaml", "game.log.yaml"), ("template", "game.yaml"))


def _orders(folder: Path) -> tuple[Path, ...]:
    return tuple(sorted(folder.glob("*.yaml")))


def _warzag_round_one() -> tuple[Path, ...]:
    folder = EXAMPLES / "warzag" / "alliances"
    return tuple(folder / f"r1-{nation}.yaml" for nation in ("germany", "uk", "italy", "ussr"))


A_AND_A_ODDS = (("odds", "--attacker", "3 infantry, 1 artillery, 2 tank, 1 fighter", "--defender",
                 "4 infantry, 1 fighter, 1 aa_gun"),
                ("odds", "--attacker", "2 infantry, 1 tank, 1 bomber", "--defender", "3 infantry", "--runs", "300",
                 "--json"),
                ("odds", "--sea", "--attacker", "1 battleship, 2 submarine, 1 fighter", "--defender",
                 "1 destroyer, 1 carrier, 2 fighter, 1 transport"))
HEADER = "kind: orders\nschema_version: 1\nround: 1\n"
US_SHIPS_BESIDE_JAPAN = (HEADER + "power: USA\nphase: combat_move\n"
                         "moves:\n  - {units: {destroyer: 1}, from: SZ 26, to: SZ 19}\n")
"""The refusal of issue 19 item 10: SZ 19 lies beside several Japanese territories, and which one the message
named followed the hash seed (the board's neighbours were a frozenset)."""
G40 = Play("global1940", ("new", "global1940", "-o", "game.yaml", "--seed", "global1940", "--option", "research=off"),
           _orders(EXAMPLES / "global1940" / "round-1"), split=20, illegal=(US_SHIPS_BESIDE_JAPAN,))

PLAYS = [
    Play("aa1941", ("new", "aa1941", "-o", "game.yaml", "--seed", "example"), _orders(EXAMPLES / "aa1941" / "round-1"),
         split=1, illegal=(
             HEADER + "power: USSR\nphase: combat_move\nmoves:\n  - {units: {tnak: 1}, from: Rusia, to: Carelia}\n",
             HEADER + "power: USSR\nphase: combat_move\nmoves:\n"
             "  - {units: {infantry: 3}, from: Russia, via: [West Russia, Ukraine], to: Eastern Europe}\n"
             "  - {units: {fighter: 1}, from: Russia, to: Caucasus}\n",
         ), odds=A_AND_A_ODDS),
    Play("anniversary", ("new", "anniversary-1941", "-o", "game.yaml", "--seed", "anniversary-1941", "--option",
                         "research=on", "--option", "national_objectives=on"),
         _orders(EXAMPLES / "anniversary-1941" / "round-1"), split=2, illegal=(
             HEADER + "power: Germany\nphase: combat_move\nmoves:\n"
             "  - {units: {tank: 2}, from: Poland, via: [Baltic States, Karelia S.S.R.], to: Archangel}\n"
             "  - {units: {fighter: 1}, from: Germany, to: United Kingdom}\n",
         ), odds=tuple((*cmd, "--edition", "anniversary") for cmd in A_AND_A_ODDS)),
    G40,
    Play("warzag", ("new", "warzag-demo", "-o", "game.yaml", "--seed", "alliances-55", "--option", "mode=alliances",
                    "--option", "players=germany,uk,italy,ussr"), _warzag_round_one(), split=1, illegal=(
             "kind: warzag-orders\nschema_version: 1\npower: uk\nactions:\n  - leader: [p2-04, p2-06, p4-01, rd]\n",
         )),
    Play("bitw", ("new", "bitw-demo", "-o", "game.yaml", "--seed", "fall-gelb"),
         tuple(orders_in_play_order(EXAMPLES / "blocks-in-the-west" / "basic")), split=1, illegal=(
             "kind: bitw-orders\nschema_version: 1\npower: allies\nactions:\n  - move: [fr-inf1]\n    path: [H22]\n",
         ), reads=(("show", "game.yaml", "--side", "allies"), ("show", "game.yaml", "--side", "axis", "--json"),
                   ("export", "game.yaml", "--side", "axis", "-o", "axis-view.yaml", "--force"))),
]


def run(folder: Path, seed: str, args: tuple[str, ...]) -> dict[str, bytes]:
    """`aa-ref ARGS` in `folder` under PYTHONHASHSEED=`seed`: its exit code, stdout, stderr and every file in the
    folder afterwards (names relative to it)."""
    env = {**os.environ, "PYTHONHASHSEED": seed, "COLUMNS": "100",
           "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)}
    done = subprocess.run([sys.executable, "-m", "aa_ref", *args], cwd=folder, env=env, capture_output=True,
                          timeout=300)
    label = " ".join(Path(a).name if a.startswith("/") else a for a in args)
    out = {f"{label}: exit": str(done.returncode).encode(), f"{label}: stdout": done.stdout,
           f"{label}: stderr": done.stderr}
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            out[f"{label}: file {path.relative_to(folder)}"] = path.read_bytes()
    return out


def differences(a: dict[str, bytes], b: dict[str, bytes]) -> list[str]:
    """What differs between two transcripts: keys in one only, then the first differing line of each output."""
    out = [f"{key}: only in one run" for key in sorted(set(a) ^ set(b))]
    for key in sorted(a.keys() & b.keys()):
        if a[key] != b[key]:
            lines = zip(a[key].splitlines(), b[key].splitlines())
            first = next(((x, y) for x, y in lines if x != y), (a[key][-200:], b[key][-200:]))
            out.append(f"{key}:\n    {first[0][:400]!r}\n    {first[1][:400]!r}")
    return out


def play(play_: Play, folder: Path, seed: str) -> dict[str, bytes]:
    """Every command of the play after `new`, in `folder` (which holds the new game), under one hash seed."""
    transcript = run(folder, seed, ("template", "game.yaml", "-o", "template.yaml", "--force"))
    applied = []
    for orders in (play_.orders[:play_.split], play_.orders[play_.split:]):
        if orders:
            applied.append(run(folder, seed, ("apply", "game.yaml", *map(str, orders), "--in-place")))
            transcript |= applied[-1]
        for i, text in enumerate(play_.illegal if len(applied) == 1 else ()):
            (folder / f"illegal-{i}.yaml").write_text(text)
            refused = run(folder, seed, ("apply", "game.yaml", f"illegal-{i}.yaml", "--in-place"))
            assert next(v for k, v in refused.items() if k.endswith(": exit")) == b"1", refused
            transcript |= refused | run(folder, seed, ("validate", "game.yaml", f"illegal-{i}.yaml"))
    for result in applied:
        assert next(v for k, v in result.items() if k.endswith(": exit")) == b"0", \
            next(v for k, v in result.items() if k.endswith(": stderr"))
    for args in READS + play_.reads + play_.odds:
        transcript |= run(folder, seed, args)
    return transcript


def check(play_: Play, tmp_path: Path, seeds: tuple[str, ...]) -> dict[str, bytes]:
    """`new` and then every command of the play under each seed, compared with the first seed's; the first
    seed's transcript."""
    folders = [tmp_path / f"seed-{seed}" for seed in seeds]
    news = []
    for folder, seed in zip(folders, seeds):
        folder.mkdir()
        news.append({k: SECRET.sub(rb"\1<secret>", v) for k, v in run(folder, seed, play_.new).items()})
    for folder in folders[1:]:  # the same starting files for every run (Blocks in the West's secret)
        shutil.rmtree(folder)
        shutil.copytree(folders[0], folder)
    runs = [play(play_, folder, seed) for folder, seed in zip(folders, seeds)]
    for seed, new, transcript in zip(seeds[1:], news[1:], runs[1:]):
        found = differences(news[0], new) + differences(runs[0], transcript)
        assert not found, f"PYTHONHASHSEED={seeds[0]} and {seed} differ:\n" + "\n".join(found)
    return runs[0]


def test_a_refusal_names_the_same_territory_under_any_hash_seed(tmp_path: Path) -> None:
    """The reported case, in a few commands: the US ships' refusal beside Japanese territories."""
    quick = Play(G40.name, G40.new, G40.orders[:G40.split], split=G40.split, illegal=G40.illegal)
    transcripts = []
    for seed in ("1", "2"):  # the message named Manchuria under one, Kiangsu under the other
        folder = tmp_path / seed
        folder.mkdir()
        run(folder, seed, quick.new)
        run(folder, seed, ("apply", "game.yaml", *map(str, quick.orders), "--in-place"))
        (folder / "illegal.yaml").write_text(US_SHIPS_BESIDE_JAPAN)
        transcripts.append(run(folder, seed, ("apply", "game.yaml", "illegal.yaml", "--in-place"))
                           | run(folder, seed, ("validate", "game.yaml", "illegal.yaml")))
    assert b"its ships may not end a move in SZ 19, next to Japanese" in transcripts[0]["apply game.yaml illegal.yaml --in-place: stderr"]
    for other in transcripts[1:]:
        assert not differences(transcripts[0], other)


@pytest.mark.slow
@pytest.mark.parametrize("play_", PLAYS, ids=[p.name for p in PLAYS])
def test_every_game_prints_and_writes_the_same_under_any_hash_seed(play_: Play, tmp_path: Path) -> None:
    transcript = check(play_, tmp_path, ("1", "2", "random"))
    refusals = [v for k, v in transcript.items() if k.startswith("apply game.yaml illegal") and k.endswith("stderr")]
    assert refusals and all(refusals), "every illegal document is refused with a message"
