"""Property tests (hypothesis): the engine never crashes on random orders, changes units
and IPCs only through events, and a log always replays to the same game."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aa_ref.games.axis_allies.autoplay import as_input, header, next_orders
from aa_ref.core.dice import SeededDice
from aa_ref.games.axis_allies.rules.context import Context
from aa_ref.core.errors import AaRefError
from aa_ref.games.axis_allies.model.events import AddUnits, Purchased, RemoveUnits, Treasury, fold
from aa_ref.core.session import ruleset_for
from aa_ref.core.setups import load_setup
from aa_ref.games.axis_allies.model.state import Game

SETUP = load_setup("aa1941")
RULES = ruleset_for(SETUP)
NAMES = sorted(SETUP.spaces) + ["Atlantis", "west russia", "SZ 99", ""]
UNITS = sorted(SETUP.unit_types) + ["artillery", "Tank", ""]
PHASES = ["purchase", "combat_move", "conduct_combat", "noncombat_move", "mobilize"]
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def start(phase: str, power: str) -> Game:
    game = RULES.new_game(SETUP, None, {}, "property", "p.log.yaml")
    game.phase, game.power = phase, power
    return game


def unit_totals(game: Game) -> Counter:
    """Units per (power, type), cargo included, plus units waiting to be placed."""
    total: Counter = Counter()
    for state in game.spaces.values():
        for force in state.forces:
            for unit, n in force.units.items():
                total[(force.power, unit)] += n
            for owner, cargo in force.cargo.items():
                for unit, n in cargo.items():
                    total[(owner, unit)] += n
    return total


counts = st.dictionaries(st.sampled_from(UNITS), st.integers(min_value=-2, max_value=12), max_size=3)
move = st.fixed_dictionaries(
    {"units": counts, "from": st.sampled_from(NAMES), "to": st.sampled_from(NAMES)},
    optional={"via": st.lists(st.sampled_from(NAMES), max_size=2), "unload": st.sampled_from(NAMES),
              "load": st.lists(st.fixed_dictionaries({"units": counts, "from": st.sampled_from(NAMES)}), max_size=1)},
)
orders_body = st.fixed_dictionaries(
    {},
    optional={"purchase": counts, "moves": st.lists(move, max_size=4),
              "place": st.dictionaries(st.sampled_from(NAMES), counts, max_size=2),
              "battles": st.lists(st.fixed_dictionaries({"at": st.sampled_from(NAMES)}), max_size=2)},
)


@FAST
@given(phase=st.sampled_from(PHASES), power=st.sampled_from(SETUP.turn_order), body=orders_body)
def test_random_orders_never_crash_and_events_make_the_state(phase, power, body):
    """Any orders are either refused with problems or adjudicated into events whose fold is the new game."""
    refused_or_folded(SETUP, RULES, start(phase, power), body)


def refused_or_folded(setup, rules, game: Game, body: dict) -> None:
    """Orders are refused with problems, or adjudicated into events whose fold is the new game."""
    try:
        given_orders = as_input({**header(game), **body})
    except AaRefError:
        return  # not understood: reported as a shape error, which is the right outcome
    problems = rules.check(setup, game, given_orders)
    if problems:
        assert all(p.message for p in problems)
        return
    ctx = Context(setup, game.model_copy(deep=True), SeededDice("property"))
    rules.adjudicate(ctx, given_orders)
    assert fold(game, ctx.events) == ctx.game


@FAST
@given(seed=st.integers(min_value=0, max_value=10_000), steps=st.integers(min_value=1, max_value=12))
def test_units_and_ipcs_change_only_through_events(seed, steps):
    """Over random legal play, every change of a treasury is a treasury event, and every unit
    that appears or disappears is an add or remove event (a purchase's units are placed later)."""
    rng = random.Random(seed)
    game = start("purchase", SETUP.turn_order[0])
    for _ in range(steps):
        if game.winner:
            break
        data = next_orders(SETUP, RULES, game, rng)
        given_orders = as_input(data)
        assert RULES.check(SETUP, game, given_orders) == []
        ctx = Context(SETUP, game.model_copy(deep=True), SeededDice(str(seed)))
        RULES.adjudicate(ctx, given_orders)
        new = ctx.game
        for power in SETUP.powers:
            paid = sum(e.delta for e in ctx.events if isinstance(e, Treasury) and e.power == power)
            assert new.powers[power].treasury == game.powers[power].treasury + paid
        change: Counter = Counter()
        for event in ctx.events:
            if isinstance(event, (AddUnits, RemoveUnits)):
                sign = 1 if isinstance(event, AddUnits) else -1
                for unit, n in event.force.units.items():
                    change[(event.force.power, unit)] += sign * n
                for owner, cargo in event.force.cargo.items():
                    for unit, n in cargo.items():
                        change[(owner, unit)] += sign * n
        before, after = unit_totals(game), unit_totals(new)
        for key in set(before) | set(after) | set(change):
            assert after[key] - before[key] == change[key], key
        bought = Counter()
        for event in ctx.events:
            if isinstance(event, Purchased):
                bought.update({(event.power, u): n for u, n in event.units.items()})
        for (power, unit), n in bought.items():
            assert new.powers[power].purchased.get(unit, 0) - game.powers[power].purchased.get(unit, 0) == n
        game = new


def play_random_orders(path, rng: random.Random, steps: int, shuffle=None) -> None:
    """Apply `steps` documents of the automatic player to the game at `path`; `shuffle`, if
    given, rewrites the game file's data before each step (as a hand edit could)."""
    from aa_ref.core import session
    from aa_ref.core.yamlio import dump_yaml, load_yaml

    for _ in range(steps):
        if shuffle is not None:
            data = load_yaml(path).data
            shuffle(data)
            path.write_text(dump_yaml(data))
        loaded = session.load_game(path)
        orders = path.parent / "orders.yaml"
        orders.write_text(dump_yaml(next_orders(loaded.setup, loaded.ruleset, loaded.game, rng)))
        session.apply_orders(path, [orders], in_place=True)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=10_000))
def test_replay_reproduces_any_played_game(tmp_path_factory, seed):
    """A game played through `apply` replays from its log to exactly the same state."""
    from aa_ref.core import session
    path = tmp_path_factory.mktemp("replay") / "game.yaml"
    session.new_game("aa1941", path, seed=str(seed))
    play_random_orders(path, random.Random(seed), 14)
    report = session.replay(path)
    assert report.divergence is None and report.entries == 14


def test_the_order_of_spaces_in_a_game_file_does_not_change_adjudication(tmp_path):
    """Regression: a game file whose spaces and unit types are listed in another order (as a
    rewrite that keeps the user's key order produces) must adjudicate exactly as replay does."""
    from aa_ref.core import session
    def reverse_keys(data: dict) -> None:
        data["spaces"] = dict(reversed(list(data["spaces"].items())))
        for space in data["spaces"].values():  # and unit types in another order (seed 9039 diverged)
            for force in space.get("forces", []):
                force["units"] = dict(reversed(list(force["units"].items())))

    path = tmp_path / "game.yaml"
    session.new_game("aa1941", path, seed="order")
    play_random_orders(path, random.Random(5), 20, reverse_keys)
    assert session.replay(path).divergence is None


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=10_000), scenario=st.sampled_from(["anniversary-1941", "anniversary-1942"]))
def test_anniversary_games_with_every_optional_rule_replay(tmp_path_factory, seed, scenario):
    """An Anniversary game with research and national objectives, played at random through
    `apply`, replays from its log to the same state (research rolls, objectives and China's
    turn included)."""
    from aa_ref.core import session
    path = tmp_path_factory.mktemp("anniversary") / "game.yaml"
    session.new_game(scenario, path, seed=str(seed), options={"research": "on", "national_objectives": "on"})
    play_random_orders(path, random.Random(seed), 30)
    report = session.replay(path)
    assert report.divergence is None and report.entries == 30


ANNIVERSARY = load_setup("anniversary-1941")
ANNIVERSARY_RULES = ruleset_for(ANNIVERSARY)
A_NAMES = sorted(ANNIVERSARY.spaces)[::3] + ["Atlantis", "germany", ""]
A_UNITS = sorted(ANNIVERSARY.unit_types) + ["Tank", ""]
a_counts = st.dictionaries(st.sampled_from(A_UNITS), st.integers(min_value=-1, max_value=6), max_size=3)
a_move = st.fixed_dictionaries(
    {"units": a_counts, "from": st.sampled_from(A_NAMES), "to": st.sampled_from(A_NAMES)},
    optional={"bombing": st.booleans(), "paratroopers": st.integers(min_value=0, max_value=2),
              "unload": st.sampled_from(A_NAMES)},
)
a_body = st.fixed_dictionaries(
    {},
    optional={"research": st.fixed_dictionaries({}, optional={"researchers": st.integers(0, 9),
                                                             "chart": st.sampled_from([1, 2])}),
              "purchase": a_counts, "repair": st.dictionaries(st.sampled_from(A_NAMES), st.integers(-1, 5), max_size=2),
              "moves": st.lists(a_move, max_size=3),
              "rockets": st.lists(st.fixed_dictionaries({"from": st.sampled_from(A_NAMES), "at": st.sampled_from(A_NAMES)}),
                                  max_size=2),
              "place": st.dictionaries(st.sampled_from(A_NAMES), a_counts, max_size=2)},
)


@FAST
@given(phase=st.sampled_from(["research", *PHASES]), power=st.sampled_from(ANNIVERSARY.turn_order), body=a_body,
       techs=st.lists(st.sampled_from(sorted(ANNIVERSARY.technologies)), max_size=3, unique=True))
def test_random_anniversary_orders_never_crash_and_events_make_the_state(phase, power, body, techs):
    """Anniversary orders of any shape (research, repairs, raids, paratroopers, rockets), with
    any technologies, are refused with problems or adjudicated into events whose fold is the game."""
    game = ANNIVERSARY_RULES.new_game(ANNIVERSARY, None, {"research": "on", "national_objectives": "on"},
                                      "property", "p.log.yaml")
    game.phase, game.power = phase, power
    game.powers[power].technologies = techs
    refused_or_folded(ANNIVERSARY, ANNIVERSARY_RULES, game, body)
