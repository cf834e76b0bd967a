"""A file checked as an editor checks it: the `jsonschema` library against the checked-in JSON Schema of the
file's `kind:` (what `yaml-language-server` reads), independently of the pydantic models."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema

from aa_ref.core.documents import checked_in_schema
from aa_ref.core.yamlio import load_yaml, to_plain


def is_document(data: Any) -> bool:
    """A complete aa-ref document: a mapping that names its `kind:`."""
    return isinstance(data, dict) and isinstance(data.get("kind"), str)


def schema_errors(path: Path) -> list[str]:
    """Every error of the document in `path` against the JSON Schema of its kind, as `where: message`."""
    data = to_plain(load_yaml(path).data)
    assert is_document(data), f"{path} is not a document with a kind"
    schema = checked_in_schema(data["kind"])
    validator = jsonschema.validators.validator_for(schema)(schema)
    return [f"{'.'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}" for e in validator.iter_errors(data)]


def game_files_errors(folder: Path, game: str = "game.yaml") -> dict[str, list[str]]:
    """The schema errors of a game file the CLI wrote in `folder` and of its log, by file; {} when both pass."""
    names = (game, game.removesuffix(".yaml") + ".log.yaml")
    return {name: errors for name in names if (errors := schema_errors(folder / name))}
