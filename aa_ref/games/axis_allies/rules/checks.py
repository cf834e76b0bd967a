"""Content checks of setup and game files beyond their shape: names, board, income, places.

These are the errors a schema cannot see: an adjacency listed one way only, a space no
unit can reach, an unknown unit name, a tank at sea, starting incomes that do not add up.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from aa_ref.core.errors import Problem
from aa_ref.core.yamlio import Document
from aa_ref.games.axis_allies.model.setup import Setup, Space
from aa_ref.games.axis_allies.model.state import Game


def setup_problems(setup: Setup, doc: Document) -> list[Problem]:
    """Board and data consistency of a setup."""
    problems: list[Problem] = []
    names = setup.space_names

    def unknown(name: str, loc: tuple[Any, ...]) -> None:
        problems.append(doc.problem(names.unknown_message(name), loc))

    powers = set(setup.powers)
    for side, members in setup.sides.items():
        for i, p in enumerate(members):
            if p not in powers:
                problems.append(doc.problem(setup.power_names.unknown_message(p), ("sides", side, i)))
    if setup.layout is not None:  # coordinates to draw the board with: every name a space of the board
        for name in setup.layout.spaces:
            if name not in setup.spaces:
                problems.append(doc.problem(f"layout: {names.unknown_message(name)}", ("layout", "spaces", name)))
    for i, p in enumerate(setup.turn_order):
        if p not in powers:
            problems.append(doc.problem(setup.power_names.unknown_message(p), ("turn_order", i)))
    if sorted(setup.turn_order) != sorted(powers):
        problems.append(doc.problem("turn_order must name every power exactly once", ("turn_order",)))
    seen_alias: dict[str, str] = {}
    for name, space in setup.spaces.items():
        for alias in space.aliases:
            key = alias.casefold()
            if key in {n.casefold() for n in (name,)}:
                continue
            other = seen_alias.get(key)
            if other and other != name or (key in {n.casefold() for n in setup.spaces} and key != name.casefold()):
                problems.append(doc.problem(f"alias '{alias}' of {name} is also used by {other or 'another space'}", ("spaces", name, "aliases")))
            seen_alias[key] = name
        for i, other in enumerate(space.adjacent):
            if other not in setup.spaces:
                unknown(other, ("spaces", name, "adjacent", i))
            elif name not in setup.spaces[other].adjacent:
                problems.append(doc.problem(
                    f"adjacency is one-way: {name} lists {other} but {other} does not list {name}",
                    ("spaces", name, "adjacent", i)))
        for field in ("original_owner", "owner"):
            owner = getattr(space, field)
            if owner is not None and owner not in powers:
                problems.append(doc.problem(setup.power_names.unknown_message(owner), ("spaces", name, field)))
        if space.kind == "sea" and (space.value or space.industrial_complex or space.original_owner):
            problems.append(doc.problem(f"sea zone {name} cannot have a value, an owner or an industrial complex", ("spaces", name)))
        problems += _space_field_problems(setup, doc, name, space)
    problems += _map_problems(setup, doc)
    if problems:
        return problems
    problems += _connectivity(setup, doc)
    for power, p in setup.powers.items():
        if p.capital is None:
            pass
        elif p.capital not in setup.spaces:
            unknown(p.capital, ("powers", power, "capital"))
        elif setup.spaces[p.capital].start_owner != power:
            problems.append(doc.problem(f"{power}'s capital {p.capital} does not start under {power}'s control", ("powers", power, "capital")))
        for i, name in enumerate(p.confined_to):
            if name not in setup.spaces:
                unknown(name, ("powers", power, "confined_to", i))
        income = sum(s.value for s in setup.spaces.values() if s.start_owner == power and s.kind == "land")
        if p.collects_income and income != p.treasury:
            problems.append(doc.problem(
                f"{power} starts with {p.treasury} IPCs but its territories are worth {income}", ("powers", power, "treasury")))
        problems += _economy_problems(setup, doc, power)
    for name, space in setup.spaces.items():
        if space.economy is not None and space.start_owner is not None and space.economy not in setup.powers[space.start_owner].economies:
            problems.append(doc.problem(f"{name} names economy '{space.economy}', which {space.start_owner} does not have",
                                        ("spaces", name, "economy")))
    for group, members in setup.groups.items():
        for i, member in enumerate(members):
            if member not in setup.spaces:
                unknown(member, ("groups", group, i))
    for unit_name, unit in setup.unit_types.items():
        if unit.support is not None:
            for target in (unit.support.unit, *unit.support.also):
                if target not in setup.unit_types:
                    problems.append(doc.problem(setup.unit_names.unknown_message(target), ("unit_types", unit_name, "support")))
        if unit.installation_kind is not None and not unit.installation:
            problems.append(doc.problem(f"{unit_name} has an installation kind but is not an installation",
                                        ("unit_types", unit_name, "installation_kind")))
    for canal in setup.canals:
        a, b = canal.joins
        for i, zone in enumerate(canal.joins):
            if zone not in setup.spaces:
                unknown(zone, ("canals",))
        for unit in canal.open_to:
            if unit not in setup.unit_types:
                problems.append(doc.problem(setup.unit_names.unknown_message(unit), ("canals",)))
        if a in setup.spaces and b not in setup.spaces[a].adjacent:
            problems.append(doc.problem(f"canal {canal.name} joins {a} and {b}, which are not adjacent", ("canals",)))
        for t in canal.controlled_by:
            if t not in setup.spaces:
                unknown(t, ("canals",))
    problems += _rules_data_problems(setup, doc)
    problems += _placement_problems(setup, doc, setup.units, ("units",))
    for vname, variant in setup.variants.items():
        problems += _placement_problems(setup, doc, variant.units_add, ("variants", vname, "units_add"))
        problems += _placement_problems(setup, doc, variant.units_remove, ("variants", vname, "units_remove"))
        problems += _removal_problems(setup, doc, variant.units_remove, ("variants", vname, "units_remove"))
    return problems


def _map_problems(setup: Setup, doc: Document) -> list[Problem]:
    """A setup that says which map a space is on says it for every space; a sea zone lies on
    one map (the seam joins zones of the two maps [G40 L229-L236])."""
    if not any(space.map for space in setup.spaces.values()):
        return []
    problems = []
    for name, space in setup.spaces.items():
        if space.map is None:
            problems.append(doc.problem(f"{name} has no map: a setup that gives spaces a map gives every space one",
                                        ("spaces", name, "map")))
        elif space.map == "both" and space.kind == "sea":
            problems.append(doc.problem(f"sea zone {name} lies on one map, not both", ("spaces", name, "map")))
    return problems


def _space_field_problems(setup: Setup, doc: Document, name: str, space: Space) -> list[Problem]:
    """The optional space fields sit on the kind of space they describe."""
    problems = []
    loc = ("spaces", name)
    land_only = {"impassable": space.impassable, "alignment": space.alignment, "neutral_army": space.neutral_army,
                 "economy": space.economy, "installations": space.installations}
    sea_only = {"convoy_zone": space.convoy_zone, "kamikaze_zone": space.kamikaze_zone}
    for field, value in (land_only if space.kind == "sea" else sea_only).items():
        if value:
            problems.append(doc.problem(f"{field} does not apply to {'sea zone' if space.kind == 'sea' else 'territory'} {name}",
                                        (*loc, field)))
    for field in ("alignment", "neutral_army"):
        if getattr(space, field) and not space.neutral:
            problems.append(doc.problem(f"{name} has {field.replace('_', ' ')} but is not neutral", (*loc, field)))
    if (space.neutral or space.impassable) and space.start_owner is not None:
        problems.append(doc.problem(f"{name} is {'neutral' if space.neutral else 'impassable'} and cannot have an owner", loc))
    for unit, n in space.neutral_army.items():
        if unit not in setup.unit_types:
            problems.append(doc.problem(setup.unit_names.unknown_message(unit), (*loc, "neutral_army", unit)))
        elif setup.unit_types[unit].domain != "land" or n < 0:
            problems.append(doc.problem(f"a neutral army is a count of land units ({unit}: {n})", (*loc, "neutral_army", unit)))
    kinds: dict[str, str] = {}
    for i, unit in enumerate(space.installations):
        profile = setup.unit_types.get(unit)
        if profile is None or not profile.installation:
            problems.append(doc.problem(f"{unit} is not an installation" if profile else setup.unit_names.unknown_message(unit),
                                        (*loc, "installations", i)))
            continue
        kind = profile.installation_kind or unit
        if kind in kinds:
            problems.append(doc.problem(f"{name} holds two installations of one kind ({kinds[kind]}, {unit})",
                                        (*loc, "installations", i)))
        kinds[kind] = unit
        if kind == "industrial_complex" and space.industrial_complex:
            problems.append(doc.problem(f"{name} has industrial_complex: true and {unit}; give one", (*loc, "installations", i)))
        if kind == "naval_base" and not any(setup.spaces[o].kind == "sea" for o in space.adjacent if o in setup.spaces):
            problems.append(doc.problem(f"a naval base needs a coast, and {name} borders no sea zone", (*loc, "installations", i)))
        if space.neutral or space.impassable or space.start_owner is None:
            problems.append(doc.problem(f"{name} has no controller to hold its {unit}", (*loc, "installations", i)))
    return problems


def _economy_problems(setup: Setup, doc: Document, power: str) -> list[Problem]:
    """A power with several economies: each has a capital it holds and starts with its territories' worth."""
    p = setup.powers[power]
    if not p.economies:
        return []
    problems = []
    loc = ("powers", power, "economies")
    if sum(e.treasury for e in p.economies.values()) != p.treasury:
        problems.append(doc.problem(f"{power}'s treasury {p.treasury} is not the sum of its economies' treasuries",
                                    ("powers", power, "treasury")))
    own = {n: s for n, s in setup.spaces.items() if s.kind == "land" and s.start_owner == power}
    for name, space in own.items():
        if space.economy not in p.economies:
            problems.append(doc.problem(f"{name} starts under {power}, which has economies {', '.join(p.economies)}; "
                                        f"say which collects it (economy: ...)", ("spaces", name, "economy")))
    for ename, economy in p.economies.items():
        capital = setup.spaces.get(economy.capital)
        if capital is None:
            problems.append(doc.problem(setup.space_names.unknown_message(economy.capital), (*loc, ename, "capital")))
        elif capital.start_owner != power or capital.economy != ename:
            problems.append(doc.problem(f"{power}'s {ename} capital {economy.capital} is not a {ename} territory of {power}",
                                        (*loc, ename, "capital")))
        income = sum(s.value for s in own.values() if s.economy == ename)
        if p.collects_income and income != economy.treasury:
            problems.append(doc.problem(f"{power}'s {ename} economy starts with {economy.treasury} IPCs but its territories "
                                        f"are worth {income}", (*loc, ename, "treasury")))
    return problems


def _removal_problems(setup: Setup, doc: Document, removal: dict, base: tuple) -> list[Problem]:
    """A variant removes only units the setup has."""
    problems = []
    for space, by_power in removal.items():
        for power, units in by_power.items():
            have = setup.units.get(space, {}).get(power, {})
            for unit, n in units.items():
                if n > have.get(unit, 0):
                    problems.append(doc.problem(f"removes {n} {unit} of {power} from {space}, where the setup has "
                                                f"{have.get(unit, 0)}", (*base, space, power, unit)))
    return problems


def _rules_data_problems(setup: Setup, doc: Document) -> list[Problem]:
    """Names used by the technologies, national objectives and China rules exist."""
    problems: list[Problem] = []
    for tech_id, tech in setup.technologies.items():
        for unit in tech.units:
            if unit not in setup.unit_types:
                problems.append(doc.problem(setup.unit_names.unknown_message(unit), ("technologies", tech_id, "units", unit)))
    slots: dict[tuple[int, int], str] = {}
    for tech_id, tech in setup.technologies.items():
        other = slots.setdefault((tech.chart, tech.roll), tech_id)
        if other != tech_id:
            problems.append(doc.problem(f"{tech_id} and {other} share roll {tech.roll} of chart {tech.chart}",
                                        ("technologies", tech_id, "roll")))
    for power, objectives in setup.national_objectives.items():
        if power not in setup.powers:
            problems.append(doc.problem(setup.power_names.unknown_message(power), ("national_objectives", power)))
        for i, objective in enumerate(objectives):
            for field in ("all_of", "of", "power_controls", "no_enemy_warships_in", "each_of", "each_side_of",
                          "power_not_controls", "land_units_in", "neutral_or_side_controls", "no_opposing_warships_in",
                          "no_opposing_warships_or_subs_in"):
                for j, name in enumerate(getattr(objective, field)):
                    if name not in setup.spaces:
                        problems.append(doc.problem(setup.space_names.unknown_message(name),
                                                    ("national_objectives", power, i, field, j)))
            if objective.liberated is not None and objective.liberated not in setup.spaces:
                problems.append(doc.problem(setup.space_names.unknown_message(objective.liberated),
                                            ("national_objectives", power, i, "liberated")))
            for field in ("at_war_with", "at_war_with_any", "not_at_war_with"):
                for j, name in enumerate(getattr(objective, field)):
                    if name not in setup.powers:
                        problems.append(doc.problem(setup.power_names.unknown_message(name),
                                                    ("national_objectives", power, i, field, j)))
            if objective.economy is not None and power in setup.powers and objective.economy not in setup.powers[power].economies:
                problems.append(doc.problem(f"objective {objective.id} pays economy {objective.economy}, which "
                                            f"{power} does not have", ("national_objectives", power, i, "economy")))
            if objective.at_least is not None and objective.at_least > len(objective.of):
                problems.append(doc.problem(f"objective {objective.id} asks for {objective.at_least} of "
                                            f"{len(objective.of)} territories", ("national_objectives", power, i)))
    for i, pair in enumerate(setup.wars_at_start or []):
        unknown = [p for p in pair if p not in setup.powers]
        if unknown:
            problems.append(doc.problem(setup.power_names.unknown_message(unknown[0]), ("wars_at_start", i)))
        elif len(pair) != 2 or setup.allied(*pair):
            problems.append(doc.problem(f"a war is between two powers of opposite sides, not {pair}", ("wars_at_start", i)))
    china = setup.china
    if china is not None:
        for field in ("power", "granted_in_turn_of"):
            if getattr(china, field) not in setup.powers:
                problems.append(doc.problem(setup.power_names.unknown_message(getattr(china, field)), ("china", field)))
        if china.unit not in setup.unit_types:
            problems.append(doc.problem(setup.unit_names.unknown_message(china.unit), ("china", "unit")))
    return problems


def _connectivity(setup: Setup, doc: Document) -> list[Problem]:
    """Every space that is neither neutral nor impassable must be reachable from every other."""
    open_spaces = [n for n, s in setup.spaces.items() if not (s.neutral or s.impassable)]
    if not open_spaces:
        return []
    seen = {open_spaces[0]}
    queue = deque([open_spaces[0]])
    while queue:
        here = queue.popleft()
        for there in setup.spaces[here].adjacent:
            if there not in seen and not (setup.spaces[there].neutral or setup.spaces[there].impassable):
                seen.add(there)
                queue.append(there)
    cut = [n for n in open_spaces if n not in seen]
    return [doc.problem(f"{n} cannot be reached from {open_spaces[0]} through the board's adjacencies", ("spaces", n)) for n in cut]


def _placement_problems(setup: Setup, doc: Document, placement: dict, base: tuple) -> list[Problem]:
    problems = []
    for space, by_power in placement.items():
        if space not in setup.spaces:
            problems.append(doc.problem(setup.space_names.unknown_message(space), (*base, space)))
            continue
        kind = setup.spaces[space].kind
        for power, units in by_power.items():
            if power not in setup.powers:
                problems.append(doc.problem(setup.power_names.unknown_message(power), (*base, space, power)))
            for unit, n in units.items():
                problems += _unit_problems(setup, doc, unit, n, space, kind, (*base, space, power, unit))
            if kind == "land" and setup.spaces[space].start_owner not in (power, None) and not setup.allied(power, setup.spaces[space].start_owner):
                problems.append(doc.problem(f"{power} units start in {space}, which an enemy controls", (*base, space, power)))
    return problems


def _unit_problems(setup: Setup, doc: Document, unit: str, n: int, space: str, kind: str, loc: tuple) -> list[Problem]:
    if unit not in setup.unit_types:
        return [doc.problem(setup.unit_names.unknown_message(unit), loc)]
    if n < 0:
        return [doc.problem(f"a unit count cannot be negative ({unit}: {n})", loc)]
    domain = setup.unit_types[unit].domain
    if kind == "sea" and domain == "land":
        return [doc.problem(f"{unit} is a land unit and cannot stand in sea zone {space} (only aboard a transport)", loc)]
    if kind == "land" and domain == "sea":
        return [doc.problem(f"{unit} is a naval unit and cannot stand in territory {space}", loc)]
    if setup.spaces[space].neutral:
        return [doc.problem(f"no unit may enter neutral {space}", loc)]
    if setup.spaces[space].impassable:
        return [doc.problem(f"no unit may enter impassable {space}", loc)]
    if setup.unit_types[unit].installation_kind is not None:
        return [doc.problem(f"{unit} is an installation: list it in the installations of {space}", loc)]
    return []


def game_problems(setup: Setup, game: Game, doc: Document) -> list[Problem]:
    """Names, counts and places of a game's content."""
    problems = []
    if game.power not in setup.powers:
        problems.append(doc.problem(setup.power_names.unknown_message(game.power), ("power",)))
    for power in game.powers:
        if power not in setup.powers:
            problems.append(doc.problem(setup.power_names.unknown_message(power), ("powers", power)))
    missing = [power for power in setup.powers if power not in game.powers]
    if missing:  # every power of the setup has its treasury and purchases in the game, as `new` writes them
        problems.append(doc.problem(f"powers has no entry for {', '.join(missing)}: every power of the setup has one "
                                    "(its treasury, at least)", ("powers",)))
    for name, state in game.spaces.items():
        if name not in setup.spaces:
            problems.append(doc.problem(setup.space_names.unknown_message(name), ("spaces", name)))
            continue
        if state.owner is not None and state.owner not in setup.powers:
            problems.append(doc.problem(setup.power_names.unknown_message(state.owner), ("spaces", name, "owner")))
        kind = setup.spaces[name].kind
        for i, force in enumerate(state.forces):
            loc = ("spaces", name, "forces", i)
            if force.power not in setup.powers:
                problems.append(doc.problem(setup.power_names.unknown_message(force.power), (*loc, "power")))
            for unit, n in force.units.items():
                problems += _unit_problems(setup, doc, unit, n, name, kind, (*loc, "units", unit))
            for power, cargo in force.cargo.items():
                for unit in cargo:
                    if unit not in setup.unit_types:
                        problems.append(doc.problem(setup.unit_names.unknown_message(unit), (*loc, "cargo", power, unit)))
    return problems
