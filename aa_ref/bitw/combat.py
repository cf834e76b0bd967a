"""Combat [BW L1325-L1546]: battles, the defender's reaction, rounds of air, AA, artillery and ground fire,
withdrawals and retreats; blitz [BW L1548-L1564]."""

from __future__ import annotations

from typing import Any

from aa_ref.bitw.act import Act, bw
from aa_ref.engine import Illegal


def begin_combat(act: Act) -> None:
    raise Illegal("the Combat phase is not implemented yet (issue 8, in progress)", bw("L1325-L1546"))


def react(act: Act, order: Any) -> None:
    raise Illegal("the Defender Reaction phase is not implemented yet (issue 8, in progress)", bw("L1319-L1323"))


def withdraw(act: Act, order: Any) -> None:
    raise Illegal("withdrawals are not implemented yet (issue 8, in progress)", bw("L1506-L1546"))


def blitz(act: Act, order: Any) -> None:
    raise Illegal("blitz is not implemented yet (issue 8, in progress)", bw("L1548-L1564"))
