"""Layout templates (layouts/<game>/<name>.yaml, `extends:`) -> merged templates and FaceInfo."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cardgen.data.model import Database
from cardgen.data.yamlsrc import read_source
from cardgen.errors import Problem, ProblemsError, did_you_mean
from cardgen.layout.auto import auto_template
from cardgen.layout.roots import find_layout_file, layout_roots
from cardgen.layout.scope import Scope, number

SHEETS = ("cards", "large", "tokens", "stickers")


@dataclass(frozen=True)
class FaceInfo:
    width: float
    height: float
    bleed: float
    sheet: str
    has_back: bool


# ---------------------------------------------------------------- templates


@cache
def read_template(path: Path) -> dict[str, Any]:
    data = read_source(path, str(path)).data
    if not isinstance(data, dict):
        raise ProblemsError([Problem("bad-layout", "a layout is a mapping (size, elements, ...)",
                                     where=None, path=str(path))])
    return data


def load_template(project: Path, name: str, seen: tuple[str, ...] = ()) -> dict[str, Any]:
    """A template with its `extends` chain merged (child keys win; elements are appended).

    `name` ('mygame/card', 'common/poker-card') is looked up under every `layout_roots`."""
    path = find_layout_file(project, f"{name}.yaml")
    if path is None:
        known = [p.relative_to(root).with_suffix("").as_posix()
                 for root in layout_roots(project) for p in root.rglob("*.yaml")]
        raise ProblemsError([Problem("unknown-layout", f"no layout '{name}' (looked for {name}.yaml "
                                     f"under {project / 'layouts'} and cardgen's shared layouts)",
                                     hint=did_you_mean(name, known))])
    if name in seen:
        raise ProblemsError([Problem("layout-cycle", " -> ".join([*seen, name]))])
    data = dict(read_template(path))
    parent_name = data.pop("extends", None)
    if not parent_name:
        return data
    parent = load_template(project, parent_name, (*seen, name))
    merged = {**parent, **data}
    merged["elements"] = list(parent.get("elements", [])) + list(data.get("elements", []))
    return merged


def template_for(db: Database, kind: str, side: str) -> dict[str, Any] | None:
    """The merged template of a kind's front or back; auto-generated when no file exists.

    Merged once per database and (kind, side): every face of a kind shares it, read-only.
    """
    merged: dict[tuple[str, str], dict[str, Any] | None] = db.__dict__.setdefault("_templates", {})
    if (kind, side) not in merged:
        merged[(kind, side)] = _merged_template(db, kind, side)
    return merged[(kind, side)]


def _merged_template(db: Database, kind: str, side: str) -> dict[str, Any] | None:
    spec = db.game.kinds[kind]
    name = spec.layout or kind if side == "front" else spec.back
    if name is None:
        return None
    for candidate in (f"{db.game.id}/{name}", name):
        if find_layout_file(db.project, f"{candidate}.yaml") is not None:
            return load_template(db.project, candidate)
    autos: dict[tuple[str, str], dict[str, Any]] = db.__dict__.setdefault("_auto_templates", {})
    if (kind, side) not in autos:
        front = template_for(db, kind, "front") if side == "back" else None
        autos[(kind, side)] = auto_template(db, kind, side, front)
    return autos[(kind, side)]


def face_info(db: Database, kind: str) -> FaceInfo:
    """Sheet style and nominal size of a kind (a bound size reads as its first component's)."""
    cache: dict[str, FaceInfo] = db.__dict__.setdefault("_face_info", {})
    if kind not in cache:
        cache[kind] = _face_info(db, kind)
    return cache[kind]


def _face_info(db: Database, kind: str) -> FaceInfo:
    front = template_for(db, kind, "front") or {}
    first = next((c for c in db.components if c.kind == kind), None)
    size = front.get("size", (63.5, 88.9))
    if first is not None:
        scope = Scope(db, first)
        width, height = (number(scope, {"v": v}, "v", 10.0) for v in size)
    else:
        width, height = (float(v) if not isinstance(v, str) else 10.0 for v in size)
    sheet = str(front.get("sheet", "cards"))
    has_back = db.game.kinds[kind].back is not None
    return FaceInfo(width, height, float(front.get("bleed", 3.0)), sheet, has_back)


# ---------------------------------------------------------------- binding
