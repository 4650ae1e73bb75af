"""Paints: what a layout writes where a colour goes -> a colour with its alpha, or a Gradient
in the mm of the shape it fills.

A colour is '#RRGGBB' or '#RRGGBBAA' (AA: alpha, 00 clear to FF opaque). A gradient is written
as a one-key mapping (the YAML the layout docs show):

  {linear-gradient: {angle: 90, stops: [[0, '#FFFFFF'], [1, '#CC0000']]}}
  {linear-gradient: {from: [0, 0], to: [0, 88.9], stops: ['#CCCCCC', '#111111']}}
  {radial-gradient: {center: [30, 40], radius: 20, stops: [[0, '#FFFFFF'], [1, '#000000']]}}

`angle` is degrees clockwise from up (as CSS: 180, the default, runs top to bottom; 90 left to
right), the line through the shape's box centre long enough that the box's corners take the end
colours. `from`/`to` (mm, in the element's frame) place the line instead. A radial gradient is
centred on the box (or `center`, mm) and reaches its farthest corner (or `radius`, mm). Stops
are [offset 0..1, colour] or bare colours, spread evenly.
"""

from __future__ import annotations

import math
import re

from cardgen.layout.drawing import Gradient

Box = tuple[float, float, float, float]  # x, y, w, h, mm

_HEX = re.compile(r"#([0-9A-Fa-f]{6})([0-9A-Fa-f]{2})?")


def colour_alpha(value: object) -> tuple[str, float] | None:
    """'#RRGGBB' -> (it, 1.0); '#RRGGBBAA' -> ('#RRGGBB', AA / 255); anything else None."""
    if not isinstance(value, str):
        return None
    found = _HEX.fullmatch(value)
    if found is None:
        return None
    alpha = int(found.group(2), 16) / 255 if found.group(2) else 1.0
    return "#" + found.group(1), alpha


def linear(box: Box, angle: float, stops: tuple[tuple[float, str], ...]) -> Gradient:
    """A linear gradient across a box at `angle` degrees clockwise from up (CSS's rule)."""
    x, y, w, h = box
    a = math.radians(angle)
    ux, uy = math.sin(a), -math.cos(a)  # y points down
    half = (abs(w * ux) + abs(h * uy)) / 2
    cx, cy = x + w / 2, y + h / 2
    return Gradient("linear", (cx - ux * half, cy - uy * half, cx + ux * half, cy + uy * half),
                    stops)


def radial(box: Box, center: tuple[float, float] | None, radius: float | None,
           stops: tuple[tuple[float, str], ...]) -> Gradient:
    """A radial gradient: centred on the box (or `center`), reaching its farthest corner (or
    `radius`)."""
    x, y, w, h = box
    cx, cy = center if center is not None else (x + w / 2, y + h / 2)
    if radius is None:
        radius = max(math.hypot(px - cx, py - cy) for px in (x, x + w) for py in (y, y + h))
    if not radius > 0:
        raise ValueError(f"a radial gradient's radius is {radius:g} mm; it must be more than 0")
    return Gradient("radial", (cx, cy, radius), stops)


def spread(stops: list[tuple[float | None, str]]) -> tuple[tuple[float, str], ...]:
    """Stops with offsets (None: spread evenly between their neighbours' or the ends), checked."""
    if len(stops) < 2:
        raise ValueError("a gradient needs at least two stops")
    n = len(stops)
    out: list[tuple[float, str]] = []
    for i, (offset, colour) in enumerate(stops):
        t = i / (n - 1) if offset is None else offset
        if not 0 <= t <= 1:
            raise ValueError(f"stop offset {t:g} is not from 0 to 1")
        if out and t < out[-1][0]:
            raise ValueError(f"stop offsets must rise: {t:g} after {out[-1][0]:g}")
        out.append((float(t), colour))
    return tuple(out)
