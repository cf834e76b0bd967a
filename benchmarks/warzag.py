"""Speed of the commands users run on WARZAG, as wall time of the whole command.

    python3 benchmarks/warzag.py [--runs N] [--rounds R]

Times, each command N times (default 5) in a fresh process (median, best, peak memory):
`aa-ref validate aa_ref/setups/warzag-demo.yaml` (the demo component pack and its checks); `aa-ref apply`
of one player's turn (the largest turn of the shipped free-for-all example,
examples/warzag/free-for-all, and of the alliance example); `aa-ref show`, `template` and
`validate` of the example game; `aa-ref validate` and `aa-ref replay` of a 4-player game of R
rounds (default 10) played by a random but legal player (below), in free-for-all and in alliance
mode. Aims (the issue-2 command targets): validate under 0.3 s, a turn under 0.3 s, the replay of
ten rounds under 2 s. The games are made through the library; the timed commands are the real CLI
in fresh processes.

`random_orders` is the random player: it tries random actions of every kind the orders know
(`aa_ref.games.warzag.orders`), roughly in the order of the phases, and keeps those the referee accepts
(`ruleset.check` on the state the kept ones leave); tests/property/test_warzag_properties.py
plays with it too.
"""

from __future__ import annotations

import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from aa_ref.core import session  # noqa: E402
from aa_ref.games.axis_allies.autoplay import as_input  # noqa: E402
from aa_ref.core.dice import SeededDice  # noqa: E402
from aa_ref.core.engine import Context  # noqa: E402
from aa_ref.games.warzag.board import Board  # noqa: E402
from aa_ref.games.warzag.pack import CATEGORIES, Pack  # noqa: E402
from aa_ref.games.warzag.state import Game  # noqa: E402
from aa_ref.core.yamlio import dump_yaml  # noqa: E402
from benchmarks.run import CLI, bench_options, print_table  # noqa: E402

PACK = "warzag-demo"
EXAMPLES = ROOT / "examples" / "warzag"
EXAMPLE_GAMES = {  # folder: (seed, seating, rounds)
    "free-for-all": ("warzag-ffa", ["germany", "uk", "italy"], 5),
    "alliances": ("alliances-55", ["germany", "uk", "italy", "ussr"], 4),
}
FOUR = "germany,uk,italy,ussr"


# --- the random player -----------------------------------------------------------------------
def header(nation: str) -> dict[str, Any]:
    return {"kind": "warzag-orders", "schema_version": 1, "power": nation}


def _walk(board: Board, start: str, steps: int, may_enter, rng: random.Random) -> list[str]:  # type: ignore[no-untyped-def]
    """A random path of up to `steps` adjacent hexes, each one `may_enter` accepts."""
    path, here = [], start
    for _ in range(steps):
        options = [h for h in board.pack.neighbours[here] if may_enter(h)]
        if not options:
            break
        here = rng.choice(options)
        path.append(here)
    return path


def candidates(pack: Pack, game: Game, nation: str, rng: random.Random, stage: str) -> list[dict[str, Any]]:
    """Plausible actions of one stage of a turn (many will still be illegal)."""
    board = Board(pack, game)
    player = game.players[nation]
    leader = player.leader
    mine = board.armies_of(nation)
    own = board.own_hexes(nation)
    out: list[dict[str, Any]] = []
    if stage == "leader" and leader and game.turn.roll:
        if rng.random() < 0.8:
            reach = game.turn.roll + pack.leaders[player.leader_card].abilities.get("move_bonus", 0)
            path = _walk(board, leader, rng.randint(1, reach), lambda h: board.leader_may_enter(h, nation), rng)
            if path:
                out.append({"leader": path})
        if board.encircled(nation) and board.own_bases(nation):
            out.append({"ransom": rng.choice(board.own_bases(nation))})
        if game.turn.may_draw:
            out.append({"draw_supply": True})
    elif stage == "rd" and leader == pack.rd_hex:
        out.append({"activate_track": True})
        out.append({"trade": rng.choice(["pp_to_pc", "pc_to_pp"]), "times": rng.randint(1, 3)})
        if mine and rng.random() < 0.5:
            out.append({"promote": rng.choice(mine)[0]})
        if rng.random() < 0.5:
            out.append({"accelerate": True})
        if own and rng.random() < 0.3:
            out.append({"evacuate": rng.choice(own)})
    elif stage == "annex" and leader:
        near = [leader, *pack.neighbours[leader]]
        for target in rng.sample(near, min(len(near), rng.randint(1, 4))):
            out.append({"annex": target})
        standard = [h for h in own if board.kind(h) == "standard"]
        if standard and rng.random() < 0.4:
            out.append({"develop": rng.choice(standard), "type": rng.choice(["generic", "production", "extraction"])})
    elif stage == "train":
        bases = [h for h in pack.base_hex.values() if board.owner(h) and board.allied(board.owner(h), nation)]
        for _ in range(rng.randint(0, 2) if bases else 0):
            out.append({"train": rng.choice(CATEGORIES), "at": rng.choice(bases), "count": rng.randint(1, 2)})
    elif stage == "move":
        for army_id, army in rng.sample(mine, min(len(mine), rng.randint(0, 3))):
            group = [i for i, a in mine if a.hex == army.hex and (i == army_id or rng.random() < 0.3)]
            path = _walk(board, army.hex, rng.randint(1, max(army.range_left, 1)),
                         lambda h: board.army_may_enter(h, nation), rng)
            if path:
                out.append({"move": group, "path": path})
    elif stage == "invade":
        fronts = {a.hex for _, a in board.usable_armies(nation)}
        targets = sorted({t for h in fronts for t in pack.neighbours[h]
                          if (board.enemy_hex(t, nation) or (board.strategic(t) and board.occupant(t) not in (None, nation)))})
        for target in rng.sample(targets, min(len(targets), rng.randint(0, 2))):
            sources = [h for h in pack.neighbours[target] if h in fronts]
            order: dict[str, Any] = {"invade": target, "from": rng.sample(sources, rng.randint(1, len(sources)))}
            if game.mode == "alliances":
                helpers = [i for i, a in game.armies.items() if game.controller(a) != nation
                           and board.allied(game.controller(a), nation) and board.adjacent(a.hex, target)]
                if helpers and rng.random() < 0.5:
                    order["support"] = rng.sample(helpers, 1)
            out.append(order)
            out.append({"annex": target})
    elif stage == "any":
        for card in player.supply:
            if rng.random() < 0.5:
                out.append({"play": card, "army": rng.choice(mine)[0] if mine else None,
                            "at": rng.choice(board.own_bases(nation)) if board.own_bases(nation) else None})
        if game.mode == "alliances":
            allies = [n for n in game.active_players() if n != nation and board.allied(n, nation)]
            if allies and rng.random() < 0.3:
                out.append({"transfer": rng.choice(allies), "pp": rng.randint(1, 3)})
            if rng.random() < 0.2:
                out.append({"standing": {"support": allies, "eliminate": rng.choice(["most_defence", "ask"])}})
            if rng.random() < 0.05:
                out.append({"surrender": True})
        elif rng.random() < 0.1:
            out.append({"standing": {"eliminate": rng.choice(["most_defence", "ask"])}})
    return [{k: v for k, v in c.items() if v is not None} for c in out]


STAGES = ("any", "leader", "rd", "annex", "rd", "train", "move", "invade", "move", "invade", "any")
"""The order in which the random player tries actions: roughly the phases I-V [WZ L146-L149]."""


def random_orders(pack: Pack, ruleset: Any, game: Game, rng: random.Random) -> dict[str, Any]:
    """One legal document for the player the game waits for: a defender's answer, or a turn (or the rest of
    one) of random actions the referee accepts, ended by `end_turn` unless an invasion waits for its defender."""
    if game.pending:
        decision = game.pending[0]
        chosen = [] if rng.random() < 0.5 or game.invasion is None else [min(game.invasion.armies)]
        cards = [{"play": c} for c in game.players[decision.power].supply
                 if pack.supply[c].timing == "defence" and rng.random() < 0.5]
        doc = {**header(decision.power), "actions": [*cards[:1], {"eliminate": chosen}]}
        if ruleset.check(pack, game, as_input(doc)):
            doc["actions"] = [{"eliminate": []}]
        return doc
    nation = game.power
    work = game.model_copy(deep=True)
    kept: list[dict[str, Any]] = []
    for stage in STAGES:
        for action in candidates(pack, work, nation, rng, stage):
            doc = {**header(nation), "actions": [action]}
            if ruleset.check(pack, work, as_input(doc)):
                continue
            ctx = Context(pack, work, SeededDice(work.seed), apply=ruleset.apply_event)
            ruleset.adjudicate(ctx, as_input(doc))
            work = ctx.game
            kept.append(action)
            if work.pending or work.winner or work.players[nation].surrendered:
                return {**header(nation), "actions": kept}
    return {**header(nation), "actions": [*kept, {"end_turn": True}]}


def play_random(path: Path, rounds: int, seed: str = "benchmark", options: dict[str, str] | None = None,
                rng: random.Random | None = None) -> Path:
    """A new game at `path` played by the random player until round `rounds` is over or someone wins; one
    orders file per document, applied through the library as `aa-ref apply --in-place` does."""
    session.new_game(PACK, path, seed=seed, options=options, overwrite=True)
    rng = rng or random.Random(seed)
    orders = path.with_name("random-orders.yaml")
    while True:
        loaded = session.load_game(path)
        game = loaded.game
        if game.winner or game.round > rounds:
            return path
        orders.write_text(dump_yaml(random_orders(loaded.setup, loaded.ruleset, game, rng)))
        session.apply_orders(path, [orders], in_place=True)


# --- the benchmark ---------------------------------------------------------------------------------
def example_turns(name: str) -> list[Path]:
    _, seating, rounds = EXAMPLE_GAMES[name]
    files = [EXAMPLES / name / f"r{r}-{n}.yaml" for r in range(1, rounds + 1) for n in seating]
    return [f for f in files if f.exists()]


def example_before(folder: Path, name: str, turn: Path) -> Path:
    """The example game just before `turn` is applied."""
    seed, seating, _ = EXAMPLE_GAMES[name]
    path = folder / f"{name}-before-{turn.stem}.yaml"
    mode = "alliances" if name == "alliances" else "free_for_all"
    session.new_game(PACK, path, seed=seed, options={"mode": mode, "players": ",".join(seating)}, overwrite=True)
    files = example_turns(name)
    earlier = files[: files.index(turn)]
    if earlier:
        session.apply_orders(path, earlier, in_place=True)
    return path


def main() -> None:
    options = bench_options(__doc__)
    folder = Path(tempfile.mkdtemp(prefix="aa-ref-bench-warzag-"))
    try:
        start = time.perf_counter()
        ffa = play_random(folder / "random-ffa.yaml", options.rounds, options={"players": FOUR})
        alliances = play_random(folder / "random-alliances.yaml", options.rounds,
                                options={"mode": "alliances", "players": FOUR})
        built = {g: session.load_game(g).game for g in (ffa, alliances)}
        largest = {name: max(example_turns(name), key=lambda p: p.read_text().count("\n  - "))
                   for name in EXAMPLE_GAMES}
        starts = {name: example_before(folder, name, turn) for name, turn in largest.items()}
        example = folder / "example-ffa.yaml"
        session.new_game(PACK, example, seed="warzag-ffa", options={"players": "germany,uk,italy"}, overwrite=True)
        session.apply_orders(example, example_turns("free-for-all"), in_place=True)
        print(f"built two {options.rounds}-round 4-player games of the random player (free-for-all: "
              f"{built[ffa].log.entries} log entries, {len(built[ffa].armies)} armies at the end; alliances: "
              f"{built[alliances].log.entries} entries, {'won by the ' + built[alliances].winner if built[alliances].winner else 'no winner'}) "
              f"and the examples in {time.perf_counter() - start:.1f} s")
        rows: list[tuple] = [("python -c 'import aa_ref.cli.app' (import only)", [sys.executable, "-c", "import aa_ref.cli.app"]),
                             ("import of the session and WARZAG models only",
                              [sys.executable, "-c", "import aa_ref.core.session, aa_ref.games.warzag.ruleset"]),
                             ("aa-ref validate aa_ref/setups/warzag-demo.yaml", [*CLI, "validate", str(ROOT / "aa_ref" / "setups" / "warzag-demo.yaml")])]
        for name, turn in largest.items():
            actions = turn.read_text().count("\n  - ")
            rows.append((f"aa-ref apply ({name} {turn.stem}, {actions} actions)",
                         [*CLI, "apply", str(starts[name]), str(turn), "-o", str(folder / "after.yaml")]))
        rows += [
            ("aa-ref show (free-for-all example, 13 entries)", [*CLI, "show", str(example)]),
            ("aa-ref template (free-for-all example)", [*CLI, "template", str(example)]),
            ("aa-ref validate (free-for-all example)", [*CLI, "validate", str(example)]),
            (f"aa-ref validate ({options.rounds}-round game)", [*CLI, "validate", str(ffa)]),
            (f"aa-ref replay ({options.rounds} rounds, free-for-all, {built[ffa].log.entries} entries)",
             [*CLI, "replay", str(ffa)]),
            (f"aa-ref replay ({options.rounds} rounds, alliances, {built[alliances].log.entries} entries)",
             [*CLI, "replay", str(alliances)]),
        ]
        print_table(rows, options.runs)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
