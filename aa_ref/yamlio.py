"""Reading and writing YAML documents safely, keeping positions and comments.

Every document is loaded with ruamel.yaml's round-trip loader so that errors can
point at `file:line:column` and rewritten game files keep the user's comments and
key order. Loading refuses files that are too large, alias bombs and duplicate keys;
writing goes to a temporary file that is renamed over the target, so a failure never
leaves a half-written file.
"""

from __future__ import annotations

import io
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, Node, SequenceNode

from aa_ref.errors import InvalidInput, Problem, UsageError

MAX_FILE_BYTES = 8 * 1024 * 1024
MAX_EXPANDED_NODES = 2_000_000


@dataclass
class Document:
    """A loaded YAML document: its plain data, its round-trip tree and its origin."""

    path: str
    data: Any
    tree: Any = field(repr=False)

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


def read_text(path: str | Path) -> str:
    """The text of a file, or a UsageError that says why it cannot be read."""
    p = Path(path)
    try:
        size = p.stat().st_size
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except OSError as exc:
        raise UsageError(f"{path}: cannot read ({exc.strerror})") from None
    if p.is_dir():
        raise UsageError(f"{path}: is a folder, not a YAML file")
    if size > MAX_FILE_BYTES:
        raise InvalidInput(
            f"{path}: file is {size} bytes; aa-ref reads YAML files of at most {MAX_FILE_BYTES} bytes",
            [Problem(f"file too large ({size} bytes, limit {MAX_FILE_BYTES})", str(path), 1, 1)],
        )
    try:
        return p.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidInput(
            f"{path}: not UTF-8 text",
            [Problem(f"not UTF-8 text (byte {exc.start})", str(path), 1, 1)],
        ) from None
    except OSError as exc:
        raise UsageError(f"{path}: cannot read ({exc.strerror})") from None


def _expanded_size(node: Node, memo: dict[int, int], depth: int = 0) -> int:
    """Number of nodes the tree would have with every alias expanded."""
    key = id(node)
    if key in memo:
        return memo[key]
    if depth > 200:
        raise RecursionError
    memo[key] = 1  # guards against recursive aliases
    total = 1
    if isinstance(node, MappingNode):
        for k, v in node.value:
            total += _expanded_size(k, memo, depth + 1) + _expanded_size(v, memo, depth + 1)
    elif isinstance(node, SequenceNode):
        for item in node.value:
            total += _expanded_size(item, memo, depth + 1)
    memo[key] = total
    return total


def parse_yaml(text: str, path: str = "<string>") -> Document:
    """Parse one YAML document, guarding against alias bombs and reporting positions."""
    yaml = _yaml()
    try:
        node = yaml.compose(io.StringIO(text))
        if node is not None:
            try:
                size = _expanded_size(node, {})
            except RecursionError:
                size = MAX_EXPANDED_NODES + 1
            if size > MAX_EXPANDED_NODES:
                raise InvalidInput(
                    f"{path}: too many nodes once aliases are expanded",
                    [Problem("YAML aliases expand to too many nodes (an alias bomb?); write the data out", path, 1, 1)],
                )
        tree = yaml.load(io.StringIO(text))
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        col = mark.column + 1 if mark else None
        what = " ".join(x for x in (exc.context, exc.problem) if x) or "malformed YAML"
        raise InvalidInput(f"{path}: malformed YAML", [Problem(f"malformed YAML: {what}", path, line, col)]) from None
    except YAMLError as exc:
        raise InvalidInput(f"{path}: malformed YAML", [Problem(f"malformed YAML: {exc}", path, 1, 1)]) from None
    return Document(path=path, data=to_plain(tree), tree=tree)


def load_yaml(path: str | Path) -> Document:
    """Read and parse a YAML file."""
    return parse_yaml(read_text(path), str(path))


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


def atomic_write(path: str | Path, text: str) -> None:
    """Write `text` to `path` through a temporary file and a rename: all or nothing."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise UsageError(f"{path}: cannot write ({exc.strerror})") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise UsageError(f"{path}: cannot write ({exc.strerror})") from None


def atomic_write_many(files: dict[str, str]) -> None:
    """Write several files so that either all are replaced or (on failure) none are.

    Each text is written to a temporary file first; only when every temporary file is
    complete are they renamed into place.
    """
    staged: list[tuple[str, Path]] = []
    try:
        for path, text in files.items():
            target = Path(path)
            folder = target.parent if str(target.parent) else Path(".")
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
            staged.append((tmp, target))
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
