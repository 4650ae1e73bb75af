"""Shaped pieces: hex and polygon faces (their outline, imposition, die line, transparency).

The test game is tests/pieces (19 hex tiles, 2 shield-shaped polygon tokens), copied and
built here."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardgen.data.load import load_database
from cardgen.impose.geometry import BAND, Box, Copy, content_box
from cardgen.impose.hexes import CUT_GRAY, best_pattern, slot_corners, straight_count
from cardgen.impose.home import Group, plan_home_print
from cardgen.impose.papers import PAPERS
from cardgen.layout import lay_out
from cardgen.layout.drawing import Drawing
from cardgen.layout.outline import (
    HEX_PRESETS,
    face_outline,
    flattened,
    hex_box,
    offset_polygon,
    outline_points,
)
from cardgen.layout.session import LayoutSession
from cardgen.pipeline import BuildOptions, build

PIECES = Path(__file__).resolve().parent / "pieces"


@pytest.fixture
def pieces(tmp_path: Path) -> Path:
    project = tmp_path / "pieces"
    shutil.copytree(PIECES, project, ignore=shutil.ignore_patterns("output"))
    return project


def corners_of(ops: tuple[object, ...]) -> list[tuple[float, float]]:
    return flattened(ops)  # type: ignore[arg-type]


def test_outline_of_each_shape() -> None:
    rect = Drawing("r", 60, 90)
    assert corners_of(face_outline(rect, 3)) == [(-3, -3), (63, -3), (63, 93), (-3, 93)]
    rounded = Drawing("r", 60, 90, corner=3)
    ops = face_outline(rounded)
    assert sum(1 for op in ops if op[0] == "C") == 4
    assert all(-1e-9 <= x <= 60 + 1e-9 and -1e-9 <= y <= 90 + 1e-9 for x, y in flattened(ops))
    disc = Drawing("d", 30, 30, shape="circle")
    assert all(abs(math.dist(p, (15, 15)) - 17) < 0.02 for p in outline_points(disc, 2))


def test_hex_presets_and_sizes() -> None:
    assert hex_box("flat", preset="small") == HEX_PRESETS["small"] == (50.8, 44.45)
    assert hex_box("pointy", preset="medium") == (55.88, 63.5)  # turned: flats across
    w, h = hex_box("flat", flats=30.0) or (0, 0)
    assert h == 30.0 and w == pytest.approx(30 / (math.sqrt(3) / 2))
    assert hex_box("flat", corners=40.0) == pytest.approx([40.0, 40 * math.sqrt(3) / 2])


def test_bleed_grows_along_the_polygon() -> None:
    """Each edge of the grown polygon lies `grow` mm outside the edge it comes from."""
    shield = [(0.0, 0.0), (30.0, 0.0), (30.0, 20.0), (15.0, 36.0), (0.0, 20.0)]
    grown = offset_polygon(shield, 3.0)
    assert len(grown) == 5
    for (x0, y0), (x1, y1), (gx, gy) in zip(shield, shield[1:] + shield[:1], grown[1:] + grown[:1],
                                             strict=True):
        # the grown corner after an edge lies 3 mm from that edge's line, outside it
        along = math.hypot(x1 - x0, y1 - y0)
        distance = abs((x1 - x0) * (y0 - gy) - (x0 - gx) * (y1 - y0)) / along
        assert distance == pytest.approx(3.0)
    back = offset_polygon(grown, -3.0)
    assert all(math.dist(a, b) < 1e-9 for a, b in zip(back, shield, strict=True))


def test_hex_tile_face_is_a_hexagon(pieces: Path) -> None:
    db = load_database(pieces, "pieces", None)
    session = LayoutSession(db)
    tile = next(c for c in db.components if c.kind == "hex-tile")
    face = lay_out(session, tile, "front")
    assert face is not None and face.shape == "hex"
    assert (face.width, face.height) == HEX_PRESETS["small"]
    cut = corners_of(face_outline(face))
    assert len(cut) == 6
    w, h = face.width, face.height
    want = [(0, h / 2), (w / 4, 0), (3 * w / 4, 0), (w, h / 2), (3 * w / 4, h), (w / 4, h)]
    assert all(math.dist(a, b) < 1e-9 for a, b in zip(cut, want, strict=True))
    sides = [math.dist(a, b) for a, b in zip(cut, cut[1:] + cut[:1], strict=True)]
    assert max(sides) - min(sides) < 0.3  # TGC's small hex is regular to 0.2 mm
    assert face.warnings == []


def hex_copies(n: int) -> list[Copy]:
    w, h = HEX_PRESETS["small"]
    return [Copy(f"tile-{i:02d}", "Hex tile", f"Tile {i}", w, h, True, hex_top="flat")
            for i in range(1, n + 1)]


def test_interlocking_sheet_beats_a_straight_grid() -> None:
    w, h = HEX_PRESETS["small"]
    box = content_box(PAPERS["letter"], BAND)
    grid = straight_count(box, w, h)
    pattern = best_pattern(box, w, h, "flat")
    assert (grid, len(pattern.slots)) == (16, 21)  # 4 x 4 boxes; staggered rows of 4 and 3
    for paper in ("a4", "letter"):
        box = content_box(PAPERS[paper], BAND)
        for size in HEX_PRESETS.values():  # never fewer than a straight grid (large: 6 either way)
            for top in ("flat", "pointy"):
                w, h = size if top == "flat" else size[::-1]
                assert len(best_pattern(box, w, h, top).slots) >= straight_count(box, w, h)


def test_nineteen_hexes_on_one_sheet_with_shared_cut_lines() -> None:
    files = plan_home_print([Group("tokens", tuple(hex_copies(19)))], PAPERS["letter"],
                            fold=False, offset=(0.0, 0.0), heading="Pieces")
    pages = [p for f in files for p in f.pages if p.placements]
    front, back = pages
    assert (front.side, back.side) == ("front", "back")
    assert len(front.placements) == len(back.placements) == 19
    assert all(p.bleed == 0.0 for p in front.placements)  # shared edges: no bleed over them
    cut = {tuple(sorted(((round(ln.x1, 3), round(ln.y1, 3)), (round(ln.x2, 3), round(ln.y2, 3)))))
           for ln in front.lines if ln.gray == CUT_GRAY}
    page_top = "pointy"  # turned a quarter: rows of 4 and 3 fit 21
    for p in front.placements:
        corners = [(round(x, 3), round(y, 3)) for x, y in slot_corners(p.slot, page_top)]
        assert len(corners) == 6
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            assert tuple(sorted((a, b))) in cut  # every hex edge is a cut line
    shared = 19 * 6 - len(cut)
    assert shared > 19  # neighbours share edges: fewer cut lines than six per hex
    band_top = content_box(front.paper, BAND).bottom + 4.5  # scale bars lie below
    ticks = [ln for ln in front.lines if ln.gray != CUT_GRAY and max(ln.y1, ln.y2) < band_top]
    assert ticks
    for t in ticks:  # ticks lie outside every piece and stay short
        assert math.dist((t.x1, t.y1), (t.x2, t.y2)) <= 3.0 + 1e-6
        middle = ((t.x1 + t.x2) / 2, (t.y1 + t.y2) / 2)
        assert not any(inside_hex(middle, p.slot, page_top) for p in front.placements)
        assert front.paper.printable.contains(Box(min(t.x1, t.x2), min(t.y1, t.y2),
                                                  abs(t.x2 - t.x1), abs(t.y2 - t.y1)))


def inside_hex(point: tuple[float, float], slot: object, page_top: str) -> bool:
    from cardgen.layout.outline import contains

    return contains(slot_corners(slot, page_top), *point)  # type: ignore[arg-type]


def test_build_writes_die_lines_and_transparent_shapes(pieces: Path, tmp_path: Path) -> None:
    db = load_database(pieces, "pieces", None)
    summary = build(db, tmp_path / "out", BuildOptions(preview=False, papers=("letter",)))
    shop = PdfReader(summary.folder / "print" / "hex-tile.pdf")
    assert len(shop.pages) == 38
    for page in shop.pages[:2]:
        content = page.get_contents()
        assert content is not None
        assert b"/Dieline CS" in content.get_data()  # the die line, in its spot colour
        assert "/Dieline" in page["/Resources"]["/ColorSpace"]
    svg = (summary.folder / "svg" / "shield" / "shield-1.svg").read_text(encoding="utf-8")
    assert "<clipPath" in svg and "<path d=\"M" in svg.split("<clipPath", 1)[1]


def test_png_faces_are_clear_outside_the_shape(pieces: Path, tmp_path: Path) -> None:
    from cardgen.render.png import write_face_pngs

    db = load_database(pieces, "pieces", None)
    session = LayoutSession(db)
    tile = next(c for c in db.components if c.kind == "hex-tile")
    face = lay_out(session, tile, "front")
    assert face is not None
    target = tmp_path / "tile.png"
    write_face_pngs([face], [target], 100, 0.0)
    from PIL import Image

    with Image.open(target) as image:
        assert image.mode == "RGBA"
        w, h = image.size
        assert image.getpixel((1, 1))[3] == 0  # a corner of the box: outside the hexagon
        assert image.getpixel((w // 2, h // 2))[3] == 255
        assert image.getpixel((w // 2, 3))[3] == 255  # the flat top edge is inside


def test_standee_strip_folds_with_the_back_upright(pieces: Path) -> None:
    """Strip: tab, back turned 180 degrees, fold, front, tab. Folding the strip at the middle
    and looking at it from behind puts every point of the back face where the back layout drew
    it: the back stands upright and unmirrored."""
    from cardgen.layout.drawing import Group
    from cardgen.layout.drawing import Path as PathItem
    from cardgen.layout.lints import compose
    from cardgen.layout.standee import STANDEE_PRESETS, fold_ys

    db = load_database(pieces, "pieces", None)
    session = LayoutSession(db)
    heroes = [c for c in db.components if c.kind == "hero"]
    assert len(heroes) == 6
    strip = lay_out(session, heroes[0], "front")
    assert strip is not None and lay_out(session, heroes[0], "back") is None
    w, h = STANDEE_PRESETS["large"]
    tab = 12.7
    assert (strip.width, strip.height) == pytest.approx((w, 2 * h + 2 * tab))
    top, middle, bottom = fold_ys(h, tab)
    folds = [i for i in strip.items if isinstance(i, PathItem) and i.style.dash]
    assert sorted(op[2] for f in folds for op in f.ops[:1]) == pytest.approx([top, middle, bottom])
    back, front = [i for i in strip.items if isinstance(i, Group)]
    assert front.transform == (1.0, 0.0, 0.0, 1.0, 0.0, middle)
    for bx, by in ((2.0, 0.0), (w - 3.0, h)):  # a back point -> the strip -> folded, from behind
        a, b, c, d, e, f = compose((1.0, 0.0, 0.0, 1.0, 0.0, 0.0), back.transform)
        sx, sy = a * bx + c * by + e, b * bx + d * by + f
        assert sy <= middle + 1e-9  # above the fold
        behind = (w - sx, middle - sy)  # folded down behind the front, seen from the back
        assert behind == pytest.approx((bx, by))
    assert back.transform[:4] == (-1.0, 0.0, 0.0, -1.0)  # turned 180 degrees


def test_tuck_box_inner_size_is_the_deck_plus_clearance(pieces: Path) -> None:
    """54 poker cards at 0.3 mm: the panels between the fold lines measure 63.5 + 1, 88.9 + 1
    and 54 x 0.3 + 1 = 17.2 mm."""
    from cardgen.layout.drawing import Path as PathItem
    from cardgen.layout.tuckbox import CLEARANCE
    from cardgen.pipeline.faces import lay_out_faces

    db = load_database(pieces, "pieces", None)
    faces = lay_out_faces(db, None, lambda *_: None)
    assert sum(c.count for c in faces.components if c.kind == "event-card") == 54
    net = faces.drawings[("event-card-tuck-box", "front")]
    assert CLEARANCE == 1.0 and net.shape == "polygon" and net.folds
    folds = [i.ops for i in net.items if isinstance(i, PathItem) and i.style.dash]
    upright = sorted({round(ops[0][1], 6) for ops in folds if ops[0][1] == ops[1][1]})
    across = sorted({round(ops[0][2], 6) for ops in folds if ops[0][2] == ops[1][2]})
    width, depth = 63.5 + CLEARANCE, 54 * 0.3 + CLEARANCE
    # back | side | front | side | glue tab
    assert upright == pytest.approx([width, width + depth, 2 * width + depth,
                                     2 * width + 2 * depth])
    height = 88.9 + CLEARANCE
    body = [y for y in across
            if any(round(ops[0][2], 6) == y and ops[0][1] >= width for ops in folds)]
    assert body[-1] - body[0] == pytest.approx(height)
    lid = [y for y in across if y < body[0]]
    assert body[0] - lid[-1] == pytest.approx(depth)  # the lid is as deep as the box
    assert max(x for x, _ in net.points) == pytest.approx(2 * width + 2 * depth + 8.0)
    [copy] = faces.extras
    assert (copy.component, copy.has_back, copy.folds) == ("event-card-tuck-box", False, True)


def test_pieces_game_prints_every_piece(pieces: Path, tmp_path: Path) -> None:
    """19 hex tiles, 6 standees (one strip each, no separate back) and the tuck box on the
    home-print sheets; the box also as an SVG."""
    import json

    db = load_database(pieces, "pieces", None)
    summary = build(db, tmp_path / "out", BuildOptions(preview=False, print_shop=False,
                                                       papers=("a4",)))
    data = json.loads((summary.folder / "manifest.json").read_text(encoding="utf-8"))
    placed: dict[str, dict[str, int]] = {}
    for record in data["files"].values():
        for cid, sides in record.get("copies", {}).items():
            for side, n in sides.items():
                placed.setdefault(cid, {})[side] = placed.get(cid, {}).get(side, 0) + n
    assert sum(placed[f"tile-{i:02d}"]["front"] for i in range(1, 20)) == 19
    assert [placed[f"hero-{i}"] for i in range(1, 7)] == [{"front": 1}] * 6
    assert placed["event-card-tuck-box"] == {"front": 1}
    assert (summary.folder / "svg" / "tuck-box" / "event-card-tuck-box.svg").is_file()


def test_print_on_demand_files_of_shaped_pieces(pieces: Path, tmp_path: Path) -> None:
    """The CMYK PDF of a polygon deck carries the die line as the Dieline spot colour (never a
    process ink); the per-face PNGs of hex tiles are transparent outside the hexagon."""
    from PIL import Image

    from cardgen.cli import main

    for service, kind in (("drivethrucards", "shield"), ("thegamecrafter", "hex-tile")):
        assert main(["--project", str(pieces), "export", "pod", "--service", service,
                     "--kind", kind, "--out", str(tmp_path)]) == 0
    pdf = PdfReader(tmp_path / "pieces-1.0-drivethrucards" / "shield" / "shield.pdf")
    for page in pdf.pages:
        content = page.get_contents().get_data().decode("latin-1")
        assert "/Dieline CS 1 SCN" in content and " RG" not in content and " K\n" not in content
    pngs = sorted((tmp_path / "pieces-1.0-thegamecrafter" / "hex-tile").glob("*.png"))
    assert len(pngs) == 20  # 19 fronts and the shared back
    with Image.open(pngs[0]) as image:
        assert image.mode == "RGBA"
        assert image.getpixel((2, 2))[3] == 0
        assert image.getpixel((image.width // 2, image.height // 2))[3] == 255


def test_lints_know_the_polygon(pieces: Path) -> None:
    """Text inside the hex's box but outside the hexagon's safe area is flagged; art that crosses
    a slanted edge of a polygon without running on into its bleed stops the face."""
    from cardgen.errors import ProblemsError
    from tests.support.tiny import edit

    edit(pieces, "layouts/pieces/hex-tile.yaml", "elements:\n", "elements:\n"
         "  - { type: text, text: X, x: 1, y: 1, w: 6, h: 6, size: 8, color: '#FFFFFF' }\n")
    edit(pieces, "layouts/pieces/shield.yaml", "elements:\n", "elements:\n"
         "  - { type: circle, cx: 22.5, cy: 28, r: 4, fill: '#F4EBD9' }\n")
    db = load_database(pieces, "pieces", None)
    session = LayoutSession(db)
    tile = next(c for c in db.components if c.kind == "hex-tile")
    face = lay_out(session, tile, "front")
    assert face is not None
    assert [w.rule for w in face.warnings] == ["outside-safe"]
    shield = next(c for c in db.components if c.kind == "shield")
    with pytest.raises(ProblemsError) as err:
        lay_out(session, shield, "front")
    [problem] = err.value.problems
    assert problem.rule == "bleed" and "edge 3" in problem.message  # the slanted right edge
