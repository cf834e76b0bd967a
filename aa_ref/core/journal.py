"""Crash-safe writes of a game's files (the game, its log and the files written with them) through a journal.

No file system renames two files at one instant, so a write of a game and its log goes in three steps:

1. the journal `.GAME.yaml.journal` is written beside the game and made durable: a first line saying what it is,
   one line per file naming it (relative to the game's folder), the temporary file its new content goes to
   (`.NAME.XXXXXXXX.tmp` beside it) and that content's SHA-256, and a last line holding the SHA-256 of the lines
   before it, which marks the journal complete;
2. each new content is written to its temporary file and made durable;
3. the temporary files are renamed over the files, the folders made durable, and the journal deleted.

Every temporary file is named by a durable journal before it exists, so a crash at any instant leaves one of:
no journal (the old files, or the new ones); a journal all of whose files are staged with their digests or
already in place (the renames could begin or had begun: `recover` finishes them); or a journal some of whose
files are missing or partial (the renames had not begun: `recover` deletes what was staged, and the old files
stand). Every command that loads a game calls `recover`, holding the game's lock while it repairs.

A game folder may come from an opponent, so a journal is hostile input: one that no crash of aa-ref could leave (a
name leading out of the folder, a link, a damaged line) is refused, located, and nothing it names is touched.
Recovery renames only a regular file of the temporary-file pattern whose content has the journal's digest, onto a
file the journal names inside the game's folder, and deletes only files of that pattern.

Nothing here cleans up on a crash (`SimulatedCrash` in the tests is a BaseException no handler here catches, like
a killed process): only an OSError (a full disk) deletes what this write staged, before its first rename.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import secrets
import stat
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from aa_ref.core.errors import AaRefError, InvalidInput, Problem, UsageError
from aa_ref.core.lock import writing
from aa_ref.core.yamlio import MAX_FILE_BYTES, atomic_write_many, file_mode, read_bytes, with_editor_line

HEADER = {"aa-ref": "journal", "version": 1}
MAX_JOURNAL_BYTES = 64 * 1024
MAX_FILES = 16
"""The most files one journal may name (a game, its log, a setup copied beside it, a secret file per player)."""
_OPEN_NEW = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
             | getattr(os, "O_BINARY", 0))
"""A file this write makes: new (never an existing one, nor through a link), written only."""
_TOKEN = re.compile(r"[0-9a-f]{8}")
_DIGEST = re.compile(r"[0-9a-f]{64}")
_LEFTOVER = re.compile(r"[A-Za-z0-9_]{8}")
"""The random part of a temporary file's name, as aa-ref writes it (and as its versions before journals did)."""
_BAD_CHARS = re.compile(r"[\x00-\x1f\\:]")


def journal_path(game_path: Path) -> Path:
    """`.GAME.yaml.journal` beside `GAME.yaml`."""
    return game_path.with_name(f".{game_path.name}.journal")


def temp_name(name: str, token: str) -> str:
    """The temporary file that stages the new content of the file `name`: `.NAME.TOKEN.tmp` beside it."""
    return f".{PurePosixPath(name).name}.{token}.tmp"


@dataclass
class Entry:
    """One file of a journal: its name relative to the game's folder, its temporary file's name and the SHA-256 of
    its new content; `line` is where the journal says so."""

    name: str
    temp: str
    sha256: str
    line: int = 0

    def target(self, folder: Path) -> Path:
        return folder.joinpath(*PurePosixPath(self.name).parts)

    def staged(self, folder: Path) -> Path:
        return self.target(folder).with_name(self.temp)


# --- writing -------------------------------------------------------------------
def write_game_files(files: dict[str, str], private: Collection[str] = ()) -> None:
    """Write a game's files, the game first, holding its lock: a crash at any instant leaves the old files, the new
    ones, or a journal that the next command (or `aa-ref recover`) completes; an error (a full disk) before the
    first file is replaced leaves the old files and nothing else; those named in `private` get mode 0600.

    Files outside the game's folder (a player's secret file kept elsewhere) are written first, each on its own: a
    crash then leaves them new beside the old game, never the game naming a file that was not written."""
    game = Path(next(iter(files)))
    with writing(game):
        recover(game)  # a journal a crashed writer left is done with before this write
        folder = _folder(game)
        inside: list[tuple[str, Path, bytes, int]] = []
        for path, text in files.items():
            target = Path(path)
            name = _name_in(folder, target)
            if name is None:
                atomic_write_many({path: text}, private=[path] if path in private else ())
                continue
            problem = _name_problem(name)
            if problem is not None:
                raise UsageError(f"{target}: cannot write it safely with the game: the name {problem}")
            data = with_editor_line(target, text).encode("utf-8")
            inside.append((name, target, data, file_mode(target, path in private)))
        _write(game, inside)


def _folder(game: Path) -> Path:
    """The game's folder, its links resolved (to check names against; never written into a file)."""
    return Path(os.path.abspath(game)).parent.resolve()


def _name_in(folder: Path, target: Path) -> str | None:
    """How the journal names `target`: relative to the game's folder, or None for a file outside it."""
    parent = Path(os.path.abspath(target)).parent.resolve()
    if not parent.is_relative_to(folder):
        return None
    return (parent / target.name).relative_to(folder).as_posix()


def _write(game: Path, files: list[tuple[str, Path, bytes, int]]) -> None:
    """The journaled write of `files` (name in the folder, path, content, mode): journal, staging, renames."""
    journal = journal_path(game)
    staging: list[tuple[Entry, Path, Path, bytes, int]] = []
    for name, target, data, mode in files:
        token = secrets.token_hex(4)
        while os.path.lexists(target.with_name(temp_name(name, token))):
            token = secrets.token_hex(4)
        entry = Entry(name, temp_name(name, token), hashlib.sha256(data).hexdigest())
        staging.append((entry, target.with_name(entry.temp), target, data, mode))
    made: list[Path] = []
    try:
        _create(journal, journal_text([entry for entry, *_ in staging]).encode("utf-8"), 0o600, made)
        _sync_folder(journal.parent)
        for _, staged, _, data, mode in staging:
            _create(staged, data, mode, made)
    except OSError as exc:
        _discard(made)
        raise UsageError(f"{game}: cannot write ({exc.strerror}); nothing was written") from None
    renamed = 0
    try:
        for _, staged, target, _, _ in staging:
            os.replace(staged, target)
            renamed += 1
    except OSError as exc:
        if renamed == 0:
            _discard(made)
            raise UsageError(f"{game}: cannot write ({exc.strerror}); nothing was written") from None
        raise UsageError(f"{game}: the write stopped half-way ({exc.strerror}); the next aa-ref command on {game} "
                         f"finishes it (or run 'aa-ref recover {game}')") from None
    try:
        for parent in dict.fromkeys(target.parent for *_, target, _, _ in staging):
            _sync_folder(parent)
        os.unlink(journal)
    except OSError:
        pass  # every file is in place: the next command finds them so and deletes the journal


def journal_text(entries: list[Entry]) -> str:
    """A journal's text: the header, one line per file, and the SHA-256 of those lines, which marks it complete."""
    lines = [json.dumps(HEADER)] + [json.dumps({"file": e.name, "temp": e.temp, "sha256": e.sha256}) for e in entries]
    body = "".join(line + "\n" for line in lines)
    return body + json.dumps({"end": hashlib.sha256(body.encode("utf-8")).hexdigest()}) + "\n"


def _create(path: Path, data: bytes, mode: int, made: list[Path]) -> None:
    """Make the new file `path` holding `data`, with `mode`, durable (fsync) before it is closed."""
    fd = os.open(path, _OPEN_NEW, 0o600)
    made.append(path)
    try:
        os.chmod(path, mode)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)


def _sync_folder(folder: Path) -> None:
    """Make the names in `folder` durable (POSIX; other systems cannot open a folder, and need not)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP):  # a file system that syncs no folder
            raise
    finally:
        os.close(fd)


def _discard(made: list[Path]) -> None:
    """Delete what a failed write made, its temporary files first and its journal last: if a deletion fails too, the
    journal still names what is left, and the next command deletes it."""
    for path in reversed(made):
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
        except OSError:
            return


# --- recovering -------------------------------------------------------------------
def pending(game_path: Path) -> bool:
    """Whether a write of the game was interrupted (or is under way in another command): its journal exists."""
    return os.path.lexists(journal_path(game_path))


def recover(game_path: Path) -> str | None:
    """Finish or undo the write of a game's files that a crash interrupted, holding the game's lock: what was done,
    in words, or None when nothing was to do. A complete journal whose files are each staged with their digest or
    already in place is finished; any other journal that a crash could leave is undone (the renames had not begun:
    its staged files are deleted); a journal that no crash could leave is refused, located (InvalidInput)."""
    journal = journal_path(game_path)
    if not os.path.lexists(journal):
        return None
    with writing(game_path):
        if not os.path.lexists(journal):
            return None  # the command that held the lock has finished its write
        entries, complete = read_journal(journal, game_path.name)
        folder = _folder(game_path)
        try:
            states = [_state(entry, folder, journal) for entry in entries]
            names = _listed([e.name for e in entries])
            if complete and all(states):
                _finish(entries, folder, journal)
                return f"finished an interrupted write of {names}"
            _undo(entries, folder, journal)
        except OSError as exc:
            raise UsageError(f"{game_path}: cannot repair the interrupted write of its files ({exc.strerror}); "
                             f"'aa-ref recover {game_path}' tries again") from None
    if not entries:
        return "removed the journal of an interrupted write that had not begun"
    return f"undid an interrupted write of {names}: they are as they were before it"


def _finish(entries: list[Entry], folder: Path, journal: Path) -> None:
    for entry in entries:
        if os.path.lexists(entry.staged(folder)):
            os.replace(entry.staged(folder), entry.target(folder))
    for parent in dict.fromkeys(entry.target(folder).parent for entry in entries):
        _sync_folder(parent)
    os.unlink(journal)


def _undo(entries: list[Entry], folder: Path, journal: Path) -> None:
    for entry in entries:
        staged = entry.staged(folder)
        if os.path.lexists(staged):
            os.unlink(staged)
    os.unlink(journal)


def _state(entry: Entry, folder: Path, journal: Path) -> bool:
    """Whether the entry's new content is ready: staged with its digest, or (staged file gone) in place. A staged
    file that is not a regular file, or a file whose folder leads out of the game's, is refused."""
    parent = entry.target(folder).parent
    if not os.path.isdir(parent):
        return False
    if not parent.resolve().is_relative_to(folder):
        raise _refused(journal, entry.line, f"'{entry.name}' lies in a folder that leads out of the game's folder")
    staged = entry.staged(folder)
    try:
        info = os.lstat(staged)
    except FileNotFoundError:
        return _has_digest(entry.target(folder), entry.sha256)
    what = _not_a_file(info.st_mode)
    if what is not None:
        raise _refused(journal, entry.line, f"the staged file '{entry.temp}' is {what}, not a file aa-ref staged")
    return _has_digest(staged, entry.sha256)


def _has_digest(path: Path, digest: str) -> bool:
    """Whether `path` is a regular file (not a link) of at most MAX_FILE_BYTES with the SHA-256 `digest`."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return False
        data, _ = read_bytes(path, MAX_FILE_BYTES)
    except (OSError, AaRefError):
        return False
    return hashlib.sha256(data).hexdigest() == digest


def _not_a_file(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISLNK(mode):
        return "a link"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "a special file"


def _listed(names: list[str]) -> str:
    if not names:
        return "no file"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# --- reading a journal ---------------------------------------------------------------
def _refused(journal: Path, line: int, what: str) -> InvalidInput:
    message = (f"{what}; aa-ref never writes such a journal: it was damaged, or made by hand (in a folder received "
               f"from someone?). Nothing it names was touched; delete {journal.name} to go on with the game's files "
               "as they are")
    return InvalidInput(f"{journal}: {what}", [Problem(message, str(journal), line or None, 1 if line else None)])


def read_journal(journal: Path, game_name: str) -> tuple[list[Entry], bool]:
    """The entries of a journal and whether it is complete. A journal cut short (a crash while it was written) is
    incomplete; anything else that is not exactly what `journal_text` writes is refused, located."""
    try:
        info = os.lstat(journal)
    except OSError as exc:
        raise UsageError(f"{journal}: cannot read ({exc.strerror})") from None
    what = _not_a_file(info.st_mode)
    if what is not None:
        raise _refused(journal, 0, f"the journal is {what}")
    data, _ = read_bytes(journal, MAX_JOURNAL_BYTES)
    *lines, tail = data.split(b"\n")
    header = json.dumps(HEADER).encode("utf-8")
    if not lines and not header.startswith(tail):
        raise _refused(journal, 1, "this is not an aa-ref journal")
    entries: list[Entry] = []
    for number, raw in enumerate(lines, 1):
        if number == 1:
            if raw != header:
                raise _refused(journal, 1, "this is not an aa-ref journal")
            continue
        record = _record(journal, number, raw)
        if "end" in record:
            if tail or number != len(lines):
                raise _refused(journal, number + 1, "the journal goes on after its end")
            body = b"".join(line + b"\n" for line in lines[:-1])
            if record["end"] != hashlib.sha256(body).hexdigest():
                raise _refused(journal, number, "the journal's checksum does not match its lines")
            return entries, True
        entries.append(_entry(journal, number, record, game_name, entries))
    return entries, False


def _record(journal: Path, number: int, raw: bytes) -> dict[str, Any]:
    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        if len({k for k, _ in pairs}) != len(pairs):
            raise ValueError("duplicate key")
        return dict(pairs)

    try:
        record = json.loads(raw.decode("utf-8"), object_pairs_hook=unique)
    except (UnicodeDecodeError, ValueError, RecursionError):
        record = None
    if isinstance(record, dict) and (set(record) == {"end"} or set(record) == {"file", "temp", "sha256"}) \
            and all(isinstance(v, str) for v in record.values()):
        return record
    raise _refused(journal, number, "this line is not a line of an aa-ref journal")


def _entry(journal: Path, number: int, record: dict[str, Any], game_name: str, before: list[Entry]) -> Entry:
    name, temp, digest = record["file"], record["temp"], record["sha256"]
    problem = _name_problem(name)
    if problem is not None:
        raise _refused(journal, number, f"the journal names the file '{name}', whose name {problem}")
    if not before and name != game_name:
        raise _refused(journal, number, f"the journal of {game_name} begins with '{name}', not with the game")
    if any(e.name == name for e in before) or len(before) >= MAX_FILES:
        raise _refused(journal, number, f"the journal names '{name}' twice, or more than {MAX_FILES} files")
    prefix, _, token = temp.removesuffix(".tmp").rpartition(".")
    if not temp.endswith(".tmp") or prefix != "." + PurePosixPath(name).name or not _TOKEN.fullmatch(token):
        raise _refused(journal, number, f"the staged file '{temp}' is not named as aa-ref names the one of '{name}'")
    if not _DIGEST.fullmatch(digest):
        raise _refused(journal, number, f"'{digest}' is not a SHA-256 digest")
    return Entry(name, temp, digest, number)


def _name_problem(name: str) -> str | None:
    """Why `name` cannot be a file of a journal (relative to the game's folder, and in it), or None."""
    if not name or len(name) > 1024:
        return "is empty or too long"
    if name.startswith("/") or _BAD_CHARS.search(name):
        return "is an absolute path, or holds a backslash, a colon or a control character"
    parts = name.split("/")
    if any(part in ("", ".", "..") for part in parts):
        return "leads out of the game's folder (or holds an empty part, '.' or '..')"
    if parts[-1].endswith((".tmp", ".journal", ".lock")):
        return "is the name of a file aa-ref keeps for itself (.tmp, .journal, .lock)"
    return None


def remove_leftovers(game_path: Path, names: list[str]) -> list[str]:
    """Delete the temporary files beside the game named as aa-ref names those of the files `names` (`.NAME.XXXXXXXX.tmp`:
    left by a crash of an aa-ref from before journals), holding the game's lock and with no journal pending, so that
    no command is writing them; the names of those deleted."""
    removed: list[str] = []
    folder = game_path.parent
    with writing(game_path):
        if pending(game_path):
            return removed
        for found in sorted(os.listdir(folder)):
            if any(_is_temp_of(found, name) for name in names) and not stat.S_ISDIR(os.lstat(folder / found).st_mode):
                os.unlink(folder / found)
                removed.append(found)
    return removed


def _is_temp_of(found: str, name: str) -> bool:
    """Whether the file name `found` is that of a temporary file of the file `name` (`.NAME.XXXXXXXX.tmp`)."""
    prefix, suffix = f".{name}.", ".tmp"
    return found.startswith(prefix) and found.endswith(suffix) and bool(
        _LEFTOVER.fullmatch(found[len(prefix):-len(suffix)]))
