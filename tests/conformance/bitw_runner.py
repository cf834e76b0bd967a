"""The Blocks in the West conformance-case runner: one data file, one rule case (DATC-style).

A case file `tests/conformance/blocks_in_the_west/NNN-short-name.yaml` holds:

- `case` (its number), `title`, `rule` (the rulebook citation, "BW Lnnn: ...");
- `scenario` (optional): a scenario file in the cases' folder, default `_test-scenario.yaml`;
- `options`: rule options other than the defaults (`aa_ref.bitw.ruleset.OPTIONS`), e.g. {rules: advanced};
- `state`: changes to the new game: `turn`, `power` (the active side), `phase` (default `movement`),
  `weather`, `winner`, `blocks` (block id -> {hex, strength, revealed, out_of_supply, moved, hits};
  when `blocks` is given, every block not listed is off the map, else the scenario's setup stands;
  `strength` defaults to the block's full printed value), `control` (hex -> side, or null for none,
  merged over the scenario's), `pp` (power -> n, merged), `srm_used` (power -> n), `pending`
  (a list of Decisions);
- `orders`: one or more documents `{power, actions, dice?, based_on?}` (kind and schema_version are
  added; `power` defaults to the side the game waits for: the first pending decision's, else the
  active side), applied in order, all or none;
- `dice`: the dice rolled at the table, used in order by every document that carries none;
- `expect`: the `verdict` (legal or illegal); for illegal orders the `errors` (substrings of the
  problems) and `rule_cited` (a substring of some Problem.rule); for legal ones, expected parts of
  the resulting game: `blocks` (id -> expected fields; `hex: null` = off the map), `control` (hex ->
  side, or null for uncontrolled), `pp` (power -> n), `srm_used`, `phase`, `power`, `turn`,
  `weather`, `winner`, `pending` (the sides waiting, in order), `notes` (substrings some note must
  contain), `rolls` (the dice values rolled, in order).

Each document is adjudicated as `aa_ref.session.adjudicate` does for a self-checking ruleset:
`Bitw.adjudicate` only, on a Context with the document's dice, else the table's, else
SeededDice(game seed "conformance"), and `apply=apply_event`. The runner asserts that folding the
emitted events over the starting game gives exactly the resulting game (events are the only
mutation) and that illegal orders leave the game unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aa_ref.bitw.events import apply_event
from aa_ref.bitw.ruleset import OPTIONS, Bitw
from aa_ref.bitw.scenario import Scenario
from aa_ref.bitw.state import BlockState, Decision, Game
from aa_ref.dice import RecordedDice, SeededDice
from aa_ref.documents import parse_model
from aa_ref.engine import Context, OrdersInput
from aa_ref.errors import AaRefError, IllegalOrders
from aa_ref.events import Note, Roll
from aa_ref.setup import load_setup
from aa_ref.yamlio import Document, load_yaml
from tests.conformance.runner import verdict_failures

HERE = Path(__file__).parent / "blocks_in_the_west"
SCENARIO = "_test-scenario.yaml"
SEED = "conformance"
HEADER_KEYS = ("turn", "power", "phase", "weather", "winner")


@dataclass
class Outcome:
    game: Game | None
    problems: list[str]
    rules: list[str]
    notes: list[str] = field(default_factory=list)
    rolls: list[int] = field(default_factory=list)


def load_scenario(name: str = SCENARIO) -> Scenario:
    return load_setup(str(HERE / name))


def case_options(case: dict[str, Any]) -> dict[str, str]:
    opts = {key: choices[0] for key, choices in OPTIONS.items()}
    opts.update({k: str(v) for k, v in (case.get("options") or {}).items()})
    return opts


def build_state(case: dict[str, Any]) -> tuple[Scenario, Bitw, Game]:
    """The case's starting game: a new game of the case's scenario with the case's `state` changes."""
    scenario = load_scenario(case.get("scenario", SCENARIO))
    ruleset = Bitw()
    game = ruleset.new_game(scenario, None, case_options(case), str(case.get("seed", SEED)), "case.log.yaml")
    state = case.get("state") or {}
    game.phase = "movement"
    for key in HEADER_KEYS:
        if key in state:
            setattr(game, key, state[key])
    game.round = game.turn
    if "blocks" in state:
        listed = state["blocks"] or {}
        for block_id in listed:
            assert block_id in scenario.blocks, f"unknown block {block_id} in the case's state"
        blocks = {}
        for block_id, block in scenario.blocks.items():
            fields = dict(listed.get(block_id) or {"hex": None})
            fields.setdefault("hex", None)
            fields.setdefault("strength", block.steps[0].value)
            if game.options.get("fog_of_war") == "off":
                fields.setdefault("revealed", True)
            assert fields["hex"] is None or fields["hex"] in scenario.hexes, f"unknown hex {fields['hex']} ({block_id})"
            blocks[block_id] = BlockState.model_validate(fields)
        game.blocks = blocks
    for hex_id, side in (state.get("control") or {}).items():
        assert hex_id in scenario.hexes, f"unknown hex {hex_id} in the case's control"
        if side is None:
            game.control.pop(hex_id, None)
        else:
            game.control[hex_id] = side
    for power, amount in (state.get("pp") or {}).items():
        assert power in scenario.powers, f"unknown power {power}"
        game.pp[power] = amount
    game.srm_used.update(state.get("srm_used") or {})
    if "pending" in state:
        game.pending = [Decision.model_validate(d) for d in state["pending"] or []]
    # run the validators again (canonical order of blocks and control)
    game = Game.model_validate(game.model_dump())
    return scenario, ruleset, game


def _documents(case: dict[str, Any]) -> list[dict[str, Any]]:
    orders = case.get("orders") or []
    return [orders] if isinstance(orders, dict) else list(orders)


def run_case(path: Path) -> tuple[dict[str, Any], Outcome]:
    """Apply a case's orders to its state; the problems or the resulting game."""
    case = load_yaml(path).data
    scenario, ruleset, game = build_state(case)
    table = RecordedDice(list(case["dice"]), f"{path.name} dice") if case.get("dice") is not None else None
    outcome = Outcome(game, [], [])
    for i, data in enumerate(_documents(case)):
        before = game.model_dump()
        waiting = game.pending[0].power if game.pending else game.power
        data = {"kind": "bitw-orders", "schema_version": 1, "power": waiting, **data}
        doc = Document(f"{path.name}#orders{i}", data, tree=data)
        try:
            given = OrdersInput(doc, parse_model(doc, "bitw-orders"))
        except AaRefError as exc:
            return case, _refused(before, game, [p.message for p in exc.problems] or [exc.message], [])
        if given.model.dice is not None:
            dice, manual = RecordedDice(given.model.dice, f"{doc.path}: dice"), True
        elif table is not None:
            dice, manual = table, True
        else:
            dice, manual = SeededDice(game.seed), False
        ctx = Context(scenario, game.model_copy(deep=True), dice, manual_dice=manual, apply=ruleset.apply_event)
        try:
            ruleset.adjudicate(ctx, given)
        except IllegalOrders as exc:
            return case, _refused(before, game, [p.message for p in exc.problems], [p.rule or "" for p in exc.problems])
        if given.model.dice is not None and dice.unused:
            raise AssertionError(f"{doc.path}: {dice.unused} of the document's dice were not used")
        # Events are the whole change: folding them over the game before gives exactly the game after.
        folded = game.model_copy(deep=True)
        for event in ctx.events:
            apply_event(folded, event)
        assert folded.model_dump() == ctx.game.model_dump(), f"{doc.path}: the events do not reproduce the state"
        game = ctx.game
        outcome.notes += [e.text for e in ctx.events if isinstance(e, Note)]
        outcome.rolls += [d for e in ctx.events if isinstance(e, Roll) for d in e.dice]
    if table is not None and table.unused:
        raise AssertionError(f"{path.name}: {table.unused} table dice were not used; the case expects them to be")
    outcome.game = game
    return case, outcome


def _refused(before: dict[str, Any], game: Game, problems: list[str], rules: list[str]) -> Outcome:
    """Illegal orders apply whole or not at all: the game is as it was before the refused document."""
    assert game.model_dump() == before, "an illegal document changed the game"
    return Outcome(game, problems, rules)


def _compare(failures: list[str], what: str, got: dict[str, Any], want: dict[str, Any]) -> None:
    for key, value in want.items():
        if key not in got:
            failures.append(f"{what} has no field {key!r}")
        elif got[key] != value:
            failures.append(f"{what}.{key} is {got[key]!r}, expected {value!r}")


def check_expectations(case: dict[str, Any], outcome: Outcome) -> list[str]:
    """Every way the outcome differs from the case's `expect`, in words."""
    expect = case["expect"]
    failures = verdict_failures(expect, outcome.problems, outcome.rules)
    game = outcome.game
    if outcome.problems or game is None:  # illegal (as expected or not): nothing else to compare
        return failures
    for key in HEADER_KEYS:
        if key in expect and getattr(game, key) != expect[key]:
            failures.append(f"{key} is {getattr(game, key)!r}, expected {expect[key]!r}")
    for block_id, fields in (expect.get("blocks") or {}).items():
        if block_id not in game.blocks:
            failures.append(f"unknown block {block_id} in expect")
        else:
            _compare(failures, block_id, game.blocks[block_id].model_dump(), fields or {})
    for hex_id, side in (expect.get("control") or {}).items():
        if game.control.get(hex_id) != side:
            failures.append(f"{hex_id} is controlled by {game.control.get(hex_id)!r}, expected {side!r}")
    for power, amount in (expect.get("pp") or {}).items():
        if game.pp.get(power, 0) != amount:
            failures.append(f"{power} has {game.pp.get(power, 0)} PP, expected {amount}")
    for power, amount in (expect.get("srm_used") or {}).items():
        if game.srm_used.get(power, 0) != amount:
            failures.append(f"{power} made {game.srm_used.get(power, 0)} rail moves, expected {amount}")
    if "pending" in expect:
        got = [d.power for d in game.pending]
        if got != list(expect["pending"]):
            failures.append(f"pending decisions of {got}, expected {expect['pending']}")
    for text in expect.get("notes") or []:
        if not any(text.lower() in n.lower() for n in outcome.notes):
            failures.append(f"no note mentions {text!r}; notes: {outcome.notes}")
    if "rolls" in expect and outcome.rolls != list(expect["rolls"]):
        failures.append(f"the dice rolled were {outcome.rolls}, expected {expect['rolls']}")
    return failures
