"""Withheld reinforcements (basic rules, BR 7.3.3) [BW L1216-L1218].

"I Rinforzi che non possono essere schierati (per 7.3.2) o perché il giocatore decide volontariamente di non
schierarli, possono essere acquistati nella successive fase produttiva ed essere schierati senza penalità e/o
restrizioni" [BW L1218]. A reinforcement of the month that is not placed by the end of its Production phase (its
arrival hex enemy-held or unsupplied [BW L1214], or by the player's choice) is *withheld*: the game records it
(`Game.withheld`) as the Production phase ends, and in any later Production phase of its side it is placed free,
at the turn track's strength [BW L1206], in its arrival hex or in any hex where a new unit of its nation may enter
[BW L1202-L1208] (digest A24: "placed free"). A block eliminated after it arrived is rebuilt and paid as before
(`production.place`): the record is what tells the two apart.
"""

from __future__ import annotations

from aa_ref.core.names import natural_key
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import BlockMove, BlockUpdate, Withheld


def due_now(act: Act) -> list[str]:
    """The active side's reinforcements of this month still off the map (not upgraded away, not of a power out of
    the war by armistice) [BW L1198]."""
    scenario, game = act.scenario, act.game
    due = scenario.turns[game.turn - 1].reinforcements
    return sorted((b for b in due if b in game.blocks and game.blocks[b].hex is None
                   and scenario.powers[scenario.blocks[b].power].side == act.side
                   and scenario.blocks[b].power not in game.armistices and b not in game.upgraded
                   and b not in game.withheld), key=natural_key)


def withhold(act: Act) -> None:
    """The Production phase ends: this month's reinforcements not placed are withheld [BW L1218]."""
    for block_id in due_now(act):
        act.ctx.emit(Withheld(block=block_id, withheld=True))
        act.note(f"{block_id} is not placed this month: a withheld reinforcement, placed free in a later Production "
                 "phase [BW L1218]")


def arrive(act: Act, block_id: str, at: str) -> None:
    """A withheld reinforcement enters, free, at the turn track's strength [BW L1206], [BW L1218]; the caller
    (`production.place`) has checked the hex."""
    strength = act.scenario.blocks[block_id].steps[0].value
    act.ctx.emit(BlockMove(block=block_id, path=[None, at]))
    act.ctx.emit(BlockUpdate(block=block_id, strength=strength, out_of_supply=False, moved=False, hits=0,
                             revealed=act.game.options.get("fog_of_war") == "off",
                             reason="withheld reinforcement, placed free [BW L1218]"))
    act.ctx.emit(Withheld(block=block_id, withheld=False))
    act.note(f"{block_id}, a withheld reinforcement, is placed free in {at} at {strength} [BW L1218]")
