"""Finding and loading a game's definition: a shipped scenario by its id, or a user's own setup,
component pack or scenario file; a setup that `extends` another is merged over it first, the
way an 18xx title depends on another. The document's kind names the model that checks it."""

from __future__ import annotations

import hashlib
import json
from importlib import resources
from pathlib import Path
from typing import Any

from aa_ref import __version__
from aa_ref.core.documents import document_kind, parse_model
from aa_ref.core.errors import InvalidInput, UsageError
from aa_ref.core.names import NameIndex
from aa_ref.core.setup_cache import cached
from aa_ref.core.yamlio import Document, load_yaml

SETUPS_DIR = Path(str(resources.files("aa_ref") / "setups"))
"""The shipped scenarios: package data, so that a wheel or any install carries them."""


REPLACED_KEYS = frozenset({"units"})
"""Keys a setup that `extends` another replaces wholesale: a scenario's starting units."""

UNBOUND_KEYS = frozenset({"layout"})
"""Top-level keys of a setup that decide nothing in play and are left out of its fingerprint: the coordinates the
board is drawn with (`aa-ref show --svg`). Adding or changing them leaves every game begun with the setup playable."""


def _deep_merge(base: dict, override: dict, top: bool = True) -> dict:
    out = dict(base)
    for key, value in override.items():
        if top and key in REPLACED_KEYS:
            out[key] = value
        elif isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _deep_merge(out[key], value, top=False)
        else:
            out[key] = value
    return out


EXTENSION_REQUIRED = ("kind", "schema_version", "id", "extends")
"""What a setup that `extends` another must give itself: the rest may come from its parent."""


def file_schema(complete: dict[str, Any]) -> dict[str, Any]:
    """The JSON Schema of a setup file as written, from the `complete` schema of a loaded setup.

    A file without `extends` is a complete setup. A file that `extends` another is checked as its
    own part of the merge: each mapping `_deep_merge` merges into the parent's may give any of its
    keys and needs none (its `required` and `default` are dropped, at every depth), while what
    replaces the parent's value (lists, scalars, `REPLACED_KEYS`) is checked whole. It must name
    itself (`EXTENSION_REQUIRED`). Whether the merged setup is complete is checked when it is loaded.
    """
    defs: dict[str, Any] = dict(complete.get("$defs", {}))
    top = {k: v for k, v in complete.items() if k not in ("$defs", "$schema", "$id")}
    extension = _partial(top, defs)
    for key in REPLACED_KEYS:
        extension["properties"][key] = top["properties"][key]
    extension["properties"]["extends"] = {
        "type": "string", "minLength": 1, "description": "the id of the shipped setup this one is merged over"}
    extension["required"] = list(EXTENSION_REQUIRED)
    extension["title"] = "SetupExtension"
    extension["description"] = "A setup file that `extends` another: what it gives is merged over its parent."
    names_extends = {"properties": {"extends": {"type": "string", "minLength": 1}}, "required": ["extends"]}
    head = {k: complete[k] for k in ("$schema", "$id") if k in complete}
    return {
        **head,
        "title": top.get("title"),
        "description": "A complete setup, or one that `extends` another and gives only what differs from it.",
        "type": "object",
        "if": names_extends,
        "then": {"$ref": "#/$defs/SetupExtension"},
        "else": {"$ref": "#/$defs/Setup"},
        "$defs": {**defs, "Setup": top, "SetupExtension": extension},
    }


def _partial(node: Any, defs: dict[str, Any]) -> Any:
    """`node` with no key required, and no default, in any mapping the merge merges into (see
    `file_schema`); a `$ref` to a model points to its `<Model>Part` definition, added to `defs`."""
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        if name + "Part" not in defs:
            defs[name + "Part"] = {}  # reserved first: a model that contains itself refers to it
            defs[name + "Part"] = _partial(defs[name], defs)
        return {**node, "$ref": f"#/$defs/{name}Part"}
    out = dict(node)
    if node.get("type") == "object":
        out.pop("required", None)
        if "properties" in out:
            out["properties"] = {
                k: {n: v for n, v in _partial(value, defs).items() if n != "default"}
                for k, value in out["properties"].items()}
        if isinstance(out.get("additionalProperties"), dict):
            out["additionalProperties"] = _partial(out["additionalProperties"], defs)
    if "anyOf" in out:
        out["anyOf"] = [_partial(b, defs) for b in out["anyOf"]]
    return out


def setup_paths() -> dict[str, Path]:
    """Scenario id -> file, for every setup shipped in `setups/`."""
    return {p.stem: p for p in sorted(SETUPS_DIR.glob("*.yaml"))}


def resolve_setup_data(data: dict, seen: tuple[str, ...] = (), doc: Document | None = None) -> dict:
    """The setup's data with the setup it `extends` merged underneath it (`doc`, the file's, locates problems)."""
    parent_id = data.get("extends")
    if not parent_id:
        return data
    if not isinstance(parent_id, str):
        problem = f"'extends' names one shipped setup, not {str(parent_id)[:40]}"
        raise InvalidInput(f"setup '{data.get('id')}': {problem}",
                           [doc.problem(problem, ("extends",))] if doc is not None else [])
    if parent_id in seen:
        raise InvalidInput(f"setup '{data.get('id')}' extends itself through {' -> '.join(seen)}")
    paths = setup_paths()
    if parent_id not in paths:
        raise InvalidInput(f"setup '{data.get('id')}' extends unknown setup '{parent_id}'")
    parent = resolve_setup_data(load_yaml(paths[parent_id]).data, (*seen, parent_id))
    merged = _deep_merge(parent, data)
    merged["extends"] = None
    return merged


def data_sha256(data: Any) -> str:
    """The SHA-256 (64 hex digits) of data as canonical JSON: every key as text, keys sorted, no spaces,
    non-ASCII characters escaped (`json.dumps(data, sort_keys=True, separators=(",", ":"))`)."""
    text = json.dumps(_text_keys(data), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def _text_keys(data: Any) -> Any:
    if isinstance(data, dict):
        return {str(k): _text_keys(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_text_keys(v) for v in data]
    return data


def changed_setup_text(name: str, noun: str, begun: str, now: str, begun_with: str | None = None) -> str:
    """The one message, for every game, of a game's definition (`noun`: setup, component pack, scenario) whose
    fingerprint `now` is not the `begun` one the game recorded: a user's file was edited, or this aa-ref ships
    another setup than the aa-ref that began the game (`begun_with`, when known)."""
    prints = f"(sha256 {begun[:12]}... when the game began, {now[:12]}... now)"
    if scenario_path(name) is not None:
        return (f"the {noun} file '{name}' has changed since this game began {prints}; restore the {noun} the game "
                "was begun with")
    by = f" (aa-ref {begun_with})" if begun_with else ""
    return (f"the {noun} '{name}' has changed since this game began {prints}: this aa-ref {__version__} ships "
            f"another '{name}' than the aa-ref that began the game{by}; play the game on with that aa-ref")


def setup_data(doc: Document) -> Any:
    """A game's definition as data: a setup with the setup it `extends` merged under it; a WARZAG component pack
    or a Blocks in the West scenario as written."""
    if not isinstance(doc.data, dict):
        document_kind(doc)  # says that a setup is a mapping, where
    if doc.data.get("kind") in ("warzag-pack", "bitw-scenario"):
        return doc.data
    return resolve_setup_data(doc.data, doc=doc)


_CACHE: dict[str, tuple[Any, str]] = {}
"""Scenario id or resolved path -> (setup, its fingerprint), for this process."""


def scenario_path(scenario: str, base: Path | None = None) -> Path | None:
    """The file of a scenario given as a path (a user's own component pack or setup), relative
    to `base` (the game file's folder) when not absolute; None for a shipped scenario's id."""
    if not (scenario.endswith((".yaml", ".yml")) or "/" in scenario):
        return None
    path = Path(scenario)
    return path if path.is_absolute() or base is None else base / path


def load_setup(scenario: str, base: Path | None = None) -> Any:
    """The setup (or WARZAG component pack) `scenario`, validated: a shipped id (e.g. 'aa1941')
    or a file's path (relative to `base`); cached per process, and shipped ones on disk."""
    return _loaded(scenario, base)[0]


def setup_sha256(scenario: str, base: Path | None = None) -> str:
    """The fingerprint of the setup `scenario` (as `load_setup` finds it): `data_sha256` of its content after
    `extends`, so a change to its data (or to the setup it extends) changes it, and a change to aa-ref's models
    or to the file's comments and layout does not. The log's start records it (docs/compatibility.md)."""
    return _loaded(scenario, base)[1]


def _loaded(scenario: str, base: Path | None) -> tuple[Any, str]:
    path = scenario_path(scenario, base)
    if path is not None:
        key = str(path.resolve())
        if key not in _CACHE:
            _CACHE[key] = _parse_setup_file(path)
        return _CACHE[key]
    if scenario in _CACHE:
        return _CACHE[scenario]
    paths = setup_paths()
    if scenario not in paths:
        index = NameIndex("scenario", paths)
        raise UsageError(index.unknown_message(scenario) + "; 'aa-ref games' lists them, or give a pack's file")
    value = cached(scenario, list(paths.values()), lambda: _parse_setup_file(paths[scenario]))  # core.setup_cache
    _CACHE[scenario] = value
    return value


def _parse_setup_file(path: Path) -> tuple[Any, str]:
    doc = load_yaml(path)
    data = setup_data(doc)
    bound = {k: v for k, v in data.items() if k not in UNBOUND_KEYS} if isinstance(data, dict) else data
    return _parse(doc, data), data_sha256(bound)


def parse_setup(doc: Document) -> Any:
    """A setup document (with the setup it extends merged under it), or a WARZAG component pack or a
    Blocks in the West scenario, by its kind."""
    return _parse(doc, setup_data(doc))


def _parse(doc: Document, data: Any) -> Any:
    kind = data.get("kind") if isinstance(data, dict) else None
    if kind in ("warzag-pack", "bitw-scenario"):
        return parse_model(doc, kind)
    return parse_model(Document(doc.path, data, doc.text), "setup")
