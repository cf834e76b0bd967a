"""Name matching: case-insensitive lookup of board, power and unit names with suggestions."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import Any


def natural_key(name: str) -> tuple:
    """Sort key that puts `SZ 4` before `SZ 10`, ignoring case."""
    return tuple(int(part) if part.isdigit() else part.casefold() for part in re.split(r"(\d+)", name))


def by_name(mapping: dict[str, Any]) -> dict[str, Any]:
    """The mapping with its keys in natural order (`SZ 4` before `SZ 10`): the one order every walk over a game's
    spaces, hexes, armies or blocks takes, so that play and replay emit the same events."""
    return dict(sorted(mapping.items(), key=lambda item: natural_key(item[0])))


def _fold(name: str) -> str:
    return " ".join(name.casefold().split())


def plurals(name: str) -> list[str]:
    """Regular English plurals of a unit name: `tanks`, `artilleries`, `battleships`."""
    if name.endswith("y") and name[-2:-1] not in ("a", "e", "o", "u"):
        return [name + "s", name[:-1] + "ies"]
    if name.endswith(("s", "x", "ch", "sh")):
        return [name + "es"]
    return [name + "s"]


def look_alikes(text: str, known: str = "") -> list[str]:
    """Each character of `text` outside ASCII and the characters of `known`, by its 1-based position and Unicode
    name: a Cyrillic `е` typed for a Latin `e` looks the same and matches nothing."""
    out = []
    for i, char in enumerate(text, 1):
        if ord(char) > 127 and not char.isspace() and char.casefold() not in known:
            out.append(f"character {i} '{char}' is {unicodedata.name(char, f'U+{ord(char):04X}')}")
    return out


class NameIndex:
    """Resolves what a user typed to a canonical name, accepting aliases in any case."""

    def __init__(self, what: str, names: Iterable[str], aliases: dict[str, Iterable[str]] | None = None) -> None:
        self.what = what
        self._canonical: dict[str, str] = {}
        for name in names:
            self._canonical[_fold(name)] = name
        for name, others in (aliases or {}).items():
            for alias in others:
                self._canonical.setdefault(_fold(alias), name)

    def __contains__(self, text: object) -> bool:
        return isinstance(text, str) and _fold(text) in self._canonical

    def get(self, text: str) -> str | None:
        """The canonical name for `text`, or None."""
        return self._canonical.get(_fold(text))

    def suggest(self, text: str) -> str | None:
        """The closest known name to a misspelt `text`, if any is close."""
        close = difflib.get_close_matches(_fold(text), list(self._canonical), n=1, cutoff=0.6)
        return self._canonical[close[0]] if close else None

    def unknown_message(self, text: str) -> str:
        """"unknown X 'text'", with a did-you-mean suggestion when there is one."""
        hint = self.suggest(str(text))
        tail = f"; did you mean '{hint}'?" if hint else ""
        odd = look_alikes(str(text), "".join(self._canonical))
        if odd:
            tail += " (" + "; ".join(odd) + ", not a plain letter)"
        return f"unknown {self.what} '{text}'{tail}"


def parse_counts(texts: Iterable[str], index: NameIndex, what: str = "--units") -> dict[str, int]:
    """`["2 infantry, tank", "Tanks"]` -> {"infantry": 2, "tank": 2}: comma-separated items, each an optional count
    and a name `index` knows (any case, plurals and aliases as the index has them). A ValueError in a user's words
    (with a did-you-mean) for an item it cannot read."""
    out: dict[str, int] = {}
    for text in texts:
        for part in filter(None, (p.strip() for p in str(text).split(","))):
            match = re.fullmatch(r"(\d+)\s*[x×]?\s+(.+)|(\D.*)", part)
            if not match:
                raise ValueError(f"{what}: cannot read '{part}'; write e.g. '2 infantry, 1 tank'")
            n, name = (int(match.group(1)), match.group(2)) if match.group(1) else (1, match.group(3))
            found = index.get(name.strip())
            if found is None:
                raise ValueError(f"{what}: {index.unknown_message(name.strip())}")
            if n <= 0:
                raise ValueError(f"{what}: '{part}' moves no unit; give a count of 1 or more")
            out[found] = out.get(found, 0) + n
    if not out:
        raise ValueError(f"{what}: no units given; write e.g. '2 infantry, 1 tank'")
    return out


def pick_pieces(texts: Iterable[str], pieces: list[tuple[str, str]], kinds: NameIndex,
                unknown: Callable[[str, str], str], too_few: Callable[[int, str, int], str]) -> list[str]:
    """The pieces (id, kind) named in `texts` ("ge_pz_1, 2 infantry"): an id in any case, or `[n] kind` for that many
    pieces of the kind not yet chosen. A ValueError in a user's words otherwise: `unknown(item, name)` for an item
    naming neither, `too_few(have, kind, wanted)` for more pieces than there are."""
    ids = NameIndex("piece", [piece for piece, _ in pieces])
    chosen: list[str] = []
    for text in texts:
        for part in filter(None, (p.strip() for p in str(text).split(","))):
            piece = ids.get(part)
            if piece is not None:
                chosen.append(piece)
                continue
            match = re.fullmatch(r"(\d+)\s+(.+)|(\D.*)", part)
            n, name = (int(match.group(1)), match.group(2)) if match and match.group(1) else (1, part)
            kind = kinds.get(name.strip())
            if kind is None:
                raise ValueError(unknown(part, name.strip()))
            free = [piece for piece, of in pieces if of == kind and piece not in chosen]
            if len(free) < n:
                raise ValueError(too_few(len(free), kind, n))
            chosen += free[:n]
    return chosen
