"""`aa-ref import-triplea`: a TripleA game XML turned into an aa-ref setup, with a report of
everything it could not map. TripleA's XML is read for facts only (territories, connections,
production, owners, capitals, victory cities, canals and straits, convoy zones, unit types and
placements, the turn sequence and the relationships at the start); rules that live in TripleA's Java
or in its triggers have no counterpart and are listed as not mapped, and what an edition needs that
the XML does not state is listed as to add by hand.

The pieces: `xmlsafe` (reading a hostile file), `board` (the XML's facts in TripleA's player names),
`passages` (canals and straits), `editions` (the ruleset detected, TripleA's players as an edition's
powers, neutrals, China, the war matrix); this module puts them together as a setup."""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aa_ref.core.documents import parse_model
from aa_ref.core.errors import AaRefError, InvalidInput, Problem, UsageError
from aa_ref.core.session import RULESETS
from aa_ref.core.yamlio import atomic_write_many, dump_yaml, load_yaml, refuse_existing, styled
from aa_ref.features.triplea import editions
from aa_ref.features.triplea.board import Board, read_board, space_name
from aa_ref.features.triplea.passages import canals_and_straits
from aa_ref.features.triplea.xmlsafe import parse_game_xml
from aa_ref.games.axis_allies.rules.checks import setup_problems

__all__ = ["Imported", "import_triplea", "import_xml", "space_name"]


@dataclass
class Imported:
    setup: dict[str, Any]
    not_mapped: list[str] = field(default_factory=list)
    ruleset: str = "aa1941"
    detected: str | None = None
    """why the ruleset was chosen, when the user gave none"""
    to_add: list[str] = field(default_factory=list)
    """what the edition needs that the XML does not state"""


def import_xml(path: Path, ruleset: str | None = None) -> Imported:
    root = parse_game_xml(path)
    try:
        board = read_board(root, path.stem)
        detected = None
        if ruleset is None:
            ruleset, detected = editions.detect(board)
        else:
            guess, why = editions.detect(board)
            if guess != ruleset and not why.startswith("no edition"):
                board.notes.append(f"--ruleset {ruleset} given, though {why}")
        imported = build(board, ruleset, path.name)
    except ValueError as exc:
        raise InvalidInput(f"{path}: {exc}") from None
    imported.detected = detected
    return imported


def build(board: Board, ruleset: str, filename: str) -> Imported:
    notes = board.notes
    powers_of, economy_of = editions.power_map(board, ruleset, notes)
    spaces = copy.deepcopy(board.spaces)
    never_held: set[str] = set()
    groups: dict[str, list[str]] = {}
    for name, space in spaces.items():
        holder = board.owner.get(name)
        original = board.original.get(name, holder)
        if space["kind"] == "sea":
            _sea_zone(name, space, holder, ruleset, notes)
            continue
        if space.pop("impassable", False):
            never_held.add(name)
            space.pop("value", None)
            space["impassable" if ruleset == "global1940" else "neutral"] = True
            continue
        if original in powers_of:
            space["original_owner"] = powers_of[original]
            if original in economy_of:
                space["economy"] = economy_of[original]
            if holder in powers_of and powers_of[holder] != powers_of[original]:
                space["owner"] = powers_of[holder]
        elif original:
            editions.pseudo_space(space, name, original, ruleset, groups, notes)
            if space.get("neutral") and ruleset != "global1940":
                never_held.add(name)
                space.pop("value", None)
    for name, space in spaces.items():
        kinds = [spaces[s]["kind"] for s in space["adjacent"]]
        if space["kind"] == "land" and kinds == ["sea"] and name not in never_held:
            space["island"] = True  # lying entirely inside one sea zone [L290], [@38361]
        if ruleset == "aa1941" and space.pop("victory_city", None):
            notes.append(f"{name}: a victory city in TripleA; the 1941 game is won by capitals [L72-L86] and has none")
    unit_types = _unit_types(board, ruleset, notes)
    units = _units(board, spaces, unit_types, powers_of, ruleset == "global1940", notes)
    sides: dict[str, list[str]] = {}
    for alliance, members in board.alliances.items():
        for player in members:
            if player in powers_of and powers_of[player] not in sides.setdefault(alliance, []):
                sides[alliance].append(powers_of[player])
    sides = {s: m for s, m in sides.items() if m}
    turn_order = list(dict.fromkeys(powers_of[p] for p in board.sequence if p in powers_of))
    powers = _powers(board, powers_of, economy_of)
    setup: dict[str, Any] = {
        "kind": "setup", "schema_version": 1, "id": re.sub(r"[^a-z0-9]+", "-", board.title.lower()).strip("-"),
        "title": board.title, "ruleset": ruleset, "rulebook": f"imported from {filename} (TripleA game XML)",
        "sides": sides, "turn_order": turn_order or list(powers), "powers": powers, "unit_types": unit_types,
        "spaces": dict(sorted(spaces.items())),
    }
    setup["canals"], straits = canals_and_straits(board.canals, spaces, unit_types, ruleset, never_held, notes)
    if straits:
        setup["straits"] = straits
    setup["units"] = units
    for player, power in powers_of.items():
        if power in powers and player not in economy_of:
            editions.power_rules(power, player, board, setup, never_held, notes)
    to_add: list[str] = []
    if ruleset == "global1940":
        _global1940(board, setup, powers_of, groups, notes, to_add)
    elif groups:
        setup["groups"] = groups
    return Imported(setup, notes, ruleset, None, to_add)


def _sea_zone(name: str, space: dict[str, Any], holder: str | None, ruleset: str, notes: list[str]) -> None:
    if space.pop("value", 0):
        notes.append(f"{name}: TripleA's production value of a sea zone dropped (sea zones have no value in aa-ref"
                     f"{'; convoy losses come from the territories beside a convoy zone' if ruleset == 'global1940' else ''})")
    if holder and ruleset == "global1940" and holder == "Japanese":
        space["kamikaze_zone"] = True  # TripleA marks the kamikaze zones by a Japanese owner
    elif holder:
        notes.append(f"{name}: TripleA gives this sea zone an owner ({holder}); sea zones have none in aa-ref")
    if space.get("convoy_zone") and ruleset != "global1940":
        del space["convoy_zone"]
        notes.append(f"{name}: a convoy zone (blockadeZone); {ruleset} has no convoys")


def _unit_types(board: Board, ruleset: str, notes: list[str]) -> dict[str, dict[str, Any]]:
    unit_types = copy.deepcopy(board.unit_types)
    for name, unit in list(unit_types.items()):
        if not unit.get("installation"):
            continue
        if ruleset != "global1940":  # a space's `industrial_complex: true`; a complex is bought if it has a price
            if unit["cost"] and unit.get("installation_kind") == "industrial_complex":
                unit_types[name] = {k: v for k, v in unit.items() if k not in ("installation_kind", "places_per_turn",
                                                                                "max_damage")}
            else:
                del unit_types[name]
        elif name == "factory_upgrade":
            del unit_types[name]
            notes.append("factory_upgrade: TripleA's upgrade of a minor complex to a major one; aa-ref's Global "
                         "1940 rules have no such unit type")
    return unit_types


def _units(board: Board, spaces: dict, unit_types: dict, powers_of: dict[str, str], global_board: bool,
           notes: list[str]) -> dict:
    units: dict[str, dict[str, dict[str, int]]] = {}
    for name, player, unit, n in board.placements:
        if name not in spaces:
            notes.append(f"unit placement of {unit} in {name}: unknown territory")
            continue
        space = spaces[name]
        if unit == "industrial_complex" and not global_board:
            space["industrial_complex"] = True
            continue
        if unit not in unit_types:
            notes.append(f"unit placement of {unit} in {name}: unknown unit type")
            continue
        if unit_types[unit].get("installation"):
            space.setdefault("installations", []).append(unit)
            continue
        if player not in powers_of:
            if space.get("neutral") and unit_types[unit]["domain"] == "land":
                space.setdefault("neutral_army", {})[unit] = space.get("neutral_army", {}).get(unit, 0) + n
            else:
                notes.append(f"{n} {unit} of {player} (no power) in {name}: left out")
            continue
        owner = powers_of[player]
        if space["kind"] == "sea" and unit_types[unit]["domain"] == "land":
            notes.append(f"{n} {unit} of {owner} start aboard a transport in {name}: place them on land by hand")
            continue
        here = units.setdefault(name, {}).setdefault(owner, {})
        here[unit] = here.get(unit, 0) + n
    return units


def _powers(board: Board, powers_of: dict[str, str], economy_of: dict[str, str]) -> dict[str, dict[str, Any]]:
    powers: dict[str, dict[str, Any]] = {}
    for player, power in powers_of.items():
        p = powers.setdefault(power, {"treasury": 0})
        treasury = board.treasury.get(player, 0)
        p["treasury"] += treasury
        capital = board.capital.get(player)
        if player in economy_of:
            p.setdefault("capital", capital)
            p.setdefault("economies", {})[economy_of[player]] = {"capital": capital, "treasury": treasury}
        elif capital:
            p["capital"] = capital
        if p.get("capital") is None:
            p.pop("capital", None)
    return powers


def _global1940(board: Board, setup: dict[str, Any], powers_of: dict[str, str], groups: dict[str, list[str]],
                notes: list[str], to_add: list[str]) -> None:
    setup["damage_lasts"] = True
    notes.append("damage_lasts: true (Global 1940: damaged capital ships stay damaged until repaired [G40 L1247])")
    setup["wars_at_start"] = editions.wars(board, powers_of, setup["sides"], setup["turn_order"])
    kinds = sorted({kind for a, b, kind in board.relationships if kind not in ("War", "Allied")})
    notes.append(f"relationships at the start: {len(setup['wars_at_start'])} pairs at war imported as "
                 f"wars_at_start; other kinds ({', '.join(kinds)}) mean not at war or a neutral's leaning")
    setup["groups"] = {name: sorted(members) for name, members in sorted(groups.items())}
    for group in editions.VICTORY_GROUPS:
        to_add.append(f"groups: '{group}': the victory cities the Axis must hold on that map (the XML states the "
                      f"victory conditions only in triggers); without them no side wins by victory cities")
    to_add.append("national_objectives and technologies: the XML states them in triggers and attachments aa-ref "
                  "does not read; without them the game is played without objectives and research")


def import_triplea(xml_path: Path, out: Path, ruleset: str | None = None, overwrite: bool = False,
                   map_dir: Path | None = None) -> tuple[Imported, list[Problem]]:
    """Convert a TripleA game XML into a setup file: what was imported (with what could not be mapped, the
    ruleset detected and what to add by hand), and the setup's problems as `validate` sees them (the file is
    written so that they can be fixed by hand; `new` refuses it until they are). With `map_dir`, a TripleA map
    folder: its centres and outlines become the setup's `layout:`."""
    if ruleset is not None and ruleset not in RULESETS:
        raise UsageError(f"unknown ruleset '{ruleset}' (rulesets: {', '.join(RULESETS)})")
    refuse_existing([out], overwrite)
    imported = import_xml(Path(xml_path), ruleset)
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
    return imported, problems
