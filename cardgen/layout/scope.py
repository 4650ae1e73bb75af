"""Bindings: `{path}` in a layout -> values of a component, its repeat item or vocabulary."""

from __future__ import annotations

import ast
import math
import operator
import re
from collections.abc import Callable
from functools import cache
from typing import Any

from cardgen.data.model import Component, Database, FieldSpec, Term
from cardgen.layout.auto import body_text

_BINDING = re.compile(r"\{([^{}]+)\}")
# Bindings every layout knows besides the fields: the game, edition, position and kind title.
SPECIALS = ("edition", "game", "index", "kind_title", "auto_body")
# Bindings whose value is the same for every component of a kind and edition: the specials
# but auto_body (the component's own text), and a repeat's item and parent (they come from
# the template unless the repeat itself read a field).
_SAME_FOR_THE_KIND = frozenset(SPECIALS) - {"auto_body"} | {"item", "parent"}


class Scope:
    """Resolves `{path}` bindings against a component (and a repeat item)."""

    def __init__(self, db: Database, component: Component, item: Any = None,
                 item_spec: FieldSpec | None = None, index: int = 0, parent: Scope | None = None):
        self.db = db
        self.component = component
        self.item = item
        self.item_spec = item_spec
        self.index = index
        self.parent = parent
        self.root: Scope = parent.root if parent is not None else self
        self.read_component = False  # on the root: did any binding read the component?

    def child(self, item: Any, spec: FieldSpec | None, index: int) -> Scope:
        """The scope of one list item; `{parent.x}` reads the enclosing item."""
        return Scope(self.db, self.component, item, spec, index, self)

    def value(self, path: str) -> Any:
        head, *rest = path.strip().split(".")
        value, spec = self._head(head)
        for part in rest:
            value, spec = _step(self.db, value, spec, part)
        return value

    def _head(self, head: str) -> tuple[Any, FieldSpec | None]:
        if "@" in head:  # number@suit: the term of vocab `suit` whose number is the value
            field_name, vocab = head.split("@", 1)
            value, _ = self._head(field_name)
            terms = self.db.game.vocab.get(vocab, {}).values()
            return next((t for t in terms if t.number == value), None), None
        c = self.component
        if head not in _SAME_FOR_THE_KIND:
            self.root.read_component = True
        specials = {"edition": c.edition, "game": self.db.game.name, "index": self.index + 1,
                    "kind_title": self.db.game.kinds[c.kind].title or c.kind}
        if head == "auto_body":
            return body_text(self.db, c), None
        if head in specials:
            return specials[head], None
        if head == "item":
            return _resolve_term(self.db, self.item, self.item_spec), self.item_spec
        if head == "parent":
            outer = self.parent
            return (outer.item, outer.item_spec) if outer is not None else (None, None)
        spec = self.db.game.kinds[c.kind].fields.get(head)
        return _resolve_term(self.db, c.value(head), spec), spec

    def text(self, template: Any) -> Any:
        """A whole-string binding keeps its type; otherwise bindings are formatted into text."""
        if not isinstance(template, str) or "{" not in template:
            return template
        whole = _BINDING.fullmatch(template.strip())
        if whole:
            return self.value(whole.group(1))
        return _BINDING.sub(lambda m: format_value(self.value(m.group(1))), template)


def _resolve_term(db: Database, value: Any, spec: FieldSpec | None) -> Any:
    """A term id seen through its spec becomes its vocabulary Term (else unchanged)."""
    if spec is not None and spec.type == "term" and value is not None and not isinstance(value, Term):
        return db.game.term(spec.vocab or "", value) or value
    return value


def _step(db: Database, value: Any, spec: FieldSpec | None, part: str) -> tuple[Any, FieldSpec | None]:
    if value is None:
        return None, None
    if isinstance(value, Term):
        return getattr(value, part, None), None
    if isinstance(value, dict):
        sub = (spec.fields or {}).get(part) if spec is not None and spec.fields else None
        return _resolve_term(db, value.get(part), sub), sub
    if part == "len" and isinstance(value, list | str):
        return len(value), None
    if isinstance(value, str) and spec is not None and spec.type == "ref":
        target = db.components_by_id.get(value)
        return Scope(db, target)._head(part) if target is not None else (None, None)
    return None, None



def format_value(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, Term):
        return value.label
    if isinstance(value, list):
        return ", ".join(format_value(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def truthy(value: Any) -> bool:
    return bool(value) and value != "0"


# ---------------------------------------------------------------- laying out


def number(scope: Scope, written: Any, key: str, default: float = 0.0) -> float:
    """A number, a binding, or simple arithmetic over bindings ("{radius_mm} * 2 + 3"); `default`
    when nothing is written or the binding gives no number. `key` names it in messages."""
    value = scope.text(default if written is None else written)
    if isinstance(value, str):
        value = _arithmetic(value)
    try:
        result = float(value)
    except (TypeError, ValueError, OverflowError):
        return default
    if not math.isfinite(result):
        raise ValueError(f"{key} is {result}, not a finite number")
    return result


_ARITH_OPS: dict[type[ast.operator], Callable[[float, float], float]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.Div: operator.truediv}


@cache
def _arithmetic(text_value: str) -> float | None:
    if len(text_value) > 200:  # arithmetic in a layout is short; a long text is not a number
        return None
    try:
        return _arith_node(ast.parse(text_value.strip(), mode="eval").body)
    except (SyntaxError, ValueError, OverflowError, RecursionError, MemoryError):
        return None


def _arith_node(node: ast.AST) -> float | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return float(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _arith_node(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITH_OPS:
        left, right = _arith_node(node.left), _arith_node(node.right)
        if left is None or right is None or (isinstance(node.op, ast.Div) and right == 0):
            return None
        return _ARITH_OPS[type(node.op)](left, right)
    return None
