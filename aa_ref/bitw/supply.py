"""Supply [BW L748-L798]: the Supply phase marks the active side's blocks out of supply; the Final Supply
Check makes those still out of supply surrender [BW L1566-L1572]."""

from __future__ import annotations

from aa_ref.bitw.act import Act, bw
from aa_ref.engine import Illegal


def supply_phase(act: Act) -> None:
    raise Illegal("the Supply phase is not implemented yet (issue 8, in progress)", bw("L748-L798"))


def final_supply_check(act: Act) -> None:
    raise Illegal("the Final Supply Check phase is not implemented yet (issue 8, in progress)", bw("L1566-L1572"))
