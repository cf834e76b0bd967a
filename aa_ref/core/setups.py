"""Finding and loading a game's definition: a shipped scenario by its id, or a user's own setup,
component pack or scenario file; a setup that `extends` another is merged over it first, the
way an 18xx title depends on another. The document's kind names the model that checks it."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from aa_ref.core.documents import document_kind, parse_model
from aa_ref.core.errors import InvalidInput, UsageError
from aa_ref.core.names import NameIndex
from aa_ref.core.setup_cache import cached
from aa_ref.core.yamlio import Document, load_yaml

SETUPS_DIR = Path(str(resources.files("aa_ref") / "setups"))
"""The shipped scenarios: package data, so that a wheel or any install carries them."""


REPLACED_KEYS = frozenset({"units"})
"""Keys a setup that `extends` another replaces wholesale: a scenario's starting units."""


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


_CACHE: dict[str, Any] = {}


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
    setup = cached(scenario, list(paths.values()), lambda: _parse_setup_file(paths[scenario]))  # aa_ref.core.setup_cache
    _CACHE[scenario] = setup
    return setup


def _parse_setup_file(path: Path) -> Any:
    return parse_setup(load_yaml(path))


def parse_setup(doc: Document) -> Any:
    """A setup document (with the setup it extends merged under it), or a WARZAG component pack or a
    Blocks in the West scenario, by its kind."""
    if not isinstance(doc.data, dict):
        document_kind(doc)  # says that a setup is a mapping, where
    if doc.data.get("kind") in ("warzag-pack", "bitw-scenario"):
        return parse_model(doc, doc.data["kind"])
    merged = resolve_setup_data(doc.data, doc=doc)
    return parse_model(Document(doc.path, merged, doc.text), "setup")
