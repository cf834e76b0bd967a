"""The Strategic Warfare phase, the first phase of each player turn [BW L1155], [BW L1172-L1174].

"Questa fase non viene svolta con il regolamento base. Viene aggiunta come OR" [BW L1174] (digest A21): the phase
exists only through the optional rules that act in it. Entering it (`enter`) runs its automatic effects in order
(`AUTOMATIC`): first the damage the active side's bombers did in its last Strategic Warfare phase is repaired
("per 1 turno" [BW L2502-L2506], digest A23); then, in GB's (the Allied) phase, OR 34.0's Lend-Lease and OR 35.2's
U-boats [BW L2540-L2552] and OR 26.0's V-1 and V-2 [BW L2386], [BW L2398].

With OR 32.0 strategic bombing (`strategic_bombing`) the player turn stops in this phase (`first_phase`): the active
side orders its bombing missions ("SOLAMENTE durante la Fase di guerra Strategica" [BW L2477]; digest A22: the
active player bombs in his own phase, the passive player intercepts and fires AA), then goes on with any action of a
later phase, `next_phase` or `end_turn`, as in every phase. Without it the turn passes through the phase, as before.
"""

from __future__ import annotations

from typing import Callable

from aa_ref.games.blocks_in_the_west import atlantic, bombing, rules, wunderwaffen
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.state import Game

AUTOMATIC: list[Callable[[Act], None]] = [bombing.repaired, atlantic.strategic_warfare, wunderwaffen.v_weapons]
"""The phase's automatic effects, run in this order as it begins (each decides for itself whether its rule is in play
and whether it acts in this side's phase)."""


def stops(game: Game) -> bool:
    """Whether the player turn waits in the Strategic Warfare phase for the active side's orders: only when a rule
    gives it orders to take (OR 32.0)."""
    return rules.enabled(game, "strategic_bombing")


def first_phase(game: Game) -> str:
    """Where a player turn begins waiting for orders: the Strategic Warfare phase when it takes orders, else the
    Supply phase (run on the way) [BW L1155-L1158]."""
    return "strategic_warfare" if stops(game) else "supply"


def enter(act: Act) -> None:
    """The Strategic Warfare phase begins: its automatic effects (`AUTOMATIC`)."""
    for effect in AUTOMATIC:
        effect(act)
