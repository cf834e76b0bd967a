"""The board as a picture (features/pictures): well-formed, self-contained SVG drawing every space and the units."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from aa_ref.core.session import load_game, new_game
from aa_ref.core.setups import load_setup, setup_sha256
from aa_ref.core.yamlio import dump_yaml, load_yaml
from aa_ref.features.pictures import board_svg, schematic
from aa_ref.features.pictures.axis_allies import places, units_text

SVG = "{http://www.w3.org/2000/svg}"
AA = ("aa1941", "anniversary-1941", "anniversary-1942", "global1940")


def _game(tmp_path: Path, scenario: str):
    new_game(scenario, tmp_path / "game.yaml", "pictures", None, {})
    return load_game(tmp_path / "game.yaml")


def _root(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.get("width") == "100%" and root.get("viewBox")
    assert "http" not in svg.replace('xmlns="http://www.w3.org/2000/svg"', "")  # nothing fetched from outside
    assert "<image" not in svg and "<script" not in svg and "href" not in svg
    return root


def _drawn(root: ET.Element, attribute: str) -> set[str]:
    return {g.get(attribute) for g in root.iter(f"{SVG}g") if g.get(attribute)}


@pytest.mark.parametrize("scenario", AA)
def test_every_shipped_a_and_a_setup_has_coordinates_for_every_space(scenario):
    setup = load_setup(scenario)
    assert setup.layout is not None and set(setup.layout.spaces) == set(setup.spaces)  # 1942 inherits 1941's
    assert setup.layout.wrap == schematic.WIDTH


@pytest.mark.parametrize("scenario", AA)
def test_an_a_and_a_picture_draws_every_space_and_the_units(tmp_path, scenario):
    loaded = _game(tmp_path, scenario)
    root = _root(board_svg(loaded.setup, loaded.game))
    assert _drawn(root, "data-space") == set(loaded.setup.spaces)
    units = {t.text for t in root.iter(f"{SVG}text") if t.get("class") == "units"}
    germany = {}
    for force in loaded.game.spaces["Germany"].forces:
        if force.power == "Germany":
            for unit, n in force.units.items():
                germany[unit] = germany.get(unit, 0) + n
    assert units_text(germany, list(loaded.setup.unit_types)) in units
    assert any("inf" in text for text in units)


def test_units_are_written_as_players_speak():
    assert units_text({"tank": 1, "infantry": 3}, ["infantry", "tank"]) == "3 inf 1 tnk"
    assert units_text({"battleship": 1, "carrier": 2, "zeppelin": 1}, ["battleship", "carrier"]) == "1 bb 2 cv 1 zepp"


def test_a_setup_without_coordinates_gets_a_schematic_layout_and_layout_is_not_in_the_fingerprint(tmp_path):
    data = copy.deepcopy(load_yaml(Path(__file__).parents[2] / "aa_ref" / "setups" / "aa1941.yaml").data)
    del data["layout"]
    data["id"] = "mine"
    (tmp_path / "mine.yaml").write_text(dump_yaml(data))
    bare = load_setup(str(tmp_path / "mine.yaml"))
    centres, shapes, wrap = places(bare)
    assert set(centres) == set(bare.spaces) and not shapes and wrap == schematic.WIDTH
    assert centres == places(load_setup(str(tmp_path / "mine.yaml")))[0]  # deterministic
    data["layout"] = {"spaces": {"Germany": {"at": [10, 10], "shapes": [[[0, 0], [20, 0], [20, 20]]]}}}
    (tmp_path / "drawn.yaml").write_text(dump_yaml(data))
    drawn = load_setup(str(tmp_path / "drawn.yaml"))
    assert setup_sha256(str(tmp_path / "drawn.yaml")) == setup_sha256(str(tmp_path / "mine.yaml"))
    centres, shapes, _ = places(drawn)  # a partial layout: the others beside their neighbours, in its frame
    assert set(centres) == set(drawn.spaces) and list(shapes) == ["Germany"]


def test_validate_names_a_layout_space_that_is_not_on_the_board(tmp_path):
    from aa_ref.core.documents import parse_model
    from aa_ref.games.axis_allies.rules.checks import setup_problems

    data = copy.deepcopy(load_yaml(Path(__file__).parents[2] / "aa_ref" / "setups" / "aa1941.yaml").data)
    data["layout"]["spaces"]["Atlantis"] = {"at": [1, 2]}
    (tmp_path / "bad.yaml").write_text(dump_yaml(data))
    doc = load_yaml(tmp_path / "bad.yaml")
    problems = [str(p) for p in setup_problems(parse_model(doc, "setup"), doc)]
    assert any("layout" in p and "Atlantis" in p for p in problems), problems


def test_a_warzag_picture_draws_the_board_and_the_leaders(tmp_path):
    loaded = _game(tmp_path, "warzag-demo")
    svg = board_svg(loaded.setup, loaded.game)
    root = _root(svg)
    in_play = {h for h, hx in loaded.setup.hexes.items() if not hx.expansion}
    assert in_play <= _drawn(root, "data-hex")
    for nation in loaded.game.seating:
        assert f"{nation} Leader" in svg
    with pytest.raises(Exception, match="leave out --side"):
        board_svg(loaded.setup, loaded.game, "axis")


def test_a_bitw_picture_draws_every_hex_and_the_referees_is_marked(tmp_path):
    loaded = _game(tmp_path, "bitw-demo")
    referee = board_svg(loaded.setup, loaded.game)
    root = _root(referee)
    assert _drawn(root, "data-hex") == set(loaded.setup.hexes)
    assert "REFEREE" in referee
    on_map = [b for b, s in loaded.game.blocks.items() if s.hex is not None]
    assert len([g for g in root.iter(f"{SVG}g") if g.get("class") == "block"]) == len(on_map)
    allies = board_svg(loaded.setup, loaded.game, "allies")
    assert "REFEREE" not in allies and "the allies' view" in _root(allies).find(f"{SVG}title").text


def test_units_aboard_a_transport_are_written_with_their_owner(tmp_path):
    loaded = _game(tmp_path, "aa1941")
    sea, force = next((n, f) for n, s in loaded.game.spaces.items() for f in s.forces if "transport" in f.units)
    force.cargo = {"USA": {"infantry": 2}}
    root = _root(board_svg(loaded.setup, loaded.game))
    texts = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "units"]
    assert "2 inf aboard" in texts or any(t.endswith("+ 2 inf aboard") for t in texts), (sea, texts)
