"""A primitive as the lints see it: where it sits on the face, the element that drew it, and
its box and filled shapes, each worked out once (a Placed kept for an element drawn alike on
many faces, cardgen.layout.memo, brings them along)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar, overload

from cardgen.layout.drawing import IDENTITY, Ellipse, Group, Image, Matrix, Primitive, Rect
from cardgen.layout.drawing import Path as PathItem
from cardgen.layout.extent import Box, bbox, compose, transform_box
from cardgen.layout.located import Located
from cardgen.records import record

T = TypeVar("T")
# A filled shape of an element as fill_under sees it: (face box, ellipse or not, fill; '' for art)
FillLeaf = tuple[Box, bool, str]
_SHAPES = (Rect, Ellipse, PathItem)  # isinstance's types: a tuple is tested faster than a union


class _Once(Generic[T]):
    """A method worked out on first read, its value then kept in the instance's __dict__ under
    the method's name (a non-data descriptor: the instance's value is found first)."""

    def __init__(self, method: Callable[[Any], T]) -> None:
        self.method, self.name = method, method.__name__

    @overload
    def __get__(self, obj: None, cls: type) -> _Once[T]: ...
    @overload
    def __get__(self, obj: object, cls: type) -> T: ...

    def __get__(self, obj: object | None, cls: type) -> T | _Once[T]:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.method(obj)
        return value


@record(frozen=True, init=False)
class Placed:
    """One primitive of a face, the element that drew it and the transform it sits under."""

    item: Primitive
    el: Located | None  # the element (or edition mark) that drew it; None: the background
    matrix: Matrix = IDENTITY
    role: str = "content"  # content | background | mark | pip | icon | draft (cardgen's own)
    # a line of text: the box its element fitted it into (x0, y0, x1, y1 before the matrix),
    # where any text the element fits there stays (cardgen.layout.lintmemo); not a field
    envelope: ClassVar[Box | None] = None
    # the first of the lines a text plan placed one after another, each inside its envelope
    # and untransformed (cardgen.layout.textplan): how many they are (0: not known to be so);
    # the lint memo keys them at once; not a field
    inside: ClassVar[int] = 0

    def __init__(self, item: Primitive, el: Located | None, matrix: Matrix = IDENTITY,
                 role: str = "content", envelope: Box | None = None) -> None:
        # the fields set at once (a frozen dataclass's own __init__ sets them one by one)
        d = self.__dict__
        d["item"], d["el"], d["matrix"], d["role"] = item, el, matrix, role
        if envelope is not None:
            d["envelope"] = envelope

    # box and fills are worked out once and kept in the instance's __dict__ under their own
    # names (not fields: a frozen dataclass still has a __dict__), where later reads find them
    # before the class's _Once (functools.cached_property does the same with a lock on 3.11)

    @_Once
    def box(self) -> Box:
        """Its extent on the face (mm)."""
        return transform_box(self.matrix, bbox(self.item))

    @_Once
    def reach(self) -> Box:
        """The box round its fills, grown a little (a point outside it is under none)."""
        leaves, grow = self.fills, 1e-6
        if len(leaves) == 1:  # most shapes: the one leaf's box
            b = leaves[0][0]
            return (b[0] - grow, b[1] - grow, b[2] + grow, b[3] + grow)
        return (min(b[0] for b, _, _ in leaves) - grow, min(b[1] for b, _, _ in leaves) - grow,
                max(b[2] for b, _, _ in leaves) + grow, max(b[3] for b, _, _ in leaves) + grow)

    @_Once
    def fills(self) -> tuple[FillLeaf, ...]:
        """Its filled shapes and art, topmost first, as fill_under tests them."""
        item = self.item
        if isinstance(item, Group):
            out: list[FillLeaf] = []
            _fill_leaves(item, self.matrix, out)
            return tuple(out)
        # a shape alone: its one leaf's box is its own (what _fill_leaves works out again)
        if isinstance(item, Image):
            return ((self.box, False, ""),)
        if isinstance(item, _SHAPES) and item.style.fill and not (
                isinstance(item, PathItem) and item.fill_rule == "evenodd"):
            return ((self.box, isinstance(item, Ellipse), item.style.fill),)
        return ()


def _fill_leaves(item: Primitive, matrix: Matrix, out: list[FillLeaf]) -> None:
    """Appends the shapes of item that can be under a point, topmost first: art, and filled
    rectangles, circles and paths (an even-odd path, a ring, never counts)."""
    if isinstance(item, Group):
        inner = compose(matrix, item.transform)
        for child in reversed(item.items):
            _fill_leaves(child, inner, out)
        return
    if isinstance(item, Image):
        out.append((transform_box(matrix, bbox(item)), False, ""))
    elif isinstance(item, _SHAPES) and item.style.fill and not (
            isinstance(item, PathItem) and item.fill_rule == "evenodd"):
        out.append((transform_box(matrix, bbox(item)), isinstance(item, Ellipse), item.style.fill))
