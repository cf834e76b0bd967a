"""`aa-ref import-triplea --map-dir DIR`: a TripleA map folder's layout files (centers.txt, polygons.txt) become the
imported setup's `layout:`, so that `show --svg` draws the board with its shapes. The layout files are small ones
written for the tests (no map's data is copied)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from aa_ref.core.yamlio import load_yaml

TINY = Path(__file__).resolve().parents[1] / "data" / "tiny-triplea.xml"
SVG = "{http://www.w3.org/2000/svg}"

CENTERS = """Northland  (100,60)
Southland  (100,180)
Neutralia  (220,120)
1 Sea Zone  (20,60)
2 Sea Zone  (20,180)
Atlantis  (500,500)
"""
POLYGONS = """Northland  <  (60,20) (140,20) (140,100) (100,110) (60,100) >
Southland  <  (60,140) (140,140) (140,220) (60,220) >  <  (150,200) (170,200) (160,215) >
1 Sea Zone  <  (0,0) (50,0) (50,119) (0,119) >
2 Sea Zone  <  (0,121) (50,121) (50,240) (0,240) >
"""


def map_folder(root: Path, centers: str = CENTERS, polygons: str | None = POLYGONS, inner: bool = False) -> Path:
    folder = root / "tiny_map"
    files = folder / "map" if inner else folder
    files.mkdir(parents=True)
    (files / "centers.txt").write_text(centers)
    if polygons is not None:
        (files / "polygons.txt").write_text(polygons)
    return folder


def test_the_map_folders_centres_and_outlines_become_the_layout(cli):
    folder = map_folder(cli.folder)
    result = cli("import-triplea", TINY, "-o", "tiny.yaml", "--map-dir", folder)
    assert result.exit_code == 0, result.output
    assert "Atlantis (in the map's layout files) is no space of the board" in result.output
    layout = load_yaml(cli.folder / "tiny.yaml").data["layout"]
    assert str(cli.folder) not in (cli.folder / "tiny.yaml").read_text()  # no path of this machine
    assert layout["spaces"]["Northland"]["at"] == [100, 60]
    assert layout["spaces"]["SZ 1"]["shapes"] == [[[0, 0], [50, 0], [50, 119], [0, 119]]]
    assert len(layout["spaces"]["Southland"]["shapes"]) == 2  # an island is a second piece
    assert "shapes" not in layout["spaces"]["Neutralia"]
    assert cli("validate", "tiny.yaml").exit_code == 0
    assert cli("new", "tiny.yaml", "-o", "game.yaml", "--seed", "x").exit_code == 0
    assert cli("show", "game.yaml", "--svg", "tiny.svg").exit_code == 0
    root = ET.fromstring((cli.folder / "tiny.svg").read_text())
    spaces = {g.get("data-space"): g for g in root.iter(f"{SVG}g") if g.get("data-space")}
    assert set(spaces) == {"Northland", "Southland", "Neutralia", "SZ 1", "SZ 2"}
    assert len(spaces["Southland"].findall(f"{SVG}polygon")) == 2
    assert spaces["Neutralia"].find(f"{SVG}rect") is not None  # no outline: a box at its centre


def test_the_layout_files_may_sit_in_the_map_subfolder_and_polygons_may_be_missing(cli):
    folder = map_folder(cli.folder, polygons=None, inner=True)
    result = cli("import-triplea", TINY, "-o", "tiny.yaml", "--map-dir", folder)
    assert result.exit_code == 0, result.output
    layout = load_yaml(cli.folder / "tiny.yaml").data["layout"]
    assert layout["source"] == "the TripleA map folder's centers.txt"
    assert all("shapes" not in place for place in layout["spaces"].values())


def test_a_space_with_an_outline_and_no_centre_is_centred_on_it(cli):
    folder = map_folder(cli.folder, centers="Southland  (100,180)\n")
    result = cli("import-triplea", TINY, "-o", "tiny.yaml", "--map-dir", folder)
    assert result.exit_code == 0, result.output
    spaces = load_yaml(cli.folder / "tiny.yaml").data["layout"]["spaces"]
    assert spaces["Northland"]["at"] == [100, 65]
    assert "Neutralia has no centre or outline" in result.output and "Neutralia" not in spaces
