"""Unit tests of the core: safe YAML reading, positions, atomic writes, names, dice, hashes."""

from __future__ import annotations

import pytest

from aa_ref.core.auditlog import Log, LogStart, chain_problems, make_entry
from aa_ref.core.dice import RecordedDice, SeededDice, seeded_die
from aa_ref.core.errors import InvalidInput, UsageError
from aa_ref.core.names import NameIndex
from aa_ref.core.yamlio import atomic_write, atomic_write_many, load_yaml, merge_into, parse_yaml, dump_yaml


def test_positions_point_at_the_value():
    doc = parse_yaml("a: 1\nb:\n  c: [1, 2]\n  d: x\n", "t.yaml")
    assert doc.locate(("b", "d")) == (4, 6)
    assert doc.locate(("b", "c", 1)) == (3, 10)
    assert doc.locate(("b", "missing")) == (2, 1)


def test_malformed_yaml_has_a_line_and_column():
    with pytest.raises(InvalidInput) as err:
        parse_yaml("a: [1\n", "bad.yaml")
    (problem,) = err.value.problems
    assert problem.file == "bad.yaml" and problem.line == 2 and "malformed YAML" in problem.message


def test_duplicate_keys_are_rejected():
    with pytest.raises(InvalidInput) as err:
        parse_yaml("a: 1\na: 2\n", "dup.yaml")
    assert "duplicate key" in err.value.problems[0].message


def test_a_json_style_document_reads_as_yaml_reads_it():
    """The JSON fast path (the log) gives what the YAML parser gives, or leaves the document to it: a key given
    twice is refused with its place, NaN is a word in YAML (not a number), and the numbers' sizes are checked."""
    assert parse_yaml('{"a": [1, {"b": null}], "c": "x"}', "j.yaml").data == {"a": [1, {"b": None}], "c": "x"}
    assert parse_yaml('{"a": NaN, "b": -123456789012345678}', "j.yaml").data == {"a": "NaN", "b": -123456789012345678}
    with pytest.raises(InvalidInput) as err:
        parse_yaml('{"a": 1,\n "a": 2}', "dup.json")
    assert "duplicate key" in err.value.problems[0].message and err.value.problems[0].line == 2
    with pytest.raises(InvalidInput) as err:
        parse_yaml('{"a": 1234567890123456789}', "long.json")
    assert "19 digits" in err.value.problems[0].message


def test_alias_bomb_is_rejected_before_expansion():
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        prev = f"*a{i - 1}"
        lines.append(f"a{i}: &a{i} [{', '.join([prev] * 10)}]")
    with pytest.raises(InvalidInput) as err:
        parse_yaml("\n".join(lines) + "\n", "bomb.yaml")
    assert "alias bomb" in err.value.problems[0].message


def test_small_aliases_are_fine():
    doc = parse_yaml("base: &b {infantry: 1}\nother: *b\n", "ok.yaml")
    assert doc.data["other"] == {"infantry": 1}


def test_huge_file_is_refused(tmp_path, monkeypatch):
    import aa_ref.core.yamlio as yamlio

    monkeypatch.setattr(yamlio, "MAX_FILE_BYTES", 100)
    path = tmp_path / "big.yaml"
    path.write_text("a: " + "x" * 200 + "\n")
    with pytest.raises(InvalidInput) as err:
        load_yaml(path)
    assert "too large" in err.value.problems[0].message


def test_missing_file_is_a_usage_error(tmp_path):
    with pytest.raises(UsageError):
        load_yaml(tmp_path / "nope.yaml")


def test_binary_file_is_invalid_input(tmp_path):
    path = tmp_path / "bin.yaml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(InvalidInput):
        load_yaml(path)


def test_atomic_write_replaces_whole(tmp_path):
    path = tmp_path / "f.yaml"
    path.write_text("old\n")
    atomic_write(path, "new\n")
    assert path.read_text() == "new\n"
    assert [p.name for p in tmp_path.iterdir()] == ["f.yaml"]


def test_atomic_write_many_leaves_nothing_on_failure(tmp_path):
    good = tmp_path / "a.yaml"
    good.write_text("keep\n")
    with pytest.raises(UsageError):
        atomic_write_many({str(good): "changed\n", str(tmp_path / "missing-dir" / "b.yaml"): "x\n"})
    assert good.read_text() == "keep\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.yaml"]


def test_merge_keeps_comments_of_surviving_keys():
    doc = parse_yaml("# top comment\na: 1  # keep me\nb: 2\n", "c.yaml")
    text = dump_yaml(merge_into(doc.tree, {"a": 1, "b": 3, "c": 4}))
    assert "# top comment" in text and "# keep me" in text and "b: 3" in text and "c: 4" in text


def test_names_are_case_insensitive_with_aliases_and_suggestions():
    index = NameIndex("space", ["Western Europe", "SZ 5"], {"SZ 5": ["Sea Zone 5"]})
    assert index.get("western europe") == "Western Europe"
    assert index.get("sea zone 5") == "SZ 5"
    assert index.get("Westrn Europe") is None
    assert "did you mean 'Western Europe'" in index.unknown_message("Westrn Europe")


def test_seeded_dice_are_bound_to_their_context():
    dice = SeededDice("seed")
    first = dice.roll("r1/Germany/Karelia/cr1/attack", 20)
    assert first == dice.roll("r1/Germany/Karelia/cr1/attack", 20)
    assert first != dice.roll("r1/Germany/Karelia/cr2/attack", 20)
    assert all(1 <= d <= 6 for d in first)


def test_seeded_dice_are_roughly_uniform():
    rolls = [seeded_die("s", "ctx", i) for i in range(6000)]
    for face in range(1, 7):
        assert 850 < rolls.count(face) < 1150


def test_recorded_dice_are_used_in_order_and_run_out_clearly():
    dice = RecordedDice([1, 2, 3])
    assert dice.roll("a", 2) == [1, 2]
    with pytest.raises(InvalidInput, match="needs 2 dice but only 1"):
        dice.roll("b", 2)


def test_recorded_dice_must_be_faces():
    with pytest.raises(InvalidInput):
        RecordedDice([0, 7])


def test_log_chain_detects_an_edited_entry():
    log = Log(kind="log", schema_version=1, start=LogStart(setup="aa1941", seed="s"))
    entry = make_entry(log, 1, "USSR", "purchase", {"kind": "orders"}, [{"type": "note", "text": "x"}])
    log = log.model_copy(update={"entries": [entry]})
    assert chain_problems(log) == []
    log.entries[0].events[0]["text"] = "edited"
    assert "edited after it was written" in chain_problems(log)[0]
