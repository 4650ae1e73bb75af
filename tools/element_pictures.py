"""Draw the pictures of docs/elements.md: one small face per element and paint, and the faces
of the re-created samples (tests/fixtures/squib-*), as PNGs in docs/img/.

    .venv/bin/python tools/element_pictures.py

Each picture is cardgen's own output: the YAML shown in docs/elements.md laid out on a
40 x 30 mm face and drawn by the PNG backend (through the PDF), 150 dpi.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from cardgen import load_game  # noqa: E402
from cardgen.layout import LayoutSession, lay_out  # noqa: E402
from cardgen.layout.drawing import Drawing  # noqa: E402
from cardgen.render.png import PngRenderer  # noqa: E402

OUT = REPO / "docs" / "img"
DPI = 150

# name -> the elements of its face (the YAML docs/elements.md shows next to the picture)
PICTURES: dict[str, list[dict[str, Any]]] = {
    "rect": [{"type": "rect", "x": 5, "y": 5, "w": 30, "h": 20, "radius": 3, "fill": "#F2C230",
              "stroke": "#5A4A10", "stroke_width": 0.8, "dash": [2, 1]}],
    "circle": [{"type": "circle", "cx": 20, "cy": 15, "r": 10, "fill": "#1F6FB2",
                "stroke": "#0B2F4F", "stroke_width": 0.8}],
    "ellipse": [{"type": "ellipse", "cx": 20, "cy": 15, "rx": 14, "ry": 7, "rotate": -20,
                 "fill": "#7A4BB3", "stroke": "#2E1A47", "stroke_width": 0.8}],
    "annulus": [{"type": "annulus", "cx": 20, "cy": 15, "inner": 6, "outer": 11,
                 "fill": "#2E8B57"}],
    "line": [{"type": "line", "x1": 6, "y1": 24, "x2": 34, "y2": 6, "stroke": "#C8372D",
              "stroke_width": 3, "cap": "round"}],
    "polygon": [{"type": "polygon", "cx": 20, "cy": 15, "radius": 11, "sides": 6,
                 "fill": "#3A9AD9", "stroke": "#16476A", "stroke_width": 0.8}],
    "star": [{"type": "star", "cx": 20, "cy": 15.5, "radius": 12, "fill": "#F2C230",
              "stroke": "#8A5A00", "stroke_width": 0.8, "join": "round"}],
    "arc": [{"type": "arc", "cx": 20, "cy": 17, "r": 10, "start": -90, "end": 90,
             "stroke": "#2E8B57", "stroke_width": 2.5, "cap": "round"}],
    "wedge": [{"type": "wedge", "cx": 13, "cy": 15, "r": 10, "start": 45, "end": 315,
               "fill": "#F2C230"},
              {"type": "wedge", "cx": 30, "cy": 15, "r": 8, "inner": 4, "start": 0, "end": 240,
               "fill": "#C8372D"}],
    "path": [{"type": "path", "d": "M 4 24 C 10 2 18 2 20 14 S 30 28 36 6", "stroke": "#1F6FB2",
              "stroke_width": 1.5, "cap": "round"},
             {"type": "path", "d": "M 0 0 L 6 0 L 3 5 Z", "x": 17, "y": 20, "scale": 1,
              "fill": "#C8372D"}],
    "join-and-cap": [
        {"type": "path", "d": "M 4 24 L 10 6 L 16 24", "stroke": "#333333", "stroke_width": 3,
         "join": "miter", "cap": "butt"},
        {"type": "path", "d": "M 14 24 L 20 6 L 26 24", "stroke": "#1F6FB2", "stroke_width": 3,
         "join": "round", "cap": "round"},
        {"type": "path", "d": "M 24 24 L 30 6 L 36 24", "stroke": "#C8372D", "stroke_width": 3,
         "join": "bevel", "cap": "square"}],
    "clip": [{"type": "circle", "name": "disc", "cx": 20, "cy": 15, "r": 11, "stroke": "#333333",
              "stroke_width": 0.5},
             {"type": "repeat", "n": 6, "x": 0, "y": 2, "step": [0, 5], "clip": "disc",
              "elements": [{"type": "rect", "w": 40, "h": 2.5, "fill": "#C8372D"}]}],
    "linear-gradient": [{"type": "rect", "x": 4, "y": 4, "w": 32, "h": 22, "radius": 2, "fill": {
        "linear-gradient": {"angle": 90, "stops": [[0, "#FFFFFF"], [1, "#CC0000"]]}}}],
    "radial-gradient": [{"type": "circle", "cx": 20, "cy": 15, "r": 11, "fill": {
        "radial-gradient": {"center": [16, 11], "radius": 14,
                            "stops": [[0, "#FFF6C8"], [0.5, "#F2C230"], [1, "#8A5A00"]]}}}],
    "alpha": [{"type": "circle", "cx": 15, "cy": 12, "r": 8, "fill": "#C8372D99"},
              {"type": "circle", "cx": 25, "cy": 12, "r": 8, "fill": "#1F6FB299"},
              {"type": "circle", "cx": 20, "cy": 19, "r": 8, "fill": "#F2C23099"}],
    "opacity": [{"type": "rect", "x": 5, "y": 5, "w": 20, "h": 20, "fill": "#1F6FB2"},
                {"type": "rect", "x": 15, "y": 8, "w": 20, "h": 14, "fill": "#C8372D",
                 "stroke": "#000000", "stroke_width": 1, "opacity": 0.5}],
}

GAME = {"name": "Gallery", "title": "Gallery", "default_edition": "1",
        "kinds": {"card": {"title": "Card"}}}
EDITION = {"edition": "1", "title": "Gallery 1", "players": {"min": 1, "max": 1},
           "inventory": [{"line": "1 CARD", "kind": "card", "count": 1}]}


def picture_face(root: Path, elements: list[dict[str, Any]]) -> Drawing:
    """The face a picture's elements draw on a 40 x 30 mm card."""
    layout = {"size": [40, 30], "background": "#FFFFFF", "edition_mark": False,
              "elements": elements}
    (root / "layouts" / "gallery" / "card.yaml").write_text(yaml.safe_dump(layout))
    db = load_game(None, root)
    drawing = lay_out(LayoutSession(db), db.components[0], "front")
    assert drawing is not None
    return drawing


def blank_project(root: Path) -> None:
    (root / "data" / "gallery" / "1").mkdir(parents=True)
    (root / "layouts" / "gallery").mkdir(parents=True)
    (root / "cardgen.yaml").write_text("default_game: gallery\n")
    (root / "data" / "gallery" / "game.yaml").write_text(yaml.safe_dump(GAME))
    (root / "data" / "gallery" / "1" / "edition.yaml").write_text(yaml.safe_dump(EDITION))
    (root / "data" / "gallery" / "1" / "cards.yaml").write_text(
        "- { id: face, kind: card, name: Face, status: draft }\n")


def save(drawing: Drawing, target: Path, dpi: int = DPI) -> None:
    """The face as a PNG (full colour: gradients band in 256 colours)."""
    from PIL import Image

    PngRenderer(dpi).write_face(drawing, target)
    with Image.open(target) as image:
        rgb = image.convert("RGB")
    rgb.save(target, optimize=True)


def main() -> None:
    (OUT / "elements").mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        blank_project(root)
        for name, elements in PICTURES.items():
            save(picture_face(root, elements), OUT / "elements" / f"{name}.png")
    (OUT / "samples").mkdir(parents=True, exist_ok=True)
    for sample in ("squib-shapes", "squib-gradients"):
        db = load_game(None, REPO / "tests" / "fixtures" / sample)
        drawing = lay_out(LayoutSession(db), db.components[0], "front")
        assert drawing is not None
        save(drawing, OUT / "samples" / f"{sample}.png", dpi=100)


if __name__ == "__main__":
    main()
