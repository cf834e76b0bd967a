"""The A&A rule packages scanned for the rulebook references they write, for the citation tests of
each edition (tests/unit/test_anniversary_citations.py, tests/unit/test_global1940_citations.py).

A rule module cites a rule in two ways: a problem's rule, a whole string such as `AA1941 L989` or
`Anniversary Rockets [@55281]`, and a reference inside a note, a decision, an event's reason or a
problem's message, such as `[L649]` or `[@113180]`. An edition's `cite` maps the first, its
`cite_note` the second; these scans list what the modules write, so that a test can check that
every one is mapped or a documented exception, and that no mapping is stale.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import aa_ref.games.axis_allies

PACKAGE = Path(aa_ref.games.axis_allies.__file__).parent
REFERENCE = re.compile(r"\[(?:L\d+|@\d+)[^\]]*\]")
"""A note's reference as the editions' `cite_note` find it: a 1941 line or an Anniversary offset."""


def modules(packages: tuple[str, ...]) -> list[Path]:
    """The Python files of the given A&A packages (`rules`, `anniversary`, `global1940`)."""
    return sorted(p for package in packages for p in (PACKAGE / package).glob("*.py"))


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of docstring constants (module, class, function and attribute docstrings)."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        for statement in body if isinstance(body, list) else []:
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                found.add(id(statement.value))
    return found


@functools.cache
def strings(packages: tuple[str, ...]) -> list[tuple[str, str, bool]]:
    """(text, file:line, is an f-string piece) of every string constant in the packages that is not a
    docstring, bar the citation tables themselves."""
    out = []
    for path in modules(packages):
        if path.name == "citations.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        pieces = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                out.append((node.value, f"{path.name}:{node.lineno}", id(node) in pieces))
    return out


def is_rule(text: str) -> bool:
    """A problem's rule of another rulebook than Global's: `AA1941 ...` or `Anniversary ... [@N]`."""
    return text.startswith("AA1941 ") or (text.startswith("Anniversary ") and "[@" in text)


def rules(packages: tuple[str, ...], prefix: str) -> dict[str, list[str]]:
    """Each problem rule starting with `prefix` written in the packages -> where."""
    found: dict[str, list[str]] = {}
    for text, where, _ in strings(packages):
        if text.startswith(prefix) and is_rule(text):
            found.setdefault(text, []).append(where)
    return found


def notes(packages: tuple[str, ...], reference: re.Pattern[str] = REFERENCE) -> dict[str, list[str]]:
    """Each reference matching `reference` in a note, a decision, a reason or a message -> where.
    A rule string is left out (its `cite` maps it whole), and so is a Global one (it cites its own lines)."""
    found: dict[str, list[str]] = {}
    for text, where, _ in strings(packages):
        if not is_rule(text) and not text.startswith("G40 "):
            for ref in reference.findall(text):
                found.setdefault(ref, []).append(where)
    return found


def split_references(packages: tuple[str, ...]) -> list[tuple[str, str]]:
    """f-string pieces that end in the start of a reference ("[L{n}]"): one built at run time,
    which no scan can check."""
    return [(text, where) for text, where, piece in strings(packages)
            if piece and re.search(r"\[(?:L|@)\d*$", text)]
