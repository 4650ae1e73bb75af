"""Layout templates (layouts/<game>/<name>.yaml, `extends:`) -> merged templates and FaceInfo."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cardgen.data.model import Database
from cardgen.data.paths import leaves_folder, readable
from cardgen.data.yamlsrc import Source, read_source
from cardgen.errors import Location, Problem, ProblemsError, did_you_mean
from cardgen.layout.auto import auto_template
from cardgen.layout.bindings import binding_problems
from cardgen.layout.fonts import font_problem
from cardgen.layout.roots import SHARED_LAYOUTS, find_layout_file, layout_roots
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


def _read_template(path: Path, shown: str) -> tuple[dict[str, Any], Source]:
    """A valid layout file, read once for each version of it (an edited file is read again)."""
    stat = path.stat()
    return _read_version(path, shown, (stat.st_mtime_ns, stat.st_size))


@cache
def _read_version(path: Path, shown: str, version: tuple[int, int]) -> tuple[dict[str, Any], Source]:
    source = read_source(path, shown)
    problems = layout_problems(source) or [Problem(
        "bad-number", f"{source.raw.get(p, 'nan')} is not a finite number", where=source.value_where(p),
        path=source.label(p), hint="write a size in mm, e.g. 12.5") for p in source.nonfinite]
    if problems:
        raise ProblemsError(problems)
    if "extends" in source.data:
        _EXTENDS_AT[path] = source.value_where(("extends",))
    remember_elements(source, path.read_text(encoding="utf-8"))
    return source.data, source


_EXTENDS_AT: dict[Path, Location] = {}  # layout file -> where its `extends:` was written


def find_template(project: Path, name: str, via: Location | None = None) -> Path | None:
    """The layout file `name` names under the layout roots (None if there is none); a name or a
    link leading outside what cardgen may read (cardgen.data.paths.readable) is a Problem."""
    path = None if leaves_folder(name) else find_layout_file(project, f"{name}.yaml")
    if leaves_folder(name) or (path is not None and not readable(path, project)):
        raise ProblemsError([Problem(
            "outside-project", f"layout '{name}' is outside the project's layouts", where=via,
            path="extends" if via else "",
            hint="name a layout under layouts/ without '..', e.g. common/poker-card")])
    return path


def load_template(project: Path, name: str, seen: tuple[str, ...] = ()) -> dict[str, Any]:
    """A template with its `extends` chain merged (child keys win; elements are appended).

    `name` ('mygame/card', 'common/poker-card') is looked up under every layout root: the
    project's layouts/ first, then the layouts shipped with cardgen (cardgen.layout.roots)."""
    path = find_template(project, name)
    if path is None:
        raise ProblemsError([Problem("unknown-layout", f"no layout file layouts/{name}.yaml",
                                     hint=did_you_mean(name, _layout_names(project)))])
    if name in seen:
        raise ProblemsError([Problem("layout-cycle", " -> ".join([*seen, name]))])
    raw, source = _read_template(path, _shown(project, path))
    data = dict(raw)
    if isinstance(data.get("fonts"), dict):
        data["fonts"] = _font_files(project, path, source, data["fonts"])
    parent_name = data.pop("extends", None)
    if not parent_name:
        return data
    if find_template(project, str(parent_name), _EXTENDS_AT.get(path)) is None:
        raise ProblemsError([Problem(
            "unknown-layout", f"no layout '{parent_name}' (layouts/{parent_name}.yaml)",
            where=source.value_where(("extends",)), path="extends",
            hint=did_you_mean(parent_name, _layout_names(project)) or "name a layout from "
            "layouts/ without .yaml, e.g. common/poker-card")])
    parent = load_template(project, parent_name, (*seen, name))
    merged = {**parent, **data}
    merged["elements"] = list(parent.get("elements", [])) + list(data.get("elements", []))
    return merged


def _layout_names(project: Path) -> list[str]:
    """Every layout as `extends:` names it (game/name, common/name), under every layout root."""
    return sorted({p.relative_to(root).with_suffix("").as_posix()
                   for root in layout_roots(project) if root.is_dir() for p in root.rglob("*.yaml")})


def _font_files(project: Path, path: Path, source: Source, named: dict[str, str | None]
                ) -> dict[str, str]:
    """A layout's `fonts:` -> absolute files (relative to the layout file), each usable."""
    found: dict[str, str] = {}
    problems = []
    for role, file in named.items():
        if not file:
            continue
        font = (path.parent / file).resolve()
        why = font_problem(font) if readable(font, project) else "outside the project"
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


def _shown(project: Path, path: Path) -> str:
    """A layout file as messages show it: relative to the project, or cardgen's shared copy."""
    for base, prefix in ((project, ""), (SHARED_LAYOUTS, "(cardgen) layouts/")):
        try:
            return prefix + path.relative_to(base).as_posix()
        except ValueError:
            continue
    return str(path)


def template_for(db: Database, kind: str, side: str) -> dict[str, Any] | None:
    """The merged template of a kind's front or back; auto-generated when no file exists.

    Merged once per database and (kind, side): every face of a kind shares it, read-only.
    """
    merged: dict[tuple[str, str], dict[str, Any] | None] = db.__dict__.setdefault("_templates", {})
    failed: dict[tuple[str, str], list[Problem]] = db.__dict__.setdefault("_template_problems", {})
    if (kind, side) in failed:  # said once per template, not once per face
        raise ProblemsError(failed[(kind, side)])
    if (kind, side) not in merged:
        try:
            merged[(kind, side)] = _merged_template(db, kind, side)
        except ProblemsError as exc:
            failed[(kind, side)] = exc.problems
            raise
    return merged[(kind, side)]


def _merged_template(db: Database, kind: str, side: str) -> dict[str, Any] | None:
    spec = db.game.kinds[kind]
    name = spec.layout or kind if side == "front" else spec.back
    if name is None:
        return None
    files: dict[tuple[str, str], str] = db.__dict__.setdefault("_template_files", {})
    for full in (f"{db.game.id}/{name}", name):
        found = find_layout_file(db.project, f"{full}.yaml")
        if found is not None:
            files[(kind, side)] = _shown(db.project, found)
            template = load_template(db.project, full)
            problems = binding_problems(db, kind, template)
            if problems:
                raise ProblemsError(problems)
            return template
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


def forget_templates() -> None:
    """Forget every layout file read (a long-running `cardgen watch` re-reads edited ones anyway:
    reads are keyed by modification time and size)."""
    _read_version.cache_clear()
    _EXTENDS_AT.clear()
