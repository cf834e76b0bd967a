"""Events: every change to a game is one of these, and nothing else changes a game.

`apply_event(game, event)` is the whole of state mutation; a new state is the old one
with the events of an adjudication applied in order (TripleA's change objects and the
18xx action list are the precedent). Events that change nothing (dice, notes) are there
for the audit log.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import ConfigDict, Field, TypeAdapter

from aa_ref.core.copies import deep_copy
from aa_ref.core.events import EventError, Note, Roll
from aa_ref.core.model import Strict
from aa_ref.games.axis_allies.model.state import (
    Battle,
    Decision,
    Declaration,
    Draft,
    Force,
    Game,
    PhaseName,
    SpaceState,
    Standing,
    TurnState,
    sort_spaces,
)


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
    economy: str | None = Field(
        default=None, description="a power with separate economies: the economy paying or receiving "
                                  "(none: the first economies in order)")


class Purchased(Strict):
    """Units enter (positive) or leave (negative) a power's mobilization zone."""

    type: Literal["purchased"] = "purchased"
    power: str
    units: dict[str, int]
    economy: str | None = Field(default=None, description="a power with separate economies: the economy that bought them")


class BonusPaid(Strict):
    """A one-time national objective is paid and may not be paid again (Global 1940)."""

    type: Literal["bonus_paid"] = "bonus_paid"
    power: str
    objective: str


class UnitsDue(Strict):
    """An objective paid in units is owed (`worth` IPCs of units) or settled (0) (Global 1940)."""

    type: Literal["units_due"] = "units_due"
    power: str
    objective: str
    worth: int = Field(ge=0)


class VictoryHeld(Strict):
    """A side's victory condition starts (`since`, a round) or stops (None) holding (Global 1940)."""

    type: Literal["victory_held"] = "victory_held"
    side: str
    since: int | None = None


class Phase(Strict):
    """The game moves to a new round, power or phase."""

    type: Literal["phase"] = "phase"
    round: int
    power: str
    phase: PhaseName


class SetBattles(Strict):
    type: Literal["battles"] = "battles"
    battles: list[Battle]


class SetTurn(Strict):
    """The per-turn memory changes (captures this turn, assaults, obligations)."""

    type: Literal["turn"] = "turn"
    turn: TurnState


class SetDraft(Strict):
    """The moves of a phase entered move by move so far change (a step entered; none when the phase ends)."""

    type: Literal["draft"] = "draft"
    draft: Draft | None


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


class BuildFactory(Strict):
    """A new industrial complex is placed in a territory."""

    type: Literal["factory"] = "factory"
    space: str


class SetInstallation(Strict):
    """An installation appears (damage 0 when built), changes its markers wholesale (a captured
    major complex becomes minor with at most 6 markers), or is removed (`damage: null`)."""

    type: Literal["installation"] = "installation"
    space: str
    installation: str
    damage: int | None = Field(default=0, ge=0)


class InstallationDamage(Strict):
    """Damage markers added to (positive) or repaired on (negative) one installation."""

    type: Literal["installation_damage"] = "installation_damage"
    space: str
    installation: str
    delta: int
    reason: str = ""


class KamikazeTokens(Strict):
    """A power's kamikaze attacks left for the game change (Global 1940: Japan spends them)."""

    type: Literal["kamikaze"] = "kamikaze"
    power: str
    delta: int


class RemoveFactory(Strict):
    """A built industrial complex is taken off the map, with its damage (Global 1940: a Japanese
    complex in a Chinese territory retaken by the Allies)."""

    type: Literal["remove_factory"] = "remove_factory"
    space: str
    reason: str = ""


class Victory(Strict):
    type: Literal["victory"] = "victory"
    side: str
    reason: str


class DeclareWar(Strict):
    """A declaration of war (Global 1940): the declaration is recorded and the pairs it puts
    at war (two with the UK/ANZAC coupling) are added to the war matrix [G40 L593-L601]."""

    type: Literal["declare_war"] = "declare_war"
    declaration: Declaration
    pairs: list[list[str]]


class Alignment(Strict):
    """A neutral territory's alignment changes (Global 1940) [G40 L409-L423]."""

    type: Literal["alignment"] = "alignment"
    space: str
    alignment: str


class PoliticalMark(Strict):
    """A political fact later rules depend on is recorded (Global 1940)."""

    type: Literal["political_mark"] = "political_mark"
    mark: str


Event = Annotated[
    Union[
        AddUnits, RemoveUnits, Control, Treasury, Purchased, Phase, Roll, Note,
        SetBattles, SetTurn, SetPending, SetStanding, Victory, Researchers, Breakthrough, FactoryDamage,
        BuildFactory, DeclareWar, Alignment, PoliticalMark, SetInstallation, InstallationDamage, KamikazeTokens,
        BonusPaid, VictoryHeld, UnitsDue, RemoveFactory, SetDraft,
    ],
    Field(discriminator="type"),
]
EVENTS = TypeAdapter(list[Event], config=ConfigDict(defer_build=True))
"""Validates a list of events; built on first use, as the models are (`core.model.Strict`)."""


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
                for unit, n in force.damaged_units.items():
                    existing.damaged_units[unit] = existing.damaged_units.get(unit, 0) + n
                return
    added = deep_copy(force)
    added.units = dict(sorted(added.units.items()))
    forces.append(added)


def _remove(game: Game, space: str, force: Force) -> None:
    state = game.spaces.get(space)
    match = None
    if state is not None:
        for existing in state.forces:
            if existing.marks() == force.marks() and existing.damaged >= force.damaged and all(
                existing.units.get(u, 0) >= n for u, n in force.units.items()
            ) and all(existing.damaged_units.get(u, 0) >= n for u, n in force.damaged_units.items()):
                match = existing
                break
    if match is None:
        raise EventError(f"no {force.power} {force.units} with those marks in {space} to remove")
    for unit, n in force.units.items():
        match.units[unit] -= n
        if match.units[unit] == 0:
            del match.units[unit]
    match.damaged -= force.damaged
    for unit, n in force.damaged_units.items():
        match.damaged_units[unit] -= n
        if not match.damaged_units[unit]:
            del match.damaged_units[unit]
    if not match.units:
        state.forces.remove(match)
    if not state.forces and state.owner is None:
        del game.spaces[space]


def _pool(pool: dict[str, int], power: str, units: dict[str, int]) -> None:
    for unit, n in units.items():
        pool[unit] = pool.get(unit, 0) + n
        if pool[unit] < 0:
            raise EventError(f"{power} has no {unit} waiting to be mobilized")
        if pool[unit] == 0:
            del pool[unit]


def _economy_treasury(economies: dict[str, int], power: str, delta: int, economy: str | None) -> None:
    """One economy's treasury changes with the power's; with no economy named, an income goes
    to the first economy and a payment comes from the economies in order."""
    if economy is not None:
        if economy not in economies:
            raise EventError(f"{power} has no economy {economy}")
        if economies[economy] + delta < 0:
            raise EventError(f"{power}'s {economy} economy cannot pay {-delta} IPCs from {economies[economy]}")
        economies[economy] += delta
        return
    if delta >= 0:
        economies[next(iter(economies))] += delta
        return
    owed = -delta
    for name in economies:
        step = min(owed, economies[name])
        economies[name] -= step
        owed -= step


def apply_event(game: Game, event: Any) -> None:
    """Apply one event to `game` in place (callers work on their own copy)."""
    match event:
        case AddUnits(space=space, force=force):
            _add(game, space, force)
        case RemoveUnits(space=space, force=force):
            _remove(game, space, force)
        case Control(space=space, owner=owner):
            _space(game, space).owner = owner
        case Treasury(power=power, delta=delta, economy=economy):
            state = game.powers[power]
            if state.treasury + delta < 0:
                raise EventError(f"{power} cannot pay {-delta} IPCs from {state.treasury}")
            if state.economies:  # checked before any change: an event applies whole or not at all
                economies = dict(state.economies)
                _economy_treasury(economies, power, delta, economy)
                state.economies = economies
            state.treasury += delta
        case Purchased(power=power, units=units, economy=economy):
            _pool(game.powers[power].purchased, power, units)
            if economy is not None:
                by = game.powers[power].purchased_by
                _pool(by.setdefault(economy, {}), power, units)
                if not by[economy]:
                    del by[economy]
        case BonusPaid(power=power, objective=objective):
            if objective in game.powers[power].bonuses_paid:
                raise EventError(f"{power} has already been paid objective {objective}")
            game.powers[power].bonuses_paid.append(objective)
        case UnitsDue(power=power, objective=objective, worth=worth):
            if worth:
                game.powers[power].units_due[objective] = worth
            else:
                game.powers[power].units_due.pop(objective, None)
        case VictoryHeld(side=side, since=since):
            if since is None:
                game.victory_held.pop(side, None)
            else:
                game.victory_held[side] = since
        case Phase(round=rnd, power=power, phase=phase):
            game.round, game.power, game.phase = rnd, power, phase
        case SetBattles(battles=battles):
            game.turn.battles = [deep_copy(b) for b in battles]
        case SetTurn(turn=turn):
            game.turn = deep_copy(turn)
        case SetDraft(draft=draft):
            game.draft = deep_copy(draft) if draft is not None else None
        case SetPending(pending=pending):
            game.pending = [deep_copy(d) for d in pending]
        case SetStanding(power=power, standing=standing):
            game.powers[power].standing = deep_copy(standing)
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
        case BuildFactory(space=space):
            state = _space(game, space)
            if state.industrial_complex:
                raise EventError(f"{space} already has a built industrial complex")
            state.industrial_complex = True
        case SetInstallation(space=space, installation=kind, damage=damage):
            state = _space(game, space)
            if damage is None:
                if kind not in state.installations:
                    raise EventError(f"{space} has no {kind} to remove")
                del state.installations[kind]
            else:
                state.installations[kind] = damage
            state.installations = dict(sorted(state.installations.items()))
        case InstallationDamage(space=space, installation=kind, delta=delta):
            state = _space(game, space)
            if kind not in state.installations:
                raise EventError(f"{space} has no {kind}")
            if state.installations[kind] + delta < 0:
                raise EventError(f"the {kind} in {space} has only {state.installations[kind]} damage markers")
            state.installations[kind] += delta
        case KamikazeTokens(power=power, delta=delta):
            state = game.powers[power]
            if state.kamikaze + delta < 0:
                raise EventError(f"{power} has only {state.kamikaze} kamikaze attacks left")
            state.kamikaze += delta
        case RemoveFactory(space=space):
            state = _space(game, space)
            if not state.industrial_complex:
                raise EventError(f"{space} has no built industrial complex to remove")
            state.industrial_complex = False
            state.damage = 0
        case Victory(side=side):
            game.winner = side
        case DeclareWar(declaration=declaration, pairs=pairs):
            game.declarations.append(deep_copy(declaration))
            for pair in pairs:
                if sorted(pair) not in game.at_war:
                    game.at_war.append(sorted(pair))
            game.at_war.sort()
        case Alignment(space=space, alignment=alignment):
            game.neutrals[space] = alignment
            game.neutrals = dict(sorted(game.neutrals.items()))
        case PoliticalMark(mark=mark):
            if mark not in game.political_marks:
                game.political_marks.append(mark)
        case Roll() | Note():
            pass
        case _:
            raise EventError(f"unknown event {event!r}")


def fold(game: Game, events: list[Any]) -> Game:
    """A new game: `game` with `events` applied in order; `game` itself is untouched."""
    new = deep_copy(game)
    for event in events:
        apply_event(new, event)
    return new


def load_events(data: list[dict]) -> list[Any]:
    return EVENTS.validate_python(data)
