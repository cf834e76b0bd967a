"""The facts of a TripleA game XML, read as TripleA states them: territories, connections, production,
owners, capitals, victory cities, unit types and costs, placements, treasuries, alliances, the turn
sequence, rules attachments of players and the relationships at the start. Player names are TripleA's
(`Germans`, `UK_Pacific`, `Neutral_True`); `editions` turns them into an edition's powers."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any

UNIT_NAMES = {"armour": "tank", "aaGun": "aa_gun", "factory": "industrial_complex",
              "factory_major": "major_industrial_complex", "factory_minor": "minor_industrial_complex",
              "airfield": "air_base", "harbour": "naval_base"}
"""TripleA unit type names that differ from aa-ref's."""
SPELLINGS = {"Paulau Island": "Palau Island", "Suiyuyan": "Suiyuan"}
"""TripleA's misspelt territory names (Global 1940) -> the board's own; the TripleA spelling stays an alias."""
TERRITORY_OPTIONS = {"production", "isImpassable", "capital", "victoryCity", "originalOwner", "blockadeZone"}
UNIT_READ = {"movement", "attack", "defense", "isAir", "isSea", "hitPoints", "isTwoHit", "isFactory", "isAA",
             "artillery", "bombard", "canProduceXUnits", "maxDamage", "isAirBase", "repairsUnits",
             "isInfrastructure", "canBombard", "isAAforCombatOnly", "canNotMoveDuringCombatMove",
             "maxAAattacks"}


def space_name(name: str) -> str:
    """`12 Sea Zone` or `Sea Zone 12` -> `SZ 12`; TripleA's misspellings corrected; other names unchanged."""
    name = name.strip()
    match = re.fullmatch(r"(\d+) Sea Zone|Sea Zone (\d+)", name)
    return f"SZ {match.group(1) or match.group(2)}" if match else SPELLINGS.get(name, name)


def unit_name(name: str) -> str:
    return UNIT_NAMES.get(name, name)


def options(node: ET.Element) -> dict[str, str]:
    return {o.get("name", ""): o.get("value", "") for o in node.findall("option")}


def number(text: str | None, what: str, default: int = 0) -> int:
    """A whole number of the XML, or ValueError naming what it is."""
    if text in (None, ""):
        return default
    try:
        value = int(str(text).strip())
    except ValueError:
        raise ValueError(f"{what}: '{text}' is not a whole number") from None
    if not -10**6 <= value <= 10**6:
        raise ValueError(f"{what}: {value} is out of range")
    return value


@dataclass
class Board:
    """What the XML says, in aa-ref's shape where no edition decides it (spaces, unit types), in TripleA's
    player names otherwise."""

    title: str
    properties: dict[str, str]
    spaces: dict[str, dict[str, Any]]
    owner: dict[str, str] = field(default_factory=dict)
    """space -> the TripleA player holding it at the start"""
    original: dict[str, str] = field(default_factory=dict)
    """space -> its original owner, where TripleA names one other than the holder"""
    capital: dict[str, str] = field(default_factory=dict)
    """TripleA player -> its capital"""
    treasury: dict[str, int] = field(default_factory=dict)
    players: list[str] = field(default_factory=list)
    alliances: dict[str, list[str]] = field(default_factory=dict)
    sequence: list[str] = field(default_factory=list)
    """players in the order of their (non-bid) steps"""
    unit_types: dict[str, dict[str, Any]] = field(default_factory=dict)
    placements: list[tuple[str, str, str, int]] = field(default_factory=list)
    """(space, TripleA player, unit type, count) in the XML's order"""
    player_rules: dict[str, dict[str, str]] = field(default_factory=dict)
    """TripleA player -> options of its `rulesAttachment`"""
    relationships: list[tuple[str, str, str]] = field(default_factory=list)
    canals: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    """(sea zone, options) of every canal attachment"""
    territory_options: dict[str, list[str]] = field(default_factory=dict)
    """territory options not mapped -> `territory: value` where they are set"""
    notes: list[str] = field(default_factory=list)


def read_board(root: ET.Element, fallback_title: str) -> Board:
    info = root.find("info")
    title = (info.get("name") if info is not None else None) or fallback_title
    properties = {p.get("name", ""): p.get("value", "") for p in root.iter("property")}
    board = Board(title=title, properties=properties, spaces={})
    notes = board.notes
    for t in root.iter("territory"):
        raw = t.get("name", "").strip()
        name = space_name(raw)
        board.spaces[name] = {"kind": "sea" if t.get("water") == "true" else "land", "adjacent": []}
        if name != raw and name in SPELLINGS.values():
            board.spaces[name]["aliases"] = [raw]
            notes.append(f"{raw}: TripleA's spelling; imported as {name} ({raw} stays an alias)")
    for c in root.iter("connection"):
        a, b = space_name(c.get("t1", "")), space_name(c.get("t2", ""))
        if a in board.spaces and b in board.spaces and a != b:
            for x, y in ((a, b), (b, a)):
                if y not in board.spaces[x]["adjacent"]:
                    board.spaces[x]["adjacent"].append(y)
        else:
            notes.append(f"connection {c.get('t1')} - {c.get('t2')}: an unknown territory")
    board.players = [p.get("name", "") for p in root.iter("player")]
    for a in root.iter("alliance"):
        board.alliances.setdefault(a.get("alliance", ""), []).append(a.get("player", ""))
    for r in root.iter("resourceGiven"):
        if r.get("resource") == "PUs":
            board.treasury[r.get("player", "")] = number(r.get("quantity"), f"PUs of {r.get('player')}")
    for o in root.iter("territoryOwner"):
        name = space_name(o.get("territory", ""))
        if name in board.spaces:
            board.owner[name] = o.get("owner", "")
    for step in root.iter("step"):
        p = step.get("player")
        if p and "bid" not in step.get("name", "").lower() and p not in board.sequence:
            board.sequence.append(p)
    for r in root.iter("relationship"):
        board.relationships.append((r.get("player1", ""), r.get("player2", ""), r.get("type", "")))
    _attachments(root, board)
    _production_costs(root, board)
    for u in root.iter("unitPlacement"):
        name = space_name(u.get("territory", ""))
        board.placements.append((name, u.get("owner", ""), unit_name(u.get("unitType", "")),
                                 number(u.get("quantity"), f"unit placement in {name}", 1)))
    return board


def _attachments(root: ET.Element, board: Board) -> None:
    notes = board.notes
    for unit in root.iter("unit"):
        board.unit_types[unit_name(unit.get("name", ""))] = {"domain": "land", "cost": 0, "attack": 0, "defense": 0,
                                                              "movement": 0}
    skipped: dict[str, list[str]] = {}
    described = set()
    supports: list[tuple[str, dict[str, str]]] = []
    for att in root.iter("attachment"):
        kind, target = att.get("name", ""), att.get("attachTo", "")
        opts = options(att)
        if kind.startswith("canalAttachment") or att.get("javaClass", "").endswith(".CanalAttachment"):
            board.canals.append((space_name(target), opts))
        elif kind == "territoryAttachment":
            _territory(board, target, opts)
        elif kind == "unitAttachment":
            described.add(unit_name(target))
            _unit(board, unit_name(target), opts)
        elif kind == "rulesAttachment" and att.get("type") == "player":
            board.player_rules[target] = opts
        elif kind.startswith("supportAttachment"):
            supports.append((unit_name(target), opts))
        else:
            java = att.get("javaClass", "").rsplit(".", 1)[-1] or re.sub(r"[0-9_].*$", "", kind) or kind
            skipped.setdefault(java, []).append(kind)
    for supporter, opts in supports:
        _support(board, supporter, opts)
    for name in sorted(set(board.unit_types) - described):
        notes.append(f"{name}: no unit attachment, imported with no values: give it its profile by hand")
    for java, names in sorted(skipped.items()):
        shown = sorted(set(names))
        more = f", ... ({len(shown) - 3} more names)" if len(shown) > 3 else ""
        notes.append(f"{len(names)} {java} attachment(s) not mapped ({', '.join(shown[:3])}{more}): TripleA rules "
                     f"with no aa-ref setup field")
    for option, where in sorted(board.territory_options.items()):
        more = f", ... ({len(where) - 3} more)" if len(where) > 3 else ""
        notes.append(f"territory option {option} not mapped ({', '.join(where[:3])}{more})")


def _territory(board: Board, target: str, opts: dict[str, str]) -> None:
    name = space_name(target)
    space = board.spaces.get(name)
    if space is None:
        board.notes.append(f"territory attachment for unknown {target}")
        return
    value = number(opts.get("production"), f"production of {target}")
    if value:
        space["value"] = value
    if opts.get("isImpassable") == "true":
        space["impassable"] = True
    if opts.get("capital"):
        board.capital.setdefault(opts["capital"], name)
    if opts.get("victoryCity", "0") not in ("", "0", "false"):
        space["victory_city"] = name
    if opts.get("originalOwner"):
        board.original[name] = opts["originalOwner"]
    if opts.get("blockadeZone") == "true":
        space["convoy_zone"] = True
    for option in sorted(set(opts) - TERRITORY_OPTIONS):
        board.territory_options.setdefault(option, []).append(f"{target}: {_short(opts[option])}")


def _unit(board: Board, name: str, opts: dict[str, str]) -> None:
    unit = board.unit_types.setdefault(name, {"domain": "land", "cost": 0, "attack": 0, "defense": 0, "movement": 0})
    unit["domain"] = "air" if opts.get("isAir") == "true" else "sea" if opts.get("isSea") == "true" else "land"
    for key in ("attack", "defense", "movement"):
        unit[key] = number(opts.get(key), f"{key} of {name}", unit[key])
    hits = number(opts.get("hitPoints"), f"hitPoints of {name}", 2 if opts.get("isTwoHit") == "true" else 1)
    if hits > 1:
        unit["hits"] = hits
    if opts.get("isAA") == "true":
        unit.update(anti_aircraft=1, combatant=False, noncombat_only=True)
    elif opts.get("isAAforCombatOnly") == "true":  # Global 1940's AAA: a combatant that may be a casualty
        unit.update(anti_aircraft=1)
        if opts.get("canNotMoveDuringCombatMove") == "true":
            unit["noncombat_only"] = True
        if number(opts.get("maxAAattacks"), f"maxAAattacks of {name}", -1) > 0:
            unit["anti_aircraft_shots"] = number(opts["maxAAattacks"], f"maxAAattacks of {name}")
    if opts.get("artillery") == "true":
        unit["support"] = {"unit": "infantry", "attack": 2}
    if "bombard" in opts:
        unit["bombard"] = number(opts["bombard"], f"bombard of {name}")
    elif opts.get("canBombard") == "true":
        unit["bombard"] = unit["attack"]  # TripleA bombards at the unit's attack unless told
    kind = ("industrial_complex" if opts.get("isFactory") == "true" else "air_base" if opts.get("isAirBase") == "true"
            else "naval_base" if opts.get("repairsUnits") and opts.get("isInfrastructure") == "true" else None)
    if kind:
        unit.update(combatant=False, installation=True, installation_kind=kind)
        if "canProduceXUnits" in opts:
            unit["places_per_turn"] = number(opts["canProduceXUnits"], f"canProduceXUnits of {name}")
        if "maxDamage" in opts:
            unit["max_damage"] = number(opts["maxDamage"], f"maxDamage of {name}")
    left = [f"{o}={_short(opts[o])}" for o in sorted(set(opts) - UNIT_READ)]
    if left:
        board.notes.append(f"{name}: unit options not mapped (aa-ref's rules decide them): {', '.join(left)}")


def _short(text: str, most: int = 60) -> str:
    return text if len(text) <= most else text[:most] + "..."


def _support(board: Board, supporter: str, opts: dict[str, str]) -> None:
    """A support attachment as aa-ref's `support`: one supporter raises one unit of the listed types, when
    attacking, by `bonus`. One granted only by a technology (no `players`) or of another kind is not mapped."""
    targets = [unit_name(u) for u in opts.get("unitType", "").split(":") if u]
    unit = board.unit_types.get(supporter)
    plain = (opts.get("side") == "offence" and opts.get("dice") == "strength" and opts.get("number", "1") == "1"
             and opts.get("players") and targets and all(t in board.unit_types for t in targets))
    if unit is None or not plain or unit.get("support"):
        if opts.get("players"):
            board.notes.append(f"{supporter}: support of {', '.join(targets) or 'nothing'} not mapped (aa-ref's "
                               f"support raises one unit's attack only)")
        return
    first = board.unit_types[targets[0]]
    unit["support"] = {"unit": targets[0], "attack": first["attack"] + number(opts.get("bonus"), "bonus", 1)}
    if targets[1:]:
        unit["support"]["also"] = targets[1:]


def _production_costs(root: ET.Element, board: Board) -> None:
    for rule in root.iter("productionRule"):
        cost = rule.find("cost")
        result = rule.find("result")
        if cost is None or result is None:
            continue
        unit = unit_name(result.get("resourceOrUnit", ""))
        if unit in board.unit_types and cost.get("resource") == "PUs" and result.get("quantity", "1") == "1":
            if not board.unit_types[unit]["cost"]:  # the first rule is the standard price (later ones: technologies)
                board.unit_types[unit]["cost"] = number(cost.get("quantity"), f"cost of {unit}")
        elif unit not in board.unit_types:
            board.notes.append(f"production rule {rule.get('name')}: {unit} is not a unit type")
