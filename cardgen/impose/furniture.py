"""A planned page -> its labels and scale bars, placed in the page's label lanes."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from cardgen.impose.geometry import LANE_GAP, Label, Lane, Line, Page

LABEL_SIZE = 6.5
MIN_LABEL_SIZE = 6.0

TextLabel = tuple[Literal["text"], str, bool]  # ("text", text, bold)
ScaleBar = tuple[Literal["bar"], float, float, str]  # ("bar", length mm, tick step mm, caption)
LaneItem = TextLabel | ScaleBar


def furnish(page: Page, heading: str) -> None:
    """Fill the page's lanes with its labels and the two scale bars (print-spec 3.1)."""
    items: list[LaneItem] = [
        ("text", heading, True),
        ("text", page.what, False),
        ("text", "Print at 100 % (actual size), never fit to page", True),
        ("bar", 50.0, 10.0, "50 mm"),
        ("bar", 50.8, 12.7, "2 in"),
        *[("text", note, False) for note in page.notes],
    ]
    used = [0.0] * len(page.lanes)
    for item in items:
        placed = place_item(page, used, item)
        if not placed and item[0] == "text":
            place_truncated(page, used, item)


@lru_cache(maxsize=1024)  # a file's pages repeat their labels but the first
def item_length(item: LaneItem, size: float) -> float:
    from cardgen.layout import fonts

    face = "bold" if item[0] == "text" and item[2] else "regular"
    if item[0] == "text":
        return fonts.text_width_mm(item[1], face, size)
    return item[1] + 1.5 + fonts.text_width_mm(item[3], "regular", size)


def place_item(page: Page, used: list[float], item: LaneItem) -> bool:
    for size in (LABEL_SIZE, MIN_LABEL_SIZE):
        length = item_length(item, size)
        for i, lane in enumerate(page.lanes):
            if used[i] + length <= lane.length + 1e-6:
                draw_item(page, lane, used[i], item, size)
                used[i] += length + LANE_GAP
                return True
    return False


def place_truncated(page: Page, used: list[float], item: TextLabel) -> None:
    """Shorten a text that fits nowhere into the lane with the most room left."""
    if not page.lanes:
        return
    i = max(range(len(page.lanes)), key=lambda k: page.lanes[k].length - used[k])
    room = page.lanes[i].length - used[i]
    text = kept_start(item[1], "bold" if item[2] else "regular", MIN_LABEL_SIZE, room)
    if len(text) > 4:
        draw_item(page, page.lanes[i], used[i], ("text", text + "…", item[2]), MIN_LABEL_SIZE)
        used[i] = page.lanes[i].length


@lru_cache(maxsize=1024)  # a file's pages shorten the same label into the same room
def kept_start(text: str, face: str, size: float, width: float) -> str:
    """The start of text that, with "…" after it, fits in `width` mm (never under 4
    characters: a text of 4 or fewer is returned whole)."""
    from cardgen.layout import fonts

    while len(text) > 4 and fonts.text_width_mm(text + "…", face, size) > width:
        text = text[:-1]
    return text


def fitted(text: str, face: str, size: float, width: float) -> str:
    """text as it is when it fits in `width` mm, else its kept start followed by "…"."""
    from cardgen.layout import fonts

    if fonts.text_width_mm(text, face, size) <= width:
        return text
    return kept_start(text, face, size, width) + "…"


def lane_point(lane: Lane, along: float, up: float) -> tuple[float, float]:
    """A point `along` the lane's baseline and `up` from it, page mm."""
    if lane.vertical:
        return lane.x - up, lane.y - along
    return lane.x + along, lane.y - up


def draw_item(page: Page, lane: Lane, at: float, item: LaneItem, size: float) -> None:
    if item[0] == "text":
        page.labels.append(_text_label(lane, at, item, size))
        return
    lines, label = _bar(lane, at, item, size)
    page.lines += lines
    page.labels.append(label)


@lru_cache(maxsize=1024)  # a file's pages repeat their labels at the same places
def _text_label(lane: Lane, at: float, item: TextLabel, size: float) -> Label:
    x, y = lane_point(lane, at, 0.0)
    return Label(x, y, item[1], size, 90 if lane.vertical else 0, bold=item[2])


@lru_cache(maxsize=256)  # every page of a grid puts its bars at the same places
def _bar(lane: Lane, at: float, item: ScaleBar, size: float) -> tuple[tuple[Line, ...], Label]:
    """A scale bar's lines (the bar and its ticks) and caption at `at` along the lane."""
    angle = 90 if lane.vertical else 0
    lines: list[Line] = []
    _, length, step, text = item
    a, b = lane_point(lane, at, 0.0), lane_point(lane, at + length, 0.0)
    lines.append(Line(*a, *b, 0.25))
    k = 0
    while k * step <= length + 1e-6:
        tall = 1.8 if k == 0 or abs(k * step - length) < 1e-6 else 1.1
        p, q = lane_point(lane, at + k * step, 0.0), lane_point(lane, at + k * step, tall)
        lines.append(Line(*p, *q, 0.2))
        k += 1
    x, y = lane_point(lane, at + length + 1.5, 0.0)
    return tuple(lines), Label(x, y, text, size, angle)


# --------------------------------------------------------------------------- drawing
