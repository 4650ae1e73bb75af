"""A layout's arithmetic ("{radius_mm} * 2 + 3", "174 / 3") -> a finite number, or an error.

One rule for every number a layout writes as text: + - * / and parentheses over numbers, at
most 200 characters; a division by zero, a result that is not finite (too large) and anything
else (another operator, words) is an `ExpressionError` saying what is wrong, never a silent 0.
The layout model checks arithmetic without bindings when a layout is read; `scope.number`
checks the rest with each component's values when a face is laid out.
"""

from __future__ import annotations

import ast
import math
import operator
from collections.abc import Callable
from functools import cache

from cardgen.errors import Location, Problem

MAX_EXPRESSION = 200  # characters: a layout's arithmetic is short; a long text is not a number
HINT = ("numbers in mm with + - * / and parentheses, e.g. \"{radius_mm} * 2 + 3\"; a binding "
        "in braces must hold a number for every component")

_OPS: dict[type[ast.operator], Callable[[float, float], float]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.Div: operator.truediv}
_NAMES = {ast.Pow: "**", ast.FloorDiv: "//", ast.Mod: "%", ast.MatMult: "@", ast.LShift: "<<",
          ast.RShift: ">>", ast.BitOr: "|", ast.BitAnd: "&", ast.BitXor: "^"}


class ExpressionError(ValueError):
    """A number a layout wrote that cannot be worked out; `where`/`path` once known."""

    def __init__(self, message: str, hint: str = HINT) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.where: Location | None = None
        self.path = ""
        self.key = ""  # the layout key that wrote it, once known

    def __str__(self) -> str:
        return self.message

    def problem(self, where: Location | None = None, path: str = "") -> Problem:
        return Problem("bad-expression", self.message, where=self.where or where,
                       path=self.path or path, hint=self.hint)


def evaluate(text: str) -> float:
    """The value of arithmetic text; ExpressionError when it has none (see the module)."""
    return _evaluate(text.strip())


@cache
def _evaluate(text: str) -> float:
    if len(text) > MAX_EXPRESSION:
        raise ExpressionError(f"'{text[:40]}...' is {len(text)} characters; arithmetic in a "
                              f"layout is at most {MAX_EXPRESSION}")
    try:
        tree = ast.parse(text, mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        raise ExpressionError(f"'{text}' is not a number or arithmetic") from None
    try:
        return _node(tree, text)
    except RecursionError:
        raise ExpressionError(f"'{text[:40]}' nests too deeply") from None


def _node(node: ast.AST, text: str) -> float:
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float) \
            and not isinstance(node.value, bool):
        return _finite(float(node.value), text) if isinstance(node.value, float) \
            else _finite(_int(node.value, text), text)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        inner = _node(node.operand, text)
        return -inner if isinstance(node.op, ast.USub) else inner
    if isinstance(node, ast.BinOp):
        op = _OPS.get(type(node.op))
        if op is None:
            raise ExpressionError(f"'{text}' uses {_NAMES.get(type(node.op), 'an operator')}; "
                                  "layout arithmetic has + - * / and parentheses")
        left, right = _node(node.left, text), _node(node.right, text)
        if isinstance(node.op, ast.Div) and right == 0:
            raise ExpressionError(f"'{text}' divides by zero")
        return _finite(op(left, right), text)
    raise ExpressionError(f"'{text}' is not a number or arithmetic")


def _int(value: int, text: str) -> float:
    try:
        return float(value)
    except OverflowError:
        raise ExpressionError(f"'{text[:40]}' holds a number too large to use") from None


def _finite(value: float, text: str) -> float:
    if not math.isfinite(value):
        raise ExpressionError(f"'{text}' overflows: its value is too large to be a finite number")
    return value
