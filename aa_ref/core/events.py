"""The events every game shares: dice and narrative, which change nothing and exist for the audit
log, and the error of an event that cannot apply. Each game's own events are its own."""

from __future__ import annotations

from typing import Any, Literal

from aa_ref.core.model import Strict


class Roll(Strict):
    """Dice rolled for a context; changes nothing, recorded for the audit."""

    type: Literal["roll"] = "roll"
    context: str
    dice: list[int]
    source: Literal["seeded", "manual", "fair"] = "seeded"


class Note(Strict):
    """A line of narrative for the summary and the log; changes nothing."""

    type: Literal["note"] = "note"
    text: str


class EventError(ValueError):
    """An event that cannot apply to the state it was given (a corrupt log or a bug)."""


def dump_events(events: list[Any]) -> list[dict]:
    """Events as log data: default values left out, the type always written."""
    return [{"type": e.type, **e.model_dump(mode="json", exclude_defaults=True)} for e in events]
