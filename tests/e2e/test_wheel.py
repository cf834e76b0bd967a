"""A wheel carries its games: built from the project's files, installed in a fresh virtualenv, run in an empty
folder outside the checkout, `aa-ref` lists every shipped scenario, plays, validates and replays the shipped
round of 1941 there, and starts an Anniversary 1942 game (whose setup `extends` the 1941 board).

The wheel is built as a user's pip builds it (its build tools fetched from the package index). The fresh
virtualenv gets aa-ref from the wheel only; its dependencies come from the test run's own site-packages through
a path file, whose own path files (among them an editable install of aa-ref) are not read."""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ROUND_1 = sorted((ROOT / "examples" / "aa1941" / "round-1").glob("*.yaml"))
pytestmark = pytest.mark.slow


def run(*args: str | Path, cwd: Path) -> str:
    """Run a command as a user would: no PYTHONPATH, which would put another copy of aa_ref before the wheel."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{args}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The `bin` folder of a fresh virtualenv holding aa-ref installed from its wheel."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"  # a copy, so that the build writes nothing into the checkout
    shutil.copytree(ROOT / "aa_ref", source / "aa_ref", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", work / "dist",
        source, cwd=work)
    env = work / "venv"
    venv.EnvBuilder(with_pip=True).create(env)
    python = env / "bin" / "python"
    packages = Path(run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=work).strip())
    (packages / "test-run-dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    wheel = next((work / "dist").glob("aa_ref-*.whl"))
    run(python, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", wheel, cwd=work)
    return env / "bin"


def test_the_installed_package_is_the_wheel(installed: Path, tmp_path: Path):
    where = run(installed / "python", "-c", "import aa_ref; print(aa_ref.__file__)", cwd=tmp_path)
    assert Path(where.strip()).is_relative_to(installed.parent), where


def test_a_wheel_lists_every_shipped_scenario(installed: Path, tmp_path: Path):
    listing = run(installed / "aa-ref", "games", cwd=tmp_path)
    for scenario in sorted(p.stem for p in (ROOT / "aa_ref" / "setups").glob("*.yaml")):
        assert scenario in listing


def test_a_wheel_plays_validates_and_replays_a_round_of_1941(installed: Path, tmp_path: Path):
    aa_ref = installed / "aa-ref"
    run(aa_ref, "new", "aa1941", "-o", "game.yaml", "--seed", "example", cwd=tmp_path)
    for orders in ROUND_1:
        shutil.copy(orders, tmp_path / orders.name)
        run(aa_ref, "apply", "game.yaml", orders.name, "--in-place", cwd=tmp_path)
    assert "matches the game" in run(aa_ref, "replay", "game.yaml", cwd=tmp_path)
    run(aa_ref, "validate", "game.yaml", cwd=tmp_path)
    assert "round 2" in run(aa_ref, "show", "game.yaml", cwd=tmp_path).lower()
    assert "%" in run(aa_ref, "odds", "--attacker", "3 infantry, 1 tank", "--defender", "2 infantry", cwd=tmp_path)


def test_a_wheel_starts_a_scenario_that_extends_another(installed: Path, tmp_path: Path):
    run(installed / "aa-ref", "new", "anniversary-1942", "-o", "game.yaml", cwd=tmp_path)
    assert "Japan" in run(installed / "aa-ref", "show", "game.yaml", cwd=tmp_path)
