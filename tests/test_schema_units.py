"""data/schema.py: field specs and kinds -> the JSON Schemas editors complete the YAML with."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgen.data.model import FieldSpec, KindSpec
from cardgen.data.schema import components_schema, field_schema, write_schemas
from tests.test_load_units import GAME, _project

VOCAB = {"suit": ["star", "moon"]}


@pytest.mark.parametrize(("spec", "schema"), [
    (FieldSpec(type="str"), {"type": "string"}),
    (FieldSpec(type="text", description="what it does"), {"description": "what it does", "type": "string"}),
    (FieldSpec(type="int", min=1, max=3), {"type": "integer", "minimum": 1, "maximum": 3}),
    (FieldSpec(type="float", min=0), {"type": "number", "minimum": 0}),
    (FieldSpec(type="float", max=0), {"type": "number", "maximum": 0}),
    (FieldSpec(type="bool"), {"type": "boolean"}),
    (FieldSpec(type="image"), {"type": "string"}),
    (FieldSpec(type="ref", kind="card"), {"type": "string"}),
    (FieldSpec(type="color"), {"type": "string", "pattern": "^#[0-9A-Fa-f]{6}$"}),
    (FieldSpec(type="term", vocab="suit"), {"enum": ["star", "moon"]}),
    (FieldSpec(type="term", vocab="none"), {"enum": []}),
    (FieldSpec(type="str", choices=["s", "m"]), {"type": "string", "enum": ["s", "m"]}),
    (FieldSpec(type="list"), {"type": "array", "items": {}}),
    (FieldSpec(type="list", of=FieldSpec(type="term", vocab="suit")),
     {"type": "array", "items": {"enum": ["star", "moon"]}}),
    (FieldSpec(type="object"), {"type": "object", "additionalProperties": False, "properties": {},
                                "required": []}),
    (FieldSpec(type="object", fields={"a": FieldSpec(type="int", required=True),
                                      "b": FieldSpec(type="bool")}),
     {"type": "object", "additionalProperties": False,
      "properties": {"a": {"type": "integer"}, "b": {"type": "boolean"}}, "required": ["a"]}),
])
def test_field_schema(spec: FieldSpec, schema: dict) -> None:
    assert field_schema(spec, VOCAB) == schema


def test_components_schema_has_one_variant_per_kind() -> None:
    kinds = {"token": KindSpec(title="Token"),
             "card": KindSpec(description="a card", fields={"v": FieldSpec(type="int", required=True),
                                                             "t": FieldSpec(type="text")}),
             "mat": KindSpec()}
    schema = components_schema("g", VOCAB, kinds)
    assert schema["title"] == "g components" and schema["type"] == "array"
    items = schema["items"]
    assert items["required"] == ["id"] and items["type"] == "object"
    assert items["properties"]["kind"] == {"enum": ["card", "mat", "token"]}
    assert items["properties"]["count"] == {"type": "integer", "minimum": 0,
                                            "description": "copies in the box (default 1)"}
    card, mat, token = items["allOf"]
    assert card["if"] == {"properties": {"kind": {"const": "card"}}, "required": ["kind"]}
    assert card["then"]["required"] == ["id", "kind", "v"]
    assert card["then"]["additionalProperties"] is False
    assert card["then"]["properties"]["kind"] == {"const": "card"}
    assert card["then"]["properties"]["v"] == {"type": "integer"}
    assert "name" in card["then"]["properties"] and "t" in card["then"]["properties"]
    assert [v["then"]["description"] for v in (card, mat, token)] == ["a card", "mat", "Token"]


def test_write_schemas_merges_every_edition_and_skips_bad_files(tmp_path: Path) -> None:
    _project(tmp_path, {
        "2/edition.yaml": 'edition: "2"\nvocab:\n  suit: [{ id: sun }, { id: star }, 3]\n  ink: ~\n'
                          'kinds:\n  bad: { fields: 3 }\n  tile: { fields: { n: { type: int } } }\n',
        "0a/edition.yaml": "a: [\n", "0b/edition.yaml": "- a list\n"},  # read first, skipped
        game=GAME.replace("    - { id: moon, name: Moon }\n",
                          "    - { id: moon, name: Moon }\n    - { id: 7 }\n"))
    written = write_schemas(tmp_path)
    assert [p.name for p in written] == ["g.game.schema.json", "g.edition.schema.json",
                                         "g.components.schema.json"]
    components = json.loads((tmp_path / "schema" / "g.components.schema.json").read_text())
    assert components["items"]["properties"]["kind"] == {"enum": ["card", "tile", "token"]}
    card = components["items"]["allOf"][0]["then"]["properties"]
    assert card["suit"] == {"enum": ["star", "moon", "7", "sun"]}
    game = json.loads((tmp_path / "schema" / "g.game.schema.json").read_text())
    assert game["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert "default_edition" in game["properties"]  # (its title is pydantic's: GameFile)
    edition = json.loads((tmp_path / "schema" / "g.edition.schema.json").read_text())
    assert edition["$schema"] == game["$schema"] and "extends" in edition["properties"]
    assert (tmp_path / "schema" / "g.game.schema.json").read_text().endswith("}\n")


def test_schemas_are_written_again_over_the_last_ones(tmp_path: Path) -> None:
    _project(tmp_path)
    first = write_schemas(tmp_path)
    assert write_schemas(tmp_path) == first
