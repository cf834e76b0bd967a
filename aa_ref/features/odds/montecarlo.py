"""Monte Carlo odds: many battles played at once with a seeded generator, on the same
state model and firepower as the exact chain, for battles too large to solve exactly or
when asked for (`--runs N`). Reproducible: the same seed gives the same figures."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import numpy as np

from aa_ref.features.odds.battle import SUBMARINE, BattleSpec
from aa_ref.features.odds.exact import DESTROYER, Chain, ending_at, fight_on, hits_pmf
from aa_ref.features.odds.outcome import Result

MAX_ROUNDS = 1000
"""Battles still going after this many rounds are stalemates (nobody can hurt the other)."""


def generator(seed: str) -> np.random.Generator:
    return np.random.default_rng(int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big"))


def simulate(spec: BattleSpec, runs: int, seed: str, progress: Callable[[int, int], None] | None = None) -> Result:
    rng = generator(seed)
    result = Result(method="monte carlo", runs=runs)
    openings = spec.openings()
    weights = np.array([o.weight for o in openings])
    counts = rng.multinomial(runs, weights / weights.sum())
    done = 0
    for opening, n in zip(openings, counts):
        if n:
            _play(Chain(spec, opening.attacker, opening.defender), int(n), runs, rng, result, opening.bombarded, seed)
            done += int(n)
            if progress is not None:
                progress(done, runs)
    result.merge()
    return result


def _play(chain: Chain, n: int, runs: int, rng: np.random.Generator, result: Result, bombarded: int,
          seed: str) -> None:
    subs = frozenset({SUBMARINE})
    att_dice = np.array([chain.att.dice_by_value(k) for k in range(chain.A + 1)])  # state -> dice at 1..6
    def_dice = np.array([chain.dfn.dice_by_value(k) for k in range(chain.D + 1)])
    att_subs = np.array([chain.att.dice_by_value(k, only=subs) for k in range(chain.A + 1)])
    def_subs = np.array([chain.dfn.dice_by_value(k, only=subs) for k in range(chain.D + 1)])
    att_destroyer = np.array([chain.att.has(k, DESTROYER) for k in range(chain.A + 1)])
    def_destroyer = np.array([chain.dfn.has(k, DESTROYER) for k in range(chain.D + 1)])
    undefended = np.array([[chain.undefended(i, j) for j in range(chain.D + 1)] for i in range(chain.A + 1)])
    retreat = np.zeros((chain.A + 1, chain.D + 1), dtype=bool)
    for a_, d_ in chain.retreats:
        retreat[a_, d_] = True
    p = np.arange(7) / 6
    values = np.arange(7)

    plain = not chain.low_luck and not att_subs.any() and not def_subs.any()
    att_volley, def_volley = (_Volleys(att_dice, rng), _Volleys(def_dice, rng)) if plain else (None, None)
    drawn = not chain.low_luck and not plain and not bombarded  # submarines: strikes and volleys drawn from their laws too
    if drawn:
        # rows 0..A: every unit fires; rows A+1..2A+1: all but the submarines, which struck by surprise
        att_strike, def_strike = _Volleys(att_subs, rng), _Volleys(def_subs, rng)
        att_volley = _Volleys(np.concatenate([att_dice, att_dice - att_subs]), rng)
        def_volley = _Volleys(np.concatenate([def_dice, def_dice - def_subs]), rng)

    def hits(dice: np.ndarray) -> np.ndarray:
        """Hits of each battle's volley: dice rolls, or low luck's sure hits and one die."""
        if not chain.low_luck:
            return rng.binomial(dice, p).sum(axis=1)
        sure, rest = np.divmod((dice * values).sum(axis=1), 6)
        return sure + (rng.random(len(sure)) < rest / 6)

    a = np.zeros(n, dtype=np.int64)
    d = np.full(n, min(bombarded, chain.D), dtype=np.int64)
    rounds = np.zeros(n, dtype=np.int64)
    first = bool(bombarded)  # the defenders hit by bombardment still fire in the first round [@78253]
    below = chain.spec.retreat_below
    last = chain.spec.retreat_after or MAX_ROUNDS
    active = np.ones(n, dtype=bool)
    stuck = np.zeros(n, dtype=bool)
    counts = np.array([chain.att.count(k) for k in range(chain.A + 1)])
    if below is not None and counts[0] < below:
        last = 1  # too few from the start: the attacker retreats after the first round, as the referee does
    for n_round in range(last):
        live = active & (a < chain.A) & ((d < chain.D) | first)
        if not first:  # Condition A: undefended transports are destroyed at once [L627], [@82568] ...
            sunk = live & undefended[a, d]
            d[sunk] = chain.D
            live &= ~sunk
        fought = n_round > 0  # ... then Condition B, after a round [L613-L643]
        if below is not None and fought:
            live &= counts[a] >= below
        if chain.retreats and fought:
            live &= ~retreat[a, d]
        idx = np.nonzero(live)[0]
        if not len(idx):
            break
        blank = (att_dice[a[idx]].sum(axis=1) == 0) & (def_dice[0 if first else d[idx]].sum(axis=-1) == 0)
        stuck[idx[blank]] = True
        active[idx[blank]] = False
        if plain:  # no submarine, no low luck: one draw per volley from the state's law of hits
            on_def = att_volley.draw(a[idx])
            on_att = def_volley.draw(np.zeros_like(idx) if first else d[idx])
            first = False
            a[idx] = np.minimum(a[idx] + on_att, chain.A)
            d[idx] = np.minimum(d[idx] + on_def, chain.D)
            rounds[idx[~blank]] += 1
            continue
        # Surprise strikes first (a side's submarines, unless the other side has a destroyer):
        # their casualties fall before firing back; the strikers do not fire again this round.
        if drawn:  # first is False: bombardment is a land battle's, submarines fight at sea
            att_strikes, def_strikes = ~def_destroyer[d[idx]], ~att_destroyer[a[idx]]
            on_def = att_strike.draw(a[idx]) * att_strikes
            on_att = def_strike.draw(d[idx]) * def_strikes
            a[idx] = np.minimum(a[idx] + on_att, chain.A)
            d[idx] = np.minimum(d[idx] + on_def, chain.D)
            on_def = att_volley.draw(a[idx] + (chain.A + 1) * att_strikes)
            on_att = def_volley.draw(d[idx] + (chain.D + 1) * def_strikes)
            a[idx] = np.minimum(a[idx] + on_att, chain.A)
            d[idx] = np.minimum(d[idx] + on_def, chain.D)
            rounds[idx[~blank]] += 1
            continue
        att_strikes = ~def_destroyer[d[idx]][:, None]
        def_strikes = ~att_destroyer[a[idx]][:, None]
        on_def = hits(att_subs[a[idx]] * att_strikes)
        on_att = hits(def_subs[d[idx]] * def_strikes)
        a[idx] = np.minimum(a[idx] + on_att, chain.A)
        d[idx] = np.minimum(d[idx] + on_def, chain.D)
        att_fire = att_dice[a[idx]] - att_subs[a[idx]] * att_strikes
        firing = np.zeros_like(d[idx]) if first else d[idx]  # after the strikes: their casualties do not fire
        def_fire = def_dice[firing] - def_subs[d[idx]] * def_strikes
        first = False
        on_def = hits(att_fire)
        on_att = hits(def_fire)
        a[idx] = np.minimum(a[idx] + on_att, chain.A)
        d[idx] = np.minimum(d[idx] + on_def, chain.D)
        rounds[idx[~blank]] += 1
    sunk = (a < chain.A) & (d < chain.D) & undefended[a, d]  # Condition A at the end of the last round
    d[sunk] = chain.D
    result.rounds += rounds.sum() / runs
    keys = np.bincount((a * (chain.D + 1) + d) * 2 + stuck, minlength=1)  # in the order of (a, d, stuck)
    found = np.nonzero(keys)[0]
    for key, count in zip(found, keys[found]):
        ka, kd, st = int(key // 2 // (chain.D + 1)), int(key // 2 % (chain.D + 1)), int(key % 2)
        ending = ending_at(chain, int(ka), int(kd), bool(st), count / runs)
        if ending.how == "retreat" and chain.spec.seaborne_left(ending.attacker):
            fight_on(chain.spec, ending, lambda sub, n=int(count): simulate(sub, n, f"{seed}/{ka}/{kd}"), result)
        else:
            result.endings.append(ending)


class _Volleys:
    """The law of hits of every state's volley, drawn for many battles at once by inverse CDF: the
    CDFs of the states laid end to end (state i's shifted by i) make one sorted array, and a
    uniform draw plus the battle's state finds its hits in one `searchsorted`."""

    def __init__(self, dice: np.ndarray, rng: np.random.Generator) -> None:
        pmfs = [hits_pmf(list(row), int(row.sum())) for row in dice]
        self.width = max(len(p) for p in pmfs)
        cdf = np.ones((len(pmfs), self.width))
        for i, pmf in enumerate(pmfs):
            cdf[i, :len(pmf) - 1] = np.cumsum(pmf)[:-1]
        self.flat = (cdf + np.arange(len(pmfs))[:, None]).ravel()
        self.rng = rng

    def draw(self, states: np.ndarray) -> np.ndarray:
        u = self.rng.random(len(states)) + states
        return np.searchsorted(self.flat, u, side="right") - states * self.width
