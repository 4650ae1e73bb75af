"""The speed work changes no output byte: a seed game and a generated deck (duplex and
fold-over) build to the sha256 list written by the code before it (tests/support/golden.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.support import golden

GOLDEN = json.loads((REPO / "tests" / "fixtures" / "golden-sha256.json").read_text())


@pytest.mark.parametrize("name", sorted(golden.BUILDS))
def test_build_bytes_are_unchanged(name: str, tmp_path: Path) -> None:
    hashes = golden.build_hashes(name, tmp_path)
    expected = GOLDEN[name]
    assert sorted(hashes) == sorted(expected)
    changed = sorted(path for path, digest in hashes.items() if expected[path] != digest)
    assert changed == []


def test_primitive_repr_is_the_dataclass_one() -> None:
    """Face keys hash these reprs and name forms in the PDFs: the faster repr of the drawing
    primitives writes what dataclass's did (the text below is from the code before it)."""
    from cardgen.layout import drawing as d

    s = d.Style(fill="#FFFFFF", dash=(1.0, 2.0))
    g = d.Group(items=(
        d.Rect(1.0, 2, 3.5, 4, radius=1, style=s),
        d.Text(x=1, y=2, text="a'b", font="regular", size=8, color="#000000"),
        d.Path(ops=(("M", 0, 0), ("Z",)), style=s), d.Ellipse(1, 2, 3, 4, style=d.Style()),
        d.Image(0, 0, 1, 1, "x.png")), clip=(0, 0, 1, 1))
    assert repr(d.Drawing("f", 10, 20, items=[g])) == (
        "Drawing(name='f', width=10, height=20, bleed=3.0, items=[Group(items=(Rect(x=1.0, y=2, w"
        "=3.5, h=4, style=Style(fill='#FFFFFF', stroke=None, stroke_width=0.25, dash=(1.0, 2.0), "
        "opacity=1.0), radius=1), Text(x=1, y=2, text=\"a'b\", font='regular', size=8, color='#0000"
        "00', anchor='start'), Path(ops=(('M', 0, 0), ('Z',)), style=Style(fill='#FFFFFF', stroke"
        "=None, stroke_width=0.25, dash=(1.0, 2.0), opacity=1.0), fill_rule='nonzero'), Ellipse(c"
        "x=1, cy=2, rx=3, ry=4, style=Style(fill=None, stroke=None, stroke_width=0.25, dash=None,"
        " opacity=1.0)), Image(x=0, y=0, w=1, h=1, digest='')), transform=(1.0, 0.0, 0.0, 1.0, 0."
        "0, 0.0), clip=(0, 0, 1, 1))], warnings=[], shape='rect')")
