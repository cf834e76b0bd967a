"""`aa-ref log --json`: the audit log as data, in the key scheme of docs/json.md (a new file beside `render`, whose
`log_text` prints the same entries as text)."""

from __future__ import annotations

from typing import Any

from aa_ref.core.auditlog import Log, made_by_data
from aa_ref.core.edits import is_edit
from aa_ref.features.reports.render import _powers_concerned


def log_json(log: Log, round_: int | None = None, power: str | None = None) -> dict[str, Any]:
    """The log's start and its entries (those of `round_` and concerning `power` when given), each with its round,
    power, phase, kind, hashes, the document applied and its events, as the log file holds them."""
    start = log.start
    entries = []
    for entry in log.entries:
        if round_ is not None and entry.round != round_:
            continue
        if power is not None and power.casefold() not in _powers_concerned(entry):
            continue
        entries.append({
            "n": entry.n, "round": entry.round, "power": entry.power, "phase": entry.phase,
            "kind": "edit" if is_edit(entry.input) else str(entry.input.get("kind", "orders")),
            "hash": entry.hash, "prev": entry.prev, "input": entry.input, "events": entry.events,
        })
    return {
        "game": start.setup, "variant": start.variant, "seed": start.seed, "options": dict(start.options),
        "made_by": made_by_data(start), "head": log.head, "entries": entries,
    }
