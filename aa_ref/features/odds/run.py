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
EXACT_LIMIT = 40_000
"""Largest state count (over all openings) solved exactly; larger battles use Monte Carlo."""
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
    """Exact where the chain is small enough and no run count was asked for, else Monte Carlo."""
    from aa_ref.features.odds import exact, montecarlo

    spec.check()
    if spec.pending is not None:
        from aa_ref.features.odds import referee

        return referee.simulate_pending(spec, runs or referee.DEFAULT_RUNS, seed)
    if spec.needs_referee():
        from aa_ref.features.odds import referee

        return referee.simulate(spec, runs or referee.DEFAULT_RUNS, seed)
    if runs is None:
        openings = spec.openings()
        states = sum((o.attacker.size + 1) * (o.defender.size + 1) for o in openings)
        if states <= EXACT_LIMIT:
            return exact.solve(spec)
        runs = DEFAULT_RUNS
    if runs < 1:
        raise UsageError("--runs must be at least 1")
    return montecarlo.simulate(spec, runs, seed)
