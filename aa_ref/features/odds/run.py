"""The `aa-ref odds` entry: build the battle from the command line or a game file, choose
the method, compute."""

from __future__ import annotations

from dataclasses import dataclass

from aa_ref.core.errors import UsageError
from aa_ref.core.setups import load_setup
from aa_ref.features.odds.battle import BattleSpec, parse_order, parse_units
from aa_ref.features.odds.outcome import Result
from aa_ref.games.axis_allies.model.setup import Setup

EDITIONS = {"aa1941": "aa1941", "anniversary": "anniversary-1941", "global1940": "global1940"}
"""Edition name -> the setup whose unit profiles and technologies it uses."""
EXACT_LIMIT = 2_000_000
"""Largest state count (over all openings) solved exactly, a bound on memory and time (about 15 us a
state: half a minute at the limit); larger battles use Monte Carlo, and the result says why."""
DEFAULT_RUNS = 20_000


@dataclass
class Request:
    """What the user asked for, before the battle is built."""

    attacker: str | None = None
    defender: str | None = None
    edition: str = "aa1941"
    sea: bool = False
    attacker_techs: tuple[str, ...] = ()
    defender_techs: tuple[str, ...] = ()
    attacker_order: str | None = None
    defender_order: str | None = None
    retreat_after: int | None = None
    retreat_below: int | None = None
    keep_land: bool = False
    low_luck: bool = False
    retreat_chance: float | None = None
    bombard: str | None = None
    seaborne: str | None = None
    submerge: bool = False
    runs: int | None = None
    seed: str = "odds"


def edition_setup(edition: str) -> Setup:
    if edition not in EDITIONS:
        raise UsageError(f"unknown edition '{edition}' (editions: {', '.join(EDITIONS)})")
    return load_setup(EDITIONS[edition])


def spec_from_request(request: Request, setup: Setup | None = None) -> BattleSpec:
    setup = setup or edition_setup(request.edition)
    if not request.attacker or not request.defender:
        raise UsageError("give both --attacker and --defender (or a game file with --at)")
    return BattleSpec(
        setup, parse_units(setup, request.attacker, "--attacker"), parse_units(setup, request.defender, "--defender"),
        request.sea, frozenset(request.attacker_techs), frozenset(request.defender_techs),
        parse_order(setup, request.attacker_order, "--attacker-order"),
        parse_order(setup, request.defender_order, "--defender-order"),
        request.retreat_after, request.retreat_below, request.keep_land, request.low_luck, request.retreat_chance,
        parse_units(setup, request.bombard, "--bombard") if request.bombard else {},
        parse_units(setup, request.seaborne, "--seaborne") if request.seaborne else {}, request.submerge,
    )


def compute(spec: BattleSpec, runs: int | None, seed: str) -> Result:
    """Exact wherever the rules are a Markov chain the solvers hold in memory, unless a run count
    was asked for; else Monte Carlo. The result's `method_reason` says why that method."""
    result = _compute(spec, runs, seed)
    return result


def _compute(spec: BattleSpec, runs: int | None, seed: str) -> Result:
    from aa_ref.features.odds import classes, exact, montecarlo

    spec.check()
    if runs is not None and runs < 1:
        raise UsageError("--runs must be at least 1")
    asked = f"{runs:,} battles asked for (--runs)" if runs is not None else ""
    if spec.pending is not None:
        if runs is None and spec.fitted is not None:
            return _exact_pending(spec.fitted, seed)
        from aa_ref.features.odds import referee

        why = asked or spec.unfitted or "the pending battle does not fit the exact chain"
        return _because(referee.simulate_pending(spec, runs or referee.DEFAULT_RUNS, seed), why)
    if spec.needs_referee():
        submerging = spec.submerge and (spec.attacker.get("submarine") or spec.defender.get("submarine"))
        if runs is None and not submerging and classes.fits(spec):
            return _because(classes.solve(spec), "exact: submarines facing aircraft, hits split by target class")
        from aa_ref.features.odds import referee

        why = asked or ("submarines that submerge leave the battle at a moment the chain does not follow"
                        if submerging else _why_not_classes(spec))
        return _because(referee.simulate(spec, runs or referee.DEFAULT_RUNS, seed), why)
    if runs is None:
        openings = spec.openings()
        states = sum((o.attacker.size + 1) * (o.defender.size + 1) for o in openings)
        if states <= EXACT_LIMIT:
            return _because(exact.solve(spec), "exact" + (f": AA fire as {len(openings)} openings"
                                                          if len(openings) > 1 else ""))
        runs = DEFAULT_RUNS
        asked = (f"{states:,} states over {len(openings)} opening(s) are beyond the exact limit of "
                 f"{EXACT_LIMIT:,}; {runs:,} battles")
    return _because(montecarlo.simulate(spec, runs, seed), asked)


def _because(result: Result, why: str) -> Result:
    result.method_reason = why
    return result


def _why_not_classes(spec: BattleSpec) -> str:
    from aa_ref.features.odds import classes

    if spec.low_luck or spec.keep_land or spec.retreat_chance is not None or spec.retreat_after is not None \
            or spec.retreat_below is not None:
        return "submarines facing aircraft with low luck or a retreat policy: not in the exact chain yet"
    return (f"submarines facing aircraft: {classes.states(spec):,} state pairs are beyond the exact limit "
            f"of {classes.STATE_LIMIT:,}")


def _exact_pending(fitted: BattleSpec, seed: str) -> Result:
    """A pending amphibious assault that the exact chain holds: its bombardment and seaborne units
    read from the game, solved exactly."""
    result = compute(fitted, None, seed)
    if result.method != "exact":
        return result
    return _because(result, "exact: the pending amphibious assault as bombardment and seaborne units "
                            "read from the game")
