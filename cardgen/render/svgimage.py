"""An image file as the data: URI the SVG writer (render/svg.py) embeds, loaded only by a
process writing a face with an image."""

from __future__ import annotations

import base64
import mimetypes
from pathlib import Path

from cardgen.layout.drawing import Image

_IMAGES: dict[tuple[str, str], str] = {}


def image_data(im: Image) -> str:
    """An image file as a data: URI (kept per content digest and type: the same picture on
    many faces; a few, as pictures are large)."""
    mime = mimetypes.guess_type(im.path)[0] or "image/png"
    found = _IMAGES.get((im.digest, mime)) if im.digest else None
    if found is None:
        found = f"data:{mime};base64,{base64.b64encode(Path(im.path).read_bytes()).decode('ascii')}"
        if im.digest:
            if len(_IMAGES) >= 16:
                _IMAGES.clear()
            _IMAGES[(im.digest, mime)] = found
    return found
