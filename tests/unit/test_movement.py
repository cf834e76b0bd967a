"""Combat Move and Noncombat Move rules; every test names the rulebook line it checks.

Lines are those of the 1941 rules, shared/seeds/001_63934894773eca9e.txt.
"""

from __future__ import annotations

from aa_ref.core.engine import OrdersInput
from aa_ref.games.axis_allies.rules.context import Context
from aa_ref.games.axis_allies.model.orders import Orders
from aa_ref.games.axis_allies.model.state import Force, Game
from aa_ref.core.yamlio import parse_yaml
from tests.unit.movement_helpers import (
    SETUP, check, clear, fighter_after_capture, notes, put, rules, run, start, text, units,
)

# --- orders as a whole: names, ownership, counts ---------------------------------------------


def test_unknown_names_suggest_and_aliases_resolve():
    """Names are matched in any case and by alias; a near miss gets a suggestion (DESIGN)."""
    game = start()
    problems = check(game, "  - {units: {tanks: 2}, from: ukraine, to: Caucasuss}")
    assert "unknown space 'Caucasuss'; did you mean 'Caucasus'?" in text(problems)
    assert len(problems) == 1 and problems[0].line == 7


def test_every_problem_is_reported_at_its_key_L370():
    """All problems at once, each at the key it concerns [L248, L368, L370]."""
    game = start()
    problems = check(game, (
        "  - {units: {infantry: 3}, from: Ukraine, to: Russia}\n"
        "  - {units: {tank: 2}, from: Ukraine, to: Germany}\n"
        "  - {units: {infantry: 1}, from: Eastern Europe, to: Caucasus, via: [Ukraine]}\n"))
    lines = {p.line for p in problems}
    assert {7, 8, 9} <= lines
    assert {"AA1941 L248", "AA1941 L368"} <= rules(problems)


def test_only_own_units_move_L461():
    """In a power's turn only its own units move [L455, L461]."""
    game = start()
    problems = check(game, "  - {units: {tank: 1}, from: Caucasus, to: Russia}")
    assert "belong to USSR" in text(problems) and rules(problems) == {"AA1941 L461"}


def test_a_unit_is_used_by_one_move_only_L385():
    """Moves are simultaneous: the counts of all moves from a space add up [L385]."""
    game = start()
    problems = check(game, (
        "  - {units: {tank: 2}, from: Ukraine, to: Caucasus}\n"
        "  - {units: {tank: 1}, from: Ukraine, to: West Russia, via: []}\n"))
    assert "Germany has 0 tank in Ukraine free for this move, not 1" in text(problems)
    assert "AA1941 L385" in rules(problems)
    assert not check(game, "  - {units: {tank: 1}, from: Ukraine, to: Caucasus}\n"
                           "  - {units: {infantry: 3}, from: Ukraine, to: Caucasus}")


# --- paths ---------------------------------------------------------------------------------


def test_path_steps_must_be_adjacent_L248():
    game = start()
    assert "Ukraine and Germany do not share a border" in text(
        check(game, "  - {units: {tank: 2}, from: Ukraine, to: Germany}"))
    game = start(phase="noncombat_move")
    assert not check(game, "  - {units: {tank: 2}, from: Ukraine, to: Germany, via: [Eastern Europe]}")


def test_land_units_move_their_movement_L368():
    game = start()
    problems = check(game, "  - {units: {infantry: 1}, from: Eastern Europe, to: Caucasus, via: [Ukraine]}")
    assert "infantry moves at most 1 space a turn; this path is 2" in text(problems)
    assert not check(game, "  - {units: {tank: 1}, from: Eastern Europe, to: Caucasus, via: [Ukraine]}")


def test_air_units_count_every_border_L408_L828():
    game = start()
    problems = check(game, "  - {units: {fighter: 1}, from: Germany, to: SZ 10, via: [SZ 5, SZ 6, SZ 9, SZ 2]}")
    assert "fighter moves at most 4 spaces" in text(problems) and "AA1941 L408" in rules(problems)


def test_no_unit_enters_or_overflies_a_neutral_L274():
    game = start()
    problems = check(game, "  - {units: {tank: 1}, from: Eastern Europe, to: Caucasus, via: [Turkey]}")
    assert "Turkey is neutral" in text(problems) and "AA1941 L274" in rules(problems)
    problems = check(game, "  - {units: {fighter: 1}, from: Southern Europe, to: Caucasus, via: [Turkey]}")
    assert "Turkey is neutral" in text(problems)
    assert not check(game, "  - {units: {fighter: 1}, from: Southern Europe, to: Caucasus, via: [Eastern Europe, Ukraine]}")


def test_ships_never_pass_the_turkish_straits_but_air_units_do_L278():
    game = start()
    put(game, "SZ 18", "USSR", {"transport": 1})
    problems = check(game, "  - {units: {destroyer: 1}, from: SZ 16, to: SZ 18, via: [SZ 17]}")
    assert "may not enter or leave SZ 18" in text(problems) and "AA1941 L278" in rules(problems)
    assert not check(game, "  - {units: {fighter: 1}, from: Southern Europe, to: SZ 18, via: [SZ 17]}")


def test_suez_is_open_only_to_the_side_holding_both_banks_L284():
    game = start()
    put(game, "SZ 28", "UK", {"transport": 1})
    moves = "  - {units: {destroyer: 1}, from: SZ 16, to: SZ 28, via: [SZ 17]}"
    problems = check(game, moves)
    assert "Suez Canal is closed to Germany" in text(problems) and "AA1941 L284" in rules(problems)
    game.spaces["Middle East"].owner = "Germany"
    assert "Suez" in text(check(game, moves))  # one bank is not enough
    game.spaces["Anglo-Egypt Sudan"].owner = "Germany"
    assert not check(game, moves)


# --- land units: hostile territory and the blitz -------------------------------------------


def test_land_units_stop_in_the_first_hostile_territory_L370():
    game = start()
    problems = check(game, "  - {units: {tank: 1}, from: Eastern Europe, to: Archangel, via: [Karelia]}")
    assert "must stop in Karelia: it holds enemy units" in text(problems) and "AA1941 L436" in rules(problems)


def test_tank_blitz_through_empty_hostile_territory_captures_it_L436():
    game = start()
    clear(game, "Karelia")
    ctx = run(game, "  - {units: {tank: 1}, from: Eastern Europe, to: Archangel, via: [Karelia]}")
    assert ctx.game.spaces["Karelia"].owner == "Germany"
    assert "Karelia" in ctx.game.turn.captured
    assert "blitzing through Karelia" in notes(ctx)
    assert [b.space for b in ctx.game.turn.battles] == ["Archangel"]


def test_blitzing_tank_may_end_in_friendly_territory_L374():
    game = start()
    clear(game, "Karelia")
    ctx = run(game, "  - {units: {tank: 2}, from: Eastern Europe, to: West Russia, via: [Karelia]}")
    assert units(ctx.game, "West Russia", "Germany") == {"infantry": 3, "tank": 2}
    assert ctx.game.turn.battles == []


def test_no_blitz_through_an_industrial_complex_L808():
    game = start()
    clear(game, "Caucasus")
    problems = check(game, "  - {units: {tank: 1}, from: Ukraine, to: Russia, via: [Caucasus]}")
    assert "enemy industrial complex" in text(problems)


def test_entering_empty_hostile_territory_is_a_battle_L533():
    game = start()
    clear(game, "Karelia")
    ctx = run(game, "  - {units: {infantry: 1}, from: Norway Finland, to: Karelia}")
    battle = ctx.game.turn.battles[0]
    assert (battle.space, battle.kind, battle.came_from) == ("Karelia", "land", ["Norway Finland"])
    assert ctx.game.spaces["Karelia"].owner == "USSR"  # captured in the combat phase, not now
    moved = [f for f in ctx.game.forces("Karelia", "Germany")][0]
    assert (moved.moved, moved.combat) == (1, True)


# --- where a combat move may end -----------------------------------------------------------


def test_combat_move_may_not_end_in_friendly_territory_L372():
    game = start()
    problems = check(game, "  - {units: {infantry: 1}, from: Germany, to: Western Europe}")
    assert "no battle in Western Europe" in text(problems) and "AA1941 L372" in rules(problems)


def test_a_power_never_attacks_its_own_side_L366():
    game = start()
    clear(game, "Karelia")
    game.spaces["Karelia"].owner = "Japan"
    problems = check(game, "  - {units: {infantry: 1}, from: Norway Finland, to: Karelia}")
    assert "held by Japan, an ally" in text(problems) and rules(problems) == {"AA1941 L366"}


def test_ships_may_not_end_in_an_empty_zone_L372():
    game = start()
    problems = check(game, "  - {units: {battleship: 1}, from: SZ 5, to: SZ 6}")
    assert "no battle in SZ 6" in text(problems)


def test_ships_attack_a_zone_holding_only_enemy_transports_L377_L973():
    game = start()
    put(game, "SZ 6", "UK", {"transport": 1})
    ctx = run(game, "  - {units: {battleship: 1}, from: SZ 5, to: SZ 6}")
    assert [(b.space, b.kind) for b in ctx.game.turn.battles] == [("SZ 6", "sea")]


def test_ships_stop_on_entering_a_hostile_zone_L889():
    game = start()
    put(game, "SZ 6", "UK", {"destroyer": 1})
    put(game, "SZ 8", "UK", {"transport": 1})
    problems = check(game, "  - {units: {battleship: 1}, from: SZ 5, to: SZ 8, via: [SZ 6]}")
    assert "ships stop on entering SZ 6" in text(problems) and "AA1941 L889" in rules(problems)


def test_transports_stop_on_meeting_enemy_warships_L440():
    game = start()
    put(game, "SZ 15", "UK", {"battleship": 1})
    problems = check(game, "  - {units: {transport: 1, destroyer: 1}, from: SZ 16, to: SZ 14, via: [SZ 15]}")
    assert "ships stop on entering SZ 15" in text(problems)


def test_submarines_pass_hostile_zones_without_destroyers_L430():
    game = start()
    put(game, "SZ 6", "UK", {"battleship": 1})
    assert not check(game, "  - {units: {submarine: 1}, from: SZ 5, to: SZ 8, via: [SZ 6]}")
    put(game, "SZ 6", "UK", {"destroyer": 1})
    problems = check(game, "  - {units: {submarine: 1}, from: SZ 5, to: SZ 8, via: [SZ 6]}")
    assert "enemy destroyer" in text(problems) and "AA1941 L430" in rules(problems)


def test_ships_starting_beside_enemy_warships_stay_and_fight_L397():
    game = start()
    put(game, "SZ 5", "UK", {"destroyer": 1})
    ctx = run(game)
    assert [(b.space, b.kind) for b in ctx.game.turn.battles] == [("SZ 5", "sea")]
    assert all(f.combat for f in ctx.game.forces("SZ 5", "Germany"))


def test_ships_may_leave_a_hostile_start_zone_without_fighting_L400_L402():
    game = start()
    put(game, "SZ 5", "UK", {"destroyer": 1})
    ctx = run(game, "  - {units: {battleship: 1, submarine: 1}, from: SZ 5, to: SZ 6}")
    assert ctx.game.turn.battles == []
    ctx.game.phase = "noncombat_move"
    problems = check(ctx.game, "  - {units: {battleship: 1}, from: SZ 6, to: SZ 3}")
    assert "AA1941 L690" in rules(problems)


# --- air units in the Combat Move ----------------------------------------------------------


def test_air_units_cannot_capture_an_empty_territory_L653():
    game = start()
    clear(game, "Karelia")
    problems = check(game, "  - {units: {fighter: 1}, from: Germany, to: Karelia, via: [Eastern Europe]}")
    assert "air units cannot capture" in text(problems) and "AA1941 L653" in rules(problems)
    assert not check(game, "  - {units: {fighter: 1}, from: Germany, to: Karelia, via: [Eastern Europe]}\n"
                           "  - {units: {infantry: 1}, from: Norway Finland, to: Karelia}")


def test_air_units_end_the_combat_move_in_a_battle_L372():
    game = start()
    problems = check(game, "  - {units: {fighter: 1}, from: Germany, to: Eastern Europe}")
    assert "no battle in Eastern Europe" in text(problems)


def test_air_units_keep_movement_to_land_L408():
    """A fighter using all 4 moves to attack at sea needs a carrier there [L408, L715]."""
    game = start()
    put(game, "SZ 10", "UK", {"transport": 1})
    problems = check(game, "  - {units: {fighter: 1}, from: Germany, to: SZ 10, via: [SZ 5, SZ 6, SZ 9]}")
    assert "could not land after attacking SZ 10" in text(problems) and "AA1941 L408" in rules(problems)


def test_landing_proof_may_count_on_a_carrier_moving_in_the_noncombat_move_L840_L848():
    game = start("Japan")
    ctx = run(game, "  - {units: {fighter: 1}, from: SZ 45, to: SZ 40, via: [SZ 39]}")
    assert ctx.game.turn.carrier_obligations  # the carrier must come [L848]
    game.spaces["SZ 45"].forces[0].units.pop("carrier")
    problems = check(game, "  - {units: {fighter: 2}, from: SZ 45, to: SZ 40, via: [SZ 39]}")
    assert "not enough carrier room for every fighter" in text(problems) and "AA1941 L715" in rules(problems)
    assert not check(game, "  - {units: {fighter: 1}, from: SZ 45, to: SZ 40, via: [SZ 39]}")  # SZ 46's carrier
    game.spaces["SZ 46"].forces[0].units.pop("carrier")
    problems = check(game, "  - {units: {fighter: 1}, from: SZ 45, to: SZ 40, via: [SZ 39]}")
    assert "could not land after attacking SZ 40" in text(problems) and "AA1941 L408" in rules(problems)


def test_landing_proof_may_count_on_a_carrier_bought_this_turn_L716():
    game = start()
    put(game, "SZ 6", "UK", {"destroyer": 1})
    moves = "  - {units: {fighter: 1}, from: Germany, to: SZ 6, via: [SZ 5], land_at: SZ 5}"
    assert "no carrier can be in SZ 5" in text(check(game, moves))
    game.powers["Germany"].purchased = {"carrier": 1}
    ctx = run(game, moves)
    assert ctx.game.turn.carrier_obligations == ["SZ 5"]


def test_declared_landing_must_be_in_reach_and_friendly_L406_L706_L712():
    game = start()
    put(game, "SZ 6", "UK", {"destroyer": 1})
    problems = check(game, "  - {units: {bomber: 1}, from: Germany, to: SZ 6, via: [SZ 5], land_at: SZ 5}")
    assert "bombers never land at sea" in text(problems) and "AA1941 L712" in rules(problems)
    problems = check(game, "  - {units: {fighter: 1}, from: Germany, to: SZ 6, via: [SZ 5], land_at: Russia}")
    assert "Russia is out of reach" in text(problems) or "moves left after the attack" in text(problems)
    problems = check(game, "  - {units: {fighter: 1}, from: Germany, to: SZ 6, via: [SZ 5], land_at: United Kingdom}")
    assert "United Kingdom is not friendly" in text(problems) and "AA1941 L706" in rules(problems)
    assert not check(game, "  - {units: {fighter: 1}, from: Germany, to: SZ 6, via: [SZ 5], land_at: Western Europe}")


# --- transports and amphibious assaults ----------------------------------------------------

ASSAULT = ("  - {units: {transport: 1}, from: SZ 10, to: SZ 8, via: [SZ 9],"
           " load: [{units: {tank: 1}, from: Eastern Canada}], unload: Western Europe}\n")


def test_amphibious_assault_is_announced_and_cargo_stays_aboard_L412_L442():
    game = start("UK")
    ctx = run(game, ASSAULT + "  - {units: {destroyer: 1}, from: SZ 10, to: SZ 8, via: [SZ 9]}")
    transport = next(f for f in ctx.game.forces("SZ 8", "UK") if f.units == {"transport": 1})
    assert transport.cargo == {"UK": {"tank": 1}} and transport.assault == "Western Europe"
    assert (transport.moved, transport.combat) == (2, True)
    assert units(ctx.game, "Eastern Canada", "UK") == {}
    battle = ctx.game.turn.battles[0]
    assert (battle.space, battle.kind, battle.amphibious_from) == ("Western Europe", "land", ["SZ 8"])


def test_transport_capacity_is_one_land_unit_and_one_infantry_L977():
    game = start("UK")
    put(game, "Eastern Canada", "UK", {"tank": 1, "infantry": 1})
    too_many = ASSAULT.replace("{tank: 1}", "{tank: 2}")
    problems = check(game, too_many)
    assert "lack room" in text(problems) and "AA1941 transports [L977]" in rules(problems)
    assert not check(game, ASSAULT.replace("{tank: 1}", "{tank: 1, infantry: 1}"))


def test_no_loading_in_a_hostile_zone_L991():
    game = start("UK")
    put(game, "SZ 10", "Germany", {"destroyer": 1})
    problems = check(game, ASSAULT + "  - {units: {destroyer: 1}, from: SZ 10, to: SZ 8, via: [SZ 9]}")
    assert "never load in a hostile zone" in text(problems) and "AA1941 L991" in rules(problems)


def test_cargo_loaded_in_the_combat_move_must_assault_L442():
    game = start("UK")
    moves = "  - {units: {transport: 1}, from: SZ 10, to: SZ 10, load: [{units: {tank: 1}, from: Eastern Canada}]}"
    assert "AA1941 L442" in rules(check(game, moves))


def test_combat_move_unloads_only_into_hostile_territory_L995():
    game = start("UK")
    moves = ASSAULT.replace("unload: Western Europe", "unload: United Kingdom")
    assert "AA1941 L995" in rules(check(game, moves))


def test_allied_units_board_only_in_their_owners_turn_L989():
    game = start("UK")
    put(game, "Eastern Canada", "USA", {"infantry": 1})
    moves = ASSAULT.replace("{units: {tank: 1}, from: Eastern Canada}",
                            "{units: {infantry: 1}, from: Eastern Canada, power: USA}")
    problems = check(game, moves)
    assert "USA's units board a transport only in USA's own turn" in text(problems)
    assert "AA1941 L989" in rules(problems)


def test_a_unit_that_moves_cannot_also_board_L987():
    game = start("UK")
    put(game, "Western Canada", "Japan", {"infantry": 1})
    game.spaces["Western Canada"].owner = "Japan"
    problems = check(game, ASSAULT + "  - {units: {tank: 1}, from: Eastern Canada, to: Western Canada}")
    assert "UK has 0 tank in Eastern Canada free for this move, not 1" in text(problems)
    assert problems[0].line == 8 and rules(problems) == {"AA1941 L385"}
    problems = check(game, "  - {units: {tank: 1}, from: Eastern Canada, to: Western Canada}\n" + ASSAULT)
    assert "UK has not 1 tank free to board in Eastern Canada" in text(problems) and "AA1941 L987" in rules(problems)


def test_transports_never_attack_alone_L971():
    game = start("UK")
    clear(game, "SZ 8")
    put(game, "SZ 8", "UK", {"transport": 1}, cargo={"UK": {"infantry": 2}})
    put(game, "SZ 7", "Germany", {"destroyer": 1})
    moves = "  - {units: {transport: 1}, from: SZ 8, to: SZ 7, unload: Western Europe}\n"
    assert "AA1941 L971" in rules(check(game, moves))
    put(game, "SZ 8", "UK", {"battleship": 1})
    ctx = run(game, moves + "  - {units: {battleship: 1}, from: SZ 8, to: SZ 7}")
    assert [(b.space, b.kind) for b in ctx.game.turn.battles] == [("SZ 7", "sea"), ("Western Europe", "land")]


def test_air_units_in_an_assault_with_a_sea_battle_choose_a_battle_L418():
    game = start("UK")
    put(game, "SZ 8", "Germany", {"destroyer": 1})
    base = ASSAULT + "  - {units: {destroyer: 1}, from: SZ 10, to: SZ 8, via: [SZ 9]}\n"
    problems = check(game, base + "  - {units: {fighter: 1}, from: United Kingdom, to: Western Europe, via: [SZ 7]}")
    assert "say which battle these air units join (battle: land)" in text(problems)
    assert "AA1941 L418" in rules(problems)
    problems = check(game, base + "  - {units: {fighter: 1}, from: United Kingdom, to: Western Europe, via: [SZ 7],"
                                  " battle: sea}")
    assert "battle: sea means the air units fight in the offload sea zone" in text(problems)
    ctx = run(game, base + "  - {units: {fighter: 1}, from: United Kingdom, to: Western Europe, via: [SZ 7], battle: land}\n"
                           "  - {units: {bomber: 1}, from: United Kingdom, to: SZ 8, battle: sea}")
    sea = next(b for b in ctx.game.turn.battles if b.space == "SZ 8")
    assert sea.kind == "sea" and sea.air_to_sea == {"bomber": 1}


def test_guest_fighters_ride_a_moving_carrier_as_cargo_L424():
    game = start("UK", "noncombat_move")
    put(game, "SZ 14", "USA", {"fighter": 1})
    ctx = run(game, "  - {units: {carrier: 1, fighter: 1}, from: SZ 14, to: SZ 9}")
    carrier = next(f for f in ctx.game.forces("SZ 9", "UK") if f.units == {"carrier": 1})
    assert carrier.cargo == {"USA": {"fighter": 1}}
    assert units(ctx.game, "SZ 14", "USA") == {}
    assert "carrying 1 USA fighter as cargo" in notes(ctx)
    ctx.game.power = "USA"
    after = run(ctx.game, "  - {units: {fighter: 1}, from: SZ 9, to: Eastern Canada, via: [SZ 10]}")
    assert [f.cargo for f in after.game.forces("SZ 9", "UK") if f.units.get("carrier")] == [{}]
    assert units(after.game, "Eastern Canada", "USA") == {"fighter": 1}


# --- the Noncombat Move --------------------------------------------------------------------


def test_units_that_moved_in_the_combat_move_stay_put_L690():
    game = start(phase="noncombat_move")
    game.spaces["Ukraine"].forces[0].units = {"infantry": 3}
    put(game, "Ukraine", "Germany", {"tank": 2}, moved=1, combat=True)
    problems = check(game, "  - {units: {tank: 1}, from: Ukraine, to: West Russia}")
    assert "AA1941 L690" in rules(problems)
    assert not check(game, "  - {units: {infantry: 1}, from: Ukraine, to: West Russia}")


def test_noncombat_land_moves_stay_in_friendly_territory_L702():
    game = start(phase="noncombat_move")
    problems = check(game, "  - {units: {infantry: 1}, from: West Russia, to: Karelia}")
    assert "Karelia is hostile" in text(problems) and "AA1941 L702" in rules(problems)
    clear(game, "Karelia")
    game.spaces["Karelia"].owner = "Germany"
    game.turn.captured = ["Karelia"]
    assert not check(game, "  - {units: {infantry: 1}, from: West Russia, to: Karelia}")


def test_noncombat_ships_may_not_enter_hostile_zones_L724():
    game = start(phase="noncombat_move")
    put(game, "SZ 6", "UK", {"destroyer": 1})
    problems = check(game, "  - {units: {battleship: 1}, from: SZ 5, to: SZ 6}")
    assert "AA1941 L724" in rules(problems)


def test_noncombat_ships_may_end_beside_enemy_submarines_L955():
    game = start(phase="noncombat_move")
    put(game, "SZ 6", "UK", {"submarine": 1, "transport": 1})
    assert not check(game, "  - {units: {battleship: 1}, from: SZ 5, to: SZ 6}")


def test_noncombat_submarines_stop_at_enemy_destroyers_L728():
    game = start(phase="noncombat_move")
    put(game, "SZ 6", "UK", {"destroyer": 1})
    problems = check(game, "  - {units: {submarine: 1}, from: SZ 5, to: SZ 3, via: [SZ 6]}")
    assert "AA1941 L728" in rules(problems)
    assert not check(game, "  - {units: {submarine: 1}, from: SZ 5, to: SZ 6}")


def test_noncombat_unload_lands_in_friendly_territory_and_ends_the_transport_L987_L991():
    game = start(phase="noncombat_move")
    clear(game, "SZ 5")
    put(game, "SZ 5", "Germany", {"transport": 1}, cargo={"Germany": {"infantry": 1, "tank": 1}})
    problems = check(game, "  - {units: {transport: 1}, from: SZ 5, to: SZ 4, unload: Karelia}")
    assert "Karelia is hostile" in text(problems) and "AA1941 L987" in rules(problems)
    ctx = run(game, "  - {units: {transport: 1}, from: SZ 5, to: SZ 6, unload: Western Europe}")
    landed = next(f for f in ctx.game.forces("Western Europe", "Germany") if f.units == {"infantry": 1, "tank": 1})
    assert landed.done
    transport = ctx.game.forces("SZ 6", "Germany")[0]
    assert transport.done and transport.cargo == {}
    ctx.game.spaces["SZ 6"].forces[0].cargo = {"Germany": {"infantry": 1}}
    assert "AA1941 L732" in rules(check(ctx.game, "  - {units: {transport: 1}, from: SZ 6, to: SZ 5}"))


def test_transport_bridges_between_two_territories_L993():
    game = start(phase="noncombat_move")
    put(game, "SZ 5", "Germany", {"transport": 1})
    ctx = run(game, "  - {units: {transport: 1}, from: SZ 5, to: SZ 5,"
                    " load: [{units: {infantry: 2}, from: Germany}], unload: Norway Finland}")
    assert units(ctx.game, "Norway Finland", "Germany") == {"infantry": 4}


def test_transports_that_were_in_the_combat_move_stay_L732():
    game = start(phase="noncombat_move")
    clear(game, "SZ 16")
    put(game, "SZ 16", "Germany", {"transport": 1}, moved=0, combat=True)
    problems = check(game, "  - {units: {transport: 1}, from: SZ 16, to: SZ 15}")
    assert "AA1941 L732" in rules(problems)


def test_air_units_move_what_the_combat_move_left_them_L692():
    game = fighter_after_capture(3, "Karelia")
    problems = check(game, "  - {units: {fighter: 1}, from: Karelia, to: Germany, via: [Eastern Europe]}")
    assert "fewer than 2 moves left" in text(problems)
    ctx = run(game, "  - {units: {fighter: 1}, from: Karelia, to: West Russia}")
    fighter = next(f for f in ctx.game.forces("West Russia", "Germany") if f.units == {"fighter": 1})
    assert fighter.moved == 4


def test_air_units_land_only_where_friendly_since_the_turn_began_L706():
    game = fighter_after_capture(2, "Karelia", "Archangel")
    problems = check(game, "  - {units: {fighter: 1}, from: Karelia, to: Archangel}")
    assert "Archangel was not friendly at the start of the turn" in text(problems)


def test_an_air_unit_that_can_land_must_not_be_left_out_L715():
    game = fighter_after_capture(3, "Karelia")
    problems = check(game, "  - {units: {infantry: 1}, from: Germany, to: Western Europe}")
    assert "the fighter in Karelia must land (1 moves left): it can reach" in text(problems)
    assert "AA1941 L715" in rules(problems)


def test_air_units_that_cannot_land_are_destroyed_L708():
    game = start(phase="noncombat_move")
    put(game, "SZ 10", "Germany", {"fighter": 1}, moved=4, combat=True)
    ctx = run(game)
    assert units(ctx.game, "SZ 10", "Germany") == {}
    assert "cannot land and is destroyed [L708]" in notes(ctx)


def test_bombers_never_land_at_sea_L712():
    game = start(phase="noncombat_move")
    problems = check(game, "  - {units: {bomber: 1}, from: Germany, to: SZ 5}")
    assert "bombers never land on carriers" in text(problems)


def test_fighters_land_on_a_carrier_with_room_which_then_stays_L712_L860():
    game = start("Japan", "noncombat_move")
    problems = check(game, "  - {units: {fighter: 1}, from: Japan, to: SZ 45}")
    assert "not enough carrier room in SZ 45" in text(problems)
    ctx = run(game, "  - {units: {fighter: 1}, from: Japan, to: SZ 46, via: [SZ 45]}")
    carrier = next(f for f in ctx.game.forces("SZ 46", "Japan") if f.units.get("carrier"))
    assert carrier.done


def test_fighters_may_wait_at_sea_for_a_carrier_bought_this_turn_L716():
    game = start(phase="noncombat_move")
    moves = "  - {units: {fighter: 1}, from: Germany, to: SZ 5}"
    assert "not enough carrier room in SZ 5" in text(check(game, moves))
    game.powers["Germany"].purchased = {"carrier": 1}
    ctx = run(game, moves)
    assert units(ctx.game, "SZ 5", "Germany").get("fighter") == 1


def test_a_carrier_must_move_to_save_its_fighters_L736():
    game = start("Japan", "noncombat_move")
    put(game, "SZ 39", "Japan", {"fighter": 1}, moved=3, combat=True)
    problems = check(game, "  - {units: {infantry: 1}, from: Japan, to: Japan}")
    assert "the carrier in SZ 45 can move to meet it" in text(problems)
    ctx = run(game, "  - {units: {carrier: 1}, from: SZ 45, to: SZ 39}\n"
                    "  - {units: {fighter: 2}, from: SZ 45, to: Japan}")
    assert units(ctx.game, "SZ 39", "Japan") == {"carrier": 1, "fighter": 1}


def test_fighters_left_without_a_carrier_block_the_noncombat_move_L720():
    game = start(phase="noncombat_move")
    put(game, "SZ 8", "UK", {"fighter": 1})
    problems = check(game, "  - {units: {infantry: 1}, from: Germany, to: Western Europe}")
    assert "UK's fighters in SZ 8 have no carrier" in text(problems)
    assert SETUP.spaces["SZ 8"].kind == "sea"


def test_transports_ignore_enemy_submarines_unless_a_destroyer_attacks_L449():
    game = start("UK")
    put(game, "SZ 8", "Germany", {"submarine": 1})
    ctx = run(game, ASSAULT)
    assert [(b.space, b.kind) for b in ctx.game.turn.battles] == [("Western Europe", "land")]
    put(game, "SZ 8", "UK", {"destroyer": 1})
    ctx = run(game, ASSAULT)
    assert [(b.space, b.kind) for b in ctx.game.turn.battles] == [("SZ 8", "sea"), ("Western Europe", "land")]


def test_battle_and_land_at_belong_to_air_units_L418_L840():
    game = start()
    problems = check(game, "  - {units: {tank: 1}, from: Ukraine, to: Caucasus, battle: land, land_at: Germany}")
    assert {"AA1941 L418", "AA1941 L840"} <= rules(problems)
    game = start(phase="noncombat_move")
    problems = check(game, "  - {units: {fighter: 1}, from: Germany, to: Western Europe, land_at: Germany}")
    assert "land where their move ends (Western Europe)" in text(problems)


def test_land_units_go_to_sea_only_as_cargo_L979():
    game = start("UK")
    problems = check(game, "  - {units: {transport: 1, tank: 1}, from: SZ 10, to: SZ 9}")
    assert "list them under load" in text(problems)
    problems = check(game, "  - {units: {tank: 1}, from: Eastern Canada, to: SZ 2, via: [SZ 10]}")
    assert "board or leave a transport in one step" in text(problems) and "AA1941 L987" in rules(problems)


# --- land units boarding or leaving a transport that stays put (an ally's) [L465-L477, L989] ---

def _ally_transport(power: str, phase: str, zone: str, cargo: dict) -> Game:
    game = start(power, phase)
    if zone in game.spaces:
        clear(game, zone)
    put(game, zone, "UK", {"transport": 1}, cargo=cargo)
    return game


def test_land_units_board_an_allys_transport_in_their_own_turn_L989():
    game = _ally_transport("USSR", "noncombat_move", "SZ 4", {"UK": {"infantry": 1}})
    put(game, "Karelia", "USSR", {"tank": 1})
    ctx = run(game, "  - {units: {tank: 1}, from: Karelia, to: SZ 4}")
    transport = ctx.game.forces("SZ 4", "UK")[0]
    assert transport.cargo == {"UK": {"infantry": 1}, "USSR": {"tank": 1}} and not transport.done
    assert units(ctx.game, "Karelia", "USSR") == {"infantry": 3}
    assert "USSR boards 1 tank from Karelia onto UK's transport in SZ 4" in notes(ctx)
    # A unit that moved cannot board: boarding is its whole move [L987].
    game.spaces["Karelia"].forces.append(Force(power="USSR", units={"infantry": 1}, moved=1))
    problems = check(game, "  - {units: {tank: 1, infantry: 4}, from: Karelia, to: SZ 4}")
    assert "USSR has 3 infantry in Karelia free for this move, not 4" in text(problems)
    assert rules(problems) == {"AA1941 L987"}


def test_boarding_in_place_counts_the_cargo_already_aboard_L977():
    game = _ally_transport("USSR", "noncombat_move", "SZ 4", {"UK": {"tank": 1}})
    put(game, "Karelia", "USSR", {"tank": 1})
    problems = check(game, "  - {units: {tank: 1}, from: Karelia, to: SZ 4}")
    assert "lack room for 1 tank" in text(problems) and "(UK's: 1 tank)" in text(problems)
    assert rules(problems) == {"AA1941 L977"}
    assert not check(game, "  - {units: {infantry: 1}, from: Karelia, to: SZ 4}")
    problems = check(game, "  - {units: {infantry: 1}, from: Karelia, to: SZ 4}\n"
                           "  - {units: {infantry: 1}, from: Archangel, to: SZ 4}")
    assert rules(problems) == {"AA1941 L977"} and problems[0].line == 8


def test_no_boarding_or_landing_in_place_in_a_hostile_zone_L991():
    game = _ally_transport("USSR", "noncombat_move", "SZ 4", {"USSR": {"infantry": 1}})
    put(game, "SZ 4", "Germany", {"destroyer": 1})
    for move in ("{units: {infantry: 1}, from: Karelia, to: SZ 4}", "{units: {infantry: 1}, from: SZ 4, to: Archangel}"):
        problems = check(game, f"  - {move}")
        assert "SZ 4 holds enemy warships" in text(problems) and rules(problems) == {"AA1941 L991"}


def test_boarding_in_place_waits_for_the_noncombat_move_L442():
    game = _ally_transport("USSR", "combat_move", "SZ 4", {})
    problems = check(game, "  - {units: {infantry: 1}, from: Karelia, to: SZ 4}")
    assert rules(problems) == {"AA1941 L442"} and "board it in the Noncombat Move" in text(problems)


def test_own_cargo_leaves_an_allys_transport_in_the_noncombat_move_L477_L987():
    game = _ally_transport("USSR", "noncombat_move", "SZ 4", {"UK": {"infantry": 1}, "USSR": {"infantry": 1, "tank": 1}})
    ctx = run(game, "  - {units: {tank: 1}, from: SZ 4, to: Archangel}")
    landed = next(f for f in ctx.game.forces("Archangel", "USSR") if f.units == {"tank": 1})
    assert landed.done and landed.moved == 1
    transport = ctx.game.forces("SZ 4", "UK")[0]
    assert transport.cargo == {"UK": {"infantry": 1}, "USSR": {"infantry": 1}} and transport.done
    assert "USSR lands 1 tank from UK's transport in SZ 4 in Archangel" in notes(ctx)
    # Only the mover's cargo lands; not into hostile territory in the Noncombat Move; one territory a turn.
    game.spaces["SZ 4"].forces[0].cargo = {"UK": {"infantry": 1}}
    problems = check(game, "  - {units: {infantry: 1}, from: SZ 4, to: Archangel}")
    assert "belong to UK: allied cargo lands only in its owner's turn" in text(problems)
    assert rules(problems) == {"AA1941 L989"}
    game = _ally_transport("USSR", "noncombat_move", "SZ 3", {"USSR": {"infantry": 1, "tank": 1}})
    problems = check(game, "  - {units: {infantry: 1}, from: SZ 3, to: Norway Finland}")
    assert "Norway Finland is hostile" in text(problems) and rules(problems) == {"AA1941 L987"}
    problems = check(game, "  - {units: {infantry: 1}, from: SZ 3, to: Iceland}\n"
                           "  - {units: {tank: 1}, from: SZ 3, to: Iceland}")
    assert not problems


def test_a_transport_unloads_in_place_into_one_territory_L991():
    game = _ally_transport("USSR", "noncombat_move", "SZ 4", {"USSR": {"infantry": 1, "tank": 1}})
    problems = check(game, "  - {units: {infantry: 1}, from: SZ 4, to: Archangel}\n"
                           "  - {units: {tank: 1}, from: SZ 4, to: Karelia}")
    assert rules(problems) == {"AA1941 one territory a turn [L991]"} and problems[0].line == 8
    assert "a transport unloads into one territory a turn" in text(problems) and "lands in Archangel" in text(problems)


def test_amphibious_assault_from_an_allys_transport_L477_L509_L997():
    from aa_ref.games.axis_allies.rules.combat import conduct_combat
    from aa_ref.core.dice import RecordedDice

    game = _ally_transport("USSR", "combat_move", "SZ 3", {"UK": {"infantry": 1}, "USSR": {"infantry": 1, "tank": 1}})
    game.spaces["Norway Finland"].forces = [Force(power="Germany", units={"infantry": 1})]
    # Part of the cargo, aboard since an earlier turn, may land; the rest stays aboard [L997].
    assert not check(game, "  - {units: {tank: 1}, from: SZ 3, to: Norway Finland}")
    part = run(game, "  - {units: {tank: 1}, from: SZ 3, to: Norway Finland}").game.forces("SZ 3", "UK")[0]
    assert part.assault == "Norway Finland" and part.stays_aboard == {"infantry": 1}
    assert part.lands("USSR") == {"tank": 1}
    problems = check(game, "  - {units: {tank: 2}, from: SZ 3, to: Norway Finland}")
    assert "has not 2 tank aboard" in text(problems) and rules(problems) == {"AA1941 L991"}
    problems = check(game, "  - {units: {tank: 1, infantry: 1}, from: SZ 3, to: Iceland}")
    assert "held by UK, an ally" in text(problems) and rules(problems) == {"AA1941 L366"}
    ctx = run(game, "  - {units: {tank: 1, infantry: 1}, from: SZ 3, to: Norway Finland}")
    transport = ctx.game.forces("SZ 3", "UK")[0]
    assert transport.assault == "Norway Finland" and transport.cargo["USSR"] == {"infantry": 1, "tank": 1}
    battle = ctx.game.turn.battles[0]
    assert (battle.space, battle.kind, battle.amphibious_from, battle.came_from) == (
        "Norway Finland", "land", ["SZ 3"], [])
    game = ctx.game
    game.phase = "conduct_combat"
    text_orders = ("kind: orders\nschema_version: 1\nround: 1\npower: USSR\nphase: conduct_combat\n"
                   "battles: [{at: Norway Finland, retreat: {}}]\n")
    doc = parse_yaml(text_orders, "orders.yaml")
    ctx = Context(SETUP, game.model_copy(deep=True), RecordedDice([1, 6, 6]))
    conduct_combat(ctx, OrdersInput(doc, Orders.model_validate(doc.data)))
    assert ctx.game.owner("Norway Finland") == "USSR"
    assert units(ctx.game, "Norway Finland", "USSR") == {"infantry": 1, "tank": 1}
    transport = ctx.game.forces("SZ 3", "UK")[0]
    assert transport.cargo == {"UK": {"infantry": 1}} and transport.assault is None
    assert "1 infantry, 1 tank land from SZ 3" in notes(ctx)
