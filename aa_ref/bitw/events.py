"""Blocks in the West events: every change to a game is one of these (see `aa_ref.events`)."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import Field, TypeAdapter

from aa_ref.bitw.state import Activation, Battle, BlockState, Decision, Game, Phase, Side
from aa_ref.events import EventError, Note, Roll
from aa_ref.names import by_name
from aa_ref.setup import Strict


class BlockMove(Strict):
    """A block moves along a path of hexes (or enters or leaves the map: path ends with None)."""

    type: Literal["block_move"] = "block_move"
    block: str
    path: list[str | None]


class BlockUpdate(Strict):
    """A block's strength, face, supply marker or marks change."""

    type: Literal["block"] = "block"
    block: str
    strength: int | None = None
    revealed: bool | None = None
    out_of_supply: bool | None = None
    hits: int | None = None
    moved: bool | None = None
    reason: str = ""


class Control(Strict):
    type: Literal["control"] = "control"
    hex: str
    side: Side | None
    previous: Side | None


class Points(Strict):
    """Production points received (positive) or spent."""

    type: Literal["pp"] = "pp"
    power: str
    delta: int
    reason: str


class SetPhase(Strict):
    type: Literal["phase"] = "phase"
    turn: int
    power: Side
    phase: Phase


class SetWeather(Strict):
    type: Literal["weather"] = "weather"
    weather: Literal["good", "rain", "snow"]


class SetPending(Strict):
    type: Literal["pending"] = "pending"
    pending: list[Decision]


class SetBattles(Strict):
    """The battles still to be fought, and the blocks that fought or blitzed this turn [BW L1325-L1564]."""

    type: Literal["battles"] = "battles"
    battles: list[Battle]
    engaged: list[str] | None = None
    blitzed: list[str] | None = None


class HqState(Strict):
    """HQs activated or deactivated, reconnaissance attempts and successes (AR 13.0, OR 19.0): each field given
    replaces the game's."""

    type: Literal["hq"] = "hq"
    active: dict[str, Activation] | None = None
    recon_tries: dict[str, int] | None = None
    recon_hexes: list[str] | None = None
    dropped: list[str] | None = None


class SrmUsed(Strict):
    type: Literal["srm"] = "srm"
    power: str
    count: int


class Winner(Strict):
    type: Literal["victory"] = "victory"
    winner: str


Event = Annotated[
    Union[BlockMove, BlockUpdate, Control, Points, SetPhase, SetWeather, SetPending, SetBattles, SrmUsed, Winner, Roll, Note,
          HqState],
    Field(discriminator="type"),
]
EVENTS = TypeAdapter(list[Event])


def _block(game: Game, block: str) -> BlockState:
    if block not in game.blocks:
        raise EventError(f"no block {block}")
    return game.blocks[block]


def apply_event(game: Game, event: Any) -> None:
    """Apply one event to `game` in place; EventError if it does not fit the state."""
    match event:
        case BlockMove(block=block, path=path):
            state = _block(game, block)
            state.hex = path[-1]
            if len(path) >= 2 and path[-1] is not None and path[-2] is not None:
                state.entered_from = path[-2]
        case BlockUpdate(block=block):
            state = _block(game, block)
            for key in ("strength", "revealed", "out_of_supply", "hits", "moved"):
                value = getattr(event, key)
                if value is not None:
                    setattr(state, key, value)
        case Control(hex=hex_id, side=side):
            if side is None:
                game.control.pop(hex_id, None)
            else:
                game.control[hex_id] = side
                game.control = by_name(game.control)
        case Points(power=power, delta=delta):
            if game.pp.get(power, 0) + delta < 0:
                raise EventError(f"{power} has only {game.pp.get(power, 0)} PP")
            game.pp[power] = game.pp.get(power, 0) + delta
        case SetPhase(turn=turn, power=power, phase=phase):
            game.turn, game.round, game.power, game.phase = turn, turn, power, phase
        case SetWeather(weather=weather):
            game.weather = weather
        case SetPending(pending=pending):
            game.pending = [d.model_copy() for d in pending]
        case SetBattles(battles=battles, engaged=engaged, blitzed=blitzed):
            game.battles = [b.model_copy(deep=True) for b in battles]
            if engaged is not None:
                game.engaged = list(engaged)
            if blitzed is not None:
                game.blitzed = list(blitzed)
        case SrmUsed(power=power, count=count):
            game.srm_used[power] = count
        case HqState(active=active, recon_tries=tries, recon_hexes=hexes, dropped=dropped):
            if dropped is not None:
                game.dropped = list(dropped)
            if active is not None:
                game.hq_active = {k: v.model_copy(deep=True) for k, v in active.items()}
            if tries is not None:
                game.recon_tries = dict(tries)
            if hexes is not None:
                game.recon_hexes = list(hexes)
        case Winner(winner=winner):
            game.winner = winner
        case Roll() | Note():
            pass
        case _:
            raise EventError(f"unknown event {event!r}")
