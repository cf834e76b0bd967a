"""An adjudication of an Axis & Allies game: the core's context, applying A&A's events."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aa_ref.core import engine
from aa_ref.games.axis_allies.model.events import apply_event


@dataclass
class Context(engine.Context):
    """A context whose events change an A&A game (`model.events.apply_event`)."""

    apply: Callable[[Any, Any], None] = apply_event
