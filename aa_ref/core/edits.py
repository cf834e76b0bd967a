"""Edit mode, logged: a document (`kind: edit`) that changes a game's position outside the rules, for a reason
everyone sees. What TripleA groups use edit mode for (a unit forgotten at the table, a position reached on a real
board, a house ruling), done so that nothing is hidden: it is its own log entry, replays exactly, and in a
fair-dice game it carries every player's signature.

An edit sets values in the game file by their path, written as the hand-edit refusal names them
(`powers.Germany.treasury`, `spaces.Caucasus.forces[0].units.infantry`); the result must be a game its ruleset
accepts. What decides how the game is played and checked (its setup, seed, options, log, fair-dice keys and the
referee's secrets) is not a position and cannot be edited.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field

from aa_ref.core.model import Signature, Strict

EDIT = "edit"
"""The kind of an edit document, and of the log entries it makes."""
FIXED = ("kind", "schema_version", "setup", "log", "seed", "options", "variant", "fair_dice", "pack_sha256",
         "scenario_sha256")
"""The game file's keys that say how the game is played and checked, not where it stands: no edit sets them."""
MAX_CHANGES = 1000


class Edit(Strict):
    """Changes to a game's position outside the rules, with the reason for them."""

    kind: Literal["edit"]
    schema_version: Literal[1]
    game: str | None = Field(default=None, description="the setup id the edit is for (checked when given)")
    reason: str = Field(min_length=1, max_length=2000, pattern=r"\S",
                        description="why the position is changed: shown wherever the edit is")
    set: dict[str, Any] = Field(
        min_length=1, max_length=MAX_CHANGES,
        description="path in the game file -> its new value (null removes an optional value); a path is keys "
                    "joined by dots, with [i] for a list's item: powers.Germany.treasury, "
                    "spaces.Caucasus.forces[0].units.infantry")
    based_on: str | None = Field(default=None, description="the game's log head the edit was written for; required "
                                                           "in a fair-dice game, checked when given")
    signatures: list[Signature] = Field(default_factory=list, description="in a fair-dice game, every player's "
                                                                          "signature (aa-ref sign)")


_INDEX = re.compile(r"\[(\d+)\]")


class EditError(Exception):
    """A change that does not fit the game: its path, and what is wrong, in words."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(message)
        self.path = path


def steps(data: Any, path: str) -> list[str | int]:
    """The keys and indexes a path names in `data`: at each mapping the longest existing key that the path goes on
    from (so a name with a dot, `St. Helena`, is found), else the rest up to the next dot (a new key)."""
    found: list[str | int] = []
    rest, here = path, data
    while rest:
        index = _INDEX.match(rest)
        if index:
            found.append(int(index.group(1)))
            rest = rest[index.end():].removeprefix(".")
        else:
            key = _key_at(here, rest)
            found.append(key)
            rest = rest[len(key):]
            if rest.startswith("."):
                rest = rest[1:]
                if not rest:
                    raise EditError(path, "the path ends with a dot")
        here = _child(here, found[-1])
    if not found:
        raise EditError(path, "the path is empty")
    return found


def _key_at(here: Any, rest: str) -> str:
    if isinstance(here, dict):
        fits = [k for k in here if isinstance(k, str) and rest.startswith(k) and rest[len(k):len(k) + 1] in ("", ".", "[")]
        if fits:
            return max(fits, key=len)
    end = min((i for i in (rest.find("."), rest.find("[")) if i > 0), default=len(rest))
    return rest[:end]


def _child(here: Any, step: str | int) -> Any:
    if isinstance(here, dict) and isinstance(step, str):
        return here.get(step)
    if isinstance(here, list) and isinstance(step, int) and step < len(here):
        return here[step]
    return None


def apply_changes(data: dict[str, Any], changes: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """Set each path of `changes` in the game's data, in place: (path, value before, value after) for each. A path
    must lead through existing mappings and list items to a key (new or existing) or an item."""
    done = []
    for path, value in changes.items():
        where = steps(data, path)
        if isinstance(where[0], str) and where[0] in FIXED:
            raise EditError(path, f"'{where[0]}' says how the game is played and checked, not where it stands: an "
                                  "edit cannot change it")
        parent: Any = data
        for depth, step in enumerate(where[:-1], start=1):
            parent = _child(parent, step)
            if not isinstance(parent, (dict, list)):
                raise EditError(path, f"the game file has nothing at {path_text(where[:depth])}")
        last = where[-1]
        if isinstance(parent, dict) and isinstance(last, str):
            before = parent.get(last)
            if value is None:
                parent.pop(last, None)
            else:
                parent[last] = value
        elif isinstance(parent, list) and isinstance(last, int) and last < len(parent):
            before = parent[last]
            parent[last] = value
        else:
            raise EditError(path, f"the game file has no place {path_text(where)}")
        done.append((path, before, value))
    return done


def path_text(where: tuple[Any, ...] | list[Any]) -> str:
    """Keys and indexes as a path: `spaces.Caucasus.forces[0].units.infantry`."""
    return "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in where).lstrip(".") or "the top"


def change_notes(reason: str, done: list[tuple[str, Any, Any]]) -> list[str]:
    """What the log shows of an edit: its reason, then each change."""
    return [f"EDIT: {reason}", *(f"edit: {path}: {_brief(before)} -> {_brief(after)}" for path, before, after in done)]


def _brief(value: Any, limit: int = 80) -> str:
    text = "none" if value is None else str(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def is_edit(record: dict[str, Any]) -> bool:
    """Whether a log entry's input is an edit."""
    return record.get("kind") == EDIT


def edits_in(log: Any) -> list[dict[str, Any]]:
    """The edits a log records, for `show --json` and `verify`: entry number, round, reason, signers."""
    undone = {e.input.get("undoes") for e in log.entries if e.input.get("kind") == "undo"}
    return [{"entry": e.n, "round": e.round, "reason": e.input.get("reason"), "undone": e.n in undone,
             "signed_by": [s.get("player") for s in e.input.get("signatures") or [] if isinstance(s, dict)]}
            for e in log.entries if is_edit(e.input)]


def edits_line(log: Any) -> str | None:
    """One line saying that a game's position was edited outside the rules, and where the log shows it."""
    found = edits_in(log)
    if not found:
        return None
    where = ", ".join(f"#{e['entry']}" + (" (undone)" if e["undone"] else "") for e in found)
    many = len(found) > 1
    return (f"This game has {len(found)} edit{'s' if many else ''} made outside the rules (log entr{'ies' if many else 'y'} "
            f"{where}): 'aa-ref log' shows {'each' if many else 'it'}, with its reason.")
