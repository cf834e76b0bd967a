"""The WARZAG game state (kind: warzag-game): a value that round-trips through YAML.

Nothing changes it but the events of `aa_ref.games.warzag.events`. Hexes not listed are neutral
with nothing on them; a listed hex holds its owner (standard territories and bases), its
development, and the nation occupying it (strategic territories) is derived from the armies
and Leaders standing there.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from aa_ref.core.model import FairDicePlayer, LogRef, Strict
from aa_ref.core.names import by_name

Phase = Literal["income", "leader", "annexation", "armies", "invasion", "end"]
PHASES: tuple[Phase, ...] = ("income", "leader", "annexation", "armies", "invasion", "end")
"""Phases I-VI of a turn [WZ L146-L149]."""
PHASE_NUMBERS = dict(zip(PHASES, ("I", "II", "III", "IV", "V", "VI")))
Development = Literal["generic", "production", "extraction"]


class HexState(Strict):
    owner: str | None = Field(default=None, description="the nation that annexed it (standard territories and bases)")
    development: Development | None = Field(default=None, description="its development [WZ L490-L494]")


class Army(Strict):
    """One army token [WZ L45]."""

    nation: str
    category: str
    hex: str
    promoted: bool = Field(default=False, description="turned to its x2 face by a field promotion [WZ L556]")
    range_left: int = Field(default=0, ge=0, description="territories it may still cross in this phase")
    controller: str | None = Field(
        default=None, description="the ally who controls it since its nation was eliminated [WZ L447]")
    attacks: int = Field(default=0, ge=0, description="invasions it took part in this turn")


class Pawn(Strict):
    """The Standing Leader pawn on the R&D track [WZ L189-L213]."""

    box: int = Field(ge=0, description="index of the box it stands on (0 = START)")
    activated_turn: int = Field(ge=1, description="the player's turn in which it was put on START")


class Standing(Strict):
    """A player's standing orders, used when his orders do not settle a choice."""

    eliminate: Literal["most_defence", "ask"] = Field(
        default="most_defence",
        description="as defender after an R or T result: most_defence: eliminate the invader's armies with the "
                    "most defence below S (then the most armies); ask: wait for this player's decision")
    support: list[str] = Field(
        default_factory=list, description="alliance mode: allies who may call on this player's armies to support "
                                          "their invasions [WZ L432]")


class Player(Strict):
    nation: str
    pp: int = Field(ge=0, le=99)
    pc: int = Field(ge=0, le=99)
    start_base: str
    leader: str | None = Field(description="the hex of the Leader token; none once the player is eliminated")
    leader_card: str
    pawn: Pawn | None = None
    supply: list[str] = Field(default_factory=list, description="Supply cards in hand")
    objective: str | None = Field(
        default=None, description="free-for-all: SHA-256 commitment to the secret Objective card and its salt")
    objective_revealed: str | None = Field(default=None, description="the Objective card, once claimed")
    eliminated: bool = False
    surrendered: bool = False
    turns: int = Field(default=0, ge=0, description="turns begun")
    standing: Standing = Field(default_factory=Standing)


class Invasion(Strict):
    """An invasion waiting for the defender's choice of the invader's armies to eliminate [WZ L336-L370]."""

    target: str
    invader: str
    defender: str
    armies: list[str] = Field(description="ids of the armies that took part [WZ L290]")
    attack: int
    face: Literal["D", "R", "T"]
    strength: int = Field(description="the defender's S: the invader's eliminated armies' defence must be below it")
    conquered: bool
    eliminated: list[str] = Field(description="the defender's armies the invader eliminated [WZ L291]")


class Decision(Strict):
    """A choice the game waits for from a player other than the one whose turn it is."""

    power: str
    kind: Literal["eliminate"]
    space: str
    detail: str = ""


class Turn(Strict):
    """What the current turn remembers between its orders."""

    roll: int | None = Field(default=None, description="this turn's standard die [WZ L171]")
    leader_moved: bool = False
    pawn_from: int | None = Field(default=None, description="the box the pawn stood on before this turn's move")
    pawn_bonus: int = Field(default=0, ge=0, description="PP the pawn's move of this turn earned on own base boxes")
    may_draw: bool = Field(default=False, description="the pawn stopped on a Supply box and no card was drawn yet")
    accelerated: bool = False
    attack_bonus: int = Field(default=0, ge=0, description="a played Supply card's bonus for the next invasion")
    invasions: int = Field(default=0, ge=0, description="invasions declared this turn")
    range_bonus: dict[str, int] = Field(
        default_factory=dict, description="army -> range a Supply card added for this turn (kept when range resets)")


class Game(Strict):
    """A WARZAG game in progress."""

    kind: Literal["warzag-game"]
    schema_version: Literal[1]
    setup: str = Field(description="the component pack: a shipped id or a file beside the game")
    pack_sha256: str = Field(description="digest of the pack's data when the game began")
    variant: str | None = None
    options: dict[str, str] = Field(default_factory=dict)
    seed: str
    mode: Literal["free_for_all", "alliances"]
    seating: list[str] = Field(description="the nations in turn order; the youngest player starts [WZ L146]")
    round: int = Field(ge=1)
    power: str
    phase: Phase
    winner: str | None = None
    players: dict[str, Player]
    hexes: dict[str, HexState] = Field(default_factory=dict)
    armies: dict[str, Army] = Field(default_factory=dict)
    supply_deck: list[str] = Field(
        default_factory=list, description="Supply cards left to draw, in no order: a draw picks one with the dice, so "
                                          "nobody can read the next card in the file")
    supply_discard: list[str] = Field(default_factory=list)
    turn: Turn = Field(default_factory=Turn)
    pending: list[Decision] = Field(default_factory=list)
    invasion: Invasion | None = None
    next_army: int = Field(default=1, ge=1, description="the number of the next army trained")
    fair_dice: dict[str, FairDicePlayer] = Field(default_factory=dict)
    log: LogRef

    @field_validator("hexes", "armies")
    @classmethod
    def _canonical_order(cls, value: dict) -> dict:
        return by_name(value)

    @property
    def powers(self) -> dict[str, Player]:
        """The players by nation (the shared core's name for the sides of a game)."""
        return self.players

    def owner(self, hex_id: str) -> str | None:
        state = self.hexes.get(hex_id)
        return state.owner if state else None

    def armies_at(self, hex_id: str) -> list[tuple[str, Army]]:
        return [(i, a) for i, a in self.armies.items() if a.hex == hex_id]

    def leaders_at(self, hex_id: str) -> list[str]:
        return [n for n, p in self.players.items() if p.leader == hex_id]

    def controller(self, army: Army) -> str:
        return army.controller or army.nation

    def active_players(self) -> list[str]:
        return [n for n in self.seating if not self.players[n].eliminated and not self.players[n].surrendered]
