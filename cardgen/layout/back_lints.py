"""The lints of card backs, each a warning at the layout line (the family of `lints.py`).

- `back-drift`: a back whose frame, panel edge, art edge or edge-parallel line sits between
  the cut and DRIFT_MM inside it. A home duplex print lands backs 1-3 mm off their fronts, so
  such a border shows lopsided on every card; a full-bleed pattern, or a frame DRIFT_MM or more
  inside the trim, hides the drift.
- `look-alike-backs`: two kinds of the same deck role (cards of one size and sheet, with
  backs of their own) whose backs differ only in text under SMALL_TEXT_PT: mixed decks
  cannot be sorted by their backs.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from cardgen.data.model import Component
from cardgen.errors import Location, Problem
from cardgen.layout.drawing import Drawing, Ellipse, Group, Image, Primitive, Rect
from cardgen.layout.drawing import Path as PathItem
from cardgen.layout.drawing import Text as TextItem
from cardgen.layout.lints import FaceLinter, Placed
from cardgen.layout.session import LayoutSession
from cardgen.records import record

DRIFT_MM = 6.0  # a back's line within this of the cut shows a duplex drift
MIN_SPAN = 1 / 3  # an edge counts as a frame line from this share of the trim side it runs along
SMALL_TEXT_PT = 10.0  # backs that differ only in text under this look the same across a table


class BackLinter(FaceLinter):
    """Lints one back face for `back-drift` (the module doc); `run` returns its warnings."""

    def run(self) -> list[Problem]:
        if self.circle:
            return []
        background = _background_fill(self.placed)
        for p in self.placed:
            if p.role != "content" or not _shows_edges(p.item, background):
                continue
            inside = self.drift_gap(p)
            if inside is not None:
                self.warn(p, "back-drift", f"a back's frame or edge line sits {inside:.1f} mm "
                          f"inside the cut: a duplex drift of 1-3 mm makes the border lopsided",
                          f"run it into the bleed (a full-bleed pattern) or keep it "
                          f"{DRIFT_MM:g} mm or more inside the trim")
        return list(self.found.values())

    def drift_gap(self, p: Placed) -> float | None:
        """The smallest distance (mm) from a trim edge to an edge-parallel line of p that lies
        between the cut and DRIFT_MM inside it, None when there is none."""
        w, h = self.drawing.width, self.drawing.height
        stretched = self.stretched.get(id(p.item), ())
        gaps = [gap for side, gap, span in _edges(p, w, h) if side not in stretched
                and 0.01 < gap < DRIFT_MM - 0.01
                and span >= (w if side in ("top", "bottom") else h) * MIN_SPAN]
        return min(gaps) if gaps else None


def _background_fill(placed: Iterable[Placed]) -> str | None:
    return next((p.item.style.fill for p in placed if p.role == "background"
                 and isinstance(p.item, Rect | Ellipse)), None)


def _shows_edges(item: Primitive, background: str | None) -> bool:
    """A shape whose edges show: art, a stroked shape, a fill unlike the background, a line."""
    if isinstance(item, Image):
        return True
    if isinstance(item, Rect | PathItem):
        return bool(item.style.stroke) or (item.style.fill not in (None, background))
    return False


Edge = tuple[str, float, float]  # trim side, distance inside it (mm), length along it (mm)


def _edges(p: Placed, w: float, h: float) -> Iterator[Edge]:
    """The edge-parallel edges of a placed shape on a w x h face: a rectangle's or an image's
    four sides, a path's straight level or upright segments."""
    if isinstance(p.item, Rect | Image):
        x0, y0, x1, y1 = p.box
        yield from (("left", x0, y1 - y0), ("top", y0, x1 - x0), ("right", w - x1, y1 - y0),
                    ("bottom", h - y1, x1 - x0))
        return
    for (x0, y0), (x1, y1) in _segments(p):
        if abs(x0 - x1) < 0.01:  # upright: near the left or right cut
            yield from (("left", x0, abs(y1 - y0)), ("right", w - x0, abs(y1 - y0)))
        elif abs(y0 - y1) < 0.01:
            yield from (("top", y0, abs(x1 - x0)), ("bottom", h - y0, abs(x1 - x0)))


def _segments(p: Placed) -> Iterator[tuple[tuple[float, float], tuple[float, float]]]:
    """The straight segments of a path on the face (its transform applied)."""
    if not isinstance(p.item, PathItem):
        return
    a, b, c, d, e, f = p.matrix
    start = last = None
    for op in p.item.ops:
        if op[0] == "Z":
            if last is not None and start is not None:
                yield last, start
            last = start
            continue
        x, y = float(op[-2]), float(op[-1])
        point = (a * x + c * y + e, b * x + d * y + f)
        if op[0] == "L" and last is not None:
            yield last, point
        if op[0] == "M":
            start = point
        last = point


# --------------------------------------------------------------------------- look-alike backs


@record(frozen=True)
class Back:
    """A kind's back as the deck-role lint compares it."""

    kind: str
    title: str  # the kind's title, for the message
    layout: str  # the back's layout name (kinds that name the same one are one deck)
    sheet: str
    drawing: Drawing
    where: Location | None  # the back's layout file (or the data, for an automatic back)


def look_alike_backs(backs: Iterable[Back]) -> list[Problem]:
    """`look-alike-backs` warnings: per pair of kinds of one deck role (same sheet and size,
    different back layouts) whose backs are the same once text under SMALL_TEXT_PT is left out,
    one warning at the later kind's back layout."""
    seen: dict[tuple[str, float, float, str], Back] = {}
    out = []
    for back in backs:
        d = back.drawing
        key = (back.sheet, round(d.width, 1), round(d.height, 1), _look(d.items))
        first = seen.get(key)
        if first is None:
            seen[key] = back
        elif first.layout != back.layout:
            out.append(Problem(
                "look-alike-backs", f"the backs of {first.title} and {back.title} differ only in "
                f"text under {SMALL_TEXT_PT:g} pt: mixed decks cannot be sorted by their backs",
                where=back.where, path=f"{back.kind} back", severity="warning",
                hint="give each deck's back its own colour, pattern or large title"))
    return out


def _look(items: Iterable[Primitive]) -> str:
    """A back's primitives as text, leaving out text under SMALL_TEXT_PT (captions, marks)."""
    return repr(tuple(_visible(items)))


def _visible(items: Iterable[Primitive]) -> Iterator[object]:
    for item in items:
        if isinstance(item, Group):
            yield (item.transform, item.clip, tuple(_visible(item.items)))
        elif not (isinstance(item, TextItem) and item.size < SMALL_TEXT_PT):
            yield item




def first_backs(components: Iterable[Component], drawings: dict[tuple[str, str], Drawing]
                ) -> list[tuple[Component, Drawing]]:
    """The first component with a back of each kind, and that back (all `lint_backs` reads)."""
    kinds: set[str] = set()
    out = []
    for c in components:
        if c.kind not in kinds and (c.id, "back") in drawings:
            kinds.add(c.kind)
            out.append((c, drawings[(c.id, "back")]))
    return out


def lint_backs(session: LayoutSession, backs: Iterable[tuple[Component, Drawing]]) -> None:
    """Adds the `look-alike-backs` warnings of a build's backs (each component's, in deck
    order) to the first back of the later kind of each pair, where the build's lints are read."""
    from cardgen.layout.templates import face_info, template_file

    first: dict[str, tuple[Component, Drawing]] = {}
    for component, drawing in backs:
        first.setdefault(component.kind, (component, drawing))
    kinds = session.db.game.kinds
    found = look_alike_backs(
        Back(kind, kinds[kind].title or kind, kinds[kind].back or kind,
             face_info(session, kind).sheet, drawing,
             template_file(session, kind, "back") or component.where)
        for kind, (component, drawing) in first.items())
    for problem in found:
        warnings = first[problem.path.removesuffix(" back")][1].warnings
        if problem not in warnings:
            warnings.append(problem)


__all__ = ["DRIFT_MM", "SMALL_TEXT_PT", "Back", "BackLinter", "first_backs", "lint_backs",
           "look_alike_backs"]
