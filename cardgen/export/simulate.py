"""`cardgen build --simulate KIND`: the build's previews and gallery as a colour-blind player
sees them, a step run after the gallery (`BuildOptions.extra_steps`).

Every preview PNG and contact sheet is rewritten through cardgen.render.simulate, its manifest
record measured again and its content key dropped (a simulated picture is never reused as a
normal one); the gallery shows its SVG faces through the same matrix. The PDFs and SVGs stay as
they print.
"""

from __future__ import annotations

from pathlib import Path

from cardgen import records
from cardgen.data.model import Database
from cardgen.export.gallery import GALLERY
from cardgen.pipeline import manifest
from cardgen.pipeline.faces import Faces
from cardgen.render.simulate import gallery_filter, simulate_png

PICTURES = ("preview", "contact-sheet")


@records.record(frozen=True)
class SimulateStep:
    kind: str  # protan | deutan | tritan | grey

    def __call__(self, db: Database, faces: Faces, tmp: Path,
                 records: list[manifest.FileRecord]) -> list[manifest.FileRecord]:
        for record in records:
            if record.holds in PICTURES and record.path.endswith(".png"):
                simulate_png(tmp / record.path, self.kind)
                record.source = None
                record.measure(tmp)
            elif record.holds == "gallery":
                _filter_gallery(tmp / record.path, self.kind)
                record.size = record.digest = None  # measured when the manifest is written
        return []


def _filter_gallery(path: Path, kind: str) -> None:
    """The gallery page with every image seen through the simulation."""
    if path.name != GALLERY or not path.is_file():
        return
    css, svg = gallery_filter(kind)
    text = path.read_text(encoding="utf-8")
    text = text.replace("</head>", f"<style>{css}</style></head>", 1)
    text = text.replace("<body>", f"<body>\n{svg}", 1)
    path.write_text(text, encoding="utf-8")
