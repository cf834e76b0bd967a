"""Versioned, fingerprinted saves (docs/compatibility.md): the log's start records the aa-ref, the schema and
rules versions and the setup's fingerprint that began a game; the hash chain covers them; a setup changed under a
game is refused; a replay that diverges under other rules says what changed; a document of another
schema_version is refused with the version found and the one read; `show` says what began the game."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import aa_ref.core.setups
from aa_ref import __version__
from aa_ref.core import session
from aa_ref.core.auditlog import Log, LogStart, MadeBy, make_entry, start_hash
from aa_ref.core.documents import SCHEMA_VERSION
from aa_ref.core.setups import SETUPS_DIR, resolve_setup_data
from aa_ref.core.yamlio import atomic_write_many, load_yaml
from aa_ref.games.axis_allies.rules import income
from aa_ref.games.axis_allies.rules.ruleset import AA1941

ROOT = Path(__file__).resolve().parents[2]
ROUND_1 = ROOT / "examples" / "aa1941" / "round-1"
UNVERSIONED = ROOT / "tests" / "data" / "compat" / "v0.1.0-unversioned-aa1941"
RULES = AA1941.rules_version
"""1941's rules version now; the tests below raise it to NEXT as a later aa-ref would."""
NEXT = RULES + 1


def canonical_sha256(data: Any) -> str:
    """The fingerprint as docs/compatibility.md defines it, computed here independently of aa-ref."""
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def rechain(game_path: Path, edit: Callable[[dict[str, Any]], None]) -> None:
    """Rewrite a game's log start with `edit` and chain every entry (and the game's head) again, as a later aa-ref
    writing other fields, or a forger who knows the chain, would: the chain then verifies."""
    loaded = session.load_game(game_path, check_head=False)
    start = loaded.log.start.model_dump(mode="json")
    edit(start)
    log = Log(kind="log", schema_version=1, start=LogStart.model_validate(start))
    for old in loaded.log.entries:
        log = log.model_copy(update={"entries": [*log.entries, make_entry(
            log, old.round, old.power, old.phase, old.input, old.events)]})
    game = loaded.game
    game.log.head = log.head
    atomic_write_many({str(game_path): session.game_text(game, loaded.doc),
                       str(loaded.log_path): session.log_text(log)})


def played(cli, *orders: str) -> None:
    """A 1941 game (seed e2e, from the `game` fixture) with the example's orders files applied."""
    for name in orders:
        result = cli("apply", "game.yaml", ROUND_1 / name, "--in-place")
        assert result.exit_code == 0, result.output


def located(output: str, name: str) -> list[str]:
    """Lines of `output` located at `name:line:column:`."""
    return [line for line in output.splitlines() if line.startswith(name + ":") and line.split(":")[1].isdigit()
            and line.split(":")[2].isdigit()]


# --- the log's start --------------------------------------------------------------
def test_a_start_without_the_new_fields_keeps_the_hash_it_had_before_them():
    # Both hashes were computed by aa-ref before versioned saves.
    assert start_hash(LogStart(setup="aa1941", seed="s")) == "94d084bb53685dfec57f7a87bdd1e10c"
    assert start_hash(LogStart(setup="warzag-demo", seed="s", options={"mode": "free_for_all"},
                               commitments={"a": "b"})) == "4bf86f56f5c5e94f0eb78e317ad0741e"


def test_every_new_field_is_covered_by_the_hash():
    made = MadeBy(aa_ref="0.1.0", schema_version=1, ruleset="aa1941", rules_version=1)
    start = LogStart(setup="aa1941", seed="s", made_by=made, setup_sha256="0" * 64)
    base = start_hash(start)
    assert base != start_hash(LogStart(setup="aa1941", seed="s"))
    for update in ({"aa_ref": "0.2.0"}, {"schema_version": 2}, {"ruleset": "anniversary"}, {"rules_version": 2}):
        assert start_hash(start.model_copy(update={"made_by": made.model_copy(update=update)})) != base, update
    assert start_hash(start.model_copy(update={"setup_sha256": "1" * 64})) != base
    assert start_hash(start.model_copy(update={"made_by": None})) != base


@pytest.mark.parametrize("scenario", ["aa1941", "anniversary-1942", "global1940"])
def test_new_records_the_version_rules_and_setup_fingerprint(tmp_path, scenario):
    game = session.new_game(scenario, tmp_path / "g.yaml", seed="v")
    log = session.load_game(tmp_path / "g.yaml").log
    ruleset = session.ruleset_for(session.load_setup(scenario))
    assert log.start.made_by == MadeBy(aa_ref=__version__, schema_version=SCHEMA_VERSION, ruleset=ruleset.id,
                                       rules_version=ruleset.rules_version)
    merged = resolve_setup_data(load_yaml(SETUPS_DIR / f"{scenario}.yaml").data)
    assert merged.pop("layout")  # the board's coordinates decide nothing: no part of the fingerprint
    assert log.start.setup_sha256 == canonical_sha256(merged)
    assert game.log.head == start_hash(log.start) == log.head
    written = (tmp_path / "g.log.yaml").read_text()
    assert f'"made_by": {{"aa_ref": "{__version__}"' in written and log.start.setup_sha256 in written


def test_the_fingerprint_follows_the_setup_it_extends_and_ignores_comments(tmp_path, monkeypatch):
    parent = aa_ref.core.setups.setup_sha256("anniversary-1941")
    child = aa_ref.core.setups.setup_sha256("anniversary-1942")
    assert parent != child
    own = tmp_path / "own.yaml"
    text = (SETUPS_DIR / "anniversary-1942.yaml").read_text()
    own.write_text("# my copy\n" + text)
    assert aa_ref.core.setups.setup_sha256(str(own)) == child
    monkeypatch.setattr(aa_ref.core.setups, "_CACHE", {})
    own.write_text(text.replace("id: anniversary-1942", "id: my-1942", 1))
    assert aa_ref.core.setups.setup_sha256(str(own)) != child


def test_a_game_begun_before_versioned_saves_keeps_its_log_as_it_was(cli, tmp_path):
    for name in ("game.yaml", "game.log.yaml"):
        (cli.folder / name).write_text((UNVERSIONED / name).read_text())
    played(cli, "06-germany-purchase.yaml")
    log = json.loads((cli.folder / "game.log.yaml").read_text())  # written with no editor line: plain JSON
    assert "made_by" not in log["start"] and "setup_sha256" not in log["start"]
    assert log["entries"][0]["prev"] == json.loads((UNVERSIONED / "game.log.yaml").read_text())["entries"][0]["prev"]
    result = cli("replay", "game.yaml")
    assert result.exit_code == 0, result.output


# --- a log whose new fields are edited ---------------------------------------------
@pytest.mark.parametrize(("old", "new"), [
    (f'"aa_ref": "{__version__}"', '"aa_ref": "0.0.9"'),
    (f'"rules_version": {RULES}', f'"rules_version": {NEXT}'),
    ('"schema_version": 1, "ruleset"', '"schema_version": 2, "ruleset"'),
])
def test_an_edited_made_by_is_caught_by_every_command(cli, game, old, new):
    played(cli, "01-ussr-purchase.yaml")
    cli.edit("game.log.yaml", old, new)
    for command in (("show", "game.yaml"), ("apply", "game.yaml", ROUND_1 / "02-ussr-combat-move.yaml", "--dry-run"),
                    ("template", "game.yaml")):
        result = cli(*command)
        assert result.exit_code == 1, (command, result.output)
        assert "entry 1 does not follow the log's start" in result.output
        assert located(result.output, "game.log.yaml"), result.output
    result = cli("replay", "game.yaml")
    assert result.exit_code == 1 and "entry 1 does not follow the log's start" in result.output


def test_an_edited_fingerprint_or_a_removed_made_by_is_caught_in_a_log_without_entries(cli, game):
    text = (cli.folder / "game.log.yaml").read_text()
    made = text[text.index('"made_by"'):text.index("}", text.index('"made_by"')) + 1]
    for old, new in ((made + ", ", ""), ('"setup_sha256": "8', '"setup_sha256": "9')):
        (cli.folder / "game.log.yaml").write_text(text)
        cli.edit("game.log.yaml", old, new)
        result = cli("show", "game.yaml")
        assert result.exit_code == 1 and "the game's log head is" in result.output, result.output


# --- a setup changed under a game ----------------------------------------------------
def own_setup(cli) -> Path:
    """The 1941 setup copied as a user's own file."""
    path = cli.folder / "my-1941.yaml"
    path.write_text((SETUPS_DIR / "aa1941.yaml").read_text())
    return path


def test_a_users_setup_file_changed_since_the_game_began_is_refused_by_every_command(cli, monkeypatch):
    setup = own_setup(cli)
    assert cli("new", "my-1941.yaml", "-o", "game.yaml", "--seed", "own").exit_code == 0
    played(cli, "01-ussr-purchase.yaml")
    monkeypatch.setattr(aa_ref.core.setups, "_CACHE", {})  # each command is a new process for a user
    setup.write_text(setup.read_text() + "# a comment changes no value\n")
    assert cli("show", "game.yaml").exit_code == 0 and cli("replay", "game.yaml").exit_code == 0
    monkeypatch.setattr(aa_ref.core.setups, "_CACHE", {})
    text = setup.read_text()
    karelia = "  Karelia:\n    kind: land\n    value: 1\n"
    assert text.count(karelia) == 1
    setup.write_text(text.replace(karelia, karelia.replace("value: 1", "value: 2")))
    before = cli.snapshot()
    for command in (("show", "game.yaml"), ("replay", "game.yaml"), ("validate", "game.yaml"),
                    ("template", "game.yaml"), ("undo", "game.yaml"),
                    ("apply", "game.yaml", ROUND_1 / "02-ussr-combat-move.yaml", "--in-place")):
        result = cli(*command)
        assert result.exit_code == 1, (command, result.output)
        lines = located(result.output, "game.log.yaml")
        assert lines and "the setup file 'my-1941.yaml' has changed since this game began" in lines[0], result.output
        assert "restore the setup the game was begun with" in lines[0]
    assert cli.snapshot() == before


def test_a_shipped_setup_other_than_the_one_the_game_began_with_is_refused(cli, game):
    played(cli, "01-ussr-purchase.yaml")
    rechain(cli.folder / "game.yaml", lambda start: start.update(setup_sha256="ab" * 32))
    for command in (("show", "game.yaml"), ("replay", "game.yaml")):
        result = cli(*command)
        assert result.exit_code == 1, result.output
        lines = located(result.output, "game.log.yaml")
        assert lines and "the setup 'aa1941' has changed since this game began (sha256 abababababab... when" in lines[0]
        assert f"this aa-ref {__version__} ships another 'aa1941' than the aa-ref that began the game" in lines[0]


def test_a_game_naming_another_shipped_setup_than_its_log_is_refused(cli, game):
    cli.edit("game.yaml", "setup: aa1941", "setup: anniversary-1941")
    result = cli("show", "game.yaml")
    assert result.exit_code == 1 and located(result.output, "game.yaml"), result.output
    assert "the game names the setup 'anniversary-1941' but its log began with 'aa1941'" in result.output


# --- another rules version --------------------------------------------------------------
def next_rules_version(monkeypatch, change_a_rule: bool) -> None:
    """This aa-ref as if 1941's adjudication had changed: rules version NEXT, and (if `change_a_rule`) a power
    collecting one IPC more."""
    monkeypatch.setattr(AA1941, "rules_version", NEXT)
    monkeypatch.setattr(AA1941, "rules_changes", {**AA1941.rules_changes, NEXT: "a power collects one IPC more"})
    if change_a_rule:
        production = income.production
        monkeypatch.setattr(income, "production", lambda board, power: production(board, power) + 1)


def test_a_game_replays_under_a_new_rules_version_while_the_rules_it_meets_are_unchanged(cli, game, monkeypatch):
    played(cli, "01-ussr-purchase.yaml", "02-ussr-combat-move.yaml", "03-ussr-combat.yaml",
           "04-ussr-noncombat-move.yaml", "05-ussr-mobilize.yaml")
    next_rules_version(monkeypatch, change_a_rule=False)
    result = cli("replay", "game.yaml")
    assert result.exit_code == 0, result.output


def test_a_divergence_under_a_new_rules_version_says_what_changed(cli, game, monkeypatch):
    played(cli, "01-ussr-purchase.yaml", "02-ussr-combat-move.yaml", "03-ussr-combat.yaml",
           "04-ussr-noncombat-move.yaml", "05-ussr-mobilize.yaml")
    next_rules_version(monkeypatch, change_a_rule=True)
    result = cli("replay", "game.yaml")
    assert result.exit_code == 1
    assert "replay diverges: entry 5, event 5: the log says {type: treasury, power: USSR, delta: 8" in result.output
    assert (f"This game was begun with aa-ref {__version__} (rules version {RULES} of aa1941); this aa-ref "
            f"{__version__} has rules version {NEXT} of aa1941, which changed: {NEXT}: a power collects one IPC "
            "more") in result.output
    undo = cli("undo", "game.yaml")
    assert undo.exit_code == 1 and f"which changed: {NEXT}: a power collects one IPC more" in undo.output


def test_a_divergence_of_a_game_that_recorded_no_rules_version(monkeypatch):
    next_rules_version(monkeypatch, change_a_rule=True)
    report = session.replay(UNVERSIONED / "game.yaml")
    assert report.divergence is not None and report.divergence.startswith("entry 5, event 5:")
    assert ("This game was begun with an aa-ref that recorded no version (rules version 1 of aa1941 or earlier); "
            f"this aa-ref {__version__} has rules version {NEXT} of aa1941, which changed: 2: ") in report.divergence
    assert f"; {NEXT}: a power collects one IPC more" in report.divergence  # every change since version 1


def test_a_divergence_with_the_same_rules_version_is_not_explained_by_rules(cli, game, monkeypatch):
    played(cli, "01-ussr-purchase.yaml", "02-ussr-combat-move.yaml", "03-ussr-combat.yaml",
           "04-ussr-noncombat-move.yaml", "05-ussr-mobilize.yaml")
    production = income.production
    monkeypatch.setattr(income, "production", lambda board, power: production(board, power) + 1)
    result = cli("replay", "game.yaml")
    assert result.exit_code == 1 and "entry 5, event 5" in result.output and "begun with" not in result.output


def test_a_game_begun_with_newer_rules_is_not_played_on_but_replays(cli, game):
    played(cli, "01-ussr-purchase.yaml")
    rechain(cli.folder / "game.yaml", lambda start: start["made_by"].update(aa_ref="0.9.0", rules_version=7))
    before = cli.snapshot()
    result = cli("apply", "game.yaml", ROUND_1 / "02-ussr-combat-move.yaml", "--in-place")
    assert result.exit_code == 1 and cli.snapshot() == before
    lines = located(result.output, "game.log.yaml")
    assert lines and (f"this game was begun with aa-ref 0.9.0 (rules version 7 of aa1941); this aa-ref {__version__} "
                      f"has rules version {RULES} of aa1941, older: install aa-ref 0.9.0 or later") in lines[0]
    assert cli("show", "game.yaml").exit_code == 0
    assert cli("replay", "game.yaml").exit_code == 0  # try, then explain: the rules it met replay the same


def test_a_log_a_newer_aa_ref_wrote_with_fields_this_one_does_not_know_says_so(cli, game):
    played(cli, "01-ussr-purchase.yaml")
    path = cli.folder / "game.log.yaml"
    text = path.read_text().replace(f'"aa_ref": "{__version__}"', '"aa_ref": "9.0.0"')
    path.write_text(text.replace('"setup": "aa1941"', '"setup": "aa1941", "rules_sha256": "00"', 1))
    for command in (("show", "game.yaml"), ("replay", "game.yaml")):
        result = cli(*command)
        assert result.exit_code == 1, result.output
        lines = located(result.output, "game.log.yaml")
        assert (f"this game was begun with aa-ref 9.0.0, newer than this aa-ref {__version__}, and holds what this "
                "one cannot read: install aa-ref 9.0.0 or later") in lines[0]
        assert "unknown key 'rules_sha256'" in lines[1]
    # the game file too, when a newer aa-ref wrote a key this one does not know
    path.write_text(text)
    cli.edit("game.yaml", "seed: e2e", "seed: e2e\nclock: {}")
    result = cli("show", "game.yaml")
    assert result.exit_code == 1
    assert "begun with aa-ref 9.0.0, newer than this aa-ref" in located(result.output, "game.yaml")[0]


def test_a_log_an_older_aa_ref_wrote_is_not_said_to_be_newer(cli, game):
    cli.edit("game.yaml", "seed: e2e", "seed: e2e\nclock: {}")
    result = cli("show", "game.yaml")
    assert result.exit_code == 1 and "unknown key 'clock'" in result.output and "newer" not in result.output


def test_version_order():
    assert session.version_newer("0.10.0", "0.9.1") and session.version_newer("1.0", "0.9.9")
    assert not session.version_newer("0.1.0", "0.1.0") and not session.version_newer("0.0.9", "0.1.0")


# --- every ruleset's rules version --------------------------------------------------------
@pytest.mark.parametrize("ruleset_id", sorted(session.RULESETS))
def test_every_ruleset_has_its_own_rules_version_and_a_change_for_each(ruleset_id):
    module, name = session.RULESETS[ruleset_id]
    cls = getattr(__import__(module, fromlist=[name]), name)
    # its own, not inherited: an edition's adjudication changes independently of the edition it extends
    assert "rules_version" in vars(cls) and "rules_changes" in vars(cls)
    assert cls.id == ruleset_id
    assert sorted(cls.rules_changes) == list(range(1, cls.rules_version + 1))
    assert all(text.strip() for text in cls.rules_changes.values())


def test_the_compatibility_doc_lists_every_rulesets_current_rules_version():
    text = (ROOT / "docs" / "compatibility.md").read_text()
    for ruleset_id, (module, name) in session.RULESETS.items():
        cls = getattr(__import__(module, fromlist=[name]), name)
        assert f"| `{ruleset_id}` | {cls.rules_version} |" in text, ruleset_id


# --- another schema_version ------------------------------------------------------------------
@pytest.mark.parametrize(("version", "expected"), [
    (2, ("this orders file has schema_version 2, written by a newer aa-ref; this aa-ref {v} reads orders files of "
         "schema_version 1: upgrade aa-ref")),
    (0, ("this orders file has schema_version 0, older than any this aa-ref reads; this aa-ref {v} reads orders files "
         "of schema_version 1 and has no migration from 0")),
])
def test_a_document_of_another_schema_version_is_refused_with_both_versions(cli, game, version, expected):
    (cli.folder / "o.yaml").write_text(f"kind: orders\nschema_version: {version}\nround: 1\npower: USSR\n"
                                       "phase: purchase\npurchase: {infantry: 1}\n")
    for command in (("apply", "game.yaml", "o.yaml", "--dry-run"), ("validate", "o.yaml")):
        result = cli(*command)
        assert result.exit_code == 1
        assert f"o.yaml:2:17: {expected.format(v=__version__)}" in result.output, result.output


def test_a_log_of_another_schema_version_is_refused(cli, game):
    cli.edit("game.log.yaml", '"schema_version": 1,\n', '"schema_version": 3,\n')
    result = cli("show", "game.yaml")
    assert result.exit_code == 1 and "this log file has schema_version 3, written by a newer aa-ref" in result.output


# --- show ---------------------------------------------------------------------------------------
def test_show_says_what_began_an_aa_game_and_that_an_old_one_recorded_nothing(cli, game):
    fingerprint = aa_ref.core.setups.setup_sha256("aa1941")
    line = (f"Made by aa-ref {__version__}, rules aa1941/{AA1941.rules_version}, schema 1, "
            f"setup sha256 {fingerprint[:12]}...")
    assert cli("show", "game.yaml").output.splitlines()[1] == line
    data = json.loads(cli("show", "game.yaml", "--json").output)
    assert data["made_by"] == {"aa_ref": __version__, "schema_version": 1, "ruleset": "aa1941",
                               "rules_version": AA1941.rules_version, "setup_sha256": fingerprint}
    assert line in cli("log", "game.yaml").output
    old = cli("show", UNVERSIONED / "game.yaml")
    assert old.exit_code == 0 and "Made by an aa-ref that recorded no version" in old.output
    assert json.loads(cli("show", UNVERSIONED / "game.yaml", "--json").output)["made_by"] is None


def test_show_says_what_began_a_warzag_game(cli):
    result = cli("new", "warzag-demo", "-o", "game.yaml", "--seed", "w", "--option", "players=germany,uk,italy")
    assert result.exit_code == 0, result.output
    line = f"Made by aa-ref {__version__}, rules warzag/1, schema 1, setup sha256 "
    assert line in cli("show", "game.yaml").output
    assert line in cli("show", "game.yaml", "--power", "uk").output
    data = json.loads(cli("show", "game.yaml", "--json").output)
    assert data["made_by"]["ruleset"] == "warzag"
    assert data["made_by"]["setup_sha256"] == aa_ref.core.setups.setup_sha256("warzag-demo")


def test_show_says_what_began_a_blocks_in_the_west_game(cli):
    assert cli("new", "bitw-demo", "-o", "game.yaml", "--seed", "b").exit_code == 0
    from aa_ref.games.blocks_in_the_west.ruleset import Bitw

    line = f"Made by aa-ref {__version__}, rules bitw/{Bitw.rules_version}, schema 1, setup sha256 "
    for side in ((), ("--side", "axis")):
        assert line in cli("show", "game.yaml", *side).output
        data = json.loads(cli("show", "game.yaml", "--json", *side).output)
        assert data["made_by"]["ruleset"] == "bitw" and data["made_by"]["aa_ref"] == __version__
