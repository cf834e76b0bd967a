"""Reading and writing YAML documents safely, keeping positions and comments.

Every document is loaded with ruamel.yaml's round-trip loader so that errors can
point at `file:line:column` and rewritten game files keep the user's comments and
key order. Loading reads only regular files, and refuses files that are too large,
nest too deep or hold absurdly long numbers, alias bombs and duplicate keys; writing
goes to a temporary file that is renamed over the target, so a failure never leaves
a half-written file.
"""

from __future__ import annotations

import io
import json
import os
import re
import stat
import tempfile
import warnings
from collections.abc import Collection
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import CollectionEndEvent, CollectionStartEvent, ScalarEvent
from ruamel.yaml.nodes import ScalarNode
from ruamel.yaml.reader import ReaderError
from ruamel.yaml.resolver import VersionedResolver

from aa_ref.core.errors import InvalidInput, PrivacyWarning, Problem, UsageError

MAX_FILE_BYTES = 8 * 1024 * 1024
MAX_EXPANDED_NODES = 2_000_000
MAX_DEPTH = 100
"""How deep mappings and lists may nest. The deepest real files nest 9 deep (a log's entries hold the orders they
applied); the YAML loader, the validators and aa-ref's own code recurse once a level, and fail far deeper than
this (Python's recursion limit is 1,000 frames; ruamel's C loader crashes the process at 30,000 levels)."""
MAX_DIGITS = 18
"""The most digits of a whole number: every count of a game is far below it, and an int64 holds it."""
_DEEPEST_COUNTED = 100 * MAX_DEPTH
"""How deep a refused document is measured before it is called deeper than this."""
EDITOR_SCHEMAS = Path(".aa-ref") / "schemas"
"""Where `aa-ref editor-setup` puts the JSON Schemas in a folder of games, for editors to check files with."""
EDITOR_LINE = "# yaml-language-server: $schema="
_KIND = re.compile(r'^\{?"?kind"?\s*:\s*"?([\w-]+)"?', re.M)


class Document:
    """A loaded YAML document: its plain data, its origin, and (parsed on demand) the
    round-trip tree that knows line numbers and comments."""

    def __init__(self, path: str, data: Any, text: str | None = None, tree: Any = None) -> None:
        self.path = path
        self.data = data
        self._text = text
        self._tree = tree
        self.mode: int | None = None
        """The file's mode bits, when the document was read from a file."""

    @property
    def text(self) -> str | None:
        return self._text

    @property
    def tree(self) -> Any:
        """The round-trip tree (comments, key order, positions), parsed the first time it is needed."""
        if self._tree is None and self._text is not None:
            try:
                self._tree = _yaml().load(io.StringIO(self._text))
            except YAMLError as exc:  # the fast loader took what this one refuses (a tab inside a plain value)
                raise malformed(exc, self.path, self._text) from None
        return self._tree

    @property
    def has_comments(self) -> bool:
        """Whether the text has a comment besides a first-line header (a `#` anywhere after
        the first line: a `#` inside a string only costs the comment-keeping rewrite)."""
        return self._text is not None and "#" in self._text.partition("\n")[2]

    def locate(self, loc: tuple[Any, ...]) -> tuple[int | None, int | None]:
        """The 1-based line and column of the value at `loc` (as deep as it exists)."""
        return locate(self.tree, loc)

    def problem(self, message: str, loc: tuple[Any, ...] = (), rule: str | None = None) -> Problem:
        """A problem pointing at `loc` in this document."""
        line, column = self.locate(loc)
        return Problem(message, self.path, line, column, rule)


def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = False
    return yaml


class _RememberingResolver(VersionedResolver):
    """YAML's reading of a plain scalar (a number, a word, null...) depends on its text alone: each text is resolved
    once per document (a game repeats its unit and space names and its small numbers), which halves the time of
    reading one. The memory is the document's own, freed with the loader."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._read: dict[tuple[str, tuple[bool, bool]], Any] = {}

    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        if kind is not ScalarNode or not implicit[0]:
            return super().resolve(kind, value, implicit)
        key = (value, tuple(implicit))
        tag = self._read.get(key)
        if tag is None:
            tag = self._read[key] = super().resolve(kind, value, implicit)
        return tag


def _fast_yaml() -> YAML:
    """The C-accelerated safe loader (ruamel.yaml.clib), for speed."""
    yaml = YAML(typ="safe", pure=False)
    yaml.Resolver = _RememberingResolver
    yaml.allow_duplicate_keys = False
    return yaml


_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
"""Opening never waits (a named pipe without a writer) and never takes a terminal as the controlling one."""


def _not_regular(mode: int) -> str | None:
    """What a file that is not a regular file is, in a user's words; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def _refuse_special(path: str | Path, mode: int) -> None:
    what = _not_regular(mode)
    if what is not None:
        message = f"not a regular file ({what}); aa-ref reads only ordinary files"
        raise UsageError(f"{path}: {message}", [Problem(message, str(path))])


def _too_large(path: str | Path, size: int | None, limit: int) -> InvalidInput:
    said = f"{size} bytes" if size is not None else f"more than {limit} bytes"
    return InvalidInput(
        f"{path}: file is {said}; aa-ref reads files of at most {limit} bytes",
        [Problem(f"file too large ({said}, limit {limit})", str(path), 1, 1)],
    )


def read_bytes(path: str | Path, limit: int | None = None) -> tuple[bytes, os.stat_result]:
    """The bytes of a regular file of at most `limit` bytes (MAX_FILE_BYTES) and its status, or an error naming
    the file.

    A device, a named pipe or a folder is refused before it is read (reading /dev/zero never ends, a pipe waits
    for a writer); the file is opened once, without blocking, and the opened file itself is checked, so a file
    swapped after the check is not read either. At most `limit` + 1 bytes are read, so a file that grows while it
    is read, or whose size is not what it says, cannot exhaust memory.
    """
    limit = MAX_FILE_BYTES if limit is None else limit
    try:
        _refuse_special(path, os.stat(path).st_mode)
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except OSError as exc:
        if os.path.isdir(path):  # Windows opens no folder
            _refuse_special(path, stat.S_IFDIR)
        raise UsageError(f"{path}: cannot read ({exc.strerror})") from None
    try:
        info = os.fstat(fd)
        _refuse_special(path, info.st_mode)
        if info.st_size > limit:
            raise _too_large(path, info.st_size, limit)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(limit + 1 - size, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise UsageError(f"{path}: cannot read ({exc.strerror})") from None
    finally:
        os.close(fd)
    if size > limit:
        raise _too_large(path, None, limit)
    return b"".join(chunks), info


def read_text(path: str | Path) -> str:
    """The text of a file (UTF-8, line ends made \\n), or an error that says why it cannot be read."""
    data, _ = read_bytes(path)
    return decode(data, path)


def decode(data: bytes, path: str | Path) -> str:
    """A file's bytes as text: UTF-8, with Windows and old Mac line ends read as \\n."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidInput(
            f"{path}: not UTF-8 text",
            [Problem(f"not UTF-8 text (byte {exc.start})", str(path), 1, 1)],
        ) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _expanded_size(value: Any, memo: dict[int, int], depth: int = 0) -> int:
    """Number of nodes the data would have with every alias expanded (aliases share objects)."""
    if not isinstance(value, (dict, list)):
        return 1
    key = id(value)
    if key in memo:
        return memo[key]
    if depth > 200:
        raise RecursionError
    memo[key] = MAX_EXPANDED_NODES + 1  # a recursive alias counts as infinite
    children = value.items() if isinstance(value, dict) else enumerate(value)
    total = 1 + sum(_expanded_size(v, memo, depth + 1) for _, v in children)
    memo[key] = total
    return total


class _NotPlainJson(ValueError):
    """A JSON-style text the fast path leaves to the YAML parser, which locates what is wrong with it."""


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of a JSON-style document; a key given twice is left to the YAML parser, which refuses it."""
    data = dict(pairs)
    if len(data) != len(pairs):
        raise _NotPlainJson("duplicate key")
    return data


def _json_int(digits: str) -> int:
    """A whole number of at most MAX_DIGITS digits; a longer one is left to the YAML parser, which refuses it."""
    if len(digits) > MAX_DIGITS + digits.startswith("-"):
        raise _NotPlainJson("long number")
    return int(digits)


def _json_constant(name: str) -> Any:
    """NaN and Infinity are no JSON, and YAML reads them as words: left to the YAML parser."""
    raise _NotPlainJson(name)


def _nests_at_most(data: Any, limit: int) -> bool:
    """Whether no list or mapping of decoded JSON lies more than `limit` deep (the outermost is 1 deep), level by
    level, without recursion."""
    level = [data] if type(data) in (dict, list) else []
    for _ in range(limit):
        if not level:
            return True
        deeper = []
        for node in level:
            for child in node.values() if type(node) is dict else node:
                if type(child) is dict or type(child) is list:
                    deeper.append(child)
        level = deeper
    return not level


def _json_body(text: str) -> Any:
    """The data of a JSON-style document (YAML's JSON subset, after leading comments), or None: also for one
    with a key given twice, a long number, NaN or nesting too deep, which the YAML parser's events then locate.
    Python's JSON decoder refuses nesting beyond its recursion limit with an error, never a crash."""
    body = "\n".join(line for line in text.splitlines() if not line.startswith("#"))
    if not body.lstrip().startswith("{"):
        return None
    try:
        data = json.loads(body, object_pairs_hook=_json_object, parse_int=_json_int, parse_constant=_json_constant)
    except (ValueError, RecursionError):
        return None  # let the YAML parser say what is wrong, with a position
    return data if _nests_at_most(data, MAX_DEPTH) else None


_INT = "tag:yaml.org,2002:int"
_INT_LIKE = re.compile(r"[-+]?(?:0[xX][0-9a-fA-F_]+|0[oObB][0-9_]+|[0-9][0-9_]*(?::[0-9_]+)*)")
"""Every plain scalar that YAML 1.1 or 1.2 may read as a whole number (decimal, octal, hexadecimal, binary,
sexagesimal, with underscores), and a few more."""


def _digits(value: str) -> int:
    body = value.lstrip("+-")
    if body[:2].lower() in ("0x", "0o", "0b"):
        body = body[2:]
    return sum(c.isalnum() for c in body)


def _long_number(event: ScalarEvent) -> bool:
    """Whether a scalar is a whole number of more than MAX_DIGITS digits."""
    if event.tag == _INT:
        return _digits(event.value) > MAX_DIGITS
    if event.tag is not None or event.style or len(event.value) <= MAX_DIGITS:  # quoted, tagged or short
        return False
    return _INT_LIKE.fullmatch(event.value) is not None and _digits(event.value) > MAX_DIGITS


def _shape_problem(text: str, path: str) -> Problem | None:
    """Where `text` nests deeper than MAX_DEPTH or holds a whole number of more than MAX_DIGITS digits, found in
    the YAML parser's events before anything is built from them: the parser does not recurse, but building
    nested data does (C code that crashes the process), and Python refuses to convert very long numbers."""
    depth = deepest = 0
    deep_at: Any = None
    try:
        for event in _fast_yaml().parse(text):
            if isinstance(event, CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    if deep_at is None:
                        deep_at = event.start_mark
                    deepest = max(deepest, depth)
                    if depth > _DEEPEST_COUNTED:
                        break
            elif isinstance(event, CollectionEndEvent):
                depth -= 1
            elif deep_at is None and isinstance(event, ScalarEvent) and _long_number(event):
                mark = event.start_mark
                return Problem(f"a whole number of {_digits(event.value)} digits; the limit is {MAX_DIGITS} digits",
                               path, mark.line + 1, mark.column + 1)
    except YAMLError:
        pass  # malformed: the loader says where, and builds nothing beyond the point checked here
    if deep_at is None:
        return None
    said = f"more than {_DEEPEST_COUNTED}" if deepest > _DEEPEST_COUNTED else str(deepest)
    return Problem(f"nested {said} deep; the limit is {MAX_DEPTH}", path, deep_at.line + 1, deep_at.column + 1)


def malformed(exc: YAMLError, path: str, text: str) -> InvalidInput:
    """The error for a text the YAML parser refused, at the place it names."""
    if isinstance(exc, ReaderError) and isinstance(exc.character, int):  # a character YAML does not allow
        at = text.find(chr(exc.character))  # the first one: the reader stops there (its position may count bytes)
        line = text.count("\n", 0, at) + 1 if at >= 0 else 1
        col = at - text.rfind("\n", 0, at) if at >= 0 else 1
        return InvalidInput(f"{path}: malformed YAML", [Problem(
            f"malformed YAML: the character U+{exc.character:04X} is not allowed in YAML; remove it", path, line, col)])
    if not isinstance(exc, MarkedYAMLError):
        return InvalidInput(f"{path}: malformed YAML", [Problem(f"malformed YAML: {exc}", path, 1, 1)])
    mark = exc.problem_mark or exc.context_mark
    line = mark.line + 1 if mark else None
    col = mark.column + 1 if mark else None
    what = " ".join(x for x in (exc.context, exc.problem) if x) or "malformed YAML"
    if "'\\t'" in what:
        what += " (a tab: write spaces instead)"
    return InvalidInput(f"{path}: malformed YAML", [Problem(f"malformed YAML: {what}", path, line, col)])


def parse_yaml(text: str, path: str = "<string>") -> Document:
    """Parse one YAML document, guarding against alias bombs, deep nesting and huge numbers, reporting positions.

    Documents written in YAML's JSON style (the audit log) take a fast path.
    """
    data = _json_body(text)
    if data is not None:
        return Document(path, data, text)
    shape = _shape_problem(text, path)
    if shape is not None:
        raise InvalidInput(f"{path}: {shape.message}", [shape])
    try:
        data = _fast_yaml().load(text)
    except YAMLError as exc:
        raise malformed(exc, path, text) from None
    try:
        size = _expanded_size(data, {})
    except RecursionError:
        size = MAX_EXPANDED_NODES + 1
    if size > MAX_EXPANDED_NODES:
        raise InvalidInput(
            f"{path}: too many nodes once aliases are expanded",
            [Problem("YAML aliases expand to too many nodes (an alias bomb?); write the data out", path, 1, 1)],
        )
    doc = Document(path, to_plain(data), text)
    if "\t" in text:  # the reader of positions refuses a tab inside a plain value, which the fast one takes:
        doc.tree  # refuse it now, located, rather than when a message or a rewrite first needs the positions
    return doc


def load_yaml(path: str | Path, private: bool = False) -> Document:
    """Read and parse a YAML file; a `private` one (a player's secrets) is read with a warning if others can."""
    data, info = read_bytes(path)
    doc = parse_yaml(decode(data, path), str(path))
    doc.mode = stat.S_IMODE(info.st_mode)
    if private:
        warn_if_shared(doc)
    return doc


PRIVATE_MODE = 0o600
"""The mode of a file that holds a player's secrets: read and written by its owner only."""


def warn_if_shared(doc: Document) -> None:
    """Warn (PrivacyWarning) when other users of this computer may read or change a secret file: reading goes on,
    as the file is the player's own, but anyone else on the machine may have seen it."""
    if doc.mode is None or os.name != "posix" or not doc.mode & 0o066:
        return
    done = " and ".join(word for bits, word in ((0o044, "read"), (0o022, "changed")) if doc.mode & bits)
    warnings.warn(PrivacyWarning(f"{doc.path} can be {done} by other users of this computer; "
                                 f"run 'chmod 600 {doc.path}'"), stacklevel=2)


def to_plain(value: Any) -> Any:
    """Round-trip YAML objects as plain dicts, lists and scalars."""
    if isinstance(value, dict):
        return {str(k) if not isinstance(k, (int, bool)) else k: to_plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [to_plain(v) for v in value]
    if isinstance(value, str):
        return str(value)
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    return value


def locate(tree: Any, loc: tuple[Any, ...]) -> tuple[int | None, int | None]:
    """The 1-based line and column of the deepest node of `loc` that exists in `tree`."""
    line: int | None = None
    col: int | None = None
    node = tree
    if hasattr(tree, "lc"):
        line, col = tree.lc.line + 1, tree.lc.col + 1
    for part in loc:
        if isinstance(node, CommentedMap):
            key = _find_key(node, part)
            if key is None:
                break
            kline, kcol = node.lc.key(key)
            line, col = kline + 1, kcol + 1
            child = node[key]
            if isinstance(child, (CommentedMap, CommentedSeq)) and child.fa.flow_style():
                line, col = child.lc.line + 1, child.lc.col + 1
            elif not isinstance(child, (CommentedMap, CommentedSeq)):
                vline, vcol = node.lc.value(key)
                line, col = vline + 1, vcol + 1
            node = child
        elif isinstance(node, CommentedSeq) and isinstance(part, int) and 0 <= part < len(node):
            iline, icol = node.lc.item(part)
            line, col = iline + 1, icol + 1
            node = node[part]
        else:
            break
    return line, col


def _find_key(node: CommentedMap, part: Any) -> Any:
    if part in node:
        return part
    for key in node:
        if str(key) == str(part):
            return key
    return None


def dump_json_style(data: dict[str, Any], list_key: str) -> str:
    """A mapping as YAML in JSON style: one line per item of `list_key`, fast to read back."""
    head = {k: v for k, v in data.items() if k != list_key}
    lines = ["{" + ",\n ".join(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in head.items())
             + f",\n {json.dumps(list_key)}: ["]
    items = [" " + json.dumps(item, ensure_ascii=False) for item in data.get(list_key, [])]
    lines.append(",\n".join(items))
    lines.append("]}")
    return "\n".join(line for line in lines if line) + "\n"


def dump_yaml(data: Any) -> str:
    """YAML text of `data` (plain or round-trip objects), block style, keys in order."""
    yaml = _yaml()
    yaml.default_flow_style = False
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    buf = io.StringIO()
    yaml.dump(data, buf)
    return buf.getvalue()


FLOW_WIDTH = 72


def styled(data: Any) -> Any:
    """Plain data as round-trip nodes, small mappings and lists in flow style.

    `{infantry: 3, tank: 1}` reads the way players speak; big nodes stay in block style.
    """
    if isinstance(data, dict):
        node = CommentedMap((k, styled(v)) for k, v in data.items())
    elif isinstance(data, list):
        node = CommentedSeq(styled(v) for v in data)
    else:
        return data
    if data and len(json.dumps(data, ensure_ascii=False)) <= FLOW_WIDTH:
        node.fa.set_flow_style()
    return node


_PLAIN_WORD = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_ ./()'-]*(?<! )")
"""Text that YAML may write without quotes in any context, if it reads back as text (`_plain`): a letter, digit or
underscore first, then those and a few marks; no colon, hash, comma, bracket or quote that would need quoting."""


class _NotSimple(Exception):
    """Data `dump_styled`'s fast writer leaves to ruamel.yaml's emitter."""


_QUOTABLE = re.compile(r"[A-Za-z0-9_.+~-]*")
"""Text that, where YAML would read it as a number, a boolean or null (`15`, `true`, `~`, ``), is written in single
quotes with nothing escaped."""


def _plain(text: str, read: dict[str, str | None], resolver: Any) -> str:
    """`text` as a scalar: plain if YAML reads it back as that text, in single quotes if it would read a number,
    a boolean or null; else _NotSimple."""
    if text not in read:
        if resolver.resolve(ScalarNode, text, (True, False)) != "tag:yaml.org,2002:str":
            read[text] = f"'{text}'" if _QUOTABLE.fullmatch(text) else None
        else:
            read[text] = text if _PLAIN_WORD.fullmatch(text) else None
    written = read[text]
    if written is None:
        raise _NotSimple
    return written


class _StyledWriter:
    """Writes the data `styled` gives (mappings with text keys; lists; text, whole numbers, booleans, null) exactly
    as ruamel.yaml's round-trip emitter does with `dump_yaml`'s settings, at the speed of string joins; anything
    else raises _NotSimple. `tests/property/test_styled_writer.py` holds the two writers to the same text."""

    def __init__(self) -> None:
        self.read: dict[str, str | None] = {}
        self.resolver = VersionedResolver(version=(1, 2))
        self.lines: list[str] = []

    def scalar(self, value: Any, in_block_map: bool = False) -> str:
        if value is None:
            return "" if in_block_map else "null"
        if value is True or value is False:
            return "true" if value else "false"
        if type(value) is int:
            return str(value)
        if type(value) is str:
            return _plain(value, self.read, self.resolver)
        raise _NotSimple

    def flow(self, value: Any) -> str:
        if type(value) is dict:
            return "{" + ", ".join(f"{self.key(k)}: {self.flow(v)}" for k, v in value.items()) + "}"
        if type(value) is list:
            return "[" + ", ".join(self.flow_item(v) for v in value) + "]"
        return self.scalar(value)

    def flow_item(self, value: Any) -> str:
        """An item of a flow list: a mapping of one key is written as its pair alone (`[at: Kwangsi]`)."""
        if type(value) is dict and len(value) == 1:
            ((key, inner),) = value.items()
            return f"{self.key(key)}: {self.flow(inner)}"
        return self.flow(value)

    def key(self, key: Any) -> str:
        if type(key) is not str:
            raise _NotSimple
        return _plain(key, self.read, self.resolver)

    def document(self, data: Any) -> None:
        """A whole document: a mapping, in flow style when small."""
        if type(data) is not dict or not data:
            raise _NotSimple
        if _flowed(data):
            self.lines.append(self.flow(data))
        else:
            self.mapping(data, 0)

    def mapping(self, data: dict[str, Any], indent: int, first: str | None = None) -> None:
        """A block mapping at `indent`; its first line after `first` (a list item's dash) when given."""
        for i, (key, value) in enumerate(data.items()):
            lead = first if first is not None and i == 0 else " " * indent
            head = f"{lead}{self.key(key)}:"
            if _flowed(value):
                self.lines.append(f"{head} {self.flow(value)}")
            elif type(value) is dict:
                self.lines.append(head)
                self.mapping(value, indent + 2)
            elif type(value) is list:
                self.lines.append(head)
                self.sequence(value, indent + 2)
            else:
                text = self.scalar(value, in_block_map=True)
                self.lines.append(f"{head} {text}" if text else head)

    def sequence(self, data: list[Any], indent: int) -> None:
        """A block sequence whose dashes stand at `indent` (ruamel's offset 2, indent 4)."""
        for value in data:
            dash = " " * indent + "- "
            if _flowed(value):
                self.lines.append(dash + self.flow(value))
            elif type(value) is dict:
                self.mapping(value, indent + 2, first=dash)
            elif type(value) is list or value is None:
                raise _NotSimple  # a list in a list, or null, as an item: left to ruamel.yaml
            else:
                self.lines.append(dash + self.scalar(value))


def _flowed(value: Any) -> bool:
    """Whether `styled` writes `value` in flow style: a small mapping or list, or an empty one."""
    if type(value) not in (dict, list):
        return False
    return not value or len(json.dumps(value, ensure_ascii=False)) <= FLOW_WIDTH


def dump_styled(data: dict[str, Any]) -> str:
    """`dump_yaml(styled(data))`: plain data as YAML, small mappings and lists in flow style. The usual data (a
    game) is written by `_StyledWriter`, ten times faster than through ruamel.yaml's emitter, which writes the
    rest."""
    writer = _StyledWriter()
    try:
        writer.document(data)
    except _NotSimple:
        return dump_yaml(styled(data))
    return "\n".join(writer.lines) + "\n"


def merge_into(tree: Any, new: Any) -> Any:
    """Update round-trip `tree` to equal `new`, keeping comments and order where keys survive."""
    if isinstance(tree, CommentedMap) and isinstance(new, dict):
        for key in [k for k in tree if k not in new]:
            del tree[key]
        for key, value in new.items():
            if key in tree:
                tree[key] = merge_into(tree[key], value)
            else:
                tree[key] = value
        return tree
    if isinstance(tree, CommentedSeq) and isinstance(new, list) and len(tree) == len(new):
        for i, value in enumerate(new):
            tree[i] = merge_into(tree[i], value)
        return tree
    if _same_scalar(tree, new):
        return tree
    return new


def _same_scalar(old: Any, new: Any) -> bool:
    if isinstance(old, (dict, list)) or isinstance(new, (dict, list)):
        return False
    return type(to_plain(old)) is type(new) and to_plain(old) == new


def file_mode(target: Path, private: bool = False) -> int:
    """The mode a rewritten file keeps: its own, or a new file's usual one (0666 less the umask); a private file's
    is always PRIVATE_MODE, whatever the umask or the mode the file had."""
    if private:
        return PRIVATE_MODE
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def refuse_existing(paths: list[Path], overwrite: bool) -> None:
    """A command writing new files never replaces one silently: an existing file is refused unless `overwrite`
    (the command's --force)."""
    for path in paths:
        if not overwrite and (path.exists() or path.is_symlink()):
            raise UsageError(f"{path} exists; choose another name or pass --force to replace it")


def with_editor_line(target: Path, text: str) -> str:
    """A YAML document's text as written to `target`. Its first line tells editors where the JSON Schema of its
    kind is: the one in the nearest `.aa-ref/schemas/` folder at or above the file's folder (made by `aa-ref
    editor-setup`), named relative to the file, so that the line works wherever the folder is copied and names
    no folder of this machine. Without such a folder the file has no editor line. An editor line the text
    already has (a file written before, maybe on another machine) is replaced, never kept."""
    if target.suffix not in (".yaml", ".yml"):
        return text
    body = "".join(line for line in text.splitlines(keepends=True) if not line.startswith(EDITOR_LINE))
    kind = _KIND.search(body)
    if kind is None:
        return body
    folder = Path(os.path.abspath(target.parent if str(target.parent) else "."))
    for above in (folder, *folder.parents):
        schema = above / EDITOR_SCHEMAS / f"{kind.group(1)}.schema.json"
        if schema.is_file():
            return EDITOR_LINE + Path(os.path.relpath(schema, folder)).as_posix() + "\n" + body
    return body


def atomic_write(path: str | Path, text: str, private: bool = False) -> None:
    """Write `text` to `path` through a temporary file and a rename: all or nothing; `private` (a side's view, a
    secret) with mode 0600."""
    target = Path(path)
    text = with_editor_line(target, text)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise UsageError(f"{path}: cannot write ({exc.strerror})") from None
    try:
        os.chmod(tmp, file_mode(target, private))
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise UsageError(f"{path}: cannot write ({exc.strerror})") from None


def atomic_write_many(files: dict[str, str], private: Collection[str] = ()) -> None:
    """Write several files so that either all are replaced or (on failure) none are; those named in `private`
    (a player's secrets) with mode 0600.

    Each text is written to a temporary file first; only when every temporary file is
    complete are they renamed into place. A crash between two renames leaves some replaced: a game's files are
    written through `core.journal` instead, which a crash cannot leave half-done.
    """
    staged: list[tuple[str, Path]] = []
    try:
        for path, text in files.items():
            target = Path(path)
            text = with_editor_line(target, text)
            folder = target.parent if str(target.parent) else Path(".")
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
            staged.append((tmp, target))
            os.chmod(tmp, file_mode(target, path in private))
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
    except OSError as exc:
        for tmp, _ in staged:
            Path(tmp).unlink(missing_ok=True)
        raise UsageError(f"cannot write output ({exc.strerror}: {exc.filename})") from None
    for tmp, target in staged:
        os.replace(tmp, target)
