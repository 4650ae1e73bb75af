"""What a leaf element drew, kept by what it read, so an element that draws the same on many
faces (a frame, an icon, a number taking nine values) is drawn once per look, not per face.

An element's drawing is a function of the element, where it is drawn (dx, dy, the transform),
the face's constants (side, palette, font family: the same for every face of a layout) and the
values its `{bindings}` read through `Scope.value`. So the first time an element is drawn, the
paths it reads and what each gave are recorded, and the primitives it placed are kept at the
end of that sequence in a tree (one branch per value read). The next face replays the reads
in the same order on its own scope: while every value equals one recorded (same type, same
value), the element would read the same next path, so the replayed reads are exactly those
the element would make (a term's parts noted for the colour-vision lint, a read of the
component marked, as drawing it would); where a value was never seen, the element is drawn
and its reads recorded as a new branch. At the end of a branch the same `Placed` objects go
on the new face (their boxes and fills, worked out once for the lints, come with them).

A face's background is kept the same way, by its template, size and what it reads. Only
leaf elements are kept (`LEAVES`: no children, no `clip:`, no list items, no
images, no `auto` colour, whose ink depends on what is under it), and only drawings that
raised no problem and gave no warning. An element drawn again on the same face is drawn, so
no face holds one primitive twice; an element that keeps missing (a title unique per card)
stops being recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from typing import Any

from cardgen import records
from cardgen.data.model import Term

# the element types drawn from their own keys alone (no children, list items or images)
LEAVES = frozenset({"rect", "circle", "annulus", "line", "polygon", "star", "ellipse", "arc",
                    "wedge", "path", "text", "icon", "row"})
MISSES = 16  # drawings of an element without one reuse, after which it is no longer recorded
_LEAF = "\0leaf"  # a node that ends a branch: what the element placed


class Unkeyed(Exception):
    """A value read that cannot be compared safely: the drawing is not kept."""


def value_key(value: Any) -> Any:
    """A value read -> a key equal only for values that draw the same (type and value: 1, 1.0
    and True differ; -0.0 and 0.0 differ; a vocabulary term by identity)."""
    kind = type(value)
    if value is None or kind in (str, int, bool):
        return (kind, value)
    if kind is float:
        return (kind, repr(value))
    if isinstance(value, Term):
        return (Term, id(value))
    if kind in (list, tuple):
        return (kind, tuple(value_key(v) for v in value))
    if kind is dict:
        return (kind, tuple((value_key(k), value_key(v)) for k, v in value.items()))
    raise Unkeyed(kind.__name__)


@records.record
class _Node:
    """The next path a drawing reads (or _LEAF), and the branches by what it gave."""

    path: str | None = None  # None: not reached by any drawing yet
    branches: dict[Any, _Node] = field(default_factory=dict)
    placed: tuple[Any, ...] = ()  # at a leaf: the Placed objects the element added


@records.record
class _Root:
    """An element drawn at one place with one face's constants."""

    element: Any  # the element (or template) held, so the id in the key stays its own
    constants: tuple[Any, ...]  # side, palette, family: compared whole
    tree: _Node = field(default_factory=_Node)
    draws: int = 0
    hits: int = 0


class ElementMemo:
    """A session's kept drawings (cardgen.layout.session.LayoutSession.element_memo)."""

    def __init__(self) -> None:
        self.roots: dict[tuple[Any, ...], _Root] = {}
        self.leafless: dict[int, tuple[Any, bool]] = {}  # id -> (element, kept at all)
        # id of a template -> its face plan (cardgen.layout.plan), the template held in it
        self.plans: dict[int, Any] = {}

    def keeps(self, el: Any) -> bool:
        """Whether an element's drawings may be kept (see the module)."""
        known = self.leafless.get(id(el))
        if known is None or known[0] is not el:
            ok = el.type in LEAVES and el.clip is None and getattr(el, "over", None) is None \
                and not any(getattr(el, k, None) == "auto" for k in el.model_fields_set)
            known = self.leafless[id(el)] = (el, ok)
        return known[1]

    def root(self, owner: Any, where: tuple[Any, ...], constants: tuple[Any, ...]
             ) -> _Root | None:
        """The kept drawings of an element (or a template's background) at `where` with these
        constants (None: not kept)."""
        found = self.owned(owner, where, constants)
        if found is None or missing(found):
            return None
        return found

    def owned(self, owner: Any, where: tuple[Any, ...], constants: tuple[Any, ...]
              ) -> _Root | None:
        """root() whether or not it keeps missing (None: kept for another owner or other
        constants); the object stays the same for the session."""
        key = (id(owner), *where)
        found = self.roots.get(key)
        if found is None:
            found = self.roots[key] = _Root(owner, constants)
        elif found.element is not owner or found.constants != constants:
            return None
        return found


def missing(root: _Root) -> bool:
    """Whether an element's drawings are no longer recorded (MISSES drawings, no reuse)."""
    return root.hits == 0 and root.draws >= MISSES


def replay(root: _Root, value: Callable[[str], Any]) -> tuple[Any, ...] | None:
    """The Placed objects kept for the values `value` reads now, or None (a value not seen;
    the reads made so far are the ones drawing makes first)."""
    node = root.tree
    while node.path is not None and node.path is not _LEAF:
        try:
            key = value_key(value(node.path))
        except Exception:  # noqa: BLE001 - drawing it reads the same and says what is wrong
            return None
        found = node.branches.get(key)
        if found is None:
            return None
        node = found
    if node.path is not _LEAF:
        return None
    root.hits += 1
    return node.placed


def record(root: _Root, reads: list[tuple[str, Any]], placed: tuple[Any, ...]) -> None:
    """Keep what a drawing placed at the end of the branch of what it read."""
    try:
        keys = [(path, value_key(found)) for path, found in reads]
    except Unkeyed:
        return
    node = root.tree
    for path, key in keys:
        if node.path is None:
            node.path = path
        elif node.path != path:  # cannot be, for a drawing that depends on its reads alone
            return
        node = node.branches.setdefault(key, _Node())
    if node.path is None:
        node.path, node.placed = _LEAF, placed


class Recorder:
    """Scope.value, recording each path read and what it gave."""

    def __init__(self, value: Callable[[str], Any]) -> None:
        self.value = value
        self.reads: list[tuple[str, Any]] = []

    def __call__(self, path: str) -> Any:
        found = self.value(path)
        self.reads.append((path, found))
        return found


class FaceMemo:
    """One face's use of the session's ElementMemo: the face's constants, and the elements
    already drawn on it (drawn again, they are drawn, not taken from the memo)."""

    def __init__(self, memo: ElementMemo, constants: tuple[Any, ...]) -> None:
        self.memo, self.constants = memo, constants
        self.seen: set[int] = set()

    def draw(self, ctx: Any, el: Any, scope: Any, dx: float, dy: float) -> bool:
        """Put el on the context's face (a kept drawing, or drawn and kept); False when it is
        not kept, for the caller to draw."""
        if id(el) in self.seen or not self.memo.keeps(el):
            return False
        return self.kept(ctx, el, (dx, dy, ctx.matrix), scope, el.draw, el, ctx, scope, dx, dy)

    def kept(self, ctx: Any, owner: Any, where: tuple[Any, ...], scope: Any,
             draw: Callable[..., None], el: Any, *args: Any) -> bool:
        """What `draw(*args)` puts on the face (guarded as `el`'s), kept for `owner` drawn at
        `where` (an element, or the template for its background); False when not kept."""
        root = self.memo.root(owner, where, self.constants)
        if root is None:
            return False
        self.seen.add(id(owner))
        placed = replay(root, scope.value)
        if placed is not None and ctx.budget[0] >= len(placed):
            ctx.budget[0] -= len(placed)
            ctx.drawing.items.extend([p.item for p in placed])
            ctx.placed.extend(placed)
            return True
        drawn_and_recorded(ctx, root, scope, draw, el, *args)
        return True


def drawn_and_recorded(ctx: Any, root: _Root, scope: Any, draw: Callable[..., None], el: Any,
                       *args: Any) -> None:
    """`draw(*args)` (guarded as `el`'s), its reads and what it placed recorded in `root`
    when it placed items alone (no problem, no warning)."""
    root.draws += 1
    counts = (len(ctx.placed), len(ctx.drawing.items), len(ctx.problems), len(ctx.warnings))
    own = vars(scope)  # the recorder shadows Scope.value on this scope alone
    outer = own.get("value")
    recorder = own["value"] = Recorder(scope.value)
    try:
        ctx.guarded(draw, el, *args)
    finally:
        if outer is None:
            del own["value"]
        else:
            own["value"] = outer
    added = len(ctx.placed) - counts[0]
    if (added == len(ctx.drawing.items) - counts[1] and len(ctx.problems) == counts[2]
            and len(ctx.warnings) == counts[3]):
        record(root, recorder.reads, tuple(ctx.placed[counts[0]:]))
