"""Withheld reinforcements (basic rules, BR 7.3.3) [BW L1216-L1218].

"I Rinforzi che non possono essere schierati (per 7.3.2) o perché il giocatore decide volontariamente di non
schierarli, possono essere acquistati nella successive fase produttiva ed essere schierati senza penalità e/o
restrizioni" [BW L1218]. A reinforcement of an earlier month that has never been on the map (its arrival hex was
enemy-held or unsupplied [BW L1214], or the player chose not to place it) is *withheld*: in any later Production
phase of its side it is placed free, at the turn track's strength [BW L1206], in its arrival hex or in any hex where
a new unit of its nation may enter [BW L1202-L1208] (digest A24: "placed free"). A block eliminated after it
arrived is rebuilt and paid as before (`production.place`).

What tells the two apart is the block's `life` (how many times it entered the map, `state.BlockState.life`): 0 for a
reinforcement never placed. Lives are counted only in a game with a view secret (every game begun since aa-ref kept
one); a game without one (begun before, not yet `aa-ref rekey`ed) cannot tell, and rebuilds a late reinforcement,
paid, as it did before.
"""

from __future__ import annotations

from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import BlockMove, BlockUpdate
from aa_ref.games.blocks_in_the_west.scenario import Scenario
from aa_ref.games.blocks_in_the_west.state import Game


def month_due(scenario: Scenario, block_id: str) -> int | None:
    """The turn whose reinforcements list the block."""
    for number, turn in enumerate(scenario.turns, start=1):
        if block_id in turn.reinforcements:
            return number
    return None


def withheld(scenario: Scenario, game: Game, block_id: str) -> bool:
    """The block is a reinforcement of an earlier month that has never entered the map [BW L1218]."""
    due = month_due(scenario, block_id)
    state = game.blocks[block_id]
    return (game.view_secret is not None and due is not None and due < game.turn and state.hex is None
            and state.life == 0 and block_id not in game.upgraded)


def own_withheld(scenario: Scenario, game: Game, side: str) -> list[str]:
    """The side's withheld reinforcements (its view lists them; the enemy's are hidden)."""
    return [b for b in game.blocks if scenario.powers[scenario.blocks[b].power].side == side
            and withheld(scenario, game, b)]


def arrive(act: Act, block_id: str, at: str) -> None:
    """A withheld reinforcement enters, free, at the turn track's strength [BW L1206], [BW L1218]; the caller
    (`production.place`) has checked the hex."""
    strength = act.scenario.blocks[block_id].steps[0].value
    act.ctx.emit(BlockMove(block=block_id, path=[None, at]))
    act.ctx.emit(BlockUpdate(block=block_id, strength=strength, out_of_supply=False, moved=False, hits=0,
                             revealed=act.game.options.get("fog_of_war") == "off",
                             reason="withheld reinforcement, placed free [BW L1218]"))
    act.note(f"{block_id}, a withheld reinforcement, is placed free in {at} at {strength} [BW L1218]")
