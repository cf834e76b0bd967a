"""Unit upgrades (optional rule OR 40.0, option `unit_upgrade`) [BW L2611-L2622].

The scenario names which block may be upgraded to which, and from which month (`upgrade: {to, from_month}` on the
block): BITW alone only the 19th Panzer Corps to the 2nd PzG in June 1940 [BW L2613]; combined with BIA/BITE six
German units [BW L2615-L2616]. In the Production phase, `upgrade: BLOCK`:

1. the block must be in play, at full strength and fully supplied (not marked out of supply, not besieged under AR
   12.0), "altrimenti il miglioramento deve essere posticipato" [BW L2618];
2. it leaves the game for good and the named block takes its place, in its hex, at full strength [BW L2620];
3. an infantry corps (motorized or not) upgraded to tanks costs 4 red PP [BW L2622] (4 yellow PP without AR 11.0,
   whose coloured PP do not exist in the basic rules).

A block upgraded away is never rebuilt, and the block it becomes enters only by the upgrade (`place` refuses both).
docs/bitw-rulings.md has the reading.
"""

from __future__ import annotations

from typing import Any

from aa_ref.games.blocks_in_the_west import partisans, production, rules, supply
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import BlockMove, BlockUpdate, ColouredPoints, Points, Upgraded

INFANTRY = ("infantry", "motorized")
"""'un corpo di fanteria ... (motorizzata o no)' [BW L2622]."""
TANK_PRICE = 4


def refusal(act: Act, block_id: str) -> str | None:
    """Why a block may not enter the map by placement: upgraded away, or a replacement not yet upgraded into."""
    game = act.game
    if block_id in game.upgraded:
        return (f"{block_id} was upgraded to {game.upgraded[block_id]} and left the game for good (OR 40.0)")
    sources = [b for b, x in act.scenario.blocks.items() if x.upgrade is not None and x.upgrade.to == block_id]
    if sources and block_id not in game.upgraded.values():
        return (f"{block_id} enters the game only by upgrading {sources[0]} (OR 40.0)")
    return None


def place(act: Act, order: Any) -> None:
    """`place`, but not for a block an upgrade took out of the game or one that only an upgrade brings in."""
    block_id = act.scenario.block_names.get(order.place)
    if block_id is not None:
        why = refusal(act, block_id)
        act.require(why is None, why or "", "L2620", "place")
    production.place(act, order)
    partisans.arrived(act, order.place, order.at)  # OR 29.0 [BW L2457]


def upgrade(act: Act, order: Any) -> None:
    """Replace a full-strength, fully supplied block in play by the block the scenario names [BW L2618-L2622]."""
    game = act.game
    act.require(rules.enabled(game, "unit_upgrade"), "unit upgrades are an optional rule: unit_upgrade is off "
                "(OR 40.0)", "L2611-L2622", "upgrade")
    act.require(not any(isinstance(e, Points) and e.reason.startswith(production.DISBANDED) for e in act.ctx.events),
                "units are disbanded when production is over: no upgrade after a disband", "L1222", "upgrade")
    block_id = act.block(order.upgrade, "upgrade")
    block, state = act.scenario.blocks[block_id], game.blocks[block_id]
    act.require(block.upgrade is not None, f"{block_id} has no upgrade in this scenario: only the units the scenario "
                "names are upgraded (OR 40.0)", "L2611-L2616", "upgrade")
    assert block.upgrade is not None
    to = block.upgrade.to
    month = act.scenario.turns[game.turn - 1].month
    act.require(block.upgrade.from_month is None or month >= block.upgrade.from_month, f"{block_id} is upgraded to "
                f"{to} from {block.upgrade.from_month}, not in {month} (OR 40.0)", "L2613", "upgrade")
    act.require(state.hex is not None, f"{block_id} is not in play: the unit to be upgraded must be on the map "
                "(OR 40.0)", "L2618", "upgrade")
    full = block.steps[0].value
    act.require(state.strength == full and not state.hits, f"{block_id} is at {state.strength}, not at full strength "
                f"({full}): the upgrade is postponed (OR 40.0)", "L2618", "upgrade")
    act.require(not state.out_of_supply, f"{block_id} is out of supply: the upgrade is postponed until it is fully "
                "supplied (OR 40.0)", "L2618", "upgrade")
    act.require(not supply.besieged(act.board(), block_id), f"{block_id} is besieged (supplied only by the siege, "
                "AR 12.0): the upgrade is postponed until it is fully supplied (OR 40.0)", "L2618", "upgrade")
    act.require(game.blocks[to].hex is None and to not in game.upgraded.values(), f"{to} is already in play",
                "L2620", "upgrade")
    new = act.scenario.blocks[to]
    if block.unit in INFANTRY and new.unit == "tank":
        reason = f"upgrading {block_id} to {to} (OR 40.0)"
        if rules.enabled(game, "advanced_production"):
            held = game.coloured_pp.get(block.power, {}).get("red", 0)
            act.require(held >= TANK_PRICE, f"{reason} costs {TANK_PRICE} red PP, but {block.power} has {held}",
                        "L2622", "upgrade")
            act.ctx.emit(ColouredPoints(power=block.power, colour="red", delta=-TANK_PRICE, reason=reason))
        else:
            act.pay(block.power, TANK_PRICE, reason, "L2622")
    at = state.hex
    act.ctx.emit(BlockMove(block=block_id, path=[at, None]))
    act.ctx.emit(BlockUpdate(block=block_id, out_of_supply=False, revealed=False, moved=False,
                             reason="upgraded: out of the game for good [BW L2620]"))
    act.ctx.emit(BlockMove(block=to, path=[None, at]))
    act.ctx.emit(BlockUpdate(block=to, strength=new.steps[0].value, out_of_supply=False, moved=False, hits=0,
                             revealed=state.revealed or game.options.get("fog_of_war") == "off",
                             reason=f"replaces {block_id} [BW L2620]"))
    act.ctx.emit(Upgraded(block=block_id, to=to))
    act.note(f"{block_id} upgraded to {to} in {at} [BW L2618-L2622]")
