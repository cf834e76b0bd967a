"""Blocks in the West test helper: a scenario's data as its digest reads it (issue 23's fields left out while unset)."""

from __future__ import annotations

from typing import Any

from aa_ref.games.blocks_in_the_west.ruleset import FIELDS_SINCE_DIGEST, TOP_FIELDS_SINCE_DIGEST

UNSET = (None, False, {}, [])


def without_unset_fields_since(data: dict[str, Any]) -> dict[str, Any]:
    """`data` (a scenario's JSON dump) without the fields added since games recorded digests, where they are unset."""
    for name in TOP_FIELDS_SINCE_DIGEST:
        if data.get(name) in UNSET:
            data.pop(name, None)
    for table, fields in FIELDS_SINCE_DIGEST.items():
        for entry in data[table].values():
            for name in fields:
                if entry.get(name) in UNSET:
                    entry.pop(name, None)
    return data
