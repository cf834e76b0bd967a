"""Fair dice with no server (docs/fair-dice.md): commit, sign, reveal, apply, verify, and the
threats the protocol answers: foreknowledge, re-rolls, forged or altered documents."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from aa_ref.cli.app import app
from aa_ref.core.yamlio import load_yaml

ROUND_1 = Path(__file__).resolve().parents[2] / "examples" / "aa1941" / "round-1"


@pytest.fixture
def fair(cli, game):
    """A 1941 game where alice (Axis) and bob (Allies) have committed, and the USSR has moved
    in to attack West Russia: its combat orders are next and roll dice."""
    assert cli("commit", "game.yaml", "--secret", "alice.secret.yaml", "--player", "alice", "--side", "Axis").exit_code == 0
    done = cli("commit", "game.yaml", "--secret", "bob.secret.yaml", "--player", "bob", "--side", "Allies")
    assert done.exit_code == 0 and "play can start" in done.output
    for name in ("01-ussr-purchase.yaml", "02-ussr-combat-move.yaml", "03-ussr-combat.yaml"):
        shutil.copy(ROUND_1 / name, cli.folder / name)
    for name in ("01-ussr-purchase.yaml", "02-ussr-combat-move.yaml"):
        assert cli("sign", "game.yaml", name, "--secret", "bob.secret.yaml").exit_code == 0
        assert cli("apply", "game.yaml", name, "--in-place").exit_code == 0
    assert cli("sign", "game.yaml", "03-ussr-combat.yaml", "--secret", "bob.secret.yaml").exit_code == 0
    return cli


def test_a_round_trip_of_commit_sign_reveal_apply_verifies(fair):
    """The whole exchange: the dice need alice's reveal, which binds them to bob's signed orders."""
    refused = fair("apply", "game.yaml", "03-ussr-combat.yaml", "--in-place")
    assert refused.exit_code == 1 and "need a reveal from alice" in refused.output
    revealed = fair("reveal", "game.yaml", "03-ussr-combat.yaml", "--secret", "alice.secret.yaml", "-o", "r03.yaml")
    assert revealed.exit_code == 0, revealed.output
    applied = fair("apply", "game.yaml", "03-ussr-combat.yaml", "--reveal", "r03.yaml", "--in-place")
    assert applied.exit_code == 0, applied.output
    assert "West Russia" in applied.output
    verified = fair("verify", "game.yaml")
    assert verified.exit_code == 0 and "1 fair, 0 seeded" in verified.output, verified.output
    assert fair("replay", "game.yaml").exit_code == 0
    assert fair("validate", "r03.yaml", "alice.secret.yaml", "game.yaml").exit_code == 0
    assert "signed by bob; dice from alice's value 1 of chain 1" in fair("log", "game.yaml").output
    rolls = [e for e in load_yaml(fair.folder / "game.log.yaml").data["entries"][-1]["events"] if e["type"] == "roll"]
    assert rolls and all(r["source"] == "fair" for r in rolls)


def test_a_value_is_never_revealed_for_two_different_orders(fair):
    """Re-roll: asked again for other orders at the same state, the revealer's file refuses."""
    assert fair("reveal", "game.yaml", "03-ussr-combat.yaml", "--secret", "alice.secret.yaml", "-o", "r1.yaml").exit_code == 0
    fair.edit("03-ussr-combat.yaml", "signature:", "standing: {order_of_loss: [infantry, tank, fighter]}\nsignature:")
    assert fair("sign", "game.yaml", "03-ussr-combat.yaml", "--secret", "bob.secret.yaml").exit_code == 0
    again = fair("reveal", "game.yaml", "03-ussr-combat.yaml", "--secret", "alice.secret.yaml", "-o", "r2.yaml")
    assert again.exit_code != 0 and "choose between two sets of dice" in again.output
    assert not (fair.folder / "r2.yaml").exists()


def test_a_reveal_does_not_fit_other_orders(fair):
    """Orders changed after the reveal (to use its known value) no longer match their signature,
    and re-signed ones no longer match the reveal: nothing is applied either way."""
    assert fair("reveal", "game.yaml", "03-ussr-combat.yaml", "--secret", "alice.secret.yaml", "-o", "r.yaml").exit_code == 0
    before = fair.snapshot()
    fair.edit("03-ussr-combat.yaml", "signature:", "standing: {order_of_loss: [infantry, tank, fighter]}\nsignature:")
    altered = fair("apply", "game.yaml", "03-ussr-combat.yaml", "--reveal", "r.yaml", "--in-place")
    assert altered.exit_code == 1 and "changed after signing" in altered.output
    assert fair("sign", "game.yaml", "03-ussr-combat.yaml", "--secret", "bob.secret.yaml").exit_code == 0
    resigned = fair("apply", "game.yaml", "03-ussr-combat.yaml", "--reveal", "r.yaml", "--in-place")
    assert resigned.exit_code != 0 and "matches no orders" in resigned.output
    after = fair.snapshot()
    assert before["game.yaml"] == after["game.yaml"] and before["game.log.yaml"] == after["game.log.yaml"]


def test_only_the_player_of_a_power_signs_its_orders(fair):
    """Forgery: alice cannot sign the USSR's orders, and unsigned orders are refused."""
    shutil.copy(ROUND_1 / "04-ussr-noncombat-move.yaml", fair.folder / "04.yaml")
    forged = fair("sign", "game.yaml", "04.yaml", "--secret", "alice.secret.yaml")
    assert forged.exit_code != 0 and "played by bob" in forged.output
    unsigned = fair("apply", "game.yaml", "03-ussr-combat.yaml", "--in-place")
    assert unsigned.exit_code == 1


def test_a_tampered_reveal_value_is_refused(fair):
    """A value that does not hash to the committed anchor is not from the chain."""
    assert fair("reveal", "game.yaml", "03-ussr-combat.yaml", "--secret", "alice.secret.yaml", "-o", "r.yaml").exit_code == 0
    value = load_yaml(fair.folder / "r.yaml").data["reveals"][0]["value"]
    fair.edit("r.yaml", value, "ab" * 32)
    result = fair("apply", "game.yaml", "03-ussr-combat.yaml", "--reveal", "r.yaml", "--in-place")
    assert result.exit_code == 1 and "not from the committed chain" in result.output


def test_an_undone_roll_needs_new_reveals_and_verify_reports_the_re_roll(fair):
    """Undo in a fair-dice game is signed by the undone orders' player; the reveal stays spent,
    so the orders applied again need a new value, and verify names the discarded roll."""
    assert fair("reveal", "game.yaml", "03-ussr-combat.yaml", "--secret", "alice.secret.yaml", "-o", "r.yaml").exit_code == 0
    assert fair("apply", "game.yaml", "03-ussr-combat.yaml", "--reveal", "r.yaml", "--in-place").exit_code == 0
    unsigned = fair("undo", "game.yaml")
    assert unsigned.exit_code != 0 and "signed by bob" in unsigned.output
    assert fair("undo", "game.yaml", "--secret", "alice.secret.yaml").exit_code != 0
    assert fair("undo", "game.yaml", "--secret", "bob.secret.yaml").exit_code == 0
    stale = fair("apply", "game.yaml", "03-ussr-combat.yaml", "--reveal", "r.yaml", "--in-place")
    assert stale.exit_code != 0
    assert fair("sign", "game.yaml", "03-ussr-combat.yaml", "--secret", "bob.secret.yaml").exit_code == 0
    assert fair("reveal", "game.yaml", "03-ussr-combat.yaml", "--secret", "alice.secret.yaml", "-o", "r2.yaml").exit_code == 0
    assert fair("apply", "game.yaml", "03-ussr-combat.yaml", "--reveal", "r2.yaml", "--in-place").exit_code == 0
    verified = fair("verify", "game.yaml")
    assert verified.exit_code == 0 and "whose dice were discarded" in verified.output, verified.output


def test_a_chain_that_runs_out_commits_the_next_with_its_last_value(cli, game):
    """A chain of 1 value: its only reveal carries the next chain's anchor, and play goes on."""
    assert cli("commit", "game.yaml", "--secret", "a.yaml", "--player", "alice", "--side", "Axis", "--length", "1").exit_code == 0
    assert cli("commit", "game.yaml", "--secret", "b.yaml", "--player", "bob", "--side", "Allies").exit_code == 0
    for name in ("01-ussr-purchase.yaml", "02-ussr-combat-move.yaml", "03-ussr-combat.yaml"):
        shutil.copy(ROUND_1 / name, cli.folder / name)
        assert cli("sign", "game.yaml", name, "--secret", "b.yaml").exit_code == 0
        if name.startswith("03"):
            assert cli("reveal", "game.yaml", name, "--secret", "a.yaml", "-o", "r.yaml").exit_code == 0
            assert "next_anchor" in (cli.folder / "r.yaml").read_text()
            assert cli("apply", "game.yaml", name, "--reveal", "r.yaml", "--in-place").exit_code == 0
        else:
            assert cli("apply", "game.yaml", name, "--in-place").exit_code == 0
    chain = load_yaml(cli.folder / "game.yaml").data["fair_dice"]["alice"]
    assert chain["chain"] == 2 and chain.get("revealed", 0) == 0
    assert cli("verify", "game.yaml").exit_code == 0


def test_verify_fails_on_an_edited_log_and_commitments_are_checked(fair):
    """An edited commitment breaks the log's chain; a second commitment by a player is refused."""
    again = fair("commit", "game.yaml", "--secret", "alice.secret.yaml", "--side", "Axis")
    assert again.exit_code != 0 and "already committed" in again.output
    taken = fair("commit", "game.yaml", "--secret", "carol.yaml", "--player", "carol", "--powers", "Japan")
    assert taken.exit_code != 0 and "already played by another player" in taken.output
    assert not (fair.folder / "carol.yaml").exists()
    fair.edit("game.log.yaml", "\"powers\": [\"Germany\", \"Japan\"]", "\"powers\": [\"Germany\"]")
    assert fair("verify", "game.yaml").exit_code == 1


def test_a_secret_file_belongs_to_one_game(fair, cli):
    """Revealed values are public, so a chain is never reused in another game."""
    assert cli("new", "aa1941", "-o", "other.yaml", "--seed", "other").exit_code == 0
    reused = cli("commit", "other.yaml", "--secret", "alice.secret.yaml", "--side", "Axis")
    assert reused.exit_code != 0 and "another game" in reused.output


def test_two_players_play_a_whole_round_by_files_and_a_third_verifies(cli, game, tmp_path):
    """Done-when of issue 5: alice (Axis) and bob (Allies) play round 1 exchanging only files,
    each document signed by its author and its dice revealed by the other; a third person with
    the game and log alone (no secrets) verifies every roll."""
    import random

    from aa_ref.games.axis_allies.autoplay import next_orders
    from aa_ref.core.session import load_game
    from aa_ref.core.yamlio import dump_yaml

    secrets = {"Axis": "alice.secret.yaml", "Allies": "bob.secret.yaml"}
    for side, player in (("Axis", "alice"), ("Allies", "bob")):
        assert cli("commit", "game.yaml", "--secret", secrets[side], "--player", player, "--side", side).exit_code == 0
    rng, reveals, step = random.Random(5), 0, 0
    while True:
        loaded = load_game(game)
        if loaded.game.round > 1:
            break
        step += 1
        orders = next_orders(loaded.setup, loaded.ruleset, loaded.game, rng)
        name = f"{step:02d}.yaml"
        (cli.folder / name).write_text(dump_yaml(orders))
        side = loaded.setup.side_of(orders["power"])
        other = secrets["Allies" if side == "Axis" else "Axis"]
        signed = cli("sign", "game.yaml", name, "--secret", secrets[side])
        assert signed.exit_code == 0, signed.output
        revealed = cli("reveal", "game.yaml", name, "--secret", other, "-o", f"{step:02d}.reveal.yaml")
        assert revealed.exit_code == 0, revealed.output
        extra = [] if "needs no reveal" in revealed.output else ["--reveal", f"{step:02d}.reveal.yaml"]
        reveals += bool(extra)
        applied = cli("apply", "game.yaml", name, "--in-place", *extra)
        assert applied.exit_code == 0, applied.output
    assert reveals >= 2  # battles were fought with fair dice
    third = tmp_path / "third"
    third.mkdir()
    for name in ("game.yaml", "game.log.yaml"):
        shutil.copy(cli.folder / name, third / name)
    verified = cli("verify", third / "game.yaml", "--json")
    assert verified.exit_code == 0, verified.output
    import json

    report = json.loads(verified.output)
    assert report["ok"] and report["entries_with_fair_dice"] == reveals and report["entries_with_seeded_dice"] == 0


def test_the_pbem_example_script_runs_as_the_readme_says(tmp_path):
    """examples/pbem/fair-dice-turn.sh: two folders that only exchange files, a third verifies."""
    import os
    import subprocess
    import sys

    script = Path(__file__).resolve().parents[2] / "examples" / "pbem" / "fair-dice-turn.sh"
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    result = subprocess.run(["bash", str(script), str(tmp_path)], capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr
    assert "Verified: the log replays and every roll follows from the commitments." in result.stdout
    assert not (tmp_path / "third" / "alice.secret.yaml").exists() and not (tmp_path / "bob" / "alice.secret.yaml").exists()


def test_dice_typed_at_a_table_are_refused_in_a_fair_dice_game(fair):
    before = fair.snapshot()
    typed = fair.runner.invoke(app,
                               ["apply", "game.yaml", "03-ussr-combat.yaml", "--in-place", "--ask-dice"], input="1 1 1\n")
    assert typed.exit_code == 1 and "a fair-dice game takes no table dice (--dice, --ask-dice)" in typed.output
    assert fair.snapshot() == before
