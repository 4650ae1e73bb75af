"""A template's top-level elements as a plan, made once per session, template and face
constants (side, palette, fonts): what `Context.element` works out per element and face that
is the same on every face of the template, worked out once.

An element shown on no face of this side is left out; one with `when:`, `clip:`, or one the
memo does not keep (cardgen.layout.memo: children, list items, images, `auto` colours) is a
step drawn through `Context.element` as ever; a leaf the memo keeps is a step holding its
root in the session's memo (drawn at the face's origin with these constants), so a face only
replays the element's reads on its own scope and takes the kept objects, or draws it (and
records it) where a value was never seen, or draws it once the memo no longer records it: what
`Context.element` and `FaceMemo.draw` do for it, without looking its root up again.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from cardgen.layout.drawing import IDENTITY
from cardgen.layout.elements.base import Context, Drawn, ElementBase
from cardgen.layout.memo import _LEAF, MISSES, FaceMemo, _Root, drawn_and_recorded, replay
from cardgen.layout.scope import Scope

PLANS = 64  # plans a session keeps (a template per kind and side; more only with ink saver)

# an element, and its kept drawings at the face's origin (None: drawn by Context.element)
Step = tuple[ElementBase, "_Root | None"]


class Plan(NamedTuple):
    template: Any  # held, so the id it is kept under stays its own
    constants: tuple[Any, ...]
    steps: tuple[Step, ...]


def steps(memo: FaceMemo, template: Any) -> tuple[Step, ...]:
    """The plan of a template's elements for the face constants of `memo` (made once)."""
    plans = memo.memo.plans
    known: Plan | None = plans.get(id(template))
    if known is not None and known.template is template and known.constants == memo.constants:
        return known.steps
    side = memo.constants[0]
    made: list[Step] = []
    for el in template.elements:
        generic = "when" in el.__pydantic_fields_set__ or el.clip is not None
        if not generic and el.side is not None and el.side != side:
            continue  # Context.element: not shown on this side
        root = None if generic or not memo.memo.keeps(el) else memo.memo.owned(
            el, (0.0, 0.0, IDENTITY), memo.constants)
        made.append((el, root))
    if len(plans) >= PLANS:
        plans.clear()
    plans[id(template)] = known = Plan(template, memo.constants, tuple(made))
    return known.steps


def draw_elements(ctx: Context, memo: FaceMemo, plan: tuple[Step, ...], scope: Scope) -> None:
    """The plan's elements on the context's face, as `Context.element` draws each at 0, 0."""
    seen, budget, items, kept = memo.seen, ctx.budget, ctx.drawing.items, ctx.placed
    for el, root in plan:
        if root is None or id(el) in seen:
            ctx.element(el, scope, 0.0, 0.0)
            continue
        outer, ctx.current = ctx.current, el
        if root.hits == 0 and root.draws >= MISSES:  # no longer recorded: drawn (memo.missing)
            ctx.guarded(el.draw, el, ctx, scope, 0.0, 0.0)
        else:
            seen.add(id(el))
            node = root.tree
            if node.path is _LEAF:  # it reads nothing: what it placed first (memo.replay)
                root.hits += 1
                placed: tuple[Any, ...] | None = node.placed
            else:
                placed = replay(root, scope.value)
            if placed is not None and budget[0] >= len(placed):
                budget[0] -= len(placed)
                for p in placed:
                    items.append(p.item)
                    kept.append(p)
            else:
                drawn_and_recorded(ctx, root, scope, el.draw, el, ctx, scope, 0.0, 0.0)
        if el.name:
            # made as a tuple (a NamedTuple's own __new__ is a Python function)
            ctx.drawn[el.name] = tuple.__new__(Drawn, (el, scope, 0.0, 0.0, ctx.matrix))
        ctx.current = outer
