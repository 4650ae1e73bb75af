"""Stage 5, render: Drawings and page plans -> PDF (pdf.py, pages.py), SVG (svg.py), PNG (png.py).

The only package that draws: reportlab and pypdfium2 are imported here alone (svg.py streams
its markup itself). Each backend implements the `Renderer` protocol of base.py for a single face.
Pillow's Image module is loaded when first used, not with reportlab, and a pattern reportlab
compiles on import and never reads when first used, and the standard fonts' glyph widths
when a font is first used (deferred.py); every PDF stream is deflated
by libdeflate where it is installed (flate.py).
"""

from cardgen.render.deferred import defer_font_widths, defer_pil_image, defer_rl_patterns
from cardgen.render.flate import use_fast_flate

defer_pil_image()
defer_rl_patterns()
defer_font_widths()
use_fast_flate()
