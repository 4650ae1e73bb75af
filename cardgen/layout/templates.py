"""Layout templates (layouts/<game>/<name>.yaml, `extends:`) -> merged templates and FaceInfo."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cardgen.data.model import Database
from cardgen.data.yamlsrc import Source, read_source
from cardgen.errors import Problem, ProblemsError, did_you_mean
from cardgen.layout.auto import auto_template
from cardgen.layout.bindings import binding_problems
from cardgen.layout.fonts import font_problem
from cardgen.layout.scope import Scope, number
from cardgen.layout.validate import layout_problems, remember_elements

SHEETS = ("cards", "large", "tokens", "stickers")


@dataclass(frozen=True)
class FaceInfo:
    width: float
    height: float
    bleed: float
    sheet: str
    has_back: bool


# ---------------------------------------------------------------- templates


def layouts_root(db: Database) -> Path:
    return db.project / "layouts"


def shared_layouts(root: Path) -> Path:
    """The folder of the layouts and icons every game shares (`extends: common/...`)."""
    return root / "common"


def _read_template(path: Path, shown: str) -> tuple[dict[str, Any], Source]:
    """A valid layout file, read once for each version of it (an edited file is read again)."""
    stat = path.stat()
    return _read_version(path, shown, (stat.st_mtime_ns, stat.st_size))


@cache
def _read_version(path: Path, shown: str, version: tuple[int, int]) -> tuple[dict[str, Any], Source]:
    source = read_source(path, shown)
    problems = layout_problems(source)
    if problems:
        raise ProblemsError(problems)
    remember_elements(source, path.read_text(encoding="utf-8"))
    return source.data, source


def load_template(root: Path, name: str, seen: tuple[str, ...] = ()) -> dict[str, Any]:
    """A template with its `extends` chain merged (child keys win; elements are appended)."""
    path = _template_path(root, name)
    if not path.is_file():
        raise ProblemsError([Problem("unknown-layout", f"no layout file {_shown(root, path)}",
                                     hint=did_you_mean(name, _layout_names(root)))])
    if name in seen:
        raise ProblemsError([Problem("layout-cycle", " -> ".join([*seen, name]))])
    raw, source = _read_template(path, _shown(root, path))
    data = dict(raw)
    if isinstance(data.get("fonts"), dict):
        data["fonts"] = _font_files(path, source, data["fonts"])
    parent_name = data.pop("extends", None)
    if not parent_name:
        return data
    if not _template_path(root, parent_name).is_file():
        raise ProblemsError([Problem(
            "unknown-layout",
            f"no layout '{parent_name}' ({_shown(root, _template_path(root, parent_name))})",
            where=source.value_where(("extends",)), path="extends",
            hint=did_you_mean(parent_name, _layout_names(root)) or "name a layout from layouts/ "
            "without .yaml, e.g. common/poker-card")])
    parent = load_template(root, parent_name, (*seen, name))
    merged = {**parent, **data}
    merged["elements"] = list(parent.get("elements", [])) + list(data.get("elements", []))
    return merged


def _layout_names(root: Path) -> list[str]:
    """Every layout as `extends:` names it (game/name, common/name)."""
    return sorted(str(p.relative_to(root).with_suffix("")) for p in root.rglob("*.yaml"))


def _font_files(path: Path, source: Source, named: dict[str, str | None]) -> dict[str, str]:
    """A layout's `fonts:` -> absolute files (relative to the layout file), each usable."""
    found: dict[str, str] = {}
    problems = []
    for role, file in named.items():
        if not file:
            continue
        font = (path.parent / file).resolve()
        why = font_problem(font)
        if why:
            problems.append(Problem("bad-font", f"font file '{file}': {why}",
                                    where=source.value_where(("fonts", role)), path=f"fonts.{role}",
                                    hint=f"put a .ttf file under {_shown_dir(path)}/fonts/ and name "
                                         "it relative to the layout, e.g. fonts/MyFace-Regular.ttf"))
        found[role] = str(font)
    if problems:
        raise ProblemsError(problems)
    return found


def _shown_dir(path: Path) -> str:
    return f"layouts/{path.parent.name}"


def _template_path(root: Path, name: str) -> Path:
    head, _, rest = name.partition("/")
    if head == "common" and rest:
        return shared_layouts(root) / f"{rest}.yaml"
    return root / f"{name}.yaml"


def _shown(root: Path, path: Path) -> str:
    """A layout file as messages show it: relative to the project when inside it."""
    try:
        return str(path.relative_to(root.parent))
    except ValueError:
        return str(path)


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
    root = layouts_root(db)
    for full in (f"{db.game.id}/{name}", name):
        if _template_path(root, full).is_file():
            template = load_template(root, full)
            problems = binding_problems(db, kind, template)
            if problems:
                raise ProblemsError(problems)
            return template
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
