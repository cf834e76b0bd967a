"""The library API behind every command: new, load, apply, replay, validate, template.

The CLI only parses arguments and prints; tests call these functions directly. Every
function either completes or raises an `AaRefError` having written nothing (but for a write
that a full disk stopped after its first rename, which the next command finishes: a game's
files are written through `core.journal`, so that a crash leaves them whole too).
"""

from __future__ import annotations

import importlib
import json
import os
import secrets
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aa_ref import __version__
from aa_ref.core import fairdice, journal
from aa_ref.core.auditlog import (
    Log,
    LogStart,
    MadeBy,
    chain_problems,
    entry_data,
    make_entry,
    start_data,
    state_digest,
)
from aa_ref.core.copies import deep_copy
from aa_ref.core.dice import AskedDice, SeededDice, TableDice, Volley, table_dice
from aa_ref.core.names import NameIndex
from aa_ref.core.documents import (
    GAME_KINDS,
    ORDERS_KINDS,
    PRIVATE_KINDS,
    SCHEMA_VERSION,
    SETUP_KINDS,
    document_kind,
    parse_model,
)
from aa_ref.core.edits import EDIT, EditError, apply_changes, change_notes, is_edit, steps
from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import AaRefError, IllegalOrders, InvalidInput, Problem, RecoveryNotice, UsageError
from aa_ref.core.events import EventError, Note, dump_events
from aa_ref.core.fairdice import RevealPool, RevealsNeeded, fair_dice_for, reveals_needed_text, settle_reveals
from aa_ref.core.journal import write_game_files
from aa_ref.core.lock import locks_game, writing
from aa_ref.core.setups import changed_setup_text, load_setup, parse_setup, scenario_path, setup_paths, setup_sha256
from aa_ref.core.yamlio import (
    Document,
    atomic_write_many,
    dump_json_style,
    dump_styled,
    dump_yaml,
    load_yaml,
    merge_into,
    parse_yaml,
    refuse_existing,
    styled,
    warn_if_shared,
    with_editor_line,
)

Game = Any
"""A game document of any game: an A&A game, a WARZAG game, a Blocks in the West game."""
Setup = Any
"""A game's definition: an A&A setup, a WARZAG component pack, a Blocks in the West scenario."""

RULESETS = {
    "aa1941": ("aa_ref.games.axis_allies.rules.ruleset", "AA1941"),
    "anniversary": ("aa_ref.games.axis_allies.anniversary.ruleset", "Anniversary"),
    "global1940": ("aa_ref.games.axis_allies.global1940.ruleset", "Global1940"),
    "warzag": ("aa_ref.games.warzag.ruleset", "Warzag"),
    "bitw": ("aa_ref.games.blocks_in_the_west.ruleset", "Bitw"),
}
"""Ruleset id -> (module, class); a module is imported only when a game needs it."""

def ruleset_for(setup: Setup) -> Any:
    """The rules engine a setup names."""
    if setup.ruleset not in RULESETS:
        raise UsageError(f"setup '{setup.id}' names ruleset '{setup.ruleset}', which aa-ref does not have")
    module, name = RULESETS[setup.ruleset]
    return getattr(importlib.import_module(module), name)()


def log_path_for(game_path: Path) -> Path:
    """`GAME.log.yaml` beside `GAME.yaml`."""
    stem = game_path.name[:-5] if game_path.name.endswith(".yaml") else game_path.name
    return game_path.with_name(stem + ".log.yaml")


# --- games ------------------------------------------------------------------
@dataclass
class ScenarioInfo:
    id: str
    title: str
    ruleset: str
    powers: list[str]
    variants: list[str]
    options: dict[str, list[str]]


def scenarios() -> list[ScenarioInfo]:
    """Every shipped scenario that can start a game (setups without a turn order are boards only)."""
    out = []
    for scenario in setup_paths():
        setup = load_setup(scenario)
        out.append(ScenarioInfo(
            setup.id, setup.title, setup.ruleset, list(setup.turn_order), list(setup.variants),
            ruleset_for(setup).options(),
        ))
    return out


def copy_setup(scenario: str, out: Path, overwrite: bool = False) -> str:
    """Write a shipped scenario's file to `out`, for a group to transcribe its own copy of the game from it (a
    setup that `extends` another keeps naming its shipped parent); the scenario's id."""
    paths = setup_paths()
    if scenario not in paths:
        load_setup(scenario)  # the unknown-scenario message, with its suggestion
    refuse_existing([out], overwrite)
    if not out.parent.is_dir():
        raise UsageError(f"{out.parent} is not a folder; create it first or write the file elsewhere")
    atomic_write_many({str(out): paths[scenario].read_text(encoding="utf-8")})
    return scenario


# --- writing games ----------------------------------------------------------
def game_text(game: Game, source: Document | None = None) -> str:
    """The game file's text; written over `source` (the file it came from) when that has
    comments, so that they and its key order stay."""
    data = game.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    data = {"kind": game.kind, "schema_version": 1, **data}
    if source is not None and source.has_comments:
        return dump_yaml(merge_into(source.tree, styled(data)))
    return dump_styled(data)


def log_text(log: Log) -> str:
    data = log.model_dump(mode="json", by_alias=True)
    data["start"] = start_data(log.start)
    data["entries"] = [entry_data(entry) for entry in log.entries]
    return dump_json_style(data, "entries")


def bound_state(ruleset: Any, game: Game) -> dict[str, Any]:
    """The game's state that its log binds: its data without the link to the log and the setup's name (the setup's
    content is pinned by the log's start), as its ruleset says (`Ruleset.bound_state`)."""
    data = game.model_dump(mode="json")
    for key in ("log", "setup"):
        data.pop(key, None)
    return ruleset.bound_state(data)


def state_sha256(ruleset: Any, game: Game) -> str:
    """The digest of a game's state that its log records after each entry: a hand edit of the game file shows at
    once, without a replay."""
    return state_digest(bound_state(ruleset, game))


def made_by(ruleset: Any) -> MadeBy:
    """What begins a game today: this aa-ref, its documents' schema version, the ruleset's rules version."""
    return MadeBy(aa_ref=__version__, schema_version=SCHEMA_VERSION, ruleset=ruleset.id,
                  rules_version=ruleset.rules_version)


def new_game(
    scenario: str, out: Path, seed: str | None = None, variant: str | None = None,
    options: dict[str, str] | None = None, overwrite: bool = False, log_out: Path | None = None,
    secrets_written: list[str] | None = None, setup_copied: list[str] | None = None,
) -> Game:
    """Start a game of `scenario` and write it, with its empty log, to `out`. Cards dealt in secret (WARZAG
    objectives) go to one private file per player beside it, named in `secrets_written`; the game and the log
    keep only their commitments."""
    setup = load_setup(scenario)
    ruleset = ruleset_for(setup)
    own = scenario_path(scenario)
    if own is not None:  # a user's file: a game starts only on what `validate` accepts
        problems = ruleset.setup_problems(setup, load_yaml(own))
        if problems:
            raise InvalidInput(f"{own}: 'aa-ref validate' finds problems in it; no game was started", problems)
    if variant is not None and variant not in setup.variants:
        known = ", ".join(setup.variants) or "none"
        raise UsageError(f"scenario {scenario} has no variant '{variant}' (variants: {known})")
    allowed = ruleset.options()
    keys = NameIndex("option", allowed)
    options = {keys.get(k) or k: v for k, v in (options or {}).items()}  # options and choices in any case, kept as the
    for key, value in options.items():                                  # rules spell them
        if key not in allowed:
            raise UsageError(f"{keys.unknown_message(key)} (options: {', '.join(allowed) or 'none'})")
        value = options[key] = NameIndex("choice", allowed[key]).get(value) or value
        problem = ruleset.option_problem(key, value)
        if problem:
            raise UsageError(problem)
    for key, choices in allowed.items():
        options.setdefault(key, choices[0])
    log_path = log_out or log_path_for(out)
    if not out.parent.is_dir():
        raise UsageError(f"{out.parent} is not a folder; create it first or write the game elsewhere")
    refuse_existing([out, log_path], overwrite)
    seed = seed if seed is not None else secrets.token_hex(8)
    log_name = relative_to_game(out, log_path)
    if log_name.startswith("../"):
        raise UsageError(f"{log_path}: a game's log goes in the game's folder or below it")
    game = ruleset.new_game(setup, variant, options, seed, log_name)
    extra: dict[str, str] = {}
    if own is not None:  # a pack or setup file of the user's: in the game's folder, named relative to the game
        game.setup = _setup_in_folder(out, own, extra, setup_copied)
    commitments, private = ruleset.deal_secrets(setup, options, seed)
    if commitments:
        ruleset.commit_secrets(game, commitments)
    start = LogStart(setup=setup.id, setup_sha256=setup_sha256(scenario), made_by=made_by(ruleset), variant=variant,
                     options=options, seed=seed, commitments=commitments, state_sha256=state_sha256(ruleset, game))
    log = Log(kind="log", schema_version=SCHEMA_VERSION, start=start)
    game.log.head = log.head
    files = {str(out): game_text(game), str(log_path): log_text(log), **extra}
    stem = out.name[:-5] if out.name.endswith(".yaml") else out.name
    secret_files: list[str] = []
    for key, secret in private.items():
        path = out.with_name(f"{stem}.{key}.yaml")
        refuse_existing([path], overwrite)
        files[str(path)] = dump_styled(secret.model_dump(mode="json"))
        secret_files.append(str(path))
    referees = [str(out)] if ruleset.referee_secrets() else []  # a game file holding the referee's secrets
    write_game_files(files, private=[*secret_files, *referees])
    if secrets_written is not None:
        secrets_written.extend(secret_files)
    return game


def contained(game_path: Path, doc: Document, name: str, loc: tuple[str, ...], what: str) -> Path:
    """A file a game names (its log, a user's setup), checked before anything reads or writes it: named relative to
    the game's folder and inside it, with no absolute path, no `..` out of the folder and no link leading out, so
    that a game file received from another player cannot make aa-ref read or write anywhere else."""
    folder = Path(os.path.abspath(game_path)).parent
    if Path(name).is_absolute():
        raise InvalidInput(f"{game_path}: the game names its {what} by an absolute path", [doc.problem(
            f"the game's {what} '{name}' is named by a path of some machine; a game names its files relative to its "
            f"own folder: put the file beside the game and write its name alone", loc)])
    if not (folder / name).resolve().is_relative_to(folder.resolve()):
        raise InvalidInput(f"{game_path}: the game's {what} lies outside its folder", [doc.problem(
            f"the game's {what} '{name}' leads out of the game's folder; aa-ref reads and writes only files in the "
            f"game's folder or below it: put the file there and name it relative to the game", loc)])
    return game_path.parent / name


def _setup_in_folder(game_out: Path, own: Path, files: dict[str, str], copied: list[str] | None) -> str:
    """How the game at `game_out` names a user's setup file `own`: relative to the game's folder; a setup outside
    that folder is copied into it (a game folder holds everything its game needs, and the copy stays as the game
    began, whatever becomes of the original)."""
    folder = Path(os.path.abspath(game_out)).parent.resolve()
    if own.resolve().is_relative_to(folder):
        return relative_to_game(game_out, own)
    copy = folder / own.name
    text = own.read_text(encoding="utf-8")
    if copy.exists() and copy.read_text(encoding="utf-8") != with_editor_line(copy, text):  # as it was written
        raise UsageError(f"{copy} exists and is not {own}: the game's folder needs a copy of the setup file; "
                         "rename one of the two")
    files[str(copy)] = text
    if copied is not None:
        copied.append(str(game_out.parent / own.name))
    return own.name


def relative_to_game(game_path: Path, other: Path) -> str:
    """How a game file names another file (its log, a user's setup): relative to the game's folder, never by a
    path of this machine, so that a folder copied elsewhere plays on."""
    try:
        return Path(os.path.relpath(other.resolve(), game_path.resolve().parent)).as_posix()
    except ValueError:  # another drive (Windows): no relative path exists
        raise UsageError(f"{other} and {game_path} must be on one drive: a game names its files relative to its "
                         "folder") from None


# --- loading ------------------------------------------------------------------
@dataclass
class LoadedGame:
    path: Path
    doc: Document
    game: Game
    setup: Setup
    ruleset: Any
    log_path: Path
    log: Log


def load_game(path: Path, log_path: Path | None = None, check_head: bool = True,
              read: Document | None = None) -> LoadedGame:
    """A game file with its setup, rules and log; the log must belong to the game. A write of the game's files that
    a crash interrupted is finished or undone first (`journal.recover`), with a RecoveryNotice saying which. `read`
    is the file as the caller read it already, used unless the recovery changed the file."""
    doc = load_yaml(path) if _recovered(path) or read is None else read
    kind = document_kind(doc)
    if kind not in GAME_KINDS:
        raise InvalidInput(f"{path}: expected a game file", [doc.problem(f"this is a {kind} file, not a game", ("kind",))])
    game = _parsed(doc, kind, lambda: _log_beside(doc, path, log_path))
    log_path = log_path or contained(path, doc, game.log.file, ("log", "file"), "log")
    log_doc = load_yaml(log_path)
    if document_kind(log_doc) != "log":
        raise InvalidInput(f"{log_path}: expected a log file", [log_doc.problem("not a log file", ("kind",))])
    log = _parsed(log_doc, "log", lambda: log_doc)
    if scenario_path(game.setup) is None and game.setup != log.start.setup:  # a user's file is named by its path
        raise InvalidInput(f"{path}: the game and its log {log_path} do not match", [doc.problem(
            f"the game names the setup '{game.setup}' but its log began with '{log.start.setup}': the game file was "
            "edited or is another game's", ("setup",))])
    setup = _game_setup(path, doc, game, log.start.setup_sha256)
    ruleset = ruleset_for(setup)
    problems = _option_problems(ruleset, game.options, doc) + ruleset.game_problems(setup, game, doc)
    if problems:
        raise InvalidInput(f"{path}: invalid game", problems)
    broken = chain_problems(log) if check_head else []
    if broken:
        raise InvalidInput(f"{log_path}: the log was edited by hand",
                           [log_doc.problem(broken[0] + "; 'aa-ref replay' shows where the game diverges")])
    if check_head and not keeps_commitments(ruleset, game, log.start.commitments):
        raise InvalidInput(f"{path}: the game file was edited", [doc.problem(
            f"a commitment to a secret card differs from the one in the log's start ({log_path}): the game file "
            "was edited; 'aa-ref replay' shows where", ("players",))])
    if check_head and log.head != game.log.head:
        raise InvalidInput(
            f"{path}: the game and its log {log_path} do not match",
            [doc.problem(f"the game's log head is {game.log.head} but the log ends at {log.head}: "
                         "one of the two files was edited or replaced; 'aa-ref replay' shows where", ("log", "head"))],
        )
    loaded = LoadedGame(path, doc, game, setup, ruleset, log_path, log)
    if check_head:  # replay checks the chain first, then this
        check_setup_unchanged(loaded, log_doc)
        check_not_hand_edited(loaded)
    return loaded


HAND_EDIT_HELP = ("the game file was changed by hand since aa-ref wrote it: its state is not the one its log records. "
                  "Put the file back as aa-ref wrote it ('aa-ref recover GAME.yaml --from-log' does); a change of "
                  "position that the players agree on goes in an edit document (kind: edit, README \"Edit mode\"), "
                  "which the log records for everyone to see")


def check_not_hand_edited(loaded: LoadedGame) -> None:
    """Refuse a game file whose state is not the one its log's last entry (or start) binds: a digest compared, not a
    replay. The refusal names the fields that differ, replaying the log to find them (logs written before states
    were bound are not checked: `replay` does)."""
    bound = loaded.log.state_sha256
    if bound is None or state_sha256(loaded.ruleset, loaded.game) == bound:
        return
    problems = [loaded.doc.problem(HAND_EDIT_HELP, ("log", "head"))]
    try:
        replayed, _ = _rebuild(loaded)
    except _Divergence as exc:
        problems.append(Problem(f"and its log does not replay: {exc}"))
    else:
        differences = _differences(bound_state(loaded.ruleset, loaded.game), bound_state(loaded.ruleset, replayed))
        for where, mine, theirs in differences[:MAX_DIFFERENCES]:
            problems.append(loaded.doc.problem(f"{_dotted(where)} is {_brief(mine)} in the file, but the log gives "
                                               f"{_brief(theirs)}", where))
        in_progress = sorted({str(where[0]) for where, _, _ in differences
                              if where and where[0] in loaded.ruleset.in_progress})
        if len(differences) > MAX_DIFFERENCES:
            problems.append(Problem(f"and {len(differences) - MAX_DIFFERENCES} more differences"))
        elif in_progress:  # no edit sets them: the file must go back
            problems.append(Problem(f"'{in_progress[0]}' holds the adjudication in progress (the moves of a phase "
                                    "entered move by move, battles being fought, decisions awaited), which no edit "
                                    "sets: put the file back and take back or redo what was entered"))
        else:
            changes = json.dumps({_dotted(where): mine for where, mine, _ in differences}, ensure_ascii=False)
            problems.append(Problem(f"to keep these changes, put the file back and apply an edit that records them: "
                                    f"{{kind: edit, schema_version: 1, reason: \"...\", set: {changes}}}"))
    raise InvalidInput(f"{loaded.path}: the game file was edited by hand", problems)


def _recovered(path: Path) -> bool:
    """Finish or undo a write of the game's files that a crash interrupted; whether there was one."""
    done = journal.recover(path)
    if done:
        warnings.warn(RecoveryNotice(f"{path}: {done}"), stacklevel=3)
    return bool(done)


@locks_game
def restore_from_log(game_path: Path) -> str:
    """`aa-ref recover --from-log`: put back in a hand-edited game file the state its log gives (rebuilt by replay,
    the referee's secrets kept from the file, comments and key order too), when the file and its log end at the same
    entry; what was done, in words."""
    loaded = load_game(game_path, check_head=False)
    broken = chain_problems(loaded.log)
    if broken:
        raise InvalidInput(f"{loaded.log_path}: the log was edited by hand, so it cannot restore the game: {broken[0]}")
    if loaded.log.head != loaded.game.log.head:
        raise InvalidInput(f"{game_path}: the game's log head is {loaded.game.log.head} but its log ends at "
                           f"{loaded.log.head}: they are not one game's files; nothing was restored")
    check_setup_unchanged(loaded)
    try:
        game, _ = _rebuild(loaded)
    except _Divergence as exc:
        raise InvalidInput(f"{game_path}: the log does not replay, so it cannot restore the game: {exc}") from None
    game.log.file = loaded.game.log.file
    differences = _differences(loaded.game.model_dump(mode="json"), game.model_dump(mode="json"))
    if not differences:
        return "its state is the one its log gives; nothing to restore"
    write_game_files({str(game_path): game_text(game, loaded.doc)})
    named = ", ".join(_dotted(where) for where, _, _ in differences[:MAX_DIFFERENCES])
    more = f" and {len(differences) - MAX_DIFFERENCES} more" if len(differences) > MAX_DIFFERENCES else ""
    return f"restored the state its log gives ({named}{more})"


def recover(game_path: Path) -> list[str]:
    """`aa-ref recover`: finish or undo a write of the game's files that a crash or an error interrupted (every
    command that loads the game does it too), delete the temporary files that crashed writes of aa-ref versions
    from before journals left beside the game and its log, then check that the game and its log load together;
    what was done, in words (nothing: nothing to recover)."""
    if not (journal.pending(game_path) or game_path.exists() or game_path.is_symlink()):
        raise UsageError(f"{game_path}: no such file")
    with writing(game_path):
        done = [text for text in [journal.recover(game_path)] if text]
        removed = journal.remove_leftovers(game_path, [game_path.name, log_path_for(game_path).name])
        if removed:
            done.append(f"deleted {len(removed)} temporary file(s) an interrupted write left ({', '.join(removed)})")
        if game_path.exists() or game_path.is_symlink():
            load_game(game_path)
    return done


def _option_problems(ruleset: Any, options: dict[str, str], doc: Document) -> list[Problem]:
    """The options of a game file that `new` would have refused: one the rules do not have, a value that is not
    one of its choices."""
    allowed = ruleset.options()
    problems = []
    for key, value in options.items():
        if key not in allowed:
            problems.append(doc.problem(f"unknown option '{key}' (options: {', '.join(allowed) or 'none'})",
                                        ("options", key)))
        elif (problem := ruleset.option_problem(key, value)) is not None:
            problems.append(doc.problem(problem, ("options", key)))
    return problems


def keeps_commitments(ruleset: Any, game: Game, commitments: dict[str, str]) -> bool:
    """Whether the game holds the commitments to secret cards that its log began with (WARZAG objectives): a game
    file edited there, or an edit reaching them, does not."""
    if not commitments:
        return True
    probe = game.model_copy(deep=True)
    try:
        ruleset.commit_secrets(probe, dict(commitments))
    except (KeyError, AttributeError):  # a player dealt a secret card is gone
        return False
    return probe == game


def check_setup_unchanged(loaded: LoadedGame, log_doc: Document | None = None) -> None:
    """Refuse a game whose setup's fingerprint is not the one its log's start records (logs written before
    versioned saves record none): the setup changed since the game began."""
    game, start = loaded.game, loaded.log.start
    if start.setup_sha256 is None:
        return
    now = setup_sha256(game.setup, loaded.path.parent)
    if now != start.setup_sha256:
        begun = start.made_by.aa_ref if start.made_by else None
        text = changed_setup_text(game.setup, "setup", start.setup_sha256, now, begun)
        where = log_doc or load_yaml(loaded.log_path)
        raise InvalidInput(f"{loaded.path}: its setup changed since the game began",
                           [where.problem(text, ("start", "setup_sha256"))])


def _log_beside(doc: Document, path: Path, log_path: Path | None) -> Document | None:
    """The log a game file names, read only to explain why the game file cannot be read; None if it cannot be."""
    name = log_path or (doc.data.get("log", {}).get("file") if isinstance(doc.data.get("log"), dict) else None)
    if not isinstance(name, (str, Path)):
        return None
    try:
        return load_yaml(log_path or contained(path, doc, str(name), ("log", "file"), "log"))
    except AaRefError:
        return None


def _parsed(doc: Document, kind: str, log_doc: Callable[[], Document | None]) -> Any:
    """The model of a game or log document; when it cannot be read and its log's start says a newer aa-ref began
    the game, the refusal says so first ("made by a newer version", with the version to install)."""
    try:
        return parse_model(doc, kind)
    except InvalidInput as exc:
        newer = newer_writer((log_doc() or Document("", None)).data)
        if newer is None:
            raise
        raise InvalidInput(exc.message, [doc.problem(newer), *exc.problems]) from None


def newer_writer(log_data: Any) -> str | None:
    """If the log data's start says the game was begun by an aa-ref newer than this one, in words; else None."""
    start = log_data.get("start") if isinstance(log_data, dict) else None
    made = start.get("made_by") if isinstance(start, dict) else None
    version = made.get("aa_ref") if isinstance(made, dict) else None
    if not isinstance(version, str) or not version_newer(version, __version__):
        return None
    return (f"this game was begun with aa-ref {version}, newer than this aa-ref {__version__}, and holds what this "
            f"one cannot read: install aa-ref {version} or later (pip install --upgrade aa-ref)")


def version_newer(version: str, than: str) -> bool:
    """Whether the release `version` ('0.2.0') comes after `than`, comparing the numbers of each part."""
    def parts(text: str) -> tuple[int, ...]:
        return tuple(int(p) if p.isdigit() else -1 for p in text.split("+")[0].split("."))
    return parts(version) > parts(than)


def _game_setup(path: Path, doc: Document, game: Game, fingerprint: str | None) -> Setup:
    """The setup a game names: a shipped scenario, or a user's file named relative to the game's folder, which
    must have travelled with the game (the one whose fingerprint the log's start records)."""
    own = scenario_path(game.setup, path.parent)
    if own is not None:
        own = contained(path, doc, game.setup, ("setup",), "setup file")
    if own is not None and not own.is_file():
        which = f" (the file whose content has sha256 {fingerprint})" if fingerprint else ""
        raise InvalidInput(f"{path}: the game's setup file is missing", [doc.problem(
            f"the game was begun on the setup file '{game.setup}'{which}, named relative to the game's folder, "
            f"which is not at {own}: copy that file there, unchanged, with the game (a folder sent whole keeps "
            "them together)", ("setup",))])
    return load_setup(game.setup, path.parent)


def load_orders(path: Path, edits: bool = False) -> OrdersInput:
    """An orders or decision file (or, when `edits`, an edit), checked for shape."""
    doc = load_yaml(path)
    kind = document_kind(doc)
    if kind not in ORDERS_KINDS and not (edits and kind == EDIT):
        wanted = "orders, a decision or an edit" if edits else "orders or a decision"
        raise InvalidInput(f"{path}: expected orders", [doc.problem(f"this is a {kind} file; {wanted} is needed here",
                                                                    ("kind",))])
    return OrdersInput(doc, parse_model(doc, kind))


def load_dice(path: Path) -> TableDice:
    """Dice rolled at the table: a YAML list of numbers used in order, or `dice:` with that list or with a mapping of
    volley names to their dice (`dice: {r1/Germany/West Russia/cr1/attack: [3, 6, 1]}`)."""
    doc = load_yaml(path)
    data = doc.data
    if isinstance(data, dict):
        data = data.get("dice")
    if isinstance(data, dict):
        for name, dice in data.items():
            if not isinstance(dice, list):
                raise InvalidInput(f"{path}: bad volley", [doc.problem(
                    f"the volley {name}'s dice are a list, e.g. '{name}: [3, 6, 1]'", ("dice", name))])
            _check_dice(doc, path, dice, ("dice", name))
        return table_dice(data, str(path))
    if not isinstance(data, list):
        raise InvalidInput(f"{path}: expected a list of dice", [doc.problem(
            "write the dice as a list, e.g. 'dice: [3, 6, 1]', or by volley, e.g. "
            "'dice: {r1/Germany/West Russia/cr1/attack: [3, 6, 1]}'")])
    _check_dice(doc, path, data, (() if isinstance(doc.data, list) else ("dice",)))
    return table_dice(data, str(path))


def _check_dice(doc: Document, path: Path, dice: list[Any], where: tuple[Any, ...]) -> None:
    for i, value in enumerate(dice):
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
            raise InvalidInput(f"{path}: bad die", [doc.problem(f"a die is a whole number from 1 to 6, not {value!r}",
                                                                (*where, i))])


# --- applying -------------------------------------------------------------------
def refuse_newer_rules(loaded: LoadedGame) -> None:
    """Orders are adjudicated by the rules a game was begun with or later ones, never earlier: a game begun with a
    newer rules version than this aa-ref's is refused (its opponents would see it diverge)."""
    made = loaded.log.start.made_by
    if made is not None and made.ruleset == loaded.ruleset.id and made.rules_version > loaded.ruleset.rules_version:
        raise InvalidInput(f"{loaded.path}: begun with newer rules", [load_yaml(loaded.log_path).problem(
            rules_change_text(loaded.log.start, loaded.ruleset) or "", ("start", "made_by", "rules_version"))])


@dataclass
class Applied:
    """The outcome of one orders or decision document."""

    source: str
    events: list[Any]
    narrated: bool = False
    """Its notes were told as they happened (dice typed at the table), not to be repeated."""

    @property
    def notes(self) -> list[str]:
        return [e.text for e in self.events if isinstance(e, Note)]


@dataclass
class ApplyResult:
    game: Game
    applied: list[Applied] = field(default_factory=list)
    written: list[str] = field(default_factory=list)


def adjudicate(setup: Setup, ruleset: Any, game: Game, log: Log, given: OrdersInput, at_table: TableDice | None,
               bind_state: bool = True, in_place: bool = False) -> tuple[Game, Log, list[Any]]:
    """Check and adjudicate one document; the new game and log (its entry binding the new state unless replaying
    an entry written before states were bound), or IllegalOrders. `game` is left as it was, unless `in_place`
    (replay, and `apply_orders` after its first document: a state nothing else holds): then the new game is `game`
    changed, and is left half-changed by orders refused."""
    if not ruleset.self_checking:  # else its adjudication refuses illegal orders, with the dice really rolled
        problems = ruleset.check(setup, game, given)
        if problems:
            raise IllegalOrders(f"{given.doc.path}: orders not accepted", problems)
    model = given.model
    fair = None
    if game.fair_dice:
        fair = fair_dice_for(game, given, at_table)
        dice, manual = fair, False
    elif model.dice is not None:
        dice, manual = table_dice(model.dice, f"{given.doc.path}: dice"), True
    elif at_table is not None:
        dice, manual = at_table, True
    else:
        dice, manual = SeededDice(game.seed), False
    before = len(dice.rolled) if manual else 0
    round_, phase = game.round, game.phase  # the entry's, whatever the adjudication changes
    ctx = Context(setup, game if in_place else deep_copy(game), dice, manual_dice=manual, apply=ruleset.apply_event,
                  watch=_narrator(at_table))
    try:
        ruleset.adjudicate(ctx, given)
    except EventError as exc:
        raise AaRefError(f"internal error while adjudicating {given.doc.path}: {exc}") from None
    except RevealsNeeded as exc:
        raise IllegalOrders(f"{given.doc.path}: its dice need reveals", [given.problem(reveals_needed_text(fair, exc))]) from None
    if fair is not None:
        settle_reveals(ctx.game, given, fair)
    record = dict(given.doc.data)
    if manual and model.dice is None:
        record["dice"] = dice.record(before)
    leftover = dice.leftover() if manual and model.dice is not None else None
    if leftover:
        raise InvalidInput(f"{given.doc.path}: {leftover}; remove them")
    bound = state_sha256(ruleset, ctx.game) if bind_state else None
    entry = make_entry(log, round_, model.power, phase, record, dump_events(ctx.events), bound)
    new_log = log.model_copy(update={"entries": [*log.entries, entry]})
    new_game = ctx.game
    new_game.log.head = entry.hash
    new_game.log.entries = len(new_log.entries)
    return new_game, new_log, ctx.events


def _narrator(at_table: TableDice | None) -> Callable[[Any], None] | None:
    """Where the notes go as they happen: to a table typing its dice, so each volley's outcome is heard before the
    next volley is asked."""
    if not isinstance(at_table, AskedDice):
        return None

    def tell(event: Any) -> None:
        if isinstance(event, Note):
            at_table.hear(event.text)
    return tell


def edited(setup: Setup, ruleset: Any, game: Game, log: Log, given: OrdersInput, bind_state: bool = True,
           error: type[AaRefError] = IllegalOrders, signed: bool = True) -> tuple[Game, Log, list[Any]]:
    """The game after an edit document, and the log with its entry (notes: the reason, then each change); the
    edit is refused, located, when it is not for this game or state, lacks a fair-dice signature (unless not
    `signed` yet: `aa-ref sign` checks it before signing), or leaves a game its rules do not accept."""
    edit, doc = given.model, given.doc
    refused = f"{doc.path}: edit not accepted"
    if edit.game is not None and edit.game != setup.id:
        raise error(refused, [doc.problem(f"this edit is for {edit.game}; the game is {setup.id}", ("game",))])
    if edit.based_on is not None and edit.based_on != game.log.head:
        raise error(refused, [doc.problem(f"this edit was written for the state at log head {edit.based_on}, but the "
                                          f"game is now at {game.log.head}: write it again for this state",
                                          ("based_on",))])
    unsigned = fairdice.edit_problems(game, doc.data) if signed else []
    if unsigned:
        raise error(refused, [doc.problem(text, loc) for text, loc in unsigned])
    if game.pending:
        raise error(refused, [doc.problem(f"the game waits for {game.pending[0].power}'s decision: answer it (or undo) "
                                          "before editing the position", ("set",))])
    data = game.model_dump(mode="json")
    secret_keys = set(ruleset.referee_secrets())
    try:
        for path in edit.set:
            first = steps(data, path)[0]
            if first in secret_keys:
                raise EditError(path, "the referee's secret is not part of the position: 'aa-ref rekey' draws a new one")
            if first in ruleset.in_progress:
                raise EditError(path, f"'{first}' holds the adjudication in progress (battles being fought, decisions "
                                      "awaited), not the position: an edit cannot set it")
        done = apply_changes(data, edit.set)
    except EditError as exc:
        raise error(refused, [doc.problem(f"{exc.path}: {exc}", ("set", exc.path))]) from None
    after = Document(f"{doc.path} (the game after the edit)", data)
    try:
        new_game = parse_model(after, game.kind)
    except InvalidInput as exc:
        raise error(refused, [doc.problem(f"the edited game is not a valid game: {p.message}", ("set",))
                              for p in exc.problems]) from None
    problems = ruleset.game_problems(setup, new_game, after)
    if not keeps_commitments(ruleset, new_game, log.start.commitments):
        problems.append(Problem("a commitment to a secret card is not part of the position: an edit cannot change it"))
    if problems:
        raise error(refused, [doc.problem(f"the edited game is not a valid game: {p.message}", ("set",))
                              for p in problems])
    events = [Note(text=text) for text in change_notes(edit.reason, done)]
    entry = make_entry(log, game.round, game.power, game.phase, dict(doc.data), dump_events(events),
                       state_sha256(ruleset, new_game) if bind_state else None)
    new_log = log.model_copy(update={"entries": [*log.entries, entry]})
    new_game.log = game.log.model_copy(update={"head": entry.hash, "entries": len(new_log.entries)})
    return new_game, new_log, events


@locks_game
def apply_orders(
    game_path: Path, orders_paths: list[Path], out: Path | None = None, in_place: bool = False,
    dice_path: Path | None = None, log_path: Path | None = None, dry_run: bool = False,
    reveal_paths: list[Path] | None = None, overwrite: bool = False, asked: AskedDice | None = None,
) -> ApplyResult:
    """Apply orders files in order, all or none, and write the new game and log. In a
    fair-dice game, the reveals in `reveal_paths` go with the documents they were made for. Dice rolled at the
    table come from `dice_path` or are typed as each volley is rolled (`asked`), unless a document lists its own."""

    if not dry_run and (out is None) == (not in_place):
        raise UsageError("say where the new game goes: -o OUT.yaml, or --in-place to replace GAME.yaml (or --dry-run)")
    loaded = load_game(game_path, log_path)
    refuse_newer_rules(loaded)
    inputs = [load_orders(p, edits=True) for p in orders_paths]
    if dice_path and asked:
        raise UsageError("give the table's dice one way: --dice FILE or --ask-dice, not both")
    at_table = load_dice(dice_path) if dice_path else asked
    pool = RevealPool(reveal_paths or [])
    game, log = loaded.game, loaded.log
    result = ApplyResult(game)
    ours = False  # whether `game` is a copy made by this call, which the next document may change in place
    for given in inputs:
        if given.model.kind == EDIT:
            game, log, events = edited(loaded.setup, loaded.ruleset, game, log, given)
            ours = False  # an edit's game may share parts with the game it edited
            result.applied.append(Applied(given.doc.path, events))
            if isinstance(at_table, AskedDice):  # told in its place among the documents
                at_table.begin(given.doc.path)
                for note in result.applied[-1].notes:
                    at_table.hear(note)
                result.applied[-1].narrated = True
            continue
        given = pool.attach(game, given)
        narrated = isinstance(at_table, AskedDice)
        if narrated:
            at_table.begin(given.doc.path)
        try:
            game, log, events = adjudicate(loaded.setup, loaded.ruleset, game, log, given, at_table, in_place=ours)
            ours = True  # a refused document leaves it half-changed, but then nothing is written
        except IllegalOrders as exc:
            raise IllegalOrders(exc.message, [*exc.problems, *(Problem(p) for p in pool.unused())]) from None
        result.applied.append(Applied(given.doc.path, events, narrated))
    leftover = at_table.leftover() if at_table is not None else None
    if leftover:
        raise InvalidInput(f"{dice_path}: {leftover}; nothing was applied")
    if pool.unused():
        raise InvalidInput("reveals not used; nothing was applied", [Problem(p) for p in pool.unused()])
    result.game = game
    if dry_run:
        return result
    target = game_path if in_place else out
    target_log = loaded.log_path if in_place else log_path_for(target)
    if not in_place:
        if target.resolve() == game_path.resolve():
            raise UsageError("-o names the game file itself; use --in-place to replace it")
        if any(target.resolve() == p.resolve() for p in orders_paths):
            raise UsageError(f"-o names {target}, one of the orders applied: choose another name for the new game")
        refuse_existing([target, target_log], overwrite)
        game.log.file = relative_to_game(target, target_log)
    extra: dict[str, str] = {}
    own = scenario_path(game.setup, game_path.parent)
    if not in_place and own is not None:  # a user's pack: in the new game's folder too
        game.setup = _setup_in_folder(target, own, extra, None)
    # The new game keeps the comments and key order of the file it came from.
    write_game_files({str(target): game_text(game, loaded.doc), str(target_log): log_text(log), **extra})
    result.written = [str(target), str(target_log)]
    return result


@locks_game
def apply_data(game_path: Path, data: dict[str, Any], source: str, at_table: TableDice | None = None) -> ApplyResult:
    """Apply one orders document given as data (`aa-ref move`, `aa-ref end-phase`: written by aa-ref from the
    command line, named `source` in messages and read by no file) to the game in place, as `apply --in-place` would
    a file, with the table's dice if given. A fair-dice game takes only signed files: there the document must be
    written, signed and applied."""
    loaded = load_game(game_path)
    refuse_newer_rules(loaded)
    if loaded.game.fair_dice:
        raise UsageError(f"{game_path} plays with fair dice, where every document is signed by its player: write this "
                         "step as an orders file, sign it ('aa-ref sign') and apply it ('aa-ref apply')")
    doc = Document(source, data)
    given = OrdersInput(doc, parse_model(doc, document_kind(doc)))
    narrated = isinstance(at_table, AskedDice)
    if narrated:
        at_table.begin(source)
    game, log, events = adjudicate(loaded.setup, loaded.ruleset, loaded.game, loaded.log, given, at_table)
    leftover = at_table.leftover() if at_table is not None else None
    if leftover:
        raise InvalidInput(f"{at_table.origin}: {leftover}; nothing was applied")
    write_game_files({str(game_path): game_text(game, loaded.doc), str(loaded.log_path): log_text(log)})
    return ApplyResult(game, [Applied(source, events, narrated)], [str(game_path), str(loaded.log_path)])


# --- replay ---------------------------------------------------------------------
@dataclass
class ReplayReport:
    entries: int
    divergence: str | None = None


def replay(game_path: Path, log_path: Path | None = None, loaded: LoadedGame | None = None) -> ReplayReport:
    """Recompute the game from its setup and log; report the first divergence. `loaded`: the game already loaded
    with `check_head=False` (left unchanged)."""
    loaded = loaded or load_game(game_path, log_path, check_head=False)
    log = loaded.log
    broken = chain_problems(log)
    if broken:
        return ReplayReport(len(log.entries), f"log {loaded.log_path}: {broken[0]}")
    check_setup_unchanged(loaded)
    if log.head != loaded.game.log.head:  # a log re-chained under a game file left as it was
        return ReplayReport(len(log.entries), f"the game's log head is {loaded.game.log.head} but its log "
                                              f"{loaded.log_path} ends at {log.head}: one of the two was edited or "
                                              "replaced")
    from aa_ref.core.heap import sparing_the_heap
    try:
        with sparing_the_heap():
            game, _ = _rebuild(loaded)
    except _Divergence as exc:
        return ReplayReport(len(log.entries), str(exc))
    mine = game.model_dump(mode="json")
    theirs = loaded.game.model_dump(mode="json")
    mine["log"], theirs["log"] = mine["log"]["head"], theirs["log"]["head"]
    if mine != theirs:
        differs = "the game file differs from the replayed game: " + _first_difference(theirs, mine)
        return ReplayReport(len(log.entries), _explained(differs, log.start, loaded.ruleset))
    return ReplayReport(len(log.entries))


def rules_change_text(start: LogStart, ruleset: Any) -> str | None:
    """Why a game may not replay with this aa-ref: the rules version its log's start records is not the ruleset's
    (a log without one was begun with rules version 1 or earlier), with what changed in between; None if equal."""
    made = start.made_by
    recorded = made.rules_version if made else 1
    current = ruleset.rules_version
    if recorded == current and (made is None or made.ruleset == ruleset.id):
        return None
    begun = (f"aa-ref {made.aa_ref} (rules version {recorded} of {made.ruleset})" if made
             else f"an aa-ref that recorded no version (rules version 1 of {ruleset.id} or earlier)")
    here = f"this game was begun with {begun}; this aa-ref {__version__} has rules version {current} of {ruleset.id}"
    if made is not None and recorded > current:
        return f"{here}, older: install aa-ref {made.aa_ref} or later"
    changes = "; ".join(f"{v}: {ruleset.rules_changes.get(v, '(not described)')}"
                        for v in range(recorded + 1, current + 1))
    return f"{here}, which changed: {changes}" if changes else here


def _explained(divergence: str, start: LogStart, ruleset: Any) -> str:
    """A divergence, with the rules change that may explain it."""
    why = rules_change_text(start, ruleset)
    return f"{divergence}. {why[0].upper()}{why[1:]}" if why else divergence


class _Divergence(Exception):
    """The log no longer reproduces: the first place where it does not, in words."""


UNDO = "undo"
"""The input kind of a log entry that takes back the last effective entry."""


def _rebuild(loaded: LoadedGame) -> tuple[Game, list[tuple[int, Game]]]:
    """The game recomputed from the setup and every log entry, and the stack of effective
    entries (number, state before it) that undo entries pop (the state only where an undo may restore it, else
    None: `_undoable`). Try, then explain: a game begun with other rules
    replays while the rules it meets did not change; where it diverges, the divergence names the change."""
    try:
        return _rebuilt(loaded)
    except _Divergence as exc:
        raise _Divergence(_explained(str(exc), loaded.log.start, loaded.ruleset)) from None


def _rebuilt(loaded: LoadedGame) -> tuple[Game, list[tuple[int, Game]]]:
    log = loaded.log
    from_file = scenario_path(loaded.game.setup) is not None
    setup = loaded.setup if from_file else load_setup(log.start.setup)
    ruleset = ruleset_for(setup)
    game = ruleset.new_game(setup, log.start.variant, dict(log.start.options), log.start.seed, loaded.game.log.file)
    for key in ruleset.referee_secrets():  # never in the log: the game file's are the game's
        setattr(game, key, getattr(loaded.game, key))
    if log.start.commitments:
        ruleset.commit_secrets(game, dict(log.start.commitments))
    if from_file:
        game.setup = loaded.game.setup
    rebuilt = Log(kind="log", schema_version=log.schema_version, start=log.start)
    game.log.head = rebuilt.head
    if log.start.state_sha256 not in (None, state_sha256(ruleset, game)):
        raise _Divergence("the log's start records a state the setup does not give (its state_sha256 was edited)")
    # Orders are adjudicated on the replayed state itself, not a copy (speed): only the states that an undo may
    # restore are kept, copied.
    game = deep_copy(game)  # shares nothing with the setup
    kept = _undoable(log)
    stack: list[tuple[int, Game | None]] = []
    for entry in log.entries:
        bind = entry.state_sha256 is not None  # an entry written before states were bound is rewritten without
        if entry.input.get("kind") == UNDO:
            if not stack or entry.input.get("undoes") != stack[-1][0]:
                raise _Divergence(f"entry {entry.n} undoes entry {entry.input.get('undoes')}, which is not the last one in effect")
            unsigned = fairdice.undo_problem(game, log.entries[stack[-1][0] - 1].power, entry.input)
            if unsigned:
                raise _Divergence(f"entry {entry.n}: {unsigned}")
            game, rebuilt = _undone(ruleset, game, rebuilt, stack.pop(), entry.input, bind)
            if dump_events([Note(text=_undo_text(log.entries[entry.input['undoes'] - 1]))]) != entry.events:
                raise _Divergence(f"entry {entry.n}: its events are not those of an undo")
            _same_entry(entry, rebuilt.entries[-1])
            continue
        if is_edit(entry.input):
            doc = Document(f"{loaded.log_path} entry {entry.n}", entry.input, tree=entry.input)
            before = game
            try:
                game, rebuilt, events = edited(setup, ruleset, game, rebuilt, OrdersInput(doc, parse_model(doc, EDIT)),
                                               bind)
            except AaRefError as exc:
                raise _Divergence(f"entry {entry.n} (an edit) no longer applies: {'; '.join(exc.lines())}") from None
            if dump_events(events) != entry.events:
                raise _Divergence(_event_divergence(entry.n, dump_events(events), entry.events))
            _same_entry(entry, rebuilt.entries[-1])
            stack.append((entry.n, before))
            continue
        if entry.input.get("kind") == fairdice.COMMITMENT:
            game, rebuilt = _committed(ruleset, game, rebuilt, entry.input, f"entry {entry.n}", _Divergence, bind)
            if rebuilt.entries[-1].events != entry.events:
                raise _Divergence(f"entry {entry.n}: its events are not those of a commitment")
            _same_entry(entry, rebuilt.entries[-1])
            continue
        doc = Document(f"{loaded.log_path} entry {entry.n}", entry.input, tree=entry.input)
        before = deep_copy(game) if entry.n in kept else None  # else never restored
        try:
            kind = document_kind(doc)
            given = OrdersInput(doc, parse_model(doc, kind))
            game, rebuilt, events = adjudicate(setup, ruleset, game, rebuilt, given, None, bind, in_place=True)
        except AaRefError as exc:
            raise _Divergence(f"entry {entry.n} no longer applies: {'; '.join(exc.lines())}") from None
        produced = dump_events(events)
        if produced != entry.events:
            raise _Divergence(_event_divergence(entry.n, produced, entry.events))
        _same_entry(entry, rebuilt.entries[-1])
        stack.append((entry.n, before))
    return game, stack


def _undoable(log: Log) -> set[int]:
    """The orders entries whose state before them an undo may restore: those an undo in the log takes back, and the
    last one in effect (which `undo` takes back). The stack of entries in effect, as `_rebuilt` keeps it: an undo
    pops it, a commitment leaves it, anything else is pushed."""
    in_effect: list[int] = []
    undone = set()
    for entry in log.entries:
        kind = entry.input.get("kind")
        if kind == UNDO:
            undone.add(entry.input.get("undoes"))
            in_effect = in_effect[:-1]
        elif kind != fairdice.COMMITMENT:
            in_effect.append(entry.n)
    return undone | set(in_effect[-1:])


def _same_entry(logged: Any, replayed: Any) -> None:
    """A logged entry is the one replay writes again, field by field (its round, power and phase too), so that a
    log whose entries were edited and re-chained does not pass."""
    if logged.hash == replayed.hash:
        return
    mine, theirs = replayed.model_dump(mode="json"), logged.model_dump(mode="json")
    field = next((k for k in ("n", "round", "power", "phase", "prev", "input", "state_sha256") if mine[k] != theirs[k]),
                 "hash")
    raise _Divergence(f"entry {logged.n} says {field} {theirs[field]!r}, but replayed it is {mine[field]!r}: the log "
                      "was edited")


def _undo_text(entry: Any) -> str:
    if is_edit(entry.input):
        return f"undoes entry {entry.n}: the edit of round {entry.round} ({entry.input.get('reason')})"
    step = ", a step entered move by move" if entry.input.get("step") and not entry.input.get("end") else ""
    return f"undoes entry {entry.n}: {entry.power}'s {entry.phase.replace('_', ' ')} of round {entry.round}{step}"


def _undone(ruleset: Any, game: Game, log: Log, target: tuple[int, Game], record: dict,
            bind_state: bool = True) -> tuple[Game, Log]:
    """The state before entry `target`, with the undo entry appended to the log."""
    n, before = target
    undone = log.entries[n - 1]
    restored = before.model_copy(deep=True)
    # Commitments and the chain values revealed stay: an undone roll's reveals are spent.
    restored.fair_dice = game.fair_dice
    entry = make_entry(log, game.round, game.power, game.phase, record, dump_events([Note(text=_undo_text(undone))]),
                       state_sha256(ruleset, restored) if bind_state else None)
    new_log = log.model_copy(update={"entries": [*log.entries, entry]})
    restored.log = game.log.model_copy(update={"head": new_log.head, "entries": len(new_log.entries)})
    return restored, new_log


def _committed(ruleset: Any, game: Game, log: Log, record: dict, where: str, error: type[Exception],
               bind_state: bool = True) -> tuple[Game, Log]:
    """The game with a player's fair-dice commitment, and the log with its entry."""
    problems = fairdice.commitment_problems(game, record)
    if problems:
        raise error(f"{where}: {problems[0]}")
    new_game = game.model_copy(deep=True)
    note = fairdice.apply_commitment(new_game, record)
    entry = make_entry(log, game.round, game.power, game.phase, record, dump_events([Note(text=note)]),
                       state_sha256(ruleset, new_game) if bind_state else None)
    new_log = log.model_copy(update={"entries": [*log.entries, entry]})
    new_game.log = game.log.model_copy(update={"head": new_log.head, "entries": len(new_log.entries)})
    return new_game, new_log


@locks_game
def commit(game_path: Path, secret_path: Path, player: str | None, powers: list[str], length: int) -> tuple[Game, str, bool]:
    """A player's fair-dice commitment, appended to the game and its log. The secret file is
    created (new key and chain) when it does not exist; the game, the log and a new secret
    file are written together or not at all. Returns the game, the log note and whether the
    secret file is new."""
    loaded = load_game(game_path)
    secret, created = fairdice.open_or_create_secret(secret_path, player, loaded.game.seed, length)
    unknown = [p for p in powers if p not in loaded.game.powers]
    if unknown:
        known = loaded.setup.power_names.get(unknown[0])
        raise UsageError(f"{known} does not play in this game (powers: {', '.join(loaded.game.powers)})" if known
                         else loaded.setup.power_names.unknown_message(unknown[0]))
    record = fairdice.commitment_record(secret, powers, loaded.game.seed, loaded.game.log.head)
    game, log = _committed(loaded.ruleset, loaded.game, loaded.log, record, str(game_path), UsageError)
    files = {str(game_path): game_text(game, loaded.doc), str(loaded.log_path): log_text(log)}
    if created:
        files[str(secret_path)] = fairdice.secret_text(secret)
    write_game_files(files, private=[str(secret_path)])
    return game, log.entries[-1].events[0]["text"], created


@locks_game
def undo(game_path: Path, log_path: Path | None = None, secret_path: Path | None = None) -> tuple[Game, str]:
    """Take back the last orders or decision still in effect, as a new log entry: the log loses
    nothing, the game returns to the state before them, and replay still verifies. Seeded dice
    depend on their context, so orders applied again roll the same dice; in a fair-dice game
    the undo is signed by the undone document's player, and orders applied again need new
    reveals, so the re-roll shows in the log."""
    loaded = load_game(game_path, log_path)
    try:
        game, stack = _rebuild(loaded)
    except _Divergence as exc:
        raise InvalidInput(f"{game_path}: the log does not replay, so nothing can be undone: {exc}") from None
    if not stack:
        raise UsageError(f"{game_path}: nothing to undo (no orders are in effect)")
    n = stack[-1][0]
    if game.fair_dice and is_edit(loaded.log.entries[n - 1].input):
        raise UsageError(f"{game_path}: the last entry in effect, {n}, is an edit, which every player signed: take it "
                         "back with another edit, signed by every player")
    record: dict[str, Any] = {"kind": UNDO, "schema_version": 1, "undoes": n}
    if game.fair_dice:
        record["signature"] = fairdice.undo_signature(game, loaded.log.entries[n - 1].power, n, secret_path)
    restored, log = _undone(loaded.ruleset, game, loaded.log, stack[-1], record)
    restored.log.file = loaded.game.log.file
    write_game_files({str(game_path): game_text(restored, loaded.doc), str(loaded.log_path): log_text(log)})
    return restored, _undo_text(loaded.log.entries[n - 1])


@locks_game
def rekey(game_path: Path, force: bool = False) -> Game:
    """New referee secrets (Blocks in the West: the key of the opaque names in a side's view) for a game, written to
    its file only: the game is rebuilt from its log with them, so that what they govern (the blocks' lives) counts
    from the start; the log is left as it is. A game that has its secrets keeps them unless `force`."""
    loaded = load_game(game_path)
    fresh = loaded.ruleset.referee_secrets()
    if not fresh:
        raise UsageError(f"{game_path}: this game keeps no secret of the referee's (only Blocks in the West does, for "
                         "its views)")
    if not force and all(getattr(loaded.game, key) is not None for key in fresh):
        raise UsageError(f"{game_path} has its secret already; --force draws a new one, and every hidden block gets a "
                         "new name in both sides' views")
    checked = replay(game_path)
    if checked.divergence:
        raise InvalidInput(f"{game_path}: the log does not replay, so the game cannot be rebuilt with a new secret: "
                           f"{checked.divergence}")
    for key, value in fresh.items():
        setattr(loaded.game, key, value)
    game, _ = _rebuild(loaded)
    write_game_files({str(game_path): game_text(game, loaded.doc)}, private=[str(game_path)])
    return game


def _event_divergence(n: int, produced: list[dict], logged: list[dict]) -> str:
    for i, (a, b) in enumerate(zip(produced, logged), start=1):
        if a != b:
            return f"entry {n}, event {i}: the log says {_short(b)} but the rules give {_short(a)}"
    return f"entry {n}: the log has {len(logged)} events but the rules give {len(produced)}"


def _short(event: dict) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in event.items()) + "}"


MAX_DIFFERENCES = 10
"""How many differing fields a hand-edited game's refusal names."""


def _differences(file_data: Any, replayed: Any, where: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any, Any]]:
    """Every place where two JSON-like values differ, deepest first found: (path, file's value, replayed value)."""
    if isinstance(file_data, dict) and isinstance(replayed, dict):
        found = []
        for key in dict.fromkeys([*file_data, *replayed]):
            if file_data.get(key) != replayed.get(key):
                found += _differences(file_data.get(key), replayed.get(key), (*where, key))
        return found
    if isinstance(file_data, list) and isinstance(replayed, list) and len(file_data) == len(replayed):
        return [d for i, (a, b) in enumerate(zip(file_data, replayed)) if a != b for d in _differences(a, b, (*where, i))]
    return [(where, file_data, replayed)]


def _dotted(where: tuple[Any, ...]) -> str:
    return "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in where).lstrip(".") or "the top"


def _brief(value: Any, limit: int = 60) -> str:
    """A value in a message, cut to `limit` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _first_difference(file_data: Any, replayed: Any) -> str:
    where, mine, theirs = _differences(file_data, replayed)[0]
    return f"at {_dotted(where)} the file has {_brief(mine)} but the log gives {_brief(theirs)}"


# --- validate ---------------------------------------------------------------------
@dataclass
class FileReport:
    path: str
    kind: str | None
    problems: list[Problem]
    error: str | None = None


def validate_files(paths: list[Path]) -> list[FileReport]:
    """Check each file by its kind; orders are also checked against the rules when one
    game file is among the paths."""
    reports: list[FileReport] = []
    games: list[LoadedGame] = []
    pending_orders: list[tuple[FileReport, OrdersInput]] = []
    for path in paths:
        report = FileReport(str(path), None, [])
        reports.append(report)
        try:
            doc = load_yaml(path)
            report.kind = document_kind(doc)
            if report.kind in PRIVATE_KINDS:
                warn_if_shared(doc)
            if report.kind in SETUP_KINDS:
                setup = parse_setup(doc)
                report.problems = ruleset_for(setup).setup_problems(setup, doc)
            elif report.kind in GAME_KINDS:
                loaded = load_game(path, read=doc)
                games.append(loaded)
            elif report.kind == "log":
                log = parse_model(doc, "log")
                report.problems = [Problem(p, str(path)) for p in chain_problems(log)]
            elif report.kind in ORDERS_KINDS:
                model = parse_model(doc, report.kind)
                pending_orders.append((report, OrdersInput(doc, model)))
            else:  # reveal and dice-secret files: their shape (their use is checked by apply and replay)
                parse_model(doc, report.kind)
        except AaRefError as exc:
            report.problems = exc.problems or [Problem(exc.message)]
            report.error = exc.message if not exc.problems else None
    for report, given in pending_orders:
        if len(games) == 1:
            loaded = games[0]
            report.problems = loaded.ruleset.check(loaded.setup, loaded.game, given)
        elif given.model.game and given.model.kind in ("orders", "decision"):
            try:
                report.problems = orders_name_problems(given, load_setup(given.model.game))
            except AaRefError as exc:
                report.problems = [given.problem(exc.message, ("game",))]
    return reports


def read_game(path: Path) -> Game:
    """A game file's state alone (no log check): for comparing files a player received."""
    _recovered(path)
    doc = load_yaml(path)
    kind = document_kind(doc)
    if kind not in GAME_KINDS:
        raise InvalidInput(f"{path}: not a game file (kind: {doc.data.get('kind')})")
    return parse_model(doc, kind)


class _DiceNeeded(Exception):
    """Raised by `_NoDice`: the document's adjudication would roll dice."""


class _NoDice:
    """A dice source for dry runs that must not roll: it stops the adjudication instead."""

    def roll(self, context: str, count: int, volley: Volley | None = None) -> list[int]:
        raise _DiceNeeded(context)


def rolls_dice(setup: Setup, ruleset: Any, game: Game, given: OrdersInput) -> bool:
    """Whether adjudicating the (legal) document against `game` rolls any die."""
    ctx = Context(setup, game.model_copy(deep=True), _NoDice(), apply=ruleset.apply_event)
    try:
        ruleset.adjudicate(ctx, given)
    except _DiceNeeded:
        return True
    return False


class _Enough(Exception):
    """Raised by `_VolleyList` once it has listed as many volleys as were asked for."""


class _VolleyList:
    """The game's own dice, noting each volley rolled: which volleys a document rolls, told to a table before it
    rolls them (later rounds of a battle depend on the dice, so the list is what these dice would lead to)."""

    def __init__(self, seed: str, limit: int) -> None:
        self.seeded, self.limit = SeededDice(seed), limit
        self.volleys: list[str] = []

    def roll(self, context: str, count: int, volley: Volley | None = None) -> list[int]:
        if len(self.volleys) == self.limit:
            raise _Enough
        what = volley.text(count) if volley else f"roll {count} {'die' if count == 1 else 'dice'}"
        self.volleys.append(f"{context}: {what}")
        return self.seeded.roll(context, count)


VOLLEYS_SHOWN = 12
"""How many of a document's volleys `check` and `template` list (a battle fought to its end may roll many more)."""


def volleys_of(setup: Setup, ruleset: Any, game: Game, given: OrdersInput, limit: int = VOLLEYS_SHOWN) -> list[str]:
    """The volleys a legal document rolls, named and described, as the game's own dice would fall (at most `limit`;
    the first is certain, the later ones depend on the dice)."""
    listing = _VolleyList(game.seed, limit)
    ctx = Context(setup, game.model_copy(deep=True), listing, apply=ruleset.apply_event)
    try:
        ruleset.adjudicate(ctx, given)
    except _Enough:
        listing.volleys.append("... and more, as the dice fall")
    except AaRefError:  # a self-checking ruleset refusing with these dice: the volleys until then
        pass
    return listing.volleys


VOLLEYS_HEAD = ("the volleys it rolls (the first for certain, the rest as the game's own dice would fall); "
                "'apply --ask-dice' asks for each, or list them by name under 'dice:'")


def template_volleys(loaded: LoadedGame, text: str) -> str:
    """Comment lines naming the volleys an unchanged template would roll (none when it rolls no dice)."""
    try:
        doc = parse_yaml(text, "template")
        given = OrdersInput(doc, parse_model(doc, document_kind(doc)))
        volleys = volleys_of(loaded.setup, loaded.ruleset, loaded.game, given)
    except AaRefError:
        return ""
    if not volleys:
        return ""
    head = ["Dice at the table: the volleys this document rolls (the first for certain, the rest as the game's own",
            "dice would fall). 'aa-ref apply --ask-dice' asks for each; or list them by name under 'dice:', e.g.",
            f"dice: {{{volleys[0].split(': ', 1)[0]}: [...]}}"]
    return "".join(f"# {line}\n" for line in [*head, *(f"  {v}" for v in volleys)])


@dataclass
class CheckReport:
    path: str
    problems: list[Problem]
    status: str  # "legal", "illegal", "not checked"
    detail: str = ""
    volleys: list[str] = field(default_factory=list)


def check_orders(game_path: Path, orders_paths: list[Path]) -> list[CheckReport]:
    """The legality of orders and decisions against a game, in order, with no dice and no
    writes: a legal document that rolls no dice is adjudicated in memory, so the next one is
    checked against the state it leads to; after one that would roll dice, the rest cannot be
    checked (their state depends on the dice)."""
    loaded = load_game(game_path)
    game = loaded.game
    reports: list[CheckReport] = []
    blocked = ""
    for path in orders_paths:
        if blocked:
            reports.append(CheckReport(str(path), [], "not checked", blocked))
            continue
        given = load_orders(path)
        problems = loaded.ruleset.check(loaded.setup, game, given)
        if problems:
            reports.append(CheckReport(str(path), problems, "illegal"))
            blocked = f"it follows {path}, which is illegal"
            continue
        ctx = Context(loaded.setup, game.model_copy(deep=True), _NoDice(), apply=loaded.ruleset.apply_event)
        try:
            loaded.ruleset.adjudicate(ctx, given)
        except _DiceNeeded:
            volleys = volleys_of(loaded.setup, loaded.ruleset, game, given)
            reports.append(CheckReport(str(path), [], "legal", "its adjudication rolls dice: " + VOLLEYS_HEAD, volleys))
            blocked = f"it follows {path}, whose outcome depends on dice"
            continue
        game = ctx.game
        after = f"the game ends: {game.winner} won" if game.winner else f"next: round {game.round}, {game.power}, {game.phase}"
        reports.append(CheckReport(str(path), [], "legal", after))
    return reports


def orders_name_problems(given: OrdersInput, setup: Setup) -> list[Problem]:
    """Unknown power, space and unit names in an orders file checked without its game."""
    model = given.model
    problems = []
    if model.power not in setup.power_names:
        problems.append(given.problem(setup.power_names.unknown_message(model.power), ("power",)))
    for loc, value in _named_values(given.doc.data):
        index = setup.unit_names if loc[-1] in ("units", "purchase") else setup.space_names
        if isinstance(value, dict):
            problems += [given.problem(setup.unit_names.unknown_message(k), (*loc, k)) for k in value if k not in setup.unit_names]
        elif isinstance(value, str) and value not in index:
            problems.append(given.problem(index.unknown_message(value), loc))
    return problems


def _named_values(data: Any, loc: tuple = ()) -> list[tuple[tuple, Any]]:
    """(location, value) of every space name and unit mapping in orders data."""
    out = []
    if isinstance(data, dict):
        for key, value in data.items():
            here = (*loc, key)
            if key in ("from", "to", "at", "unload", "land_at", "space") and isinstance(value, str):
                out.append((here, value))
            elif key == "via" and isinstance(value, list):
                out += [((*here, i), v) for i, v in enumerate(value) if isinstance(v, str)]
            elif key in ("units", "purchase") and isinstance(value, dict):
                out.append((here, value))
            elif key == "place" and isinstance(value, dict):
                out += [((*here, s), s) for s in value]
                out += [((*here, s, "units"), u) for s, u in value.items() if isinstance(u, dict)]
            else:
                out += _named_values(value, here)
    elif isinstance(data, list):
        for i, item in enumerate(data):
            out += _named_values(item, (*loc, i))
    return out

