"""The second Blocks in the West example of the optional rules (examples/blocks-in-the-west/optional-1944/): its DEMO
scenario (valid, copied into the game's folder), its orders through the CLI in the order play.sh applies them, with
play.sh's options; the end state its story relies on (Churchill's naval and reserve actions, XXX Corps shipped through
the Channel, the Canadians' reserve exploiting into Germany, the Volkssturm, the V-1 every month and the V-2 from
September); the orders the story says are refused; the replay and the audit of the dice; the fog of war of both views;
and the script itself."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.e2e.test_bitw_example import exported_view, script_env
from tests.e2e.bitw_examples import assert_orders_listed_and_commented, assert_own_demo_scenario, refusal
from tests.e2e.test_bitw_example import orders_in_play_order, play_options
from tests.schema_check import game_files_errors

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "blocks-in-the-west" / "optional-1944"
SCENARIO = EXAMPLE / "summer-1944-scenario.yaml"
SEED = "peenemunde"
OPTIONS = ["hq_command=on", "wunderwaffen=on", "reserves=on", "naval_movement=on", "volkssturm=on"]


def new_game(cli) -> None:
    args = ["new", str(SCENARIO), "-o", "game.yaml", "--seed", SEED]
    for option in play_options(EXAMPLE):
        args += ["--option", option]
    result = cli(*args)
    assert result.exit_code == 0, result.output
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
    return state(cli)


def state(cli) -> dict:
    return json.loads(cli("show", "game.yaml", "--json").output)


def test_the_script_plays_four_optional_rules_with_hqs_on_its_own_demo_scenario(cli):
    assert_own_demo_scenario(cli, EXAMPLE, SCENARIO, SEED, OPTIONS)


def test_every_orders_file_is_listed_and_commented():
    assert_orders_listed_and_commented(EXAMPLE, 5)


def test_three_months_play_replay_and_verify(cli):
    data = play(cli)
    # July-September 1944: the game stops as the Allied player turn of September begins (after the V-weapons)
    assert (data["turn"], data["power"], data["phase"], data["winner"]) == (3, "allies", "supply", None)
    blocks, control = data["blocks"], data["control"]
    # OR 18.0: XXX Corps shipped to Cherbourg in July, marched to Paris in August
    assert (blocks["gb_inf_30"]["hex"], blocks["gb_inf_30"]["strength"]) == ("paris", 3)
    # OR 31.0: the Canadians, in reserve, exploited into Aachen; their barrel is off; the V-2 took a step
    assert (blocks["gb_inf_cdn"]["hex"], blocks["gb_inf_cdn"]["strength"]) == ("aachen", 2)
    assert data["reserves"] == {} and control["aachen"] == "allies" and control["paris"] == "allies"
    # AR 13.0: Churchill, activated once at level 3, deactivated at level 2
    assert (blocks["gb_churchill"]["hex"], blocks["gb_churchill"]["strength"]) == ("london", 2)
    # OR 28.0: the directive is active; the Volksgrenadier corps raised in Berlin at level 1
    assert data["volkssturm"] is True
    assert (blocks["ge_inf_vg"]["hex"], blocks["ge_inf_vg"]["strength"]) == ("berlin", 1)
    # OR 26.0: the V-1's September hit is off GB's next income; the V-2's standing target
    assert data["production_lost"] == {"britain": {"yellow": 1}} and data["v2_target"] == "aachen"
    assert control["calais"] == control["antwerp"] == control["brest"] == control["peenemunde"] == "axis"
    assert blocks["ge_inf_65"]["hex"] == "peenemunde"
    # GB: 6 + 3 (July) + 2 (August: 3 less the V-1's hit); Germany 6 + 13 + 11 + 11 (Paris lost in July)
    assert data["pp"] == {"germany": 41, "britain": 11, "france": 2, "belgium": 0}
    log = cli("log", "game.yaml").output
    for line in ("germany receives 13 PP",
                 "V-1 launched from antwerp, brest, calais: [1, 4], 0 hits",
                 "gb_churchill is activated at level 3: naval: gb_inf_30, reserve: gb_inf_cdn",
                 "the allies capture paris (Paris)",
                 "gb_inf_30 shipped from london to cherbourg by channel (gb_churchill's naval action)",
                 "gb_inf_30 shipped from london to cherbourg by channel: die 5, it arrives (Operation Maple",
                 "gb_inf_cdn in reserve (Motorisation: they move in the Exploitation phase) for 1 AP of gb_churchill",
                 "gb_churchill is deactivated and drops to level 2",
                 "the allies capture aachen (Aachen)",
                 "gb_inf_cdn has entered Germany: the Volkssturm directive is active",
                 "ge_inf_vg raised by the Volkssturm in berlin at level 1, free",
                 "V-1 launched from antwerp, brest, calais: [4, 6], 1 hits",
                 "the V-1: britain loses 1 yellow PP of its next income",
                 "britain's income of yellow PP is 1 less (3 -> 2)",
                 "france receives 2 PP",
                 "the Axis's standing order for the V-2: the Allied units in aachen",
                 "V-1 launched from antwerp, brest, calais: [6, 5], 1 hits",
                 "V-2 launched from peenemunde on the Allied units in aachen: [3, 5, 3, 6], 1 hits"):
        assert line in log, line
    assert log.count("V-1 launched") == 3 and log.count("V-2 launched") == 1  # no V-2 before September
    replayed = cli("replay", "game.yaml")
    assert replayed.exit_code == 0 and "replay of 5 log entries matches the game" in replayed.output
    verified = cli("verify", "game.yaml")
    assert verified.exit_code == 0 and "Verified" in verified.output, verified.output
    assert game_files_errors(cli.folder) == {}


def test_the_story_step_by_step_and_what_it_says_is_refused(cli):
    # the Axis July: no Allied unit has entered Germany, no Volkssturm corps yet
    new_game(cli)
    said = refusal(cli, "  - next_phase: production\n  - volkssturm: ge_inf_vg\n    at: berlin\n", "axis")
    assert "the Volkssturm directive is not active" in said and "[BW L2418]" in said
    apply(cli, orders_in_play_order(EXAMPLE)[:1])
    data = state(cli)
    assert data["volkssturm"] is False and data["production_lost"] == {}  # the V-1 missed
    assert (data["blocks"]["ge_inf_15"]["hex"], data["blocks"]["ge_inf_7"]["hex"]) == ("peenemunde", "brest")
    # no shipment without a supreme leader's (or a naval HQ's) naval action
    said = refusal(cli, "  - activate: gb_churchill\n    actions: {reserve: gb_inf_cdn}\n"
                      "  - ship: gb_inf_30\n    to: cherbourg\n", "allies")
    assert "no activated HQ gave the naval action for gb_inf_30" in said and "[BW L2159]" in said
    # a unit in Motorisation reserve does not move in the Movement phase
    said = refusal(cli, "  - activate: gb_churchill\n    actions: {naval: gb_inf_30, reserve: gb_inf_cdn}\n"
                      "  - reserve: [gb_inf_cdn]\n    hq: gb_churchill\n"
                      "  - move: [gb_inf_cdn]\n    path: [paris]\n", "allies")
    assert "it moves in the Exploitation phase, not in the Movement phase" in said and "[BW L2468]" in said
    # the supreme leader puts in reserve only the unit its action named
    said = refusal(cli, "  - activate: gb_churchill\n    actions: {naval: gb_inf_30}\n"
                      "  - reserve: [gb_inf_cdn]\n    hq: gb_churchill\n", "allies")
    assert "reserve action names no unit" in said and "[BW L1928]" in said
    # after the Allied July: the directive is active, the Canadians' barrel is off, XXX Corps in Cherbourg
    apply(cli, orders_in_play_order(EXAMPLE)[1:2])
    data = state(cli)
    assert data["volkssturm"] is True and data["reserves"] == {}
    assert data["blocks"]["gb_inf_30"]["hex"] == "cherbourg" and data["blocks"]["gb_inf_cdn"]["hex"] == "aachen"
    # after the Axis August: the V-1's hit, no V-2 yet (August)
    apply(cli, orders_in_play_order(EXAMPLE)[2:3])
    data = state(cli)
    assert data["production_lost"] == {"britain": {"yellow": 1}} and data["blocks"]["ge_inf_vg"]["hex"] == "berlin"
    assert "V-2 launched" not in cli("log", "game.yaml").output


def test_the_views_at_the_end(cli):
    data = play(cli)
    # the Allies see the Volkssturm directive and their lost PP, not the V-2's standing order nor the German blocks
    text, view = exported_view(cli, "allies")
    assert view["volkssturm"] is True and view["v2_target"] is None
    assert view["production_lost"] == {"britain": {"yellow": 1}}
    german = [b for b, s in data["blocks"].items() if b.startswith("ge_") and s["hex"]]
    assert len(german) == 5
    for block_id in german:
        assert block_id not in text, block_id
    # the Axis sees its standing order, and none of the British blocks by name
    text, view = exported_view(cli, "axis")
    assert view["v2_target"] == "aachen" and view["volkssturm"] is True
    for block_id in (b for b in data["blocks"] if b.startswith("gb_")):
        assert block_id not in text, block_id
    assert sum(1 for name in view["blocks"] if name.startswith("hidden-")) == 4


def test_the_play_script_runs(tmp_path):
    out = tmp_path / "game"
    result = subprocess.run(["bash", str(EXAMPLE / "play.sh"), str(out)], capture_output=True, text=True,
                            env=script_env())
    assert result.returncode == 0, result.stderr
    assert "replay of 5 log entries matches the game" in result.stdout
    assert "kind: bitw-view" in result.stdout and (out / "axis-view.yaml").exists()
    assert (out / SCENARIO.name).exists()  # the game's folder holds its scenario
    assert "V-2 launched from peenemunde" in result.stdout and "the Volkssturm directive is active" in result.stdout
