"""The audit log: append-only, hash-chained record of every input and its events.

Each entry holds the input document (orders or decision), the dice source, the events
the adjudication produced, the hash of the previous entry and its own hash. The game
file keeps the head hash, so editing an entry, the dice or the game file shows up.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Literal

from pydantic import Field

from aa_ref.core.model import Strict

GENESIS = "genesis"


class LogStart(Strict):
    """How the game began: enough to rebuild its first state."""

    setup: str
    variant: str | None = None
    options: dict[str, str] = Field(default_factory=dict)
    seed: str
    commitments: dict[str, str] = Field(
        default_factory=dict, description="player -> SHA-256 commitment to a card dealt in secret at the start "
                                          "(WARZAG objectives); the card and its salt stay with the player")


class LogEntry(Strict):
    n: int = Field(ge=1)
    round: int
    power: str
    phase: str
    input: dict[str, Any] = Field(description="the orders or decision document applied")
    events: list[dict[str, Any]]
    prev: str
    hash: str


class Log(Strict):
    kind: Literal["log"]
    schema_version: Literal[1]
    start: LogStart
    entries: list[LogEntry] = Field(default_factory=list)

    @property
    def head(self) -> str:
        return self.entries[-1].hash if self.entries else start_hash(self.start)


def _digest(payload: Any) -> str:
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def start_hash(start: LogStart) -> str:
    """The hash a fresh game's log head has before any entry."""
    data = start.model_dump(mode="json")
    if not data["commitments"]:  # games without secret deals keep the hash they always had
        del data["commitments"]
    return _digest({"genesis": data})


def entry_hash(entry: dict[str, Any]) -> str:
    """The hash of an entry's content (everything but its own hash)."""
    return _digest({k: v for k, v in entry.items() if k != "hash"})


def make_entry(log: Log, round_: int, power: str, phase: str, input_doc: dict, events: list[dict]) -> LogEntry:
    """The next entry of `log`, chained to its head."""
    body = {
        "n": len(log.entries) + 1,
        "round": round_,
        "power": power,
        "phase": phase,
        "input": input_doc,
        "events": events,
        "prev": log.head,
    }
    return LogEntry(**body, hash=entry_hash(body))


def chain_problems(log: Log) -> list[str]:
    """Where the hash chain of `log` is broken, in words."""
    problems = []
    prev = start_hash(log.start)
    for i, entry in enumerate(log.entries, start=1):
        data = entry.model_dump(mode="json")
        if entry.n != i:
            problems.append(f"entry {i} is numbered {entry.n}")
        if entry.prev != prev:
            problems.append(f"entry {i} does not follow entry {i - 1} (its 'prev' hash is {entry.prev}, expected {prev})")
        if entry_hash(data) != entry.hash:
            problems.append(f"entry {i} was edited after it was written (its content does not match its hash)")
        prev = entry.hash
    return problems
