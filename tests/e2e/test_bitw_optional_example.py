"""The Blocks in the West example of the optional rules (examples/blocks-in-the-west/optional/): its DEMO scenario
(valid, copied into the game's folder), its orders through the CLI in the order play.sh applies them, with play.sh's
options; the end state its story relies on (Mussolini dismissed, Italy's surrender, the RSI, partisans, Lend-Lease and
the U-boats, the bombing missions, the factory instalments, the upgrade); the orders the story says are refused; the
replay and the audit of the dice; the fog of war of both views; and the script itself."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.e2e.test_bitw_example import exported_view, script_env
from tests.e2e.bitw_examples import assert_orders_listed_and_commented, assert_own_demo_scenario, refusal
from tests.e2e.test_bitw_example import orders_in_play_order, play_options
from tests.schema_check import game_files_errors

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "blocks-in-the-west" / "optional"
SCENARIO = EXAMPLE / "late-war-scenario.yaml"
SEED = "baytown"
OPTIONS = ["italian_surrender=on", "partisans=on", "garrisons=on", "lend_lease=on", "convoy_war=on",
           "strategic_bombing=on", "new_factories=on", "unit_upgrade=on"]


def new_game(cli) -> None:
    args = ["new", str(SCENARIO), "-o", "game.yaml", "--seed", SEED]
    for option in play_options(EXAMPLE):
        args += ["--option", option]
    result = cli(*args)
    assert result.exit_code == 0, result.output
    assert "The setup file was copied into the game's folder" in result.output
    assert (cli.folder / SCENARIO.name).exists()


def apply(cli, orders: list[Path]) -> None:
    for path in orders:
        result = cli("apply", "game.yaml", path, "--in-place")
        assert result.exit_code == 0, f"{path.name}: {result.output}"


def play(cli, until: str | None = None) -> dict:
    """The example from the start, through the orders file `until` (default: all of them)."""
    new_game(cli)
    files = orders_in_play_order(EXAMPLE)
    if until is not None:
        files = files[:[path.stem for path in files].index(until) + 1]
    apply(cli, files)
    return json.loads(cli("show", "game.yaml", "--json").output)


def test_the_script_plays_eight_optional_rules_on_its_own_demo_scenario(cli):
    assert_own_demo_scenario(cli, EXAMPLE, SCENARIO, SEED, OPTIONS)


def test_every_orders_file_is_listed_and_commented():
    assert_orders_listed_and_commented(EXAMPLE, 11)


def test_four_months_play_replay_and_verify(cli):
    data = play(cli)
    # July-September 1943, both player turns, then the Axis turn of October: the game stops in GB's Strategic Warfare
    assert (data["turn"], data["power"], data["phase"], data["winner"]) == (4, "allies", "strategic_warfare", None)
    blocks, control = data["blocks"], data["control"]
    # OR 36.0: dismissed in July's Victory phase, Italy surrendered in August's (Sicily Allied), Italian units gone
    assert (data["italy_dismissed"], data["italy_surrendered"]) == (1, 2)
    assert {h: control[h] for h in ("palermo", "messina", "syracuse")} == dict.fromkeys(
        ("palermo", "messina", "syracuse"), "allies")
    assert blocks["it_inf_4"]["hex"] is None and blocks["it_inf_7"]["hex"] is None
    # OR 36.1: freed by the 10. Armee at Gran Sasso in September, the RSI declared then, Liguria in Milan in October
    assert (data["mussolini_freed"], data["rsi_declared"], data["rsi_liguria"], data["rsi_gift"]) == (3, 3, 4, 3)
    assert blocks["it_mussolini"]["hex"] == "salo" and blocks["ge_inf_10"]["hex"] == "gran_sasso"
    assert (blocks["it_liguria"]["hex"], blocks["it_liguria"]["strength"]) == ("milan", 3)
    assert (blocks["it_inf_6"]["hex"], blocks["it_inf_6"]["strength"]) == ("genoa", 1)  # rebuilt by the RSI
    # OR 29.0 / 27.0: France conquered; the Bordeaux disc removed, Ajaccio's 2 wiped out, Toulouse's left
    assert data["conquered"] == ["france"] and data["partisans"] == {"toulouse": 1}
    # OR 34.0 / 35.2: Lend-Lease since July; the North Atlantic U-boat on the Lend-Lease route
    assert data["lend_lease_turn"] == 1 and data["u_boat_target"] == "lend_lease"
    # OR 15.0 and 40.0: four instalments of a red factory; the HG division upgraded
    assert data["factory_works"] == [{"power": "germany", "colour": "red", "paid": 4, "turn": 4}]
    assert data["upgraded"] == {"ge_mot_hg": "ge_pz_hg"} and blocks["ge_pz_hg"]["hex"] == "rome"
    assert blocks["ge_mot_hg"]["hex"] is None
    # GB: 6 + 4 x 5 Lend-Lease + 3 x 4 income - 2 x 2 convoys - 3 partisans bought = 31; the RSI: 1 + 3 - 1 = 3
    assert data["pp"] == {"germany": 55, "italy": 3, "britain": 31, "france": 0}
    log = cli("log", "game.yaml").output
    for line in ("ge_mot_hg upgraded to ge_pz_hg in naples",
                 "germany pays 1 yellow PP towards a new red factory: 1 of 10",
                 "germany pays 1 yellow PP towards a new red factory: 4 of 10",
                 "Lend-Lease begins (it is 1943-07, france has fallen and no Allied unit is on the continent)",
                 "the South Atlantic U-boat attacks the Commonwealth convoys: 6, 1 hit(s)",
                 "britain loses 2 yellow PP to the U-boats (1 hit(s), 2 PP each)",
                 "britain receives the Lend-Lease PP: 5 yellow",
                 "the North Atlantic U-boat attacks the Lend-Lease route",
                 "ge_f_jg26 intercept over essen",
                 "1 hits on the yellow production of essen: germany loses 1 yellow PP of its next income",
                 "germany's income of yellow PP is 1 less (12 -> 11)",
                 "1 hits on the station of paris: germany loses 1 rail move(s)",
                 "germany has 1 rail move(s) fewer this turn",
                 "1 free partisan(s) placed in toulouse (france: 1 of 1)",
                 "britain buys 1 partisan(s) in bordeaux for 1 PP",
                 "an Axis unit enters bordeaux: its lone partisan is removed",
                 "britain buys 2 partisan(s) in corsica for 2 PP",
                 "the Axis attacks the 2 partisans of corsica", "the partisans of corsica are wiped out",
                 "the allies capture syracuse", "die 1, lower than the 3 Allied unit(s) in Italy",
                 "King Victor Emmanuel III dismisses Mussolini",
                 "Sicily held by the allies: italy surrenders (OR 36.0)",
                 "germany receives 18 PP",
                 "ge_inf_10 reaches Gran Sasso: Mussolini is moved to Salò",
                 "the Italian Social Republic (RSI) is declared, its capital Salò",
                 "the Liguria corps it_liguria enters Milan (milan) at full strength",
                 "germany gives the RSI 3 yellow PP", "it_inf_6 rebuilt in genoa at 1 for 1 PP"):
        assert line in log, line
    replayed = cli("replay", "game.yaml")
    assert replayed.exit_code == 0 and "replay of 11 log entries matches the game" in replayed.output
    verified = cli("verify", "game.yaml")
    assert verified.exit_code == 0 and "Verified" in verified.output, verified.output
    assert game_files_errors(cli.folder) == {}


def state(cli) -> dict:
    return json.loads(cli("show", "game.yaml", "--json").output)


def test_the_story_step_by_step_and_what_it_says_is_refused(cli):
    # the Axis July ends in GB's Strategic Warfare phase: Lend-Lease opens, a convoy hit, the first shipment:
    # GB 6 - 2 + 5 = 9 PP; Germany 8 + 12 - 4 (the upgrade) - 1 (the instalment) = 15
    data = play(cli, until="t1-axis-1")
    assert (data["lend_lease_turn"], data["pp"]["britain"], data["pp"]["germany"]) == (1, 9, 15)
    # the Allied July: two discs in France, Syracuse taken, Mussolini dismissed to Gran Sasso, face up
    apply(cli, orders_in_play_order(EXAMPLE)[1:4])
    data = state(cli)
    assert data["partisans"] == {"toulouse": 1, "bordeaux": 1} and data["control"]["syracuse"] == "allies"
    assert data["italy_dismissed"] == 1 and data["italy_surrendered"] == 0
    assert data["blocks"]["it_mussolini"]["hex"] == "gran_sasso" and data["blocks"]["it_mussolini"]["revealed"]
    assert data["production_lost"] == {"germany": {"yellow": 1}}  # the raid on Essen
    # Mussolini, dismissed, takes no order
    said = refusal(cli, "  - next_phase: movement\n  - move: [it_mussolini]\n    path: [e7]\n", "axis")
    assert "dismissed by the King" in said and "[BW L2560]" in said
    # after August: no rail move through bombed Paris, and one rail move only
    apply(cli, orders_in_play_order(EXAMPLE)[4:8])
    said = refusal(cli, "  - next_phase: srm\n  - srm: ge_inf_15\n    path: [lyon, alps]\n", "axis")
    assert "no rail move passes paris" in said and "[BW L2506]" in said
    said = refusal(cli, "  - next_phase: srm\n  - srm: ge_inf_51\n    path: [milan, florence]\n"
                      "  - srm: ge_inf_14\n    path: [verona]\n", "axis")
    assert "rail move(s) of this turn" in said
    # after the Axis September: Toulouse is garrisoned (the ZOC of the 19. Armee in Bordeaux), no disc goes there
    apply(cli, orders_in_play_order(EXAMPLE)[8:9])
    said = refusal(cli, "  - next_phase: production\n  - partisans: toulouse\n    paid_by: britain\n", "allies")
    assert "toulouse is garrisoned by the Axis" in said and "[BW L2410]" in said


def test_the_views_at_the_end(cli):
    data = play(cli)
    # the Allies see Mussolini by name (shown face up since his dismissal), the partisans, Lend-Lease; not the U-boats'
    # standing order
    text, view = exported_view(cli, "allies")
    assert view["blocks"]["it_mussolini"]["hex"] == "salo" and view["partisans"] == {"toulouse": 1}
    assert view["italian_surrender"] == {"dismissed": 1, "surrendered": 2, "freed": 3, "rsi": 3, "liguria": 4}
    assert view["u_boat_target"] is None and view["lend_lease"] is True
    hidden = [b for b, s in data["blocks"].items()
              if b.startswith(("ge_", "it_")) and s["hex"] and not s["revealed"] and b != "it_mussolini"]
    assert len(hidden) == 9
    for block_id in hidden:
        assert block_id not in text, block_id
    # the Axis sees none of the British blocks, all hidden
    text, view = exported_view(cli, "axis")
    for block_id in (b for b in data["blocks"] if b.startswith("gb_")):
        assert block_id not in text, block_id
    assert sum(1 for name in view["blocks"] if name.startswith("hidden-")) == 7
    assert view["partisans"] == {"toulouse": 1} and view["u_boat_target"] == "lend_lease"


def test_the_play_script_runs(tmp_path):
    out = tmp_path / "game"
    result = subprocess.run(["bash", str(EXAMPLE / "play.sh"), str(out)], capture_output=True, text=True,
                            env=script_env())
    assert result.returncode == 0, result.stderr
    assert "replay of 11 log entries matches the game" in result.stdout
    assert "kind: bitw-view" in result.stdout and (out / "axis-view.yaml").exists()
    assert (out / SCENARIO.name).exists()  # the game's folder holds its scenario
    assert "italy surrenders" in result.stdout and "the Italian Social Republic (RSI) is declared" in result.stdout


def test_a_new_game_in_the_same_folder_finds_the_same_copy(cli):
    """The scenario starts with an editor's schema line, which the copy in the game's folder has rewritten for that
    folder: a second `aa-ref new` of the same scenario there (play.sh run again) finds the copy the same."""
    assert SCENARIO.read_text().startswith("# yaml-language-server: $schema=")
    new_game(cli)
    again = cli("new", str(SCENARIO), "-o", "game.yaml", "--seed", SEED, "--force")
    assert again.exit_code == 0, again.output
    (cli.folder / SCENARIO.name).write_text(SCENARIO.read_text().replace("title: ", "title: changed "))
    changed = cli("new", str(SCENARIO), "-o", "game.yaml", "--seed", SEED, "--force")
    assert changed.exit_code != 0 and "exists and is not" in changed.output
