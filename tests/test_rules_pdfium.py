"""The booklet imposed through render/rulebook/pdfium.py (pdfium by ctypes, in a process that
has not imported pypdfium2) is the file pypdfium2 makes of the same pages, byte for byte; the
build process imports no pypdfium2 for it; a process that imports pypdfium2 afterwards works
with pdfium as usual and exits cleanly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardgen.render.rulebook import pdfium as light
from cardgen.render.rulebook.booklet import impose_booklet

ROOT = Path(__file__).resolve().parents[1]
COUNTS = (1, 2, 3, 4, 5, 7, 8, 9, 13)


def _pages(count: int) -> bytes:
    import io

    from reportlab.pdfgen.canvas import Canvas

    sink = io.BytesIO()
    canvas = Canvas(sink, pagesize=(419.5, 595.3), invariant=1)
    for n in range(count):
        canvas.setFont("Helvetica", 24)
        canvas.drawString(72, 500, f"Page {n + 1}")
        canvas.rect(36, 36, 300 + n, 400, stroke=1, fill=0)
        canvas.showPage()
    canvas.save()
    return sink.getvalue()


_LIGHT = """
import sys
from pathlib import Path
from cardgen.render.rulebook.booklet import impose_booklet
out = Path(sys.argv[1])
for name in sorted(out.glob("pages-*.pdf")):
    sides = impose_booklet(name.read_bytes(), out / name.name.replace("pages", "light"))
    (out / name.name.replace("pages", "sides").replace(".pdf", ".txt")).write_text(str(sides))
assert "pypdfium2" not in sys.modules
import pypdfium2
again = impose_booklet((out / "pages-05.pdf").read_bytes(), out / "again-05.pdf")
assert len(pypdfium2.PdfDocument(out / "again-05.pdf")) == again
print("ok")
"""


@pytest.mark.skipif(light.library_file() is None, reason="pdfium's library file not found")
def test_the_light_booklet_is_pypdfium2s_bytes(tmp_path: Path) -> None:
    import pypdfium2  # noqa: F401  (this process imposes through pypdfium2)

    assert light.loaded()
    for count in COUNTS:
        (tmp_path / f"pages-{count:02}.pdf").write_bytes(_pages(count))
    done = subprocess.run([sys.executable, "-c", _LIGHT, str(tmp_path)], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr
    for count in COUNTS:
        sides = impose_booklet((tmp_path / f"pages-{count:02}.pdf").read_bytes(),
                               tmp_path / f"usual-{count:02}.pdf")
        assert (tmp_path / f"light-{count:02}.pdf").read_bytes() == (
            tmp_path / f"usual-{count:02}.pdf").read_bytes(), count
        assert int((tmp_path / f"sides-{count:02}.txt").read_text()) == sides, count
    assert (tmp_path / "again-05.pdf").read_bytes() == (tmp_path / "usual-05.pdf").read_bytes()


def test_a_build_imports_no_pypdfium2_for_its_booklets(tmp_path: Path) -> None:
    """A cold default build of the seed writes both booklets without importing pypdfium2."""
    import shutil

    project = tmp_path / "project"
    project.mkdir()
    for name in ("data", "layouts"):
        shutil.copytree(ROOT / name, project / name)
    shutil.copy(ROOT / "cardgen.yaml", project / "cardgen.yaml")
    code = ("import sys\n"
            "from pathlib import Path\n"
            "import cardgen\n"
            f"db = cardgen.load_game('l5@0.6.5', Path({str(project)!r}))\n"
            f"cardgen.build_game(db, Path({str(tmp_path / 'out')!r}))\n"
            "assert 'pypdfium2' not in sys.modules, 'pypdfium2 imported'\n"
            "print('ok')\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0 and done.stdout.strip().endswith("ok"), done.stderr[-2000:]
    assert list((tmp_path / "out").rglob("rules-booklet-*.pdf"))
