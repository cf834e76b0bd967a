"""The shipped WARZAG examples (examples/warzag/): both games' orders through the CLI, in the order
their play.sh scripts apply them, the end state, the replay, and the scripts themselves."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from aa_ref.core import session
from aa_ref.games.warzag import objectives
from tests.schema_check import game_files_errors

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "warzag"
GAMES = {
    # folder: (seed, seating, rounds)
    "free-for-all": ("warzag-ffa", ["germany", "uk", "italy"], 5),
    "alliances": ("alliances-55", ["germany", "uk", "italy", "ussr"], 4),
}
MODES = {"free-for-all": "free_for_all", "alliances": "alliances"}


def orders_in_turn_order(name: str) -> list[Path]:
    """The files r<round>-<nation>.yaml in the order play.sh applies them: by round, then seating."""
    _, seating, rounds = GAMES[name]
    files = [EXAMPLES / name / f"r{r}-{n}.yaml" for r in range(1, rounds + 1) for n in seating]
    return [f for f in files if f.exists()]


def start(cli, name: str) -> None:
    seed, seating, _ = GAMES[name]
    result = cli("new", "warzag-demo", "-o", "game.yaml", "--seed", seed, "--option", f"mode={MODES[name]}",
                 "--option", "players=" + ",".join(seating))
    assert result.exit_code == 0, result.output


def play(cli, name: str) -> dict:
    """A new game as play.sh makes it, every orders file applied; the state as JSON."""
    start(cli, name)
    for orders in orders_in_turn_order(name):
        result = cli("apply", "game.yaml", orders, "--in-place")
        assert result.exit_code == 0, f"{orders.name}: {result.output}"
    assert game_files_errors(cli.folder) == {}
    return json.loads(cli("show", "game.yaml", "--json").output)


def claim(nation: str, card: str, salt: str) -> str:
    return (f"kind: warzag-orders\nschema_version: 1\npower: {nation}\nactions:\n"
            f"  - claim_objective: {card}\n    salt: {salt}\n")


@pytest.fixture
def dealt(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The secret deal made predictable (as if the shuffle gave these cards), with fixed salts."""
    cards = {"germany": "obj_alfa", "uk": "obj_bravo", "italy": "obj_echo"}

    def deal(pack, seed, nations):  # type: ignore[no-untyped-def]
        return {n: objectives.ObjectiveSecret(kind="warzag-objective", schema_version=1, game_seed=seed, nation=n,
                                              card=cards[n], salt=f"salt-of-{n}", text=pack.objectives[cards[n]].text)
                for n in nations}

    monkeypatch.setattr(objectives, "deal_objectives", deal)
    return cards


def test_every_orders_file_is_valid_and_in_the_turn_order(cli):
    for name in GAMES:
        files = sorted((EXAMPLES / name).glob("*.yaml"))
        assert files and set(files) == set(orders_in_turn_order(name)), name
        result = cli("validate", *files)
        assert result.exit_code == 0, result.output
        assert result.output.count("valid warzag-orders") == len(files)


def test_free_for_all_plays_four_rounds_and_replays(cli, dealt):
    data = play(cli, "free-for-all")
    assert (data["round"], data["power"], data["phase"], data["winner"]) == (5, "germany", "annexation", None)
    assert data["demo_pack"] is True
    players = data["players"]
    # annexation spread from the bases; Germany annexed the free base Delta
    assert {"foxtrot", "delta"} <= set(players["germany"]["territories"])
    assert len(players["germany"]["territories"]) == 11
    assert players["germany"]["occupies"] == ["stalingrad", "gela", "war_industry_2"]
    assert "p2-08" in players["uk"]["territories"] and "alfa" in players["uk"]["territories"]
    assert {"charlie", "p4-03", "p3-04", "p4-06"} <= set(players["italy"]["territories"])
    # both pawns on the track (Germany's has moved four times, Italy's is on START); Italy's Leader on R&D
    assert (players["germany"]["pawn"], players["italy"]["pawn"], players["uk"]["pawn"]) == (16, 0, None)
    assert players["italy"]["leader"] == "rd" and players["germany"]["leader"] == "gela"
    assert {n: (p["pp"], p["pc"]) for n, p in players.items()} == {"germany": (34, 47), "uk": (5, 41), "italy": (5, 21)}
    assert data["armies"]["ita-inf-16"]["promoted"] is True
    assert sorted(data["armies"]) == ["ger-arm-14", "ger-inf-1", "ger-inf-5", "ger-inf-9", "ita-arm-17", "ita-inf-16",
                                      "uk-avi-15"]
    game = session.load_game(cli.folder / "game.yaml").game
    assert game.supply_discard == ["sup_18"] and players["germany"]["supply_cards"] == 0
    assert len(game.supply_deck) == 23
    assert game.hexes["p4-05"].development == "production" and game.hexes["p3-06"].development == "generic"
    replayed = cli("replay", "game.yaml")
    assert replayed.exit_code == 0 and "replay of 13 log entries matches the game" in replayed.output
    log = cli("log", "game.yaml").output
    for line in ("germany's pawn is placed on START", "germany trades 4 PC for 2 PP", "germany draws a Supply card",
                 "germany plays 'Forced march'", "germany moves ger-inf-5 from foxtrot to stalingrad", "uk rolls the special die: D, Rout",
                 "uk rolls the special die: T, Tenacity: resistance plus attack points 8",
                 "italy rolls the special die: R, Resistance: resistance points 2",
                 "p2-05: uk loses uk-inf-6; italy loses ita-arm-3", "germany annexes delta (by the Leader)",
                 "italy annexes p2-08 from uk (free, the Leader being adjacent)", "ita-inf-16 is promoted"):
        assert line in log, line


def test_free_for_all_ends_with_a_claim_checked_and_won(cli, dealt):
    play(cli, "free-for-all")
    for nation, card in dealt.items():
        (cli.folder / f"claim-{nation}.yaml").write_text(claim(nation, card, f"salt-of-{nation}"))
    # the private files hold the dealt cards and salts
    secret = (cli.folder / "game.objective-germany.yaml").read_text()
    assert "card: obj_alfa" in secret and "salt: salt-of-germany" in secret
    before = cli.snapshot()
    uk = cli("check", "game.yaml", "claim-uk.yaml")
    assert uk.exit_code == 1 and "is not complete: still to hold normandy; hold dunkirk" in uk.output
    wrong = cli.folder / "wrong-salt.yaml"
    wrong.write_text(claim("germany", "obj_alfa", "salt-of-uk"))
    refused = cli("check", "game.yaml", "wrong-salt.yaml")
    assert refused.exit_code == 1 and "does not match the commitment" in refused.output
    other_card = cli.folder / "other-card.yaml"
    other_card.write_text(claim("germany", "obj_delta", "salt-of-germany"))
    assert "does not match the commitment" in cli("check", "game.yaml", "other-card.yaml").output
    assert {k: v for k, v in cli.snapshot().items() if k in before} == before
    germany = cli("check", "game.yaml", "claim-germany.yaml")
    assert germany.exit_code == 0 and "legal" in germany.output
    won = cli("apply", "game.yaml", "claim-germany.yaml", "--in-place")
    assert won.exit_code == 0, won.output
    assert "germany shows Objective card obj_alfa" in won.output and "game over: germany won" in won.output
    data = json.loads(cli("show", "game.yaml", "--json").output)
    assert data["winner"] == "germany" and data["players"]["germany"]["objective"] == "obj_alfa"
    assert data["players"]["uk"]["objective"] == "secret"
    assert "replay of 14 log entries matches the game" in cli("replay", "game.yaml").output


def test_alliances_ends_with_an_elimination_and_a_surrender(cli):
    data = play(cli, "alliances")
    assert data["winner"] == "allies" and data["mode"] == "alliances"
    players = data["players"]
    assert players["italy"]["eliminated"] and players["italy"]["territories"] == [] and players["italy"]["leader"] is None
    assert players["germany"]["surrendered"] and not players["germany"]["eliminated"]
    assert "charlie" in players["uk"]["territories"] and {"p4-04", "p4-05"} <= set(players["ussr"]["territories"])
    assert players["ussr"]["occupies"] == ["war_industry_1"]
    # Italy's infantry in Germany's base passed to Germany, who hosts it [WZ L447]
    assert data["armies"]["ita-inf-4"] == {"nation": "italy", "category": "infantry", "hex": "foxtrot",
                                           "range_left": 2, "controller": "germany"}
    # the Soviet aviation trained in the UK's base and flew through British territory
    assert data["armies"]["urs-avi-5"]["hex"] == "war_industry_1"
    assert all(p["objective"] is None for p in players.values())
    assert not list(cli.folder.glob("game.objective-*.yaml"))  # no Objective cards in alliance mode
    replayed = cli("replay", "game.yaml")
    assert replayed.exit_code == 0 and "replay of 12 log entries matches the game" in replayed.output
    log = cli("log", "game.yaml").output
    for line in ("ussr's standing orders: {'support': ['uk']}", "italy trains infantry ita-inf-4 in foxtrot",
                 "ussr trains aviation urs-avi-5 in alfa", "germany sends 3 PP and 0 PC to italy, paying a fee of 1 PP",
                 "ussr sends 2 PP and 0 PC to uk", "uk invades p4-02 (italy) from p2-08: attack 9 against defence 3",
                 "italy's Leader cannot be killed: it returns to charlie",
                 "italy owns no territory or base and occupies no strategic territory: eliminated",
                 "army ita-inf-4 on foxtrot passes to germany", "germany surrenders",
                 "game over: the allies are the only alliance left in the war"):
        assert line in log, line
    assert "The game is over: allies won" in cli("template", "game.yaml").output


def test_support_needs_the_allys_standing_consent(cli, tmp_path):
    """Without the USSR's standing orders, the UK's invasion of round 2 cannot call on the Soviet aviation."""
    start(cli, "alliances")
    files = orders_in_turn_order("alliances")
    for orders in files[:3]:
        assert cli("apply", "game.yaml", orders, "--in-place").exit_code == 0
    ussr = tmp_path / "ussr-no-consent.yaml"
    ussr.write_text(files[3].read_text().replace("  - standing: {support: [uk]}", ""))
    assert cli("apply", "game.yaml", ussr, "--in-place").exit_code == 0
    for orders in files[4:5]:
        assert cli("apply", "game.yaml", orders, "--in-place").exit_code == 0
    refused = cli("apply", "game.yaml", files[5], "--in-place")
    assert refused.exit_code == 1
    assert "ussr has not agreed to support uk" in refused.output and "[WZ L432]" in refused.output


def script_env() -> dict[str, str]:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return env


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_play_script_runs_as_its_header_says(tmp_path, name):
    out = tmp_path / "game"
    result = subprocess.run(["bash", str(EXAMPLES / name / "play.sh"), str(out)], capture_output=True, text=True,
                            env=script_env())
    assert result.returncode == 0, result.stderr
    entries = len(orders_in_turn_order(name))
    if name == "free-for-all":
        assert result.stdout.count(": is obj_") == 3
        assert ("germany wins [WZ L443]" in result.stdout) != ("No objective is complete yet" in result.stdout)
        entries += "germany wins [WZ L443]" in result.stdout
        assert sorted(p.name for p in out.glob("game.objective-*.yaml")) == [
            "game.objective-germany.yaml", "game.objective-italy.yaml", "game.objective-uk.yaml"]
    else:
        assert "GAME OVER: allies won" in result.stdout
    assert f"replay of {entries} log entries matches the game" in result.stdout
    assert "DEMO component pack" in result.stdout
