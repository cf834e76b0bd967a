"""Hits and losses [BW L1464-L1478]: a hit rotates the strongest block one step down (a shield block takes two hits
a rotation [BW L688]); a block past its last step is eliminated, off the map and rebuildable [BW L1474]; a min_zero
block stays at 0 [BW L1476]; hits beyond the targets are lost [BW L1478].
"""

from __future__ import annotations

from aa_ref.games.blocks_in_the_west import leaders
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import BlockMove, BlockUpdate
from aa_ref.core.names import natural_key


def rotate(act: Act, block_id: str, strength: int) -> int | None:
    """The printed value after one rotation; 0 for a min_zero block at its last step; None: eliminated
    [BW L1466], [BW L1474-L1476]."""
    block = act.scenario.blocks[block_id]
    values = [s.value for s in block.steps]
    lower = [v for i, v in enumerate(values) if i > (values.index(strength) if strength in values else -1)
             and v < strength]
    if lower:
        return lower[0]
    return 0 if block.min_zero else None


def eliminate(act: Act, block_id: str, why: str) -> None:
    """Off the map, rebuildable [BW L1474]; like a surrendered or disbanded block it keeps no marks: no out-of-supply
    marker, face down, not moved, no pending shield hit."""
    state = act.game.blocks[block_id]
    act.ctx.emit(BlockMove(block=block_id, path=[state.hex, None]))
    act.ctx.emit(BlockUpdate(block=block_id, out_of_supply=False, revealed=False, moved=False,
                             hits=0 if state.hits else None, reason="eliminated: off the map [BW L1474]"))
    act.note(f"{block_id} is eliminated: {why}")
    leaders.eliminated(act, block_id)  # the US morale [BW L2046]


def tie_rank(act: Act, block_id: str) -> tuple[int, tuple]:
    """Among equally strong blocks the owner chooses [BW L686]: his standing order (`hit_priority`) first, then the
    first id."""
    side = act.board().side_of(block_id)
    priority = act.game.hit_priority.get(side, [])
    return (priority.index(block_id) if block_id in priority else len(priority), natural_key(block_id))


def take_hits(act: Act, targets: list[str], count: int, what: str, first: list[str] | None = None,
              chosen: list[str] | None = None) -> None:
    """Hits, one at a time, on the strongest target (ties: the owner's standing order, else the first id); a shield
    block needs two hits per rotation; a min_zero block at 0 takes no more hits; hits beyond the targets are lost
    [BW L1464-L1478]. `first`: blocks that take the hits before the others while they last (the charging units of
    OR 20.0 / 21.0 [BW L2250], [BW L2256]). `chosen`: among equally strong blocks, the firer's choice goes before the
    owner's (OR 19.2, `recon_target` [BW L2246])."""
    for _ in range(count):
        alive = [b for b in targets if act.game.blocks[b].hex is not None and act.game.blocks[b].strength > 0]
        if not alive:
            act.note(f"{what}: excess hits are lost [BW L1478]")
            return
        alive = [b for b in alive if b in (first or [])] or alive
        strongest = max(act.game.blocks[b].strength for b in alive)
        picks = chosen or []
        target = min([b for b in alive if act.game.blocks[b].strength == strongest],
                     key=lambda b: (picks.index(b) if b in picks else len(picks), tie_rank(act, b)))
        state = act.game.blocks[target]
        if act.scenario.blocks[target].shield and state.hits == 0:
            act.ctx.emit(BlockUpdate(block=target, hits=1, reason=f"{what}: first hit on a shield [BW L688]"))
            continue
        after = rotate(act, target, state.strength)
        if after is None:
            act.ctx.emit(BlockUpdate(block=target, hits=0, reason=what))
            eliminate(act, target, f"{what} [BW L1474]")
        else:
            act.ctx.emit(BlockUpdate(block=target, strength=after, hits=0, reason=f"{what} [BW L1466]"))
