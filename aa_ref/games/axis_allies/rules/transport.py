"""Transports: loading, unloading and amphibious assaults [L410-L451, L511, L961-L995].

A transport loads in any friendly sea zone on its path, from territories next to that
zone, before, during or after moving [L442, L979]; it never loads or unloads in a hostile
zone [L399, L991]. It unloads once, at the end of its move, into one territory [L511,
L979, L991], and cannot move again [L991]. In the Combat Move unloading is an announced
amphibious assault on a hostile territory [L412, L995], and what loads then must take
part in one [L442]; the cargo stays aboard (the transport is marked `assault`) until
the sea battle is over [L385]. In the Noncombat Move it lands in a friendly territory
[L987].

Anniversary Edition: the same rules [@137430]-[@141068]; an AA gun aboard since an earlier
turn may ride in the Combat Move but not land in an amphibious assault [@112929] (ruling
A46), and China's units never board [@50171] (checked in `paths`).

Partial unloading (ruling 20): a transport that moves in the Noncombat Move may land any
number of the units aboard, «non necessariamente tutte» [L987] (Anniversary «alcune o tutte»
[@138643], Global 1940 «una o entrambe» [G40 L1624]), in one friendly territory: the move's
`unload_units` names them and the rest stay aboard; without it all of the mover's cargo lands.
The rest may not land elsewhere that turn, a transport unloading into one territory [L991]
(`aboard` refuses such a landing). In an amphibious assault (ruling 27) the units loaded in the
Combat Move must land, and any number of those aboard since an earlier turn may: «Si possono
anche scaricare un qualunque numero di proprie unita' ... che erano gia' sulla nave all'inizio
del turno» [L997] (Anniversary «possono essere sbarcate» [@140985], Global 1940 «Può anche
scaricare unità già a bordo» [G40 L1634]); `unload_units` names what lands, and the transport's
`stays_aboard` keeps the rest aboard through the battle. Allied cargo stays aboard [L989].
Loading is the land unit's move, so a unit that has moved cannot board (digest §9 #25, [L987]).
"""

from __future__ import annotations

from aa_ref.core.engine import Context, OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.events import AddUnits, RemoveUnits
from aa_ref.games.axis_allies.model.setup import UnitCounts
from aa_ref.games.axis_allies.model.state import Force
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.legs import COMBAT_MOVE, Boarding, Leg, Take, describe, merged_cargo, spread_cargo
from aa_ref.games.axis_allies.rules.politics import hostile_only_by_new_war


PARTIAL_RULE = "AA1941 partial unloading [L987]"
"""A moving transport lands any of its units in the Noncombat Move, the rest staying aboard."""
ONE_TERRITORY_RULE = "AA1941 one territory a turn [L991]"
"""A transport unloads into one territory a turn."""
ASSAULT_CARGO_RULE = "AA1941 amphibious assault cargo [L997]"
"""In an amphibious assault the units loaded in the Combat Move land; those aboard since an earlier turn may."""


def check_transports(board: Board, given: OrdersInput, legs: list[Leg], phase: str) -> list[Problem]:
    """Loading and unloading rules for every move that loads or unloads."""
    out: list[Problem] = []
    for leg in legs:
        if (leg.boardings or leg.unload) and not leg.units.get("transport"):
            # Only transports carry land units [L891].
            key = "load" if leg.boardings else "unload"
            out.append(given.problem(
                "only transports load and unload land units: this move has no transport", leg.loc(key), "AA1941 L891"))
            continue
        for boarding in leg.boardings:
            out += _check_boarding(board, given, leg, boarding)
        if leg.unload:
            out += _check_unload(board, given, leg, phase)
        elif leg.unload_units is not None:
            out.append(given.problem(
                "unload_units names the land units that land: say where with unload (a friendly territory next to "
                f"{leg.end})", leg.loc("unload_units"), PARTIAL_RULE))
        elif leg.boardings and phase == COMBAT_MOVE:
            out.append(given.problem(
                "land units loaded in the Combat Move must land in an amphibious assault: name the hostile territory "
                "with unload (or load them in the Noncombat Move)", leg.loc("load"), "AA1941 L442"))
    return out


def _check_boarding(board: Board, given: OrdersInput, leg: Leg, boarding: Boarding) -> list[Problem]:
    power = given.model.power
    loc = leg.loc("load", boarding.index)
    out = []
    for unit in boarding.units:
        if board.domain(unit) != "land":
            out.append(given.problem(
                f"{unit} cannot board a transport: transports carry land units only", (*loc, "units", boarding.texts[unit]),
                "AA1941 L891"))
    if boarding.zone not in leg.path or not board.is_sea(boarding.zone):
        return out + [given.problem(
            f"the transports do not pass through {boarding.zone}: they load in a sea zone on their path",
            (*loc, "at"), "AA1941 L442")]
    if not board.is_land(boarding.territory) or not board.adjacent(boarding.territory, boarding.zone):
        out.append(given.problem(
            f"{boarding.territory} does not border {boarding.zone}: transports load from territories next to their zone",
            (*loc, "from"), "AA1941 L979"))
    if board.is_hostile_sea(boarding.zone, power) and not (
            boarding.zone == leg.start and hostile_only_by_new_war(board, boarding.zone, power)):
        # (Global 1940: transports in a zone made hostile by this Combat Move's declaration of
        # war still load where they are [G40 L599].)
        out.append(given.problem(
            f"{boarding.zone} holds enemy warships: transports never load in a hostile zone", (*loc, "at"), "AA1941 L991"))
    return out


def _check_unload(board: Board, given: OrdersInput, leg: Leg, phase: str) -> list[Problem]:
    power = given.model.power
    target = leg.unload
    loc = leg.loc("unload")
    if not board.is_land(target) or not board.adjacent(target, leg.end):
        return [given.problem(
            f"{target} does not border {leg.end}, where the transports end: they unload into a territory next to "
            "their zone", loc, "AA1941 L979")]
    out = []
    owner = board.owner(target)
    if board.is_neutral(target) and not (phase == COMBAT_MOVE and board.is_hostile_territory(target, power)):
        # (Global 1940: a neutral that does not favour the power's side is assaulted like any hostile territory.)
        out.append(given.problem(f"{target} is neutral: no unit may enter it", loc, "AA1941 L274"))
    elif phase == COMBAT_MOVE and not board.is_hostile_territory(target, power):
        if owner != power:
            out.append(given.problem(
                f"{target} is held by {owner}, an ally: a power never attacks its own side", loc, "AA1941 L366"))
        else:
            out.append(given.problem(
                f"{target} is friendly: in the Combat Move transports unload only in an amphibious assault on a hostile "
                "territory; unload there in the Noncombat Move", loc, "AA1941 L995"))
    elif phase != COMBAT_MOVE and not board.is_friendly_territory(target, power):
        out.append(given.problem(
            f"{target} is hostile: in the Noncombat Move transports unload only into a friendly territory", loc,
            "AA1941 L987"))
    if len(leg.taken("transport")) == leg.units["transport"] and not _landing(leg, power):
        out.append(given.problem(f"the transports carry no {power} land units to unload", loc, "AA1941 L989"))
    elif leg.unload_units is not None:
        out += _check_partial(board, given, leg, phase)
    landing = _aboard(leg, power) if leg.unload_units is None else leg.unload_units
    grounded = {u: n for u, n in landing.items() if n and board.unit(u).noncombat_only}
    if grounded and phase == COMBAT_MOVE:
        # Ruling A46: AA guns carried since an earlier turn may not land in an amphibious assault
        # (one loaded in the Combat Move is refused in `paths`); they may stay aboard [@140985].
        out.append(given.problem(
            f"the transports would land {describe(grounded)} in {target}: AA guns may not be "
            "unloaded into a hostile territory; name the units that land with unload_units, the AA guns staying "
            "aboard", loc, "Anniversary AA gun [@112929] (ruling A46)"))
    return out


def _check_partial(board: Board, given: OrdersInput, leg: Leg, phase: str) -> list[Problem]:
    """`unload_units`: any of the mover's land units aboard land and the rest stay aboard: in the
    Noncombat Move [L987]; in an amphibious assault only units aboard since an earlier turn may stay,
    those loaded in the Combat Move landing [L997] (ruling 27)."""
    power = given.model.power
    loc = leg.loc("unload_units")
    if len(leg.taken("transport")) < leg.units["transport"]:
        return []  # the transports are not free: `allocate` said why
    landing = _landing(leg, power)
    want = leg.unload_units or {}
    over = {u: n for u, n in want.items() if n > landing.get(u, 0)}
    if over:
        unit = next(iter(over))
        return [given.problem(
            f"the transports carry {describe(landing)} of {power}'s (loading included), not {describe(over)}: "
            "unload_units names land units aboard them", (*loc, leg.unload_texts.get(unit, unit)),
            ASSAULT_CARGO_RULE if phase == COMBAT_MOVE else PARTIAL_RULE)]
    loaded = _boarded(leg)
    short = {u: n - want.get(u, 0) for u, n in loaded.items() if n > want.get(u, 0)}
    if phase == COMBAT_MOVE and short:
        return [given.problem(
            f"in an amphibious assault the units loaded in the Combat Move land: unload_units leaves aboard "
            f"{describe(short)} loaded in this move; only units aboard since an earlier turn may stay aboard", loc,
            ASSAULT_CARGO_RULE)]
    return []


def _boarded(leg: Leg) -> UnitCounts:
    """The land units the leg's transports load on the way."""
    out: UnitCounts = {}
    for boarding in leg.boardings:
        for unit, n in boarding.units.items():
            out[unit] = out.get(unit, 0) + n
    return out


def _aboard(leg: Leg, power: str) -> UnitCounts:
    """The mover's land units aboard the leg's transports before they load."""
    out: UnitCounts = {}
    for take in leg.taken("transport"):
        for unit, n in take.force.cargo.get(power, {}).items():
            out[unit] = out.get(unit, 0) + n
    return out


def _landing(leg: Leg, power: str) -> UnitCounts:
    """The mover's land units that leave the leg's transports when they unload."""
    out = _aboard(leg, power)
    for unit, n in _boarded(leg).items():
        out[unit] = out.get(unit, 0) + n
    return out


def move_transports(ctx: Context, leg: Leg, phase: str) -> str:
    """Load, move and unload the leg's transports one by one; returns what the note says."""
    power = ctx.game.power
    boarded: UnitCounts = {}
    for boarding in leg.boardings:
        for take in boarding.takes:
            ctx.emit(RemoveUnits(space=boarding.territory, force=take.force, reason="boards a transport"))
            for unit, n in take.force.units.items():
                boarded[unit] = boarded.get(unit, 0) + n
    takes = leg.taken("transport")
    shares = spread_cargo([merged_cargo(t.force.cargo) for t in takes], boarded) or [{} for _ in takes]
    landed: UnitCounts = {}
    lands = _who_lands(takes, shares, power, leg.unload_units, phase)
    for take, share, mine in zip(takes, shares, lands):
        ctx.emit(RemoveUnits(space=leg.start, force=take.force, reason="moves"))
        cargo = {p: dict(u) for p, u in take.force.cargo.items()}
        for unit, n in share.items():
            cargo.setdefault(power, {})[unit] = cargo.get(power, {}).get(unit, 0) + n
        unloading = bool(leg.unload and mine)
        # In an assault what does not land stays aboard through the battle [L997].
        stays = {u: n - mine.get(u, 0) for u, n in cargo.get(power, {}).items() if n > mine.get(u, 0)} \
            if unloading and phase == COMBAT_MOVE else {}
        if unloading and phase != COMBAT_MOVE:
            left = {u: n - mine.get(u, 0) for u, n in cargo[power].items() if n - mine.get(u, 0)}
            if left:
                cargo[power] = left
            else:
                del cargo[power]
            ctx.emit(AddUnits(space=leg.unload, force=Force(power=power, units=mine, moved=1, done=True)))
            for unit, n in mine.items():
                landed[unit] = landed.get(unit, 0) + n
        ctx.emit(AddUnits(space=leg.end, force=Force(
            power=power, units={"transport": 1}, moved=take.force.moved + leg.length,
            combat=take.force.combat or phase == COMBAT_MOVE,
            done=unloading and phase != COMBAT_MOVE,  # a transport that unloaded cannot move again [L991]
            cargo=cargo, assault=leg.unload if unloading and phase == COMBAT_MOVE else None, stays_aboard=stays)))
    parts = []
    kept = [describe(s) for s in (_kept(t, sh, power, m) for t, sh, m in zip(takes, shares, lands)) if s]
    if boarded:
        parts.append(f"loading {describe(boarded)}")
    if leg.unload and phase == COMBAT_MOVE:
        parts.append(f"for an amphibious assault on {leg.unload}"
                     + (f", {'; '.join(kept)} staying aboard [L997]" if kept and leg.unload_units is not None else ""))
    elif landed:
        parts.append(f"unloading {describe(landed)} in {leg.unload}")
    return ", ".join(parts)


def _who_lands(takes: list[Take], shares: list[UnitCounts], power: str, want: UnitCounts | None,
               phase: str) -> list[UnitCounts]:
    """The mover's units each transport lands: all of them without `unload_units`; else what it names,
    transport by transport in the Noncombat Move [L987]; in an assault the units loaded on the way
    first (they must land [L997]), then those aboard since an earlier turn."""
    aboard = [add_cargo(t.force.cargo.get(power, {}), share) for t, share in zip(takes, shares)]
    if want is None:
        return aboard
    left = dict(want)
    out: list[UnitCounts] = []
    if phase != COMBAT_MOVE:
        for mine in aboard:
            part = {u: min(n, left.get(u, 0)) for u, n in mine.items() if min(n, left.get(u, 0))}
            left = {u: n - part.get(u, 0) for u, n in left.items()}
            out.append(part)
        return out
    for share in shares:
        mine = {u: min(n, left.get(u, 0)) for u, n in share.items() if min(n, left.get(u, 0))}
        left = {u: n - mine.get(u, 0) for u, n in left.items()}
        out.append(mine)
    for take, mine in zip(takes, out):
        for unit, n in take.force.cargo.get(power, {}).items():
            k = min(n, left.get(unit, 0))
            if k:
                mine[unit] = mine.get(unit, 0) + k
                left[unit] -= k
    return out


def add_cargo(a: UnitCounts, b: UnitCounts) -> UnitCounts:
    """Two cargoes of one power together."""
    out = dict(a)
    for unit, n in b.items():
        out[unit] = out.get(unit, 0) + n
    return {u: n for u, n in out.items() if n}


def _kept(take: Take, share: UnitCounts, power: str, mine: UnitCounts) -> UnitCounts:
    """What of the mover's cargo stays aboard one transport."""
    aboard = add_cargo(take.force.cargo.get(power, {}), share)
    return {u: n - mine.get(u, 0) for u, n in aboard.items() if n > mine.get(u, 0)}
