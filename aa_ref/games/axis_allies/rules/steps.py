"""A movement phase entered move by move (issue 20), as at a table where one group moves at a time.

A step is an orders document of the phase with `step: true` and some `moves:` (and, in the Combat Move, some
`ignore:`); `end: true` ends the phase. Moves are simultaneous [L385], so the phase's moves are one document
however they were entered: each step is checked as the document of every move entered so far and its own, without
the checks of the whole phase (where the Combat Move ends, landing places, stranded units), and kept in the game's
`draft`; the end checks and adjudicates that document whole, exactly as the one-document form would (the same
events after the draft is cleared, the same dice contexts). Each step is its own log entry, so `undo` takes back
the last one and replay and `verify` need nothing special.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from aa_ref.core.engine import OrdersInput
from aa_ref.core.errors import InvalidInput, Problem
from aa_ref.core.yamlio import Document
from aa_ref.games.axis_allies.model.orders import Orders
from aa_ref.games.axis_allies.model.state import Draft, DraftStep, Game

STEP_PHASES = ("combat_move", "noncombat_move")
"""The phases that may be entered move by move."""
STEP_SECTIONS = ("moves", "ignore")
"""What a step document may hold besides its heading (and `standing`, `based_on`, fair-dice records)."""
ONLY_HERE = ("purchase", "repair", "upgrade", "economies", "battles", "rockets", "place", "objective_units",
             "research", "declare_war")
HOW_TO_END = "end it with 'aa-ref end-phase GAME' (an orders document with 'end: true')"


def is_step(model: Any) -> bool:
    return isinstance(model, Orders) and bool(model.step or model.end)


@dataclass
class StepInput(OrdersInput):
    """The phase's moves so far and a step's, as one orders document (`whole_phase`: with the checks of the whole
    phase, at its end)."""

    whole_phase: bool = True


class StepsDocument(Document):
    """The document of a phase's moves entered so far and a step's: a problem at a move of the step is located in
    the step's file; one at a move entered earlier names the log entry that entered it."""

    def __init__(self, step: Document, data: dict[str, Any], origins: dict[str, list[tuple[int, int] | int]]) -> None:
        super().__init__(step.path, data)
        self.step = step
        self.origins = origins
        """section -> for each of its items: (log entry, index in that entry's document) or the index in the step's."""

    def problem(self, message: str, loc: tuple[Any, ...] = (), rule: str | None = None) -> Problem:
        if len(loc) >= 2 and loc[0] in self.origins and isinstance(loc[1], int) and loc[1] < len(self.origins[loc[0]]):
            origin = self.origins[loc[0]][loc[1]]
            if isinstance(origin, int):
                return self.step.problem(message, (loc[0], origin, *loc[2:]), rule)
            entry, i = origin
            what = "move" if loc[0] == "moves" else "ignored zone"
            return Problem(f"{what} {i + 1} of the step entered in log entry {entry} (the phase's {what} "
                           f"{loc[1] + 1}): {message}; take it back ('aa-ref undo' back to that step) and enter it again, changed",
                           self.step.path, None, None, rule)
        known = loc if loc[:1] and loc[0] in (self.step.data or {}) else ()
        return self.step.problem(message, known, rule)


def moment_problems(game: Game, given: OrdersInput) -> list[Problem]:
    """A step or end for a phase that is not entered move by move, a step holding other sections, orders of the
    one-document form while a phase is being entered move by move."""
    model = given.model
    if not is_step(model):
        if game.draft is not None and isinstance(model, Orders):
            return [given.problem(
                f"the {game.phase.replace('_', ' ')} is being entered move by move ({_count(game.draft)} so far): "
                "add moves with 'step: true' documents (or 'aa-ref move'), take them back with 'aa-ref undo', and "
                f"{HOW_TO_END}", ())]
        return []
    key = "end" if model.end and not model.step else "step"
    if game.phase not in STEP_PHASES:
        return [given.problem(f"move-by-move entry covers the Combat Move and the Noncombat Move; the game is in "
                              f"{game.phase.replace('_', ' ')}: write this phase's orders as one document", (key,))]
    problems = [given.problem(f"'{section}' is not part of a step of a phase entered move by move: a step holds "
                              f"'moves'{' and ignore' if game.phase == 'combat_move' else ''}", (section,))
                for section in ONLY_HERE if getattr(model, section) is not None]
    if model.step and not model.end and not model.moves and not model.ignore:
        problems.append(given.problem("a step holds at least one move ('moves:'); to end the phase write 'end: true'",
                                      ("step",)))
    return problems


def _count(draft: Draft) -> str:
    n = sum(len(s.moves) for s in draft.steps)
    return f"{n} move{'s' if n != 1 else ''}"


def cumulative(game: Game, given: OrdersInput, whole_phase: bool) -> StepInput:
    """The one orders document of the phase: every move entered so far, then the step's."""
    model = given.model
    step_data = given.doc.data if isinstance(given.doc.data, dict) else {}
    steps = game.draft.steps if game.draft is not None else []
    origins: dict[str, list[tuple[int, int] | int]] = {"moves": [], "ignore": []}
    moves: list[Any] = []
    ignore: list[Any] = []
    for step in steps:
        moves += step.moves
        origins["moves"] += [(step.entry, i) for i in range(len(step.moves))]
        ignore += step.ignore
        origins["ignore"] += [(step.entry, i) for i in range(len(step.ignore))]
    moves += list(step_data.get("moves") or [])
    origins["moves"] += list(range(len(step_data.get("moves") or [])))
    ignore += list(step_data.get("ignore") or [])
    origins["ignore"] += list(range(len(step_data.get("ignore") or [])))
    data: dict[str, Any] = {"kind": "orders", "schema_version": 1, "round": model.round, "power": model.power,
                            "phase": model.phase}
    for key in ("game", "based_on"):
        if step_data.get(key) is not None:
            data[key] = step_data[key]
    if moves:
        data["moves"] = moves
    if ignore:
        data["ignore"] = ignore
    doc = StepsDocument(given.doc, data, origins)
    try:
        parsed = Orders.model_validate(data)
    except ValidationError:  # only a game file forged with its log holds such a draft ('aa-ref replay' finds it)
        raise InvalidInput(f"{given.doc.path}: the moves entered so far in the game file are not moves an orders "
                           "document could hold; 'aa-ref replay' shows where the game file went wrong") from None
    whole = model.model_copy(update={
        "step": None, "end": None, "dice": None, "signature": None, "reveals": None, "standing": model.standing,
        "moves": parsed.moves, "ignore": parsed.ignore})
    return StepInput(doc, whole, whole_phase=whole_phase)


def entered(game: Game, given: OrdersInput) -> Draft:
    """The draft with the step's moves added (its log entry is the next one)."""
    data = given.doc.data if isinstance(given.doc.data, dict) else {}
    draft = game.draft.model_copy(deep=True) if game.draft is not None else Draft()
    draft.steps.append(DraftStep(entry=game.log.entries + 1, moves=[dict(m) for m in data.get("moves") or []],
                                 ignore=list(data.get("ignore") or [])))
    return draft


def planned(game: Game) -> list[dict[str, Any]]:
    """Every move entered so far, in order, with the log entry that entered it (for `show`)."""
    if game.draft is None:
        return []
    return [{"entry": s.entry, **m} for s in game.draft.steps for m in s.moves]


def move_text(move: dict[str, Any]) -> str:
    """A move as written, in words: '3 infantry Karelia -> West Russia'."""
    units = move.get("units") if isinstance(move.get("units"), dict) else {}
    what = ", ".join(f"{n} {u}" for u, n in units.items())
    path = " -> ".join(str(s) for s in [move.get("from"), *(move.get("via") or []), move.get("to")])
    extra = ""
    if move.get("load"):
        extra += ", loading " + "; ".join(
            f"{', '.join(f'{n} {u}' for u, n in (ld.get('units') or {}).items())} from {ld.get('from')}"
            for ld in move["load"] if isinstance(ld, dict))
    if move.get("unload"):
        lands = move.get("unload_units") if isinstance(move.get("unload_units"), dict) else None
        part = " " + ", ".join(f"{n} {u}" for u, n in lands.items()) if lands else ""
        extra += f", unloading{part} in {move['unload']}"
    return f"{what} {path}{extra}"


# --- `aa-ref move` and `aa-ref end-phase`: a step written from the command line ------------------------------------
def heading(game: Game) -> dict[str, Any]:
    """The heading of a step document for the game as it stands (based_on: a step for this state only)."""
    return {"kind": "orders", "schema_version": 1, "game": None, "round": game.round, "power": game.power,
            "phase": game.phase, "based_on": game.log.head}


def parse_units(setup: Any, text: str, what: str) -> dict[str, int]:
    """`"3 infantry, 1 tank"` (or `"infantry"`: one) -> counts, the setup's names in any case and plural."""
    from aa_ref.core.errors import UsageError
    from aa_ref.core.names import parse_counts

    try:
        return parse_counts([text], setup.unit_names, what)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def one_move(setup: Any, units: str, from_: str, to: str, via: list[str], load: list[str], unload: str | None,
             unload_units: str | None, land_at: str | None) -> dict[str, Any]:
    """A move written on the command line, as an orders document writes it. `load`: "2 infantry from Karelia"
    (optionally "... at SZ 4")."""
    from aa_ref.core.errors import UsageError

    def space(name: str) -> str:
        return setup.space_names.get(name) or name  # the checker names an unknown space, with a suggestion

    from_, to, via = space(from_), space(to), [space(v) for v in via]
    unload, land_at = unload and space(unload), land_at and space(land_at)
    move: dict[str, Any] = {"units": parse_units(setup, units, "--units"), "from": from_, "to": to}
    if via:
        move["via"] = list(via)
    loads = []
    for text in load:
        what, sep, rest = text.partition(" from ")
        if not sep:
            raise UsageError(f"--load: cannot read '{text}'; write e.g. '2 infantry from Karelia' (or '... at SZ 4')")
        where, at_sep, at = rest.partition(" at ")
        loads.append({"units": parse_units(setup, what, "--load"), "from": space(where.strip()),
                      **({"at": space(at.strip())} if at_sep else {})})
    if loads:
        move["load"] = loads
    if unload:
        move["unload"] = unload
    if unload_units:
        move["unload_units"] = parse_units(setup, unload_units, "--unload-units")
    if land_at:
        move["land_at"] = land_at
    return move


def command_document(setup: Any, game: Any, move: dict[str, Any] | None, end: bool) -> dict[str, Any]:
    """The step (or end) document of `aa-ref move` / `aa-ref end-phase`; refused for the games whose orders are
    already action by action."""
    from aa_ref.core.errors import UsageError

    if getattr(game, "kind", None) != "game":
        raise UsageError("move-by-move entry covers the Axis & Allies games; WARZAG and Blocks in the West orders are "
                         "already carried out action by action: apply a document holding one action at a time, and "
                         "'end_turn' ends the turn")
    data = {k: v for k, v in heading(game).items() if v is not None}
    data["game"] = setup.id
    if move is not None:
        data["step"] = True
        data["moves"] = [move]
    if end:
        data["end"] = True
    return data


# --- what `show` reports ---------------------------------------------------------------------------------------------
def standing_after(setup: Any, game: Game) -> dict[str, tuple[dict[str, int], dict[str, int]]]:
    """Where the mover's units stand now and will stand when the moves entered so far are made: space -> (now,
    after), the spaces that change only (the shared movement rules on a copy; no battle is fought, no die rolled)."""
    from aa_ref.core.dice import SeededDice
    from aa_ref.core.engine import Context
    from aa_ref.games.axis_allies.model.events import apply_event
    from aa_ref.games.axis_allies.rules import movement

    if game.draft is None:
        return {}
    whole = cumulative(game, OrdersInput(Document("the draft", heading(game)), Orders.model_validate(heading(game))),
                       whole_phase=True)
    ctx = Context(setup, game.model_copy(deep=True), SeededDice(game.seed), apply=apply_event)
    try:
        movement.execute_moves(ctx, whole, game.phase)
    except Exception:  # noqa: BLE001 - a view only: a draft the end will refuse may not play out
        return {}

    def units(g: Game) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for space, state in g.spaces.items():
            for force in state.forces:
                if force.power == game.power:
                    here = out.setdefault(space, {})
                    for u, n in force.units.items():
                        here[u] = here.get(u, 0) + n
        return out

    now, after = units(game), units(ctx.game)
    return {s: (now.get(s, {}), after.get(s, {})) for s in sorted(set(now) | set(after))
            if now.get(s, {}) != after.get(s, {})}


def taken(board: Any, game: Game) -> dict[tuple[str, tuple], dict[str, int]]:
    """The units the moves entered so far take, by (space, the marks of the force they come from), for `template`
    to list only the units left to move."""
    from aa_ref.games.axis_allies.rules.legs import allocate, resolve_legs

    if game.draft is None:
        return {}
    whole = cumulative(game, OrdersInput(Document("the draft", heading(game)), Orders.model_validate(heading(game))),
                       whole_phase=False)
    legs, problems = resolve_legs(board, whole)
    problems += allocate(board, whole, legs, game.phase)
    out: dict[tuple[str, tuple], dict[str, int]] = {}
    for leg in legs:
        for take in leg.takes:
            if take.carrier is None:
                here = out.setdefault((take.space, take.force.marks()), {})
                for unit, n in take.force.units.items():
                    here[unit] = here.get(unit, 0) + n
    return out
