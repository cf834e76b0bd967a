"""WARZAG events: every change to a WARZAG game is one of these, and nothing else changes it.

As in the A&A engine (`aa_ref.games.axis_allies.model.events`), an adjudication emits events through the shared
`Context`; `apply_event` is the whole of state mutation, and the dice (`roll`) and
narrative (`note`) events change nothing and exist for the audit log.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import ConfigDict, Field, TypeAdapter

from aa_ref.core.events import EventError, Note, Roll
from aa_ref.core.model import Strict
from aa_ref.core.names import by_name
from aa_ref.games.warzag.state import Army, Decision, Development, Game, HexState, Invasion, Pawn, Phase, Standing, Turn


class Resources(Strict):
    """PP and PC paid (negative) or received; `reason` says what for."""

    type: Literal["resources"] = "resources"
    player: str
    pp: int = 0
    pc: int = 0
    reason: str


class HexOwner(Strict):
    """A territory or base is annexed, or changes hands."""

    type: Literal["owner"] = "owner"
    hex: str
    owner: str | None
    previous: str | None


class Develop(Strict):
    type: Literal["develop"] = "develop"
    hex: str
    development: Development | None


class ArmyAdd(Strict):
    type: Literal["army_add"] = "army_add"
    id: str
    army: Army


class ArmyRemove(Strict):
    type: Literal["army_remove"] = "army_remove"
    id: str
    reason: str


class ArmyMove(Strict):
    type: Literal["army_move"] = "army_move"
    id: str
    path: list[str]
    range_left: int


class ArmyUpdate(Strict):
    """An army's marks change: promotion, range for a new phase, attacks made, its controller."""

    type: Literal["army_update"] = "army_update"
    id: str
    promoted: bool | None = None
    range_left: int | None = None
    attacks: int | None = None
    controller: str | None = None


class LeaderMove(Strict):
    type: Literal["leader"] = "leader"
    player: str
    path: list[str]
    reason: str = ""


class PawnSet(Strict):
    """The Standing Leader pawn is placed on START, or moves along the track."""

    type: Literal["pawn"] = "pawn"
    player: str
    pawn: Pawn
    passed: list[int] = Field(default_factory=list, description="boxes entered, in order")


class CardDrawn(Strict):
    type: Literal["card_drawn"] = "card_drawn"
    player: str
    card: str


class CardPlayed(Strict):
    type: Literal["card_played"] = "card_played"
    player: str
    card: str


class PlayerStatus(Strict):
    """A player begins a turn, is eliminated, surrenders, or reveals his Objective card."""

    type: Literal["player"] = "player"
    player: str
    turns: int | None = None
    eliminated: bool | None = None
    surrendered: bool | None = None
    objective_revealed: str | None = None


class SetStanding(Strict):
    type: Literal["standing"] = "standing"
    player: str
    standing: Standing


class SetPhase(Strict):
    type: Literal["phase"] = "phase"
    round: int
    power: str
    phase: Phase


class SetTurn(Strict):
    type: Literal["turn"] = "turn"
    turn: Turn


class SetInvasion(Strict):
    type: Literal["invasion"] = "invasion"
    invasion: Invasion | None
    pending: list[Decision] = Field(default_factory=list)


class Winner(Strict):
    type: Literal["victory"] = "victory"
    winner: str


Event = Annotated[
    Union[Resources, HexOwner, Develop, ArmyAdd, ArmyRemove, ArmyMove, ArmyUpdate, LeaderMove, PawnSet,
          CardDrawn, CardPlayed, PlayerStatus, SetStanding, SetPhase, SetTurn, SetInvasion, Winner, Roll, Note],
    Field(discriminator="type"),
]
EVENTS = TypeAdapter(list[Event], config=ConfigDict(defer_build=True))
"""Validates a list of events; built on first use, as the models are (`core.model.Strict`)."""


def _hex(game: Game, hex_id: str) -> HexState:
    """The hex's state, listed in the canonical order when new (so every walk over them is the same in play and
    in replay)."""
    if hex_id not in game.hexes:
        game.hexes[hex_id] = HexState()
        game.hexes = by_name(game.hexes)
    return game.hexes[hex_id]


def _tidy(game: Game, hex_id: str) -> None:
    """A hex back to neutral and undeveloped is left out of the file."""
    if game.hexes.get(hex_id) == HexState():
        del game.hexes[hex_id]


def apply_event(game: Game, event: Any) -> None:
    """Apply one event to `game` in place; EventError if it does not fit the state."""
    match event:
        case Resources(player=player, pp=pp, pc=pc):
            state = game.players[player]
            if state.pp + pp < 0 or state.pc + pc < 0:
                raise EventError(f"{player} has {state.pp} PP and {state.pc} PC")
            if state.pp + pp > 99 or state.pc + pc > 99:
                raise EventError(f"{player} would pass the 99 cap")
            state.pp += pp
            state.pc += pc
        case HexOwner(hex=hex_id, owner=owner):
            _hex(game, hex_id).owner = owner
            _tidy(game, hex_id)
        case Develop(hex=hex_id, development=development):
            _hex(game, hex_id).development = development
            _tidy(game, hex_id)
        case ArmyAdd(id=army_id, army=army):
            if army_id in game.armies:
                raise EventError(f"army {army_id} exists")
            game.armies[army_id] = army.model_copy(deep=True)
            game.armies = by_name(game.armies)
            game.next_army += 1
        case ArmyRemove(id=army_id):
            if army_id not in game.armies:
                raise EventError(f"no army {army_id}")
            del game.armies[army_id]
        case ArmyMove(id=army_id, path=path, range_left=range_left):
            army = game.armies[army_id]
            army.hex = path[-1]
            army.range_left = range_left
        case ArmyUpdate(id=army_id):
            army = game.armies[army_id]
            for key in ("promoted", "range_left", "attacks", "controller"):
                value = getattr(event, key)
                if value is not None:
                    setattr(army, key, value)
        case LeaderMove(player=player, path=path):
            game.players[player].leader = path[-1] if path else None
        case PawnSet(player=player, pawn=pawn):
            game.players[player].pawn = pawn.model_copy()
        case CardDrawn(player=player, card=card):
            if card not in game.supply_deck:
                raise EventError(f"{card} is not in the Supply deck")
            game.supply_deck.remove(card)
            game.players[player].supply.append(card)
        case CardPlayed(player=player, card=card):
            game.players[player].supply.remove(card)
            game.supply_discard.append(card)
        case PlayerStatus(player=player):
            state = game.players[player]
            for key in ("turns", "eliminated", "surrendered", "objective_revealed"):
                value = getattr(event, key)
                if value is not None:
                    setattr(state, key, value)
        case SetStanding(player=player, standing=standing):
            game.players[player].standing = standing.model_copy(deep=True)
        case SetPhase(round=round_, power=power, phase=phase):
            game.round, game.power, game.phase = round_, power, phase
        case SetTurn(turn=turn):
            game.turn = turn.model_copy()
        case SetInvasion(invasion=invasion, pending=pending):
            game.invasion = invasion.model_copy(deep=True) if invasion else None
            game.pending = [d.model_copy() for d in pending]
        case Winner(winner=winner):
            game.winner = winner
        case Roll() | Note():
            pass
        case _:
            raise EventError(f"unknown event {event!r}")
