"""What `aa-ref validate` checks in a Blocks in the West scenario beyond its shape, every problem located.

The rulebook gives none of a scenario's data: the map, the block roster, the TECH chart and the
scenario booklet are separate components [BW L83], [BW L415-L423], [BW L502]. Players transcribe
them from their copy, so the checks look for every slip a transcription can make, each reported at
the offending value (file:line:column) with a did-you-mean for a misspelt name:

- the map: two hexes at the same coordinates, a hex no chain of neighbours reaches, a hex's nation
  that is no power, a sea hex with a city, port, railway, production or fortification;
- hexsides: an unknown hex, a hexside between a hex and itself or between hexes that do not touch,
  the same hexside twice, a river or the Maginot line on a side with a sea hex;
- powers: capital and supply source known, land, and in the power's own nation; TECH levels 0-3
  of known unit classes;
- the TECH chart: known unit classes, levels 0-3, and for every block's class at its power's level
  (default 1) an entry with the values the class needs (ground units: attack, defence, movement;
  air units: their air-air or air-ground firepower and their range...);
- the roster: a known power, printed steps strictly decreasing, forts Axis only [BW L1084-L1088],
  strategic bombers Allied only [BW L1068];
- the setup: known blocks and hexes, ground units on land, air units at an airfield (a city)
  [BW L578-L584], a strength printed on the block (or 0 when its minimum level is 0), stacking
  (3 ground units of which 2 combat units a hex [BW L648-L656], 1 air unit an airfield
  [BW L584], [BW L650]), no hex held by both sides;
- control, stored PP, the turn track (consecutive months, reinforcements that are known blocks not
  already on the map, arriving once, at known hexes) and the victory hexes;
- OR 29.1's `partisan_nations`: nations some hex belongs to, each once.
- OR 15.0 new factories: each faction production track gives two known land hexes of the faction, each with
  `factory_limits` (not below its printed factories), for each die result 1-6; the factory schedule names
  known land hexes and real months.
- OR 26.0's `wunderwaffen`: Peenemünde a known land hex, the Atlantic coast known coastal land hexes, named once, the
  65th corps a known Axis block, GB a known Allied power [BW L2384], [BW L2396]; OR 32.0's `bombing_area` only on an
  HQ, naming a known nation (a power) [BW L2485-L2486].
- sea zones (OR 18.0, AR 24.0): adjacent zones known, not the zone itself, listed both ways; the coast made of
  known coastal hexes (coastal, or beside a sea hex); straits and inland ports on known hexes, a strait only towards
  an adjacent zone; no zone named like a hex; naval units (U-boats) placed at sea in a known zone or in a port of
  their side, at most 2 in a major port and 1 in a minor port [BW L586-L592], never on land, and no other unit at sea.
- AR 13.8: `raf` only on a strategic air HQ not the Luftwaffe's; `casablanca`: Morocco's hexes known land hexes,
  Portugal and Spain known powers, Eisenhower and Churchill Allied supreme leaders [BW L1994-L2006], [BW L2052].
"""

from __future__ import annotations

from collections import deque
from functools import cached_property
from typing import get_args

from aa_ref.core.errors import Problem
from aa_ref.core.names import NameIndex
from aa_ref.core.yamlio import Document
from aa_ref.games.blocks_in_the_west.scenario import AIR, GCU, NAVAL, Scenario, UnitClass

UNIT_CLASSES: tuple[str, ...] = get_args(UnitClass)
"""The unit classes of the rulebook's table [BW L975-L1108]."""
TECH_LEVELS = (0, 1, 2, 3)
"""TECH 0 (an unassisted minor power: half dice [BW L928]) to TECH 3 [BW L670], [BW L1036-L1038]."""
DEFAULT_TECH = 1
"""A unit class a power's `tech` does not list is at TECH 1."""
IMMOBILE = ("static", "fort")
"""Static infantry moves only by rail or sea [BW L983]; forts never move [BW L1094]."""

NEEDS: dict[str, tuple[str, ...]] = {
    **{c: ("attack", "defence", "mp") for c in GCU if c != "static"},
    "static": ("defence",),
    "artillery": ("attack", "defence", "mp"),
    "hq": ("attack", "defence", "mp"),
    "fort": ("defence",),
    "fighter": ("air_air", "mp"),
    "bomber": ("air_ground", "mp"),
    "strategic_bomber": ("air_ground", "mp"),
    "uboat": (),
}
"""The TECH chart values each class uses: firepower in attack and defence (AA fire is the defence value
[BW L1080]) and movement points for ground units [BW L1275]; air-air firepower and range for fighters,
air-ground firepower and range for bombers [BW L1044-L1068], [BW L1271]. Static infantry cannot attack
[BW L983]; forts only defend (5&6, Festung 4-6) [BW L1098-L1100]. U-boats use no chart value: they roll 1 die a step in the
convoy war [BW L2210]."""
VALUE_WORDS = {"attack": "attack firepower", "defence": "defence firepower", "air_air": "air-air firepower",
               "air_ground": "air-ground firepower", "mp": "movement points (range for air units)"}


def _month_number(month: str) -> int:
    year, m = month.split("-")
    return int(year) * 12 + int(m) - 1


class _Names:
    """The name indexes of one scenario, for did-you-mean suggestions."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario

    @cached_property
    def powers(self) -> NameIndex:
        return NameIndex("power", self.scenario.powers)

    @cached_property
    def blocks(self) -> NameIndex:
        return NameIndex("block", self.scenario.blocks)

    @cached_property
    def classes(self) -> NameIndex:
        return NameIndex("unit class", UNIT_CLASSES)

    @property
    def hexes(self) -> NameIndex:
        return self.scenario.hex_names


def scenario_problems(scenario: Scenario, doc: Document) -> list[Problem]:
    """Every inconsistency of the scenario, located in its file."""
    names = _Names(scenario)
    return [
        *_hex_problems(scenario, doc, names), *_hexside_problems(scenario, doc, names),
        *_sea_line_problems(scenario, doc, names), *_sea_zone_problems(scenario, doc, names),
        *_power_problems(scenario, doc, names), *_chart_problems(scenario, doc, names),
        *_block_problems(scenario, doc, names), *_setup_problems(scenario, doc, names),
        *_control_problems(scenario, doc, names), *_turn_problems(scenario, doc, names),
        *_victory_problems(scenario, doc, names), *_italian_surrender_problems(scenario, doc, names),
        *_partisan_problems(scenario, doc), *_atlantic_problems(scenario, doc, names),
        *_factory_problems(scenario, doc, names), *_wunderwaffen_problems(scenario, doc, names),
        *_bombing_area_problems(scenario, doc, names), *_naval_plan_problems(scenario, doc),
        *_casablanca_problems(scenario, doc, names),
    ]


def _land(scenario: Scenario, hex_id: str) -> bool:
    return scenario.hexes[hex_id].terrain != "sea"


# --- the map -------------------------------------------------------------------------
def _hex_problems(scenario: Scenario, doc: Document, names: _Names) -> list[Problem]:
    problems = []
    seen: dict[tuple[int, int], str] = {}
    for name, h in scenario.hexes.items():
        where = ("hexes", name)
        key = (h.at[0], h.at[1])
        if key in seen:
            problems.append(doc.problem(f"hex {name} is at {list(key)}, where {seen[key]} already is", (*where, "at")))
        else:
            seen[key] = name
        if h.nation is not None and h.nation not in scenario.powers:
            problems.append(doc.problem(f"hex {name}'s nation: " + names.powers.unknown_message(h.nation), (*where, "nation")))
        if h.terrain == "sea":
            for field, value in (("city", h.city), ("port", h.port), ("fortification", h.fortification),
                                 ("nation", h.nation)):
                if value is not None:
                    problems.append(doc.problem(f"hex {name} is sea, so it has no {field} (a port or city by the sea "
                                                "is a land or coastal hex) [BW L1299-L1301]", (*where, field)))
            for field in ("rail", "victory_city", "coastal"):
                if getattr(h, field):
                    problems.append(doc.problem(f"hex {name} is sea, so it cannot be {field.replace('_', ' ')}", (*where, field)))
            if any(h.production.model_dump().values()):
                problems.append(doc.problem(f"hex {name} is sea, so it produces nothing [BW L598-L600]", (*where, "production")))
        if h.radar and (h.terrain == "sea" or h.partial):
            problems.append(doc.problem(f"hex {name} is marked radar but is not a land hex: a radar station stands on "
                                        "land [BW L2014-L2026]", (*where, "radar")))
        if h.mediterranean and (h.terrain == "sea" or h.partial):
            kind = "sea" if h.terrain == "sea" else "a partial map-edge hex"
            problems.append(doc.problem(f"hex {name} is marked mediterranean but is {kind}: the rule's hexes are "
                                        "coastal and island land hexes [BW L1602]", (*where, "mediterranean")))
        if h.hydrogenation and not h.production.black:
            problems.append(doc.problem(f"hex {name} is a hydrogenation plant but produces no black PP [BW L1748-L1750]",
                                        (*where, "hydrogenation")))
        if h.victory_city and h.city is None:
            problems.append(doc.problem(f"hex {name} is a victory city, so it needs its city kind (capital, major, "
                                        "minor or fortress) [BW L562-L574]", (*where, "victory_city")))
        if h.port is not None and h.terrain != "sea" and not h.coastal and not _touches_sea(scenario, name):
            problems.append(doc.problem(f"hex {name} has a port but is neither coastal nor beside a sea hex "
                                        "[BW L586-L592]", (*where, "port")))
    if not problems:
        problems += _reachability_problems(scenario, doc)
    return problems


def _touches_sea(scenario: Scenario, hex_id: str) -> bool:
    return any(scenario.hexes[n].terrain == "sea" for n in scenario.neighbours[hex_id])


def _reachability_problems(scenario: Scenario, doc: Document) -> list[Problem]:
    """Every hex, land or sea, is reached from the first by hexes sharing a side: the map is one grid (an
    island is joined to it by the sea hexes round it, or by a strait hexside to a neighbour)."""
    board = list(scenario.hexes)
    if not board:
        return [doc.problem("the map has no hexes", ("hexes",))]
    start = board[0]
    seen = {start}
    queue = deque([start])
    while queue:
        for n in scenario.neighbours[queue.popleft()]:
            if n not in seen:
                seen.add(n)
                queue.append(n)
    return [doc.problem(f"hex {name} cannot be reached from {start}: no chain of hexes sharing a side joins them "
                        "(check its coordinates)", ("hexes", name, "at")) for name in board if name not in seen]


def _sea_line_problems(scenario: Scenario, doc: Document, names: _Names) -> list[Problem]:
    """A blue sea line joins two different ports, once [BW L771], [BW L586-L592]."""
    problems = []
    seen: dict[frozenset[str], int] = {}
    for i, line in enumerate(scenario.sea_lines):
        where = ("sea_lines", i, "between")
        for j, h in enumerate(line.between):
            if h not in scenario.hexes:
                problems.append(doc.problem("sea line: " + names.hexes.unknown_message(h), (*where, j)))
            elif scenario.hexes[h].port is None:
                problems.append(doc.problem(f"sea line: {h} has no port: a blue sea line joins two ports [BW L771]",
                                            (*where, j)))
        a, b = line.between
        pair = frozenset((a, b))
        if a == b:
            problems.append(doc.problem(f"a sea line joins {a} to itself", where))
        elif pair in seen:
            problems.append(doc.problem(f"the sea line {a}-{b} is listed twice (also sea_lines item {seen[pair] + 1})",
                                        where))
        seen.setdefault(pair, i)
    return problems


def _hexside_problems(scenario: Scenario, doc: Document, names: _Names) -> list[Problem]:
    problems = []
    seen: dict[frozenset[str], int] = {}
    for i, side in enumerate(scenario.hexsides):
        where = ("hexsides", i)
        unknown = [(j, h) for j, h in enumerate(side.between) if h not in scenario.hexes]
        for j, h in unknown:
            problems.append(doc.problem(f"a {side.kind} hexside names " + names.hexes.unknown_message(h), (*where, "between", j)))
        if unknown:
            continue
        a, b = side.between
        if a == b:
            problems.append(doc.problem(f"a hexside lies between two different hexes, not {a} and itself", (*where, "between")))
            continue
        if b not in scenario.neighbours[a]:
            problems.append(doc.problem(f"{a} and {b} are not adjacent (at {scenario.hexes[a].at} and "
                                        f"{scenario.hexes[b].at}): a {side.kind} lies on the side two hexes share "
                                        "[BW L1307-L1317]", (*where, "between")))
            continue
        pair = frozenset((a, b))
        if pair in seen:
            problems.append(doc.problem(f"the hexside between {a} and {b} is listed twice (also hexsides item "
                                        f"{seen[pair] + 1}): one side has one feature", (*where, "between")))
            continue
        seen[pair] = i
        sea = [h for h in (a, b) if not _land(scenario, h)]
        if side.kind in ("river", "maginot") and sea:
            problems.append(doc.problem(f"a {side.kind} cannot run on a side of sea hex {sea[0]}: it separates two "
                                        "land hexes [BW L1307], [BW L1484], [BW L860-L862]", (*where, "kind")))
    return problems


# --- powers and the TECH chart ---------------------------------------------------------
def _power_problems(scenario: Scenario, doc: Document, names: _Names) -> list[Problem]:
    problems = []
    for power, p in scenario.powers.items():
        where = ("powers", power)
        for field, hex_id in (("capital", p.capital), ("supply_source", p.supply_source)):
            what = "capital" if field == "capital" else "supply source"
            if hex_id is None:
                continue
            if hex_id not in scenario.hexes:
                problems.append(doc.problem(f"{power}'s {what}: " + names.hexes.unknown_message(hex_id), (*where, field)))
                continue
            h = scenario.hexes[hex_id]
            if h.terrain == "sea" or h.partial:
                kind = "sea" if h.terrain == "sea" else "a partial map-edge hex"
                problems.append(doc.problem(f"{power}'s {what} {hex_id} is {kind}: it must be a land hex [BW L756-L767]",
                                            (*where, field)))
            elif h.nation != power and field == "capital":
                problems.append(doc.problem(f"{power}'s {what} {hex_id} belongs to "
                                            f"{h.nation or 'no nation'}, not {power}: give the hex nation: {power} "
                                            "[BW L562-L567]", (*where, field)))
            if field == "capital" and h.city != "capital":
                problems.append(doc.problem(f"{power}'s capital {hex_id} must be a city of kind capital (the big red "
                                            f"dot), not {h.city or 'a hex without city'} [BW L562-L567]", (*where, field)))
        for unit, level in p.tech.items():
            if unit not in names.classes and unit != "naval":  # the naval TECH field (OR 17.0 [BW L2143], AR 24.4)
                problems.append(doc.problem(f"{power}'s tech: " + names.classes.unknown_message(unit), (*where, "tech", unit)))
            if level not in TECH_LEVELS:
                problems.append(doc.problem(f"TECH levels run from 0 to 3, not {level} [BW L670], [BW L928]",
                                            (*where, "tech", unit)))
        nations = {h.nation for h in scenario.hexes.values() if h.nation}
        for i, nation in enumerate(p.armistice_protects):
            if nation not in nations:
                problems.append(doc.problem(f"{power}'s armistice_protects: no hex belongs to nation '{nation}' "
                                            f"(nations: {', '.join(sorted(nations))}) [BW L856]",
                                            (*where, "armistice_protects", i)))
        for field, other in (("created_by_armistice_of", p.created_by_armistice_of),
                             ("rebuilt_by", p.rebuilt_by.power if p.rebuilt_by else None)):  # Free France [BW L954]
            if other is None:
                continue
            at = (*where, field) if field != "rebuilt_by" else (*where, field, "power")
            if other not in scenario.powers:
                problems.append(doc.problem(f"{power}'s {field}: " + names.powers.unknown_message(other), at))
            elif scenario.powers[other].side != p.side or other == power:
                problems.append(doc.problem(f"{power}'s {field} {other} must be another power of its side [BW L950]", at))
            elif field == "created_by_armistice_of" and not scenario.powers[other].armistice:
                problems.append(doc.problem(f"{power} is created by {other}'s armistice, but {other} may ask for none "
                                            "(armistice: true) [BW L854]", at))
        if p.liberated_capital is not None and p.liberated_capital not in scenario.hexes:
            problems.append(doc.problem(f"{power}'s liberated_capital: " + names.hexes.unknown_message(p.liberated_capital),
                                        (*where, "liberated_capital")))
        if p.open_city is not None:  # Paris open city [BW L838]
            h = scenario.hexes.get(p.open_city)
            if h is None:
                problems.append(doc.problem(f"{power}'s open_city: " + names.hexes.unknown_message(p.open_city),
                                            (*where, "open_city")))
            elif h.terrain == "sea" or h.partial or h.nation != power or p.open_city == p.capital or p.capital is None:
                problems.append(doc.problem(f"{power}'s open_city {p.open_city} must be a land hex of {power}, other "
                                            "than its capital, where the capital moves when it declares the capital an "
                                            "open city (France: Bordeaux) [BW L838]", (*where, "open_city")))
        if p.neutral and power not in nations:  # AR 24.3 [BW L2342]
            problems.append(doc.problem(f"{power} is neutral but no hex belongs to nation '{power}': a neutral power "
                                        "is attacked on its territory (AR 24.3) [BW L2342]", (*where, "neutral")))
        if p.mulberries and p.side != "allies":  # BR 6.7 [BW L1112]
            problems.append(doc.problem(f"{power} has Mulberry plates: only the Western Allies (the USA and GB) reach "
                                        "naval TECH 3 and build them [BW L1112]", (*where, "mulberries")))
        if p.armistice_protects and not p.armistice:
            problems.append(doc.problem(f"{power} lists armistice_protects but may not ask for an armistice: add "
                                        "armistice: true (France, Italy) [BW L813]", (*where, "armistice_protects")))
    return problems


def _tech_level(scenario: Scenario, power: str, unit: str) -> int:
    return scenario.powers[power].tech.get(unit, DEFAULT_TECH)


def _chart_problems(scenario: Scenario, doc: Document, names: _Names) -> list[Problem]:
    problems = []
    for unit, levels in scenario.tech_chart.items():
        if unit not in names.classes:
            problems.append(doc.problem("tech_chart: " + names.classes.unknown_message(unit), ("tech_chart", unit)))
        for level in levels:
            if level not in TECH_LEVELS:
                problems.append(doc.problem(f"TECH levels run from 0 to 3, not {level} [BW L670]", ("tech_chart", unit, level)))
    # every (class, level) the roster uses, reported once, at its first block
    used: dict[tuple[str, int], list[str]] = {}
    for block_id, block in scenario.blocks.items():
        if block.power in scenario.powers and block.unit not in NAVAL:  # a U-boat rolls 1 die a step [BW L2210]
            used.setdefault((block.unit, _tech_level(scenario, block.power, block.unit)), []).append(block_id)
    for (unit, level), blocks in used.items():
        first = blocks[0]
        power = scenario.blocks[first].power
        chart = scenario.tech_chart.get(unit, {})
        entry = chart.get(level) or (chart.get(1) if level == 0 else None)  # TECH 0: TECH 1's values, half dice [BW L928]
        if entry is None:
            problems.append(doc.problem(
                f"the TECH chart has no {unit} values at TECH {level}, which {power}'s {unit} have ("
                f"{len(blocks)} block(s): {', '.join(blocks[:4])}{'...' if len(blocks) > 4 else ''}); add "
                f"tech_chart.{unit}.{level} [BW L670]", ("blocks", first, "unit")))
            continue
        for field in NEEDS[unit]:
            value = getattr(entry, field)
            if value is None or (field == "mp" and value == 0 and unit not in IMMOBILE):
                problems.append(doc.problem(
                    f"tech_chart.{unit}.{level} lacks the {VALUE_WORDS[field]} ({field}) that {unit} units use "
                    f"(block {first} of {power}) [BW L670-L678]", ("tech_chart", unit, level)))
    return problems


# --- the roster ------------------------------------------------------------------------
def _block_problems(scenario: Scenario, doc: Document, names: _Names) -> list[Problem]:
    problems = []
    for block_id, block in scenario.blocks.items():
        where = ("blocks", block_id)
        if block.power not in scenario.powers:
            problems.append(doc.problem(f"block {block_id}'s " + names.powers.unknown_message(block.power), (*where, "power")))
            continue
        values = [s.value for s in block.steps]
        for i in range(1, len(values)):
            if values[i] >= values[i - 1]:
                problems.append(doc.problem(
                    f"block {block_id}'s printed steps must decrease strictly, strongest first ({values[i - 1]} then "
                    f"{values[i]}): a hit rotates the block to a lower number [BW L680-L688], [BW L1466]",
                    (*where, "steps", i, "value")))
                break
        side = scenario.powers[block.power].side
        if block.unit == "fort" and side != "axis":
            problems.append(doc.problem(f"block {block_id} is a fort of {block.power} ({side}): forts are Axis blocks "
                                        "(orange) [BW L1084-L1088]", (*where, "unit")))
        if block.luftwaffe and (block.unit in AIR or block.hq == "supreme"):  # Goering [BW L1968-L1974]
            problems.append(doc.problem(f"block {block_id} is marked luftwaffe, which names Luftwaffe ground units (and "
                                        "Goering, a strategic air HQ): every German air unit is Goering's already "
                                        "[BW L1968-L1974]", (*where, "luftwaffe")))
        if block.raf is not None and (block.hq != "strategic_air" or block.luftwaffe):  # FC, BC [BW L1996]
            problems.append(doc.problem(f"block {block_id} is marked raf but is not a strategic air HQ of the RAF "
                                        "(hq: strategic_air, not the Luftwaffe's): the RAF's Fighter Command and Bomber "
                                        "Command are strategic air HQs [BW L1994-L2006]", (*where, "raf")))
        if block.area is not None and block.bombing_area not in (None, block.area):
            problems.append(doc.problem(f"block {block_id}'s area {block.area} and bombing area {block.bombing_area} "
                                        "differ: they name the one nation where Rommel or Kesselring acts "
                                        "[BW L1959], [BW L2485-L2486]", (*where, "area")))
        if block.area is not None:  # Rommel, Kesselring [BW L1959]
            nations = {h.nation for h in scenario.hexes.values() if h.nation}
            if block.hq != "supreme":
                problems.append(doc.problem(f"block {block_id} has an area but is not a supreme HQ (hq: supreme): only "
                                            "Rommel and Kesselring command in an area [BW L1955-L1959]", (*where, "area")))
            elif block.area not in nations:
                problems.append(doc.problem(f"block {block_id}'s area: no hex belongs to nation '{block.area}' "
                                            f"(nations: {', '.join(sorted(nations))}) [BW L1959]", (*where, "area")))
        if block.unit == "strategic_bomber" and side != "allies":
            problems.append(doc.problem(f"block {block_id} is a strategic bomber of {block.power} ({side}): only the "
                                        "Allies have them [BW L1068]", (*where, "unit")))
        if block.hq is not None and block.unit != "hq":
            problems.append(doc.problem(f"block {block_id} is {block.unit}, not an HQ: only blocks of unit class hq have "
                                        "an HQ kind (AR 13.0) [BW L1825-L1831]", (*where, "hq")))
        if block.stuka and block.unit != "bomber":
            problems.append(doc.problem(f"block {block_id} is {block.unit}: a Stuka (Jericho Trumpets) is a bomber "
                                        "(OR 22.0) [BW L2264-L2266]", (*where, "stuka")))
        if block.hq == "supreme" and (block.area or block.bombing_area) is None and any(
                b.hq == "supreme" and (b.area or b.bombing_area) is None and b.power == block.power and other != block_id
                for other, b in scenario.blocks.items()):  # Rommel and Kesselring (an area) besides the FHQ
            problems.append(doc.problem(f"{block.power} has more than one supreme leader: each nation has one "
                                        "[BW L1913]", (*where, "hq")))
        if block.shield and len(values) < 2:
            problems.append(doc.problem(f"block {block_id} has a shield (two hits per rotation) but a single printed "
                                        "step: a shield drops one printed step every two hits [BW L688]", (*where, "shield")))
        if block.ss and (side != "axis" or block.elite != "attack"):
            problems.append(doc.problem(f"block {block_id} is an SS unit: SS units are German and elite when attacking "
                                        "(set elite: attack) [BW L1656], [BW L1669]", (*where, "ss")))
        if block.barbo and (block.unit != "cavalry" or side != "axis"):
            problems.append(doc.problem(f"block {block_id} is marked as the Barbò group: it is Italian cavalry "
                                        "[BW L2252]", (*where, "barbo")))
        if block.upgrade is not None:
            to = block.upgrade.to
            target = scenario.blocks.get(to)
            if target is None:
                problems.append(doc.problem(f"block {block_id} is upgraded to an " + names.blocks.unknown_message(to),
                                            (*where, "upgrade", "to")))
            elif to == block_id or target.power != block.power:
                problems.append(doc.problem(f"block {block_id} is upgraded to {to}: a unit is replaced by another unit "
                                            "of its own power (OR 40.0) [BW L2611-L2620]", (*where, "upgrade", "to")))
            elif to in scenario.setup or any(to in t.reinforcements for t in scenario.turns):
                problems.append(doc.problem(f"block {block_id} is upgraded to {to}, which the setup or the turn track "
                                            "already brings in: an upgrade's block enters only by the upgrade "
                                            "(OR 40.0) [BW L2620]", (*where, "upgrade", "to")))
            elif any(b.upgrade is not None and b.upgrade.to == to for other, b in scenario.blocks.items()
                     if other < block_id):
                problems.append(doc.problem(f"two blocks are upgraded to {to}: each replacement block serves one "
                                            "upgrade (OR 40.0) [BW L2620]", (*where, "upgrade", "to")))
        if block.min_zero and block.unit in ("fort",):
            problems.append(doc.problem(f"block {block_id} is a fort: its minimum level is not 0, a fort is eliminated "
                                        "by hits [BW L1476], [BW L1500]", (*where, "min_zero")))
    return problems


# --- the setup ---------------------------------------------------------------------------
def _setup_problems(scenario: Scenario, doc: Document, names: _Names) -> list[Problem]:
    problems = []
    ground: dict[str, list[str]] = {}
    air: dict[str, list[str]] = {}
    naval: dict[str, list[str]] = {}
    sides: dict[str, dict[str, str]] = {}
    for block_id, placed in scenario.setup.items():
        where = ("setup", block_id)
        if block_id not in scenario.blocks:
            problems.append(doc.problem("the setup places " + names.blocks.unknown_message(block_id), where))
            continue
        block = scenario.blocks[block_id]
        if block.unit in NAVAL or placed.hex in scenario.sea_zones:
            problems += _naval_setup_problems(scenario, doc, names, block_id, naval)
            continue
        if placed.hex not in scenario.hexes:
            problems.append(doc.problem(f"{block_id} is placed at " + names.hexes.unknown_message(placed.hex), (*where, "hex")))
            continue
        h = scenario.hexes[placed.hex]
        if h.partial:
            problems.append(doc.problem(f"{placed.hex} is a partial map-edge hex: no unit may be in it [BW L1301-L1303]",
                                        (*where, "hex")))
        elif block.unit in AIR:
            if h.city is None:
                problems.append(doc.problem(f"{block_id} is an air unit: it is based at an airfield (a fortress, major or "
                                            f"minor city), which {placed.hex} is not [BW L578-L584]", (*where, "hex")))
        elif h.terrain == "sea":
            problems.append(doc.problem(f"{block_id} is a ground unit and {placed.hex} is sea [BW L1299]", (*where, "hex")))
        values = [s.value for s in block.steps]
        if placed.strength is not None and placed.strength not in values and not (placed.strength == 0 and block.min_zero):
            allowed = ", ".join(map(str, values + ([0] if block.min_zero else [])))
            problems.append(doc.problem(f"{block_id} cannot stand at strength {placed.strength}: its printed steps are "
                                        f"{allowed} [BW L660]" + ("" if block.min_zero or placed.strength else
                                                                 " (0 only for a block whose minimum level is 0)"),
                                        (*where, "strength")))
        if block.power in scenario.powers:
            side = scenario.powers[block.power].side
            first = sides.setdefault(placed.hex, {}).setdefault(side, block_id)
            other = "allies" if side == "axis" else "axis"
            if first == block_id and other in sides[placed.hex]:
                problems.append(doc.problem(f"{placed.hex} holds blocks of both sides ({sides[placed.hex][other]} and "
                                            f"{block_id}): a hex is held by one side [BW L540]", (*where, "hex")))
        (air if block.unit in AIR else ground).setdefault(placed.hex, []).append(block_id)
    for hex_id, present in ground.items():
        gcu = [b for b in present if scenario.blocks[b].unit in GCU]
        if len(present) > 3:
            problems.append(doc.problem(f"{hex_id} holds {len(present)} ground units ({', '.join(present)}): at most 3 "
                                        "a hex, of which at most 2 combat units [BW L648-L656]", ("setup", present[3], "hex")))
        elif len(gcu) > 2:
            problems.append(doc.problem(f"{hex_id} holds {len(gcu)} ground combat units ({', '.join(gcu)}): at most 2 "
                                        "a hex (forts, artillery and HQs make up the third) [BW L648-L656]",
                                        ("setup", gcu[2], "hex")))
    for hex_id, present in air.items():
        if len(present) > 1:
            problems.append(doc.problem(f"{hex_id} bases {len(present)} air units ({', '.join(present)}): at most 1 an "
                                        "airfield [BW L584], [BW L650]", ("setup", present[1], "hex")))
    return problems


def _naval_setup_problems(scenario: Scenario, doc: Document, names: _Names, block_id: str,
                          ports: dict[str, list[str]]) -> list[Problem]:
    """A naval unit is at sea in a sea zone or in a port of its side (a major port bases 2, a minor port 1
    [BW L586-L592]); no other unit is at sea."""
    block, placed, where = scenario.blocks[block_id], scenario.setup[block_id], ("setup", block_id, "hex")
    at = placed.hex
    if block.unit not in NAVAL:
        return [doc.problem(f"{block_id} is a {block.unit} unit and {at} is a sea zone: only naval units are at sea "
                            "(ground and air units cross it by naval movement, port to port) [BW L1299], [BW L2155]",
                            where)]
    if at in scenario.sea_zones:
        return []
    if at not in scenario.hexes:
        zones = NameIndex("hex or sea zone", [*scenario.hexes, *scenario.sea_zones])
        return [doc.problem(f"{block_id} is placed at " + zones.unknown_message(at), where)]
    h = scenario.hexes[at]
    if h.port is None:
        return [doc.problem(f"{block_id} is a naval unit on {at}, a land hex without a port: a naval unit is at sea "
                            "(a sea zone) or in a port [BW L586]", where)]
    owner = scenario.control.get(at, h.nation)
    if owner in scenario.powers and block.power in scenario.powers and \
            scenario.powers[owner].side != scenario.powers[block.power].side:
        return [doc.problem(f"{block_id} is in port {at}, which the enemy holds ({owner}): a naval unit stays in a "
                            "friendly port [BW L586]", where)]
    ports.setdefault(at, []).append(block_id)
    room = 2 if h.port == "major" else 1
    if len(ports[at]) > room:
        return [doc.problem(f"{at} is a {h.port} port: it bases at most {room} naval unit(s), not "
                            f"{len(ports[at])} ({', '.join(ports[at])}) [BW L590-L592]", where)]
    return []


# --- sea zones ---------------------------------------------------------------------------
def _coastal(scenario: Scenario, hex_id: str) -> bool:
    h = scenario.hexes[hex_id]
    return h.terrain != "sea" and not h.partial and (h.coastal or _touches_sea(scenario, hex_id))


def _sea_zone_problems(scenario: Scenario, doc: Document, names: _Names) -> list[Problem]:
    """Sea zones (OR 18.0, AR 24.0): a graph of zones, each washing coastal hexes [BW L544-L548], [BW L2155]."""
    problems = []
    zones = NameIndex("sea zone", scenario.sea_zones)
    for zone_id, zone in scenario.sea_zones.items():
        where = ("sea_zones", zone_id)
        if zone_id in scenario.hexes:
            problems.append(doc.problem(f"sea zone {zone_id} has the name of a hex: a naval unit's setup names a zone "
                                        "or a port, so the two must differ", where))
        for i, other in enumerate(zone.adjacent):
            at = (*where, "adjacent", i)
            if other not in scenario.sea_zones:
                problems.append(doc.problem(f"sea zone {zone_id} is adjacent to " + zones.unknown_message(other), at))
            elif other == zone_id:
                problems.append(doc.problem(f"sea zone {zone_id} is listed as adjacent to itself", at))
            elif zone.adjacent.index(other) != i:
                problems.append(doc.problem(f"sea zone {zone_id} lists {other} twice in adjacent", at))
            elif zone_id not in scenario.sea_zones[other].adjacent:
                problems.append(doc.problem(f"sea zone {zone_id} is adjacent to {other} but {other} does not list "
                                            f"{zone_id}: adjacency goes both ways (add {zone_id} to "
                                            f"sea_zones.{other}.adjacent)", at))
        for i, hex_id in enumerate(zone.coast):
            at = (*where, "coast", i)
            if hex_id not in scenario.hexes:
                problems.append(doc.problem(f"sea zone {zone_id}'s coast: " + names.hexes.unknown_message(hex_id), at))
            elif zone.coast.index(hex_id) != i:
                problems.append(doc.problem(f"sea zone {zone_id} lists {hex_id} twice in its coast", at))
            elif not _coastal(scenario, hex_id):
                what = "sea" if scenario.hexes[hex_id].terrain == "sea" else (
                    "a partial map-edge hex" if scenario.hexes[hex_id].partial else "not coastal (neither marked "
                    "coastal nor beside a sea hex)")
                problems.append(doc.problem(f"sea zone {zone_id} washes {hex_id}, which is {what}: a zone's coast is "
                                            "made of coastal land hexes [BW L1301]", at))
        for other, guards in zone.straits.items():
            at = (*where, "straits", other)
            if other not in zone.adjacent:
                problems.append(doc.problem(f"sea zone {zone_id} has a strait to {other}, which is not in its adjacent "
                                            "zones", at))
            elif other in scenario.sea_zones and zone_id in scenario.sea_zones[other].straits and \
                    sorted(scenario.sea_zones[other].straits[zone_id]) != sorted(guards):
                problems.append(doc.problem(f"the strait {zone_id}-{other} lists other hexes in sea_zones.{other}."
                                            f"straits.{zone_id}: give them once, or the same", at))
            problems += _guard_problems(scenario, doc, names, guards, at, f"the strait {zone_id}-{other}")
        for other, steps in zone.straits_lose.items():
            at = (*where, "straits_lose", other)
            if other not in zone.straits:
                problems.append(doc.problem(f"sea zone {zone_id}: straits_lose names {other}, which is no strait of "
                                            "the zone (list its hexes in straits)", at))
            if steps < 1:
                problems.append(doc.problem(f"a strait passed without control costs 1 step or more, not {steps} "
                                            "[BW L1311]", at))
        for port, guards in zone.inland_ports.items():
            at = (*where, "inland_ports", port)
            if port not in scenario.hexes:
                problems.append(doc.problem(f"sea zone {zone_id}'s inland port: " + names.hexes.unknown_message(port),
                                            at))
                continue
            if scenario.hexes[port].port is None:
                problems.append(doc.problem(f"sea zone {zone_id}: inland port {port} has no port [BW L1313]", at))
            problems += _guard_problems(scenario, doc, names, guards, at, f"inland port {port}")
        for i, hex_id in enumerate(zone.cliffs):
            if hex_id not in zone.coast:
                problems.append(doc.problem(f"sea zone {zone_id}: cliffs at {hex_id}, which is not on its coast",
                                            (*where, "cliffs", i)))
        for i, ban in enumerate(zone.landing_bans):
            at = (*where, "landing_bans", i)
            for j, hex_id in enumerate(ban.hexes):
                if hex_id not in zone.coast:
                    problems.append(doc.problem(f"sea zone {zone_id}: landing ban on {hex_id}, which is not on its "
                                                "coast", (*at, "hexes", j)))
            for j, hex_id in enumerate(ban.forts):
                if hex_id not in scenario.hexes:
                    problems.append(doc.problem("landing ban: " + names.hexes.unknown_message(hex_id),
                                                (*at, "forts", j)))
            if ban.festung is not None and ban.festung not in scenario.hexes:
                problems.append(doc.problem("landing ban: " + names.hexes.unknown_message(ban.festung),
                                            (*at, "festung")))
            if not ban.forts and ban.festung is None:
                problems.append(doc.problem(f"sea zone {zone_id}: a landing ban names no fort or Festung, so it always "
                                            "holds: list the forts (forts) or the Festung (festung) it depends on "
                                            "[BW L2334-L2336]", at))
        for i, port in enumerate(zone.frozen_in_snow):
            at = (*where, "frozen_in_snow", i)
            if port not in zone.coast and port not in zone.inland_ports:
                problems.append(doc.problem(f"sea zone {zone_id}: frozen port {port} is not on its coast", at))
            elif scenario.hexes[port].port is None:
                problems.append(doc.problem(f"sea zone {zone_id}: {port} freezes but has no port (a white anchor is a "
                                            "port's) [BW L592]", at))
        for port, beaches in zone.front_beaches.items():
            at = (*where, "front_beaches", port)
            if port not in zone.coast and port not in zone.inland_ports:
                problems.append(doc.problem(f"sea zone {zone_id}: front-beaches of {port}, which is not on its coast",
                                            at))
            elif scenario.hexes[port].port is None:
                problems.append(doc.problem(f"sea zone {zone_id}: {port} has front-beaches but no port: a front-beach "
                                            "faces a port [BW L2313]", at))
            for i, hex_id in enumerate(beaches):
                if hex_id not in zone.coast:
                    problems.append(doc.problem(f"sea zone {zone_id}: front-beach {hex_id} of {port} is not on its "
                                                "coast", (*at, i)))
                elif hex_id == port:
                    problems.append(doc.problem(f"sea zone {zone_id}: {port} is its own front-beach", (*at, i)))
    return problems


def _guard_problems(scenario: Scenario, doc: Document, names: _Names, guards: list[str], at: tuple,
                    what: str) -> list[Problem]:
    problems = []
    if not guards:
        problems.append(doc.problem(f"{what} names no hex to control [BW L1313], [BW L2155]", at))
    for i, hex_id in enumerate(guards):
        if hex_id not in scenario.hexes:
            problems.append(doc.problem(f"{what}: " + names.hexes.unknown_message(hex_id), (*at, i)))
        elif not _land(scenario, hex_id):
            problems.append(doc.problem(f"{what}: {hex_id} is sea: a side controls land hexes [BW L540]", (*at, i)))
    return problems


# --- control, PP, turns, victory ---------------------------------------------------------
def _control_problems(scenario: Scenario, doc: Document, names: _Names) -> list[Problem]:
    problems = []
    for hex_id, power in scenario.control.items():
        if hex_id not in scenario.hexes:
            problems.append(doc.problem("control: " + names.hexes.unknown_message(hex_id), ("control", hex_id)))
        elif not _land(scenario, hex_id):
            problems.append(doc.problem(f"{hex_id} is sea: only land hexes are controlled [BW L540]", ("control", hex_id)))
        if power not in scenario.powers:
            problems.append(doc.problem(f"control of {hex_id}: " + names.powers.unknown_message(power), ("control", hex_id)))
    for power, amount in scenario.pp.items():
        if power not in scenario.powers:
            problems.append(doc.problem("pp: " + names.powers.unknown_message(power), ("pp", power)))
        if isinstance(amount, int) and amount < 0:  # coloured amounts: the model refuses negatives
            problems.append(doc.problem(f"{power} cannot store {amount} PP: stored PP are never negative", ("pp", power)))
    return problems


def _turn_problems(scenario: Scenario, doc: Document, names: _Names) -> list[Problem]:
    problems = []
    arriving: dict[str, int] = {}
    previous = None
    for t, turn in enumerate(scenario.turns):
        where = ("turns", t)
        year, month = turn.month.split("-")
        if not 1 <= int(month) <= 12:
            problems.append(doc.problem(f"{turn.month} is no month (01-12)", (*where, "month")))
        else:
            number = _month_number(turn.month)
            if previous is not None and number != previous + 1:
                wanted = f"{(previous + 1) // 12}-{(previous + 1) % 12 + 1:02d}"
                problems.append(doc.problem(f"turn {t + 1} is {turn.month}, but a turn is one month: after turn {t} "
                                            f"comes {wanted} [BW L41]", (*where, "month")))
            previous = number
        if turn.weather == "roll" and month not in ("04", "10"):
            problems.append(doc.problem(f"only April and October roll their weather [BW L1598-L1600]; {turn.month} has "
                                        "its weather on the turn track", (*where, "weather")))
        for block_id, hex_id in turn.reinforcements.items():
            at = (*where, "reinforcements", block_id)
            if block_id not in scenario.blocks:
                problems.append(doc.problem(f"turn {t + 1} reinforcement: " + names.blocks.unknown_message(block_id), at))
                continue
            if block_id in scenario.setup:
                problems.append(doc.problem(f"{block_id} arrives on turn {t + 1} but the setup already places it at "
                                            f"{scenario.setup[block_id].hex}", at))
            if block_id in arriving:
                problems.append(doc.problem(f"{block_id} arrives twice (turns {arriving[block_id] + 1} and {t + 1})", at))
            arriving.setdefault(block_id, t)
            if hex_id not in scenario.hexes:
                problems.append(doc.problem(f"{block_id} arrives at " + names.hexes.unknown_message(hex_id), at))
            elif scenario.blocks[block_id].unit in NAVAL:
                problems.append(doc.problem(f"{block_id} is a naval unit: U-boats are in the setup, at sea or in a "
                                            "port; their arrival as reinforcements is not played [BW L961]", at))
            elif scenario.blocks[block_id].unit not in AIR and not _land(scenario, hex_id):
                problems.append(doc.problem(f"{block_id} is a ground unit and {hex_id} is sea [BW L1299]", at))
            elif scenario.blocks[block_id].unit in AIR and scenario.hexes[hex_id].city is None:
                problems.append(doc.problem(f"{block_id} is an air unit: it arrives at an airfield (a city), which "
                                            f"{hex_id} is not [BW L578-L584]", at))
    return problems


def _victory_problems(scenario: Scenario, doc: Document, names: _Names) -> list[Problem]:
    problems = []
    v = scenario.victory
    for i, hex_id in enumerate(v.control_all):
        if hex_id not in scenario.hexes:
            problems.append(doc.problem("victory: " + names.hexes.unknown_message(hex_id), ("victory", "control_all", i)))
    if v.side == v.otherwise:
        problems.append(doc.problem(f"victory: {v.side} wins whether or not it controls the hexes; `otherwise` names the "
                                    "side that wins when the condition fails", ("victory", "otherwise")))
    if not v.control_all:
        problems.append(doc.problem("victory: control_all names no hex, so the condition is always met",
                                    ("victory", "control_all") if "control_all" in (doc.data.get("victory") or {})
                                    else ("victory",)))
    return problems



def _italian_surrender_problems(scenario: Scenario, doc: Document, names: _Names) -> list[Problem]:
    """OR 36.0's places and block [BW L2554-L2578]: known land hexes, Mussolini Italy's supreme leader, Sicily,
    Gran Sasso and Salò in Italy (Corsica is French: Sardinia-Corsica's nations are not checked)."""
    it = scenario.italian_surrender
    if it is None:
        return []
    problems = []
    where = ("italian_surrender",)
    italy = None
    block = scenario.blocks.get(it.mussolini)
    if block is None:
        problems.append(doc.problem("italian_surrender: Mussolini is an " + names.blocks.unknown_message(it.mussolini),
                                    (*where, "mussolini")))
    elif block.hq != "supreme":
        problems.append(doc.problem(f"italian_surrender: Mussolini's block {it.mussolini} is not a supreme leader "
                                    "(unit hq, hq: supreme) [BW L2560]", (*where, "mussolini")))
    else:
        italy = block.power
    places: list[tuple[str, str, tuple]] = [
        *((h, "Sicily", (*where, "sicily", i)) for i, h in enumerate(it.sicily)),
        *((h, "Sardinia-Corsica", (*where, "sardinia_corsica", i)) for i, h in enumerate(it.sardinia_corsica)),
        (it.gran_sasso, "Gran Sasso", (*where, "gran_sasso")), (it.salo, "Salò", (*where, "salo")),
        *([(it.milan, "Milan", (*where, "milan"))] if it.milan is not None else []),
    ]
    if (it.milan is None) != (it.liguria is None):
        problems.append(doc.problem("italian_surrender: milan and liguria go together: the RSI places the Liguria "
                                    "corps in Milan [BW L2576]", (*where, "milan" if it.liguria is None else "liguria")))
    if it.liguria is not None:
        corps = scenario.blocks.get(it.liguria)
        if corps is None:
            problems.append(doc.problem("italian_surrender: the Liguria corps is an "
                                        + names.blocks.unknown_message(it.liguria), (*where, "liguria")))
        elif corps.unit != "infantry" or (italy is not None and corps.power != italy):
            problems.append(doc.problem(f"italian_surrender: the Liguria corps {it.liguria} is not an infantry corps "
                                        f"of {italy or 'Mussolini’s power'} ({corps.power} {corps.unit}) [BW L2576]",
                                        (*where, "liguria")))
    for hex_id, label, path in places:
        h = scenario.hexes.get(hex_id)
        if h is None:
            problems.append(doc.problem(f"italian_surrender: {label}: " + names.hexes.unknown_message(hex_id), path))
        elif not _land(scenario, hex_id):
            problems.append(doc.problem(f"italian_surrender: {label}: hex {hex_id} is not land [BW L2562]", path))
        elif italy is not None and label != "Sardinia-Corsica" and h.nation != italy:
            problems.append(doc.problem(f"italian_surrender: {label}: hex {hex_id} is not {italy}'s, Mussolini's "
                                        "power [BW L2560-L2562]", path))
    return problems


def _partisan_problems(scenario: Scenario, doc: Document) -> list[Problem]:
    """OR 29.1: the nations subject to partisan activity are nations of the map, each named once [BW L2447]."""
    problems = []
    nations = {h.nation for h in scenario.hexes.values() if h.nation}
    seen: set[str] = set()
    for i, nation in enumerate(scenario.partisan_nations or []):
        if nation not in nations:
            problems.append(doc.problem(f"partisan_nations: no hex belongs to nation '{nation}' (nations: "
                                        f"{', '.join(sorted(nations))}) [BW L2447]", ("partisan_nations", i)))
        elif nation in seen:
            problems.append(doc.problem(f"partisan_nations names {nation} twice [BW L2447]", ("partisan_nations", i)))
        seen.add(nation)
    return problems


# --- OR 34.0 / 35.2 ------------------------------------------------------------------
def _atlantic_problems(scenario: Scenario, doc: Document, names: _Names) -> list[Problem]:
    """`atlantic`: GB and France known Allied powers, the islands known nations [BW L2530-L2550]."""
    atlantic = scenario.atlantic
    if atlantic is None:
        return []
    problems = []
    for field, power, what in (("britain", atlantic.britain, "buys under Cash & Carry and receives Lend-Lease"),
                               ("france", atlantic.france, "opens Lend-Lease by falling")):
        if power is None:
            continue
        if power not in scenario.powers:
            problems.append(doc.problem(f"atlantic.{field}: " + names.powers.unknown_message(power),
                                        ("atlantic", field)))
        elif scenario.powers[power].side != "allies":
            problems.append(doc.problem(f"atlantic.{field}: {power} is an Axis power; the power that {what} is an "
                                        "Allied one [BW L2532], [BW L2540]", ("atlantic", field)))
    if atlantic.france is not None and atlantic.france == atlantic.britain:
        problems.append(doc.problem("atlantic.france names GB itself: France's fall and GB's invasion are two "
                                    "preconditions [BW L2540]", ("atlantic", "france")))
    for i, hex_id in enumerate(atlantic.not_invasion):
        if hex_id not in scenario.hexes:
            problems.append(doc.problem("atlantic.not_invasion: " + names.hexes.unknown_message(hex_id),
                                        ("atlantic", "not_invasion", i)))
        elif scenario.hexes[hex_id].nation != atlantic.britain:
            problems.append(doc.problem(f"atlantic.not_invasion: {hex_id} is not a hex of {atlantic.britain}: only GB's "
                                        "own hexes can be invaded [BW L2540]", ("atlantic", "not_invasion", i)))
    nations = {h.nation for h in scenario.hexes.values() if h.nation}
    for i, nation in enumerate(atlantic.islands):
        if nation not in nations:
            problems.append(doc.problem(f"atlantic.islands: no hex belongs to nation '{nation}' (nations: "
                                        f"{', '.join(sorted(nations))}) [BW L2540]", ("atlantic", "islands", i)))
    return problems


# --- OR 15.0 new factories -----------------------------------------------------------
def _factory_problems(scenario: Scenario, doc: Document, names: _Names) -> list[Problem]:
    """The faction production tracks and the factory schedule (OR 15.0) [BW L2091-L2123]."""
    problems = []
    for side, track in scenario.factory_track.items():
        where = ("factory_track", side)
        missing = [n for n in range(1, 7) if n not in track]
        if missing:
            problems.append(doc.problem(f"the {side}' production track gives no locations for the die result(s) "
                                        f"{', '.join(map(str, missing))}: a die roll 1-6 picks a pair [BW L2091]", where))
        for die, hexes in track.items():
            at = (*where, die)
            if not 1 <= die <= 6:
                problems.append(doc.problem(f"{die} is no die result (1-6) of the {side}' production track [BW L2091]",
                                            at))
            if len(hexes) != 2:
                problems.append(doc.problem(f"the {side}' production track gives {len(hexes)} location(s) for {die}: a "
                                            "result gives two, the player picks one [BW L2091]", at))
            for i, hex_id in enumerate(hexes):
                problems += _location_problems(scenario, doc, names, side, hex_id, (*at, i))
    for hex_id, h in scenario.hexes.items():
        if h.factory_limits is None:
            continue
        for colour in ("red", "blue", "black"):
            printed = getattr(h.production, colour)
            if getattr(h.factory_limits, colour) and getattr(h.factory_limits, colour) < printed:
                problems.append(doc.problem(f"{hex_id} may hold {getattr(h.factory_limits, colour)} {colour} "
                                            f"factories but prints {printed}: the limit counts its printed factories "
                                            "too [BW L2093]", ("hexes", hex_id, "factory_limits", colour)))
    for i, entry in enumerate(scenario.factory_schedule):
        where = ("factory_schedule", i)
        if not 1 <= int(entry.month.split("-")[1]) <= 12:
            problems.append(doc.problem(f"{entry.month} is no month (01-12)", (*where, "month")))
        if entry.hex not in scenario.hexes:
            problems.append(doc.problem("factory schedule: " + names.hexes.unknown_message(entry.hex), (*where, "hex")))
        elif not _land(scenario, entry.hex):
            problems.append(doc.problem(f"factory schedule: {entry.hex} is sea: factories stand on land", (*where, "hex")))
    return problems


def _location_problems(scenario: Scenario, doc: Document, names: _Names, side: str, hex_id: str,
                       at: tuple) -> list[Problem]:
    if hex_id not in scenario.hexes:
        return [doc.problem(f"the {side}' production track: " + names.hexes.unknown_message(hex_id), at)]
    h = scenario.hexes[hex_id]
    if not _land(scenario, hex_id):
        return [doc.problem(f"the {side}' production track: {hex_id} is sea: factories stand on land", at)]
    if h.nation not in scenario.powers or scenario.powers[h.nation].side != side:
        return [doc.problem(f"the {side}' production track: {hex_id} is not in a nation of the {side} "
                            f"({h.nation or 'no nation'}): each faction places factories at home [BW L2091]", at)]
    if h.factory_limits is None:
        return [doc.problem(f"the {side}' production track names {hex_id}, which has no factory_limits: give the "
                            "number of factories of each kind it may hold [BW L2093]", at)]
    return []


def _wunderwaffen_problems(scenario: Scenario, doc: Document, names: _Names) -> list[Problem]:
    """OR 26.0's map data: known places of the right kind, a known Axis corps, an Allied GB [BW L2372-L2406]."""
    data = scenario.wunderwaffen
    if data is None:
        return []
    problems = []
    where = ("wunderwaffen",)
    if data.peenemunde not in scenario.hexes:
        problems.append(doc.problem("wunderwaffen: Peenemünde is an " + names.hexes.unknown_message(data.peenemunde),
                                    (*where, "peenemunde")))
    elif not _land(scenario, data.peenemunde):
        problems.append(doc.problem(f"wunderwaffen: Peenemünde ({data.peenemunde}) is a sea hex", (*where, "peenemunde")))
    seen: set[str] = set()
    for i, hex_id in enumerate(data.atlantic_coast):
        at = (*where, "atlantic_coast", i)
        if hex_id not in scenario.hexes:
            problems.append(doc.problem("wunderwaffen: the Atlantic coast names an " + names.hexes.unknown_message(hex_id),
                                        at))
        elif hex_id in seen:
            problems.append(doc.problem(f"wunderwaffen: the Atlantic coast names {hex_id} twice", at))
        elif not _land(scenario, hex_id) or not (scenario.hexes[hex_id].coastal or _touches_sea(scenario, hex_id)):
            problems.append(doc.problem(f"wunderwaffen: {hex_id} is not a coastal land hex: the V-1 needs a coastal hex "
                                        "of France or Belgium on the Atlantic [BW L2384]", at))
        seen.add(hex_id)
    corps = data.v2_corps
    if corps is not None:
        if corps not in scenario.blocks:
            problems.append(doc.problem("wunderwaffen: the 65th corps is an " + names.blocks.unknown_message(corps),
                                        (*where, "v2_corps")))
        elif scenario.powers[scenario.blocks[corps].power].side != "axis":
            problems.append(doc.problem(f"wunderwaffen: {corps} is not an Axis block: the German 65th infantry corps "
                                        "launches the V-2 [BW L2396]", (*where, "v2_corps")))
    if data.britain not in scenario.powers:
        problems.append(doc.problem("wunderwaffen: GB is an " + names.powers.unknown_message(data.britain),
                                    (*where, "britain")))
    elif scenario.powers[data.britain].side != "allies":
        problems.append(doc.problem(f"wunderwaffen: {data.britain} is not an Allied power: the V-weapons strike GB "
                                    "[BW L2388]", (*where, "britain")))
    return problems


def _bombing_area_problems(scenario: Scenario, doc: Document, names: _Names) -> list[Problem]:
    """OR 32.0: a leader's bombing area (K Italy, R France) is an HQ's, and a known nation [BW L2485-L2486]."""
    problems = []
    for block_id, block in scenario.blocks.items():
        area = block.bombing_area
        if area is None:
            continue
        where = ("blocks", block_id, "bombing_area")
        if block.unit != "hq":
            problems.append(doc.problem(f"block {block_id} ({block.unit}) has a bombing area: only HQs order bombing "
                                        "missions (OR 32.0) [BW L2481-L2486]", where))
        elif area not in scenario.powers:
            problems.append(doc.problem(f"block {block_id}'s bombing area is an " + names.powers.unknown_message(area),
                                        where))
    return problems


def _naval_plan_problems(scenario: Scenario, doc: Document) -> list[Problem]:
    """OR 18.0 / 13.8: a naval plan (Z Plan, Doenitz Plan) is a naval HQ's [BW L1976-L1990]."""
    return [doc.problem(f"block {block_id} has a naval plan but is no naval HQ (`unit: hq`, `hq: naval`): only the "
                        "OKM (Raeder, Doenitz) has one [BW L1976-L1990]", ("blocks", block_id, "naval_plan"))
            for block_id, block in scenario.blocks.items()
            if block.naval_plan is not None and (block.unit != "hq" or block.hq != "naval")]


def _casablanca_problems(scenario: Scenario, doc: Document, names: _Names) -> list[Problem]:
    """AR 13.8.4: Morocco's hexes known land hexes, Portugal and Spain known powers, Eisenhower and Churchill Allied
    supreme leaders [BW L2050-L2052]."""
    data = scenario.casablanca
    if data is None:
        return []
    problems = []
    where = ("casablanca",)
    for i, hex_id in enumerate(data.morocco):
        if hex_id not in scenario.hexes:
            problems.append(doc.problem("casablanca: Morocco's " + names.hexes.unknown_message(hex_id),
                                        (*where, "morocco", i)))
        elif not _land(scenario, hex_id) or scenario.hexes[hex_id].partial:
            problems.append(doc.problem(f"casablanca: Morocco's hex {hex_id} is not a land hex of the map: the Allies "
                                        "control all the hexes of Morocco [BW L2052]", (*where, "morocco", i)))
    for i, power in enumerate(data.neutrals):
        if power not in scenario.powers:
            problems.append(doc.problem("casablanca: neutrals: " + names.powers.unknown_message(power),
                                        (*where, "neutrals", i)))
    for i, block_id in enumerate(data.leaders):
        if block_id not in scenario.blocks:
            problems.append(doc.problem("casablanca: leaders: " + names.blocks.unknown_message(block_id),
                                        (*where, "leaders", i)))
            continue
        block = scenario.blocks[block_id]
        if block.hq != "supreme" or scenario.powers[block.power].side != "allies":
            problems.append(doc.problem(f"casablanca: {block_id} is not an Allied supreme leader (unit: hq, hq: "
                                        "supreme): the conference serves Eisenhower and Churchill [BW L2052]",
                                        (*where, "leaders", i)))
    return problems
