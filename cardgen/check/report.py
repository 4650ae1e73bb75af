"""Database (+ player count) -> Report: box-list rows, cross-reference rules, rulebook findings."""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, field
from typing import TYPE_CHECKING, Any

from cardgen.check import accept
from cardgen.check.findings import Finding, deduplicate
from cardgen.check.rules import RuleResult, kind_title, rule_where, run_rule
from cardgen.check.select import (
    parse,
    values_of,
)
from cardgen.data.model import Component, Database, InventoryRow, Mention, PlayerCount
from cardgen.errors import did_you_mean
from cardgen.records import record

if TYPE_CHECKING:
    from cardgen.check.rulebook import Rulebook


@record
class Part:
    label: str
    expected: int
    has: int
    at_least: bool = False  # the box list names the value but not how many

    @property
    def ok(self) -> bool:
        return self.has >= self.expected if self.at_least else self.has == self.expected


@record
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


@record
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
    book: Rulebook | None = None
    # the rulebook's reader and the quotes' checker (Markdown, word diffs) are loaded only when
    # there is a rulebook or a quote to read: a build of an edition without either needs none
    if db.edition.rulebook_path is not None:
        from cardgen.check.rulebook import box_list_findings, load_rulebook

        book, read = load_rulebook(db)
        findings += read
        if book is not None and book.box:
            findings += box_list_findings(db, book)
    if any(quoted.rulebook is not None for quoted in db.quotes):
        from cardgen.check.quotes import verify

        findings += verify(db, book)
    if book is not None:
        findings += text_findings(db, book)
    results = [run_rule(db, rule, findings, rule_where(db, i)) for i, rule in enumerate(db.game.rules)]
    findings = _notes_onto_findings(deduplicate(findings))
    findings += accept.apply(db, findings)
    drafts = Counter[str]()
    for kind, count in Counter(c.kind for c in db.components if c.status == "draft").items():
        drafts[kind_title(db, kind)] += count  # kinds that share a title counted together
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
    # loaded with a rulebook's text to read (a build of an edition without one needs none)
    from cardgen.check.counts import count_findings, unlisted_findings
    from cardgen.check.setup import setup_findings
    from cardgen.check.structure import placeholder_findings, step_findings
    from cardgen.check.terms import data_names, drift_findings, list_findings

    names = data_names(db, book)
    return (drift_findings(db, book, names) + list_findings(book, names)
            + count_findings(db, book, names) + unlisted_findings(db, book, names)
            + setup_findings(db, book)
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
        chosen = db.of_kind(kind)
        if inv.where:
            chosen = [c for c in chosen
                      if all(str(c.value(k)).lower() == str(v).lower() for k, v in inv.where.items())]
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
    return Row(kind_title(db, kind), inv.line, expected, has, verdict, detail, parts, where)


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
            rows.append(Row(kind_title(db, kind), "(not in the box list)", None, has, "not listed",
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
                             f"the rules use {kind_title(db, m.kind)} but the box list does not list "
                             f"it (the database has {has})", m.quote, where,
                             subject=f"unlisted {m.kind}"))
    if m.kind and m.count is not None:
        has = sum(c.count for c in db.of_kind(m.kind))
        if has != m.count:
            found.append(Finding("rules-count", "warning",
                                 f"the rules say {m.count} {kind_title(db, m.kind)}, the database has "
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
