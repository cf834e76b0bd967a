"""Fair dice in a WARZAG game (docs/fair-dice.md): the shared protocol works for the hex game's
die rolls too, so play by e-mail needs no trusted referee for the dice."""

from __future__ import annotations

from aa_ref.core.yamlio import load_yaml

EMPTY = "kind: warzag-orders\nschema_version: 1\npower: germany\nactions: []\n"


def test_a_warzag_turn_rolls_fair_dice_that_verify(cli):
    """Alliance mode, germany against the uk: germany's first turn rolls the standard die [WZ L171]
    from bob's reveal; a third party verifies with the game and its log alone."""
    made = cli("new", "warzag-demo", "-o", "game.yaml", "--seed", "fd", "--option", "mode=alliances",
               "--option", "players=germany,uk")
    assert made.exit_code == 0, made.output
    assert cli("commit", "game.yaml", "--secret", "alice.secret.yaml", "--player", "alice", "--side", "axis").exit_code == 0
    done = cli("commit", "game.yaml", "--secret", "bob.secret.yaml", "--player", "bob", "--side", "allies")
    assert done.exit_code == 0 and "play can start" in done.output, done.output
    (cli.folder / "t1.yaml").write_text(EMPTY)
    unsigned = cli("apply", "game.yaml", "t1.yaml", "--in-place")
    assert unsigned.exit_code == 1 and "must be signed by alice" in unsigned.output
    assert cli("sign", "game.yaml", "t1.yaml", "--secret", "alice.secret.yaml").exit_code == 0
    waiting = cli("apply", "game.yaml", "t1.yaml", "--in-place")
    assert waiting.exit_code == 1 and "need a reveal from bob" in waiting.output, waiting.output
    assert cli("reveal", "game.yaml", "t1.yaml", "--secret", "bob.secret.yaml", "-o", "r1.yaml").exit_code == 0
    applied = cli("apply", "game.yaml", "t1.yaml", "--reveal", "r1.yaml", "--in-place")
    assert applied.exit_code == 0 and "germany rolls" in applied.output, applied.output
    verified = cli("verify", "game.yaml")
    assert verified.exit_code == 0 and "1 fair, 0 seeded" in verified.output, verified.output
    rolls = [e for e in load_yaml(cli.folder / "game.log.yaml").data["entries"][-1]["events"] if e["type"] == "roll"]
    assert [r["source"] for r in rolls] == ["fair"]


def test_a_side_commits_only_the_nations_that_play(cli):
    """With two players the Axis is germany alone: committing the side names only him."""
    assert cli("new", "warzag-demo", "-o", "game.yaml", "--option", "mode=alliances",
               "--option", "players=germany,uk").exit_code == 0
    done = cli("commit", "game.yaml", "--secret", "a.yaml", "--player", "alice", "--powers", "italy")
    assert done.exit_code == 2 and "italy does not play in this game" in done.output, done.output
