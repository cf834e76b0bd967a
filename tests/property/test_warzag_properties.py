"""Property tests of WARZAG (hypothesis): random but legal play (the random player of
benchmarks/warzag.py: random actions, kept when the referee accepts them) keeps the game's
invariants after every document, its log replays to the same game, and no player's view shows
another player's cards; random orders, legal or not, never crash the referee."""

from __future__ import annotations

import functools
import json
import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aa_ref.core import session
from aa_ref.games.axis_allies.autoplay import as_input
from aa_ref.core.errors import AaRefError
from aa_ref.core.setups import load_setup
from aa_ref.games.warzag.board import Board
from aa_ref.games.warzag.render import show_text, status
from aa_ref.games.warzag.state import Game
from aa_ref.core.yamlio import dump_yaml, load_yaml
from benchmarks.warzag import random_orders

PACK = load_setup("warzag-demo")
RULES = session.ruleset_for(PACK)
FAST = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES = [
    {"players": "germany,uk,italy"},
    {"players": "germany,uk,italy,ussr"},
    {"players": "uk,germany"},
    {"mode": "alliances", "players": "germany,uk,italy,ussr"},
    {"mode": "alliances", "players": "italy,ussr,germany"},
]


def problems(game: Game) -> list[str]:
    """What breaks the invariants of a WARZAG game."""
    board = Board(PACK, game)
    out = []
    for nation, player in game.players.items():
        if not (0 <= player.pp <= 99 and 0 <= player.pc <= 99):
            out.append(f"{nation} has {player.pp} PP and {player.pc} PC: outside 0..99 [WZ L463]")
    for army_id, army in game.armies.items():
        who = game.controller(army)
        kind = board.kind(army.hex)
        if kind == "rd":
            out.append(f"{army_id} stands on the R&D territory [WZ L542]")
        elif not board.strategic(army.hex):
            owner = board.owner(army.hex)
            if owner is None or not board.allied(owner, who):
                out.append(f"{army_id} ({who}) stands on {army.hex}, which is {owner or 'neutral'}'s [WZ L265-L269]")
    for hex_id in PACK.neighbours:
        leaders = game.leaders_at(hex_id)
        if len(leaders) > 1 and board.kind(hex_id) != "rd":
            out.append(f"{hex_id} holds the Leaders of {', '.join(leaders)} [WZ L543]")
        if board.strategic(hex_id):
            nations = {game.controller(a) for _, a in board.armies_at(hex_id)} | set(leaders)
            if len(nations) > 1:
                out.append(f"{hex_id} holds {', '.join(sorted(nations))}: one nation per strategic territory [WZ L581]")
    for nation, player in game.players.items():
        if player.eliminated and (board.own_hexes(nation) or player.leader):
            out.append(f"{nation} is eliminated but still owns {board.own_hexes(nation)} or has a Leader [WZ L447]")
    return out


def secrets_shown(game: Game, path: Path) -> list[str]:
    """Another player's Supply cards or Objective card in a player's view (JSON and text)."""
    out = []
    dealt = {n: load_yaml(f).data["card"] for n in game.players if (f := path.with_name(f"{path.stem}.objective-{n}.yaml")).exists()}
    for viewer in game.players:
        view = json.dumps(status(PACK, game, viewer))
        text = show_text(PACK, game, viewer, path)
        for other, player in game.players.items():
            if other == viewer:
                continue
            for card in player.supply:
                if card in view or PACK.supply[card].title in text:
                    out.append(f"{viewer}'s view shows {other}'s Supply card {card}")
            card = dealt.get(other)
            if card and player.objective_revealed is None and (card in view or PACK.objectives[card].text in text):
                # the same card text may be the viewer's own: only another card's text is a leak
                if dealt.get(viewer) != card:
                    out.append(f"{viewer}'s view shows {other}'s Objective card {card}")
    return out


def play(folder: Path, options: dict[str, str], seed: int, documents: int) -> tuple[Path, list[str]]:
    """A game played by the random player for `documents` documents (or until it is won), checked after each."""
    path = folder / "g.yaml"
    session.new_game("warzag-demo", path, seed=f"prop-{seed}", options=options)
    rng = random.Random(seed)
    orders = folder / "o.yaml"
    found: list[str] = []
    for _ in range(documents):
        loaded = session.load_game(path)
        if loaded.game.winner:
            break
        orders.write_text(dump_yaml(random_orders(loaded.setup, loaded.ruleset, loaded.game, rng)))
        session.apply_orders(path, [orders], in_place=True)
        game = session.load_game(path).game
        found += problems(game) + secrets_shown(game, path)
        if found:
            break
    return path, found


@FAST
@given(game=st.sampled_from(GAMES), seed=st.integers(min_value=0, max_value=10**6))
def test_random_legal_play_keeps_the_invariants_and_replays(game, seed):
    with tempfile.TemporaryDirectory() as folder:
        path, found = play(Path(folder), game, seed, documents=10)
        assert found == []
        report = session.replay(path)
        assert report.divergence is None, report.divergence
        # the undo of the last document restores the state before it, and the log still replays
        before = session.load_game(path)
        session.undo(path)
        after = session.load_game(path)
        assert after.game.log.entries == before.game.log.entries + 1
        assert problems(after.game) == [] and session.replay(path).divergence is None


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_a_longer_alliance_game_keeps_the_invariants(seed):
    with tempfile.TemporaryDirectory() as folder:
        path, found = play(Path(folder), {"mode": "alliances", "players": "germany,uk,italy,ussr"}, seed, documents=24)
        assert found == []
        assert session.replay(path).divergence is None


# --- random orders, legal or not ---------------------------------------------------------------
HEXES = sorted(PACK.hexes) + ["atlantis", "P3-05", ""]
ARMIES = ["ger-inf-1", "uk-inf-2", "ita-arm-3", "urs-avi-4", "nobody"]
NATIONS = ["germany", "uk", "italy", "ussr", "prussia"]
action = st.one_of(
    st.fixed_dictionaries({"leader": st.lists(st.sampled_from(HEXES), min_size=1, max_size=4)}),
    st.fixed_dictionaries({"ransom": st.sampled_from(HEXES)}),
    st.fixed_dictionaries({"draw_supply": st.just(True)}),
    st.fixed_dictionaries({"trade": st.sampled_from(["pp_to_pc", "pc_to_pp"]), "times": st.integers(1, 60)}),
    st.fixed_dictionaries({"promote": st.sampled_from(ARMIES)}),
    st.fixed_dictionaries({"evacuate": st.sampled_from(HEXES)}),
    st.fixed_dictionaries({"activate_track": st.just(True)}),
    st.fixed_dictionaries({"accelerate": st.just(True)}),
    st.fixed_dictionaries({"annex": st.sampled_from(HEXES)}),
    st.fixed_dictionaries({"develop": st.sampled_from(HEXES), "type": st.sampled_from(["generic", "production", "extraction"])}),
    st.fixed_dictionaries({"train": st.sampled_from(["infantry", "artillery", "aviation", "armour", "navy"]),
                           "at": st.sampled_from(HEXES), "count": st.integers(1, 12)}),
    st.fixed_dictionaries({"move": st.lists(st.sampled_from(ARMIES), min_size=1, max_size=2),
                           "path": st.lists(st.sampled_from(HEXES), min_size=1, max_size=3)}),
    st.fixed_dictionaries({"invade": st.sampled_from(HEXES), "from": st.lists(st.sampled_from(HEXES), min_size=1, max_size=2)},
                          optional={"support": st.lists(st.sampled_from(ARMIES), max_size=2),
                                    "eliminate": st.lists(st.sampled_from(ARMIES), max_size=2)}),
    st.fixed_dictionaries({"play": st.sampled_from(sorted(PACK.supply) + ["sup_99"])},
                          optional={"army": st.sampled_from(ARMIES), "at": st.sampled_from(HEXES)}),
    st.fixed_dictionaries({"transfer": st.sampled_from(NATIONS), "pp": st.integers(0, 120), "pc": st.integers(0, 5)}),
    st.fixed_dictionaries({"eliminate": st.lists(st.sampled_from(ARMIES), max_size=2)}),
    st.fixed_dictionaries({"claim_objective": st.sampled_from(sorted(PACK.objectives)), "salt": st.text(max_size=8)}),
    st.fixed_dictionaries({"surrender": st.just(True)}),
    st.fixed_dictionaries({"standing": st.fixed_dictionaries({}, optional={
        "eliminate": st.sampled_from(["most_defence", "ask"]), "support": st.lists(st.sampled_from(NATIONS), max_size=2)})}),
    st.fixed_dictionaries({"end_turn": st.just(True)}),
)


STARTS = {"ffa-new": ({"players": "germany,uk,italy"}, 0), "ffa-r2": ({"players": "germany,uk,italy"}, 4),
          "alliances-r2": ({"mode": "alliances", "players": "germany,uk,italy,ussr"}, 6)}


@functools.cache
def started(key: str) -> Game:
    """A game after a few documents of the random player."""
    options, documents = STARTS[key]
    with tempfile.TemporaryDirectory() as folder:
        path, _ = play(Path(folder), options, 7, documents)
        return session.load_game(path).game


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=st.sampled_from(sorted(STARTS)), power=st.sampled_from(NATIONS),
       actions=st.lists(action, max_size=5), dice=st.none() | st.lists(st.integers(1, 6), max_size=4))
def test_random_orders_never_crash_the_referee(base, power, actions, dice):
    game = started(base)
    data = {"kind": "warzag-orders", "schema_version": 1, "power": power, "actions": actions}
    if dice is not None:
        data["dice"] = dice
    try:
        given_orders = as_input(json.loads(json.dumps(data)))
    except AaRefError:
        return  # refused for its shape, with a message
    before = game.model_dump()
    found = RULES.check(PACK, game, given_orders)
    assert all(p.message for p in found)
    assert game.model_dump() == before  # check works on a copy


# --- an engine bug the stress runs found, kept as a regression test ---------------------------------
def test_an_allys_army_keeps_its_hosts_territory_from_being_annexed():
    """An ally's army counts as the host's own [WZ L435], so the territory is annexed with armies [WZ L484]."""
    from aa_ref.games.warzag.state import Army, HexState

    game = RULES.new_game(PACK, None, {**RULES_DEFAULTS, "mode": "alliances", "players": "germany,uk,italy,ussr"},
                          "bug", "x.log.yaml")
    game.hexes["p4-02"] = HexState(owner="germany")
    game.hexes["p2-08"] = HexState(owner="uk")
    game.armies["ita-inf-1"] = Army(nation="italy", category="infantry", hex="p4-02", range_left=2)
    game.armies["uk-inf-2"] = Army(nation="uk", category="infantry", hex="p2-08", range_left=2)
    game.power, game.phase = "uk", "invasion"
    game.turn.roll = 3
    game.players["uk"].turns = 1
    found = RULES.check(PACK, game, as_input({"kind": "warzag-orders", "schema_version": 1, "power": "uk",
                                              "actions": [{"annex": "p4-02"}]}))
    assert found, "the UK annexed a German territory guarded by an Italian army, without invading it"


RULES_DEFAULTS = {key: choices[0] for key, choices in RULES.options().items()}
