"""What an edition makes of TripleA's players: which ruleset a map is for, which TripleA players are
powers (and which economy of a power), what the others are (neutrals, the Dutch, Mongolia), China's rules,
and the war matrix. The shipped setups are the model: `aa_ref/setups/global1940.yaml` and
docs/global1940-board.md ("Powers") for Global 1940, `anniversary-1941.yaml` for Anniversary China."""

from __future__ import annotations

from typing import Any

from aa_ref.features.triplea.board import Board, number, space_name

POWER_NAMES = {"Germans": "Germany", "Russians": "USSR", "Japanese": "Japan", "British": "UK", "Italians": "Italy",
               "Chinese": "China", "Americans": "USA", "French": "France", "ANZAC": "ANZAC"}
"""TripleA's player names (peoples) -> aa-ref's power names; others are kept as they are."""
ECONOMIES = {"global1940": {"British": ("UK", "Europe"), "UK_Pacific": ("UK", "Pacific")}}
"""Players that are one economy of a power: Global 1940's UK is one power with two economies [G40 L1656]."""
ALIGNMENTS = {"Neutral_True": "strict", "Mongolians": "strict", "Neutral_Axis": "pro_axis",
              "Neutral_Allies": "pro_allies"}
"""TripleA's pseudo-players for neutrals -> the alignment of their territories (Global 1940)."""
GROUPS = {"Dutch": "Dutch", "Mongolians": "Mongolia"}
"""Pseudo-players whose territories the Global 1940 rules name as a group."""
VICTORY_GROUPS = ("Europe victory cities", "Pacific victory cities")


def detect(board: Board) -> tuple[str, str]:
    """The ruleset a map is for, and why: from the game's name, then its properties."""
    name = board.title.lower()
    words = set(name.replace("-", " ").replace("_", " ").split())
    if "global" in words or "1940" in words:
        return "global1940", f"the game's name '{board.title}' names Global 1940"
    if "anniversary" in words or "v3" in words:
        return "anniversary", f"the game's name '{board.title}' names the Anniversary Edition (World War II v3)"
    if "1941" in words or "v6" in words:
        return "aa1941", f"the game's name '{board.title}' names Axis & Allies 1941 (World War II v6)"
    if board.properties.get("WW2V3") == "true":
        return "anniversary", f"the game '{board.title}' has TripleA's property WW2V3 (the Anniversary Edition's rules)"
    return "aa1941", f"no edition recognised in the game's name '{board.title}': 1941 rules assumed (give --ruleset)"


def power_map(board: Board, ruleset: str, notes: list[str]) -> tuple[dict[str, str], dict[str, str]]:
    """TripleA players who take turns -> powers, and those that are a power's economy -> the economy.
    A player with no step in the turn sequence is no power (Global 1940's neutrals, Dutch, Mongolians)."""
    economies = ECONOMIES.get(ruleset, {})
    powers: dict[str, str] = {}
    economy: dict[str, str] = {}
    for player in board.players:
        if player not in board.sequence and board.sequence:
            continue
        if player in economies:
            powers[player], economy[player] = economies[player]
        else:
            powers[player] = POWER_NAMES.get(player, player)
    merged: dict[str, list[str]] = {}
    for player, power in powers.items():
        merged.setdefault(power, []).append(player)
    for power, players in merged.items():
        if len(players) > 1:
            notes.append(f"{' and '.join(players)}: one power, {power}, with the economies "
                         f"{', '.join(economy[p] for p in players)}")
    return powers, economy


def pseudo_space(space: dict[str, Any], name: str, player: str, ruleset: str, groups: dict[str, list[str]],
                 notes: list[str]) -> None:
    """A territory of a TripleA player that is no power: a neutral (with its alignment), a Dutch territory
    (no owner), or, outside Global 1940, a neutral."""
    if ruleset == "global1940" and player in GROUPS:
        groups.setdefault(GROUPS[player], []).append(name)
    if ruleset == "global1940" and player == "Dutch":
        return  # no owner and not neutral: any Allied power may take it [G40 L355]
    space["neutral"] = True
    if ruleset == "global1940":
        space["alignment"] = ALIGNMENTS.get(player, "strict")
        if player not in ALIGNMENTS:
            notes.append(f"{name}: held by {player}, no power: imported as a strict neutral")


def power_rules(power: str, player: str, board: Board, setup: dict[str, Any], never_held: set[str],
          notes: list[str]) -> None:
    """A power whose TripleA capital it cannot hold (Anniversary China's Mongolia, Global China's Himalayas:
    TripleA's device) has no capital; TripleA's movement restriction is its `confined_to`; its production
    per X territories (Anniversary) is aa-ref's `china` rule: no IPCs, free infantry."""
    p = setup["powers"][power]
    capital = p.get("capital")
    if capital is not None and (capital in never_held or _start_owner(setup["spaces"].get(capital, {})) != power):
        del p["capital"]
        notes.append(f"{power}: TripleA's capital {capital} is a space {power} does not hold (a TripleA device): "
                     f"imported with no capital")
    rules = board.player_rules.get(player, {})
    allowed = [space_name(t) for t in rules.get("movementRestrictionTerritories", "").split(":") if t]
    if allowed and rules.get("movementRestrictionType", "allowed") == "allowed":
        p["confined_to"] = sorted(allowed)
    if rules.get("productionPerXTerritories"):
        per = number(rules["productionPerXTerritories"], f"productionPerXTerritories of {player}")
        if per < 1:
            raise ValueError(f"productionPerXTerritories of {player}: {per} is not a number of territories")
        p.update(treasury=0, collects_income=False)
        order = setup["turn_order"]
        before = order[order.index(power) - 1] if power in order and len(order) > 1 else power
        setup["china"] = {"power": power, "granted_in_turn_of": before, "unit": "infantry",
                          "territories_per_unit": per,
                          "placement_limit": max(1, number(rules.get("placementPerTerritory"),
                                                           f"placementPerTerritory of {player}", 3))}
        notes.append(f"{power}: TripleA's productionPerXTerritories={per}: no IPCs, 1 free infantry per {per} "
                     f"territories, counted in the turn of {before}, the power before it (the Anniversary rule "
                     f"[@47731]; change `china.granted_in_turn_of` if your table plays it otherwise)")


def _start_owner(space: dict[str, Any]) -> str | None:
    return space.get("owner") or space.get("original_owner")


def wars(board: Board, powers: dict[str, str], sides: dict[str, list[str]], order: list[str]) -> list[list[str]]:
    """The pairs of powers of opposite sides TripleA puts at `War` at the start."""
    side = {p: s for s, members in sides.items() for p in members}
    pairs: list[list[str]] = []
    for one, two, kind in board.relationships:
        if kind != "War" or one not in powers or two not in powers:
            continue
        a, b = powers[one], powers[two]
        if a == b or side.get(a) == side.get(b):
            continue
        pair = sorted([a, b], key=lambda p: order.index(p) if p in order else len(order))
        if pair not in pairs:
            pairs.append(pair)
    return pairs
