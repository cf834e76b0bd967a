"""The dice arithmetic of a Blocks in the West roll [BW L660], [BW L1432-L1462]: pure functions, no game.

A block rolls as many dice as its current printed value [BW L660]; its firepower (FP) is the lowest die
face that hits, from the TECH chart [BW L674-L678]. Modifiers [BW L1432-L1452]:

* each **bonus** widens the hit range by one face: 6 -> 5&6 -> 4-6 ... [BW L1434], [BW L1456];
* each **malus** halves the dice, rounding down: 1 malus half, 2 mali a quarter [BW L1436], [BW L1454],
  but a unit that fires always rolls at least one die [BW L698-L700];
* all modifiers are cumulative [BW L1452]; in the same round the player may cancel one malus with one
  bonus on the same unit [BW L1446] (option `bonus_cancels_malus`, digest A31);
* Tech0 units (unassisted minor powers) roll half dice in every field [BW L928];
* units of one side with the same mali in the same round may be rolled together: the halving is done on the
  pooled dice and the leftover die is rolled with the weakest unit [BW L1460-L1462].
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from aa_ref.core.dice import Volley

if TYPE_CHECKING:
    from aa_ref.games.blocks_in_the_west.act import Act

MIN_FACE = 2
"""The widest hit range: bonuses widen it down to 2-6 (a 1 always misses: the rulebook's widest range in its
examples is 4-6 [BW L1456]; a die that always hits would not be a roll)."""


@dataclass(frozen=True)
class Shooter:
    """One block about to fire: its dice before modifiers and its modifiers for this step of this round."""

    block: str
    dice: int
    fp: int | None
    bonuses: int = 0
    mali: int = 0
    halved: bool = False
    """Tech0 [BW L928]: half dice in every field, before the mali and not cancelled by a bonus."""


def hit_face(fp: int | None, bonuses: int) -> int | None:
    """The lowest face that hits: `fp` widened by one face per bonus [BW L1434], [BW L1456]; None: no fire."""
    if fp is None:
        return None
    return max(MIN_FACE, fp - bonuses)


def halve(dice: int, mali: int) -> int:
    """`dice` halved once per malus, rounding down, but at least 1 die if there was any [BW L1436], [BW L1454],
    [BW L698-L700]."""
    if dice <= 0:
        return 0
    return max(1, dice >> max(0, mali))


def net(bonuses: int, mali: int, cancel: bool) -> tuple[int, int]:
    """Bonuses and mali after the optional cancelling of one malus with one bonus [BW L1446] (digest A31)."""
    if cancel and bonuses > 0 and mali > 0:
        return bonuses - 1, mali - 1
    return bonuses, mali


def effective(shooter: Shooter, cancel: bool = False) -> tuple[int, int | None]:
    """(dice, lowest hitting face) for one block firing alone."""
    bonuses, mali = net(shooter.bonuses, shooter.mali, cancel)
    dice = halve(shooter.dice, 1) if shooter.halved else shooter.dice
    return halve(dice, mali), hit_face(shooter.fp, bonuses)


def pooled(shooters: list[Shooter], cancel: bool = False) -> dict[str, tuple[int, int | None]]:
    """Dice and hit face of each shooter, rolled together by groups with the same mali [BW L1460-L1462].

    Within a group the halving is done on the group's total; each block first gets its own halved dice, and the
    leftover dice go one each to the weakest blocks (highest hit face, then fewest dice, then id); a block left with
    no die still rolls one [BW L698-L700]. Example: two
    halved attackers, a 5-step tank hitting on 5 and a 5-step infantry hitting on 6, roll 5 dice: 2 with the tank
    and 3 with the infantry [BW L1462]. Shooters that cannot fire (no FP, no dice) get (0, None)."""
    out: dict[str, tuple[int, int | None]] = {}
    groups: dict[int, list[tuple[Shooter, int, int]]] = {}
    for s in shooters:
        bonuses, mali = net(s.bonuses, s.mali, cancel)
        dice = halve(s.dice, 1) if s.halved else s.dice
        face = hit_face(s.fp, bonuses)
        if face is None or dice <= 0:
            out[s.block] = (0, None)
            continue
        groups.setdefault(mali, []).append((s, dice, face))
    for mali, members in groups.items():
        if mali == 0:
            for s, dice, face in members:
                out[s.block] = (dice, face)
            continue
        total = sum(dice for _, dice, _ in members) >> mali
        own = {s.block: (dice >> mali) for s, dice, _ in members}
        leftover = total - sum(own.values())
        weakest = sorted(members, key=lambda m: (-m[2], m[1], m[0].block))
        i = 0
        while leftover > 0:
            s = weakest[i % len(weakest)][0]
            own[s.block] += 1
            leftover -= 1
            i += 1
        for s, _, face in members:
            out[s.block] = (max(1, own[s.block]), face)  # every unit rolls at least 1 die [BW L698-L700]
    return {s.block: out[s.block] for s in shooters}


def hits(rolls: list[int], face: int | None) -> int:
    """Each die showing `face` or more is one hit [BW L674-L678]."""
    return 0 if face is None else sum(1 for r in rolls if r >= face)


def fire(act: Act, context: str, title: str, step: str, shooters: list[Shooter]) -> int:
    """Roll each shooter's dice (pooled rounding [BW L1460-L1462]) and count the hits; each roll is logged under
    `context/step/block` and described as `title, step: block fires`."""
    cancel = act.game.options.get("bonus_cancels_malus", "no") == "yes"
    total = 0
    for s in shooters:
        dice, face = pooled(shooters, cancel)[s.block]
        if dice <= 0 or face is None:
            continue
        rolls = act.roll(f"{context}/{step}/{s.block}", dice, Volley(
            f"{title}, {step}: {s.block} fires", ((f"{dice} dice hitting on {face}+", dice),)))
        scored = hits(rolls, face)
        act.note(f"{step}: {s.block} rolls {dice} dice hitting on {face}+: {rolls}, {scored} hits")
        total += scored
    return total
