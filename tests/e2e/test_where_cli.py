"""`aa-ref where GAME SPACE [--units ...]` (issue 20): neighbours, control and units of a space; where units can go,
in every game; bad input as one clear line; Blocks in the West under fog of war."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WARZAG = ROOT / "examples" / "warzag" / "free-for-all"


def test_a_space_without_units_shows_neighbours_control_and_units(cli, game) -> None:
    result = cli("where", "game.yaml", "west russia")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("West Russia: land, 1 IPC, controlled by Germany")
    assert "land neighbours: Archangel (USSR)" in result.output and "units: Germany 3 infantry" in result.output
    data = json.loads(cli("where", "game.yaml", "SZ 4", "--json").output)
    assert data["kind"] == "sea" and "Archangel" in [n["space"] for n in data["neighbours"]["land"]]


def test_units_in_any_case_and_plural_with_costs(cli, game) -> None:
    result = cli("where", "game.yaml", "caucasus", "--units", "2 Infantries", "--units", "tanks")
    assert result.exit_code == 0, result.output
    assert "USSR's 2 infantry, 1 tank in Caucasus, Combat Move" in result.output
    assert "the game is in the purchase phase" in result.output  # answered for the coming Combat Move
    assert "  Ukraine: 1\n  West Russia: 1\n" in result.output
    data = json.loads(cli("where", "game.yaml", "Russia", "--units", "fighter", "--json").output)
    west = next(d for d in data["destinations"] if d["space"] == "West Russia")
    assert west["cost"] == 1 and "Russia" in west["land_at"]


def test_another_power_is_answered_for_its_next_combat_move(cli, game) -> None:
    result = cli("where", "game.yaml", "germany", "--units", "bomber", "--power", "GERMANY")
    assert result.exit_code == 0, result.output
    assert "answer is for Germany's next Combat Move" in result.output and "Karelia: 2" in result.output


def test_bad_input_is_one_clear_line_with_a_suggestion(cli, game) -> None:
    for args, expected in [
        (("west rusia",), "unknown space 'west rusia'; did you mean 'West Russia'?"),
        (("caucasus", "--units", "2 infantri"), "unknown unit type 'infantri'; did you mean 'infantry'?"),
        (("caucasus", "--units", "5 infantry"), "USSR has not 5 infantry free to move from Caucasus"),
        (("caucasus", "--units", "tank", "--power", "germny"), "unknown power 'germny'; did you mean 'Germany'?"),
        (("caucasus", "--side", "axis"), "--side is for Blocks in the West"),
    ]:
        result = cli("where", "game.yaml", *args)
        assert result.exit_code in (1, 2), result.output
        assert expected in result.output and "Traceback" not in result.output


def test_warzag_armies_reach_hexes_with_their_consumption(cli) -> None:
    assert cli("new", "warzag-demo", "-o", "game.yaml", "--seed", "warzag-ffa", "--option", "mode=free_for_all",
               "--option", "players=germany,uk,italy").exit_code == 0
    for name in ("r1-germany", "r1-uk", "r1-italy", "r2-germany"):
        assert cli("apply", "game.yaml", str(WARZAG / f"{name}.yaml"), "--in-place").exit_code == 0
    about = cli("where", "game.yaml", "Foxtrot")
    assert about.exit_code == 0 and about.output.startswith("foxtrot (Base Foxtrot): base, owner germany; armies")
    result = cli("where", "game.yaml", "foxtrot", "--units", "infantry", "--power", "Germany", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {"hex": "p3-05", "cost": 1, "pp": 0, "path": ["p3-05"]} in data["destinations"]
    bad = cli("where", "game.yaml", "foxtrt")
    assert bad.exit_code == 1 and "did you mean 'foxtrot'?" in bad.output


def test_blocks_in_the_west_side_view_never_names_hidden_blocks(cli) -> None:
    assert cli("new", "bitw-demo", "-o", "game.yaml", "--seed", "fall-gelb").exit_code == 0
    referee = cli("where", "game.yaml", "e4")
    assert "ge_pz_1 (germany tank, strength 4)" in referee.output
    allies = cli("where", "game.yaml", "e4", "--side", "allies")
    assert allies.exit_code == 0, allies.output
    for text in (allies.output, cli("where", "game.yaml", "e4", "--side", "allies", "--json").output):
        assert "ge_" not in text and "tank" not in text and "hidden-" in text
    # an allied player cannot learn which German blocks stand there by naming them
    probe = cli("where", "game.yaml", "e4", "--side", "allies", "--units", "ge_pz_1")
    other = cli("where", "game.yaml", "e4", "--side", "allies", "--units", "no_such_block")
    assert probe.exit_code == other.exit_code == 1
    assert probe.output.replace("ge_pz_1", "X") == other.output.replace("no_such_block", "X")
    moves = cli("where", "game.yaml", "E4", "--units", "tank", "--side", "axis")
    assert moves.exit_code == 0, moves.output
    assert "the axis' ge_pz_1 in e4, Movement phase" in moves.output and "  cologne: 1 MP\n" in moves.output
