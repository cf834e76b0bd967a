"""Games made by earlier aa-ref versions (tests/data/compat/, docs/compatibility.md): this aa-ref loads every one
and replays it exactly. A change that breaks one must raise a rules version and explain itself, not edit the data."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from aa_ref import __version__
from aa_ref.core import session

COMPAT = Path(__file__).resolve().parents[1] / "data" / "compat"
FOLDERS = sorted(p for p in COMPAT.iterdir() if p.is_dir())


def test_there_is_a_game_of_this_version_and_one_from_before_versioned_saves():
    names = [p.name for p in FOLDERS]
    assert f"v{__version__}-aa1941" in names, f"run tests/data/compat/make.sh tests/data/compat/v{__version__}-aa1941"
    assert "v0.1.0-unversioned-aa1941" in names


@pytest.mark.parametrize("folder", FOLDERS, ids=[p.name for p in FOLDERS])
def test_an_earlier_versions_game_loads_and_replays_exactly(folder: Path, tmp_path: Path):
    work = tmp_path / folder.name
    shutil.copytree(folder, work)  # a copy: every command must read it wherever it lies
    loaded = session.load_game(work / "game.yaml")
    made = loaded.log.start.made_by
    if "unversioned" in folder.name:
        assert made is None and loaded.log.start.setup_sha256 is None
    else:
        assert made is not None and f"v{made.aa_ref}-{made.ruleset}" == folder.name
        assert loaded.log.start.setup_sha256 is not None
    assert len(loaded.log.entries) == 5 and loaded.game.power == "Germany"
    report = session.replay(work / "game.yaml")
    assert report.divergence is None and report.entries == 5


def test_the_package_version_is_one_number():
    import tomllib

    project = tomllib.loads((COMPAT.parents[2] / "pyproject.toml").read_text())["project"]
    assert project["version"] == __version__
