"""Names in any case, plurals and look-alike characters (issue 20)."""

from __future__ import annotations

from aa_ref.core.names import NameIndex, look_alikes, plurals
from aa_ref.core.setups import load_setup


def test_regular_plurals_of_unit_names() -> None:
    assert plurals("tank") == ["tanks"]
    assert "artilleries" in plurals("artillery")
    assert plurals("aa_gun") == ["aa_guns"]


def test_every_unit_of_every_edition_is_known_in_any_case_and_plural() -> None:
    for game in ("aa1941", "anniversary-1941", "global1940"):
        units = load_setup(game).unit_names
        for name in ("Infantry", "INFANTRIES", "Tanks", "fighters", "Bombers", "battleships", "transports",
                     "submarines", "destroyers", "Carriers"):
            assert units.get(name) is not None, (game, name)
        assert units.get("Tanks") == "tank"
        if game != "aa1941":  # 1941 has no artillery and no cruisers
            assert units.get("Artilleries") == units.get("artillery") == "artillery" and units.get("CRUISERS") == "cruiser"


def test_a_cyrillic_look_alike_is_named_by_position() -> None:
    powers = NameIndex("power", ["Germany", "USSR"])
    message = powers.unknown_message("G\u0435rmany")
    assert "did you mean 'Germany'" in message
    assert "character 2" in message and "CYRILLIC SMALL LETTER IE" in message
    assert look_alikes("Germany") == [] and "Narnia'" in powers.unknown_message("Narnia")


def test_a_character_of_a_known_name_is_no_look_alike() -> None:
    assert look_alikes("Li\u00e8ge", "li\u00e8ge") == []
    assert look_alikes("Li\u00e8ge") == ["character 3 '\u00e8' is LATIN SMALL LETTER E WITH GRAVE"]
