"""Pillow's Image module deferred until first used (cardgen/render/deferred.py): reportlab
imported without running it, and everything that reads an image gets the real module; the
standard fonts' glyph widths read when a font is first used, the same as reportlab's own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

pytestmark = pytest.mark.child_process  # a fresh interpreter: nothing of Pillow loaded yet

CODE = """
import io, sys
import cardgen.render.pages  # reportlab's canvas and its `from PIL import Image`
lazy = sys.modules['PIL.Image']  # (`import PIL.Image` itself reads its __spec__, which loads it)
print('loaded before use:', 'PIL._imaging' in sys.modules)
from PIL import Image, ImageDraw
from reportlab.lib.utils import ImageReader
assert Image is lazy and sys.modules['PIL'].Image is lazy
picture = Image.new('RGB', (3, 2), (10, 20, 30))
ImageDraw.Draw(picture).point((0, 0), fill=(200, 0, 0))
png = io.BytesIO(); picture.save(png, 'PNG'); png.seek(0)
reader = ImageReader(png)
print('read:', reader.getSize(), reader.getRGBData()[:6].hex(), type(picture).__module__)
print('loaded after use:', 'PIL._imaging' in sys.modules)
"""


def test_reportlab_imports_without_pillow_and_images_still_read(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-c", CODE], cwd=tmp_path, capture_output=True,
                         text=True, check=False, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.splitlines() == [
        "loaded before use: False", "read: (3, 2) c800000a141e PIL.Image",
        "loaded after use: True"]


def test_an_image_module_already_loaded_is_kept(tmp_path: Path) -> None:
    code = ("import sys\nimport PIL.Image as eager\nimport cardgen.render\n"
            "print(sys.modules['PIL.Image'] is eager, type(eager).__name__)\n")
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                         text=True, check=False, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.split() == ["True", "module"]


WIDTHS_CODE = """
import sys
{first}
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase import _fontdata
helvetica = _fontdata.widthsByFontGlyph['Helvetica']
print('read before use:', type(helvetica).__name__ == 'dict' or helvetica.read is not None)
for font in ('Helvetica', 'Times-Bold', 'Symbol', 'ZapfDingbats', 'Courier-Oblique'):
    face = pdfmetrics.getFont(font).face
    print(font, pdfmetrics.stringWidth('Hello, World', font, 12), face.glyphNames[:4],
          len(face.glyphWidths), face.glyphWidths.get('space'), 'A' in face.glyphWidths)
print(type(sys.modules['reportlab.pdfbase._fontdata_widths_helvetica']).__name__,
      sys.modules['reportlab.pdfbase._fontdata_widths_helvetica'].__file__ is not None)
"""


def test_standard_font_widths_are_read_when_a_font_is_first_used(tmp_path: Path) -> None:
    runs = [subprocess.run([sys.executable, "-c", WIDTHS_CODE.format(first=first)], cwd=tmp_path,
                           capture_output=True, text=True, check=False,
                           env={**os.environ, "PYTHONPATH": str(REPO)})
            for first in ("import cardgen.render.pages", "import reportlab.pdfgen.canvas")]
    for run in runs:
        assert run.returncode == 0, run.stdout + run.stderr
    deferred, plain = (run.stdout.splitlines() for run in runs)
    assert deferred[0] == "read before use: False" and plain[0] == "read before use: True"
    assert deferred[1:] == plain[1:]  # the same widths, glyph names and the real module after
