"""RGB faces -> CMYK: the one place colours are converted, total ink limited and measured, and
the CMYK print PDF is written (one page per face, the page a CMYK image with TrimBox/BleedBox).

No freely licensed press profile is available to ship with cardgen (the press profiles in
Debian come with Ghostscript under the AGPL; colord and icc-profiles-free ship RGB and grey
only), so the conversion is a documented formula, not a press characterisation, and the
print-shop PDF's output intent is the profile of this formula (cardgen/assets/icc/, made by
tools/make_cmyk_icc.py):

  K = 1 - max(R, G, B)                          full grey-component replacement: greys and
  C = (1 - R - K) / (1 - K), M, Y alike         black text print with black ink alone
  if C + M + Y + K > limit:                     total-ink limit: the coloured inks are scaled
      C, M, Y *= (limit - K) / (C + M + Y)      down together (hue kept, K kept)

R, G, B are the sRGB values (0-1) as drawn. The formula is applied through a 33^3 colour
lookup table (Pillow's Color3DLUT); interpolation mixes grid points that each keep the limit,
so every pixel keeps it too, and the table aims INK_MARGIN under the limit to absorb 8-bit
rounding. `max_ink` measures the result: the export refuses a page over its service's limit.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from PIL import Image, ImageFilter, ImageMath
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from cardgen.layout.drawing import PathOp
from cardgen.records import record
from cardgen.render.dieline import stroke_die_ink
from cardgen.render.pdf import K as PT_PER_MM
from cardgen.render.pdf import new_canvas
from cardgen.render.pdfx import make_pdfx

LUT_SIZE = 33
INK_MARGIN = 4 / 255  # four inks, each rounded by at most half a step, twice over


def rgb_to_cmyk(r: float, g: float, b: float, limit: float) -> tuple[float, float, float, float]:
    """One sRGB colour (0-1) -> C, M, Y, K (0-1) with total ink at most `limit` (2.4 = 240 %)."""
    k = 1.0 - max(r, g, b)
    if k >= 1.0:
        return (0.0, 0.0, 0.0, 1.0)
    c, m, y = ((1.0 - v - k) / (1.0 - k) for v in (r, g, b))
    coloured = c + m + y
    if coloured + k > limit and coloured > 0:
        scale = max(0.0, limit - k) / coloured
        c, m, y = c * scale, m * scale, y * scale
    return (c, m, y, k)


def cmyk_lut(limit_percent: float) -> ImageFilter.Color3DLUT:
    limit = limit_percent / 100 - INK_MARGIN
    return ImageFilter.Color3DLUT.generate(
        LUT_SIZE, lambda r, g, b: rgb_to_cmyk(r, g, b, limit), 4, "CMYK")  # 4 inks out


def to_cmyk(image: Image.Image, limit_percent: float) -> Image.Image:
    """An RGB image -> CMYK with total ink at most limit_percent (see the module docstring)."""
    return image.convert("RGB").filter(cmyk_lut(limit_percent))


def max_ink(image: Image.Image) -> float:
    """The highest total ink of any pixel of a CMYK image, in percent (400 = all four solid)."""
    c, m, y, k = (channel.convert("I") for channel in image.split())
    total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k)
    return float(total.getextrema()[1]) * 100 / 255


@record(frozen=True)
class CmykPage:
    image: Image.Image  # CMYK, covering trim + 2 * bleed
    width: float  # trim, mm
    height: float
    bleed: float  # mm each side
    die_line: tuple[PathOp, ...] = ()  # a shaped piece's cut line, face mm (layout.outline)


def draw_spot_die_line(canvas: Canvas, ops: Iterable[PathOp], bleed: float, page_h: float
                       ) -> None:
    """A die line (face mm, y down) stroked in the Dieline spot colour (render.dieline.DIE_INK),
    placed with the trim `bleed` mm inside a page `page_h` pt high."""
    canvas.saveState()
    stroke_die_ink(canvas)
    path = canvas.beginPath()
    for op in ops:
        coords = [(v + bleed) * PT_PER_MM if i % 2 == 0 else page_h - (v + bleed) * PT_PER_MM
                  for i, v in enumerate(op[1:])]
        if op[0] == "M":
            path.moveTo(*coords)
        elif op[0] == "L":
            path.lineTo(*coords)
        elif op[0] == "C":
            path.curveTo(*coords)
        else:
            path.close()
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


def write_cmyk_pdf(path: Path, pages: Iterable[CmykPage], *, title: str, subject: str) -> int:
    """One page per image (taken one at a time): MediaBox = BleedBox, TrimBox inside, and
    DeviceCMYK the only colour space; the file is PDF/X-1a:2003 (cardgen.render.pdfx)."""
    canvas = new_canvas(str(path), title=title, subject=subject, enforceColorSpace="cmyk")
    make_pdfx(canvas)
    count = 0
    for page in pages:
        count += 1
        b = page.bleed
        pw, ph = (page.width + 2 * b) * PT_PER_MM, (page.height + 2 * b) * PT_PER_MM
        canvas.setPageSize((pw, ph))
        canvas.setBleedBox((0, 0, pw, ph))
        canvas.setTrimBox((b * PT_PER_MM, b * PT_PER_MM, pw - b * PT_PER_MM, ph - b * PT_PER_MM))
        canvas.drawImage(ImageReader(page.image), 0, 0, pw, ph)
        if page.die_line:
            draw_spot_die_line(canvas, page.die_line, b, ph)
        canvas.showPage()
        page.image.close()
    canvas.save()
    return count
