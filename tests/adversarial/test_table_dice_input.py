"""Dice typed or piped at a table, and dice files by volley, from someone who means harm or makes a mess: binary
garbage, an endless line, a mapping of the wrong shapes. Each ends with exit 1 or 2, never a traceback or a hang,
and leaves every file as it was."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ROUND_1 = ROOT / "examples" / "aa1941" / "round-1"


def aa_ref(folder: Path, *args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "aa_ref", *args], cwd=folder, input=stdin, capture_output=True,
                          timeout=120)


def digests(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()
            if p.is_file() and not p.name.endswith(".lock")}


@pytest.fixture(scope="module")
def battle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 1941 game whose next document (USSR's combat) rolls dice."""
    folder = tmp_path_factory.mktemp("table")
    assert aa_ref(folder, "new", "aa1941", "-o", "game.yaml", "--seed", "hostile").returncode == 0
    for n in (1, 2):
        assert aa_ref(folder, "apply", "game.yaml", str(next(ROUND_1.glob(f"{n:02d}-*.yaml"))), "--in-place").returncode == 0
    return folder


COMBAT = str(next(ROUND_1.glob("03-*.yaml")))


@pytest.mark.parametrize("stdin", [
    bytes(range(256)) * 40,                    # binary garbage, no newline
    b"1" * 200_000 + b"\n",                    # an endless line of dice
    b"\xff\xfe1 2 3\n" * 50,                   # not UTF-8
    b"\n" * 10_000,                            # blank lines only
    b"# " + b"x" * 10_000 + b"\n",             # a note line, then the end
])
def test_hostile_standard_input_applies_nothing(battle, stdin):
    before = digests(battle)
    result = aa_ref(battle, "apply", "game.yaml", COMBAT, "--in-place", "--ask-dice", stdin=stdin)
    assert result.returncode == 1, result.stderr
    assert b"Traceback" not in result.stderr and b"nothing was applied" in result.stdout + result.stderr
    assert digests(battle) == before


@pytest.mark.parametrize(("text", "said"), [
    ("dice: {r1/USSR/West Russia/cr1/attack: 3}\n", "dice.yaml:1:40: the volley r1/USSR/West Russia/cr1/attack's dice are a list"),
    ("dice: {r1/USSR/West Russia/cr1/attack: [1, {a: 1}]}\n", "a die is a whole number from 1 to 6, not {'a': 1}"),
    ("dice: {1: [2], r1/USSR/West Russia/cr1/attack: [1, 1, 1, 1, 1, 1, 1, 1]}\n", "no dice for the volley"),
    ("dice: {[a]: [1]}\n", "dice.yaml"),
    ("dice: {r1/usSR/west russia/CR1/attack: [1, 1, 1, 1, 1, 1, 1, 1], R1/USSR/West Russia/cr1/attack: [2]}\n",
     "given twice"),
])
def test_a_hostile_dice_file_by_volley_is_refused_and_changes_nothing(battle, text, said):
    (battle / "dice.yaml").write_text(text)
    before = digests(battle)
    result = aa_ref(battle, "apply", "game.yaml", COMBAT, "--in-place", "--dice", "dice.yaml")
    assert result.returncode in (1, 2), result.stderr
    assert b"Traceback" not in result.stderr and said.encode() in result.stdout + result.stderr
    assert digests(battle) == before


def test_dice_by_volley_inside_orders_are_checked_for_shape(battle):
    (battle / "combat.yaml").write_text(Path(COMBAT).read_text() + "dice: {r1/USSR/West Russia/cr1/attack: [1, 7]}\n")
    before = digests(battle)
    result = aa_ref(battle, "apply", "game.yaml", "combat.yaml", "--in-place")
    assert result.returncode == 1 and b"Traceback" not in result.stderr
    assert b"combat.yaml:" in result.stdout + result.stderr
    assert digests(battle) == before
