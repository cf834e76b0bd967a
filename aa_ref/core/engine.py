"""The adjudication context and the interface every ruleset implements.

A ruleset checks orders against a read-only game (`check`) and adjudicates them by
emitting events through a `Context` (`adjudicate`); only `Context.emit` changes the
working copy of the game, so the events are the complete record of the change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from aa_ref.core.copies import deep_copy
from aa_ref.core.dice import DiceSource, SeededDice, Volley, table_dice
from aa_ref.core.errors import AaRefError, IllegalOrders, Problem
from aa_ref.core.events import Note, Roll
from aa_ref.core.yamlio import Document


FIRST_RULES = ("the rules of aa-ref 0.1.0, when games began to record their rules version (a game that records none "
               "was begun with these rules or earlier ones)")
"""What rules version 1 of every ruleset is (each ruleset's `rules_changes[1]`)."""


class Illegal(Exception):
    """An action breaks a rule (engines that check while they adjudicate): `message` in a player's words, `rule`
    the rulebook lines, `field` the action's key to point at."""

    def __init__(self, message: str, rule: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.field = field


def no_event_application(game: Any, event: Any) -> None:
    """The default of a context made without its game's event application: nothing may change."""
    raise TypeError(f"this context cannot apply {type(event).__name__}: give it its game's apply_event")


@dataclass
class Context:
    """One adjudication: the setup, a working copy of the game, dice and emitted events."""

    setup: Any
    game: Any
    dice: DiceSource
    manual_dice: bool = False
    events: list[Any] = field(default_factory=list)
    apply: Callable[[Any, Any], None] = no_event_application
    """The game's own event application (`ruleset.apply_event`)."""
    watch: Callable[[Any], None] | None = None
    """Told each event as it happens (a table where dice are typed hears each volley's outcome before the next)."""

    _before: Any = field(default=None, init=False, repr=False, compare=False)

    def as_it_stands(self) -> Any:
        """A copy of the working game as it stands, to ask questions of while events change the game (the board
        as a phase began). Until the next event the same copy is given to every caller: read it, never change it."""
        if self._before is None:
            self._before = deep_copy(self.game)
        return self._before

    def emit(self, event: Any) -> None:
        """Record an event and apply it to the working game."""
        self._before = None
        self.apply(self.game, event)
        self.events.append(event)
        if self.watch is not None:
            self.watch(event)

    def roll(self, context: str, count: int, volley: Volley | None = None) -> list[int]:
        """Roll `count` dice for the volley named `context` (described by `volley` for dice typed at a table),
        recording them."""
        if count <= 0:
            return []
        dice = self.dice.roll(context, count, volley)
        source = "manual" if self.manual_dice else getattr(self.dice, "source", "seeded")
        self.emit(Roll(context=context, dice=dice, source=source))
        return dice

    def note(self, text: str) -> None:
        self.emit(Note(text=text))


def problems_of_a_dry_run(ruleset: Any, setup: Any, game: Any, given: "OrdersInput") -> list[Problem]:
    """`check` of a self-checking ruleset: the document adjudicated on a copy of the game, with its own dice or
    the game's seed; the problems it raises (none if it applies)."""
    model = given.model
    dice = table_dice(model.dice, f"{given.doc.path}: dice") if model.dice is not None else SeededDice(game.seed)
    ctx = Context(setup, game.model_copy(deep=True), dice, apply=ruleset.apply_event)
    try:
        ruleset.adjudicate(ctx, given)
    except IllegalOrders as exc:
        return exc.problems
    except AaRefError as exc:
        return [given.problem(exc.message, ("dice",))]
    return []


@dataclass
class OrdersInput:
    """A parsed orders or decision document with the YAML it came from (for error positions)."""

    doc: Document
    model: Any

    def problem(self, message: str, loc: tuple[Any, ...] = (), rule: str | None = None) -> Problem:
        return self.doc.problem(message, loc, rule)


@dataclass
class WhereAnswer:
    """A ruleset's answer to `aa-ref where`: `data` for --json, `text` for people."""

    data: dict[str, Any]
    text: str


class Ruleset(Protocol):
    """What a game's rules must provide to the core."""

    id: ClassVar[str]
    rules_version: ClassVar[int]
    """Raised by one whenever the ruleset's adjudication changes (each ruleset its own, an A&A edition's too: a
    change to the shared A&A rules raises all three); a log's start records it (docs/compatibility.md)."""
    rules_changes: ClassVar[dict[int, str]]
    """Rules version -> what changed in the adjudication at that version: `replay` quotes the changes since a
    game's recorded version when the game no longer replays."""
    phases: ClassVar[list[str]]
    self_checking: ClassVar[bool]
    in_progress: ClassVar[tuple[str, ...]]
    """The game file's keys that hold an adjudication in progress (battles being fought, decisions awaited): an edit
    (`core/edits.py`) never sets them, and none is made while the game waits for a decision."""
    """True when `adjudicate` itself refuses illegal orders (IllegalOrders) before changing anything it keeps: the
    core then skips the separate `check`, whose dice could differ from the ones really rolled."""

    def new_game(self, setup: Any, variant: str | None, options: dict[str, str], seed: str, log_file: str) -> Any: ...

    def check(self, setup: Any, game: Any, given: OrdersInput) -> list[Problem]: ...

    def adjudicate(self, ctx: Context, given: OrdersInput) -> None: ...

    def template(self, setup: Any, game: Any) -> str: ...

    def options(self) -> dict[str, list[str]]: ...

    def option_problem(self, key: str, value: str) -> str | None: ...

    def setup_problems(self, setup: Any, doc: Document) -> list[Problem]:
        """What `validate` reports in the game's definition beyond its shape (names, reachability, sums)."""
        ...

    def game_problems(self, setup: Any, game: Any, doc: Document) -> list[Problem]: ...

    def apply_event(self, game: Any, event: Any) -> None: ...

    def where(self, setup: Any, game: Any, space: str, units: list[str] | None, power: str | None,
              side: str | None) -> WhereAnswer:
        """`aa-ref where`: a space's neighbours, controller and units; with `units` (as typed, e.g. `2 infantry, tank`),
        where those units of `power` (default: the one to move) can go in the current or next movement phase, with
        the cost of each. `side`: a game with hidden units answers from that side's view only. Raises AaRefError
        (a clear message, a suggestion for a misspelt name) for bad input."""
        ...

    def deal_secrets(self, setup: Any, options: dict[str, str], seed: str) -> tuple[dict[str, str], dict[str, Any]]:
        """Cards dealt in secret at the start: (player -> public commitment, file key -> private document)."""
        ...

    def referee_secrets(self) -> dict[str, str]:
        """Fresh secrets of the referee, game field -> value, that decide nothing in play and live in the game file
        only, never in the log (Blocks in the West: the key of the opaque names in a side's view). `new_game` draws
        them; a game rebuilt from its log (replay, undo) takes them from its file; `aa-ref rekey` draws new ones."""
        ...

    def bound_state(self, data: dict[str, Any]) -> dict[str, Any]:
        """The part of a game's state (its data as JSON, without the log link and the setup's name) that its log
        binds by digest: everything but the referee's own secrets and what only they decide, which the log never
        holds."""
        ...
