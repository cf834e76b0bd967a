"""France's and Italy's armistice [BW L813], [BW L844-L866]: a way out of the war before the capital falls.

"In una qualsiasi fase Vittoria, se la capitale francese non è stata ancora catturata, la Francia può chiedere
l'armistizio" and in BITW Germany must accept [BW L844-L848]. The power's side asks with an `armistice` action
during the month; the Victory phase grants it if the capital still stands. Its effects [BW L850-L860]: every unit
of the power leaves the game without giving PP to the enemy; the hexes it held pass to the enemy, save those its
allies' units stand in (they hold them, digest ruling); the Maginot Line
is destroyed; the inland cities of the nations it protects may not be attacked by enemy aircraft in Combat phases
until that side controls 2 of their major ports. Free France (5.7) needs a power of its own in the scenario; the
BIA-only effects (Vichy, Spain) do not apply to BITW.
"""

from __future__ import annotations

from typing import Any

from aa_ref.games.blocks_in_the_west import open_city
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import ArmisticeEvent, BlockMove, BlockUpdate, Control, Fortification
from aa_ref.games.blocks_in_the_west.state import Side


def ask(act: Act, order: Any) -> None:
    """The request, given by the power's side before this month's Victory phase [BW L844]."""
    power = order.armistice
    x = act.scenario.powers.get(power)
    act.require(x is not None, f"unknown power '{power}' (powers: {', '.join(act.scenario.powers)})", "L802", "armistice")
    act.require(x.side == act.side, f"{power} is not the {act.side}': a power asks for its own armistice", "L844",
                "armistice")
    act.require(x.armistice, f"{power} cannot ask for an armistice: only the powers the scenario allows (France and "
                "Italy) may; the others surrender when their capital falls", "L813", "armistice")
    act.require(power not in act.game.armistices, f"{power} is already out of the war", "L850", "armistice")
    act.require(power not in act.game.armistice_asked, f"{power} has already asked this month", "L844", "armistice")
    act.ctx.emit(ArmisticeEvent(power=power, stage="asked"))
    act.note(f"{power} asks for an armistice: granted in this month's Victory phase if "
             f"{open_city.capital(act.scenario, act.game, power)} still stands "
             "[BW L844-L848]")


def maginot_hexes(act: Act, power: str) -> list[str]:
    """The fortified hexes of the power's nation on the orange Maginot hexsides [BW L860-L862]."""
    out = set()
    for pair, kind in act.scenario.hexside.items():
        if kind != "maginot":
            continue
        for hex_id in pair:
            h = act.scenario.hexes[hex_id]
            if h.nation == power and h.fortification is not None:
                out.add(hex_id)
    return sorted(out)


def victory_phase_armistices(act: Act) -> None:
    """Grant each armistice asked for this month whose capital still stands; else it lapses [BW L844-L860]."""
    for power in list(act.game.armistice_asked):
        x = act.scenario.powers[power]
        capital = open_city.capital(act.scenario, act.game, power)  # "(Parigi o Bordoux)" [BW L844]
        held = act.game.control.get(capital) if capital else x.side
        if held != x.side:
            act.ctx.emit(ArmisticeEvent(power=power, stage="lapsed"))
            act.note(f"{power}'s armistice comes too late: its capital {capital} is already captured [BW L844]")
            continue
        grant(act, power)


def grant(act: Act, power: str) -> None:
    """The armistice's effects [BW L850-L856]. "La Francia passa sotto il controllo della Germania": the power's hexes
    its side held pass to the enemy, save those where units of another power of its side stand (the British in
    Calais hold it; the Germans must take it by attack as any hex)."""
    side: Side = act.scenario.powers[power].side  # type: ignore[assignment]
    enemy: Side = "allies" if side == "axis" else "axis"
    act.ctx.emit(ArmisticeEvent(power=power, stage="granted"))
    removed = []
    for block_id, state in act.game.blocks.items():
        if act.scenario.blocks[block_id].power == power and state.hex is not None:
            act.ctx.emit(BlockMove(block=block_id, path=[state.hex, None]))
            act.ctx.emit(BlockUpdate(block=block_id, out_of_supply=False, revealed=False, moved=False, hits=0,
                                     reason=f"{power}'s armistice [BW L852]"))
            removed.append(block_id)
    board = act.board()  # after the power's units have left
    for hex_id, h in act.scenario.hexes.items():
        if h.nation == power and board.controller(hex_id) == side and not board.blocks_at(hex_id, side):
            act.ctx.emit(Control(hex=hex_id, side=enemy, previous=side))
    destroyed = maginot_hexes(act, power)
    for hex_id in destroyed:
        previous = act.game.fortifications.get(hex_id, act.scenario.hexes[hex_id].fortification)
        if previous != "none":
            act.ctx.emit(Fortification(hex=hex_id, now="none", previous=previous))
    act.note(f"{power} signs an armistice [BW L844-L860]: {len(removed)} unit(s) leave the game without PP to the "
             f"enemy; its territory passes to the {enemy}"
             + (f"; the Maginot Line ({', '.join(destroyed)}) is destroyed" if destroyed else ""))


def protected_city(act: Act, hex_id: str) -> str | None:
    """Why the acting side's aircraft may not attack `hex_id`: an inland city of a nation protected by the armistice
    of a power of the acting side (France's: the Allies may not bomb the French, Belgian and Dutch inland cities the
    Germans hold), while that side controls fewer than 2 major ports of those nations [BW L856]."""
    h = act.scenario.hexes[hex_id]
    if h.city is None or h.coastal:
        return None
    for power in act.game.armistices:
        x = act.scenario.powers[power]
        if x.side == act.side and h.nation in x.armistice_protects:
            ports = [p for p, y in act.scenario.hexes.items()
                     if y.nation in x.armistice_protects and y.port == "major" and act.game.control.get(p) == act.side]
            mulberries = [m for m in act.game.mulberries if act.scenario.hexes[m].nation in x.armistice_protects
                          and act.scenario.powers[act.game.mulberries[m]].side == act.side]  # BR 6.7 [BW L853]
            if len(ports) < 2 and len(mulberries) < 2:
                return (f"{hex_id} is an inland city of {h.nation}: after {power}'s armistice its aircraft may not attack "
                        f"it until the {act.side} control 2 major ports there (they control {len(ports)})")
    return None
