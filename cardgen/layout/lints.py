"""A laid-out face -> lint warnings and notes, each at the layout line of the element, naming the face.

Lints: elements outside the trim or stopping short of the bleed, text outside the safe area,
text (the edition mark too) under 6 pt, an edition mark on content, contrast under 4.5:1 for text and
3:1 for pips and icons, frames and art within 3 mm of the cut, and elements drawn over text.
Notes (guidelines, never a failure): contrast that holds for normal vision but not as a colour-
blind player or a greyscale copy sees it (cardgen.layout.vision), and rules text under 7.5 pt.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Mapping
from itertools import chain, islice

from cardgen.errors import Location, Problem
from cardgen.layout.contrast import VISIONS as VISIONS
from cardgen.layout.contrast import contrast as contrast
from cardgen.layout.contrast import contrast_verdict, item_colours
from cardgen.layout.contrast import ink_for as ink_for
from cardgen.layout.contrast import luminance as luminance
from cardgen.layout.drawing import Drawing, Ellipse, Image, Primitive, Rect
from cardgen.layout.drawing import Path as PathItem
from cardgen.layout.drawing import Text as TextItem
from cardgen.layout.extent import Box
from cardgen.layout.extent import bbox as bbox
from cardgen.layout.extent import compose as compose
from cardgen.layout.extent import transform_box as transform_box
from cardgen.layout.fillwalk import _samples, _settle
from cardgen.layout.fillwalk import _under as _under
from cardgen.layout.fillwalk import fill_under as fill_under
from cardgen.layout.located import Located, justified, named_at
from cardgen.layout.outline import inside_by
from cardgen.layout.placed import FillLeaf
from cardgen.layout.placed import Placed as Placed
from cardgen.layout.textrun import TextRun, paragraph_lines, text_run

MIN_TEXT_PT = 6.0
BODY_TEXT_PT = 7.5  # the guideline for rules text ...
PARAGRAPH_LINES = 2  # ... a text fitted to two lines or more (sentences, not a label)
MIN_MARK_PT = MIN_TEXT_PT  # the edition mark is text a player reads too
TEXT_CONTRAST = 4.5
MARK_CONTRAST = 3.0  # pips and icons
NEAR_CUT_MM = 3.0
# isinstance's types as tuples (a tuple is tested about twice as fast as a union)
_SHAPES = (Rect, Ellipse, PathItem)
_ROUNDS = (Rect, Ellipse)
_SOLIDS = (Rect, Ellipse, Image)  # what an edition mark may sit on (a panel, a dot, art)


_Filler = tuple[int, Located | None, tuple[FillLeaf, ...], Box]  # index, element, leaves, reach


def _passed(filler: _Filler, el: Located | None, extent: Box) -> bool:
    """Whether the fill walk passes a filled shape by: another copy of `el`, or out of reach
    of every point in `extent`."""
    _, q_el, _, reach = filler
    return (q_el is el and el is not None) or reach[0] > extent[2] or reach[2] < extent[0] \
        or reach[1] > extent[3] or reach[3] < extent[1]


def _contains(outer: Box, inner: Box) -> bool:
    return outer[0] <= inner[0] and inner[2] <= outer[2] and outer[1] <= inner[1] \
        and inner[3] <= outer[3]


class FaceLinter:
    """Lints one face from the primitives its elements placed, in drawing order."""

    def __init__(self, drawing: Drawing, placed: list[Placed], safe: float, circle: bool,
                 face: str, stretched: Mapping[int, tuple[str, ...]] | None = None,
                 fallback: Location | None = None):
        self.drawing = drawing
        self.fallback = fallback  # where a lint on what no layout line wrote is said: the layout file
        self.placed = [p for p in placed if p.role != "draft"]  # what cardgen adds is not linted
        self.safe = safe
        self.circle = circle
        self.face = face
        # id of a rectangle -> the trim edges the build stretches it across into the print
        # bleed (cardgen.layout.bleed.stretched_sides): no sliver shows there
        self.stretched = stretched if stretched is not None else {}  # read only when needed
        self.found: dict[tuple[str, int], Problem] = {}
        # worked out when first needed (see lines, _under, covered and _run)
        self._lines: dict[int, int] | None = None
        self._fillers: list[_Filler] | None = None
        self._filler_at: list[int] = []
        self._filler_ids: tuple[int, ...] = ()
        self._filler_placed: tuple[Placed, ...] = ()  # the Placed of each filler
        self._over: tuple[list[tuple[Placed, Box]], list[tuple[Placed, Box]], list[int]] | None = None
        self._runs: dict[int, TextRun | None] = {}
        self._tops: list[float] = []  # the tops of the texts in _over, in order (_texts_near)
        self._tallest = 0.0

    @property
    def lines(self) -> dict[int, int]:
        """Text primitive -> how many lines its text was fitted to (a paragraph: small-body-text)."""
        if self._lines is None:
            self._lines = paragraph_lines(self.placed)
        return self._lines

    def run(self) -> list[Problem]:
        w, h = self.drawing.width, self.drawing.height
        for n, p in enumerate(self.placed):
            if p.role == "background":
                continue
            if p.role == "content" and p.el is not None and isinstance(p.item, TextItem):
                run = self._run(n)
                if run is not None and n != run.lines[0] and self._alike(run):
                    continue  # its run's first line said all a line of it can say
            box = p.box
            if not (box[2] > 0.01 and box[3] > 0.01 and box[0] < w - 0.01 and box[1] < h - 0.01
                    and -box[0] <= 0.01 and -box[1] <= 0.01 and box[2] - w <= 0.01
                    and box[3] - h <= 0.01):  # within the trim, not on it: trim finds nothing
                self.trim(p, box)
            if isinstance(p.item, TextItem):
                self.text(n, p, box)
            elif p.role in ("pip", "icon") or _dot(p.item):
                self.visible(n, p, box, MARK_CONTRAST)
            if isinstance(p.item, Image) or (isinstance(p.item, _ROUNDS) and p.item.style.stroke
                                             and p.role == "content"):
                self.near_cut(p, box)
        return list(self.found.values())

    def warn(self, p: Placed, rule: str, message: str, hint: str, severity: str = "warning"
             ) -> None:
        """A finding at the element's layout line; a `note` is a guideline, never a failure."""
        key = (rule, id(p.el))
        if key in self.found:
            return
        where: Location | None = self.fallback
        label = "edition_mark" if p.role == "mark" else "layout"
        found = named_at(p.el) if p.el is not None else None
        if found is not None:
            where, label = found
            if justified(where, rule):
                return
        if len(_TEXTS) > 4096:
            _TEXTS.clear()
        self.found[key] = Problem(rule, _TEXTS.setdefault(message, message), where=where,
                                  path=f"{self.face} {label}",
                                  hint=_TEXTS.setdefault(hint, hint), severity=severity)

    # ------------------------------------------------------------ the lints

    def trim(self, p: Placed, box: Box) -> None:
        w, h, bleed = self.drawing.width, self.drawing.height, self.drawing.bleed
        if box[2] <= 0.01 or box[3] <= 0.01 or box[0] >= w - 0.01 or box[1] >= h - 0.01:
            self.warn(p, "outside-trim", "drawn wholly outside the trim: it is never printed",
                      "move it inside the card, or remove it")
            return
        over = max(-box[0], -box[1], box[2] - w, box[3] - h)
        if over <= 0.01 or self.circle:
            return
        if isinstance(p.item, TextItem) or p.role in ("pip", "icon", "mark"):
            self.warn(p, "outside-trim", f"runs {over:.1f} mm past the trim: it will be cut",
                      "keep text, icons and pips inside the safe area")
            return
        stretched = self.stretched.get(id(p.item), ())
        short = [(side, past) for side, past in (("left", -box[0]), ("top", -box[1]),
                                                 ("right", box[2] - w), ("bottom", box[3] - h))
                 if 0.01 < past < bleed - 0.01 and side not in stretched]
        if short:
            side, past = short[0]
            self.warn(p, "short-of-bleed", f"crosses the {side} trim edge but stops "
                      f"{bleed - past:.1f} mm short of "
                      "the bleed edge: a thin sliver will show when the cut drifts",
                      f"run it to the bleed edge ({bleed:g} mm past the trim) or keep it inside")

    def text(self, n: int, p: Placed, box: Box) -> None:
        item = p.item
        assert isinstance(item, TextItem)
        if p.role == "mark":
            if item.size < MIN_MARK_PT - 1e-6:
                self.warn(p, "small-text", f"the edition mark is {item.size:g} pt, under "
                          f"{MIN_MARK_PT:g} pt", "give edition_mark a size of 6 or more")
            for other in self.placed[:n]:
                if other.role in ("content", "pip", "icon") and not isinstance(
                        other.item, _SOLIDS) and not _ring(other.item) and _overlap(
                        box, other.box):
                    self.warn(p, "mark-on-content", "the edition mark overlaps the face's content",
                              "move it (edition_mark x, y) to an empty corner")
                    break
        elif item.size < MIN_TEXT_PT - 1e-6:
            self.warn(p, "small-text", f"text is fitted at {item.size:g} pt, under {MIN_TEXT_PT:g} pt",
                      "give it more room, shorten it, or raise min_size to 6")
        elif item.size < BODY_TEXT_PT - 1e-6 and self.lines.get(id(item), 0) >= PARAGRAPH_LINES:
            self.warn(p, "small-body-text", f"rules text is fitted at {item.size:g} pt, under the "
                      f"{BODY_TEXT_PT:g} pt a paragraph reads at", "give it more room or fewer "
                      f"words, or raise min_size to {BODY_TEXT_PT:g} (6 pt stays the floor for "
                      "labels and marks)", "note")
        if p.role != "mark" and not self.in_safe(box):
            self.warn(p, "outside-safe", f"text runs outside the safe area ({self.safe:g} mm "
                      "inside the trim)", "move it inwards or make its box smaller")
        self.visible(n, p, box, TEXT_CONTRAST)
        if p.role != "mark":
            self.covered(n, p, box)

    def in_safe(self, box: Box) -> bool:
        w, h, s = self.drawing.width, self.drawing.height, self.safe - 0.05
        if self.drawing.points:  # a hex or polygon: every corner of the box that far inside it
            return all(inside_by(self.drawing.points, x, y, s)
                       for x in (box[0], box[2]) for y in (box[1], box[3]))
        if self.circle:
            r = w / 2 - s
            return all((x - w / 2) ** 2 + (y - h / 2) ** 2 <= r * r
                       for x in (box[0], box[2]) for y in (box[1], box[3]))
        return box[0] >= s and box[1] >= s and box[2] <= w - s and box[3] <= h - s

    def visible(self, n: int, p: Placed, box: Box, needed: float) -> None:
        if ("low-contrast", id(p.el)) in self.found:
            return  # said once per element: another line of it would add nothing
        colours = item_colours(p.item)
        if not colours:
            return
        run = self._run(n) if isinstance(p.item, TextItem) else None
        fills = self._shared_fills(run, p.el) if run is not None else None
        if fills is None:
            fills = self._fills_under(n, p, box)
        if not fills:
            return
        verdict = contrast_verdict(colours, fills, needed)
        if verdict is None:
            return
        best, seen, under = verdict
        what = "text" if isinstance(p.item, TextItem) else ("dot" if p.role == "content" else p.role)
        if seen is None:
            self.warn(p, "low-contrast", f"{what} contrast {best:.1f}:1 against {under} "
                      f"(needs {needed:g}:1)", "darken or lighten it, or the colour under it")
            return
        self.warn(p, "low-contrast", f"{what} contrast {best:.1f}:1 against {under} as a "
                  f"{seen} player sees them (needs {needed:g}:1)",
                  "darken or lighten one of them (cardgen build --simulate shows it)", "note")

    def _fills_under(self, n: int, p: Placed, box: Box) -> tuple[str, ...]:
        """The fills under a primitive's sample points, each once; kept for a Placed shared by
        many faces (cardgen.layout.memo) under the same filled shapes drawn before it, once
        it is met a second time (most are met once: their keys would cost more than they save)."""
        self._filled()
        if _MET.get(id(p)) is not p:
            if len(_MET) >= 4096:
                _MET.clear()
            _MET[id(p)] = p  # held: its id stays its own
            return tuple(dict.fromkeys(f for f in self._under(n, *_samples(p.item, box), p.el) if f))
        before = bisect_left(self._filler_at, n)
        key = (id(p), *self._filler_ids[:before])
        known = _FILLS_UNDER.get(key)
        if known is not None:  # the objects it names are held: their ids are still theirs
            return known[1]
        fills = tuple(dict.fromkeys(f for f in self._under(n, *_samples(p.item, box), p.el) if f))
        if len(_FILLS_UNDER) >= 4096:
            _FILLS_UNDER.clear()
        _FILLS_UNDER[key] = ((p, *self._filler_placed[:before]), fills)
        return fills

    def _under(self, n: int, points: tuple[tuple[float, float], ...], extent: Box,
               el: Located | None) -> list[str | None]:
        """_under(self.placed, n, points, el), walking only the shapes with fills whose box
        reaches the points (no other leaf can be under one)."""
        fillers = self._filled()
        top = bisect_left(self._filler_at, n) - 1
        while top >= 0 and _passed(fillers[top], el, extent):
            top -= 1
        if top < 0:
            return [None] * len(points)
        leaves = fillers[top][2]
        if len(leaves) == 1 and not leaves[0][1] and _contains(leaves[0][0], extent):
            return [leaves[0][2] or None] * len(points)  # one rectangle under every point
        found: list[str | None] = [None] * len(points)
        left = list(range(len(points)))
        for i in range(top, -1, -1):
            if _passed(fillers[i], el, extent):
                continue
            left = _settle(fillers[i][2], points, left, found)
            if not left:
                break
        return found

    def _filled(self) -> list[_Filler]:
        """The shapes with fills, in drawing order (text fills nothing)."""
        if self._fillers is None:
            self._fillers = [(m, q.el, q.fills, q.reach) for m, q in enumerate(self.placed)
                             if not isinstance(q.item, TextItem) and q.fills]
            self._filler_at = [f[0] for f in self._fillers]
            self._filler_placed = tuple(self.placed[f[0]] for f in self._fillers)
            self._filler_ids = tuple(map(id, self._filler_placed))
        return self._fillers

    def _run(self, n: int) -> TextRun | None:
        """The run of lines placed[n] belongs to (None for a line alone)."""
        if n not in self._runs:
            text_run(self.placed, n, self._runs)
        return self._runs[n]

    def _alike(self, run: TextRun) -> bool:
        """Whether every line of a run after its first finds only what the first found: the
        run's box well inside the trim and the safe area of a rectangular face (so each line's
        box is), its lines of one size, colour and paragraph, nothing over the run (or an
        overlap said already) and one rectangle under it all (or low contrast said already).
        Worked out once the first line is linted."""
        if run.alike is None:
            run.alike = self._lines_alike(run)
        return run.alike

    def _lines_alike(self, run: TextRun) -> bool:
        d, box = self.drawing, run.box
        if d.points or self.circle:
            return False
        w, h, s = d.width, d.height, self.safe - 0.05
        if not (box[0] > 0.01 and box[1] > 0.01 and box[2] < w - 0.01 and box[3] < h - 0.01
                and box[0] >= s and box[1] >= s and box[2] <= w - s and box[3] <= h - s):
            return False
        first = self.placed[run.lines[0]]
        key = id(first.el)
        if not (("low-contrast", key) in self.found or (run.walked and run.fills is not None)):
            return False
        if not (("overlaps-text", key) in self.found or run.clear is True):
            return False
        item = first.item
        assert isinstance(item, TextItem)
        size, color = item.size, item.color
        for m in run.lines[1:]:
            other = self.placed[m].item
            assert isinstance(other, TextItem)
            if other.size != size or other.color != color:
                return False
        if MIN_TEXT_PT - 1e-6 <= size < BODY_TEXT_PT - 1e-6:  # small-body-text counts lines
            lines = self.lines
            count = lines.get(id(item), 0)
            return all(lines.get(id(self.placed[m].item), 0) == count for m in run.lines[1:])
        return True

    def _shared_fills(self, run: TextRun, el: Located | None) -> tuple[str, ...] | None:
        """The fill under every sample point of every line of a run when one filled rectangle
        is the topmost shape under the run's box, as each line's walk (_under) would find it;
        None when each line walks the fills itself."""
        if not run.walked:
            run.walked = True
            fillers = self._filled()
            top = bisect_left(self._filler_at, run.first) - 1  # later ones: the run's own
            while top >= 0 and _passed(fillers[top], el, run.box):
                top -= 1
            leaves = fillers[top][2] if top >= 0 else ()
            if top < 0:
                run.fills = ()
            elif len(leaves) == 1 and not leaves[0][1] and _contains(leaves[0][0], run.box):
                run.fills = (leaves[0][2],) if leaves[0][2] else ()
        return run.fills

    def _overs(self) -> tuple[list[tuple[Placed, Box]], list[tuple[Placed, Box]], list[int]]:
        """The texts (by their tops, see _texts_near), and the other shapes with where each was
        drawn (backgrounds, marks and rings never count), kept for the face's other texts."""
        texts: list[tuple[Placed, Box]] = []
        shapes: list[tuple[Placed, Box]] = []
        drawn_at: list[int] = []
        for m, q in enumerate(self.placed):
            if q.role == "background" or q.role == "mark" or _ring(q.item):
                continue
            if isinstance(q.item, TextItem):
                texts.append((q, q.box))
            else:
                shapes.append((q, q.box))
                drawn_at.append(m)
        texts.sort(key=_top)
        self._tops = [qbox[1] for _, qbox in texts]
        # the slack keeps every text that can reach a box's top among those _texts_near gives
        self._tallest = max((qbox[3] - qbox[1] for _, qbox in texts), default=0.0) + 0.001
        self._over = texts, shapes, drawn_at
        return self._over

    def _texts_near(self, box: Box) -> Iterator[tuple[Placed, Box]]:
        """The face's texts that may overlap `box`: their tops above its bottom (less the
        margin), not so far above its top that the tallest text would not reach it (any
        other is clear of it), found by bisection in the texts sorted by their tops."""
        texts, tops = self._over[0] if self._over is not None else self._overs()[0], self._tops
        y1 = box[3] - _MARGIN
        for i in range(bisect_left(tops, box[1] + _MARGIN - self._tallest), len(tops)):
            if tops[i] >= y1:
                return
            yield texts[i]

    def covered(self, n: int, p: Placed, box: Box) -> None:
        if ("overlaps-text", id(p.el)) in self.found:
            return  # said once per element
        _, shapes, drawn_at = self._over if self._over is not None else self._overs()
        run = self._run(n)
        if run is not None:  # nothing over the run's box: nothing over any of its lines
            if run.clear is None:
                run.clear = not any(q.el is not p.el and _overlap(run.box, qbox) for q, qbox in
                                    chain(self._texts_near(run.box),
                                          islice(shapes, bisect_right(drawn_at, run.first), None)))
            if run.clear:
                return
        # any other element's text; a shape only when drawn after the text (before it, it is
        # what the text sits on): the two lists walked in turn, not joined into one first
        x1, y1 = box[2] - _MARGIN, box[3] - _MARGIN
        for q, qbox in chain(self._texts_near(box), islice(shapes, bisect_right(drawn_at, n), None)):
            if q is p or q.el is p.el or not (  # _overlap(box, qbox), written out
                    box[0] < qbox[2] - _MARGIN and qbox[0] < x1 and box[1] < qbox[3] - _MARGIN
                    and qbox[1] < y1) or _frames(q, box, qbox):
                continue
            self.warn(p, "overlaps-text", "another element is drawn over this text",
                      "move one of them, or shrink the text box")
            return

    def near_cut(self, p: Placed, box: Box) -> None:
        if self.circle:
            return
        w, h = self.drawing.width, self.drawing.height
        gaps = [box[0], box[1], w - box[2], h - box[3]]
        close = [g for g in gaps if -0.01 <= g < NEAR_CUT_MM - 0.01]
        if close:
            self.warn(p, "near-cut", f"a frame or art edge {min(close):.1f} mm inside the cut "
                      f"(keep {NEAR_CUT_MM:g} mm): a drifting cut shows it uneven",
                      f"move it {NEAR_CUT_MM:g} mm or more inside the trim, or run it into the bleed")


# (id of a Placed, ids of the filled Placed drawn before it) -> (those objects, held so the ids
# stay theirs; the fills under its sample points)
_FILLS_UNDER: dict[tuple[int, ...], tuple[tuple[Placed, ...], tuple[str, ...]]] = {}
# id of a Placed whose fills were worked out -> it (the kept fills start at its second time)
_MET: dict[int, Placed] = {}


# a finding's message or hint -> the one text object faces share (a deck's faces repeat a few
# findings: the face cache and forked helpers then pickle each text once)
_TEXTS: dict[str, str] = {}

_MARGIN = 0.2  # boxes overlap when they do by more than this (mm)


def _top(placed_box: tuple[Placed, Box]) -> float:
    return placed_box[1][1]


def _overlap(a: Box, b: Box, margin: float = _MARGIN) -> bool:
    return a[0] < b[2] - margin and b[0] < a[2] - margin and a[1] < b[3] - margin and b[1] < a[3] - margin


def _dot(item: Primitive) -> bool:
    """A small filled circle (a spot, a marker dot): read like a pip."""
    return isinstance(item, Ellipse) and bool(item.style.fill) and max(item.rx, item.ry) <= 3.0


def _ring(item: Primitive) -> bool:
    """An annulus: its box is its outer circle, most of which it does not cover."""
    return isinstance(item, PathItem) and item.fill_rule == "evenodd"


def _frames(q: Placed, box: Box, qbox: Box) -> bool:
    """True when q is an outline (no fill) that goes round the text box without crossing it."""
    item = q.item
    if not isinstance(item, _ROUNDS) or item.style.fill:
        return False
    inset = item.style.stroke_width
    return (qbox[0] + inset <= box[0] and qbox[1] + inset <= box[1] and box[2] <= qbox[2] - inset
            and box[3] <= qbox[3] - inset)
