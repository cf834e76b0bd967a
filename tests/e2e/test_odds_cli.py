"""`aa-ref odds` through the real CLI."""

from __future__ import annotations

import json


def test_odds_json_has_the_contract_keys(cli):
    result = cli("odds", "--attacker", "10 infantry, 3 artillery, 2 tank, 1 fighter",
                 "--defender", "12 infantry, 2 tank, 1 aa_gun", "--edition", "anniversary", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    for key in ("attacker_win", "defender_win", "draw", "method", "expected_survivors", "ipc_lost", "distribution", "rounds"):
        assert key in data
    assert data["method"] == "exact"
    assert abs(data["attacker_win"] + data["defender_win"] + data["draw"] - 1) < 1e-9


def test_odds_table_and_monte_carlo_on_request(cli):
    result = cli("odds", "--attacker", "5 infantry, 2 tank", "--defender", "6 infantry", "--runs", "5000", "--seed", "t")
    assert result.exit_code == 0, result.output
    assert "monte carlo, 5000 battles" in result.output and "attacker wins" in result.output
    assert result.output == cli("odds", "--attacker", "5 infantry, 2 tank", "--defender", "6 infantry",
                                "--runs", "5000", "--seed", "t").output


def test_odds_of_a_planned_attack_in_a_game_file(cli):
    assert cli("new", "anniversary-1941", "-o", "game.yaml", "--seed", "o").exit_code == 0
    result = cli("odds", "game.yaml", "--at", "Karelia S.S.R.", "--attacker", "4 infantry, 1 artillery, 1 fighter", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["battle"]["defender"] == {"infantry": 5, "artillery": 1, "aa_gun": 1}  # the board's defenders
    assert data["battle"]["kind"] == "land"


def test_odds_refusals_are_clear_and_non_zero(cli):
    bad = cli("odds", "--attacker", "3 infantri", "--defender", "1 infantry")
    assert bad.exit_code == 1 and "did you mean 'infantry'" in bad.output
    subs = cli("odds", "--attacker", "2 submarine", "--defender", "1 destroyer, 1 fighter", "--sea", "--low-luck",
               "--runs", "100")  # exact without --runs; Monte Carlo of this battle is the referee's, which has no low luck
    assert subs.exit_code == 1 and "referee's engine" in subs.output
    unknown = cli("odds", "--attacker", "1 infantry", "--defender", "1 infantry", "--edition", "global1941")
    assert unknown.exit_code == 2 and "global1940" in unknown.output  # the editions are listed
    assert cli("odds", "--attacker", "1 infantry").exit_code == 2


def test_plot_without_matplotlib_says_how_to_get_it(cli):
    import importlib.util

    if importlib.util.find_spec("matplotlib") is not None:
        result = cli("odds", "--attacker", "2 infantry", "--defender", "1 infantry", "--plot", "odds.png")
        assert result.exit_code == 0 and (cli.folder / "odds.png").stat().st_size > 0
        return
    result = cli("odds", "--attacker", "2 infantry", "--defender", "1 infantry", "--plot", "odds.png")
    assert result.exit_code == 2 and "pip install 'aa-ref[plot]'" in result.output


def test_odds_of_the_battles_waiting_in_a_game(cli):
    """Germany's first Combat Move of the shipped Anniversary example leaves battles waiting."""
    from pathlib import Path

    examples = Path(__file__).resolve().parents[2] / "examples" / "anniversary-1941" / "round-1"
    assert cli("new", "anniversary-1941", "-o", "game.yaml", "--seed", "anniversary-1941",
               "--option", "research=on", "--option", "national_objectives=on").exit_code == 0
    for name in ("01-germany-research.yaml", "02-germany-purchase.yaml", "03-germany-combat-move.yaml"):
        assert cli("apply", "game.yaml", examples / name, "--in-place").exit_code == 0
    data = json.loads(cli("odds", "game.yaml", "--at", "Ukraine", "--json").output)
    assert data["battle"]["attacker"] == {"artillery": 1, "infantry": 3, "tank": 2}
    assert data["attacker_win"] > 0.99
    raid = cli("odds", "game.yaml", "--at", "United Kingdom")
    assert raid.exit_code == 1 and "strategic bombing raid" in raid.output


def test_a_pending_amphibious_assault_is_fought_by_the_referee_on_copies_of_the_game(cli):
    """Japan's landing in Kwangtung in the shipped example, with its bombardment from SZ 61:
    the odds come from the referee fighting that very battle, and the game file is untouched."""
    from pathlib import Path

    examples = sorted((Path(__file__).resolve().parents[2] / "examples" / "anniversary-1941" / "round-1").glob("*.yaml"))
    assert cli("new", "anniversary-1941", "-o", "game.yaml", "--seed", "anniversary-1941",
               "--option", "research=on", "--option", "national_objectives=on").exit_code == 0
    for path in examples[:15]:  # up to Japan's Combat Move
        assert cli("apply", "game.yaml", path, "--in-place").exit_code == 0, path.name
    before = cli.snapshot()
    data = json.loads(cli("odds", "game.yaml", "--at", "Kwangtung", "--runs", "200", "--json").output)
    assert data["method"] == "monte carlo (referee engine, this game)" and data["runs"] == 200
    assert data["battle"]["attacker"]["infantry"] == 3 and data["attacker_win"] > 0.9
    assert cli.snapshot() == before


def test_global1940_odds_from_the_command_line(cli):
    """--edition global1940: Global units (tactical bombers, mechanized infantry, AA guns)."""
    result = cli("odds", "--attacker", "2 mech_infantry, 1 tank, 1 tactical_bomber", "--defender", "3 infantry, 1 aa_gun",
                 "--edition", "global1940", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert abs(data["attacker_win"] + data["defender_win"] + data["draw"] - 1) < 1e-9 and data["method"]
