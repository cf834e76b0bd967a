"""Blocks in the West's fog of war against a player who tries to name the hidden enemy blocks [BW L508], [BW L732-L734].

A side holds what the referee sends it: its exported views and `show --side` (text and JSON), with its own orders.
Public to everyone: the scenario (every block id), the seed (`aa-ref log` prints it, the examples use a readable
one) and the log's start. Not the log's entries, which list every move: the log is the referee's
(docs/architecture.md, "Fog of war"). The opaque names under which a side sees the enemy's upright blocks must
come from none of it, and a block back on the map after its elimination must not carry its old name.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import shutil
from collections.abc import Iterable
from pathlib import Path

import pytest

from aa_ref.core.session import apply_orders, new_game
from aa_ref.core.setups import load_setup
from aa_ref.core.yamlio import parse_yaml, to_plain
from tests.e2e.conftest import Cli
from tests.e2e.test_bitw_example import SEED, orders_in_play_order

OLD_GAME = Path(__file__).resolve().parents[1] / "data" / "bitw" / "old-game"
"""A game played before game files held a view secret (see its README.md)."""
SCENARIO = load_setup("bitw-demo")
SIDES = ("axis", "allies")
WORD = re.compile(r"[\w.\-|]{3,}")
HEX = re.compile(r"(?:[0-9a-f]{2})+")
SECRET_LINE = re.compile(r"^view_secret: ['\"]?([0-9a-f]{64})['\"]?$", re.M)


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Cli:
    monkeypatch.chdir(tmp_path)
    return Cli(tmp_path)


def _ok(result) -> str:
    assert result.exit_code == 0, result.output
    return result.output


def side_material(cli: Cli, side: str) -> tuple[list[str], set[str]]:
    """Everything `side` receives from the referee now (the exported view's text, `show --side` as text and JSON)
    and the opaque names in it; each of the three names the same hidden blocks."""
    _ok(cli("export", "game.yaml", "--side", side, "-o", f"{side}-view.yaml", "--force"))
    exported = (cli.folder / f"{side}-view.yaml").read_text()
    text = _ok(cli("show", "game.yaml", "--side", side))
    as_json = _ok(cli("show", "game.yaml", "--side", side, "--json"))
    names = {b for b in to_plain(parse_yaml(exported).data)["blocks"] if b not in SCENARIO.blocks}
    assert names == {b for b in json.loads(as_json)["blocks"] if b not in SCENARIO.blocks}
    assert all(name in text for name in names)
    return [exported, text, as_json], names


def guessed_names(keys: Iterable[str], lives: range = range(4)) -> set[str]:
    """Every opaque name a player can compute from the strings `keys`, for every block of the (public) scenario,
    the way aa-ref's source (public too) could: the bare hash of seed and block of old, and an HMAC of block and life
    keyed by each string (as text, and as bytes when it is hex), with and without the 'bitw-view|' prefix."""
    out = set()
    for key in set(keys):
        raw = [key.encode()] + ([bytes.fromhex(key)] if HEX.fullmatch(key) else [])
        for block in SCENARIO.blocks:
            out.add(hashlib.sha256(f"bitw-view|{key}|{block}".encode()).hexdigest()[:10])
            for life in lives:
                out.add(hashlib.sha256(f"bitw-view|{key}|{block}|{life}".encode()).hexdigest()[:10])
                for k in raw:
                    for message in (f"bitw-view|{block}|{life}", f"{block}|{life}"):
                        out.add(hmac.new(k, message.encode(), hashlib.sha256).hexdigest()[:10])
    return {"hidden-" + digest for digest in out}


def public_strings(cli: Cli) -> set[str]:
    """What every player knows: the seed, the scenario's ids, the log's start (setup, options, seed)."""
    start = json.loads((cli.folder / "game.log.yaml").read_text())["start"]
    return {SEED, SCENARIO.id, *SCENARIO.blocks, *SCENARIO.hexes, *SCENARIO.powers, *WORD.findall(json.dumps(start))}


def test_no_string_a_side_holds_recomputes_the_opaque_names(cli: Cli) -> None:
    """Through the basic example, at five moments, each side's whole material (with the orders template the referee
    may send the side the game waits for) and the public strings: no guess from any of them gives an opaque name the
    side was shown (the old names were sha256(seed, block): the seed is public, so every hidden block could be
    named)."""
    _ok(cli("new", "bitw-demo", "-o", "game.yaml", "--seed", SEED))
    held: dict[str, list[str]] = {side: [] for side in SIDES}
    shown: dict[str, set[str]] = {side: set() for side in SIDES}
    orders = orders_in_play_order()
    moments = {0, 1, 11, 12, len(orders)}
    for n in range(len(orders) + 1):
        if n:
            _ok(cli("apply", "game.yaml", orders[n - 1], "--in-place"))
            power = to_plain(parse_yaml(orders[n - 1].read_text()).data)["power"]
            held[power].append(orders[n - 1].read_text())  # a side's own orders are its own
        if n in moments:
            for side in SIDES:
                material, names = side_material(cli, side)
                held[side] += material
                shown[side] |= names
            template = _ok(cli("template", "game.yaml"))  # the skeleton the referee may send (the log's head in it)
            held[to_plain(parse_yaml(template).data)["power"]].append(template)
    for side in SIDES:
        assert shown[side], f"the {side} were shown no hidden block"
        keys = public_strings(cli) | {word for text in held[side] for word in WORD.findall(text)}
        assert SEED in keys
        found = guessed_names(keys) & shown[side]
        assert not found, f"the {side} can name hidden blocks from what they hold: {sorted(found)[:5]}"


def _views(folder: Path) -> dict[str, dict]:
    from aa_ref.core.session import load_game
    from aa_ref.games.blocks_in_the_west.views import view

    loaded = load_game(folder / "game.yaml")
    return {side: view(loaded.setup, loaded.game, side).model_dump(mode="json") for side in SIDES}  # type: ignore[arg-type]


def test_two_games_with_the_same_public_inputs_name_their_hidden_blocks_apart(tmp_path: Path) -> None:
    """Two games of one scenario with one seed and the same orders reach the same state; a name that derived from
    anything public would be the same in both. Each side sees the same hexes and nations in both games, under names
    the other game never uses."""
    views = []
    for twin in ("one", "two"):
        folder = tmp_path / twin
        folder.mkdir()
        new_game("bitw-demo", folder / "game.yaml", seed=SEED)
        apply_orders(folder / "game.yaml", orders_in_play_order()[:3], in_place=True)
        views.append(_views(folder))
    for side in SIDES:
        one, two = (v[side]["blocks"] for v in views)
        hidden_one = {n for n in one if n not in SCENARIO.blocks}
        hidden_two = {n for n in two if n not in SCENARIO.blocks}
        assert len(hidden_one) == len(hidden_two) > 5
        assert sorted((b["hex"], b["power"]) for b in one.values()) == sorted((b["hex"], b["power"]) for b in two.values())
        assert not hidden_one & hidden_two, f"the {side} see the same opaque names in two games: {hidden_one & hidden_two}"


def test_a_block_back_on_the_map_after_its_elimination_has_a_new_name(cli: Cli) -> None:
    """The basic example: the 3e Armée (fr_inf_2) stands hidden in e5 at the start, surrenders out of supply in May
    and is rebuilt in Paris in June [BW L1202]. The Axis must not recognise it: the one name that appears in
    Paris with the rebuild is none the Axis was ever shown."""
    _ok(cli("new", "bitw-demo", "-o", "game.yaml", "--seed", SEED))
    orders = orders_in_play_order()
    rebuild = next(i for i, path in enumerate(orders) if "place: fr_inf_2" in path.read_text())
    ever: set[str] = set()
    names: set[str] = set()
    for path in orders[:rebuild]:
        names = side_material(cli, "axis")[1]
        ever |= names
        _ok(cli("apply", "game.yaml", path, "--in-place"))
    before = side_material(cli, "axis")[1]
    ever |= before
    referee = json.loads(_ok(cli("show", "game.yaml", "--json")))
    assert referee["blocks"]["fr_inf_2"]["hex"] is None  # eliminated
    _ok(cli("apply", "game.yaml", orders[rebuild], "--in-place"))
    referee = json.loads(_ok(cli("show", "game.yaml", "--json")))
    assert referee["blocks"]["fr_inf_2"]["hex"] == "paris" and not referee["blocks"]["fr_inf_2"]["revealed"]
    _, after = side_material(cli, "axis")
    view = to_plain(parse_yaml((cli.folder / "axis-view.yaml").read_text()).data)
    arrived = [n for n in after - before if view["blocks"][n]["hex"] == "paris"]
    assert len(arrived) == 1, arrived
    assert arrived[0] not in ever, f"the rebuilt 3e Armée is shown under a name the Axis saw before: {arrived[0]}"
    _ok(cli("replay", "game.yaml"))


def _secret(cli: Cli) -> str:
    found = SECRET_LINE.search((cli.folder / "game.yaml").read_text())
    assert found, "the referee's game file holds no view_secret"
    return found.group(1)


def test_the_view_secret_is_in_the_referees_game_file_only_and_survives_apply_and_undo(cli: Cli) -> None:
    """The secret behind the names is made at `new` (32 random bytes), kept in the game file, and written nowhere
    else: not in the log (whose start holds the public seed), not in any output; `apply` and `undo` keep it."""
    _ok(cli("new", "bitw-demo", "-o", "game.yaml", "--seed", SEED))
    secret = _secret(cli)
    for path in orders_in_play_order()[:2]:
        _ok(cli("apply", "game.yaml", path, "--in-place"))
    assert _secret(cli) == secret
    _ok(cli("undo", "game.yaml"))
    assert _secret(cli) == secret
    outputs = [(cli.folder / "game.log.yaml").read_text(), _ok(cli("log", "game.yaml")), _ok(cli("show", "game.yaml")),
               _ok(cli("show", "game.yaml", "--json")), _ok(cli("replay", "game.yaml")), _ok(cli("template", "game.yaml"))]
    for side in SIDES:
        outputs += side_material(cli, side)[0]
    for text in outputs:
        assert secret not in text and secret[:16] not in text
    other = cli.folder / "other"
    other.mkdir()
    _ok(cli("new", "bitw-demo", "-o", "other/game.yaml", "--seed", SEED))
    assert SECRET_LINE.search((other / "game.yaml").read_text()).group(1) != secret  # type: ignore[union-attr]


def _copy_old_game(cli: Cli) -> None:
    for name in ("scenario.yaml", "game.yaml", "game.log.yaml"):
        shutil.copy(OLD_GAME / name, cli.folder / name)


def test_a_game_from_before_view_secrets_replays_and_plays_on_and_shows_views_once_rekeyed(cli: Cli) -> None:
    """An old game file (no view_secret) loads, replays and takes orders as before; its views would be named by the
    public seed, so `show --side` and `export` refuse, naming `aa-ref rekey`, which gives the referee's file a
    secret and counts the blocks' lives from the log (the log is left as it was)."""
    _copy_old_game(cli)
    assert "view_secret" not in (cli.folder / "game.yaml").read_text()
    _ok(cli("replay", "game.yaml"))
    _ok(cli("show", "game.yaml"))
    (cli.folder / "end.yaml").write_text("kind: bitw-orders\nschema_version: 1\npower: axis\nactions:\n"
                                         "  - end_turn: true\n")
    _ok(cli("apply", "game.yaml", "end.yaml", "--in-place"))
    _ok(cli("replay", "game.yaml"))
    before = cli.snapshot()
    for args in (("show", "game.yaml", "--side", "axis"), ("show", "game.yaml", "--side", "allies", "--json"),
                 ("export", "game.yaml", "--side", "allies", "-o", "allies-view.yaml")):
        refused = cli(*args)
        assert refused.exit_code == 2 and "aa-ref rekey game.yaml" in refused.output, refused.output
        assert "hidden-" not in refused.output
    assert cli.snapshot() == before
    log = (cli.folder / "game.log.yaml").read_bytes()
    _ok(cli("rekey", "game.yaml"))
    secret = _secret(cli)
    assert (cli.folder / "game.log.yaml").read_bytes() == log and secret.encode() not in log
    _ok(cli("replay", "game.yaml"))
    rebuilt = json.loads(_ok(cli("show", "game.yaml", "--json")))["blocks"]
    assert rebuilt["fr_inf_2"]["life"] == 1 and rebuilt["ge_pz_3"]["life"] == 1  # rebuilt; arrived as a reinforcement
    names = {}
    for side in SIDES:
        material, names[side] = side_material(cli, side)
        keys = public_strings(cli) | {word for text in material for word in WORD.findall(text)}
        assert names[side] and not guessed_names(keys) & names[side]
    refused = cli("rekey", "game.yaml")
    assert refused.exit_code == 2 and "--force" in refused.output and _secret(cli) == secret
    _ok(cli("rekey", "game.yaml", "--force"))
    assert _secret(cli) != secret
    for side in SIDES:
        assert not side_material(cli, side)[1] & names[side]  # a new key: every hidden block has a new name
    _ok(cli("replay", "game.yaml"))
