"""Strategic bombing raids and rockets, step 1 of Conduct Combat (Anniversary [@75039]-[@76395], [@55281]).

A raid is declared in the Combat Move: a move of bombers only, `bombing: true`, to a
hostile territory with an enemy industrial complex [@75039], [@123417]. The bombers take
part in no other combat that turn [@76187]; the Combat Move records the raid as a battle
of kind `bombing` (its `raiders`), fought before every other battle. One AA gun of the
defence fires one die per bomber (Radar counts, see `aa_fire`); each surviving bomber rolls
one die, two with Heavy Bombers [@57805], and the sum is added to the complex as damage
markers, never above twice the territory's IPC value: the excess is lost [@75800]. The
bombers stay until the Noncombat Move, where they must land like any attacking air unit.

Rockets (technology) [@55281]: in the same step of the owner's Conduct Combat, each AA gun
of the power may fire one rocket at an enemy industrial complex within 3 spaces: one AA
gun per territory, each complex hit by one rocket a turn, 1d6 damage markers under the same
cap. The 3 spaces are counted like air movement, never through a neutral (ruling A20);
any AA gun the power has when the phase begins may fire. Rockets are fired first, then
the raids, in the order the battles are fought.
"""

from __future__ import annotations

from aa_ref.core.dice import Volley
from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.events import FactoryDamage, RemoveUnits
from aa_ref.games.axis_allies.model.orders import Rocket
from aa_ref.games.axis_allies.model.state import Battle
from aa_ref.games.axis_allies.rules import developments, raids
from aa_ref.games.axis_allies.rules.aa_fire import aa_volley, firing_gun
from aa_ref.games.axis_allies.rules.board import Board, add_counts
from aa_ref.games.axis_allies.rules.firepower import HEAVY_BOMBERS
from aa_ref.games.axis_allies.rules.legs import Leg

BOMBER = "bomber"
ROCKETS = "rockets"
ROCKET_RANGE = 3
DAMAGE_CAP = 2
"""An industrial complex takes at most twice its territory's IPC value in damage markers [@75800]."""
RULE_RAID = "Anniversary strategic bombing raid [@75039]"
RULE_ROCKETS = "Anniversary Rockets [@55281]"


def raids_exist(board: Board) -> bool:
    """Strategic bombing exists in games with AA guns; A&A 1941 has neither."""
    return any(t.anti_aircraft for t in board.setup.unit_types.values())


def bombing_target(board: Board, space: str, power: str) -> bool:
    """A hostile territory holding an industrial complex [@75039]."""
    return board.is_land(space) and board.is_hostile_territory(space, power) and board.has_factory(space)


def add_damage(ctx: Context, space: str, rolled: int, why: str) -> None:
    """Add `rolled` damage markers to the complex in `space`, up to twice its value [@75800]."""
    board = Board(ctx.setup, ctx.game)
    room = max(0, DAMAGE_CAP * board.value(space) - board.factory_damage(space))
    placed = min(rolled, room)
    if placed:
        ctx.emit(FactoryDamage(space=space, delta=placed, reason=why))
    lost = f"; {rolled - placed} lost above the limit of {DAMAGE_CAP * board.value(space)} [@75800]" if rolled > placed else ""
    ctx.note(f"{space}: {why} does {rolled} damage: {placed} damage marker(s) placed{lost}")


# --- raids --------------------------------------------------------------------------
def resolve_raid(ctx: Context, battle: Battle) -> Battle:
    """Fight one raid: AA fire at the bombers, then the survivors' bombing dice; the raid done."""
    board = Board(ctx.setup, ctx.game)
    if raids.installation_raids(board):  # Global 1940: raids on each installation [G40 L791]
        return raids.resolve(ctx, battle)
    space, attacker = battle.space, battle.attacker
    bombers = battle.raiders.get(BOMBER, 0)
    ctx.note(f"{space}: strategic bombing raid by {bombers} {attacker} bomber(s) on the industrial complex [@75039]")
    gun = firing_gun(board, space, attacker)
    if gun is not None and bombers:
        context = f"r{ctx.game.round}/{attacker}/{space}/sbr-aa"
        lost = aa_volley(ctx, board, gun, {BOMBER: bombers}, context, space).get(BOMBER, 0)
        if lost:
            _remove_bombers(ctx, space, attacker, lost)
            bombers -= lost
    if bombers:
        each = 2 if board.has_tech(attacker, HEAVY_BOMBERS) else 1
        dice = ctx.roll(f"r{ctx.game.round}/{attacker}/{space}/sbr", bombers * each, Volley(
            f"{space}, {attacker}'s strategic bombing raid",
            ((f"{bombers} bomber, damage = the dice" + (", 2 dice each" if each > 1 else ""), bombers * each),)))
        ctx.note(f"{space}: {bombers} bomber(s) roll {dice}" + (" (Heavy Bombers: 2 dice each)" if each > 1 else ""))
        add_damage(ctx, space, sum(dice), f"{attacker}'s bombing raid")
    else:
        ctx.note(f"{space}: no bomber is left to bomb")
    return battle.model_copy(update={"raiders": {BOMBER: bombers} if bombers else {}, "status": "done"})


def _remove_bombers(ctx: Context, space: str, power: str, n: int) -> None:
    for force in [f.model_copy(deep=True) for f in ctx.game.forces(space, power)]:
        k = min(n, force.units.get(BOMBER, 0))
        if k:
            ctx.emit(RemoveUnits(space=space, force=force.model_copy(update={"units": {BOMBER: k}, "damaged": 0, "damaged_units": {}}),
                                 reason="AA fire"))
            n -= k
        if not n:
            return


def check_raid_leg(board: Board, given: OrdersInput, units: dict[str, int], end: str, index: int) -> list[Problem]:
    """A raid's move: bombers only, to a hostile territory with an industrial complex, without
    paratroopers [@75039], [@76187], [@55972]."""
    loc = ("moves", index)
    power = given.model.power
    if not raids_exist(board):
        return [given.problem("strategic bombing raids do not exist in this game", (*loc, "bombing"))]
    if raids.installation_raids(board):  # Global 1940: installations, tactical bombers, escorts [G40 L791]
        return raids.check_raid_leg(board, given, units, end, index)
    problems = []
    others = [u for u in units if u != BOMBER]
    if others:
        problems.append(given.problem(f"only bombers make strategic bombing raids, not {', '.join(others)}",
                                      (*loc, "units"), RULE_RAID))
    if not bombing_target(board, end, power):
        why = "it holds no industrial complex" if board.is_land(end) and not board.has_factory(end) else (
            "it is not a hostile territory")
        problems.append(given.problem(f"bombers cannot raid {end}: {why}; a raid targets an enemy industrial complex",
                                      (*loc, "to"), RULE_RAID))
    if given.model.moves[index].paratroopers:
        problems.append(given.problem("bombers carrying paratroopers cannot make a strategic bombing raid",
                                      (*loc, "paratroopers"), "Anniversary Paratroopers [@55972]"))
    return problems


def check_noncombat_bombing(given: OrdersInput, legs: list[Leg]) -> list[Problem]:
    """Raids are declared in the Combat Move only [@75039], [@76187]."""
    return [given.problem("strategic bombing raids are declared in the Combat Move, not in the Noncombat Move",
                          ("moves", leg.index, "bombing"), RULE_RAID) for leg in legs if leg.bombing]


def raid_battles(legs: list[tuple[str, dict[str, int]]], power: str) -> list[Battle]:
    """The raids of a Combat Move, one per target: (target, units) of each bombing move."""
    raids: dict[str, dict[str, int]] = {}
    for end, units in legs:
        raids[end] = add_counts(raids.get(end, {}), units)
    return [Battle(space=space, attacker=power, kind="bombing", raiders=units) for space, units in raids.items()]


# --- rockets --------------------------------------------------------------------------
def rocket_sites(board: Board, power: str) -> set[str]:
    """Territories where the power has an AA gun (a rocket launcher with Rockets)."""
    return {space for space in board.game.spaces if board.is_land(space)
            and any(board.unit(u).anti_aircraft and n for u, n in board.units(space, [power]).items())}


def rocket_targets(board: Board, power: str, site: str) -> list[str]:
    """Enemy industrial complexes within 3 spaces of an AA gun, never through a neutral (ruling A20)."""
    reach = board.distances(site, lambda s: not board.is_neutral(s))
    return sorted(s for s, d in reach.items() if d <= ROCKET_RANGE and bombing_target(board, s, power))


def rockets_ready(board: Board, power: str) -> bool:
    """True when the power has Rockets and an AA gun within range of an enemy complex."""
    if developments.applies(board):  # Global 1940: rockets from air bases [G40 L1824]
        return developments.rockets_ready(board, power)
    return board.has_tech(power, ROCKETS) and any(rocket_targets(board, power, s) for s in rocket_sites(board, power))


def check_rockets(board: Board, given: OrdersInput) -> list[Problem]:
    """Each rocket: the power has Rockets; an AA gun of its own fires, one per territory; an enemy
    complex within 3 spaces, each hit once [@55281]."""
    if developments.applies(board):  # Global 1940: rockets from air bases [G40 L1824]
        return developments.check_rockets(board, given)
    rockets: list[Rocket] = given.model.rockets or []
    power = given.model.power
    if rockets and not board.has_tech(power, ROCKETS):
        return [given.problem(f"{power} has not developed Rockets: its AA guns fire no rockets", ("rockets",), RULE_ROCKETS)]
    problems: list[Problem] = []
    sites, fired, hit = rocket_sites(board, power), set(), set()
    for i, rocket in enumerate(rockets):
        site, target = board.setup.space_names.get(rocket.from_), board.setup.space_names.get(rocket.at)
        if site is None or target is None:
            text, key = (rocket.from_, "from") if site is None else (rocket.at, "at")
            problems.append(given.problem(board.setup.space_names.unknown_message(text), ("rockets", i, key)))
            continue
        if site not in sites:
            problems.append(given.problem(f"{power} has no AA gun in {site} to fire a rocket", ("rockets", i, "from"),
                                          RULE_ROCKETS))
        elif site in fired:
            problems.append(given.problem(f"only one AA gun in {site} may fire a rocket each turn",
                                          ("rockets", i, "from"), RULE_ROCKETS))
        if not bombing_target(board, target, power):
            problems.append(given.problem(f"{target} holds no enemy industrial complex for a rocket to hit",
                                          ("rockets", i, "at"), RULE_ROCKETS))
        elif target in hit:
            problems.append(given.problem(f"the industrial complex in {target} may be hit by only one rocket a turn",
                                          ("rockets", i, "at"), RULE_ROCKETS))
        elif site in sites and target not in rocket_targets(board, power, site):
            problems.append(given.problem(
                f"{target} is more than {ROCKET_RANGE} spaces from {site} (counted like a flight, never over a "
                "neutral, ruling A20)", ("rockets", i, "at"), RULE_ROCKETS))
        fired.add(site)
        hit.add(target)
    return problems


def fire_rockets(ctx: Context, power: str, rockets: list[Rocket]) -> None:
    """Each checked rocket rolls one die of damage on its target [@55281]."""
    if developments.applies(Board(ctx.setup, ctx.game)):  # Global 1940: at an installation [G40 L1824]
        developments.fire_rockets(ctx, power, rockets)
        return
    names = ctx.setup.space_names
    for rocket in rockets:
        site, target = names.get(rocket.from_), names.get(rocket.at)
        dice = ctx.roll(f"r{ctx.game.round}/{power}/{target}/rocket", 1,
                        Volley(f"{target}, {power}'s rocket from {site}", (("damage = the die", 1),)))
        ctx.note(f"{power}'s AA gun in {site} fires a rocket at {target}: {dice[0]} [@55281]")
        add_damage(ctx, target, dice[0], f"{power}'s rocket from {site}")
