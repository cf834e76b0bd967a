"""The game state: a value that round-trips through YAML.

Nothing changes a state except events (see `aa_ref.games.axis_allies.model.events`). Units are kept as
*forces*: the units of one power in one space that share the same marks this turn
(how far they moved, whether they fought, cargo aboard). Fresh units of a kind merge
into one force, so a game file reads the way players speak: `{infantry: 3, tank: 1}`.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator

from aa_ref.core.model import FairDicePlayer, LogRef, Strict
from aa_ref.core.names import by_name
from aa_ref.games.axis_allies.model.setup import MAX_UNITS, UnitCount, UnitCounts

PhaseName = Literal[
    "research", "purchase", "combat_move", "conduct_combat", "noncombat_move", "mobilize", "collect_income",
]
"""Every phase of an A&A turn in any edition: 1941's six [L313-L320], research first in Anniversary and
Global 1940 [@51769]; each ruleset's `phases` lists its own, in order."""


class Force(Strict):
    """Units of one power in one space that share the same marks."""

    power: str
    units: UnitCounts
    moved: int = Field(default=0, ge=0, description="movement points spent this turn")
    combat: bool = Field(default=False, description="moved in the Combat Move or fought this turn")
    done: bool = Field(default=False, description="may not move again this turn")
    retreated: bool = False
    damaged: int = Field(
        default=0, ge=0, le=MAX_UNITS, description="units of this force that have taken one hit (battleships)")
    damaged_units: UnitCounts = Field(
        default_factory=dict, description="two-hit units other than battleships that have taken one hit, by type "
                                          "(Global 1940 carriers); damaged battleships are counted by `damaged`")
    cargo: dict[str, UnitCounts] = Field(
        default_factory=dict, description="power -> units aboard; only on a force of one transport or carrier"
    )
    assault: str | None = Field(
        default=None, description="transports: the territory their cargo lands in, in an announced amphibious assault"
    )
    stays_aboard: UnitCounts = Field(
        default_factory=dict, description="transports in an announced amphibious assault: the part of the mover's "
                                          "cargo, aboard since an earlier turn, that stays aboard (the rest lands)")

    @field_validator("units")
    @classmethod
    def _canonical_units(cls, units: UnitCounts) -> UnitCounts:
        """Unit types in one order whatever the file's order, so that every walk over them (and
        the narrative and dice groups it produces) is the same in play and in replay."""
        return dict(sorted(units.items()))

    def marks(self) -> tuple:
        """Everything but the counts (units and damage): forces with equal marks merge."""
        cargo = tuple(sorted((p, tuple(sorted(u.items()))) for p, u in self.cargo.items()))
        stays = tuple(sorted(self.stays_aboard.items()))
        return (self.power, self.moved, self.combat, self.done, self.retreated, cargo, self.assault, stays)

    def lands(self, power: str) -> UnitCounts:
        """A transport in an amphibious assault: the power's cargo that lands, all of it but what
        `stays_aboard` keeps (units aboard since an earlier turn may stay [L997])."""
        aboard = self.cargo.get(power, {})
        return {u: n - self.stays_aboard.get(u, 0) for u, n in aboard.items() if n > self.stays_aboard.get(u, 0)}

    def count(self, unit: str | None = None) -> int:
        return sum(self.units.values()) if unit is None else self.units.get(unit, 0)

    def damage(self) -> UnitCounts:
        """The force's damaged units by type: `damaged` battleships and `damaged_units`."""
        out = {u: n for u, n in self.damaged_units.items() if n}
        if self.damaged:
            out["battleship"] = out.get("battleship", 0) + self.damaged
        return out

    def with_damage(self, damage: UnitCounts) -> Force:
        """A copy with these damaged units (battleships in `damaged`, other types in `damaged_units`)."""
        return self.model_copy(deep=True, update={
            "damaged": damage.get("battleship", 0),
            "damaged_units": {u: n for u, n in sorted(damage.items()) if n and u != "battleship"}})

    def damage_within(self, units: UnitCounts) -> UnitCounts:
        """The force's damage carried by a part `units` of it, damaged units first (each type capped)."""
        return {u: min(n, units.get(u, 0)) for u, n in self.damage().items() if min(n, units.get(u, 0))}


class SpaceState(Strict):
    owner: str | None = None
    industrial_complex: bool = Field(default=False, description="an industrial complex built during the game")
    damage: int = Field(default=0, ge=0, description="damage markers on the territory's industrial complex")
    installations: dict[str, int] = Field(
        default_factory=dict, description="installations standing here (Global 1940: industrial complexes, air and "
                                          "naval bases), unit type -> damage markers; they belong to the controller")
    forces: list[Force] = Field(default_factory=list)


class RetreatPolicy(Strict):
    """When an attacker breaks off a battle: after a given round, or when its units fall below a number."""

    to: str | None = Field(default=None, description="where to retreat; None = the first legal space")
    after_round: int | None = Field(default=None, ge=1)
    below: int | None = Field(default=None, ge=1, description="retreat when fewer attacking units than this are left")


class Standing(Strict):
    """A power's standing orders, used when orders do not settle a choice."""

    order_of_loss: list[str] | None = Field(
        default=None, description="unit types in the order they are taken as casualties"
    )
    submerge: bool | None = Field(
        default=None, description="true: submarines submerge when they may; false: they strike"
    )
    retreat: RetreatPolicy | None = Field(
        default=None, description="when to retreat from a battle whose orders name no policy; {} = never"
    )
    scramble: bool | None = Field(
        default=None, description="Global 1940: true: scramble every eligible air unit (3 a base) to defend the first "
                                  "attacked sea zone beside its base; false: never; unset: be asked")
    kamikaze: bool | None = Field(
        default=None, description="Global 1940 (Japan): false: make no kamikaze attack without being asked; unset: be asked")
    intercept: bool | None = Field(
        default=None, description="Global 1940 bombing raids: false: fighters in a raided territory do not "
                                  "intercept; true or unset: all of them do")
    sub_strike: bool | None = Field(
        default=None, description="Global 1940: false: submarines do not attack unescorted enemy transports passing "
                                  "their sea zone; true or unset: they do")


class PowerState(Strict):
    treasury: int = Field(ge=0)
    purchased: UnitCounts = Field(default_factory=dict, description="units bought, waiting to be mobilized")
    standing: Standing = Field(default_factory=Standing)
    researchers: int = Field(default=0, ge=0, description="researcher tokens kept from failed research rolls")
    technologies: list[str] = Field(default_factory=list, description="developments achieved, in order")
    kamikaze: int = Field(default=0, ge=0, description="Global 1940: kamikaze attacks left for the game (Japan)")
    economies: dict[str, int] = Field(
        default_factory=dict, description="a power with separate economies (Global 1940 UK): IPCs in each economy's "
                                          "treasury; `treasury` is then their sum")
    purchased_by: dict[str, UnitCounts] = Field(
        default_factory=dict, description="a power with separate economies: the units of `purchased` each economy "
                                          "bought (it places them with its own industrial complexes)")
    bonuses_paid: list[str] = Field(
        default_factory=list, description="one-time national objectives already paid (Global 1940)")
    units_due: dict[str, int] = Field(
        default_factory=dict, description="objectives paid in units (Global 1940 France): objective id -> IPCs of "
                                          "units to choose and place at the power's next Mobilize")


class BattleSide(Strict):
    power: str


BattleStep = Literal[
    "start", "bombard", "bombard_assign", "anti_aircraft", "opening",
    "declare", "strike_attack", "strike_attack_assign", "strike_defense", "strike_defense_assign",
    "attack", "attack_assign", "defense", "defense_assign", "press", "guard",
]
"""The steps of a combat round [L539-L547]; `*_assign` waits for hits to be assigned. Before the
first round: `bombard` (shore bombardment [@77405]), `anti_aircraft` (AA fire [@113180]) and
`opening` (is there a battle at all)."""


class Battle(Strict):
    """A battle waiting to be fought, or being fought, in the Conduct Combat phase."""

    space: str
    attacker: str
    kind: Literal["land", "sea", "bombing"] = Field(
        description="bombing: a strategic bombing raid on the territory's industrial complex [@75039]")
    came_from: list[str] = Field(default_factory=list, description="spaces the attacking units came from")
    amphibious_from: list[str] = Field(default_factory=list, description="sea zones seaborne units land from")
    air_to_sea: UnitCounts = Field(default_factory=dict, description="air units assigned to the sea battle")
    raiders: UnitCounts = Field(default_factory=dict, description="bombing raids: the bombers on the raid")
    round: int = 0
    status: Literal["pending", "fighting", "done"] = "pending"
    # The attacker's orders for this battle, kept so that a battle resumed after a decision uses them.
    order_of_loss: list[str] | None = Field(default=None, description="the attacker's order of loss for this battle")
    retreat: RetreatPolicy | None = Field(default=None, description="the attacker's retreat orders; {} = never retreat")
    submerge: bool | None = Field(default=None, description="the attacker's submarines submerge (true) or strike")
    bombard: UnitCounts | None = Field(default=None, description="the ships the attacker's orders name to bombard")
    targets: dict[str, UnitCounts] | None = Field(
        default=None, description="Global 1940 raids: installation -> the bombers the attacker's orders assign to it")
    # Where a battle being fought stands, so that it can stop for a decision and go on.
    step: BattleStep = "start"
    hits: UnitCounts = Field(default_factory=dict, description="hits awaiting assignment, by the unit type that scored them")
    still_fire: UnitCounts = Field(
        default_factory=dict, description="defending casualties of this round that still fire (step 2 subs, step 3 units)")
    striking: dict[str, bool] = Field(
        default_factory=dict, description="this round's submarine declarations: power -> strikes (true) or submerges")
    submerged: dict[str, UnitCount] = Field(default_factory=dict, description="submarines out of this battle, by power")
    attacker_destroyer: bool = Field(default=False, description="the attacker has a destroyer in this round")
    defender_destroyer: bool = Field(default=False, description="the defence has a destroyer in this round")
    seaborne: UnitCounts = Field(default_factory=dict, description="attacking land units landed from transports (never retreat)")
    grounded: dict[str, UnitCounts] = Field(
        default_factory=dict, description="sea battles: power -> its air units aboard damaged carriers when the battle "
                                          "began: cargo, they do not fight and sink with the carrier (Global 1940)")
    hostile_at_start: bool | None = Field(
        default=None, description="sea battles: the zone held enemy surface warships when the battle began")


class Decision(Strict):
    """A choice the rules need from a player before adjudication can go on."""

    power: str
    kind: Literal["casualties", "retreat", "submerge", "landing", "scramble", "kamikaze"]
    space: str
    hits: int = 0
    detail: str = ""


class Scramble(Strict):
    """Air units scrambled from an air base to defend a sea zone (Global 1940)."""

    power: str
    base: str = Field(description="the territory of the air base they took off from")
    zone: str = Field(description="the sea zone they defend")
    units: UnitCounts


class TurnState(Strict):
    """What the current turn has to remember between its phases."""

    captured: list[str] = Field(default_factory=list, description="territories taken this turn")
    battles: list[Battle] = Field(default_factory=list)
    carrier_obligations: list[str] = Field(default_factory=list, description="sea zones where carriers must end for fighters")
    refunded: UnitCounts = Field(default_factory=dict)
    kamikaze_zones: list[str] = Field(
        default_factory=list, description="sea zones of this turn's kamikaze attacks: no shore bombardment from them")
    upgrades: list[str] = Field(
        default_factory=list, description="territories whose minor industrial complex is upgraded this turn (Global 1940)")
    scrambled: list[Scramble] = Field(
        default_factory=list, description="air units scrambled this turn, to fly back to their base (Global 1940)")


class DraftStep(Strict):
    """One step of a phase entered move by move: the moves (and ignored zones) of one step document, as written."""

    entry: int = Field(ge=1, description="the log entry that entered them")
    moves: list[dict[str, Any]] = Field(default_factory=list, description="the step's moves, as its document wrote them")
    ignore: list[str] = Field(default_factory=list, description="Combat Move: the step's ignored zones")


class Draft(Strict):
    """A movement phase being entered move by move (README "A phase entered move by move"): the steps entered so
    far, each checked when it came; the phase is adjudicated as one document of all their moves when it ends."""

    steps: list[DraftStep] = Field(default_factory=list)


class Declaration(Strict):
    """A declaration of war (Global 1940) [G40 L593-L601]."""

    by: str
    on: str
    round: int = Field(ge=1)
    provoked: bool = Field(default=False, description="an answer to the other power's aggression or allowed by a "
                                                      "political rule because of its actions [G40 L601]")


def sort_spaces(spaces: dict[str, SpaceState]) -> dict[str, SpaceState]:
    return by_name(spaces)


class Game(Strict):
    """A game in progress."""

    kind: Literal["game"]
    schema_version: Literal[1]
    setup: str
    variant: str | None = None
    options: dict[str, str] = Field(default_factory=dict)
    seed: str
    round: int = Field(ge=1)
    power: str
    phase: PhaseName
    winner: str | None = None
    powers: dict[str, PowerState]
    spaces: dict[str, SpaceState]
    turn: TurnState = Field(default_factory=TurnState)
    pending: list[Decision] = Field(default_factory=list)
    draft: Draft | None = Field(
        default=None, description="the moves of the current phase entered so far, when it is entered move by move")
    at_war: list[list[str]] = Field(
        default_factory=list, description="pairs of powers at war, each sorted (games whose setup has wars_at_start)")
    declarations: list[Declaration] = Field(
        default_factory=list, description="declarations of war made in the game, in order (Global 1940)")
    neutrals: dict[str, str] = Field(
        default_factory=dict, description="neutral territory -> its alignment now, where it differs from the setup's "
                                          "(Global 1940: strict, pro_axis, pro_allies)")
    political_marks: list[str] = Field(
        default_factory=list, description="political facts later rules depend on (Global 1940), e.g. "
                                          "'USSR attacked beside Mongolia'")
    victory_held: dict[str, int] = Field(
        default_factory=dict, description="side -> the round at whose turns' ends its victory condition has held "
                                          "without a break since (Global 1940: held for a complete round)")
    fair_dice: dict[str, FairDicePlayer] = Field(
        default_factory=dict, description="player -> fair-dice commitment; dice need reveals once any exists")
    log: LogRef

    @field_validator("spaces")
    @classmethod
    def _canonical_order(cls, spaces: dict[str, SpaceState]) -> dict[str, SpaceState]:
        """Spaces in one order whatever the file's order, so every walk over them (and the
        events it emits) is the same in play and in replay."""
        return sort_spaces(spaces)

    def is_at_war(self, a: str, b: str) -> bool:
        return sorted((a, b)) in self.at_war

    def forces(self, space: str, power: str | None = None) -> list[Force]:
        state = self.spaces.get(space)
        if state is None:
            return []
        return [f for f in state.forces if power is None or f.power == power]

    def owner(self, space: str) -> str | None:
        state = self.spaces.get(space)
        return state.owner if state else None
