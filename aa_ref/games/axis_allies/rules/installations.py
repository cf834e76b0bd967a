"""Global 1940 installations: industrial complexes, air bases and naval bases [G40 L1173-L1248].

Citations `[G40 Lnnn]` are lines of the rulebook `shared/seeds/000_f34e5ec93fbfbe5a.txt`.
An installation is a unit type with an `installation_kind` (setup data); the game state keeps
the installations standing in each territory with their damage markers
(`SpaceState.installations`, type -> markers). They belong to whoever controls the territory
and change hands with it [G40 L1023], [G40 L1177]. Here:

- the installations of the setup's spaces, put into a new game;
- whether one works: an air or naval base with 3 or more damage markers is not operational
  [G40 L1231], [G40 L1248]; one captured this turn serves from the next turn [G40 L1029],
  [G40 L1177];
- placing new ones in the Mobilize phase [G40 L1112], [G40 L1179]-[G40 L1183];
- repairs (1 IPC a marker [G40 L550], [G40 L1189]) and upgrading a minor complex to a major
  one (20 IPCs [G40 L1207], [G40 L1213]) in Purchase & Repair;
- what a capture does to them [G40 L1027], [G40 L1031], [G40 L441].
"""

from __future__ import annotations

from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.events import InstallationDamage, SetInstallation, SetTurn, Treasury
from aa_ref.games.axis_allies.model.setup import Setup
from aa_ref.games.axis_allies.model.state import Game, SpaceState
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.theatres import at_war_on

INDUSTRIAL_COMPLEX, AIR_BASE, NAVAL_BASE = "industrial_complex", "air_base", "naval_base"
INOPERATIVE_AT = 3
"""A base with this many damage markers or more is not operational [G40 L1231], [G40 L1248]."""
MAJOR, MINOR = "major_industrial_complex", "minor_industrial_complex"
UPGRADE_COST = 20
"""Upgrading a minor complex to a major one [G40 L1207]."""
CAPTURED_MAX_DAMAGE = 6
"""A captured complex keeps at most 6 damage markers [G40 L1031]."""
FACTORY_PRODUCTION = "increased_factory_production"
FACTORY_PRODUCTION_PLACES = {10: 12, 3: 4}
"""With Increased Factory Production a major complex places 12, a minor one 4 [G40 L1832]."""
RULE_PLACE = "G40 new installations [L1112], [L1179]-[L1183]"
RULE_REPAIR = "G40 repairs [L550], [L1189]"
RULE_UPGRADE = "G40 upgrading a minor industrial complex [L1207], [L1213]"


def seed(setup: Setup, game: Game) -> None:
    """A new game's installations: those the setup's spaces list, undamaged [G40 L1875-L2046]."""
    for name, space in setup.spaces.items():
        if space.installations:
            state = game.spaces.setdefault(name, SpaceState())
            state.installations = {unit: 0 for unit in sorted(space.installations)}


def kind(board: Board, unit: str) -> str | None:
    return board.unit(unit).installation_kind


def operational(board: Board, space: str, which: str, power: str) -> bool:
    """An installation of kind `which` in `space` that serves `power`: controlled by it or an
    ally [G40 L1245], [G40 L1247], not captured this turn [G40 L1029], and, for a base, with
    fewer than 3 damage markers [G40 L1231], [G40 L1248]."""
    unit = board.installation(space, which)
    owner = board.owner(space)
    if unit is None or owner is None or not board.allied(power, owner) or space in board.game.turn.captured:
        return False
    if which == NAVAL_BASE and owner != power and (at_peace(board, power, space) or at_peace(board, owner, space)):
        return False  # a power at war with nobody uses no other power's naval base, nor lends its own [G40 L729]-[G40 L730]
    return which == INDUSTRIAL_COMPLEX or board.installations(space)[unit] < INOPERATIVE_AT


def at_peace(board: Board, power: str, space: str | None = None) -> bool:
    """A power at war with nobody, in a game with a war matrix (Global 1940: the US at the start,
    and by the digest's §9 #14 any such power) [G40 L726]; given a space, also the USSR at war
    only on the other map [G40 L325] (ruling P6)."""
    return board.setup.wars_at_start is not None and not at_war_on(board, power, space)


def factory_places(board: Board, power: str, space: str) -> int | None:
    """Units a complex places in a turn: 10 for a major, 3 for a minor (12 and 4 with
    Increased Factory Production), one fewer a damage marker, never below 0 [G40 L1102],
    [G40 L1211], [G40 L1832]; a minor upgraded this turn still places 3 [G40 L1102].
    None when the complex has no limit of its own (the earlier editions: the territory's value)."""
    unit = board.installation(space, INDUSTRIAL_COMPLEX)
    places = board.unit(unit).places_per_turn if unit else None
    if places is None:
        return None
    if board.has_tech(power, FACTORY_PRODUCTION):
        places = FACTORY_PRODUCTION_PLACES.get(places, places)
    return max(0, places - board.installations(space)[unit])


# --- new installations (Mobilize) ------------------------------------------------------
def site_fault(board: Board, power: str, unit: str, space: str) -> str | None:
    """Why the installation `unit` may not be placed in `space`, or None [G40 L1112],
    [G40 L1179]-[G40 L1183], [G40 L425]."""
    which = kind(board, unit)
    spec = board.setup.spaces[space]
    if not board.is_land(space):
        return "installations stand in territories, not sea zones"
    if board.owner(space) != power or space in board.game.turn.captured:
        return f"{power} has not controlled {space} since the start of its turn [G40 L1112], [G40 L1179]"
    if board.installation(space, which) is not None:
        return (f"{space} already has its {board.installation(space, which).replace('_', ' ')}: a territory holds "
                "one installation of each type [G40 L1112], [G40 L1183]")
    if which == INDUSTRIAL_COMPLEX:
        if spec.island:
            return f"{space} is an island: industrial complexes cannot be built on islands [G40 L1112], [G40 L1179]"
        if unit == MAJOR:
            if spec.original_owner != power:
                return (f"a major industrial complex goes only in a territory {power} controlled at the start of "
                        f"the game, and {space} is not one [G40 L1112], [G40 L425]")
            if board.value(space) < 3:
                return f"a major industrial complex needs a territory worth 3 IPCs or more; {space} is worth {board.value(space)} [G40 L1112], [G40 L1179]"
        elif board.value(space) < 2:
            return f"a minor industrial complex needs a territory worth 2 IPCs or more; {space} is worth {board.value(space)} [G40 L1112], [G40 L1207]"
    if which == NAVAL_BASE and not spec.island and not board.coastal_zones(space):
        return f"a naval base goes on an island or a coastal territory; {space} has no coast [G40 L1181]"
    return None


def check_placement(board: Board, given: OrdersInput, place: dict[str, dict[str, int]]) -> list[Problem]:
    """The installations among the placements: each on a legal site, one of a type per territory."""
    power = given.model.power
    problems = []
    for space, units in place.items():
        for unit, n in units.items():
            if kind(board, unit) is None:
                continue
            fault = site_fault(board, power, unit, space)
            if fault:
                problems.append(given.problem(f"{unit} cannot be placed in {space}: {fault}", ("place", space), RULE_PLACE))
            elif n > 1 or sum(m for u, m in units.items() if kind(board, u) == kind(board, unit)) > 1:
                problems.append(given.problem(
                    f"only one installation of each type may stand in a territory; {space} would get two "
                    f"({kind(board, unit).replace('_', ' ')})", ("place", space), RULE_PLACE))
    return problems


def candidate_sites(board: Board, power: str, unit: str, place: dict[str, dict[str, int]]) -> list[str]:
    """Where one more installation `unit` could go beside the placement `place`."""
    return [s for s in board.setup.spaces if board.is_land(s) and site_fault(board, power, unit, s) is None
            and not any(kind(board, u) == kind(board, unit) for u in place.get(s, {}))]


def build(ctx: Context, power: str, space: str, unit: str) -> None:
    """A new installation, undamaged; a complex places units from the power's next turn [G40 L1100]."""
    ctx.emit(SetInstallation(space=space, installation=unit, damage=0))
    ctx.note(f"{power} builds a {unit.replace('_', ' ')} in {space} [G40 L1112]")


def finish_upgrades(ctx: Context, power: str) -> None:
    """Minor complexes upgraded this turn become major at the end of the Mobilize phase: they
    placed 3 units this turn [G40 L1102]."""
    for space in ctx.game.turn.upgrades:
        ctx.emit(SetInstallation(space=space, installation=MINOR, damage=None))
        ctx.emit(SetInstallation(space=space, installation=MAJOR, damage=0))
        ctx.note(f"{power}'s industrial complex in {space} is now a major complex [G40 L1207]")
    if ctx.game.turn.upgrades:
        ctx.emit(SetTurn(turn=ctx.game.turn.model_copy(update={"upgrades": []})))


# --- repairs and upgrades (Purchase & Repair) -----------------------------------------------
def resolve_repairs(board: Board, given: OrdersInput) -> tuple[dict[tuple[str, str], int], list[Problem]]:
    """Repairs by (territory, installation): the key is a territory (its one damaged
    installation) or `<installation> in <territory>`; only the power's own installations
    [G40 L550], never more markers than they carry."""
    power = given.model.power
    out: dict[tuple[str, str], int] = {}
    problems: list[Problem] = []
    for text, n in (given.model.repair or {}).items():
        loc = ("repair", text)
        unit_text, _, space_text = text.rpartition(" in ")
        space = board.setup.space_names.get(space_text or text)
        if space is None:
            problems.append(given.problem(board.setup.space_names.unknown_message(space_text or text), loc))
            continue
        if n < 0:
            problems.append(given.problem(f"cannot repair a negative number of damage markers ({n})", loc))
            continue
        if not n:
            continue
        damaged = {u: d for u, d in board.installations(space).items() if d}
        if unit_text:
            unit = board.setup.unit_names.get(unit_text)
            named_kind = unit_text.strip().lower().replace(" ", "_")
            if named_kind in (INDUSTRIAL_COMPLEX, AIR_BASE, NAVAL_BASE):  # "industrial complex" names either size
                unit = board.installation(space, named_kind) or named_kind
            elif unit is None or kind(board, unit) is None:
                problems.append(given.problem(f"'{unit_text}' is not an installation (industrial complex, air base, "
                                              "naval base)", loc, RULE_REPAIR))
                continue
            elif unit not in board.installations(space):
                unit = board.installation(space, kind(board, unit)) or unit  # a minor named for a major, or back
        elif len(damaged) == 1:
            unit = next(iter(damaged))
        elif damaged:
            problems.append(given.problem(
                f"{space} has several damaged installations ({', '.join(damaged)}): write "
                f"'<installation> in {space}'", loc, RULE_REPAIR))
            continue
        else:
            unit = next(iter(board.installations(space)), "")
        if unit not in board.installations(space):
            problems.append(given.problem(f"{space} has no {unit.replace('_', ' ') or 'installation'} to repair", loc,
                                          RULE_REPAIR))
        elif board.owner(space) != power:
            problems.append(given.problem(
                f"{power} may repair only installations it controls; {space} is held by {board.owner(space)}",
                loc, RULE_REPAIR))
        elif n + out.get((space, unit), 0) > board.installations(space)[unit]:
            problems.append(given.problem(
                f"the {unit.replace('_', ' ')} in {space} has {board.installations(space)[unit]} damage markers; "
                f"{n} cannot be removed", loc, RULE_REPAIR))
        else:
            out[(space, unit)] = out.get((space, unit), 0) + n
    return out, problems


def execute_repairs(ctx: Context, power: str, repairs: dict[tuple[str, str], int], cost_of) -> None:
    """Pay and take the markers off at once: the installation serves this turn [G40 L550]."""
    for (space, unit), markers in repairs.items():
        cost = cost_of(markers)
        ctx.emit(Treasury(power=power, delta=-cost, reason=f"repair of the {unit.replace('_', ' ')} in {space}"))
        ctx.emit(InstallationDamage(space=space, installation=unit, delta=-markers, reason="repair"))
        ctx.note(f"{power} repairs {markers} damage marker(s) on the {unit.replace('_', ' ')} in {space} "
                 f"for {cost} IPCs [G40 L550]")


def resolve_upgrades(board: Board, given: OrdersInput) -> tuple[list[str], list[Problem]]:
    """Minor complexes to upgrade: in a territory the power controlled at the start of the game
    and since the start of the turn, worth 3 or more, not on an island, undamaged (after this
    phase's repairs) [G40 L1207], [G40 L1213], [G40 L1112]."""
    if not getattr(given.model, "upgrade", None):
        return [], []
    power = given.model.power
    out: list[str] = []
    problems: list[Problem] = []
    repairs, _ = resolve_repairs(board, given)
    for i, text in enumerate(given.model.upgrade or []):
        loc = ("upgrade", i)
        space = board.setup.space_names.get(text)
        if space is None:
            problems.append(given.problem(board.setup.space_names.unknown_message(text), loc))
            continue
        spec = board.setup.spaces[space]
        damage = board.installations(space).get(MINOR, 0) - repairs.get((space, MINOR), 0)
        fault = None
        if MINOR not in board.installations(space):
            fault = f"{space} has no minor industrial complex to upgrade"
        elif board.owner(space) != power or spec.original_owner != power:
            fault = (f"a complex is upgraded only in a territory {power} has controlled since the start of the game; "
                     f"{space} is not one")
        elif board.value(space) < 3:
            fault = f"upgrading needs a territory worth 3 IPCs or more; {space} is worth {board.value(space)}"
        elif spec.island:
            fault = f"{space} is an island, where no major industrial complex may stand [G40 L1112]"
        elif damage:
            fault = f"the minor industrial complex in {space} has {damage} damage marker(s): repair it first [G40 L1213]"
        elif space in out:
            fault = f"{space} is listed twice"
        if fault:
            problems.append(given.problem(fault, loc, RULE_UPGRADE))
        else:
            out.append(space)
    return out, problems


def start_upgrades(ctx: Context, power: str, spaces: list[str]) -> None:
    """Pay 20 IPCs each; the new major complex stands from the end of the Mobilize phase [G40 L1102]."""
    if not spaces:
        return
    for space in spaces:
        ctx.emit(Treasury(power=power, delta=-UPGRADE_COST, reason=f"upgrade of the industrial complex in {space}"))
        ctx.note(f"{power} pays {UPGRADE_COST} IPCs to upgrade its minor industrial complex in {space} to a major one; "
                 "it places 3 units this turn [G40 L1102], [G40 L1207]")
    ctx.emit(SetTurn(turn=ctx.game.turn.model_copy(update={"upgrades": [*ctx.game.turn.upgrades, *spaces]})))


# --- capture ------------------------------------------------------------------------------------
def on_capture(ctx: Context, territory: str, power: str, new_owner: str) -> None:
    """A captured major complex becomes a minor one [G40 L1027] and any complex keeps at most 6
    damage markers [G40 L1031]; a Japanese-built complex in a Chinese territory taken back by the
    Allies is removed [G40 L441]. A liberation returns the installations as they are [G40 L1035]."""
    board = Board(ctx.setup, ctx.game)
    have = dict(board.installations(territory))
    if not have:
        return
    liberated = new_owner != power or ctx.setup.spaces[territory].original_owner == power
    china = ctx.setup.china.power if ctx.setup.china else "China"
    factory = board.installation(territory, INDUSTRIAL_COMPLEX)
    if factory and ctx.setup.spaces[territory].original_owner == china and board.allied(power, china):
        ctx.emit(SetInstallation(space=territory, installation=factory, damage=None))
        ctx.note(f"the industrial complex built in {territory} is removed when the Allies take it back [G40 L441]")
        return
    if factory == MAJOR and not liberated:
        ctx.emit(SetInstallation(space=territory, installation=MAJOR, damage=None))
        ctx.emit(SetInstallation(space=territory, installation=MINOR, damage=min(have[MAJOR], CAPTURED_MAX_DAMAGE)))
        ctx.note(f"the major industrial complex in {territory} is captured and becomes a minor one [G40 L1027], [G40 L1031]")
    elif factory and have[factory] > CAPTURED_MAX_DAMAGE:
        ctx.emit(SetInstallation(space=territory, installation=factory, damage=CAPTURED_MAX_DAMAGE))
        ctx.note(f"the captured industrial complex in {territory} keeps 6 of its damage markers [G40 L1031]")
    held = ", ".join(u.replace("_", " ") for u in board.installations(territory))
    ctx.note(f"{new_owner} takes the installations in {territory} ({held}); they serve from the next turn [G40 L1177]")


def uses_installations(setup: Setup) -> bool:
    """The setup's installations are units of their own kinds (Global 1940)."""
    return any(u.installation_kind for u in setup.unit_types.values())


def add_damage(ctx: Context, space: str, unit: str, markers: int, reason: str) -> int:
    """Damage markers on an installation, never beyond its most (major complex 20, minor 6,
    bases 6) [G40 L1187], [G40 L1211]; the markers actually added. For the bombing raids."""
    board = Board(ctx.setup, ctx.game)
    cap = board.unit(unit).max_damage
    have = board.installations(space)[unit]
    added = max(0, min(markers, cap - have)) if cap is not None else markers
    if added:
        ctx.emit(InstallationDamage(space=space, installation=unit, delta=added, reason=reason))
    return added


US_FREE_UPGRADES = ("Eastern United States", "Central United States", "Western United States")
"""The US complexes that start minor and become major free when the US enters the war [G40 L1642]."""


def free_us_upgrades(ctx: Context, power: str = "USA") -> None:
    """When the US enters the war, its minor complexes in Eastern, Central and Western United
    States become major at no cost, usable at once [G40 L1642] (damage markers stay). For the
    politics part to call when the US is first at war."""
    board = Board(ctx.setup, ctx.game)
    for space in US_FREE_UPGRADES:
        if space in ctx.setup.spaces and board.owner(space) == power and MINOR in board.installations(space):
            damage = board.installations(space)[MINOR]
            ctx.emit(SetInstallation(space=space, installation=MINOR, damage=None))
            ctx.emit(SetInstallation(space=space, installation=MAJOR, damage=damage))
            ctx.note(f"{power}'s industrial complex in {space} becomes a major complex free as the US enters the war "
                     "[G40 L1642]")
