"""Sea zones, naval units and naval movement in Blocks in the West (OR 18.0, AR 24.0): the scenario format checked by
`validate` at the offending place, the fog of war over naval units."""

from __future__ import annotations

from pathlib import Path


from aa_ref.games.blocks_in_the_west.ruleset import Bitw, scenario_digest
from aa_ref.games.blocks_in_the_west.views import view
from tests.conformance.bitw_runner import check_expectations, load_scenario, run_case
from tests.located import EditedFile

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "conformance" / "blocks_in_the_west"
EDITS = EditedFile(CASES / "_sea-zones-scenario.yaml", "scenario.yaml")


def test_the_fixture_validates(folder):
    result = EDITS.validate(folder, EDITS.text())
    assert result.exit_code == 0, result.output


def test_an_unknown_adjacent_zone_is_reported(folder):
    EDITS.reported(folder, "    adjacent: [channel]\n", "    adjacent: [channell]\n", "  north_sea:\n", "channell",
                   "unknown sea zone 'channell'; did you mean 'channel'?")


def test_asymmetric_adjacency_is_reported(folder):
    EDITS.reported(folder, "  baltic: {name: Baltic Sea, body: baltic, mined: true, coast: [H60, H61], frozen_in_snow: [H61]}",
                   "  baltic: {name: Baltic Sea, body: baltic, mined: true, adjacent: [north_sea], coast: [H60, H61], frozen_in_snow: [H61]}",
                   "  baltic:", "north_sea", "adjacency goes both ways")


def test_a_zone_washing_an_inland_hex_is_reported(folder):
    EDITS.reported(folder, "    coast: [H10, H01, H11]\n", "    coast: [H10, H01, H12]\n", "channel:", "H12",
                   "not coastal")


def test_a_zone_washing_a_sea_hex_is_reported(folder):
    EDITS.reported(folder, "    coast: [H10, H01, H11]\n", "    coast: [H10, H01, H20]\n", "channel:", "H20",
                   "which is sea")


def test_an_unknown_coast_hex_is_reported(folder):
    EDITS.reported(folder, "    coast: [H10, H01, H11]\n", "    coast: [H10, H01, H111]\n", "channel:", "H111",
                   "unknown hex 'H111'")


def test_a_strait_to_a_zone_not_adjacent_is_reported(folder):
    EDITS.reported(folder, "    straits: {north_sea: [H10, H01]}", "    straits: {baltic: [H10, H01]}",
                   "    straits:", "[H10", "not in its adjacent zones")


def test_an_inland_port_without_a_port_is_reported(folder):
    EDITS.reported(folder, "    inland_ports: {H00: [H10]}", "    inland_ports: {H02: [H10]}", "inland_ports",
                   "[H10]", "has no port")


def test_a_front_beach_off_the_coast_is_reported(folder):
    EDITS.reported(folder, "    front_beaches: {H10: [H01, H11]}", "    front_beaches: {H10: [H01, H21]}",
                   "front_beaches: {H10", "H21", "is not on its coast")


def test_cliffs_off_the_coast_are_reported(folder):
    EDITS.reported(folder, "    cliffs: [H41]", "    cliffs: [H42]", "cliffs:", "H42", "not on its coast")


def test_a_ship_placed_on_land_is_reported(folder):
    EDITS.reported(folder, "  de-uboat2: {hex: H50}", "  de-uboat2: {hex: H51}", "de-uboat2: {hex", "H51",
                   "a land hex without a port")


def test_a_ship_in_an_unknown_zone_is_reported(folder):
    EDITS.reported(folder, "  de-uboat1: {hex: north_sea}", "  de-uboat1: {hex: north_see}", "de-uboat1: {hex",
                   "north_see", "did you mean 'north_sea'?")


def test_a_ship_in_an_enemy_port_is_reported(folder):
    EDITS.reported(folder, "  de-uboat2: {hex: H50}", "  de-uboat2: {hex: H01}", "de-uboat2: {hex", "H01",
                   "which the enemy holds")


def test_too_many_ships_in_a_minor_port_are_reported(folder):
    EDITS.reported(folder, "  de-uboat1: {hex: north_sea}", "  de-uboat1: {hex: H50}", "de-uboat2: {hex", "H50",
                   "bases at most 1 naval unit")


def test_a_ground_unit_at_sea_is_reported(folder):
    EDITS.reported(folder, "  gb-inf1: {hex: H00}", "  gb-inf1: {hex: channel}", "gb-inf1: {hex", "channel",
                   "only naval units are at sea")


def test_a_zone_named_like_a_hex_is_reported(folder):
    EDITS.reported(folder, "  baltic: {name: Baltic Sea,", "  H70: {name: Baltic Sea,", "  H70: {name: Baltic",
                   "{name", "has the name of a hex")


def test_a_scenario_without_sea_zones_keeps_its_digest():
    """`sea_zones` counts in a game's scenario digest only when set (ruleset.TOP_FIELDS_SINCE_DIGEST)."""
    scenario = load_scenario("_sea-scenario.yaml")
    assert "sea_zones" not in scenario.model_fields_set
    data_without = scenario.model_copy(update={"sea_zones": {}})
    assert scenario_digest(data_without) == scenario_digest(scenario)
    zoned = load_scenario("_sea-zones-scenario.yaml")
    assert scenario_digest(zoned) != scenario_digest(zoned.model_copy(update={"sea_zones": {}}))


def test_naval_units_start_at_sea_or_in_port_and_the_enemy_sees_only_where():
    """A U-boat stands upright like every block: the enemy sees where it is and its nation, not which it is nor its
    strength [BW L508]."""
    scenario = load_scenario("_sea-zones-scenario.yaml")
    game = Bitw().new_game(scenario, None, {}, "seed", "game.log.yaml")
    assert game.naval == {"de-uboat1": "north_sea", "de-uboat2": "H50"}
    assert game.blocks["de-uboat1"].hex is None
    axis = view(scenario, game, "axis")
    assert axis.naval["de-uboat1"].at == "north_sea" and axis.naval["de-uboat1"].strength == 2
    assert "de-uboat1" not in axis.off_map
    allies = view(scenario, game, "allies")
    dumped = allies.model_dump_json()
    assert "de-uboat" not in dumped and "U-boat flotilla" not in dumped
    assert sorted(n.at for n in allies.naval.values()) == ["H50", "north_sea"]
    assert all(n.strength is None and n.unit is None for n in allies.naval.values())


# --- OR 18.0 naval movement on variants of the fixture ------------------------------------------------------------
TRACK = ("  - {month: 1940-05, weather: good, reinforcements: {de-inf3: H62, fr-inf3: H12}}\n"
         "  - {month: 1940-06, weather: good, reinforcements: {it-inf2: H74}}\n"
         "  - {month: 1940-07, weather: rain}\n")


def run_variant(tmp_path: Path, edits: list[tuple[str, str]], case_text: str,
                options: str = "{hq_command: 'on', naval_movement: 'on'}") -> list[str]:
    """A case played on the fixture changed by `edits`: the ways it differs from its `expect`."""
    text = EDITS.text()
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    scenario = tmp_path / "variant-scenario.yaml"
    scenario.write_text(text, encoding="utf-8")
    path = tmp_path / "990-variant.yaml"
    path.write_text(f"case: 990\ntitle: variant\nrule: 'BW L2155'\nscenario: '{scenario}'\n"
                    f"options: {options}\n" + case_text, encoding="utf-8")
    case, outcome = run_case(path)
    return check_expectations(case, outcome)


ALLIED_SHIP = """state:
  phase: srm
  power: allies
  blocks:
    gb-churchill: {hex: H00}
    gb-inf2: {hex: H10}
  control: {H41: allies}
orders:
- actions:
  - activate: gb-churchill
    actions: {naval: gb-inf2}
  - ship: gb-inf2
    to: %s
"""
"""(The Allies hold Wilhelmshaven: the Axis, with Hamburg alone, does not control the Atlantic [BW L548].)"""


def test_a_strait_without_its_coasts_is_refused(tmp_path):
    """Without `straits_lose`, a strait is crossed only by a side holding all its coastal hexes [BW L2155]."""
    failures = run_variant(tmp_path, [("    straits_lose: {north_sea: 2}\n", "")], """state:
  phase: srm
  power: axis
  blocks:
    de-hitler: {hex: H62}
    de-inf1: {hex: H50}
  control: {H01: axis}
orders:
- actions:
  - activate: de-hitler
    actions: {naval: de-inf1}
  - ship: de-inf1
    to: Calais
expect:
  verdict: illegal
  errors: [no sea route joins H50 to H01]
""")
    assert not failures, failures


def test_operation_maple_stops_axis_shipping_in_the_atlantic(tmp_path):
    failures = run_variant(tmp_path, [(TRACK, "  - {month: 1944-04, weather: good}\n")], """state:
  phase: srm
  power: axis
  blocks:
    de-hitler: {hex: H62}
    de-inf1: {hex: H50}
  control: {H31: axis}
orders:
- actions:
  - activate: de-hitler
    actions: {naval: de-inf1}
  - ship: de-inf1
    to: H31
expect:
  verdict: illegal
  errors: [the Axis makes no naval movement in the Atlantic]
  rule_cited: BW L2193
""")
    assert not failures, failures


def test_operation_maple_the_channel_mines_spare_the_allies(tmp_path):
    """From April 1944 the Axis rolls no mine-sub dice in the Channel [BW L2189]."""
    failures = run_variant(tmp_path, [(TRACK, "  - {month: 1944-04, weather: good}\n")], ALLIED_SHIP % "H01" + """expect:
  verdict: legal
  blocks:
    gb-inf2: {hex: H01, strength: 3}
  rolls: []
""")
    assert not failures, failures


def test_operation_maple_atlantic_interdiction_hits_only_on_a_six(tmp_path):
    """From April 1944 the Axis rolls 1 die in the Atlantic, hitting only on a 6 [BW L2191] (digest A52: a hit is one
    step)."""
    for die, strength in ((5, 3), (6, 2)):
        failures = run_variant(tmp_path, [(TRACK, "  - {month: 1944-04, weather: good}\n")], ALLIED_SHIP % "H31" + f"""
dice: [{die}]
expect:
  verdict: legal
  blocks:
    gb-inf2: {{hex: H31, strength: {strength}}}
  rolls: [{die}]
""")
        assert not failures, (die, failures)


def test_the_baltic_exemption_ends_with_riga_and_tallinn_allied(tmp_path):
    """The Axis rolls in the Baltic when the Soviet Union holds Riga and Tallinn [BW L2173]."""
    edits = [("  H71: {at: [7, 1], nation: germany}", "  H71: {at: [7, 1], nation: germany, name: Riga}"),
             ("  H72: {at: [7, 2], nation: germany}", "  H72: {at: [7, 2], nation: germany, name: Tallinn}")]
    case = """state:
  phase: srm
  power: axis
  blocks:
    de-hitler: {hex: H62}
    de-inf1: {hex: H60}
  control: {H71: allies, H72: %s}
orders:
- actions:
  - activate: de-hitler
    actions: {naval: de-inf1}
  - ship: de-inf1
    to: Kolberg
%s
expect:
  verdict: legal
  blocks:
    de-inf1: {hex: H61, strength: %d}
  rolls: %s
"""
    assert not run_variant(tmp_path, edits, case % ("allies", "dice: [5]", 3, "[5]"))
    assert not run_variant(tmp_path, edits, case % ("axis", "", 4, "[]"))


def test_the_enemy_controlling_the_body_of_water_calls_for_the_roll(tmp_path):
    """No mines, no U-boat: an Axis shipment in the Atlantic rolls because the Allies hold London, a major port
    [BW L548], [BW L2163]."""
    failures = run_variant(tmp_path, [], """state:
  phase: srm
  power: axis
  blocks:
    de-hitler: {hex: H62}
    de-inf1: {hex: H50}
  control: {H31: axis}
orders:
- actions:
  - activate: de-hitler
    actions: {naval: de-inf1}
  - ship: de-inf1
    to: H31
dice: [2]
expect:
  verdict: legal
  blocks:
    de-inf1: {hex: H31}
  rolls: [2]
""")
    assert not failures, failures


# --- AR 24.0 amphibious invasions at infantry TECH 3 ---------------------------------------------------------------
TECH3 = [("tech: {infantry: 2, marines: 2, tank: 2, fighter: 2,", "tech: {infantry: 3, marines: 3, tank: 2, fighter: 2,"),
         ("  infantry: {1: {attack: 6, defence: 6, mp: 3}, 2: {attack: 6, defence: 5, mp: 4}}",
          "  infantry: {1: {attack: 6, defence: 6, mp: 3}, 2: {attack: 6, defence: 5, mp: 4}, 3: {attack: 5, defence: 5, mp: 4}}")]
AMPHIBIOUS = "{hq_command: 'on', amphibious: 'on'}"
LANDING = """state:
  phase: srm
  power: allies
  blocks:
    gb-churchill: {hex: H00}
    %s: {hex: H10}
orders:
- actions:
  - activate: gb-churchill
    actions: {naval: %s}
  - land: %s
    to: %s
"""


def test_tech3_marines_land_on_one_forbidden_feature_at_a_hit(tmp_path):
    """At infantry TECH 3 Marines may land on a forest at the cost of a hit on landing [BW L2338]."""
    failures = run_variant(tmp_path, TECH3, LANDING % ("gb-mar1", "gb-mar1", "gb-mar1", "H21") + """dice: [1]
expect:
  verdict: legal
  blocks:
    gb-mar1: {hex: H21, strength: 2}
  notes: [gb-mar1 lands on forest (Marines at TECH 3)]
""", AMPHIBIOUS)
    assert not failures, failures


def test_tech3_marines_never_land_on_two_features(tmp_path):
    """Never a landing on a hex with two such features (Hamburg: cliffs and a Major City) [BW L2338]."""
    failures = run_variant(tmp_path, TECH3, LANDING % ("gb-mar1", "gb-mar1", "gb-mar1", "H41") + """expect:
  verdict: illegal
  errors: ['H41 has cliffs and forest: never a landing on two such features']
  rule_cited: BW L2338
""", AMPHIBIOUS)
    assert not failures, failures


def test_tech3_regular_infantry_still_lands_only_on_clear_front_beaches(tmp_path):
    """The TECH 3 exception is the Marines' only [BW L2338]: regular infantry lands on a front-beach, never on cliffs or
    forest."""
    failures = run_variant(tmp_path, TECH3, LANDING % ("gb-inf2", "gb-inf2", "gb-inf2", "H21") + """expect:
  verdict: illegal
  errors: [H21 is not a front-beach of H10]
""", AMPHIBIOUS)
    assert not failures, failures



def test_a_frozen_port_off_the_coast_is_reported(folder):
    EDITS.reported(folder, "frozen_in_snow: [H61]", "frozen_in_snow: [H62]", "frozen_in_snow:", "H62",
                   "is not on its coast")


# --- ports closed to supply: frozen (AR 9.0), Operation Maple (OR 18.1.3) ------------------------------------------
def _sea_supply(month: str, weather: str, options: dict[str, str]) -> set[str]:
    """The ports Germany draws supply from by a sea line Hamburg-Dunkirk (Dunkirk held by the Axis) and
    Stettin-Kolberg."""
    from aa_ref.games.blocks_in_the_west import supply
    from aa_ref.games.blocks_in_the_west.board import Board
    from aa_ref.games.blocks_in_the_west.scenario import SeaLine, Turn

    scenario = load_scenario("_sea-zones-scenario.yaml")
    scenario = scenario.model_copy(update={
        "sea_lines": [SeaLine(between=["H50", "H31"]), SeaLine(between=["H60", "H61"])],
        "turns": [Turn(month=month, weather=weather)]})
    game = Bitw().new_game(scenario, None, {"hq_command": "on", **options}, "seed", "game.log.yaml")
    game.control["H31"] = "axis"
    game.weather = weather  # type: ignore[assignment]
    board = Board(scenario, game)
    return supply.sea_ports(board, "germany", {"H50", "H60"})


def test_operation_maple_closes_the_axis_atlantic_ports_to_supply():
    """From April 1944 the Axis "non possono usare nessuno dei porti dell'Atlantico come fonte di rifornimento"
    [BW L2192] (OR 18.0 in play); the Baltic stays open."""
    assert "H31" in _sea_supply("1944-03", "good", {"naval_movement": "on"})
    assert _sea_supply("1944-04", "good", {"naval_movement": "on"}) == {"H61"}
    assert "H31" in _sea_supply("1944-04", "good", {})  # OR 18.0 not in play


def test_a_frozen_port_supplies_nothing_in_snow():
    """White-anchor ports freeze in snow: no supply from or to them [BW L1622-L1626] (AR 9.0)."""
    assert "H61" in _sea_supply("1940-01", "snow", {})
    assert "H61" not in _sea_supply("1940-01", "snow", {"rules": "advanced"})
    assert "H61" in _sea_supply("1940-01", "good", {"rules": "advanced"})


def test_a_landing_ban_off_the_coast_is_reported(folder):
    EDITS.reported(folder, "landing_bans: [{hexes: [H11], festung: H01}]", "landing_bans: [{hexes: [H21], festung: H01}]",
                   "landing_bans:", "H21", "not on its coast")


def test_a_landing_ban_without_fort_is_reported(folder):
    EDITS.reported(folder, "landing_bans: [{hexes: [H11], festung: H01}]", "landing_bans: [{hexes: [H11]}]",
                   "landing_bans:", "{hexes", "names no fort or Festung")


def test_forts_forbid_the_hexes_they_cover(tmp_path):
    """Utrecht: no invasion while Den Haag and Amsterdam both have a fort [BW L2334] (a ban on `forts`)."""
    edits = [("landing_bans: [{hexes: [H11], festung: H01}]", "landing_bans: [{hexes: [H11], forts: [H01]}]")]
    case = LANDING % ("gb-mar1", "gb-mar1", "gb-mar1", "H11")
    case = case.replace("    gb-mar1: {hex: H10}\n", "    gb-mar1: {hex: H10}\n    de-fort1: {hex: H01, strength: 5}\n", 1)
    failures = run_variant(tmp_path, edits, case + """expect:
  verdict: illegal
  errors: [H11 has a forbidden hex while H01 have forts (24.2)]
""", AMPHIBIOUS)
    assert not failures, failures


# --- OR 18.2 resource shipping ---------------------------------------------------------------------------------------
DUNKIRK = [("  H31: {at: [3, 1], nation: france, terrain: hill, name: Dunkirk, port: minor, coastal: true}",
            "  H31: {at: [3, 1], nation: france, terrain: hill, name: Dunkirk, port: minor, coastal: true, "
            "production: {yellow: 2}}"),
           ("sea_lines:\n  - {between: [H00, H01]}\n", "sea_lines:\n  - {between: [H00, H01]}\n  - {between: [H50, H31]}\n")]
SHIPPING = """state:
  phase: supply
  power: axis
  blocks:
    fr-inf1: {hex: H32}
    fr-inf2: {hex: H41}
  control: {H31: axis, H41: allies}
orders:
- actions:
  - {next_phase: production}
"""


def test_pp_shipped_through_enemy_waters_roll_one_die_each(tmp_path):
    """Dunkirk's 2 PP reach Germany only by the sea line Hamburg-Dunkirk through the North Sea, in an Atlantic the
    Allies control (London): 1 die a PP, a 6 is lost [BW L2203-L2205]."""
    failures = run_variant(tmp_path, DUNKIRK, SHIPPING + """dice: [6, 3]
expect:
  verdict: legal
  rolls: [6, 3]
  pp: {germany: 20}
  notes: ["germany receives 11 PP", "germany's 2 yellow PP by sea: [6, 3], 1 lost"]
""")
    assert not failures, failures


def test_pp_shipped_without_naval_movement_roll_nothing(tmp_path):
    failures = run_variant(tmp_path, DUNKIRK, SHIPPING + """expect:
  verdict: legal
  rolls: []
  pp: {germany: 21}
""", "{hq_command: 'on'}")
    assert not failures, failures
