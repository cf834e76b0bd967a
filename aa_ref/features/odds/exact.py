"""Exact odds: a Markov chain whose state is the hits each side has taken.

Both sides fire at once each round [L551], [@84602]: from state (a, d) the defender's hits
move the attacker to a + k and the attacker's hits move the defender to d + m, with the
binomial law of each side's dice. States are processed in order, each once: a round in which
nobody hits leaves the state unchanged, so its mass leaves with the other outcomes divided by
(1 - P(no hits)), and stays there 1 / (1 - P(no hits)) rounds on average. A retreat after a
given round needs the round in the state, so that policy is computed round by round.
"""

from __future__ import annotations

import sys
from functools import cached_property, lru_cache
from math import comb

from aa_ref.features.odds.battle import SUBMARINE, BattleSpec
from aa_ref.features.odds.outcome import Ending, Result
from aa_ref.features.odds.sides import Side

EPSILON = 1e-13
DESTROYER = "destroyer"
ROWS_FROM = 200
"""States from which the row-by-row numpy solver beats the state-by-state loop once numpy is imported (measured: a
5 v 5 battle is twice as fast state by state, a 20 v 20 one 1.2 times faster by rows, 60 v 60 4-6 times)."""
ROWS_WITH_IMPORT_FROM = 1200
"""The same when numpy is not imported yet (a command's first solve): importing it takes 40-70 ms, more than
the plain-Python loop takes below this (the medium battle of issue 22, 380 states: 4 ms; 58 v 59, 3,400: 130 ms)."""

Law = list[list[float]]
"""The law of one round: row j, column i = P(j hits on the attacker, i on the defender)."""
Grid = list[list[float]]  # a numpy array in a large chain (`Chain.ops`)
"""Probability mass by state: row a (hits the attacker took), column d (the defender's)."""


def hits_pmf(dice_by_value: list[int], most: int, low_luck: bool = False) -> list[float]:
    """P(hits = 0..most) of dice hitting on 1..6, hits beyond `most` counted as `most`. Low
    luck (an option players agree on): the volley's total value divided by 6 hits for sure, and
    one die decides the remainder."""
    if low_luck:
        total = sum(value * n for value, n in enumerate(dice_by_value))
        sure, rest = divmod(total, 6)
        pmf = [0.0] * (sure + 2)
        pmf[sure], pmf[sure + 1] = 1 - rest / 6, rest / 6
        return _cap(pmf, most)
    pmf = [1.0]
    for value in range(1, 7):
        n = int(dice_by_value[value])
        if n:
            pmf = _convolve(pmf, _binomial(n, value))
    return _cap(pmf, most)


@lru_cache(maxsize=None)
def _binomial(n: int, value: int) -> tuple[float, ...]:
    p = value / 6
    return tuple(comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1))


def _convolve(a: list[float], b: tuple[float, ...]) -> list[float]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b, i):
                out[j] += x * y
    return out


class _Lists:
    """Laws and grids as lists of rows, in plain Python: no import, and the fastest for small chains."""

    @staticmethod
    def zeros(rows: int, cols: int) -> Grid:
        return [[0.0] * cols for _ in range(rows)]

    @staticmethod
    def outer(q: list[float], p: list[float]) -> Law:
        return [[x * y for y in p] for x in q]

    @staticmethod
    def add(grid: Grid, a: int, d: int, law: Law, scale: float) -> None:
        """Add `scale` x `law` to the block of `grid` from (a, d)."""
        for j, row in enumerate(law):
            target = grid[a + j]
            for i, p in enumerate(row, d):
                if p:
                    target[i] += scale * p

    @staticmethod
    def dot(law: Law, grid: Grid, a: int, d: int) -> float:
        """Sum of `law` x the block of `grid` from (a, d)."""
        return sum(p * w for j, row in enumerate(law) for p, w in zip(row, grid[a + j][d:]))

    @staticmethod
    def mass(grid: Grid) -> list[tuple[int, int, float]]:
        """The states holding mass, in order."""
        return [(a, d, m) for a, row in enumerate(grid) for d, m in enumerate(row) if m > EPSILON]


class _Arrays:
    """The same with numpy arrays, for large chains: one vector operation per state instead of a loop."""

    def __init__(self) -> None:
        import numpy

        self.np = numpy

    def zeros(self, rows: int, cols: int):
        return self.np.zeros((rows, cols))

    def outer(self, q, p):
        return self.np.outer(q, p)

    @staticmethod
    def add(grid, a: int, d: int, law, scale: float) -> None:
        grid[a:a + law.shape[0], d:d + law.shape[1]] += scale * law

    @staticmethod
    def dot(law, grid, a: int, d: int) -> float:
        return float((law * grid[a:a + law.shape[0], d:d + law.shape[1]]).sum())

    def mass(self, grid) -> list[tuple[int, int, float]]:
        return [(int(a), int(d), float(grid[a, d])) for a, d in zip(*self.np.nonzero(grid > EPSILON))]


class Chain:
    """The transition law of one pair of starting sides."""

    def __init__(self, spec: BattleSpec, att: Side, dfn: Side) -> None:
        self.spec, self.att, self.dfn = spec, att, dfn
        self.A, self.D = att.size, dfn.size
        self.low_luck = spec.low_luck
        self.large = self.A * self.D >= (ROWS_FROM if "numpy" in sys.modules else ROWS_WITH_IMPORT_FROM)
        """Large enough for numpy to pay, its import included: the chain's laws and grids are arrays, else lists."""
        self.ops = _Arrays() if self.large else _Lists()
        self.no_subs = SUBMARINE not in att.units and SUBMARINE not in dfn.units
        self._att_pmf: dict[int, list[float]] = {}
        self._def_pmf: dict[int, list[float]] = {}

    def attacker_fire(self, a: int, d: int) -> list[float]:
        if a not in self._att_pmf:
            self._att_pmf[a] = hits_pmf(self.att.dice_by_value(a), self.D, self.low_luck)
        return _cap(self._att_pmf[a], self.D - d)

    def defender_fire(self, a: int, d: int) -> list[float]:
        if d not in self._def_pmf:
            self._def_pmf[d] = hits_pmf(self.dfn.dice_by_value(d), self.A, self.low_luck)
        return _cap(self._def_pmf[d], self.A - a)

    def over(self, a: int, d: int, fought: bool = True) -> str | None:
        """Why the battle is over in state (a, d), or None while it goes on. The referee's order at the
        end of a round [L613-L643], [@86454]: Condition A first, undefended transports destroyed with it
        (so None here: the caller sinks them), then the attacker's retreat (Condition B), which comes
        only after a round has been `fought`. `--retreat-below` counts attacking units, as the referee
        does (a damaged battleship is one unit)."""
        if a >= self.A or d >= self.D:
            return "ended"
        if not fought or self.undefended(a, d):
            return None
        below = self.spec.retreat_below
        if below is not None and self.att.count(a) < below:
            return "retreat"
        if (a, d) in self.retreats:
            return "retreat"
        return None

    def undefended(self, a: int, d: int) -> bool:
        """At sea, defending transports left alone with an attacker that can fire are destroyed at
        once [L625-L627], [@82568]."""
        if not self.spec.at_sea or a >= self.A or d >= self.D:
            return False
        left = self.dfn.alive(d)
        return set(left) == {"transport"} and sum(self.att.dice_by_value(a)) > 0

    @cached_property
    def retreats(self) -> frozenset[tuple[int, int]]:
        """With `retreat_chance`: the states, reached after a round, in which the attacker's chance
        to win has fallen below it, so it retreats (the policy itself counted in the chances)."""
        if self.spec.retreat_chance is None:
            return frozenset()
        self.__dict__["retreats"] = frozenset()  # while the chances are computed, nobody retreats
        win = self.ops.zeros(self.A + 1, self.D + 1)
        for a in range(self.A):
            win[a][self.D] = 1.0
        out = set()
        for a in range(self.A - 1, -1, -1):
            for d in range(self.D - 1, -1, -1):
                if self.over(a, d):
                    continue
                if self.undefended(a, d):
                    win[a][d] = 1.0
                    continue
                law = self.step(a, d)
                still = law[0][0]
                if still >= 1 - EPSILON:
                    continue
                chance = self.ops.dot(law, win, a, d) - still * win[a][d]
                win[a][d] = chance / (1 - still)
                if win[a][d] < self.spec.retreat_chance and (a, d) != (0, 0):
                    out.add((a, d))
                    win[a][d] = 0.0
        return frozenset(out)

    def striking(self, a: int, d: int) -> tuple[bool, bool]:
        """Whose submarines make a surprise strike this round: a side's, unless the other side
        has a destroyer in the battle [L559-L577], [@131580], [@130344]. Submarines always strike
        in this chain (`--submerge` is the class chain's, `classes`)."""
        if self.no_subs:
            return False, False
        att = self.att.has(a, SUBMARINE) and not self.dfn.has(d, DESTROYER)
        dfn = self.dfn.has(d, SUBMARINE) and not self.att.has(a, DESTROYER)
        return att, dfn

    def step(self, a: int, d: int) -> Law:
        """Joint law of (hits on the attacker, hits on the defender) in one round: the surprise
        strikes first, their casualties removed without firing back, then every other unit fires
        at once."""
        att_strikes, def_strikes = self.striking(a, d)
        if not (att_strikes or def_strikes):
            return self.ops.outer(self.defender_fire(a, d), self.attacker_fire(a, d))
        subs = frozenset({SUBMARINE})
        on_def = _strike(self.att.dice_by_value(a, only=subs) if att_strikes else None, self.D - d, self.low_luck)
        on_att = _strike(self.dfn.dice_by_value(d, only=subs) if def_strikes else None, self.A - a, self.low_luck)
        law = self.ops.zeros(self.A - a + 1, self.D - d + 1)
        for j, pj in enumerate(on_att):
            for i, pi in enumerate(on_def):
                a1, d1 = a + j, d + i
                att_fire = hits_pmf(self.att.dice_by_value(a1, but=subs if att_strikes else frozenset()), self.D - d1, self.low_luck)
                def_fire = hits_pmf(self.dfn.dice_by_value(d1, but=subs if def_strikes else frozenset()), self.A - a1, self.low_luck)
                self.ops.add(law, j, i, self.ops.outer(def_fire, att_fire), pj * pi)
        return law


def _strike(dice: list[int] | None, most: int, low_luck: bool) -> list[float]:
    return [1.0] if dice is None else hits_pmf(dice, most, low_luck)


def _cap(pmf: list[float], most: int) -> list[float]:
    if len(pmf) <= most + 1:
        return pmf
    return [*pmf[:most], sum(pmf[most:])]


def solve(spec: BattleSpec) -> Result:
    """The exact law of the battle's end."""
    result = Result(method="exact")
    for opening in spec.openings():
        chain = Chain(spec, opening.attacker, opening.defender)
        grid = chain.ops.zeros(chain.A + 1, chain.D + 1)
        grid[0][min(opening.bombarded, chain.D)] = opening.weight
        last = spec.retreat_after
        if spec.retreat_below is not None and chain.att.count(0) < spec.retreat_below:
            last = 1  # too few from the start: the attacker retreats after the first round, as the referee does
        if opening.bombarded:
            grid = _first_round_after_bombardment(chain, grid, opening.bombarded)
            result.rounds += opening.weight
            last = None if last is None else last - 1
        if last is not None:
            final, rounds, stuck = _by_rounds(chain, grid, last, bool(opening.bombarded))
        elif _plain(chain):
            final, rounds, stuck = _by_rows(chain, grid)
        else:
            final, rounds, stuck = _by_states(chain, grid)
        result.rounds += rounds
        _endings(chain, final, stuck, result)
    result.merge()
    return result


def _first_round_after_bombardment(chain: Chain, grid: Grid, hits: int) -> Grid:
    """The first round, in which the defenders hit by bombardment still fire [@78253]."""
    d = min(hits, chain.D)
    mass = grid[0][d]
    on_att = hits_pmf(chain.dfn.dice_by_value(0), chain.A, chain.low_luck)
    on_def = chain.attacker_fire(0, d) if d < chain.D else [1.0]
    out = chain.ops.zeros(chain.A + 1, chain.D + 1)
    chain.ops.add(out, 0, d, chain.ops.outer(on_att, on_def), mass)
    return out


def _by_states(chain: Chain, grid: Grid) -> tuple[Grid, float, set]:
    rounds = 0.0
    stuck: set[tuple[int, int]] = set()
    for a in range(chain.A + 1):
        row = grid[a]
        for d in range(chain.D + 1):
            mass = row[d]
            if mass < EPSILON or chain.over(a, d):
                continue
            if chain.undefended(a, d):
                row[chain.D] += mass
                row[d] = 0.0
                continue
            law = chain.step(a, d)
            still = law[0][0]
            if still >= 1 - EPSILON:
                stuck.add((a, d))  # neither side can hurt the other: the battle ends (ruling 12)
                continue
            law[0][0] = 0.0
            chain.ops.add(grid, a, d, law, mass / (1 - still))
            rounds += mass / (1 - still)
            row[d] = 0.0
    return grid, rounds, stuck


def _plain(chain: Chain) -> bool:
    """No surprise strike, undefended transport or retreat, and large enough for numpy to pay: every round's
    law is the outer product of the two volleys, and the chain can be solved a row of attacker states at a time."""
    spec = chain.spec
    if not chain.large:
        return False
    if spec.retreat_below is not None or spec.retreat_chance is not None:
        return False
    if SUBMARINE in chain.att.units or SUBMARINE in chain.dfn.units:
        return False
    return not (spec.at_sea and "transport" in chain.dfn.units)


def _by_rows(chain: Chain, start: Grid) -> tuple[Grid, float, set]:
    """`_by_states` with numpy, row by row: within a row (the attacker's hits fixed) the mass that
    reaches each state solves a triangular system (states are left in order of the defender's hits),
    and what leaves the row is one matrix product."""
    np = chain.ops.np
    grid = start
    A, D = chain.A, chain.D
    att = [hits_pmf(chain.att.dice_by_value(a), D, chain.low_luck) for a in range(A)]
    dfn = [hits_pmf(chain.dfn.dice_by_value(d), A, chain.low_luck) for d in range(D)]
    width = max(len(p) for p in dfn)
    def_table = np.zeros((D, width + 1))  # P(k hits) of each defender state, tails summed for capping
    for d, p in enumerate(dfn):
        def_table[d, :len(p)] = p
    def_tail = np.cumsum(def_table[:, ::-1], axis=1)[:, ::-1]
    rounds = 0.0
    stuck: set[tuple[int, int]] = set()
    rows = np.arange(D)[:, None]
    for a in range(A):
        into = grid[a, :D].copy()
        if not into.any():
            continue
        p = att[a]
        move = np.zeros((D, D + 1))  # defender state d -> d' under the attacker's volley, capped at D
        cols = rows + np.arange(len(p))[None, :]
        inside = cols < D
        move[np.broadcast_to(rows, cols.shape)[inside], cols[inside]] = np.broadcast_to(p, cols.shape)[inside]
        tail = np.concatenate([np.cumsum(p[::-1])[::-1], [0.0]])
        move[:, D] = tail[np.minimum(D - np.arange(D), len(p))]
        most = A - a
        hits = np.zeros((D, most + 1))  # attacker hits taken from each defender state, capped at A - a
        k = min(most, width + 1)
        hits[:, :k] = def_table[:, :k]
        hits[:, most] = def_tail[:, most] if most <= width else 0.0
        still = hits[:, 0] * move[np.arange(D), np.arange(D)]
        stays = still >= 1 - EPSILON
        leave = np.where(stays, 0.0, 1.0 / np.where(stays, 1.0, 1.0 - still))
        inner = move[:, :D].copy()
        np.fill_diagonal(inner, 0.0)
        c = hits[:, 0] * leave
        system = np.eye(D) - c[:, None] * inner
        reached = np.linalg.solve(system.T, into)
        reached[np.abs(reached) < 1e-300] = 0.0
        out = reached * leave
        rounds += float(out.sum())
        grid[a, :D] = np.where(stays, reached, 0.0)
        for d in np.nonzero(stays & (reached > EPSILON))[0]:
            stuck.add((a, int(d)))
        grid[a, D] += (out * hits[:, 0]) @ move[:, D]
        grid[a + 1:a + 1 + most, :] += (out[:, None] * hits[:, 1:]).T @ move
    return grid, rounds, stuck


def _by_rounds(chain: Chain, grid: Grid, last: int, fought: bool) -> tuple[Grid, float, set]:
    """Round by round; after round `last` the attacker retreats from every state still fighting.
    `fought`: a round has been fought already (the first, after bombardment)."""
    rounds = 0.0
    stuck: set[tuple[int, int]] = set()
    for n in range(last):
        nxt = chain.ops.zeros(chain.A + 1, chain.D + 1)
        for a, d, mass in chain.ops.mass(grid):
            if chain.over(a, d, fought or n > 0) or (a, d) in stuck:
                nxt[a][d] += mass
                continue
            if chain.undefended(a, d):
                nxt[a][chain.D] += mass
                continue
            law = chain.step(a, d)
            if law[0][0] >= 1 - EPSILON:
                stuck.add((a, d))
                nxt[a][d] += mass
                continue
            chain.ops.add(nxt, a, d, law, mass)
            rounds += mass
        grid = nxt
    for a, d, mass in chain.ops.mass(grid):  # Condition A at the end of the last round, before the retreat
        if chain.undefended(a, d):
            grid[a][chain.D] += mass
            grid[a][d] = 0.0
    return grid, rounds, stuck


def _endings(chain: Chain, grid: Grid, stuck: set, result: Result) -> None:
    for a, d, mass in chain.ops.mass(grid):
        ending = ending_at(chain, a, d, (a, d) in stuck, mass)
        if ending.how == "retreat" and chain.spec.seaborne_left(ending.attacker):
            fight_on(chain.spec, ending, solve, result)
        else:
            result.endings.append(ending)


def ending_at(chain: Chain, a: int, d: int, stuck: bool, probability: float) -> Ending:
    """The battle over in state (a, d): who won, what is left and what each side lost."""
    if a >= chain.A and d >= chain.D:
        how = "draw"
    elif d >= chain.D:
        how = "attacker"
    elif a >= chain.A:
        how = "defender"
    else:
        how = "stalemate" if stuck else "retreat"
    takes = how == "attacker" and not chain.spec.at_sea and chain.att.land_units(a) > 0
    return Ending(probability, chain.att.alive(a), chain.dfn.alive(d), chain.att.cost_lost(a) + _shot_down(chain),
                  chain.dfn.cost_lost(d), how, takes)


def fight_on(spec: BattleSpec, retreat: Ending, method, result: Result) -> None:
    """The attacker retreats but its seaborne units cannot [L519], [@79940]: they fight on alone
    (ruling 14), and the units that retreated are safe."""
    seaborne = spec.seaborne_left(retreat.attacker)
    safe = {u: n - seaborne.get(u, 0) for u, n in retreat.attacker.items() if n > seaborne.get(u, 0)}
    sub = method(spec.fight_on(seaborne, retreat.defender))
    result.rounds += retreat.probability * sub.rounds
    for e in sub.endings:
        attacker = dict(safe)
        for unit, n in e.attacker.items():
            attacker[unit] = attacker.get(unit, 0) + n
        how = "retreat" if e.how == "defender" and safe else e.how
        result.endings.append(Ending(retreat.probability * e.probability, attacker, e.defender,
                                     retreat.attacker_lost + e.attacker_lost, retreat.defender_lost + e.defender_lost,
                                     how, e.takes_territory))


def _shot_down(chain: Chain) -> int:
    """IPC value of the aircraft this opening lost to AA fire before the first round."""
    return sum(chain.att.profiles[u].cost * (n - chain.att.units.get(u, 0))
               for u, n in chain.spec.attacker.items())
