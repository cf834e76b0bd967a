"""Blocks in the West orders (kind: bitw-orders): one side's actions, carried out in the order written.

As in WARZAG, each action belongs to a phase of the player turn [BW L1141-L1170]; an action of a
later phase closes the phases before it (running the automatic ones: supply, final supply check)
and `end_turn` ends the player turn. The passive side answers with a document of its own when the
game waits for it (the Defender Reaction phase, withdrawals).
"""

from __future__ import annotations

from typing import Literal, Union

from pydantic import Field

from aa_ref.core.dice import DICE_FIELD_HELP, TableDiceField
from aa_ref.core.model import RevealRecord, Signature, Strict


class NextPhase(Strict):
    """Go on to a later phase of the player turn."""

    next_phase: Literal["production", "srm", "movement", "combat", "blitz", "exploitation"]
    battle_order: list[str] | None = Field(default=None, description="with next_phase: combat, the battle hexes in the "
                                           "order the active player fights them [BW L1327]; any left out follow in "
                                           "the map's order")


class Repair(Strict):
    """Production: add steps to a supplied block, paying each printed step's cost [BW L1182-L1194]."""

    repair: str
    steps: int = Field(default=1, ge=1)


class Place(Strict):
    """Production: place an arriving reinforcement or a rebuilt block [BW L1198-L1218]."""

    place: str
    at: str


class VolkssturmOrder(Strict):
    """Production, optional rule OR 28.0: the phase's free German infantry corps, at level 1 in a German Major City,
    once an enemy ground unit has entered Germany [BW L2418]."""

    volkssturm: str = Field(description="the German infantry block, off the map")
    at: str = Field(description="a Major City of Germany the Axis holds")


class UpgradeOrder(Strict):
    """Production, optional rule OR 40.0: replace a block in play, at full strength and fully supplied, by the block
    the scenario names for it [BW L2611-L2622]."""

    upgrade: str = Field(description="the block upgraded (it leaves the game for good)")


class Disband(Strict):
    """After production: remove a supplied block for 1 PP next turn [BW L1222]."""

    disband: str


class Srm(Strict):
    """Strategic rail movement of one block along friendly rail [BW L1224-L1252]."""

    srm: str
    path: list[str] = Field(min_length=1)


class Move(Strict):
    """Ground blocks moving together along a path of hexes, paying terrain costs [BW L1254-L1317]."""

    move: list[str] = Field(min_length=1)
    path: list[str] = Field(min_length=1)
    charge: Literal["cavalry", "panzer"] | None = Field(
        default=None, description="declare a Cavalry Charge! (OR 20.0) or a Panzer Attack! (OR 21.0) with this attack "
        "[BW L2250], [BW L2256]")


class Fly(Strict):
    """Air blocks on a mission to an enemy-occupied hex within range [BW L1271]."""

    fly: list[str] = Field(min_length=1)
    to: str


class Rebase(Strict):
    """An air block moves from airfield to airfield within twice its range [BW L1271]."""

    rebase: str
    to: str


class React(Strict):
    """The passive side's Defender Reaction: air blocks sent to battle hexes [BW L1319-L1323]; {} sends none."""

    react: dict[str, str] = Field(description="air block -> battle hex")


class Withdraw(Strict):
    """At the end of a combat round, blocks leaving a battle, each to a hex (or an airfield) [BW L1506-L1546]."""

    withdraw: dict[str, str] = Field(description="block -> the hex it retreats to")
    battle: str


class Blitz(Strict):
    """Armour that attacked this turn moves 1 MP into an adjacent hex [BW L1548-L1564]."""

    blitz: list[str] = Field(min_length=1)
    to: str


class Exploit(Strict):
    """Armour Exploitation: supplied armour moves again, into no enemy hex [BW L1574-L1578]."""

    exploit: list[str] = Field(min_length=1)
    path: list[str] = Field(min_length=1)


class HitPriorityOrder(Strict):
    """A standing order, given at any time: among the side's equally strong blocks, those listed take hits first, in
    this order ("a scelta del difensore" [BW L686], [BW L1470]); [] goes back to the default, the first id."""

    hit_priority: list[str]


class Armistice(Strict):
    """A power of the side asks for an armistice, granted in this month's Victory phase if its capital has not been
    captured by then [BW L844-L848]."""

    armistice: str


class Activate(Strict):
    """Advanced rules (AR 13.0): activate an HQ, revealing it [BW L1837]. A tactical HQ names the units it commands
    (`command`, at most its level, within its range [BW L1843-L1857]); a strategic HQ names its special actions
    (`actions`: action -> block, each action at most once [BW L1919-L1928])."""

    activate: str
    command: list[str] = Field(default_factory=list, description="tactical HQ: the units it commands")
    actions: dict[Literal["tank", "aircraft", "unsupplied", "srm", "airborne", "naval", "reserve"], str] = Field(
        default_factory=dict, description="strategic HQ: move 1 tank / 1 aircraft / 1 unsupplied unit as if supplied, "
                                          "1 extra rail move, 1 airborne assault, 1 naval move, 1 unit into reserve")


class Recon(Strict):
    """Optional rule OR 19.0: an activated HQ's attempt to reveal the enemy blocks in a hex [BW L2222-L2242]."""

    recon: str = Field(description="the hex reconnoitred")
    hq: str = Field(description="the HQ making the attempt")


class Drop(Strict):
    """Advanced rule AR 23.0: paratroops drop on a hex, ordered by an HQ's airborne action [BW L2274-L2284]."""

    drop: str
    to: str


class OpenCityOrder(Strict):
    """SRM phase: the power (France) declares its capital (Paris) an open city; the capital and its supreme HQ move to
    the scenario's `open_city` hex (Bordeaux), and the city is evacuated in this Movement phase [BW L838-L840]."""

    open_city: str = Field(description="the power declaring its capital an open city")


class Target(Strict):
    """Movement phase, optional rule OR 19.2: after a successful reconnaissance of a hex, the enemy blocks revealed
    there that the side's artillery and TECH 2 air units hit first among equally strong ones, in order [BW L2246]."""

    target: list[str] = Field(min_length=1, description="enemy blocks as the side's view names them (revealed)")
    at: str = Field(description="the hex reconnoitred")


class RepairRadar(Strict):
    """Production, advanced rules (AR 13.8.1.2): repair or rebuild a radar station for 1 yellow PP [BW L2038]."""

    repair_radar: str = Field(description="the station's hex")


class EndTurn(Strict):
    """The player turn is over: the remaining phases run, then the other side (or the Victory phase)."""

    end_turn: Literal[True]


Action = Union[NextPhase, Repair, Place, VolkssturmOrder, UpgradeOrder, Disband, Srm, Move, Fly, Rebase, React,
               Withdraw, Blitz, Exploit, HitPriorityOrder, Armistice, Activate, Recon, Drop, EndTurn,
               OpenCityOrder, Target, RepairRadar]



class Orders(Strict):
    """A Blocks in the West orders document (kind: bitw-orders)."""

    kind: Literal["bitw-orders"]
    schema_version: Literal[1]
    game: str | None = None
    power: str = Field(description="the side giving the orders: axis or allies")
    based_on: str | None = None
    dice: TableDiceField | None = Field(default=None, description=DICE_FIELD_HELP)
    actions: list[Action] = Field(default_factory=list)
    signature: Signature | None = None
    reveals: list[RevealRecord] | None = None
