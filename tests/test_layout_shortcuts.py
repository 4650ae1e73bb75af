"""Shortcuts of the layout stage held to the long way: a path's box under a scale-and-move
transform taken from its own box (cardgen.layout.ink.bounds)."""

from __future__ import annotations

import math
import struct
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from cardgen.layout import icons, ink
from cardgen.layout.drawing import Path as PathItem
from cardgen.layout.drawing import Style

ROOT = Path(__file__).resolve().parents[1]


def walked(item: PathItem, m: tuple[float, ...]) -> tuple[float, float, float, float] | None:
    """ink.bounds the long way: every point transformed, then the least and greatest."""
    pts = ink.path_points(item)
    if not pts:
        return None
    a, b, c, d, e, f = m
    xs = [a * x + c * y + e for x, y in pts]
    ys = [b * x + d * y + f for x, y in pts]
    return min(xs), min(ys), max(xs), max(ys)


def bits(box: tuple[float, ...] | None) -> tuple[bytes, ...] | None:
    """A box as the bytes of its numbers (-0.0 and 0.0 differ, so do NaNs and numbers)."""
    return None if box is None else tuple(struct.pack("<d", v) for v in box)


coords = st.one_of(st.floats(-500, 500, allow_nan=False), st.sampled_from([0.0, -0.0, 1e-300,
                                                                           -1e-300, 24.0]))
factors = st.one_of(st.floats(1e-6, 50), st.sampled_from([1.0, 0.5, 1e300, 1e-300]))
moves = st.one_of(st.floats(-300, 300, allow_nan=False),
                  st.sampled_from([0.0, -0.0, 1e-300, float("inf"), float("nan")]))
ops = st.lists(st.one_of(
    st.tuples(st.just("M"), coords, coords), st.tuples(st.just("L"), coords, coords),
    st.tuples(st.just("C"), coords, coords, coords, coords, coords, coords),
    st.just(("Z",))), max_size=12)


@given(ops, factors, factors, moves, moves, st.sampled_from([0.0, -0.0, 0.25]))
def test_a_paths_box_under_scale_and_move_is_the_walk_over_its_points(
        path_ops: list[tuple[object, ...]], a: float, d: float, e: float, f: float,
        turn: float) -> None:
    item = PathItem(tuple(path_ops), Style(fill="#000000"))  # type: ignore[arg-type]
    m = (a, turn, -turn if turn else turn, d, e, f)
    assert bits(ink.bounds(item, m)) == bits(walked(item, m))
    assert bits(ink.bounds(item, m)) == bits(walked(item, m))  # its box kept: the same again


def test_every_icons_paths_box_is_the_walk_over_its_points() -> None:
    folders = [ROOT / "layouts", ROOT / "cardgen" / "assets" / "layouts", ROOT / "tests"]
    files = sorted(p for folder in folders for p in folder.rglob("*.svg"))
    assert len(files) > 30
    checked = 0
    for file in files:
        try:
            stat = file.stat()
            _, paths = icons._recoloured(file, (stat.st_mtime_ns, stat.st_size), "#123456")
        except (icons.IconError, OSError, ValueError):
            continue
        for item in paths:
            assert isinstance(item, PathItem)
            for m in ((1.0, 0.0, 0.0, 1.0, 0.0, 0.0), (0.3, 0.0, 0.0, 0.3, 12.5, -7.25),
                      (2.0 / 3.0, 0.0, 0.0, 2.0 / 3.0, -3.0, 88.9), (1.0, 0.0, 0.0, 1.0, -0.0, 0.0),
                      (-1.0, 0.0, 0.0, 1.0, 4.0, 4.0), (0.5, 0.1, -0.1, 0.5, 1.0, 2.0)):
                assert bits(ink.bounds(item, m)) == bits(walked(item, m)), (file, m)
            checked += 1
    assert checked > 100


def test_a_path_with_a_point_not_finite_is_walked() -> None:
    item = PathItem((("M", 0.0, 0.0), ("L", math.inf, 2.0), ("L", 1.0, math.nan)),
                    Style(fill="#000000"))
    m = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    assert ink._path_box(item) is None
    assert bits(ink.bounds(item, m)) == bits(walked(item, m))


def test_a_move_by_minus_zero_is_walked() -> None:
    # the walk adds the turn's 0 * y first: -0.0 + 0.0 * 1.0 - 0.0 is 0.0, not -0.0
    item = PathItem((("M", -0.0, 1.0), ("L", 1.0, -0.0), ("L", 2.0, 3.0)), Style(fill="#000000"))
    for m in ((1.0, 0.0, 0.0, 1.0, -0.0, 0.0), (1.0, 0.0, 0.0, 1.0, 0.0, -0.0)):
        assert bits(ink.bounds(item, m)) == bits(walked(item, m))


def test_layout_files_are_found_as_paths_find_them(tmp_path: Path) -> None:
    from cardgen.layout import roots

    project = tmp_path / "p"
    (project / "layouts" / "g" / "icons").mkdir(parents=True)
    (project / "layouts" / "g" / "card.yaml").write_text("size: [10, 10]\n")
    (project / "layouts" / "g" / "icons" / "a.svg").write_text("<svg/>")
    (project / "layouts" / "g" / "icons" / "dir.svg").mkdir()
    (project / "layouts" / "g" / "icons" / "link.svg").symlink_to("a.svg")
    (project / "layouts" / "g" / "icons" / "dangling.svg").symlink_to("nowhere.svg")
    (project / "layouts" / "g" / "icons" / "loop.svg").symlink_to("loop.svg")
    names = ["g/card.yaml", "g/icons/a.svg", "g/icons/dir.svg", "g/icons/link.svg",
             "g/icons/dangling.svg", "g/icons/loop.svg", "g/icons/none.svg", "g/card.yaml/x",
             "g//card.yaml", "./g/card.yaml", "g/./card.yaml", "g/icons/../card.yaml",
             "g/card.yaml/", "/g/card.yaml", "", "g", "g/card\0.yaml", "common/poker-card.yaml",
             "common/icons/die-1.svg", "nothing/none.yaml", "g/icons/a.png"]
    for name in names:
        expected = next((root / name for root in roots.layout_roots(project)
                         if (root / name).is_file()), None)
        assert roots.find_layout_file(project, name) == expected, name


def test_an_icon_finder_reads_what_readable_allows(tmp_path: Path) -> None:
    from cardgen.data.paths import readable
    from cardgen.layout.icons import IconError, IconFinder

    project = tmp_path / "p"
    icons_dir = project / "layouts" / "g" / "icons"
    icons_dir.mkdir(parents=True)
    (icons_dir / "a.svg").write_text("<svg/>")
    (tmp_path / "out.svg").write_text("<svg/>")
    (icons_dir / "away.svg").symlink_to(tmp_path / "out.svg")
    (icons_dir / "shared.svg").symlink_to(ROOT / "cardgen" / "assets" / "layouts" / "common"
                                          / "icons" / "die-1.svg")
    (icons_dir / "loop.svg").symlink_to("loop.svg")
    finder = IconFinder(project, "g")
    for name in ("a", "away", "shared", "loop", "die-1", "none"):
        path = next((p for p in (icons_dir / f"{name}.svg",
                                 ROOT / "cardgen" / "assets" / "layouts" / "common" / "icons"
                                 / f"{name}.svg") if p.is_file()), None)
        try:
            found = finder.find(name)
        except IconError:
            assert path is not None and not readable(path, project), name
            continue
        assert found == path, name
        assert found is None or readable(found, project), name
    for path in (icons_dir / "a.svg", icons_dir / "away.svg", icons_dir / "shared.svg",
                 icons_dir / "loop.svg", tmp_path / "out.svg", project / "x\0.svg"):
        assert finder._readable(path) == readable(path, project), path


def test_a_paths_repr_is_the_dataclass_text_with_its_operators_written_once() -> None:
    import dataclasses

    from cardgen.layout import drawing

    def dataclass_text(item: object) -> str:
        shown = [f"{f.name}={getattr(item, f.name)!r}" for f in dataclasses.fields(item)
                 if f.repr]
        return f"{type(item).__qualname__}({', '.join(shown)})"

    long_ops = tuple(("C", i / 3, -i / 7, 1e-7 * i, 1e300, -0.0, float(i)) for i in range(40))
    short_ops = (("M", 0.1, 0.2), ("L", 3.0, -4.5), ("Z",))
    lone_ops = (("M", 0.5, -0.0),)
    for ops in (long_ops, short_ops, lone_ops, ()):
        first = PathItem(ops, Style(fill="#000000"))  # type: ignore[arg-type]
        again = PathItem(ops, Style(fill="#123456", stroke="#FFFFFF"), "evenodd")  # type: ignore[arg-type]
        for item in (first, again, first):
            assert repr(item) == dataclass_text(item)
    assert drawing._OPS_TEXTS[id(long_ops)][1] == repr(long_ops)
    assert drawing._OPS_TEXTS[id(short_ops)][1] == repr(short_ops)  # an icon's few operators
    assert id(lone_ops) not in drawing._OPS_TEXTS


def _bbox_walked(item: object) -> tuple[float, float, float, float]:
    """extent.bbox of a group the long way: each item's box transformed, then the least and
    greatest (what bbox did before groups under a scale and move took their items' box)."""
    from cardgen.layout import extent
    from cardgen.layout.drawing import Group

    if not isinstance(item, Group):
        return extent.bbox(item)  # type: ignore[arg-type]
    boxes = [extent.transform_box(item.transform, _bbox_walked(i)) for i in item.items]
    if not boxes:
        return (0.0, 0.0, 0.0, 0.0)
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
            max(b[3] for b in boxes))


shapes = st.one_of(
    st.builds(lambda x, y, w, h, s: __import__("cardgen.layout.drawing", fromlist=["Rect"]).Rect(
        x, y, w, h, Style(fill="#000000", stroke="#FFFFFF" if s else None)),
        coords, coords, coords, coords, st.booleans()),
    st.builds(lambda cx, cy, rx, ry: __import__("cardgen.layout.drawing", fromlist=["Ellipse"])
              .Ellipse(cx, cy, rx, ry, Style(fill="#000000")), coords, coords, coords, coords),
    st.builds(lambda o: PathItem(tuple(o) or (("M", 0.0, 0.0),), Style(fill="#000000")), ops))


@given(st.lists(shapes, max_size=6), factors, factors, moves, moves,
       st.sampled_from([0.0, -0.0, 0.5]), st.booleans())
def test_a_groups_box_under_scale_and_move_is_the_walk_over_its_items(
        items: list[object], a: float, d: float, e: float, f: float, turn: float,
        nested: bool) -> None:
    from cardgen.layout import extent
    from cardgen.layout.drawing import Group

    inner = tuple(items)
    if nested and items:
        inner = (Group(tuple(items[:2]), (2.0, 0.0, 0.0, 0.5, 1.0, -1.0)), *items[2:])  # type: ignore[arg-type]
    group = Group(inner, (a, turn, -turn if turn else turn, d, e, f))  # type: ignore[arg-type]
    assert bits(extent.bbox(group)) == bits(_bbox_walked(group))
    again = Group(inner, (a, turn, -turn if turn else turn, d, e + 1.0, f))  # type: ignore[arg-type]
    assert bits(extent.bbox(again)) == bits(_bbox_walked(again))  # its items' box kept


def test_an_icons_group_box_is_the_walk_over_its_paths() -> None:
    from cardgen.layout import extent

    folders = [ROOT / "layouts", ROOT / "cardgen" / "assets" / "layouts"]
    files = sorted(p for folder in folders for p in folder.rglob("*.svg"))
    for file in files:
        for colour in ("#123456", None):
            for x, y, size in ((0.0, 0.0, 10.0), (12.5, -3.25, 4.4), (-0.0, 7.0, 1 / 3)):
                try:
                    (group,) = icons.icon_items(file, x, y, size, colour)
                except (icons.IconError, ValueError):
                    break
                assert bits(extent.bbox(group)) == bits(_bbox_walked(group)), file


def test_a_groups_box_is_walked_under_the_identity_or_a_move_by_minus_zero() -> None:
    from cardgen.layout import extent
    from cardgen.layout.drawing import Group, Rect

    backwards = Rect(-0.0, 1.0, -2.0, 3.0, Style(fill="#000000"))  # a box from x 0 back to -2
    plain = Rect(-0.0, -0.0, 1.0, 1.0, Style(fill="#000000"))
    for m in ((1.0, 0.0, 0.0, 1.0, 0.0, 0.0), (1.0, 0.0, 0.0, 1.0, -0.0, 2.0),
              (1.0, 0.0, 0.0, 1.0, 2.0, -0.0)):
        for items in ((backwards,), (plain,), (plain, backwards)):
            group = Group(items, m)  # type: ignore[arg-type]
            assert bits(extent.bbox(group)) == bits(_bbox_walked(group)), (m, items)


def _outline_at_once(path: PathItem, m: tuple[float, ...]) -> tuple[float, ...] | None:
    """The bleed lint's corners of a path worked out at once (what it did before they were
    worked out when first read)."""
    ops = path.ops
    if sum(1 for op in ops if op[0] == "M") != 1 or len(ops) < 4:
        return None
    corners: list[float] = []
    for op in ops:
        if op[0] != "Z":
            corners += ink.apply(m, float(op[-2]), float(op[-1]))  # type: ignore[arg-type]
    return tuple(corners)


@given(ops, factors, factors, moves, moves, st.sampled_from([0.0, 0.25]))
def test_a_paths_corners_read_late_are_the_corners_worked_out_at_once(
        path_ops: list[tuple[object, ...]], a: float, d: float, e: float, f: float,
        turn: float) -> None:
    from cardgen.layout import bleed

    item = PathItem(tuple(path_ops), Style(fill="#000000"))  # type: ignore[arg-type]
    m = (a, turn, -turn, d, e, f)
    at_once = _outline_at_once(item, m)
    late = ink.Corners(item, m)
    assert bits(late.points()) == bits(at_once)
    if at_once is None or not any(map(math.isnan, at_once)):  # (NaN is equal to nothing)
        assert late == at_once and at_once == late and late == ink.Corners(item, m)
        assert hash(late) == hash(at_once)
    for x, y in ((0.0, 0.0), (1.0, 2.0), (-3.0, 250.0)):
        assert bleed._inside(late, x, y) == (at_once is None or bleed._inside(at_once, x, y))


def test_an_icon_finder_resolves_files_as_paths_resolve_them(tmp_path: Path) -> None:
    from cardgen.data.paths import readable
    from cardgen.layout.icons import IconFinder

    project = tmp_path / "p"
    (project / "layouts").mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere" / "icons"
    elsewhere.mkdir(parents=True)
    (elsewhere / "a.svg").write_text("<svg/>")
    (project / "layouts" / "g").symlink_to(tmp_path / "elsewhere")  # the game's folder: a link out
    inside = project / "art" / "icons"
    inside.mkdir(parents=True)
    (inside / "b.svg").write_text("<svg/>")
    (project / "layouts" / "common").symlink_to(project / "art")  # a link within the project
    (inside / "c.svg").symlink_to(elsewhere / "a.svg")
    finder = IconFinder(project, "g")
    paths = [project / "layouts" / "g" / "icons" / "a.svg", project / "layouts" / "common" /
             "icons" / "b.svg", project / "layouts" / "common" / "icons" / "c.svg",
             project / "layouts" / "common" / "icons" / "none.svg", inside / "b.svg"]
    for path in paths * 2:  # (the second time from the folders resolved)
        assert finder._resolved(path) == path.resolve(), path
        assert finder._readable(path) == readable(path, project), path


def test_a_point_beside_an_ellipse_of_a_vanishing_radius_is_outside_it() -> None:
    """A radius so small that the point's distance in radii squared is past any float: outside,
    not an OverflowError (found by Hypothesis in the test above)."""
    from cardgen.layout.bleed import _inside

    assert _inside((1.0, 1.2757666016367936e-225, 1.0, 1.2757666016367936e-225), 1.0, 2.0) is False
    assert _inside((0.0, 0.0, 2.0, 1.0), 1.0, 0.5) is True
