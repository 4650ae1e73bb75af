"""TrueType fonts for reportlab, each font file parsed once: a parse kept between processes.

reportlab parses a TrueType file in Python when a font is registered (~8 ms for DejaVu Sans),
in every process that writes a PDF. `tt_font` gives the font from a kept parse when one for
the same file bytes and reportlab version was handed in (`keep`), and remembers each parse it
makes (`parsed`) for the caller to keep: cardgen/pipeline/pdfops.py keeps them, signed, in the
project's .cardgen-cache. A font made from a kept parse is the font parsing gives: the same
attributes and the same subsets embedded (tests/test_pdf_save.py). The parse is taken as
reportlab leaves it, before anything (cardgen's private-use codes) adds to it.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Callable, Mapping
from fnmatch import fnmatch
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import reportlab
from reportlab import rl_config
from reportlab.pdfbase import ttfonts

_KEPT: dict[str, bytes] = {}  # font key -> a parse (the face's attributes, pickled)
_PARSED: dict[str, bytes] = {}  # font key -> a parse this process made
_USED: dict[str, bytes] = {}  # font key -> the parse each font this process made came from
_NOT_KEPT = frozenset(("_ttf_data", "_pdfScale", "filename"))  # the file, a lambda, the path


def font_key(data: bytes) -> str:
    """What a parse is valid for: the font file's bytes and reportlab's version."""
    return f"{hashlib.sha1(data).hexdigest()}-{reportlab.Version}"


def keep(parses: Mapping[str, bytes]) -> None:
    """Hand in parses kept by an earlier process (font key -> pickled face attributes)."""
    _KEPT.update(parses)


def parsed() -> dict[str, bytes]:
    """The parses this process made, by font key."""
    return dict(_PARSED)


def used() -> dict[str, bytes]:
    """The parse of every font this process made (kept or parsed), by font key."""
    return dict(_USED)


def tt_font(name: str, path: Path) -> Any:
    """reportlab's TTFont `name` for the TrueType file at path (a reportlab TTFont)."""
    data = path.read_bytes()
    key = font_key(data)
    kept = _KEPT.get(key)
    if kept is not None:
        try:
            font = _from_parse(name, str(path), data, pickle.loads(kept))
        except Exception:  # a parse this reportlab cannot take: parse the file
            _KEPT.pop(key, None)
        else:
            _USED[key] = kept
            return font
    font = ttfonts.TTFont(name, str(path))
    face = font.face
    if face._ttf_data == data:  # a plain font file (reportlab kept its bytes as they are)
        _PARSED[key] = _USED[key] = pickle.dumps(
            {k: v for k, v in vars(face).items() if k not in _NOT_KEPT},
            protocol=pickle.HIGHEST_PROTOCOL)
    return font


def _from_parse(name: str, path: str, data: bytes, attributes: dict[str, Any]) -> Any:
    """The TTFont TTFont(name, path) gives, its face's attributes taken from a parse."""
    face = ttfonts.TTFontFace.__new__(ttfonts.TTFontFace)
    face.__dict__.update(attributes)
    face.filename = path
    face._ttf_data = data
    face._pdfScale = _scale(face.unitsPerEm)
    font = ttfonts.TTFont.__new__(ttfonts.TTFont)
    font.fontName = name  # as TTFont.__init__ sets them
    font.face = face
    font.encoding = ttfonts.TTEncoding()
    font.state = WeakKeyDictionary()
    font._asciiReadable = rl_config.ttfAsciiReadable
    font.shapable = not any(fnmatch(name, glob) for glob in rl_config.unShapedFontGlob)
    return font


def _scale(units_per_em: int) -> Callable[[float], float]:
    """The face's font units -> PDF glyph units, as TTFontFile.extractInfo keeps it."""
    if units_per_em == 1000:
        return lambda x: x
    factor = 1000 / units_per_em
    return lambda x: x * factor
