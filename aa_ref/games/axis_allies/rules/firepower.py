"""Who rolls how many dice at what value in one volley: the one definition of firepower,
used by the referee's battles and by the odds calculator.

A die hits when it shows the unit's value or less [L551], [@84602]. Attacking, each unit
with `support` (artillery) raises one unit it supports (infantry) to the support value,
two with Advanced Artillery [@110541], [@111427], [@54971]; attacking bombers roll two dice
each with Heavy Bombers [@57805]. Global 1940: with its Heavy Bombers an attacking bomber
rolls two dice and keeps the better [G40 L1873] (`best_of`); with Improved Mechanized Infantry
a tank raises one attacking mechanized infantry to 2, as artillery does [G40 L1840].
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from aa_ref.games.axis_allies.model.setup import UnitCounts, UnitType

ADVANCED_ARTILLERY = "advanced_artillery"
HEAVY_BOMBERS = "heavy_bombers"
G40_HEAVY_BOMBERS = "g40_heavy_bombers"
"""Global 1940 Heavy Bombers: two dice, the better one counts [G40 L1873]."""
IMPROVED_MECH = "improved_mech_infantry"
"""Global 1940 Improved Mechanized Infantry: a mech paired with a tank attacks at 2 [G40 L1840]."""
MECH, TANK, IMPROVED_MECH_ATTACK = "mech_infantry", "tank", 2


@dataclass(frozen=True, order=True)
class FireGroup:
    """`count` units of one type firing `dice` dice each, hitting on `value` or less."""

    value: int
    order: int
    unit: str
    count: int
    dice: int
    best_of: bool = False
    """The unit's dice are one roll: the best of them hits or misses (Global 1940 Heavy Bombers)."""

    @property
    def total_dice(self) -> int:
        return self.count * self.dice

    def hits(self, dice: list[int]) -> int:
        """Hits scored by this group's dice (`total_dice` of them, unit by unit)."""
        if not self.best_of:
            return sum(1 for d in dice if d <= self.value)
        return sum(1 for i in range(self.count) if min(dice[i * self.dice:(i + 1) * self.dice]) <= self.value)


def fire_labels(groups: list[FireGroup]) -> tuple[tuple[str, int], ...]:
    """The groups of a volley as a referee reads them out ('3 infantry hit on 1', '1 heavy bomber hit on 4, 2 dice
    each, the better counts'), each with its number of dice."""
    labels = []
    for g in groups:
        each = f", {g.dice} dice each" + (", the better counts" if g.best_of else "") if g.dice > 1 else ""
        labels.append((f"{g.count} {g.unit} hit on {g.value}{each}", g.total_dice))
    return tuple(labels)


def supported(units: UnitCounts, profiles: Mapping[str, UnitType], advanced_artillery: bool) -> dict[str, tuple[int, int]]:
    """Supported unit type -> (raised attack value, how many may be raised), for attacking units.

    A supporter whose `support.also` names other unit types (Global 1940 artillery: infantry or
    mechanized infantry [G40 L1280]) raises one unit of any of them: its supports go to the
    `unit` first, then to the `also` types in their order, never more than are attacking; one
    supporter never raises two units [G40 L768]. Several supporters of one type add up (a
    fighter and a tank each raise one tactical bomber [G40 L1407], [G40 L1411]). Called for
    each volley, so pairs are re-counted after every round's casualties [G40 L976]."""
    per = 2 if advanced_artillery else 1
    out: dict[str, tuple[int, int]] = {}
    for unit, n in units.items():
        support = profiles[unit].support
        if not (support and n):
            continue
        if not support.also:  # one type raised (1941, Anniversary): the count is cut to the units later
            value, k = out.get(support.unit, (0, 0))
            out[support.unit] = (max(value, support.attack), k + n * per)
            continue
        slots = n * per
        for target in (support.unit, *support.also):
            k = min(slots, units.get(target, 0) - out.get(target, (0, 0))[1])
            if k > 0:
                value, had = out.get(target, (0, 0))
                out[target] = (max(value, support.attack), had + k)
                slots -= k
    return out


def fire_groups(
    units: UnitCounts, profiles: Mapping[str, UnitType], attacking: bool,
    techs: frozenset[str] = frozenset(), order: list[str] | None = None,
) -> list[FireGroup]:
    """The volley of `units` (profiles with the firing power's technologies applied), lowest
    value first; units with no value (transports, AA guns) roll nothing."""
    order = order or list(profiles)
    raised = supported(units, profiles, ADVANCED_ARTILLERY in techs) if attacking else {}
    if attacking and IMPROVED_MECH in techs and units.get(MECH) and units.get(TANK):  # [G40 L1840]
        value, k = raised.get(MECH, (0, 0))
        extra = min(units[TANK], units[MECH] - min(k, units[MECH]))
        if extra > 0:
            raised[MECH] = (max(value, IMPROVED_MECH_ATTACK), min(k, units[MECH]) + extra)
    groups = []
    for unit, n in units.items():
        profile = profiles[unit]
        value = profile.attack if attacking else profile.defense
        best = attacking and unit == "bomber" and G40_HEAVY_BOMBERS in techs
        dice = 2 if attacking and unit == "bomber" and (HEAVY_BOMBERS in techs or best) else 1
        if unit in raised:
            up, k = raised[unit]
            k = min(k, n)
            if k and up > value:
                groups.append(FireGroup(up, order.index(unit), unit, k, dice, best))
                n -= k
        if n and value > 0:
            groups.append(FireGroup(value, order.index(unit), unit, n, dice, best))
    return sorted(groups)
