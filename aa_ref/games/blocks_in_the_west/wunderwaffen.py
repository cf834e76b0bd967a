"""OR 26.0 Wunderwaffen (`wunderwaffen`) [BW L2372-L2406]: the V-1, the V-2 and Götterdämmerung.

The map data come from the scenario's `wunderwaffen` (Peenemünde, the Atlantic coast of France and Belgium, the 65th
infantry corps, GB); Berlin is the capital of Germany (the Axis's first major power).

* 26.1 V-1, from June 1944: "l'Asse controllo sia Berlino che Peenemunde più almeno 1 esagono costiero sull'Atlantico
  (francese/Belga) (i Festungs assedianti non contano)" [BW L2384]; "Il Tedesco lancia 2 dadi nella Fase di guerra
  Strategica della GB (colpendo al 6) ogni turno ... Ogni colpo sottrae alla produzione della GB 1 PP Giallo"
  [BW L2388]. A coastal hex counts while the Axis controls it and no Axis unit in it is besieged (AR 12.1).
* 26.2 V-2, from September 1944: Berlin and Peenemünde Axis, "ed il 65th Corpo di Fanteria (anche se a 0 step) in un
  singolo esagono a distanza Massimo 5 da un unità/città Alleata" [BW L2396]; 4 dice at 6 in GB's phase; "Ogni colpo
  sottrae alla produzione della GB 1 PP Giallo o causa un danno alle unità colpite" [BW L2400]. The target is the
  Axis's choice, made in advance by a standing order (`v2_target`, given in any Axis document, hidden from the
  Allies): `production` (the default) or a hex; a hex with no Allied unit left or beyond 5 hexes of the corps when the
  rockets fly sends them on GB's production.
* 26.3 Götterdämmerung: "nel Luglio 1945, Berlino e Peenemunde sono controllate dall'Asse ... la Guerra durerà 6 mesi
  ancora ... Se Berlino e Peenemunde sono controllate dall'Asse fino alla fine del Dicembre 1945 l'Asse vince
  decisivamente" [BW L2402-L2406]: checked in each Victory phase from July to December 1945 (the turn track must
  hold those months; SBW10 ends in May 1945, digest A53).

A hit on GB's production takes 1 yellow PP off GB's next income (`Game.production_lost`), as strategic bombing does
(OR 32.1).
"""

from __future__ import annotations

from typing import Any

from aa_ref.core.dice import Volley
from aa_ref.core.names import natural_key
from aa_ref.games.blocks_in_the_west import rules, supply
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import Warfare, Winner
from aa_ref.games.blocks_in_the_west.firepower import hits
from aa_ref.games.blocks_in_the_west.hexes import hex_distance
from aa_ref.games.blocks_in_the_west.losses import take_hits

V1_FROM, V2_FROM = "1944-06", "1944-09"
"""The V-1 flies from June 1944 [BW L2378], the V-2 from September 1944 [BW L2390]."""
V1_DICE, V2_DICE, HIT = 2, 4, 6
V2_RANGE = 5
"""The 65th corps within 5 hexes of an Allied unit or city [BW L2396]."""
JULY, DECEMBER = "1945-07", "1945-12"


def on(act: Act) -> bool:
    return rules.enabled(act.game, "wunderwaffen")


def berlin(act: Act) -> str | None:
    """Germany's capital (the Axis's first major power's)."""
    powers = act.scenario.powers
    leader = "germany" if "germany" in powers else next((p for p, x in powers.items() if x.side == "axis" and x.major),
                                                         None)
    return powers[leader].capital if leader else None


def month(act: Act) -> str:
    return act.scenario.turns[act.game.turn - 1].month


def capitals_held(act: Act) -> bool:
    """The Axis controls both Berlin and Peenemünde [BW L2384], [BW L2396], [BW L2402]."""
    data = act.scenario.wunderwaffen
    capital = berlin(act)
    return data is not None and capital is not None and act.game.control.get(capital) == "axis" \
        and act.game.control.get(data.peenemunde) == "axis"


def coast_held(act: Act) -> list[str]:
    """The Atlantic coastal hexes of France and Belgium that count for the V-1: Axis-controlled, and not a besieged
    Festung ("i Festungs assedianti non contano" [BW L2384])."""
    board = act.board()
    out = []
    for hex_id in act.scenario.wunderwaffen.atlantic_coast:  # type: ignore[union-attr]
        if act.game.control.get(hex_id) != "axis":
            continue
        axis = board.blocks_at(hex_id, "axis")
        if any(supply.besieged(board, b) for b in axis):
            continue
        out.append(hex_id)
    return sorted(out, key=natural_key)


def v2_site(act: Act) -> str | None:
    """The 65th corps' hex when it stands within 5 hexes of an Allied unit or Allied city [BW L2396]."""
    corps = act.scenario.wunderwaffen.v2_corps  # type: ignore[union-attr]
    if corps is None or act.game.blocks[corps].hex is None:
        return None
    here = act.game.blocks[corps].hex
    board = act.board()
    for hex_id, h in act.scenario.hexes.items():
        if hex_distance(act, here, hex_id) > V2_RANGE:
            continue
        if board.blocks_at(hex_id, "allies") or (h.city is not None and act.game.control.get(hex_id) == "allies"):
            return here
    return None


def v_weapons(act: Act) -> None:
    """GB's Strategic Warfare phase begins: the V-1 and the V-2 fly while their conditions hold [BW L2388],
    [BW L2400]."""
    if not on(act):
        return
    data = act.scenario.wunderwaffen
    if data is None:
        if act.side == "allies" and month(act) >= V1_FROM:
            act.note("OR 26.0: the scenario gives no Wunderwaffen data (wunderwaffen: Peenemünde, the Atlantic coast, "
                     "the 65th corps, GB): no V-weapon flies")
        return
    if act.side != act.scenario.powers[data.britain].side:
        return  # only in GB's Strategic Warfare phase [BW L2388], [BW L2398]
    now = month(act)
    if now >= V1_FROM:
        v1(act)
    if now >= V2_FROM and data.v2_corps is not None:
        v2(act)


def v1(act: Act) -> None:
    """26.1: 2 dice at 6, each hit 1 yellow PP off GB's production [BW L2384-L2388]."""
    coast = coast_held(act)
    if not capitals_held(act) or not coast:
        act.note("no V-1 flies: the Axis does not hold Berlin, Peenemünde and an Atlantic coastal hex of France or "
                 "Belgium [BW L2384]")
        return
    axis = Act(act.ctx, act.scenario, "axis")
    rolls = axis.roll("v1", V1_DICE, Volley("the V-1 on GB: the German player rolls", ((f"{V1_DICE} dice hitting on 6",
                                                                                          V1_DICE),)))
    n = hits(rolls, HIT)
    act.note(f"V-1 launched from {', '.join(coast)}: {rolls}, {n} hits [BW L2388]")
    strike_production(act, n, "the V-1", "L2388")


def v2(act: Act) -> None:
    """26.2: 4 dice at 6, each hit 1 yellow PP off GB's production or a hit on the targeted units [BW L2396-L2400]."""
    site = v2_site(act) if capitals_held(act) else None
    if site is None:
        act.note("no V-2 flies: the Axis does not hold Berlin and Peenemünde, or the 65th corps is not within 5 hexes "
                 "of an Allied unit or city [BW L2396]")
        return
    axis = Act(act.ctx, act.scenario, "axis")
    rolls = axis.roll("v2", V2_DICE, Volley("the V-2: the German player rolls", ((f"{V2_DICE} dice hitting on 6",
                                                                                V2_DICE),)))
    n = hits(rolls, HIT)
    target = act.game.v2_target
    units = act.board().blocks_at(target, "allies") if target else []
    if target and units and hex_distance(act, site, target) <= V2_RANGE:
        act.note(f"V-2 launched from {site} on the Allied units in {target}: {rolls}, {n} hits [BW L2400]")
        take_hits(act, units, n, "V-2 hits [BW L2400]")
        return
    if target:
        act.note(f"the V-2's target {target} holds no Allied unit within {V2_RANGE} hexes of {site}: the rockets fall "
                 "on GB's production")
    act.note(f"V-2 launched from {site} on GB's production: {rolls}, {n} hits [BW L2400]")
    strike_production(act, n, "the V-2", "L2400")


def strike_production(act: Act, n: int, what: str, rule: str) -> None:
    """`n` yellow PP off GB's next income [BW L2388], [BW L2400]."""
    if not n:
        return
    britain = act.scenario.wunderwaffen.britain  # type: ignore[union-attr]
    lost = lose_production(act.game.production_lost, britain, "yellow", n)
    act.ctx.emit(Warfare(production_lost=lost))
    act.note(f"{what}: {britain} loses {n} yellow PP of its next income [BW {rule}]")


def lose_production(current: dict[str, dict[str, int]], power: str, colour: str, n: int) -> dict[str, dict[str, int]]:
    """`current` with `n` more PP of `colour` lost by `power`'s next income."""
    out = {p: dict(c) for p, c in current.items()}
    out.setdefault(power, {})[colour] = out.get(power, {}).get(colour, 0) + n
    return out


def v2_target(act: Act, order: Any) -> None:
    """The Axis's standing order for the V-2's target [BW L2398-L2400]: `production` or a hex."""
    act.require(on(act), "OR 26.0 Wunderwaffen is not in play (option wunderwaffen)", "L2372", "v2_target")
    act.require(act.side == "axis", "only the Axis launches the V-2", "L2398", "v2_target")
    target = None if order.v2_target == "production" else act.hex(order.v2_target, "v2_target")
    act.ctx.emit(Warfare(v2_target=target, set_v2_target=True))
    act.note("the Axis's standing order for the V-2: " + (f"the Allied units in {target}" if target
                                                          else "GB's production") + " [BW L2398-L2400]")


def gotterdammerung(act: Act) -> None:
    """26.3, in the Victory phase: July 1945 with Berlin and Peenemünde Axis starts it; losing either ends it; still
    held at the end of December 1945, the Axis wins decisively [BW L2402-L2406]."""
    if not on(act) or act.scenario.wunderwaffen is None or act.game.winner:
        return
    now, held = month(act), capitals_held(act)
    if now == JULY and held:
        act.ctx.emit(Warfare(gotterdammerung=True))
        act.note("Götterdämmerung: the Axis holds Berlin and Peenemünde in July 1945, the war lasts six more months "
                 "[BW L2404]")
        return
    if not act.game.gotterdammerung or now < JULY:
        return
    if not held:
        act.ctx.emit(Warfare(gotterdammerung=False))
        act.note("Götterdämmerung fails: the Axis no longer holds Berlin and Peenemünde [BW L2406]")
    elif now >= DECEMBER:
        act.ctx.emit(Winner(winner="axis"))
        act.note("Götterdämmerung: the Axis has held Berlin and Peenemünde to the end of December 1945, Axis decisive "
                 "victory [BW L2406]")
