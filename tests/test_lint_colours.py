"""The contrast lints' shortcuts give what the plain code gives: a group's colours found once
per tuple of items (cardgen.layout.contrast.item_colours), and a text's overlap walk over the
face's texts and later shapes in turn (FaceLinter.covered), and a face's count of lines per
paragraph (textrun.paragraph_lines)."""

from __future__ import annotations

import random
from pathlib import Path

from cardgen.data.load import load_database
from cardgen.layout import lints, textrun
from cardgen.layout.contrast import _GROUP_COLOURS, contrast_verdict, item_colours
from cardgen.layout.drawing import Drawing, Ellipse, Group, Image, Rect, Style
from cardgen.layout.drawing import Path as PathItem
from cardgen.layout.drawing import Text as TextItem
from cardgen.layout.located import Located
from cardgen.layout.placed import Placed
from cardgen.pipeline.faces import lay_out_faces

REPO = Path(__file__).resolve().parents[1]


def _plain_colours(item: object) -> list[str]:
    """The colours as the lints listed them before: every item's, repeats and all."""
    if isinstance(item, TextItem):
        return [item.color]
    if isinstance(item, Group):
        return [c for i in item.items for c in _plain_colours(i)]
    if isinstance(item, Rect | Ellipse | PathItem):
        return [c for c in (item.style.fill, item.style.stroke) if c]
    return []


def test_a_groups_colours_are_its_items_each_once_and_give_the_same_verdicts() -> None:
    red, blue = Style(fill="#CC0000"), Style(fill="#0000CC", stroke="#CC0000")
    inner = Group((Rect(0, 0, 1, 1, blue), Ellipse(1, 1, 1, 1, red)))
    items = (Rect(0, 0, 2, 2, red), inner, Image(0, 0, 1, 1, path="x.png", digest="d"),
             TextItem(0, 1, "a", "DejaVuSans", 8.0, "#777777"), Rect(0, 0, 1, 1, Style()))
    group = Group(items, (2.0, 0.0, 0.0, 2.0, 1.0, 1.0))
    plain = _plain_colours(group)
    assert item_colours(group) == tuple(dict.fromkeys(plain))
    assert item_colours(Group(items)) is item_colours(group)  # kept for the very tuple
    assert _GROUP_COLOURS[id(items)][0] is items
    for fills in (("#FFFFFF",), ("#CC0000", "#000000"), ("#777777",)):
        for needed in (lints.TEXT_CONTRAST, lints.MARK_CONTRAST):
            assert contrast_verdict(item_colours(group), fills, needed) == \
                contrast_verdict(tuple(plain), fills, needed)
    listed = Group([Rect(0, 0, 1, 1, red)])  # type: ignore[arg-type]  (a list: not kept)
    assert item_colours(listed) == ("#CC0000",)
    assert id(listed.items) not in _GROUP_COLOURS
    for item in (*items, Rect(0, 0, 1, 1, Style(stroke="#123456"))):
        assert item_colours(item) == tuple(dict.fromkeys(_plain_colours(item)))


def _plain_covered(self: lints.FaceLinter, n: int, p: Placed, box: lints.Box) -> None:
    """FaceLinter.covered as it was written first: every other text and every shape drawn
    after the text joined into one list, no run's box looked at."""
    if ("overlaps-text", id(p.el)) in self.found:
        return
    texts, shapes, drawn_at = self._over if self._over is not None else self._overs()
    later = [s for s, m in zip(shapes, drawn_at, strict=True) if m > n]
    for q, qbox in [*texts, *later]:
        if q is p or q.el is p.el or not lints._overlap(box, qbox) or lints._frames(q, box, qbox):
            continue
        self.warn(p, "overlaps-text", "another element is drawn over this text",
                  "move one of them, or shrink the text box")
        return


def test_the_seed_faces_overlaps_are_the_plain_walks(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    found: dict[str, list[str]] = {}
    for covered in (lints.FaceLinter.covered, _plain_covered):
        monkeypatch.setattr(lints.FaceLinter, "covered", covered)
        got: list[str] = []
        for game, edition in (("l5", "0.6.5"), ("lux-aeterna", "published"),
                              ("orbital-debris", "1.0.0")):
            faces = lay_out_faces(load_database(REPO, game, edition), None,
                                  lambda *a: None)
            got += [f"{key} {p}" for key, d in faces.drawings.items() for p in d.warnings]
        found[covered.__name__] = got
    assert found["covered"] == found["_plain_covered"]
    assert found["covered"]


def test_random_faces_overlaps_are_the_plain_walks(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Texts and shapes thrown on a face (lines of one element in a row, frames round them,
    shapes drawn before and after): the findings of the walk in turn are the plain walk's."""
    rng = random.Random(25)
    faces = []
    for _ in range(150):
        owners = [Located() for _ in range(6)]
        placed = [Placed(Rect(-3, -3, 69, 94, Style(fill="#FFFFFF")), None, role="background")]
        for _ in range(rng.randint(1, 12)):
            el = rng.choice(owners)
            x, y = rng.uniform(-5, 60), rng.uniform(-5, 85)
            if rng.random() < 0.5:
                for line in range(rng.randint(1, 3)):
                    placed.append(Placed(TextItem(x, y + 3.2 * line, "Gain " * rng.randint(1, 4),
                                                  "regular", rng.choice([5.5, 7.0, 9.0]),
                                                  rng.choice(["#000000", "#AAAAAA"])), el))
            else:
                w, h = rng.uniform(1, 40), rng.uniform(1, 40)
                fill = rng.choice([None, "#222222", "#EEEEEE"])
                placed.append(Placed(Rect(x, y, w, h, Style(fill=fill, stroke="#000000")), el,
                                     role=rng.choice(["content", "content", "mark"])))
        faces.append(placed)
    found: dict[str, list[list[str]]] = {}
    for covered in (lints.FaceLinter.covered, _plain_covered):
        monkeypatch.setattr(lints.FaceLinter, "covered", covered)
        found[covered.__name__] = [
            [str(p) for p in lints.FaceLinter(Drawing("f", 63, 88), placed, 4.0, False, "f").run()]
            for placed in faces]
    assert found["covered"] == found["_plain_covered"]
    assert sum("overlaps-text" in p for face in found["covered"] for p in face) > 20


def _plain_paragraph_lines(placed: list[Placed]) -> dict[int, int]:
    """textrun.paragraph_lines as it was first written."""
    out: dict[int, int] = {}
    run: list[Placed] = []
    for q in [*placed, None]:
        if run and (q is None or not isinstance(q.item, TextItem) or q.el is not run[0].el
                    or q.matrix != run[0].matrix):
            lines = len({round(r.item.y, 2) for r in run if isinstance(r.item, TextItem)})
            out.update((id(r.item), lines) for r in run)
            run = []
        if q is not None and isinstance(q.item, TextItem) and q.role == "content" and q.el is not None:
            run.append(q)
    return out


def test_paragraph_lines_are_the_plain_counts() -> None:
    """Runs of text by one element under one transform, broken by anything else (another
    element, another transform, a shape, an element-less line; a mark's line neither counts
    nor breaks its element's run), the same primitive placed twice: the plain counts."""
    rng = random.Random(7)
    owners: list[Located | None] = [Located(), Located(), None]
    shared = TextItem(1, 5, "Gain", "regular", 7.0, "#000000")
    for _ in range(400):
        placed = []
        for _ in range(rng.randint(0, 14)):
            el = rng.choice(owners)
            if rng.random() < 0.2:
                placed.append(Placed(Rect(0, 0, 1, 1, Style(fill="#FFFFFF")), el))
                continue
            item = shared if rng.random() < 0.1 else TextItem(
                1, rng.choice([5.0, 8.2, 8.204, 8.2049, 11.4]), "Gain", "regular", 7.0, "#000000")
            placed.append(Placed(item, el, rng.choice([(1.0, 0.0, 0.0, 1.0, 0.0, 0.0),
                                                       (1.0, 0.0, 0.0, 1.0, 2.0, 0.0)]),
                                 role=rng.choice(["content", "content", "content", "mark"])))
        got = textrun.paragraph_lines(placed)
        assert got == _plain_paragraph_lines(placed)
        assert list(got) == list(_plain_paragraph_lines(placed))
