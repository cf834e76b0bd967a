"""The shipped Blocks in the West example (examples/blocks-in-the-west/basic/): its orders through the CLI in the
order play.sh applies them, the end state, the replay, the fog of war of the exported view, and the script."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from aa_ref.core.yamlio import parse_yaml, to_plain
from tests.schema_check import game_files_errors, schema_errors

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "blocks-in-the-west" / "basic"
SEED = "fall-gelb"


def orders_in_play_order(example: Path = EXAMPLE) -> list[Path]:
    """The orders files in the order the example's play.sh lists them."""
    script = (example / "play.sh").read_text()
    listed = re.search(r"orders=\((.*?)\n\)", script, re.S)
    assert listed, "play.sh lists its orders in orders=( ... )"
    return [example / f"{name}.yaml" for name in listed.group(1).split()]


def play_options(example: Path) -> list[str]:
    """The `--option K=V` arguments the example's play.sh gives `aa-ref new`."""
    found = re.findall(r"--option (\S+)", (example / "play.sh").read_text())
    assert found, "play.sh starts the game with options"
    return found


def exported_view(cli, side: str) -> tuple[str, dict]:
    """`aa-ref export --side` of game.yaml: the file's text and its data, a bitw-view."""
    result = cli("export", "game.yaml", "--side", side, "-o", f"{side}.yaml")
    assert result.exit_code == 0, result.output
    text = (cli.folder / f"{side}.yaml").read_text()
    view = to_plain(parse_yaml(text).data)
    assert view["kind"] == "bitw-view"
    assert schema_errors(cli.folder / f"{side}.yaml") == []
    return text, view


def play(cli) -> dict:
    result = cli("new", "bitw-demo", "-o", "game.yaml", "--seed", SEED)
    assert result.exit_code == 0, result.output
    for orders in orders_in_play_order():
        result = cli("apply", "game.yaml", orders, "--in-place")
        assert result.exit_code == 0, f"{orders.name}: {result.output}"
    assert game_files_errors(cli.folder) == {}
    return json.loads(cli("show", "game.yaml", "--json").output)


def test_every_orders_file_is_valid_and_played():
    files = orders_in_play_order()
    assert sorted(files) == sorted(EXAMPLE.glob("t*.yaml"))
    assert len(files) == len(set(files)) == 20


def test_two_months_play_and_replay(cli):
    data = play(cli)
    # two full months: both player turns of May and June 1940, then the Axis Supply phase of July
    assert (data["turn"], data["power"], data["phase"], data["winner"]) == (3, "axis", "supply", None)
    blocks, control = data["blocks"], data["control"]
    # the battle across the Meuse, the blitz into Reims, Eben Emael, Antwerp; the Maginot Line held at e5 and Metz
    assert {h: control[h] for h in ("d5", "reims", "eben_emael", "antwerp")} == dict.fromkeys(
        ("d5", "reims", "eben_emael", "antwerp"), "axis")
    assert control["e5"] == control["metz"] == control["brussels"] == control["lille"] == control["paris"] == "allies"
    # attacked across the orange hexsides, e5 was a fortress [BW L860-L862]: the Germans broke off after round 3
    assert (blocks["ge_inf_2"]["hex"], blocks["ge_inf_3"]["hex"], blocks["ge_art_1"]["hex"]) == ("e4", "f5", "e4")
    assert (blocks["fr_static_1"]["hex"], blocks["fr_static_1"]["strength"]) == ("e5", 2)
    assert (blocks["ge_pz_3"]["hex"], blocks["ge_pz_3"]["strength"]) == ("e4", 4)  # reinforcement, rail, exploit
    assert blocks["ge_inf_4"]["hex"] == "ruhr" and blocks["ge_mech_1"]["hex"] == "antwerp"
    # with e5 French, the Germans cut off in d5 and Reims stayed out of supply and surrendered [BW L1566-L1572]
    # the bomber rebased to a supplied airfield, Eben Emael, not to Reims, out of supply [BW L582] (digest A71)
    assert blocks["ge_b_1"]["hex"] == "eben_emael"
    for gone in ("ge_pz_1", "ge_inf_1", "uk_inf_1", "uk_inf_2", "fr_inf_3", "fr_f_1", "fr_b_1", "be_inf_2"):
        assert blocks[gone]["hex"] is None, gone
    # the 1re DLC withdrew twice and was repaired; the 3e Armee surrendered and was rebuilt in Paris at 1
    assert (blocks["fr_cav_1"]["hex"], blocks["fr_cav_1"]["strength"]) == ("c6", 3)
    assert (blocks["fr_inf_2"]["hex"], blocks["fr_inf_2"]["strength"]) == ("paris", 1)
    assert data["pp"] == {"germany": 32, "france": 18, "uk": 2, "belgium": 2}
    replayed = cli("replay", "game.yaml")
    assert replayed.exit_code == 0 and "replay of 20 log entries matches the game" in replayed.output
    log = cli("log", "game.yaml").output
    for line in ("fr_f_1 reacts to the battle at d5", "fr_cav_1 retreats from d5 to reims",
                 "ge_pz_1 blitz from d5 into reims", "a blitz battle at reims: the defender cannot react",
                 "the axis capture antwerp", "uk_inf_1 surrenders out of supply",
                 "fr_static_1 stays out of supply but never surrenders", "germany gains 4 yellow PP",
                 "ge_pz_3 arrives in berlin as a reinforcement", "ge_pz_2 repaired to 4 for 3 PP",
                 "ge_pz_1 surrenders out of supply in reims", "france gains 2 yellow PP",
                 "fr_inf_2 rebuilt in paris at 1 for 1 PP"):
        assert line in log, line


def test_the_exported_view_hides_the_axis_blocks(cli):
    play(cli)
    game = json.loads(cli("show", "game.yaml", "--json").output)
    hidden = [b for b, s in game["blocks"].items() if b.startswith("ge_") and s["hex"] and not s["revealed"]]
    assert len(hidden) == 16  # every German block on the map (two surrendered in June), the three HQs among them
    text, _ = exported_view(cli, "allies")
    for block_id in hidden:
        assert block_id not in text, block_id
    shown = cli("show", "game.yaml", "--side", "allies").output
    assert not [b for b in hidden if b in shown]
    assert "fr_cav_1" in shown and shown.count("hidden-") == 16


def script_env() -> dict[str, str]:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return env


def test_the_play_script_runs(tmp_path):
    out = tmp_path / "game"
    result = subprocess.run(["bash", str(EXAMPLE / "play.sh"), str(out)], capture_output=True, text=True, env=script_env())
    assert result.returncode == 0, result.stderr
    assert "replay of 20 log entries matches the game" in result.stdout
    assert "kind: bitw-view" in result.stdout and (out / "axis-view.yaml").exists()
    assert "ge_pz_3" in (out / "axis-view.yaml").read_text()
