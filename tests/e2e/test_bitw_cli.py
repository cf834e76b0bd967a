"""Blocks in the West through the CLI: a new game of the demo scenario, a side's view and its export
(fog of war [BW L508]), orders applied, replay."""

from __future__ import annotations

import json

from aa_ref.core.yamlio import load_yaml
from tests.schema_check import schema_errors

BEGIN = "kind: bitw-orders\nschema_version: 1\npower: axis\nactions: []\n"


def test_a_side_sees_and_receives_none_of_the_enemys_hidden_facts(cli):
    assert cli("new", "bitw-demo", "-o", "game.yaml", "--seed", "e2e").exit_code == 0
    referee = cli("show", "game.yaml")
    assert referee.exit_code == 0 and "ge_pz_1" in referee.output and "DEMO" in referee.output
    allied = cli("show", "game.yaml", "--side", "allies")
    assert allied.exit_code == 0 and "ge_pz_1" not in allied.output and "hidden-" in allied.output
    exported = cli("export", "game.yaml", "--side", "allies", "-o", "allies.yaml")
    assert exported.exit_code == 0, exported.output
    data = load_yaml(cli.folder / "allies.yaml").data
    assert data["kind"] == "bitw-view" and data["side"] == "allies"
    text = json.dumps(data)
    assert "ge_" not in text and "seed" not in text
    assert cli("validate", "allies.yaml").exit_code == 0
    assert schema_errors(cli.folder / "allies.yaml") == []
    as_json = json.loads(cli("show", "game.yaml", "--side", "axis", "--json").output)
    assert "ge_pz_1" in as_json["blocks"] and not any(b.startswith("fr_") for b in as_json["blocks"])


def test_orders_apply_and_the_game_replays(cli):
    assert cli("new", "bitw-demo", "-o", "game.yaml", "--seed", "e2e").exit_code == 0
    (cli.folder / "begin.yaml").write_text(BEGIN)
    applied = cli("apply", "game.yaml", "begin.yaml", "--in-place")
    assert applied.exit_code == 0 and "axis, supply" in applied.output, applied.output
    (cli.folder / "wrong.yaml").write_text(BEGIN.replace("power: axis", "power: allies"))
    before = cli.snapshot()
    refused = cli("apply", "game.yaml", "wrong.yaml", "--in-place")
    assert refused.exit_code == 1 and "player turn" in refused.output
    assert {k: v for k, v in cli.snapshot().items() if k != "wrong.yaml"} == {k: v for k, v in before.items() if k != "wrong.yaml"}
    assert cli("replay", "game.yaml").exit_code == 0


def test_export_refuses_other_games_and_bad_sides(cli):
    assert cli("new", "bitw-demo", "-o", "game.yaml").exit_code == 0
    bad = cli("export", "game.yaml", "--side", "france", "-o", "v.yaml")
    assert bad.exit_code == 2 and "axis or allies" in bad.output
    assert cli("new", "aa1941", "-o", "aa.yaml").exit_code == 0
    other = cli("export", "aa.yaml", "--side", "axis", "-o", "v.yaml")
    assert other.exit_code == 2 and "Blocks in the West" in other.output
