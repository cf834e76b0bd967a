"""`aa-ref show GAME --svg FILE`: the board as a picture, for every shipped scenario; Blocks in the West under fog of
war (a side's picture shows what its exported view shows, nothing more)."""

from __future__ import annotations

import os
import re
import stat
import xml.etree.ElementTree as ET

import pytest

from aa_ref.core.session import scenarios
from aa_ref.core.setups import load_setup
from aa_ref.core.yamlio import load_yaml

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("scenario", [s.id for s in scenarios()])
def test_show_svg_draws_every_shipped_scenario(cli, scenario):
    assert cli("new", scenario, "-o", "game.yaml", "--seed", "svg").exit_code == 0
    result = cli("show", "game.yaml", "--svg", "board.svg")
    assert result.exit_code == 0, result.output
    text = (cli.folder / "board.svg").read_text()
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg" and root.get("width") == "100%"
    assert len([g for g in root.iter(f"{SVG}g") if g.get("data-space") or g.get("data-hex")]) > 20
    assert str(cli.folder) not in text and os.path.expanduser("~") + "/" not in text  # no path of this machine
    again = cli("show", "game.yaml", "--svg", "board.svg")
    assert again.exit_code == 2 and "--force" in again.output
    assert cli("show", "game.yaml", "--svg", "board.svg", "--force").exit_code == 0
    assert not [p for p in cli.folder.iterdir() if p.name.endswith(".tmp")]


def test_show_svg_refuses_what_does_not_apply(cli, game):
    assert cli("show", "game.yaml", "--svg", "b.svg", "--side", "axis").exit_code == 2  # A&A hides nothing
    assert cli("show", "game.yaml", "--svg", "b.svg", "--power", "Germany").exit_code == 2
    assert cli("show", "game.yaml", "--force").exit_code == 2
    assert cli("show", "game.yaml", "--svg", "b.svg", "--json").exit_code == 2
    assert not (cli.folder / "b.svg").exists()


def _blocks(text: str) -> list[ET.Element]:
    return [g for g in ET.fromstring(text).iter(f"{SVG}g") if g.get("class") == "block"]


def test_a_sides_picture_shows_only_its_view(cli):
    assert cli("new", "bitw-demo", "-o", "game.yaml", "--seed", "fog").exit_code == 0
    assert cli("show", "game.yaml", "--svg", "allies.svg", "--side", "Allies").exit_code == 0
    assert cli("export", "game.yaml", "--side", "allies", "-o", "allies-view.yaml").exit_code == 0
    picture = (cli.folder / "allies.svg").read_text()
    view = load_yaml(cli.folder / "allies-view.yaml").data
    game = load_yaml(cli.folder / "game.yaml").data
    setup = load_setup("bitw-demo")
    axis = [b for b, block in setup.blocks.items() if setup.powers[block.power].side == "axis"]
    assert axis and any(game["blocks"][b]["hex"] for b in axis)
    for block_id in axis:  # no id, name, unit type or strength of a hidden axis block
        assert block_id not in picture and setup.blocks[block_id].name not in picture
    blocks = _blocks(picture)
    hidden = [g for g in blocks if setup.powers[g.get("data-power")].side == "axis"]
    seen_hidden = [b for b, s in view["blocks"].items() if setup.powers[s["power"]].side == "axis"]
    assert len(hidden) == len(seen_hidden) > 0  # as many anonymous axis blocks as the view shows
    for g in hidden:
        assert g.find(f"{SVG}text") is None  # no type, no strength
        assert g.find(f"{SVG}title").text.endswith("(hidden)")
    own = [g for g in blocks if setup.powers[g.get("data-power")].side == "allies"]
    assert len(own) == len([s for s in view["blocks"].values() if setup.powers[s["power"]].side == "allies"])
    axis_types = {setup.blocks[b].unit for b in axis} - {setup.blocks[b].unit for b in setup.blocks if b not in axis}
    for unit in axis_types:  # a type only the axis has would give a hidden block away
        assert re.search(rf"\b{unit}\b", picture) is None
    assert "REFEREE" not in picture
    assert stat.S_IMODE((cli.folder / "allies.svg").stat().st_mode) == 0o600


def test_the_referees_picture_is_marked_and_private(cli):
    assert cli("new", "bitw-demo", "-o", "game.yaml", "--seed", "fog").exit_code == 0
    result = cli("show", "game.yaml", "--svg", "referee.svg")
    assert result.exit_code == 0 and "referee" in result.output and "0600" in result.output
    text = (cli.folder / "referee.svg").read_text()
    assert "REFEREE&#39;S PICTURE" in text
    assert stat.S_IMODE((cli.folder / "referee.svg").stat().st_mode) == 0o600
    assert len(_blocks(text)) > len(_blocks(text)) // 2 > 0
    assert cli("show", "game.yaml", "--svg", "x.svg", "--side", "both").exit_code == 2
