"""The Atlantic in GB's Strategic Warfare phase: OR 34.0 Lend-Lease and OR 35.2 the U-boats [BW L2540-L2552].

As the Allied player turn's Strategic Warfare phase begins (digest A22: the Axis U-boats act "nella fase di Guerra
strategica alla GB" [BW L2546]): Lend-Lease begins if its preconditions hold (`lend_lease.begin`), the U-boats attack
the convoys and this turn's Lend-Lease shipment (`convoys.attack`), and what crossed reaches GB
(`lend_lease.deliver`). Nothing here waits for an order: the Axis's choice of target is a standing order.
"""

from __future__ import annotations

from aa_ref.games.blocks_in_the_west import convoys, lend_lease
from aa_ref.games.blocks_in_the_west.act import Act


def strategic_warfare(act: Act) -> None:
    """The automatic part of GB's Strategic Warfare phase (nothing in the Axis's) [BW L2542], [BW L2546-L2552]."""
    atlantic = act.scenario.atlantic
    if atlantic is None or atlantic.britain not in act.scenario.powers:
        return
    if act.scenario.powers[atlantic.britain].side != act.game.power:
        return
    lend_lease.begin(act)
    lend_lease.deliver(act, convoys.attack(act, lend_lease.shipment(act)))
