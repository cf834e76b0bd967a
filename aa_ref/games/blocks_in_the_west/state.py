"""The Blocks in the West game (kind: bitw-game): the referee's file, holding everything, hidden or not.

A side's view (`aa_ref.games.blocks_in_the_west.views`) leaves out what the other side may not see: the identity and
strength of blocks that stand upright [BW L508], until combat or reconnaissance reveals them
[BW L732-L734].
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from aa_ref.core.model import FairDicePlayer, LogRef, Strict
from aa_ref.core.names import by_name

Side = Literal["axis", "allies"]
WeatherNow = Literal["good", "rain", "snow", "light_rain"]
"""The month's weather; light rain only with OR 39.0 (`optional_weather`) [BW L2602-L2609]."""
Phase = Literal["weather", "strategic_warfare", "supply", "production", "srm", "movement", "reaction", "combat",
                "blitz", "final_supply", "exploitation", "victory"]
PLAYER_PHASES: tuple[Phase, ...] = ("strategic_warfare", "supply", "production", "srm", "movement", "reaction",
                                    "combat", "blitz", "final_supply", "exploitation")
"""A player turn's ten phases [BW L1141-L1170]; the weather phase opens a month and the victory phase closes it."""


class BlockState(Strict):
    hex: str | None = Field(description="where it stands; none while off the map (eliminated, not yet arrived)")
    strength: int = Field(ge=0, description="the printed value on its top edge: its dice [BW L660]")
    revealed: bool = Field(default=False, description="face up: the enemy sees it [BW L732-L734]")
    out_of_supply: bool = Field(default=False, description="marked OOS in this turn's Supply phase [BW L786]")
    hits: int = Field(default=0, ge=0, description="a shield block's first hit, waiting for the second [BW L688]")
    moved: bool = False
    entered_from: str | None = Field(default=None, description="the hex it last moved from: a river or strait crossed "
                                                                "into a battle [BW L1484], [BW L1488]")
    life: int = Field(default=0, ge=0, description="how many times it has entered the map (a reinforcement's arrival, "
                      "a rebuild): each life has its own opaque name in the enemy's view; counted only in a game with "
                      "a view_secret")


class Decision(Strict):
    """A choice the game waits for from a side: the passive side's reaction [BW L1319-L1323], a withdrawal..."""

    power: Side
    kind: Literal["reaction", "withdrawal", "retreat", "hits", "interception", "second_wave"]
    space: str = Field(default="", description="the battle hex, when there is one")
    detail: str = ""


class Battle(Strict):
    """A battle hex of this turn's Combat or Blitz phase [BW L730], [BW L1325-L1546], fought round by round."""

    hex: str
    attacker: Side
    round: int = Field(default=1, ge=1)
    stage: Literal["fire", "defender_withdrawal", "attacker_withdrawal", "second_wave"] = Field(
        default="fire", description="fire: the next round is to be fought; else whose withdrawal the game waits for; "
        "second_wave: round 1 of an invasion fought, the second wave and the defender's armour reaction to it are "
        "waited for (AR 24.5-24.6)")
    blitz: bool = Field(default=False, description="a blitz battle: the defender cannot react [BW L1556]")
    reacted: list[str] = Field(default_factory=list, description="air blocks sent by the defender's reaction "
                                                                 "(they may fight in the first round) [BW L1394]")
    crossing: dict[str, str] = Field(default_factory=dict, description="attacking block -> river or strait crossed "
                                                                       "into the hex (first round mali) [BW L1484-L1488]")
    charge: Literal["cavalry", "panzer"] | None = Field(
        default=None, description="OR 20.0 Cavalry Charge! / OR 21.0 Panzer Attack!: the attacker fires first in the "
        "first round, the charging blocks take the first return hits [BW L2250], [BW L2256]")
    chargers: list[str] = Field(default_factory=list, description="the charging blocks")


class Activation(Strict):
    """An HQ activated this player turn (AR 13.0 [BW L1815-L2056]): when, at what level, and whom it commands."""

    phase: Phase = Field(description="the phase it was activated in")
    level: int = Field(ge=0, description="its level (printed value) when activated [BW L1855], [BW L1869]")
    commands: list[str] = Field(default_factory=list, description="the units it commands until it is deactivated")
    actions: dict[str, str] = Field(default_factory=dict, description="a strategic HQ's special actions: action -> "
                                                                      "block [BW L1919-L1928]")
    out_of_supply: bool = Field(default=False, description="activated out of supply: half efficiency [BW L1863]")
    reserves: list[str] = Field(default_factory=list, description="OR 31.0: the units it put in reserve, 1 AP each "
                                "[BW L2471]")
    naval: list[str] = Field(default_factory=list, description="OR 18.0 / AR 24.0: a naval HQ's units, each shipped "
                             "or landed once by its order [BW L2159], [BW L1982], [BW L1990]")
    naval_ap: int = Field(default=0, ge=0, description="AR 24.8: the AP beyond one a unit its naval units' double-range "
                          "invasions spent [BW L2370]")
    more: dict[str, list[str]] = Field(default_factory=dict, description="AR 13.8.4: Eisenhower's and Churchill's "
                                       "identical special actions beyond the first after Casablanca, action -> "
                                       "blocks, 1 AP each [BW L2052]")


class FactoryWork(Strict):
    """OR 15.0: a new factory under construction on the faction production track [BW L2089-L2095]."""

    power: str
    colour: Literal["red", "blue", "black"]
    paid: int = Field(ge=1, le=9, description="yellow PP paid so far, one a Production phase (10 complete it)")
    turn: int = Field(ge=1, description="the turn of its last instalment")


class NewFactory(Strict):
    """OR 15.0: a new factory placed on the map; it produces from the next turn on [BW L2093]."""

    hex: str
    colour: Literal["red", "blue", "black"]
    power: str = Field(description="the power that built it")
    turn: int = Field(ge=1, description="the turn it was completed")


class Mission(Strict):
    """OR 32.0: a strategic bombing mission of the active side, waiting for the passive side's interception
    [BW L2477-L2479]."""

    hex: str = Field(description="the target hex")
    target: Literal["production", "port", "rail", "radar", "mulberry"]
    colour: Literal["yellow", "red", "blue", "white", "black"] | None = Field(
        default=None, description="production: the colour of the factory or centre bombed")
    bombers: list[str]
    escorts: list[str] = Field(default_factory=list)


class Damage(Strict):
    """OR 32.0: what one side's bombers did to one hex in its last Strategic Warfare phase; it lasts until that side's
    next Strategic Warfare phase ("per 1 turno" [BW L2502-L2506], digest A23)."""

    by: Side
    production: dict[str, int] = Field(default_factory=dict, description="colour -> hits on its factory or centre "
                                       "(10 on a factory destroy it [BW L2498])")
    port: int = Field(default=0, ge=0, description="hits on the port: 1 no moves or invasions from/to it, 3 no supply "
                      "through it [BW L2502]")
    rail: int = Field(default=0, ge=0, description="hits on the station: no rail move through the hex [BW L2506]")
    mulberry: int = Field(default=0, ge=0, description="BR 6.7.2: hits on the hex's Mulberry: as a port's (1 no moves, "
                          "3 no supply); 10 destroy it [BW L1126-L1133]")


class Game(Strict):
    """A Blocks in the West game in progress."""

    kind: Literal["bitw-game"]
    schema_version: Literal[1]
    setup: str = Field(description="the scenario: a shipped id or a file beside the game")
    scenario_sha256: str
    variant: str | None = None
    options: dict[str, str] = Field(default_factory=dict)
    seed: str
    view_secret: str | None = Field(
        default=None, pattern=r"^[0-9a-f]{64}$", description="the referee's key of the opaque names under which a "
        "side's view shows the enemy's hidden blocks: 32 random bytes made at `aa-ref new`, in this file only (never in "
        "the log, whose start holds the public seed); none in a game begun before aa-ref kept one (`aa-ref rekey`)")
    turn: int = Field(ge=1, description="the month's number on the scenario's turn track")
    round: int = Field(ge=1, description="the same as turn (the shared core's name)")
    power: Side = Field(description="the active side [BW L550-L552]")
    phase: Phase
    weather: WeatherNow = "good"
    winner: str | None = None
    blocks: dict[str, BlockState]
    control: dict[str, Side] = Field(default_factory=dict, description="hex -> the side controlling it")
    pp: dict[str, int] = Field(default_factory=dict, description="power -> yellow PP stored")
    coloured_pp: dict[str, dict[str, int]] = Field(
        default_factory=dict, description="power -> colour (red, blue, white, black) -> PP stored: AR 11.0 advanced "
                                          "production only [BW L1683], [BW L1756]; hidden from the enemy like yellow PP")
    srm_used: dict[str, int] = Field(default_factory=dict, description="power -> strategic rail moves made this turn")
    pending: list[Decision] = Field(default_factory=list)
    battles: list[Battle] = Field(default_factory=list, description="battles of this phase not yet over, in the "
                                                                     "order they are fought [BW L1327]")
    engaged: list[str] = Field(default_factory=list, description="blocks that fought this player turn: armour that "
                                                                 "attacked may blitz, air blocks rebase [BW L1550-L1564]")
    blitzed: list[str] = Field(default_factory=list, description="armour that has blitzed this turn [BW L1552]")
    armistice_asked: list[str] = Field(default_factory=list, description="powers that asked for an armistice this "
                                       "month: it is granted in the Victory phase if their capital still stands [BW L844]")
    armistices: list[str] = Field(default_factory=list, description="powers out of the war by armistice [BW L850-L860]")
    hit_priority: dict[Side, list[str]] = Field(default_factory=dict, description="each side's standing order: "
                                                "which of its equally strong blocks takes a hit first [BW L686]")
    fortifications: dict[str, Literal["bunker", "none"]] = Field(
        default_factory=dict, description="hex -> its fortification when captured fortifications changed it: a fortress "
        "falling to the enemy becomes a bunker, a bunker is destroyed [BW L1496], [BW L1500], [BW L866], [BW L944]")
    destroyed_factories: dict[str, list[Literal["red", "blue", "white", "black"]]] = Field(
        default_factory=dict, description="hex -> the colours of its factories destroyed by capture (OR 16.1): they "
        "produce nothing more [BW L2129]")
    charges: dict[str, Literal["cavalry", "panzer"]] = Field(
        default_factory=dict, description="hex -> the special attack declared with the move into it this turn "
        "(OR 20.0, 21.0)")
    barbo_used: bool = Field(default=False, description="the Barbò group's once-a-game charge is spent [BW L2252]")
    ss_step_turn: int = Field(default=0, ge=0, description="the turn of Germany's last free SS step [BW L1679]")
    volkssturm: bool = Field(default=False, description="OR 28.0: an enemy ground unit has entered Germany, the "
                             "Volkssturm directive is active [BW L2418]")
    volkssturm_turn: int = Field(default=0, ge=0, description="the turn of the Axis's last free Volkssturm corps "
                                 "(OR 28.0) [BW L2418]")
    upgraded: dict[str, str] = Field(default_factory=dict, description="OR 40.0: block -> the block it was upgraded "
                                     "to; the first is out of the game for good [BW L2620]")
    italy_dismissed: int = Field(default=0, ge=0, description="OR 36.0: the turn the King dismissed Mussolini (0: not "
                                 "yet) [BW L2558-L2560]")
    italy_surrendered: int = Field(default=0, ge=0, description="OR 36.0: the turn Italy surrendered by the islands' "
                                   "loss (0: not so) [BW L2562-L2566]")
    mussolini_freed: int = Field(default=0, ge=0, description="OR 36.1 B: the turn German units reached the Gran Sasso "
                                 "and moved Mussolini to Salò [BW L2574]")
    mussolini_captured: int = Field(default=0, ge=0, description="OR 36.1 A: the turn Allied units reached the Gran "
                                    "Sasso and removed Mussolini: no RSI, ever [BW L2572]")
    rsi_declared: int = Field(default=0, ge=0, description="OR 36.1: the turn the RSI was declared [BW L2576]")
    rsi_liguria: int = Field(default=0, ge=0, description="OR 36.1: the turn the Liguria corps was placed in Milan "
                             "[BW L2576]")
    rsi_gift_turn: int = Field(default=0, ge=0, description="OR 36.1: the turn of Germany's last gift to the RSI "
                               "[BW L2578]")
    rsi_gift: int = Field(default=0, ge=0, description="OR 36.1: the PP Germany gave the RSI in that turn's Production "
                          "phase (at most 3) [BW L2578]")
    hq_active: dict[str, Activation] = Field(default_factory=dict, description="HQs activated and not yet "
                                                                         "deactivated (AR 13.0) [BW L1867]")
    recon_tries: dict[str, int] = Field(default_factory=dict, description="HQ -> air reconnaissance attempts made "
                                                                          "this player turn (OR 19.0) [BW L2222]")
    recon_hexes: list[str] = Field(default_factory=list, description="hexes reconnoitred with success this player "
                                                                     "turn (OR 19.0, OR 22.0) [BW L2230], [BW L2266]")
    dropped: list[str] = Field(default_factory=list, description="paratroops dropped this player turn (AR 23.0) "
                                                                 "[BW L2284]")
    capitals: dict[str, str] = Field(default_factory=dict, description="power -> its capital now, when it declared "
                                     "its own an open city (Paris open city: Bordeaux) [BW L838]; public")
    evacuate: list[str] = Field(default_factory=list, description="open cities declared this player turn, to be "
                                "completely evacuated by the end of its Movement phase [BW L838]")
    mediterranean_weather: Literal["good", "light_rain"] = Field(
        default="good", description="the Mediterranean coastal and island hexes' weather this month (OR 39.0) "
        "[BW L2600]; under AR 9.0 alone they are always good [BW L1602]")
    recon_targets: dict[str, list[str]] = Field(default_factory=dict, description="OR 19.2: battle hex -> the enemy "
                                                "blocks, revealed by reconnaissance, the active side's artillery and "
                                                "TECH 2 air units hit first among equally strong ones [BW L2246]")
    sponsored: dict[str, int] = Field(default_factory=dict, description="Free France: power -> the PP its sponsor (the "
                                      "USA) spent on its units in turn `sponsored_turn` [BW L954]")
    sponsored_turn: int = Field(default=0, ge=0)
    morale: dict[str, int] = Field(default_factory=dict, description="power -> its morale track (the USA: ground "
                                   "units eliminated) [BW L2046]; public")
    radar_down: list[str] = Field(default_factory=list, description="radar stations out of service, destroyed or "
                                  "damaged, until repaired (AR 13.8.1.2) [BW L2038]; public")
    partisans: dict[str, Annotated[int, Field(ge=1, le=3)]] = Field(default_factory=dict, description="OR 29.0: hex -> "
                                      "the partisans' discs there "
                                      "(1 to 3), public wooden discs, not blocks [BW L2420-L2460]")
    conquered: list[str] = Field(default_factory=list, description="OR 29.0: Allied powers conquered and eliminated "
                                 "by surrender in a Victory phase while partisans were played: their nations may raise "
                                 "partisans [BW L2426], [BW L2443-L2449]")
    reserves: dict[str, Literal["motorisation", "reaction"]] = Field(
        default_factory=dict, description="OR 31.0: block -> its reserve (an oil barrel on it, seen by both sides): "
        "Motorisation moves in the Exploitation phase, Reaction reinforces a battle after the opponent moves "
        "[BW L2468-L2471]")
    factory_works: list[FactoryWork] = Field(default_factory=list, description="OR 15.0: new factories under "
                                             "construction (public: the track is on the map) [BW L2091]")
    new_factories: list[NewFactory] = Field(default_factory=list, description="OR 15.0: new factories built and "
                                            "placed on the map [BW L2093]")
    v2_target: str | None = Field(default=None, description="OR 26.2: the Axis's standing order for the V-2: a hex of "
                                  "Allied units, or none for GB's production [BW L2398-L2400]; hidden from the Allies")
    gotterdammerung: bool = Field(default=False, description="OR 26.3: the Axis held Berlin and Peenemünde in July "
                                  "1945 and has held them since [BW L2404-L2406]")
    mission: Mission | None = Field(default=None, description="OR 32.0: the bombing mission waiting for the passive "
                                    "side's interception")
    bomb_damage: dict[str, Damage] = Field(default_factory=dict, description="OR 32.0: hex -> what bombers did to it, "
                                           "until the bombing side's next Strategic Warfare phase")
    production_lost: dict[str, dict[str, int]] = Field(
        default_factory=dict, description="power -> colour -> PP its next income loses to bombs and V-weapons "
        "(OR 32.1, OR 26.0) [BW L2498], [BW L2388]")
    srm_lost: dict[str, int] = Field(default_factory=dict, description="power -> rail moves its next SRM phase loses "
                                     "to bombed stations (OR 32.3) [BW L2506]")
    bombers_flown: list[str] = Field(default_factory=list, description="OR 32.0: bombers and escorts that flew a "
                                     "mission in this Strategic Warfare phase (one mission each)")
    fair_dice: dict[str, FairDicePlayer] = Field(default_factory=dict)
    log: LogRef
    lend_lease_turn: int = Field(default=0, ge=0, description="OR 34.0: the turn Lend-Lease began (0: not yet); it "
                                 "cancels Cash & Carry [BW L2540-L2542]; public, like the US's policy")
    lend_lease_pp: dict[Literal["red", "blue"], int] = Field(
        default_factory=dict, description="OR 34.0: the Lend-Lease red and blue PP GB holds, \"usabili senza PP "
        "gialli\" (each pays its colour and the yellow paired with it; never discarded for want of yellow) "
        "[BW L2542]; hidden from the Axis like PP")
    u_boat_target: Literal["convoys", "lend_lease"] = Field(
        default="convoys", description="OR 35.2: the Axis's standing order for the North Atlantic U-boat: the "
        "Commonwealth convoys (yellow PP) or, while Lend-Lease runs, the Lend-Lease route [BW L2546], [BW L2552]; "
        "hidden from the Allies until it attacks")
    naval: dict[str, str] = Field(default_factory=dict, description="naval unit (a U-boat) -> where it is: a sea zone "
                                  "(at sea) or a port hex; its `blocks` entry has no hex (it is not on a land hex) "
                                  "[BW L586], [BW L961]")
    shipped: list[str] = Field(default_factory=list, description="units moved by sea this player turn (OR 18.0) or "
                               "landed by an amphibious invasion (AR 24.0) [BW L2155], [BW L2290]")
    landed: dict[str, str] = Field(default_factory=dict, description="AR 24.0: block landed this player turn -> the "
                                   "port it sailed from (first round: defender fires first, +1 bonus, the landing "
                                   "units 1 malus) [BW L2324]")
    neutrals_attacked: dict[str, int] = Field(default_factory=dict, description="AR 24.3: neutral power (the "
                                              "scenario's `neutral`) -> the turn its enemy first attacked it (a "
                                              "landing on its territory, or enemy units standing there at the end "
                                              "of a Movement or Exploitation phase) [BW L2342]")
    mulberry_paid: dict[str, int] = Field(default_factory=dict, description="BR 6.7: power -> yellow PP paid towards its "
                                          "next Mulberry (the Mulberry track, 30 in all) [BW L1116]")
    mulberries_ready: dict[str, int] = Field(default_factory=dict, description="BR 6.7: power -> Mulberries paid and "
                                             "not placed yet [BW L1116-L1124]")
    mulberries: dict[str, str] = Field(default_factory=dict, description="BR 6.7: hex -> the power whose Mulberry "
                                       "stands there (a major port of 5 units of its nation, 5 ground units stacked) "
                                       "[BW L1114], [BW L1126]")
    pp_by_sea: int = Field(default=0, ge=0, description="BR 6.7.3 (with AR 24.0): the PP the active side has spent "
                           "in this player turn repairing its units supplied only through ports and Mulberries "
                           "[BW L1135-L1139]")

    @field_validator("blocks", "control")
    @classmethod
    def _canonical(cls, value: dict) -> dict:
        return by_name(value)

    @property
    def powers(self) -> dict[str, str]:
        """The two sides (the shared core's name for who gives orders)."""
        return {"axis": "axis", "allies": "allies"}
