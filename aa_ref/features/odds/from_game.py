"""Odds for a battle in a game file: a pending battle, or a planned attack on a space. A
pending amphibious assault is fought by the referee itself on copies of the game, so its
bombardment, landing and seaborne units follow the real battle."""

from __future__ import annotations

from aa_ref.core.errors import UsageError
from aa_ref.features.odds.battle import BattleSpec, parse_order, parse_units
from aa_ref.features.odds.run import Request
from aa_ref.features.odds.sides import OddsError
from aa_ref.games.axis_allies.model.setup import UnitCounts
from aa_ref.games.axis_allies.model.state import Battle
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
    return BattleSpec(
        setup, attacker, defender, board.is_sea(space),
        frozenset(board.technologies(attacker_power)),
        frozenset(t for p in defenders for t in board.technologies(p)),
        parse_order(setup, request.attacker_order, "--attacker-order") or game.powers[attacker_power].standing.order_of_loss,
        parse_order(setup, request.defender_order, "--defender-order"),
        request.retreat_after, request.retreat_below, request.keep_land, request.low_luck, request.retreat_chance,
        submerge=request.submerge, pending=(game, battle) if amphibious else None,
    )


def _landing(board: Board, battle: Battle) -> UnitCounts:
    """The attacker's units aboard transports that will land in the battle's territory."""
    out: UnitCounts = {}
    for zone in battle.amphibious_from:
        for force in board.forces(zone):
            if force.assault == battle.space:
                out = add_counts(out, force.lands(battle.attacker))
    return out
