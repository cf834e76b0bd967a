"""Phases 2 and 4: the Combat Move [L362-L451] and the Noncombat Move [L688-L736].

`check_moves` checks a power's moves as a whole against the board as it stood when the
phase began (moves are simultaneous [L385]) and reports every problem; `execute_moves`
makes legal moves through events. The rules live in smaller modules:

- `legs`: names, and which units each move takes (each unit moves once [L385, L690]);
- `paths`: adjacency, range, neutrals, straits, canals, where land and sea units stop;
- `transport`: loading, unloading, amphibious assaults;
- `aboard`: land units boarding or leaving a transport that stays put, such as an ally's;
- `battle_sites`: where the Combat Move must end, and the battles it leads to;
- `air`: landing proofs, landings, fighters and carriers.

The Anniversary Edition [@61293]-[@74319], [@95701]-[@99092] moves by the same rules; its
additions (China's movement area, AA guns, industrial complexes, the movement
technologies, canals held since the start of the turn) are in `paths`, `air` and
`transport`. Paratroopers [@55972] are a second leg of the bombers' move (`legs.paratroop_leg`):
the infantry leaves the bombers' start territory and enters the territory where they stop
as any attacking land unit does, so the battle code sees a land attack there (ruling A19).

Marks set on moved units: `moved` (movement spent this turn, cumulative for air units
[L408, L692]), `combat` (moved in the Combat Move, or stayed to fight [L402]), `done`
(may not move again: unloaded units and transports [L991], carriers that took fighters
[L860]).
"""

from __future__ import annotations

from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.events import AddUnits, RemoveUnits, SetBattles, SetTurn
from aa_ref.games.axis_allies.model.state import Force
from aa_ref.games.axis_allies.rules.aboard import check_rides, execute_rides
from aa_ref.games.axis_allies.rules.air import (
    check_landing_proof,
    check_landings,
    check_stranded,
    guest_riders,
    planes,
    settle_air,
)
from aa_ref.games.axis_allies.rules.bases import movement_bonus
from aa_ref.games.axis_allies.rules.battle_sites import (
    battle_sites,
    check_combat_ends,
    check_lone_enemies,
    ignore_list,
    lone_enemies,
    staying,
)
from aa_ref.games.axis_allies.rules.board import CARRIER_PLANES, CARRIER_ROOM, Board
from aa_ref.games.axis_allies.rules.bombing import check_noncombat_bombing
from aa_ref.games.axis_allies.rules.capture import capture
from aa_ref.games.axis_allies.rules.damaged_carriers import grounded_planes
from aa_ref.games.axis_allies.rules.legs import COMBAT_MOVE, Leg, Take, allocate, describe, resolve_legs
from aa_ref.games.axis_allies.rules.naval import NAVAL_1941, NavalRules
from aa_ref.games.axis_allies.rules.paths import blitzed, check_path
from aa_ref.games.axis_allies.rules.transport import check_transports, move_transports


def _plan(board: Board, given: OrdersInput, phase: str) -> tuple[list[Leg], list[Problem]]:
    legs, problems = resolve_legs(board, given)
    problems += allocate(board, given, legs, phase)
    power = given.model.power
    # Territories blitzed in this Combat Move: paratroopers may fly over them (ruling A17).
    blitzed_now = frozenset(t for leg in legs if phase == COMBAT_MOVE and (t := blitzed(board, leg, power)))
    for leg in legs:
        problems += check_path(board, given, leg, phase, blitzed_now)
    problems += check_transports(board, given, legs, phase)
    problems += check_rides(board, given, legs, phase)
    return legs, problems


def check_moves(board: Board, given: OrdersInput, phase: str, naval: NavalRules = NAVAL_1941) -> list[Problem]:
    """Every problem with a power's moves for the phase, each at the key it concerns; `naval` is
    the edition's word on transports and lone submarines (the ruleset's hook). A step of a phase entered move by
    move (`steps.StepInput`, its `whole_phase` false) is checked without the checks of the whole phase (where the
    Combat Move ends, landing places, stranded units), which its end runs."""
    legs, problems = _plan(board, given, phase)
    power = given.model.power
    if not getattr(given, "whole_phase", True):
        return problems + (check_noncombat_bombing(given, legs) if phase != COMBAT_MOVE else [])
    if phase == COMBAT_MOVE:
        sites = battle_sites(board, legs, power, ignore_list(board, given), naval)
        problems += check_lone_enemies(board, given, legs, sites, naval)
        problems += check_combat_ends(board, given, legs, sites)
        cleared = {b.space for b in sites.battles if b.kind == "sea"}
        problems += check_landing_proof(board, given, legs, cleared, set(staying(board, legs, power)))[0]
    else:
        problems += check_noncombat_bombing(given, legs)
        problems += check_stranded(board, given)
        problems += check_landings(board, given, legs)
    return problems


def execute_moves(ctx: Context, given: OrdersInput, phase: str, naval: NavalRules = NAVAL_1941) -> None:
    """Make the moves (already checked); end the Combat Move with its battles, and the
    Noncombat Move with every air unit landed or lost."""
    power = given.model.power
    board = Board(ctx.setup, ctx.as_it_stands())  # the board as the phase began
    legs, _ = _plan(board, given, phase)
    riders = guest_riders(board, legs, power)
    for leg in legs:
        if not leg.in_place(board):
            _move(ctx, board, leg, phase, riders.get(leg.index, {}))
    execute_rides(ctx, board, legs, phase)
    if phase == COMBAT_MOVE:
        sites = battle_sites(board, legs, power, ignore_list(board, given), naval)
        for zone in sorted(sites.ignored):
            ctx.note(f"{power} ignores {describe(lone_enemies(board, zone, power))} in {zone}: no sea battle there "
                     "before the amphibious assault [L501]")
        stay = staying(board, legs, power)
        for zone in stay:
            _stay_and_fight(ctx, zone)
        cleared = {b.space for b in sites.battles if b.kind == "sea"}
        obligations = check_landing_proof(board, given, legs, cleared, set(stay))[1]
        if obligations:
            turn = ctx.game.turn.model_copy(deep=True)
            turn.carrier_obligations = sorted(set(turn.carrier_obligations) | set(obligations))
            ctx.emit(SetTurn(turn=turn))
        ctx.emit(SetBattles(battles=sites.battles))
    else:
        landed: dict[str, int] = {}
        for leg in legs:
            if board.is_sea(leg.end) and planes(leg.units):  # fighters, Global 1940 tactical bombers [G40 L1490]
                landed[leg.end] = landed.get(leg.end, 0) + planes(leg.units)
        settle_air(ctx, landed)


def air_only(board: Board, take: Take) -> bool:
    return all(board.domain(u) == "air" for u in take.force.units)


def _move(ctx: Context, board: Board, leg: Leg, phase: str, riders: dict[tuple[str, str], int]) -> None:
    """One move: units leave, a blitzed territory is taken on the way [L436], units arrive."""
    power = ctx.game.power
    extra = [move_transports(ctx, leg, phase)] if leg.units.get("transport") else []
    seats = _seats(riders)
    for take in leg.takes:
        if "transport" in take.force.units:
            continue
        if take.force.damage().get("carrier"):
            extra.append(_carry_grounded(ctx, take, leg.end))
        _leave(ctx, take)
        # Air units from an operational air base spend one point less of their own (Global 1940 [G40 L686]).
        bonus = movement_bonus(board, power, next(iter(take.force.units)), leg.start) if air_only(board, take) else 0
        marks = {"moved": take.force.moved + max(0, leg.length - bonus), "combat": take.force.combat or phase == COMBAT_MOVE}
        arriving = [Force(power=power, units=take.force.units, cargo=take.force.cargo, **marks,
                          damaged=take.force.damaged, damaged_units=dict(take.force.damaged_units))]
        if "carrier" in take.force.units and seats:
            arriving = _carriers_with_guests(arriving[0], seats)
        for force in arriving:
            ctx.emit(AddUnits(space=leg.end, force=force))
    for (ally, unit), n in riders.items():
        _board_guests(ctx, leg.start, ally, n, unit)
        extra.append(f"carrying {n} {ally} {unit} as cargo [L424]")
    if leg.paratroopers:
        extra.append(f"carrying {leg.paratroopers} infantry as paratroopers [@55972]")
    if leg.drop:
        cite = "[G40 L1826]" if leg.airborne else "[@55972]"
        ctx.note(f"{power} drops {describe(leg.units)} by parachute from {leg.start} into {leg.end} {cite}")
        return
    if phase == COMBAT_MOVE and (through := blitzed(board, leg, power)):
        extra.append(f"blitzing through {through} [L436]")
        if Board(ctx.setup, ctx.game).is_hostile_territory(through, power):
            capture(ctx, through, power)
    tail = "".join(f", {e}" for e in extra if e)
    ctx.note(f"{power} moves {describe(leg.units)} {' -> '.join(leg.path)}{tail}")


def _carry_grounded(ctx: Context, take: Take, to: str) -> str:
    """Damaged carriers that move carry the power's air units aboard them, as cargo that does not
    fly: they arrive unmoved, still aboard [G40 L1498]. The damaged carriers that stay keep theirs first."""
    power, zone = take.force.power, take.space
    forces = ctx.game.forces(zone, power)
    aboard = grounded_planes(forces)
    moving = take.force.damage().get("carrier", 0)
    staying = sum(f.damage().get("carrier", 0) for f in forces) - moving
    n = min(max(0, sum(aboard.values()) - CARRIER_ROOM * staying), CARRIER_ROOM * moving)
    carried: dict[str, int] = {}
    for unit in reversed(CARRIER_PLANES):  # the ones left aboard the staying carriers are the first listed
        k = min(n, aboard.get(unit, 0))
        if k:
            carried[unit] = k
            n -= k
    rest = dict(carried)
    for force in [f.model_copy(deep=True) for f in forces if not f.moved and not f.combat]:
        part = {u: min(k, force.units.get(u, 0)) for u, k in rest.items() if min(k, force.units.get(u, 0))}
        if part:
            ctx.emit(RemoveUnits(space=zone, force=force.model_copy(update={
                "units": part, "damaged": 0, "damaged_units": {}, "cargo": {}}), reason="carried by a damaged carrier"))
            rest = {u: k - part.get(u, 0) for u, k in rest.items() if k - part.get(u, 0)}
    if carried:
        ctx.emit(AddUnits(space=to, force=Force(power=power, units=carried)))
        return f"carrying {describe(carried)} aboard the damaged carrier [G40 L1498]"
    return ""


def _carriers_with_guests(carriers: Force, seats: list[dict[tuple[str, str], int]]) -> list[Force]:
    """Moving carriers, one force per carrier that takes guests aboard (used seats are
    taken off `seats`) and one for the rest."""
    out = []
    while seats and carriers.units["carrier"]:
        guests: dict[str, dict[str, int]] = {}
        for (p, unit), n in seats.pop(0).items():
            guests.setdefault(p, {})[unit] = n
        hurt = carriers.damage().get("carrier", 0)
        one = 1 if hurt >= carriers.units["carrier"] else 0  # guests ride undamaged carriers first [G40 L1498]
        out.append(carriers.model_copy(update={"units": {"carrier": 1}, "cargo": carriers.cargo | guests})
                   .with_damage({**carriers.damage(), "carrier": one}))
        carriers = carriers.model_copy(update={"units": {"carrier": carriers.units["carrier"] - 1}}) \
            .with_damage({**carriers.damage(), "carrier": hurt - one})
    return out + ([carriers] if carriers.units["carrier"] else [])


def _seats(riders: dict[tuple[str, str], int]) -> list[dict[tuple[str, str], int]]:
    """Guest fighters (and tactical bombers) per carrier of the leg, two at most on each [L424, L860]."""
    seats: list[dict[tuple[str, str], int]] = []
    for ally, n in riders.items():
        while n:
            if not seats or sum(seats[-1].values()) == 2:
                seats.append({})
            k = min(n, 2 - sum(seats[-1].values()))
            seats[-1][ally] = seats[-1].get(ally, 0) + k
            n -= k
    return seats


def _leave(ctx: Context, take: Take) -> None:
    """Units leave their space; fighters riding an ally's carrier take off from it [L915]."""
    if take.carrier is None:
        ctx.emit(RemoveUnits(space=take.space, force=take.force, reason="moves"))
        return
    unit, n = next(iter(take.force.units.items()))  # fighters, or Global 1940 tactical bombers
    carrier = next(f for f in ctx.game.forces(take.space, take.carrier.power)
                   if f.units == take.carrier.units and f.cargo.get(take.force.power, {}).get(unit, 0) >= n)
    cargo = {p: dict(u) for p, u in carrier.cargo.items()}
    cargo[take.force.power][unit] -= n
    cargo = {p: {k: v for k, v in u.items() if v} for p, u in cargo.items()}
    cargo = {p: u for p, u in cargo.items() if u}
    before = carrier.model_copy(deep=True)
    ctx.emit(RemoveUnits(space=take.space, force=before, reason="fighters take off"))
    ctx.emit(AddUnits(space=take.space, force=before.model_copy(update={"cargo": cargo})))


def _board_guests(ctx: Context, zone: str, ally: str, n: int, unit: str = "fighter") -> None:
    """An ally's fighters (or tactical bombers) leave the zone aboard the mover's carriers (added there as cargo)."""
    for force in list(ctx.game.forces(zone, ally)):
        k = min(n, force.units.get(unit, 0))
        if k:
            riding = force.model_copy(update={"units": {unit: k}})
            ctx.emit(RemoveUnits(space=zone, force=riding, reason="rides a carrier"))
            n -= k


def _stay_and_fight(ctx: Context, zone: str) -> None:
    """Ships that started beside enemy warships and stayed will fight there [L397, L402]."""
    power = ctx.game.power
    for force in list(ctx.game.forces(zone, power)):
        if not force.combat:
            before = force.model_copy(deep=True)
            ctx.emit(RemoveUnits(space=zone, force=before, reason="stays to fight"))
            ctx.emit(AddUnits(space=zone, force=before.model_copy(update={"combat": True})))
    ctx.note(f"{power}'s units in {zone} stay and fight the enemy warships there [L397]")
