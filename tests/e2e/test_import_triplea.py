"""`aa-ref import-triplea` on a small XML written for the tests (TripleA's own files are not copied)."""

from __future__ import annotations

from pathlib import Path

from aa_ref.core.yamlio import load_yaml

TINY = Path(__file__).resolve().parents[1] / "data" / "tiny-triplea.xml"


def test_a_triplea_map_becomes_a_setup_and_what_is_not_mapped_is_said(cli):
    result = cli("import-triplea", TINY, "-o", "tiny.yaml")
    assert result.exit_code == 0, result.output
    assert "infantry: unit options not mapped (aa-ref's rules decide them): transportCost=2" in result.output
    assert "politicalActionAttachment" in result.output
    assert "zeppelin: no unit attachment" in result.output
    assert "Ruleset: aa1941, detected: no edition recognised in the game's name 'Tiny Test Map'" in result.output
    assert "Northland: a victory city in TripleA; the 1941 game is won by capitals" in result.output
    setup = load_yaml(cli.folder / "tiny.yaml").data
    assert setup["turn_order"] == ["Germany", "USA"]  # bid steps do not count
    assert setup["powers"]["Germany"] == {"treasury": 5, "capital": "Northland"}
    assert setup["spaces"]["Northland"]["industrial_complex"] is True
    assert "victory_city" not in setup["spaces"]["Northland"]
    assert setup["spaces"]["Neutralia"]["neutral"] is True
    assert setup["spaces"]["SZ 1"]["adjacent"] == ["Northland", "SZ 2"]
    assert setup["unit_types"]["tank"]["cost"] == 5 and setup["unit_types"]["battleship"]["hits"] == 2
    assert setup["units"] == {"Northland": {"Germany": {"infantry": 2, "tank": 1}}, "SZ 2": {"USA": {"battleship": 1}},
                              "Southland": {"USA": {"infantry": 3}}}
    assert cli("validate", "tiny.yaml").exit_code == 0
    anniversary = cli("import-triplea", TINY, "-o", "tiny-a.yaml", "--ruleset", "anniversary")
    assert anniversary.exit_code == 0 and "detected" not in anniversary.output
    assert load_yaml(cli.folder / "tiny-a.yaml").data["spaces"]["Northland"]["victory_city"] == "Northland"


def test_import_refuses_bad_input_and_keeps_files(cli):
    (cli.folder / "bad.xml").write_text("<game><map>")
    bad = cli("import-triplea", "bad.xml", "-o", "out.yaml")
    assert bad.exit_code == 1 and "not a readable XML file" in bad.output and not (cli.folder / "out.yaml").exists()
    (cli.folder / "other.xml").write_text("<html/>")
    assert "not a TripleA game XML" in cli("import-triplea", "other.xml", "-o", "out.yaml").output
    assert cli("import-triplea", TINY, "-o", "t.yaml").exit_code == 0
    assert cli("import-triplea", TINY, "-o", "t.yaml").exit_code == 2  # exists: --force to replace
    assert cli("import-triplea", TINY, "-o", "u.yaml", "--ruleset", "chess").exit_code == 2
