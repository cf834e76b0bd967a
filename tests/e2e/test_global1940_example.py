"""The shipped Global 1940 example: the first round, all nine powers, every file through the CLI,
in the order examples/global1940/play-round-1.sh applies them (sorted by name)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from aa_ref.core import session
from tests.random_round import play_first_round
from tests.schema_check import game_files_errors

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = "global1940"
ROUND_ONE = sorted((ROOT / "examples" / SCENARIO / "round-1").glob("*.yaml"))
POWERS = {"germany", "ussr", "japan", "usa", "china", "uk", "italy", "anzac", "france"}


def play(cli, templates: dict[str, str] | None = None) -> dict:
    """A new game as the play script makes it, every file applied in its order; the state as JSON.
    `templates` receives, by file name, the template shown just before that file is applied."""
    result = cli("new", SCENARIO, "-o", "game.yaml", "--seed", SCENARIO, "--option", "research=off")
    assert result.exit_code == 0, result.output
    for orders in ROUND_ONE:
        if templates is not None and orders.name in templates:
            templates[orders.name] = cli("template", "game.yaml").output
        result = cli("apply", "game.yaml", orders, "--in-place")
        assert result.exit_code == 0, f"{orders.name}: {result.output}"
    assert game_files_errors(cli.folder) == {}
    return json.loads(cli("show", "game.yaml", "--json").output)


def test_every_example_file_is_valid_on_its_own(cli):
    result = cli("validate", *ROUND_ONE)
    assert result.exit_code == 0, result.output


def test_all_nine_powers_play_every_phase_they_have():
    files = [path.name.split("-", 2) for path in ROUND_ONE]
    assert {power for _, power, _ in files} == POWERS
    orders = {(power, rest.removesuffix(".yaml")) for _, power, rest in files if not rest.startswith("decision")}
    # France, its capital lost to Germany, skips purchase and mobilize [G40 L1045]; the powers
    # without a battle (the USSR, the USA, ANZAC, France) have no Conduct Combat phase
    for power in POWERS:
        phases = {"purchase", "combat-move", "noncombat-move", "mobilize"} - ({"purchase", "mobilize"} if power == "france" else set())
        assert phases <= {phase for who, phase in orders if who == power}, power
    assert {who for who, phase in orders if phase == "combat"} == {"germany", "japan", "china", "uk", "italy"}


def test_round_one_plays_to_round_two_and_replays(cli):
    templates = {"33-uk-mobilize.yaml": ""}
    data = play(cli, templates)
    # the suggested placement keeps each UK economy's units with its own complexes [G40 L1681]
    assert "India: {infantry: 3, artillery: 2}" in templates["33-uk-mobilize.yaml"]
    assert "India: {fighter" not in templates["33-uk-mobilize.yaml"]
    assert (data["round"], data["power"], data["phase"]) == (2, "Germany", "purchase")
    spaces = data["spaces"]
    # Germany takes Paris (its major complex becomes a minor one), Italy Southern France; Japan
    # lands in Kwangtung and takes Hunan; China walks into the Kwangsi Japan left empty.
    assert spaces["France"]["owner"] == "Germany" and spaces["Southern France"]["owner"] == "Italy"
    assert spaces["Kwangtung"]["owner"] == spaces["Hunan"]["owner"] == "Japan"
    assert spaces["Kwangsi"]["owner"] == "China"
    # Japan's declaration on the UK puts ANZAC at war with Japan too; the USA and the USSR stay out.
    assert cli("show", "game.yaml").exit_code == 0
    game = session.load_game(cli.folder / "game.yaml").game
    assert game.is_at_war("Japan", "UK") and game.is_at_war("Japan", "ANZAC")
    assert not game.is_at_war("Japan", "USA") and not game.is_at_war("Germany", "USSR")
    # The raid's 7 markers on London's factory were repaired by the Europe economy; France's
    # complex was captured as a minor one; the UK's raid on Western Germany did no damage.
    assert game.spaces["United Kingdom"].installations["major_industrial_complex"] == 0
    assert "minor_industrial_complex" in game.spaces["France"].installations
    assert game.spaces["Western Germany"].installations["major_industrial_complex"] == 0
    treasuries = {power: facts["treasury"] for power, facts in data["powers"].items()}
    assert treasuries == {"Germany": 64, "USSR": 37, "Japan": 31, "USA": 58, "China": 18, "UK": 48,
                          "Italy": 11, "ANZAC": 15, "France": 0}
    assert game.powers["UK"].economies == {"Europe": 34, "Pacific": 14}
    replayed = cli("replay", "game.yaml")
    assert replayed.exit_code == 0, replayed.output
    assert f"replay of {len(ROUND_ONE)} log entries matches the game" in replayed.output
    log = cli("log", "game.yaml", "--round", "1").output
    assert "2 UK fighter(s), 1 France fighter(s) intercept" in log
    assert "7 damage on the major_industrial_complex: 7 damage marker(s) placed" in log
    assert "UK scrambles 1 fighter from the air base in Scotland to defend SZ 111" in log
    assert "Japan declares war on UK (unprovoked)" in log and "ANZAC is at war with Japan too" in log
    assert "Kwangtung: shore bombardment from SZ 20" in log
    assert "UK (Europe) repairs 7 damage marker(s) on the major industrial complex in United Kingdom" in log
    assert "Germany takes France's capital France and plunders 19 IPCs" in log
    assert "France skips purchase: its capital is held by the enemy" in log


def test_the_play_script_runs_as_its_header_says(tmp_path):
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    out = tmp_path / "game"
    result = subprocess.run(["bash", str(ROOT / "examples" / SCENARIO / "play-round-1.sh"), str(out)],
                            capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr
    assert f"replay of {len(ROUND_ONE)} log entries matches the game" in result.stdout
    assert "round 2" in result.stdout


def test_the_automatic_player_plays_a_global_round(tmp_path):
    """benchmarks/global1940.py replays a game of the automatic player: it must buy for the UK's two
    economies and place each economy's units with its own complexes [G40 L1673], [G40 L1681]."""
    path = tmp_path / "auto.yaml"
    session.new_game(SCENARIO, path, seed="autoplay", options={"research": "off"})
    play_first_round(path, 1940)
    log = session.load_game(path).log
    assert any(e.power == "UK" and e.phase == "mobilize" for e in log.entries)
