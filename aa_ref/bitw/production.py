"""Production [BW L1180-L1222]: income, repairs, reinforcements, disbanding."""

from __future__ import annotations

from typing import Any

from aa_ref.bitw.act import Act, bw
from aa_ref.engine import Illegal


def collect_income(act: Act) -> None:
    raise Illegal("the Production phase is not implemented yet (issue 8, in progress)", bw("L1180-L1222"))


def repair(act: Act, order: Any) -> None:
    raise Illegal("repairs are not implemented yet (issue 8, in progress)", bw("L1182-L1194"))


def place(act: Act, order: Any) -> None:
    raise Illegal("placing reinforcements is not implemented yet (issue 8, in progress)", bw("L1198-L1218"))


def disband(act: Act, order: Any) -> None:
    raise Illegal("disbanding is not implemented yet (issue 8, in progress)", bw("L1222"))
