"""The surprise against neutral powers (advanced rule AR 24.3, option `amphibious`) [BW L2340-L2342].

"Quando si attacca un Potenza Neutrale (es. Germania attacca la Norvegia nel '40), le fanterie Tech2 agiscono come
se avessero la Tech3 'Marines'" [BW L2342]. A scenario marks a power `neutral: true` (Norway, the Netherlands,
Belgium in 1940). Its enemy attacks it in the player turn in which the enemy first lands on its territory (a hex
whose `nation` it is) or has units standing there at the end of a Movement or Exploitation phase; the game records
that turn (`Game.neutrals_attacked`). During the enemy's player turns of that turn, its infantry (regular or Marines)
at infantry TECH 2 landing on the neutral's territory acts as TECH 3 Marines: it lands on any coastal hex within 5
hexes of its port (not only a front-beach), up to 20 at 2-4 AP (24.8), on one forbidden feature at the cost of a
hit (24.2), goes in a second wave that did not clear the beach, and re-embarks after round 1 (24.1). From the next
turn on the power is no longer neutral. Without any `neutral` power nothing changes.
"""

from __future__ import annotations

from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import NeutralsAttacked


def neutral_of(act: Act, hex_id: str) -> str | None:
    """The neutral power (the scenario's `neutral`) whose territory the hex is, if it is the enemy of the acting
    side."""
    nation = act.scenario.hexes[hex_id].nation
    power = act.scenario.powers.get(nation) if nation else None
    return nation if power is not None and power.neutral and power.side != act.side else None


def surprised(act: Act, hex_id: str) -> bool:
    """AR 24.3 [BW L2342]: the hex is the territory of a neutral power attacked for the first time in this turn (or
    not attacked yet)."""
    nation = neutral_of(act, hex_id)
    return nation is not None and act.game.neutrals_attacked.get(nation, act.game.turn) == act.game.turn


def as_marines(act: Act, block_id: str, hex_id: str) -> tuple[bool, int]:
    """Whether the unit lands on the hex as Marines, and at which infantry TECH: TECH 2 infantry (regular or Marines)
    of the side that surprises a neutral acts as TECH 3 Marines [BW L2342]."""
    block = act.scenario.blocks[block_id]
    level = act.scenario.powers[block.power].tech.get("infantry", 1)
    if block.unit in ("infantry", "marines") and level == 2 and surprised(act, hex_id):
        return True, 3
    return block.unit == "marines", level


def attack(act: Act, nations: set[str]) -> None:
    """Record the neutral powers attacked for the first time in this turn."""
    new = {n for n in nations if n not in act.game.neutrals_attacked}
    if not new:
        return
    act.ctx.emit(NeutralsAttacked(attacked=dict(sorted({**act.game.neutrals_attacked,
                                                       **{n: act.game.turn for n in new}}.items()))))
    act.note(f"{', '.join(sorted(new))} attacked while neutral: no longer neutral after this turn [BW L2342]")


def watch(act: Act) -> None:
    """At the end of a Movement or Exploitation phase: a neutral power with units of its enemy standing on its
    territory is attacked."""
    neutral = {name for name, p in act.scenario.powers.items() if p.neutral and name not in act.game.neutrals_attacked}
    if not neutral:
        return
    board = act.board()
    found: set[str] = set()
    for block_id, state in act.game.blocks.items():
        if state.hex is None or block_id not in act.scenario.blocks:
            continue
        nation = act.scenario.hexes[state.hex].nation
        if nation in neutral and act.scenario.powers[nation].side != board.side_of(block_id):  # type: ignore[index]
            found.add(nation)  # type: ignore[arg-type]
    attack(act, found)
