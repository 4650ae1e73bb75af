"""The base of every element type, and the Context an element draws into.

An element type is one module of this package: a model (`cardgen.data.modelkit`) whose fields are its keys,
types and defaults (written once), a `draw()` that reads the validated model, and the hooks
the binding checker reads (`bindings()`); the registry (`registry.py`) finds it by `type:`.
"""

import math
import re
from dataclasses import field
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, NamedTuple, Union

from cardgen.data.declare import AfterValidator, Field
from cardgen.data.model import Component, Database, FieldSpec, Term
from cardgen.errors import Location, Problem, did_you_mean
from cardgen.layout import conditions, fonts, paint, text
from cardgen.layout.arith import ExpressionError, evaluate
from cardgen.layout.drawing import IDENTITY, Drawing, Gradient, Group, Matrix, Primitive, Style
from cardgen.layout.drawing import Path as PathItem
from cardgen.layout.elements.registry import NameOrElement, OneElement
from cardgen.layout.extent import Box
from cardgen.layout.guards import check_primitive
from cardgen.layout.icons import IconError, IconFinder
from cardgen.layout.lints import Placed, compose, fill_under, ink_for
from cardgen.layout.located import Located, ModelsBuilt, SharedSchema, Strict, number_defaults
from cardgen.layout.scope import Scope, format_value, number
from cardgen.limits import MAX_ELEMENTS
from cardgen.records import record

_ARITHMETIC = re.compile(r"^[\d\s.+\-*/()]+$")


def _number_text(value: str) -> str:
    """A number written as text must hold a binding or be arithmetic ("{r} * 2", "174 / 3");
    arithmetic without bindings is worked out now (a division by zero is an error here)."""
    if "{" in value:
        return value
    if _ARITHMETIC.match(value):
        evaluate(value)
        return value
    raise ValueError(f"expected a number, a {{binding}} or arithmetic, got '{value}'")


# A number, or a `{binding}` / arithmetic over bindings ("{diameter_mm} / 2 - 4").
Num = Annotated[float | Annotated[str, AfterValidator(_number_text)], SharedSchema()]
Pair = tuple[Num, Num]
# '#RRGGBB', a `{binding}`, a palette word, `auto` (black or white, whichever reads on the fill
# under it; text, icons, the edition mark), or none.
Colour = str

if TYPE_CHECKING:
    Children = list["ElementBase"]
    Clip = Union[str, "ElementBase"]  # noqa: UP007
else:  # the union of every element type, each validated by its type's model (registry.py)
    Children = Annotated[list[OneElement], SharedSchema()]
    Clip = NameOrElement


class _GradientSpec(Strict):
    stops: list[tuple[Num, Colour] | Colour] = Field(
        min_length=2, description="[[offset 0..1, colour], ...] or colours spread evenly")


class LinearSpec(_GradientSpec):
    angle: Num = Field(180.0, description="degrees clockwise from up (180: top to bottom)")
    from_: Pair | None = Field(None, alias="from", description="[x, y] mm where it starts")
    to: Pair | None = Field(None, description="[x, y] mm where it ends")


class RadialSpec(_GradientSpec):
    center: Pair | None = Field(None, description="[x, y] mm (default: the shape's centre)")
    radius: Num | None = Field(None, description="mm (default: to the farthest corner)")


class LinearGradient(Strict):
    linear_gradient: LinearSpec = Field(alias="linear-gradient")


class RadialGradient(Strict):
    radial_gradient: RadialSpec = Field(alias="radial-gradient")


# A colour (with '#RRGGBBAA' for alpha) or a gradient (cardgen.layout.paint; built once).
Paint = Annotated[Colour | LinearGradient | RadialGradient, ModelsBuilt(LinearGradient, RadialGradient)]


def _plain_stroke(value: Paint | None) -> Paint | None:
    if value is not None and not isinstance(value, str):
        raise ValueError("a stroke takes a colour ('#RRGGBB' or '#RRGGBBAA'); gradients paint "
                         "fills (for a shaded line, fill a thin rect or path)")
    return value


@record(frozen=True)
class Bindings:
    """What the binding checker reads of an element (cardgen.layout.bindings)."""

    values: list[tuple[str, Any]]  # (key, value) of every written key that may hold a binding
    over: str | None = None  # the list binding its items run over
    counted: bool = False  # items 1..n instead of a list
    per_item: frozenset[str] = frozenset()  # keys read once per item
    children: "list[tuple[str, list[ElementBase]]]" = field(default_factory=list)
    children_per_item: bool = False  # its children see `{item}`


class ElementBase(Located):
    """Keys every element has; each element type adds its own and draws itself."""

    type: str
    when: Annotated[str | bool | int | dict[str, Any] | None, AfterValidator(conditions.check),
                    SharedSchema()] = Field(
        None, description="draw only when it holds: \"{field}\" (set, not empty, false or zero), "
        "{field: value}, {field: {in|not|gt|ge|lt|le|set: ..}}, or not/all/any of conditions")
    side: Annotated[Literal["front", "back"] | None, SharedSchema()] = Field(
        None, description="draw only on this face of a double-sided layout")
    name: Annotated[str | None, SharedSchema()] = Field(
        None, description="names the element in messages and ink-saver")
    clip: Annotated[Clip | None, SharedSchema()] = Field(
        None, description="draw it only inside another shape: the `name` of a shape element "
        "drawn before it, or a shape written here")

    # keys that never hold a binding
    UNBOUND: ClassVar[frozenset[str]] = frozenset(
        {"type", "name", "side", "join", "align", "valign", "font", "shape", "direction", "cap",
         "clip"})
    PER_ITEM: ClassVar[frozenset[str]] = frozenset()  # keys read once per list item
    CHILDREN_PER_ITEM: ClassVar[bool] = False  # children drawn once per list item

    def label_name(self) -> str | None:
        return self.name

    def outline(self, scope: Scope, dx: float, dy: float) -> PathItem | None:
        """Its shape as an unpainted path (what `clip:` clips to); None: it has no outline."""
        return None

    def draw(self, ctx: "Context", scope: Scope, dx: float, dy: float) -> None:
        """Add what the element draws to `ctx`, moved by (dx, dy) mm."""
        raise NotImplementedError(type(self).__name__)

    def children(self) -> "dict[str, list[ElementBase]]":
        """Its child elements by key (`elements`, `fallback`); none for a plain shape."""
        return {}

    def over_binding(self) -> str | None:
        """The list binding it runs over (`over:`), if any."""
        return None

    def counted(self) -> bool:
        """True when it runs `n:` times instead of over a list."""
        return False

    def number(self, scope: Scope, key: str) -> float:
        """The number a key holds (bound values read through `scope`), else the key's default."""
        written = getattr(self, key)  # a finite float as written is what number() gives back
        return written if type(written) is float and math.isfinite(written) else number(
            scope, written, key, number_defaults(type(self)).get(key, 0.0))

    def bindings(self) -> Bindings:
        kids = self.children()
        over = self.over_binding()
        skip = self.UNBOUND | set(kids) | ({"over"} if over is not None else set())
        written = self.model_fields_set  # (a property: asked once, not once a field)
        values = [(key, getattr(self, key)) for key in type(self).model_fields
                  if key in written and key not in skip]
        values = [(k, " ".join(conditions.paths(v)) if k == "when" and isinstance(v, dict) else v)
                  for k, v in values]
        items = over is not None or self.counted()
        return Bindings(values, over, self.counted(), self.PER_ITEM if items else frozenset(),
                        list(kids.items()), self.CHILDREN_PER_ITEM)

    def shown(self, scope: Scope, side: str) -> bool:
        """Drawn on this side, for this component (`when:`, `side:`)?"""
        if "when" in self.__pydantic_fields_set__ and not conditions.holds(self.when, scope):
            return False
        return self.side is None or self.side == side


class Stroked(ElementBase):
    """An element with a fill and an outline."""

    fill: Paint | None = Field(None, description="fill colour or gradient")
    stroke: Annotated[Paint | None, AfterValidator(_plain_stroke)] = Field(
        None, description="outline colour")
    stroke_width: float = Field(0.35, description="outline width, mm")
    dash: list[float] | None = Field(None, description="dash pattern, mm on, mm off, ...")
    join: Literal["miter", "round", "bevel"] = Field("miter", description="outline corners")
    cap: Literal["butt", "round", "square"] = Field("butt", description="outline ends")
    opacity: float | None = Field(None, ge=0, le=1, description="0..1 (1: opaque)")

    def style(self, ctx: "Context", scope: Scope, box: paint.Box | None = None,
              origin: tuple[float, float] = (0.0, 0.0)) -> Style:
        """Its Style; `box` (x, y, w, h mm: what it covers) places a gradient fill, whose
        `from`, `to` and `center` are moved by `origin` (the element's dx, dy)."""
        fill, fill_alpha = self.solid(ctx, scope, self.fill)
        stroke, stroke_alpha = self.solid(ctx, scope, self.stroke)
        gradient = self.gradient(ctx, scope, box, origin) if isinstance(
            self.fill, LinearGradient | RadialGradient) else None
        if gradient is not None:
            fill = gradient.colour_at(0.5)
        return Style(fill=fill, stroke=stroke, stroke_width=float(self.stroke_width),
                     dash=tuple(self.dash) if self.dash else None,
                     opacity=1.0 if self.opacity is None else float(self.opacity),
                     fill_alpha=fill_alpha, stroke_alpha=stroke_alpha, join=self.join,
                     cap=self.cap, fill_paint=gradient)

    def solid(self, ctx: "Context", scope: Scope, value: Paint | None) -> tuple[str | None, float]:
        """A colour key's '#RRGGBB' and alpha (None: no paint, or a gradient)."""
        if not isinstance(value, str):
            return None, 1.0
        written = named(ctx.job.palette, scope.text(value))
        found = paint.colour_alpha(written)
        return found if found is not None else (colour(written, None), 1.0)

    def gradient(self, ctx: "Context", scope: Scope, box: paint.Box | None,
                 origin: tuple[float, float]) -> Gradient:
        """Its gradient fill, placed on `box` (ValueError when the element has no box)."""
        if box is None:
            raise ValueError(f"a {self.type} takes a colour; a gradient fills a shape")
        if isinstance(self.fill, LinearGradient):
            spec: _GradientSpec = self.fill.linear_gradient
        else:
            assert isinstance(self.fill, RadialGradient)
            spec = self.fill.radial_gradient
        stops = paint.spread([self._stop(ctx, scope, s) for s in spec.stops])
        if isinstance(spec, LinearSpec):
            start, end = _point(scope, spec.from_, origin), _point(scope, spec.to, origin)
            if start is not None and end is not None:
                return Gradient("linear", (*start, *end), stops)
            return paint.linear(box, number(scope, spec.angle, "fill", 180.0), stops)
        assert isinstance(spec, RadialSpec)
        radius = None if spec.radius is None else number(scope, spec.radius, "fill")
        return paint.radial(box, _point(scope, spec.center, origin), radius, stops)

    def _stop(self, ctx: "Context", scope: Scope, stop: tuple[Num, Colour] | Colour
              ) -> tuple[float | None, str]:
        offset, value = (None, stop) if isinstance(stop, str) else stop
        written = named(ctx.job.palette, scope.text(value))
        found = paint.colour_alpha(written)
        if found is None:
            raise ValueError(f"gradient stop {value!r} is not a colour ('#RRGGBB' or a palette word)")
        if found[1] < 1.0:
            raise ValueError(f"gradient stop {value!r} is see-through; stops are opaque "
                             "colours (give the element opacity: instead)")
        return (None if offset is None else number(scope, offset, "fill")), found[0]


def _point(scope: Scope, point: Pair | None, origin: tuple[float, float]
           ) -> tuple[float, float] | None:
    """A written [x, y] (mm, bindings read) moved by origin; None stays None."""
    if point is None:
        return None
    return number(scope, point[0], "fill") + origin[0], number(scope, point[1], "fill") + origin[1]


def colour(value: Any, default: str | None) -> str | None:
    """'#RRGGBB' as written ('#RRGGBBFF' too); `none` or empty is no colour; anything else the
    default. A see-through '#RRGGBBAA' is a ValueError: only fills and strokes take alpha."""
    if isinstance(value, str) and re.fullmatch(r"#[0-9A-Fa-f]{6}", value):
        return value
    found = paint.colour_alpha(value)
    if found is not None:
        if found[1] < 1.0:
            raise ValueError(f"colour {value} is see-through; text, icons and backgrounds take "
                             "an opaque colour (alpha is for fill and stroke)")
        return found[0]
    if value in (None, "", "none"):
        return default if value is None else None
    return default


def named(palette: dict[str, Any], value: Any) -> Any:
    """A colour name from the template's `palette:` (e.g. a button colour word) -> '#RRGGBB'."""
    key = value.label if isinstance(value, Term) else value
    if not isinstance(key, str | bool | int):
        return value
    for candidate in (key, str(key), str(key).lower()):
        if candidate in palette:
            return palette[candidate]
    return value


# --------------------------------------------------------------------------- drawing


class FaceJob(NamedTuple):  # a tuple: made once per face, cheaply
    """What stays the same while one face is drawn."""

    db: Database
    component: Component
    side: str
    palette: dict[str, Any]  # the template's colour words
    safe: float
    family: text.Family
    icons: IconFinder
    layout_file: Location | None  # the layout file the face is drawn from (None: automatic)
    probes: list[tuple[str, str]] | None = None  # images read, when a face cache listens
    memo: Any = None  # cardgen.layout.memo.FaceMemo: leaf elements' kept drawings


class Drawn(NamedTuple):  # a tuple: made for every named element drawn, cheaply
    """A named element as it was drawn: enough to work out its outline for a `clip:`."""

    element: ElementBase
    scope: Scope
    dx: float
    dy: float
    matrix: Matrix


class Context:
    """Where elements draw: the face's Drawing, its problems and what the lints need."""

    def __init__(self, job: FaceJob, drawing: Drawing, placed: list[Placed] | None = None,
                 matrix: Matrix = IDENTITY, budget: list[int] | None = None,
                 drawn: dict[str, Drawn] | None = None):
        self.job = job
        self.drawing = drawing
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []  # found while drawing (the lints come after)
        self.placed: list[Placed] = [] if placed is None else placed  # for the lints
        self.matrix = matrix  # where this context's drawing sits on the face
        self.current: Located | None = None  # the element being drawn
        self.budget = [MAX_ELEMENTS] if budget is None else budget  # shared with its groups
        self.drawn = {} if drawn is None else drawn  # named elements drawn so far (for clip:)

    @property
    def component(self) -> Component:
        return self.job.component

    def add(self, item: Primitive, role: str = "content", envelope: Box | None = None) -> None:
        self.budget[0] -= 1
        if self.budget[0] < 0:
            raise ValueError(f"the face draws more than {MAX_ELEMENTS} shapes")
        check_primitive(item)
        self.drawing.items.append(item)
        self.placed.append(Placed(item, self.current, self.matrix, role, envelope))

    def problem(self, rule: str, message: str, what: str, hint: str,
                where: Location | None = None) -> None:
        """A problem of this face's component; `what` follows its id in the key path."""
        self.problems.append(Problem(rule, message, where=where or self.component.where,
                                     path=f"{self.component.id}.{what}", hint=hint))

    def guarded(self, draw: Any, el: ElementBase | None, *args: Any) -> None:
        """Draw; a value cardgen cannot use becomes a Problem at the layout, never a crash."""
        try:
            draw(*args)
        except ExpressionError as exc:  # arithmetic: at the key that wrote it
            self.problems.append(self._expression(exc, el if el is not None else self.current))
        except IconError as exc:  # an inline [icon] whose file is unusable: said as it is
            what = (el.name or el.type) if el is not None else "layout"
            self.problems.append(exc.problem((el.location() if el is not None else None)
                                             or self.component.where, f"{self.component.id}.{what}"))
        except (TypeError, ValueError, KeyError, AttributeError, IndexError, OverflowError,
                ZeroDivisionError) as exc:
            what = f"{el.type} element" if el is not None else "the layout"
            name = (el.name or el.type) if el is not None else "layout"
            self.problem("bad-layout", f"{what} cannot be drawn: {exc}", name,
                         "numbers in mm (finite, not negative sizes), colours as \"#RRGGBB\", "
                         "lists where a list is expected, fonts 'regular' or 'bold'",
                         (el.location() if el is not None else None) or self.job.layout_file)

    def _expression(self, exc: ExpressionError, part: Located | None) -> Problem:
        """Layout arithmetic that cannot be worked out, at the layout key that wrote it."""
        where, label = part.key_location(exc.key) if part is not None and exc.key else (None, None)
        what = part.type if isinstance(part, ElementBase) else "edition_mark" if part else "layout"
        return exc.problem(where or (part.location() if part is not None else None)
                           or self.job.layout_file or self.component.where,
                           label or f"{self.component.id}.{what}")

    def element(self, el: ElementBase, scope: Scope, dx: float, dy: float) -> None:
        if not el.shown(scope, self.job.side):
            return
        outer, self.current = self.current, el
        if el.clip is not None:
            self.guarded(self.clipped, el, el, scope, dx, dy)
        elif self.job.memo is None or not self.job.memo.draw(self, el, scope, dx, dy):
            self.guarded(el.draw, el, self, scope, dx, dy)
        if el.name:
            self.drawn[el.name] = Drawn(el, scope, dx, dy, self.matrix)
        self.current = outer

    def clipped(self, el: ElementBase, scope: Scope, dx: float, dy: float) -> None:
        """An element drawn inside the outline its `clip:` names or writes."""
        clip = self.clip_outline(el, scope, dx, dy)
        inner = Context(self.job, Drawing("clip", 0, 0, 0), self.placed, self.matrix,
                        self.budget, self.drawn)
        inner.current = el
        el.draw(inner, scope, dx, dy)
        self.problems.extend(inner.problems)
        if inner.drawing.items:
            group = Group(tuple(inner.drawing.items), clip_path=clip)
            check_primitive(group)
            self.drawing.add(group)

    def clip_outline(self, el: ElementBase, scope: Scope, dx: float, dy: float) -> PathItem:
        """The outline `clip:` names (a shape drawn before, by `name:`) or writes, in mm of
        this context's frame."""
        if not isinstance(el.clip, str):
            assert el.clip is not None
            found = el.clip.outline(scope, dx, dy)
            if found is None:
                raise ValueError(f"clip: a {el.clip.type} has no outline to clip to")
            return found
        drawn = self.drawn.get(el.clip)
        if drawn is None:
            hint = did_you_mean(el.clip, list(self.drawn)) or ""
            raise ValueError(f"clip: no shape named '{el.clip}' is drawn before it {hint}".strip())
        shape = drawn.element.outline(drawn.scope, drawn.dx, drawn.dy)
        if shape is None:
            raise ValueError(f"clip: '{el.clip}' is a {drawn.element.type}, which has no "
                             "outline to clip to")
        if drawn.matrix == self.matrix:
            return shape
        from cardgen.layout.pathops import inverse, moved_ops
        into = compose(inverse(self.matrix), drawn.matrix)
        return PathItem(tuple(moved_ops(shape.ops, into)), shape.style, shape.fill_rule)

    def turned(self, children: list[ElementBase], scope: Scope, x: float, y: float,
               degrees: float) -> None:
        """Children drawn in a frame moved to (x, y) and turned `degrees` clockwise there."""
        angle = math.radians(degrees)
        cos, sin = math.cos(angle), math.sin(angle)
        matrix: Matrix = (cos, sin, -sin, cos, x, y)
        inner = Context(self.job, Drawing("group", 0, 0, 0), self.placed,
                        compose(self.matrix, matrix), self.budget, self.drawn)
        for sub in children:
            inner.element(sub, scope, 0.0, 0.0)
        self.problems.extend(inner.problems)
        self.warnings.extend(inner.warnings)
        if inner.drawing.items:  # its items are linted where they were placed, not again here
            self.drawing.add(Group(tuple(inner.drawing.items), matrix))

    def ink(self, scope: Scope, value: Any, x: float, y: float, default: str | None) -> str | None:
        """A colour key's colour; `auto` is black or white, whichever reads better on the fill
        drawn under (x, y) (in this context's mm)."""
        if value == "auto":
            a, b, c, d, e, f = self.matrix
            return ink_for(fill_under(self.placed, a * x + c * y + e, b * x + d * y + f))
        return colour(named(self.job.palette, scope.text(value)), default) or default

    def glyphs(self, value: str, face: str, element: str) -> bool:
        """True when the font has every character of the text; else a Problem."""
        family = self.job.family
        missing = text.missing_glyphs(value, face, family)
        if missing:
            chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
            fonts_used = sorted({fonts.font_path(f).name for f in (face, family.bold)})
            self.problem("missing-glyph", f"the font ({', '.join(fonts_used)}) has no glyph for "
                         f"{chars} in \"{value}\"", element,
                         "use another character, or a font that has it (the layout's fonts:)")
        return not missing

    def inline_icons(self, value: str, element: str, written: Located | None = None) -> bool:
        """True when every `[name]` in the text names an icon; else a Problem with did-you-mean,
        at the layout's `text` when the layout wrote the name, else at the component."""
        icons = self.job.icons
        unknown = [n for n in text.icon_names(value) if icons.find(n) is None]
        as_written = str(getattr(written, "text", "") or "")
        for name in unknown:
            ours = written is not None and f"[{name}]" in as_written
            where, label = written.key_location("text") if ours and written else (None, None)
            self.problems.append(Problem(
                "unknown-icon", f"no icon '[{name}]' in \"{as_written if label else value}\"",
                where=where or self.component.where, path=label or f"{self.component.id}.{element}",
                hint=icons.hint(name)))
        return not unknown

    def items(self, el: ElementBase, over: str | None, n: Num | None, scope: Scope
              ) -> tuple[list[Any], FieldSpec | None]:
        """The items a list element runs over: a list binding's items, or 1..n for a count."""
        if over is None:
            return list(range(1, int(number(scope, n, "n", 0)) + 1)), None
        items = scope.text(over)
        if items is None or items == "":
            return [], None
        if not isinstance(items, list):
            where, label = el.key_location("over")
            self.problems.append(Problem(
                "not-a-list", f"{over} is {format_value(items)!r} for {self.component.id}, not a list",
                where=where or self.component.where, path=label or f"{self.component.id}.{over}",
                hint="repeat over a list field, or use n: for a count (then {index} is 1..n)"))
            return [], None
        return items, self._list_item_spec(over, scope)

    def _list_item_spec(self, binding: str, scope: Scope) -> FieldSpec | None:
        """The spec of one item of the list `binding` names (a field's, or the repeat item's)."""
        head, *rest = binding.strip("{} ").split(".")
        kind = self.job.db.game.kinds[self.component.kind]
        spec = scope.item_spec if head == "item" else kind.fields.get(head)
        for part in rest:
            spec = (spec.fields or {}).get(part) if spec is not None else None
        return spec.of if spec is not None and spec.type == "list" else None

    def where_bound(self, el: ElementBase, value: object) -> Location | None:
        """A value bound to data ({field}) is the component's mistake; else the layout's."""
        written = el.location()
        if "{" in str(value) or written is None:
            return self.component.where
        return written
