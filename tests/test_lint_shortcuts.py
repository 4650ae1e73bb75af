"""The lints' per-face shortcuts give what the plain code gives: a shape's fill leaves taken
from its own box (Placed.fills), and the texts near a box found by bisection on their tops
(FaceLinter._texts_near) holding every text that overlaps it."""

from __future__ import annotations

import random

from cardgen.layout import extent, lintmemo, lints
from cardgen.layout.drawing import IDENTITY, Drawing, Ellipse, Group, Image, Rect, Style
from cardgen.layout.drawing import Path as PathItem
from cardgen.layout.drawing import Text as TextItem
from cardgen.layout.located import Located
from cardgen.layout.placed import FillLeaf, Placed, _fill_leaves


def _plain_fills(p: Placed) -> tuple[FillLeaf, ...]:
    out: list[FillLeaf] = []
    _fill_leaves(p.item, p.matrix, out)
    return tuple(out)


def _items(rng: random.Random) -> list:
    styles = [Style(fill="#223344"), Style(fill="#223344", stroke="#000000", stroke_width=0.7),
              Style(stroke="#000000"), Style()]
    ops = (("M", 1.0, 2.0), ("L", 7.5, 3.25), ("L", 4.0, 9.0), ("Z",))
    out = []
    for _ in range(40):
        x, y, w, h = (rng.uniform(-5, 60) for _ in range(4))
        s = rng.choice(styles)
        out += [Rect(x, y, w, h, s), Ellipse(x, y, w / 2, h / 3, s),
                Image(x, y, w, h, path="a.png", digest="d"), PathItem(ops, s),
                PathItem(ops, s, fill_rule="evenodd"),
                TextItem(x, y, "Gain", "regular", 8.0, "#000000")]
    out.append(Group(tuple(out[:12]), (1.5, 0.0, 0.0, 1.5, 2.0, 3.0)))
    return out


def test_a_shapes_fills_are_its_plain_leaves() -> None:
    rng = random.Random(3)
    matrices = [IDENTITY, (2.0, 0.0, 0.0, 2.0, 1.0, -4.0), (0.0, 1.0, -1.0, 0.0, 30.0, 5.5),
                (0.7, 0.2, -0.3, 1.1, 0.1, 0.2)]
    for item in _items(rng):
        for m in matrices:
            assert Placed(item, None, m).fills == _plain_fills(Placed(item, None, m))
            box_first = Placed(item, None, m)
            assert box_first.box is not None
            assert box_first.fills == _plain_fills(box_first)


def test_the_texts_near_a_box_hold_every_text_overlapping_it() -> None:
    rng = random.Random(7)
    for _ in range(60):
        owners = [Located() for _ in range(4)]
        placed = [Placed(TextItem(rng.uniform(-5, 60), rng.uniform(-5, 90), "Gain " * rng.randint(1, 3),
                                  "regular", rng.choice([5.0, 8.0, 14.0, 30.0]), "#000000"),
                         rng.choice(owners)) for _ in range(rng.randint(0, 25))]
        linter = lints.FaceLinter(Drawing("f", 63, 88), placed, 4.0, False, "f")
        texts = linter._overs()[0]
        for _ in range(30):
            x, y = rng.uniform(-5, 60), rng.uniform(-5, 90)
            box = (x, y, x + rng.uniform(0, 30), y + rng.uniform(0, 12))
            near = list(linter._texts_near(box))
            assert [t for t in texts if lints._overlap(box, t[1])] == \
                [t for t in near if lints._overlap(box, t[1])]


def _plain_transform_box(m: tuple, box: tuple) -> tuple:
    """extent.transform_box as it was first written: the corners moved in a loop."""
    if m is IDENTITY or m == IDENTITY:
        return box
    a, b, c, d, e, f = m
    xs, ys = [], []
    for x, y in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])):
        xs.append(a * x + c * y + e)
        ys.append(b * x + d * y + f)
    return (min(xs), min(ys), max(xs), max(ys))


def test_a_moved_box_is_the_looped_corners_bit_for_bit() -> None:
    rng = random.Random(11)
    odd = [0.0, -0.0, 1.0, -1.0, float("inf"), float("nan"), 1e300]
    for _ in range(3000):
        pick = (lambda: rng.choice(odd)) if rng.random() < 0.3 else (lambda: rng.uniform(-50, 50))
        m = tuple(pick() for _ in range(6))
        box = tuple(pick() for _ in range(4))
        got, plain = extent.transform_box(m, box), _plain_transform_box(m, box)
        assert repr(got) == repr(plain), (m, box)


def test_the_first_face_of_its_kind_is_linted_unkeyed_and_the_rest_as_before() -> None:
    """The lint memo keys a face once one of its size, safe area, fallback and count of
    primitives was met: the first is linted alone, the second keyed and kept, the third takes
    the kept findings; each finds what its linter alone finds."""
    el = Located()
    background = Placed(Rect(-3, -3, 69, 94, Style(fill="#FFFFFF")), None, role="background")

    def linter(face: str) -> lints.FaceLinter:
        line = Placed(TextItem(10, 20, "Gain", "regular", 5.0, "#BBBBBB"), el,
                      envelope=(8.0, 15.0, 40.0, 30.0))
        return lints.FaceLinter(Drawing("f", 63, 88), [background, line], 4.0, False, face)

    memo = lintmemo.LintMemo()
    lasts = []
    for face in ("a", "b", "c"):
        got = lintmemo.lint_face(memo, linter(face))
        assert got == linter(face).run() and got
        lasts.append(memo.last)
    assert lasts[0] is None  # met first: not keyed
    assert lasts[1] is not None and lasts[1][2] is None  # keyed, kept
    assert lasts[2] is not None and lasts[2][2] is not None  # the kept findings
