"""Report -> a readable terminal view (rich tables): box list, cross-references, findings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text

from cardgen.check import Finding, Report, Row
from cardgen.check.families import FAMILIES

if TYPE_CHECKING:
    from cardgen.cli.console import Printer

_VERDICT_STYLE = {"ok": "green", "short": "bold red", "over": "bold red", "off": "bold red",
                  "not listed": "yellow", "contradiction": "yellow"}


def print_report(report: Report, console: Printer, strict: bool = False) -> None:
    players = ""
    if report.players:
        players = f", for {report.players} player{'s' if report.players != 1 else ''}"
    console.print(Text(f"{report.title} ({report.game}@{report.edition}{players})", style="bold"))
    console.print(_box_table(report))
    console.print(_rules_table(report))
    _print_findings(report, console)
    _print_notes(report, console)
    _print_summary(report, console, strict)


def _box_table(report: Report) -> Table:
    table = Table(title="Box list", title_justify="left", expand=False)
    table.add_column("kind")
    table.add_column("box list says", overflow="fold", max_width=48)
    table.add_column("expected", justify="right")
    table.add_column("database has", justify="right")
    table.add_column("verdict")
    for row in report.rows:
        table.add_row(row.kind, row.line, _num(row.expected), str(row.has), _verdict(row))
    return table


def _num(value: int | None) -> str:
    return "-" if value is None else str(value)


def _verdict(row: Row) -> Text:
    label = "matches" if row.ok else row.verdict
    text = Text(label, style=_VERDICT_STYLE.get(row.verdict, ""))
    if row.detail:
        text.append(f" ({row.detail})", style="dim" if row.verdict == "not listed" else "")
    return text


def _rules_table(report: Report) -> Table:
    table = Table(title="Cross-references", title_justify="left")
    table.add_column("rule")
    table.add_column("checks", overflow="fold", max_width=60)
    table.add_column("result")
    for result in report.rules:
        mark = Text("ok", style="green") if result.passed else Text(
            f"{result.findings} problem{'s' if result.findings != 1 else ''}", style="bold red")
        table.add_row(result.rule, result.says, mark)
    return table


def _print_findings(report: Report, console: Printer) -> None:
    if report.rulebook:
        console.print(Text(f"Rulebook: {report.rulebook}", style="bold"))
    for f in report.findings:
        if f.accepted is None:
            style = "bold red" if f.severity == "error" else "yellow"
            _print_finding(f, Text(f"{f.severity}[{f.rule}] ", style=style), console)
    if report.acknowledged:
        console.print(Text(f"Acknowledged ({len(report.acknowledged)}: known rulebook problems the "
                           "data accepts; they pass --strict)", style="bold"))
    for f in report.acknowledged:
        _print_finding(f, Text(f"acknowledged {f.severity}[{f.rule}] ", style="cyan"), console)
        console.print(Text(f"  accepted: {f.accepted}", style="dim"), soft_wrap=True)


def _print_finding(f: Finding, label: Text, console: Printer) -> None:
    where = f"{f.where}: " if f.where else ""
    console.print(Text(where) + label + Text(f.message), soft_wrap=True)
    for quote in [f.quote, *f.also] if f.quote else f.also:
        console.print(Text(f'  rulebook: "{quote}"', style="dim"), soft_wrap=True)
    if f.note:
        console.print(Text(f"  note: {f.note}", style="dim"), soft_wrap=True)
    if f.hint:
        console.print(Text(f"  hint: {f.hint}", style="dim"), soft_wrap=True)


def _print_notes(report: Report, console: Printer) -> None:
    """The data's own notes on the rulebook: not problems, but every one is shown."""
    if not report.notes:
        return
    console.print(Text(f"Rulebook notes ({len(report.notes)}, written in the data; not problems)",
                       style="bold"))
    for f in report.notes:
        _print_finding(f, Text("note ", style="cyan"), console)


def _print_summary(report: Report, console: Printer, strict: bool) -> None:
    drafts = sum(report.drafts.values())
    if drafts:
        kinds = ", ".join(f"{n} {k}" for k, n in report.drafts.items())
        console.print(f"{drafts} draft entries (text written to fit the rules): {kinds}")
    errors = sum(f.severity == "error" for f in report.findings)
    short = sum(r.off for r in report.rows)
    warnings = len(report.warnings)
    if report.failed(strict):
        why = " (--strict: warnings fail)" if strict and not report.failed() else ""
        console.print(Text(f"check failed: {_n(short, 'box-list row')} off, {_n(errors, 'error')}, "
                           f"{_n(warnings, 'warning')}{why}", style="bold red"))
    else:
        console.print(Text(f"check passed: {report.components} pieces, {_n(warnings, 'warning')}, "
                           f"{_n(len(report.acknowledged), 'acknowledged finding')}, "
                           f"{_n(len(report.notes), 'note')}", style="bold green"))


def print_families(console: Printer) -> None:
    """`cardgen check --list-rules`: every family of finding, its default severity and meaning."""
    table = Table(title="Findings cardgen check reports")
    for column in ("id", "severity", "what it means"):
        table.add_column(column)
    for family in FAMILIES:
        table.add_row(family.id, family.severity, family.description)
    console.print(table)


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"
