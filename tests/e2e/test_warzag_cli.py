"""The `aa-ref` commands on WARZAG games: games, new (secret objective files), show (a player's view,
JSON), template, validate, apply (all or nothing), replay, claims, undo, commit, a user's own pack
file, and the commands made for Axis & Allies (report, diff, check) that must fail cleanly."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from aa_ref.core import session
from aa_ref.games.warzag import objectives
from aa_ref.core.yamlio import load_yaml

ROOT = Path(__file__).resolve().parents[2]
FFA = ROOT / "examples" / "warzag" / "free-for-all"
DEMO = ROOT / "aa_ref" / "setups" / "warzag-demo.yaml"
SEATING = ["germany", "uk", "italy"]


def orders(power: str, *actions: str) -> str:
    """An orders document; each action is one YAML list item, written as in the files."""
    body = "".join(f"  - {a}\n" for a in actions) if actions else ""
    return f"kind: warzag-orders\nschema_version: 1\npower: {power}\nactions:{'' if actions else ' []'}\n{body}"


def write(cli, name: str, text: str) -> str:
    (cli.folder / name).write_text(text)
    return name


def new_ffa(cli, name: str = "game.yaml") -> None:
    result = cli("new", "warzag-demo", "-o", name, "--seed", "warzag-ffa", "--option", "players=" + ",".join(SEATING))
    assert result.exit_code == 0, result.output


def example_until(cli, last: str) -> None:
    """The free-for-all example, from a new game through its orders file `last` (e.g. 'r2-italy')."""
    new_ffa(cli)
    for r in range(1, 6):
        for nation in SEATING:
            path = FFA / f"r{r}-{nation}.yaml"
            result = cli("apply", "game.yaml", path, "--in-place")
            assert result.exit_code == 0, f"{path.name}: {result.output}"
            if path.stem == last:
                return


def status(cli, *args: str) -> dict:
    result = cli("show", "game.yaml", "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


# --- games and new ----------------------------------------------------------------
def test_games_lists_the_demo_pack_labelled_as_such(cli):
    result = cli("games")
    assert result.exit_code == 0
    line = next(line for line in result.output.splitlines() if line.startswith("warzag-demo"))
    assert "DEMO" in line and "WARZAG" in line
    detail = cli("games", "warzag-demo").output.splitlines()
    assert any(line.split() == ["mode", "free_for_all", "alliances"] for line in detail)


def test_new_writes_a_private_objective_file_per_player_and_only_commitments_in_the_game(cli):
    result = cli("new", "warzag-demo", "-o", "game.yaml", "--seed", "s", "--option", "players=germany,uk,italy")
    assert result.exit_code == 0, result.output
    for nation in SEATING:
        assert f"Secret, for its player's eyes only: game.objective-{nation}.yaml" in result.output
    secrets = {n: load_yaml(cli.folder / f"game.objective-{n}.yaml").data for n in SEATING}
    pack = session.load_game(cli.folder / "game.yaml").setup
    for nation, secret in secrets.items():
        assert secret["kind"] == "warzag-objective" and secret["nation"] == nation and secret["game_seed"] == "s"
        assert secret["card"] in pack.objectives and secret["text"] == pack.objectives[secret["card"]].text
        assert len(secret["salt"]) == 32
    assert len({s["card"] for s in secrets.values()}) == 3  # three different cards
    public = (cli.folder / "game.yaml").read_text() + (cli.folder / "game.log.yaml").read_text()
    assert "obj_" not in public and not any(s["salt"] in public for s in secrets.values())
    game = session.load_game(cli.folder / "game.yaml").game
    assert all(len(p.objective) == 64 for p in game.players.values())
    # an existing file is never overwritten without --force, objective files included
    (cli.folder / "game.yaml").unlink()
    (cli.folder / "game.log.yaml").unlink()
    again = cli("new", "warzag-demo", "-o", "game.yaml", "--seed", "s", "--option", "players=germany,uk,italy")
    assert again.exit_code == 2 and "game.objective-germany.yaml exists" in again.output
    assert not (cli.folder / "game.yaml").exists()


def test_new_refuses_bad_options_with_a_clear_message(cli):
    bad = cli("new", "warzag-demo", "-o", "g.yaml", "--option", "mode=alliances", "--option", "players=germany,italy,uk,ussr")
    assert bad.exit_code == 2 and "enemy alliance on his left" in bad.output and "[WZ L142]" in bad.output
    five = cli("new", "warzag-demo", "-o", "g.yaml", "--option", "players=germany,uk,italy,ussr,germany")
    assert five.exit_code == 2 and "named twice" in five.output
    unknown = cli("new", "warzag-demo", "-o", "g.yaml", "--option", "accelerator_mode=sometimes")
    assert unknown.exit_code == 2 and "choices: extra_roll, reroll" in unknown.output
    assert not list(cli.folder.iterdir())


# --- show -----------------------------------------------------------------------------
def test_show_for_a_player_hides_the_others_supply_cards_and_shows_his_objective(cli):
    example_until(cli, "r2-italy")
    # Germany's pawn stopped on a Supply box: it draws the card and keeps it
    cli("apply", "game.yaml", write(cli, "draw.yaml", orders("germany", "draw_supply: true")), "--in-place")
    game = session.load_game(cli.folder / "game.yaml")
    [card] = game.game.players["germany"].supply
    title = game.setup.supply[card].title
    whole = cli("show", "game.yaml").output
    assert title in whole and "DEMO component pack" in whole
    uk = cli("show", "game.yaml", "--power", "uk")
    assert uk.exit_code == 0
    assert title not in uk.output and "1 card(s)" in uk.output
    assert "view of uk: other players' Objective and Supply cards are hidden" in uk.output
    secret = load_yaml(cli.folder / "game.objective-uk.yaml").data
    assert f"your objective ({secret['card']})" in uk.output and secret["text"] in uk.output
    germany_secret = load_yaml(cli.folder / "game.objective-germany.yaml").data
    assert germany_secret["card"] not in uk.output
    germany = cli("show", "game.yaml", "--power", "Germany")  # a nation's name in any case
    assert title in germany.output and f"your objective ({germany_secret['card']})" in germany.output
    # the JSON view of a player carries no other player's card ids
    view = status(cli, "--power", "uk")
    assert view["viewer"] == "uk" and view["players"]["germany"]["supply_cards"] == 1
    assert "supply" not in view["players"]["germany"] and card not in json.dumps(view)
    assert all(p["objective"] in ("secret", None) for p in view["players"].values())
    # a player's objective file that does not match the commitment is reported, not believed
    path = cli.folder / "game.objective-uk.yaml"
    path.write_text(path.read_text().replace(f"salt: {secret['salt']}", "salt: abc"))
    assert "does not match this game's commitment" in cli("show", "game.yaml", "--power", "uk").output
    assert cli("show", "game.yaml", "--power", "prussia").exit_code == 2
    sided = cli("show", "game.yaml", "--side", "axis")  # not ignored: that would show every player's cards
    assert sided.exit_code == 2 and "--power NATION shows that player's view" in sided.output and title not in sided.output


def test_show_json(cli):
    example_until(cli, "r1-italy")
    data = status(cli)
    assert (data["game"], data["pack"], data["demo_pack"], data["mode"]) == ("warzag", "warzag-demo", True, "free_for_all")
    assert (data["round"], data["power"], data["phase"], data["roll"]) == (2, "germany", "leader", 1)
    assert data["seating"] == SEATING and data["winner"] is None and data["pending"] == []
    assert data["players"]["uk"]["territories"] == ["alfa", "p2-04", "p2-05", "p2-07", "p2-08"]
    assert data["players"]["italy"]["occupies"] == ["war_industry_1"]
    assert data["armies"]["ita-arm-3"] == {"nation": "italy", "category": "armour", "hex": "p4-02", "range_left": 3}
    assert data["options"]["accelerator_mode"] == "extra_roll"


# --- template, validate, apply ----------------------------------------------------------
def test_template_is_orders_that_apply(cli):
    new_ffa(cli)
    first = cli("template", "game.yaml")
    assert first.exit_code == 0 and "these orders begin it" in first.output
    cli("apply", "game.yaml", write(cli, "begin.yaml", orders("germany")), "--in-place")
    text = cli("template", "game.yaml").output
    assert "kind: warzag-orders" in text and "power: germany" in text and "# die: 6; Leader on foxtrot" in text
    assert "annexable now: p3-01, p3-05, p3-08" in text and "- end_turn: true" in text
    head = session.load_game(cli.folder / "game.yaml").game.log.head
    assert f"based_on: {head}" in text
    write(cli, "template.yaml", text)
    assert cli("validate", "game.yaml", "template.yaml").exit_code == 0
    applied = cli("apply", "game.yaml", "template.yaml", "--in-place")
    assert applied.exit_code == 0 and "Now: round 1, uk, leader." in applied.output
    # the template was written for a state that is gone: stale
    stale = cli("apply", "game.yaml", "template.yaml", "--in-place")
    assert stale.exit_code == 1 and "they are stale" in stale.output


def test_validate_a_game_and_orders_gives_file_line_column_and_rule(cli):
    new_ffa(cli)
    write(cli, "bad.yaml", orders("germany", "annex: p3-05", "annex: p2-04"))
    result = cli("validate", "game.yaml", "bad.yaml")
    assert result.exit_code == 1
    assert re.search(r"bad\.yaml:6:12: in Phase III the Leader annexes its own hex or an adjacent one; p2-04 is "
                     r"neither \[WZ L231-L233\]", result.output), result.output
    write(cli, "typo.yaml", orders("germany", "annex: p3-5"))
    typo = cli("validate", "game.yaml", "typo.yaml")
    assert typo.exit_code == 1 and "typo.yaml:5:12: unknown hex 'p3-5'; did you mean 'p3-05'?" in typo.output
    write(cli, "shape.yaml", orders("germany", "train: infantry\n    at: foxtrot\n    count: 0"))
    shape = cli("validate", "shape.yaml")  # without the game: the shape only
    assert shape.exit_code == 1 and "shape.yaml:7:12:" in shape.output and "less than the minimum of 1" in shape.output
    write(cli, "turn.yaml", orders("uk", "annex: p2-05"))
    turn = cli("validate", "game.yaml", "turn.yaml")
    assert turn.exit_code == 1 and "it is germany's turn" in turn.output
    write(cli, "good.yaml", orders("germany", "annex: p3-05", "end_turn: true"))
    assert cli("validate", "game.yaml", "good.yaml").exit_code == 0


def test_apply_is_all_or_nothing(cli):
    new_ffa(cli)
    before = cli.snapshot()
    # the third action is illegal (p2-04 is far from Germany's Leader): nothing is written
    write(cli, "third.yaml", orders("germany", "annex: p3-05", "annex: p3-01", "annex: p2-04",
                                    "train: infantry\n    at: foxtrot", "end_turn: true"))
    result = cli("apply", "game.yaml", "third.yaml", "--in-place")
    assert result.exit_code == 1 and "third.yaml:7:12:" in result.output and "[WZ L231-L233]" in result.output
    after = cli.snapshot()
    assert {k: after[k] for k in before} == before
    # two documents, the second illegal: the first is not applied either
    write(cli, "one.yaml", orders("germany", "annex: p3-05"))
    write(cli, "two.yaml", orders("germany", "annex: p3-05"))  # already Germany's
    both = cli("apply", "game.yaml", "one.yaml", "two.yaml", "--in-place")
    assert both.exit_code == 1 and "p3-05 is already germany's" in both.output
    assert {k: cli.snapshot()[k] for k in before} == before
    # more than the treasury: refused with the rule, nothing written
    write(cli, "poor.yaml", orders("germany", "train: aviation\n    at: foxtrot\n    count: 3"))
    poor = cli("apply", "game.yaml", "poor.yaml", "--in-place")
    assert poor.exit_code == 1 and "training 3 aviation costs 18 PP, but germany has 15 PP and 15 PC" in poor.output
    assert {k: cli.snapshot()[k] for k in before} == before
    assert cli("replay", "game.yaml").exit_code == 0


# --- replay, claims, undo -------------------------------------------------------------------
def test_replay_detects_an_edited_game_file(cli):
    example_until(cli, "r1-italy")
    assert "replay of 3 log entries matches the game" in cli("replay", "game.yaml").output
    cli.edit("game.yaml", "pp: 13", "pp: 63")
    result = cli("replay", "game.yaml")
    assert result.exit_code == 1 and "differs from the replayed game" in result.output and "pp" in result.output


def test_replay_detects_an_edited_log_and_a_forged_commitment(cli):
    example_until(cli, "r1-uk")
    shutil.copy(cli.folder / "game.log.yaml", cli.folder / "saved.log.yaml")
    cli.edit("game.log.yaml", '"annex": "p2-07"', '"annex": "p2-06"')
    edited = cli("replay", "game.yaml")
    assert edited.exit_code == 1
    shutil.copy(cli.folder / "saved.log.yaml", cli.folder / "game.log.yaml")
    # a commitment changed in the game file, to claim a card of one's choice with a salt of one's choice: every
    # command compares the commitments with the log's start and refuses the game; replay says where it differs
    commitment = session.load_game(cli.folder / "game.yaml").game.players["uk"].objective
    cli.edit("game.yaml", commitment, objectives.commitment("warzag-ffa", "uk", "obj_alfa", "chosen"))
    before = cli.snapshot()
    claim = cli("apply", "game.yaml", write(cli, "forged.yaml", orders("uk", "claim_objective: obj_alfa\n    salt: chosen")),
                "--in-place")
    assert claim.exit_code == 1 and "a commitment to a secret card differs" in claim.output, claim.output
    assert {k: v for k, v in cli.snapshot().items() if k != "forged.yaml"} == before
    forged = cli("replay", "game.yaml")
    assert forged.exit_code == 1 and "players.uk.objective" in forged.output, forged.output


def test_a_claim_with_the_wrong_salt_or_card_is_refused(cli):
    example_until(cli, "r1-italy")
    secret = load_yaml(cli.folder / "game.objective-uk.yaml").data
    before = cli.snapshot()
    write(cli, "salt.yaml", orders("uk", f"claim_objective: {secret['card']}\n    salt: {'f' * 32}"))
    salt = cli("apply", "game.yaml", "salt.yaml", "--in-place")
    assert salt.exit_code == 1
    assert f"card {secret['card']} with that salt is not the card dealt to uk" in salt.output and "[WZ L128]" in salt.output
    other = "obj_alfa" if secret["card"] != "obj_alfa" else "obj_bravo"
    write(cli, "card.yaml", orders("uk", f"claim_objective: {other}\n    salt: {secret['salt']}"))
    card = cli("apply", "game.yaml", "card.yaml", "--in-place")
    assert card.exit_code == 1 and "does not match the commitment" in card.output
    write(cli, "nocard.yaml", orders("uk", f"claim_objective: obj_zulu\n    salt: {secret['salt']}"))
    assert "unknown Objective card 'obj_zulu'" in cli("apply", "game.yaml", "nocard.yaml", "--in-place").output
    # the true card and salt: refused only because the objective is not complete yet (the UK is small)
    write(cli, "true.yaml", orders("uk", f"claim_objective: {secret['card']}\n    salt: {secret['salt']}"))
    honest = cli("apply", "game.yaml", "true.yaml", "--in-place")
    assert honest.exit_code == 1 and "is not complete: still to" in honest.output and "[WZ L443]" in honest.output
    assert {k: cli.snapshot()[k] for k in before} == before


def test_undo_takes_back_the_last_orders(cli):
    example_until(cli, "r1-uk")
    after_uk = session.load_game(cli.folder / "game.yaml").game
    cli("apply", "game.yaml", FFA / "r1-italy.yaml", "--in-place")
    result = cli("undo", "game.yaml")
    assert result.exit_code == 0, result.output
    assert "undoes entry 3" in result.output and "Now: round 1, italy" in result.output
    undone = session.load_game(cli.folder / "game.yaml").game
    assert undone.model_dump(exclude={"log"}) == after_uk.model_dump(exclude={"log"})
    assert undone.log.entries == 4  # the undo is a log entry: the log keeps everything
    assert "replay of 4 log entries matches the game" in cli("replay", "game.yaml").output
    # the same orders apply again, with the same dice
    again = cli("apply", "game.yaml", FFA / "r1-italy.yaml", "--in-place")
    assert again.exit_code == 0 and "germany rolls 1" in again.output
    assert cli("undo", "game.yaml").exit_code == 0
    assert cli("undo", "game.yaml").exit_code == 0
    assert cli("undo", "game.yaml").exit_code == 0  # back to the new game: nothing left to undo
    nothing = cli("undo", "game.yaml")
    assert nothing.exit_code == 2 and "nothing to undo" in nothing.output


def test_commit_fair_dice_on_a_warzag_game(cli):
    """Fair dice work on WARZAG games (tests/e2e/test_warzag_fair_dice.py plays one): the commands answer
    clearly, without a traceback, also for a nation that does not play."""
    new_ffa(cli)
    done = cli("commit", "game.yaml", "--secret", "a.secret.yaml", "--player", "alice", "--powers", "germany")
    assert done.exit_code == 0 and "alice commits to fair dice for germany" in done.output
    assert "Waiting for commitments for: uk, italy" in done.output
    absent = cli("commit", "game.yaml", "--secret", "b.secret.yaml", "--player", "bob", "--powers", "ussr")
    assert absent.exit_code == 2 and "ussr does not play in this game" in absent.output
    blocked = cli("apply", "game.yaml", write(cli, "begin.yaml", orders("germany")), "--in-place")
    assert blocked.exit_code == 1 and "every player runs 'aa-ref commit' before play goes on" in blocked.output


# --- a user's own pack --------------------------------------------------------------------
def own_pack(cli) -> Path:
    """The demo pack copied as a user's transcription of his copy: another id, not a demo, other yields."""
    folder = cli.folder / "packs"
    folder.mkdir()
    text = DEMO.read_text().replace("id: warzag-demo", "id: my-copy").replace("demo: true", "demo: false")
    text = text.replace("  territory: {pp: 1, pc: 1}", "  territory: {pp: 2, pc: 1}")
    path = folder / "my-pack.yaml"
    path.write_text(text)
    return path


def test_a_users_own_pack_file_starts_a_game_that_loads_and_replays_elsewhere(cli):
    pack = own_pack(cli)
    valid = cli("validate", "packs/my-pack.yaml")
    assert valid.exit_code == 0 and "valid warzag-pack" in valid.output
    (cli.folder / "games").mkdir()
    made = cli("new", "packs/my-pack.yaml", "-o", "games/g.yaml", "--seed", "mine", "--option", "players=germany,uk")
    assert made.exit_code == 0, made.output
    assert (cli.folder / "games" / "g.objective-uk.yaml").exists()
    shown = cli("show", "games/g.yaml")
    assert shown.exit_code == 0 and "(DEMO component pack" not in shown.output
    data = json.loads(cli("show", "games/g.yaml", "--json").output)
    assert data["pack"] == "my-copy" and data["demo_pack"] is False
    assert data["players"]["germany"]["pp"] == 30  # two players: 30 PP and 30 PC each [WZ L132]
    write(cli, "begin.yaml", orders("germany", "end_turn: true"))
    (cli.folder / "other" / "dir").mkdir(parents=True)
    moved = cli("apply", "games/g.yaml", "begin.yaml", "-o", "other/dir/g2.yaml")
    assert moved.exit_code == 0, moved.output
    for game in ("games/g.yaml", "other/dir/g2.yaml"):
        replayed = cli("replay", game)
        assert replayed.exit_code == 0 and "matches the game" in replayed.output, replayed.output
    assert cli("show", "other/dir/g2.yaml").exit_code == 0
    # the new game names its log beside it, and a copy of the pack in its own folder (a game folder holds all)
    g2 = session.load_game(cli.folder / "other" / "dir" / "g2.yaml")
    assert g2.setup.id == "my-copy" and g2.log_path == cli.folder / "other" / "dir" / "g2.log.yaml"
    copy = (cli.folder / "other" / "dir" / "my-pack.yaml").read_text()
    assert g2.game.setup == "my-pack.yaml" and copy == pack.read_text().split("\n", 1)[1]  # less its editor line
    # the yields of the user's pack are the ones collected: 2 PP per territory in his copy
    germany = session.load_game(cli.folder / "games" / "g.yaml").game.players["germany"]
    assert germany.pp == 30


def test_a_pack_edited_after_the_game_began_is_reported(cli, monkeypatch):
    import aa_ref.core.setups

    pack = own_pack(cli)
    assert cli("new", "packs/my-pack.yaml", "-o", "g.yaml", "--seed", "mine").exit_code == 0
    write(cli, "begin.yaml", orders("germany"))
    assert cli("apply", "g.yaml", "begin.yaml", "--in-place").exit_code == 0
    # a comment changes no value: still the same pack
    # each command is a new process for a user: here the pack is read again by emptying the process's cache
    monkeypatch.setattr(aa_ref.core.setups, "_CACHE", {})
    pack.write_text(pack.read_text() + "# transcribed from my copy\n")
    assert cli("show", "g.yaml").exit_code == 0
    monkeypatch.setattr(aa_ref.core.setups, "_CACHE", {})
    pack.write_text(pack.read_text().replace("  territory: {pp: 2, pc: 1}", "  territory: {pp: 3, pc: 1}"))
    for command in (("show", "g.yaml"), ("replay", "g.yaml"), ("validate", "g.yaml"),
                    ("apply", "g.yaml", "begin.yaml", "--in-place"), ("template", "g.yaml")):
        result = cli(*command)
        assert result.exit_code == 1, (command, result.output)
        assert "the component pack" in result.output and "has changed since this game began" in result.output


def test_a_broken_pack_is_refused_by_validate_and_new(cli):
    folder = cli.folder / "packs"
    folder.mkdir()
    (folder / "bad.yaml").write_text(DEMO.read_text().replace("special: [D, D, R, R, T, T]", "special: [D, D, R, R, T, X]"))
    result = cli("validate", "packs/bad.yaml")
    assert result.exit_code == 1 and "packs/bad.yaml:" in result.output
    made = cli("new", "packs/bad.yaml", "-o", "g.yaml")
    assert made.exit_code in (1, 2) and not (cli.folder / "g.yaml").exists()


# --- the Axis & Allies commands on a WARZAG game -----------------------------------------------
@pytest.mark.parametrize("command", ["report", "diff", "check", "log"])
def test_other_commands_answer_cleanly_on_a_warzag_game(cli, command):
    example_until(cli, "r1-italy")
    shutil.copy(cli.folder / "game.yaml", cli.folder / "before.yaml")
    shutil.copy(cli.folder / "game.log.yaml", cli.folder / "before.log.yaml")
    cli("apply", "game.yaml", FFA / "r2-germany.yaml", "--in-place")
    args = {"report": ("report", "game.yaml"), "diff": ("diff", "before.yaml", "game.yaml"),
            "check": ("check", "game.yaml", str(FFA / "r2-uk.yaml")), "log": ("log", "game.yaml", "--round", "2")}[command]
    result = cli(*args)  # the runner re-raises any exception: a traceback fails the test
    if command == "report":
        assert result.exit_code == 0 and "## germany" in result.output and ": round 2" in result.output
    elif command == "diff":
        assert result.exit_code == 2 and "aa-ref show --json" in result.output
    elif command == "check":
        assert result.exit_code == 0 and "r2-uk.yaml: legal" in result.output
    else:
        assert result.exit_code == 0 and "germany annexes p3-05 (by the Leader)" in result.output
        assert "dice r2/uk/t2/standard: 3 (seeded)" in result.output and "round 1" not in result.output


def test_check_reports_illegal_orders_without_writing(cli):
    example_until(cli, "r1-italy")
    before = cli.snapshot()
    write(cli, "bad.yaml", orders("germany", "leader: [p3-05, p3-06, p3-07]"))
    result = cli("check", "game.yaml", "bad.yaml")
    assert result.exit_code == 1 and "the Leader may move through 1 to 2 territories" in result.output
    assert "[WZ L183]" in result.output
    assert {k: cli.snapshot()[k] for k in before} == before
