"""Where the Combat Move leads to battle, and whether each move may end where it does.

A combat move ends in a hostile space or an attack, with four exceptions [L372-L377]:
a tank that blitzed, ships supporting an amphibious assault, ships leaving a hostile zone
they started in, ships attacking enemy submarines or transports. Battles are listed for
the Conduct Combat phase [L479-L535]:

- a territory that the mover's land units enter while it is hostile, even empty [L379, L533];
- a space where the mover's arriving units meet enemy units (air units alone attack
  only occupied spaces: they cannot capture [L653]);
- a sea zone where the mover's ships started with enemy warships and stayed [L391-L402];
- an amphibious assault: the target (kind land, `amphibious_from` = offload zones) and,
  if the mover fights there, the offload zone (kind sea) [L412-L418, L499-L511].

Lone submarines and transports (rulings 5 and 6): units other than transports that end their
combat move in a zone where the only enemy units are submarines and/or transports attack them:
ships end a combat move there "to attack those units" [L377], lone transports are destroyed
"automatically" [L973]. The exception is a zone an amphibious assault comes from, which the
orders' `ignore` lists: the attacker may ignore them there [L501] (Anniversary [@76867], Global
1940 [G40 L880]); no sea battle is fought, so the ships there may bombard. Transports alone
ignore enemy submarines when offloading [L449]. Where the editions differ is a ruleset hook,
`NavalRules`: 1941's attacking destroyer makes the battle with submarines compulsory [L449,
L503]; a Global 1940 transport unloads beside ignored submarines only with a surface warship
of its power there [G40 L680]; an Anniversary transport may attack alone [@135865]. Air units
assigned to the sea battle of an assault fly to the offload zone (`battle: sea`); the sea
battle's `air_to_sea` lists them [L418, L525].

Anniversary: bombers moved with `bombing: true` make a strategic bombing raid (a battle of
kind `bombing`, see `bombing`) and neither make nor join another battle [@76187]; units that
never fight (AA guns) do not give air units alone anything to attack [@114710].
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from aa_ref.core.engine import OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.setup import UnitCounts
from aa_ref.games.axis_allies.model.state import Battle
from aa_ref.games.axis_allies.rules.board import SURFACE_WARSHIPS, Board, add_counts
from aa_ref.games.axis_allies.rules.bombing import check_raid_leg, raid_battles
from aa_ref.games.axis_allies.rules.legs import Leg
from aa_ref.games.axis_allies.rules.naval import NAVAL_1941, NavalRules
from aa_ref.games.axis_allies.rules.paths import blitzed


LONE = frozenset({"submarine", "transport"})
"""Enemy units that may be ignored when they are alone in a zone [L387, L501]."""


@dataclass
class Sites:
    """The battles a Combat Move leads to, and what the rules need to know about them."""

    battles: list[Battle] = field(default_factory=list)
    blitzed: set[str] = field(default_factory=set)
    offload: dict[str, list[str]] = field(default_factory=dict)
    """target territory -> sea zones its assault comes from"""
    ignored: set[str] = field(default_factory=set)
    """offload zones whose lone enemy submarines and transports the attack ignores [L501]"""

    def at(self, space: str) -> Battle | None:
        """The battle in a space; a bombing raid there is not one [@76187]."""
        return next((b for b in self.battles if b.space == space and b.kind != "bombing"), None)

    def offload_zones(self) -> set[str]:
        return {z for zones in self.offload.values() for z in zones}

    def assault_with_sea_battle(self, space: str) -> bool:
        """The space is an assault target or offload zone whose assault has a sea battle [L418]."""
        zones = self.offload.get(space, [space] if space in self.offload_zones() else [])
        return any((b := self.at(z)) is not None and b.kind == "sea" for z in zones)


def staying(board: Board, legs: list[Leg], power: str) -> dict[str, UnitCounts]:
    """The mover's units that stay in a zone holding enemy warships since the turn began:
    they stay to fight [L391-L402]."""
    out = {}
    for space in board.game.spaces:
        if board.is_sea(space) and board.is_hostile_sea(space, power):
            left = board.units(space, [power])
            for leg in legs:
                if leg.start == space:
                    left = add_counts(left, {u: min(n, left.get(u, 0)) for u, n in leg.units.items()}, -1)
            if left:
                out[space] = left
    return out


def lone_enemies(board: Board, zone: str, power: str) -> UnitCounts:
    """The enemy units in a sea zone if they are only submarines and/or transports, else none [L501]."""
    enemies = {u: n for u, n in board.enemy_units(zone, power).items() if n}
    return enemies if enemies and set(enemies) <= LONE else {}


def at_end(board: Board, legs: list[Leg], power: str, zone: str) -> UnitCounts:
    """The mover's units in a zone at the end of the Combat Move: those that stay, and those that arrive."""
    units = board.units(zone, [power])
    for leg in legs:
        if leg.start == zone and leg.length and not leg.bombing:
            units = add_counts(units, {u: min(n, units.get(u, 0)) for u, n in leg.units.items()}, -1)
    for leg in legs:
        if leg.end == zone and leg.length and not leg.bombing:
            units = add_counts(units, leg.units)
    return units


def ignore_list(board: Board, given: OrdersInput) -> list[str]:
    """The sea zones the orders' `ignore` names, in the board's names (unknown names left out)."""
    names = (board.setup.space_names.get(text) for text in getattr(given.model, "ignore", None) or [])
    return [name for name in names if name is not None]


def battle_sites(board: Board, legs: list[Leg], power: str, ignore: Collection[str] = (),
                 naval: NavalRules = NAVAL_1941) -> Sites:
    """The battles of the Combat Move, amphibious assaults first [L483-L487]; none in the offload
    zones whose lone submarines and transports the orders `ignore` [L501]."""
    sites = Sites(blitzed={t for leg in legs if (t := blitzed(board, leg, power))})
    arrive: dict[str, UnitCounts] = {}
    came: dict[str, list[str]] = {}
    for leg in legs:
        if leg.bombing:
            continue  # a raid, fought on its own [@76187]
        arrive[leg.end] = add_counts(arrive.get(leg.end, {}), leg.units)
        # Land and sea units retreat to where they came from; air units stay put [L637, L643].
        # Units landing from a transport that stays put (an ally's) are seaborne: they never retreat [L519].
        retreating = any(board.domain(u) != "air" for u in leg.units) and not leg.in_place(board)
        if leg.length and retreating and leg.path[-2] not in came.setdefault(leg.end, []):
            came[leg.end].append(leg.path[-2])
        if leg.drop and not leg.airborne:  # Global 1940: they retreat with the land attack [G40 L1828]
            # Paratroopers retreat to any adjacent friendly territory [@56380] (ruling A15).
            came[leg.end] += [s for s in sorted(board.adjacency[leg.end]) if board.is_land(s) and s not in came[leg.end]]
        if leg.unload and leg.units.get("transport") and leg.end not in sites.offload.setdefault(leg.unload, []):
            sites.offload[leg.unload].append(leg.end)
        if leg.in_place(board) == "land" and leg.start not in sites.offload.setdefault(leg.end, []):
            # An assault from a transport that does not move, such as an ally's [L477, L989].
            sites.offload[leg.end].append(leg.start)
    stay = staying(board, legs, power)

    def add(space: str, kind: str, **extra) -> None:
        if sites.at(space) is None:
            sites.battles.append(Battle(space=space, attacker=power, kind=kind, came_from=came.get(space, []), **extra))

    def air(space: str) -> UnitCounts:
        return {u: n for u, n in arrive.get(space, {}).items() if board.domain(u) == "air"}

    def sea_battle(zone: str) -> bool:
        if zone in sites.ignored:
            return False
        arriving = arrive.get(zone, {})
        armed = any(u != "transport" and board.domain(u) != "land" for u in arriving)
        # An Anniversary transport attacks alone: the enemy warships there give battle [@135865].
        alone = naval.transports_attack_alone and "transport" in arriving and board.is_hostile_sea(zone, power)
        return bool(board.enemy_units(zone, power)) and (armed or alone or zone in stay or destroyer_at(zone))

    def destroyer_at(zone: str) -> bool:
        """An attacking destroyer in an offload zone fights the enemy there, though it does not move: in 1941
        compulsorily [L449, L503], elsewhere unless the orders `ignore` the zone."""
        leaving = sum(leg.units.get("destroyer", 0) for leg in legs if leg.start == zone)
        return zone in sites.offload_zones() and board.units(zone, [power]).get("destroyer", 0) > leaving

    def forced(zone: str) -> bool:
        """1941: the attacker's destroyer there makes the battle with submarines compulsory [L449, L503]."""
        return (naval.destroyer_forbids_ignoring and bool(lone_enemies(board, zone, power).get("submarine"))
                and at_end(board, legs, power, zone).get("destroyer", 0) > 0)

    sites.ignored = {z for z in ignore if z in sites.offload_zones() and lone_enemies(board, z, power)
                     and not forced(z)}

    order = list(arrive)  # zones of in-place landings (no ship arrives there) come last [L989]
    for zone in sorted(sites.offload_zones(), key=lambda z: (order.index(z) if z in order else len(order), z)):
        if sea_battle(zone):
            add(zone, "sea", air_to_sea=air(zone))
    for target, zones in sites.offload.items():
        add(target, "land", amphibious_from=zones)
    for space in [*arrive, *stay]:
        if board.is_sea(space):
            if sea_battle(space):
                add(space, "sea")
        elif space not in sites.blitzed and board.is_hostile_territory(space, power):
            land_units = any(board.domain(u) == "land" for u in arrive[space])
            if land_units or (air(space) and fighting_enemies(board, space, power)):
                add(space, "land")
    sites.battles[:0] = raid_battles([(leg.end, leg.units) for leg in legs if leg.bombing], power)
    return sites


def fighting_enemies(board: Board, space: str, power: str) -> bool:
    """Enemy units in the space that fight: AA guns and industrial complexes never do [@114710]."""
    return any(n and board.unit(u).combatant for u, n in board.enemy_units(space, power).items())


def check_combat_ends(board: Board, given: OrdersInput, legs: list[Leg], sites: Sites) -> list[Problem]:
    """Each combat move ends in a battle or one of the four exceptions [L372-L377]."""
    out: list[Problem] = []
    for leg in legs:
        if leg.bombing:
            out += check_raid_leg(board, given, leg.units, leg.end, leg.index)
            continue
        if leg.in_place(board) == "board":
            continue  # `aboard` refuses boarding in place in the Combat Move [L442]
        took = sites.at(leg.end) or leg.end in sites.blitzed or blitzed(board, leg, given.model.power)
        if leg.of(board, "land") and not took:
            out.append(_friendly_end(board, given, leg, "land units end a combat move in a hostile territory"))
        if leg.of(board, "sea"):
            out += _sea_end(board, given, leg, sites)
        if leg.of(board, "air"):
            out += _air_end(board, given, leg, sites)
    return out


def check_lone_enemies(board: Board, given: OrdersInput, legs: list[Leg], sites: Sites,
                       naval: NavalRules = NAVAL_1941) -> list[Problem]:
    """The orders' `ignore`: lone enemy submarines and transports in a zone an amphibious assault
    comes from [L501], never enemy warships; and, where the edition says so, no unescorted
    transport unloading beside ignored submarines [G40 L680]."""
    power = given.model.power
    out: list[Problem] = []
    for i, text in enumerate(getattr(given.model, "ignore", None) or []):
        zone = board.setup.space_names.get(text)
        enemies = board.enemy_units(zone, power) if zone is not None else {}
        if zone is None:
            out.append(given.problem(board.setup.space_names.unknown_message(text), ("ignore", i)))
        elif not board.is_sea(zone):
            out.append(given.problem(
                f"{zone} is a territory: only enemy submarines and transports in a sea zone may be ignored",
                ("ignore", i), "AA1941 L501"))
        elif not enemies:
            out.append(given.problem(f"{zone} holds no enemy units: there is nothing to ignore", ("ignore", i),
                                     "AA1941 L501"))
        elif not lone_enemies(board, zone, power):
            warships = ", ".join(f"{n} {u}" for u, n in enemies.items() if u not in LONE)
            out.append(given.problem(
                f"{zone} holds enemy warships ({warships}): only lone submarines and transports may be ignored; "
                "a sea battle is fought there", ("ignore", i), "AA1941 L501"))
        elif zone not in sites.offload_zones():
            out.append(given.problem(
                f"no amphibious assault comes from {zone}: ships end a combat move beside lone enemy submarines or "
                "transports only to attack them, so they may be ignored only in a zone an assault comes from",
                ("ignore", i), "AA1941 L377"))
        elif zone not in sites.ignored:
            out.append(given.problem(
                f"{power}'s destroyer in {zone} makes the sea battle with the enemy submarines compulsory: they cannot "
                "be ignored", ("ignore", i), "AA1941 L449"))
    if naval.ignored_subs_need_warship:
        out += _unescorted_unloads(board, given, legs, sites)
    return out


def _unescorted_unloads(board: Board, given: OrdersInput, legs: list[Leg], sites: Sites) -> list[Problem]:
    """Global 1940: transports unload beside ignored enemy submarines only with a surface warship of
    the attacking power in the zone at the end of the Combat Move [G40 L680]."""
    power = given.model.power
    out = []
    for leg in legs:
        if leg.units.get("transport") and leg.unload:
            zone, loc = leg.end, leg.loc("unload")
        elif leg.in_place(board) == "land":
            zone, loc = leg.start, leg.loc("from")
        else:
            continue
        battle = sites.at(zone)
        if not board.enemy_units(zone, power).get("submarine") or (battle is not None and battle.kind == "sea"):
            continue
        if any(at_end(board, legs, power, zone).get(u, 0) for u in SURFACE_WARSHIPS):
            continue
        out.append(given.problem(
            f"{zone} holds enemy submarines that this attack does not fight: transports unload beside ignored "
            f"submarines only with a surface warship of {power} in the zone at the end of the Combat Move",
            loc, "G40 transports unload beside ignored submarines only with a surface warship of their power [L680]"))
    return out


def _friendly_end(board: Board, given: OrdersInput, leg: Leg, what: str) -> Problem:
    """A combat move may not end in a friendly space [L372], nor attack an ally [L366]."""
    power = given.model.power
    owner = board.owner(leg.end)
    allies = [p for p in board.setup.turn_order if p != power and board.units(leg.end, [p])]
    if board.is_land(leg.end) and owner not in (None, power) and board.allied(power, owner):
        return given.problem(f"{leg.end} is held by {owner}, an ally: a power never attacks its own side",
                             leg.loc("to"), "AA1941 L366")
    if board.is_sea(leg.end) and allies and not board.enemy_units(leg.end, power):
        return given.problem(f"{leg.end} holds only friendly units ({allies[0]}'s): a power never attacks its own side",
                             leg.loc("to"), "AA1941 L366")
    return given.problem(
        f"no battle in {leg.end}: {what}; moves to friendly spaces wait for the Noncombat Move", leg.loc("to"),
        "AA1941 L372")


def _sea_end(board: Board, given: OrdersInput, leg: Leg, sites: Sites) -> list[Problem]:
    power = given.model.power
    battle = sites.at(leg.end)
    fights = battle is not None and battle.kind == "sea"
    escaping = board.is_hostile_sea(leg.start, power)  # exception 3 [L376, L400]
    if leg.units.get("transport") and leg.unload and board.is_hostile_sea(leg.end, power) and not fights:
        # Transports never attack alone [L971]: a hostile offload zone needs a sea battle [L414].
        return [given.problem(
            f"{leg.end} holds enemy warships and no warship or air unit of {power} attacks there: transports cannot "
            "fight alone, so they cannot offload from it", leg.loc("to"), "AA1941 L971")]
    if leg.units.get("transport") and not (leg.unload or fights or escaping):
        return [given.problem(
            f"transports in the Combat Move carry an amphibious assault (unload), join a sea battle with warships, "
            f"or leave a hostile zone; {leg.end} is none of these", leg.loc("to"), "AA1941 L971")]
    warships = [u for u in leg.of(board, "sea") if u != "transport"]
    if warships and not (fights or escaping or leg.end in sites.offload_zones()):
        why = "ships end a combat move in a battle, beside an amphibious assault, or leaving a hostile zone"
        return [_friendly_end(board, given, leg, why)]
    return []


def _air_end(board: Board, given: OrdersInput, leg: Leg, sites: Sites) -> list[Problem]:
    """Air units end the Combat Move in a battle [L372, L653], assigned to the sea or land
    battle of an amphibious assault that has both [L418]."""
    power = given.model.power
    battle = sites.at(leg.end)
    if battle is None:
        if board.is_hostile_territory(leg.end, power):
            return [given.problem(
                f"no battle in {leg.end}: it holds no enemy units that fight and no land unit enters it, and air "
                "units cannot capture territory", leg.loc("to"), "AA1941 L653")]
        return [_friendly_end(board, given, leg, "air units end a combat move in a battle")]
    declared = sites.assault_with_sea_battle(leg.end)
    want = battle.kind if declared else None
    if leg.battle == want:
        return []
    if want is None:
        return [given.problem(
            "battle: is only for air units in an amphibious assault that has a sea battle", leg.loc("battle"),
            "AA1941 L418")]
    if leg.battle is None:
        return [given.problem(
            f"{leg.end} is part of an amphibious assault with a sea battle: say which battle these air units join "
            f"(battle: {want})", leg.loc("to"), "AA1941 L418")]
    where = "the offload sea zone" if leg.battle == "sea" else "the target territory"
    return [given.problem(
        f"battle: {leg.battle} means the air units fight in {where}; fly them there (to: ...) or write battle: {want}",
        leg.loc("battle"), "AA1941 L418")]
