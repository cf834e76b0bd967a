"""What strategic bombs and V-weapons leave behind (OR 32.0, OR 26.0): production lost from the next income
[BW L2498], [BW L2388]; ports and stations closed for a turn [BW L2500-L2506], read by supply, rail movement and (when
they are played) naval moves and amphibious invasions. `bombing` and `wunderwaffen` do the damage."""

from __future__ import annotations

from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import Warfare
from aa_ref.games.blocks_in_the_west.state import Game

PORT_MOVES, PORT_SUPPLY = 1, 3
"""Hits closing a port to moves and invasions, and to supply, for a turn [BW L2502]."""


def port_closed(game: Game, hex_id: str, to: str = "moves") -> bool:
    """A port bombed in the last turn: closed to moves and amphibious invasions from and to it (1 hit), to supply
    through it (3 hits) ("1 colpo impedisce di usare il porto per lanciare invasioni anfibie e muovere da/verso di esso
    per 1 turno. 3 colpi impediscono il rifornimento da/verso quel porto" [BW L2502])."""
    damage = game.bomb_damage.get(hex_id)
    return damage is not None and max(damage.port, damage.mulberry) >= (PORT_SUPPLY if to == "supply" else PORT_MOVES)


def station_closed(game: Game, hex_id: str) -> bool:
    """A railway station bombed in the last turn: "Quegli esagono, in più, non possono essere utilizzati per il
    normale passaggio di unità via ferrovia" [BW L2506]."""
    damage = game.bomb_damage.get(hex_id)
    return damage is not None and damage.rail > 0


def income_after_losses(act: Act, power: str, colour: str, amount: int) -> int:
    """The income `amount` of `colour` less the PP the power's production lost to bombs and V-weapons since its last
    Production phase ("Ogni colpo subito riducono la produzione di 1 PP" [BW L2498], "sottrae alla produzione della GB
    1 PP Giallo" [BW L2388])."""
    lost = act.game.production_lost.get(power, {}).get(colour, 0)
    if lost:
        act.note(f"{power}'s income of {colour} PP is {min(lost, amount)} less ({amount} -> {max(0, amount - lost)}): "
                 "its production was struck [BW L2498], [BW L2388]")
    return max(0, amount - lost)


def income_collected(act: Act) -> None:
    """The active side's powers have collected their income: the losses they bore are spent."""
    keep = {p: c for p, c in act.game.production_lost.items() if act.scenario.powers[p].side != act.side}
    if keep != act.game.production_lost:
        act.ctx.emit(Warfare(production_lost=keep))
