"""Files damaged at random, byte by byte or knowing their YAML (tests/adversarial/mutations.py), given to every
command that reads them: each ends with exit 0, 1 or 2, never a traceback, and a command that fails leaves every
file in the folder as it was.

Four games are played once per session with the real command (an A&A 1941 game with table dice, a fair-dice
game with both players' commitments and a reveal, a WARZAG game and a Blocks in the West game); every example
copies one of them, damages one of its files (the game, its log, the next orders, the dice or the reveal), and
runs the commands. The default run is small and derandomized (the same examples on every run and under any hash
seed); AA_REF_MUTATIONS=N runs N examples per game instead, and the test marked slow runs a deeper search."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from aa_ref.cli.app import app
from tests.adversarial.mutations import mutation, rechained
from tests.adversarial.support import deadline
from tests.conftest import deep

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DEFAULT_EXAMPLES = int(os.environ.get("AA_REF_MUTATIONS", "10"))
"""Examples per game in the default run (AA_REF_MUTATIONS=N for more)."""
SLOW_EXAMPLES = 150
"""Examples per game in the run marked slow."""
COMMAND_SECONDS = 60
"""How long one command may take on a damaged file before it counts as hung."""

LOCK = re.compile(r"^\..*\.lock$")
"""A game's lock file (.GAME.yaml.lock): made by the commands that write, and left empty."""


@dataclass(frozen=True)
class World:
    """A game played to a point where its next orders roll dice, in its own folder."""

    name: str
    folder: Path
    orders: str
    """The orders the game waits for."""
    dice: str | None = None
    """Table dice for those orders."""
    reveal: str | None = None
    """Fair dice: the other player's reveal for those orders."""
    secret: str | None = None
    """Fair dice: the secret file of the player whose orders undo takes back."""
    side: str | None = None
    """Blocks in the West: a side whose view `show --side` prints."""

    @property
    def targets(self) -> list[str]:
        """The files damaged, one per example."""
        return ["game.yaml", "game.log.yaml", self.orders] + [f for f in (self.dice, self.reveal) if f]

    def commands(self, target: str) -> list[list[str]]:
        """Every command that reads `target`."""
        extra = (["--dice", self.dice] if self.dice else []) + (["--reveal", self.reveal] if self.reveal else [])
        with_orders = [
            ["validate", "game.yaml", self.orders],
            ["check", "game.yaml", self.orders],
            ["apply", "game.yaml", self.orders, "--dry-run", *extra],
            ["apply", "game.yaml", self.orders, "--in-place", *extra],
            ["apply", "game.yaml", self.orders, "-o", "out.yaml", *extra],
        ]
        if self.reveal:
            with_orders.append(["reveal", "game.yaml", self.orders, "--secret", "alice.secret.yaml", "-o", "again.yaml"])
        if target == self.orders:
            return with_orders
        if target in (self.dice, self.reveal):
            return [c for c in with_orders if c[0] == "apply"]
        return with_orders + [
            ["show", "game.yaml"], ["show", "game.yaml", "--json"], ["log", "game.yaml"], ["replay", "game.yaml"],
            ["verify", "game.yaml"], ["template", "game.yaml"], ["template", "game.yaml", "-o", "t.yaml"],
            ["undo", "game.yaml", *(["--secret", self.secret] if self.secret else [])],
            ["diff", "before.yaml", "game.yaml"],
            *([["show", "game.yaml", "--side", self.side]] if self.side else []),
        ]


@contextmanager
def working_in(folder: Path) -> Iterator[None]:
    old = Path.cwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(old)


def aa_ref(*args: str) -> Any:
    """`aa-ref ARGS` in the current folder, any exception caught by the runner (and so seen by the checks)."""
    with deadline(COMMAND_SECONDS):
        return CliRunner().invoke(app, list(args), catch_exceptions=True)


def play(folder: Path, *commands: list[str]) -> None:
    """Run `commands` in `folder`; each must succeed."""
    with working_in(folder):
        for args in commands:
            result = aa_ref(*args)
            assert result.exit_code == 0, f"{args}: {result.output}"


def copy(source: Path, folder: Path, *names: str) -> None:
    for name in names:
        shutil.copy(source / name, folder / name)


def build_aa1941(folder: Path) -> World:
    """1941, the USSR's purchase and combat move applied; its combat, with 11 table dice, is next."""
    round_1 = EXAMPLES / "aa1941" / "round-1"
    copy(round_1, folder, "01-ussr-purchase.yaml", "02-ussr-combat-move.yaml", "03-ussr-combat.yaml")
    (folder / "dice.yaml").write_text("# rolled at the table\n[6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5]\n")
    play(folder, ["new", "aa1941", "-o", "game.yaml", "--seed", "mutations"],
         ["apply", "game.yaml", "01-ussr-purchase.yaml", "--in-place"])
    shutil.copy(folder / "game.yaml", folder / "before.yaml")
    play(folder, ["apply", "game.yaml", "02-ussr-combat-move.yaml", "--in-place"],
         ["apply", "game.yaml", "03-ussr-combat.yaml", "--dry-run", "--dice", "dice.yaml"])
    return World("aa1941", folder, "03-ussr-combat.yaml", dice="dice.yaml")


def build_fair(folder: Path) -> World:
    """1941 with fair dice: alice and bob committed, the USSR's combat signed by bob and revealed for by alice."""
    round_1 = EXAMPLES / "aa1941" / "round-1"
    copy(round_1, folder, "01-ussr-purchase.yaml", "02-ussr-combat-move.yaml", "03-ussr-combat.yaml")
    play(folder, ["new", "aa1941", "-o", "game.yaml", "--seed", "mutations-fair"],
         ["commit", "game.yaml", "--secret", "alice.secret.yaml", "--player", "alice", "--side", "Axis"],
         ["commit", "game.yaml", "--secret", "bob.secret.yaml", "--player", "bob", "--side", "Allies"],
         ["sign", "game.yaml", "01-ussr-purchase.yaml", "--secret", "bob.secret.yaml"],
         ["apply", "game.yaml", "01-ussr-purchase.yaml", "--in-place"])
    shutil.copy(folder / "game.yaml", folder / "before.yaml")
    play(folder, ["sign", "game.yaml", "02-ussr-combat-move.yaml", "--secret", "bob.secret.yaml"],
         ["apply", "game.yaml", "02-ussr-combat-move.yaml", "--in-place"],
         ["sign", "game.yaml", "03-ussr-combat.yaml", "--secret", "bob.secret.yaml"],
         ["reveal", "game.yaml", "03-ussr-combat.yaml", "--secret", "alice.secret.yaml", "-o", "03.reveal.yaml"],
         ["apply", "game.yaml", "03-ussr-combat.yaml", "--reveal", "03.reveal.yaml", "--dry-run"])
    return World("fair", folder, "03-ussr-combat.yaml", reveal="03.reveal.yaml", secret="bob.secret.yaml")


def build_warzag(folder: Path) -> World:
    """WARZAG free-for-all (the example's seed): Germany's and the UK's first turns; Italy's, which ends with
    Germany's die, is next."""
    copy(EXAMPLES / "warzag" / "free-for-all", folder, "r1-germany.yaml", "r1-uk.yaml", "r1-italy.yaml")
    (folder / "dice.yaml").write_text("[3]\n")
    play(folder, ["new", "warzag-demo", "-o", "game.yaml", "--seed", "warzag-ffa", "--option", "mode=free_for_all",
                  "--option", "players=germany,uk,italy"],
         ["apply", "game.yaml", "r1-germany.yaml", "--in-place"])
    shutil.copy(folder / "game.yaml", folder / "before.yaml")
    play(folder, ["apply", "game.yaml", "r1-uk.yaml", "--in-place"],
         ["apply", "game.yaml", "r1-italy.yaml", "--dry-run", "--dice", "dice.yaml"])
    return World("warzag", folder, "r1-italy.yaml", dice="dice.yaml")


def build_bitw(folder: Path) -> World:
    """Blocks in the West (the example's seed): the battle at d5, whose second round the Axis answer next."""
    basic = EXAMPLES / "blocks-in-the-west" / "basic"
    names = ["t1-axis-1.yaml", "t1-allies-react.yaml", "t1-allies-withdraw-d5-r1.yaml", "t1-axis-withdraw-d5-r1.yaml"]
    copy(basic, folder, *names)
    (folder / "dice.yaml").write_text("[4, 6, 6, 2, 1, 1, 1, 4, 3, 3, 6, 3, 5, 5, 3, 2]\n")
    play(folder, ["new", "bitw-demo", "-o", "game.yaml", "--seed", "fall-gelb"],
         ["apply", "game.yaml", names[0], "--in-place"])
    shutil.copy(folder / "game.yaml", folder / "before.yaml")
    play(folder, ["apply", "game.yaml", names[1], "--in-place"], ["apply", "game.yaml", names[2], "--in-place"],
         ["apply", "game.yaml", names[3], "--dry-run", "--dice", "dice.yaml"])
    return World("bitw", folder, names[3], dice="dice.yaml", side="allies")


BUILDERS = {"aa1941": build_aa1941, "fair": build_fair, "warzag": build_warzag, "bitw": build_bitw}


@pytest.fixture(scope="session")
def worlds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, World]:
    """The four games, played once per session (built on first use)."""
    return _Worlds(tmp_path_factory)  # type: ignore[return-value]


class _Worlds(dict):
    """The worlds, each built when first asked for (a test of one game does not pay for the others)."""

    def __init__(self, factory: pytest.TempPathFactory) -> None:
        super().__init__()
        self.factory = factory

    def __missing__(self, name: str) -> World:
        world = self[name] = BUILDERS[name](self.factory.mktemp(f"pristine-{name}"))
        return world


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` (hidden ones too, but not the lock files) and its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not LOCK.match(p.name)}


def check(world: World, folder: Path, args: list[str], what: str) -> None:
    """Run `args` in `folder`: exit 0, 1 or 2, no traceback, no exception escaping, and on failure no file
    changed, created or removed."""
    before = snapshot(folder)
    with working_in(folder):
        result = aa_ref(*args)
    said = f"aa-ref {' '.join(args)} ({world.name}, {what}) exit {result.exit_code}:\n{result.output}"
    assert result.exit_code in (0, 1, 2), said
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(said) from result.exception
    assert "Traceback" not in result.output, said
    if result.exit_code != 0:
        after = snapshot(folder)
        changed = sorted(name for name in before.keys() | after.keys() if before.get(name) != after.get(name))
        assert not changed, f"{said}\nchanged on failure: {changed}"


@st.composite
def damage(draw: st.DrawFn, world: World) -> tuple[str, dict[str, bytes]]:
    """One file of `world` damaged: its name and the new content of the files changed."""
    target = draw(st.sampled_from(world.targets), label="file")
    text = (world.folder / target).read_bytes()
    damaged = draw(mutation(text), label="damaged")
    files = {target: damaged}
    if target == "game.log.yaml" and draw(st.booleans(), label="rechain"):
        both = rechained(damaged, (world.folder / "game.yaml").read_bytes())
        if both:
            files = {target: both[0], "game.yaml": both[1]}
    return target, files


def run_example(world: World, data: st.DataObject, scratch: Path) -> None:
    """Damage a fresh copy of `world` and run every command that reads the damaged file, each in a copy of its
    own (a command that succeeds may write)."""
    target, files = data.draw(damage(world), label="damage")
    what = f"{target} damaged" + (" and rechained" if len(files) > 1 else "")
    for n, args in enumerate(world.commands(target)):
        folder = scratch / f"c{n}"
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(world.folder, folder, symlinks=True)
        for name, content in files.items():
            (folder / name).write_bytes(content)
        check(world, folder, args, what)
        shutil.rmtree(folder, ignore_errors=True)


def _settings(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, derandomize=True, database=None, print_blob=False,
                    suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("name", list(BUILDERS))
@_settings(DEFAULT_EXAMPLES)
@given(data=st.data())
def test_damaged_files_never_crash_and_failures_write_nothing(worlds: dict[str, World], name: str,
                                                             data: st.DataObject,
                                                             tmp_path_factory: pytest.TempPathFactory) -> None:
    """Exit 0, 1 or 2, no traceback, nothing written on failure, for every command that reads the damaged file."""
    run_example(worlds[name], data, tmp_path_factory.mktemp(f"mutated-{name}"))


@deep
@pytest.mark.slow
@pytest.mark.parametrize("name", list(BUILDERS))
@_settings(SLOW_EXAMPLES)
@given(data=st.data())
def test_a_deeper_search(worlds: dict[str, World], name: str, data: st.DataObject,
                         tmp_path_factory: pytest.TempPathFactory) -> None:
    """The same property over more examples (other ones than the default run's)."""
    run_example(worlds[name], data, tmp_path_factory.mktemp(f"deep-{name}"))
