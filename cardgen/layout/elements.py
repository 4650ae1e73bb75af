"""Component + layout template (layouts/<game>/<name>.yaml) -> the Drawing of one face.

Templates are YAML in mm with `extends:`; elements bind to component fields with `{path}`
(`{culture.color}` follows a term field into its vocabulary). Kinds without a template get a
designed automatic face, so a new kind prints before anyone writes its layout. All wrapping
and fitting happens here; overflow and missing glyphs are Problems naming the component."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.data.model import Component, Database, FieldSpec, Term
from cardgen.data.paths import readable
from cardgen.errors import Location, Problem, ProblemsError, did_you_mean
from cardgen.layout import fonts, text
from cardgen.layout.arith import ExpressionError
from cardgen.layout.bleed import bleed_problems, extend_to_bleed, stretched_sides
from cardgen.layout.draft import draft_mark, missing_art
from cardgen.layout.drawing import IDENTITY, Drawing, Ellipse, Group, Image, Matrix, Primitive, Rect, Style
from cardgen.layout.drawing import Path as PathItem
from cardgen.layout.drawing import Text as TextItem
from cardgen.layout.guards import ImageError, check_primitive, image_at, text_sizes
from cardgen.layout.icons import IconError, icon_file, icon_hint, icon_items, icon_names
from cardgen.layout.lints import FaceLinter, Placed, compose, fill_under, ink_for
from cardgen.layout.scope import Scope, format_value, number, truthy
from cardgen.layout.templates import template_file, template_for
from cardgen.layout.validate import element_where
from cardgen.limits import MAX_ELEMENTS, MAX_FACE_MM, MAX_REPEAT, MAX_TEXT_CHARS

if TYPE_CHECKING:
    from cardgen.layout.drawing import PathOp


def lay_out(db: Database, component: Component, side: str, ink_saver: bool = False
            ) -> Drawing | None:
    """The Drawing of one face of a component, or None when its kind has no back.
    `ink_saver`: the printer-friendly face (cardgen.layout.ink)."""
    template = template_for(db, component.kind, side)
    if template is None:
        return None
    shared: dict[tuple[str, str, str, bool], SharedFace] = db.__dict__.setdefault(
        "_shared_faces", {})
    key = (component.kind, side, component.edition, ink_saver)
    if key in shared:
        return shared[key].for_component(db, component, side)
    scope = Scope(db, component)
    probes: list[tuple[str, str]] | None = db.__dict__.get("_image_probes")
    probed = len(probes) if probes is not None else 0
    if ink_saver:
        from cardgen.layout.ink import ink_saved, ink_saver_settings

        saver_template, background = ink_saver_settings(template)
        drawing = ink_saved(lay_out_template(db, component, side, saver_template, scope), background)
    else:
        drawing = lay_out_template(db, component, side, template, scope)
    drawing = extend_to_bleed(drawing)
    problems = bleed_problems(drawing, component.id, side, component.kind, component.where)
    if problems:
        raise ProblemsError(problems)
    if not scope.read_component:
        shared[key] = SharedFace(drawing, face_label(component, side),
                                 tuple(probes[probed:]) if probes is not None else ())
    return drawing


def face_label(component: Component, side: str) -> str:
    """How a face's lint warnings name it: the id, and "back" for a back."""
    return f"{component.id}{'' if side == 'front' else ' back'}"


@dataclass(frozen=True)
class SharedFace:
    """A face no binding of which read its component (a shared card back): laid out once per
    kind, side and edition, then handed to every other component of the kind under its name."""

    drawing: Drawing
    label: str  # face_label of the component it was laid out for
    probes: tuple[tuple[str, str], ...]  # the images it read (for the face cache)

    def for_component(self, db: Database, component: Component, side: str) -> Drawing:
        probes: list[tuple[str, str]] | None = db.__dict__.get("_image_probes")
        if probes is not None:
            probes.extend(self.probes)
        label = face_label(component, side)
        warnings = [replace(w, path=label + w.path[len(self.label):])
                    if w.path.startswith(self.label + " ") else w for w in self.drawing.warnings]
        d = self.drawing
        return replace(d, name=f"{component.id}-{side}", items=list(d.items), warnings=warnings)


def lay_out_template(db: Database, component: Component, side: str, template: dict[str, Any],
                     scope: Scope) -> Drawing:
    try:
        palette = dict(template.get("palette") or {})  # `palette:` with nothing under it: none
        drawing = _blank(component, side, template, scope)
    except (TypeError, ValueError, KeyError, AttributeError, IndexError, OverflowError) as exc:
        raise ProblemsError([Problem(
            "bad-layout", f"the face cannot be drawn: {exc}", where=component.where
            if "{" in str(template.get("size")) else template_file(db, component.kind, side),
            path=f"{component.id}.size",
            hint=f"a face is at most {MAX_FACE_MM:g} mm a side: size: [w, h], bleed and safe in mm")]
        ) from None
    ctx = _Context(db, component, drawing, template, palette, side)
    ctx.guarded(ctx.background, template, scope)
    for element in template.get("elements", []):
        ctx.element(element, scope, 0.0, 0.0)
    ctx.guarded(ctx.edition_mark, template, scope)
    if db.draft:
        for item in draft_mark(drawing.width, drawing.height, ctx.safe,
                               centred=template.get("shape") == "circle"):
            ctx.add(item)
    if ctx.problems:
        raise ProblemsError(ctx.problems)
    drawing.warnings = FaceLinter(drawing, ctx.placed, ctx.safe, template.get("shape") == "circle",
                                  face_label(component, side), stretched_sides(drawing)).run()
    return drawing


def _blank(component: Component, side: str, template: dict[str, Any], scope: Scope) -> Drawing:
    """The empty face: its size checked against MAX_FACE_MM (a typo of 144000 for 144)."""
    size = template.get("size", (63.5, 88.9))
    width, height = (number(scope, {"v": v}, "v", 10.0) for v in size)
    bleed, safe = float(template.get("bleed", 3.0)), float(template.get("safe", 4.0))
    for what, value in (("width", width), ("height", height)):
        if not 0 < value <= MAX_FACE_MM:
            raise ValueError(f"its {what} is {value:g} mm; a face is more than 0 and at most "
                             f"{MAX_FACE_MM:g} mm")
    if not (0 <= bleed <= 50 and 0 <= safe <= 50):
        raise ValueError(f"bleed {bleed:g} mm and safe {safe:g} mm must be from 0 to 50 mm")
    return Drawing(f"{component.id}-{side}", width, height, bleed,
                   shape=str(template.get("shape", "rect")))


def written_at(el: object) -> Location | None:
    """Where a layout element was written (cardgen.layout.validate keeps it), when known."""
    found = element_where(el) if isinstance(el, dict) else None
    return found[0].where(found[1]) if found is not None else None


def _where_bound(component: Component, el: dict[str, Any], value: object) -> Location | None:
    """A value bound to data ({field}) is the component's mistake; else the layout's."""
    if "{" in str(value) or written_at(el) is None:
        return component.where
    return written_at(el)


class _Context:
    def __init__(self, db: Database, component: Component, drawing: Drawing,
                 template: dict[str, Any], palette: dict[str, Any], side: str = "front",
                 placed: list[Placed] | None = None, matrix: Matrix = IDENTITY):
        self.db = db
        self.component = component
        self.drawing = drawing
        self.template = template
        self.palette = palette  # the template's colour words
        self.side = side
        self.safe = float(template.get("safe", 4.0))
        self.problems: list[Problem] = []
        self.placed: list[Placed] = [] if placed is None else placed  # for the lints
        self.matrix = matrix  # where this context's drawing sits on the face
        self.current: dict[str, Any] | None = None  # the element being drawn
        self.family = _family(template)
        self.budget = [MAX_ELEMENTS]  # primitives left for this face, shared with its groups

    def add(self, item: Primitive, role: str = "content") -> None:
        self.budget[0] -= 1
        if self.budget[0] < 0:
            raise ValueError(f"the face draws more than {MAX_ELEMENTS} shapes")
        check_primitive(item)
        self.drawing.add(item)
        self.placed.append(Placed(item, self.current, self.matrix, role))

    def guarded(self, draw: Any, el: dict[str, Any], *args: Any) -> None:
        """Draw; a value cardgen cannot use becomes a Problem at the layout, never a crash."""
        where = written_at(el) or template_file(self.db, self.component.kind, self.side)
        try:
            draw(*args)
        except ExpressionError as exc:
            self.problems.append(exc.problem(where or self.component.where,
                                             f"{self.component.id}.{el.get('type', 'layout')}"))
        except (TypeError, ValueError, KeyError, AttributeError, IndexError, OverflowError,
                ZeroDivisionError) as exc:
            what = f"{el.get('type')} element" if "type" in el else "the layout"
            self.problems.append(Problem(
                "bad-layout", f"{what} cannot be drawn: {exc}",
                where=where or self.component.where,
                path=f"{self.component.id}.{el.get('name', el.get('type', 'layout'))}",
                hint="numbers in mm (finite, not negative sizes), colours as \"#RRGGBB\", "
                     "lists where a list is expected, fonts 'regular' or 'bold'"))

    def background(self, scope: Scope) -> None:
        colour = _colour(scope.text(self.template.get("background", "#FFFFFF")), "#FFFFFF")
        b = self.drawing.bleed
        if self.template.get("shape") == "circle":
            self.add(Rect(-b, -b, self.drawing.width + 2 * b, self.drawing.height + 2 * b,
                          Style(fill="#FFFFFF")), "background")
            r = self.drawing.width / 2
            self.add(Ellipse(r, self.drawing.height / 2, r + b, r + b, Style(fill=colour)),
                     "background")
            return
        self.add(Rect(-b, -b, self.drawing.width + 2 * b, self.drawing.height + 2 * b,
                      Style(fill=colour)), "background")

    def edition_mark(self, scope: Scope) -> None:
        mark = self.template.get("edition_mark", {})
        if mark is False:
            return
        self.current = mark if isinstance(mark, dict) else None
        label = f"{self.db.game.name} {self.component.edition}"
        size = number(scope, mark, "size", 6.0)
        x = number(scope, mark, "x", self.drawing.width - self.safe)
        y = number(scope, mark, "y", self.drawing.height - self.safe + 0.3)
        face = self.family.regular
        align = str(mark.get("align", "end"))
        width = fonts.text_width_mm(label, face, size)
        middle = x + {"start": width / 2, "middle": 0.0}.get(align, -width / 2)
        colour = self.ink(scope, mark.get("color", "#555555"), middle,
                          y - fonts.ascent_mm(face, size) / 2, "#555555") or "#555555"
        self._glyphs(label, face, "edition mark")
        self.add(TextItem(x, y, label, face, size, colour, align), "mark")

    def element(self, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
        if not isinstance(el, dict):
            self.problems.append(Problem(
                "bad-layout", f"an element is a mapping (type: ...), got {el!r:.40}",
                where=template_file(self.db, self.component.kind, self.side) or self.component.where,
                path=f"{self.component.kind} layout",
                hint="write each element as '- type: text' then indented keys"))
            return
        if "when" in el and not truthy(scope.text(el["when"])):
            return
        if el.get("side", self.side) != self.side:
            return
        handler = _ELEMENTS.get(str(el.get("type")))
        if handler is None:
            self.problems.append(Problem(
                "bad-layout", f"unknown element type '{el.get('type')}'",
                where=written_at(el) or self.component.where, path=f"{self.component.kind} layout",
                hint=did_you_mean(str(el.get("type")), _ELEMENTS)
                or "element types: " + ", ".join(sorted(_ELEMENTS))))
            return
        outer, self.current = self.current, el
        self.guarded(handler, el, self, el, scope, dx, dy)
        self.current = outer

    def ink(self, scope: Scope, value: Any, x: float, y: float, default: str | None) -> str | None:
        """A colour key's colour; `auto` is black or white, whichever reads better on the fill
        drawn under (x, y) (in this context's mm)."""
        if value == "auto":
            a, b, c, d, e, f = self.matrix
            return ink_for(fill_under(self.placed, a * x + c * y + e, b * x + d * y + f))
        return _colour(_named(self.palette, scope.text(value)), default) or default

    def _glyphs(self, value: str, face: str, element: str) -> bool:
        missing = text.missing_glyphs(value, face, self.family)
        if missing:
            chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
            fonts_used = sorted({fonts.font_path(f).name for f in (face, self.family.bold)})
            self.problems.append(Problem(
                "missing-glyph", f"the font ({', '.join(fonts_used)}) has no glyph for {chars} "
                f"in \"{value}\"", where=self.component.where, path=f"{self.component.id}.{element}",
                hint="use another character, or a font that has it (the layout's fonts:)"))
        return not missing

    def _inline_icons(self, value: str, element: str) -> bool:
        """True when every `[name]` in the text names an icon; else a Problem with did-you-mean."""
        unknown = [n for n in text.icon_names(value) if _icon_path_or_none(self.db, n) is None]
        for name in unknown:
            self.problems.append(Problem(
                "unknown-icon", f"no icon '[{name}]' in \"{value}\"", where=self.component.where,
                path=f"{self.component.id}.{element}",
                hint=icon_hint(name, icon_names(self.db.project, self.db.game.id), self.db.game.id)))
        return not unknown


def _family(template: dict[str, Any]) -> text.Family:
    """The faces of a template: its own font files (`fonts:`), else the bundled DejaVu Sans."""
    own = template.get("fonts") or {}
    if not own.get("regular"):
        return text.Family(italic=fonts.file_face(own["italic"]) if own.get("italic") else None)
    regular = fonts.file_face(own["regular"])
    return text.Family(regular, fonts.file_face(own["bold"]) if own.get("bold") else regular,
                       fonts.file_face(own["italic"]) if own.get("italic") else None)


def _colour(value: Any, default: str | None) -> str | None:
    if isinstance(value, str) and re.fullmatch(r"#[0-9A-Fa-f]{6}", value):
        return value
    if value in (None, "", "none"):
        return default if value is None else None
    return default


def _named(palette: dict[str, Any], value: Any) -> Any:
    """A colour name from the template's `palette:` (e.g. a button colour word) -> '#RRGGBB'."""
    key = value.label if isinstance(value, Term) else value
    if not isinstance(key, str | bool | int):
        return value
    for candidate in (key, str(key), str(key).lower()):
        if candidate in palette:
            return palette[candidate]
    return value


def _style(ctx: _Context, scope: Scope, el: dict[str, Any]) -> Style:
    return Style(fill=_colour(_named(ctx.palette, scope.text(el.get("fill"))), None),
                 stroke=_colour(_named(ctx.palette, scope.text(el.get("stroke"))), None),
                 stroke_width=float(el.get("stroke_width", 0.35)),
                 dash=tuple(el["dash"]) if el.get("dash") else None)


def _el_rect(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    ctx.add(Rect(dx + number(scope, el, "x"), dy + number(scope, el, "y"), number(scope, el, "w"),
                 number(scope, el, "h"), _style(ctx, scope, el), radius=number(scope, el, "radius")))


def _el_circle(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    r = number(scope, el, "r", 3.0)
    ctx.add(Ellipse(dx + number(scope, el, "cx"), dy + number(scope, el, "cy"), r, r, _style(ctx, scope, el)))


def _el_text(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    value = _text_value(ctx, el, scope)
    if not value.strip():
        return
    name = str(el.get("name", el.get("text", "text")))
    if len(value) > MAX_TEXT_CHARS:
        ctx.problems.append(Problem(
            "text-overflow", f"text of {len(value)} characters; a text element holds at most "
            f"{MAX_TEXT_CHARS}", where=ctx.component.where, path=f"{ctx.component.id}.{name}",
            hint="shorten the text; a card holds a few hundred characters"))
        return
    face = ctx.family.face(str(el.get("font", "regular")))
    if not ctx._inline_icons(value, name) or not ctx._glyphs(value, face, name):
        return
    x, y, w, h = (dx + number(scope, el, "x"), dy + number(scope, el, "y"), number(scope, el, "w"),
                  number(scope, el, "h"))
    size, min_size, leading = text_sizes(el)
    try:
        fitted = text.fit(value, w, h, size=size, min_size=min_size, face=face, leading=leading,
                          family=ctx.family)
    except text.TextOverflow as exc:
        ctx.problems.append(Problem(
            "text-overflow", f"text does not fit its box at {el.get('min_size', el.get('size', 8))} pt: "
            f"{exc.describe()}", where=ctx.component.where, path=f"{ctx.component.id}.{name}",
            hint="shorten the text, or give the element more room or a smaller min_size"))
        return
    colour = ctx.ink(scope, el.get("color", "#1A1A1A"), x + w / 2, y + h / 2, "#1A1A1A") or "#1A1A1A"

    def inline_icon(icon: str, ix: float, iy: float, side: float) -> list[Primitive]:
        return icon_items(_icon_path(ctx.db, icon), ix, iy, side, colour)

    for item in text.place(fitted, x, y, w, h, align=str(el.get("align", "left")),
                           valign=str(el.get("valign", "top")), color=colour, icon=inline_icon):
        ctx.add(item, "icon" if isinstance(item, Group) else "content")


def _text_value(ctx: _Context, el: dict[str, Any], scope: Scope) -> str:
    """The element's text; with `over`, `text` once per list item, joined by `join`."""
    if "over" not in el:
        return format_value(scope.text(el.get("text", "")))
    items, spec = _items(ctx, el, scope)
    parts = (format_value(scope.child(item, spec, i).text(el.get("text", "{item}")))
             for i, item in enumerate(items))
    return str(el.get("join", "\n")).join(p for p in parts if p.strip())


def _el_icon(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    name = format_value(scope.text(el.get("icon", "")))
    if not name:
        return
    size = number(scope, el, "size", 8.0)
    x, y = dx + number(scope, el, "x"), dy + number(scope, el, "y")
    colour = ctx.ink(scope, el.get("color"), x + size / 2, y + size / 2, None)
    try:
        items = icon_items(_icon_path(ctx.db, name), x, y, size, colour)
    except IconError as exc:
        ctx.problems.append(Problem(exc.rule, str(exc), where=_where_bound(ctx.component, el, el.get("icon")),
                                    path=f"{ctx.component.id}.icon", hint=exc.hint))
        return
    except (SyntaxError, ValueError) as exc:  # xml ParseError is a SyntaxError
        ctx.problems.append(Problem(
            "bad-icon", f"icon '{name}.svg' cannot be read: {exc}", where=ctx.component.where,
            path=f"{ctx.component.id}.{el.get('icon')}", hint="save the icon as plain SVG"))
        return
    except FileNotFoundError:
        where, key = layout_line(el, "icon") if "{" not in str(el.get("icon")) else (None, None)
        ctx.problems.append(Problem(
            "missing-icon", f"no icon '{name}.svg'", where=where or ctx.component.where,
            path=key or f"{ctx.component.id}.{el.get('icon')}",
            hint=icon_hint(name, icon_names(ctx.db.project, ctx.db.game.id), ctx.db.game.id)))
        return
    for item in items:
        ctx.add(item, "icon")


def _icon_path_or_none(db: Database, name: str) -> Path | None:
    try:
        return _icon_path(db, name)
    except FileNotFoundError:
        return None


def _icon_path(db: Database, name: str) -> Path:
    """The icon's SVG file, looked up once per database and name (FileNotFoundError if none)."""
    paths: dict[str, Path | None] = db.__dict__.setdefault("_icon_paths", {})
    if name not in paths:
        try:
            paths[name] = icon_file(db.project, db.game.id, name)
        except FileNotFoundError:
            paths[name] = None
    found = paths[name]
    if found is None:
        raise FileNotFoundError(name)
    return found


def _el_row(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    """n shapes in a row (die spots, lucky-number dots, orange circles)."""
    n = int(number(scope, el, "n", 0))
    if not 0 <= n <= MAX_REPEAT:
        raise ValueError(f"n is {n}; a row has 0 to {MAX_REPEAT} shapes")
    size, gap = number(scope, el, "size", 5.0), number(scope, el, "gap", 1.5)
    shape = el.get("shape", "square")
    x0, y0 = dx + number(scope, el, "x"), dy + number(scope, el, "y")
    style = _style(ctx, scope, el)
    vertical = el.get("direction") == "down"
    radius = number(scope, el, "radius", 1.0) if n and shape != "circle" else 0.0
    for i in range(n):
        x = x0 + (0 if vertical else i * (size + gap))
        y = y0 + (i * (size + gap) if vertical else 0)
        if shape == "circle":
            ctx.add(Ellipse(x + size / 2, y + size / 2, size / 2, size / 2, style), "pip")
        else:
            ctx.add(Rect(x, y, size, size, style, radius=radius), "pip")


def _el_repeat(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    """Draw `elements` once per item of a list field (or n times), stepping by `step` mm."""
    items, spec = _items(ctx, el, scope)
    step_x, step_y = (number(scope, {"v": v}, "v") for v in el.get("step", (0, 10)))
    limit = int(el.get("max", len(items)))
    if len(items) > limit:
        ctx.problems.append(Problem(
            "too-many-items", f"{len(items)} items, the layout has room for {limit}",
            where=ctx.component.where, path=f"{ctx.component.id}.{el.get('over')}",
            hint="shorten the list or give the layout more rows"))
    x0, y0 = dx + number(scope, el, "x"), dy + number(scope, el, "y")
    columns = int(el.get("columns", 0)) or len(items) or 1
    row_x, row_y = (number(scope, {"v": v}, "v") for v in el.get("row_step", (0, 0)))
    for i, item in enumerate(items[:limit]):
        child = scope.child(item, spec, i)
        col, row = i % columns, i // columns
        for sub in el.get("elements", []):
            ctx.element(sub, child, x0 + col * step_x + row * row_x, y0 + col * step_y + row * row_y)


def _items(ctx: _Context, el: dict[str, Any], scope: Scope) -> tuple[list[Any], FieldSpec | None]:
    """The items a repeat or polar runs over: a list binding's items, or 1..n for a count."""
    if "over" not in el:
        return list(range(1, int(number(scope, el, "n", 0)) + 1)), None
    items = scope.text(el["over"])
    if items is None or items == "":
        return [], None
    if not isinstance(items, list):
        where, label = layout_line(el, "over")
        ctx.problems.append(Problem(
            "not-a-list", f"{el['over']} is {format_value(items)!r} for {ctx.component.id}, not a list",
            where=where or ctx.component.where, path=label or f"{ctx.component.id}.{el['over']}",
            hint="repeat over a list field, or use n: for a count (then {index} is 1..n)"))
        return [], None
    return items, _list_item_spec(ctx, str(el["over"]), scope)


def layout_line(el: dict[str, Any], key: str) -> tuple[Location | None, str | None]:
    """Where a key of an element was written in its layout file, and its key path."""
    found = element_where(el)
    if found is None:
        return None, None
    source, path = found
    return source.value_where((*path, key)), source.label((*path, key))


def _list_item_spec(ctx: _Context, binding: str, scope: Scope) -> FieldSpec | None:
    """The spec of one item of the list `binding` names (a field's, or the repeat item's)."""
    head, *rest = binding.strip("{} ").split(".")
    spec = scope.item_spec if head == "item" else ctx.db.game.kinds[ctx.component.kind].fields.get(head)
    for part in rest:
        spec = (spec.fields or {}).get(part) if spec is not None else None
    return spec.of if spec is not None and spec.type == "list" else None


def _el_image(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    """A component's art; without one, the template's `fallback` elements (a designed stand-in)."""
    try:
        _draw_image(ctx, el, scope, dx, dy)
    except ImageError as exc:
        ctx.problems.append(Problem("bad-image", str(exc), path=f"{ctx.component.id}.image",
                                    where=_where_bound(ctx.component, el, el.get("field", "{image}")),
                                    hint=exc.hint))


def _draw_image(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    value = scope.text(el.get("field", "{image}"))
    box = (dx + number(scope, el, "x"), dy + number(scope, el, "y"),
           number(scope, el, "w"), number(scope, el, "h"))
    if isinstance(value, str) and value:
        path = (ctx.db.game.root / value).resolve()
        if not readable(path, ctx.db.project):
            raise ImageError(f"image '{value}' is outside the project",
                             "give the path relative to the game folder, without '..'")
        digest = image_at(path)
        probes = ctx.db.__dict__.get("_image_probes")  # a face cache is listening
        if probes is not None:
            probes.append((str(path), digest))
        if digest:
            ctx.add(Image(*box, path=str(path), digest=digest))
            return
        if ctx.db.draft:  # the check let a missing image through: show that it is missing
            for item in missing_art(*box, value):
                ctx.add(item)
            return
    for sub in el.get("fallback", []):
        ctx.element(sub, scope, box[0], box[1])


def _el_group(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    """Children drawn in a frame moved to (x, y) and turned `rotate` degrees clockwise there.

    Sideways cards and half-upside-down cards are groups: lay a half out as usual, then turn it.
    """
    angle = math.radians(number(scope, el, "rotate", 0.0))
    cos, sin = math.cos(angle), math.sin(angle)
    x, y = dx + number(scope, el, "x"), dy + number(scope, el, "y")
    matrix: Matrix = (cos, sin, -sin, cos, x, y)
    inner = _Context(ctx.db, ctx.component, Drawing("group", 0, 0, 0), ctx.template, ctx.palette,
                     ctx.side, ctx.placed, compose(ctx.matrix, matrix))
    inner.budget = ctx.budget
    for sub in el.get("elements", []):
        inner.element(sub, scope, 0.0, 0.0)
    ctx.problems.extend(inner.problems)
    if inner.drawing.items:  # its items are linted where they were placed, not again here
        ctx.drawing.add(Group(tuple(inner.drawing.items), matrix))


def _el_polar(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    """Draw `elements` once per list item, at `radius` and `angle` (degrees clockwise from up)
    around (cx, cy): the spaces of a ring board, dials, round tracks."""
    items, spec = _items(ctx, el, scope)
    count = len(items)
    if not count:
        return
    cx, cy = dx + number(scope, el, "cx"), dy + number(scope, el, "cy")
    for i, item in enumerate(items):
        child = scope.child(item, spec, i)
        radius = number(child, el, "radius", 0.0)
        default_angle = 360.0 * i / count
        angle = math.radians(number(child, el, "angle", default_angle))
        x = cx + radius * math.sin(angle)
        y = cy - radius * math.cos(angle)
        if el.get("turn"):
            _el_group(ctx, {"rotate": math.degrees(angle), "elements": el.get("elements", [])},
                      child, x, y)
            continue
        for sub in el.get("elements", []):
            ctx.element(sub, child, x, y)


def _el_annulus(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    """A ring band between two radii around (cx, cy)."""
    cx, cy = dx + number(scope, el, "cx"), dy + number(scope, el, "cy")
    ops = _circle_ops(cx, cy, number(scope, el, "outer", 10.0)) + _circle_ops(
        cx, cy, number(scope, el, "inner", 5.0))
    ctx.add(PathItem(tuple(ops), _style(ctx, scope, el), fill_rule="evenodd"))


def _circle_ops(cx: float, cy: float, r: float) -> list[PathOp]:
    k = 0.5522847498 * r
    return [("M", cx + r, cy), ("C", cx + r, cy + k, cx + k, cy + r, cx, cy + r),
            ("C", cx - k, cy + r, cx - r, cy + k, cx - r, cy),
            ("C", cx - r, cy - k, cx - k, cy - r, cx, cy - r),
            ("C", cx + k, cy - r, cx + r, cy - k, cx + r, cy), ("Z",)]


def _el_line(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    ops: tuple[PathOp, ...] = (("M", dx + number(scope, el, "x1"), dy + number(scope, el, "y1")),
                               ("L", dx + number(scope, el, "x2"), dy + number(scope, el, "y2")))
    ctx.add(PathItem(ops, _style(ctx, scope, el)))


_ELEMENTS = {"group": _el_group, "polar": _el_polar, "annulus": _el_annulus, "line": _el_line,
             "rect": _el_rect, "circle": _el_circle, "text": _el_text, "icon": _el_icon,
             "row": _el_row, "repeat": _el_repeat, "image": _el_image}
