"""The JSON Schemas in schemas/ are the ones the models generate (run `aa-ref schema` after a change)."""

from __future__ import annotations

import json
from pathlib import Path

from aa_ref.core.documents import MODELS, json_schema, schema_texts

SCHEMAS = Path(__file__).resolve().parents[2] / "aa_ref" / "schemas"


def test_checked_in_schemas_match_the_models():
    for name, text in schema_texts().items():
        path = SCHEMAS / name
        assert path.exists(), f"{name} missing: run 'aa-ref schema'"
        assert path.read_text() == text, f"{name} is out of date: run 'aa-ref schema'"


def test_every_kind_has_a_schema_with_kind_and_version():
    """Each form a document may take (a setup: complete, or extending another) names both keys."""
    for kind in MODELS:
        schema = json_schema(kind)
        forms = [schema["$defs"][s["$ref"].rsplit("/", 1)[-1]] for s in (schema.get("then"), schema.get("else")) if s]
        for form in forms or [schema]:
            assert "kind" in form["properties"] and "schema_version" in form["properties"], kind
            assert {"kind", "schema_version"} <= set(form["required"]), kind
        json.dumps(schema)


def test_every_shipped_setup_passes_its_json_schema_and_content_checks():
    """Shipped setups are loaded without the JSON Schema pass, so it is run here."""
    from aa_ref.games.axis_allies.rules.checks import setup_problems
    from aa_ref.core.documents import shape_problems
    from aa_ref.core.setups import load_setup, resolve_setup_data, setup_paths
    from aa_ref.core.yamlio import Document, load_yaml

    from aa_ref.games.warzag.pack_checks import pack_problems

    for scenario, path in setup_paths().items():
        doc = load_yaml(path)
        if doc.data["kind"] == "warzag-pack":  # a WARZAG component pack: its own schema and checks
            assert shape_problems(doc, "warzag-pack") == [], scenario
            assert pack_problems(load_setup(scenario), doc) == [], scenario
            continue
        if doc.data["kind"] == "bitw-scenario":  # a Blocks in the West scenario: its own schema and checks
            from aa_ref.games.blocks_in_the_west.scenario_checks import scenario_problems

            assert shape_problems(doc, "bitw-scenario") == [], scenario
            assert scenario_problems(load_setup(scenario), doc) == [], scenario
            continue
        assert shape_problems(doc, "setup") == [], scenario  # the file as written, as an editor checks it
        merged = Document(doc.path, resolve_setup_data(doc.data), doc.text)
        assert shape_problems(merged, "setup") == [], scenario
        assert setup_problems(load_setup(scenario), doc) == [], scenario


def _setup_problems(text: str) -> list[str]:
    from aa_ref.core.documents import shape_problems
    from aa_ref.core.yamlio import parse_yaml

    return [str(p) for p in shape_problems(parse_yaml(text, "s.yaml"), "setup")]


EXTENDING = "kind: setup\nschema_version: 1\nextends: anniversary-1941\nid: mine\n"


def test_a_setup_that_extends_another_gives_only_what_differs():
    """Merged mappings may be partial (a space's owner alone); nothing else is required of the file."""
    text = EXTENDING + "powers: {Japan: {treasury: 40}}\nspaces: {Burma: {owner: Japan}}\nunit_types: {tank: {cost: 5}}\n"
    assert _setup_problems(text) == []


def test_a_setup_that_extends_another_is_still_checked_key_by_key():
    text = EXTENDING + "spaces:\n  Burma: {owner: Japan, valu: 3}\npowers:\n  Japan: {treasury: -1}\n"
    assert _setup_problems(text) == [
        "s.yaml:8:21: powers.Japan.treasury: -1 is less than the minimum of 0",
        "s.yaml:6:31: spaces.Burma.valu: unknown key 'valu'; did you mean 'value'?",
    ]


def test_what_replaces_the_parents_value_is_checked_whole_and_the_file_names_itself():
    """A list replaces the parent's (a canal is given whole); `id` is the extending file's own."""
    text = EXTENDING.replace("id: mine\n", "") + "canals: [{name: Suez}]\n"
    problems = _setup_problems(text)
    assert "s.yaml:1:1: 'id' is a required property" in problems
    assert any("canals.0: 'joins' is a required property" in p for p in problems), problems


def test_a_setup_that_extends_nothing_is_complete():
    text = "kind: setup\nschema_version: 1\nid: mine\nspaces: {Burma: {owner: Japan}}\n"
    problems = _setup_problems(text)
    assert "s.yaml:1:1: 'sides' is a required property" in problems
    assert "s.yaml:4:17: spaces.Burma: 'kind' is a required property" in problems
