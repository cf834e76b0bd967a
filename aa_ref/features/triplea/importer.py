"""`aa-ref import-triplea`: a TripleA game XML turned into an aa-ref setup, with a report of
everything it could not map. TripleA's XML is read for facts only (territories, connections,
production, owners, capitals, victory cities, canals, unit types and placements); rules that
live in TripleA's Java or in its triggers have no counterpart and are listed as not mapped."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aa_ref.core.documents import parse_model
from aa_ref.core.errors import AaRefError, InvalidInput, Problem, UsageError
from aa_ref.core.session import RULESETS
from aa_ref.core.yamlio import atomic_write_many, dump_yaml, load_yaml, read_bytes, refuse_existing, styled
from aa_ref.games.axis_allies.rules.checks import setup_problems

POWER_NAMES = {"Germans": "Germany", "Russians": "USSR", "Japanese": "Japan", "British": "UK", "Italians": "Italy",
               "Chinese": "China", "Americans": "USA", "French": "France", "ANZAC": "ANZAC"}
"""TripleA's player names (peoples) -> aa-ref's power names; others are kept as they are."""
UNIT_NAMES = {"armour": "tank", "aaGun": "aa_gun", "factory": "industrial_complex"}
"""TripleA unit type names that differ from aa-ref's."""
READ_ATTACHMENTS = {"territoryAttachment", "unitAttachment", "canalAttachment"}
TERRITORY_OPTIONS = {"production", "isImpassable", "capital", "victoryCity", "originalOwner"}
UNIT_OPTIONS = {"movement", "attack", "defense", "isAir", "isSea", "hitPoints", "isFactory", "isAA", "artillery",
                "artillerySupportable", "isInfantry", "transportCost", "isAirTransportable", "carrierCost",
                "carrierCapacity", "transportCapacity", "isSub", "isDestroyer", "isTwoHit", "canBombard", "bombard"}
UNIT_READ = {"movement", "attack", "defense", "isAir", "isSea", "hitPoints", "isTwoHit", "isFactory", "isAA",
             "artillery", "bombard"}


@dataclass
class Imported:
    setup: dict[str, Any]
    not_mapped: list[str] = field(default_factory=list)


def space_name(name: str) -> str:
    """`12 Sea Zone` or `Sea Zone 12` -> `SZ 12`; other names unchanged."""
    match = re.fullmatch(r"(\d+) Sea Zone|Sea Zone (\d+)", name.strip())
    return f"SZ {match.group(1) or match.group(2)}" if match else name.strip()


def _options(node: ET.Element) -> dict[str, str]:
    return {o.get("name", ""): o.get("value", "") for o in node.findall("option")}


MAX_BYTES = 20 * 1024 * 1024
"""TripleA's largest maps are a few hundred kilobytes; anything far larger is refused."""


def import_xml(path: Path, ruleset: str) -> Imported:
    data, _ = read_bytes(path, MAX_BYTES)
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        raise InvalidInput(f"{path}: not a readable XML file ({exc})") from None
    if root.tag != "game":
        raise InvalidInput(f"{path}: not a TripleA game XML (its root element is <{root.tag}>, not <game>)")
    notes: list[str] = []
    power = lambda name: POWER_NAMES.get(name, name)  # noqa: E731
    info = root.find("info")
    title = info.get("name", path.stem) if info is not None else path.stem
    spaces: dict[str, dict[str, Any]] = {}
    for t in root.iter("territory"):
        spaces[space_name(t.get("name", ""))] = {"kind": "sea" if t.get("water") == "true" else "land", "adjacent": []}
    for c in root.iter("connection"):
        a, b = space_name(c.get("t1", "")), space_name(c.get("t2", ""))
        if a in spaces and b in spaces and a != b:
            for x, y in ((a, b), (b, a)):
                if y not in spaces[x]["adjacent"]:
                    spaces[x]["adjacent"].append(y)
        else:
            notes.append(f"connection {c.get('t1')} - {c.get('t2')}: an unknown territory")
    players = [power(p.get("name", "")) for p in root.iter("player")]
    sides: dict[str, list[str]] = {}
    for a in root.iter("alliance"):
        sides.setdefault(a.get("alliance", ""), []).append(power(a.get("player", "")))
    powers: dict[str, dict[str, Any]] = {p: {"treasury": 0} for p in players}
    for r in root.iter("resourceGiven"):
        if r.get("resource") == "PUs" and power(r.get("player", "")) in powers:
            powers[power(r.get("player", ""))]["treasury"] = int(r.get("quantity", "0"))
    unit_types, canals = _attachments(root, spaces, powers, power, notes)
    _production_costs(root, unit_types, notes)
    for o in root.iter("territoryOwner"):
        name = space_name(o.get("territory", ""))
        if name in spaces:
            owner = power(o.get("owner", ""))
            if spaces[name].setdefault("original_owner", owner) != owner:
                spaces[name]["owner"] = owner  # held at the start by another than its original owner
    units: dict[str, dict[str, dict[str, int]]] = {}
    for u in root.iter("unitPlacement"):
        name, owner = space_name(u.get("territory", "")), power(u.get("owner", ""))
        unit = UNIT_NAMES.get(u.get("unitType", ""), u.get("unitType", ""))
        n = int(u.get("quantity", "1"))
        if unit == "industrial_complex":
            spaces.setdefault(name, {})["industrial_complex"] = True
            continue
        if unit not in unit_types:
            notes.append(f"unit placement of {u.get('unitType')} in {name}: unknown unit type")
            continue
        if spaces.get(name, {}).get("kind") == "sea" and unit_types[unit]["domain"] == "land":
            notes.append(f"{n} {unit} of {owner} start aboard a transport in {name}: place them on land by hand")
            continue
        here = units.setdefault(name, {}).setdefault(owner, {})
        here[unit] = here.get(unit, 0) + n
    for name, space in spaces.items():
        if space.get("neutral"):
            space.pop("original_owner", None)
    turn_order = []
    for step in root.iter("step"):
        p = step.get("player")
        if p and "bid" not in step.get("name", "").lower() and power(p) not in turn_order:
            turn_order.append(power(p))
    setup = {
        "kind": "setup", "schema_version": 1, "id": re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-"),
        "title": title, "ruleset": ruleset, "rulebook": f"imported from {path.name} (TripleA game XML)",
        "sides": sides, "turn_order": turn_order or players, "powers": powers, "unit_types": unit_types,
        "spaces": dict(sorted(spaces.items())), "canals": canals, "units": units,
    }
    return Imported(setup, notes)


def _attachments(root: ET.Element, spaces: dict, powers: dict, power, notes: list[str]) -> tuple[dict, list]:
    unit_types: dict[str, dict[str, Any]] = {}
    canals: dict[str, dict[str, Any]] = {}
    for unit in root.iter("unit"):
        name = UNIT_NAMES.get(unit.get("name", ""), unit.get("name", ""))
        if name != "industrial_complex":
            unit_types[name] = {"domain": "land", "cost": 0, "attack": 0, "defense": 0, "movement": 0}
    skipped: dict[str, int] = {}
    for att in root.iter("attachment"):
        kind, target = att.get("name", ""), att.get("attachTo", "")
        options = _options(att)
        if kind == "territoryAttachment":
            space = spaces.get(space_name(target))
            if space is None:
                notes.append(f"territory attachment for unknown {target}")
                continue
            space["value"] = int(options.get("production", "0") or 0)
            if options.get("isImpassable") == "true":
                space["neutral"] = True
                space.pop("value", None)
            if "capital" in options and power(options["capital"]) in powers:
                powers[power(options["capital"])]["capital"] = space_name(target)
            if options.get("victoryCity", "0") not in ("", "0", "false"):
                space["victory_city"] = space_name(target)
            if "originalOwner" in options:
                space["original_owner"] = power(options["originalOwner"])
            for name in sorted(set(options) - TERRITORY_OPTIONS):
                notes.append(f"{target}: territory option {name}={options[name]} not mapped")
        elif kind == "unitAttachment":
            name = UNIT_NAMES.get(target, target)
            if name == "industrial_complex":
                continue
            unit = unit_types.setdefault(name, {"domain": "land", "cost": 0, "attack": 0, "defense": 0, "movement": 0})
            unit["domain"] = "air" if options.get("isAir") == "true" else "sea" if options.get("isSea") == "true" else "land"
            for key in ("attack", "defense", "movement"):
                unit[key] = int(options.get(key, unit[key]))
            hits = int(options.get("hitPoints", "2" if options.get("isTwoHit") == "true" else "1"))
            if hits > 1:
                unit["hits"] = hits
            if options.get("isAA") == "true":
                unit.update(anti_aircraft=1, combatant=False, noncombat_only=True)
            if options.get("artillery") == "true":
                unit["support"] = {"unit": "infantry", "attack": 2}
            if "bombard" in options:
                unit["bombard"] = int(options["bombard"])
            for option in sorted(set(options) - UNIT_READ):
                notes.append(f"{name}: unit option {option}={options[option]} not mapped (aa-ref's rules decide it)")
        elif kind == "canalAttachment":
            canal = canals.setdefault(options.get("canalName", target), {"name": options.get("canalName", target),
                                                                          "joins": [], "controlled_by": []})
            canal["joins"].append(space_name(target))
            canal["controlled_by"] = [space_name(t) for t in options.get("landTerritories", "").split(":") if t]
        else:
            skipped[kind] = skipped.get(kind, 0) + 1
    described = {UNIT_NAMES.get(a.get("attachTo", ""), a.get("attachTo", "")) for a in root.iter("attachment")
                 if a.get("name") == "unitAttachment"}
    for name in sorted(set(unit_types) - described):
        notes.append(f"{name}: no unit attachment, imported with no values: give it its profile by hand")
    for kind, n in sorted(skipped.items()):
        notes.append(f"{n} {kind} attachment(s) not mapped (TripleA rules with no aa-ref setup field)")
    return unit_types, [c for c in canals.values() if len(c["joins"]) == 2]


def _production_costs(root: ET.Element, unit_types: dict, notes: list[str]) -> None:
    for rule in root.iter("productionRule"):
        cost = rule.find("cost")
        result = rule.find("result")
        if cost is None or result is None:
            continue
        unit = UNIT_NAMES.get(result.get("resourceOrUnit", ""), result.get("resourceOrUnit", ""))
        if unit in unit_types and cost.get("resource") == "PUs" and int(result.get("quantity", "1")) == 1:
            if not unit_types[unit]["cost"]:  # the first rule is the standard price (later ones: technologies)
                unit_types[unit]["cost"] = int(cost.get("quantity", "0"))
        elif unit == "industrial_complex":
            continue
        elif unit not in unit_types:
            notes.append(f"production rule {rule.get('name')}: {unit} is not a unit type")


def import_triplea(xml_path: Path, out: Path, ruleset: str, overwrite: bool = False,
                   map_dir: Path | None = None) -> tuple[list[str], list[Problem]]:
    """Convert a TripleA game XML into a setup file; what could not be mapped, and the setup's
    problems as `validate` sees them (the file is written so that they can be fixed by hand).
    With `map_dir`, a TripleA map folder: its centres and outlines become the setup's `layout:`."""
    if ruleset not in RULESETS:
        raise UsageError(f"unknown ruleset '{ruleset}' (rulesets: {', '.join(RULESETS)})")
    refuse_existing([out], overwrite)
    imported = import_xml(xml_path, ruleset)
    if map_dir is not None:  # the board's shapes (features/triplea/layout.py)
        from aa_ref.features.triplea.layout import read_layout

        layout, notes = read_layout(map_dir, imported.setup["spaces"], space_name)
        imported.setup["layout"] = layout
        imported.not_mapped.extend(notes)
    node = styled(imported.setup)
    if map_dir is not None:
        from aa_ref.features.triplea.layout import flow_shapes

        flow_shapes(node)
    text = dump_yaml(node)
    atomic_write_many({str(out): text})
    doc = load_yaml(out)
    try:
        problems = setup_problems(parse_model(doc, "setup"), doc)
    except AaRefError as exc:
        problems = exc.problems or [Problem(exc.message, str(out))]
    return imported.not_mapped, problems
