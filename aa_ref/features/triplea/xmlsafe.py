"""A TripleA game XML read as a hostile file: a size limit, no entity declarations (so no entity expansion
and no external entities), limits on the number of elements and on nesting, and every refusal located
(`file:line:column: what`), never a traceback.

The file is first read by expat with every declaration refused (a pass that builds nothing), then parsed by
ElementTree; TripleA's own files declare only `<!DOCTYPE game SYSTEM "game.dtd">`, which is allowed (the DTD
is never fetched)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from xml.parsers import expat

from aa_ref.core.errors import InvalidInput, Problem
from aa_ref.core.yamlio import read_bytes

MAX_BYTES = 20 * 1024 * 1024
"""TripleA's largest maps are a few hundred kilobytes (Global 1940: 450 KB); anything far larger is refused."""
MAX_ELEMENTS = 500_000
"""Global 1940's XML has about 40,000 elements."""
MAX_DEPTH = 32
"""TripleA's XML nests about 8 deep."""


class _Refused(Exception):
    pass


def _refuse(message: str):
    def handler(*_args) -> None:
        raise _Refused(message)
    return handler


def _check(data: bytes) -> None:
    """Expat's pass over the bytes: raises `_Refused` or `expat.ExpatError`."""
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.EntityDeclHandler = _refuse("entity declarations are not allowed in a TripleA game XML")
    parser.UnparsedEntityDeclHandler = _refuse("entity declarations are not allowed in a TripleA game XML")
    parser.ExternalEntityRefHandler = _refuse("external entities are not allowed in a TripleA game XML")
    parser.ElementDeclHandler = _refuse("element declarations (an inline DTD) are not allowed in a TripleA game XML")
    parser.AttlistDeclHandler = _refuse("attribute declarations (an inline DTD) are not allowed in a TripleA game XML")
    count = depth = 0

    def start(_name: str, _attrs: dict) -> None:
        nonlocal count, depth
        count += 1
        depth += 1
        if count > MAX_ELEMENTS:
            raise _Refused(f"more than {MAX_ELEMENTS:,} elements: not a TripleA game XML")
        if depth > MAX_DEPTH:
            raise _Refused(f"elements nested more than {MAX_DEPTH} deep: not a TripleA game XML")

    def end(_name: str) -> None:
        nonlocal depth
        depth -= 1

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.Parse(data, True)


def parse_game_xml(path: Path) -> ET.Element:
    """The root `<game>` element of a TripleA game XML, or `InvalidInput` located in the file."""
    data, _ = read_bytes(path, MAX_BYTES)
    try:
        _check(data)
    except expat.ExpatError as exc:
        raise _located(path, f"not a readable XML file ({expat.ErrorString(exc.code)})", exc.lineno, exc.offset + 1)
    except (LookupError, ValueError) as exc:  # an unknown or impossible encoding declared
        raise InvalidInput(f"{path}: not a readable XML file ({exc})") from None
    except _Refused as exc:
        raise InvalidInput(f"{path}: {exc}", [Problem(str(exc), str(path))]) from None
    except RecursionError:  # pragma: no cover - expat does not recurse; kept as a guard
        raise InvalidInput(f"{path}: nested too deeply") from None
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:  # pragma: no cover - expat's pass found none
        line, column = exc.position
        raise _located(path, f"not a readable XML file ({exc})", line, column + 1)
    except (LookupError, ValueError) as exc:  # pragma: no cover - expat's pass found none
        raise InvalidInput(f"{path}: not a readable XML file ({exc})") from None
    if root.tag != "game":
        raise InvalidInput(f"{path}: not a TripleA game XML (its root element is <{root.tag}>, not <game>)")
    return root


def _located(path: Path, message: str, line: int, column: int) -> InvalidInput:
    problem = Problem(message, str(path), line, column)
    return InvalidInput(str(problem), [problem])
