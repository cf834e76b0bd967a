"""Loading any aa-ref document by its `kind:`, checking its shape by JSON Schema.

Shape errors come back as problems located at `file:line:column`, with a suggestion
when a key is misspelt. The JSON Schemas are generated from the pydantic models; the
copies in `schemas/` are written by `aa-ref schema` and kept identical by a test.
"""

from __future__ import annotations

import difflib
import importlib
import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel, ValidationError

from aa_ref import __version__
from aa_ref.core.auditlog import Log
from aa_ref.core.errors import InvalidInput, Problem, UsageError
from aa_ref.core.yamlio import EDITOR_SCHEMAS, Document, atomic_write_many

MODELS: dict[str, type[BaseModel] | str] = {
    "log": Log,
    # The other kinds are named by module:class and imported only when a file of theirs is read, so the
    # core imports no game: each game brings its own documents.
    "game": "aa_ref.games.axis_allies.model.state:Game",
    "setup": "aa_ref.games.axis_allies.model.setup:Setup",
    "orders": "aa_ref.games.axis_allies.model.orders:Orders",
    "decision": "aa_ref.games.axis_allies.model.orders:DecisionAnswer",
    "reveal": "aa_ref.core.fairdice:RevealFile",
    "dice-secret": "aa_ref.core.fairdice:DiceSecret",
    "edit": "aa_ref.core.edits:Edit",
    "warzag-pack": "aa_ref.games.warzag.pack:Pack",
    "warzag-game": "aa_ref.games.warzag.state:Game",
    "warzag-orders": "aa_ref.games.warzag.orders:Orders",
    "warzag-objective": "aa_ref.games.warzag.objectives:ObjectiveSecret",
    "bitw-scenario": "aa_ref.games.blocks_in_the_west.scenario:Scenario",
    "bitw-game": "aa_ref.games.blocks_in_the_west.state:Game",
    "bitw-orders": "aa_ref.games.blocks_in_the_west.orders:Orders",
    "bitw-view": "aa_ref.games.blocks_in_the_west.views:View",
}
"""Every document kind and its model."""
GAME_KINDS = ("game", "warzag-game", "bitw-game")
ORDERS_KINDS = ("orders", "decision", "warzag-orders", "bitw-orders")
SETUP_KINDS = ("setup", "warzag-pack", "bitw-scenario")
PRIVATE_KINDS = ("dice-secret", "warzag-objective")
"""Files of one player's secrets, kept from everyone else (mode 0600)."""
"""A game's definition: an A&A setup, a WARZAG component pack, a Blocks in the West scenario."""
SCHEMA_VERSION = 1
"""The schema_version of every document this aa-ref writes and reads (docs/compatibility.md); a log's start
records it as `made_by.schema_version`."""


def model_of(kind: str) -> type[BaseModel]:
    """The model of a document kind, its module imported on first use."""
    model = MODELS[kind]
    if isinstance(model, str):
        module, name = model.split(":")
        model = MODELS[kind] = getattr(importlib.import_module(module), name)
    return model


def schema_filename(kind: str) -> str:
    return f"{kind}.schema.json"


SCHEMAS_DIR = Path(str(resources.files("aa_ref") / "schemas"))
"""The JSON Schemas `aa-ref schema` writes: package data."""


@cache
def checked_in_schema(kind: str) -> dict[str, Any]:
    """The schema shipped in `schemas/` (kept equal to the generated one by a test), or the
    generated one when the file is missing; reading is faster than generating."""
    path = SCHEMAS_DIR / schema_filename(kind)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return json_schema(kind)


@cache
def json_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema of a document kind, generated from its model."""
    schema = model_of(kind).model_json_schema(by_alias=True, mode="validation")
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": schema_filename(kind),  # its own file name: resolves beside the file, wherever the schemas are
        **schema,
    }


def schema_texts() -> dict[str, str]:
    """File name -> text of every schema, as `aa-ref schema` writes them."""
    return {schema_filename(k): json.dumps(json_schema(k), indent=2, sort_keys=True) + "\n" for k in MODELS}


def install_editor_schemas(folder: Path) -> Path:
    """Copy the JSON Schemas into `folder/.aa-ref/schemas/`, where every file aa-ref writes in the folder (or
    below it) finds them for its editor line (`yamlio.with_editor_line`); the copies travel with the folder."""
    target = folder / EDITOR_SCHEMAS
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"{target}: cannot create the folder ({exc.strerror})") from None
    atomic_write_many({str(target / schema_filename(kind)): json.dumps(checked_in_schema(kind), indent=2, sort_keys=True)
                       + "\n" for kind in MODELS})
    return target


@cache
def _validator(kind: str) -> Any:
    import jsonschema  # only needed to explain a rejected document

    schema = checked_in_schema(kind)
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema)


def _schema_problem(doc: Document, error: Any) -> Problem:
    loc = tuple(error.absolute_path)
    message = error.message
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = list(error.schema.get("properties", {}))
        extra = [k for k in error.instance if k not in allowed]
        if extra:
            key = extra[0]
            loc = (*loc, key)
            close = difflib.get_close_matches(str(key), allowed, n=1)
            hint = f"; did you mean '{close[0]}'?" if close else f"; allowed keys: {', '.join(allowed)}"
            message = f"unknown key '{key}'{hint}"
    elif error.validator == "const" and loc and loc[-1] == "kind":
        message = f"'kind' is {error.instance!r} here; this file was read as another kind"
    where = ".".join(str(p) for p in loc)
    return doc.problem(f"{where}: {message}" if where else message, loc)


def shape_problems(doc: Document, kind: str) -> list[Problem]:
    """Every JSON Schema error of `doc` read as a document of `kind`."""
    root = json_schema(kind)  # generated: its objects keep the model's key order (the files are sorted)
    errors = sorted(_validator(kind).iter_errors(doc.data), key=lambda e: list(map(str, e.absolute_path)))
    problems = []
    for error in errors:
        meant = _meant_branch(error, root)
        if meant is None:
            problems += [_schema_problem(doc, e) for e in _deepest([error])]
        elif meant:
            problems += [_schema_problem(doc, e) for e in _deepest(meant)]
        else:
            problems.append(_unknown_choice(doc, error, root))
    return problems


def _branch_keys(branch: dict[str, Any], root: dict[str, Any]) -> list[str] | None:
    """The keys of a choice that is an object (following a `$ref`), or None."""
    if "$ref" in branch:
        branch = root.get("$defs", {}).get(branch["$ref"].rsplit("/", 1)[-1], {})
    return list(branch["properties"]) if branch.get("type") == "object" and "properties" in branch else None


def _meant_branch(error: Any, root: dict[str, Any]) -> list[Any] | None:
    """For a mapping that must be one of several kinds of object (a WARZAG action): the errors of the kind its
    keys name, [] when its keys name none, None when the choice is not between objects."""
    if error.validator not in ("anyOf", "oneOf") or not isinstance(error.instance, dict):
        return None
    keys = [_branch_keys(b, root) for b in error.validator_value]
    if any(k is None for k in keys):
        return None
    # A kind is named by its first key (`annex:`, `train:`...), the one it requires.
    named = [i for i, k in enumerate(keys) if k and k[0] in error.instance]
    if len(named) != 1:
        return []
    return [e for e in error.context if e.relative_schema_path and e.relative_schema_path[0] == named[0]]


def _unknown_choice(doc: Document, error: Any, root: dict[str, Any]) -> Problem:
    firsts = [k[0] for b in error.validator_value if (k := _branch_keys(b, root))]
    given = [str(k) for k in error.instance]
    close = difflib.get_close_matches(given[0], firsts, n=1) if given else []
    hint = f"; did you mean '{close[0]}'?" if close else f"; one of: {', '.join(firsts)}"
    loc = (*error.absolute_path, given[0]) if given else tuple(error.absolute_path)
    where = ".".join(str(p) for p in error.absolute_path)
    return doc.problem(f"{where}: {', '.join(repr(g) for g in given) or 'an empty mapping'} names no action{hint}", loc)


def _deepest(errors: list[Any]) -> list[Any]:
    """Replace `anyOf`/`oneOf` failures by their most specific sub-error."""
    out = []
    for error in errors:
        while error.context:
            # The deepest sub-error names the value that is wrong; "is not of type 'null'"
            # (the optional branch) is the least helpful of all.
            error = max(error.context, key=lambda e: (len(e.absolute_path), e.validator != "type" or e.validator_value != "null"))
        out.append(error)
    return out


def document_kind(doc: Document) -> str:
    """The `kind:` of a document, or an error saying what is wrong with it."""
    if not isinstance(doc.data, dict):
        line, column = doc.locate(())  # a list knows where it starts; a scalar or nothing is the whole file
        problem = Problem("expected a YAML mapping with a 'kind:' key", doc.path, line or 1, column or 1)
        raise InvalidInput(f"{doc.path}: not a YAML mapping", [problem])
    kind = doc.data.get("kind")
    if not isinstance(kind, str) or kind not in MODELS:
        close = difflib.get_close_matches(kind, list(MODELS), n=1) if isinstance(kind, str) else []
        hint = f"; did you mean '{close[0]}'?" if close else ""
        known = ", ".join(MODELS)
        said = {dict: "a mapping", list: "a list"}.get(type(kind)) or repr(kind)
        said = said if len(said) <= 60 else said[:57] + "..."
        raise InvalidInput(
            f"{doc.path}: unknown kind",
            [doc.problem(f"'kind' must be one of {known}, not {said}{hint}", ("kind",))],
        )
    return kind


def parse_model(doc: Document, kind: str) -> BaseModel:
    """The model of `doc`, or InvalidInput listing every shape problem.

    The strict pydantic model and the JSON Schema are generated from the same definitions
    and accept the same documents; the model is tried first because it is fast, and the
    JSON Schema validator then explains a rejected document key by key.
    """
    try:
        return model_of(kind).model_validate(doc.data)
    except ValidationError:
        pass
    other = schema_version_problem(doc, kind)
    if other is not None:
        raise InvalidInput(f"{doc.path}: a {kind} file of another schema_version", [other])
    problems = shape_problems(doc, kind)
    if not problems:
        try:
            return model_of(kind).model_validate(doc.data)
        except ValidationError as exc:
            problems = [doc.problem(_pydantic_message(e), tuple(e["loc"])) for e in exc.errors()]
    raise InvalidInput(f"{doc.path}: not a valid {kind} file", problems)


def supported_schema_version(kind: str) -> int | None:
    """The schema_version this aa-ref reads for a document kind (its model's `Literal`), None if it has none."""
    field = model_of(kind).model_fields.get("schema_version")
    versions = get_args(field.annotation) if field is not None else ()
    return versions[0] if len(versions) == 1 and isinstance(versions[0], int) else None


def schema_version_problem(doc: Document, kind: str) -> Problem | None:
    """A document whose schema_version (a whole number) is not the one this aa-ref reads: a newer one is refused
    with the upgrade to install, an older one (no migration is written yet) with the aa-ref to read it with."""
    found = doc.data.get("schema_version") if isinstance(doc.data, dict) else None
    supported = supported_schema_version(kind)
    if not isinstance(found, int) or isinstance(found, bool) or supported is None or found == supported:
        return None
    here = f"this aa-ref {__version__} reads {kind} files of schema_version {supported}"
    if found > supported:
        text = (f"this {kind} file has schema_version {found}, written by a newer aa-ref; {here}: upgrade aa-ref "
                "(pip install --upgrade aa-ref)")
    else:
        text = (f"this {kind} file has schema_version {found}, older than any this aa-ref reads; {here} and has no "
                f"migration from {found} (docs/compatibility.md): read it with the aa-ref that wrote it")
    return doc.problem(text, ("schema_version",))


def _pydantic_message(error: dict[str, Any]) -> str:
    where = ".".join(str(p) for p in error["loc"])
    return f"{where}: {error['msg']}" if where else error["msg"]




