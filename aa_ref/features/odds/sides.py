"""A battle as the odds calculator sees it: each side's units, the order in which hits
remove them, and the volley each side fires after it has taken `k` hits.

With a fixed order of loss a side's state is one number, the hits it has taken: the first
hits damage two-hit battleships (a hit on an undamaged battleship only damages it [L903],
[@125561], so players take those first), the next ones remove units in the order of loss,
and transports go last [L975], [@136796].
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from aa_ref.core.errors import InvalidInput
from aa_ref.games.axis_allies.model.setup import Setup, UnitCounts, UnitType
from aa_ref.games.axis_allies.rules.firepower import FireGroup, fire_groups

DAMAGE = "damage:"
"""Prefix of a hit absorber that only damages a two-hit unit."""


class OddsError(InvalidInput):
    """A battle the calculator cannot compute, in words for the user (exit 1, like invalid input)."""


def default_order(setup: Setup, units: UnitCounts, attacking: bool) -> list[str]:
    """Cheapest first, by cost then by the value the side fights with; transports last."""
    def key(unit: str) -> tuple:
        profile = setup.unit_types[unit]
        return (unit == "transport", profile.cost, profile.attack if attacking else profile.defense, unit)
    return sorted(units, key=key)


@dataclass
class Side:
    """One side of a battle: its units, their profiles (technologies applied) and order of loss."""

    units: UnitCounts
    profiles: dict[str, UnitType]
    attacking: bool
    techs: frozenset[str] = frozenset()
    order: list[str] = field(default_factory=list)
    keep_land: bool = False

    @cached_property
    def losses(self) -> list[str]:
        """The hit absorbers in the order hits take them."""
        damage = [DAMAGE + u for u, n in self.units.items() for _ in range((self.profiles[u].hits - 1) * n)]
        fighting = {u: n for u, n in self.units.items() if self.profiles[u].combatant}
        order = [u for u in self.order if u in fighting] + [u for u in fighting if u not in self.order]
        sequence = [u for u in order for _ in range(fighting[u])]
        if self.keep_land:
            land = [i for i, u in enumerate(sequence) if self.profiles[u].domain == "land"]
            if land:
                sequence.append(sequence.pop(land[-1]))  # one land unit stays to take the territory
        return damage + sequence

    @property
    def size(self) -> int:
        return len(self.losses)

    def alive(self, hits: int) -> UnitCounts:
        """The units left after `hits` hits (damaged battleships still count)."""
        cache = self.__dict__.setdefault("_alive_by_hits", {})
        if hits not in cache:
            cache[hits] = self._alive(hits)
        return dict(cache[hits])

    def _alive(self, hits: int) -> UnitCounts:
        left = {u: n for u, n in self.units.items() if self.profiles[u].combatant}
        for unit in self.losses[:hits]:
            if not unit.startswith(DAMAGE):
                left[unit] -= 1
                if not left[unit]:
                    del left[unit]
        return left

    def count(self, hits: int) -> int:
        """How many units are left after `hits` hits (a damaged battleship is one)."""
        return sum(self.alive(hits).values())

    def groups(self, hits: int) -> list[FireGroup]:
        return fire_groups(self.alive(hits), self.profiles, self.attacking, self.techs)

    def dice_by_value(self, hits: int, only: frozenset[str] | None = None, but: frozenset[str] = frozenset()) -> list[int]:
        """Dice rolled at each value 1..6 (index 0 unused) after `hits` hits, by the units of the
        types in `only` (default: all) except those in `but`."""
        out = [0] * 7
        for group in self.groups(hits):
            if (only is None or group.unit in only) and group.unit not in but:
                out[min(group.value, 6)] += group.total_dice
        return out

    def has(self, hits: int, unit: str) -> bool:
        return self.alive(hits).get(unit, 0) > 0

    def cost_lost(self, hits: int) -> int:
        """IPC value of the units removed by `hits` hits (damage costs nothing)."""
        return self._costs[min(hits, len(self.losses))]

    @cached_property
    def _costs(self) -> list[int]:
        out = [0]
        for unit in self.losses:
            out.append(out[-1] + (0 if unit.startswith(DAMAGE) else self.profiles[unit].cost))
        return out

    def land_units(self, hits: int) -> int:
        return sum(n for u, n in self.alive(hits).items() if self.profiles[u].domain == "land")
