"""Optional rule OR 31.0: the Reaction reserve reinforcing a battle in the opponent's turn [BW L2469], [BW L1556].

"possono invece muoversi dopo che l'opponente ha mosso per rinforzare una battaglia" [BW L2469]: while the game waits
for the passive side's Defender Reaction (or, in a blitz battle, for its reserve), `reinforce` moves its armour in
Reaction reserve along a path into a battle hex, before its `react`. The reserve itself (who, when, the AP, the
barrel) is `reserves`.
"""

from __future__ import annotations

from typing import Any

from aa_ref.games.blocks_in_the_west import movement, reserves
from aa_ref.games.blocks_in_the_west.act import Act


def reinforce(act: Act, order: Any) -> None:
    """The passive side's Reaction reserve moves along a path into a battle hex to reinforce it, while the game
    waits for its Defender Reaction (before `react`), or in a blitz battle [BW L2469], [BW L1556]. It moves as in the
    Movement phase (full MP: the AP spent on it is its command), ending in the battle hex."""
    game = act.game
    pending = game.pending[0] if game.pending else None
    act.require(pending is not None and pending.kind == "reaction" and pending.power == act.side,
                "a reserve reinforces a battle only while the game waits for the Defender Reaction (after the "
                "opponent has moved)", "L2469", "reinforce")
    blocks, start = movement._group(act, order.reinforce, "reinforce", ground=True)
    for b in blocks:
        act.require(reserves.kind_of(game, b) == "reaction", f"{b} is not in reserve (Reaction): only armour put in "
                    "reserve in its Exploitation phase reinforces a battle in the opponent's turn", "L2469", "reinforce")
        act.require(not game.blocks[b].out_of_supply, f"{b} is out of supply: it cannot reinforce a battle", "L790",
                    "reinforce")
    battles = [b.hex for b in game.battles]
    act.require(start not in battles, f"{start} is a battle hex: units in it cannot leave for another battle",
                "L1321", "reinforce")
    hexes = movement._path(act, start, order.path)
    act.require(hexes[-1] in battles, f"{hexes[-1]} is not a battle hex this turn (battles: {', '.join(battles)}): a "
                "reserve moves to reinforce a battle", "L2469", "path")
    movement._walk(act, blocks, start, hexes, {b: movement.movement_points(act, b, "reinforce", halve=True)
                                               for b in blocks}, exploit=False)
    reserves.clear(act, blocks)
    act.note(f"{', '.join(blocks)} leave reserve and reinforce the battle at {hexes[-1]} [BW L2469]")
