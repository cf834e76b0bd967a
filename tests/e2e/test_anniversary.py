"""End-to-end: an Anniversary Edition game through the real CLI, every optional rule on."""

from __future__ import annotations

import json

import pytest

ALL_RULES = ["--option", "research=on", "--option", "national_objectives=on", "--option", "victory_cities=13"]


def test_games_lists_both_anniversary_scenarios_with_their_options(cli):
    result = cli("games")
    assert result.exit_code == 0
    for text in ("anniversary-1941", "anniversary-1942"):
        assert text in result.output
    for scenario in ("anniversary-1941", "anniversary-1942"):
        detail = cli("games", scenario).output.splitlines()
        assert any(line.split() == ["victory_cities", "15", "13,", "18"] for line in detail)
        assert any(line.split() == ["research", "off", "on"] for line in detail)


def test_show_reports_the_options_and_victory_cities(cli):
    assert cli("new", "anniversary-1941", "-o", "game.yaml", "--seed", "e2e", *ALL_RULES).exit_code == 0
    data = json.loads(cli("show", "game.yaml", "--json").output)
    assert data["options"] == {"victory_cities": "13", "national_objectives": "on", "research": "on",
                               "capital_loss_forfeits": "on", "china_limit": "before"}
    assert (data["power"], data["phase"]) == ("Germany", "research")
    assert len(data["victory_cities"]["Axis"]) == 6 and len(data["victory_cities"]["Allies"]) == 12  # [@46089]
    assert data["powers"]["China"]["capital"] is None and data["powers"]["China"]["income"] == 0
    text = cli("show", "game.yaml").output
    assert "national_objectives=on" in text and "victory cities (13 win)" in text


def test_bad_option_values_are_refused(cli):
    result = cli("new", "anniversary-1941", "-o", "game.yaml", "--option", "victory_cities=14")
    assert result.exit_code == 2 and "choices: 15, 13, 18" in result.output


@pytest.mark.parametrize("scenario", ["anniversary-1941", "anniversary-1942"])
def test_a_round_of_passes_steps_every_power_and_replays(cli, scenario):
    """Applying each template unchanged passes; after a round every power has collected its
    income (China none) and the log replays."""
    assert cli("new", scenario, "-o", "game.yaml", "--seed", "e2e", *ALL_RULES).exit_code == 0
    start = json.loads(cli("show", "game.yaml", "--json").output)
    for _ in range(60):
        data = json.loads(cli("show", "game.yaml", "--json").output)
        if data["round"] == 2:
            break
        assert cli("template", "game.yaml", "-o", "next.yaml", "--force").exit_code == 0
        result = cli("apply", "game.yaml", "next.yaml", "--in-place")
        assert result.exit_code == 0, result.output
    assert data["round"] == 2
    for power, before in start["powers"].items():
        after = data["powers"][power]
        assert after["treasury"] >= before["treasury"] + (before["production"] if power != "China" else 0), power
    assert data["powers"]["China"]["treasury"] == 0
    assert cli("replay", "game.yaml").exit_code == 0
