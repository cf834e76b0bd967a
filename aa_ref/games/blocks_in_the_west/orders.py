"""Blocks in the West orders (kind: bitw-orders): one side's actions, carried out in the order written.

As in WARZAG, each action belongs to a phase of the player turn [BW L1141-L1170]; an action of a
later phase closes the phases before it (running the automatic ones: supply, final supply check)
and `end_turn` ends the player turn. The passive side answers with a document of its own when the
game waits for it (the Defender Reaction phase, withdrawals).
"""

from __future__ import annotations

from typing import Literal, Union

from pydantic import Field, PositiveInt

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


class RsiGift(Strict):
    """Production, optional rule OR 36.1: Germany gives the RSI up to 3 PP of any colour a phase, never the reverse
    [BW L2578]."""

    rsi_gift: dict[Literal["yellow", "red", "blue", "white", "black"], int] = Field(
        description="colour -> PP given (coloured PP only with advanced_production)")


class PartisanOrder(Strict):
    """Production, optional rule OR 29.0: the Allies place partisans (discs) in a hex the Axis holds: free in a
    conquered nation up to its allotment (29.1), or bought at 1 PP each by the power named in `paid_by` (the
    build-up) [BW L2420-L2460]."""

    partisans: str = Field(description="the hex")
    count: int = Field(default=1, ge=1, le=3, description="discs placed there (at most 3 a hex)")
    paid_by: str | None = Field(default=None, description="the Allied power paying 1 yellow PP a disc (build-up: the "
                                "USSR, red, only in Yugoslavia, Albania and Italy; the other Allies, blue); none: the "
                                "free deployment of 29.1")


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

    withdraw: dict[str, str] = Field(description="block -> the hex it retreats to (`eliminate`: it has none; `sea`: "
                                     "Marines re-embark, AR 24.1)")
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
    actions: dict[Literal["tank", "aircraft", "unsupplied", "srm", "airborne", "naval", "reserve", "naval_supply"],
                  str | list[str]] = Field(
        default_factory=dict, description="strategic HQ: move 1 tank / 1 aircraft / 1 unsupplied unit as if supplied, "
                                          "1 extra rail move, 1 airborne assault, 1 naval move, 1 unit into reserve, "
                                          "fully supply 1 besieged coastal unit (AR 24.4); a list of blocks: the same "
                                          "action several times, 1 AP each (Eisenhower and Churchill after the "
                                          "Casablanca conference, AR 13.8.4)")


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
class CashAndCarry(Strict):
    """Production, optional rule OR 34.0: from November 1939 until Lend-Lease begins, GB buys red or blue PP from the
    USA at 3 yellow PP each [BW L2530-L2532], e.g. `cash_and_carry: {red: 1, blue: 2}`."""

    cash_and_carry: dict[Literal["red", "blue"], PositiveInt] = Field(min_length=1, description="colour -> PP bought (at "
                                                              "least 1 each)")


class UBoatTargetOrder(Strict):
    """Optional rule OR 35.2, an Axis standing order given in any Axis document: the North Atlantic U-boat attacks
    the Commonwealth convoys (`convoys`, the default) or the Lend-Lease route (`lend_lease`) in GB's Strategic
    Warfare phases from now on [BW L2546], [BW L2552]."""

    u_boat_target: Literal["convoys", "lend_lease"]


class ReserveOrder(Strict):
    """Optional rule OR 31.0: units in reserve for 1 AP each of an activated HQ: ground units in the Movement phase
    (Motorisation, they move in the Exploitation phase), armour in the Exploitation phase (Reaction, it may reinforce
    a battle after the opponent moves) [BW L2466-L2473]."""

    reserve: list[str] = Field(min_length=1)
    hq: str = Field(description="the activated HQ whose AP are spent: a supreme leader (its `reserve` action) or an "
                                "armour HQ")


class Reinforce(Strict):
    """Optional rule OR 31.0: the passive side's armour in Reaction reserve moves along a path into a battle hex,
    while the game waits for its Defender Reaction (before `react`) [BW L2469], [BW L1556]."""

    reinforce: list[str] = Field(min_length=1)
    path: list[str] = Field(min_length=1)


class FactoryOrder(Strict):
    """Production, optional rule OR 15.0: 1 yellow PP towards a new factory (10 instalments, one a turn each); the
    tenth places it by a die on the faction production track [BW L2089-L2095]."""

    factory: Literal["red", "blue", "black"]
    power: str | None = Field(default=None, description="the major power building it (default: the side's first)")
    choose: list[str] = Field(default_factory=list, description="the hexes preferred, in order, when it is completed: "
                              "between the die's two locations, or the Major City when every location is full")


class Bomb(Strict):
    """Strategic Warfare phase, optional rule OR 32.0: bombers (not fighters), with fighter escorts, on a mission
    against a target in an enemy hex: its factory or centre of one colour, its port, its railway station, or its
    radar station (the British radar chain, AR 13.8 [BW L2036]) [BW L2475-L2508]."""

    bomb: str = Field(description="the target hex")
    target: Literal["production", "port", "rail", "radar", "mulberry"]
    colour: Literal["yellow", "red", "blue", "white", "black"] | None = Field(
        default=None, description="production: the colour of the factory or centre bombed (default: the hex's only one)")
    bombers: list[str] = Field(min_length=1)
    escorts: list[str] = Field(default_factory=list, description="fighters escorting the bombers: they take the hits "
                               "of enemy fighters and AA first [BW L2479]")


class Intercept(Strict):
    """OR 32.0: the passive side's fighters sent against the bombing mission [BW L2479]; [] sends none (fighters in
    the target hex scramble without it)."""

    intercept: list[str]


class V2TargetOrder(Strict):
    """OR 26.2: the Axis's standing order for the V-2, given at any time: `production` strikes GB's yellow PP, a hex
    strikes the Allied units in it [BW L2398-L2400]."""

    v2_target: str


class Ship(Strict):
    """Optional rule OR 18.0: a ground or air unit shipped from its friendly port to another, ordered by an activated
    HQ's naval action [BW L2155-L2167]."""

    ship: str
    to: str = Field(description="the friendly port it lands in")
    via: list[str] | None = Field(default=None, description="the sea zones passed, in order (default: the referee's "
                                  "route: fewest steps lost, then fewest interdiction rolls, then fewest zones)")


class Land(Strict):
    """Advanced rule AR 24.0: a unit lands from its friendly port on a coastal hex (an amphibious invasion's first
    wave), ordered by an activated naval command's naval action [BW L2290-L2324]."""

    land: str
    to: str = Field(description="the coastal hex it lands on")
    via: list[str] | None = Field(default=None, description="the sea zones passed, in order (default: the referee's "
                                  "route, as for `ship`)")


class LandArmour(Strict):
    """Advanced rule AR 24.7: in the Exploitation phase after an amphibious invasion, armour commanded by an armour HQ
    activated in that phase goes by sea from a friendly port to a beachhead [BW L2364-L2366]."""

    land_armour: str
    to: str = Field(description="the beachhead: a coastal hex where a unit landed this turn")
    via: list[str] | None = Field(default=None, description="the sea zones passed, in order")


class SecondWave(Strict):
    """Advanced rule AR 24.5: after the first round of an invasion battle, the attacker's units in stand-by with a
    TECH 2 naval command go by sea to the beach (`[]`: none) [BW L2302-L2304], [BW L2352-L2354]."""

    second_wave: list[str]
    battle: str = Field(description="the invaded hex")
    mulberry: str | None = Field(default=None, description="BR 6.7.1: the power whose Mulberry is placed on the cleared "
                                 "beach first (its units may then overstack to 5) [BW L1120-L1122], [BW L2302]")


class MulberryBuy(Strict):
    """Production, BR 6.7: yellow PP paid towards a Mulberry (30 in all, in instalments or at once) [BW L1116]."""

    mulberry_pp: int = Field(ge=1, le=30)
    power: str | None = Field(default=None, description="the power paying (default: the side's first with a Mulberry "
                              "plate)")


class MulberryPlace(Strict):
    """BR 6.7.1: a Mulberry paid for is placed on a coastal hex its nation invaded this turn, in the Combat phase once
    the hex is clear of enemy units, or at the start of the Exploitation phase [BW L1118-L1124]."""

    mulberry: str = Field(description="the hex")
    power: str | None = Field(default=None, description="whose Mulberry (default: the nation whose units landed there)")


class EndTurn(Strict):
    """The player turn is over: the remaining phases run, then the other side (or the Victory phase)."""

    end_turn: Literal[True]


Action = Union[NextPhase, Repair, Place, VolkssturmOrder, UpgradeOrder, Disband, Srm, Move, Fly, Rebase, React,
               Withdraw, Blitz, Exploit, HitPriorityOrder, Armistice, Activate, Recon, Drop, EndTurn, RsiGift,
               PartisanOrder, CashAndCarry, UBoatTargetOrder, ReserveOrder, Reinforce, FactoryOrder, Bomb, Intercept,
               V2TargetOrder, Ship, Land, LandArmour, OpenCityOrder, Target, RepairRadar, SecondWave,
               MulberryBuy, MulberryPlace]



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
