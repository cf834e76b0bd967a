"""Names in any case through the CLI, and `log --power` (issue 20)."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ROUND_1 = sorted((ROOT / "examples" / "aa1941" / "round-1").glob("*.yaml"))

PURCHASE = """kind: orders
schema_version: 1
game: anniversary-1941
round: 1
power: {power}
phase: purchase
purchase: {purchase}
"""


def test_a_purchase_in_any_case_and_plural_applies_with_canonical_names(cli) -> None:
    assert cli("new", "anniversary-1941", "-o", "game.yaml", "--seed", "e2e").exit_code == 0
    (cli.folder / "buy.yaml").write_text(PURCHASE.format(power="germany", purchase="{Infantry: 1, Tanks: 2}"))
    result = cli("apply", "game.yaml", "buy.yaml", "--in-place")
    assert result.exit_code == 0, result.output
    entry = json.loads([line for line in (cli.folder / "game.log.yaml").read_text().splitlines()
                        if line.lstrip("- ").startswith('{"n": 1')][0].lstrip("- "))
    assert entry["input"]["purchase"] == {"Infantry": 1, "Tanks": 2} and entry["input"]["power"] == "germany"
    assert {"type": "purchased", "power": "Germany", "units": {"infantry": 1, "tank": 2}} in entry["events"]
    assert json.loads(cli("show", "game.yaml", "--json").output)["powers"]["Germany"]["treasury"] == 18  # 3 + 2 x 5 IPCs


def test_a_unit_named_twice_in_two_cases_is_refused(cli) -> None:
    assert cli("new", "anniversary-1941", "-o", "game.yaml", "--seed", "e2e").exit_code == 0
    (cli.folder / "buy.yaml").write_text(PURCHASE.format(power="Germany", purchase="{infantry: 1, Infantry: 2}"))
    result = cli("apply", "game.yaml", "buy.yaml", "--dry-run")
    assert result.exit_code != 0 and "infantry is named twice" in result.output


def test_unknown_and_look_alike_powers_are_unknown_names(cli, game) -> None:
    (cli.folder / "n.yaml").write_text(PURCHASE.format(power="Narnia", purchase="{}").replace("anniversary-1941", "aa1941"))
    result = cli("apply", "game.yaml", "n.yaml", "--dry-run")
    assert result.exit_code != 0 and "unknown power 'Narnia'" in result.output and "turn" not in result.output
    (cli.folder / "c.yaml").write_text(PURCHASE.format(power="G\u0435rmany", purchase="{}").replace("anniversary-1941", "aa1941"))
    result = cli("apply", "game.yaml", "c.yaml", "--dry-run")
    assert "c.yaml:5:8: unknown power" in result.output and "did you mean 'Germany'" in result.output
    assert "character 2" in result.output and "CYRILLIC SMALL LETTER IE" in result.output


def test_show_side_in_any_case(cli, game) -> None:
    shown = [cli("show", "game.yaml", "--side", side).output for side in ("axis", "Axis", "AXIS")]
    assert shown[0] == shown[1] == shown[2] and "Germany  Axis" in shown[0] and "USSR" not in shown[0].split("\n\n")[1]
    result = cli("show", "game.yaml", "--side", "Axsi")
    assert result.exit_code != 0 and "unknown side 'Axsi'; did you mean 'Axis'?" in result.output


def test_bitw_show_side_in_any_case(cli) -> None:
    assert cli("new", "bitw-demo", "-o", "game.yaml", "--seed", "e2e").exit_code == 0
    shown = [cli("show", "game.yaml", "--side", side) for side in ("allies", "Allies", "ALLIES")]
    assert all(r.exit_code == 0 for r in shown) and shown[0].output == shown[1].output == shown[2].output
    result = cli("show", "game.yaml", "--side", "Alies")
    assert result.exit_code != 0 and "did you mean 'allies'?" in result.output


def test_log_power_includes_the_battles_a_power_defends_in(cli) -> None:
    assert cli("new", "aa1941", "-o", "game.yaml", "--seed", "example").exit_code == 0
    for orders in ROUND_1[:11]:
        assert cli("apply", "game.yaml", orders, "--in-place").exit_code == 0, orders
    ussr = cli("log", "game.yaml", "--power", "ussr").output
    assert "#11 round 1, UK, conduct combat (decision)" in ussr  # the USSR's defence dice in West Russia
    assert "dice r1/Germany/West Russia/cr1/defense" in ussr
    uk = cli("log", "game.yaml", "--power", "UK").output
    assert "#8 round 1, Germany" in uk and "#1 round" not in uk
    assert "#" not in cli("log", "game.yaml", "--power", "Japan").output.split("\n", 2)[2]


def test_options_in_any_case_are_kept_as_the_rules_spell_them(cli) -> None:
    result = cli("new", "aa1941", "-o", "game.yaml", "--option", "VICTORY=One_Capital")
    assert result.exit_code == 0, result.output
    assert "options: victory=one_capital" in cli("show", "game.yaml").output
    result = cli("new", "aa1941", "-o", "other.yaml", "--option", "victroy=one_capital")
    assert result.exit_code != 0 and "unknown option 'victroy'; did you mean 'victory'?" in result.output


def test_warzag_orders_name_categories_armies_and_hexes_in_any_case(cli) -> None:
    assert cli("new", "warzag-demo", "-o", "game.yaml", "--seed", "s", "--option", "players=germany,uk,italy").exit_code == 0
    (cli.folder / "begin.yaml").write_text("kind: warzag-orders\nschema_version: 1\npower: GERMANY\nactions: []\n")
    assert cli("apply", "game.yaml", "begin.yaml", "--in-place").exit_code == 0
    (cli.folder / "o.yaml").write_text("kind: warzag-orders\nschema_version: 1\npower: germany\nactions:\n"
                                       "- annex: P2-02\n- train: Infantry\n  at: ALFA\n- end_turn: true\n")
    applied = cli("apply", "game.yaml", "o.yaml", "--in-place")
    assert applied.exit_code == 0 and "germany trains infantry ger-inf-" in applied.output, applied.output
    (cli.folder / "bad.yaml").write_text("kind: warzag-orders\nschema_version: 1\npower: uk\nactions:\n"
                                         "- train: infantyr\n  at: alfa\n")
    refused = cli("apply", "game.yaml", "bad.yaml", "--dry-run")
    assert refused.exit_code == 1 and "unknown army category 'infantyr'; did you mean 'infantry'?" in refused.output


def test_bitw_orders_name_blocks_in_any_case_and_suggest_only_the_sides_own(cli) -> None:
    example = ROOT / "examples" / "blocks-in-the-west" / "basic" / "t1-axis-1.yaml"
    assert cli("new", "bitw-demo", "-o", "game.yaml", "--seed", "fall-gelb").exit_code == 0
    text = example.read_text()
    (cli.folder / "upper.yaml").write_text(text.replace("ge_pz_1", "GE_PZ_1").replace("repair: ge_inf_3", "repair: Ge_Inf_3"))
    assert cli("apply", "game.yaml", "upper.yaml", "--dry-run").exit_code == 0
    (cli.folder / "typo.yaml").write_text(text.replace("repair: ge_inf_3", "repair: fr_inf_33"))
    refused = cli("apply", "game.yaml", "typo.yaml", "--dry-run").output
    assert "unknown block 'fr_inf_33'" in refused and "did you mean 'fr_" not in refused  # never an enemy block's id
