"""Transparent faces: a rendered face image cut out along its outline (cardgen.layout.outline).

A rectangle with square corners stays as rendered; a circle, hex, polygon or rounded rectangle
gets an alpha channel that is clear outside its cut line grown by the bleed the image shows,
so a tile or a token keeps its shape in a PNG (print-on-demand uploads, TTS).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.layout.drawing import Drawing
from cardgen.layout.outline import outline_points

if TYPE_CHECKING:
    from PIL import Image

SUPERSAMPLE = 4  # the mask is drawn this much larger, then shrunk: smooth edges


def is_shaped(drawing: Drawing) -> bool:
    """True when the face's cut line is not a plain rectangle."""
    return drawing.shape != "rect" or drawing.corner > 0


def cut_out(image: Image.Image, drawing: Drawing, bleed_mm: float) -> Image.Image:
    """The face image (trim + 2 x bleed_mm) with alpha 0 outside the outline grown by bleed_mm;
    a plain rectangle is returned as it is."""
    if not is_shaped(drawing):
        return image
    from PIL import Image, ImageDraw

    w, h = image.size
    sx = SUPERSAMPLE * w / (drawing.width + 2 * bleed_mm)
    sy = SUPERSAMPLE * h / (drawing.height + 2 * bleed_mm)
    # the bleed drawn (a wider one repeats edge pixels), less a pixel: the rendered clip's edge
    # pixels are blended with the white outside it
    grow = min(bleed_mm, drawing.bleed) - SUPERSAMPLE / min(sx, sy)
    corners = [((x + bleed_mm) * sx, (y + bleed_mm) * sy)
               for x, y in outline_points(drawing, grow, steps=32)]
    mask = Image.new("L", (w * SUPERSAMPLE, h * SUPERSAMPLE), 0)
    ImageDraw.Draw(mask).polygon(corners, fill=255)
    out = image.convert("RGBA")
    out.putalpha(mask.resize((w, h), Image.Resampling.LANCZOS))
    return out
