"""The conformance-case runner: one data file, one rule case (DATC-style).

A case file holds: `case` (number), `title`, `rule` (the rulebook citation), the `setup`
(scenario id, optional `variant` and `options`), `state` (changes to the starting game),
`orders` (one or more documents applied in order, all or none), `dice` (dice rolled at
the table, used in order) and `expect`: the `verdict` (legal or illegal), for illegal
orders the `errors` (substrings of the problems) and `rule_cited`, and for legal ones
the expected parts of the resulting state.

Every key of a case is one the runner knows: an unknown key anywhere (top level, `state`, `expect`,
`expect.state`, the items of `expect.state.pending`, `declarations` and `battle_sides`, `options`) is
an error naming the case file and the key, with the closest known key ("did you mean"); so is a space,
power, side or unit type of `state` or `expect.state` that the board does not have. A key the runner
ignored would be a rule left untested.

Every refused document must leave the game exactly as it was before that document (all or
nothing; for a case of several documents, the game the refused document met): the runner compares
the full model dump and fails the case otherwise. An illegal verdict's `expect.state`, if any, is
compared with that unchanged game.

Expectation words (`expect.state`) that read what the ruleset reports rather than a field of the game:

- `production` (power -> n): the power's national production, the values of the territories it
  controls (`power_status`'s `production`; Global 1940: the sum of its economies' bases);
- `income` (power -> n): what the power would collect now (`power_status`'s `income`: nothing while
  its capital is enemy-held; Anniversary and Global 1940 with the national objectives met now);
- `victory_cities` (side -> n, or the exact value `game_status` reports): the victory cities the side's
  powers control; n counts them (Anniversary: the list's length, Global 1940: the sum over the
  maps), a list is compared as a set of city names (Anniversary), a mapping as map -> count
  (Global 1940). 1941 has none (its victory is capitals) and says so;
- `complex_capacity` (territory -> n): the units the industrial complex there can place this turn for
  the power that controls it (`mobilize.capacity`: the territory's value, damage and technologies
  counted; Global 1940: the complex's own limit less its damage);
- `battle_sides` (space -> {attacker, defenders, kind}): who fights the battle in that space, pending,
  being fought or fought this turn: `attacker` the attacking power, `defenders` the enemy powers with
  units there now, the defender who assigns the defence's casualties first (compared as a list);
  `kind` (land, sea, bombing) picks one of several battles in the space and, if given, is checked.

Global 1940 state and expect keys: `economies` (power -> economy -> treasury; the treasury is
their sum), `purchased_by` (power -> economy -> units bought), `bonuses_paid` (one-time
objectives paid), `units_due` (objectives paid in units), `victory_held` (side -> round since
its victory condition holds), besides `at_war`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.core.dice import RecordedDice
from aa_ref.core.engine import OrdersInput
from aa_ref.games.axis_allies.rules.context import Context
from aa_ref.core.errors import AaRefError, IllegalOrders
from aa_ref.core.documents import document_kind, parse_model
from aa_ref.games.axis_allies.model.events import fold
from aa_ref.core.session import ruleset_for
from aa_ref.core.setups import load_setup
from aa_ref.games.axis_allies.model.state import Battle, Declaration, Force, Game, SpaceState, Standing, sort_spaces
from aa_ref.core.names import NameIndex
from aa_ref.core.yamlio import Document, load_yaml
from aa_ref.games.axis_allies.rules import mobilize
from aa_ref.games.axis_allies.rules.battle import DEFENDER, Fight

HEADER_KEYS = ("round", "power", "phase")
CASE_KEYS = ("case", "title", "rule", "setup", "variant", "options", "state", "orders", "dice", "expect", "known_bug")
"""The keys of a case file."""
STATE_KEYS = HEADER_KEYS + (
    "treasury", "purchased", "economies", "purchased_by", "bonuses_paid", "units_due", "victory_held",
    "technologies", "researchers", "kamikaze", "owner", "at_war", "declarations", "neutrals", "political_marks",
    "damage", "installation_damage", "factories", "installations", "clear", "clear_all", "units", "battles",
    "captured", "standing")
"""The changes `build_state` makes to the starting game."""
EXPECT_KEYS = ("verdict", "errors", "rule_cited", "state", "notes")
EXPECT_STATE_KEYS = HEADER_KEYS + (
    "winner", "treasury", "economies", "purchased_by", "bonuses_paid", "units_due", "victory_held", "purchased",
    "technologies", "kamikaze", "researchers", "damage", "installation_damage", "factories", "installations",
    "damaged", "upgrades", "owner", "units", "damaged_by_type", "cargo", "pending", "battles", "at_war",
    "declarations", "neutrals", "political_marks", "captured",
    "production", "income", "victory_cities", "complex_capacity", "battle_sides")
"""The expectation words `check_expectations` compares."""
ITEM_KEYS = {"expect.state.pending": ("power", "kind"), "expect.state.declarations": ("by", "on", "provoked"),
             "expect.state.battle_sides": ("attacker", "defenders", "kind")}
"""The keys of the items of a list (or the values of a mapping) in `expect.state`."""


class CaseError(ValueError):
    """A case file the runner cannot run as written (an unknown key)."""


def check_keys(path: Path, where: str, data: Any, known: tuple[str, ...]) -> None:
    """Raise CaseError naming the case file and the first key of the mapping `data` that is not `known`."""
    if data is None:
        return
    if not isinstance(data, dict):
        raise CaseError(f"{path}: {where} must be a mapping, not {type(data).__name__}")
    for key in data:
        if key not in known:
            message = NameIndex(f"key in {where}", known).unknown_message(str(key))
            raise CaseError(f"{path}: {message}")


def check_case_keys(path: Path, case: dict[str, Any]) -> None:
    """Every key of an A&A case is one this runner reads (CaseError otherwise)."""
    check_keys(path, "the case", case, CASE_KEYS)
    check_keys(path, "state", case.get("state"), STATE_KEYS)
    expect = case.get("expect")
    check_keys(path, "expect", expect, EXPECT_KEYS)
    state = (expect or {}).get("state")
    check_keys(path, "expect.state", state, EXPECT_STATE_KEYS)
    for where, known in ITEM_KEYS.items():
        items = (state or {}).get(where.rsplit(".", 1)[1])
        values = items.values() if isinstance(items, dict) else items or []
        for item in values:
            check_keys(path, f"an item of {where}", item, known)
    ruleset = ruleset_for(load_setup(case.get("setup", "aa1941")))
    allowed = tuple(ruleset.options())
    for key, value in (case.get("options") or {}).items():  # as `aa-ref new` checks them
        if key not in allowed:
            raise CaseError(f"{path}: {NameIndex('option', allowed).unknown_message(str(key))}")
        if ruleset.option_problem(key, str(value)):
            raise CaseError(f"{path}: {ruleset.option_problem(key, str(value))}")


SPACE_WORDS = ("units", "owner", "cargo", "damage", "installation_damage", "factories", "installations", "damaged",
               "damaged_by_type", "neutrals", "clear", "battles", "captured", "complex_capacity", "battle_sides")
"""Words whose keys (or items) name spaces of the board."""
POWER_WORDS = ("treasury", "purchased", "economies", "purchased_by", "bonuses_paid", "units_due", "technologies",
               "researchers", "kamikaze", "standing", "production", "income")
"""Words whose keys name powers."""
SIDE_WORDS = ("victory_held", "victory_cities")
"""Words whose keys name sides."""
BY_POWER_WORDS = ("units", "cargo", "damaged", "damaged_by_type")
"""Space words whose values are keyed by power."""


def check_case_names(path: Path, case: dict[str, Any]) -> None:
    """Every space, power, side and unit type a case's `state` and `expect.state` name is the board's
    (CaseError otherwise): a misspelt space would be a space nobody checks."""
    setup = load_setup(case.get("setup", "aa1941"))
    indexes = {"space": NameIndex("space", setup.spaces), "power": NameIndex("power", setup.powers),
               "side": NameIndex("side", setup.sides), "unit": NameIndex("unit type", setup.unit_types)}
    known = {"space": setup.spaces, "power": setup.powers, "side": setup.sides, "unit": setup.unit_types}

    def need(what: str, name: Any, where: str) -> None:
        if name not in known[what]:
            raise CaseError(f"{path}: {where}: {indexes[what].unknown_message(str(name))}")

    for where, state in (("state", case.get("state") or {}), ("expect.state", (case.get("expect") or {}).get("state") or {})):
        for words, what in ((SPACE_WORDS, "space"), (POWER_WORDS, "power"), (SIDE_WORDS, "side")):
            for word in words:
                value = state.get(word)
                if word == "battles" and where == "state":
                    value = [battle.get("space") for battle in value or []]
                names = value or []
                for name in names if isinstance(names, (dict, list)) else []:
                    need(what, name, f"{where}.{word}")
        for word in BY_POWER_WORDS:
            for space, by_power in (state.get(word) or {}).items():
                for power, spec in (by_power or {}).items():
                    need("power", power, f"{where}.{word}.{space}")
                    if word in ("units", "cargo", "damaged_by_type"):
                        for unit in _unit_names(spec):
                            need("unit", unit, f"{where}.{word}.{space}.{power}")
        for power, units in (state.get("purchased") or {}).items():
            for unit in units or {}:
                need("unit", unit, f"{where}.purchased.{power}")


def _unit_names(spec: Any) -> list[str]:
    """The unit types a `units` entry names: `{type: n}` or a list of forces (with their cargo)."""
    if isinstance(spec, dict):
        return list(spec)
    out: list[str] = []
    for force in spec or []:
        out += list(force.get("units") or {})
        for units in (force.get("cargo") or {}).values():
            out += list(units)
    return out


def dump_differences(before: Any, after: Any, where: str = "game", limit: int = 5) -> list[str]:
    """Where two model dumps differ (dotted paths, at most `limit`)."""
    if isinstance(before, dict) and isinstance(after, dict):
        out: list[str] = []
        for key in sorted(set(before) | set(after), key=str):
            if before.get(key, ...) != after.get(key, ...):
                out += dump_differences(before.get(key), after.get(key), f"{where}.{key}", limit - len(out))
            if len(out) >= limit:
                break
        return out[:limit]
    return [f"{where}: {before!r} -> {after!r}"[:300]] if before != after else []


def assert_unchanged(path: Path, before: dict[str, Any], game: Any) -> None:
    """Illegal orders apply whole or not at all: the game is exactly as before the refused document."""
    after = game.model_dump()
    if after != before:
        raise AssertionError(f"{path.name}: a refused document changed the game: "
                             + "; ".join(dump_differences(before, after)))


@dataclass
class Outcome:
    game: Game
    problems: list[str]
    rules: list[str]
    notes: list[str]


def build_state(case: dict[str, Any]) -> tuple[Any, Any, Game]:
    """The case's starting game: the scenario's start with the case's `state` changes."""
    setup = load_setup(case.get("setup", "aa1941"))
    ruleset = ruleset_for(setup)
    game = ruleset.new_game(setup, case.get("variant"), dict(case.get("options") or {}), "conformance", "case.log.yaml")
    state = case.get("state", {}) or {}
    for key in HEADER_KEYS:
        if key in state:
            setattr(game, key, state[key])
    for power, amount in (state.get("treasury") or {}).items():
        game.powers[power].treasury = amount
    for power, units in (state.get("purchased") or {}).items():
        game.powers[power].purchased = dict(units)
    for power, economies in (state.get("economies") or {}).items():  # Global 1940 UK: each economy's treasury
        game.powers[power].economies = dict(economies)
        game.powers[power].treasury = sum(economies.values())
    for power, by in (state.get("purchased_by") or {}).items():  # units bought by each economy
        game.powers[power].purchased_by = {e: dict(u) for e, u in by.items()}
        pool: dict[str, int] = {}
        for units in by.values():
            for unit, n in units.items():
                pool[unit] = pool.get(unit, 0) + n
        game.powers[power].purchased = pool
    for power, ids in (state.get("bonuses_paid") or {}).items():
        game.powers[power].bonuses_paid = list(ids)
    for power, due in (state.get("units_due") or {}).items():  # objectives paid in units (France F1)
        game.powers[power].units_due = dict(due)
    if "victory_held" in state:  # Global 1940: side -> round since its victory condition holds
        game.victory_held = dict(state["victory_held"])
    for power, techs in (state.get("technologies") or {}).items():
        game.powers[power].technologies = list(techs)
    for power, n in (state.get("researchers") or {}).items():
        game.powers[power].researchers = n
    for power, n in (state.get("kamikaze") or {}).items():  # Global 1940: kamikaze attacks left
        game.powers[power].kamikaze = n
    for space, owner in (state.get("owner") or {}).items():
        game.spaces.setdefault(space, SpaceState()).owner = owner
    if "at_war" in state:  # Global 1940: the pairs at war, replacing the setup's
        game.at_war = sorted(sorted(pair) for pair in state["at_war"])
    if "declarations" in state:  # Global 1940: declarations of war already made
        game.declarations = [Declaration(**d) for d in state["declarations"]]
    for space, alignment in (state.get("neutrals") or {}).items():  # Global 1940: alignments changed in play
        game.neutrals[space] = alignment
    game.political_marks += list(state.get("political_marks") or [])
    for space, markers in (state.get("damage") or {}).items():  # an industrial complex's markers
        target = game.spaces.setdefault(space, SpaceState())
        complex_ = next((u for u in target.installations if setup.unit_types[u].installation_kind == "industrial_complex"), None)
        if complex_ is not None:  # Global 1940: on the complex among the territory's installations
            target.installations[complex_] = markers
        else:
            target.damage = markers
    for space, kinds in (state.get("installation_damage") or {}).items():  # Global 1940: markers by kind
        target = game.spaces.setdefault(space, SpaceState())
        for kind, markers in kinds.items():
            target.installations[_installation_of(setup, target, kind)] = markers
    for space in state.get("factories") or []:
        game.spaces.setdefault(space, SpaceState()).industrial_complex = True
    for space, standing in (state.get("installations") or {}).items():  # Global 1940: type -> damage markers
        game.spaces.setdefault(space, SpaceState()).installations = dict(standing or {})
    for space in state.get("clear") or []:
        if space in game.spaces:
            game.spaces[space].forces = []
    if state.get("clear_all"):
        for space_state in game.spaces.values():
            space_state.forces = []
    for space, by_power in (state.get("units") or {}).items():
        target = game.spaces.setdefault(space, SpaceState())
        target.forces = []
        for power, spec in by_power.items():
            specs = spec if isinstance(spec, list) else [{"units": spec}]
            for item in specs:
                target.forces.append(Force(power=power, **item))
    game.spaces = sort_spaces({n: s for n, s in game.spaces.items()
                               if s.owner is not None or s.forces or s.installations})
    if "battles" in state:
        game.turn.battles = [Battle(**b) for b in state["battles"]]
    if "captured" in state:
        game.turn.captured = list(state["captured"])
    if "standing" in state:
        for power, standing in state["standing"].items():
            current = game.powers[power].standing.model_dump(exclude_none=True)
            game.powers[power].standing = Standing.model_validate({**current, **standing})
    return setup, ruleset, game


def run_case(path: Path) -> tuple[dict[str, Any], Outcome]:
    """Apply a case's orders to its state; the problems or the resulting game."""
    case = load_yaml(path).data
    check_case_keys(path, case)
    check_case_names(path, case)
    setup, ruleset, game = build_state(case)
    orders = case.get("orders") or []
    if isinstance(orders, dict):
        orders = [orders]
    dice = RecordedDice(list(case.get("dice") or []), f"{path.name} dice")
    notes: list[str] = []
    for i, data in enumerate(orders):
        defaults = {"kind": "orders", "schema_version": 1, "round": game.round, "power": game.power}
        if data.get("kind", "orders") == "orders":
            defaults["phase"] = game.phase
        data = {**defaults, **data}
        doc = Document(f"{path.name}#orders{i}", data, tree=data)
        before = game.model_dump()
        try:
            given = OrdersInput(doc, parse_model(doc, document_kind(doc)))
        except AaRefError as exc:
            assert_unchanged(path, before, game)
            return case, Outcome(game, [p.message for p in exc.problems] or [exc.message], [], notes)
        problems = ruleset.check(setup, game, given)
        if problems:
            assert_unchanged(path, before, game)
            return case, Outcome(game, [p.message for p in problems], [p.rule or "" for p in problems], notes)
        ctx = Context(setup, game.model_copy(deep=True), dice, manual_dice=True)
        try:
            ruleset.adjudicate(ctx, given)
        except IllegalOrders as exc:
            assert_unchanged(path, before, game)
            return case, Outcome(game, [p.message for p in exc.problems], [p.rule or "" for p in exc.problems], notes)
        # The fold of the events must give exactly the adjudicated state (events are the whole change).
        assert fold(game, ctx.events).model_dump() == ctx.game.model_dump(), "events do not reproduce the state"
        game = ctx.game
        notes += [e.text for e in ctx.events if getattr(e, "type", "") == "note"]
    if dice.unused:
        raise AssertionError(f"{path.name}: {dice.unused} dice were not used; the case expects them to be")
    return case, Outcome(game, [], [], notes)


def units_in(game: Game, space: str) -> dict[str, dict[str, int]]:
    """Units per power in a space (cargo not included)."""
    out: dict[str, dict[str, int]] = {}
    for force in game.forces(space):
        mine = out.setdefault(force.power, {})
        for unit, n in force.units.items():
            mine[unit] = mine.get(unit, 0) + n
    return out


def cargo_in(game: Game, space: str) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for force in game.forces(space):
        for power, units in force.cargo.items():
            mine = out.setdefault(power, {})
            for unit, n in units.items():
                mine[unit] = mine.get(unit, 0) + n
    return out


def verdict_failures(expect: dict[str, Any], problems: list[str], rules: list[str]) -> list[str]:
    """How the verdict, the problems' words and the rule they cite differ from `expect` (every game's runner)."""
    verdict = "illegal" if problems else "legal"
    if verdict != expect["verdict"]:
        return [f"verdict {verdict}, expected {expect['verdict']}; problems: {problems}"]
    failures = [f"no problem mentions {text!r}; problems: {problems}" for text in expect.get("errors") or []
                if not any(text.lower() in p.lower() for p in problems)]
    cited = expect.get("rule_cited")
    if cited and not any(cited in r for r in rules):
        failures.append(f"no problem cites {cited!r}; rules cited: {rules}")
    return failures


def check_expectations(case: dict[str, Any], outcome: Outcome) -> list[str]:
    """Every way the outcome differs from the case's `expect`, in words."""
    expect = case["expect"]
    failures = verdict_failures(expect, outcome.problems, outcome.rules)
    if bool(outcome.problems) != (expect["verdict"] == "illegal"):
        return failures
    game = outcome.game
    state = expect.get("state") or {}
    for key in HEADER_KEYS + ("winner",):
        if key in state and getattr(game, key) != state[key]:
            failures.append(f"{key} is {getattr(game, key)!r}, expected {state[key]!r}")
    for power, amount in (state.get("treasury") or {}).items():
        if game.powers[power].treasury != amount:
            failures.append(f"{power} treasury is {game.powers[power].treasury}, expected {amount}")
    for power, economies in (state.get("economies") or {}).items():
        if game.powers[power].economies != economies:
            failures.append(f"{power} economies are {game.powers[power].economies}, expected {economies}")
    for power, by in (state.get("purchased_by") or {}).items():
        if game.powers[power].purchased_by != by:
            failures.append(f"{power} purchased by economy is {game.powers[power].purchased_by}, expected {by}")
    for power, ids in (state.get("bonuses_paid") or {}).items():
        if game.powers[power].bonuses_paid != ids:
            failures.append(f"{power} one-time bonuses paid are {game.powers[power].bonuses_paid}, expected {ids}")
    for power, due in (state.get("units_due") or {}).items():
        if game.powers[power].units_due != due:
            failures.append(f"{power} units due are {game.powers[power].units_due}, expected {due}")
    if "victory_held" in state and game.victory_held != state["victory_held"]:
        failures.append(f"victory held since {game.victory_held}, expected {state['victory_held']}")
    for power, units in (state.get("purchased") or {}).items():
        if game.powers[power].purchased != units:
            failures.append(f"{power} purchased is {game.powers[power].purchased}, expected {units}")
    for power, techs in (state.get("technologies") or {}).items():
        if game.powers[power].technologies != techs:
            failures.append(f"{power} technologies are {game.powers[power].technologies}, expected {techs}")
    for power, n in (state.get("kamikaze") or {}).items():
        if game.powers[power].kamikaze != n:
            failures.append(f"{power} kamikaze attacks left are {game.powers[power].kamikaze}, expected {n}")
    for power, n in (state.get("researchers") or {}).items():
        if game.powers[power].researchers != n:
            failures.append(f"{power} researchers are {game.powers[power].researchers}, expected {n}")
    for space, markers in (state.get("damage") or {}).items():
        got = Board(load_setup(case.get("setup", "aa1941")), game).factory_damage(space)
        if got != markers:
            failures.append(f"{space} damage markers are {got}, expected {markers}")
    for space, kinds in (state.get("installation_damage") or {}).items():
        standing = game.spaces[space].installations if space in game.spaces else {}
        got = {_kind_of(case, unit): markers for unit, markers in standing.items()  # a complex's: `damage`
               if markers and (_kind_of(case, unit) != "industrial_complex" or "industrial_complex" in (kinds or {}))}
        if got != {kind: markers for kind, markers in (kinds or {}).items() if markers}:
            failures.append(f"{space} installation damage is {got}, expected {kinds}")
    for space, built in (state.get("factories") or {}).items():
        got = space in game.spaces and game.spaces[space].industrial_complex
        if got != built:
            failures.append(f"{space} built industrial complex is {got}, expected {built}")
    for space, standing in (state.get("installations") or {}).items():
        got = game.spaces[space].installations if space in game.spaces else {}
        if got != (standing or {}):
            failures.append(f"{space} installations are {got}, expected {standing}")
    for space, by_power in (state.get("damaged") or {}).items():  # damaged units (capital ships) per power
        got = {}
        for force in game.forces(space):
            if force.damage():
                got[force.power] = got.get(force.power, 0) + sum(force.damage().values())
        if got != (by_power or {}):
            failures.append(f"{space} damaged units are {got}, expected {by_power}")
    if "upgrades" in state and game.turn.upgrades != state["upgrades"]:
        failures.append(f"upgrades this turn: {game.turn.upgrades}, expected {state['upgrades']}")
    for space, owner in (state.get("owner") or {}).items():
        if game.owner(space) != owner:
            failures.append(f"{space} owner is {game.owner(space)!r}, expected {owner!r}")
    for space, units in (state.get("units") or {}).items():
        if units_in(game, space) != (units or {}):
            failures.append(f"{space} units are {units_in(game, space)}, expected {units}")
    for space, by_power in (state.get("damaged") or {}).items():  # units that took one hit (capital ships)
        got = {}
        for force in game.forces(space):
            if force.damage():
                got[force.power] = got.get(force.power, 0) + sum(force.damage().values())
        if got != (by_power or {}):
            failures.append(f"{space} damaged units are {got}, expected {by_power}")
    for space, by_power in (state.get("damaged_by_type") or {}).items():  # damaged units by type, per power
        got = {}
        for force in game.forces(space):
            for unit, n in force.damage().items():
                got.setdefault(force.power, {})[unit] = got.get(force.power, {}).get(unit, 0) + n
        if got != (by_power or {}):
            failures.append(f"{space} damaged units by type are {got}, expected {by_power}")
    for space, units in (state.get("cargo") or {}).items():
        if cargo_in(game, space) != (units or {}):
            failures.append(f"{space} cargo is {cargo_in(game, space)}, expected {units}")
    if "pending" in state:
        got = [{"power": d.power, "kind": d.kind} for d in game.pending]
        want = [{"power": d["power"], "kind": d["kind"]} for d in state["pending"]]
        if got != want:
            failures.append(f"pending decisions are {got}, expected {want}")
    if "battles" in state:
        got = sorted(b.space for b in game.turn.battles if b.status != "done")
        if got != sorted(state["battles"]):
            failures.append(f"battles are {got}, expected {sorted(state['battles'])}")
    if "at_war" in state and game.at_war != sorted(sorted(pair) for pair in state["at_war"]):
        failures.append(f"at war: {game.at_war}, expected {state['at_war']}")
    if "declarations" in state:
        got = [{"by": d.by, "on": d.on, "provoked": d.provoked} for d in game.declarations]
        want = [{"by": d["by"], "on": d["on"], "provoked": d.get("provoked", False)} for d in state["declarations"]]
        if got != want:
            failures.append(f"declarations are {got}, expected {want}")
    for space, alignment in (state.get("neutrals") or {}).items():
        got = game.neutrals.get(space)
        if got != alignment:
            failures.append(f"{space} alignment changed to {got!r}, expected {alignment!r}")
    for mark in state.get("political_marks") or []:
        if mark not in game.political_marks:
            failures.append(f"no political mark {mark!r}; marks: {game.political_marks}")
    if "captured" in state and sorted(game.turn.captured) != sorted(state["captured"]):
        failures.append(f"captured this turn: {game.turn.captured}, expected {state['captured']}")
    failures += reported_failures(case, game, state)
    for text in expect.get("notes", []):
        if not any(text.lower() in n.lower() for n in outcome.notes):
            failures.append(f"no note mentions {text!r}; notes: {outcome.notes}")
    return failures


def reported_failures(case: dict[str, Any], game: Game, state: dict[str, Any]) -> list[str]:
    """How what the ruleset reports (production, income, victory cities, a complex's capacity, who fights
    a battle) differs from the expectation words of `expect.state`."""
    setup = load_setup(case.get("setup", "aa1941"))
    ruleset = ruleset_for(setup)
    board = Board(setup, game)
    failures = []
    for word in ("production", "income"):
        for power, n in (state.get(word) or {}).items():
            got = ruleset.power_status(board, power)[word]
            if got != n:
                failures.append(f"{power} {word} is {got}, expected {n}")
    if "victory_cities" in state:
        held = ruleset.game_status(board).get("victory_cities")
        if held is None:
            failures.append(f"{setup.id} reports no victory cities (expect.state.victory_cities)")
        for side, want in (state["victory_cities"] if held is not None else {}).items():
            got = held.get(side)
            if isinstance(want, int) and not isinstance(want, bool):
                got = sum(got.values()) if isinstance(got, dict) else len(got or [])
            elif isinstance(want, list):
                got, want = sorted(got or []), sorted(want)
            if got != want:
                failures.append(f"the {side} hold victory cities {got}, expected {want}")
    for space, n in (state.get("complex_capacity") or {}).items():
        owner = board.owner(space)
        if not board.has_factory(space) or owner is None:
            failures.append(f"{space} has no industrial complex controlled by a power (expect.state.complex_capacity)")
        elif mobilize.capacity(board, owner, space) != n:
            failures.append(f"{space}'s complex can place {mobilize.capacity(board, owner, space)} units, expected {n}")
    for space, want in (state.get("battle_sides") or {}).items():
        battles = [b for b in game.turn.battles if b.space == space and want.get("kind", b.kind) == b.kind]
        if len(battles) != 1:
            failures.append(f"{len(battles)} battles in {space} (expect.state.battle_sides; name its kind)"
                            f": {[(b.kind, b.status) for b in game.turn.battles if b.space == space]}")
            continue
        fight = Fight(board, battles[0])
        got = {"attacker": fight.attacker, "defenders": fight.side_powers(DEFENDER), "kind": battles[0].kind}
        for key, value in want.items():
            if got[key] != value:
                failures.append(f"the battle in {space}: {key} is {got[key]!r}, expected {value!r}")
    return failures


def _installation_of(setup: Any, space: Any, kind: str) -> str:
    """The installation unit of `kind` (air_base, naval_base, industrial_complex) standing in a
    space's state, or the unit type of that name."""
    return next((u for u in space.installations if setup.unit_types[u].installation_kind == kind), kind)


def _kind_of(case: dict[str, Any], unit: str) -> str:
    setup = load_setup(case.get("setup", "aa1941"))
    return setup.unit_types[unit].installation_kind or unit
