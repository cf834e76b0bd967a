"""Hypothesis strategies that damage a file the way a careless or cheating opponent might: byte by byte (flips,
insertions, deletions, truncation, a duplicated span), or knowing its YAML (a value of another type, a huge or
negative number, a key deleted or added, deeper nesting, list items swapped, a path out of the folder, a name
spelled with look-alike letters), optionally with the log's hash chain computed again so the edit reaches past
the chain's check."""

from __future__ import annotations

import copy
import io
import json
import math
import random
import re
from typing import Any

from hypothesis import strategies as st
from ruamel.yaml import YAML

from aa_ref.core.auditlog import LogStart, entry_hash, start_hash

Path_ = tuple[Any, ...]
"""Where a node is in a document: the keys and indexes from its root."""

SPECIAL_BYTES = [b"\x00", b"\xff", b"\xfe\xff", b"\t", b"\r", b"\n", b":", b": ", b"- ", b"{", b"}", b"[", b"]",
                 b"&a ", b"*a", b"!!python/object:os.system ", b"!!binary ", b"%YAML 1.1\n", b"---\n", b"...\n",
                 b"#", b"'", b'"', b"\\", b"?", b"|", b">", b"<<: ", "\u202e".encode(), "\ufeff".encode(),
                 "\u0430".encode(), b"\xed\xa0\x80", b"9" * 25, b"-", b"~", b"null", b".nan", b".inf", b"0x"]
"""Bytes that mean something to YAML, UTF-8 or a number parser."""

HOSTILE_STRINGS = ["../../x", "/etc/passwd", "..", "/", "/dev/zero", "/dev/stdin", "/proc/self/environ",
                   "C:\\Windows\\win.ini", "~/x", "game.yaml", "game.log.yaml", ".game.yaml.lock", "", " ",
                   "\x00", "a" * 5000, "\u202egame", "x\ny: 1", "${HOME}", "%s%s%n", "{{7*7}}", "NaN", "-1",
                   "9" * 30, "USSR\u200b", "Ge\u0433many", "Kar\u0435lia", "\uff37est Russia", "West  Russia"]
"""Strings an opponent might put in place of a name or a path."""

HOSTILE_SCALARS: list[Any] = [None, True, False, 0, -1, -(2 ** 31), 2 ** 31, 2 ** 63, 10 ** 18 - 1, -(10 ** 18) + 1,
                              10 ** 25, 0.5, -0.0, 1e308, math.inf, -math.inf, math.nan, [], {}, [1, 2], {"a": 1}]
"""Values of another type, or numbers far out of range."""

LOOK_ALIKES = {"a": "\u0430", "e": "\u0435", "o": "\u043e", "p": "\u0440", "c": "\u0441", "x": "\u0445",
               "i": "\u0456", "s": "\u0455", "A": "\u0391", "B": "\u0392", "E": "\u0395", "K": "\u039a",
               "R": "\u0280", "S": "\u0405", "U": "\u222a", "1": "\u0661", "0": "\u041e"}
"""Latin letters and the letters of other scripts that look the same."""

_yaml = YAML(typ="safe", pure=True)
_yaml.default_flow_style = False
_yaml.allow_unicode = True


def parse(text: bytes) -> Any:
    """The document in `text`, or raise (any parser error)."""
    return _yaml.load(text.decode("utf-8"))


def dump(data: Any) -> bytes:
    """`data` as YAML, or as JSON (YAML too) when the YAML writer cannot (very deep nesting)."""
    try:
        out = io.StringIO()
        _yaml.dump(data, out)
        return out.getvalue().encode("utf-8")
    except (RecursionError, Exception):  # noqa: BLE001 - any failure of the writer: fall back to JSON
        return json.dumps(data, ensure_ascii=False).encode("utf-8")


def place(draw: st.DrawFn, size: int, label: str) -> int:
    """A place from 0 to size - 1, all about as likely: Hypothesis draws the simplest number (0) about one time
    in ten, which would damage the first bytes and keys of a file (its `kind:`) far more often than the rest, so
    the number drawn seeds a generator instead of being the place."""
    return random.Random(draw(st.integers(0, 2 ** 32 - 1), label=label)).randrange(size)


def _pick(draw: st.DrawFn, items: list[Any], label: str) -> Any:
    return items[place(draw, len(items), label)]


# -- byte-level ----------------------------------------------------------------------------------------------

@st.composite
def byte_edit(draw: st.DrawFn, text: bytes) -> bytes:
    """`text` with one byte-level edit."""
    n = len(text)
    at = place(draw, max(n, 1), "at")
    kind = draw(st.sampled_from(["flip", "insert", "special", "delete", "truncate", "duplicate"]), label="edit")
    if kind == "flip" and n:
        return text[:at] + bytes([text[at] ^ draw(st.integers(1, 255), label="xor")]) + text[at + 1:]
    if kind == "insert":
        return text[:at] + draw(st.binary(min_size=1, max_size=8), label="bytes") + text[at:]
    if kind == "special":
        return text[:at] + draw(st.sampled_from(SPECIAL_BYTES), label="bytes") + text[at:]
    if kind == "delete" and n:
        return text[:at] + text[at + draw(st.integers(1, 64), label="length"):]
    if kind == "truncate":
        return text[:at]
    length = draw(st.integers(1, 200), label="length")
    where = place(draw, n + 1, "to")
    return text[:where] + text[at:at + length] + text[where:]


@st.composite
def byte_mutation(draw: st.DrawFn, text: bytes) -> bytes:
    """`text` with one to three byte-level edits."""
    for _ in range(draw(st.integers(1, 3), label="edits")):
        text = draw(byte_edit(text))
    return text


# -- structure-aware -----------------------------------------------------------------------------------------

def nodes(data: Any, path: Path_ = ()) -> list[Path_]:
    """The path of every node under `data` (the root included), depth first."""
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += nodes(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += nodes(value, (*path, index))
    return found


def get(data: Any, path: Path_) -> Any:
    for step in path:
        data = data[step]
    return data


def put(data: Any, path: Path_, value: Any) -> Any:
    """`data` with the node at `path` replaced by `value` (the root when `path` is empty)."""
    if not path:
        return value
    get(data, path[:-1])[path[-1]] = value
    return data


def strings(data: Any) -> set[str]:
    """Every string in a document, keys included."""
    if isinstance(data, dict):
        return {k for k in data if isinstance(k, str)}.union(*(strings(v) for v in data.values()))
    if isinstance(data, list):
        return set().union(*(strings(v) for v in data))
    return {data} if isinstance(data, str) else set()


def neighbours(data: Any, value: bool | int | str) -> list[Any]:
    """Values of the same type as `value` that a game might hold: other numbers near it or far from it, another
    string of the same document (a territory for another, a power for another)."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1, -value, 0, -1, value * 1000, 10 ** 18 - 1, -(10 ** 18) + 1]
    return sorted(strings(data) - {value}) or [""]


def look_alike(text: str, draw: st.DrawFn) -> str:
    """`text` with one letter replaced by a letter of another script that looks the same (or a zero-width space
    added, or the text in full-width letters)."""
    places = [i for i, ch in enumerate(text) if ch in LOOK_ALIKES]
    how = draw(st.sampled_from(["letter", "zero-width", "full-width", "case"]), label="look-alike")
    if how == "letter" and places:
        i = places[place(draw, len(places), "letter")]
        return text[:i] + LOOK_ALIKES[text[i]] + text[i + 1:]
    if how == "full-width":
        return "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in text)
    if how == "case":
        return text.swapcase()
    return text + "\u200b"


def nest(value: Any, depth: int) -> Any:
    """`value` inside `depth` lists and maps, alternately."""
    for level in range(depth):
        value = [value] if level % 2 else {"x": value}
    return value


@st.composite
def structure_edit(draw: st.DrawFn, data: Any) -> Any:
    """`data` (a parsed document, changed in place) with one edit at a node chosen at random."""
    path = _pick(draw, nodes(data)[1:] or [()], "node")  # the root only when it is all there is
    node = get(data, path)
    kind = draw(st.sampled_from(["scalar", "string", "look-alike", "delete", "add", "nest", "swap", "rename",
                                 "same-type", "same-type", "other-key"]), label="edit")
    if kind == "same-type" and isinstance(node, (bool, int, str)):
        return put(data, path, draw(st.sampled_from(neighbours(data, node)), label="value"))
    if kind == "other-key" and path and isinstance(path[-1], str):
        parent = get(data, path[:-1])
        name = _pick(draw, sorted(strings(data)), "key")
        renamed = {(name if k == path[-1] else k): v for k, v in parent.items() if k != name or k == path[-1]}
        return put(data, path[:-1], renamed)
    if kind == "scalar" or (kind in ("string", "look-alike") and not isinstance(node, str)):
        return put(data, path, copy.deepcopy(draw(st.sampled_from(HOSTILE_SCALARS), label="value")))
    if kind == "string":
        return put(data, path, draw(st.sampled_from(HOSTILE_STRINGS), label="value"))
    if kind == "look-alike":
        return put(data, path, look_alike(node, draw))
    if kind == "nest":
        return put(data, path, nest(node, draw(st.sampled_from([1, 2, 5, 60, 99, 101, 150]), label="depth")))
    parent_path = path[:-1] if path else ()
    parent = get(data, parent_path)
    if kind == "delete" and path:
        del parent[path[-1]]
        return data
    if kind == "add":
        target = node if isinstance(node, (dict, list)) else parent
        extra = copy.deepcopy(draw(st.sampled_from(HOSTILE_SCALARS + HOSTILE_STRINGS), label="value"))
        if isinstance(target, dict):
            name = draw(st.sampled_from(["extra", "kind", "Kind", "power", "round", "n", "hash", "../x", ""]
                                        + [str(k) for k in target]), label="key")
            target[name] = extra
        elif isinstance(target, list):
            target.insert(place(draw, len(target) + 1, "index"), extra)
        return data
    if kind == "swap" and isinstance(node, list) and len(node) > 1:
        i, j = place(draw, len(node), "i"), place(draw, len(node), "j")
        node[i], node[j] = node[j], node[i]
        return data
    if kind == "swap" and isinstance(parent, list) and len(parent) > 1:
        parent.append(copy.deepcopy(parent[path[-1]]))  # a list item twice
        return data
    if kind == "rename" and path and isinstance(parent, dict) and isinstance(path[-1], str):
        renamed = {(look_alike(k, draw) if k == path[-1] else k): v for k, v in parent.items()}
        return put(data, parent_path, renamed)
    return put(data, path, copy.deepcopy(draw(st.sampled_from(HOSTILE_SCALARS), label="value")))


def rechain(log: Any) -> Any:
    """A parsed log with its hash chain computed again, as a cheat would (entries left as they are where they
    cannot be hashed)."""
    if not isinstance(log, dict) or not isinstance(log.get("entries"), list):
        return log
    try:
        prev = start_hash(LogStart.model_validate(log.get("start")))
    except Exception:  # noqa: BLE001 - a start that is no start: the entries keep the prev they have
        return log
    for entry in log["entries"]:
        if isinstance(entry, dict):
            entry["prev"] = prev
            try:
                entry["hash"] = prev = entry_hash(entry)
            except (TypeError, ValueError):
                return log
    return log


@st.composite
def structure_mutation(draw: st.DrawFn, text: bytes) -> bytes:
    """`text` parsed, given one to three edits, and written back."""
    try:
        data = parse(text)
    except Exception:  # noqa: BLE001 - not YAML (a mutated file): damage its bytes instead
        return draw(byte_mutation(text))
    for _ in range(draw(st.integers(1, 3), label="edits")):
        data = draw(structure_edit(data))
    return dump(data)


def mutation(text: bytes) -> st.SearchStrategy[bytes]:
    """A damaged copy of `text`: byte-level or structure-aware."""
    return st.one_of(byte_mutation(text), structure_mutation(text))


def rechained(log_text: bytes, game_text: bytes) -> tuple[bytes, bytes] | None:
    """A damaged log with its hash chain computed again and the game's head moved to it, as a cheat would do to
    get an edit past the chain's check; None when the log is no longer one that can be chained."""
    try:
        log = rechain(parse(log_text))
        head = log["entries"][-1]["hash"] if log["entries"] else start_hash(LogStart.model_validate(log["start"]))
        count = len(log["entries"])
    except Exception:  # noqa: BLE001 - not a log any more
        return None
    game = re.sub(rb"(\n  head: )[0-9a-f]+", lambda m: m.group(1) + str(head).encode(), game_text, count=1)
    game = re.sub(rb"(\n  entries: )[0-9]+", lambda m: m.group(1) + str(count).encode(), game, count=1)
    return dump(log), game
