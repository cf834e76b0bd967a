"""Anniversary Edition movement: what differs from 1941, checked on the paths and legs.

Citations `[@N]` are byte offsets in the rulebook shared/seeds/002_0a0d978b4be288b8.txt.
"""

from __future__ import annotations

from aa_ref.games.axis_allies.rules.air import air_distances
from aa_ref.games.axis_allies.anniversary.ruleset import Anniversary
from aa_ref.games.axis_allies.rules.board import Board
from aa_ref.games.axis_allies.rules.legs import can_move, resolve_legs
from aa_ref.games.axis_allies.rules.movement import check_moves
from aa_ref.games.axis_allies.rules.paths import area_words, blitzed, canal_closed, check_path
from aa_ref.core.engine import OrdersInput
from aa_ref.games.axis_allies.model.orders import Orders
from aa_ref.core.setups import load_setup
from aa_ref.games.axis_allies.model.state import Force, Game
from aa_ref.core.yamlio import parse_yaml
from tests.unit.movement_helpers import SETUP as AA1941_SETUP, start as start_1941

SETUP = load_setup("anniversary-1941")
_START = Anniversary().new_game(SETUP, None, {}, "seed", "x.log.yaml")


def start(power: str = "Germany", phase: str = "combat_move", *techs: str) -> Game:
    game = _START.model_copy(deep=True)
    game.power, game.phase = power, phase
    game.powers[power].technologies = list(techs)
    return game


def orders(game: Game, moves: str) -> OrdersInput:
    text = (f"kind: orders\nschema_version: 1\nround: {game.round}\npower: {game.power}\n"
            f"phase: {game.phase}\nmoves:\n{moves}")
    doc = parse_yaml(text, "orders.yaml")
    return OrdersInput(doc, Orders.model_validate(doc.data))


def problems(game: Game, moves: str) -> str:
    return "\n".join(str(p) for p in check_moves(Board(SETUP, game), orders(game, moves), game.phase))


def test_a_bombing_raid_passes_the_path_checks_like_any_bomber_attack():
    """`bombing: true` changes nothing in the path rules [@61293]: range, neutrals, landing."""
    game = start()
    board = Board(SETUP, game)
    given = orders(game, "  - {units: {bomber: 1}, from: Germany, via: [Poland, Baltic States], to: Karelia S.S.R., "
                         "bombing: true}")
    legs, bad = resolve_legs(board, given)
    assert not bad and legs[0].bombing
    assert check_path(board, given, legs[0], game.phase) == []


def test_china_area_in_words_and_air_reach_confined():
    """China's area [@49894], [@50258]; its fighter never flies outside it (ruling A27)."""
    board = Board(SETUP, start("China"))
    assert area_words(board, "China") == "China, Kiangsu, Kwangtung and Manchuria"
    reach = air_distances(board, "Yunnan", "China")
    assert set(reach) <= set(SETUP.powers["China"].confined_to)
    assert "Burma" in air_distances(board, "Yunnan", "USA")


def test_chinese_fighter_never_lands_at_sea():
    """The Flying Tigers never land on carriers (ruling A27): sea zones are outside the area."""
    game = start("China", "noncombat_move")
    game.spaces["SZ 61"].forces = [Force(power="USA", units={"carrier": 1})]
    text = problems(game, "  - {units: {fighter: 1}, from: Yunnan, via: [Fukien], to: SZ 61}")
    assert "SZ 61 is outside it" in text


def test_long_range_fighter_keeps_its_range_into_the_noncombat_move():
    """Combat and Noncombat moves share the range [@66166]; Long-Range Aircraft makes it 6 [@58018]."""
    board = Board(SETUP, start("Germany", "noncombat_move", "long_range_aircraft"))
    flown = Force(power="Germany", units={"fighter": 1}, moved=4, combat=True)
    assert can_move(board, flown, "fighter", 2)
    assert not can_move(Board(SETUP, start("Germany", "noncombat_move")), flown, "fighter", 1)


def test_mechanized_infantry_does_not_blitz_without_a_tank_each():
    """Each infantry is paired 1:1 with a tank (ruling A18); otherwise the group stops."""
    game = start("Germany", "combat_move", "mechanized_infantry")
    game.spaces["Baltic States"].forces = []
    board = Board(SETUP, game)
    pair = orders(game, "  - {units: {tank: 1, infantry: 1}, from: Poland, via: [Baltic States], to: Belorussia}")
    assert blitzed(board, resolve_legs(board, pair)[0][0], "Germany") == "Baltic States"
    crowd = orders(game, "  - {units: {tank: 1, infantry: 2}, from: Poland, via: [Baltic States], to: Belorussia}")
    assert blitzed(board, resolve_legs(board, crowd)[0][0], "Germany") is None
    assert "land units stop in the first hostile territory they enter (Baltic States)" in problems(
        game, "  - {units: {tank: 1, infantry: 2}, from: Poland, via: [Baltic States], to: Belorussia}")


def test_paratroopers_are_a_second_leg_reported_at_their_key():
    """The infantry of a bomber move [@55972] is its own leg, with problems at `paratroopers`."""
    game = start("Germany", "combat_move", "paratroopers")
    board = Board(SETUP, game)
    given = orders(game, "  - {units: {bomber: 1}, from: Germany, via: [Poland], to: Baltic States, paratroopers: 1}")
    legs, _ = resolve_legs(board, given)
    assert [leg.units for leg in legs] == [{"bomber": 1}, {"infantry": 1}]
    assert legs[1].drop and legs[1].unit_loc("infantry") == ("moves", 0, "paratroopers")
    assert legs[1].in_place(board) is None


def test_paratroopers_drop_only_in_a_hostile_territory():
    """The bomber stops in the first hostile territory [@55972]: a friendly end carries none."""
    game = start("Germany", "combat_move", "paratroopers")
    text = problems(game, "  - {units: {bomber: 1, fighter: 1}, from: Germany, to: Poland, paratroopers: 1}")
    assert "only a move of bombers alone carries paratroopers" in text
    assert "paratroopers drop into a hostile territory: Poland is not one" in text


def test_canal_taken_this_turn_is_open_in_1941_but_not_in_the_anniversary_edition():
    """1941 reads canal control when the ship moves [L284]; the Anniversary Edition at the
    start of the turn [@39538]."""
    game = start("UK", "noncombat_move")
    game.turn.captured = ["Trans-Jordan"]
    assert "this turn" in canal_closed(Board(SETUP, game), "SZ 34", "SZ 15", "UK")
    old = start_1941("UK", "noncombat_move")
    old.turn.captured = ["Middle East"]
    assert canal_closed(Board(AA1941_SETUP, old), "SZ 17", "SZ 28", "UK") is None
    old.spaces["Middle East"].owner = "Germany"
    assert "closed to UK" in canal_closed(Board(AA1941_SETUP, old), "SZ 17", "SZ 28", "UK")


def test_mechanized_infantry_moving_alone_gets_a_hint():
    """Infantry moves 2 only in the same move as a tank (ruling A18, [@57256])."""
    game = start("Germany", "noncombat_move", "mechanized_infantry")
    text = problems(game, "  - {units: {infantry: 1}, from: Poland, via: [Germany], to: France}")
    assert "only in the same move as a tank" in text
