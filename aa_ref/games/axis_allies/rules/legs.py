"""Move orders resolved against the board, and the units each move takes.

A `Leg` is one entry of `moves:` with every name made canonical. `allocate` then
gives each leg real units from the forces in its start space, so that a unit is used
by one move only, as all moves of a phase happen at once [L385]. Transports are taken
one by one, because each carries its own cargo [L977].
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from aa_ref.core.copies import deep_copy
from aa_ref.core.engine import OrdersInput
from aa_ref.core.errors import Problem
from aa_ref.games.axis_allies.model.setup import UnitCounts
from aa_ref.games.axis_allies.model.state import Force
from aa_ref.games.axis_allies.rules.board import Board

COMBAT_MOVE, NONCOMBAT_MOVE = "combat_move", "noncombat_move"
TRANSPORT_ROOM = 2
"""A transport holds one land unit of any type plus one infantry [L977]."""


@dataclass
class Boarding:
    """Land units boarding the leg's transports in a friendly zone on its path [L442, L979]."""

    index: int
    units: UnitCounts
    territory: str
    zone: str
    texts: dict[str, str]
    takes: list[Take] = field(default_factory=list)


@dataclass
class Take:
    """Units taken from one force: `force` carries the force's marks and the units taken.

    `carrier` is set when fighters take off from an ally's carrier, where they ride as
    cargo [L424, L915]; it is the carrier's force as it stands."""

    space: str
    force: Force
    carrier: Force | None = None


@dataclass
class Leg:
    """One move order with its names resolved."""

    index: int
    units: UnitCounts
    path: list[str]
    boardings: list[Boarding]
    unload: str | None
    battle: str | None
    land_at: str | None
    texts: dict[str, str]
    takes: list[Take] = field(default_factory=list)
    rides: list[Any] = field(default_factory=list)
    """(`aboard.Seat`, units) pairs: the transports staying put that this move boards or leaves"""
    bombing: bool = False
    """bombers: a strategic bombing raid (checked and fought by the battle code)"""
    paratroopers: int = 0
    """bombers with Paratroopers: infantry carried from the start territory [@55972]"""
    drop: bool = False
    """the infantry a bomber move carries (Paratroopers): it follows the bombers' path and
    lands where they stop, as a land unit entering that territory (ruling A19)"""
    damaged: UnitCounts | None = None
    """how many of the moving units of a type are damaged ones (Global 1940 capital ships);
    None: the damaged ones move first (ruling G40-CS2)"""
    airborne: bool = False
    """Global 1940 Paratroopers: infantry flown from an air base territory (`drop` too) [G40 L1826]"""
    unload_units: UnitCounts | None = None
    """transports: the mover's land units that land in `unload`, the rest staying aboard [L987]; in an
    amphibious assault only cargo aboard since an earlier turn may stay [L997]; None: all of it lands"""
    unload_texts: dict[str, str] = field(default_factory=dict)
    """how `unload_units` wrote each unit type (for locations)"""

    @property
    def start(self) -> str:
        return self.path[0]

    @property
    def end(self) -> str:
        return self.path[-1]

    @property
    def length(self) -> int:
        return len(self.path) - 1

    def loc(self, *keys: Any) -> tuple[Any, ...]:
        return ("moves", self.index, *keys)

    def unit_loc(self, unit: str) -> tuple[Any, ...]:
        if self.drop and not self.airborne:
            return self.loc("paratroopers")
        return self.loc("units", self.texts.get(unit, unit))

    def step_loc(self, k: int) -> tuple[Any, ...]:
        """Where path step `k` is written: `from`, `via[k-1]` or `to`."""
        if k == 0:
            return self.loc("from")
        return self.loc("to") if k == self.length else self.loc("via", k - 1)

    def of(self, board: Board, domain: str) -> UnitCounts:
        return {u: n for u, n in self.units.items() if board.domain(u) == domain}

    def taken(self, unit: str | None = None) -> list[Take]:
        return [t for t in self.takes if unit is None or unit in t.force.units]

    def in_place(self, board: Board) -> str | None:
        """'board' for land units stepping from a territory into a sea zone, 'land' for land
        units stepping from a sea zone into a territory: they board or leave a transport that
        does not move in these orders, such as an ally's [L989] (see `aboard`)."""
        if self.drop or self.length != 1 or not self.units or any(board.domain(u) != "land" for u in self.units):
            return None
        if board.is_land(self.start) and board.is_sea(self.end):
            return "board"
        return "land" if board.is_sea(self.start) and board.is_land(self.end) else None


def describe(units: UnitCounts) -> str:
    """'2 infantry, 1 tank' for players."""
    return ", ".join(f"{n} {u}" for u, n in units.items())


# --- resolving names --------------------------------------------------------------
def _counts(board: Board, given: OrdersInput, written: dict, loc: tuple) -> tuple[UnitCounts, dict[str, str], list[Problem]]:
    units: UnitCounts = {}
    texts: dict[str, str] = {}
    problems: list[Problem] = []
    for text, n in written.items():
        unit = board.setup.unit_names.get(str(text))
        if unit is None:
            problems.append(given.problem(board.setup.unit_names.unknown_message(text), (*loc, text)))
        elif n < 0:
            problems.append(given.problem(f"cannot move a negative number of {unit}", (*loc, text)))
        elif n:
            units[unit] = units.get(unit, 0) + n
            texts[unit] = text
    if not units and not problems:
        problems.append(given.problem("no units to move: give at least one unit", loc))
    return units, texts, problems


def resolve_legs(board: Board, given: OrdersInput) -> tuple[list[Leg], list[Problem]]:
    """Every move with canonical names; moves with unknown names are left out (and reported)."""
    legs: list[Leg] = []
    problems: list[Problem] = []
    for i, move in enumerate(given.model.moves or []):
        bad: list[Problem] = []

        def space(text: str | None, *loc: Any) -> str:
            name = board.setup.space_names.get(text) if text is not None else ""
            if name is None:
                bad.append(given.problem(board.setup.space_names.unknown_message(text), ("moves", i, *loc)))
            return name or ""

        units, texts, unit_problems = _counts(board, given, move.units, ("moves", i, "units"))
        bad += unit_problems
        path = [space(move.from_, "from"), *(space(v, "via", k) for k, v in enumerate(move.via)), space(move.to, "to")]
        if len(path) == 2 and path[0] == path[1]:
            path = path[:1]  # a transport that stays where it is to load or unload [L993]
        boardings = []
        for j, load in enumerate(move.load):
            loaded, load_texts, load_problems = _counts(board, given, load.units, ("moves", i, "load", j, "units"))
            bad += load_problems
            zone = space(load.at, "load", j, "at") if load.at else path[0]
            boardings.append(Boarding(j, loaded, space(load.from_, "load", j, "from"), zone, load_texts))
            # Allied land units board only in their owner's turn [L475, L989].
            bad += _own_power(board, given, load.power, ("moves", i, "load", j, "power"), "'s units board a transport")
        # An ally's cargo lands only in its owner's turn [L477, L989].
        bad += _own_power(board, given, move.cargo_power, ("moves", i, "cargo_power"), "'s cargo is unloaded")
        unload, land_at = space(move.unload, "unload"), space(move.land_at, "land_at")
        unload_units, unload_texts = None, {}
        if move.unload_units is not None:
            unload_units, unload_texts, unload_problems = _counts(board, given, move.unload_units, ("moves", i, "unload_units"))
            bad += [p if "no units to move" not in p.message else given.problem(
                "unload_units names no land unit: name the units that land, or leave it out to land all of them",
                ("moves", i, "unload_units"), "AA1941 partial unloading [L987]") for p in unload_problems]
        damaged = None
        if move.damaged is not None:
            damaged, _, damaged_problems = _counts(board, given, move.damaged, ("moves", i, "damaged"))
            bad += [p for p in damaged_problems if "no units to move" not in p.message]  # {carrier: 0}: none
            damaged = {**{board.setup.unit_names.get(str(t)): 0 for t in move.damaged
                          if board.setup.unit_names.get(str(t))}, **damaged}
            bad += [given.problem(f"{n} damaged {unit} named, but the move has {units.get(unit, 0)} {unit}",
                                  ("moves", i, "damaged"), "G40 capital ships [L1463], [L1486]")
                    for unit, n in damaged.items() if n > units.get(unit, 0)]
        problems += bad
        if not bad:
            leg = Leg(i, units, path, boardings, unload or None, move.battle, land_at or None, texts,
                      bombing=move.bombing, paratroopers=move.paratroopers, damaged=damaged,
                      drop=move.airborne, airborne=move.airborne,  # Global 1940 Paratroopers [G40 L1826]
                      unload_units=unload_units, unload_texts=unload_texts)
            legs.append(leg)
            if move.paratroopers:
                legs.append(paratroop_leg(leg))
    return legs, problems


def paratroop_leg(bombers: Leg) -> Leg:
    """The infantry a bomber move carries with Paratroopers: one per bomber, picked up in the
    bombers' start territory, dropped where they stop (ruling A19, [@55972])."""
    return Leg(bombers.index, {"infantry": bombers.paratroopers}, list(bombers.path), [], None, None, None,
               {"infantry": "paratroopers"}, drop=True)


def _own_power(board: Board, given: OrdersInput, text: str | None, loc: tuple, what: str) -> list[Problem]:
    """A power named in a move must be the mover: allies load and unload in their own turn [L989]."""
    if text is None:
        return []
    owner = board.setup.power_names.get(text)
    if owner is None:
        return [given.problem(board.setup.power_names.unknown_message(text), loc)]
    if owner != given.model.power:
        return [given.problem(f"{owner}{what} only in {owner}'s own turn, not in {given.model.power}'s", loc, "AA1941 L989")]
    return []


# --- transport capacity -------------------------------------------------------------
def cargo_fits(cargo: UnitCounts) -> bool:
    """One land unit of any type plus one infantry: at most 2, at most 1 that is not infantry [L977]."""
    total = sum(cargo.values())
    return total <= TRANSPORT_ROOM and total - cargo.get("infantry", 0) <= 1


def merged_cargo(cargo: dict[str, UnitCounts]) -> UnitCounts:
    """All powers' cargo aboard one transport, by unit type."""
    out: UnitCounts = {}
    for units in cargo.values():
        for unit, n in units.items():
            out[unit] = out.get(unit, 0) + n
    return out


def spread_cargo(aboard: list[UnitCounts], adding: UnitCounts) -> list[UnitCounts] | None:
    """Share `adding` among transports already holding `aboard`: tanks first, then infantry
    [L977]; None if it does not fit."""
    added: list[UnitCounts] = [{} for _ in aboard]
    order = sorted((u for u in adding if u != "infantry")) + (["infantry"] if "infantry" in adding else [])
    for unit in order:
        for _ in range(adding[unit]):
            for k, cargo in enumerate(aboard):
                trial = dict(cargo)
                for u, n in added[k].items():
                    trial[u] = trial.get(u, 0) + n
                trial[unit] = trial.get(unit, 0) + 1
                if cargo_fits(trial):
                    added[k][unit] = added[k].get(unit, 0) + 1
                    break
            else:
                return None
    return added


# --- allocation ----------------------------------------------------------------------
Used = dict[tuple[str, int, str], int]
DAMAGED = "#damaged"
"""`used` keys of a unit type + this: the damaged units of that type a force has given"""
"""(space, pool index, unit) -> units already given to a move."""


def can_move(board: Board, force: Force, unit: str, length: int) -> bool:
    """Units move once a turn [L385, L690]: land and sea units that have not moved or
    fought; air units with movement left for the path [L408, L692, L826]."""
    if force.done:
        return False
    movement = board.profile(force.power, unit).movement  # Long-Range Aircraft [@58018]
    if board.domain(unit) == "air":
        return movement - force.moved >= min(length, movement)
    return not force.combat and force.moved == 0


def supply(board: Board, power: str) -> dict[str, list[Take]]:
    """What the power could move, space by space: its forces, then its fighters riding an
    ally's carrier as cargo [L424, L915]."""
    pools: dict[str, list[Take]] = {}
    riders: dict[str, list[Take]] = {}
    for space, state in board.game.spaces.items():
        for force in state.forces:
            if force.power == power:
                pools.setdefault(space, []).append(Take(space, deep_copy(force)))
            else:  # fighters, and Global 1940 tactical bombers [G40 L1490], riding an ally's carrier
                for unit in ("fighter", "tactical_bomber"):
                    if force.cargo.get(power, {}).get(unit):
                        aboard = Force(power=power, units={unit: force.cargo[power][unit]})
                        riders.setdefault(space, []).append(Take(space, aboard, deep_copy(force)))
    for space, takes in riders.items():
        pools.setdefault(space, []).extend(takes)
    return pools


def _free(board: Board, pool: list[Take], used: Used, unit: str, length: int) -> list[tuple[int, int]]:
    """(pool index, free units) of the forces whose `unit`s can make a move of `length`."""
    out = []
    for k, take in enumerate(pool):
        free = take.force.units.get(unit, 0) - used.get((take.space, k, unit), 0)
        if free > 0 and can_move(board, take.force, unit, length):
            out.append((k, free))
    return out


def _take(board: Board, pool: list[Take], used: Used, unit: str, n: int, length: int,
          damaged: int | None = None) -> list[Take] | None:
    """`n` units of a type from the pool's movable forces, or None if there are fewer. Damaged
    ships (Global 1940, damage lasts [G40 L1463]) move first, unless `damaged` says how many
    of the `n` are damaged ones (ruling G40-CS2); None too if there are not as many."""
    free = _free(board, pool, used, unit, length)
    hurt_free, whole_free = {}, {}
    for k, f in free:
        taken_hurt = used.get((pool[k].space, k, unit + DAMAGED), 0)
        hurt_free[k] = max(0, pool[k].force.damage().get(unit, 0) - taken_hurt)
        whole_free[k] = f - hurt_free[k]
    if damaged is not None and (damaged > sum(hurt_free.values()) or n - damaged > sum(whole_free.values())):
        return None
    picks = []
    want_hurt, want_whole = (damaged, n - damaged) if damaged is not None else (0, 0)
    for k, f in free:
        if not n:
            break
        if damaged is None:
            m = min(f, n)
            h = min(m, hurt_free[k])
        else:
            h, w = min(want_hurt, hurt_free[k]), min(want_whole, whole_free[k])
            want_hurt, want_whole = want_hurt - h, want_whole - w
            m = h + w
        if m:
            picks.append((k, m, h))
            n -= m
    if n:
        return None
    out = []
    for k, m, h in picks:
        take = pool[k]
        used[(take.space, k, unit)] = used.get((take.space, k, unit), 0) + m
        used[(take.space, k, unit + DAMAGED)] = used.get((take.space, k, unit + DAMAGED), 0) + h
        out.append(Take(take.space, take.force.model_copy(update={"units": {unit: m}}).with_damage({unit: h}),
                        take.carrier))
    return out


def _choose_transports(board: Board, leg: Leg, pool: list[Take], used: Used, power: str) -> list[tuple[int, Take]] | None:
    """The single transports a leg takes: the first set, in order of preference, whose room
    fits what boards [L977]. Moves that unload prefer transports carrying the power's
    cargo; the others prefer loaded transports to empty ones."""
    items = [(k, Take(pool[k].space, pool[k].force.model_copy(update={"units": {"transport": 1}})))
             for k, free in _free(board, pool, used, "transport", leg.length) if pool[k].carrier is None
             for _ in range(free)]
    if leg.unload:
        items.sort(key=lambda it: -sum(it[1].force.cargo.get(power, {}).values()))
    else:
        items.sort(key=lambda it: -sum(merged_cargo(it[1].force.cargo).values()))
    adding: UnitCounts = {}
    for boarding in leg.boardings:
        for unit, n in boarding.units.items():
            adding[unit] = adding.get(unit, 0) + n
    seen = set()
    for chosen in combinations(items, leg.units["transport"]):
        key = tuple(sorted(repr(sorted(merged_cargo(t.force.cargo).items())) for _, t in chosen))
        if key not in seen:
            seen.add(key)
            if spread_cargo([merged_cargo(t.force.cargo) for _, t in chosen], adding) is not None:
                return list(chosen)
    return None


def allocate(board: Board, given: OrdersInput, legs: list[Leg], phase: str) -> list[Problem]:
    """Give every leg and boarding its units; report moves that ask for units the power
    does not have free in that space."""
    power = given.model.power
    pools = supply(board, power)
    used: Used = {}
    problems: list[Problem] = []
    rule = "AA1941 L385" if phase == COMBAT_MOVE else "AA1941 L690"
    # Air units with the longest paths choose first: any unit that can fly far enough for
    # them can fly the shorter paths too. Other units go in the order they are written.
    for leg in sorted(legs, key=lambda lg: (0, -lg.length, lg.index) if lg.of(board, "air") else (1, 0, lg.index)):
        pool = pools.get(leg.start, [])
        ride = leg.in_place(board)
        if ride == "land":
            continue  # the units are cargo: `aboard` finds them on the transports in the zone
        for unit, n in leg.units.items():
            if unit == "transport":
                chosen = _choose_transports(board, leg, pool, used, power)
                if chosen is None:
                    # Transports of the Combat Move or of a battle stay put afterwards [L732].
                    problems.append(_short(board, given, leg, unit, n, pool, used,
                                           rule if phase == COMBAT_MOVE else "AA1941 L732"))
                for k, take in chosen or []:
                    used[(leg.start, k, unit)] = used.get((leg.start, k, unit), 0) + 1
                    leg.takes.append(take)
                continue
            hurt = None if leg.damaged is None else leg.damaged.get(unit, 0)
            got = _take(board, pool, used, unit, n, leg.length, hurt)
            if got is None and hurt is not None and _take(board, pool, dict(used), unit, n, leg.length) is not None:
                problems.append(given.problem(
                    f"{power} has not {hurt} damaged and {n - hurt} undamaged {unit} free to move from {leg.start}",
                    leg.loc("damaged"), "G40 capital ships [L1463], [L1486]"))
                continue
            if got is None:
                # Boarding is the land unit's move: a unit that moved cannot board [L987].
                problems.append(_short(board, given, leg, unit, n, pool, used, "AA1941 L987" if ride else rule))
            leg.takes += got or []
        for boarding in leg.boardings:
            home = pools.get(boarding.territory, [])
            for unit, n in boarding.units.items():
                got = _take(board, home, used, unit, n, 1)
                if got is None:
                    problems.append(given.problem(
                        f"{power} has not {n} {unit} free to board in {boarding.territory} (units that have "
                        "moved or fought, or that another move uses, cannot board)",
                        leg.loc("load", boarding.index, "units", boarding.texts.get(unit, unit)), "AA1941 L987"))
                boarding.takes += got or []
    return problems


def _short(board: Board, given: OrdersInput, leg: Leg, unit: str, n: int, pool: list[Take], used: Used,
           rule: str) -> Problem:
    """Why a move cannot have the units it names."""
    power = given.model.power
    if not any(t.force.units.get(unit) for t in pool):
        others = [p for p in board.setup.turn_order if p != power and board.units(leg.start, [p]).get(unit)]
        if others:
            return given.problem(
                f"the {unit} in {leg.start} belong to {others[0]}: in {power}'s turn only {power}'s units move",
                leg.unit_loc(unit), "AA1941 L461")
        return given.problem(f"{power} has no {unit} in {leg.start}", leg.unit_loc(unit), rule)
    free = sum(f for _, f in _free(board, pool, used, unit, leg.length))
    if free >= n and unit == "transport" and leg.boardings:
        return given.problem(
            f"the {n} transport(s) from {leg.start} lack room for the units boarding: each carries one land unit "
            "of any type plus one infantry", leg.unit_loc(unit), "AA1941 transports [L977]")
    why = "the others have moved or fought this turn, or another move uses them"
    if board.domain(unit) == "air":
        why += f", or they have fewer than {leg.length} moves left [L408, L692]"
    elif unit == "transport" and leg.boardings:
        why += ", or they lack room for the units boarding [L977]"
    return given.problem(
        f"{power} has {free} {unit} in {leg.start} free for this move, not {n} ({why})", leg.unit_loc(unit), rule)
