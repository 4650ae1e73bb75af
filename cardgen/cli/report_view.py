"""Report -> a readable terminal view (tables): box list, cross-references, findings.

The report is made of blocks (lines of styled parts, tables); on a terminal rich draws them,
and to a file or pipe (`LazyConsole` writing plain text) `cardgen.cli.plaintext` lays them out
as rich would there, without loading rich, whenever every text is one rich shows as it is.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, NamedTuple

from cardgen.check.families import FAMILIES
from cardgen.cli import plaintext
from cardgen.cli.console import LazyConsole

if TYPE_CHECKING:
    from rich.text import Text

    from cardgen.check import Finding, Report, Row
    from cardgen.cli.console import Printer

_VERDICT_STYLE = {"ok": "green", "short": "bold red", "over": "bold red", "off": "bold red",
                  "not listed": "yellow", "contradiction": "yellow"}

Parts = tuple[tuple[str, str], ...]  # (text, style) pieces of one rich Text
Cell = str | Parts  # a str is read as rich markup, as a table cell given as text is


class Line(NamedTuple):
    """One print: a Text of styled parts (or, with markup, a str rich reads as markup)."""

    parts: Parts
    soft_wrap: bool | None = None
    markup: bool = False


class Table(NamedTuple):
    title: str
    columns: tuple[tuple[str, dict[str, Any]], ...]  # header, rich's add_column options
    rows: list[tuple[Cell, ...]]
    options: dict[str, Any]  # rich's Table options


Block = Line | Table


def print_report(report: Report, console: Printer, strict: bool = False) -> None:
    _show(list(_report(report, strict)), console)


def _report(report: Report, strict: bool) -> list[Block]:
    players = ""
    if report.players:
        players = f", for {report.players} player{'s' if report.players != 1 else ''}"
    blocks: list[Block] = [
        Line(((f"{report.title} ({report.game}@{report.edition}{players})", "bold"),)),
        _box_table(report), _rules_table(report)]
    _findings(report, blocks)
    _notes(report, blocks)
    _summary(report, blocks, strict)
    return blocks


def _box_table(report: Report) -> Table:
    return Table("Box list", (
        ("kind", {}), ("box list says", {"overflow": "fold", "max_width": 48}),
        ("expected", {"justify": "right"}), ("database has", {"justify": "right"}),
        ("verdict", {})),
        [(row.kind, row.line, _num(row.expected), str(row.has), _verdict(row))
         for row in report.rows], {"title_justify": "left", "expand": False})


def _num(value: int | None) -> str:
    return "-" if value is None else str(value)


def _verdict(row: Row) -> Parts:
    label = "matches" if row.ok else row.verdict
    parts: Parts = ((label, _VERDICT_STYLE.get(row.verdict, "")),)
    if row.detail:
        parts += ((f" ({row.detail})", "dim" if row.verdict == "not listed" else ""),)
    return parts


def _rules_table(report: Report) -> Table:
    rows: list[tuple[Cell, ...]] = []
    for result in report.rules:
        mark = (("ok", "green"),) if result.passed else (
            (f"{result.findings} problem{'s' if result.findings != 1 else ''}", "bold red"),)
        rows.append((result.rule, result.says, mark))
    return Table("Cross-references", (("rule", {}), ("checks", {"overflow": "fold", "max_width": 60}),
                                      ("result", {})), rows, {"title_justify": "left"})


def _findings(report: Report, blocks: list[Block]) -> None:
    if report.rulebook:
        blocks.append(Line(((f"Rulebook: {report.rulebook}", "bold"),)))
    for f in report.findings:
        if f.accepted is None:
            style = "bold red" if f.severity == "error" else "yellow"
            _finding(f, (f"{f.severity}[{f.rule}] ", style), blocks)
    if report.acknowledged:
        blocks.append(Line(((f"Acknowledged ({len(report.acknowledged)}: known rulebook problems "
                             "the data accepts; they pass --strict)", "bold"),)))
    for f in report.acknowledged:
        _finding(f, (f"acknowledged {f.severity}[{f.rule}] ", "cyan"), blocks)
        blocks.append(Line(((f"  accepted: {f.accepted}", "dim"),), soft_wrap=True))


def _finding(f: Finding, label: tuple[str, str], blocks: list[Block]) -> None:
    where = f"{f.where}: " if f.where else ""
    blocks.append(Line(((where, ""), label, (f.message, "")), soft_wrap=True))
    for quote in [f.quote, *f.also] if f.quote else f.also:
        blocks.append(Line(((f'  rulebook: "{quote}"', "dim"),), soft_wrap=True))
    if f.note:
        blocks.append(Line(((f"  note: {f.note}", "dim"),), soft_wrap=True))
    if f.hint:
        blocks.append(Line(((f"  hint: {f.hint}", "dim"),), soft_wrap=True))


def _notes(report: Report, blocks: list[Block]) -> None:
    """The data's own notes on the rulebook: not problems, but every one is shown."""
    if not report.notes:
        return
    blocks.append(Line(((f"Rulebook notes ({len(report.notes)}, written in the data; not "
                         "problems)", "bold"),)))
    for f in report.notes:
        _finding(f, ("note ", "cyan"), blocks)


def _summary(report: Report, blocks: list[Block], strict: bool) -> None:
    drafts = sum(report.drafts.values())
    if drafts:
        kinds = ", ".join(f"{n} {k}" for k, n in report.drafts.items())
        blocks.append(Line(((f"{drafts} draft entries (text written to fit the rules): {kinds}",
                             ""),), markup=True))
    errors = sum(f.severity == "error" for f in report.findings)
    short = sum(r.off for r in report.rows)
    warnings = len(report.warnings)
    if report.failed(strict):
        why = " (--strict: warnings fail)" if strict and not report.failed() else ""
        blocks.append(Line(((f"check failed: {_n(short, 'box-list row')} off, "
                             f"{_n(errors, 'error')}, {_n(warnings, 'warning')}{why}",
                             "bold red"),)))
    else:
        blocks.append(Line(((f"check passed: {report.components} pieces, "
                             f"{_n(warnings, 'warning')}, "
                             f"{_n(len(report.acknowledged), 'acknowledged finding')}, "
                             f"{_n(len(report.notes), 'note')}", "bold green"),)))


def print_families(console: Printer) -> None:
    """`cardgen check --list-rules`: every family of finding, its default severity and meaning."""
    _show([Table("Findings cardgen check reports", (("id", {}), ("severity", {}),
                                                    ("what it means", {})),
                 [(f.id, f.severity, f.description) for f in FAMILIES], {})], console)


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


# ---------------------------------------------------------------- output


def _show(blocks: list[Block], console: Printer) -> None:
    """Print the blocks: as plain text when rich would write them as it is, else through rich."""
    text = _plain(blocks, console)
    if text is not None:
        assert isinstance(console, LazyConsole)
        console.write(text)
        return
    for block in blocks:
        if isinstance(block, Table):
            console.print(_rich_table(block))
        elif block.markup:
            console.print(block.parts[0][0])
        else:
            console.print(_rich_text(block.parts), soft_wrap=block.soft_wrap)


def _plain(blocks: list[Block], console: Printer) -> str | None:
    """The text rich would write for all the blocks to this file or pipe, or None when rich
    must draw them (a terminal, a text with markup, emoji codes or more than printable ASCII,
    a file that cannot take the box's characters)."""
    if not (isinstance(console, LazyConsole) and console.plain) or sys.platform == "win32":
        return None
    stream = sys.stderr if console.stderr else sys.stdout
    if not (getattr(stream, "encoding", None) or "utf-8").lower().startswith("utf"):
        return None
    out: list[str] = []
    try:
        for block in blocks:
            if isinstance(block, Table):
                out.extend(_plain_table(block))
                continue
            text = "".join(part for part, _ in block.parts)
            if not plaintext.literal(text, block.markup, measured=not block.soft_wrap):
                return None
            out.extend([text] if block.soft_wrap else plaintext.wrap(text, plaintext.WIDTH))
    except ValueError:  # a table rich draws otherwise (a column too narrow for its padding)
        return None
    return "".join(line + "\n" for line in out)


def _plain_table(table: Table) -> list[str]:
    columns = [plaintext.Column(header, **options) for header, options in table.columns]
    texts = [[cell if isinstance(cell, str) else "".join(p for p, _ in cell) for cell in row]
             for row in table.rows]
    markup = [isinstance(cell, str) for row in table.rows for cell in row]
    shown = [text for row in texts for text in row]
    if not (all(plaintext.literal(c.header) for c in columns) and plaintext.literal(table.title)
            and all(plaintext.literal(t, m) for t, m in zip(shown, markup, strict=True))):
        raise ValueError("not literal")
    return plaintext.table_lines(table.title, table.options.get("title_justify", "center"),
                                 columns, texts)


def _rich_text(parts: Parts) -> Text:
    from rich.text import Text

    text = Text(parts[0][0], style=parts[0][1])
    for part, style in parts[1:]:
        text.append(part, style=style)
    return text


def _rich_table(table: Table) -> Any:
    from rich.table import Table as RichTable

    shown = RichTable(title=table.title, **table.options)
    for header, options in table.columns:
        shown.add_column(header, **options)
    for row in table.rows:
        shown.add_row(*(cell if isinstance(cell, str) else _rich_text(cell) for cell in row))
    return shown
