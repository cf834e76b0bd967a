"""The setup document: a game's definition as data (board, units, powers, starting forces).

A setup may `extend` another setup (by id) and override parts of it, the way an 18xx
title depends on another: scenarios that share a board name it instead of copying it. The
model is the setup once loaded (the parent merged under it); its JSON Schema is the file's
as written, which may be such a part (`aa_ref.core.setups.file_schema`).
"""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field

from aa_ref.core.model import Strict
from aa_ref.core.names import NameIndex, plurals
from aa_ref.core.setups import file_schema

MAX_UNITS = 10_000
"""The most units of one type one entry may count. The largest game (Global 1940) has well under a
thousand pieces in all; ten thousand is beyond any game yet refuses the absurd (10**20 infantry)."""
UnitCount = Annotated[int, Field(ge=0, le=MAX_UNITS)]
"""A number of units: never negative (0 is allowed and means none), at most `MAX_UNITS`."""
UnitCounts = dict[str, UnitCount]
"""Units as players write them: `{infantry: 3, tank: 1}`, each count a `UnitCount`."""


class Support(Strict):
    """Artillery: each supporting unit raises one `unit` to `attack` when attacking."""

    unit: str
    attack: int = Field(ge=0, le=6)
    also: list[str] = Field(
        default_factory=list,
        description="other unit types it may raise instead of `unit`, still one unit in all "
                    "(Global 1940 artillery: an infantry or a mechanized infantry)")


class UnitType(Strict):
    """A unit's printed profile."""

    domain: Literal["land", "sea", "air"]
    cost: int = Field(ge=0)
    attack: int = Field(ge=0, le=6)
    defense: int = Field(ge=0, le=6)
    movement: int = Field(ge=0)
    hits: int = Field(default=1, ge=1, description="hits needed to destroy it (2 for battleships)")
    support: Support | None = Field(default=None, description="raises the attack of another unit type, one for one")
    bombard: int = Field(default=0, ge=0, le=6, description="hits on this or less in shore bombardment; 0: never bombards")
    anti_aircraft: int = Field(default=0, ge=0, le=6, description="AA fire hits attacking aircraft on this or less")
    combatant: bool = Field(default=True, description="false: never rolls in combat rounds and is never a casualty")
    noncombat_only: bool = Field(default=False, description="moves only in the Noncombat Move (AA guns)")
    installation: bool = Field(
        default=False, description="an industrial complex: bought and placed, never moves, fights or dies")
    installation_kind: Literal["industrial_complex", "air_base", "naval_base"] | None = Field(
        default=None, description="for an installation, its kind: a territory holds at most one of each kind "
                                  "(Global 1940: minor or major complex, air base, naval base)")
    places_per_turn: int | None = Field(
        default=None, ge=0, description="an industrial complex: most new units it places in a turn; none: no limit "
                                         "but the territory's value")
    max_damage: int | None = Field(
        default=None, ge=0, description="an installation: most damage markers it can hold; none: no damage track")
    anti_aircraft_shots: int | None = Field(
        default=None, ge=1, description="most dice one unit rolls at attacking aircraft; none: one per aircraft")
    aliases: list[str] = Field(default_factory=list, description="other names players may write for it")


class Economy(Strict):
    """One of a power's separate economies (Global 1940 UK: London and Calcutta), with its own
    regional capital, treasury and income."""

    capital: str = Field(description="the territory holding the regional capital")
    treasury: int = Field(ge=0, description="IPCs in this economy's treasury at the start")


class PowerSetup(Strict):
    capital: str | None = Field(default=None, description="the territory holding the capital; none for China")
    treasury: int = Field(ge=0, description="IPCs in the treasury at the start (with economies: their sum)")
    collects_income: bool = Field(default=True, description="false: never collects or spends IPCs (China)")
    confined_to: list[str] = Field(default_factory=list, description="if given, the only spaces its units may enter")
    economies: dict[str, Economy] = Field(
        default_factory=dict, description="if given, separate economies, each collecting the income of the "
                                          "territories whose `economy` names it")


class Space(Strict):
    """A land territory or sea zone of the board."""

    kind: Literal["land", "sea"]
    value: int = Field(default=0, ge=0, description="IPC value")
    original_owner: str | None = None
    owner: str | None = Field(default=None, description="controller at the start, if not the original owner")
    industrial_complex: bool = False
    neutral: bool = False
    island: bool = False
    victory_city: str | None = Field(default=None, description="the victory city in this territory, if any")
    impassable: bool = Field(default=False, description="no unit may ever enter it (Global 1940: Pripet Marshes)")
    alignment: Literal["strict", "pro_axis", "pro_allies"] | None = Field(
        default=None, description="a neutral territory's leaning: strictly neutral, pro-Axis or pro-Allies")
    neutral_army: UnitCounts = Field(
        default_factory=dict, description="a neutral territory's own army, placed when its neutrality ends")
    economy: str | None = Field(
        default=None, description="for a territory of a power with several economies: the economy collecting it")
    installations: list[str] = Field(
        default_factory=list, description="installation unit types standing here at the start (complexes, "
                                          "air and naval bases); they belong to whoever controls the territory")
    convoy_zone: bool = Field(default=False, description="a sea zone with a convoy symbol")
    kamikaze_zone: bool = Field(default=False, description="a sea zone with a kamikaze symbol")
    map: Literal["europe", "pacific", "both"] | None = Field(
        default=None, description="a board of two maps (Global 1940): the map the space is printed on; `both` for a "
                                  "territory lying across their seam")
    aliases: list[str] = Field(default_factory=list)
    adjacent: list[str] = Field(default_factory=list)

    @property
    def start_owner(self) -> str | None:
        return self.owner or self.original_owner


Coordinate = Annotated[int, Field(ge=-1_000_000, le=1_000_000)]
Point = Annotated[list[Coordinate], Field(min_length=2, max_length=2)]


class Place(Strict):
    """Where a space is drawn in `aa-ref show --svg`: its centre, and its outline when known (one polygon per piece:
    an island group has several)."""

    at: Point = Field(description="the centre [x, y], in the picture's units (y downwards)")
    shapes: list[Annotated[list[Point], Field(min_length=3, max_length=5000)]] = Field(
        default_factory=list, max_length=200, description="outlines, each a polygon of [x, y] points")


class Layout(Strict):
    """The board as a picture: coordinates that decide nothing in play (left out of the setup's fingerprint)."""

    source: str = Field(default="", description="where the coordinates come from")
    wrap: int | None = Field(default=None, ge=1, description="the board's width when its east and west edges meet "
                                                               "(a line longer than half of it is drawn across the edge)")
    spaces: dict[str, Place] = Field(default_factory=dict)


class Canal(Strict):
    name: str
    joins: list[str] = Field(min_length=2, max_length=2)
    controlled_by: list[str] = Field(description="territories a side must all control for its ships to pass")
    open_to: list[str] = Field(
        default_factory=list, description="unit types that pass whoever controls it (submarines at Gibraltar)")
    held_since_turn_start: bool = Field(
        default=False, description="a side must have controlled it since the start of its turn (not taken this turn)")


class Strait(Strict):
    name: str
    sea_zone: str = Field(description="a sea zone that naval units may not enter or leave")


class Technology(Strict):
    """A development from a research chart: profile changes as data, other effects as
    named hooks of the ruleset (keyed by the technology's id)."""

    name: str
    chart: int = Field(ge=1, le=2)
    roll: int = Field(ge=1, le=6, description="the die result that gives it on its chart")
    effect: str = Field(description="the effect in the rulebook's words, with its citation")
    units: dict[str, dict[Literal["attack", "defense", "movement", "cost"], int]] = Field(
        default_factory=dict, description="unit type -> profile values it changes for the power holding it")


class Objective(Strict):
    """A national objective: a bonus paid at income when every given condition holds.
    "The side controls" means any power of the objective's side controls the space."""

    id: str
    bonus: int = Field(ge=0)
    text: str = Field(description="the condition in the rulebook's words, with its citation")
    all_of: list[str] = Field(default_factory=list, description="the side controls every one of these")
    at_least: int | None = Field(default=None, ge=1, description="with `of`: the side controls at least this many")
    of: list[str] = Field(default_factory=list)
    power_controls: list[str] = Field(default_factory=list, description="the power itself controls each")
    no_enemy_warships_in: list[str] = Field(default_factory=list, description="no enemy surface warship in these zones")
    any_original_of: str | None = Field(default=None, description="the side controls a territory originally this power's")
    no_allied_units_in_own: bool = Field(default=False, description="no unit of another allied power in its territories")
    # Global 1940 conditions [G40 L1695-L1795]
    at_war: bool = Field(default=False, description="the power is at war with at least one power")
    at_war_with: list[str] = Field(default_factory=list, description="the power is at war with every one of these")
    at_war_with_any: list[str] = Field(default_factory=list, description="the power is at war with one of these at least")
    not_at_war_with: list[str] = Field(default_factory=list, description="the power is at war with none of these")
    each_of: list[str] = Field(
        default_factory=list, description="`bonus` for each of these the power itself controls (none: no bonus)")
    each_side_of: list[str] = Field(
        default_factory=list, description="`bonus` for each of these its side controls (none: no bonus)")
    each_original_of: list[str] = Field(
        default_factory=list, description="`bonus` for each territory originally of one of these powers, or a neutral "
                                          "of one of these alignments (pro_axis, pro_allies), the power controls")
    power_not_controls: list[str] = Field(default_factory=list, description="the power controls none of these")
    land_units_in: list[str] = Field(
        default_factory=list, description="at least one land unit of the power stands in each of these")
    neutral_or_side_controls: list[str] = Field(
        default_factory=list, description="each of these is an unconquered neutral that is not of the other side's "
                                          "alignment, or is controlled by the power's side")
    no_opposing_warships_in: list[str] = Field(
        default_factory=list, description="no surface warship of any power of the other side (at war or not) in these")
    no_opposing_warships_or_subs_in: list[str] = Field(
        default_factory=list, description="no warship, submarines included, of any power of the other side in these")
    controls_originals: bool = Field(
        default=False, description="the power controls every territory originally its own (of `economy`, if given)")
    no_allied_units_in_original: bool = Field(
        default=False, description="no unit of another allied power in a territory originally the power's")
    once: bool = Field(default=False, description="paid only the first time it is met")
    economy: str | None = Field(default=None, description="a power with separate economies: the economy it pays")
    liberated: str | None = Field(
        default=None, description="paid (once) when this territory, held by an enemy, returns to the power, "
                                  "not at Collect Income")
    units_worth: int | None = Field(
        default=None, ge=1, description="with `liberated`: paid in units worth this many IPCs, chosen and placed "
                                        "there at the power's next Mobilize")
    not_implemented: str | None = Field(
        default=None, description="an objective the referee cannot yet adjudicate: why (it is never paid, and "
                                  "the income note says so)")


class ChinaRules(Strict):
    """A power without IPCs that gets free units (Anniversary China [@47731])."""

    power: str
    granted_in_turn_of: str = Field(description="the power in whose Purchase phase the free units are counted")
    unit: str = "infantry"
    territories_per_unit: int = Field(default=2, ge=1)
    placement_limit: int = Field(default=3, ge=1, description="no placement where this many of its units already stand")


class Variant(Strict):
    description: str
    units_add: dict[str, dict[str, UnitCounts]] = Field(default_factory=dict)
    units_remove: dict[str, dict[str, UnitCounts]] = Field(
        default_factory=dict, description="units taken off the setup's `units` (before `units_add` is added)")


class Setup(Strict):
    """A scenario: everything needed to start a game, as data.

    A loaded setup is complete: the loader merges the setup a file `extends` under it and sets
    `extends` to None. The file as written may give only what differs from its parent, so the
    JSON Schema editors check it with accepts both (`model_json_schema`).
    """

    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)

    kind: Literal["setup"]
    schema_version: Literal[1]
    id: str
    title: str
    ruleset: str
    rulebook: str = ""
    extends: str | None = Field(
        default=None, description="the id of a shipped setup this file is merged over (none once loaded)")
    sides: dict[str, list[str]]
    turn_order: list[str]
    powers: dict[str, PowerSetup]
    unit_types: dict[str, UnitType]
    spaces: dict[str, Space]
    canals: list[Canal] = Field(default_factory=list)
    straits: list[Strait] = Field(default_factory=list)
    units: dict[str, dict[str, UnitCounts]] = Field(default_factory=dict)
    variants: dict[str, Variant] = Field(default_factory=dict)
    technologies: dict[str, Technology] = Field(default_factory=dict)
    national_objectives: dict[str, list[Objective]] = Field(default_factory=dict)
    china: ChinaRules | None = None
    wars_at_start: list[list[str]] | None = Field(
        default=None, description="pairs of powers at war at the start; if given, powers of opposite sides are "
                                  "enemies only while at war (Global 1940), else always")
    damage_lasts: bool = Field(
        default=False, description="two-hit units (battleships, carriers) stay damaged after a battle, until "
                                   "repaired at a naval base (Global 1940 [L1247]); else repaired after each battle")
    groups: dict[str, list[str]] = Field(
        default_factory=dict, description="named sets of spaces the rules refer to by name "
                                          "(e.g. the Dutch territories, the victory cities of one map)")
    layout: Layout | None = Field(
        default=None, description="where each space is drawn (aa-ref show --svg); no effect on play")

    @classmethod
    def model_json_schema(cls, *args: Any, **kwargs: Any) -> dict[str, Any]:
        """The schema of a setup file as written: a complete setup, or a part that `extends` another."""
        return file_schema(super().model_json_schema(*args, **kwargs))

    @cached_property
    def space_names(self) -> NameIndex:
        return NameIndex("space", self.spaces, {n: s.aliases for n, s in self.spaces.items()})

    @cached_property
    def power_names(self) -> NameIndex:
        return NameIndex("power", self.powers)

    @cached_property
    def unit_names(self) -> NameIndex:
        plural: dict[str, list[str]] = {}
        for name, u in self.unit_types.items():
            spoken = [name, name.replace("_", " "), *u.aliases]
            plural[name] = [name + "s", *spoken[1:], *(p for s in spoken for p in plurals(s))]
        plural.setdefault("infantry", []).append("infantries")
        return NameIndex("unit type", self.unit_types, plural)

    @cached_property
    def neighbours(self) -> dict[str, tuple[str, ...]]:
        """Each space's neighbours in the setup's order: a walk over them (a search, the first neighbour a
        message names) is the same in every run, whatever the interpreter's hash seed (a frozenset's order
        is not). Made once per setup, not once per board."""
        return {name: tuple(space.adjacent) for name, space in self.spaces.items()}

    @cached_property
    def _side_by_power(self) -> dict[str, str]:
        """Each power's side (the first that lists it), asked of tens of thousands of times in a long replay."""
        out: dict[str, str] = {}
        for side, members in self.sides.items():
            for power in members:
                out.setdefault(power, side)
        return out

    def side_of(self, power: str) -> str:
        return self._side_by_power[power]  # KeyError for a power of no side

    def allied(self, a: str, b: str) -> bool:
        """True when two powers are on the same side (a power is its own ally)."""
        return self.side_of(a) == self.side_of(b)

    def capital_of(self, power: str) -> str | None:
        return self.powers[power].capital
