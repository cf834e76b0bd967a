"""A game's first round played with random legal orders (the automatic player), through the session as `apply`
runs it, one document at a time; the game replays after it."""

from __future__ import annotations

import random
from pathlib import Path

from aa_ref.core import session
from aa_ref.core.yamlio import dump_yaml
from aa_ref.games.axis_allies.autoplay import next_orders


def play_first_round(path: Path, seed: int) -> None:
    """Apply random legal orders to the game at `path` until round 2 begins, then check that it replays."""
    rng = random.Random(seed)
    orders = path.with_name("orders.yaml")
    while (loaded := session.load_game(path)).game.round == 1:
        orders.write_text(dump_yaml(next_orders(loaded.setup, loaded.ruleset, loaded.game, rng)))
        session.apply_orders(path, [orders], in_place=True)
    assert session.replay(path).divergence is None
