"""Images as a colour-blind player sees them: `cardgen build --simulate KIND` post-processes the
previews (PNG) with this, and shows the gallery's SVG faces through the same matrix.

The simulation is cardgen.layout.vision's (Machado et al. 2009 at severity 1.0 for protan,
deutan and tritan; luminance for grey), applied in linear RGB. PNGs go through a 3D lookup table
of the exact function (Pillow's Color3DLUT, 65 points a side, trilinear), so a picture of
millions of pixels takes a fraction of a second and a flat colour lands within one step of 255
of `vision.simulate`. The gallery's browser applies the matrix itself: an SVG feColorMatrix
filter in linearRGB, the same arithmetic.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.layout.vision import SIMULATIONS, simulate_rgb

if TYPE_CHECKING:
    from PIL import Image, ImageFilter

LUT_SIZE = 65
FILTER_ID = "cardgen-simulate"


@lru_cache(maxsize=4)
def _table(kind: str) -> ImageFilter.Color3DLUT:
    from PIL import ImageFilter

    return ImageFilter.Color3DLUT.generate(
        LUT_SIZE, lambda r, g, b: simulate_rgb(kind, r, g, b))


def simulated(image: Image.Image, kind: str) -> Image.Image:
    """The image as a `kind` player sees it (RGB; transparency kept)."""
    alpha = image.getchannel("A") if image.mode in ("RGBA", "LA") else None
    out = image.convert("RGB").filter(_table(kind))
    if alpha is not None:
        out.putalpha(alpha)
    return out


def simulate_png(path: Path, kind: str) -> None:
    """Rewrites a PNG as a `kind` player sees it."""
    from PIL import Image

    with Image.open(path) as image:
        image.load()
        out = simulated(image, kind)
    out.save(path, format="PNG", optimize=False)


def gallery_filter(kind: str) -> tuple[str, str]:
    """The gallery's (CSS, inline SVG) that show every face image as a `kind` player sees it."""
    rows = SIMULATIONS[kind]
    values = " ".join(f"{v:g}" for row in rows for v in (*row, 0.0)) + " 0 0 0 1 0"
    css = f"img{{filter:url(#{FILTER_ID})}}"
    svg = (f'<svg width="0" height="0" style="position:absolute" aria-hidden="true">'
           f'<filter id="{FILTER_ID}" color-interpolation-filters="linearRGB">'
           f'<feColorMatrix type="matrix" values="{values}"/></filter></svg>')
    return css, svg
