"""A TripleA map folder's layout files given to `import-triplea --map-dir` are the user's, maybe hostile: every
malformed or oversized one is refused at its file, line and column, without a traceback, and nothing is written."""

from __future__ import annotations

import math
import os

import pytest

from aa_ref.features.triplea import layout
from tests.adversarial.support import POSIX_ONLY, refused
from tests.e2e.test_import_triplea_layout import CENTERS, TINY, map_folder


def _refused(cli, folder) -> str:
    before = cli.snapshot()
    result = cli("import-triplea", TINY, "-o", "tiny.yaml", "--map-dir", folder)
    output = refused(result, before, cli.snapshot())
    assert not (cli.folder / "tiny.yaml").exists()
    return output


@pytest.mark.parametrize(("centers", "where"), [
    ("Northland  (100,60)\nSouthland  100,180\n", "centers.txt:2:"),
    ("Northland  (100,60\n", "centers.txt:1:"),
    ("(100,60)\n", "centers.txt:1:"),
    ("Northland  (1e3,60)\n", "centers.txt:1:"),
    ("Northland  (99999999999,60)\n", "centers.txt:1:"),
    ("Northland  (100,60)\nNorthland  (1,2)\n", "centers.txt:2:1"),
    ("Northland  (1000001,60)\n", "centers.txt:1:13"),
])
def test_a_malformed_centre_is_refused_where_it_is(cli, centers, where):
    assert where in _refused(cli, map_folder(cli.folder, centers=centers))


@pytest.mark.parametrize(("polygons", "where"), [
    ("Northland  <  (60,20) (140,20) (140,100)\n", "polygons.txt:1:12"),       # never closed
    ("Northland  (60,20) (140,20) (140,100) >\n", "polygons.txt:1:"),           # never opened
    ("Northland  <  (60,20) (140,20) >\n", "polygons.txt:1:12"),                # two points
    ("Northland  <  (60,20) (x,20) (140,100) >\n", "polygons.txt:1:23"),        # not a number
    ("Northland  <  (60,20) (140,20) (140,100) > junk\n", "polygons.txt:1:44"),  # after the pieces
    ("  <  (60,20) (140,20) (140,100) >\n", "polygons.txt:1:"),                  # no name
    ("SZ 1  <  (0,0) (5,0) (5,5) >\n1 Sea Zone  <  (0,0) (5,0) (5,5) >\nSZ 1  <  (0,0) (5,0) (5,5) >\n",
     "polygons.txt:3:1"),
])
def test_a_malformed_outline_is_refused_where_it_is(cli, polygons, where):
    assert where in _refused(cli, map_folder(cli.folder, polygons=polygons))


def test_oversized_layout_files_are_refused(cli, monkeypatch):
    monkeypatch.setattr(layout, "MAX_FILE_BYTES", 1000)
    output = _refused(cli, map_folder(cli.folder, centers=CENTERS + "Nowhere  (1,1)\n" * 100))
    assert "centers.txt" in output and "1000" in output.replace(",", "")


def test_too_many_points_lines_or_pieces_are_refused(cli, monkeypatch):
    monkeypatch.setattr(layout, "MAX_POINTS", 5)
    assert "more than 5 points" in _refused(cli, map_folder(cli.folder))
    monkeypatch.setattr(layout, "MAX_POINTS", 100_000)
    monkeypatch.setattr(layout, "MAX_PIECES", 1)
    assert "more than 1 pieces" in _refused(cli, map_folder(cli.folder / "b"))
    monkeypatch.setattr(layout, "MAX_LINES", 3)
    assert "lines" in _refused(cli, map_folder(cli.folder / "c"))


def test_a_long_outline_is_kept_small():
    circle = [(round(1000 + 900 * math.cos(i / 5000)), round(1000 + 900 * math.sin(i / 5000))) for i in range(31_000)]
    kept = layout.simplify(circle)
    assert 3 <= len(kept) <= layout.MAX_KEPT and kept[0] == circle[0]


def test_non_utf8_and_missing_files_and_folders_are_refused(cli):
    folder = map_folder(cli.folder)
    (folder / "centers.txt").write_bytes(b"Northland  (1,2)\n\xff\xfe\n")
    assert "not UTF-8" in _refused(cli, folder)
    assert "not a folder" in _refused(cli, cli.folder / "nowhere")
    empty = cli.folder / "empty"
    empty.mkdir()
    assert "no centers.txt" in _refused(cli, empty)


@POSIX_ONLY
def test_a_named_pipe_or_a_folder_for_a_layout_file_is_refused(cli):
    folder = map_folder(cli.folder, polygons=None)
    os.mkfifo(folder / "polygons.txt")
    assert "polygons.txt" in _refused(cli, folder)
    other = map_folder(cli.folder / "o", polygons=None)
    (other / "centers.txt").unlink()
    (other / "centers.txt").mkdir()
    assert "centers.txt" in _refused(cli, other)
