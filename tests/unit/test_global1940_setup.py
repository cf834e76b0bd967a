"""The Global 1940 setup (board and Alpha 3+ starting setup): loads, validates, and says what the
rulebook says. [Lnnn] = line of shared/seeds/000_f34e5ec93fbfbe5a.txt (the rulebook); the board
facts the rulebook does not give come from the TripleA Alpha 3 map data (docs/global1940-board.md)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from aa_ref.games.axis_allies.rules.checks import setup_problems
from aa_ref.core.documents import parse_model, shape_problems
from aa_ref.core.session import new_game, ruleset_for, scenarios
from aa_ref.core.setups import SETUPS_DIR, load_setup
from aa_ref.games.axis_allies.model.setup import Setup
from aa_ref.core.yamlio import Document, load_yaml

PATH = SETUPS_DIR / "global1940.yaml"
SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "000_f34e5ec93fbfbe5a.txt"

TREASURY = {"Germany": 30, "USSR": 37, "Japan": 26, "USA": 52, "China": 12, "UK": 45, "Italy": 10,
            "ANZAC": 10, "France": 19}
"""Starting IPCs [L244-L252], in each setup table's header [L1879]...[L2033]; UK = 28 + 17 [L1946]."""

UNIT_COLUMNS = ["infantry", "artillery", "mech_infantry", "tank", "aa_gun", "fighter", "tactical_bomber", "bomber",
                "carrier", "battleship", "cruiser", "destroyer", "submarine", "transport"]
"""The columns of the setup tables [L1880]: Fanteria ... Navi trasporto."""

TOTALS = {  # each power's units summed over its setup table, in UNIT_COLUMNS order
    "Germany": [36, 8, 4, 9, 6, 5, 5, 2, 0, 1, 2, 0, 5, 2],   # [L1881-L1896]
    "USSR": [45, 3, 2, 2, 6, 2, 1, 0, 0, 0, 1, 0, 2, 0],      # [L1902-L1919]
    "Japan": [37, 8, 1, 1, 5, 11, 8, 2, 3, 2, 2, 4, 2, 3],    # [L1925-L1942]
    "UK": [28, 4, 2, 2, 9, 8, 2, 1, 1, 3, 6, 5, 0, 4],        # [L1948-L1974]
    "ANZAC": [8, 1, 0, 0, 2, 3, 0, 0, 0, 0, 1, 1, 0, 1],      # [L1980-L1986]
    "Italy": [17, 5, 1, 3, 4, 3, 0, 1, 0, 1, 2, 2, 1, 3],     # [L1992-L2001]
    "USA": [8, 2, 4, 1, 4, 6, 1, 1, 1, 1, 4, 3, 1, 3],        # [L2007-L2018]
    "China": [17, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0],     # [L2024-L2029]
    "France": [15, 2, 0, 2, 1, 2, 0, 0, 0, 0, 2, 2, 0, 0],    # [L2035-L2046]
}


@pytest.fixture(scope="module")
def setup() -> Setup:
    return load_setup("global1940")


def _problems(mutate) -> list[str]:
    """The content problems of the shipped file after `mutate(data)` changes its data."""
    doc = load_yaml(PATH)
    data = doc.data
    mutate(data)
    changed = Document(doc.path, data, doc.text)
    return [p.message for p in setup_problems(parse_model(changed, "setup"), changed)]


def _totals(setup: Setup, power: str) -> list[int]:
    count: Counter[str] = Counter()
    for by_power in setup.units.values():
        count.update(by_power.get(power, {}))
    return [count[u] for u in UNIT_COLUMNS]


# --- loads and validates -------------------------------------------------------
def test_the_setup_passes_its_schema_and_every_content_check(setup):
    doc = load_yaml(PATH)
    assert shape_problems(doc, "setup") == []
    assert setup_problems(setup, doc) == []


def test_nine_powers_in_two_sides_and_the_published_turn_order(setup):
    """Nine powers [L385]; Axis Germany, Japan, Italy [L167-L169]; the order of the index [L47-L56]."""
    assert setup.sides == {"Axis": ["Germany", "Japan", "Italy"],
                           "Allies": ["USSR", "USA", "China", "UK", "ANZAC", "France"]}
    assert setup.turn_order == ["Germany", "USSR", "Japan", "USA", "China", "UK", "Italy", "ANZAC", "France"]


# --- counts ------------------------------------------------------------------------
def test_board_counts(setup):
    land = [s for s in setup.spaces.values() if s.kind == "land"]
    sea = [s for s in setup.spaces.values() if s.kind == "sea"]
    assert (len(land), len(sea)) == (205, 128)
    assert sum(len(s.adjacent) for s in setup.spaces.values()) // 2 == 832
    assert Counter(s.alignment for s in land if s.neutral) == {"strict": 28, "pro_allies": 8, "pro_axis": 3}
    assert sum(s.convoy_zone for s in sea) == 34
    assert sorted(n for n, s in setup.spaces.items() if s.kamikaze_zone) == [
        "SZ 17", "SZ 19", "SZ 20", "SZ 22", "SZ 35", "SZ 6"]
    assert sorted(n for n, s in setup.spaces.items() if s.impassable) == ["Himalayas", "Pripet Marshes"]


def test_nineteen_victory_cities_eleven_on_the_europe_map_and_eight_on_the_pacific(setup):
    """The Axis needs 8 on the Europe map or 6 on the Pacific map [L297]."""
    cities = {n for n, s in setup.spaces.items() if s.victory_city}
    assert len(cities) == 19
    europe, pacific = setup.groups["Europe victory cities"], setup.groups["Pacific victory cities"]
    assert (len(europe), len(pacific)) == (11, 8)
    assert set(europe) | set(pacific) == cities and not set(europe) & set(pacific)


def test_installations_at_the_start(setup):
    """The tables' Industrie (M/P), Basi Aeree and Basi Navali columns [L1880]."""
    found = Counter(i for s in setup.spaces.values() for i in s.installations)
    assert found == {"major_industrial_complex": 8, "minor_industrial_complex": 12, "air_base": 22, "naval_base": 22}


# --- treasuries and income ---------------------------------------------------------
def test_treasuries_are_the_rulebooks(setup):
    assert {p: s.treasury for p, s in setup.powers.items()} == TREASURY
    uk = setup.powers["UK"].economies
    assert {e: (x.capital, x.treasury) for e, x in uk.items()} == {
        "Europe": ("United Kingdom", 28), "Pacific": ("India", 17)}   # London, Calcutta [L1658-L1660], [L1946]


def test_each_power_and_each_uk_economy_starts_with_its_territories_worth(setup):
    for power, p in setup.powers.items():
        worth = sum(s.value for s in setup.spaces.values() if s.kind == "land" and s.start_owner == power)
        assert worth == p.treasury, power
    for economy, e in setup.powers["UK"].economies.items():
        worth = sum(s.value for s in setup.spaces.values() if s.start_owner == "UK" and s.economy == economy)
        assert worth == e.treasury, economy


def test_a_wrong_economy_treasury_or_territory_is_reported():
    def pacific_18(data):
        data["powers"]["UK"]["economies"]["Pacific"]["treasury"] = 18
        data["powers"]["UK"]["treasury"] = 46

    assert any("Pacific economy starts with 18 IPCs but its territories are worth 17" in m for m in _problems(pacific_18))
    assert any("Burma starts under UK" in m for m in _problems(lambda d: d["spaces"]["Burma"].pop("economy")))
    assert any("not the sum of its economies" in m
               for m in _problems(lambda d: d["powers"]["UK"].update(treasury=44)))


# --- units -------------------------------------------------------------------------
@pytest.mark.parametrize("power", list(TOTALS))
def test_unit_totals_per_power_are_the_tables(setup, power):
    assert _totals(setup, power) == TOTALS[power]


@pytest.mark.skipif(not SEED.exists(), reason="the rulebook seed is not beside the project")
def test_every_row_of_the_rulebook_tables_is_in_the_setup(setup):
    """Reads the tables [L1875-L2046] afresh: 18 tab-separated fields a row."""
    heading = re.compile(r"(Germania|UNIONE SOVIETICA|GIAPPONE|REGNO UNITO|ANZAC|ITALIA|STATI UNITI|CINA|FRANCE) \d+ IPC")
    powers = dict(zip(["Germania", "UNIONE SOVIETICA", "GIAPPONE", "REGNO UNITO", "ANZAC", "ITALIA", "STATI UNITI",
                       "CINA", "FRANCE"], ["Germany", "USSR", "Japan", "UK", "ANZAC", "Italy", "USA", "China", "France"]))
    lines = SEED.read_text(encoding="utf-8").split("\n")[1874:]
    power, rows = None, 0
    for line in lines:
        fields = line.split("\t")
        if m := heading.match(fields[0]):
            power = powers[m.group(1)]
        elif power and len(fields) == 18 and fields[0] and fields[1] != "Fanteria":
            space = setup.space_names.get(fields[0])
            assert space is not None, fields[0]
            units = {u: int(v) for u, v in zip(UNIT_COLUMNS, fields[1:15]) if v.strip() != "-"}
            assert setup.units.get(space, {}).get(power, {}) == units, (power, fields[0])
            rows += 1
    assert rows == 126


def test_every_unit_is_in_a_space_it_may_occupy(setup):
    for space, by_power in setup.units.items():
        kind = setup.spaces[space].kind
        for units in by_power.values():
            for unit in units:
                domain = setup.unit_types[unit].domain
                assert (domain, kind) != ("land", "sea") and (domain, kind) != ("sea", "land"), (space, unit)


def test_misplaced_units_and_installations_are_reported():
    assert any("tank is a land unit" in m for m in _problems(lambda d: d["units"]["SZ 113"]["Germany"].update(tank=1)))
    assert any("naval base needs a coast" in m
               for m in _problems(lambda d: d["spaces"]["Russia"]["installations"].append("naval_base")))
    assert any("two installations of one kind" in m
               for m in _problems(lambda d: d["spaces"]["Germany"]["installations"].append("minor_industrial_complex")))
    assert any("impassable Pripet Marshes" in m
               for m in _problems(lambda d: d["units"].update({"Pripet Marshes": {"USSR": {"infantry": 1}}})))
    assert any("convoy_zone does not apply to territory" in m
               for m in _problems(lambda d: d["spaces"]["Japan"].update(convoy_zone=True)))


def test_the_triplea_variant_removes_only_units_the_setup_has(setup):
    variant = setup.variants["triplea"]
    assert variant.units_remove["SZ 113"] == {"Germany": {"cruiser": 1, "transport": 1}}
    assert any("removes 2 cruiser of Germany from SZ 113" in m
               for m in _problems(lambda d: d["variants"]["triplea"]["units_remove"]["SZ 113"]["Germany"].update(cruiser=2)))


# --- adjacency ---------------------------------------------------------------------
def test_adjacency_is_symmetric(setup):
    for name, space in setup.spaces.items():
        for other in space.adjacent:
            assert name in setup.spaces[other].adjacent, (name, other)


def test_one_way_adjacency_is_reported():
    assert any("adjacency is one-way: Japan lists SZ 19" in m
               for m in _problems(lambda d: d["spaces"]["Japan"]["adjacent"].append("SZ 19")))


# --- spot checks with citations -----------------------------------------------------
def test_map_joining_across_the_seam(setup):
    """Alberta/Saskatchewan/Manitoba touches Yukon and British Columbia; Central US touches Western US;
    South East Mexico touches Mexico [L221-L225]; the sea zone pairs of [L227-L236]."""
    adj = {n: set(s.adjacent) for n, s in setup.spaces.items()}
    assert {"Yukon Territory", "British Columbia"} <= adj["Alberta Saskatchewan Manitoba"]
    assert "Western United States" in adj["Central United States"]
    assert "Mexico" in adj["Southeast Mexico"]
    for zone, others in {11: [64], 28: [64], 51: [64, 65, 66], 52: [66]}.items():
        assert {f"SZ {n}" for n in others} <= adj[f"SZ {zone}"], zone


def test_canals_and_straits(setup):
    """Suez: Egypt and Trans-Jordan; Panama: Central America; Turkish Straits: Turkey; Gibraltar; Danish
    Straits: Denmark [L517-L522]; submarines always pass Gibraltar [L526]; Panama joins SZ 64 and 89 [L505]."""
    canals = {c.name: c for c in setup.canals}
    assert {n: c.controlled_by for n, c in canals.items()} == {
        "Suez Canal": ["Egypt", "Trans-Jordan"], "Panama Canal": ["Central America"], "Turkish Straits": ["Turkey"],
        "Strait of Gibraltar": ["Gibraltar"], "Danish Straits": ["Denmark"]}
    assert canals["Panama Canal"].joins == ["SZ 64", "SZ 89"]
    assert canals["Turkish Straits"].joins == ["SZ 99", "SZ 100"] and setup.spaces["Turkey"].neutral
    assert canals["Strait of Gibraltar"].open_to == ["submarine"]


def test_values_the_rulebook_gives(setup):
    """Japan 8 and Scotland 2 [L1155]; Manchuria 3 [L1167]; Iceland 0 [L469]. The convoy example's United
    Kingdom 8 [L1144] does not fit the UK's Europe treasury of 28 [L1946]: the board's 6 does, and stays."""
    values = {n: setup.spaces[n].value for n in ["Japan", "Scotland", "United Kingdom", "Manchuria", "Iceland"]}
    assert values == {"Japan": 8, "Scotland": 2, "United Kingdom": 6, "Manchuria": 3, "Iceland": 0}


def test_the_convoy_zones_the_rulebook_names(setup):
    """SZ 6 and 19 (Japan), SZ 109 and 119 (Scotland) [L1155]; SZ 97 [L1159]."""
    for zone in ["SZ 6", "SZ 19", "SZ 109", "SZ 119", "SZ 97"]:
        assert setup.spaces[zone].convoy_zone, zone
    assert {"SZ 109", "SZ 119"} <= set(setup.spaces["Scotland"].adjacent)


def test_capitals(setup):
    """Berlin, Rome, Tokyo [L297]; Washington, London, Paris, Moscow [L299]; "Russia (Mosca)" [L1704];
    China has none [L435]; San Francisco is not a capital [L1646]."""
    capitals = {p: s.capital for p, s in setup.powers.items()}
    assert capitals == {"Germany": "Germany", "USSR": "Russia", "Japan": "Japan", "USA": "Eastern United States",
                        "China": None, "UK": "United Kingdom", "Italy": "Southern Italy", "ANZAC": "New South Wales",
                        "France": "France"}
    assert {setup.spaces[c].victory_city for c in capitals.values() if c} == {
        "Berlin", "Moscow", "Tokyo", "Washington", "London", "Rome", "Sydney", "Paris"}


def test_neutrals_the_rulebook_names(setup):
    """Bulgaria and Iraq pro-Axis [L395]; Yugoslavia pro-Allies [L405]; Sweden, Turkey, Switzerland strict
    [L421]; Persia and Northwest Persia are separate neutrals [L387]; five Mongolian territories [L1650]."""
    align = {n: setup.spaces[n].alignment for n in
             ["Bulgaria", "Iraq", "Yugoslavia", "Sweden", "Turkey", "Switzerland", "Persia", "Northwest Persia"]}
    assert align == {"Bulgaria": "pro_axis", "Iraq": "pro_axis", "Yugoslavia": "pro_allies", "Sweden": "strict",
                     "Turkey": "strict", "Switzerland": "strict", "Persia": "pro_allies", "Northwest Persia": "pro_allies"}
    named = [setup.space_names.get(n) for n in ["Olgic", "Tsagaan-Olom", "Central Mongolia", "Ulaanbaatar", "Buyant-Uhaa"]]
    assert set(named) <= set(setup.groups["Mongolia"])
    assert all(setup.spaces[n].neutral and setup.spaces[n].alignment == "strict" for n in setup.groups["Mongolia"])
    assert setup.spaces["Turkey"].neutral_army == {"infantry": 8}


def test_chinese_territories_held_by_japan(setup):
    """Some Chinese territories start under Japan but were originally Chinese [L465]: the Japanese table puts
    units in Kiangsi, Shantung, Kwangsi, Jehol and Kiangsu [L1928-L1937]."""
    for name in ["Kiangsi", "Shantung", "Kwangsi", "Jehol", "Kiangsu", "Manchuria"]:
        space = setup.spaces[name]
        assert (space.original_owner, space.start_owner) == ("China", "Japan"), name
        assert name in setup.powers["China"].confined_to
    assert {"Kwangtung", "Burma"} <= set(setup.powers["China"].confined_to)   # [L451]


def test_uk_economies_of_the_territories(setup):
    """West India (Europe map) is in the Pacific economy [L1662]; Canada's territories are in the Europe one
    [L1664]; India holds Calcutta [L1660]."""
    assert setup.spaces["West India"].economy == "Pacific"
    assert setup.spaces["India"].economy == "Pacific"
    for name in ["Yukon Territory", "British Columbia", "Alberta Saskatchewan Manitoba", "Ontario", "Quebec"]:
        assert setup.spaces[name].economy == "Europe", name


def test_every_space_is_on_a_map(setup):
    """Each space names its map (the map data's Europe, Pacific and border lists and its P40/E40
    sea zones; docs/global1940-board.md); the USSR's two theatres [L325] and the US naval limit
    [L339] read it. West India is on the Europe map but in the Pacific economy [L1662]; Yukon and
    British Columbia are on the Pacific map but in the Europe economy [L1664]."""
    maps = Counter(s.map for s in setup.spaces.values())
    assert maps == {"europe": 183, "pacific": 140, "both": 10}
    assert Counter(s.map for s in setup.spaces.values() if s.kind == "sea") == {"europe": 65, "pacific": 63}
    expected = {"Germany": "europe", "Japan": "pacific", "India": "both", "SZ 1": "pacific", "SZ 63": "pacific",
                "SZ 64": "europe", "SZ 110": "europe", "SZ 102": "europe", "Caspian Sea": "europe",
                "Kazakhstan": "both", "Novosibirsk": "both", "Russia": "europe", "Soviet Far East": "pacific",
                "West India": "europe", "Yukon Territory": "pacific", "British Columbia": "pacific",
                "Western United States": "pacific", "Eastern United States": "europe", "Palau Island": "pacific",
                "Suiyuan": "pacific", "Himalayas": "both", "Kansu": "both"}
    for name, m in expected.items():
        assert setup.spaces[name].map == m, name


def test_a_space_without_a_map_is_reported():
    assert any("Germany has no map" in m for m in _problems(lambda d: d["spaces"]["Germany"].pop("map")))
    assert any("SZ 1 lies on one map" in m for m in _problems(lambda d: d["spaces"]["SZ 1"].__setitem__("map", "both")))


def test_rows_the_rulebook_writes_with_typos_resolve(setup):
    """"Northerner Italy" [L1992], "Tobruck" [L1998], "Suiyuyan" [L2029], "Palau Island" [L1927] (TripleA's
    "Paulau Island"), "Kwantung" [L1771], "Olgic" [L1650] all name board spaces."""
    names = setup.space_names
    assert [names.get(n) for n in ["Northerner Italy", "Tobruck", "Suiyuyan", "Paulau Island", "Kwantung", "Olgic"]] == [
        "Northern Italy", "Tobruk", "Suiyuan", "Palau Island", "Kwangtung", "Olgiy"]
    assert setup.units["Northern Italy"]["Italy"]["bomber"] == 1


def test_unit_profiles_and_aliases(setup):
    """Costs 3/4/4/6/5/10/11/12/20/16/12/8/6/7 [L1258]...[L1602]; carriers take 2 hits [L1486]; a fighter
    or a tank raises a tactical bomber to 4 [L1407], [L1411]; artillery raises infantry or mech [L1280]."""
    cost = {u: setup.unit_types[u].cost for u in UNIT_COLUMNS}
    assert cost == {"infantry": 3, "artillery": 4, "mech_infantry": 4, "tank": 6, "aa_gun": 5, "fighter": 10,
                    "tactical_bomber": 11, "bomber": 12, "carrier": 16, "battleship": 20, "cruiser": 12,
                    "destroyer": 8, "submarine": 6, "transport": 7}
    assert setup.unit_types["carrier"].hits == 2 and setup.unit_types["carrier"].attack == 0
    for unit in ["fighter", "tank"]:
        assert (setup.unit_types[unit].support.unit, setup.unit_types[unit].support.attack) == ("tactical_bomber", 4)
    assert setup.unit_types["artillery"].support.also == ["mech_infantry"]
    assert setup.unit_names.get("strategic bomber") == "bomber" and setup.unit_names.get("AAA") == "aa_gun"


# --- not playable yet ----------------------------------------------------------------
def test_listed_and_a_new_game_starts_with_germany(setup, tmp_path):
    """`games` lists the scenario with its research option [L1799]; `new` starts a game at
    Germany's Purchase & Repair [L47-L56], [L532] with the setup's war matrix [L305]."""
    info = {s.id: s for s in scenarios()}["global1940"]
    assert info.ruleset == "global1940" and info.options == {"research": ["off", "on"]}
    game = new_game("global1940", tmp_path / "g.yaml")
    assert (game.power, game.phase) == ("Germany", "purchase")
    assert ["China", "Japan"] in game.at_war and ["Germany", "USSR"] not in game.at_war
    assert ruleset_for(setup).id == "global1940"
