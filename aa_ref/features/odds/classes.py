"""Exact odds when a hit's target depends on what scored it: submarines facing aircraft.

A submarine's hit may take sea units only, an aircraft's hit anything but a submarine unless
its side has a destroyer in the battle [L571, L603], [@133774], [@130885]. The referee gives
hits with an order of loss by a greedy choice that keeps every chosen unit assignable to a hit
(`rules.casualties.HitRules`). Its slots (a two-hit unit twice) fall in three target classes:

| class   | hit by                                         |
|---------|------------------------------------------------|
| surface | every hit (all other units)                    |
| sub     | any and submarine hits; aircraft hits with a destroyer |
| air     | any and aircraft hits, never submarine hits    |

Within a class the greedy always takes the first slots left in the order of loss, so a side's
state is the number of slots it has lost in each class, and a volley of (s submarine, r
aircraft, y other) hits takes the shortest prefix k of the remaining order of loss with
surface(k) + min(sub(k), cap_sub) + min(air(k), y + r) = s + r + y hits, cap_sub = y + s
(no cap with the firing side's destroyer). The chain runs on pairs of such states, in order of
hits taken, as `exact` does on pairs of hit counts.
"""

from __future__ import annotations

import itertools
from functools import cached_property

import numpy as np

from aa_ref.features.odds.battle import SUBMARINE, BattleSpec
from aa_ref.features.odds.exact import DESTROYER, EPSILON, hits_pmf
from aa_ref.features.odds.outcome import Ending, Result
from aa_ref.features.odds.sides import Side
from aa_ref.games.axis_allies.rules.casualties import SINKING, HitRules, Targets, Volley, hit_kind
from aa_ref.games.axis_allies.rules.firepower import fire_groups

SURFACE, SUB, AIR = 0, 1, 2
KIND_INDEX = {"sub": 0, "air": 1, "any": 2}
STATE_LIMIT = 2_000_000
"""Largest number of state pairs solved by this chain (memory of the grid, 16 MB)."""


class ClassSide:
    """One side as slots in its order of loss, split in target classes, and every state
    (slots lost per class) with its units, volley and IPC lost."""

    def __init__(self, side: Side, setup_types, submerge: bool = False) -> None:
        self.side = side
        rules = HitRules(side.profiles)
        order = [u for u in side.units if rules.two_hits(u)] + list(side.order)
        fighting = {u: n for u, n in side.units.items() if side.profiles[u].combatant}
        slots = rules.slots(Targets(fighting))
        self.slots: list[tuple[str, bool]] = []  # (unit, sinks): a two-hit unit's first slot only damages it
        for cls in rules.priority(order, Targets(fighting)):
            unit = cls.removesuffix(SINKING)
            sinks = cls.endswith(SINKING) or not rules.two_hits(unit)
            self.slots += [(unit, sinks)] * slots[cls]
        self.kind = np.array([AIR if side.profiles[u].domain == "air" else SUB if u == SUBMARINE else SURFACE
                              for u, _ in self.slots], dtype=np.int64)
        self.size = [int((self.kind == c).sum()) for c in (SURFACE, SUB, AIR)]
        deep = self.size[SUB] if submerge else 0
        self.shape = (*(n + 1 for n in self.size), deep + 1)
        """Slots lost per class, and the submarines submerged: m > 0 only once every submarine left the
        battle, lost or submerged (`--submerge`: all of a side's submarines submerge together [L565])."""
        self.positions = [np.nonzero(self.kind == c)[0] for c in (SURFACE, SUB, AIR)]
        states = [(*st, 0) for st in itertools.product(*(range(n + 1) for n in self.size))]
        states += [(s, self.size[SUB], r, m) for m in range(1, deep + 1)
                   for s in range(self.size[SURFACE] + 1) for r in range(self.size[AIR] + 1)]
        states.sort(key=lambda st: st[0] + st[1] + st[2])  # a hit takes one slot, a submerged sub leaves one
        self.states = states
        self.count = len(states)
        self.index = {s: i for i, s in enumerate(states)}
        self.alive = [self._alive(s) for s in states]
        """Each state's units in the battle (submerged submarines left it)."""
        self.left = [{**a, SUBMARINE: a.get(SUBMARINE, 0) + st[3]} if st[3] else a for a, st in zip(self.alive, states)]
        """Each state's surviving units, submerged submarines included."""
        self.total = np.array([sum(a.values()) for a in self.alive])
        self.lost_cost = [sum(side.profiles[u].cost * (side.units[u] - a.get(u, 0)) for u in fighting) for a in self.left]
        self.destroyer = np.array([a.get(DESTROYER, 0) > 0 for a in self.alive])
        self.subs = np.array([a.get(SUBMARINE, 0) > 0 for a in self.alive])
        self.transports_only = np.array([bool(a) and set(a) == {"transport"} for a in self.alive])
        self.transports = np.array([a.get("transport", 0) > 0 for a in self.alive])
        self.air = np.array([any(side.profiles[u].domain == "air" for u in a) for a in self.alive])
        value = (lambda u: side.profiles[u].attack) if side.attacking else (lambda u: side.profiles[u].defense)
        self.armed = [{hit_kind(u, side.profiles): 1 for u in a if value(u) > 0} for a in self.alive]
        """The kinds of hit each state's armed units score (`Fight.can_hit`)."""
        self._dice: dict[tuple[int, str], np.ndarray] = {}
        self.flat_to_index = np.full(int(np.prod(self.shape)), -1, dtype=np.int64)
        self.flat_to_index[[np.ravel_multi_index(st, self.shape) for st in states]] = np.arange(self.count)

    def submerged(self, i: int) -> int:
        """State i once its submarines in the battle submerge."""
        s, u, r, _ = self.states[i]
        return self.index[(s, self.size[SUB], r, self.size[SUB] - u)]

    def _alive(self, state: tuple[int, int, int, int]) -> dict[str, int]:
        left = {u: n for u, n in self.side.units.items() if self.side.profiles[u].combatant}
        for cls, lost in enumerate(state[:3]):
            for pos in self.positions[cls][:lost]:
                unit, sinks = self.slots[pos]
                if sinks:
                    left[unit] -= 1
                    if not left[unit]:
                        del left[unit]
        return left

    def can_hit(self, i: int, targets: dict[str, int], rules: HitRules) -> bool:
        """An armed unit of state i could hit one of `targets`, with its destroyers (`Fight.can_hit`)."""
        volley = Volley(self.armed[i], bool(self.destroyer[i]))
        return any(rules.can_take(t, volley) for t in targets)

    def dice(self, i: int, phase: str) -> np.ndarray:
        """Dice at 1..6 by kind of hit (rows: sub, air, any) of state i: phase 'strike' (submarines
        only), 'rest' (all but submarines) or 'all'."""
        key = (i, phase)
        if key not in self._dice:
            out = np.zeros((3, 7), dtype=np.int64)
            for group in fire_groups(self.alive[i], self.side.profiles, self.side.attacking, self.side.techs):
                sub = group.unit == SUBMARINE
                if (phase == "strike" and not sub) or (phase == "rest" and sub):
                    continue
                out[KIND_INDEX[hit_kind(group.unit, self.side.profiles)], min(group.value, 6)] += group.total_dice
            self._dice[key] = out
        return self._dice[key]


class ClassChain:
    """The transition law of one battle on pairs of class states."""

    def __init__(self, spec: BattleSpec) -> None:
        self.spec = spec
        att, dfn = spec.sides()
        self.att = ClassSide(att, spec.setup.unit_types, spec.submerge)
        self.dfn = ClassSide(dfn, spec.setup.unit_types, spec.submerge)
        self.rules = HitRules(spec.setup.unit_types)
        self.low_luck = spec.low_luck
        self._maps: dict[tuple[int, int, bool], np.ndarray] = {}
        self._fire: dict[tuple, np.ndarray] = {}
        self._undefended: dict[tuple[int, int], bool] = {}
        self.dims = {}
        for firing, target in ((self.att, self.dfn), (self.dfn, self.att)):
            dice = [int(n) for n in firing.dice(0, "all").sum(axis=1)]
            if self.low_luck:  # a pooled volley's hits count as 'any' hits (see `_volley`)
                dice[2] = sum(dice)
            self.dims[id(target)] = tuple(min(n, len(target.slots)) + 1 for n in dice)

    def _volley(self, firing: ClassSide, target: ClassSide, i: int, j: int, phase: str, destroyer: bool) -> np.ndarray:
        """P(sub hits, air hits, other hits) of state i's volley on state j, each capped at the target's slots.
        Low luck is drawn per group of dice with the same targets: submarine dice join the others when the
        target has no aircraft left, aircraft dice when their side has a destroyer or the target no
        submarine (then their hits are 'any' hits); without low luck the split changes nothing."""
        pool_sub = self.low_luck and not target.air[j]
        pool_air = self.low_luck and (destroyer or not target.subs[j])
        key = (id(firing), i, phase, pool_sub, pool_air)
        if key not in self._fire:
            most = len(target.slots)
            sub, air, other = (row.copy() for row in firing.dice(i, phase))
            if pool_sub:
                other, sub = other + sub, sub * 0
            if pool_air:
                other, air = other + air, air * 0
            pmfs = [np.trim_zeros(np.array(hits_pmf(list(row), most, self.low_luck)), "b") for row in (sub, air, other)]
            self._fire[key] = pmfs[0][:, None, None] * pmfs[1][None, :, None] * pmfs[2][None, None, :]
        return self._fire[key]

    def _map(self, target: ClassSide, j: int, destroyer: bool) -> np.ndarray:
        """Target state index after every volley (s, r, y) up to the target's slot count: the greedy
        choice of the referee's `HitRules` in closed form (see the module docstring)."""
        key = (id(target), j, destroyer)
        if key not in self._maps:
            state = target.states[j]
            rest = np.concatenate([p[lost:] for p, lost in zip(target.positions, state)])
            rest.sort()
            kinds = target.kind[rest]
            cum = np.zeros((3, len(rest) + 1), dtype=np.int64)
            for c in range(3):
                cum[c, 1:] = np.cumsum(kinds == c)
            dims = self.dims[id(target)]
            s, r, y = np.meshgrid(*(np.arange(n) for n in dims), indexing="ij")
            s, r, y = s.ravel(), r.ravel(), y.ravel()
            total = s + r + y
            cap_sub = total if destroyer else y + s
            cap_air = y + r
            f = cum[SURFACE][None, :] + np.minimum(cum[SUB][None, :], cap_sub[:, None]) + \
                np.minimum(cum[AIR][None, :], cap_air[:, None])
            k = np.minimum((f < total[:, None]).sum(axis=1), len(rest))  # shortest prefix taking the hits
            taken_surface = cum[SURFACE][k]
            taken_sub = np.minimum(cum[SUB][k], cap_sub)
            taken_air = np.minimum(cum[AIR][k], cap_air)
            new = np.stack([state[0] + taken_surface, state[1] + taken_sub, state[2] + taken_air,
                            np.full_like(taken_air, state[3])])
            flat = np.ravel_multi_index(new, target.shape)
            order = target.flat_to_index
            self._maps[key] = order[flat].reshape(dims)
        return self._maps[key]

    def _hit(self, firing: ClassSide, target: ClassSide, i: int, j: int, phase: str, destroyer: bool):
        """(target states, probabilities) after state i's volley on state j."""
        pmf = self._volley(firing, target, i, j, phase, destroyer)
        if pmf.shape == (1, 1, 1):
            return np.array([j]), np.array([1.0])
        mapping = self._map(target, j, destroyer)[:pmf.shape[0], :pmf.shape[1], :pmf.shape[2]]
        law = np.bincount(mapping.ravel(), weights=pmf.ravel(), minlength=target.count)
        where = np.nonzero(law > 0)[0]
        return where, law[where]

    def step(self, i: int, j: int) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """The round from (i, j) as outer products: (attacker states, defender states, P matrix)."""
        att_dd, def_dd = bool(self.att.destroyer[i]), bool(self.dfn.destroyer[j])  # at the round's start
        if self.spec.submerge:  # submarines submerge whenever they may: no enemy destroyer [L561-L565]
            i = self.att.submerged(i) if self.att.subs[i] and not def_dd else i
            j = self.dfn.submerged(j) if self.dfn.subs[j] and not att_dd else j
        att_strikes = bool(self.att.subs[i]) and not def_dd
        def_strikes = bool(self.dfn.subs[j]) and not att_dd
        if att_strikes or def_strikes:
            on_def = self._hit(self.att, self.dfn, i, j, "strike", att_dd) if att_strikes else (np.array([j]), np.array([1.0]))
            on_att = self._hit(self.dfn, self.att, j, i, "strike", def_dd) if def_strikes else (np.array([i]), np.array([1.0]))
        else:
            on_def, on_att = (np.array([j]), np.array([1.0])), (np.array([i]), np.array([1.0]))
        out = []
        for i1, pi in zip(*on_att):
            for j1, pj in zip(*on_def):
                a_states, a_p = self._hit(self.dfn, self.att, int(j1), int(i1), "rest" if def_strikes else "all", def_dd)
                d_states, d_p = self._hit(self.att, self.dfn, int(i1), int(j1), "rest" if att_strikes else "all", att_dd)
                out.append((a_states, d_states, pi * pj * np.outer(a_p, d_p)))
        return out

    def over(self, i: int, j: int, fought: bool = True) -> bool:
        """The battle is over in (i, j): in the referee's order at the end of a round [L613-L643], Condition A
        (a side gone; undefended transports are destroyed with it, so not over here: the caller sinks them),
        then the attacker's retreat (Condition B), only after a round has been `fought`."""
        if not self.att.total[i] or not self.dfn.total[j]:
            return True
        if not fought or self.undefended(i, j):
            return False
        below = self.spec.retreat_below
        return (below is not None and self.att.total[i] < below) or (i, j) in self.retreats

    def undefended(self, i: int, j: int) -> bool:
        """Defending transports are destroyed at once when the armed units of both sides cannot hit each
        other and the attacker can hit them [L625-L627], [@82568]: transports alone, or escorted only by
        submarines against aircraft alone (`Fight._condition_a`)."""
        key = (i, j)
        if key not in self._undefended:
            att, dfn = self.att.alive[i], self.dfn.alive[j]
            out = False
            if att and self.dfn.transports[j]:
                armed_att = {u: n for u, n in att.items() if u != "transport"}
                armed_dfn = {u: n for u, n in dfn.items() if u != "transport"}
                out = not self.att.can_hit(i, armed_dfn, self.rules) and not self.dfn.can_hit(j, armed_att, self.rules) \
                    and self.att.can_hit(i, {"transport": 1}, self.rules)
            self._undefended[key] = out
        return self._undefended[key]

    def sunk(self, j: int) -> int:
        """The defender's state once its transports are destroyed: the last surface slots (transports are
        lost last, and no other surface unit is left when they are undefended)."""
        state = self.dfn.states[j]
        return self.dfn.index[(self.dfn.size[SURFACE], state[1], state[2], state[3])]

    def still(self, i: int, j: int, parts) -> float:
        """P(the round leaves (i, j) as it was); 1 when neither side can hit the other (the referee checks it
        before submarines may submerge: `Fight._no_one_can_hit`, ruling 12)."""
        if self.spec.submerge and not self.att.can_hit(i, self.dfn.alive[j], self.rules) \
                and not self.dfn.can_hit(j, self.att.alive[i], self.rules):
            return 1.0
        return sum(float(p[np.ix_(a == i, d == j)].sum()) for a, d, p in parts)

    @cached_property
    def retreats(self) -> frozenset[tuple[int, int]]:
        """With `retreat_chance`: the states, reached after a round, in which the attacker's chance to win has
        fallen below it, so it retreats (the policy itself counted in the chances), as `exact.Chain.retreats`."""
        if self.spec.retreat_chance is None:
            return frozenset()
        self.__dict__["retreats"] = frozenset()  # while the chances are computed, nobody retreats
        A, D = self.att.count, self.dfn.count
        win = np.zeros((A, D))
        out = set()
        for i in range(A - 1, -1, -1):
            for j in range(D - 1, -1, -1):
                if not self.att.total[i] or not self.dfn.total[j]:
                    win[i, j] = float(bool(self.att.total[i]))
                    continue
                if self.over(i, j):
                    continue
                if self.undefended(i, j):
                    win[i, j] = win[i, self.sunk(j)]
                    continue
                parts = self.step(i, j)
                still = self.still(i, j, parts)
                if still >= 1 - EPSILON:
                    continue
                chance = sum(float((p * win[np.ix_(a, d)]).sum()) for a, d, p in parts) / (1 - still)
                if chance < self.spec.retreat_chance and (i, j) != (0, 0):
                    out.add((i, j))
                    chance = 0.0
                win[i, j] = chance
        return frozenset(out)


def fits(spec: BattleSpec) -> bool:
    """The battles this chain computes: at sea, with a grid within memory. Retreat policies, low luck and
    submarines that submerge are followed (`ClassChain.over`, `_volley`, `step`)."""
    if not spec.at_sea:
        return False
    return states(spec) <= STATE_LIMIT


def states(spec: BattleSpec) -> int:
    """State pairs of the chain: the product over both sides of (slots + 1) per target class."""
    out = 1
    for units in (spec.attacker, spec.defender):
        size = [1, 1, 1]
        for unit, n in units.items():
            profile = spec.setup.unit_types[unit]
            cls = AIR if profile.domain == "air" else SUB if unit == SUBMARINE else SURFACE
            size[cls] += n * max(profile.hits, 1)
        deep = size[SUB] - 1 if spec.submerge else 0  # the states with m submarines submerged
        out *= size[0] * size[2] * (size[1] + deep)
    return out


def solve(spec: BattleSpec) -> Result:
    chain = ClassChain(spec)
    grid = np.zeros((chain.att.count, chain.dfn.count))
    grid[0, 0] = 1.0
    result = Result(method="exact")
    last = spec.retreat_after
    if spec.retreat_below is not None and chain.att.total[0] < spec.retreat_below:
        last = 1  # too few from the start: the attacker retreats after the first round, as the referee does
    if last is None:
        grid, stuck = _by_states(chain, grid, result)
    else:
        grid, stuck = _by_rounds(chain, grid, last, result)
    for i, j in zip(*np.nonzero(grid > EPSILON)):
        i, j = int(i), int(j)
        result.endings.append(_ending(chain, i, j, (i, j) in stuck, float(grid[i, j])))
    result.merge()
    return result


def _by_states(chain: ClassChain, grid: np.ndarray, result: Result) -> tuple[np.ndarray, set]:
    """Each state once, in order of hits taken: a round with no hit folded in (as `exact._by_states`)."""
    stuck: set[tuple[int, int]] = set()
    for i in range(chain.att.count):
        for j in range(chain.dfn.count):
            mass = grid[i, j]
            if mass < EPSILON or chain.over(i, j, (i, j) != (0, 0)):
                continue
            grid[i, j] = 0.0
            if chain.undefended(i, j):
                grid[i, chain.sunk(j)] += mass
                continue
            parts = chain.step(i, j)
            still = chain.still(i, j, parts)
            if still >= 1 - EPSILON:
                stuck.add((i, j))  # neither side can hurt the other: the battle ends (ruling 12)
                grid[i, j] = mass
                continue
            scale = mass / (1 - still)
            for a, d, p in parts:
                grid[np.ix_(a, d)] += scale * p
            grid[i, j] = 0.0
            result.rounds += scale
    return grid, stuck


def _by_rounds(chain: ClassChain, grid: np.ndarray, last: int, result: Result) -> tuple[np.ndarray, set]:
    """Round by round; after round `last` the attacker retreats from every state still fighting."""
    stuck: set[tuple[int, int]] = set()
    for n in range(last):
        nxt = np.zeros_like(grid)
        for i, j in zip(*np.nonzero(grid > EPSILON)):
            i, j = int(i), int(j)
            mass = grid[i, j]
            if chain.undefended(i, j):  # Condition A first: the transports are destroyed, then the rest
                j = chain.sunk(j)
            if chain.over(i, j, n > 0) or (i, j) in stuck:
                nxt[i, j] += mass
                continue
            parts = chain.step(i, j)
            if chain.still(i, j, parts) >= 1 - EPSILON:
                stuck.add((i, j))
                nxt[i, j] += mass
                continue
            for a, d, p in parts:
                nxt[np.ix_(a, d)] += mass * p
            result.rounds += mass
        grid = nxt
    for i, j in zip(*np.nonzero(grid > EPSILON)):  # Condition A at the end of the last round, before the retreat
        i, j = int(i), int(j)
        if chain.undefended(i, j):
            grid[i, chain.sunk(j)] += grid[i, j]
            grid[i, j] = 0.0
    return grid, stuck


def _ending(chain: ClassChain, i: int, j: int, stuck: bool, probability: float) -> Ending:
    """Who won, as the referee concludes [L617-L621]: by the units still in the battle (submerged
    submarines left it); the survivors reported include them."""
    att, dfn = chain.att.total[i] > 0, chain.dfn.total[j] > 0
    if att and dfn:
        how = "stalemate" if stuck else "retreat"
    elif att or dfn:
        how = "attacker" if att else "defender"
    else:
        att_left, dfn_left = bool(chain.att.left[i]), bool(chain.dfn.left[j])
        how = "stalemate" if att_left and dfn_left else "attacker" if att_left else "defender" if dfn_left else "draw"
    return Ending(probability, chain.att.left[i], chain.dfn.left[j], chain.att.lost_cost[i],
                  chain.dfn.lost_cost[j], how, False)
