"""The WARZAG component pack: the data the rulebook's text does not give.

The prototype rulebook lost its figures (the board, the Dossier values, the income table)
and never prints its cards' texts [WZ digest §7]. A pack holds them: the hex map, the R&D
track's 24 boxes, the 16 Operational Dossier cards, the 4 Leader cards, the 6 Objective
cards, the 24 Supply cards, the yields and the dice. Card effects are written in a small
closed vocabulary that the engine carries out, so a transcribed card is checked, not guessed.
"""

from __future__ import annotations

from functools import cached_property
from typing import Literal

from pydantic import Field, field_validator

from aa_ref.core import hexgrid
from aa_ref.core.model import Strict
from aa_ref.core.names import NameIndex

NATIONS = ("italy", "germany", "uk", "ussr")
"""The base game's four nations [WZ L47-L51]; Italy and Germany are the Axis, the UK and the USSR the Allies [WZ L102-L105]."""
ALLIANCES = {"axis": ("italy", "germany"), "allies": ("uk", "ussr")}
CATEGORIES = ("infantry", "artillery", "aviation", "armour")
"""The four army categories of every nation [WZ L638], [WZ L656]."""
BASES = ("alfa", "bravo", "charlie", "delta", "echo", "foxtrot")
"""The six bases by NATO letter [WZ L118-L122]; Beta is Bravo (digest A1)."""
EXPANSION_BASES = ("bravo", "echo")
"""Bases that need the 'Guerra del Pacifico' expansion [WZ L120-L122], [WZ L503]."""
HISTORIC = ("normandy", "stalingrad", "okinawa", "gela", "pearl_harbor", "dunkirk")
"""The historic territories and their bonuses [WZ L585-L593]."""

def _bravo(value: object) -> object:
    """The rulebook writes the second base 'Beta' [WZ L120], [WZ L122], [WZ L128] and 'Bravo' [WZ L503] (digest A1)."""
    return "bravo" if isinstance(value, str) and value.casefold() == "beta" else value


HexKind = Literal["standard", "base", "rd", "historic", "war_industry", "oil_field"]
BoxKind = Literal["start", "supply", "accelerator", "base", "date"]
TRACK_BOX_COUNTS = {"start": 1, "supply": 8, "accelerator": 2, "base": 6, "date": 7}
"""The R&D track's 24 boxes by kind [WZ L620-L634]."""


class Resources(Strict):
    pp: int = Field(default=0, ge=0, description="production points")
    pc: int = Field(default=0, ge=0, description="fuel points")


class Hex(Strict):
    """One territory of the board, at axial coordinates [q, r]; hexes sharing a side are adjacent [WZ L233]."""

    at: list[int] = Field(min_length=2, max_length=2, description="axial coordinates [q, r]")
    kind: HexKind = "standard"
    name: str | None = Field(default=None, description="the name printed on the board, if any")
    base: str | None = Field(default=None, description="kind base: its letter (alfa ... foxtrot)")
    historic: str | None = Field(default=None, description="kind historic: which one (normandy, stalingrad, ...)")
    piece: int | None = Field(default=None, ge=1, le=6, description="the board piece (1-6) it is printed on [WZ L92]")
    expansion: bool = Field(default=False, description="used only with the expansion: absent from the base game")

    _beta = field_validator("base", mode="before")(lambda value: _bravo(value))


class TrackBox(Strict):
    """One box of the R&D track [WZ L620-L634]."""

    kind: BoxKind
    base: str | None = Field(default=None, description="kind base: the base letter it stands for")
    text: str | None = Field(default=None, description="kind date: the date and event printed on it")

    _beta = field_validator("base", mode="before")(lambda value: _bravo(value))


class Track(Strict):
    boxes: list[TrackBox] = Field(description="the 24 boxes in the order the pawn moves, START first")
    loop: bool = Field(default=True, description="after the last box the pawn goes on from the first")


class Dossier(Strict):
    """One Operational Dossier card: a nation's army category [WZ L253-L279], [WZ L556]."""

    attack: int = Field(ge=0)
    defence: int = Field(ge=0)
    resistance: int = Field(ge=0)
    range: int = Field(ge=0, description="territories it may cross in one phase [WZ L277]")
    consumption: int = Field(ge=0, description="points paid per territory entered [WZ L279]")
    train_cost: int = Field(ge=0, description="PP to train one [WZ L257-L259]")
    promote_cost: int = Field(ge=0, description="PP for a field promotion [WZ L556]")
    tokens: int = Field(ge=0, description="tokens of this category in the box [WZ L47-L51]")


LeaderAbility = Literal["move_bonus", "defence_bonus", "annex_discount", "income_pp", "income_pc"]


class Leader(Strict):
    """A Leader card: the characteristics of a nation's Leader token [WZ L604]."""

    nation: str
    name: str
    text: str = Field(default="", description="the card's wording")
    abilities: dict[LeaderAbility, int] = Field(
        default_factory=dict,
        description="move_bonus: extra territories the Leader may move; defence_bonus: defence added where the "
                    "Leader stands when it is invaded; annex_discount: PP off a neutral annexation; "
                    "income_pp / income_pc: collected in Phase I")


class Condition(Strict):
    """One requirement of an Objective card; every field given must hold."""

    bases: int | None = Field(default=None, ge=1, description="own at least this many bases")
    territories: int | None = Field(default=None, ge=1, description="own at least this many territories and bases")
    hold: list[str] = Field(default_factory=list, description="own or occupy every one of these hexes")
    historic: int | None = Field(default=None, ge=1, description="occupy at least this many historic territories")
    developed: int | None = Field(default=None, ge=1, description="own at least this many developed territories")
    eliminated: int | None = Field(default=None, ge=1, description="at least this many other players eliminated")
    armies: int | None = Field(default=None, ge=1, description="have at least this many armies on the board")


class Objective(Strict):
    """An Objective card: its base letter [WZ L118-L120] and its orders [WZ L443]."""

    base: str
    text: str
    requires: Condition

    _beta = field_validator("base", mode="before")(lambda value: _bravo(value))


SupplyEffect = Literal["gain", "attack_bonus", "resistance_bonus", "extra_range", "free_training"]
SupplyTiming = Literal["any", "own_turn", "invasion", "defence"]


class Supply(Strict):
    """A Supply card [WZ L624-L626]: playable at any moment unless it says otherwise."""

    title: str
    text: str
    effect: SupplyEffect
    timing: SupplyTiming = "any"
    pp: int = Field(default=0, ge=0, description="gain: PP received")
    pc: int = Field(default=0, ge=0, description="gain: PC received")
    value: int = Field(default=0, ge=0, description="attack_bonus / resistance_bonus / extra_range: the amount")
    category: str | None = Field(default=None, description="free_training: the army category trained free")


class Dice(Strict):
    standard: Literal[6] = Field(default=6, description="faces of the standard die [WZ L171] (a d6, digest §7 item 9)")
    special: list[Literal["D", "R", "T"]] = Field(
        min_length=6, max_length=6, description="the special die's six faces: Rout, Resistance, Tenacity [WZ L328]")


class Yields(Strict):
    """Phase I yields the rulebook's lost figure gave [WZ L159-L161], [WZ L535]."""

    territory: Resources = Field(description="an annexed, undeveloped standard territory")
    base: Resources = Field(description="an owned base ('a higher production yield' [WZ L535])")


class Pack(Strict):
    """A WARZAG component pack (kind: warzag-pack)."""

    kind: Literal["warzag-pack"]
    schema_version: Literal[1]
    id: str
    title: str
    demo: bool = Field(default=False, description="the values are ours, not the printed cards: say so everywhere")
    source: str = Field(default="", description="where the values were transcribed from")
    ruleset: Literal["warzag"] = "warzag"
    hexes: dict[str, Hex]
    track: Track
    dossiers: dict[str, dict[str, Dossier]] = Field(description="nation -> army category -> its Dossier card")
    leaders: dict[str, Leader] = Field(description="card id -> Leader card")
    objectives: dict[str, Objective] = Field(description="card id -> Objective card")
    supply: dict[str, Supply] = Field(description="card id -> Supply card")
    yields: Yields
    dice: Dice

    @property
    def turn_order(self) -> list[str]:
        """The nations, in the rulebook's order (seating is chosen per game)."""
        return list(NATIONS)

    @property
    def variants(self) -> dict[str, object]:
        return {}

    @property
    def sides(self) -> dict[str, list[str]]:
        """The alliances of alliance mode [WZ L102-L105]."""
        return {side: list(members) for side, members in ALLIANCES.items()}

    @cached_property
    def power_names(self) -> NameIndex:
        return NameIndex("nation", NATIONS, {"uk": ["united kingdom", "britain", "gb"], "ussr": ["soviet union", "urss"]})

    @cached_property
    def hex_names(self) -> NameIndex:
        return NameIndex("hex", self.hexes, {h: [x.name] for h, x in self.hexes.items() if x.name})

    @cached_property
    def neighbours(self) -> dict[str, tuple[str, ...]]:
        """Hex -> the hexes sharing a side with it [WZ L233]; expansion hexes are off the board."""
        return hexgrid.neighbours({name: (h.at[0], h.at[1]) for name, h in self.hexes.items() if not h.expansion})

    @cached_property
    def base_hex(self) -> dict[str, str]:
        """Base letter -> its hex, for the bases on the board."""
        return {h.base: name for name, h in self.hexes.items() if h.kind == "base" and h.base and not h.expansion}

    @cached_property
    def rd_hex(self) -> str:
        return next(name for name, h in self.hexes.items() if h.kind == "rd")
