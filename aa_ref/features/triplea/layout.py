"""The layout files of a TripleA map folder the user has: territory centres and outlines, so that an imported board
is drawn with its real shapes (`aa-ref import-triplea --map-dir DIR`, `aa-ref show --svg`).

TripleA writes them as text, one territory a line (names as in the game XML):

    centers.txt    Germany  (1820,640)
    polygons.txt   Germany  <  (1790,600) (1850,610) ... >  <  ... >     (one <...> per piece: islands have several)

They come from users, so they are hostile input: regular files of bounded size, bounded counts, integers of a few
digits; a line that is not of this form is refused at its file, line and column, and nothing is written. Names
that are no space of the imported board are reported, not used; a polygon is simplified (points closer than a
pixel to the line through their neighbours are dropped) so that the setup stays small.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aa_ref.core.errors import InvalidInput, Problem, UsageError
from aa_ref.core.yamlio import decode, read_bytes

MAX_FILE_BYTES = 16 * 1024 * 1024
"""TripleA's largest maps have polygons files of a few megabytes."""
MAX_LINES = 20_000
MAX_POINTS = 100_000
"""Points of one territory's outlines as read (before they are simplified)."""
MAX_PIECES = 200
MAX_KEPT = 4_000
"""Points of one outline kept after simplifying (more are thinned evenly)."""
MAX_COORDINATE = 1_000_000

_CENTRE = re.compile(r"(?P<name>\S.*?)\s*\(\s*(?P<x>-?\d{1,7})\s*,\s*(?P<y>-?\d{1,7})\s*\)\s*")
_POINT = re.compile(r"\(\s*(-?\d{1,7})\s*,\s*(-?\d{1,7})\s*\)")


def _lines(path: Path) -> list[str]:
    text = decode(read_bytes(path, MAX_FILE_BYTES)[0], path.name)
    lines = text.split("\n")
    if len(lines) > MAX_LINES:
        raise InvalidInput(f"{path.name}: {len(lines)} lines; a map's layout file has at most {MAX_LINES}",
                           [Problem(f"more than {MAX_LINES} lines", path.name, MAX_LINES + 1, 1)])
    return lines


def _refuse(file: str, line: int, column: int, message: str) -> InvalidInput:
    return InvalidInput(f"{file}:{line}:{column}: {message}", [Problem(message, file, line, column)])


def _coordinate(value: str, file: str, line: int, column: int) -> int:
    number = int(value)
    if abs(number) > MAX_COORDINATE:
        raise _refuse(file, line, column, f"coordinate {number} out of range (at most {MAX_COORDINATE} either way)")
    return number


def read_centres(path: Path) -> dict[str, tuple[tuple[int, int], int]]:
    """Name -> ((x, y), line) from a centers.txt."""
    centres: dict[str, tuple[tuple[int, int], int]] = {}
    for number, line in enumerate(_lines(path), 1):
        if not line.strip():
            continue
        match = _CENTRE.fullmatch(line)
        if match is None:
            column = len(line) - len(line.lstrip()) + 1
            bracket = line.find("(")
            if bracket >= 0:
                column = bracket + 1
            raise _refuse(path.name, number, column,
                          "not a centre: a territory's name and (x,y), e.g. 'Germany  (1820,640)'")
        name = match.group("name").strip()
        if name in centres:
            raise _refuse(path.name, number, 1, f"'{name[:60]}' has a centre already (line {centres[name][1]})")
        point = (_coordinate(match.group("x"), path.name, number, match.start("x") + 1),
                 _coordinate(match.group("y"), path.name, number, match.start("y") + 1))
        centres[name] = (point, number)
    return centres


def read_polygons(path: Path) -> dict[str, tuple[list[list[tuple[int, int]]], int]]:
    """Name -> (outlines, line) from a polygons.txt."""
    polygons: dict[str, tuple[list[list[tuple[int, int]]], int]] = {}
    for number, line in enumerate(_lines(path), 1):
        if not line.strip():
            continue
        start = line.find("<")
        name = line[:start].strip() if start > 0 else ""
        if start < 0 or not name:
            raise _refuse(path.name, number, max(start, 0) + 1,
                          "not an outline: a territory's name, then '<' points '(x,y)' '>' for each piece")
        if name in polygons:
            raise _refuse(path.name, number, 1, f"'{name[:60]}' has outlines already (line {polygons[name][1]})")
        pieces: list[list[tuple[int, int]]] = []
        count = 0
        at = start
        while at < len(line):
            if line[at].isspace():
                at += 1
                continue
            if line[at] != "<":
                raise _refuse(path.name, number, at + 1, f"expected '<' to begin a piece, found '{line[at]}'")
            end = line.find(">", at)
            if end < 0:
                raise _refuse(path.name, number, at + 1, "a piece begun with '<' is not closed with '>'")
            piece: list[tuple[int, int]] = []
            inner = at + 1
            while inner < end:
                if line[inner].isspace():
                    inner += 1
                    continue
                match = _POINT.match(line, inner, end)
                if match is None:
                    raise _refuse(path.name, number, inner + 1, "expected a point '(x,y)' of integers")
                piece.append((_coordinate(match.group(1), path.name, number, match.start(1) + 1),
                              _coordinate(match.group(2), path.name, number, match.start(2) + 1)))
                count += 1
                if count > MAX_POINTS:
                    raise _refuse(path.name, number, inner + 1, f"more than {MAX_POINTS} points for one territory")
                inner = match.end()
            if len(piece) < 3:
                raise _refuse(path.name, number, at + 1, f"a piece needs at least 3 points, not {len(piece)}")
            pieces.append(piece)
            if len(pieces) > MAX_PIECES:
                raise _refuse(path.name, number, at + 1, f"more than {MAX_PIECES} pieces for one territory")
            at = end + 1
        polygons[name] = (pieces, number)
    return polygons


def simplify(points: list[tuple[int, int]], tolerance: float = 1.0) -> list[tuple[int, int]]:
    """The outline with the points within `tolerance` of the line through their kept neighbours dropped
    (Ramer-Douglas-Peucker, iterative), at most MAX_KEPT points."""
    if len(points) <= 3:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        (x1, y1), (x2, y2) = points[first], points[last]
        dx, dy = x2 - x1, y2 - y1
        norm = (dx * dx + dy * dy) ** 0.5
        best, index = -1.0, -1
        for i in range(first + 1, last):
            px, py = points[i]
            d = abs(dy * (px - x1) - dx * (py - y1)) / norm if norm else ((px - x1) ** 2 + (py - y1) ** 2) ** 0.5
            if d > best:
                best, index = d, i
        if index >= 0 and best > tolerance:
            keep[index] = True
            stack += [(first, index), (index, last)]
    kept = [p for p, k in zip(points, keep) if k]
    if len(kept) < 3:
        kept = points[:: max(1, len(points) // 3)][:3]
    if len(kept) > MAX_KEPT:
        kept = kept[:: -(-len(kept) // MAX_KEPT)]
    return kept


def map_files(folder: Path) -> tuple[Path, Path | None]:
    """A map folder's centers.txt and polygons.txt (in it or in its `map/` folder, as TripleA's map repositories
    keep them); the polygons file may be missing."""
    if not folder.is_dir():
        raise UsageError(f"--map-dir {folder.name}: not a folder (give a TripleA map's folder, the one holding "
                         "centers.txt and polygons.txt)")
    for place in (folder, folder / "map"):
        if (place / "centers.txt").exists():
            polygons = place / "polygons.txt"
            return place / "centers.txt", polygons if polygons.exists() else None
    raise UsageError(f"--map-dir {folder.name}: no centers.txt in it or in its map/ folder")


def read_layout(folder: Path, spaces: dict[str, Any], rename: Callable[[str], str]) -> tuple[dict[str, Any], list[str]]:
    """The setup's `layout:` from a TripleA map folder, and notes on what was not used. `rename` turns TripleA's
    territory names into the board's (sea zones); `spaces` are the imported board's spaces."""
    centres_path, polygons_path = map_files(folder)
    centres = {rename(n): p for n, (p, _) in read_centres(centres_path).items()}
    outlines = ({rename(n): s for n, (s, _) in read_polygons(polygons_path).items()} if polygons_path else {})
    notes = [f"layout: {n} (in the map's layout files) is no space of the board"
             for n in sorted(set(centres) | set(outlines)) if n not in spaces]
    placed: dict[str, Any] = {}
    for name in spaces:
        shapes = [[list(p) for p in simplify(piece)] for piece in outlines.get(name, [])]
        if name in centres:
            at = list(centres[name])
        elif shapes:  # no centre: the middle of its largest piece's box
            largest = max(outlines[name], key=len)
            xs, ys = [p[0] for p in largest], [p[1] for p in largest]
            at = [(min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2]
        else:
            notes.append(f"layout: {name} has no centre or outline in the map's layout files (drawn beside its "
                         "neighbours)")
            continue
        placed[name] = {"at": at, **({"shapes": shapes} if shapes else {})}
    files = "centers.txt" + (", polygons.txt" if polygons_path else "")
    return {"source": f"the TripleA map folder's {files}", "spaces": placed}, notes


def flow_shapes(node: Any) -> None:
    """Each outline of a styled setup (`yamlio.styled`) written as one flow sequence of points, wrapped, rather than
    a point a line."""
    spaces = node.get("layout", {}).get("spaces", {}) if hasattr(node, "get") else {}
    for place in spaces.values():
        for piece in place.get("shapes", []):
            piece.fa.set_flow_style()
