"""A page label's text is given the operators it gave in an earlier document with the same
signature when every character it shows was primed (`render/pages._label_text`), or when
every one has a code and those codes are the ones it was drawn with: the same file as drawing
it; a label with a character that has no code yet is drawn."""

from __future__ import annotations

from io import BytesIO

import pytest

from cardgen.impose.geometry import Label
from cardgen.render import pages
from cardgen.render.faceops import PRIMED_ATTR, prime
from cardgen.render.pdf import new_canvas
from cardgen.render.pdftext import shown_chars

PRIMED = ["Print at 100 % (actual size), never fit to page", "Contents of this file:", "x0123"]
LABELS = [Label(10.0, 20.0, "Print at 100 % (actual size), never fit to page", bold=True),
          Label(10.0, 30.0, "Contents of this file:", size=6.0),
          Label(30.0, 40.0, "page 1/8", angle=90),  # '/' and 'g' were not primed
          Label(10.0, 50.0, "x10 x3"),
          Label(10.0, 60.0, "ffl", bold=True)]  # a ligature: its own code, not primed


def _file(memo: bool, labels: list[Label] = LABELS) -> bytes:
    out = BytesIO()
    canvas = new_canvas(out, title="labels")  # type: ignore[arg-type]
    prime(canvas, {face: "".join(sorted(shown_chars(face, PRIMED))) for face in ("bold", "regular")})
    if not memo:
        del canvas.__dict__[PRIMED_ATTR]
    canvas.saveState()
    for label in labels:
        pages._label(canvas, label, 279.4)
    canvas.restoreState()
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def test_a_label_given_again_is_the_label_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pages, "_LABEL_TEXTS", {})
    drawn = _file(memo=False)
    assert pages._LABEL_TEXTS == {}
    assert _file(memo=True) == drawn  # drawn, and kept
    kept = {key[1] for key in pages._LABEL_TEXTS if len(key) == 4}
    assert kept == {"Print at 100 % (actual size), never fit to page", "Contents of this file:",
                    "x10 x3"}  # not "page 1/8" (unprimed characters), nor the ligatures
    assert _file(memo=True) == drawn  # given again


def test_a_label_whose_characters_have_codes_is_given_again_under_those_codes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A label with characters the priming gave no code (ASCII ones have theirs from the
    start) is kept once they all have one, by their codes: given again where they have the
    same codes, drawn where they have others (given in another order)."""
    monkeypatch.setattr(pages, "_LABEL_TEXTS", {})
    again = [Label(10.0, 20.0, "page 1/8 \u00e9"), Label(10.0, 30.0, "page 8/1 \u00e9"),
             Label(10.0, 40.0, "ffl \u00fc", bold=True), Label(10.0, 50.0, "ffl \u00fc", bold=True)]
    other = [Label(10.0, 20.0, "\u00fc ffl"), Label(10.0, 30.0, "\u00fc \u00e9"),
             Label(10.0, 40.0, "page 8/1 \u00e9")]
    for labels in (again, other, again, other):
        assert _file(memo=True, labels=labels) == _file(memo=False, labels=labels)
    coded = [key[1] for key in pages._LABEL_TEXTS if len(key) > 4]
    assert "page 1/8 \u00e9" not in coded  # its \u00e9 had no code yet
    assert coded.count("page 8/1 \u00e9") == 2  # \u00e9's code in each file
    assert "ffl \u00fc" in coded


def test_a_labels_place_is_what_the_canvas_writes() -> None:
    """`_Transforms` (reportlab's translate and rotate run on a list): a label's placing
    operators are those saveState, translate and rotate append to a canvas."""
    import random

    from reportlab.pdfgen.canvas import Canvas

    rng = random.Random(7)
    for _ in range(200):
        dx, dy = rng.choice([0.0, -0.0, 12.5, 279.4 - 3.3, 1e-5]), rng.uniform(-300, 300)
        angle = rng.choice([0, 90, 180, 270, 45, -90, 30])
        canvas = Canvas(BytesIO())
        canvas.saveState()
        canvas.translate(dx, dy)
        canvas.rotate(angle)
        ops = pages._Transforms()
        ops.translate(dx, dy)
        ops.rotate(angle)
        assert ops._code == canvas._code
