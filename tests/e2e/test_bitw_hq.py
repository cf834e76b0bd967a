"""The demo scenario under the advanced HQ rules (AR 13.0) and reconnaissance (OR 19.0), through the CLI: the basic
example's first German orders are refused without an activated HQ (armour in limited supply has half its MP
[BW L1861]) and accepted with one; the activated HQs are revealed to the Allies, whom they command is not
[BW L1837]."""

from __future__ import annotations

from pathlib import Path

from aa_ref.core.yamlio import parse_yaml, to_plain

ROOT = Path(__file__).resolve().parents[2]
FIRST = (ROOT / "examples" / "blocks-in-the-west" / "basic" / "t1-axis-1.yaml").read_text()
ACTIVATIONS = """  - activate: ge_hq_pz
    command: [ge_pz_1, ge_pz_2, ge_mot_1]
  - activate: ge_hq_2lf
    command: [ge_b_1]
"""


def new_game(cli) -> None:
    result = cli("new", "bitw-demo", "-o", "game.yaml", "--seed", "fall-gelb", "--option", "hq_command=on",
                 "--option", "recon=on")
    assert result.exit_code == 0, result.output


def test_without_an_hq_the_panzers_have_half_their_mp(cli):
    new_game(cli)
    (cli.folder / "orders.yaml").write_text(FIRST)
    result = cli("apply", "game.yaml", "orders.yaml", "--in-place")
    assert result.exit_code != 0
    assert "ge_pz_1 cannot pay for d5: the path costs 4 MP (good weather), it has 2" in result.output  # half of 4


def test_activated_hqs_command_the_attack_and_are_revealed(cli):
    new_game(cli)
    orders = FIRST.replace("actions:\n  - repair: ge_inf_3\n", "actions:\n  - repair: ge_inf_3\n" + ACTIVATIONS)
    assert orders != FIRST
    (cli.folder / "orders.yaml").write_text(orders)
    result = cli("apply", "game.yaml", "orders.yaml", "--in-place")
    assert result.exit_code == 0, result.output
    assert "ge_hq_pz is activated at level 3: ge_pz_1, ge_pz_2, ge_mot_1" in cli("log", "game.yaml").output
    result = cli("export", "game.yaml", "--side", "allies", "-o", "allies.yaml")
    assert result.exit_code == 0, result.output
    text = (cli.folder / "allies.yaml").read_text()
    view = to_plain(parse_yaml(text).data)
    assert view["blocks"]["ge_hq_pz"]["unit"] == "hq" and view["blocks"]["ge_hq_2lf"]["unit"] == "hq"
    assert "ge_hitler" not in text and "commands" not in text and "hq_active" not in text
    assert cli("replay", "game.yaml").exit_code == 0
