"""Contrast as the lints read it: WCAG ratios, and whether colours drawn on fills hold up for
normal vision and as the simulations of cardgen.layout.vision see them (cached: a deck repeats
few pairs); `ink_for`, the ink `color: auto` picks."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from cardgen.layout.drawing import Ellipse, Group, Path, Primitive, Rect, Text
from cardgen.layout.vision import KINDS, simulate

VISIONS = ("normal", *KINDS)  # contrast holds for normal vision and the four simulations


@lru_cache(maxsize=4096)
def contrast(one: str, two: str) -> float:
    """WCAG contrast ratio of two '#RRGGBB' colours (1 to 21); a deck repeats few pairs."""
    high, low = sorted((luminance(one), luminance(two)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@lru_cache(maxsize=4096)
def luminance(colour: str) -> float:
    """WCAG relative luminance of '#RRGGBB' (0 to 1)."""
    rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


@lru_cache(maxsize=4096)
def contrast_verdict(colours: tuple[str, ...], fills: tuple[str, ...], needed: float
                      ) -> tuple[float, str | None, str] | None:
    """What visible() says of colours drawn on fills: (contrast, None, fill) when it is too low
    for normal vision, (contrast, the vision, fill) when too low as a simulation sees them
    only, None when it holds (a deck repeats few combinations)."""
    best, under = min((max(contrast(c, f) for c in colours), f) for f in fills)
    if best < needed:
        return best, None, under
    best, seen, under = min((*worst_contrast(colours, f), f) for f in fills)
    return (best, seen, under) if best < needed else None


def worst_contrast(colours: Sequence[str], under: str) -> tuple[float, str]:
    """The contrast of the best of `colours` against `under`, for normal vision and as each
    simulation sees them (cardgen.layout.vision): the lowest, and which vision it is."""
    return min((max(contrast(simulate(kind, c), simulate(kind, under)) for c in colours), kind)
               for kind in VISIONS)


@lru_cache(maxsize=4096)
def ink_for(background: str | None, dark: str = "#000000", light: str = "#FFFFFF") -> str:
    """`color: auto`: the dark or the light ink, whichever contrasts more with the background
    (a deck asks it of few backgrounds, once per face)."""
    if background is None:
        return dark
    seen = worst_contrast([dark], background)[0], worst_contrast([light], background)[0]
    return dark if seen[0] >= seen[1] else light


_SHAPES = (Rect, Ellipse, Path)  # isinstance's types: a tuple is tested faster than a union


def item_colours(item: Primitive) -> tuple[str, ...]:
    """The colours a primitive draws in, as the contrast lints read them (a group's: its
    items', each once; a verdict on them is the same however often one is named)."""
    if isinstance(item, Text):
        return (item.color,)
    if isinstance(item, Group):
        return _group_colours(item.items)
    if isinstance(item, _SHAPES):
        return tuple(c for c in (item.style.fill, item.style.stroke) if c)
    return ()


def _group_colours(items: tuple[Primitive, ...]) -> tuple[str, ...]:
    """The colours of a group's items, each once, kept per tuple of items: every copy of an
    icon in one colour holds the same tuple (cardgen.layout.icons), however many it draws."""
    known = _GROUP_COLOURS.get(id(items))
    if known is not None and known[0] is items:
        return known[1]
    found = tuple(dict.fromkeys(c for i in items for c in item_colours(i)))
    if type(items) is not tuple:  # noqa: E721  (a list may change: not kept)
        return found
    if len(_GROUP_COLOURS) >= 4096:
        _GROUP_COLOURS.clear()
    _GROUP_COLOURS[id(items)] = (items, found)
    return found


# id of a group's items -> (them, held so the id stays theirs; their colours, each once)
_GROUP_COLOURS: dict[int, tuple[tuple[Primitive, ...], tuple[str, ...]]] = {}
