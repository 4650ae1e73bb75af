"""Real bleed (edge rectangles run on into the print-shop bleed, a lint for faces whose bleed
shows something else than their edge) and the ink-saver face."""

from __future__ import annotations

import pytest

from cardgen.errors import ProblemsError
from cardgen.layout import LayoutSession, bleed, ink
from cardgen.layout.drawing import Drawing, Ellipse, Group, Rect, Style, Text


def card(*items, bleed_mm: float = 1.0) -> Drawing:
    return Drawing("c-front", 63.5, 88.9, bleed_mm, list(items))


def test_rectangles_at_the_trim_run_on_through_the_bleed() -> None:
    face = card(Rect(-1, -1, 65.5, 90.9, Style(fill="#203040")),
                Group((Rect(0, 0, 63.5, 12, Style(fill="#C03020")),), (1, 0, 0, 1, 0, 0)),
                Rect(10, 30, 20, 20, Style(fill="#00FF00")))
    out = bleed.extend_to_bleed(face)
    b = bleed.PRINT_BLEED
    assert out.bleed == b == 3.0
    background, band, inner = out.items
    assert (background.x, background.y, background.w, background.h) == pytest.approx(
        (-b, -b, 63.5 + 2 * b, 88.9 + 2 * b))
    (band_rect,) = band.items
    assert (band_rect.x, band_rect.y, band_rect.w, band_rect.h) == pytest.approx(
        (-b, -b, 63.5 + 2 * b, 12 + b))
    assert inner == face.items[2]  # clear of the trim: untouched
    assert bleed.bleed_problems(out, "c", "front", "card", None) == []


def test_the_lint_fails_a_face_whose_bleed_differs_from_its_edge() -> None:
    # a band 0.2 mm inside the left trim is not stretched, and the cut would show a sliver
    face = bleed.extend_to_bleed(card(Rect(-3, -3, 69.5, 94.9, Style(fill="#FFFFFF")),
                                      Rect(0.2, 20, 63.3, 10, Style(fill="#C03020"))))
    problems = bleed.bleed_problems(face, "c", "front", "card", None)
    assert len(problems) == 1 and problems[0].rule == "bleed"
    assert "left" in problems[0].message and "right" not in problems[0].message
    assert "card layout" in problems[0].message and problems[0].path == "c.front"
    assert bleed.bleed_problems(Drawing("d", 25, 25, 3, face.items, shape="circle"), "d", "front",
                                "token", None) == []  # a disc's bleed is its ring


def test_a_seed_layout_with_a_short_bleed_is_refused(tmp_path) -> None:
    import shutil
    from pathlib import Path

    from cardgen.data.load import load_database
    from cardgen.layout import lay_out

    root = Path(__file__).resolve().parents[1]
    for part in ("data/lux-aeterna", "layouts/lux-aeterna", "cardgen.yaml"):
        src = root / part
        (shutil.copytree if src.is_dir() else shutil.copy)(src, tmp_path / part)
    layout = tmp_path / "layouts/lux-aeterna/main-card.yaml"
    text = layout.read_text()
    text = text.replace("- { type: rect, x: -3, y: -3, w: 69.5, h: 18,",
                        "- { type: rect, x: 0.2, y: -3, w: 62.9, h: 18,")
    layout.write_text(text)
    db = load_database(tmp_path, "lux-aeterna", None)
    session = LayoutSession(db)
    main = next(c for c in db.components if c.kind == "main-card")
    with pytest.raises(ProblemsError) as err:
        lay_out(session, main, "front")
    assert err.value.problems[0].rule == "bleed"


def test_ink_saver_settings_swap_palette_background_and_drop_named_elements() -> None:
    from cardgen.layout.model import TemplateFile

    written = {
        "background": "#000000", "palette": {"red": "#FF0000", "blue": "#0000FF"},
        "elements": [{"type": "rect", "name": "stars"},
                     {"type": "group", "elements": [{"type": "text", "name": "stars"},
                                                    {"type": "text", "name": "title"}]}],
        "ink_saver": {"palette": {"red": "#FFDDDD"}, "drop": ["stars"],
                      "background": "#FFFFFF"},
    }
    template = TemplateFile.model_validate(written)
    out, background = ink.ink_saver_settings(template)
    assert out.palette == {"red": "#FFDDDD", "blue": "#0000FF"}
    assert out.background == background == "#FFFFFF"
    kept = [el.model_dump(exclude_unset=True) for el in out.elements]
    assert kept == [{"type": "group", "elements": [{"type": "text", "name": "title"}]}]
    assert template.elements[0].name == "stars"  # the template itself is unchanged
    empty = TemplateFile.model_validate({**written, "ink_saver": None})  # `ink_saver:` with nothing
    assert ink.ink_saver_settings(empty) == (empty, "#FFFFFF")


def test_ink_saved_faces_lighten_large_fills_and_keep_text_readable() -> None:
    face = card(Rect(-3, -3, 69.5, 94.9, Style(fill="#0B0F17")),  # dark background
                Rect(-3, -3, 69.5, 18, Style(fill="#C03020")),  # a large band
                Text(4, 10, "TITLE", "bold", 14, "#FFFFFF"),  # white on the band
                Ellipse(31.75, 50, 2, 2, Style(fill="#F2C14E")),  # a pip on the background
                Text(4, 80, "body", "regular", 8, "#F4F1EA"), bleed_mm=3)
    out = ink.ink_saved(face)
    bg, band, title, pip, body = out.items
    assert bg.style.fill == "#FFFFFF"
    assert ink.luminance(band.style.fill) > 0.6 and band.style.stroke == "#C03020"
    assert ink.contrast(title.color, band.style.fill) >= 4.5
    assert ink.contrast(body.color, "#FFFFFF") >= 4.5
    assert pip.style.fill == "#F2C14E"  # a spot keeps its colour, outlined to show on white
    assert ink.contrast(pip.style.stroke, "#FFFFFF") >= 3.0



def test_the_bleed_lint_remembers_edges_without_mixing_up_faces() -> None:
    # the same shapes reach the top strip of both faces; a band from 1.5 mm past the trim
    # leaves white in a 3 mm bleed but fills a 1 mm one: a memo keyed on the shapes alone
    # would give the second face the first one's answer
    shapes = [Rect(-3, -3, 80, 100, Style(fill="#FFFFFF")), Rect(-3, -1.5, 80, 11.5, Style(fill="#C03020"))]
    answers = [bleed.edge_mismatches(Drawing("c", 63.5, 88.9, b, shapes)) for b in (3.0, 1.0, 3.0, 1.0)]
    assert [a.get("top", 0) for a in answers] == [bleed.SAMPLES, 0, bleed.SAMPLES, 0]


def test_an_empty_ink_saver_block_builds_with_the_defaults(tmp_path, run_cli) -> None:
    import shutil

    from tests.conftest import REPO

    project = tmp_path / "glyphs"
    shutil.copytree(REPO / "tests" / "fixtures" / "own-font", project)
    layout = project / "layouts" / "glyphs" / "spell-card.yaml"
    layout.write_text(layout.read_text(encoding="utf-8") + "ink_saver:\n", encoding="utf-8")
    result = run_cli("--project", str(project), "build", "--ink-saver", "--no-preview",
                     "--outputs", "print")
    assert result.code == 0, result.text
    assert "internal error" not in result.text


SHORT_OF_BLEED = """
  - { type: rect, name: band, x: -1, y: 30, w: 20, h: 5, fill: "#336699" }
  - { type: group, name: moved, x: 2, y: 50,
      elements: [{ type: rect, name: moved-band, x: -3, y: 0, w: 10, h: 3, fill: "#336699" }] }
  - { type: circle, name: spot, cx: 0, cy: 70, r: 2, fill: "#336699" }
  - { type: group, name: turned, x: 9, y: 40, rotate: 90,
      elements: [{ type: rect, name: turned-band, x: 0, y: 0, w: 5, h: 10, fill: "#336699" }] }
"""


def test_short_of_bleed_leaves_out_the_rectangles_the_build_stretches(tmp_path) -> None:
    # bleed: 3 in the layout; a filled rectangle from x = -1 is stretched to -3 by
    # extend_to_bleed (so no sliver shows), a circle or a turned rectangle is not
    import shutil

    from cardgen.data.load import load_database
    from cardgen.layout import LayoutSession
    from cardgen.layout.face import lay_out_template
    from cardgen.layout.scope import Scope
    from cardgen.layout.templates import template_for
    from tests.conftest import REPO

    project = tmp_path / "glyphs"
    shutil.copytree(REPO / "tests" / "fixtures" / "own-font", project)
    layout = project / "layouts" / "glyphs" / "spell-card.yaml"
    layout.write_text(layout.read_text(encoding="utf-8") + SHORT_OF_BLEED, encoding="utf-8")
    db = load_database(project, "glyphs", None)
    session = LayoutSession(db)
    card = db.components[0]
    template = template_for(session, card.kind, "front")
    assert template is not None
    drawing = lay_out_template(session, card, "front", template, Scope(db, card))
    short = sorted(w.path.rsplit("(", 1)[-1].rstrip(")") for w in drawing.warnings
                   if w.rule == "short-of-bleed")
    assert short == ["spot", "turned-band"], [str(w) for w in drawing.warnings]
    spot = next(w for w in drawing.warnings if w.path.endswith("(spot)"))
    assert "crosses the left trim edge but stops 1.0 mm short" in spot.message


@pytest.mark.parametrize("ink_saver", [False, True])
def test_an_empty_palette_block_builds(tmp_path, run_cli, ink_saver: bool) -> None:
    """`palette:` with nothing under it is an empty palette (with --ink-saver too, where the
    layout's ink_saver block adds a palette of its own)."""
    import shutil

    from tests.conftest import REPO

    project = tmp_path / "glyphs"
    shutil.copytree(REPO / "tests" / "fixtures" / "own-font", project)
    layout = project / "layouts" / "glyphs" / "spell-card.yaml"
    layout.write_text(layout.read_text(encoding="utf-8") + "palette:\n"
                      "ink_saver:\n  palette: { ember: '#FFEEDD' }\n", encoding="utf-8")
    result = run_cli("--project", str(project), "build", *(["--ink-saver"] if ink_saver else []),
                     "--no-preview", "--outputs", "print")
    assert result.code == 0, result.text


def _fresh_edges(face: Drawing) -> dict[str, int]:
    """edge_mismatches worked out without its memo."""
    bleed._MISMATCHES.clear()
    found = bleed.edge_mismatches(face)
    bleed._MISMATCHES.clear()
    return found


def test_kept_edge_checks_answer_for_the_shapes_they_were_made_of() -> None:
    """The edge check is kept by the objects a face is made of: faces sharing a background and
    a frame share the answer; another object, even an equal one, or another size is worked out
    (and text, which fills nothing, changes nothing)."""
    background = Rect(-3, -3, 69.5, 94.9, Style(fill="#FFFFFF"))
    band = Rect(0.2, 20, 63.3, 10, Style(fill="#C03020"))  # a sliver at the left trim
    inner = Rect(10, 30, 20, 20, Style(fill="#00FF00"))
    faces = [card(background, band, bleed_mm=3.0),
             card(background, band, Text(5, 5, "one", "regular", 8.0), bleed_mm=3.0),
             card(background, inner, bleed_mm=3.0),
             card(background, Rect(0.2, 20, 63.3, 10, Style(fill="#C03020")), bleed_mm=3.0),
             Drawing("wide", 70, 88.9, 3.0, [background, band]),
             card(background, band, Text(5, 5, "two", "regular", 8.0), bleed_mm=3.0)]
    bleed._MISMATCHES.clear()
    answers = [bleed.edge_mismatches(face) for face in faces]
    assert answers == [_fresh_edges(face) for face in faces]
    assert answers[0] == answers[1] == answers[3] == answers[5] and "left" in answers[0]
    assert answers[2] == {}
    answers[0]["left"] = 99  # a caller's copy: the kept answer is not touched
    assert bleed.edge_mismatches(faces[1]) == _fresh_edges(faces[1])


def test_a_kept_rectangle_is_stretched_once_and_named_on_every_face() -> None:
    """A rectangle shared by many faces (cardgen.layout.memo) becomes one stretched object for
    every face of that size, each face's origins pointing at its own element."""
    band = Rect(0, 20, 63.5, 10, Style(fill="#C03020"))
    first, second = card(band), card(band)
    first.origins, second.origins = {id(band): "first"}, {id(band): "second"}
    one, two = bleed.extend_to_bleed(first), bleed.extend_to_bleed(second)
    assert one.items[0] is two.items[0] and one.items[0] != band
    assert (one.items[0].x, one.items[0].w) == pytest.approx((-3, 63.5 + 6))
    assert one.origins[id(one.items[0])] == "first" and two.origins[id(two.items[0])] == "second"
    bigger = bleed.extend_to_bleed(Drawing("c", 70, 88.9, 1.0, [band]))
    assert bigger.items[0] is not one.items[0]  # a wider face: its right edge is not reached
    assert (bigger.items[0].x, bigger.items[0].w) == pytest.approx((-3, 63.5 + 3))
    assert bleed.extend_to_bleed(card(band)).items[0] == bleed._extend(
        band, card(band), 3.0, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))


def test_an_edge_level_without_sampling_is_one_sampling_finds_clean():
    """_level answers without sampling only where the 24 samples would find no mismatch."""
    from cardgen.layout.bleed import _level, _side_mismatches
    w, h, b = 63.0, 88.0, 3.0
    rects = [(-3.0, -3.0, 66.0, 91.0), (0.0, 0.0, 63.0, 88.0), (10.0, -3.0, 20.0, 0.2),
             (-3.0, 40.0, 0.1, 50.0), (62.9, 10.0, 66.0, 20.0), (5.0, 87.5, 9.0, 91.0)]
    fills = ["#112233", "#445566"]
    seen = set()
    for side in ("left", "top", "right", "bottom"):
        for first in rects:
            for second in rects:
                near = ((first, None, fills[0]), (second, None, fills[1]))
                sampled = _side_mismatches.__wrapped__(side, w, h, b, near)
                if _level(side, w, h, b, near):
                    assert sampled == 0
                seen.add((_level(side, w, h, b, near), sampled > 0))
    assert seen >= {(True, False), (False, True)}
    oval = ((-3.0, -3.0, 66.0, 91.0), (31.5, 44.0, 34.5, 47.5), "#000000")
    assert not _level("left", w, h, b, (oval,))
