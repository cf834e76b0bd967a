"""Odds for a battle in a game file: a pending battle, or a planned attack on a space. A
pending amphibious assault is solved exactly as the referee would fight it (its landing units
seaborne, the ships that would bombard bombarding) when the exact chain holds it; else, or with
`--runs`, it is fought by the referee itself on copies of the game."""

from __future__ import annotations

from dataclasses import replace

from aa_ref.core.errors import UsageError
from aa_ref.features.odds.battle import BattleSpec, parse_order, parse_units
from aa_ref.features.odds.run import Request
from aa_ref.features.odds.sides import OddsError
from aa_ref.games.axis_allies.model.setup import UnitCounts
from aa_ref.games.axis_allies.model.state import Battle
from aa_ref.games.axis_allies.rules import bombard
from aa_ref.games.axis_allies.rules.board import Board, add_counts


def spec_from_game(loaded, space_name: str, request: Request) -> BattleSpec:
    """The battle at `space_name`: the attacker's units there (a pending battle) or the units
    named by `--attacker` (a planned attack by the power to move), against every enemy unit
    there that fights."""
    setup, game = loaded.setup, loaded.game
    space = setup.space_names.get(space_name)
    if space is None:
        raise UsageError(setup.space_names.unknown_message(space_name))
    board = Board(setup, game)
    battle = next((b for b in game.turn.battles if b.space == space and b.status != "done"), None)
    if battle is not None and battle.kind == "bombing":
        raise OddsError(f"{space} is a strategic bombing raid, not a battle: odds of raids are not implemented yet")
    attacker_power = battle.attacker if battle else game.power
    amphibious = battle is not None and bool(battle.amphibious_from) and not request.attacker
    if request.attacker:
        attacker = parse_units(setup, request.attacker, "--attacker")
    elif battle:
        attacker = add_counts(board.units(space, [attacker_power]), _landing(board, battle))
    else:
        raise UsageError(f"no battle is waiting in {space}: name the attacking units with --attacker")
    defender: UnitCounts = parse_units(setup, request.defender, "--defender") if request.defender else \
        board.enemy_units(space, attacker_power)
    if not defender:
        raise UsageError(f"no enemy units defend {space}")
    defenders = board.enemy_powers(space, attacker_power)
    spec = BattleSpec(
        setup, attacker, defender, board.is_sea(space),
        frozenset(board.technologies(attacker_power)),
        frozenset(t for p in defenders for t in board.technologies(p)),
        parse_order(setup, request.attacker_order, "--attacker-order") or game.powers[attacker_power].standing.order_of_loss,
        parse_order(setup, request.defender_order, "--defender-order"),
        request.retreat_after, request.retreat_below, request.keep_land, request.low_luck, request.retreat_chance,
        submerge=request.submerge, pending=(game, battle) if amphibious else None,
    )
    if amphibious:
        spec.fitted, spec.unfitted = _fitted(spec, board, battle, request, defenders)
    return spec


def _fitted(spec: BattleSpec, board: Board, battle: Battle, request: Request,
            defenders: list[str]) -> tuple[BattleSpec | None, str]:
    """The pending amphibious assault as the exact chain's spec, as the referee would fight it:
    the units landing from transports are seaborne, the ships `bombard.choose` picks bombard
    (at most one per landed unit, none after a sea battle in the zone), the orders of loss and
    retreat are the battle's orders, else the powers' standing orders, else the request's. None,
    with the reason, when the battle does not fit."""
    game = board.game
    waiting = [b.space for b in game.turn.battles if b.space in battle.amphibious_from and b.status != "done"]
    if waiting:
        return None, f"the landing waits on the sea battle in {', '.join(waiting)}"
    orders = {tuple(game.powers[p].standing.order_of_loss or ()) for p in defenders}
    if len(orders) > 1:
        return None, "the defending powers have different standing orders of loss"
    landing = _landing(board, battle)
    cap = sum(landing.values())
    ships: UnitCounts = {}
    if cap and bombard.eligible(board, battle):
        for units in bombard.choose(board, battle, cap).values():
            ships = add_counts(ships, units)
    attacker_order = parse_order(spec.setup, request.attacker_order, "--attacker-order") or battle.order_of_loss or \
        game.powers[battle.attacker].standing.order_of_loss
    defender_order = spec.defender_order or (list(orders.pop()) or None if orders else None)
    policy = battle.retreat
    after = policy.after_round if policy is not None else spec.retreat_after
    below = policy.below if policy is not None else spec.retreat_below
    fitted = replace(spec, pending=None, attacker_order=attacker_order, defender_order=defender_order,
                     retreat_after=after, retreat_below=below, bombard=ships, seaborne=landing)
    try:
        fitted.check()
    except OddsError as error:
        return None, str(error)
    return fitted, ""


def _landing(board: Board, battle: Battle) -> UnitCounts:
    """The attacker's units aboard transports that will land in the battle's territory."""
    out: UnitCounts = {}
    for zone in battle.amphibious_from:
        for force in board.forces(zone):
            if force.assault == battle.space:
                out = add_counts(out, force.lands(battle.attacker))
    return out
