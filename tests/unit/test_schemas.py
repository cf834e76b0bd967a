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
    for kind in MODELS:
        schema = json_schema(kind)
        assert "kind" in schema["properties"] and "schema_version" in schema["properties"]
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
        merged = Document(doc.path, resolve_setup_data(doc.data), doc.text)
        assert shape_problems(merged, "setup") == [], scenario
        assert setup_problems(load_setup(scenario), doc) == [], scenario
