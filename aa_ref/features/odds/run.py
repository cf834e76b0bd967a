"""The `aa-ref odds` entry: build the battle from the command line or a game file, choose
the method, compute."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from aa_ref.core.errors import UsageError
from aa_ref.core.setups import load_setup
from aa_ref.features.odds.battle import BattleSpec, parse_order, parse_units, unit_name
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


def other_editions(edition: str) -> Callable[[str], str | None]:
    """For a unit name unknown in `edition`: the editions that have it, as a hint to choose one with `--edition`."""

    def hint(name: str) -> str | None:
        having = [other for other in EDITIONS if other != edition and unit_name(edition_setup(other), name)]
        if not having:
            return None
        unit = unit_name(edition_setup(having[0]), name)
        return (f"{unit.replace('_', ' ')} is a unit of {' and '.join(having)}: add --edition {having[0]}"
                + (" (the default is aa1941)" if edition == "aa1941" else ""))

    return hint


def spec_from_request(request: Request, setup: Setup | None = None) -> BattleSpec:
    hint = other_editions(request.edition) if setup is None else None
    setup = setup or edition_setup(request.edition)
    if not request.attacker or not request.defender:
        raise UsageError("give both --attacker and --defender (or a game file with --at)")
    return BattleSpec(
        setup, parse_units(setup, request.attacker, "--attacker", hint),
        parse_units(setup, request.defender, "--defender", hint),
        request.sea, frozenset(request.attacker_techs), frozenset(request.defender_techs),
        parse_order(setup, request.attacker_order, "--attacker-order", hint),
        parse_order(setup, request.defender_order, "--defender-order", hint),
        request.retreat_after, request.retreat_below, request.keep_land, request.low_luck, request.retreat_chance,
        parse_units(setup, request.bombard, "--bombard", hint) if request.bombard else {},
        parse_units(setup, request.seaborne, "--seaborne", hint) if request.seaborne else {}, request.submerge,
    )


Progress = Callable[[int, int], None]
"""Told (battles done, battles in all) as long work goes on; the CLI draws a progress bar with it."""


def states(spec: BattleSpec) -> int:
    """The size of the exact method's state space, summed over the battle's openings (AA fire's outcomes)."""
    return sum((o.attacker.size + 1) * (o.defender.size + 1) for o in spec.openings())


def compute(spec: BattleSpec, runs: int | None, seed: str, exact: bool = False, progress: Progress | None = None) -> Result:
    """Exact wherever the rules are a Markov chain the solvers hold in memory, unless a run count was asked for;
    else Monte Carlo. With `exact`, the exact method or a refusal saying why. The result's `method_reason` says why
    that method."""
    spec.check()
    if runs is not None and runs < 1:
        raise UsageError("--runs must be at least 1")
    if exact and runs is not None:
        raise UsageError("--exact and --runs contradict each other: the exact method runs no battles")
    if runs is None:
        solved, why_not = _exact(spec)
        if solved is not None:
            return solved
        if exact:
            raise UsageError(f"--exact: no exact method for this battle: {why_not}; drop --exact for Monte Carlo")
        return _because(_monte_carlo(spec, None, seed, progress), f"{why_not}; Monte Carlo")
    return _because(_monte_carlo(spec, runs, seed, progress), f"{runs:,} battles asked for (--runs)")


def _exact(spec: BattleSpec) -> tuple[Result | None, str]:
    """The exact solution where the battle is a chain the solvers hold, else None and why not."""
    from aa_ref.features.odds import exact as exact_method

    if spec.pending is not None:
        if spec.fitted is None:
            return None, spec.unfitted or "the pending battle does not fit the exact chain"
        solved, why_not = _exact(spec.fitted)
        if solved is None:
            return None, why_not
        return _because(solved, "exact: the pending amphibious assault as bombardment and seaborne units read "
                                "from the game"), ""
    if spec.needs_referee():
        from aa_ref.features.odds import classes  # numpy and the referee's hit rules: only for these battles

        if classes.fits(spec):
            why = "submarines that submerge" if spec.submerge else "submarines facing aircraft"
            return _because(classes.solve(spec), f"exact: {why}, hits split by target class"), ""
        return None, _why_not_classes(spec)
    openings = len(spec.openings())
    size = states(spec)
    if size > EXACT_LIMIT:
        return None, (f"{size:,} states over {openings} opening(s) are beyond the exact limit of "
                      f"{EXACT_LIMIT:,}")
    return _because(exact_method.solve(spec), "exact" + (f": AA fire as {openings} openings" if openings > 1 else "")), ""


def _monte_carlo(spec: BattleSpec, runs: int | None, seed: str, progress: Progress | None) -> Result:
    """Battles fought at random: a pending battle or one the fast model does not follow by the referee's engine."""
    from aa_ref.features.odds import montecarlo

    if spec.pending is not None or spec.needs_referee():
        from aa_ref.features.odds import referee

        fight = referee.simulate_pending if spec.pending is not None else referee.simulate
        return fight(spec, runs or referee.DEFAULT_RUNS, seed, progress)
    return montecarlo.simulate(spec, runs or DEFAULT_RUNS, seed, progress)


def _because(result: Result, why: str) -> Result:
    result.method_reason = why
    return result


def _why_not_classes(spec: BattleSpec) -> str:
    from aa_ref.features.odds import classes

    why = "submarines that submerge" if spec.submerge else "submarines facing aircraft"
    return (f"{why}: {classes.states(spec):,} state pairs are beyond the exact limit "
            f"of {classes.STATE_LIMIT:,}")
