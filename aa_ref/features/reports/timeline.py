"""The log as a timeline of events, each filed under the turn it happened in.

A log entry records who submitted it (a decision is submitted by the defender), not whose turn it is, and one
entry's events may run on into the next power's turn (its automatic phases) or the next round. So the log is folded
event by event, and each event is filed under the round, power and phase of the state it met: the turn the game
was in. An entry submitted by a power whose turn it is not is an answer (a defender's decision, a reaction, a
withdrawal) given inside the turn of another. Works for every game: each game's events come from its own loader and
fold through its ruleset's `apply_event`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from aa_ref.core.auditlog import Log, LogEntry
from aa_ref.core.edits import apply_changes, is_edit
from aa_ref.core.fairdice import COMMITMENT


@dataclass
class Step:
    """One event, where it belongs: the round, power and phase of the turn it happened in."""

    entry: LogEntry
    event: Any
    round: int
    power: str
    phase: str


@dataclass
class Answer:
    """An entry submitted by a power whose turn it was not: `power` answers within `turn`'s turn."""

    entry: LogEntry
    round: int
    turn: str
    phase: str
    power: str


@dataclass
class Timeline:
    steps: list[Step] = field(default_factory=list)
    answers: list[Answer] = field(default_factory=list)
    edits: list[Answer] = field(default_factory=list)
    first: Any = None  # the state the game began with
    ends: dict[int, Any] = field(default_factory=dict)  # round -> the state when the next round began (or now)

    def start_of(self, round_: int) -> Any:
        return self.ends.get(round_ - 1, self.first)

    def rounds(self) -> list[int]:
        return sorted({s.round for s in self.steps} | {a.round for a in self.answers} | {e.round for e in self.edits})


def events_loader(kind: str) -> Callable[[list[dict]], list[Any]]:
    """The typed events of a game of this kind (`game`, `warzag-game`, `bitw-game`)."""
    if kind == "warzag-game":
        from aa_ref.games.warzag.events import EVENTS as WARZAG

        return WARZAG.validate_python
    if kind == "bitw-game":
        from aa_ref.games.blocks_in_the_west.events import EVENTS as BITW

        return BITW.validate_python
    from aa_ref.games.axis_allies.model.events import load_events

    return load_events


def timeline(setup: Any, ruleset: Any, log: Log, game_file: Any) -> Timeline:
    """Fold the log event by event from the setup (with the game file's referee secrets, which the log never holds);
    undone entries leave nothing; an edit replaces the state it changes."""
    load = events_loader(game_file.kind)

    def fresh() -> Any:
        game = ruleset.new_game(setup, log.start.variant, dict(log.start.options), log.start.seed, game_file.log.file)
        for key in ruleset.referee_secrets():  # the names of hidden blocks: the game file's own
            setattr(game, key, getattr(game_file, key))
        if log.start.commitments:
            ruleset.commit_secrets(game, dict(log.start.commitments))
        return game

    first = fresh()
    game = first
    # the effective entries: (state after, steps, answers, edits, round ends seen during the entry)
    stack: list[tuple[Any, list[Step], list[Answer], list[Answer], dict[int, Any]]] = []
    for entry in log.entries:
        kind = entry.input.get("kind")
        if kind == "undo":
            if stack:
                stack.pop()
            game = stack[-1][0] if stack else first
            continue
        if kind == COMMITMENT:
            continue  # a fair-dice commitment changes no board state
        steps: list[Step] = []
        answers: list[Answer] = []
        edits: list[Answer] = []
        ends: dict[int, Any] = {}
        here = Answer(entry, game.round, game.power, game.phase, entry.power)
        if is_edit(entry.input):  # set, not folded from events
            data = game.model_dump(mode="json")
            apply_changes(data, entry.input.get("set") or {})
            game = type(game).model_validate(data)
            edits.append(here)
        else:
            if str(entry.power).casefold() != str(game.power).casefold():
                answers.append(here)
            game = game.model_copy(deep=True)
            for event in load(entry.events):
                steps.append(Step(entry, event, game.round, game.power, game.phase))
                before = game.round
                ruleset.apply_event(game, event)
                if game.round != before:  # the board as the next round begins: the end of this one
                    ends[before] = game.model_copy(deep=True)
        stack.append((game, steps, answers, edits, ends))
    line = Timeline(first=first)
    for _, steps, answers, edits, ends in stack:
        line.steps += steps
        line.answers += answers
        line.edits += edits
        line.ends.update(ends)
    if game.round in line.rounds():  # the round under way, as it stands
        line.ends[game.round] = game
    return line

