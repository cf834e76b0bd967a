"""Hit assignment: which units take the hits of one volley [L571-L603, L903, L975].

A *volley* is the hits one side scored in one step, counted by the kind of unit that
scored them, because that decides which units each hit may be given to:

| hit scored by | may be given to                                                     |
|---------------|---------------------------------------------------------------------|
| a submarine   | sea units only, never air units [L571, L957]                        |
| an air unit   | anything but a submarine, unless the firing side has a destroyer in |
|               | the battle [L603, L824, L959]                                       |
| anything else | any unit                                                            |

A *selection* names the units taking the hits the way players write them,
`{destroyer: 1, battleship: 2}`. A `battleship` count is a number of hits on
battleships: each damages an undamaged battleship first, then sinks a damaged one, so
`battleship: 1` on an undamaged battleship only damages it [L903]. The same holds for every
*two-hit* unit type, one whose setup profile has `hits: 2` or more (battleships; Global
1940 carriers too [G40 L1486]): a count of it is a number of hits on units of that type.

The side taking the hits MUST take as many as possible [L585-L593, L599]. A set of
casualties can take all its hits at once iff, for every set K of hit kinds, the units
that only kinds in K may hit are no more than the hits of those kinds (Hall's condition
for the bipartite graph hits -> units). Transports are chosen only when no other unit
can take a hit [L577, L603, L975]: the most hits are first given to other units, the
rest to transports.

An *order of loss* is a list of unit types. Casualties are taken in that order among
the units each hit may be given to, always keeping the most hits assignable (a greedy
choice over the sets of units that can take the hits together). Types the list leaves
out come after the listed ones, cheapest first; transports always come last. The first
`battleship` entry stands for hits that only damage an undamaged battleship; sinking a
battleship comes at a second `battleship` entry if there is one, otherwise among the
types left out (a battleship costs 16, so near the end). Every two-hit type works the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import combinations

from aa_ref.games.axis_allies.model.setup import UnitCounts, UnitType

KINDS = ("sub", "air", "any")
BATTLESHIP = "battleship"
SINKING = " (sinking)"
SINK = BATTLESHIP + SINKING
TRANSPORT = "transport"


def hit_kind(unit: str, unit_types: Mapping[str, UnitType]) -> str:
    """The kind of hit a unit scores: 'sub', 'air' or 'any'."""
    if unit == "submarine":
        return "sub"
    return "air" if unit_types[unit].domain == "air" else "any"


@dataclass(frozen=True)
class Volley:
    """The hits of one volley, and whether the firing side has a destroyer in the battle."""

    hits: Mapping[str, int]
    """Hits by kind ('sub', 'air', 'any')."""
    destroyer: bool

    @classmethod
    def of(cls, by_unit: Mapping[str, int], unit_types: Mapping[str, UnitType], destroyer: bool) -> Volley:
        """A volley from hits counted by the unit type that scored them."""
        hits = {k: 0 for k in KINDS}
        for unit, n in by_unit.items():
            hits[hit_kind(unit, unit_types)] += n
        return cls(hits, destroyer)

    @property
    def total(self) -> int:
        return sum(self.hits.values())


@dataclass(frozen=True)
class Targets:
    """The units that may take hits: the side's units in the battle."""

    units: Mapping[str, int]
    damaged: int = 0
    """Battleships among `units` that already took a hit."""
    damaged_units: Mapping[str, int] = field(default_factory=dict)
    """Other two-hit units among `units` that already took a hit, by type (Global 1940 carriers)."""

    def hurt(self, unit: str) -> int:
        """How many units of this type already took a hit."""
        return self.damaged_units.get(unit, 0) + (self.damaged if unit == BATTLESHIP else 0)


class HitRules:
    """Assigning volleys to targets with one game's unit profiles."""

    def __init__(self, unit_types: Mapping[str, UnitType]) -> None:
        self.unit_types = unit_types

    # --- eligibility and feasibility -------------------------------------
    def kinds_that_hit(self, unit: str, volley: Volley) -> frozenset[str]:
        """The kinds of hit a unit may be given [L571, L603, L957-L959]."""
        kinds = {"any"}
        if self.unit_types[unit].domain == "sea":
            kinds.add("sub")
        if unit != "submarine" or volley.destroyer:
            kinds.add("air")
        return frozenset(kinds)

    def can_take(self, unit: str, volley: Volley) -> bool:
        """True if at least one hit of the volley may be given to this unit."""
        return any(volley.hits.get(k, 0) for k in self.kinds_that_hit(unit, volley))

    def fits(self, chosen: Mapping[str, int], volley: Volley) -> bool:
        """True if each chosen slot can take a different hit of the volley (Hall's condition)."""
        for size in range(len(KINDS) + 1):
            for subset in combinations(KINDS, size):
                allowed = set(subset)
                need = sum(n for unit, n in chosen.items() if self.kinds_that_hit(_unit(unit), volley) <= allowed)
                if need > sum(volley.hits.get(k, 0) for k in allowed):
                    return False
        return True

    # --- slots and priorities ---------------------------------------------
    def two_hits(self, unit: str) -> bool:
        """A unit type that takes two hits: the first damages it [L903], [G40 L1463], [G40 L1486]."""
        return unit in self.unit_types and self.unit_types[unit].hits > 1

    def slots(self, targets: Targets) -> dict[str, int]:
        """How many hits each class of target can absorb: a two-hit unit twice (damage, then sinking) [L903]."""
        out: dict[str, int] = {}
        for unit, n in targets.units.items():
            if n <= 0:
                continue
            if self.two_hits(unit):
                if n - targets.hurt(unit) > 0:
                    out[unit] = n - targets.hurt(unit)
                out[unit + SINKING] = n
            else:
                out[unit] = n
        return out

    def priority(self, order: Iterable[str], targets: Targets) -> list[str]:
        """Target classes in the order they are taken as casualties (see the module docstring)."""
        slots = self.slots(targets)
        listed: list[str] = []
        entries: dict[str, int] = {}
        for unit in order:
            cls = unit
            if self.two_hits(unit):
                entries[unit] = entries.get(unit, 0) + 1
                cls = unit if entries[unit] == 1 else unit + SINKING
            if cls in slots and cls not in listed and cls != TRANSPORT:
                listed.append(cls)
        rest = [c for c in slots if c not in listed and c != TRANSPORT]
        rest.sort(key=lambda c: (self.unit_types[_unit(c)].cost, c.endswith(SINKING), c))
        return listed + rest + ([TRANSPORT] if TRANSPORT in slots else [])

    def greedy(self, classes: list[str], targets: Targets, volley: Volley) -> dict[str, int]:
        """Take casualties class by class, keeping every chosen slot assignable to a hit."""
        slots = self.slots(targets)
        chosen: dict[str, int] = {}
        for cls in classes:
            for _ in range(slots.get(cls, 0)):
                trial = {**chosen, cls: chosen.get(cls, 0) + 1}
                if not self.fits(trial, volley):
                    break
                chosen = trial
        return chosen

    # --- the public operations --------------------------------------------
    def choose(self, order: Iterable[str], targets: Targets, volley: Volley) -> UnitCounts:
        """The casualties an order of loss picks: as many hits as possible, in its order."""
        return _selection(self.greedy(self.priority(order, targets), targets, volley))

    def most_hits(self, targets: Targets, volley: Volley, transports: bool = True) -> int:
        """The most hits of the volley the targets can take (without transports, if asked)."""
        classes = self.priority((), targets)
        if not transports:
            classes = [c for c in classes if c != TRANSPORT]
        return sum(self.greedy(classes, targets, volley).values())

    def forced(self, targets: Targets, volley: Volley) -> UnitCounts | None:
        """The casualties if every legal choice is the same, else None (the owner must choose)."""
        base = self.priority((), targets)
        first = _selection(self.greedy(base, targets, volley))
        for unit in {_unit(c) for c in base if c != TRANSPORT}:
            own = [c for c in base if _unit(c) == unit]
            others = [c for c in base if _unit(c) != unit and c != TRANSPORT]
            tail = [TRANSPORT] if TRANSPORT in base else []
            most = _selection(self.greedy(own + others + tail, targets, volley)).get(unit, 0)
            least = _selection(self.greedy(others + own + tail, targets, volley)).get(unit, 0)
            if most != least:
                return None
        return first

    def problem(self, selection: Mapping[str, int], targets: Targets, volley: Volley) -> str | None:
        """Why a player's selection is not a legal assignment of the volley, or None if it is."""
        slots = self.slots(targets)
        chosen: dict[str, int] = {}
        for unit, n in selection.items():
            if n < 0:
                return f"a negative number of {unit} ({n})"
            if not n:
                continue
            if self.two_hits(unit):
                damage = min(n, slots.get(unit, 0))
                chosen.update({unit: damage, unit + SINKING: n - damage} if damage else {unit + SINKING: n})
                room = slots.get(unit, 0) + slots.get(unit + SINKING, 0)
            else:
                chosen[unit] = n
                room = slots.get(unit, 0)
            if n > room:
                return f"{n} hit(s) on {unit}, but only {room} can be taken by the {unit} in the battle"
        chosen = {c: n for c, n in chosen.items() if n}
        wanted = self.most_hits(targets, volley)
        taken = sum(chosen.values())
        if taken != wanted:
            return f"{taken} hit(s) taken, but {wanted} must be: as many hits as possible are assigned [L585, L599]"
        if not self.fits(chosen, volley):
            return "these units cannot all take the hits scored (submarines never hit air units; " \
                   "air units hit submarines only with a destroyer of their side in the battle)"
        others = taken - chosen.get(TRANSPORT, 0)
        if others != self.most_hits(targets, volley, transports=False):
            return "transports are chosen only when no other unit can take the hit [L577, L975]"
        return None


def _unit(cls: str) -> str:
    return cls.removesuffix(SINKING)


def _selection(chosen: Mapping[str, int]) -> UnitCounts:
    out: UnitCounts = {}
    for cls, n in chosen.items():
        if n:
            out[_unit(cls)] = out.get(_unit(cls), 0) + n
    return out
