"""WARZAG orders (kind: warzag-orders): one player's actions, carried out in the order written.

A document may hold a whole turn or part of one. Each action belongs to a phase; an action
of a later phase closes the phases before it (Phases III-V are optional [WZ L146]), and
`end_turn` is Phase VI. The defender of an invasion answers with a document of his own.
"""

from __future__ import annotations

from typing import Literal, Union

from pydantic import Field

from aa_ref.core.dice import DICE_FIELD_HELP, TableDiceField
from aa_ref.core.model import RevealRecord, Signature, Strict
from aa_ref.games.warzag.state import Development, Standing


class LeaderOrder(Strict):
    """Phase II: move the Leader token through 1 to r adjacent territories [WZ L183]."""

    leader: list[str] = Field(min_length=1, description="the hexes entered, in order")


class RansomOrder(Strict):
    """Phase II: an encircled Leader pays the ransom and returns to a base [WZ L608]."""

    ransom: str = Field(description="the own base the Leader returns to")


class DrawSupply(Strict):
    """Draw a Supply card where the pawn stopped on a Supply box [WZ L624]: `true` lets the dice pick it from the
    deck; at a table, the id of the card drawn from the shuffled physical deck."""

    draw_supply: Literal[True] | str


class TradeOrder(Strict):
    """R&D: trade 2 PP for 1 PC, or 2 PC for 1 PP, `times` times [WZ L551-L552]."""

    trade: Literal["pp_to_pc", "pc_to_pp"]
    times: int = Field(default=1, ge=1)


class PromoteOrder(Strict):
    """R&D: field promotion of one army [WZ L556]."""

    promote: str = Field(description="the army's id")


class EvacuateOrder(Strict):
    """R&D: move the Leader to an own territory or base for 5 PC [WZ L560]."""

    evacuate: str


class ActivateTrack(Strict):
    """R&D: 5 PP to put the pawn on START, once a game [WZ L564], [WZ L195]."""

    activate_track: Literal[True]


class AccelerateOrder(Strict):
    """R&D: 2 PP + 2 PC to roll again for the pawn, once a turn [WZ L568-L570]."""

    accelerate: Literal[True]


class AnnexOrder(Strict):
    """Phase III or V: annex a territory or base [WZ L223-L233], [WZ L399-L414]."""

    annex: str


class DevelopOrder(Strict):
    """Phase III: develop an own territory, or change its type [WZ L237], [WZ L488-L496]."""

    develop: str
    type: Development


class TrainOrder(Strict):
    """Phase IV: train armies in an own base [WZ L245-L259]."""

    train: str = Field(description="the army category")
    at: str = Field(description="the base")
    count: int = Field(default=1, ge=1)


class MoveOrder(Strict):
    """Phase IV or V: armies move together along a path of adjacent hexes [WZ L263-L281], [WZ L416-L418]."""

    move: list[str] = Field(min_length=1, description="army ids")
    path: list[str] = Field(min_length=1, description="the hexes entered, in order")


class InvadeOrder(Strict):
    """Phase V: invade a territory from adjacent ones [WZ L283-L395]."""

    invade: str = Field(description="the target")
    from_: list[str] = Field(alias="from", min_length=1, description="own territories adjacent to the target")
    support: list[str] = Field(default_factory=list, description="alliance mode: allies' army ids lending support [WZ L432]")
    eliminate: list[str] | None = Field(
        default=None, description="the defender's army ids to eliminate (default: the most defence allowed)")


class PlayOrder(Strict):
    """Play a Supply card [WZ L626]."""

    play: str = Field(description="the card's id")
    army: str | None = Field(default=None, description="extra_range: the army")
    at: str | None = Field(default=None, description="free_training: the base")


class TransferOrder(Strict):
    """Alliance mode: send resources to an ally for a 1 PP fee [WZ L433-L434]."""

    transfer: str = Field(description="the ally")
    pp: int = Field(default=0, ge=0)
    pc: int = Field(default=0, ge=0)


class EliminateOrder(Strict):
    """The defender's choice of the invader's armies to eliminate after R or T [WZ L340], [WZ L370]."""

    eliminate: list[str]


class ClaimOrder(Strict):
    """Free-for-all: reveal the Objective card and claim victory [WZ L443]."""

    claim_objective: str = Field(description="the card's id")
    salt: str = Field(description="the salt of its commitment, from the player's objective file")


class SurrenderOrder(Strict):
    """Alliance mode: the player left in the game surrenders [WZ L86], [WZ L445]."""

    surrender: Literal[True]


class StandingOrder(Strict):
    """Change the player's standing orders."""

    standing: Standing


class NextPhase(Strict):
    """Go on to a later phase of the turn without acting in the ones between (Phases III-V are optional [WZ L146]);
    e.g. `next_phase: invasion` for Phase V's bonus movement [WZ L416-L418] with no invasion first."""

    next_phase: Literal["annexation", "armies", "invasion"]


class EndTurn(Strict):
    """Phase VI: the turn is over [WZ L422-L424]."""

    end_turn: Literal[True]


Action = Union[
    LeaderOrder, RansomOrder, DrawSupply, TradeOrder, PromoteOrder, EvacuateOrder, ActivateTrack, AccelerateOrder,
    AnnexOrder, DevelopOrder, TrainOrder, MoveOrder, InvadeOrder, PlayOrder, TransferOrder, EliminateOrder,
    ClaimOrder, SurrenderOrder, StandingOrder, NextPhase, EndTurn,
]


class Orders(Strict):
    """A WARZAG orders document (kind: warzag-orders)."""

    kind: Literal["warzag-orders"]
    schema_version: Literal[1]
    game: str | None = Field(default=None, description="the component pack's id, for checks without the game")
    power: str = Field(description="the nation giving the orders")
    based_on: str | None = Field(default=None, description="the log head the orders were written against")
    dice: TableDiceField | None = Field(default=None, description=DICE_FIELD_HELP)
    actions: list[Action] = Field(default_factory=list)
    signature: Signature | None = Field(default=None, description="fair-dice games: the player's signature ('aa-ref sign')")
    reveals: list[RevealRecord] | None = Field(default=None, description="fair-dice games: the other players' reveals")


HEX_FIELDS: dict[type, tuple[str, ...]] = {
    LeaderOrder: ("leader",), RansomOrder: ("ransom",), EvacuateOrder: ("evacuate",), AnnexOrder: ("annex",),
    DevelopOrder: ("develop",), TrainOrder: ("at",), MoveOrder: ("path",), InvadeOrder: ("invade", "from_"),
    PlayOrder: ("at",),
}
"""The fields of each action that name hexes (resolved to the pack's ids before the rules see them)."""
