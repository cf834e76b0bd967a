"""Text that fits the terminal: long lines wrapped, tables of `tabulate`'s plain format reshaped (their widest
columns wrapped) to the width of the terminal.

The width is `COLUMNS` if set, else the terminal's when standard output is one; output piped into a script without
`COLUMNS` is left as it is, one record per line, for `grep` and friends (as `ls` and `git` do).
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import textwrap

RULE = re.compile(r"^-+(  -+)*$")
"""The line under a table's header in tabulate's plain ("simple") format: dashes per column, two spaces apart."""
NARROWEST = 6
"""No column is wrapped narrower than this."""


def width() -> int | None:
    """The width to fit, or None to leave the text as it is."""
    columns = os.environ.get("COLUMNS", "").strip()
    if columns.isdigit() and int(columns) > 0:
        return max(int(columns), 20)
    try:
        if sys.stdout.isatty():
            return max(shutil.get_terminal_size((80, 24)).columns, 20)
    except (AttributeError, ValueError, OSError):
        pass
    return None


def fit(text: str, columns: int | None = None) -> str:
    """`text` with every line within `columns` (default: `width()`): tables reshaped, other lines wrapped."""
    columns = width() if columns is None else columns
    if columns is None:
        return text
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        if i + 1 < len(lines) and RULE.match(lines[i + 1]) and lines[i + 1].strip():
            end = i + 2
            while end < len(lines) and _row_of(lines[end], lines[i + 1]):
                end += 1
            out.extend(_table(lines[i], lines[i + 1], lines[i + 2:end], columns))
            i = end
            continue
        out.extend(_wrap(lines[i], columns))
        i += 1
    return "\n".join(out)


def _wrap(line: str, columns: int) -> list[str]:
    if len(line) <= columns:
        return [line]
    indent = line[: len(line) - len(line.lstrip())]
    if len(indent) > columns // 2:
        indent = ""
    return textwrap.wrap(line, columns, subsequent_indent=indent + "  ", break_on_hyphens=False) or [line[:columns]]


def _row_of(line: str, rule: str) -> bool:
    """Whether `line` is a row of the table `rule` heads: within the rule, blank between its columns."""
    if not line.strip() or RULE.match(line) or len(line.rstrip()) > len(rule):
        return False
    return all(not line[start:end].strip() for start, end in ((m.start(), m.end()) for m in re.finditer(r" +", rule)))


def _spans(rule: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(r"-+", rule)]


def _table(header: str, rule: str, rows: list[str], columns: int) -> list[str]:
    spans = _spans(rule)
    if len(header) <= columns and len(rule) <= columns and all(len(r) <= columns for r in rows):
        return [header, rule, *rows]

    def cells(line: str) -> list[str]:
        out = []
        for n, (start, end) in enumerate(spans):
            stop = spans[n + 1][0] if n + 1 < len(spans) else len(line)
            out.append(line[start:max(end, stop)])
        return out

    body = [cells(r) for r in rows]
    head = [c.strip() for c in cells(header)]
    right = [any(row[n].strip() for row in body) and all(not row[n].strip() or len(row[n].rstrip()) == end - start
                                                         for row in body) for n, (start, end) in enumerate(spans)]
    texts = [[c.strip() for c in row] for row in body]
    widths = [max([len(h)] + [len(r[n]) for r in texts]) for n, h in enumerate(head)]
    gap = 2 * (len(widths) - 1)
    words = [max([len(w) for c in [h] + [r[n] for r in texts] for w in c.split()] + [1]) for n, h in enumerate(head)]
    floors = [min(widths[n], max(NARROWEST, min(words[n], columns // 4))) for n in range(len(widths))]
    while sum(widths) + gap > columns:  # the widest column that can still give room without cutting words
        shrinkable = [n for n in range(len(widths)) if widths[n] > floors[n]]
        if not shrinkable:
            break
        widths[max(shrinkable, key=lambda n: widths[n])] -= 1
    while sum(widths) + gap > columns and max(widths) > 3:  # then words are cut
        widths[max(range(len(widths)), key=lambda n: widths[n])] -= 1

    def block(row: list[str], align: list[bool]) -> list[str]:
        parts = [textwrap.wrap(c, w, break_on_hyphens=False) or [""] for c, w in zip(row, widths)]
        height = max(len(p) for p in parts)
        lines = []
        for k in range(height):
            line = "  ".join((p[k] if k < len(p) else "").rjust(w) if a else (p[k] if k < len(p) else "").ljust(w)
                             for p, w, a in zip(parts, widths, align))
            lines.append(line.rstrip())
        return lines

    out = block(head, right)
    out.append("  ".join("-" * w for w in widths))
    for row in texts:
        out.extend(block(row, right))
    return out
