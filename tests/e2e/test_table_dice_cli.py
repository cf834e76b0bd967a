"""Dice at the table through the real CLI: `apply --ask-dice` volley by volley from piped input, dice files keyed by
volley, and `check` / `template` naming the volleys a document will roll; in every game."""

from __future__ import annotations

import json
from pathlib import Path

from aa_ref.cli.app import app
from aa_ref.core.yamlio import load_yaml
from tests.e2e.test_bitw_example import SEED as BITW_SEED
from tests.e2e.test_bitw_example import orders_in_play_order

ROOT = Path(__file__).resolve().parents[2]
ROUND_1 = ROOT / "examples" / "aa1941" / "round-1"
SUBMERGE, CASUALTIES = (next(ROUND_1.glob(f"{n}-*.yaml")) for n in ("09", "10"))
ANY_COUNT = "".join("1" * k + "\n" for k in range(1, 40))
"""A line of each length: whatever a volley rolls, one line fits it and the others are asked again."""


def typed(cli, *args: str, dice: str):
    """`aa-ref` with `dice` piped to its standard input."""
    return cli.runner.invoke(app, [str(a) for a in args], input=dice, catch_exceptions=False)


def at_the_uk_fleet(cli) -> None:
    """A 1941 game at Germany's battle in SZ 8, waiting for the UK's submerge decision."""
    assert cli("new", "aa1941", "-o", "game.yaml", "--seed", "table").exit_code == 0
    for n in range(1, 9):
        result = cli("apply", "game.yaml", next(ROUND_1.glob(f"{n:02d}-*.yaml")), "--in-place")
        assert result.exit_code == 0, result.output


def last_input(cli, name: str = "game.log.yaml") -> dict:
    return dict(load_yaml(cli.folder / name).data["entries"][-1]["input"])


def test_each_volley_is_described_read_from_piped_input_asked_again_after_a_typo_and_logged(cli):
    at_the_uk_fleet(cli)
    result = typed(cli, "apply", "game.yaml", SUBMERGE, CASUALTIES, "--in-place", "--ask-dice", dice="1 2\n7\n2\n1\n1\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert ("SZ 8, round 1, Germany strikes by surprise (attacking submarines): 1 submarine hit on 2 - roll 1 die\n"
            "  [r1/Germany/SZ 8/cr1/strike-attack] 1 die: 1 2\n"
            "  1 die is needed, 2 typed; type them again (or 'q' to stop, nothing applied)\n") in out
    assert "'7' (character 1) is not a die" in out
    # each volley's outcome is told before the next volley is asked
    assert out.index("1 submarine (2) roll [2]: 1 hit(s)") < out.index("UK strikes by surprise")
    assert "SZ 8, round 1, Germany attacks: 1 battleship hit on 4 - roll 1 die" in out
    assert last_input(cli)["dice"] == {"r1/Germany/SZ 8/cr1/strike-defense": [1], "r1/Germany/SZ 8/cr1/attack": [1]}
    log = cli("log", "game.yaml").output
    assert "dice r1/Germany/SZ 8/cr1/attack: 1 (table dice)" in log
    assert cli("replay", "game.yaml").exit_code == 0


def test_dice_typed_a_dice_file_by_volley_and_a_flat_list_give_the_same_game(cli):
    at_the_uk_fleet(cli)
    typed(cli, "apply", "game.yaml", SUBMERGE, CASUALTIES, "-o", "typed.yaml", "--ask-dice", dice="2\n1\n1\n")
    (cli.folder / "volleys.yaml").write_text("dice:\n  R1/Germany/SZ 8/cr1/ATTACK: [1]\n"
                                             "  r1/Germany/SZ 8/cr1/strike-defense: [1]\n"
                                             "  r1/Germany/SZ 8/cr1/strike-attack: [2]\n")
    assert cli("apply", "game.yaml", SUBMERGE, CASUALTIES, "-o", "keyed.yaml", "--dice", "volleys.yaml").exit_code == 0
    (cli.folder / "flat.yaml").write_text("dice: [2, 1, 1]\n")
    assert cli("apply", "game.yaml", SUBMERGE, CASUALTIES, "-o", "flat.yaml.game.yaml", "--dice", "flat.yaml").exit_code == 0
    shown = {name: json.loads(cli("show", name, "--json").output)["spaces"]["SZ 8"]
             for name in ("typed.yaml", "keyed.yaml", "flat.yaml.game.yaml")}
    assert shown["typed.yaml"] == shown["keyed.yaml"] == shown["flat.yaml.game.yaml"]


def test_a_dice_file_by_volley_names_the_volley_missing_and_the_ones_not_rolled_and_changes_nothing(cli):
    at_the_uk_fleet(cli)
    before = cli.snapshot()
    (cli.folder / "short.yaml").write_text("dice:\n  r1/Germany/SZ 8/cr1/strike-attack: [2]\n")
    missing = cli("apply", "game.yaml", SUBMERGE, CASUALTIES, "--in-place", "--dice", "short.yaml")
    assert missing.exit_code == 1
    assert ("no dice for the volley r1/Germany/SZ 8/cr1/strike-defense (SZ 8, round 1, UK strikes by surprise "
            "(defending submarines): 1 submarine hit on 1 - roll 1 die)") in missing.output
    (cli.folder / "extra.yaml").write_text("dice:\n  r1/Germany/SZ 8/cr1/strike-attack: [2]\n  r1/Germany/SZ 8/cr9/attack: [2]\n")
    extra = cli("apply", "game.yaml", SUBMERGE, "--in-place", "--dice", "extra.yaml")
    assert extra.exit_code == 1 and "these volleys were not rolled: r1/Germany/SZ 8/cr9/attack" in extra.output
    (cli.folder / "bad.yaml").write_text("dice:\n  r1/Germany/SZ 8/cr1/strike-attack: [2, 0]\n")
    bad = cli("apply", "game.yaml", SUBMERGE, "--in-place", "--dice", "bad.yaml")
    assert bad.exit_code == 1 and "bad.yaml:2:42: a die is a whole number from 1 to 6, not 0" in bad.output
    assert {k: v for k, v in cli.snapshot().items() if k in before} == before


def test_input_that_ends_or_a_q_applies_nothing(cli):
    at_the_uk_fleet(cli)
    before = cli.snapshot()
    ended = typed(cli, "apply", "game.yaml", SUBMERGE, CASUALTIES, "--in-place", "--ask-dice", dice="2\n")
    assert ended.exit_code == 1 and "standard input ended before the dice of r1/Germany/SZ 8/cr1/strike-defense" in ended.output
    stopped = typed(cli, "apply", "game.yaml", SUBMERGE, "--in-place", "--ask-dice", dice="q\n")
    assert stopped.exit_code == 1 and "stopped at r1/Germany/SZ 8/cr1/strike-attack; nothing was applied" in stopped.output
    assert cli.snapshot() == before


def test_ask_dice_and_a_dice_file_together_are_refused(cli):
    at_the_uk_fleet(cli)
    (cli.folder / "d.yaml").write_text("dice: [2]\n")
    both = typed(cli, "apply", "game.yaml", SUBMERGE, "--in-place", "--ask-dice", "--dice", "d.yaml", dice="2\n")
    assert both.exit_code == 2 and "--dice FILE or --ask-dice, not both" in both.output


def test_check_and_template_name_the_volleys_a_document_will_roll(cli):
    at_the_uk_fleet(cli)
    checked = cli("check", "game.yaml", SUBMERGE)
    assert checked.exit_code == 0 and "legal (its adjudication rolls dice" in checked.output
    assert ("  r1/Germany/SZ 8/cr1/strike-attack: SZ 8, round 1, Germany strikes by surprise (attacking submarines): "
            "1 submarine hit on 2 - roll 1 die") in checked.output
    template = cli("template", "game.yaml").output
    assert "# Dice at the table: the volleys this document rolls" in template
    assert "#   r1/Germany/SZ 8/cr1/strike-attack: SZ 8, round 1" in template
    (cli.folder / "t.yaml").write_text(template)
    assert cli("apply", "game.yaml", "t.yaml", "--dry-run").exit_code == 0


def test_a_warzag_turn_asks_for_the_standard_die(cli):
    result = cli("new", "warzag-demo", "-o", "game.yaml", "--seed", "s", "--option", "players=germany,uk,italy")
    assert result.exit_code == 0
    (cli.folder / "begin.yaml").write_text("kind: warzag-orders\nschema_version: 1\npower: germany\nactions: []\n")
    asked = typed(cli, "apply", "game.yaml", "begin.yaml", "--in-place", "--ask-dice", dice="9\n4\n")
    assert asked.exit_code == 0, asked.output
    assert "germany: the standard die: how far the Leader may move - roll 1 die" in asked.output
    assert "germany rolls 4: the Leader may move up to" in asked.output
    assert "dice r1/germany/t1/standard: 4 (table dice)" in cli("log", "game.yaml").output
    assert cli("replay", "game.yaml").exit_code == 0


def test_a_blocks_in_the_west_battle_is_fought_with_dice_typed_block_by_block(cli):
    assert cli("new", "bitw-demo", "-o", "game.yaml", "--seed", BITW_SEED).exit_code == 0
    for path in orders_in_play_order():
        if "dice hitting on" in cli("apply", "game.yaml", path, "--dry-run").output:  # the first battle's orders
            asked = typed(cli, "apply", "game.yaml", path, "--in-place", "--ask-dice", dice=ANY_COUNT * 40)
            assert asked.exit_code == 0, asked.output
            break
        assert cli("apply", "game.yaml", path, "--in-place").exit_code == 0
    else:
        raise AssertionError("the example has no battle")
    assert "fires: " in asked.output and "dice hitting on" in asked.output
    assert "(table dice)" in cli("log", "game.yaml").output
    assert cli("replay", "game.yaml").exit_code == 0


def test_end_phase_takes_the_table_dice_too(cli):
    """A phase entered move by move ends with `end-phase`, which may roll (Global 1940's submarines striking passing
    transports): it takes --dice and --ask-dice like apply; here it rolls none, and both are refused together."""
    assert cli("new", "aa1941", "-o", "game.yaml", "--seed", "steps").exit_code == 0
    assert cli("apply", "game.yaml", next(ROUND_1.glob("01-*.yaml")), "--in-place").exit_code == 0
    moved = cli("move", "game.yaml", "--units", "3 infantry", "--from", "Karelia", "--to", "West Russia")
    assert moved.exit_code == 0, moved.output
    (cli.folder / "d.yaml").write_text("dice: [1]\n")
    both = typed(cli, "end-phase", "game.yaml", "--dice", "d.yaml", "--ask-dice", dice="1\n")
    assert both.exit_code == 2 and "not both" in both.output
    unused = cli("end-phase", "game.yaml", "--dice", "d.yaml")
    assert unused.exit_code == 1 and "1 of the dice given were not needed; nothing was applied" in unused.output
    ended = typed(cli, "end-phase", "game.yaml", "--ask-dice", dice="")
    assert ended.exit_code == 0 and "== aa-ref end-phase" in ended.output and "Now: round 1, USSR, conduct combat" in ended.output
