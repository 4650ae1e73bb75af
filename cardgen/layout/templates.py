"""Layout templates (layouts/<game>/<name>.yaml, `extends:`) -> merged templates and FaceInfo."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from cardgen.data.modelkit import model_of
from cardgen.data.paths import leaves_folder, readable
from cardgen.data.yamlsrc import Source, parse_text, read_bytes, read_source
from cardgen.errors import Location, Problem, ProblemsError, did_you_mean
from cardgen.layout.bindings import background_binding_problems, binding_problems
from cardgen.layout.fonts import font_problem
from cardgen.layout.located import remember_lines
from cardgen.layout.model import Fonts, TemplateFile
from cardgen.layout.roots import SHARED_LAYOUTS, find_layout_file, layout_roots
from cardgen.layout.scope import Scope, number
from cardgen.layout.session import FaceInfo, LayoutKeeper, LayoutSession
from cardgen.layout.validate import validated_layout

SHEETS = ("cards", "large", "tokens", "stickers")


# ---------------------------------------------------------------- templates


def _read_template(path: Path, shown: str, keeper: LayoutKeeper | None = None
                   ) -> tuple[TemplateFile, Source]:
    """A valid layout file, read once for each version of it (an edited file is read again);
    with a keeper, a file whose bytes were validated before (by an earlier process) is read
    back from it instead of being validated again."""
    stat = path.stat()
    version = (path, shown, (stat.st_mtime_ns, stat.st_size))
    found = _VERSIONS.get(version)
    if found is None:
        found = _VERSIONS[version] = _read_version(path, shown, keeper)
    return found


_VERSIONS: dict[tuple[Path, str, tuple[int, int]], tuple[TemplateFile, Source]] = {}


def _read_version(path: Path, shown: str, keeper: LayoutKeeper | None
                  ) -> tuple[TemplateFile, Source]:
    data = read_bytes(path, shown) if keeper is not None else b""
    text = _text_of(data) if keeper is not None else None  # what is parsed, from one read
    kept = keeper.get(str(path), shown, data) if keeper is not None and text is not None else None
    if kept is not None:  # validated before, without a problem: its side effect again
        template, source = kept
        remember_lines(shown, _universal(text or ""))
    else:
        source = read_source(path, shown) if text is None else parse_text(text, shown)
        found, problems = validated_layout(source, path.read_text(encoding="utf-8")
                                           if text is None else _universal(text))
        problems = problems or [Problem(
            "bad-number", f"{source.raw.get(p, 'nan')} is not a finite number",
            where=source.value_where(p), path=source.label(p),
            hint="write a size in mm, e.g. 12.5") for p in source.nonfinite]
        if problems or found is None:
            raise ProblemsError(problems)
        template = found
        if keeper is not None and text is not None:
            keeper.put(str(path), shown, data, (template, source))
    if "extends" in source.data:
        _EXTENDS_AT[path] = source.value_where(("extends",))
    return template, source


def _text_of(data: bytes) -> str | None:
    """A file's bytes as the text `read_source` parses (None when they are no UTF-8 text:
    `read_source` then says why)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return None if "\x00" in text else text


def _universal(text: str) -> str:
    """A text as reading its file in text mode gives it (universal newlines)."""
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


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


def load_template(project: Path, name: str, seen: tuple[str, ...] = (),
                  keeper: LayoutKeeper | None = None) -> TemplateFile:
    """A template with its `extends` chain merged (child keys win; elements are appended).

    `name` ('mygame/card', 'common/poker-card') is looked up under every layout root: the
    project's layouts/ first, then the layouts shipped with cardgen (cardgen.layout.roots).
    `keeper`: validated files kept between processes (LayoutSession.kept_layouts)."""
    return _load(project, name, seen, find_template(project, name), keeper)


def _load(project: Path, name: str, seen: tuple[str, ...], path: Path | None,
          keeper: LayoutKeeper | None = None) -> TemplateFile:
    """load_template once `name` was looked up (its file, or None)."""
    if path is None:
        raise ProblemsError([Problem("unknown-layout", f"no layout file layouts/{name}.yaml",
                                     hint=did_you_mean(name, _layout_names(project)))])
    if name in seen:
        raise ProblemsError([Problem("layout-cycle", " -> ".join([*seen, name]))])
    data, source = _read_template(path, _shown(project, path), keeper)
    if data.fonts is not None:
        data = data.model_copy(update={"fonts": _font_files(project, path, source, data.fonts)})
    parent_name = data.extends
    if not parent_name:
        return data
    parent = find_template(project, str(parent_name), _EXTENDS_AT.get(path))
    if parent is None:
        raise ProblemsError([Problem(
            "unknown-layout", f"no layout '{parent_name}' (layouts/{parent_name}.yaml)",
            where=source.value_where(("extends",)), path="extends",
            hint=did_you_mean(parent_name, _layout_names(project)) or "name a layout from "
            "layouts/ without .yaml, e.g. common/poker-card")])
    return data.merged_over(_load(project, parent_name, (*seen, name), parent, keeper))


def _layout_names(project: Path) -> list[str]:
    """Every layout as `extends:` names it (game/name, common/name), under every layout root."""
    return sorted({p.relative_to(root).with_suffix("").as_posix()
                   for root in layout_roots(project) if root.is_dir() for p in root.rglob("*.yaml")})


def _font_files(project: Path, path: Path, source: Source, named: Fonts) -> Fonts:
    """A layout's `fonts:` -> absolute files (relative to the layout file), each usable."""
    found: dict[str, str] = {}
    problems = []
    for role, file in (("regular", named.regular), ("bold", named.bold), ("italic", named.italic)):
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
    return model_of(Fonts, found)


def _shown_dir(path: Path) -> str:
    return f"layouts/{path.parent.name}"


@lru_cache(maxsize=1 << 12)
def _shown(project: Path, path: Path) -> str:
    """A layout file as messages show it: relative to the project, or cardgen's shared copy
    (path arithmetic only: kept for the same two paths)."""
    for base, prefix in ((project, ""), (SHARED_LAYOUTS, "(cardgen) layouts/")):
        try:
            return prefix + path.relative_to(base).as_posix()
        except ValueError:
            continue
    return str(path)


def template_for(session: LayoutSession, kind: str, side: str) -> TemplateFile | None:
    """The merged template of a kind's front or back; auto-generated when no file exists.

    Merged once per session and (kind, side): every face of a kind shares it, read-only.
    """
    merged, failed = session.templates, session.template_problems
    if (kind, side) in failed:  # said once per template, not once per face
        raise ProblemsError(failed[(kind, side)])
    if (kind, side) not in merged:
        try:
            merged[(kind, side)] = _merged_template(session, kind, side)
        except ProblemsError as exc:
            failed[(kind, side)] = exc.problems
            raise
    return merged[(kind, side)]


def _merged_template(session: LayoutSession, kind: str, side: str) -> TemplateFile | None:
    db = session.db
    spec = db.game.kinds[kind]
    name = spec.layout or kind if side == "front" else spec.back
    if name is None:
        return None
    for full in (f"{db.game.id}/{name}", name):
        found = find_layout_file(db.project, f"{full}.yaml")
        if found is not None:
            session.template_files[(kind, side)] = _shown(db.project, found)
            keeper = session.kept_layouts
            template = load_template(db.project, full, keeper=keeper)
            problems = binding_problems(db, kind, template) + background_binding_problems(
                db, kind, template, _read_template(found, _shown(db.project, found), keeper)[1])
            if problems:
                raise ProblemsError(problems)
            return template
    from cardgen.layout.auto import auto_template  # only a kind without its own layout file

    front = template_for(session, kind, "front") if side == "back" else None
    written = front.model_fields_set if front is not None else set()
    return model_of(TemplateFile, auto_template(
        db, kind, side, front.size if front is not None and "size" in written else None,
        front.sheet if front is not None and "sheet" in written else None))


def template_file(session: LayoutSession, kind: str, side: str) -> Location | None:
    """The layout file a kind's face is drawn from (None for an automatic layout)."""
    shown = session.template_files.get((kind, side))
    return Location(shown, 1, 1) if shown else None


def face_info(session: LayoutSession, kind: str) -> FaceInfo:
    """Sheet style and nominal size of a kind (a bound size reads as its first component's)."""
    if kind not in session.face_infos:
        session.face_infos[kind] = _face_info(session, kind)
    return session.face_infos[kind]


def _face_info(session: LayoutSession, kind: str) -> FaceInfo:
    db = session.db
    front = template_for(session, kind, "front") or model_of(TemplateFile, {})
    first = next((c for c in db.components if c.kind == kind), None)
    has_back = db.game.kinds[kind].back is not None
    try:
        if first is not None:
            scope = Scope(db, first)
            width, height = (number(scope, v, "size", 10.0) for v in front.size)
        else:
            width, height = (float(v) if not isinstance(v, str) else 10.0 for v in front.size)
        return FaceInfo(width, height, float(front.bleed), front.sheet, has_back)
    except (TypeError, ValueError, OverflowError):  # laying the face out reports it, located
        return FaceInfo(10.0, 10.0, 3.0, front.sheet, has_back)


# ---------------------------------------------------------------- binding


def forget_templates() -> None:
    """Forget every layout file read (a long-running `cardgen watch` re-reads edited ones anyway:
    reads are keyed by modification time and size)."""
    _VERSIONS.clear()
    _EXTENDS_AT.clear()
