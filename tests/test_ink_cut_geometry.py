"""The ink saver keeps every cut line and outline: each seed face's edges (strokes, the edges of
fills that show against the face, a round piece's trim) are all still drawn in its ink-saver
build, where they were drawn in the normal one (with the template's own `ink_saver:` block
applied to both, so an element the designer drops on purpose is not counted)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cardgen.data.load import load_database, parse_target
from cardgen.layout import LayoutSession, lay_out
from cardgen.layout.bleed import extend_to_bleed
from cardgen.layout.drawing import IDENTITY, Drawing, Ellipse, Group, Matrix, Primitive, Rect
from cardgen.layout.drawing import Path as PathItem
from cardgen.layout.face import lay_out_template
from cardgen.layout.ink import ink_saver_settings
from cardgen.layout.lints import compose
from cardgen.layout.scope import Scope
from cardgen.layout.templates import template_for

REPO = Path(__file__).resolve().parents[1]
SEEDS = ("l5@0.6.5", "l5@act-one", "l5@0.6.2", "lux-aeterna", "orbital-debris")
Key = tuple[object, ...]


def _r(values: tuple[float, ...]) -> tuple[float, ...]:
    return tuple(round(v, 2) for v in values)


def _shapes(items: tuple[Primitive, ...] | list[Primitive], m: Matrix
            ) -> Iterator[tuple[Primitive, Matrix]]:
    for item in items:
        if isinstance(item, Group):
            yield from _shapes(item.items, compose(m, item.transform))
        elif isinstance(item, Rect | Ellipse | PathItem):
            yield item, m


def _geometry(item: Rect | Ellipse | PathItem, m: Matrix) -> Key:
    if isinstance(item, Rect):
        return ("rect", _r(m), _r((item.x, item.y, item.w, item.h)))
    if isinstance(item, Ellipse):
        return ("ellipse", _r(m), _r((item.cx, item.cy, item.rx, item.ry)))
    return ("path", _r(m), tuple((op[0], *_r(tuple(float(v) for v in op[1:]))) for op in item.ops))


def _covers_trim(item: Rect | Ellipse | PathItem, m: Matrix, d: Drawing) -> bool:
    """A shape whose edges all lie outside the trim (a background, a full-bleed panel)."""
    if m != IDENTITY or isinstance(item, PathItem):
        return False
    if isinstance(item, Rect):
        return item.x <= 0 and item.y <= 0 and item.x + item.w >= d.width and item.y + item.h >= d.height
    return item.rx >= d.width / 2 and item.ry >= d.height / 2 and d.shape == "circle"


def _box(item: Rect | Ellipse | PathItem, m: Matrix) -> tuple[float, float, float, float]:
    from cardgen.layout.lints import bbox, transform_box

    return transform_box(m, bbox(item))


def _under(shapes: list[tuple[Rect | Ellipse | PathItem, Matrix]], n: int) -> str | None:
    """The fill drawn last, before shapes[n], under its middle (None: the page)."""
    x0, y0, x1, y1 = _box(*shapes[n])
    x, y = (x0 + x1) / 2, (y0 + y1) / 2
    for item, m in reversed(shapes[:n]):
        b = _box(item, m)
        if item.style.fill and b[0] <= x <= b[2] and b[1] <= y <= b[3] and not (
                isinstance(item, PathItem) and item.fill_rule == "evenodd"):
            return item.style.fill
    return None


def cut_geometry(d: Drawing) -> set[Key]:
    """The lines a face shows: every stroke, every fill's edge that differs from the fill
    under it, and a round face's trim (a disc unlike the white page, or a stroke on it)."""
    shapes = list(_shapes(d.items, IDENTITY))
    found: set[Key] = set()
    for n, (item, m) in enumerate(shapes):
        style = item.style
        if isinstance(item, Ellipse) and d.shape == "circle" and style.stroke and abs(
                item.rx - d.width / 2) < 0.5:
            found.add(("trim",))
        if _covers_trim(item, m, d):
            if d.shape == "circle" and isinstance(item, Ellipse) and style.fill not in (
                    None, "#FFFFFF"):
                found.add(("trim",))
            continue
        if (style.stroke and style.stroke_width > 0) or (
                style.fill and style.fill != (_under(shapes, n) or "#FFFFFF")):
            found.add(_geometry(item, m))
    return found


def _faces(target: str) -> Iterator[tuple[str, Drawing, Drawing]]:
    """(face, normal with the ink-saver block applied, ink saver) for every face of a seed;
    a back shared by a kind once."""
    game, edition = parse_target(target, REPO)
    db = load_database(REPO, game, edition)
    session = LayoutSession(db)
    seen: set[tuple[str, str]] = set()
    for c in db.components:
        for side in ("front", "back"):
            template = template_for(session, c.kind, side)
            if template is None:
                continue
            saver, _ = ink_saver_settings(template)
            plain = extend_to_bleed(lay_out_template(session, c, side, saver, Scope(db, c)))
            ink = lay_out(session, c, side, True)
            assert ink is not None
            key = (c.kind, repr(plain.items)[:4000])
            if key in seen:
                continue
            seen.add(key)
            yield f"{target} {c.id} {side}", plain, ink


@pytest.mark.parametrize("target", SEEDS)
def test_the_ink_saver_keeps_every_cut_line_and_outline(target: str) -> None:
    lost = {}
    for face, plain, ink in _faces(target):
        missing = cut_geometry(plain) - cut_geometry(ink)
        if missing:
            lost[face] = sorted(map(str, missing))[:3]
    assert not lost, lost


def test_the_round_boards_keep_their_ring_edge_and_cut_line() -> None:
    faces = {face.split()[1]: (plain, ink) for face, plain, ink in _faces("orbital-debris")
             if face.split()[1].startswith("board-")}
    assert {"board-leo", "board-heo", "board-gso"} <= set(faces)
    for plain, ink in faces.values():
        edges = cut_geometry(ink)
        assert ("trim",) in edges  # the board's edge, where it is cut
        rings = [k for k in cut_geometry(plain) if k[0] == "path"]
        assert rings and all(k in edges for k in rings)  # the coloured ring band, outlined


def test_a_lost_outline_is_seen() -> None:
    # the check itself: a stroke dropped from a face counts as a lost cut line
    face = Drawing("f", 40, 40, 3, [Rect(-3, -3, 46, 46, _style("#FFFFFF")),
                                    Rect(5, 5, 30, 30, _style(None, "#000000"))])
    bare = Drawing("f", 40, 40, 3, [Rect(-3, -3, 46, 46, _style("#FFFFFF")),
                                    Rect(5, 5, 30, 30, _style(None, None))])
    assert cut_geometry(face) - cut_geometry(bare) == {("rect", _r(IDENTITY), (5, 5, 30, 30))}


def _style(fill: str | None, stroke: str | None = None):  # type: ignore[no-untyped-def]
    from cardgen.layout.drawing import Style

    return Style(fill=fill, stroke=stroke)
