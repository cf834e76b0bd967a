"""The JSON Schemas in schemas/ are the ones the models generate (run `aa-ref schema` after a change)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import get_args

import pytest
from pydantic import ValidationError

from aa_ref.core.documents import MODELS, json_schema, model_of, parse_model, schema_texts, shape_problems
from aa_ref.core.errors import InvalidInput
from aa_ref.core.session import new_game
from aa_ref.core.setups import setup_paths
from aa_ref.core.yamlio import load_yaml, parse_yaml
from aa_ref.games.axis_allies.model.setup import MAX_UNITS
from aa_ref.games.axis_allies.model.state import PhaseName
from tests.schema_check import is_document, schema_errors

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


ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = sorted(
    path
    for pattern in ("aa_ref/setups/*.yaml", "examples/**/*.yaml", "tests/**/*.yaml")
    for path in ROOT.glob(pattern)
    if is_document(load_yaml(path).data)
)
"""Every shipped setup, every example file and every test-data file that is a whole document (a `kind:`)."""


def test_the_documents_checked_cover_every_kind_people_write():
    kinds = {load_yaml(path).data["kind"] for path in DOCUMENTS}
    assert kinds >= {"setup", "warzag-pack", "bitw-scenario", "orders", "decision", "warzag-orders", "bitw-orders"}
    assert len(DOCUMENTS) > 200


@pytest.mark.parametrize("path", DOCUMENTS, ids=[str(p.relative_to(ROOT)) for p in DOCUMENTS])
def test_every_shipped_example_and_test_document_passes_its_json_schema(path: Path):
    """As an editor checks it: the file as written, by the jsonschema library, against the checked-in schema."""
    assert schema_errors(path) == []


@pytest.mark.parametrize("scenario", sorted(setup_paths()))
def test_a_new_game_its_log_and_its_secrets_pass_their_json_schemas(scenario: str, tmp_path: Path):
    written: list[str] = []
    new_game(scenario, tmp_path / "game.yaml", seed="schemas", secrets_written=written)
    files = [tmp_path / "game.yaml", tmp_path / "game.log.yaml", *map(Path, written)]
    assert {path: schema_errors(path) for path in files} == {path: [] for path in files}


ORDERS = "kind: orders\nschema_version: 1\nround: 1\npower: USSR\nphase: purchase\n"
DECISION = "kind: decision\nschema_version: 1\nround: 1\npower: UK\nspace: SZ 2\n"


def _refused(kind: str, text: str) -> list[str]:
    """The located problems of `text` as a document of `kind`; pydantic and the JSON Schema both refuse it."""
    doc = parse_yaml(text, "s.yaml")
    with pytest.raises(ValidationError):
        model_of(kind).model_validate(doc.data)
    with pytest.raises(InvalidInput) as refused:
        parse_model(doc, kind)
    assert [str(p) for p in refused.value.problems] == [str(p) for p in shape_problems(doc, kind)]
    return [str(p) for p in refused.value.problems]


PHASES = "['research', 'purchase', 'combat_move', 'conduct_combat', 'noncombat_move', 'mobilize', 'collect_income']"


@pytest.mark.parametrize(("kind", "text", "expected"), [
    ("orders", ORDERS.replace("phase: purchase", "phase: lunch"), f"s.yaml:5:8: phase: 'lunch' is not one of {PHASES}"),
    ("orders", ORDERS + "purchase: {infantry: -4}\n", "s.yaml:6:22: purchase.infantry: -4 is less than the minimum of 0"),
    ("orders", ORDERS + "purchase: {infantry: 100000000000000000}\n",
     "s.yaml:6:22: purchase.infantry: 100000000000000000 is greater than the maximum of 10000"),
    ("orders", ORDERS.replace("purchase", "mobilize") + "place: {Russia: {tank: 10001}}\n",
     "s.yaml:6:24: place.Russia.tank: 10001 is greater than the maximum of 10000"),
    ("decision", DECISION + "casualties: {battleship: -1}\n",
     "s.yaml:6:26: casualties.battleship: -1 is less than the minimum of 0"),
], ids=["phase-lunch", "purchase-negative", "purchase-10e17", "place-over-max", "casualties-negative"])
def test_orders_and_decisions_no_game_can_hold_are_refused_where_they_are_written(kind: str, text: str, expected: str):
    assert _refused(kind, text) == [expected]


def test_the_largest_count_and_zero_are_accepted():
    """Zero means none (templates write `researchers: 0`); `MAX_UNITS` is the most one entry may count."""
    doc = parse_yaml(ORDERS + f"purchase: {{infantry: {MAX_UNITS}, tank: 0}}\n", "s.yaml")
    assert shape_problems(doc, "orders") == []
    assert parse_model(doc, "orders").purchase == {"infantry": MAX_UNITS, "tank": 0}


@pytest.mark.parametrize(("old", "new", "where", "message"), [
    ("phase: purchase", "phase: lunch", "phase", f"'lunch' is not one of {PHASES}"),
    ("infantry: 3", "infantry: 100000000000000000", "units.infantry",
     "100000000000000000 is greater than the maximum of 10000"),
    ("infantry: 3", "infantry: -3", "units.infantry", "-3 is less than the minimum of 0"),
], ids=["phase-lunch", "units-10e17", "units-negative"])
def test_a_game_no_game_can_hold_is_refused_where_it_is_written(tmp_path: Path, old: str, new: str, where: str,
                                                                message: str):
    new_game("aa1941", tmp_path / "game.yaml", seed="schemas")
    text = (tmp_path / "game.yaml").read_text()
    assert old in text
    text = text.replace(old, new, 1)
    line = text[:text.index(new)].count("\n") + 1
    column = text.index(new) - text.rfind("\n", 0, text.index(new)) + new.index(":") + 2
    problems = _refused("game", text)
    assert len(problems) == 1 and problems[0].startswith(f"s.yaml:{line}:{column}: ")
    assert problems[0].endswith(f"{where}: {message}")


def test_the_phases_documents_may_name_are_the_phases_of_the_aa_rulesets():
    from aa_ref.games.axis_allies.anniversary.ruleset import Anniversary
    from aa_ref.games.axis_allies.global1940.ruleset import Global1940
    from aa_ref.games.axis_allies.rules.ruleset import AA1941

    assert {p for ruleset in (AA1941, Anniversary, Global1940) for p in ruleset.phases} == set(get_args(PhaseName))
