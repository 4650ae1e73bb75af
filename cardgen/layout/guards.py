"""Last checks before a value from a project reaches a renderer: finite numbers in every
primitive, usable text sizes, images that are real, whole, small enough PNG or JPEG files.

Each failure is a ValueError (ImageError for images) that the element being drawn turns into
a located Problem; nothing a project writes may reach reportlab or svgwrite as NaN, a negative
size or a truncated PNG.
"""

from __future__ import annotations

import hashlib
import math
import warnings
from collections.abc import Sequence
from functools import cache
from operator import attrgetter
from pathlib import Path
from typing import Any

from cardgen.layout.drawing import Ellipse, Group, Image, Matrix, PathOp, Primitive, Rect, Style, Text
from cardgen.layout.drawing import Path as PathItem
from cardgen.limits import MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_LENGTH_MM

MAX_TEXT_PT = 500.0


def _finite(value: Any, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{what} is {value!r}, not a finite number")
    if abs(value) > MAX_LENGTH_MM:
        raise ValueError(f"{what} is {value:g}; at most {MAX_LENGTH_MM:g} mm")


_NUMBERS: dict[type, tuple[str, ...]] = {
    Rect: ("x", "y", "w", "h", "radius"), Ellipse: ("cx", "cy", "rx", "ry"),
    Text: ("x", "y", "size"), Image: ("x", "y", "w", "h")}


_VALUES = {kind: attrgetter(*names) for kind, names in _NUMBERS.items()}


def _usable(value: Any) -> bool:
    """A finite number within MAX_LENGTH_MM (NaN fails every comparison)."""
    return type(value) in (float, int) and -MAX_LENGTH_MM <= value <= MAX_LENGTH_MM


def check_primitive(item: Primitive) -> None:
    """Every number of a primitive finite and in range; strokes and dashes not negative.

    Called for every primitive a face draws, so the common case is a few comparisons."""
    if type(item) is Text:  # a line of text (most primitives): its position and size
        x, y, size = item.x, item.y, item.size
        if type(x) is float and type(y) is float and type(size) is float and \
                -MAX_LENGTH_MM <= x <= MAX_LENGTH_MM and -MAX_LENGTH_MM <= y <= MAX_LENGTH_MM \
                and 0 < size <= MAX_TEXT_PT and size <= MAX_LENGTH_MM:
            return
    if isinstance(item, Group):  # its items were checked as they were added
        _check_transform(item.transform)
        if item.clip_path is not None:
            _check_points(item.clip_path.ops)
        return
    if isinstance(item, PathItem):
        _check_points(item.ops)
    else:
        _check_fields(item)
    style = getattr(item, "style", None)
    if style is not None and (style.dash is not None or not 0 <= style.stroke_width <= MAX_LENGTH_MM):
        _check_style(style)
    if style is not None and style.fill_paint is not None:
        for i, v in enumerate(style.fill_paint.coords):
            _finite(v, f"gradient[{i}]")
    if isinstance(item, Text) and not 0 < item.size <= MAX_TEXT_PT:
        raise ValueError(f"text size {item.size:g} pt is not from 0 to {MAX_TEXT_PT:g}")


def _check_transform(transform: Matrix) -> None:
    if not all(_usable(v) for v in transform):
        for i, v in enumerate(transform):
            _finite(v, f"transform[{i}]")


def _check_points(ops: Sequence[PathOp]) -> None:
    if _CHECKED_OPS.get(id(ops)) is ops:  # an icon's path: one object on every face
        return
    if not all(_usable(v) for op in ops for v in op[1:]):
        for op in ops:
            for v in op[1:]:
                _finite(v, f"path point {op[0]}")
    if len(_CHECKED_OPS) >= CHECKED_OPS_KEPT:
        _CHECKED_OPS.clear()
    _CHECKED_OPS[id(ops)] = ops  # held, so its id stays its own


CHECKED_OPS_KEPT = 4096
_CHECKED_OPS: dict[int, Sequence[PathOp]] = {}  # id -> path operators found usable


def _check_fields(item: Rect | Ellipse | Text | Image) -> None:
    """The numbers _NUMBERS names for the item's type."""
    for v in _VALUES[type(item)](item):
        if type(v) not in (float, int) or not -MAX_LENGTH_MM <= v <= MAX_LENGTH_MM:
            break  # one is not usable (_usable): say which
    else:
        return
    for n in _NUMBERS[type(item)]:
        _finite(getattr(item, n), n)


def _check_style(style: Style) -> None:
    _finite(style.stroke_width, "stroke_width")
    if style.stroke_width < 0:
        raise ValueError(f"stroke_width {style.stroke_width:g} is negative")
    for v in style.dash or ():
        _finite(v, "dash")
        if v < 0:
            raise ValueError(f"dash {style.dash} has a negative length")
    if style.dash is not None and not any(style.dash):
        raise ValueError("a dash of only zeros draws nothing")


def text_sizes(size: float, min_size: float | None, leading: float
               ) -> tuple[float, float, float]:
    """(size, min_size, leading) of a text element, each usable by text.fit; no min_size is
    the size (the text does not shrink)."""
    min_size = size if min_size is None else min_size
    if not (0 < min_size <= size <= MAX_TEXT_PT):
        raise ValueError(f"size {size:g} and min_size {min_size:g}: need 0 < min_size <= size "
                         f"<= {MAX_TEXT_PT:g} pt")
    if not 0.5 <= leading <= 5:
        raise ValueError(f"leading {leading:g} is not from 0.5 to 5 (lines apart, in sizes)")
    return size, min_size, leading


class ImageError(ValueError):
    """A component's art that cannot be printed."""

    def __init__(self, message: str, hint: str):
        super().__init__(message)
        self.hint = hint


IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")


def image_at(path: Path) -> str:
    """What a layout finds at an image path: the image's digest, "" when there is no PNG or
    JPEG file there (ImageError when there is one cardgen cannot use). The face cache asks the
    same question to know whether a face it keeps is still what a layout would draw."""
    if path.suffix.lower() == ".svg" and path.is_file():
        return svg_digest(path)
    if path.suffix.lower() not in IMAGE_SUFFIXES or not path.is_file():
        return ""
    return image_digest(path)


def svg_digest(path: Path) -> str:
    """The content digest of SVG art (ImageError when it is too large); the SVG reader of
    cardgen.layout.icons reads it when it is drawn."""
    size = path.stat().st_size
    if size > MAX_IMAGE_BYTES:
        raise ImageError(f"image '{path.name}' is {size / 1e6:.0f} MB; at most "
                         f"{MAX_IMAGE_BYTES // 1024 ** 2} MB", "simplify the drawing")
    return hashlib.sha256(path.read_bytes()).hexdigest()


def image_digest(path: Path) -> str:
    """The content digest of a usable PNG or JPEG (ImageError if it is not one)."""
    st = path.stat()
    return _checked_digest(str(path), st.st_size, st.st_mtime_ns)


@cache
def _checked_digest(path: str, size: int, mtime_ns: int) -> str:
    name = Path(path).name
    if size > MAX_IMAGE_BYTES:
        raise ImageError(f"image '{name}' is {size / 1e6:.0f} MB; at most "
                         f"{MAX_IMAGE_BYTES // 1024 ** 2} MB", "save it smaller (300 dpi is plenty)")
    data = Path(path).read_bytes()
    from PIL import Image as PILImage

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", PILImage.DecompressionBombWarning)
            with PILImage.open(Path(path)) as im:
                if im.format not in ("PNG", "JPEG"):
                    raise ImageError(f"image '{name}' is {im.format or 'not an image'}, not PNG "
                                     "or JPEG", "save the art as .png or .jpg")
                if im.width * im.height > MAX_IMAGE_PIXELS:
                    raise _too_many_pixels(name, im.width, im.height)
                im.load()  # a truncated or corrupt file fails here, not in a renderer
    except ImageError:
        raise
    except (PILImage.DecompressionBombError, PILImage.DecompressionBombWarning) as exc:
        raise _too_many_pixels(name, 0, 0, str(exc)) from None
    except Exception as exc:  # Pillow raises many kinds on a broken file
        raise ImageError(f"image '{name}' cannot be read: {exc}",
                         "open it in an image editor and save it again as PNG or JPEG") from None
    return hashlib.sha256(data).hexdigest()


def _too_many_pixels(name: str, width: int, height: int, said: str = "") -> ImageError:
    shown = f"is {width}x{height} pixels" if width else f"has too many pixels ({said})"
    return ImageError(f"image '{name}' {shown}; at most {MAX_IMAGE_PIXELS // 10 ** 6} megapixels",
                      "scale it down: a card at 300 dpi needs about 750x1050 pixels")
