"""One process, many builds (what `cardgen watch` does): each build lays out with a new
LayoutSession, so an edited template, icon or image shows in the next build's faces, with no
cache to forget, and the faces equal those of a copy built from the same files afresh."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from PIL import Image

from cardgen.data.load import load_database
from cardgen.layout import LayoutSession, lay_out
from cardgen.layout.drawing import Drawing
from cardgen.layout.dump import drawing_body
from cardgen.pipeline import BuildOptions, build
from tests.conftest import REPO

TINY = REPO / "tests" / "hostile" / "tiny"


def _project(root: Path) -> Path:
    project = root / "tiny"
    shutil.copytree(TINY, project)
    (project / "data" / "tiny" / "art").mkdir()
    _paint(project, "#208020")
    cards = project / "data" / "tiny" / "1" / "cards.yaml"
    cards.write_text(cards.read_text().replace("  pips: 3\n", "  pips: 3\n  art: art/sun.png\n"))
    return project


def _paint(project: Path, colour: str) -> None:
    Image.new("RGB", (40, 28), colour).save(project / "data" / "tiny" / "art" / "sun.png")


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new))


def _rebuild(project: Path) -> str:
    """A build as `cardgen watch` makes one (the face cache on), then the sun card's SVG."""
    db = load_database(project, "tiny", None)
    summary = build(db, project / "output", BuildOptions(preview=False, print_shop=False, papers=("a4",)))
    svg = next(f for f in summary.files if f.name == "sun-card.svg")
    return re.sub(r"<title>.*?</title>", "", svg.read_text())


def _fresh(project: Path, root: Path) -> str:
    """The same files copied to a new place and built there."""
    copy = root / f"fresh-{len(list(root.glob('fresh-*')))}"
    shutil.copytree(project, copy, ignore=shutil.ignore_patterns("output"))
    return _rebuild(copy)


def test_each_edit_shows_in_the_next_build_of_the_same_process(tmp_path: Path) -> None:
    project = _project(tmp_path)
    layouts = project / "layouts" / "tiny"
    seen = [_rebuild(project)]
    edits = [
        lambda: _edit(layouts / "card.yaml", 'font: bold, color: "#FFFFFF"',
                      'font: bold, color: "#000000"'),
        lambda: _edit(layouts / "icons" / "sun.svg", 'r="6"', 'r="11"'),
        lambda: _paint(project, "#A02020"),
    ]
    for edit in edits:
        edit()
        now = _rebuild(project)
        assert now not in seen, f"an edit did not show: {edit}"
        assert now == _fresh(project, tmp_path)
        seen.append(now)


def _dump(drawing: Drawing | None) -> str:
    assert drawing is not None
    return "\n".join(drawing_body(drawing))


def test_a_session_reads_a_template_once_and_a_new_session_reads_the_edit(tmp_path: Path) -> None:
    project = _project(tmp_path)
    db = load_database(project, "tiny", None)
    sun = db.components_by_id["sun-card"]
    session = LayoutSession(db)
    before = _dump(lay_out(session, sun, "front"))
    _edit(project / "layouts" / "tiny" / "card.yaml", "x: 25, y: 20, size: 12", "x: 20, y: 20, size: 12")
    assert _dump(lay_out(session, sun, "front")) == before  # one session: one reading of it
    assert _dump(lay_out(LayoutSession(db), sun, "front")) != before
