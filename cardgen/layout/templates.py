"""Layout templates (layouts/<game>/<name>.yaml, `extends:`) -> merged templates and FaceInfo."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cardgen.data.model import Database
from cardgen.data.paths import leaves_folder, package_assets, readable
from cardgen.data.yamlsrc import Source, read_source
from cardgen.errors import Location, Problem, ProblemsError, did_you_mean
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


# id() of each mapping of a read template -> (the mapping, kept alive so its id stays its own;
# where it was written), and of each template -> where its `extends` was written
_WHERE: dict[int, tuple[object, Location]] = {}
_EXTENDS_AT: dict[int, tuple[object, Location]] = {}


def where_written(value: object) -> Location | None:
    """Where a mapping of a layout (a template, an element) was written, when known."""
    found = _WHERE.get(id(value))
    return found[1] if found is not None and found[0] is value else None


def forget_templates() -> None:
    """Drop every template read (and where its parts were written), for `cardgen watch`."""
    read_template.cache_clear()
    _WHERE.clear()
    _EXTENDS_AT.clear()


def shown_path(project: Path, path: Path) -> str:
    """A layout file as messages name it: relative to the project, or inside cardgen."""
    for root, prefix in ((project, ""), (package_assets().parent, "cardgen/")):
        try:
            return prefix + path.relative_to(root).as_posix()
        except ValueError:
            continue
    return str(path)


@cache
def read_template(path: Path, shown: str | None = None) -> dict[str, Any]:
    shown = shown or str(path)
    source = read_source(path, shown)
    if not isinstance(source.data, dict):
        raise ProblemsError([Problem("bad-layout", "a layout is a mapping (size, elements, ...)",
                                     where=Location(shown, 1, 1))])
    if source.nonfinite:
        raise ProblemsError([Problem(
            "bad-number", f"{source.raw.get(p, 'nan')} is not a finite number",
            where=source.value_where(p), path=source.label(p),
            hint="write a size in mm, e.g. 12.5") for p in source.nonfinite])
    if not isinstance(source.data.get("elements", []), list):
        raise ProblemsError([Problem(
            "bad-layout", "`elements` is a list of elements", where=source.value_where(("elements",)),
            path="elements", hint="write one '- type: ...' line per element")])
    _remember(source, source.data, ())
    if "extends" in source.data:
        _EXTENDS_AT[id(source.data)] = (source.data, source.value_where(("extends",)))
    return source.data


def _remember(source: Source, value: Any, path: tuple[str | int, ...]) -> None:
    if isinstance(value, dict):
        _WHERE[id(value)] = (value, source.where(path))
        for key, sub in value.items():
            _remember(source, sub, (*path, key))
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            _remember(source, sub, (*path, i))


def find_template(project: Path, name: str, via: Location | None = None) -> Path:
    """The layout file `name` names ('mygame/card', 'common/poker-card') under the layout
    roots; a name or a link leading outside what cardgen reads, or none found, is a Problem."""
    path = None if leaves_folder(name) else find_layout_file(project, f"{name}.yaml")
    if leaves_folder(name) or (path is not None and not readable(path, project)):
        raise ProblemsError([Problem(
            "outside-project", f"layout '{name}' is outside the project's layouts", where=via,
            path="extends" if via else "",
            hint="name a layout under layouts/ without '..', e.g. common/poker-card")])
    if path is None:
        known = [p.relative_to(root).with_suffix("").as_posix()
                 for root in layout_roots(project) for p in root.rglob("*.yaml")]
        raise ProblemsError([Problem("unknown-layout", f"no layout '{name}' (looked for {name}.yaml "
                                     f"under {project / 'layouts'} and cardgen's shared layouts)",
                                     where=via, path="extends" if via else "",
                                     hint=did_you_mean(name, known))])
    return path


def load_template(project: Path, name: str, seen: tuple[str, ...] = (),
                  via: Location | None = None) -> dict[str, Any]:
    """A template with its `extends` chain merged (child keys win; elements are appended).

    `name` ('mygame/card', 'common/poker-card') is looked up under every `layout_roots`."""
    if not isinstance(name, str):
        raise ProblemsError([Problem("bad-layout", f"a layout name is text, got {name!r}",
                                     where=via, path="extends", hint="write extends: common/poker-card")])
    path = find_template(project, name, via)
    if name in seen:
        raise ProblemsError([Problem("layout-cycle", " -> ".join([*seen, name]), where=via,
                                     path="extends", hint="one layout must extend none")])
    template = read_template(path, shown_path(project, path))
    data = dict(template)
    parent_name = data.pop("extends", None)
    if not parent_name:
        return data
    parent = load_template(project, parent_name, (*seen, name),
                           _EXTENDS_AT.get(id(template), (None, None))[1])
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
    files: dict[tuple[str, str], str] = db.__dict__.setdefault("_template_files", {})
    for candidate in (f"{db.game.id}/{name}", name):
        found = find_layout_file(db.project, f"{candidate}.yaml")
        if found is not None:
            files[(kind, side)] = shown_path(db.project, found)
            return load_template(db.project, candidate)
    autos: dict[tuple[str, str], dict[str, Any]] = db.__dict__.setdefault("_auto_templates", {})
    if (kind, side) not in autos:
        front = template_for(db, kind, "front") if side == "back" else None
        autos[(kind, side)] = auto_template(db, kind, side, front)
    return autos[(kind, side)]


def template_file(db: Database, kind: str, side: str) -> Location | None:
    """The layout file a kind's face is drawn from (None for an automatic layout)."""
    shown = db.__dict__.get("_template_files", {}).get((kind, side))
    return Location(shown, 1, 1) if shown else None


def face_info(db: Database, kind: str) -> FaceInfo:
    """Sheet style and nominal size of a kind (a bound size reads as its first component's)."""
    cache: dict[str, FaceInfo] = db.__dict__.setdefault("_face_info", {})
    if kind not in cache:
        cache[kind] = _face_info(db, kind)
    return cache[kind]


def _face_info(db: Database, kind: str) -> FaceInfo:
    front = template_for(db, kind, "front") or {}
    first = next((c for c in db.components if c.kind == kind), None)
    sheet = str(front.get("sheet", "cards"))
    has_back = db.game.kinds[kind].back is not None
    try:
        size = front.get("size", (63.5, 88.9))
        if first is not None:
            scope = Scope(db, first)
            width, height = (number(scope, {"v": v}, "v", 10.0) for v in size)
        else:
            width, height = (float(v) if not isinstance(v, str) else 10.0 for v in size)
        return FaceInfo(width, height, float(front.get("bleed", 3.0)), sheet, has_back)
    except (TypeError, ValueError, OverflowError):  # laying the face out reports it, located
        return FaceInfo(10.0, 10.0, 3.0, sheet, has_back)


# ---------------------------------------------------------------- binding
