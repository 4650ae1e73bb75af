"""A front's other lints and its bleed kept per face look: what the colour-vision lint, the
bleed stretch and the bleed lint give a face, answered once for the faces that look alike.

The lint memo (cardgen.layout.lintmemo) keys a face by everything its lints read of it: its
size, bleed, safe area and layout file, every primitive that is not text by the object itself
(the layout memo puts the same objects on many faces) and every line of text by its element,
place, size and colour. `lint_face` leaves that key in `LintMemo.last`; `look_of` finds (or
makes) the face's `Look` under it, the objects the key names by id held and compared, so
a face of another look never takes its answers.

- The colour-vision lint (cardgen.layout.colourblind) reads of a face the colours its
  primitives paint, in order, and the elements that paint them (all in the key), and of its
  component what `colourblind.terms_key` sums up (the kind, which parts of which terms the
  face's bindings read); its findings are kept per look and that key, and given to each face
  under its own name. A kind whose colour fields can repeat a term's colour is linted per face.
- The bleed stretch and lint (cardgen.layout.bleed) read the face's size, bleed and the objects
  that are not text or images (all in the key). A look whose first face the bleed lint found
  clean, and whose stretch replaced rectangles alone (each by the one stretched object kept for
  it and the face's size), has the later faces' rectangles replaced in place and no bleed lint
  run; a face at fault, a draft's (whose DRAFT mark is no kept object), an ink saver's (linted
  before its inks change) or a round or polygon face (never keyed) goes the whole way.

Tested by laying out every seed game and the bench deck with the memo on and off: the same
warnings in the same order and the same primitives on every face.
"""

from __future__ import annotations

from operator import is_
from typing import Any

from cardgen.data.model import Component, Database
from cardgen.errors import Problem
from cardgen.layout.bleed import bleed_problems, extend_to_bleed
from cardgen.layout.colourblind import colour_alone, face_terms, terms_key
from cardgen.layout.drawing import Drawing, Rect
from cardgen.layout.lintmemo import KEPT, LintMemo, relabelled
from cardgen.layout.lints import Placed
from cardgen.limits import PRINT_BLEED

# how many items the face had, and each rectangle the stretch replaced: (index, it, its
# stretched object)
Plan = tuple[int, tuple[tuple[int, Rect, Any], ...]]


class Look:
    """What one face look's faces are given (see the module)."""

    __slots__ = ("held", "colours", "clean", "plan")

    def __init__(self, held: list[object]) -> None:
        self.held = held  # the objects the key names by id, held so the ids stay theirs
        # colourblind.terms_key -> (the face label they were found for, the findings)
        self.colours: dict[Any, tuple[str, list[Problem]]] = {}
        self.clean = False  # the bleed lint found nothing on its first face
        self.plan: Plan | None = None  # that face's stretch, when of rectangles alone


def look_of(memo: LintMemo | None) -> Look | None:
    """The Look of the face lint_face keyed last (made when new); None when it was not keyed."""
    if memo is None or memo.last is None:
        return None
    key, held, proven = memo.last
    memo.last = None
    look = memo.looks.get(key)
    if look is None or (look.held is not proven and (  # proven: the kept lints' objects
            len(look.held) != len(held) or not all(map(is_, look.held, held)))):
        if len(memo.looks) >= KEPT:
            memo.looks.clear()
        look = memo.looks[key] = Look(held)
    return look


def colours(look: Look | None, db: Database, component: Component, placed: list[Placed],
            term_parts: dict[tuple[str, str], set[str]], label: str, fallback: Any
            ) -> list[Problem]:
    """colour_alone's findings for the face, kept per look and what it reads of the component."""
    key = terms_key(db, component, term_parts) if look is not None else None
    if look is None or key is None:
        return colour_alone(placed, face_terms(db, component, term_parts, label, fallback))
    known = look.colours.get(key)
    if known is not None:
        return relabelled(known[1], known[0], label)
    found = colour_alone(placed, face_terms(db, component, term_parts, label, fallback))
    look.colours[key] = (label, list(found))
    return found


def bled(look: Look | None, drawing: Drawing, component: Component, side: str
         ) -> tuple[Drawing, list[Problem]]:
    """extend_to_bleed(drawing) and its bleed_problems, the face's own `drawing` stretched in
    place when its look's first face was clean (`look` None: worked out and not kept)."""
    if look is not None and look.clean and look.plan is not None and _restretched(drawing,
                                                                                   look.plan):
        return drawing, []
    out = extend_to_bleed(drawing)
    problems = bleed_problems(out, component.id, side, component.kind, component.where)
    if look is not None:
        look.clean, look.plan = not problems, _plan(drawing, out)
    return out, problems


def _plan(before: Drawing, after: Drawing) -> Plan | None:
    """What extend_to_bleed changed: rectangles replaced (None: anything else, such as a group
    made anew for each face)."""
    if len(before.items) != len(after.items) or after.bleed != max(before.bleed, PRINT_BLEED):
        return None
    changed = []
    for n, (old, new) in enumerate(zip(before.items, after.items, strict=True)):
        if old is not new:
            if type(old) is not Rect:
                return None
            changed.append((n, old, new))
    return len(before.items), tuple(changed)


def _restretched(drawing: Drawing, plan: Plan) -> bool:
    """The face's rectangles replaced as the plan says, its bleed grown (False, the face left
    as it was: its items are not the plan's)."""
    count, changed = plan
    items = drawing.items
    if len(items) != count:
        return False
    for n, old, _ in changed:
        if items[n] is not old:
            return False
    for n, _, new in changed:
        items[n] = new
    drawing.bleed = max(drawing.bleed, PRINT_BLEED)
    return True
