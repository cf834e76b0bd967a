"""What the runners of the games with their own engines (WARZAG, Blocks in the West) share: applying a
case's documents as `aa_ref.core.session.adjudicate` does, checking that events alone reproduce each state and
that a refused document changes nothing (the full model dump before it and after the attempt), and refusing
a case with a key its runner does not read (`check_document_case_keys`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aa_ref.core.dice import RecordedDice, SeededDice
from aa_ref.core.documents import parse_model
from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import AaRefError, IllegalOrders
from aa_ref.core.events import Note, Roll
from aa_ref.core.yamlio import Document
from tests.conformance.runner import assert_unchanged, check_keys


@dataclass
class Outcome:
    game: Any
    problems: list[str]
    rules: list[str]
    notes: list[str] = field(default_factory=list)
    rolls: list[int] = field(default_factory=list)


def documents(case: dict[str, Any]) -> list[dict[str, Any]]:
    orders = case.get("orders") or []
    return [orders] if isinstance(orders, dict) else list(orders)


def play(path: Path, case: dict[str, Any], setup: Any, ruleset: Any, game: Any, kind: str) -> Outcome:
    """The case's documents applied in order (the power defaults to the one the game waits for), all or none."""
    table = RecordedDice(list(case["dice"]), f"{path.name} dice") if case.get("dice") is not None else None
    outcome = Outcome(game, [], [])
    for i, data in enumerate(documents(case)):
        before = game.model_dump()
        waiting = game.pending[0].power if game.pending else game.power
        data = {"kind": kind, "schema_version": 1, "power": waiting, **data}
        doc = Document(f"{path.name}#orders{i}", data, tree=data)
        try:
            given = OrdersInput(doc, parse_model(doc, kind))
        except AaRefError as exc:
            return refused(path, before, game, [p.message for p in exc.problems] or [exc.message], [])
        problems = [] if ruleset.self_checking else ruleset.check(setup, game, given)  # as aa_ref.core.session.adjudicate
        if problems:
            return refused(path, before, game, [p.message for p in problems], [p.rule or "" for p in problems])
        if given.model.dice is not None:
            dice, manual = RecordedDice(given.model.dice, f"{doc.path}: dice"), True
        elif table is not None:
            dice, manual = table, True
        else:
            dice, manual = SeededDice(game.seed), False
        ctx = Context(setup, game.model_copy(deep=True), dice, manual_dice=manual, apply=ruleset.apply_event)
        try:
            ruleset.adjudicate(ctx, given)
        except IllegalOrders as exc:
            return refused(path, before, game, [p.message for p in exc.problems], [p.rule or "" for p in exc.problems])
        if given.model.dice is not None and dice.unused:
            raise AssertionError(f"{doc.path}: {dice.unused} of the document's dice were not used")
        # Events are the whole change: folding them over the game before gives exactly the game after.
        folded = game.model_copy(deep=True)
        for event in ctx.events:
            ruleset.apply_event(folded, event)
        assert folded.model_dump() == ctx.game.model_dump(), f"{doc.path}: the events do not reproduce the state"
        game = ctx.game
        outcome.notes += [e.text for e in ctx.events if isinstance(e, Note)]
        outcome.rolls += [d for e in ctx.events if isinstance(e, Roll) for d in e.dice]
    if table is not None and table.unused:
        raise AssertionError(f"{path.name}: {table.unused} table dice were not used; the case expects them to be")
    outcome.game = game
    return outcome


def refused(path: Path, before: dict[str, Any], game: Any, problems: list[str], rules: list[str]) -> Outcome:
    """Illegal orders apply whole or not at all: the game is as it was before the refused document."""
    assert_unchanged(path, before, game)
    return Outcome(game, problems, rules)


def check_document_case_keys(path: Path, case: dict[str, Any], case_keys: tuple[str, ...], state_keys: tuple[str, ...],
                             expect_keys: tuple[str, ...], options: tuple[str, ...]) -> None:
    """Every key of a case (top level, `state`, `expect`, `options`) is one its runner reads (CaseError otherwise)."""
    check_keys(path, "the case", case, case_keys)
    check_keys(path, "state", case.get("state"), state_keys)
    check_keys(path, "expect", case.get("expect"), expect_keys)
    check_keys(path, "options", case.get("options"), options)


def compare_fields(failures: list[str], what: str, got: dict[str, Any], want: dict[str, Any]) -> None:
    """Add to `failures` every field of `want` that `got` lacks or holds otherwise (nested mappings in part)."""
    for key, value in want.items():
        if key not in got:
            failures.append(f"{what} has no field {key!r}")
            continue
        actual = got[key]
        if isinstance(value, dict) and isinstance(actual, dict):
            compare_fields(failures, f"{what}.{key}", actual, value)
        elif actual != value:
            failures.append(f"{what}.{key} is {actual!r}, expected {value!r}")
