"""`cardgen check`'s report to a file or pipe is laid out without rich (cardgen.cli.plaintext):
the very text rich writes there, tables and wrapped lines alike; anything rich would show
otherwise (markup, emoji codes, wide characters) still goes through rich."""

from __future__ import annotations

import io
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardgen.check import check
from cardgen.cli import plaintext, report_view
from cardgen.cli.console import WIDTH, LazyConsole
from cardgen.data.load import load_database
from tests.conftest import REPO


def _rich(renderable: Any, **options: Any) -> str:
    """What rich writes for it to a file (no terminal), as `LazyConsole` makes its Console."""
    out = io.StringIO()
    Console(file=out, width=WIDTH, highlight=False).print(renderable, **options)
    return out.getvalue()


def _word(r: random.Random) -> str:
    size = r.choice([1, 2, 3, 4, 5, 6, 8, 10, 14, 20, 35, 70, 130])
    return "".join(r.choice("abcdefghijklmnopqrstuvwxyzABC0123456789&()-.,;'\"") for _ in range(size))


def _text(r: random.Random, most: int) -> str:
    words = [_word(r) for _ in range(r.randint(0, most))]
    text = "".join(w + r.choice([" ", " ", " ", "  "]) for w in words).rstrip(" ")
    return (" " if r.random() < 0.1 else "") + text + (" " if r.random() < 0.1 else "")


def test_a_table_is_laid_out_as_rich_lays_it_out() -> None:
    """Titles left or centred, columns left or right, folded or cut with an ellipsis, with and
    without a maximum width, narrow and far wider than 120 columns (collapsed as rich does)."""
    for seed in range(300):
        _table_case(seed)


def _table_case(seed: int) -> None:
    r = random.Random(seed)
    title = _text(r, 4) if r.random() < 0.8 else None
    title_justify = r.choice(["left", "center"])
    table = Table(title=title, title_justify=title_justify)
    columns = []
    for _ in range(r.randint(1, 6)):
        header = _text(r, 2) or "h"
        justify, overflow = r.choice(["left", "right"]), r.choice(["ellipsis", "fold"])
        max_width = r.choice([None, None, r.randint(3, 70)])
        columns.append(plaintext.Column(header, justify, overflow, max_width))
        table.add_column(header, justify=justify, overflow=overflow, max_width=max_width)  # type: ignore[arg-type]
    rows = [[_text(r, r.choice([1, 3, 12])) for _ in columns] for _ in range(r.randint(0, 6))]
    for row in rows:
        table.add_row(*row)
    try:
        lines = plaintext.table_lines(title, title_justify, columns, rows)
    except ValueError:  # a column too narrow for its padding: rich draws it
        return
    assert "".join(line + "\n" for line in lines) == _rich(table), seed


def test_a_line_is_wrapped_as_rich_wraps_it() -> None:
    for seed in range(200):
        text = _text(random.Random(seed), 40)
        assert "".join(line + "\n" for line in plaintext.wrap(text, WIDTH)) == _rich(Text(text)), seed


def test_what_rich_would_read_as_markup_or_measure_otherwise_is_not_literal() -> None:
    assert plaintext.literal("3 ORBIT CARDS (RED-BLUE)")
    assert not plaintext.literal("[bold]x[/bold]")
    assert plaintext.literal("[bold]x[/bold]", markup=False)
    assert not plaintext.literal("a :smile: b")
    assert not plaintext.literal("Tārā")  # measured: rich counts cells, not characters
    assert plaintext.literal("Tārā", markup=False, measured=False)
    assert not plaintext.literal("tab\there", markup=False, measured=False)


@cache
def _reports() -> list[Any]:
    """The seed games' reports, as they pass and as they fail (strict), with drafts and notes."""
    reports = []
    for game, edition in (("l5", "0.6.5"), ("l5", "0.6.2"), ("lux-aeterna", None)):
        db = load_database(REPO, game, edition)
        reports.append((check(db), False))
        reports.append((check(db, players=2), True))
    return reports


@pytest.mark.parametrize("stderr", [False, True])
def test_a_report_to_a_pipe_is_the_text_rich_writes(capsys: pytest.CaptureFixture[str],
                                                    stderr: bool) -> None:
    """The whole report, through the plain path and through rich: the same text."""
    for report, strict in _reports():
        console = LazyConsole(stderr)
        assert console.plain  # pytest's captured streams are no terminal
        capsys.readouterr()
        report_view.print_report(report, console, strict=strict)
        plain = capsys.readouterr()
        report_view.print_report(report, console.rich, strict=strict)
        rich = capsys.readouterr()
        assert (plain.err, plain.out) == (rich.err, rich.out)
    capsys.readouterr()
    report_view.print_families(LazyConsole(stderr))
    plain = capsys.readouterr()
    report_view.print_families(LazyConsole(stderr).rich)
    assert plain == capsys.readouterr()


def test_a_report_with_markup_in_its_data_goes_through_rich(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A box-list line rich reads as markup ([bold]) is printed by rich, as before."""
    report = check(load_database(REPO, "l5", "0.6.5"))
    report.rows[0].line = "[bold]3 CHARACTER IDS[/bold] :smile:"
    report.rows[1].kind = "Tārā token"
    console = LazyConsole(False)
    report_view.print_report(report, console)
    out = capsys.readouterr().out
    assert "[bold]" not in out and "3 CHARACTER IDS" in out
    report_view.print_report(report, console.rich)
    assert capsys.readouterr().out == out
