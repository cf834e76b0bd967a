"""The shipped Blocks in the West example under the advanced rules (examples/blocks-in-the-west/advanced/): its
orders through the CLI in the order play.sh applies them, with play.sh's options; the end state its story relies
on (HQs, coloured PP, the Panzer Attack!, the siege, the Desperate Attack, France's armistice); the replay; the fog
of war of the exported Axis view (a block revealed by reconnaissance shown, hidden ones as nation and hex only);
and the script itself."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.e2e.test_bitw_example import exported_view, script_env
from tests.e2e.test_bitw_example import orders_in_play_order, play_options

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "blocks-in-the-west" / "advanced"
SEED = "fall-gelb"


def script() -> str:
    return (EXAMPLE / "play.sh").read_text()


def new_game(cli) -> None:
    args = ["new", "bitw-demo", "-o", "game.yaml", "--seed", SEED]
    for option in play_options(EXAMPLE):
        args += ["--option", option]
    result = cli(*args)
    assert result.exit_code == 0, result.output


def apply(cli, orders: list[Path]) -> None:
    for path in orders:
        result = cli("apply", "game.yaml", path, "--in-place")
        assert result.exit_code == 0, f"{path.name}: {result.output}"


def play(cli) -> dict:
    new_game(cli)
    apply(cli, orders_in_play_order(EXAMPLE))
    return json.loads(cli("show", "game.yaml", "--json").output)


def test_the_script_plays_the_advanced_and_optional_rules():
    assert sorted(play_options(EXAMPLE)) == sorted(["rules=advanced", "recon=on", "jericho_trumpets=on", "panzer_attack=on"])


def test_every_orders_file_is_listed_and_commented():
    files = orders_in_play_order(EXAMPLE)
    assert sorted(files) == sorted(EXAMPLE.glob("t*.yaml"))
    assert len(files) == len(set(files)) == 27
    for path in files:
        text = path.read_text()
        assert text.startswith("# "), f"{path.name} starts with a comment saying what it does"
        assert "kind: bitw-orders" in text


def test_two_and_a_half_months_play_and_replay(cli):
    data = play(cli)
    # May and June 1940, both player turns, then the Axis turn of July; the game stops at the Allied Supply phase
    assert (data["turn"], data["power"], data["phase"], data["winner"]) == (3, "allies", "supply", None)
    assert data["options"]["rules"] == "advanced" and data["options"]["recon"] == "on"
    blocks, control = data["blocks"], data["control"]
    # France's armistice in June's Victory phase [BW L844-L860]: its units gone, its hexes Axis, the Maginot Line destroyed
    assert data["armistices"] == ["france"]
    assert not [b for b, s in blocks.items() if b.startswith("fr_") and s["hex"] is not None]
    for hex_id in ("paris", "reims", "lille", "e5", "metz", "b4"):
        assert control[hex_id] == "axis", hex_id
    # save Calais, where the British bombers stand: it stays Allied (case 390)
    assert control["calais"] == "allies" and "calais" in {s["hex"] for b, s in blocks.items() if b.startswith("uk_")}
    assert data["fortifications"] == {"e5": "none", "metz": "none", "eben_emael": "bunker"}  # Eben Emael kept (688)
    # the Panzer Attack! took b4; the ring round Brussels; Brussels taken in July
    assert control["b4"] == control["brussels"] == control["antwerp"] == control["d5"] == "axis"
    assert (blocks["ge_mot_1"]["hex"], blocks["ge_mech_1"]["hex"]) == ("c4", "antwerp")
    assert (blocks["ge_pz_3"]["hex"], blocks["ge_pz_3"]["strength"]) == ("brussels", 4)
    assert (blocks["ge_pz_1"]["hex"], blocks["ge_pz_1"]["strength"]) == ("d5", 1)  # withdrew from Reims
    assert blocks["ge_b_2"]["hex"] == "brussels"  # the Stukas, July's reinforcement
    # gone: the Desperate Attack's XVI Panzerkorps, Hitler (activated at level 1), JG 26, the BEF, the Belgians
    for gone in ("ge_pz_2", "ge_hitler", "ge_f_1", "uk_inf_1", "uk_inf_2", "be_inf_1", "be_inf_2"):
        assert blocks[gone]["hex"] is None, gone
    # HQs deactivated a level at a time [BW L1867]
    assert (blocks["ge_hq_pz"]["hex"], blocks["ge_hq_pz"]["strength"]) == ("aachen", 1)
    assert (blocks["ge_hq_2lf"]["hex"], blocks["ge_hq_2lf"]["strength"]) == ("h3", 1)
    assert data["hq_active"] == {}
    # coloured PP (AR 11.0): income, the red and black repairs, the red surrender PP to Britain, not to France
    assert data["pp"] == {"germany": 45, "france": 15, "uk": 2, "belgium": 2}
    assert data["coloured_pp"] == {"germany": {"red": 3, "blue": 3, "black": 2}, "france": {"blue": 2, "black": 2},
                                   "uk": {"red": 1}}
    replayed = cli("replay", "game.yaml")
    assert replayed.exit_code == 0 and "replay of 27 log entries matches the game" in replayed.output
    log = cli("log", "game.yaml").output
    for line in ("germany receives 2 red PP", "france receives 1 black PP",
                 "ge_hitler is activated at level 3: srm: ge_hq_pz, tank: ge_pz_1",
                 "ge_hq_pz is activated at level 3: ge_pz_2, ge_mot_1, ge_mech_1",
                 "reconnaissance of d5 by ge_hq_2lf fails", "reconnaissance of reims by ge_hq_2lf succeeds",
                 "ge_hitler is deactivated and drops to level 2",
                 "fr_gamelin is activated at level 3: unsupplied: fr_inf_3, tank: fr_tank_1",
                 "ge_hq_2lf is activated at level 3: ge_f_1", "ge_f_1 reacts to the battle at reims",
                 "uk_inf_1 surrenders out of supply in lille", "germany gains 2 yellow PP",
                 "ge_pz_2 repaired to 4 for 3 yellow, 3 red PP", "ge_hq_pz repaired to 3 for 1 yellow, 1 black PP",
                 "a Panzer Attack! is declared on b4", "Panzer Attack! at b4: the attacker fires first",
                 "allies besieged (out of supply, no repairs): be_inf_1",
                 "fr_mech_1 repaired to 3 for 2 yellow, 2 red PP", "france asks for an armistice",
                 "be_inf_1 is besieged in brussels: it loses 1 step (3 -> 2)", "france signs an armistice",
                 "the reconnaissance of brussels is interdicted",
                 "ge_pz_2 is out of supply: a Desperate Attack on brussels",
                 "ge_pz_2 surrenders out of supply in brussels", "uk gains 1 red PP",
                 "ge_hitler is eliminated: an HQ activated at level 1 is destroyed"):
        assert line in log, line
    assert "the bunker is destroyed" not in log  # the German bunker of Eben Emael stays when Germans pass (688)


def _hidden_entries_hold_nation_and_hex_only(view: dict, side_prefixes: tuple[str, ...]) -> None:
    for name, seen in view["blocks"].items():
        if name.startswith("hidden-"):
            assert seen["power"] and seen["hex"]
            assert seen["unit"] is None and seen["name"] is None and seen["strength"] is None, name
        else:
            assert name.startswith(side_prefixes) or seen["unit"] is not None, name


def test_the_axis_view_shows_the_reconnoitred_bombers_and_hides_the_rest(cli):
    new_game(cli)
    apply(cli, orders_in_play_order(EXAMPLE)[:1])  # t1-axis-1: the reconnaissance of Reims succeeds
    game = json.loads(cli("show", "game.yaml", "--json").output)
    assert game["blocks"]["fr_b_1"]["revealed"] and game["recon_hexes"] == ["reims"]
    text, view = exported_view(cli, "axis")
    assert view["blocks"]["fr_b_1"]["unit"] == "bomber" and view["blocks"]["fr_b_1"]["hex"] == "reims"
    hidden = [b for b, s in game["blocks"].items() if not b.startswith("ge_") and s["hex"] and not s["revealed"]]
    assert "fr_inf_1" in hidden and "uk_inf_1" in hidden
    for block_id in hidden:
        assert block_id not in text, block_id
    _hidden_entries_hold_nation_and_hex_only(view, ("ge_",))


def test_the_final_axis_view_hides_the_allied_blocks(cli):
    data = play(cli)
    hidden = [b for b, s in data["blocks"].items() if not b.startswith("ge_") and s["hex"] and not s["revealed"]]
    assert sorted(hidden) == ["uk_b_1", "uk_f_1"]
    text, view = exported_view(cli, "axis")
    for block_id in hidden:
        assert block_id not in text, block_id
    _hidden_entries_hold_nation_and_hex_only(view, ("ge_",))
    assert sum(1 for name in view["blocks"] if name.startswith("hidden-")) == 2
    shown = cli("show", "game.yaml", "--side", "allies").output
    assert shown.count("hidden-") == 16 and "uk_b_1" in shown  # the 16 German blocks on the map, upright again
    assert "ge_hq_pz" not in shown


def test_the_play_script_runs(tmp_path):
    out = tmp_path / "game"
    result = subprocess.run(["bash", str(EXAMPLE / "play.sh"), str(out)], capture_output=True, text=True,
                            env=script_env())
    assert result.returncode == 0, result.stderr
    assert "replay of 27 log entries matches the game" in result.stdout
    assert "kind: bitw-view" in result.stdout and (out / "axis-view.yaml").exists()
    assert "ge_pz_3" in (out / "axis-view.yaml").read_text()
    assert "france signs an armistice" in result.stdout
