"""The game's own rules (game.yaml `rules:`) -> findings: one-each, exists, agree, unique and
expr, the selectors and expressions they are written in."""

from __future__ import annotations

import ast
import operator
from collections import Counter
from typing import Any

from cardgen.check import accept
from cardgen.check.findings import Finding
from cardgen.check.select import (
    SelectorError,
    components,
    count,
    distinct,
    parse,
    select,
    total,
)
from cardgen.data.model import Database, Rule
from cardgen.limits import MAX_EXPR_CHARS, MAX_EXPR_RESULT
from cardgen.records import record


def kind_title(db: Database, kind: str) -> str:
    """The kind's title, or its id where it has none."""
    spec = db.game.kinds.get(kind)
    return spec.title if spec and spec.title else kind


@record
class RuleResult:
    rule: str
    says: str
    passed: bool
    findings: int



def rule_where(db: Database, index: int) -> str:
    return str(db.game.rule_where[index]) if index < len(db.game.rule_where) else ""


def run_rule(db: Database, rule: Rule, findings: list[Finding], where: str) -> RuleResult:
    before = len(findings)
    says = rule.says or rule.rule
    try:
        RULES[rule.rule](db, rule, findings)
    except SelectorError as exc:
        findings.append(Finding("bad-selector", "error", str(exc), rule.quote))
    except ExprError as exc:
        findings.append(Finding("bad-expr", "error", str(exc), rule.quote))
    for f in findings[before:]:
        f.severity = rule.severity if f.rule not in ("bad-selector", "bad-expr") else "error"
        if f.quote is None:
            f.quote = rule.quote
        if not f.where:
            f.where = where
        f.accepted = rule.accepted
    if rule.accepted and len(findings) == before:
        findings.append(accept.stale_inline("rule", rule.accepted, where))
        return RuleResult(rule.rule, says, True, 0)
    return RuleResult(rule.rule, says, len(findings) == before, len(findings) - before)


def _as_list(value: str | list[str] | None) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


def _key(value: Any) -> str:
    return str(value).lower()


def _rule_one_each(db: Database, rule: Rule, findings: list[Finding]) -> None:
    fields = list((rule.of or {}).keys())
    seen: Counter[tuple[str, ...]] = Counter()
    holder: dict[tuple[str, ...], list[str]] = {}
    for c in db.of_kind(rule.kind or ""):
        key = tuple(_key(c.value(f)) for f in fields)
        seen[key] += c.count
        holder.setdefault(key, []).append(c.id)
    for combo in _combinations([[_key(v) for v in (rule.of or {})[f]] for f in fields]):
        label = ", ".join(f"{f} {v}" for f, v in zip(fields, combo, strict=True))
        if seen[combo] == 0:
            findings.append(Finding("one-each", "error", f"no {kind_title(db, rule.kind or '')} "
                                    f"with {label}"))
        elif seen[combo] > 1:
            findings.append(Finding("one-each", "error", f"{seen[combo]} copies of {label}: "
                                    + ", ".join(holder[combo])))


def _combinations(lists: list[list[str]]) -> list[tuple[str, ...]]:
    combos: list[tuple[str, ...]] = [()]
    for values in lists:
        combos = [(*c, v) for c in combos for v in values]
    return combos


def _rule_exists(db: Database, rule: Rule, findings: list[Finding]) -> None:
    pool = {_key(v) for sel in _as_list(rule.in_) for _, v in select(db, sel)}
    targets = " or ".join(_as_list(rule.in_))
    for sel in _as_list(rule.values):
        for comp, value in select(db, sel):
            values = value if isinstance(value, list) else [value]
            for v in values:
                if _key(v) not in pool:
                    findings.append(Finding(
                        "exists", "error", f"{comp.id}: {sel} is '{v}', which no {targets} has",
                        where=str(comp.where)))


def _rule_agree(db: Database, rule: Rule, findings: list[Finding]) -> None:
    sel = parse(rule.ref or "")
    by_id = db.by_id()
    for comp in components(db, sel):
        target_id = comp.value(sel.steps[0].name) if sel.steps else None
        target = by_id.get(str(target_id)) if target_id is not None else None
        if target is None:
            continue
        for f in rule.fields or []:
            if _key(comp.value(f)) != _key(target.value(f)):
                findings.append(Finding(
                    "agree", "error", f"{comp.id} has {f} '{comp.value(f)}' but {target.id} has "
                    f"'{target.value(f)}'", where=str(comp.where)))


def _rule_unique(db: Database, rule: Rule, findings: list[Finding]) -> None:
    for sel in _as_list(rule.values):
        seen: dict[str, str] = {}
        for comp, value in select(db, sel):
            key = _key(value.id if hasattr(value, "id") else value)
            if key in seen:
                findings.append(Finding("unique", "error", f"{sel}: '{value}' appears in "
                                        f"{seen[key]} and {comp.id}", where=str(comp.where)))
            seen.setdefault(key, comp.id)


def _rule_expr(db: Database, rule: Rule, findings: list[Finding]) -> None:
    result, shown = evaluate(db, rule.expr or "")
    if not result:
        findings.append(Finding("expr", "error", f"{rule.says or rule.expr}: {shown} is false"))


RULES = {"one-each": _rule_one_each, "exists": _rule_exists, "agree": _rule_agree,
         "unique": _rule_unique, "expr": _rule_expr}


# ---------------------------------------------------------------- expressions


class ExprError(ValueError):
    """An expression rule that cannot be evaluated."""


_BINOPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
           ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Div: operator.truediv}
_CMPOPS = {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt,
           ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge}
_FUNCS = {"count": count, "sum": total, "distinct": distinct}


def evaluate(db: Database, text: str) -> tuple[Any, str]:
    """Evaluate a rule expression; also return it with every function call replaced by its value."""
    if len(text) > MAX_EXPR_CHARS:
        raise ExprError(f"the expression is {len(text)} characters long; at most {MAX_EXPR_CHARS}")
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError as exc:
        raise ExprError(f"cannot read expression '{text}': {exc.msg}") from None
    except (ValueError, RecursionError, MemoryError) as exc:
        raise ExprError(f"cannot read expression: {exc}") from None
    calls: dict[str, Any] = {}  # each call's value by its text: counted once, shown and used
    try:
        shown = _Substitute(db, calls).visit(ast.parse(text, mode="eval"))
        return _eval(db, tree.body, calls), ast.unparse(shown)
    except ExprError:
        raise
    except ZeroDivisionError:
        raise ExprError(f"cannot evaluate '{text}': it divides by zero") from None
    except TypeError:
        raise ExprError(f"cannot evaluate '{text}': it combines or orders values of different "
                        "sorts (text with a number, a list with a number)") from None
    except (ValueError, ArithmeticError, RecursionError) as exc:
        raise ExprError(f"cannot evaluate '{text}': {exc}") from None


def _binop(op: ast.operator, left: Any, right: Any) -> Any:
    """One arithmetic step, refusing a text or list repeated past MAX_EXPR_RESULT."""
    if isinstance(op, ast.Mult):
        for seq, n in ((left, right), (right, left)):
            if isinstance(seq, str | list) and isinstance(n, int) and len(seq) * n > MAX_EXPR_RESULT:
                raise ExprError(f"the result would hold {len(seq) * n} items; at most "
                                f"{MAX_EXPR_RESULT}")
    result = _BINOPS[type(op)](left, right)
    if isinstance(result, int) and not isinstance(result, bool) and result.bit_length() > 4096:
        raise ExprError("a number in the expression grew past 4096 bits")
    return result


class _Substitute(ast.NodeTransformer):
    def __init__(self, db: Database, calls: dict[str, Any]):
        self.db = db
        self.calls = calls

    def visit_Call(self, node: ast.Call) -> ast.AST:
        return ast.Constant(_eval(self.db, node, self.calls))


def _eval(db: Database, node: ast.AST, calls: dict[str, Any]) -> Any:
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float | str):
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
        return _binop(node.op, _eval(db, node.left, calls), _eval(db, node.right, calls))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.Not):
        value = _eval(db, node.operand, calls)
        return -value if isinstance(node.op, ast.USub) else not value
    if isinstance(node, ast.BoolOp):
        values = [_eval(db, v, calls) for v in node.values]
        return all(values) if isinstance(node.op, ast.And) else any(values)
    if isinstance(node, ast.Compare):
        left = _eval(db, node.left, calls)
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            right = _eval(db, right_node, calls)
            if type(op) not in _CMPOPS or not _CMPOPS[type(op)](left, right):
                return False
            left = right
        return True
    if isinstance(node, ast.Call):
        return _call(db, node, calls)
    raise ExprError(f"not allowed in a rule expression: {ast.unparse(node)}")


def _call(db: Database, node: ast.Call, calls: dict[str, Any]) -> Any:
    """count/sum/distinct of one selector, run once however often the expression names it."""
    if not (isinstance(node.func, ast.Name) and node.func.id in _FUNCS and len(node.args) == 1
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)):
        raise ExprError(f"not allowed in a rule expression: {ast.unparse(node)}")
    key = f"{node.func.id}\0{node.args[0].value}"  # the call's function and selector
    if key not in calls:
        calls[key] = _FUNCS[node.func.id](db, node.args[0].value)
    return calls[key]
