"""The Victory phase [BW L1580-L1586]: scenario victory, capitals lost, Germany's surrender."""

from __future__ import annotations

from aa_ref.bitw.act import Act, bw
from aa_ref.engine import Illegal


def victory_phase(act: Act) -> None:
    raise Illegal("the Victory phase is not implemented yet (issue 8, in progress)", bw("L1580-L1586"))
