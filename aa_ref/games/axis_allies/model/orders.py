"""Orders and decisions: what players write.

One orders document is one power's orders for one phase. A decision document answers
a choice the game is waiting for (casualties, a retreat, submerging). Both are checked
for shape by JSON Schema, then for legality by the ruleset, as a whole.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from aa_ref.core.dice import DICE_FIELD_HELP, TableDiceField
from aa_ref.core.model import RevealRecord, Signature, Strict
from aa_ref.games.axis_allies.model.setup import MAX_UNITS, UnitCounts
from aa_ref.games.axis_allies.model.state import PhaseName, RetreatPolicy, Standing


class Load(Strict):
    """Land units boarding the moving transports from a territory next to a sea zone."""

    units: UnitCounts
    from_: str = Field(alias="from", description="the territory the units board from")
    at: str | None = Field(default=None, description="the sea zone where they board (default: the transports' start)")
    power: str | None = Field(default=None, description="owner of the units, if an ally's (default: the mover)")


class Move(Strict):
    """Units moving together along one path."""

    units: UnitCounts
    from_: str = Field(alias="from")
    to: str
    via: list[str] = Field(default_factory=list, description="spaces passed through, in order")
    load: list[Load] = Field(default_factory=list, description="transports: units boarding on the way")
    unload: str | None = Field(default=None, description="transports: the territory the cargo lands in")
    unload_units: UnitCounts | None = Field(
        default=None, description="transports: the mover's land units that land in `unload`, the rest staying aboard "
                                  "(default: all of the mover's cargo lands); in an amphibious assault the units "
                                  "loaded in the Combat Move all land, and only cargo aboard since an earlier turn "
                                  "may stay")
    cargo_power: str | None = Field(default=None, description="unload only this power's cargo")
    battle: Literal["sea", "land"] | None = Field(
        default=None, description="air units in an amphibious assault: the battle they join"
    )
    land_at: str | None = Field(default=None, description="air units: where they plan to land (landing proof)")
    bombing: bool = Field(default=False, description="bombers: a strategic bombing raid on the target's industrial complex")
    paratroopers: int = Field(
        default=0, ge=0, le=MAX_UNITS,
        description="bombers with Paratroopers: infantry carried from the start, one per bomber")
    damaged: UnitCounts | None = Field(
        default=None, description="Global 1940: how many of the moving battleships or carriers are damaged ones "
                                  "(default: the damaged ones move first)")
    airborne: bool = Field(
        default=False, description="Global 1940 Paratroopers: infantry flown from a territory with an air base")

    def path(self) -> list[str]:
        return [self.from_, *self.via, self.to]


class BattleOrders(Strict):
    """The attacker's choices for one battle, in the order battles are to be fought."""

    at: str
    casualties: list[str] | None = Field(default=None, description="order of loss for this battle")
    retreat: RetreatPolicy | None = None
    submerge: bool | None = None
    bombard: UnitCounts | None = Field(
        default=None, description="ships that bombard before an amphibious landing (default: as many as may)")
    targets: dict[str, UnitCounts] | None = Field(
        default=None, description="Global 1940 bombing raids: installation (major_industrial_complex, air_base, "
                                  "naval_base ...) -> the bombers assigned to it (default: see README)")


class ResearchOrders(Strict):
    """Research & Development: researchers bought, and the chart rolled on a breakthrough."""

    researchers: int = Field(default=0, ge=0, description="new researcher tokens bought at 5 IPCs each")
    chart: Literal[1, 2] | None = Field(default=None, description="the development chart rolled on a breakthrough")
    paid_by: dict[str, int] | None = Field(
        default=None, description="a power with separate economies (Global 1940 UK): researchers paid by each economy")


class EconomyOrders(Strict):
    """One economy's purchase and repairs (Global 1940 UK: Europe and Pacific)."""

    purchase: UnitCounts | None = None
    repair: dict[str, int] | None = Field(default=None, description="damage markers removed, by territory")


class Rocket(Strict):
    """Rockets: an AA gun fires at an enemy industrial complex within 3 spaces."""

    from_: str = Field(alias="from", description="the territory of the firing AA gun")
    at: str = Field(description="the territory of the target industrial complex")
    target: str | None = Field(
        default=None, description="Global 1940: the installation hit (industrial complex, air base, naval base); "
        "default the complex, else the air base, else the naval base")


class Orders(Strict):
    kind: Literal["orders"]
    schema_version: Literal[1]
    game: str | None = Field(default=None, description="setup id the orders are for (checked when given)")
    round: int = Field(ge=1)
    power: str
    phase: PhaseName
    based_on: str | None = Field(default=None, description="the game's log head when the orders were written")
    standing: Standing | None = None
    research: ResearchOrders | None = None
    purchase: UnitCounts | None = None
    repair: dict[str, int] | None = Field(default=None, description="damage markers removed, by territory")
    upgrade: list[str] | None = Field(
        default=None, description="Global 1940: territories whose minor industrial complex is upgraded to a major one")
    economies: dict[str, EconomyOrders] | None = Field(
        default=None, description="a power with separate economies (Global 1940 UK): each economy's purchase and "
                                  "repairs, in the Purchase & Repair phase, instead of `purchase` and `repair`")
    moves: list[Move] | None = None
    ignore: list[str] | None = Field(
        default=None, description="Combat Move: sea zones an amphibious assault comes from where the only enemy units "
                                  "are submarines and/or transports, which the attack ignores: no sea battle there, "
                                  "so the battleships and cruisers there may bombard (default: they are attacked)")
    battles: list[BattleOrders] | None = None
    rockets: list[Rocket] | None = None
    place: dict[str, UnitCounts] | None = None
    declare_war: list[str] | None = Field(
        default=None, description="Global 1940: powers the ordering power declares war on, at the start of its Combat "
                                  "Move before any movement (the US also at the start of Collect Income of its 3rd turn)")
    objective_units: dict[str, UnitCounts] | None = Field(
        default=None, description="Mobilize: the units an objective pays (Global 1940 France F1), by objective id")
    step: bool | None = Field(
        default=None, description="true: a step of a movement phase entered move by move: its moves are checked with "
                                  "the ones entered before and kept, and the phase goes on (README \"A phase entered "
                                  "move by move\")")
    end: bool | None = Field(
        default=None, description="true: ends a movement phase entered move by move: the moves entered so far (and "
                                  "this document's) are adjudicated as one document of the phase")
    dice: TableDiceField | None = Field(default=None, description=DICE_FIELD_HELP)
    signature: Signature | None = None
    reveals: list[RevealRecord] | None = None


class DecisionAnswer(Strict):
    kind: Literal["decision"]
    schema_version: Literal[1]
    game: str | None = None
    round: int = Field(ge=1)
    power: str
    based_on: str | None = None
    space: str
    casualties: UnitCounts | None = Field(default=None, description="units taking the hits")
    retreat: str | None = Field(default=None, description="where to retreat, or 'stay' to fight on")
    submerge: bool | None = None
    land_at: str | None = Field(default=None, description="where stranded fighters land")
    scramble: list[Move] | None = Field(
        default=None, description="Global 1940: air units scrambled from an air base (from) to a sea zone (to); [] = none")
    kamikaze: dict[str, UnitCounts] | None = Field(
        default=None, description="Global 1940: sea zone -> attacked unit type -> number of kamikaze attacks; {} = none")
    dice: TableDiceField | None = Field(default=None, description=DICE_FIELD_HELP)
    signature: Signature | None = None
    reveals: list[RevealRecord] | None = None
