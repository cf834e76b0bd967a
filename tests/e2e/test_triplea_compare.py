"""Each TripleA map of ../shared/maps imported and compared with the shipped setup of the same game, space by
space: spaces, adjacency, values, owners, neutrals, islands, installations, convoy and kamikaze zones, powers,
sides, turn order, canals and straits, the war matrix, groups and starting units. The shipped setups follow
their rulebooks; where the map data differs they say so (docs/*-board.md) and keep the map data's units as the
`triplea` variant, which is applied here. Every remaining difference is listed in KNOWN with its reason, so a
new one fails the test rather than hiding. The XMLs are reference data beside the project, not part of it: the
tests skip when they are absent. Then the same orders are applied to a 1941 game begun from the import and to one
begun from the shipped setup: a German destroyer through Suez is refused by both, with the same words."""

from __future__ import annotations

from pathlib import Path

import pytest

from aa_ref.core.setups import load_setup
from aa_ref.core.yamlio import dump_yaml, styled
from aa_ref.features.triplea.importer import import_xml

MAPS = Path(__file__).resolve().parents[3] / "shared" / "maps"

CASES = {
    "aa1941": ("aa1941/WW2v6_1941.xml", "aa1941"),
    "anniversary-1941": ("anniversary/WW2v3-1941.xml", "anniversary-1941"),
    "anniversary-1942": ("anniversary/WW2v3-1942.xml", "anniversary-1942"),
    "global1940": ("global1940_2nd_edition/ww2global40_2nd_edition.xml", "global1940"),
}

ANNIVERSARY_CITIES = {  # TripleA marks a victory city's territory, not the city's name (docs/anniversary-board.md)
    "Australia": "Sydney", "Caucasus": "Stalingrad", "Eastern Canada": "Ottawa", "Eastern United States": "Washington",
    "France": "Paris", "Germany": "Berlin", "Hawaiian Islands": "Honolulu", "India": "Calcutta", "Italy": "Rome",
    "Japan": "Tokyo", "Karelia S.S.R.": "Leningrad", "Kiangsu": "Shanghai", "Kwangtung": "Hong Kong",
    "Philippine Islands": "Manila", "Poland": "Warsaw", "Russia": "Moscow", "United Kingdom": "London",
    "Western United States": "San Francisco"}
GLOBAL_CITIES = {
    "Eastern United States": "Washington", "Egypt": "Cairo", "France": "Paris", "Germany": "Berlin",
    "Hawaiian Islands": "Honolulu", "India": "Calcutta", "Japan": "Tokyo", "Kiangsu": "Shanghai",
    "Kwangtung": "Hong Kong", "New South Wales": "Sydney", "Novgorod": "Leningrad", "Ontario": "Ottawa",
    "Philippines": "Manila", "Poland": "Warsaw", "Russia": "Moscow", "Southern Italy": "Rome",
    "United Kingdom": "London", "Volgograd": "Stalingrad", "Western United States": "San Francisco"}

CARGO_AT_SEA = [  # TripleA puts Japan's Formosa troops aboard the transport in SZ 61; the importer leaves cargo
    # out with a note ("place them on land by hand"), the shipped setup has them in Formosa [@49959]
    "units Formosa Japan artillery: import 0, shipped 1",
    "units Formosa Japan infantry: import 0, shipped 3",
]
KNOWN: dict[str, list[str]] = {
    "aa1941": [],
    "anniversary-1941": [
        *(f"victory city {t}: import {t}, shipped {c}" for t, c in sorted(ANNIVERSARY_CITIES.items())),
        *CARGO_AT_SEA,
    ],
    "anniversary-1942": [
        *(f"victory city {t}: import {t}, shipped {c}" for t, c in sorted(ANNIVERSARY_CITIES.items())),
    ],
    "global1940": [
        # The shipped board is TripleA's Alpha 3 map, which has Yukon Territory; the 2nd Edition map has not
        # (shared/maps/SOURCES.md, "Alpha 3 vs 2nd Edition").
        "adjacency Alaska: shipped also Yukon Territory",
        "adjacency Alberta Saskatchewan Manitoba: shipped also Yukon Territory",
        "adjacency British Columbia: shipped also Yukon Territory",
        "space Yukon Territory: only shipped",
        "units Egypt UK infantry: import 1, shipped 2",  # the variant restores the Alpha 3 map's 2 infantry
        # The installations are the rulebook's [L1955-L1957]: docs/global1940-board.md, departure 2.
        "installations Alexandria: import [], shipped ['naval_base']",
        "installations Egypt: import ['naval_base'], shipped []",
        "installations Gibraltar: import ['naval_base'], shipped ['air_base', 'naval_base']",
        "installations Malta: import [], shipped ['air_base']",
        # The victory condition is in TripleA's triggers only: the importer asks for these groups ("to add").
        "group Europe victory cities: only shipped",
        "group Pacific victory cities: only shipped",
        *(f"victory city {t}: import {t}, shipped {c}" for t, c in sorted(GLOBAL_CITIES.items())),
    ],
}
"""The differences left, each explained; the Caspian Sea is TripleA's SZ 128 (an alias of the shipped name)."""

present = pytest.mark.skipif(not MAPS.exists(), reason="the TripleA maps are not beside the project (../shared/maps)")


def _imported(case: str, tmp_path: Path):
    xml, _ = CASES[case]
    if not (MAPS / xml).exists():
        pytest.skip(f"{xml} is not in ../shared/maps")
    imported = import_xml(MAPS / xml)
    path = tmp_path / f"{case}.yaml"
    path.write_text(dump_yaml(styled(imported.setup)))
    return imported, load_setup(str(path))


def _units(setup, variant: str | None) -> dict[tuple[str, str, str], int]:
    out: dict[tuple[str, str, str], int] = {}
    layers = [(setup.units, 1)]
    if variant and variant in setup.variants:
        layers += [(setup.variants[variant].units_remove, -1), (setup.variants[variant].units_add, 1)]
    for layer, sign in layers:
        for space, by_power in layer.items():
            for power, counts in by_power.items():
                for unit, n in counts.items():
                    key = (space, power, unit)
                    out[key] = out.get(key, 0) + sign * n
    return {k: v for k, v in out.items() if v}


def differences(imported, shipped) -> list[str]:
    """Every difference between an imported setup and a shipped one, in words; shipped names are matched to the
    import's through their aliases (the Caspian Sea is TripleA's SZ 128)."""
    out: list[str] = []
    to_import = {}
    for name, space in shipped.spaces.items():
        match = next((a for a in (name, *space.aliases) if a in imported.spaces), None)
        to_import[name] = match
        if match is None:
            out.append(f"space {name}: only shipped")
    named = {v: k for k, v in to_import.items() if v}
    out += [f"space {n}: only imported" for n in imported.spaces if n not in named]
    for name, space in shipped.spaces.items():
        if to_import[name] is None:
            continue
        mine = imported.spaces[to_import[name]]
        for field in ("kind", "value", "original_owner", "owner", "industrial_complex", "neutral", "island",
                      "impassable", "alignment", "neutral_army", "economy", "convoy_zone", "kamikaze_zone"):
            if getattr(mine, field) != getattr(space, field):
                out.append(f"{field} {name}: import {getattr(mine, field)}, shipped {getattr(space, field)}")
        if bool(mine.victory_city) != bool(space.victory_city):
            out.append(f"victory city {name}: import {mine.victory_city}, shipped {space.victory_city}")
        elif mine.victory_city != space.victory_city:
            out.append(f"victory city {to_import[name]}: import {mine.victory_city}, shipped {space.victory_city}")
        if sorted(mine.installations) != sorted(space.installations):
            out.append(f"installations {name}: import {sorted(mine.installations)}, shipped {sorted(space.installations)}")
        theirs = {to_import.get(a) or a for a in space.adjacent}
        if set(mine.adjacent) - theirs:
            out.append(f"adjacency {name}: import also {', '.join(sorted(set(mine.adjacent) - theirs))}")
        if theirs - set(mine.adjacent):
            out.append(f"adjacency {name}: shipped also {', '.join(sorted(theirs - set(mine.adjacent)))}")
    out += _powers(imported, shipped)
    for side in sorted(set(imported.sides) | set(shipped.sides)):
        if set(imported.sides.get(side, [])) != set(shipped.sides.get(side, [])):
            out.append(f"side {side}: import {imported.sides.get(side)}, shipped {shipped.sides.get(side)}")
    if imported.turn_order != shipped.turn_order:
        out.append(f"turn order: import {imported.turn_order}, shipped {shipped.turn_order}")
    canal = lambda c: (frozenset(c.joins), frozenset(c.controlled_by), frozenset(c.open_to), c.held_since_turn_start)  # noqa: E731
    mine_c, their_c = {c.name: canal(c) for c in imported.canals}, {c.name: canal(c) for c in shipped.canals}
    for name in sorted(set(mine_c) | set(their_c)):
        if mine_c.get(name) != their_c.get(name):
            out.append(f"canal {name}: import {mine_c.get(name)}, shipped {their_c.get(name)}")
    if {(s.name, s.sea_zone) for s in imported.straits} != {(s.name, s.sea_zone) for s in shipped.straits}:
        out.append(f"straits: import {imported.straits}, shipped {shipped.straits}")
    wars = lambda s: {frozenset(p) for p in s.wars_at_start or []}  # noqa: E731
    if wars(imported) != wars(shipped):
        out.append(f"wars at start: import {imported.wars_at_start}, shipped {shipped.wars_at_start}")
    for group in sorted(set(imported.groups) | set(shipped.groups)):
        if group not in imported.groups:
            out.append(f"group {group}: only shipped")
        elif sorted(imported.groups[group]) != sorted(to_import.get(s, s) for s in shipped.groups.get(group, [])):
            out.append(f"group {group}: import {imported.groups[group]}, shipped {shipped.groups.get(group)}")
    if (imported.china and imported.china.model_dump()) != (shipped.china and shipped.china.model_dump()):
        out.append(f"china: import {imported.china}, shipped {shipped.china}")
    mine_u, their_u = _units(imported, None), _units(shipped, "triplea")
    for key in sorted(set(mine_u) | set(their_u)):
        if mine_u.get(key, 0) != their_u.get(key, 0):
            out.append(f"units {' '.join(key)}: import {mine_u.get(key, 0)}, shipped {their_u.get(key, 0)}")
    return out


def _powers(imported, shipped) -> list[str]:
    out = []
    for power in sorted(set(imported.powers) | set(shipped.powers)):
        if power not in imported.powers or power not in shipped.powers:
            out.append(f"power {power}: only {'shipped' if power in shipped.powers else 'imported'}")
            continue
        a, b = imported.powers[power].model_dump(), shipped.powers[power].model_dump()
        a["confined_to"], b["confined_to"] = sorted(a["confined_to"]), sorted(b["confined_to"])
        if a != b:
            out.append(f"power {power}: import {a}, shipped {b}")
    return out


@present
@pytest.mark.parametrize("case", list(CASES))
def test_each_import_matches_its_shipped_setup_but_for_known_differences(case, tmp_path):
    imported, setup = _imported(case, tmp_path)
    shipped = load_setup(CASES[case][1])
    assert sorted(differences(setup, shipped)) == sorted(KNOWN[case])
    assert imported.ruleset == shipped.ruleset and imported.detected  # detected from the XML, and said why


@present
def test_the_1941_import_refuses_a_german_destroyer_through_suez_as_the_shipped_setup_does(cli):
    xml = MAPS / CASES["aa1941"][0]
    if not xml.exists():
        pytest.skip("the 1941 map is not in ../shared/maps")
    assert cli("import-triplea", xml, "-o", "imported.yaml").exit_code == 0
    refusals = []

    def orders(name: str, power: str, phase: str, moves: str = "") -> str:
        (cli.folder / name).write_text(f"kind: orders\nschema_version: 1\nround: 1\npower: {power}\nphase: {phase}\n{moves}")
        return name

    for game, setup in (("imported.game.yaml", "imported.yaml"), ("shipped.game.yaml", "aa1941")):
        assert cli("new", setup, "-o", game, "--seed", "1").exit_code == 0
        # USSR buys and moves nothing (its empty Mobilize is automatic); Germany buys nothing.
        for power, phase in (("USSR", "purchase"), ("USSR", "combat_move"), ("USSR", "noncombat_move"),
                             ("Germany", "purchase")):
            result = cli("apply", game, orders(f"{power}-{phase}.yaml", power, phase), "--in-place")
            assert result.exit_code == 0, result.output
        # The destroyer of SZ 16 through the Suez Canal (SZ 17 to SZ 28), which the Allies hold (Anglo-Egypt Sudan
        # and Middle East are British), and into the Black Sea (SZ 18), closed by the Turkish Straits.
        moves = ("moves:\n  - {units: {destroyer: 1}, from: SZ 16, via: [SZ 17], to: SZ 28}\n"
                 "  - {units: {transport: 1}, from: SZ 16, via: [SZ 17], to: SZ 18}\n")
        result = cli("check", game, orders("suez.yaml", "Germany", "combat_move", moves))
        assert result.exit_code == 1, result.output
        refusals.append(result.output)
    assert "the Suez Canal is closed to Germany: its side must control Anglo-Egypt Sudan and Middle East" in refusals[0]
    assert "ships may not enter or leave SZ 18: the Turkish Straits are closed to them" in refusals[0]
    assert refusals[0] == refusals[1]


def _plays_a_round(case: str, tmp_path: Path) -> None:
    from aa_ref.core import session
    from tests.random_round import play_first_round

    imported, _ = _imported(case, tmp_path)
    path = tmp_path / "auto.yaml"
    session.new_game(str(tmp_path / f"{case}.yaml"), path, seed="autoplay", options={"research": "off"}
                     if imported.ruleset != "aa1941" else None)
    play_first_round(path, 21)
    if case.startswith("anniversary"):  # China's free infantry, counted in the US turn, placed by China
        assert any(e.power == "China" and e.phase == "mobilize" for e in session.load_game(path).log.entries)


@present
@pytest.mark.parametrize("case", ["aa1941", "anniversary-1941"])
def test_an_imported_game_plays_a_round_of_random_legal_orders(case, tmp_path):
    _plays_a_round(case, tmp_path)


@present
@pytest.mark.slow
def test_an_imported_global_game_plays_a_round_of_random_legal_orders(tmp_path):
    _plays_a_round("global1940", tmp_path)
