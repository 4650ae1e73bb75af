"""A face's lint findings kept by what they depend on, so the faces of a deck that differ only
in their words are linted once per look, each face still given its own findings.

What `FaceLinter` finds on a face is a function of its placed primitives: their boxes, roles,
colours, sizes, the elements that drew them, the fills under them and what is drawn over them;
never of a text's words, except through the box its line takes. A line of text a `text`
element placed carries the box its element fitted it into (its envelope, `Placed.envelope`).
A face is keyed by its size and safe area, where its lints name what no layout line wrote, and
per primitive: a line of text lying inside its envelope by its element, transform, envelope,
size, colour (and, when a paragraph's line count is read, that count); any other line of text by
its element, role, transform, box, size and colour; anything else by the object itself (the
layout memo puts the same objects on many faces, cardgen.layout.memo). Lines in a row keyed
alike (a text's lines) are named once, with how many they are.

A face is keyed only once a face of its size, safe area, fallback and count of primitives
was met (the first of them is linted alone: no face before it could share its key). A face
whose key was met before takes that face's findings, under its own name. A face's findings
are kept for its key only when they hold for any line inside its envelope, which the
face shows by its envelopes (worked out on the face whose findings are kept):

- each envelope lies inside the trim and the safe area of a rectangular face (so the trim, the
  bleed and the safe area find nothing on its lines);
- the topmost filled shape under an envelope, of another element, is one rectangle holding the
  whole envelope, or none reaches it (so every sample point of its lines sits on that fill:
  their contrast is the envelope's colours' against it);
- no text of another element, no shape drawn after its lines (but an outline round the whole
  envelope) and no edition mark drawn after them comes within the overlap margin of an
  envelope (another element's lines by their own envelope), so no overlap is found on its
  lines or on another element's text because of them.

Two elements whose envelopes come within that margin of each other (a title box running under
a number's) have their lines keyed from then on by their own boxes rounded out to GRID_MM (an
envelope of its own, a few per deck), not by the envelope of their element.

Those lints are monotone in a line's box (a box inside one that passes passes), so the kept
findings are what linting each such face gives, in the same order (tested face by face against
the linter alone). Round, hex and polygon faces are always linted.
"""

from __future__ import annotations

from bisect import bisect_left
from math import ceil, floor
from operator import is_
from typing import Any

from cardgen.errors import Problem
from cardgen.layout.drawing import IDENTITY
from cardgen.layout.drawing import Text as TextItem
from cardgen.layout.extent import Box, bbox, transform_box
from cardgen.layout.lints import _MARGIN as MARGIN
from cardgen.layout.lints import BODY_TEXT_PT, MIN_TEXT_PT, FaceLinter
from cardgen.layout.lints import _contains as contains
from cardgen.layout.lints import _frames as frames
from cardgen.layout.lints import _passed as passed
from cardgen.layout.lints import _ring as ring

KEPT = 1024  # faces' findings kept per session before the memo starts again
GRID_MM = 0.5  # a tight line's box rounded out to this grid: the envelope it is keyed by
_EDGE = 0.01  # FaceLinter.run: a box this far inside the trim is not on it


class LintMemo:
    """A session's kept findings (cardgen.layout.session.LayoutSession.lint_memo): key ->
    (the objects the key names by id, held so the ids stay theirs; the face label the findings
    were made for; the findings)."""

    def __init__(self) -> None:
        self.kept: dict[tuple[Any, ...], tuple[list[object], str, list[Problem]]] = {}
        # id of an element -> it (held): its lines are keyed by their own boxes, rounded out
        # to GRID_MM, not by its envelope (which came within the overlap margin of another's)
        self.tight: dict[int, object] = {}
        # key -> what the face's other lints and its bleed gave (cardgen.layout.lookmemo)
        self.looks: dict[tuple[Any, ...], Any] = {}
        # (size, bleed, safe area, id of the fallback, count of primitives) of the faces met ->
        # that fallback (held): a face is keyed only once one like it was met (_met_before)
        self.met: dict[tuple[Any, ...], object] = {}
        # the key and held objects of the face lint_face keyed last (None: not keyed), and
        # the kept list they were found to be (held objects, each the same), read once by
        # lookmemo.look_of
        self.last: tuple[tuple[Any, ...], list[object], list[object] | None] | None = None


# a line inside its envelope: (its index in the linted primitives, its envelope on the face)
_Loose = tuple[int, Box]


def lint_face(memo: LintMemo | None, linter: FaceLinter) -> list[Problem]:
    """linter.run(), or the findings of a face with the same key, under this face's name."""
    if memo is None or linter.circle or linter.drawing.points or not _met_before(memo, linter):
        return linter.run()
    loose: list[_Loose] = []  # its lines inside their envelopes, read for a new key
    found = _key(linter, memo.tight, loose)  # (one walk: most faces' keys are new)
    if found is None:
        return linter.run()
    key, held = found
    kept = memo.kept.get(key)
    if kept is not None and len(kept[0]) == len(held) and all(map(is_, kept[0], held)):
        memo.last = (key, held, kept[0])
        return relabelled(kept[2], kept[1], linter.face)
    memo.last = (key, held, None)
    problems = linter.run()
    if _general(linter, loose, memo.tight):
        if len(memo.kept) >= KEPT:
            memo.kept.clear()
        # a list of their own: the face adds its other findings to the one it is given (its
        # back's, its colours', its drawing's), which are no other face's
        memo.kept[key] = (held, linter.face, list(problems))
    return problems


def _met_before(memo: LintMemo, linter: FaceLinter) -> bool:
    """Whether a face of this one's size, safe area, fallback and count of primitives was
    met before (a face the memo could keep findings for: keys of faces alike share these),
    the face now noted; the first such face is linted without a key (most faces of a cold
    build of a few cards are the only ones of their key: keying them costs more than it saves)."""
    d = linter.drawing
    sign = (d.width, d.height, d.bleed, linter.safe, id(linter.fallback), len(linter.placed))
    if memo.met.get(sign, memo) is linter.fallback:
        return True
    if len(memo.met) >= KEPT:
        memo.met.clear()
    memo.met[sign] = linter.fallback  # held: its id stays its own
    return False


def relabelled(problems: list[Problem], label: str, face: str) -> list[Problem]:
    """Findings made for the face `label`, as the face `face` is given them (each renamed one
    a copy of its fields with the path changed: what dataclasses.replace makes, without the
    frozen record's __init__ setting them one by one)."""
    if label == face:
        return list(problems)
    head, cut = label + " ", len(label)
    out = []
    for p in problems:
        path = p.path
        if path.startswith(head):
            renamed = _new(Problem)
            fields = renamed.__dict__
            fields.update(p.__dict__)
            fields["path"] = face + path[cut:]
            p = renamed
        out.append(p)
    return out


_new = object.__new__


def _key(linter: FaceLinter, tight: dict[int, object],  # noqa: C901 (one hot loop)
         loose: list[_Loose] | None = None) -> tuple[tuple[Any, ...], list[object]] | None:
    """The face's key and the objects it names by id (its lines inside their envelopes into
    `loose`, when given); None for a face with a line of a text element outside its envelope
    (it is linted)."""
    d = linter.drawing
    held: list[object] = [linter.fallback]
    parts: list[Any] = [d.width, d.height, d.bleed, linter.safe, id(linter.fallback)]
    # how many lines in a row each part of a line inside its envelope stands for (a text's
    # lines share one: the key names it once, and this count)
    runs: list[int] = []
    last: Any = None  # the part of the line before, when it was one inside its envelope
    faces: dict[tuple[Box, Any], Box] = {}  # (envelope, matrix) -> the envelope on the face
    low, high = MIN_TEXT_PT - 1e-6, BODY_TEXT_PT - 1e-6
    placed = linter.placed
    skip = 0  # lines keyed at once (Placed.inside) still to pass
    for n, p in enumerate(placed):
        if skip:
            skip -= 1
            continue
        item = p.item
        if not isinstance(item, TextItem):
            held.append(p)
            parts.append(id(p))
            last = None
            continue
        size = item.size
        el = p.el
        lines = p.inside
        if lines and el is not None and not low <= size < high and not (
                tight and id(el) in tight) and n + lines <= len(placed):  # a plan's lines, at once
            env = p.__dict__["envelope"]
            held += [el] * lines
            if loose is not None:
                loose += [(m, env) for m in range(n, n + lines)]
            part = (id(el), IDENTITY, env, size, item.color, 0)
            if part == last:
                runs[-1] += lines
            else:
                parts.append(part)
                runs.append(lines)
                last = part
            skip = lines - 1
            continue
        count = linter.lines.get(id(item), 0) if low <= size < high else 0
        held.append(el)
        env = p.envelope
        if env is None or p.role != "content" or el is None:
            parts.append((id(el), p.role, p.matrix, p.box, size, item.color, count))
            last = None
            continue
        on_face: Box | None
        if tight and id(el) in tight:
            b = p.box
            on_face = (floor(b[0] / GRID_MM) * GRID_MM, floor(b[1] / GRID_MM) * GRID_MM,
                       ceil(b[2] / GRID_MM) * GRID_MM, ceil(b[3] / GRID_MM) * GRID_MM)
        elif p.matrix is IDENTITY or p.matrix == IDENTITY:  # most text: as its element placed it
            on_face = env
        else:
            on_face = faces.get((env, p.matrix))
            if on_face is None:
                on_face = faces[(env, p.matrix)] = transform_box(p.matrix, env)
        box = p.__dict__.get("box")  # Placed.box, read without its descriptor's calls
        if box is None:
            box = p.box if p.matrix is not IDENTITY else p.__dict__.setdefault("box", bbox(item))
        if not (on_face[0] <= box[0] and box[2] <= on_face[2] and on_face[1] <= box[1]
                and box[3] <= on_face[3]):  # contains(on_face, box)
            return None
        if loose is not None:
            loose.append((n, on_face))
        part = (id(el), p.matrix, on_face, size, item.color, count)
        if part == last:
            runs[-1] += 1
        else:
            parts.append(part)
            runs.append(1)
            last = part
    parts.append(tuple(runs))
    return tuple(parts), held


def _general(linter: FaceLinter, loose: list[_Loose], tight: dict[int, object]) -> bool:
    """Whether the face's findings hold for every face of its key (the module's conditions)."""
    d = linter.drawing
    w, h, s = d.width, d.height, linter.safe - 0.05
    envelopes = dict(loose)
    others: list[_Other] | None = None  # made once the first envelope needs them
    for n, env in loose:
        if not (env[0] > _EDGE and env[1] > _EDGE and env[2] < w - _EDGE and env[3] < h - _EDGE
                and env[0] >= s and env[1] >= s and env[2] <= w - s and env[3] <= h - s):
            return False
        if not _one_fill_under(linter, n, env):
            return False
        if others is None:
            others = _others(linter.placed, envelopes)
        if not _alone(linter, n, env, others, envelopes, tight):
            return False
    return True


# what _alone compares a line with: (index in the linted primitives, it, its element, its
# envelope when it is a line inside one, else its box)
_Other = tuple[int, Any, Any, Box]


def _others(placed: list[Any], envelopes: dict[int, Box]) -> list[_Other]:
    """The primitives the overlap lints compare lines with (backgrounds and rings never), each
    with its element and the box compared, found once for all the face's lines."""
    return [(m, q, q.el, envelopes.get(m) or q.box) for m, q in enumerate(placed)
            if q.role != "background" and not ring(q.item)]


def _one_fill_under(linter: FaceLinter, n: int, env: Box) -> bool:
    """Whether the topmost filled shape reaching the envelope of placed[n] (before it, of
    another element) is one rectangle holding it all, or none reaches it."""
    fillers = linter._filled()
    el = linter.placed[n].el
    top = bisect_left(linter._filler_at, n) - 1
    while top >= 0 and passed(fillers[top], el, env):
        top -= 1
    if top < 0:
        return True
    leaves = fillers[top][2]
    return len(leaves) == 1 and not leaves[0][1] and contains(leaves[0][0], env)


def _alone(linter: FaceLinter, n: int, env: Box, others: list[_Other],
           envelopes: dict[int, Box], tight: dict[int, object]) -> bool:
    """Whether nothing the overlap lints compare with the line placed[n] comes within their
    margin of its envelope: another element's text (by its envelope when it has one), a shape
    drawn after it (but an outline round it all) or an edition mark drawn after it. Two
    elements' envelopes that do are made tight (their lines keyed by their own boxes).
    `others`: _others(linter.placed, envelopes)."""
    el = linter.placed[n].el
    x1, y1 = env[2] - MARGIN, env[3] - MARGIN
    for m, q, q_el, other in others:
        if q_el is el or not (  # overlap(env, other), written out
                env[0] < other[2] - MARGIN and other[0] < x1 and env[1] < other[3] - MARGIN
                and other[1] < y1):
            continue
        if q.role == "mark":
            if m > n:  # the edition mark over a line: mark-on-content
                return False
        elif isinstance(q.item, TextItem):
            if m in envelopes and q.el is not None and el is not None:
                tight[id(el)], tight[id(q.el)] = el, q.el
            return False
        elif m > n and not frames(q, env, other):
            return False
    return True
