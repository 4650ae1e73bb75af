"""Database (+ player count) -> Report: box-list rows, cross-reference rules, rulebook findings."""

from __future__ import annotations

import ast
import operator
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from cardgen.check import accept
from cardgen.check.counts import count_findings, unlisted_findings
from cardgen.check.findings import Finding, deduplicate
from cardgen.check.quotes import verify
from cardgen.check.rulebook import Rulebook, box_list_findings, load_rulebook
from cardgen.check.select import (
    SelectorError,
    components,
    count,
    distinct,
    parse,
    select,
    total,
    values_of,
)
from cardgen.check.structure import placeholder_findings, step_findings
from cardgen.check.terms import data_names, drift_findings, list_findings
from cardgen.data.model import Component, Database, InventoryRow, Mention, PlayerCount, Rule
from cardgen.errors import did_you_mean
from cardgen.limits import MAX_EXPR_CHARS, MAX_EXPR_RESULT


@dataclass
class Part:
    label: str
    expected: int
    has: int
    at_least: bool = False  # the box list names the value but not how many

    @property
    def ok(self) -> bool:
        return self.has >= self.expected if self.at_least else self.has == self.expected


@dataclass
class Row:
    kind: str  # the kind's title
    line: str  # what the box list says, verbatim
    expected: int | None  # None: the box list does not list it
    has: int
    verdict: str  # ok | short | over | not listed | contradiction
    detail: str = ""
    parts: list[Part] = field(default_factory=list)
    where: str = ""

    @property
    def ok(self) -> bool:
        return self.verdict == "ok"

    @property
    def off(self) -> bool:
        """Short, over, or off in one of its parts: the rows that fail a check."""
        return self.verdict in ("short", "over", "off")


@dataclass
class RuleResult:
    rule: str
    says: str
    passed: bool
    findings: int


@dataclass
class Report:
    game: str
    edition: str
    title: str
    players: int | None
    rows: list[Row]
    rules: list[RuleResult]
    findings: list[Finding]
    components: int
    drafts: dict[str, int]
    notes: list[Finding] = field(default_factory=list)  # the data's notes on the rulebook
    rulebook: str | None = None  # the rulebook file read, relative to the project

    def failed(self, strict: bool = False) -> bool:
        """Errors and box-list rows off fail; with `strict`, warnings too (notes and acknowledged
        findings never do)."""
        if any(f.severity == "error" and f.accepted is None for f in self.findings):
            return True
        if any(r.off for r in self.rows):
            return True
        return strict and bool(self.warnings)

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "warning" and f.accepted is None]

    @property
    def acknowledged(self) -> list[Finding]:
        """Findings the data accepts as known rulebook problems, each with its reason."""
        return [f for f in self.findings if f.accepted is not None]

    def to_json(self, strict: bool = False) -> dict[str, Any]:
        data = asdict(self)
        data["strict"] = strict
        data["failed"] = self.failed(strict)
        return data


def check(db: Database, players: int | None = None) -> Report:
    """Run every check on one edition; `players` picks the box list for that many players."""
    players = _players(db, players)
    findings: list[Finding] = []
    rows = [row for i, inv in enumerate(db.edition.inventory)
            for row in _inventory_rows(db, inv, i, players, findings)]
    rows += _unlisted_rows(db)
    findings += _mention_findings(db)
    book, read = load_rulebook(db)
    findings += read
    if book is not None and book.box:
        findings += box_list_findings(db, book)
    findings += verify(db, book)
    if book is not None:
        findings += text_findings(db, book)
    results = [_run_rule(db, rule, findings, _rule_where(db, i)) for i, rule in enumerate(db.game.rules)]
    findings = _notes_onto_findings(deduplicate(findings))
    findings += accept.apply(db, findings)
    drafts = Counter(_title(db, c.kind) for c in db.components if c.status == "draft")
    drafts.update(f"{vocab} term" for vocab, terms in db.game.vocab.items()
                  for t in terms.values() if t.status == "draft")
    if db.game.status == "draft":
        drafts["game name and title"] = 1
    return Report(db.game.id, db.edition.id, db.edition.title, players, rows, results,
                  [f for f in findings if f.severity != "note"],
                  sum(c.count for c in db.components), dict(sorted(drafts.items())),
                  [f for f in findings if f.severity == "note"],
                  book.label if book is not None and book.lines else None)


def text_findings(db: Database, book: Rulebook) -> list[Finding]:
    """What the rulebook's own text shows: names, counts, unlisted components, steps, TODOs."""
    names = data_names(db, book)
    return (drift_findings(db, book, names) + list_findings(book, names)
            + count_findings(db, book, names) + unlisted_findings(db, book, names)
            + step_findings(book.doc, book.label) + placeholder_findings(book.doc, book.label))


def _notes_onto_findings(findings: list[Finding]) -> list[Finding]:
    """A note quoting the same words as a finding is printed with that finding, not again."""
    by_quote = {f.quote: f for f in findings if f.severity != "note" and f.quote}
    kept = []
    for f in findings:
        target = by_quote.get(f.quote) if f.severity == "note" and f.quote else None
        if target is not None and not target.note:
            target.note = f.message
            continue
        kept.append(f)
    return kept


def _players(db: Database, players: int | None) -> int | None:
    if players is not None:
        return players
    return db.edition.players.max if db.edition.players else None


def _title(db: Database, kind: str) -> str:
    spec = db.game.kinds.get(kind)
    return (spec.title if spec and spec.title else kind)


# ---------------------------------------------------------------- box list


def _expected(count_: int | PlayerCount, players: int | None) -> int:
    if isinstance(count_, int):
        return count_
    return count_.for_players(players or 1)


def _inventory_rows(db: Database, inv: InventoryRow, index: int, players: int | None,
                    findings: list[Finding]) -> list[Row]:
    where = str(db.edition.where.get(f"inventory[{index}]", ""))
    expected = _expected(inv.count, players)
    stated = inv.count.max if isinstance(inv.count, PlayerCount) and inv.count.max else expected
    _check_stated_parts(inv, stated, where, findings)
    rows = []
    for kind in inv.kinds:
        chosen = [c for c in db.of_kind(kind)
                  if all(str(c.value(k)).lower() == str(v).lower() for k, v in (inv.where or {}).items())]
        has = sum(c.count for c in chosen)
        parts = _breakdown(inv, expected, chosen) + _items(inv, chosen)
        rows.append(_row(db, kind, inv, expected, stated, has, parts, where))
    return rows


def _check_stated_parts(inv: InventoryRow, expected: int, where: str,
                        findings: list[Finding]) -> None:
    if inv.parts and sum(inv.parts.values()) != expected:
        findings.append(Finding(
            "total-vs-parts", "warning",
            f"the box list states {expected} but its parts add up to {sum(inv.parts.values())} "
            f"({' + '.join(f'{n} {k}' for k, n in inv.parts.items())})", inv.line, where,
            accepted=inv.accepted))
    elif inv.accepted:
        findings.append(accept.stale_inline("box-list row", inv.accepted, where))


def _breakdown(inv: InventoryRow, expected: int, chosen: list[Component]) -> list[Part]:
    if not inv.by:
        return []
    wanted: dict[str, int] = {}
    at_least = False
    if inv.parts:
        wanted = dict(inv.parts)
    elif inv.values and inv.each is not None:
        wanted = {str(v): inv.each for v in inv.values}
    elif inv.values and inv.split == "even":
        wanted = {str(v): expected // len(inv.values) for v in inv.values}
    elif inv.values:
        wanted, at_least = {str(v): 1 for v in inv.values}, True
    has: Counter[str] = Counter()
    for c in chosen:
        has[str(c.value(inv.by))] += c.count
    labels = list(wanted) + sorted(k for k in has if k not in wanted)
    return [Part(f"{inv.by} {k}", wanted.get(k, 0), has.get(k, 0), at_least and k in wanted)
            for k in labels]


def _items(inv: InventoryRow, chosen: list[Component]) -> list[Part]:
    parts = []
    for path, n in (inv.items or {}).items():
        steps = parse(f"x.{path}").steps
        has = sum(len(values_of(c, steps)) for c in chosen)
        parts.append(Part(path, n * max(1, len(chosen)), has))
    return parts


def _row(db: Database, kind: str, inv: InventoryRow, expected: int, stated: int, has: int,
         parts: list[Part], where: str) -> Row:
    """`expected`: what these players use; `stated`: what the box list says (its most, if ranged)."""
    off = [p for p in parts if not p.ok]
    stated_parts = sum(inv.parts.values()) if inv.parts else None
    if stated_parts is not None and stated_parts != stated and has == stated_parts and not off:
        verdict, detail = "contradiction", f"matches its parts ({stated_parts}), not its stated total"
    elif isinstance(inv.count, PlayerCount):
        verdict, detail = _ranged_verdict(inv.count.max, expected, has)
    else:
        verdict = "short" if has < expected else "over" if has > expected else "off" if off else "ok"
        detail = "; ".join(f"{p.label}: {p.has} of {p.expected}" for p in off)
    return Row(_title(db, kind), inv.line, expected, has, verdict, detail, parts, where)


def _ranged_verdict(most: int | None, expected: int, has: int) -> tuple[str, str]:
    """A box-list line that depends on the player count: the box must hold at least that many."""
    if has < expected:
        return "short", f"{expected - has} too few for this many players"
    if most is not None and has > most:
        return "over", f"the box list allows at most {most}"
    spare = f"; the box holds {has}, these players use {expected}" if has > expected else ""
    return "ok", spare.lstrip("; ")


def _unlisted_rows(db: Database) -> list[Row]:
    listed = {k for inv in db.edition.inventory for k in inv.kinds}
    rows = []
    for kind in dict.fromkeys(c.kind for c in db.components):
        if kind not in listed:
            has = sum(c.count for c in db.of_kind(kind))
            rows.append(Row(_title(db, kind), "(not in the box list)", None, has, "not listed",
                            "the database has it; the box list does not"))
    return rows


def _mention_findings(db: Database) -> list[Finding]:
    listed = {k for inv in db.edition.inventory for k in inv.kinds}
    out = []
    for i, m in enumerate(db.edition.mentions):
        where = str(db.edition.where.get(f"mentions[{i}]", ""))
        out.extend(_mention(db, m, listed, where))
    return out


def _mention(db: Database, m: Mention, listed: set[str], where: str) -> list[Finding]:
    """What one hand-written rulebook mention finds; its note is printed either way."""
    found = []
    if m.kind and m.kind not in listed:
        has = sum(c.count for c in db.of_kind(m.kind))
        found.append(Finding("rules-use-unlisted", "warning",
                             f"the rules use {_title(db, m.kind)} but the box list does not list "
                             f"it (the database has {has})", m.quote, where,
                             subject=f"unlisted {m.kind}"))
    if m.kind and m.count is not None:
        has = sum(c.count for c in db.of_kind(m.kind))
        if has != m.count:
            found.append(Finding("rules-count", "warning",
                                 f"the rules say {m.count} {_title(db, m.kind)}, the database has "
                                 f"{has}", m.quote, where))
    if m.term and m.vocab:
        found += _term_finding(db, m, where)
    if m.problem:
        found.append(Finding("rulebook-problem", "warning", m.problem, m.quote, where))
    for f in found:
        f.note = m.note
        f.accepted = m.accepted
    if m.accepted and not found:
        found.append(accept.stale_inline("rulebook mention", m.accepted, where))
    if m.note and not found:
        found.append(Finding("rulebook-note", "note", m.note, m.quote, where))
    return found


def _term_finding(db: Database, m: Mention, where: str) -> list[Finding]:
    terms = db.game.vocab.get(m.vocab or "", {})
    names = {str(t.id).lower() for t in terms.values()} | {t.label.lower() for t in terms.values()}
    if (m.term or "").lower() in names:
        return []
    hint = did_you_mean(m.term or "", [t.label for t in terms.values()])
    return [Finding("two-names", "warning",
                    f"the rules call it '{m.term}', which is not a {m.vocab} in the game's "
                    f"vocabulary", m.quote, where, hint=hint, subject=m.term)]


# ---------------------------------------------------------------- rules


def _rule_where(db: Database, index: int) -> str:
    return str(db.game.rule_where[index]) if index < len(db.game.rule_where) else ""


def _run_rule(db: Database, rule: Rule, findings: list[Finding], where: str) -> RuleResult:
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
            findings.append(Finding("one-each", "error", f"no {_title(db, rule.kind or '')} "
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
    text = ast.unparse(node)
    if text not in calls:
        if not (isinstance(node.func, ast.Name) and node.func.id in _FUNCS and len(node.args) == 1
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            raise ExprError(f"not allowed in a rule expression: {text}")
        calls[text] = _FUNCS[node.func.id](db, node.args[0].value)
    return calls[text]
