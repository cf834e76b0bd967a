"""National objectives, an optional rule: bonuses paid at Collect Income (Anniversary
[@103575]-[@108876]).

Each objective is data in the setup (`national_objectives`); a power collects each bonus
whose conditions all hold at its own Collect Income phase, never while its capital is
enemy-held [@103009]. "The Axis/Allies control" means any power of that side.
"""

from __future__ import annotations

from aa_ref.core.engine import Context
from aa_ref.games.axis_allies.model.events import Treasury
from aa_ref.games.axis_allies.model.setup import Objective
from aa_ref.games.axis_allies.rules.board import Board


def _side_controls(board: Board, power: str, space: str) -> bool:
    owner = board.owner(space)
    return owner is not None and board.allied(power, owner)


def unmet(board: Board, power: str, objective: Objective) -> list[str]:
    """The conditions of `objective` that do not hold now, in words; empty when it is met."""
    missing: list[str] = []
    lacking = [s for s in objective.all_of if not _side_controls(board, power, s)]
    if lacking:
        missing.append("not held: " + ", ".join(lacking))
    if objective.at_least is not None:
        held = sum(_side_controls(board, power, s) for s in objective.of)
        if held < objective.at_least:
            missing.append(f"{held} of {objective.at_least} needed held among " + ", ".join(objective.of))
    lacking = [s for s in objective.power_controls if board.owner(s) != power]
    if lacking:
        missing.append(f"not controlled by {power}: " + ", ".join(lacking))
    hostile = [z for z in objective.no_enemy_warships_in if board.is_hostile_sea(z, power)]
    if hostile:
        missing.append("enemy surface warships in " + ", ".join(hostile))
    if objective.any_original_of and not any(
        space.original_owner == objective.any_original_of and _side_controls(board, power, name)
        for name, space in board.setup.spaces.items()
    ):
        missing.append(f"no territory originally {objective.any_original_of}'s is held")
    if objective.no_allied_units_in_own:  # units of the other Allied powers only [@108672]
        guests = sorted({
            name for name, state in board.game.spaces.items() if state.owner == power
            for force in state.forces if force.power != power and board.allied(power, force.power)
        })
        if guests:
            missing.append("other Allied units in " + ", ".join(guests))
    return missing


def pay_objectives(ctx: Context, power: str) -> None:
    """Pay every met objective of `power` once this turn; no bonus while its capital is lost."""
    board = Board(ctx.setup, ctx.game)
    objectives = ctx.setup.national_objectives.get(power, [])
    if not objectives or not board.capital_held(power):
        return
    for objective in objectives:
        missing = unmet(board, power, objective)
        if missing:
            ctx.note(f"{power} misses objective {objective.id}: {'; '.join(missing)}")
            continue
        ctx.emit(Treasury(power=power, delta=objective.bonus, reason=f"national objective {objective.id}"))
        ctx.note(f"{power} meets objective {objective.id} and collects {objective.bonus} IPCs: {objective.text}")
