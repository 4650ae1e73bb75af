"""Project -> JSON Schemas (game, edition, components) per game, for editor autocompletion."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardgen.data.load import list_games
from cardgen.data.model import EditionFile, FieldSpec, GameFile, KindSpec
from cardgen.data.yamlsrc import read_source
from cardgen.errors import ProblemsError

_BASE_PROPS: dict[str, Any] = {
    "id": {"type": "string", "description": "unique id of the component in its edition"},
    "kind": {"type": "string"},
    "name": {"type": "string", "description": "the printed name"},
    "count": {"type": "integer", "minimum": 0, "description": "copies in the box (default 1)"},
    "status": {"enum": ["draft", "final"],
               "description": "draft: text written to fit the rules, not from the rulebook"},
    "image": {"type": "string", "description": "art, relative to the game folder"},
    "back_image": {"type": "string", "description": "back art, relative to the game folder"},
    "source": {"type": "string", "description": "the rulebook words this is transcribed from"},
    "notes": {"type": "string"},
}


def write_schemas(project: Path) -> list[Path]:
    """Write schema/<game>.{game,edition,components}.schema.json; return the paths written."""
    out_dir = project / "schema"
    out_dir.mkdir(exist_ok=True)
    written = []
    for game in list_games(project):
        vocab, kinds = _vocabulary(project, game)
        docs = {
            "game": _with_header(GameFile.model_json_schema(by_alias=True), f"{game} game.yaml"),
            "edition": _with_header(EditionFile.model_json_schema(by_alias=True),
                                    f"{game} edition.yaml"),
            "components": components_schema(game, vocab, kinds),
        }
        for name, doc in docs.items():
            path = out_dir / f"{game}.{name}.schema.json"
            path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
            written.append(path)
    return written


def _with_header(schema: dict[str, Any], title: str) -> dict[str, Any]:
    return {"$schema": "http://json-schema.org/draft-07/schema#", "title": title, **schema}


def _vocabulary(project: Path, game: str) -> tuple[dict[str, list[str]], dict[str, KindSpec]]:
    """Vocab ids and kinds from game.yaml and every edition.yaml (best effort: skips bad files)."""
    vocab: dict[str, list[str]] = {}
    kinds: dict[str, KindSpec] = {}
    root = project / "data" / game
    files = [root / "game.yaml", *sorted(root.glob("*/edition.yaml"))]
    for path in files:
        try:
            data = read_source(path, str(path)).data
        except ProblemsError:
            continue
        if not isinstance(data, dict):
            continue
        for name, terms in (data.get("vocab") or {}).items():
            ids = [str(t["id"]) for t in terms or [] if isinstance(t, dict) and "id" in t]
            vocab.setdefault(name, []).extend(i for i in ids if i not in vocab.get(name, []))
        for name, spec in (data.get("kinds") or {}).items():
            try:
                kinds[name] = KindSpec.model_validate(spec)
            except ValueError:
                continue
    return vocab, kinds


def components_schema(game: str, vocab: dict[str, list[str]],
                      kinds: dict[str, KindSpec]) -> dict[str, Any]:
    """A list of components; each item's allowed keys depend on its kind."""
    variants = [_kind_schema(name, spec, vocab) for name, spec in sorted(kinds.items())]
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": f"{game} components",
        "type": "array",
        "items": {
            "type": "object",
            "required": ["id"],
            "properties": {**_BASE_PROPS, "kind": {"enum": sorted(kinds)}},
            "allOf": variants,
        },
    }


def _kind_schema(name: str, spec: KindSpec, vocab: dict[str, list[str]]) -> dict[str, Any]:
    props = {**_BASE_PROPS, "kind": {"const": name}}
    props.update({f: field_schema(s, vocab) for f, s in spec.fields.items()})
    required = ["id", "kind", *[f for f, s in spec.fields.items() if s.required]]
    return {"if": {"properties": {"kind": {"const": name}}, "required": ["kind"]},
            "then": {"properties": props, "required": required, "additionalProperties": False,
                     "description": spec.description or spec.title or name}}


def field_schema(spec: FieldSpec, vocab: dict[str, list[str]]) -> dict[str, Any]:
    """One field spec as JSON Schema."""
    schema: dict[str, Any] = {}
    if spec.description:
        schema["description"] = spec.description
    simple = {"str": "string", "text": "string", "int": "integer", "float": "number",
              "bool": "boolean", "image": "string", "ref": "string"}
    if spec.type in simple:
        schema["type"] = simple[spec.type]
    if spec.type == "color":
        schema.update(type="string", pattern="^#[0-9A-Fa-f]{6}$")
    if spec.type == "term":
        schema["enum"] = vocab.get(spec.vocab or "", [])
    if spec.choices:
        schema["enum"] = spec.choices
    if spec.min is not None:
        schema["minimum"] = spec.min
    if spec.max is not None:
        schema["maximum"] = spec.max
    if spec.type == "list":
        schema.update(type="array", items=field_schema(spec.of, vocab) if spec.of else {})
    if spec.type == "object":
        fields = spec.fields or {}
        schema.update(type="object", additionalProperties=False,
                      properties={k: field_schema(v, vocab) for k, v in fields.items()},
                      required=[k for k, v in fields.items() if v.required])
    return schema
