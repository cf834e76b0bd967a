"""The disk cache of parsed setups (aa_ref/core/setup_cache.py): for speed only, never for meaning."""

from __future__ import annotations

from pathlib import Path

import pytest

from aa_ref.core import setup_cache
from aa_ref.core.setups import SETUPS_DIR, load_setup
@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("AA_REF_CACHE_DIR", str(folder))
    return folder


def test_a_value_is_built_once_then_read_back(cache, tmp_path):
    files = [tmp_path / "a.yaml"]
    files[0].write_text("one")
    calls = []
    assert setup_cache.cached("x", files, lambda: calls.append(1) or {"v": 1}) == {"v": 1}
    assert setup_cache.cached("x", files, lambda: calls.append(1) or {"v": 2}) == {"v": 1}
    assert calls == [1] and len(list(cache.glob("setup-*.pickle"))) == 1


def test_changed_setup_bytes_make_a_new_entry(cache, tmp_path):
    path = tmp_path / "a.yaml"
    path.write_text("one")
    first = setup_cache.cache_key("x", [path])
    path.write_text("two")
    assert setup_cache.cache_key("x", [path]) != first
    assert setup_cache.cache_key("y", [path]) != setup_cache.cache_key("x", [path])


def test_a_damaged_entry_is_ignored_and_off_turns_the_cache_off(cache, tmp_path, monkeypatch):
    path = tmp_path / "a.yaml"
    path.write_text("one")
    cache.mkdir()
    (cache / f"setup-{setup_cache.cache_key('x', [path])}.pickle").write_bytes(b"not a pickle")
    assert setup_cache.cached("x", [path], lambda: "built") == "built"
    monkeypatch.setenv("AA_REF_CACHE_DIR", "off")
    assert setup_cache.cache_dir() is None and setup_cache.cached("x", [path], lambda: "again") == "again"


def test_a_shipped_setup_from_the_cache_equals_the_parsed_one(cache, monkeypatch):
    from aa_ref.core import setups as setup_module
    monkeypatch.setattr(setup_module, "_CACHE", {})
    parsed = load_setup("global1940")
    monkeypatch.setattr(setup_module, "_CACHE", {})
    again = load_setup("global1940")
    assert again is not parsed and again == parsed
    assert len(list(cache.glob("setup-*.pickle"))) == 1
    assert sorted(SETUPS_DIR.glob("*.yaml"))  # the key covers every shipped setup file
