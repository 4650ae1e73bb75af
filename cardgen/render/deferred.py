"""Pillow's `PIL.Image` loaded when first used, not when reportlab is imported.

reportlab's `reportlab.lib.utils` (which every PDF writer imports through `reportlab.pdfgen.canvas`)
runs `from PIL import Image` at import for its `ImageReader`, and Pillow's Image module with the
modules it loads (its C core, EXIF tag tables) costs several milliseconds of start-up. A PDF of
vector faces never reads an image. `defer_pil_image` puts a lazily executed `PIL.Image` into
`sys.modules` (the standard library's `importlib.util.LazyLoader`): reportlab's import takes the
module object, and the module's code runs the first time anything reads one of its attributes
(an image drawn, a preview rasterised, `Image.open` anywhere), so a process that draws an image
loads Pillow as before and one that does not never does. Nothing when `PIL.Image` is already
imported (a caller's process). Called by the `cardgen.render` package before any of its modules
imports reportlab. (One thread loads it: cardgen reads images on its main thread, and helpers
are processes of their own.)

`defer_rl_patterns`, called there too: reportlab's `reportlab.lib.rl_safe_eval` (imported by
`reportlab.lib.utils`, so by every PDF writer) compiles at import a pattern of the names its
safe evaluator refuses (~0.8 ms), which no module of reportlab reads; imported first here with
that pattern a `DeferredPattern` (cardgen/deferral.py: compiled if ever used).

`defer_font_widths`, called there too: reportlab's `reportlab.pdfbase._fontdata` (imported by
`reportlab.pdfbase.pdfmetrics`, so by every PDF writer) imports at import the glyph widths of
all fourteen standard fonts, a module of a dictionary each (~9 M instructions), and keeps each
module's `widths` in its `widthsByFontGlyph`; reportlab reads a font's when that font is first
used (`TypeFace`: `[name]`, `.keys()`, then `[glyph]`). Each of those modules is put in
`sys.modules` beforehand as a module whose `widths` is a `GlyphWidths`: a mapping that imports
the module itself when first read and answers from its dictionary, so only the fonts a PDF
uses are read.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Iterator, Mapping
from types import ModuleType

from cardgen.deferral import patterns_deferred

IMAGE = "PIL.Image"
SAFE_EVAL = "reportlab.lib.rl_safe_eval"
WIDTHS = "reportlab.pdfbase._fontdata_widths_"  # + a standard font's name in lower case
FONTDATA = "reportlab.pdfbase._fontdata"
STANDARD_FONTS = ("courier", "courierbold", "courieroblique", "courierboldoblique", "helvetica",
                  "helveticabold", "helveticaoblique", "helveticaboldoblique", "timesroman",
                  "timesbold", "timesitalic", "timesbolditalic", "symbol", "zapfdingbats")
UNUSED = {SAFE_EVAL: ("\\b(?:",)}  # its __rl_unsafe_re__: "\b(?:" + the names joined by "|"


def defer_rl_patterns() -> None:
    """reportlab's rl_safe_eval imported with its pattern of unsafe names deferred (nothing
    when it is already imported, or when reportlab is not installed)."""
    if SAFE_EVAL in sys.modules:
        return
    with patterns_deferred(UNUSED):
        try:
            importlib.import_module(SAFE_EVAL)
        except ImportError:  # no reportlab: the render modules' own imports say so
            return


def defer_pil_image() -> None:
    """`PIL.Image` in sys.modules as a module whose code runs when first read."""
    if IMAGE in sys.modules:
        return
    spec = importlib.util.find_spec(IMAGE)  # imports the (small) PIL package itself
    if spec is None or spec.loader is None:
        return  # no Pillow: reportlab's own import says so, as it always has
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[IMAGE] = module
    spec.loader.exec_module(module)  # only marks it: the code runs on first attribute read
    vars(sys.modules["PIL"])["Image"] = module  # as an import binds a submodule to its parent


class GlyphWidths(Mapping[str, int]):
    """A standard font's glyph widths: reportlab's module of them imported when first read
    (in place of the stand-in module that holds this), then its `widths` dictionary's."""

    def __init__(self, module: str) -> None:
        self.module = module
        self.read: dict[str, int] | None = None

    def widths(self) -> dict[str, int]:
        """The module's dictionary, the module imported the first time."""
        if self.read is None:
            if getattr(sys.modules.get(self.module), "widths", None) is self:
                sys.modules.pop(self.module, None)  # the stand-in: the real module comes in its place
            self.read = importlib.import_module(self.module).widths
        return self.read

    def __getitem__(self, glyph: str) -> int:
        return self.widths()[glyph]

    def __iter__(self) -> Iterator[str]:
        return iter(self.widths())

    def __len__(self) -> int:
        return len(self.widths())


def defer_font_widths() -> None:
    """Each standard font's widths module in sys.modules as a stand-in whose `widths` is a
    `GlyphWidths` (nothing when reportlab's font data is already imported, or when reportlab
    is not installed)."""
    if FONTDATA in sys.modules:
        return
    try:
        package = importlib.import_module("reportlab.pdfbase")
    except ImportError:  # no reportlab: the render modules' own imports say so
        return
    for font in STANDARD_FONTS:
        name = WIDTHS + font
        if name not in sys.modules:
            stand_in = ModuleType(name)
            stand_in.widths = GlyphWidths(name)  # type: ignore[attr-defined]
            sys.modules[name] = stand_in
            setattr(package, name.rpartition(".")[2], stand_in)  # as an import binds it
