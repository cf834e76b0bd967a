"""Global 1940 strategic and tactical bombing raids on installations [G40 L791-L829], [G40 L1175].

Used instead of the Anniversary raid (`bombing`) when the setup's installations carry a damage
track (`max_damage`): that is the data that says raids hit installations one by one.

Declared in the Combat Move: moves with `bombing: true` to a hostile territory holding an
installation of a power at war with the mover. Strategic bombers (`bomber`) raid industrial
complexes, air bases and naval bases; tactical bombers (`tactical_bomber`) only air and naval
bases [G40 L793]; fighters (never tactical bombers) go as escorts, from anywhere in range
[G40 L805]. Every unit of a raid takes part in no other battle that turn [G40 L805], [G40 L829]:
the Combat Move records them all as the raid's `raiders` (a battle of kind `bombing`).

Fought first among the battles, in three steps:

1. Air battle [G40 L807-L815], only if the defence commits interceptors: the fighters of the
   territory's defenders based there, all of them unless their power's standing orders say
   `intercept: false` (ruling G40-C1). One round; every aircraft attacks and defends at 1
   [G40 L813]; each side loses the aircraft it chooses (the attacker: its order of loss for the
   battle or its standing one, else the cheapest first; interceptors are all fighters). The
   surviving escorts then leave the raid: no AA fire at them, no bombing [G40 L815].
2. Targets and AA [G40 L819-L823], [G40 L1175]: each surviving bomber is assigned to one
   installation (the battle orders' `targets`, else a strategic bomber goes to the industrial
   complex, else the air base, else the naval base; a tactical bomber to the air base, else the
   naval base: ruling G40-C2); tactical bombers never to a complex [G40 L821]. Each installation
   rolls one die per bomber assigned to it (never at escorts); each 1 destroys one of them, the
   attacker choosing which [G40 L1175]. AA guns in the territory do not fire [G40 L823].
3. Bombing [G40 L825-L827]: each surviving bomber rolls a die, +2 for a strategic bomber (not a
   tactical one; digest §9 item 38: L827 over L1435); with Heavy Bombers the better of two dice,
   then +2 (§9 item 39). The sums go on each installation as damage markers up to its
   `max_damage` (major complex 20, minor complex 6, air or naval base 6); the excess is lost
   [G40 L827], on the installation in the game's `installations` (`installations.add_damage`).

The bombers and escorts stay in the territory until the Noncombat Move, where they land like
any attacking aircraft [G40 L815], [G40 L829].
"""

from __future__ import annotations

from aa_ref.core.dice import Volley
from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.events import RemoveUnits
from aa_ref.games.axis_allies.model.setup import UnitCounts
from aa_ref.games.axis_allies.model.state import Battle
from aa_ref.games.axis_allies.rules import installations as installations_rules
from aa_ref.games.axis_allies.rules.aa_fire import RADAR, RADAR_HITS, take_losses
from aa_ref.games.axis_allies.rules.board import Board, add_counts, total
from aa_ref.games.axis_allies.rules.developments import air_battle_value
from aa_ref.games.axis_allies.rules.firepower import G40_HEAVY_BOMBERS, HEAVY_BOMBERS

STRATEGIC = "bomber"
TACTICAL = "tactical_bomber"
ESCORT = "fighter"
COMPLEX, AIR_BASE, NAVAL_BASE = "industrial_complex", "air_base", "naval_base"
RAIDS_ON: dict[str, tuple[str, ...]] = {STRATEGIC: (COMPLEX, AIR_BASE, NAVAL_BASE), TACTICAL: (AIR_BASE, NAVAL_BASE)}
"""The installation kinds each bomber type may raid, in the order of the default targets [G40 L793]."""
STRATEGIC_BONUS = 2
"""A strategic bomber adds 2 to its die; a tactical bomber does not [G40 L827]."""
INSTALLATION_AA = 1
"""Each installation's own AA hits on 1 [G40 L823], [G40 L1175] (1-2 with Radar [G40 L1865])."""
AIR_BATTLE = 1
"""In the air battle every aircraft attacks and defends at 1 [G40 L813]."""

RULE_RAID = "G40 bombing raids [L791-L829]"
RULE_WHO = "G40 raid participants [L805], [L811]"
RULE_TACTICAL = "G40 tactical bombing raids [L793], [L821]"


# --- the installations of a territory ------------------------------------------------------
def installation_raids(board: Board) -> bool:
    """True when raids hit installations one by one: some installation has a damage track."""
    return any(t.installation and t.max_damage is not None for t in board.setup.unit_types.values())


def installations(board: Board, space: str) -> list[str]:
    """The installation unit types standing in a territory (the game's installations): the
    complex, then the air base, then the naval base, the order their AA fires and is bombed."""
    rank = {k: i for i, k in enumerate(RAIDS_ON[STRATEGIC])}
    return sorted(board.installations(space), key=lambda unit: rank.get(kind(board, unit), len(rank)))


def kind(board: Board, unit: str) -> str:
    return board.unit(unit).installation_kind or unit


def installation_damage(board: Board, space: str, unit: str) -> int:
    """Damage markers on one installation."""
    return board.installations(space).get(unit, 0)


def targets_for(board: Board, space: str, bomber: str) -> list[str]:
    """The installations in `space` a bomber type may raid, in the default order."""
    here = installations(board, space)
    return [u for k in RAIDS_ON.get(bomber, ()) for u in here if kind(board, u) == k]


def target_name(board: Board, space: str, text: str) -> str | None:
    """An installation of `space` named by its unit type (or alias) or by its kind."""
    here = installations(board, space)
    unit = board.setup.unit_names.get(text)
    if unit in here:
        return unit
    return next((u for u in here if kind(board, u) == text), None)


# --- checks ---------------------------------------------------------------------------------
def check_raid_leg(board: Board, given: OrdersInput, units: UnitCounts, end: str, index: int) -> list[Problem]:
    """A raid's move: strategic bombers, tactical bombers and escorting fighters only, to a
    hostile territory with an installation they may raid; the raid has a bomber [G40 L791-L811]."""
    loc = ("moves", index)
    power = given.model.power
    problems = []
    others = [u for u in units if u not in RAIDS_ON and u != ESCORT]
    if others:
        problems.append(given.problem(
            f"only strategic bombers, tactical bombers and escorting fighters take part in a bombing raid, not "
            f"{', '.join(others)}", (*loc, "units"), RULE_WHO))
    here = installations(board, end) if board.is_land(end) else []
    if not (board.is_land(end) and board.is_hostile_territory(end, power) and here):
        why = "it holds no installation" if board.is_land(end) and not here else "it is not a hostile territory"
        problems.append(given.problem(
            f"{end} cannot be raided: {why}; a raid targets the industrial complexes, air bases and naval bases "
            "of a power at war with you", (*loc, "to"), RULE_RAID))
    elif units.get(TACTICAL) and not targets_for(board, end, TACTICAL):
        problems.append(given.problem(
            f"tactical bombers raid only air bases and naval bases, and {end} has neither", (*loc, "units"),
            RULE_TACTICAL))
    if given.model.moves[index].paratroopers:
        problems.append(given.problem("bombers carrying paratroopers cannot make a bombing raid",
                                      (*loc, "paratroopers"), RULE_RAID))
    if _first_raid_leg(board, given, end) == index and not any(raid_units(board, given, end).get(b) for b in RAIDS_ON):
        problems.append(given.problem(
            f"the raid on {end} has no strategic or tactical bomber: fighters only escort bombers", (*loc, "units"),
            RULE_WHO))
    return problems


def _first_raid_leg(board: Board, given: OrdersInput, end: str) -> int | None:
    return next((i for i, m in enumerate(given.model.moves or [])
                 if m.bombing and board.setup.space_names.get(m.to) == end), None)


def raid_units(board: Board, given: OrdersInput, end: str) -> UnitCounts:
    """Every unit the orders' bombing moves send to `end`."""
    out: UnitCounts = {}
    for move in given.model.moves or []:
        if move.bombing and board.setup.space_names.get(move.to) == end:
            for text, n in move.units.items():
                unit = board.setup.unit_names.get(text) or text
                out = add_counts(out, {unit: n})
    return out


def check_targets(board: Board, given: OrdersInput, battle: Battle, written: dict[str, UnitCounts],
                  i: int) -> list[Problem]:
    """The battle orders' `targets`: installations of the raided territory; bombers of the raid, no
    more than it has; tactical bombers never at an industrial complex [G40 L819-L821]."""
    loc = ("battles", i, "targets")
    problems: list[Problem] = []
    assigned: UnitCounts = {}
    for text, units in written.items():
        target = target_name(board, battle.space, text)
        if target is None:
            here = ", ".join(installations(board, battle.space)) or "none"
            problems.append(given.problem(f"{battle.space} has no installation {text} to bomb (it has: {here})",
                                          (*loc, text), RULE_RAID))
            continue
        for name, n in units.items():
            unit = board.setup.unit_names.get(name)
            if unit not in RAIDS_ON:
                problems.append(given.problem(f"only strategic and tactical bombers bomb an installation, not {name}",
                                              (*loc, text, name), RULE_WHO))
            elif kind(board, target) not in RAIDS_ON[unit]:
                problems.append(given.problem(f"tactical bombers cannot bomb the {target}: they raid only air bases "
                                              "and naval bases", (*loc, text, name), RULE_TACTICAL))
            else:
                assigned = add_counts(assigned, {unit: n})
    for unit, n in assigned.items():
        if n > battle.raiders.get(unit, 0):
            problems.append(given.problem(f"{n} {unit} assigned to targets in {battle.space}, but the raid has "
                                          f"{battle.raiders.get(unit, 0)}", loc, RULE_RAID))
    return problems


# --- the raid -------------------------------------------------------------------------------
def resolve(ctx: Context, battle: Battle) -> Battle:
    """Fight one raid: the air battle, each installation's AA, the bombing [G40 L791-L829]."""
    board = Board(ctx.setup, ctx.game)
    space, attacker = battle.space, battle.attacker
    raiders = {u: n for u, n in battle.raiders.items() if n}
    order = battle.order_of_loss if battle.order_of_loss is not None else \
        ctx.game.powers[attacker].standing.order_of_loss
    tag = f"r{ctx.game.round}/{attacker}/{space}"
    ctx.note(f"{space}: bombing raid by {attacker} with {_fmt(raiders)} on {', '.join(installations(board, space))} "
             "[G40 L791]")
    raiders = _air_battle(ctx, board, battle, raiders, order, tag)
    escorts = raiders.get(ESCORT, 0)
    if escorts:
        ctx.note(f"{space}: {escorts} escorting fighter(s) leave the raid: no AA fire at them, no bombing [G40 L815]")
    bombers = {u: n for u, n in raiders.items() if u in RAIDS_ON}
    for target, units in assign(board, space, bombers, battle.targets).items():
        lost = _installation_aa(ctx, board, space, target, units, order, tag)
        if lost:
            _remove(ctx, space, attacker, lost, f"AA fire of the {target}")
            raiders = add_counts(raiders, lost, -1)
            units = add_counts(units, lost, -1)
        _bomb(ctx, board, space, attacker, target, units, tag)
    if not any(raiders.get(b) for b in RAIDS_ON):
        ctx.note(f"{space}: no bomber is left to bomb")
    return battle.model_copy(update={"raiders": {u: n for u, n in raiders.items() if n}, "status": "done"})


def interceptors(board: Board, space: str, attacker: str) -> dict[str, int]:
    """Defending power -> its fighters in the raided territory that intercept [G40 L807]: all of
    them unless its standing orders say `intercept: false` (ruling G40-C1)."""
    out = {}
    for power in board.enemy_powers(space, attacker):
        n = board.units(space, [power]).get(ESCORT, 0)
        if n and board.game.powers[power].standing.intercept is not False:
            out[power] = n
    return out


def _air_battle(ctx: Context, board: Board, battle: Battle, raiders: UnitCounts, order: list[str] | None,
                tag: str) -> UnitCounts:
    """One round, every aircraft at 1 [G40 L807-L813]; the raiders left."""
    space, attacker = battle.space, battle.attacker
    defence = interceptors(board, space, attacker)
    if not defence:
        ctx.note(f"{space}: no interceptors: no air battle [G40 L815]")
        return raiders
    n_att, n_def = total(raiders), sum(defence.values())
    att = ctx.roll(f"{tag}/raid-air-attack", n_att, Volley(
        f"{space}, air battle of the raid, {attacker}'s escorts and bombers fire",
        tuple((f"{n} {u} hit on 1 (jets 2)", n) for u, n in raiders.items())))
    dfn = ctx.roll(f"{tag}/raid-air-defense", n_def, Volley(
        f"{space}, air battle of the raid, the interceptors fire",
        tuple((f"{n} {p} fighter hit on 1 (jets 2)", n) for p, n in defence.items())))
    # each die hits on 1, a Jet Fighters escort's or interceptor's on 1-2 [G40 L813], [G40 L1850]
    att_values = [air_battle_value(board, attacker, u, AIR_BATTLE) for u, n in raiders.items() for _ in range(n)]
    def_values = [air_battle_value(board, p, ESCORT, AIR_BATTLE) for p, n in defence.items() for _ in range(n)]
    att_hits = sum(1 for d, v in zip(att, att_values) if d <= v)
    def_hits = sum(1 for d, v in zip(dfn, def_values) if d <= v)
    jets = [p for p in (attacker, *defence) if air_battle_value(board, p, ESCORT, AIR_BATTLE) > AIR_BATTLE]
    who = ", ".join(f"{n} {p} fighter(s)" for p, n in defence.items())
    ctx.note(f"{space}: air battle, one round, every aircraft at 1 [G40 L813]"
             + (f" ({', '.join(jets)}: Jet Fighters, fighters at 1-2 [G40 L1850])" if jets else "")
             + f": {_fmt(raiders)} roll {att}: {att_hits} hit(s); {who} intercept and roll {dfn}: {def_hits} hit(s)")
    owner = board.owner(space)
    for power in sorted(defence, key=lambda p: p != owner):  # the territory's owner loses its fighters first
        k = min(att_hits, defence[power])
        if k:
            _remove(ctx, space, power, {ESCORT: k}, "air battle")
            att_hits -= k
            ctx.note(f"{space}: {power} loses {k} intercepting fighter(s)")
    lost = take_losses(board, raiders, def_hits, order)
    if lost:
        _remove(ctx, space, attacker, lost, "air battle")
        ctx.note(f"{space}: {attacker} loses {_fmt(lost)} (its order of loss, else the cheapest first: ruling G40-C3)")
    return add_counts(raiders, lost, -1)


def assign(board: Board, space: str, bombers: UnitCounts, written: dict[str, UnitCounts] | None
           ) -> dict[str, UnitCounts]:
    """Installation -> the bombers bombing it: the orders' targets as far as bombers are left, the
    rest by default (ruling G40-C2) [G40 L819-L821]."""
    left = dict(bombers)
    out: dict[str, UnitCounts] = {}
    for text, units in (written or {}).items():
        target = target_name(board, space, text)
        for name, n in units.items():
            unit = board.setup.unit_names.get(name) or name
            k = min(n, left.get(unit, 0))
            if target and k:
                out[target] = add_counts(out.get(target, {}), {unit: k})
                left[unit] -= k
    for unit, n in left.items():
        choices = targets_for(board, space, unit)
        if n and choices:
            out[choices[0]] = add_counts(out.get(choices[0], {}), {unit: n})
    return {t: out[t] for t in installations(board, space) if t in out}


def _installation_aa(ctx: Context, board: Board, space: str, target: str, units: UnitCounts,
                     order: list[str] | None, tag: str) -> UnitCounts:
    """The installation's own AA: one die per bomber bombing it, a 1 destroys one (1-2 with the
    owner's Radar); the attacker chooses which [G40 L1175], [G40 L823]."""
    owner = board.owner(space)
    value = max(INSTALLATION_AA, RADAR_HITS) if owner and board.has_tech(owner, RADAR) else INSTALLATION_AA
    dice = ctx.roll(f"{tag}/raid-aa-{kind(board, target)}", total(units), Volley(
        f"{space}, the {target}'s AA fires at the bombers", ((f"one die per bomber, hit on {value}", total(units)),)))
    hits = sum(1 for d in dice if d <= value)
    lost = take_losses(board, units, hits, order)
    ctx.note(f"{space}: the {target}'s AA fires at the {_fmt(units)} bombing it (hit on {value} or less): {dice}: "
             f"{hits} hit(s)" + (f"; {_fmt(lost)} destroyed" if lost else "") + " [G40 L1175]")
    return lost


def _bomb(ctx: Context, board: Board, space: str, attacker: str, target: str, units: UnitCounts, tag: str) -> None:
    """Each bomber's damage: a die, +2 for a strategic bomber (Heavy Bombers: the better of two
    dice, +2), up to the installation's cap [G40 L825-L827], [G40 L1873]."""
    if not total(units):
        return
    heavy = board.has_tech(attacker, G40_HEAVY_BOMBERS) or board.has_tech(attacker, HEAVY_BOMBERS)
    parts, rolled = [], 0
    for unit in (STRATEGIC, TACTICAL):
        n = units.get(unit, 0)
        if not n:
            continue
        each = 2 if heavy and unit == STRATEGIC else 1
        dice = ctx.roll(f"{tag}/raid-{kind(board, target)}-{unit}", n * each, Volley(
            f"{space}, {attacker}'s {unit}s bomb the {target}",
            ((f"{n} {unit}, damage = the die" + (" (the better of two)" if each > 1 else "")
              + (f" +{STRATEGIC_BONUS}" if unit == STRATEGIC else ""), n * each),)))
        best = [max(dice[i * each:(i + 1) * each]) for i in range(n)]
        bonus = STRATEGIC_BONUS if unit == STRATEGIC else 0
        rolled += sum(best) + bonus * n
        parts.append(f"{n} {unit} roll {dice}" + (" (the better of two each)" if each > 1 else "")
                     + (f" +{bonus} each" if bonus else ""))
    cap = board.unit(target).max_damage or 0
    placed = installations_rules.add_damage(ctx, space, target, rolled, f"{attacker}'s bombing raid")
    lost = f"; {rolled - placed} lost above its limit of {cap}" if rolled > placed else ""
    ctx.note(f"{space}: {'; '.join(parts)}: {rolled} damage on the {target}: {placed} damage marker(s) placed"
             f"{lost} [G40 L827]")


def _remove(ctx: Context, space: str, power: str, units: UnitCounts, why: str) -> None:
    left = dict(units)
    for force in [f.model_copy(deep=True) for f in ctx.game.forces(space, power)]:
        take = {u: min(n, force.units.get(u, 0)) for u, n in left.items() if min(n, force.units.get(u, 0))}
        if take:
            ctx.emit(RemoveUnits(space=space, force=force.model_copy(update={"units": take, "damaged": 0, "damaged_units": {}}), reason=why))
            left = add_counts(left, take, -1)
        if not any(left.values()):
            return


def _fmt(units: UnitCounts) -> str:
    return ", ".join(f"{n} {u}" for u, n in units.items() if n) or "nothing"
