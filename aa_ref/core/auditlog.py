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


class MadeBy(Strict):
    """What began a game: the aa-ref version, the documents' schema version and the rules that adjudicated it
    (docs/compatibility.md)."""

    aa_ref: str = Field(description="the aa-ref version that began the game (aa_ref.__version__)")
    schema_version: int = Field(description="the schema_version of the documents that aa-ref wrote and read")
    ruleset: str = Field(description="the ruleset id (the setup's `ruleset:`)")
    rules_version: int = Field(ge=1, description="the ruleset's rules version: it changes when the ruleset's "
                                                 "adjudication changes")


OPTIONAL_START_KEYS = ("commitments", "made_by", "setup_sha256", "state_sha256")
"""Keys of the log's start that a log written without them did not hash: dropped from the hash when empty, so
those logs keep the hash they always had, and covered by it when present."""


STATE_SHA256 = ("SHA-256 of the game's state as it stood then (canonical JSON of the game file's data, without its "
                "log link, its setup's name and the referee's own secrets): a game file edited by hand no longer "
                "matches it; none in logs written before aa-ref recorded it")


class LogStart(Strict):
    """How the game began: enough to rebuild its first state, and (since versioned saves) what began it."""

    setup: str
    setup_sha256: str | None = Field(
        default=None, pattern="^[0-9a-f]{64}$",
        description="SHA-256 of the setup's content after `extends` when the game began (canonical JSON of the "
                    "merged setup data); a game whose setup changed since is refused")
    made_by: MadeBy | None = Field(default=None, description="the aa-ref and the rules version that began the game")
    variant: str | None = None
    options: dict[str, str] = Field(default_factory=dict)
    seed: str
    commitments: dict[str, str] = Field(
        default_factory=dict, description="player -> SHA-256 commitment to a card dealt in secret at the start "
                                          "(WARZAG objectives); the card and its salt stay with the player")
    state_sha256: str | None = Field(default=None, pattern="^[0-9a-f]{64}$", description=STATE_SHA256)


class LogEntry(Strict):
    n: int = Field(ge=1)
    round: int
    power: str
    phase: str
    input: dict[str, Any] = Field(description="the orders or decision document applied")
    events: list[dict[str, Any]]
    state_sha256: str | None = Field(default=None, pattern="^[0-9a-f]{64}$", description=STATE_SHA256)
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

    @property
    def state_sha256(self) -> str | None:
        """The digest of the state the game file must hold: the last entry's, or the start's; None if the log
        records none."""
        return self.entries[-1].state_sha256 if self.entries else self.start.state_sha256


def canonical_json(data: Any) -> str:
    """The text that digests hash: keys sorted, no spaces, UTF-8 as is. Data read from YAML or dumped from a model
    holds no cycle, so the encoder does not look for one (the same text, sooner)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, check_circular=False)


def state_digest(data: dict[str, Any]) -> str:
    """The SHA-256 of a game's state (the data its ruleset binds, `Ruleset.bound_state`) as canonical JSON."""
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()


def _digest(payload: Any) -> str:
    return hashlib.sha256(canonical_json(payload).encode()).hexdigest()[:32]


def start_hash(start: LogStart) -> str:
    """The hash a fresh game's log head has before any entry."""
    data = start.model_dump(mode="json")
    for key in OPTIONAL_START_KEYS:  # games without them keep the hash they always had
        if not data[key]:
            del data[key]
    return _digest({"genesis": data})


def start_data(start: LogStart) -> dict[str, Any]:
    """The start as written in a log file: the optional keys only when present (a log written before them is
    rewritten as it was)."""
    data = start.model_dump(mode="json", by_alias=True)
    for key in ("made_by", "setup_sha256", "state_sha256"):
        if data[key] is None:
            del data[key]
    return data


def entry_data(entry: LogEntry) -> dict[str, Any]:
    """An entry as written in a log file: `state_sha256` only when present (a log written before it is rewritten,
    and hashed, as it was)."""
    data = entry.model_dump(mode="json")
    if data["state_sha256"] is None:
        del data["state_sha256"]
    return data


def entry_hash(entry: dict[str, Any]) -> str:
    """The hash of an entry's content (everything but its own hash)."""
    return _digest({k: v for k, v in entry.items() if k != "hash"})


def make_entry(log: Log, round_: int, power: str, phase: str, input_doc: dict, events: list[dict],
               state_sha256: str | None = None) -> LogEntry:
    """The next entry of `log`, chained to its head, binding the state after it when `state_sha256` is given."""
    body: dict[str, Any] = {
        "n": len(log.entries) + 1,
        "round": round_,
        "power": power,
        "phase": phase,
        "input": input_doc,
        "events": events,
        "prev": log.head,
    }
    if state_sha256 is not None:
        body["state_sha256"] = state_sha256
    return LogEntry(**body, hash=entry_hash(body))


def chain_problems(log: Log) -> list[str]:
    """Where the hash chain of `log` is broken, in words."""
    problems = []
    prev = start_hash(log.start)
    for i, entry in enumerate(log.entries, start=1):
        data = entry_data(entry)
        if entry.n != i:
            problems.append(f"entry {i} is numbered {entry.n}")
        if entry.prev != prev:
            if i == 1:
                problems.append(f"entry 1 does not follow the log's start (its 'prev' hash is {entry.prev}, the "
                                f"start's is {prev}): the start or the entry was edited")
            else:
                problems.append(f"entry {i} does not follow entry {i - 1} (its 'prev' hash is {entry.prev}, "
                                f"expected {prev})")
        if entry_hash(data) != entry.hash:
            problems.append(f"entry {i} was edited after it was written (its content does not match its hash)")
        prev = entry.hash
    return problems


def made_by_data(start: LogStart) -> dict[str, Any] | None:
    """What began a game, as `show --json` reports it (`made_by` with the setup's fingerprint); None for a game
    begun before versioned saves."""
    if start.made_by is None:
        return None
    return {**start.made_by.model_dump(mode="json"), "setup_sha256": start.setup_sha256}


def made_by_line(start: LogStart) -> str:
    """What began a game, in one line of `show`."""
    made = start.made_by
    if made is None:
        return "Made by an aa-ref that recorded no version (a game begun before versioned saves)"
    setup = f", setup sha256 {start.setup_sha256[:12]}..." if start.setup_sha256 else ""
    return (f"Made by aa-ref {made.aa_ref}, rules {made.ruleset}/{made.rules_version}, "
            f"schema {made.schema_version}{setup}")
