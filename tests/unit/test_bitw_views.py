"""Fog of war [BW L508], [BW L732-L734]: a side's view holds none of the other side's hidden facts."""

from __future__ import annotations

import json

import pytest

from aa_ref.games.blocks_in_the_west.ruleset import Bitw
from aa_ref.games.blocks_in_the_west.scenario import Scenario
from aa_ref.games.blocks_in_the_west.views import view

SCENARIO = Scenario.model_validate({
    "kind": "bitw-scenario", "schema_version": 1, "id": "tiny", "title": "tiny",
    "hexes": {"berlin": {"at": [0, 0], "nation": "germany", "city": "capital"},
              "paris": {"at": [1, 0], "nation": "france", "city": "capital"},
              "h1": {"at": [0, 1]}},
    "powers": {"germany": {"side": "axis", "capital": "berlin", "supply_source": "berlin"},
               "france": {"side": "allies", "capital": "paris", "supply_source": "paris"}},
    "tech_chart": {"infantry": {1: {"attack": 6, "defence": 6, "mp": 3}}, "tank": {1: {"attack": 6, "defence": 5, "mp": 3}}},
    "blocks": {"ger-7pz": {"power": "germany", "unit": "tank", "name": "7th Panzer", "steps": [{"value": 4}, {"value": 3}]},
               "ger-inf": {"power": "germany", "unit": "infantry", "name": "IV Corps", "steps": [{"value": 3}]},
               "fr-inf": {"power": "france", "unit": "infantry", "name": "1st Army", "steps": [{"value": 4}]},
               "fr-reserve": {"power": "france", "unit": "infantry", "name": "Reserve", "steps": [{"value": 2}]}},
    "setup": {"ger-7pz": {"hex": "berlin"}, "ger-inf": {"hex": "h1", "revealed": True}, "fr-inf": {"hex": "paris"}},
    "turns": [{"month": "1940-05"}],
    "victory": {"side": "axis", "control_all": ["paris"], "otherwise": "allies"},
})


def _game(**options: str):
    return Bitw().new_game(SCENARIO, None, {"rules": "basic", "fog_of_war": "on", **options}, "secret-seed", "x.log")


def test_an_upright_enemy_block_shows_only_its_nation_and_hex():
    seen = view(SCENARIO, _game(), "allies")
    text = json.dumps(seen.model_dump(mode="json"))
    assert "ger-7pz" not in text and "7th Panzer" not in text and "tank" not in text
    hidden = [b for b in seen.blocks.values() if b.hex == "berlin"]
    assert len(hidden) == 1 and hidden[0].power == "germany" and hidden[0].strength is None and hidden[0].unit is None


def test_a_revealed_enemy_block_is_seen_whole_and_own_blocks_always():
    seen = view(SCENARIO, _game(), "allies")
    assert seen.blocks["ger-inf"].strength == 3 and seen.blocks["ger-inf"].unit == "infantry"
    assert seen.blocks["fr-inf"].name == "1st Army"
    assert seen.off_map == ["fr-reserve"]


def test_the_enemy_blocks_off_the_map_and_pp_are_not_in_the_view():
    game = _game()
    game.pp = {"germany": 12, "france": 7}
    seen = view(SCENARIO, game, "allies")
    assert seen.pp == {"france": 7}
    assert "ger" not in " ".join(seen.off_map)


def test_hidden_names_follow_a_block_but_depend_on_the_referee_secret():
    game = _game()
    first = set(view(SCENARIO, game, "allies").blocks) - {"fr-inf", "ger-inf"}
    game.blocks["ger-7pz"].hex = "h1"
    moved = set(view(SCENARIO, game, "allies").blocks) - {"fr-inf", "ger-inf"}
    assert first == moved  # the eye follows the block from hex to hex
    twin = _game()  # the same seed, scenario and options: only the referee's secret differs
    assert twin.seed == game.seed and twin.view_secret != game.view_secret
    twin.blocks["ger-7pz"].hex = "h1"
    assert set(view(SCENARIO, twin, "allies").blocks) - {"fr-inf", "ger-inf"} != moved


def test_a_new_life_is_a_new_name_and_no_secret_no_view():
    """A block back on the map after its elimination is a new block to the eye; a game under fog of war without a
    view secret (begun before aa-ref kept one) shows no view: its names would derive from the public seed."""
    from aa_ref.games.blocks_in_the_west.views import NoViewSecret

    game = _game()
    before = set(view(SCENARIO, game, "allies").blocks)
    game.blocks["ger-7pz"].life += 1
    assert len(set(view(SCENARIO, game, "allies").blocks) - before) == 1
    game.view_secret = None
    with pytest.raises(NoViewSecret, match="aa-ref rekey GAME.yaml"):
        view(SCENARIO, game, "allies")
    open_game = _game(fog_of_war="off")  # every block face up: nothing to name
    open_game.view_secret = None
    assert "ger-7pz" in view(SCENARIO, open_game, "allies").blocks


def test_fog_of_war_off_reveals_every_block():
    """Solitaire or an open game [BW L508], [BW L2590]."""
    seen = view(SCENARIO, _game(fog_of_war="off"), "allies")
    assert "ger-7pz" in seen.blocks


def test_both_sides_see_the_battles_under_way_and_the_show_text_names_them():
    """A battle hex holds both sides' blocks, revealed by combat [BW L732-L734]; the side asked to withdraw must see
    which battle and round it answers for [BW L1506-L1508]."""
    from aa_ref.games.blocks_in_the_west.render import show_text
    from aa_ref.games.blocks_in_the_west.state import Battle

    game = _game()
    game.battles = [Battle(hex="paris", attacker="axis", round=2, stage="defender_withdrawal")]
    for side in ("axis", "allies"):
        battles = view(SCENARIO, game, side).battles
        assert [(b.hex, b.attacker, b.round, b.stage) for b in battles] == [("paris", "axis", 2, "defender_withdrawal")]
        assert "battle in paris: axis attacking, round 2, waiting for the defender's withdrawals" in show_text(SCENARIO, game, side)
