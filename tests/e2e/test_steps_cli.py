"""A phase entered move by move (issue 20): `aa-ref move`, step documents (`step: true`), `aa-ref end-phase`
(`end: true`); each step checked and applied at once, the phase adjudicated whole at its end, exactly as one
document of the phase would be."""

from __future__ import annotations

import json
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "aa1941" / "round-1"
HEAD = "kind: orders\nschema_version: 1\nround: 1\npower: USSR\nphase: combat_move\n"


def state(cli, name: str = "game.yaml") -> dict:
    data = json.loads(cli("show", name, "--json").output)
    data.pop("log")
    return data


def bought(cli, name: str) -> None:
    assert cli("new", "aa1941", "-o", name, "--seed", "steps").exit_code == 0
    assert cli("apply", name, EXAMPLES / "01-ussr-purchase.yaml", "--in-place").exit_code == 0


def test_a_combat_move_entered_move_by_move_ends_as_the_one_document(cli):
    bought(cli, "one.yaml")
    assert cli("apply", "one.yaml", EXAMPLES / "02-ussr-combat-move.yaml", "--in-place").exit_code == 0
    bought(cli, "game.yaml")
    first = cli("move", "game.yaml", "--units", "3 infantry", "--from", "karelia", "--to", "west russia")
    assert first.exit_code == 0, first.output
    assert "USSR enters move 1 of its combat move: 3 infantry Karelia -> West Russia" in first.output
    (cli.folder / "step.yaml").write_text(HEAD + "step: true\nmoves:\n"
                                          "  - {units: {infantry: 3}, from: Archangel, to: West Russia}\n"
                                          "  - {units: {tank: 1}, from: Russia, to: West Russia}\n")
    assert cli("apply", "game.yaml", "step.yaml", "--in-place").exit_code == 0
    assert cli("move", "game.yaml", "--units", "fighter", "--from", "Russia", "--to", "West Russia").exit_code == 0
    shown = cli("show", "game.yaml")
    assert "being entered move by move: 4 move(s) entered" in shown.output
    assert "when the moves are made" in shown.output
    draft = state(cli)["draft"]
    assert len(draft["moves"]) == 4 and draft["after"]["West Russia"] == {"fighter": 1, "infantry": 6, "tank": 1}
    template = cli("template", "game.yaml").output
    assert "entered move by move" in template and "end: true" in template and "aa-ref end-phase" in template
    assert "#   Karelia:" not in template and "#   Russia: 3 infantry (move 1)" in template  # what is left to move
    ended = cli("end-phase", "game.yaml")
    assert ended.exit_code == 0 and "Now: round 1, USSR, conduct combat." in ended.output
    assert state(cli) == state(cli, "one.yaml")
    assert cli("replay", "game.yaml").exit_code == 0
    log = cli("log", "game.yaml").output
    assert "enters move 2 of its combat move" in log and "USSR moves 1 fighter Russia -> West Russia" in log
    assert "(orders, a step: moves entered)" in log and "(orders, end of the phase entered move by move)" in log


def test_a_refused_step_is_located_and_writes_nothing(cli):
    bought(cli, "game.yaml")
    assert cli("move", "game.yaml", "--units", "3 infantry", "--from", "Karelia", "--to", "West Russia").exit_code == 0
    (cli.folder / "again.yaml").write_text(HEAD + "step: true\nmoves:\n"
                                           "  - {units: {infantry: 3}, from: Karelia, to: West Russia}\n")
    before = cli.snapshot()
    refused = cli("apply", "game.yaml", "again.yaml", "--in-place")
    assert refused.exit_code == 1 and "again.yaml:8:" in refused.output and "another move uses them" in refused.output
    assert cli.snapshot() == before
    one_line = cli("move", "game.yaml", "--units", "1 fighter", "--from", "Russia", "--to", "Ukraine")
    assert one_line.exit_code == 1 and "aa-ref move: Russia and Ukraine do not share a border" in one_line.output
    assert cli.snapshot() == before


def test_the_end_refuses_a_combat_move_ending_without_a_battle_and_names_the_step(cli):
    bought(cli, "game.yaml")
    assert cli("move", "game.yaml", "--units", "3 infantry", "--from", "Karelia", "--to", "West Russia").exit_code == 0
    # a land unit ending its Combat Move in a friendly territory: accepted as a step, refused by the end
    step = cli("move", "game.yaml", "--units", "1 infantry", "--from", "Russia", "--to", "Archangel")
    assert step.exit_code == 0, step.output
    before = cli.snapshot()
    ended = cli("end-phase", "game.yaml")
    assert ended.exit_code == 1 and "step entered in log entry 3" in ended.output, ended.output
    assert cli.snapshot() == before
    assert "undoes entry 3" in cli("undo", "game.yaml").output
    assert len(state(cli)["draft"]["moves"]) == 1
    assert cli("end-phase", "game.yaml").exit_code == 0
    assert cli("replay", "game.yaml").exit_code == 0


def test_orders_of_the_whole_phase_are_refused_while_it_is_entered_move_by_move(cli):
    bought(cli, "game.yaml")
    assert cli("move", "game.yaml", "--units", "3 infantry", "--from", "Karelia", "--to", "West Russia").exit_code == 0
    refused = cli("apply", "game.yaml", EXAMPLES / "02-ussr-combat-move.yaml", "--in-place")
    assert refused.exit_code == 1 and "being entered move by move (1 move so far)" in refused.output


def test_a_transport_loads_moves_and_lands_part_of_its_cargo_in_one_step(cli):
    assert cli("new", "aa1941", "-o", "game.yaml", "--seed", "example").exit_code == 0
    for orders in sorted(EXAMPLES.glob("*.yaml"))[:25]:
        assert cli("apply", "game.yaml", orders, "--in-place").exit_code == 0, orders
    assert cli("move", "game.yaml", "--units", "2 infantry, 1 tank", "--from", "Western United States",
               "--to", "Eastern United States").exit_code == 0
    trip = cli("move", "game.yaml", "--units", "transport", "--from", "SZ 11", "--to", "SZ 10",
               "--load", "2 infantry from Eastern United States at SZ 11", "--unload", "Eastern Canada",
               "--unload-units", "1 infantry")
    assert trip.exit_code == 0, trip.output
    assert "loading 2 infantry from Eastern United States, unloading 1 infantry in Eastern Canada" in trip.output
    assert cli("end-phase", "game.yaml").exit_code == 0
    spaces = state(cli)["spaces"]
    assert spaces["Eastern Canada"]["units"]["USA"] == {"infantry": 1}
    assert spaces["SZ 10"]["cargo"]["USA"] == {"infantry": 1}
    assert cli("replay", "game.yaml").exit_code == 0


def test_move_by_move_entry_is_for_movement_phases_and_the_aa_games(cli):
    assert cli("new", "aa1941", "-o", "game.yaml", "--seed", "steps").exit_code == 0
    refused = cli("move", "game.yaml", "--units", "3 infantry", "--from", "Karelia", "--to", "West Russia")
    assert refused.exit_code == 1 and "covers the Combat Move and the Noncombat Move" in refused.output
    assert cli("new", "warzag-demo", "-o", "wz.yaml", "--seed", "s", "--option", "players=germany,uk,italy").exit_code == 0
    other = cli("end-phase", "wz.yaml")
    assert other.exit_code == 2 and "move-by-move entry covers the Axis & Allies games" in other.output


def test_a_fair_dice_game_takes_signed_steps(cli):
    """Steps roll no dice: each is a document its player signs (`aa-ref sign`), like any orders; the one-line
    `aa-ref move`, which no player signs, is refused there."""
    import shutil

    assert cli("new", "aa1941", "-o", "game.yaml", "--seed", "fair").exit_code == 0
    assert cli("commit", "game.yaml", "--secret", "alice.yaml", "--player", "alice", "--side", "Axis").exit_code == 0
    assert cli("commit", "game.yaml", "--secret", "bob.yaml", "--player", "bob", "--side", "Allies").exit_code == 0
    shutil.copy(EXAMPLES / "01-ussr-purchase.yaml", cli.folder / "buy.yaml")
    assert cli("sign", "game.yaml", "buy.yaml", "--secret", "bob.yaml").exit_code == 0
    assert cli("apply", "game.yaml", "buy.yaml", "--in-place").exit_code == 0
    refused = cli("move", "game.yaml", "--units", "3 infantry", "--from", "Karelia", "--to", "West Russia")
    assert refused.exit_code == 2 and "aa-ref sign" in refused.output
    for name, body in (("s1.yaml", "step: true\nmoves:\n  - {units: {infantry: 3}, from: Karelia, to: West Russia}\n"),
                       ("s2.yaml", "step: true\nmoves:\n  - {units: {tank: 1}, from: Russia, to: West Russia}\n"),
                       ("end.yaml", "end: true\n")):
        (cli.folder / name).write_text(HEAD + body)
        unsigned = cli("apply", "game.yaml", name, "--dry-run")
        assert unsigned.exit_code == 1 and "sign" in unsigned.output
        assert cli("sign", "game.yaml", name, "--secret", "bob.yaml").exit_code == 0
        applied = cli("apply", "game.yaml", name, "--in-place")
        assert applied.exit_code == 0, applied.output
        if name == "s2.yaml":  # undo of a step is signed by its player, then the step is signed again
            assert cli("undo", "game.yaml", "--secret", "bob.yaml").exit_code == 0
            assert cli("sign", "game.yaml", name, "--secret", "bob.yaml").exit_code == 0
            assert cli("apply", "game.yaml", name, "--in-place").exit_code == 0
    assert state(cli)["phase"] == "conduct_combat"
    verified = cli("verify", "game.yaml")
    assert verified.exit_code == 0, verified.output
    assert cli("replay", "game.yaml").exit_code == 0
