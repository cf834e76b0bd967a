"""Movement: strategic rail movement [BW L1224-L1252], ground and air movement [BW L1254-L1317], armour
exploitation [BW L1574-L1578]."""

from __future__ import annotations

from typing import Any

from aa_ref.bitw.act import Act, bw
from aa_ref.engine import Illegal


def srm(act: Act, order: Any) -> None:
    raise Illegal("strategic rail movement is not implemented yet (issue 8, in progress)", bw("L1224-L1252"))


def move(act: Act, order: Any) -> None:
    raise Illegal("ground movement is not implemented yet (issue 8, in progress)", bw("L1254-L1317"))


def fly(act: Act, order: Any) -> None:
    raise Illegal("air missions are not implemented yet (issue 8, in progress)", bw("L1271"))


def rebase(act: Act, order: Any) -> None:
    raise Illegal("air rebasing is not implemented yet (issue 8, in progress)", bw("L1271"))


def exploit(act: Act, order: Any) -> None:
    raise Illegal("armour exploitation is not implemented yet (issue 8, in progress)", bw("L1574-L1578"))
