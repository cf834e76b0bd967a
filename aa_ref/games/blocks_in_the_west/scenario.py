"""The Blocks in the West scenario file (kind: bitw-scenario): the data the rulebook does not give.

The rulebook refers to two map sheets, a block roster of about 300 stickers, a TECH chart and an
8-page scenario booklet, none of which is in its text [BW L83], [BW L415-L423], [BW L502]. A
scenario file holds all of it: the hex map with its terrain and hexsides, cities, ports, railways,
production centres and fortifications; the powers with their sides, capitals, supply sources and
TECH levels; the unit types' values by TECH level; every block with its printed steps; the setup;
the turn track (month, weather, reinforcements) and the victory conditions.
"""

from __future__ import annotations

from functools import cached_property
from typing import Literal

from pydantic import Field

from aa_ref.core import hexgrid
from aa_ref.core.model import Strict
from aa_ref.core.names import NameIndex

SIDES = ("axis", "allies")
Terrain = Literal["clear", "forest", "hill", "mountain", "swamp", "sea"]
CityKind = Literal["capital", "major", "minor", "fortress"]
"""Cities by kind [BW L562-L576]; every city is an airfield when supplied [BW L578-L584]."""
UnitClass = Literal[
    "infantry", "static", "mountain", "cavalry", "motorized", "motorized_cavalry", "paratroops", "marines",
    "artillery", "mechanized", "tank", "fighter", "bomber", "strategic_bomber", "hq", "fort", "uboat",
]
"""The unit classes of the rulebook's table [BW L975-L1108] (digest §2.3); `uboat`: a naval unit (NU), the Axis
U-boats, the only ships of BITW [BW L961], [BW L2155]."""
GCU = ("infantry", "static", "mountain", "cavalry", "motorized", "motorized_cavalry", "paratroops", "marines",
       "mechanized", "tank")
"""Ground combat units: they may attack alone [BW L123], [BW L636]."""
GSU = ("artillery", "hq", "fort")
"""Ground support units: never attack alone; forts count as GSU for stacking [BW L121], [BW L656]."""
AIR = ("fighter", "bomber", "strategic_bomber")
ARMOUR = ("mechanized", "tank")
NAVAL = ("uboat",)
"""Naval units (NU): at sea in a sea zone or in a port, never on a land hex of the map [BW L586-L592], [BW L961]."""


def unit_colour(unit: str) -> str | None:
    """The coloured PP paired with each yellow PP of a step of this class [BW L1691-L1701], [BW L1736-L1744]: armour
    (tanks, mechanized) red; air units and airborne troops blue; Marines white; HQs black; the rest (infantry,
    artillery, forts...) yellow only [BW L1689]."""
    if unit in ARMOUR:
        return "red"
    if unit in AIR or unit == "paratroops":
        return "blue"
    if unit in ("marines", *NAVAL):
        return "white"
    if unit == "hq":
        return "black"
    return None


StepColour = Literal["black", "white", "red", "blue"]
"""A printed step number's colour: its repair cost, 1, 2 or 3 PP, or never rebuilt [BW L1184-L1187]."""
Weather = Literal["good", "rain", "snow", "roll"]
"""`roll`: April and October, the German player rolls: 1-3 good, 4-6 bad [BW L1598-L1600]."""
HqKind = Literal["armour_special", "armour", "air", "strategic_air", "supreme", "naval"]
"""An HQ block's kind (AR 13.0): a tactical special armour HQ (moves only armour [BW L1827]), a normal armour HQ
(also fires as artillery [BW L1829]), a tactical air HQ [BW L1831], a strategic air HQ (Goering, Vuillemin, Dowding,
Harris [BW L1831], [BW L1996]), a supreme leader (SL: a major or minor power's, by its power's `major`
[BW L1913-L1919])."""


class Production(Strict):
    yellow: int = Field(default=0, ge=0)
    red: int = Field(default=0, ge=0)
    blue: int = Field(default=0, ge=0)
    white: int = Field(default=0, ge=0)
    black: int = Field(default=0, ge=0)


class FactoryLimits(Strict):
    """OR 15.0: how many factories of each kind a location of the faction production track may hold [BW L2091-L2093]."""

    red: int = Field(default=0, ge=0)
    blue: int = Field(default=0, ge=0)
    black: int = Field(default=0, ge=0)


class ScheduledFactory(Strict):
    """OR 15.0 "ACTIVE FACTORIES": a factory that appears on its own from a month on (the German factories of 1942-1944;
    a printed factory not yet active at the start) [BW L2097-L2123]."""

    month: str = Field(pattern=r"^\d{4}-\d{2}$", description="the first month it produces")
    hex: str
    colour: Literal["red", "blue", "black"]


class Hex(Strict):
    """One hex of the map at axial coordinates [q, r]; hexes sharing a side are adjacent."""

    at: list[int] = Field(min_length=2, max_length=2, description="axial coordinates [q, r]")
    terrain: Terrain = "clear"
    name: str | None = None
    nation: str | None = Field(default=None, description="the power whose territory it is (home nation)")
    coastal: bool = Field(default=False, description="half sea, half land [BW L1301]")
    partial: bool = Field(default=False, description="a partial map-edge hex: never entered, never a retreat [BW L1301-L1303]")
    city: CityKind | None = None
    victory_city: bool = Field(default=False, description="London, Paris, Rome, Munich, Peenemünde, Berlin [BW L572-L574]")
    port: Literal["major", "minor"] | None = Field(default=None, description="major: supplies 5 units; minor: 1 [BW L586-L592]")
    rail: bool = Field(default=False, description="a railway runs through it: supply lines and SRM [BW L594-L596]")
    production: Production = Field(default_factory=Production, description="PP a turn when controlled [BW L598-L600]")
    fortification: Literal["bunker", "fortress"] | None = Field(
        default=None, description="bunker: 1 malus to attackers, 1 bonus to defending GCU; fortress: 2 of each [BW L1494-L1500]")
    aa_dice: int | None = Field(default=None, ge=0, le=2, description="the city's or fortification's own AA dice when "
                                "not the usual (2 major city or fortress, 1 minor city or bunker): Eben Emael rolls only "
                                "Liège's 1 [BW L944]")
    ss_centre: bool = Field(default=False, description="Munich, the SS recruiting centre (helmet icon) [BW L1673-L1679]")
    radar: bool = Field(default=False, description="a station of the British radar chain (Ventnor, Poling, Pevensey, "
                        "Rye, Dover, Dunkirk), AR 13.8.1.2 [BW L2014-L2026]")
    mediterranean: bool = Field(default=False, description="a Mediterranean coastal or island hex: always good weather "
                                "under AR 9.0 [BW L1602]; light rain on a 6 in April and October under OR 39.0 "
                                "[BW L2600]; with a port, a Mediterranean port: no longer an Axis supply source once "
                                "Italy has surrendered (OR 36.0 [BW L2566])")
    hydrogenation: bool = Field(default=False, description="its black production is a hydrogenation plant (a factory, "
                                "AR 11.2 [BW L1748-L1750]), not an oil well (a centre, AR 11.1 [BW L1728]): OR 16.0 "
                                "destroys it when captured [BW L2129]")
    factory_limits: FactoryLimits | None = Field(
        default=None, description="OR 15.0: a location of the faction production track, with the number of factories "
        "of each kind it may hold, its printed ones included [BW L2091-L2093]")


class Hexside(Strict):
    """A feature on the side between two adjacent hexes [BW L1307-L1317], [BW L1484-L1488]."""

    between: list[str] = Field(min_length=2, max_length=2)
    kind: Literal["river", "strait", "maginot"]


class SeaLine(Strict):
    """A blue sea line between two ports [BW L771]: a port joined by one to a port of its power's supply network is a
    supply source for itself."""

    between: list[str] = Field(min_length=2, max_length=2)


class Sponsor(Strict):
    """Who pays a minor power's units, from when, how much a turn: Free France's, the USA from January 1942, 3 PP
    [BW L954]."""

    power: str
    from_month: str = Field(pattern=r"^\d{4}-\d{2}$")
    pp: int = Field(ge=1)


class LandingBan(Strict):
    """AR 24.2: coastal hexes no invasion may target while forts stand (Utrecht while Den Haag and Amsterdam both have
    a fort; the hexes between St. Malo and Carentan while the Channel Islands hold a Festung) [BW L2334-L2336]."""

    hexes: list[str] = Field(min_length=1, description="the hexes no invasion may target")
    forts: list[str] = Field(default_factory=list, description="while every one of these hexes holds a fort block")
    festung: str | None = Field(default=None, description="while this hex holds a Festung (a fort block at 7 or more: "
                                "\"un FESTUNG (non un FORTE)\")")


class SeaZone(Strict):
    """A sea zone (OR 18.0, AR 24.0 [BW L2153-L2212], [BW L2290-L2370]): a stretch of one of the 3 bodies of water
    [BW L544-L548], the coastal hexes it washes and the zones it opens on. Ground and air units ship by sea between
    ports of the same body of water, zone to adjacent zone; a naval unit (a U-boat) is at sea in a zone or in a
    port."""

    name: str
    body: Literal["atlantic", "mediterranean", "baltic"] = Field(
        description="its body of water (\"specchio d'acqua\"): the Atlantic Ocean, the Mediterranean Sea, the Baltic "
                    "Sea [BW L546], [BW L2157]")
    adjacent: list[str] = Field(default_factory=list, description="the sea zones it opens on (both ways)")
    coast: list[str] = Field(default_factory=list, description="the coastal hexes it washes: its ports and beaches, "
                             "the hexes a landing from it may target")
    mined: bool = Field(default=False, description="mined waters (the Channel: mine icons on the map): a shipment "
                        "through it rolls for mines and U-boats [BW L2163]")
    straits: dict[str, list[str]] = Field(
        default_factory=dict, description="adjacent zone -> the coastal hexes a side must all control to ship "
        "between the two (a strait, the Kiel Canal) [BW L2155], [BW L1315]")
    straits_lose: dict[str, int] = Field(
        default_factory=dict, description="adjacent zone -> steps lost by a shipment that passes the strait without "
        "controlling its hexes, instead of being refused (the Calais Strait: 2 [BW L1311])")
    inland_ports: dict[str, list[str]] = Field(
        default_factory=dict, description="a port reached from this zone only up a river or an estuary (Antwerpen, "
        "Bordeaux, Kiel, London, Trieste) -> the coastal hexes (marked A, B, K, L, T) a side must all control to use "
        "it [BW L1313], [BW L2155]")
    cliffs: list[str] = Field(default_factory=list, description="coastal hexes of the zone behind cliffs (scogliere, "
                              "e.g. Wilhelmshaven): no naval action there, no landing but Marines' at TECH 3 "
                              "[BW L2066], [BW L2317]")
    frozen_in_snow: list[str] = Field(
        default_factory=list, description="its ports with a white anchor: frozen in snow, no naval movement, no "
        "shipping of PP and no supply from or to them [BW L592], [BW L1622-L1626]")
    landing_bans: list[LandingBan] = Field(default_factory=list, description="AR 24.2's forbidden hexes of its "
                                           "coast [BW L2332-L2336]")
    front_beaches: dict[str, list[str]] = Field(
        default_factory=dict, description="port -> the beach hexes in front of it across the zone (Calais is the "
        "front-beach of Dover): regular TECH 2 infantry land only there, from that port [BW L2064], [BW L2313]")


class Power(Strict):
    side: Literal["axis", "allies"]
    major: bool = True
    capital: str | None = Field(default=None, description="the capital hex; lost in a Victory phase, the power surrenders [BW L802]")
    supply_source: str = Field(description="the primary supply source hex [BW L756-L767]")
    tech: dict[str, int] = Field(default_factory=dict, description="unit class -> TECH level (0-3) [BW L670]; "
                                    "`naval`: the naval TECH field (OR 17.0 [BW L2143]: naval commands' units AR 24.5, "
                                    "supply by sea AR 24.4; 1 unless given)")
    srm: int = Field(default=0, ge=0, description="strategic rail moves a turn [BW L1236-L1246]")
    winter: bool = Field(default=False, description="Finnish, Norwegian, Swedish and Soviet units: no combat penalty "
                         "in snow in their home nation [BW L1644]")
    armistice: bool = Field(default=False, description="may ask for an armistice in a Victory phase before its capital "
                            "falls: France and Italy [BW L813], [BW L844-L848]")
    armistice_protects: list[str] = Field(default_factory=list, description="nations whose inland cities enemy aircraft "
                                          "may not attack after its armistice (France: France, Belgium, the "
                                          "Netherlands [BW L856])")
    radar: bool = Field(default=False, description="the power the radar chain serves (Britain): its fighters at TECH 2 "
                        "while the chain is active [BW L2010]")
    mulberries: int = Field(default=0, ge=0, le=2, description="BR 6.7: the Mulberry plates of the power (the "
                            "game has 2, the USA's and GB's [BW L500], [BW L1118]); built for 30 yellow PP at naval "
                            "TECH 3 [BW L1112-L1116] (AR 24.0)")
    neutral: bool = Field(default=False, description="AR 24.3: a neutral power at the scenario's start (Norway, the "
                          "Netherlands, Belgium in 1940): in the turn its enemy first attacks it, that enemy's TECH 2 "
                          "infantry lands as TECH 3 Marines [BW L2342]")
    morale_limit: int | None = Field(default=None, ge=1, description="the USA: its ground units eliminated advance "
                                     "its morale track; at this box (10) it leaves the war [BW L2044-L2048]")
    created_by_armistice_of: str | None = Field(default=None, description="Free France: the power whose armistice "
                                                "creates it (France) [BW L854]; its units do not exist before")
    rebuilt_by: Sponsor | None = Field(default=None, description="Free France: the power that pays its units' steps "
                                       "(the USA from 1942-01, 3 PP a turn) [BW L954]")
    liberated_capital: str | None = Field(default=None, description="Free France: the hex that becomes its capital, "
                                          "with 3 PP a turn, once its side holds it again after the armistice (Paris) "
                                          "[BW L957]")
    open_city: str | None = Field(default=None, description="the hex its capital moves to when it declares its capital "
                                  "an open city in an SRM phase (France: Bordeaux, Paris open city [BW L838])")


class TechValues(Strict):
    """A unit class's values at one TECH level (the player aid's TECH chart): firepower is the lowest die face
    that hits (6: hits on 6; 5: on 5 and 6; ...), none when the class cannot fire that way [BW L674-L678]."""

    attack: int | None = Field(default=None, ge=1, le=6)
    defence: int | None = Field(default=None, ge=1, le=6)
    air_air: int | None = Field(default=None, ge=1, le=6)
    air_ground: int | None = Field(default=None, ge=1, le=6)
    mp: int = Field(default=0, ge=0, description="movement points (air units: range)")


class Step(Strict):
    value: int = Field(ge=1, description="the printed number: the dice the block rolls [BW L660]")
    colour: StepColour = "black"


class Upgrade(Strict):
    """OR 40.0: the block a unit may be upgraded to, and from which month [BW L2611-L2622]."""

    to: str = Field(description="the block that replaces it (off the map until then)")
    from_month: str | None = Field(default=None, pattern=r"^\d{4}-\d{2}$", description="the first month it may be "
                                   "upgraded (BITW alone: the 19th Panzer Corps in June 1940 [BW L2613]); none: any month")


class Block(Strict):
    """One block of the roster [BW L485-L504]: its power, class and printed steps, strongest first."""

    power: str
    unit: UnitClass
    name: str
    steps: list[Step] = Field(min_length=1, description="the printed edges in order of rotation, full strength first")
    min_zero: bool = Field(default=False, description="its last level is 0: it is not eliminated by hits [BW L798], [BW L1476]")
    elite: Literal["attack", "defence"] | None = Field(
        default=None, description="AR 10.0 elite bonus: 1 bonus attacking (SS, Allied Marines) or defending, its AA "
        "included (Allied paratroops, German armour HQs and para units); Allied elite units only at full strength "
        "[BW L1664-L1669]")
    ss: bool = Field(default=False, description="an SS unit: repaired and rebuilt only while Munich, the SS recruiting "
                     "centre, is German and a supply source [BW L1673-L1679]")
    barbo: bool = Field(default=False, description="the Italian Barbò group: once a game +3 bonuses when it makes a "
                        "Cavalry Charge! [BW L2252]")
    shield: bool = Field(default=False, description="two hits per rotation [BW L688]")
    luftwaffe: bool = Field(default=False, description="a Luftwaffe ground unit (blue-background sticker: HG Panzer "
                            "Division and Corps, 7th Flieger, 22nd Luftlande, Luftwaffe HQs, Field Corps), commanded by "
                            "Goering; on Germany's strategic air HQ: it is the OKL, Goering (AR 13.8) [BW L1966-L1974]")
    area: str | None = Field(default=None, description="Rommel, Kesselring: the nation where this supreme HQ commands "
                             "(France, Italy), activated in any phase (AR 13.8.1.1) [BW L1955-L1964]")
    hq: HqKind | None = Field(default=None, description="an HQ block's kind (advanced rules, AR 13.0 [BW L1815-L2056]); "
                                                         "only on blocks of unit class hq")
    stuka: bool = Field(default=False, description="a Ju 87 Stuka bomber: Jericho Trumpets (OR 22.0 [BW L2262-L2266])")
    upgrade: Upgrade | None = Field(default=None, description="OR 40.0 unit upgrade: the block it may be replaced by "
                                    "[BW L2611-L2622] (the scenario booklet names them)")
    bombing_area: str | None = Field(default=None, description="OR 32.0: a major power's leader that orders bombing "
                                     "missions while it stands in this nation only: K (Kesselring) Italy, R (Rommel) "
                                     "France [BW L2485-L2486]")
    naval_plan: Literal["z_plan", "doenitz"] | None = Field(
        default=None, description="a naval HQ's (`hq: naval`, the OKM) plan: `z_plan` (Raeder: naval moves and "
        "invasions without limit) or `doenitz` (at most 1 naval move and 1 invasion a turn) [BW L1976-L1990]; none: "
        "up to its level")
    raf: Literal["fighters", "bombers"] | None = Field(
        default=None, description="a British strategic air HQ of the RAF (AR 13.8.1.2): `fighters` Fighter Command "
        "(Dowding, FC: any British fighter), `bombers` Bomber Command (Harris, BC: any British bomber), at any range "
        "and in any phase [BW L1994-L2006]")


class Placement(Strict):
    hex: str = Field(description="the hex; a naval unit's: a sea zone (at sea) or a port hex")
    strength: int | None = Field(default=None, ge=0, description="current printed value (default: full)")
    revealed: bool = False


class Turn(Strict):
    """One month of the turn track."""

    month: str = Field(pattern=r"^\d{4}-\d{2}$")
    weather: Weather = "good"
    reinforcements: dict[str, str] = Field(default_factory=dict, description="block -> arrival hex")


class Victory(Strict):
    """Who wins at the end of the last turn's Victory phase; Berlin lost ends the game at once [BW L1586]."""

    side: Literal["axis", "allies"]
    control_all: list[str] = Field(default_factory=list, description="the side wins if it controls every one of these")
    otherwise: Literal["axis", "allies"]


class ItalianSurrender(Strict):
    """OR 36.0 Italy's surrender [BW L2554-L2566]: the places and the block the rule names (docs/bitw-rulings.md,
    "OR 36.0 Italy's surrender and 36.1 the RSI"), played by `italy.py` with the option `italian_surrender`."""

    mussolini: str = Field(description="Mussolini's block: Italy's supreme leader; Italy is its power [BW L2560]")
    sicily: list[str] = Field(min_length=1, description="every land hex of Sicily, Italy's [BW L2562]")
    sardinia_corsica: list[str] = Field(min_length=1, description="every land hex of Sardinia and of Corsica [BW L2562]")
    gran_sasso: str = Field(description="Campo Imperatore-Gran Sasso, where Mussolini goes when dismissed, Italy's "
                            "[BW L2560]")
    salo: str = Field(description="Salò, where German units move Mussolini (36.1) and the RSI's capital [BW L2574], "
                      "[BW L2578]")
    milan: str | None = Field(default=None, description="Milan, where the Liguria corps is placed when the RSI is "
                              "declared (36.1) [BW L2576]; none: no Liguria corps")
    liguria: str | None = Field(default=None, description="the Liguria infantry corps' block, Italian (36.1) [BW L2576]; "
                                "none: the scenario has no such block")


class UBoats(Strict):
    """OR 35.2: the strength (levels) of the Axis's three U-boats, one in each Atlantic area, "alla forza indicata nel
    setup di scenario" [BW L2548-L2550]; they never leave their area and nothing in BITW fights them, so the numbers
    stand for the whole scenario."""

    north_atlantic: int = Field(default=0, ge=0, le=4, description="the North Atlantic U-boat's levels: it alone may "
                                "attack the Lend-Lease route [BW L2546]")
    central_atlantic: int = Field(default=0, ge=0, le=4)
    south_atlantic: int = Field(default=0, ge=0, le=4)


class Atlantic(Strict):
    """OR 34.0 Cash & Carry and Lend-Lease, OR 35.2 the convoy war [BW L2510-L2552]: who they serve, and what the
    Lend-Lease preconditions read from the game [BW L2540]."""

    britain: str = Field(description="the power that buys from the USA (Cash & Carry), receives Lend-Lease and whose "
                         "convoys the U-boats attack: GB")
    france: str | None = Field(default=None, description="the power whose fall (armistice, or its capital held by the "
                               "enemy) opens Lend-Lease from March 1941 [BW L2540]; none: that branch never opens")
    islands: list[str] = Field(default_factory=list, description="nations besides Britain's whose hexes are not 'the "
                               "continent' (Ireland, Iceland...): Allied units there do not hold Lend-Lease back")
    not_invasion: list[str] = Field(default_factory=list, description="hexes of GB's nation whose occupation is no "
                                    "invasion of GB: the Channel Islands, British but German from July 1940 [BW L624]")
    soviets_at_war: str | None = Field(default=None, pattern=r"^\d{4}-\d{2}$", description="the month from which the "
                                       "USSR is at war with Germany (June 1941); from then Lend-Lease no longer begins "
                                       "[BW L2540]; none: not in this scenario's time")
    u_boats: UBoats = Field(default_factory=UBoats, description="OR 35.2: the Axis U-boats' strengths [BW L2550]")


class Wunderwaffen(Strict):
    """OR 26.0's map data [BW L2372-L2406]: the places and the unit the V-weapons need, which only the map and the
    scenario booklet give."""

    peenemunde: str = Field(description="the hex of Peenemünde (the atomic icon) [BW L574], [BW L2382]")
    atlantic_coast: list[str] = Field(min_length=1, description="the coastal hexes of France and Belgium on the "
                                      "Atlantic: the V-1 needs the Axis to hold one [BW L2384]")
    v2_corps: str | None = Field(default=None, description="the German 65th infantry corps, which launches the V-2 "
                                 "[BW L2396] (none: no V-2 in this scenario)")
    britain: str = Field(description="the power (GB) whose yellow PP the V-weapons strike, in whose Strategic Warfare "
                         "phase they fly [BW L2386], [BW L2398]")


class Casablanca(Strict):
    """AR 13.8.4 the Casablanca conference [BW L2050-L2052]: what its conditions read and whom it serves."""

    morocco: list[str] = Field(min_length=1, description="every land hex of Morocco: the Allies must control them all")
    neutrals: list[str] = Field(default_factory=list, description="the powers that must be neutral or Allied "
                                "(Portugal, Spain): aa-ref models a neutral as a power of the side it would join")
    leaders: list[str] = Field(min_length=1, description="the blocks of Eisenhower and Churchill: Allied supreme "
                               "leaders")


class Scenario(Strict):
    """A Blocks in the West scenario (kind: bitw-scenario)."""

    kind: Literal["bitw-scenario"]
    schema_version: Literal[1]
    id: str
    title: str
    demo: bool = Field(default=False, description="values chosen by us, not a published scenario: say so everywhere")
    source: str = ""
    ruleset: Literal["bitw"] = "bitw"
    hexes: dict[str, Hex]
    hexsides: list[Hexside] = Field(default_factory=list)
    sea_lines: list[SeaLine] = Field(default_factory=list, description="the blue sea lines joining ports [BW L771]")
    sea_zones: dict[str, SeaZone] = Field(default_factory=dict, description="sea zone id -> the zone: naval movement "
                                          "(OR 18.0) and amphibious invasions (AR 24.0); a naval unit's setup `hex` "
                                          "names a zone (at sea) or a port")
    powers: dict[str, Power]
    tech_chart: dict[str, dict[int, TechValues]] = Field(description="unit class -> TECH level -> values")
    blocks: dict[str, Block]
    setup: dict[str, Placement] = Field(description="block -> where it starts")
    control: dict[str, str] = Field(default_factory=dict, description="hex -> power controlling it at the start "
                                                                      "(default: the hex's nation)")
    pp: dict[str, int | Production] = Field(
        default_factory=dict, description="power -> PP stored at the start: a number (yellow PP), or by colour "
                                          "{yellow, red, blue, white, black} for AR 11.0 advanced production [BW L1683]")
    first_side: Literal["axis", "allies"] = "axis"
    turns: list[Turn] = Field(min_length=1)
    victory: Victory
    italian_surrender: ItalianSurrender | None = Field(default=None, description="OR 36.0: the hexes and the block "
                                                       "Italy's surrender names (none: the scenario cannot play it)")
    partisan_nations: list[str] | None = Field(
        default=None, description="OR 29.1: the nations subject to partisan activity, by their hexes' `nation` (none: "
        "the rulebook's West Poland, Norway, Belgium, the Netherlands and France, named poland, west_poland, norway, "
        "belgium, netherlands, france; Luxembourg and Denmark never) [BW L2447]")
    atlantic: Atlantic | None = Field(default=None, description="OR 34.0 Cash & Carry and Lend-Lease, OR 35.2 the "
                                      "U-boats' convoy war [BW L2510-L2552]: GB, France, the U-boats' strengths")
    factory_track: dict[Literal["axis", "allies"], dict[int, list[str]]] = Field(
        default_factory=dict, description="OR 15.0: each faction's production track: die result (1-6) -> its two "
        "locations, where a new factory is placed [BW L2091-L2095]")
    factory_schedule: list[ScheduledFactory] = Field(
        default_factory=list, description="OR 15.0: factories that appear on their own from a month on [BW L2097-L2123]")
    wunderwaffen: Wunderwaffen | None = Field(default=None, description="OR 26.0 Wunderwaffen: Peenemünde, the "
                                              "Atlantic coast of France and Belgium, the 65th corps, GB [BW L2372-L2406]")
    casablanca: Casablanca | None = Field(default=None, description="AR 13.8.4 the Casablanca conference: Morocco's "
                                          "hexes, Portugal and Spain, Eisenhower and Churchill [BW L2050-L2052]")

    def stored_pp(self, power: str) -> Production:
        """The PP `power` stores at the start, by colour (a plain number is yellow PP)."""
        value = self.pp.get(power, 0)
        return Production(yellow=value) if isinstance(value, int) else value

    @property
    def turn_order(self) -> list[str]:
        return list(SIDES)

    @property
    def variants(self) -> dict[str, object]:
        return {}

    @property
    def sides(self) -> dict[str, list[str]]:
        return {side: [p for p, power in self.powers.items() if power.side == side] for side in SIDES}

    @cached_property
    def power_names(self) -> NameIndex:
        return NameIndex("side", SIDES)

    @cached_property
    def hex_names(self) -> NameIndex:
        return NameIndex("hex", self.hexes, {h: [x.name] for h, x in self.hexes.items() if x.name})

    @cached_property
    def block_names(self) -> NameIndex:
        return NameIndex("block", self.blocks)

    @cached_property
    def neighbours(self) -> dict[str, tuple[str, ...]]:
        return hexgrid.neighbours({name: (h.at[0], h.at[1]) for name, h in self.hexes.items()})

    @cached_property
    def zones_of(self) -> dict[str, tuple[str, ...]]:
        """Coastal hex -> the sea zones that wash it (their `coast`, and the `inland_ports` reached from them)."""
        out: dict[str, list[str]] = {}
        for zone_id, zone in self.sea_zones.items():
            for h in dict.fromkeys([*zone.coast, *zone.inland_ports]):
                out.setdefault(h, []).append(zone_id)
        return {h: tuple(z) for h, z in out.items()}

    @cached_property
    def hexside(self) -> dict[frozenset[str], str]:
        """{a, b} -> the feature on their common side."""
        return {frozenset(s.between): s.kind for s in self.hexsides}
