"""Speed of play by e-mail with fair dice (docs/fair-dice.md), as wall time of each command.

    python3 benchmarks/fair_dice.py [--runs N] [--rounds R]

Builds, in a temporary folder, a 1941 game of R rounds (default 5) played by the automatic
player with fair dice: alice (Axis) and bob (Allies) commit, every document is signed, and
every one that rolls dice is revealed for by the other player. Then times, N times each
(default 5) in a fresh process: `sign` of the next orders, `reveal` for them (which replays
the whole game first), `apply --reveal`, and `verify` of the whole game. Aim: each under
the issue-2 targets of a command (about 0.3 s) plus the replay that `reveal` and `verify` do.
"""

from __future__ import annotations

import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from aa_ref.features.pbem import commands  # noqa: E402

from aa_ref.core import session
from aa_ref.games.axis_allies.autoplay import next_orders  # noqa: E402
from aa_ref.core.yamlio import dump_yaml  # noqa: E402
from benchmarks.run import CLI, bench_options, print_table  # noqa: E402

SECRETS = {"Axis": "alice.secret.yaml", "Allies": "bob.secret.yaml"}


def other(side: str) -> str:
    return "Allies" if side == "Axis" else "Axis"


def play(folder: Path, rounds: int) -> tuple[Path, int]:
    """A fair-dice game of `rounds` rounds; the game file and the number of reveals."""
    game = folder / "fair.yaml"
    session.new_game("aa1941", game, seed="benchmark", overwrite=True)
    for side, player in (("Axis", "alice"), ("Allies", "bob")):
        session.commit(game, folder / SECRETS[side], player, session.load_game(game).setup.sides[side], 10_000)
    rng, reveals, step = random.Random(1941), 0, 0
    while True:
        loaded = session.load_game(game)
        if loaded.game.winner or loaded.game.round > rounds:
            return game, reveals
        step += 1
        orders = folder / "orders.yaml"
        data = next_orders(loaded.setup, loaded.ruleset, loaded.game, rng)
        orders.write_text(dump_yaml(data))
        side = loaded.setup.side_of(data["power"])
        commands.sign_orders(game, orders, folder / SECRETS[side])
        revealed = folder / f"reveal-{step}.yaml"
        outcome = commands.reveal(game, [orders], folder / SECRETS[other(side)], revealed)
        reveals += bool(outcome.revealed)
        session.apply_orders(game, [orders], in_place=True, reveal_paths=[revealed] if outcome.revealed else [])


def main() -> None:
    options = bench_options(__doc__, rounds=5)
    folder = Path(tempfile.mkdtemp(prefix="aa-ref-fair-"))
    try:
        start = time.perf_counter()
        game, reveals = play(folder, options.rounds)
        loaded = session.load_game(game)
        print(f"built a {options.rounds}-round fair-dice game ({loaded.game.log.entries} log entries, "
              f"{reveals} reveals) in {time.perf_counter() - start:.1f} s")
        # The next document that rolls dice: the combat of the power to move, found by playing on.
        rng = random.Random(7)
        orders = folder / "next.yaml"
        while True:
            loaded = session.load_game(game)
            data = next_orders(loaded.setup, loaded.ruleset, loaded.game, rng)
            orders.write_text(dump_yaml(data))
            side = loaded.setup.side_of(data["power"])
            commands.sign_orders(game, orders, folder / SECRETS[side])
            if session.rolls_dice(loaded.setup, loaded.ruleset, loaded.game, session.load_orders(orders)):
                break
            session.apply_orders(game, [orders], in_place=True)
        secret = folder / SECRETS[other(side)]
        kept = secret.read_text()
        reveal_file = folder / "next.reveal.yaml"

        def fresh_reveal() -> None:
            reveal_file.unlink(missing_ok=True)
            secret.write_text(kept)

        rows = [
            ("aa-ref sign (the next orders)", [*CLI, "sign", str(game), str(orders), "--secret", str(folder / SECRETS[side])], None),
            ("aa-ref reveal (replays the game first)", [*CLI, "reveal", str(game), str(orders), "--secret", str(secret),
                                                         "-o", str(reveal_file)], fresh_reveal),
            ("aa-ref apply --reveal (-o, the game unchanged)", [*CLI, "apply", str(game), str(orders), "--reveal",
                                                                 str(reveal_file), "-o", str(folder / "after.yaml")], None),
            (f"aa-ref verify ({options.rounds} rounds)", [*CLI, "verify", str(game)], None),
            (f"aa-ref replay ({options.rounds} rounds)", [*CLI, "replay", str(game)], None),
        ]
        print_table(rows, options.runs)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
