"""Events: every change to a game is one of these, and nothing else changes a game.

`apply_event(game, event)` is the whole of state mutation; a new state is the old one
with the events of an adjudication applied in order (TripleA's change objects and the
18xx action list are the precedent). Events that change nothing (dice, notes) are there
for the audit log.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import Field, TypeAdapter

from aa_ref.setup import Strict
from aa_ref.state import Battle, Decision, Force, Game, SpaceState, Standing, TurnState, sort_spaces


class AddUnits(Strict):
    """Units appear in a space (a move's arrival, a mobilization, a damaged battleship)."""

    type: Literal["add"] = "add"
    space: str
    force: Force


class RemoveUnits(Strict):
    """Units leave a space (a move's departure, a casualty); `force` names their marks, and
    its `damaged` count how many of the removed units are damaged battleships."""

    type: Literal["remove"] = "remove"
    space: str
    force: Force
    reason: str = ""


class Control(Strict):
    """A territory changes controller."""

    type: Literal["control"] = "control"
    space: str
    owner: str | None
    previous: str | None


class Treasury(Strict):
    """IPCs paid or received."""

    type: Literal["treasury"] = "treasury"
    power: str
    delta: int
    reason: str


class Purchased(Strict):
    """Units enter (positive) or leave (negative) a power's mobilization zone."""

    type: Literal["purchased"] = "purchased"
    power: str
    units: dict[str, int]


class Phase(Strict):
    """The game moves to a new round, power or phase."""

    type: Literal["phase"] = "phase"
    round: int
    power: str
    phase: str


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


class SetBattles(Strict):
    type: Literal["battles"] = "battles"
    battles: list[Battle]


class SetTurn(Strict):
    """The per-turn memory changes (captures this turn, assaults, obligations)."""

    type: Literal["turn"] = "turn"
    turn: TurnState


class SetPending(Strict):
    type: Literal["pending"] = "pending"
    pending: list[Decision]


class SetStanding(Strict):
    type: Literal["standing"] = "standing"
    power: str
    standing: Standing


class Researchers(Strict):
    """A power's researcher tokens change (bought, or all spent on a breakthrough)."""

    type: Literal["researchers"] = "researchers"
    power: str
    delta: int


class Breakthrough(Strict):
    """A power achieves a technology."""

    type: Literal["technology"] = "technology"
    power: str
    technology: str


class FactoryDamage(Strict):
    """Damage markers added to (positive) or repaired on (negative) a territory's industrial complex."""

    type: Literal["damage"] = "damage"
    space: str
    delta: int
    reason: str = ""


class InstallationDamage(Strict):
    """Damage markers added to (positive) or repaired on (negative) a territory's air base or naval
    base (Global 1940 [G40 L827]); an industrial complex's damage is `FactoryDamage`."""

    type: Literal["installation_damage"] = "installation_damage"
    space: str
    kind: str = Field(description="the installation kind: air_base or naval_base")
    delta: int
    reason: str = ""


class BuildFactory(Strict):
    """A new industrial complex is placed in a territory."""

    type: Literal["factory"] = "factory"
    space: str


class Victory(Strict):
    type: Literal["victory"] = "victory"
    side: str
    reason: str


Event = Annotated[
    Union[
        AddUnits, RemoveUnits, Control, Treasury, Purchased, Phase, Roll, Note,
        SetBattles, SetTurn, SetPending, SetStanding, Victory, Researchers, Breakthrough, FactoryDamage,
        BuildFactory, InstallationDamage,
    ],
    Field(discriminator="type"),
]
EVENTS = TypeAdapter(list[Event])


class EventError(ValueError):
    """An event that cannot apply to the state it was given (a corrupt log or a bug)."""


def _space(game: Game, name: str) -> SpaceState:
    if name not in game.spaces:
        game.spaces[name] = SpaceState()
        game.spaces = sort_spaces(game.spaces)  # keep the one canonical order (see Game)
    return game.spaces[name]


def _add(game: Game, space: str, force: Force) -> None:
    forces = _space(game, space).forces
    if not force.cargo:
        for existing in forces:
            if existing.marks() == force.marks():
                for unit, n in force.units.items():
                    existing.units[unit] = existing.units.get(unit, 0) + n
                existing.units = dict(sorted(existing.units.items()))
                existing.damaged += force.damaged
                return
    added = force.model_copy(deep=True)
    added.units = dict(sorted(added.units.items()))
    forces.append(added)


def _remove(game: Game, space: str, force: Force) -> None:
    state = game.spaces.get(space)
    match = None
    if state is not None:
        for existing in state.forces:
            if existing.marks() == force.marks() and existing.damaged >= force.damaged and all(
                existing.units.get(u, 0) >= n for u, n in force.units.items()
            ):
                match = existing
                break
    if match is None:
        raise EventError(f"no {force.power} {force.units} with those marks in {space} to remove")
    for unit, n in force.units.items():
        match.units[unit] -= n
        if match.units[unit] == 0:
            del match.units[unit]
    match.damaged -= force.damaged
    if not match.units:
        state.forces.remove(match)
    if not state.forces and state.owner is None:
        del game.spaces[space]


def apply_event(game: Game, event: Any) -> None:
    """Apply one event to `game` in place (callers work on their own copy)."""
    match event:
        case AddUnits(space=space, force=force):
            _add(game, space, force)
        case RemoveUnits(space=space, force=force):
            _remove(game, space, force)
        case Control(space=space, owner=owner):
            _space(game, space).owner = owner
        case Treasury(power=power, delta=delta):
            state = game.powers[power]
            if state.treasury + delta < 0:
                raise EventError(f"{power} cannot pay {-delta} IPCs from {state.treasury}")
            state.treasury += delta
        case Purchased(power=power, units=units):
            pool = game.powers[power].purchased
            for unit, n in units.items():
                pool[unit] = pool.get(unit, 0) + n
                if pool[unit] < 0:
                    raise EventError(f"{power} has no {unit} waiting to be mobilized")
                if pool[unit] == 0:
                    del pool[unit]
        case Phase(round=rnd, power=power, phase=phase):
            game.round, game.power, game.phase = rnd, power, phase
        case SetBattles(battles=battles):
            game.turn.battles = [b.model_copy(deep=True) for b in battles]
        case SetTurn(turn=turn):
            game.turn = turn.model_copy(deep=True)
        case SetPending(pending=pending):
            game.pending = [d.model_copy(deep=True) for d in pending]
        case SetStanding(power=power, standing=standing):
            game.powers[power].standing = standing.model_copy(deep=True)
        case Researchers(power=power, delta=delta):
            state = game.powers[power]
            if state.researchers + delta < 0:
                raise EventError(f"{power} has only {state.researchers} researchers")
            state.researchers += delta
        case Breakthrough(power=power, technology=tech):
            if tech in game.powers[power].technologies:
                raise EventError(f"{power} already has {tech}")
            game.powers[power].technologies.append(tech)
        case FactoryDamage(space=space, delta=delta):
            state = _space(game, space)
            if state.damage + delta < 0:
                raise EventError(f"the industrial complex in {space} has only {state.damage} damage markers")
            state.damage += delta
        case InstallationDamage(space=space, kind=kind, delta=delta):
            state = _space(game, space)
            had = state.installation_damage.get(kind, 0)
            if had + delta < 0:
                raise EventError(f"the {kind} in {space} has only {had} damage markers")
            if had + delta:
                state.installation_damage[kind] = had + delta
            else:
                state.installation_damage.pop(kind, None)
        case BuildFactory(space=space):
            state = _space(game, space)
            if state.industrial_complex:
                raise EventError(f"{space} already has a built industrial complex")
            state.industrial_complex = True
        case Victory(side=side):
            game.winner = side
        case Roll() | Note():
            pass
        case _:
            raise EventError(f"unknown event {event!r}")


def fold(game: Game, events: list[Any]) -> Game:
    """A new game: `game` with `events` applied in order; `game` itself is untouched."""
    new = game.model_copy(deep=True)
    for event in events:
        apply_event(new, event)
    return new


def dump_events(events: list[Any]) -> list[dict]:
    """Events as log data: default values left out, the type always written."""
    return [{"type": e.type, **e.model_dump(mode="json", exclude_defaults=True)} for e in events]


def load_events(data: list[dict]) -> list[Any]:
    return EVENTS.validate_python(data)
