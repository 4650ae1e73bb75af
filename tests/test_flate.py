"""Every PDF stream deflated by libdeflate where it is installed (cardgen/render/flate.py):
reportlab's Flate encoder replaced whichever of it or cardgen.render comes first, streams that
inflate to what was written, the same bytes for the same stream in every process, and zlib's
level 6 (reportlab's own) where the package cannot be imported."""

from __future__ import annotations

import os
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from cardgen.render import flate
from tests.conftest import REPO

pytestmark = pytest.mark.child_process  # a fresh interpreter: reportlab not imported yet

CHECK = """
import sys, zlib, hashlib
from reportlab.pdfbase import pdfdoc
from cardgen.render import flate
text = 'q 1 0 0 1 10 20 cm BT /F1 9 Tf (Caf\\u00e9) Tj ET Q 1 0 0 1 0 0 cm ' * 40
out = pdfdoc.PDFZCompress.encode(text)
assert zlib.decompress(out) == text.encode('utf8')
print(pdfdoc.PDFStreamFilterZCompress.encode is flate.encode,
      any(type(f).__name__ == '_PatchOnImport' for f in sys.meta_path),
      out == zlib.compress(text.encode('utf8')), hashlib.sha1(out).hexdigest())
"""


def _run(tmp_path: Path, code: str) -> list[str]:
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                         text=True, check=False, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout.split()


def test_reportlab_imported_after_cardgen_render_gets_the_encoder(tmp_path: Path) -> None:
    code = ("import sys\nimport cardgen.render\n"
            "assert 'reportlab.pdfbase.pdfdoc' not in sys.modules\n" + CHECK)
    # patched when reportlab's module ran; the finder gone; not zlib's bytes (libdeflate's)
    assert _run(tmp_path, code)[:3] == ["True", "False", "False"]


def test_reportlab_imported_before_cardgen_render_gets_the_encoder(tmp_path: Path) -> None:
    code = "import reportlab.pdfbase.pdfdoc\nimport cardgen.render\n" + CHECK
    assert _run(tmp_path, code)[:3] == ["True", "False", "False"]


def test_without_the_package_streams_are_zlibs_level_6(tmp_path: Path) -> None:
    code = "import sys\nsys.modules['deflate'] = None  # as where it is not installed\n" + CHECK
    # reportlab's own bytes: a file is what it was before
    assert _run(tmp_path, "import cardgen.render\n" + code)[:3] == ["True", "False", "True"]


def test_the_same_stream_deflates_to_the_same_bytes_in_every_process(tmp_path: Path) -> None:
    """A rebuild must write what a cold build writes: the bytes may not depend on what the
    process did before (a deflater that reads memory it did not set would fail this)."""
    churn = ("import os\nkept = [os.urandom(n) for n in range(1, 200_000, 997)]\n"
             "from cardgen.render import flate\n"
             "for block in kept[::3]: flate.deflate(block)\ndel kept\n")
    digests = {_run(tmp_path, prefix + "import cardgen.render\n" + CHECK)[3]
               for prefix in ("", churn, churn.replace("::3", "::5"))}
    assert len(digests) == 1


def test_deflate_round_trips_any_bytes() -> None:
    samples = [b"", b"x", bytes(range(256)) * 300, os.urandom(70_000), b"0 0 m 1 1 l S\n" * 5000]
    for data in samples:
        out = flate.deflate(data)
        assert type(out) is bytes and zlib.decompress(out) == data
    assert zlib.decompress(flate.encode(None, "Überraschung")) == "Überraschung".encode()


def test_a_pdf_inflates_to_the_same_pages_as_with_zlib(tmp_path: Path) -> None:
    """The same pages written with libdeflate and with zlib: every page's contents inflate
    alike; only the compressed bytes differ."""
    code = """
import sys
if sys.argv[1] == 'zlib':
    sys.modules['deflate'] = None
import cardgen.render
from reportlab.pdfgen.canvas import Canvas
canvas = Canvas(sys.argv[2])
for page in range(3):
    canvas.setFont('Helvetica', 12)
    for line in range(40):
        canvas.drawString(40, 40 + 15 * line, f'page {page} line {line}: the same text')
    canvas.showPage()
canvas.save()
"""
    pages = {}
    for name in ("libdeflate", "zlib"):
        path = tmp_path / f"{name}.pdf"
        run = subprocess.run([sys.executable, "-c", code, name, str(path)], cwd=tmp_path,
                             capture_output=True, text=True, check=False,
                             env={**os.environ, "PYTHONPATH": str(REPO)})
        assert run.returncode == 0, run.stderr
        pages[name] = _contents(path)
    assert len(pages["libdeflate"]) == 3 and pages["libdeflate"] == pages["zlib"]
    assert b"page 2 line 39" in pages["libdeflate"][2]


def _contents(pdf: Path) -> list[bytes]:
    """Each page's contents, inflated (pypdf decodes every filter of the stream)."""
    from pypdf import PdfReader

    return [page.get_contents().get_data() for page in PdfReader(pdf).pages]
