"""A TripleA game XML is a file from someone else: `import-triplea` refuses entity tricks, inline DTDs,
endless nesting, oversized files and nonsense numbers with one located line and exit 1, writes nothing, and
never shows a traceback. `new` refuses an imported setup that `validate` refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from aa_ref.features.triplea import xmlsafe

TINY = Path(__file__).resolve().parents[1] / "data" / "tiny-triplea.xml"
HEAD = '<?xml version="1.0"?>\n'


def _refused(cli, text: str | bytes, *words: str) -> str:
    path = cli.folder / "hostile.xml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    result = cli("import-triplea", "hostile.xml", "-o", "out.yaml")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and not (cli.folder / "out.yaml").exists()
    for word in words:
        assert word in result.output, result.output
    return result.output


def test_entity_expansion_is_refused_before_anything_is_expanded(cli):
    laughs = HEAD + '<!DOCTYPE game [<!ENTITY a "aaaaaaaaaa">' + "".join(
        f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(8)) + ']>\n<game><info name="&i;"/></game>'
    _refused(cli, laughs, "hostile.xml: entity declarations are not allowed")


def test_external_entities_and_inline_dtds_are_refused(cli):
    _refused(cli, HEAD + '<!DOCTYPE game [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<game><info name="&x;"/></game>',
             "entity declarations are not allowed")
    _refused(cli, HEAD + '<!DOCTYPE game [<!ELEMENT game ANY>]>\n<game/>', "an inline DTD")
    _refused(cli, HEAD + '<!DOCTYPE game [<!ATTLIST game a CDATA "x">]>\n<game/>', "an inline DTD")


def test_tripleas_own_doctype_is_accepted_and_never_fetched(cli):
    text = TINY.read_text().replace('<?xml version="1.0" encoding="UTF-8"?>',
                                    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE game SYSTEM "game.dtd">')
    (cli.folder / "doctype.xml").write_text(text)
    assert cli("import-triplea", "doctype.xml", "-o", "out.yaml").exit_code == 0


def test_broken_xml_is_located_by_line_and_column(cli):
    output = _refused(cli, HEAD + "<game>\n  <map>\n    <territory name='A'>\n</game>\n", "not a readable XML file")
    assert "hostile.xml:5:" in output  # the mismatched tag, where expat found it
    _refused(cli, b"\xff\xfe\x00garbage\x00", "not a readable XML file")
    _refused(cli, '<?xml version="1.0" encoding="true"?>\n<game/>', "not a readable XML file")
    _refused(cli, HEAD + "<game>" + "<a>" * 40 + "</a>" * 40 + "</game>", "nested more than 32 deep")


def test_too_many_elements_and_too_large_files_are_refused(cli, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(xmlsafe, "MAX_ELEMENTS", 50)
    _refused(cli, HEAD + "<game>" + "<x/>" * 60 + "</game>", "more than 50 elements")
    monkeypatch.setattr(xmlsafe, "MAX_BYTES", 100)
    path = cli.folder / "big.xml"
    path.write_text(HEAD + "<game>" + " " * 200 + "</game>")
    result = cli("import-triplea", "big.xml", "-o", "out.yaml")
    assert result.exit_code != 0 and "Traceback" not in result.output and not (cli.folder / "out.yaml").exists()


def test_nonsense_numbers_are_refused_with_what_they_are(cli):
    text = TINY.read_text()
    bad = text.replace('quantity="2"', 'quantity="lots"', 1)
    assert bad != text
    _refused(cli, bad, "hostile.xml: ", "'lots' is not a whole number")
    _refused(cli, text.replace('quantity="2"', 'quantity="99999999999999999999"', 1), "out of range")


def test_new_refuses_an_imported_setup_that_validate_refuses(cli):
    """The user's file as imported, with a capital its power does not hold (what the Anniversary import once
    gave China): `validate` and `new` refuse it alike, and no game is written."""
    assert cli("import-triplea", TINY, "-o", "tiny.yaml").exit_code == 0
    cli.edit("tiny.yaml", "capital: Northland", "capital: Southland")
    checked = cli("validate", "tiny.yaml")
    started = cli("new", "tiny.yaml", "-o", "game.yaml")
    assert checked.exit_code == started.exit_code == 1
    assert "Germany's capital Southland does not start under Germany's control" in started.output
    assert not (cli.folder / "game.yaml").exists()
