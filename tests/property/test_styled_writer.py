"""Property test: `dump_styled`'s fast writer (`yamlio._StyledWriter`) writes exactly the text ruamel.yaml's emitter
writes for the same data (`dump_yaml(styled(data))`), and that text reads back as the data. Where it cannot, it says
so and ruamel.yaml writes; a game file always takes the fast way."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aa_ref.core import session
from aa_ref.core.yamlio import _NotSimple, _StyledWriter, dump_styled, dump_yaml, parse_yaml, styled

WORDS = st.sampled_from([
    "infantry", "West Russia", "SZ 8", "Germany", "on", "off", "yes", "no", "y", "true", "True", "false", "null",
    "Null", "NULL", "~", "", "15", "007", "1.5", "1e3", "1_000", "0x1F", "0o7", ".inf", "-.inf", ".nan", "NaN",
    "-", "a-b", "a.b", "A/B", "(x)", "it's", "a  b", "1941", "-3", "+3", "88c9f2d2e1", "2e", "e2", "_x", "x_",
])
ODD_TEXT = st.text(alphabet=st.sampled_from(list("aZ09 _-./()'+~:#,[]{}\"!&*?|>%@`\\\t\n") + ["é", "\u2028"]),
                   max_size=8)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(min_value=-10**18, max_value=10**18), WORDS, ODD_TEXT)
KEYS = st.one_of(WORDS, ODD_TEXT, st.integers(0, 99))
DATA = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=6),
                                                    st.dictionaries(KEYS, inner, max_size=6)), max_leaves=40)


def fast(data: dict) -> str | None:
    """The fast writer's text, or None where it leaves the data to ruamel.yaml."""
    writer = _StyledWriter()
    try:
        writer.document(data)
    except _NotSimple:
        return None
    return "\n".join(writer.lines) + "\n"


@settings(max_examples=600, deadline=None)
@given(st.dictionaries(KEYS, DATA, min_size=1, max_size=8))
def test_the_fast_writer_writes_what_ruamel_writes(data: dict) -> None:
    text = fast(data)
    if text is not None:
        assert text == dump_yaml(styled(data))
        assert parse_yaml(text, "t.yaml").data == data
    assert dump_styled(data) == dump_yaml(styled(data))


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(WORDS, st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-999, 10**6), WORDS),
                                           lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                                   st.dictionaries(WORDS, inner, max_size=5)),
                                           max_leaves=30), min_size=1))
def test_game_like_data_takes_the_fast_way_and_reads_back(data: dict) -> None:
    """Data made of names, numbers, booleans and null: the fast writer writes it unless a list holds a list or a
    null (left to ruamel.yaml), and the text is ruamel.yaml's."""
    text = fast(data)
    if text is None:
        return
    assert text == dump_yaml(styled(data)) and parse_yaml(text, "t.yaml").data == data


@pytest.mark.parametrize("scenario", ["aa1941", "anniversary-1941", "global1940"])
def test_a_new_game_file_is_written_the_fast_way(tmp_path: Path, scenario: str) -> None:
    path = tmp_path / "game.yaml"
    session.new_game(scenario, path, seed="styled")
    data = session.load_game(path).doc.data
    assert fast(data) == dump_yaml(styled(data)) == path.read_text()


def test_every_kind_of_word_takes_the_fast_way() -> None:
    """Words YAML reads as text, and words it would read as numbers, booleans or null (written quoted), in block and
    flow mappings and lists: the fast writer writes all of them (the properties above are not vacuous)."""
    words = [w for w in WORDS.elements if w not in ("-", "(x)")]  # these two are left to ruamel.yaml
    data = {"block": list(words), "flow": {f"k{i}": w for i, w in enumerate(words[:6])}, "none": None,
            "nested": [{"at": "Kwangsi"}, {"at": "Burma", "with": [1, 2]}], "pairs": [{"at": w} for w in words[:3]],
            "big": {w or "empty": w for w in words}}
    text = fast(data)
    assert text is not None and text == dump_yaml(styled(data)) and parse_yaml(text, "t.yaml").data == data
