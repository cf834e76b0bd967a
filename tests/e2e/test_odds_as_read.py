"""Issue 21, odds as a user reads them: stalemates shown, the plot's path checked before the work and the figures
never lost, the usual abbreviations, the edition suggested, units that cannot attack refused, --exact."""

from __future__ import annotations

import json
import time

import pytest

from aa_ref.features.odds import report


def test_a_stalemate_is_shown_in_text_json_and_chart(cli):
    args = ["odds", "--attacker", "2 submarine", "--defender", "1 fighter, 1 destroyer", "--sea", "--runs", "400"]
    text = cli(*args).output
    data = json.loads(cli(*args, "--json").output)
    assert 0.3 < data["stalemate"] < 0.7
    held = next(line for line in text.splitlines() if line.startswith("defender holds"))
    assert f"{100 * (data['defender_win'] - data['stalemate']):.2f}%" in held  # not 100%
    row = next(line for line in text.splitlines() if line.startswith("stalemate ") and "%" in line and "#" not in line)
    assert f"{100 * data['stalemate']:.2f}%" in row
    bars = [line for line in text.splitlines() if line.startswith("stalemate") and "#" in line]
    assert bars and sum(e["probability"] for e in data["distribution"] if e["outcome"] == "stalemate") == \
        pytest.approx(data["stalemate"])


def test_plot_into_a_missing_folder_is_refused_before_the_work(cli):
    start = time.monotonic()
    result = cli("odds", "--attacker", "2 submarine", "--defender", "1 fighter, 1 destroyer", "--sea",
                 "--runs", "100000", "--plot", "missing/odds.png")
    assert result.exit_code == 2 and "missing is not a folder" in result.output
    assert time.monotonic() - start < 5  # 100,000 referee battles would take minutes


def test_a_plotting_error_keeps_the_printed_figures(cli, monkeypatch: pytest.MonkeyPatch):
    def broken(result, path):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(report, "check_plot_path", lambda path: None)
    monkeypatch.setattr(report, "plot", broken)
    result = cli("odds", "--attacker", "3 infantry", "--defender", "2 infantry", "--plot", "odds.png")
    assert result.exit_code == 2
    assert "attacker wins" in result.output and "No space left on device" in result.output


@pytest.mark.parametrize("edition, written, meant", [
    ("aa1941", "3 inf, 2 arm, ftr, 1 bmb", "3 infantry, 2 tank, 1 fighter, 1 bomber"),
    ("aa1941", "2 tnk, 3 tanks", "5 tank"),
    ("anniversary", "2 art, 1 inf", "2 artillery, 1 infantry"),
    ("global1940", "1 mech, 1 tac, 2 inf", "1 mech_infantry, 1 tactical_bomber, 2 infantry"),
])
def test_the_usual_abbreviations_on_land(cli, edition, written, meant):
    short = json.loads(cli("odds", "--attacker", written, "--defender", "2 inf", "--edition", edition, "--json").output)
    long = json.loads(cli("odds", "--attacker", meant, "--defender", "2 infantry", "--edition", edition, "--json").output)
    assert short["battle"] == long["battle"] and short["attacker_win"] == long["attacker_win"]


def test_the_usual_abbreviations_at_sea(cli):
    result = cli("odds", "--attacker", "bb, cv, 2 dd, cru", "--defender", "2 sub, tra", "--sea", "--edition",
                 "anniversary", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)["battle"]
    assert data["attacker"] == {"battleship": 1, "carrier": 1, "destroyer": 2, "cruiser": 1}
    assert data["defender"] == {"submarine": 2, "transport": 1}
    aa = json.loads(cli("odds", "--attacker", "3 inf", "--defender", "2 inf, aa", "--edition", "anniversary",
                        "--json").output)
    assert aa["battle"]["defender"] == {"infantry": 2, "aa_gun": 1}


def test_a_unit_of_another_edition_suggests_the_edition(cli):
    result = cli("odds", "--attacker", "3 artillery", "--defender", "2 infantry")
    assert result.exit_code == 1
    assert "artillery is a unit of anniversary and global1940: add --edition anniversary" in result.output
    assert "carrier" not in result.output
    assert "did you mean 'infantry'" in cli("odds", "--attacker", "3 infantri", "--defender", "2 inf").output


@pytest.mark.parametrize("edition, unit, rule", [
    ("anniversary", "aa gun", "Anniversary AA gun [@112929]"),
    ("anniversary", "industrial complex", "Anniversary industrial complex [@115016]"),
    ("global1940", "aa", "[L1334]"),
    ("global1940", "minor", "[L1177]"),
])
def test_units_that_cannot_attack_are_refused_citing_the_rule(cli, edition, unit, rule):
    result = cli("odds", "--attacker", f"3 infantry, 1 {unit}", "--defender", "2 infantry", "--edition", edition)
    assert result.exit_code == 1 and "cannot attack" in result.output and rule in result.output
    assert cli("odds", "--attacker", "3 infantry", "--defender", f"2 infantry, 1 {unit}", "--edition",
               edition).exit_code == 0  # they defend


def test_exact_insists_or_refuses_saying_why(cli):
    small = json.loads(cli("odds", "--attacker", "3 inf", "--defender", "2 inf", "--exact", "--json").output)
    assert small["method"] == "exact"
    big = cli("odds", "--attacker", "1500 inf, 500 arm", "--defender", "2500 inf", "--exact")
    assert big.exit_code == 2 and "beyond the exact limit" in big.output and "states" in big.output
    facing = json.loads(cli("odds", "--attacker", "2 sub", "--defender", "ftr, dd", "--sea", "--exact", "--json").output)
    assert facing["method"] == "exact"  # submarines facing aircraft: a chain by target class
    submerging = json.loads(cli("odds", "--attacker", "2 sub", "--defender", "ftr, dd", "--sea", "--submerge", "--exact",
                                "--json").output)
    assert submerging["method"] == "exact" and "submerge" in submerging["method_reason"]  # a Markov policy too
    both = cli("odds", "--attacker", "3 inf", "--defender", "2 inf", "--exact", "--runs", "100")
    assert both.exit_code == 2 and "contradict" in both.output


def test_no_progress_bar_when_stderr_is_not_a_terminal(cli):
    result = cli("odds", "--attacker", "2 sub", "--defender", "ftr, dd", "--sea", "--runs", "50", "--json")
    json.loads(result.output)  # nothing but the JSON


def test_a_progress_bar_on_stderr_only_at_a_terminal(monkeypatch: pytest.MonkeyPatch):
    import io
    import sys

    from aa_ref.cli import app as cli_app

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    with cli_app._progress("battles") as tick:  # stderr is not a terminal here
        assert tick is None
    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    with cli_app._progress("battles") as tick:
        assert tick is not None
        tick(500, 1000)
    assert "battles" in screen.getvalue()
