"""Global 1940: submarines attack passing unescorted transports [G40 L1598] (digest §4.7, §9 #27).

Citations `[G40 Lnnn]` are lines of the rulebook `shared/seeds/000_f34e5ec93fbfbe5a.txt`:
«un sommergibile può attaccare qualsiasi trasporto che, non scortato da altre navi di superficie,
muove attraverso la zona marina occupata da un sommergibile o vi termina il movimento, sia che si
tratti di Combat Move che di Non Combat Move. Ogni sommergibile spara una volta (con valore in
attacco '2') ad ogni trasporto e deve essere rimosso un trasporto per ogni colpo messo a segno. I
trasporti non colpiti continuano il loro movimento planificato.»

As this referee applies it (ruling G40-R7 in docs/global1940-rulings.md):

- A passage: a move of the mover's transports with no surface warship (battleship, carrier,
  cruiser, destroyer) in the same move, entering a sea zone (passing through or ending there)
  that holds submarines of a power at war with the mover, as the phase began (the mover's own
  moves never move enemy submarines). Submarines never stop a move [G40 L585], [G40 L1586].
- The choice is the submarines' owner's: it attacks unless its standing orders say
  `sub_strike: false` (the attack costs the submarines nothing, so it is not asked each time,
  like interceptors, ruling G40-C1).
- Each submarine fires one die at each transport of the move still afloat, hitting on 2 or
  less (the rulebook's fixed '2'); one transport is lost per hit, the transports of one move
  zone by zone along its path. The mover loses its empty transports first, then the others in
  the order they were taken for the move.
- It is resolved when the move document is applied, after the moves: a lost transport is
  removed where its move ended, with its cargo; in the Noncombat Move the cargo it unloaded in
  that move is removed from the territory it landed in (it never arrived).
"""

from __future__ import annotations

from dataclasses import dataclass

from aa_ref.core.dice import Volley
from aa_ref.core.engine import Context, OrdersInput
from aa_ref.games.axis_allies.model.events import RemoveUnits, SetBattles
from aa_ref.games.axis_allies.model.setup import UnitCounts
from aa_ref.games.axis_allies.model.state import Force
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.legs import COMBAT_MOVE, Leg, allocate, merged_cargo, resolve_legs, spread_cargo

TRANSPORT, SUBMARINE = "transport", "submarine"
STRIKE = 2
"""Each submarine fires at attack value 2 at each passing transport [G40 L1598]."""


@dataclass
class Passage:
    leg: Leg
    zone: str
    subs: dict[str, int]
    """power -> its submarines in the zone"""


def escorted(board: Board, leg: Leg) -> bool:
    """A move of transports escorted by surface warships moving with them (ruling G40-R7)."""
    return any(board.domain(u) == "sea" and u not in (TRANSPORT, SUBMARINE) and board.unit(u).combatant
               for u in leg.units)


def passages(board: Board, given: OrdersInput, phase: str) -> list[tuple[Leg, list[Passage]]]:
    """The moves of unescorted transports and the zones with enemy submarines they enter, on the
    board as the phase begins (after the Combat Move's declarations of war)."""
    power = given.model.power
    legs, problems = resolve_legs(board, given)
    if problems:
        return []
    allocate(board, given, legs, phase)
    out = []
    for leg in legs:
        if not leg.units.get(TRANSPORT) or escorted(board, leg) or leg.in_place(board):
            continue
        found = []
        for zone in leg.path[1:]:
            if not board.is_sea(zone):
                continue
            subs = {p: board.units(zone, [p]).get(SUBMARINE, 0) for p in board.enemy_powers(zone, power)}
            subs = {p: n for p, n in subs.items() if n and board.game.powers[p].standing.sub_strike is not False}
            if subs:
                found.append(Passage(leg, zone, subs))
        if found:
            out.append((leg, found))
    return out


def _after_move(board: Board, leg: Leg, power: str, phase: str) -> list[tuple[Force, UnitCounts]]:
    """Each transport of the leg as its move left it (the force `transport.move_transports`
    added) and the cargo it unloaded in this move, in the order they were taken."""
    boarded: UnitCounts = {}
    for boarding in leg.boardings:
        for take in boarding.takes:
            for unit, n in take.force.units.items():
                boarded[unit] = boarded.get(unit, 0) + n
    takes = leg.taken(TRANSPORT)
    shares = spread_cargo([merged_cargo(t.force.cargo) for t in takes], boarded) or [{} for _ in takes]
    out = []
    for take, share in zip(takes, shares):
        cargo = {p: dict(u) for p, u in take.force.cargo.items()}
        for unit, n in share.items():
            cargo.setdefault(power, {})[unit] = cargo.get(power, {}).get(unit, 0) + n
        mine = cargo.get(power, {})
        unloading = bool(leg.unload and mine)
        landed: UnitCounts = {}
        if unloading and phase != COMBAT_MOVE:
            landed = dict(mine)
            del cargo[power]
        out.append((Force(power=power, units={TRANSPORT: 1}, moved=take.force.moved + leg.length,
                          combat=take.force.combat or phase == COMBAT_MOVE, done=unloading and phase != COMBAT_MOVE,
                          cargo=cargo, assault=leg.unload if unloading and phase == COMBAT_MOVE else None), landed))
    return out


def strike(ctx: Context, board: Board, found: list[tuple[Leg, list[Passage]]], phase: str) -> None:
    """Roll the submarines' dice at each passage and remove the transports hit [G40 L1598].
    `board` is the board as the phase began (its legs' units allocated)."""
    power = ctx.game.power
    sunk = False
    for leg, where in found:
        afloat = _after_move(board, leg, power, phase)
        afloat.sort(key=lambda item: bool(merged_cargo(item[0].cargo) or item[1]))  # empty ones first
        for passage in where:
            for sub_power, subs in passage.subs.items():
                if not afloat:
                    break
                n = subs * len(afloat)
                dice = ctx.roll(f"r{ctx.game.round}/{power}/{passage.zone}/sub-strike-{sub_power}", n, Volley(
                    f"{passage.zone}, {sub_power}'s submarines strike {power}'s passing transports",
                    ((f"{subs} submarine(s) x {len(afloat)} transport(s) hit on {STRIKE}", n),)))
                hits = sum(1 for d in dice if d <= STRIKE)
                lost, afloat = afloat[:hits], afloat[hits:]
                sunk = sunk or bool(lost)
                ctx.note(f"{passage.zone}: {subs} {sub_power} submarine(s) fire once at each of the {n // subs} "
                         f"unescorted {power} transport(s) passing (hit on {STRIKE} or less): {dice}: {hits} hit(s)"
                         + (f"; {len(lost)} transport(s) lost" if lost else "") + " [G40 L1598]")
                for force, landed in lost:
                    ctx.emit(RemoveUnits(space=leg.end, force=force, reason=f"sunk by submarines in {passage.zone}"))
                    aboard = merged_cargo(force.cargo)
                    if landed:
                        ctx.emit(RemoveUnits(space=leg.unload, force=Force(power=power, units=landed, moved=1, done=True),
                                             reason=f"lost with their transport in {passage.zone}"))
                    what = landed or aboard
                    if what:
                        ctx.note(f"{power} loses the transport's cargo with it: "
                                 + ", ".join(f"{k} {u}" for u, k in what.items()) + " [G40 L1598]")
    if sunk and phase == COMBAT_MOVE:
        _drop_empty_battles(ctx, power)


def _drop_empty_battles(ctx: Context, power: str) -> None:
    """A battle left with no attacking unit (its assault sunk on the way) is not fought."""
    board = Board(ctx.setup, ctx.game)
    keep = []
    for battle in ctx.game.turn.battles:
        here = board.units(battle.space, [power])
        assault = any(f.assault == battle.space and f.cargo.get(power) for z in board.adjacency.get(battle.space, ())
                      for f in ctx.game.forces(z, power))
        if battle.kind == "bombing" or battle.attacker != power or any(here.values()) or assault:
            keep.append(battle)
        else:
            ctx.note(f"{battle.space}: no {power} unit is left to attack; there is no battle [G40 L1598]")
    if len(keep) != len(ctx.game.turn.battles):
        ctx.emit(SetBattles(battles=keep))
