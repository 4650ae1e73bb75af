"""Previews: each PDF is opened once per process (not once per task), never a stale copy; the
PDFs are done before the previews; an unchanged page's preview is reused, a changed one redone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgen.data.load import load_database
from cardgen.pipeline import BuildOptions, build
from cardgen.render import png
from tests.support import gen_deck


def _pdf(path: Path, pages: int) -> Path:
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(str(path), invariant=1)
    for n in range(pages):
        canvas.drawString(100, 100, f"page {n}")
        canvas.showPage()
    canvas.save()
    return path


def test_a_document_is_opened_once_while_unchanged(tmp_path: Path) -> None:
    pdf = _pdf(tmp_path / "a.pdf", 3)
    try:
        first = png.document(pdf)
        assert png.document(pdf) is first
        png.render_pages(pdf, [0, 2], [tmp_path / "0.png", tmp_path / "2.png"])
        assert png.document(pdf) is first  # render_pages used the same document
        pdf.unlink()
        _pdf(pdf, 5)  # a new file at the same path is never served from the old document
        assert len(png.document(pdf)) == 5
    finally:
        png.close_documents()
    assert not png._OPEN


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_build_leaves_no_document_open(tmp_path: Path, jobs: str,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgen.pipeline import tasks

    monkeypatch.setenv("CARDGEN_JOBS", jobs)
    monkeypatch.setattr(tasks, "PARALLEL_DRAWS", 1)  # with two jobs, helpers write previews
    project = gen_deck.make_project(tmp_path / "p", 12)
    db = load_database(project, gen_deck.GAME, gen_deck.EDITION)
    summary = build(db, tmp_path / "out", BuildOptions(svg=False, preview=True))
    assert not png._OPEN
    assert summary.pdfs_seconds is not None and 0 < summary.pdfs_seconds <= summary.seconds
    assert (summary.folder / "preview" / "contact-sheet.png").is_file()


def test_only_changed_pages_get_new_previews(tmp_path: Path) -> None:
    project = gen_deck.make_project(tmp_path / "p", 30)  # 4 front + 4 back Letter pages

    def previews() -> dict[str, tuple[str, int]]:
        db = load_database(project, gen_deck.GAME, gen_deck.EDITION)
        folder = build(db, tmp_path / "out", BuildOptions(svg=False, papers=("letter",), preview=True)).folder
        files = json.loads((folder / "manifest.json").read_text())["files"]
        return {name: (r["sha256"], (folder / name).stat().st_ino) for name, r in files.items()
                if r["holds"] == "preview"}

    before = previews()
    gen_deck.edit_one_card(project, 0)  # on the first card page (after two calibration pages)
    after = previews()
    redone = sorted(name for name in after if after[name][1] != before[name][1])
    assert redone == ["preview/pnp-letter-003.png"]
    assert after[redone[0]][0] != before[redone[0]][0]
