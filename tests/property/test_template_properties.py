"""Property test: at every decision point of random games, in every Axis & Allies edition,
the `template` output applied unchanged is legal (the README's promise: an unchanged
template is always a pass)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aa_ref.core import session
from aa_ref.core.errors import AaRefError
from aa_ref.core.yamlio import dump_yaml
from aa_ref.games.axis_allies.autoplay import next_orders
from tests.conftest import deep

GAMES: list[tuple[str, dict[str, str]]] = [
    ("aa1941", {}),
    ("anniversary-1941", {"research": "on", "national_objectives": "on"}),
    ("anniversary-1942", {"research": "on", "national_objectives": "on"}),
    ("global1940", {"research": "on"}),
]
SETTINGS = dict(deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def template_applies(path: Path) -> None:
    """The template of the game at `path`, written to a file and applied unchanged (a dry run), is accepted."""
    loaded = session.load_game(path)
    text = loaded.ruleset.template(loaded.setup, loaded.game)
    if loaded.game.winner:
        return
    orders = path.parent / "template.yaml"
    orders.write_text(text)
    try:
        session.apply_orders(path, [orders], dry_run=True)
    except AaRefError as exc:
        problems = "\n".join(str(p) for p in getattr(exc, "problems", []))
        pytest.fail(f"the unchanged template is refused at round {loaded.game.round}, {loaded.game.phase} of "
                    f"{loaded.game.power}: {exc}\n{problems}\n--- template ---\n{text}")


def play_checking_templates(path: Path, rng: random.Random, steps: int) -> None:
    """Apply `steps` documents of the automatic player, checking the template before each one."""
    for _ in range(steps):
        template_applies(path)
        loaded = session.load_game(path)
        if loaded.game.winner:
            return
        orders = path.parent / "orders.yaml"
        orders.write_text(dump_yaml(next_orders(loaded.setup, loaded.ruleset, loaded.game, rng)))
        session.apply_orders(path, [orders], in_place=True)


def run(tmp: Path, seed: int, scenario: str, options: dict[str, str], steps: int) -> None:
    path = tmp / "game.yaml"
    session.new_game(scenario, path, seed=str(seed), options=options)
    play_checking_templates(path, random.Random(seed), steps)


@pytest.mark.parametrize("scenario,options", GAMES, ids=[g for g, _ in GAMES])
@settings(max_examples=2, **SETTINGS)
@given(seed=st.integers(min_value=0, max_value=10_000))
def test_the_unchanged_template_applies_at_every_decision(tmp_path_factory, scenario, options, seed):
    """Every template along a random game is a legal document when applied unchanged."""
    run(tmp_path_factory.mktemp("template"), seed, scenario, options, 36)


@deep
@pytest.mark.slow
@pytest.mark.parametrize("scenario,options", GAMES, ids=[g for g, _ in GAMES])
@settings(max_examples=6, **SETTINGS)
@given(seed=st.integers(min_value=0, max_value=10_000))
def test_the_unchanged_template_applies_through_long_games(tmp_path_factory, scenario, options, seed):
    """The same over longer games (several rounds: kept researchers, damaged units, retreats)."""
    run(tmp_path_factory.mktemp("template-long"), seed, scenario, options, 120)
