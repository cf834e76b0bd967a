"""TripleA's canal attachments as aa-ref canals and straits.

TripleA names each canal's attachments as it likes (`canalAttachment`, `canalAttachmentSuez_Canal`,
`canalAttachmentDanish`); they are recognised by name prefix or Java class, and grouped by `canalName`.
Each is attached to the sea zones it joins; `landTerritories` are the territories a side must all control
(`controlled_by`), `excludedUnits` the unit types that pass whoever controls it (`open_to`, ships only:
aircraft never use canals in aa-ref). A canal commanded only by impassable neutral territories can never
open (the 1941 map's Turkish Straits): where one of its zones has no other sea neighbour it is written as
aa-ref's closed zone (`straits`), as the shipped 1941 setup has it."""

from __future__ import annotations

from typing import Any

from aa_ref.features.triplea.board import space_name, unit_name

HELD_SINCE_TURN_START = {"anniversary", "global1940"}
"""Editions whose canals open only to a side that held them since the start of its turn (Anniversary
[@39538], Global 1940 [L511]); the 1941 rulebook reads control at the time of the move [L282-L286]."""


def canals_and_straits(board_canals: list[tuple[str, dict[str, str]]], spaces: dict[str, dict[str, Any]],
                       unit_types: dict[str, dict[str, Any]], ruleset: str, never_held: set[str],
                       notes: list[str]) -> tuple[list[dict], list[dict]]:
    """The canals and straits of the map; `never_held`: the spaces no power can ever control."""
    grouped: dict[str, dict[str, Any]] = {}
    for zone, opts in board_canals:
        name = opts.get("canalName") or "canal"
        canal = grouped.setdefault(name, {"name": name, "joins": [], "controlled_by": [], "excluded": []})
        if zone not in spaces or spaces[zone]["kind"] != "sea":
            notes.append(f"{name}: attached to {zone}, which is not a sea zone of the map; left out")
            continue
        if zone not in canal["joins"]:
            canal["joins"].append(zone)
        for t in opts.get("landTerritories", "").split(":"):
            t = space_name(t)
            if t and t not in canal["controlled_by"]:
                canal["controlled_by"].append(t)
        for u in opts.get("excludedUnits", "").split(":"):
            if u and unit_name(u) not in canal["excluded"]:
                canal["excluded"].append(unit_name(u))
    canals, straits = [], []
    for name, c in grouped.items():
        if len(c["joins"]) != 2:
            notes.append(f"{name}: joins {len(c['joins'])} sea zone(s) ({', '.join(c['joins'])}); aa-ref's canals join "
                         f"two: add it by hand")
            continue
        a, b = c["joins"]
        unknown = [t for t in c["controlled_by"] if t not in spaces]
        if unknown:
            notes.append(f"{name}: its land territories {', '.join(unknown)} are not on the map; add it by hand")
            continue
        if c["controlled_by"] and set(c["controlled_by"]) <= never_held:
            closed = [z for z in (b, a) if [s for s in spaces[z]["adjacent"] if spaces[s]["kind"] == "sea"] == [
                a if z == b else b]]
            if closed:
                straits.append({"name": name, "sea_zone": closed[0]})
                notes.append(f"{name}: commanded only by the impassable {' and '.join(c['controlled_by'])}, so never "
                             f"open: imported as the closed zone {closed[0]} (straits)")
                continue
        canal: dict[str, Any] = {"name": name, "joins": [a, b], "controlled_by": c["controlled_by"]}
        ships = [u for u in c["excluded"] if unit_types.get(u, {}).get("domain") == "sea"]
        others = [u for u in c["excluded"] if u not in ships]
        if ships:
            canal["open_to"] = ships
        if others:
            notes.append(f"{name}: excludedUnits {', '.join(others)} not mapped (only ships use canals in aa-ref)")
        if ruleset in HELD_SINCE_TURN_START:
            canal["held_since_turn_start"] = True
        canals.append(canal)
    return canals, straits
