"""Global 1940 national objectives, paid in the power's Collect Income [G40 L1695-L1795].

Each objective is data in the setup (`national_objectives`, `aa_ref.games.axis_allies.model.setup.Objective`): the
Anniversary conditions (`aa_ref.games.axis_allies.rules.objectives.unmet`) and the Global ones below (war status,
bonuses for each territory held, land units present, originals held, one-time bonuses, the
economy paid). War status is read from the game's war matrix (`Game.at_war`). Nothing is paid
while the power's capital (the UK: the economy's regional capital) is the enemy's [G40 L1128],
[L1689]. Objectives are counted before convoy losses are taken off [G40 L1120-L1124].
"""

from __future__ import annotations

from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.events import AddUnits, BonusPaid, Control, UnitsDue
from aa_ref.games.axis_allies.model.setup import Objective, UnitCounts
from aa_ref.games.axis_allies.model.state import Force
from aa_ref.games.axis_allies.rules import objectives
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.economies import economy_of
from aa_ref.games.axis_allies.rules.purchase import purchase_cost

SURFACE_WARSHIPS = ("battleship", "carrier", "cruiser", "destroyer")


def _at_war_with_anyone(board: Board, power: str) -> bool:
    return any(power in pair for pair in board.game.at_war)


def _originals(board: Board, power: str, objective: Objective) -> list[str]:
    return [name for name, space in board.setup.spaces.items()
            if space.kind == "land" and space.original_owner == power
            and (objective.economy is None or economy_of(board.setup, power, name) == objective.economy)]


def _side_controls(board: Board, power: str, space: str) -> bool:
    owner = board.owner(space)
    return owner is not None and board.allied(power, owner)


def count(board: Board, power: str, objective: Objective) -> int:
    """How many times the bonus is earned for its `each_*` lists (1 when it has none)."""
    if not (objective.each_of or objective.each_side_of or objective.each_original_of):
        return 1
    n = sum(board.owner(s) == power for s in objective.each_of)
    n += sum(_side_controls(board, power, s) for s in objective.each_side_of)
    if objective.each_original_of:
        for name, space in board.setup.spaces.items():
            if board.owner(name) != power or space.kind != "land":
                continue
            if space.original_owner in objective.each_original_of or (
                    space.original_owner is None and space.alignment in objective.each_original_of):
                n += 1
    return n


def unmet(board: Board, power: str, objective: Objective) -> list[str]:
    """The conditions of `objective` that do not hold now, in words; empty when it is met."""
    missing = objectives.unmet(board, power, objective)
    if objective.not_implemented:
        missing.append(f"not adjudicated by the referee yet: {objective.not_implemented}")
    game = board.game
    if objective.at_war and not _at_war_with_anyone(board, power):
        missing.append(f"{power} is at war with no one")
    lacking = [p for p in objective.at_war_with if not game.is_at_war(power, p)]
    if lacking:
        missing.append(f"{power} is not at war with " + ", ".join(lacking))
    if objective.at_war_with_any and not any(game.is_at_war(power, p) for p in objective.at_war_with_any):
        missing.append(f"{power} is at war with none of " + ", ".join(objective.at_war_with_any))
    warring = [p for p in objective.not_at_war_with if game.is_at_war(power, p)]
    if warring:
        missing.append(f"{power} is at war with " + ", ".join(warring))
    held = [s for s in objective.power_not_controls if board.owner(s) == power]
    if held:
        missing.append(f"{power} controls " + ", ".join(held))
    empty = [s for s in objective.land_units_in
             if not any(board.domain(u) == "land" and n for f in board.forces(s, power) for u, n in f.units.items())]
    if empty:
        missing.append(f"no {power} land unit in " + ", ".join(empty))
    for space in objective.neutral_or_side_controls:
        owner = board.owner(space)
        other = "pro_allies" if board.setup.side_of(power) == "Axis" else "pro_axis"
        if owner is None and board.setup.spaces[space].alignment == other:
            missing.append(f"{space} leans to the other side")
        elif owner is not None and not board.allied(power, owner):
            missing.append(f"{space} is held by {owner}")
    side = board.setup.side_of(power)
    hostile = sorted(z for z in objective.no_opposing_warships_in
                     if any(board.setup.side_of(f.power) != side and any(f.units.get(u, 0) for u in SURFACE_WARSHIPS)
                            for f in board.forces(z)))
    if hostile:
        missing.append("surface warships of the other side in " + ", ".join(hostile))
    naval = sorted(z for z in objective.no_opposing_warships_or_subs_in
                   if any(board.setup.side_of(f.power) != side
                          and any(f.units.get(u, 0) for u in (*SURFACE_WARSHIPS, "submarine"))
                          for f in board.forces(z)))
    if naval:
        missing.append("warships of the other side in " + ", ".join(naval))
    if objective.controls_originals:
        lost = [s for s in _originals(board, power, objective) if board.owner(s) != power]
        if lost:
            missing.append(f"{power} does not control its original " + ", ".join(lost))
    if objective.no_allied_units_in_original:
        guests = sorted({name for name, space in board.setup.spaces.items() if space.original_owner == power
                         for f in board.forces(name) if f.power != power and board.allied(power, f.power)})
        if guests:
            missing.append("other Allied units in " + ", ".join(guests))
    if objective.once and objective.id in game.powers[power].bonuses_paid:
        missing.append("a one-time bonus already paid")
    if not missing and count(board, power, objective) == 0:
        missing.append("none of " + ", ".join(objective.each_of or objective.each_side_of or ["those territories"])
                       + " held")
    return missing


def objectives_for(board: Board, power: str, economy: str | None) -> list[Objective]:
    """The objectives checked at Collect Income (not those paid at a liberation)."""
    return [o for o in board.setup.national_objectives.get(power, [])
            if (o.economy == economy or economy is None) and o.liberated is None]


# --- objectives paid in units at a liberation (France F1 [G40 L1792-L1795]) -----------------
RULE_UNITS = "G40 L1795"


def after_adjudication(ctx: Context, events: list) -> None:
    """A territory named by a one-time `liberated` objective that went back to its power from an
    enemy this adjudication: the objective is paid (once), in units to place there at the
    power's next Mobilize (ruling E12, digest §9 #55)."""
    board = Board(ctx.setup, ctx.game)
    for event in events:
        if not isinstance(event, Control) or event.previous is None or event.owner is None:
            continue
        for objective in ctx.setup.national_objectives.get(event.owner, []):
            if objective.liberated != event.space or objective.id in ctx.game.powers[event.owner].bonuses_paid:
                continue
            if board.allied(event.owner, event.previous):
                continue
            ctx.emit(BonusPaid(power=event.owner, objective=objective.id))
            ctx.emit(UnitsDue(power=event.owner, objective=objective.id, worth=objective.units_worth or 0))
            ctx.note(f"{event.space} is liberated for the first time: {event.owner} meets objective {objective.id}, "
                     f"{objective.units_worth} IPCs of units to place there at its next Mobilize "
                     "(objective_units) [G40 L1794-L1795]")


def units_owed(board: Board, power: str) -> dict[str, Objective]:
    """Objective id -> objective, for the units `power` may place now."""
    due = board.game.powers[power].units_due
    return {o.id: o for o in board.setup.national_objectives.get(power, []) if o.id in due}


def check_objective_units(board: Board, given: OrdersInput) -> list[Problem]:
    """Units worth no more than the objective pays, land or air, placed in its territory while the
    power controls it [G40 L1795] (ruling E12)."""
    power = given.model.power
    owed = units_owed(board, power)
    problems = []
    for oid, units in (given.model.objective_units or {}).items():
        loc = ("objective_units", oid)
        objective = owed.get(oid)
        if objective is None:
            problems.append(given.problem(f"{power} is owed no units by objective '{oid}'", loc, RULE_UNITS))
            continue
        resolved: UnitCounts = {}
        for text, n in units.items():
            unit = board.setup.unit_names.get(text)
            if unit is None:
                problems.append(given.problem(board.setup.unit_names.unknown_message(text), (*loc, text)))
            elif n < 0:
                problems.append(given.problem(f"cannot place a negative number of {unit}", (*loc, text)))
            elif n and (board.domain(unit) == "sea" or board.unit(unit).installation):
                problems.append(given.problem(
                    f"{unit} cannot be placed in the territory {objective.liberated}: land and air units only",
                    (*loc, text), RULE_UNITS))
            elif n:
                resolved[unit] = resolved.get(unit, 0) + n
        worth = board.game.powers[power].units_due[oid]
        cost = purchase_cost(board, power, resolved)
        if cost > worth:
            problems.append(given.problem(
                f"objective {oid} pays {worth} IPCs of units; these cost {cost}", loc, RULE_UNITS))
        if resolved and board.owner(objective.liberated) != power:
            problems.append(given.problem(
                f"{objective.liberated} is held by {board.owner(objective.liberated)}: the units of objective {oid} "
                "are placed only there", loc, RULE_UNITS))
    return problems


def place_objective_units(ctx: Context, power: str, chosen: dict[str, UnitCounts] | None) -> None:
    """Place the chosen units; whatever is owed is settled at this Mobilize, the rest lost (ruling E12)."""
    board = Board(ctx.setup, ctx.game)
    owed = units_owed(board, power)
    for oid, objective in owed.items():
        units = {ctx.setup.unit_names.get(u): n for u, n in (chosen or {}).get(oid, {}).items() if n}
        if units:
            ctx.emit(AddUnits(space=objective.liberated, force=Force(power=power, units=units, done=True)))
            ctx.note(f"{power} places {', '.join(f'{n} {u}' for u, n in units.items())} in {objective.liberated}: "
                     f"objective {oid} [G40 L1795]")
        else:
            ctx.note(f"{power} places no units for objective {oid}: they are lost [G40 L1795] (ruling E12)")
        ctx.emit(UnitsDue(power=power, objective=oid, worth=0))


def met_bonuses(board: Board, power: str, economy: str | None = None) -> dict[str, int]:
    """Objective id -> bonus for every objective of `power` (of `economy`) met now."""
    return {o.id: o.bonus * count(board, power, o) for o in objectives_for(board, power, economy)
            if not unmet(board, power, o)}


def pay_objectives(ctx: Context, power: str, economy: str | None = None) -> int:
    """Note each objective met or missed; returns the bonus total (the caller pays it with the
    income) and records one-time bonuses as paid."""
    board = Board(ctx.setup, ctx.game)
    total = 0
    for objective in objectives_for(board, power, economy):
        missing = unmet(board, power, objective)
        if missing:
            ctx.note(f"{power} misses objective {objective.id}: {'; '.join(missing)}")
            continue
        bonus = objective.bonus * count(board, power, objective)
        total += bonus
        if objective.once:
            ctx.emit(BonusPaid(power=power, objective=objective.id))
        ctx.note(f"{power} meets objective {objective.id}: {bonus} IPCs ({objective.text.replace('[L', '[G40 L')})")
    return total
