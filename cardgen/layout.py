"""Component + layout template (layouts/<game>/<name>.yaml) -> the Drawing of one face.

Templates are YAML in mm with `extends:`; elements bind to component fields with `{path}`
(`{culture.color}` follows a term field into its vocabulary). Kinds without a template get a
designed automatic face, so a new kind prints before anyone writes its layout. All wrapping
and fitting happens here; overflow and missing glyphs are Problems naming the component.
"""

from __future__ import annotations

import ast
import math
import operator
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cardgen import fonts, text
from cardgen.drawing import Drawing, Ellipse, Group, Image, Primitive, Rect, Style
from cardgen.drawing import Path as PathItem
from cardgen.drawing import Text as TextItem
from cardgen.errors import Problem, ProblemsError, did_you_mean
from cardgen.icons import icon_file, icon_items
from cardgen.layout_auto import auto_template, body_text
from cardgen.model import Component, Database, FieldSpec, Term
from cardgen.yamlsrc import read_source

SHEETS = ("cards", "large", "tokens", "stickers")
_BINDING = re.compile(r"\{([^{}]+)\}")


@dataclass(frozen=True)
class FaceInfo:
    width: float
    height: float
    bleed: float
    sheet: str
    has_back: bool


# ---------------------------------------------------------------- templates


def _layouts_root(db: Database) -> Path:
    return db.project / "layouts"


@cache
def _read_template(path: Path) -> dict[str, Any]:
    data = read_source(path, str(path)).data
    if not isinstance(data, dict):
        raise ProblemsError([Problem("bad-layout", "a layout is a mapping (size, elements, ...)",
                                     where=None, path=str(path))])
    return data


def load_template(root: Path, name: str, seen: tuple[str, ...] = ()) -> dict[str, Any]:
    """A template with its `extends` chain merged (child keys win; elements are appended)."""
    path = root / f"{name}.yaml"
    if not path.is_file():
        raise ProblemsError([Problem("unknown-layout", f"no layout file {path}",
                                     hint=did_you_mean(name, [p.stem for p in root.rglob("*.yaml")]))])
    if name in seen:
        raise ProblemsError([Problem("layout-cycle", " -> ".join([*seen, name]))])
    data = dict(_read_template(path))
    parent_name = data.pop("extends", None)
    if not parent_name:
        return data
    parent = load_template(root, parent_name, (*seen, name))
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
    root = _layouts_root(db)
    game_path = root / db.game.id / f"{name}.yaml"
    if game_path.is_file():
        return load_template(root, f"{db.game.id}/{name}")
    if (root / f"{name}.yaml").is_file():
        return load_template(root, name)
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
        width, height = (_num(scope, {"v": v}, "v", 10.0) for v in size)
    else:
        width, height = (float(v) if not isinstance(v, str) else 10.0 for v in size)
    sheet = str(front.get("sheet", "cards"))
    has_back = db.game.kinds[kind].back is not None
    return FaceInfo(width, height, float(front.get("bleed", 3.0)), sheet, has_back)


# ---------------------------------------------------------------- binding


class Scope:
    """Resolves `{path}` bindings against a component (and a repeat item)."""

    def __init__(self, db: Database, component: Component, item: Any = None,
                 item_spec: FieldSpec | None = None, index: int = 0, parent: Scope | None = None):
        self.db = db
        self.component = component
        self.item = item
        self.item_spec = item_spec
        self.index = index
        self.parent = parent

    def child(self, item: Any, spec: FieldSpec | None, index: int) -> Scope:
        """The scope of one list item; `{parent.x}` reads the enclosing item."""
        return Scope(self.db, self.component, item, spec, index, self)

    def value(self, path: str) -> Any:
        head, *rest = path.strip().split(".")
        value, spec = self._head(head)
        for part in rest:
            value, spec = _step(self.db, value, spec, part)
        return value

    def _head(self, head: str) -> tuple[Any, FieldSpec | None]:
        if "@" in head:  # number@suit: the term of vocab `suit` whose number is the value
            field_name, vocab = head.split("@", 1)
            value, _ = self._head(field_name)
            terms = self.db.game.vocab.get(vocab, {}).values()
            return next((t for t in terms if t.number == value), None), None
        c = self.component
        specials = {"edition": c.edition, "game": self.db.game.name, "index": self.index + 1,
                    "kind_title": self.db.game.kinds[c.kind].title or c.kind}
        if head == "auto_body":
            return body_text(self.db, c), None
        if head in specials:
            return specials[head], None
        if head == "item":
            return _resolve_term(self.db, self.item, self.item_spec), self.item_spec
        if head == "parent":
            outer = self.parent
            return (outer.item, outer.item_spec) if outer is not None else (None, None)
        spec = self.db.game.kinds[c.kind].fields.get(head)
        value = c.value(head)
        if spec is not None and spec.type == "term" and value is not None:
            return self.db.game.term(spec.vocab or "", value) or value, spec
        return value, spec

    def text(self, template: Any) -> Any:
        """A whole-string binding keeps its type; otherwise bindings are formatted into text."""
        if not isinstance(template, str) or "{" not in template:
            return template
        whole = _BINDING.fullmatch(template.strip())
        if whole:
            return self.value(whole.group(1))
        return _BINDING.sub(lambda m: _format(self.value(m.group(1))), template)


def _resolve_term(db: Database, value: Any, spec: FieldSpec | None) -> Any:
    """A term id seen through its spec becomes its vocabulary Term (else unchanged)."""
    if spec is not None and spec.type == "term" and value is not None and not isinstance(value, Term):
        return db.game.term(spec.vocab or "", value) or value
    return value


def _step(db: Database, value: Any, spec: FieldSpec | None, part: str) -> tuple[Any, FieldSpec | None]:
    if value is None:
        return None, None
    if isinstance(value, Term):
        return getattr(value, part, None), None
    if isinstance(value, dict):
        sub = (spec.fields or {}).get(part) if spec is not None and spec.fields else None
        raw = value.get(part)
        if sub is not None and sub.type == "term" and raw is not None:
            return db.game.term(sub.vocab or "", raw) or raw, sub
        return raw, sub
    if part == "len" and isinstance(value, list | str):
        return len(value), None
    if isinstance(value, str) and spec is not None and spec.type == "ref":
        target = _components(db).get(value)
        return Scope(db, target)._head(part) if target is not None else (None, None)
    return None, None


def _components(db: Database) -> dict[str, Component]:
    """Components by id, built once per database (for `{ref_field.name}` bindings)."""
    found: dict[str, Component] | None = db.__dict__.get("_components_by_id")
    if found is None:
        found = db.__dict__["_components_by_id"] = db.by_id()
    return found


def _format(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, Term):
        return value.label
    if isinstance(value, list):
        return ", ".join(_format(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _truthy(value: Any) -> bool:
    return bool(value) and value != "0"


# ---------------------------------------------------------------- laying out


def lay_out(db: Database, component: Component, side: str) -> Drawing | None:
    """The Drawing of one face of a component, or None when its kind has no back."""
    template = template_for(db, component.kind, side)
    if template is None:
        return None
    scope = Scope(db, component)
    db.__dict__["_palette"] = dict(template.get("palette", {}))
    size = template.get("size", (63.5, 88.9))
    width, height = (_num(scope, {"v": v}, "v", 10.0) for v in size)
    drawing = Drawing(f"{component.id}-{side}", width, height, float(template.get("bleed", 3.0)))
    ctx = _Context(db, component, drawing, template, side)
    ctx.background(scope)
    for element in template.get("elements", []):
        ctx.element(element, scope, 0.0, 0.0)
    ctx.edition_mark(scope)
    if ctx.problems:
        raise ProblemsError(ctx.problems)
    return drawing


class _Context:
    def __init__(self, db: Database, component: Component, drawing: Drawing,
                 template: dict[str, Any], side: str = "front"):
        self.db = db
        self.component = component
        self.drawing = drawing
        self.template = template
        self.side = side
        self.safe = float(template.get("safe", 4.0))
        self.problems: list[Problem] = []

    def add(self, item: Primitive) -> None:
        self.drawing.add(item)

    def background(self, scope: Scope) -> None:
        colour = _colour(scope.text(self.template.get("background", "#FFFFFF")), "#FFFFFF")
        b = self.drawing.bleed
        if self.template.get("shape") == "circle":
            self.add(Rect(-b, -b, self.drawing.width + 2 * b, self.drawing.height + 2 * b,
                          Style(fill="#FFFFFF")))
            r = self.drawing.width / 2
            self.add(Ellipse(r, self.drawing.height / 2, r + b, r + b, Style(fill=colour)))
            return
        self.add(Rect(-b, -b, self.drawing.width + 2 * b, self.drawing.height + 2 * b,
                      Style(fill=colour)))

    def edition_mark(self, scope: Scope) -> None:
        mark = self.template.get("edition_mark", {})
        if mark is False:
            return
        label = f"{self.db.game.name} {self.component.edition}"
        size = _num(scope, mark, "size", 4.5)
        x = _num(scope, mark, "x", self.drawing.width - self.safe)
        y = _num(scope, mark, "y", self.drawing.height - self.safe + 0.3)
        colour = _colour(scope.text(mark.get("color", "#555555")), "#555555") or "#555555"
        self._glyphs(label, "regular", "edition mark")
        self.add(TextItem(x, y, label, "regular", size, colour, mark.get("align", "end")))

    def element(self, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
        if "when" in el and not _truthy(scope.text(el["when"])):
            return
        if el.get("side", self.side) != self.side:
            return
        handler = _ELEMENTS.get(str(el.get("type")))
        if handler is None:
            self.problems.append(Problem(
                "bad-layout", f"unknown element type '{el.get('type')}'", where=self.component.where,
                path=f"{self.component.kind} layout", hint=did_you_mean(str(el.get("type")), _ELEMENTS)))
            return
        handler(self, el, scope, dx, dy)

    def _glyphs(self, value: str, face: str, element: str) -> bool:
        missing = fonts.missing_chars(text.plain_text(value), face)
        if missing:
            chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
            self.problems.append(Problem(
                "missing-glyph", f"the font has no glyph for {chars} in \"{value}\"",
                where=self.component.where, path=f"{self.component.id}.{element}",
                hint="use another character, or replace the bundled font"))
        return not missing


def _num(scope: Scope, el: dict[str, Any], key: str, default: float = 0.0) -> float:
    """A number, a binding, or simple arithmetic over bindings ("{radius_mm} * 2 + 3")."""
    value = scope.text(el.get(key, default))
    if isinstance(value, float | int):
        return float(value)
    if isinstance(value, str):
        value = _arithmetic(value)
    try:
        return float(value)
    except (TypeError, ValueError):
        return default


_ARITH_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
              ast.Div: operator.truediv}


@cache
def _arithmetic(text_value: str) -> float | None:
    try:
        tree = ast.parse(text_value.strip(), mode="eval")
    except SyntaxError:
        return None
    return _arith_node(tree.body)


def _arith_node(node: ast.AST) -> float | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return float(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _arith_node(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITH_OPS:
        left, right = _arith_node(node.left), _arith_node(node.right)
        if left is None or right is None or (isinstance(node.op, ast.Div) and right == 0):
            return None
        return _ARITH_OPS[type(node.op)](left, right)
    return None


def _colour(value: Any, default: str | None) -> str | None:
    if isinstance(value, str) and re.fullmatch(r"#[0-9A-Fa-f]{6}", value):
        return value
    if value in (None, "", "none"):
        return default if value is None else None
    return default


def _named(scope: Scope, value: Any) -> Any:
    """A colour name from the template's `palette:` (e.g. a button colour word) -> '#RRGGBB'."""
    palette = scope.db.__dict__.get("_palette", {})
    key = value.label if isinstance(value, Term) else value
    if not isinstance(key, str | bool | int):
        return value
    for candidate in (key, str(key), str(key).lower()):
        if candidate in palette:
            return palette[candidate]
    return value


def _style(scope: Scope, el: dict[str, Any]) -> Style:
    return Style(fill=_colour(_named(scope, scope.text(el.get("fill"))), None),
                 stroke=_colour(_named(scope, scope.text(el.get("stroke"))), None),
                 stroke_width=float(el.get("stroke_width", 0.35)),
                 dash=tuple(el["dash"]) if el.get("dash") else None)


def _el_rect(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    ctx.add(Rect(dx + _num(scope, el, "x"), dy + _num(scope, el, "y"), _num(scope, el, "w"),
                 _num(scope, el, "h"), _style(scope, el), radius=_num(scope, el, "radius")))


def _el_circle(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    r = _num(scope, el, "r", 3.0)
    ctx.add(Ellipse(dx + _num(scope, el, "cx"), dy + _num(scope, el, "cy"), r, r, _style(scope, el)))


def _el_text(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    value = _text_value(ctx, el, scope)
    if not value.strip():
        return
    name = str(el.get("name", el.get("text", "text")))
    if not ctx._glyphs(value, str(el.get("font", "regular")), name):
        return
    x, y, w, h = (dx + _num(scope, el, "x"), dy + _num(scope, el, "y"), _num(scope, el, "w"),
                  _num(scope, el, "h"))
    try:
        fitted = text.fit(value, w, h, size=float(el.get("size", 8)),
                          min_size=float(el.get("min_size", el.get("size", 8))),
                          face=str(el.get("font", "regular")), leading=float(el.get("leading", 1.2)))
    except text.TextOverflow as exc:
        ctx.problems.append(Problem(
            "text-overflow", f"text does not fit its box at {el.get('min_size', el.get('size', 8))} pt: "
            f"{exc.describe()}", where=ctx.component.where, path=f"{ctx.component.id}.{name}",
            hint="shorten the text, or give the element more room or a smaller min_size"))
        return
    colour = _colour(_named(scope, scope.text(el.get("color", "#1A1A1A"))), "#1A1A1A") or "#1A1A1A"
    for item in text.place(fitted, x, y, w, h, align=str(el.get("align", "left")),
                           valign=str(el.get("valign", "top")), color=colour):
        ctx.add(item)


def _text_value(ctx: _Context, el: dict[str, Any], scope: Scope) -> str:
    """The element's text; with `over`, `text` once per list item, joined by `join`."""
    if "over" not in el:
        return _format(scope.text(el.get("text", "")))
    items = scope.text(el["over"])
    if not isinstance(items, list):
        return ""
    spec = _list_item_spec(ctx, str(el["over"]), scope)
    parts = (_format(scope.child(item, spec, i).text(el.get("text", "{item}")))
             for i, item in enumerate(items))
    return str(el.get("join", "\n")).join(p for p in parts if p.strip())


def _el_icon(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    name = _format(scope.text(el.get("icon", "")))
    if not name:
        return
    size = _num(scope, el, "size", 8.0)
    colour = _colour(_named(scope, scope.text(el.get("color"))), None)
    try:
        items = icon_items(_icon_path(ctx.db, name), dx + _num(scope, el, "x"),
                           dy + _num(scope, el, "y"), size, colour)
    except (SyntaxError, ValueError) as exc:  # xml ParseError is a SyntaxError
        ctx.problems.append(Problem(
            "bad-icon", f"icon '{name}.svg' cannot be read: {exc}", where=ctx.component.where,
            path=f"{ctx.component.id}.{el.get('icon')}", hint="save the icon as plain SVG"))
        return
    except FileNotFoundError:
        ctx.problems.append(Problem(
            "missing-icon", f"no icon '{name}.svg'", where=ctx.component.where,
            path=f"{ctx.component.id}.{el.get('icon')}",
            hint=f"draw it under layouts/{ctx.db.game.id}/icons/ or layouts/common/icons/"))
        return
    for item in items:
        ctx.add(item)


def _icon_path(db: Database, name: str) -> Path:
    """The icon's SVG file, looked up once per database and name (FileNotFoundError if none)."""
    paths: dict[str, Path | None] = db.__dict__.setdefault("_icon_paths", {})
    if name not in paths:
        try:
            paths[name] = icon_file(_layouts_root(db), db.game.id, name)
        except FileNotFoundError:
            paths[name] = None
    found = paths[name]
    if found is None:
        raise FileNotFoundError(name)
    return found


def _el_row(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    """n shapes in a row (die spots, lucky-number dots, orange circles)."""
    n = int(_num(scope, el, "n", 0))
    size, gap = _num(scope, el, "size", 5.0), _num(scope, el, "gap", 1.5)
    shape = el.get("shape", "square")
    x0, y0 = dx + _num(scope, el, "x"), dy + _num(scope, el, "y")
    style = _style(scope, el)
    vertical = el.get("direction") == "down"
    for i in range(n):
        x = x0 + (0 if vertical else i * (size + gap))
        y = y0 + (i * (size + gap) if vertical else 0)
        if shape == "circle":
            ctx.add(Ellipse(x + size / 2, y + size / 2, size / 2, size / 2, style))
        else:
            ctx.add(Rect(x, y, size, size, style, radius=_num(scope, el, "radius", 1.0)))


def _el_repeat(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    """Draw `elements` once per item of a list field, stepping by `step` (x, y) mm."""
    items = scope.text(el.get("over", ""))
    if not isinstance(items, list):
        return
    spec = _list_item_spec(ctx, str(el.get("over", "")), scope)
    step_x, step_y = (_num(scope, {"v": v}, "v") for v in el.get("step", (0, 10)))
    limit = int(el.get("max", len(items)))
    if len(items) > limit:
        ctx.problems.append(Problem(
            "too-many-items", f"{len(items)} items, the layout has room for {limit}",
            where=ctx.component.where, path=f"{ctx.component.id}.{el.get('over')}",
            hint="shorten the list or give the layout more rows"))
    x0, y0 = dx + _num(scope, el, "x"), dy + _num(scope, el, "y")
    columns = int(el.get("columns", 0)) or len(items) or 1
    row_x, row_y = (float(v) for v in el.get("row_step", (0, 0)))
    for i, item in enumerate(items[:limit]):
        child = scope.child(item, spec, i)
        col, row = i % columns, i // columns
        for sub in el.get("elements", []):
            ctx.element(sub, child, x0 + col * step_x + row * row_x, y0 + col * step_y + row * row_y)


def _list_item_spec(ctx: _Context, binding: str, scope: Scope) -> FieldSpec | None:
    path = binding.strip("{} ").split(".")
    if path[0] == "item":
        spec = scope.item_spec
        path = path[1:]
        for part in path:
            spec = (spec.fields or {}).get(part) if spec is not None else None
        return spec.of if spec is not None and spec.type == "list" else None
    spec = ctx.db.game.kinds[ctx.component.kind].fields.get(path[0])
    for part in path[1:]:
        spec = (spec.fields or {}).get(part) if spec is not None else None
    return spec.of if spec is not None and spec.type == "list" else None


def _el_image(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    """A component's art; without one, the template's `fallback` elements (a designed stand-in)."""
    value = scope.text(el.get("field", "{image}"))
    box = (dx + _num(scope, el, "x"), dy + _num(scope, el, "y"), _num(scope, el, "w"), _num(scope, el, "h"))
    if isinstance(value, str) and value:
        path = (ctx.db.game.root / value).resolve()
        found = path.suffix.lower() in (".png", ".jpg", ".jpeg") and path.is_file()
        probes = ctx.db.__dict__.get("_image_probes")  # a face cache is listening
        if probes is not None:
            probes.append((str(path), found))
        if found:
            ctx.add(Image(*box, path=str(path)))
            return
    for sub in el.get("fallback", []):
        ctx.element(sub, scope, box[0], box[1])


def _el_group(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    """Children drawn in a frame moved to (x, y) and turned `rotate` degrees clockwise there.

    Sideways cards and half-upside-down cards are groups: lay a half out as usual, then turn it.
    """
    inner = _Context(ctx.db, ctx.component, Drawing("group", 0, 0, 0), ctx.template, ctx.side)
    for sub in el.get("elements", []):
        inner.element(sub, scope, 0.0, 0.0)
    ctx.problems.extend(inner.problems)
    angle = math.radians(_num(scope, el, "rotate", 0.0))
    cos, sin = math.cos(angle), math.sin(angle)
    x, y = dx + _num(scope, el, "x"), dy + _num(scope, el, "y")
    if inner.drawing.items:
        ctx.add(Group(tuple(inner.drawing.items), (cos, sin, -sin, cos, x, y)))


def _el_polar(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    """Draw `elements` once per list item, at `radius` and `angle` (degrees clockwise from up)
    around (cx, cy): the spaces of a ring board, dials, round tracks."""
    items = scope.text(el.get("over", ""))
    if not isinstance(items, list):
        return
    spec = _list_item_spec(ctx, str(el.get("over", "")), scope)
    count = len(items)
    for i, item in enumerate(items):
        child = scope.child(item, spec, i)
        radius = _num(child, el, "radius", 0.0)
        default_angle = 360.0 * i / count if count else 0.0
        angle = math.radians(_num(child, el, "angle", default_angle))
        x = dx + _num(scope, el, "cx") + radius * math.sin(angle)
        y = dy + _num(scope, el, "cy") - radius * math.cos(angle)
        if el.get("turn"):
            _el_group(ctx, {"rotate": math.degrees(angle), "elements": el.get("elements", [])},
                      child, x, y)
            continue
        for sub in el.get("elements", []):
            ctx.element(sub, child, x, y)


def _el_annulus(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    """A ring band between two radii around (cx, cy)."""
    cx, cy = dx + _num(scope, el, "cx"), dy + _num(scope, el, "cy")
    ops = _circle_ops(cx, cy, _num(scope, el, "outer", 10.0)) + _circle_ops(
        cx, cy, _num(scope, el, "inner", 5.0))
    ctx.add(PathItem(tuple(ops), _style(scope, el), fill_rule="evenodd"))


def _circle_ops(cx: float, cy: float, r: float) -> list[tuple]:
    k = 0.5522847498 * r
    return [("M", cx + r, cy), ("C", cx + r, cy + k, cx + k, cy + r, cx, cy + r),
            ("C", cx - k, cy + r, cx - r, cy + k, cx - r, cy),
            ("C", cx - r, cy - k, cx - k, cy - r, cx, cy - r),
            ("C", cx + k, cy - r, cx + r, cy - k, cx + r, cy), ("Z",)]


def _el_line(ctx: _Context, el: dict[str, Any], scope: Scope, dx: float, dy: float) -> None:
    ops = (("M", dx + _num(scope, el, "x1"), dy + _num(scope, el, "y1")),
           ("L", dx + _num(scope, el, "x2"), dy + _num(scope, el, "y2")))
    ctx.add(PathItem(ops, _style(scope, el)))


_ELEMENTS = {"group": _el_group, "polar": _el_polar, "annulus": _el_annulus, "line": _el_line,
             "rect": _el_rect, "circle": _el_circle, "text": _el_text, "icon": _el_icon,
             "row": _el_row, "repeat": _el_repeat, "image": _el_image}
