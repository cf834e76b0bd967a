"""OR 35.0/35.2 The Atlantic convoy war (option `convoy_war`, or OR 18.2.1 under `naval_movement`) [BW L2544-L2552],
[BW L2208-L2212].

"Il giocatore dell'Asse può attaccare i convogli dal Commowealth alla GB (Atlantico del Nord, Atlantico Centrale,
Atlantico del Sud) ed i Lend Lease dagli USA alla GB (solo Nord atlantico) durante la fase di Guerra strategica alla
GB. L'Asse ha 3 Sommergibili ... 1 è in Atlantico del Nord, 1 in Atlantico Centrale, ed 1 in Atlantico del Sud alla
forza indicata nel setup di scenario. In BITW non possono lasciare la loro area operativa e nella fase di guerra
strategica, ogni livello tira 1 dado colpendo al 6, ogni colpo causa la perdita di 2 PP gialli (o 1 red/blue PP
scelto a caso se l'Uboot del NA dichiara di attaccare la rotta del Lend Lease). Questo combattimento dura solo 1
round." [BW L2546-L2552]

The U-boats are the scenario's `atlantic.u_boats` strengths, not blocks: they never leave their area, which is off
the BITW map, and nothing in BITW fires back (no Allied naval units [BW L2155]), so their strength never changes.
As each Allied Strategic Warfare phase begins (digest A22), each U-boat rolls one die a level (one die in all from
April 1944, Operation Maple [BW L2191]); each 6 costs GB 2 yellow PP (what it has, at most), or, for the North
Atlantic U-boat while the Axis's standing order `u_boat_target: lend_lease` holds and Lend-Lease runs, sinks one PP
of this turn's Lend-Lease shipment chosen at random. See docs/bitw-rulings.md "OR 35.2".
"""

from __future__ import annotations

from typing import Any

from aa_ref.core.dice import Volley
from aa_ref.games.blocks_in_the_west import rules
from aa_ref.games.blocks_in_the_west.act import Act
from aa_ref.games.blocks_in_the_west.events import Points, UBoatTarget

AREAS = (("north_atlantic", "North Atlantic"), ("central_atlantic", "Central Atlantic"),
         ("south_atlantic", "South Atlantic"))
"""The three U-boats' areas [BW L2550]; only the North Atlantic one reaches the Lend-Lease route [BW L2546]."""
YELLOW_A_HIT = 2
"""'ogni colpo causa la perdita di 2 PP gialli' [BW L2552], [BW L2210]."""
MAPLE_FROM = "1944-04"
"""Operation Maple: 'Partendo dell'Aprile '44, l'Asse ... nell'Oceano Atlantico tireranno solamente 1 dado ...
colpendo solo al 6' [BW L2187-L2191]."""


def in_play(act: Act) -> bool:
    """The U-boats attack the convoys under OR 35.0 (`convoy_war`) or OR 18.0 (`naval_movement`): 18.2.1 is the same
    war, "il Tedesco, invece di tirare 1 dado per ogni PP, tirerà 1 dado per ogni livello di Uboot presente ed ogni
    colpi causerà la perdita alla GB di 2 PP gialli" [BW L2210]. Only OR 35.0 adds the Lend-Lease target (the
    standing order `u_boat_target` needs `convoy_war`)."""
    return rules.enabled(act.game, "convoy_war") or rules.enabled(act.game, "naval_movement")


def declare(act: Act, order: Any) -> None:
    """The Axis's standing order for the North Atlantic U-boat, given in any Axis document [BW L2552]."""
    act.require(rules.enabled(act.game, "convoy_war"), "U-boat attacks on the convoys are optional rule OR 35.2, not "
                "in play in this game (option convoy_war)", "L2544-L2552", "u_boat_target")
    act.require(act.side == "axis", "only the Axis player commands the U-boats", "L2546", "u_boat_target")
    target = order.u_boat_target
    if target != act.game.u_boat_target:
        act.ctx.emit(UBoatTarget(target=target))
    act.note("the North Atlantic U-boat will attack " + ("the Lend-Lease route" if target == "lend_lease" else
             "the Commonwealth convoys") + " in GB's Strategic Warfare phases [BW L2552]")


def attack(act: Act, shipment: list[str]) -> list[str]:
    """GB's Strategic Warfare phase: every U-boat attacks, one round [BW L2552]; GB loses 2 yellow PP a hit, and the
    North Atlantic U-boat on the Lend-Lease route sinks pieces of `shipment`. The pieces that get through."""
    atlantic = act.scenario.atlantic
    if not in_play(act) or atlantic is None:
        return shipment
    axis = Act(act.ctx, act.scenario, "axis")
    month = act.scenario.turns[act.game.turn - 1].month
    hits_on_convoys = 0
    for area, name in AREAS:
        strength = getattr(atlantic.u_boats, area)
        if not strength:
            continue
        on_lend_lease = area == "north_atlantic" and act.game.u_boat_target == "lend_lease" and bool(shipment)
        target = "the Lend-Lease route" if on_lend_lease else "the Commonwealth convoys"
        dice = 1 if month >= MAPLE_FROM else strength
        rolls = axis.roll(f"u-boat/{area}", dice, Volley(
            f"the {name} U-boat (level {strength}) attacks {target}",
            ((f"{'1 die (Operation Maple)' if dice == 1 and strength > 1 else f'{dice} dice'} hit on 6", dice),)))
        hits = rolls.count(6)
        act.note(f"the {name} U-boat attacks {target}: " + "-".join(map(str, rolls)) + f", {hits} hit(s) "
                 + ("[BW L2191], " if month >= MAPLE_FROM else "") + "[BW L2552]")
        if on_lend_lease:
            shipment = _sink(axis, shipment, hits)
        else:
            hits_on_convoys += hits
    gb = atlantic.britain
    loss = min(YELLOW_A_HIT * hits_on_convoys, act.game.pp.get(gb, 0))
    if loss:
        act.ctx.emit(Points(power=gb, delta=-loss, reason="U-boats sank the convoys [BW L2552]"))
    if hits_on_convoys:
        act.note(f"{gb} loses {loss} yellow PP to the U-boats ({hits_on_convoys} hit(s), 2 PP each"
                 + (f", it had {loss}" if loss < YELLOW_A_HIT * hits_on_convoys else "") + ") [BW L2552]")
    return shipment


def _sink(axis: Act, shipment: list[str], hits: int) -> list[str]:
    """Each hit sinks one PP of the shipment 'scelto a caso' [BW L2552]: a die read against the pieces in order
    (red first), rolled again above their number; no die when they are all of one colour."""
    left = list(shipment)
    for hit in range(1, hits + 1):
        if not left:
            break
        if len(set(left)) == 1:
            sunk = left[0]
        else:
            labels = ", ".join(f"{i + 1 if left.count(c) == 1 else f'{i + 1}-{i + left.count(c)}'} {c}"
                               for i, c in enumerate(left) if i == left.index(c))
            attempt, die = 0, 6
            while die > len(left):
                attempt += 1
                die = axis.roll(f"u-boat/lend-lease/{hit}/{attempt}", 1, Volley(
                    "a Lend-Lease PP sunk by the North Atlantic U-boat, chosen at random",
                    ((labels + (", roll again above " + str(len(left)) if len(left) < 6 else ""), 1),)))[0]
            sunk = left[die - 1]
        left.remove(sunk)
        axis.note(f"the North Atlantic U-boat sinks 1 {sunk} Lend-Lease PP [BW L2552]")
    return left
