"""Target selection after reconnaissance (optional rule OR 19.2, part of `recon`) [BW L2244-L2246].

"Se il tempo è bello e la ricognizione ha successo, gli aerei Tech2 e le artiglierie possono selezionare un nemico
specifico tra 2-3 unità nemiche differenti con lo stesso livello" [BW L2246]. Hits go to the strongest enemy block,
and among equally strong blocks the owner chooses [BW L686] (`losses.take_hits`); after a successful reconnaissance
of the battle hex this player turn, in good weather there, the attacker's artillery and TECH 2+ air units choose
instead.

`target: [BLOCK, ...], at: HEX` (Movement phase, after the reconnaissance): the attacker names, in order, the enemy
blocks of HEX that its hits go to first among equally strong ones. Fog of war: a side names an enemy block only as
its view shows it, and its view shows by name only the blocks revealed (the reconnaissance revealed every enemy
block of the hex [BW L2242]). A name that is not one of the enemy blocks revealed in HEX is refused with one and the
same message whatever it names (a hidden block there, a block elsewhere, an opaque name, nothing), listing only the
revealed blocks: a refusal tells nothing the view does not.

Applied to the artillery's hits and to the air-to-ground hits of a volley whose air units are all TECH 2 or more
(a volley's hits are pooled: a hit of a TECH 1 aircraft cannot be told from the others). The choice lapses with the
player turn.
"""

from __future__ import annotations

from typing import Any

from aa_ref.core.names import natural_key
from aa_ref.games.blocks_in_the_west import rules
from aa_ref.games.blocks_in_the_west import mediterranean as med
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import ReconTargets
from aa_ref.games.blocks_in_the_west.state import Battle

AIR_TECH = 2
"""'gli aerei Tech2' [BW L2246]."""


def name_targets(act: Act, order: Any) -> None:
    """`target: [...], at: HEX` [BW L2246]."""
    game = act.game
    act.require(rules.enabled(game, "recon"), "target selection after reconnaissance is part of the optional rule "
                "recon, which is off (OR 19.2)", "L2246", "target")
    at = act.hex(order.at, "at")
    act.require(at in game.recon_hexes, f"{at} was not reconnoitred with success this turn: targets are chosen only "
                "after a successful reconnaissance", "L2246", "at")
    act.require(med.weather(act, at) == "good", f"the weather in {at} is {med.weather(act, at).replace('_', ' ')}: "
                "targets are chosen only in good weather", "L2246", "at")
    board = act.board()
    revealed = sorted((b for b in board.blocks_at(at, board.enemy(act.side)) if game.blocks[b].revealed),
                      key=natural_key)
    chosen: list[str] = []
    for i, name in enumerate(order.target):
        block = act.scenario.block_names.get(name)
        act.require(block in revealed, f"'{name}' is not an enemy block your reconnaissance revealed in {at} "
                    f"(revealed there: {', '.join(revealed) or 'none'})", "L2246", "target")
        act.require(block not in chosen, f"{block} is named twice", "L2246", "target")
        chosen.append(block)  # type: ignore[arg-type]
    act.ctx.emit(ReconTargets(targets={**game.recon_targets, at: chosen}))
    act.note(f"the {act.side}' artillery and TECH 2 air units will hit first, among equally strong blocks in {at}: "
             f"{', '.join(chosen)} [BW L2246]")


def chosen(act: Act, battle: Battle, side: str, air: list[str] | None = None) -> list[str]:
    """The attacker's chosen targets for these hits, [] when the choice does not apply: not the attacker, no
    successful reconnaissance, bad weather in the hex, or (`air`: the volley's air units) one below TECH 2."""
    game = act.game
    if side != battle.attacker or not rules.enabled(game, "recon") or battle.hex not in game.recon_hexes:
        return []
    if med.weather(act, battle.hex) != "good":
        return []
    if air is not None and any(act.scenario.powers[act.scenario.blocks[b].power].tech.get(
            act.scenario.blocks[b].unit, 1) < AIR_TECH for b in air):
        return []
    return list(game.recon_targets.get(battle.hex, []))


def new_player_turn(act: Act) -> None:
    """The choices lapse with the player turn."""
    if act.game.recon_targets:
        act.ctx.emit(ReconTargets(targets={}))
