"""An EditionDiff -> the terminal view (rich)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text

from cardgen.diff.compute import EditionDiff, Named, Piece
from cardgen.diff.text import by_kind, change_line, row_label, summary_line

if TYPE_CHECKING:
    from cardgen.cli.console import Printer


def print_diff(diff: EditionDiff, console: Printer) -> None:
    """The diff as a terminal view (rich): summary, then one section per kind of change."""
    console.print(Text(summary_line(diff), style="bold"))
    if diff.empty:
        return
    view = _View(console)
    if diff.edition:
        view.heading("Edition")
        for c in diff.edition:
            view.say(change_line(c))
    view.marks("Kinds defined", diff.kinds_added, diff.kinds_removed, diff.kinds_changed)
    view.marks("Vocabulary", diff.terms_added, diff.terms_removed, diff.terms_changed)
    if diff.counts:
        console.print()
        console.print(_counts_table(diff.counts))
    _print_changed(view, diff)
    _print_pieces(view, "Added", diff.added, "+", "green")
    _print_pieces(view, "Removed", diff.removed, "-", "red")
    _print_rows(view, diff)


class _View:
    """Headings and indented, styled lines on a rich console."""

    def __init__(self, console: Printer):
        self.console = console

    def heading(self, title: str) -> None:
        self.console.print(Text(f"\n{title}", style="bold underline"))

    def say(self, text: str, style: str = "", indent: int = 2) -> None:
        self.console.print(Text(" " * indent + text, style=style), soft_wrap=True)

    def marks(self, title: str, added: list[str], removed: list[str],
              changed: list[Named]) -> None:
        if not (added or removed or changed):
            return
        self.heading(title)
        for name in added:
            self.say(f"+ {name}", "green")
        for name in removed:
            self.say(f"- {name}", "red")
        for named in changed:
            self.say(f"~ {named.name}", "yellow")
            for c in named.changes:
                self.say(change_line(c), indent=4)


def _counts_table(counts: dict[str, tuple[int, int]]) -> Table:
    table = Table(title="Pieces per kind", title_justify="left")
    table.add_column("kind")
    table.add_column("old", justify="right")
    table.add_column("new", justify="right")
    for kind, (old, new) in counts.items():
        table.add_row(kind, str(old), str(new), style="green" if not old else "red" if not new else "")
    return table


def _print_changed(view: _View, diff: EditionDiff) -> None:
    if diff.changed:
        view.heading(f"Changed ({len(diff.changed)})")
    for c in diff.changed:
        was = f", was {c.old_id}" if c.old_id else ""
        view.say(f"~ {c.id}  {c.name} ({c.kind}{was})", "yellow")
        for f in c.changes:
            if f.path != "id":
                view.say(change_line(f), indent=4)
        if all(f.path == "id" for f in c.changes):
            view.say("id renamed; same data", "dim", indent=4)
    if diff.restyled:
        view.heading(f"Restyled ({len(diff.restyled)}): same data, the face differs")
    for c in diff.restyled:
        view.say(f"~ {c.id}  {c.name} ({c.kind}): {'; '.join(c.reasons)}", "yellow")


def _print_pieces(view: _View, title: str, pieces: list[Piece], mark: str, style: str) -> None:
    if not pieces:
        return
    view.heading(f"{title} ({len(pieces)})")
    for kind, group in by_kind(pieces).items():
        n = sum(p.count for p in group)
        view.say(f"{mark} {kind} ({n} piece{'s' if n != 1 else ''})", style)
        for p in group:
            view.say(f"{p.id}  {p.name}{f' x{p.count}' if p.count != 1 else ''}", indent=4)


def _print_rows(view: _View, diff: EditionDiff) -> None:
    if not (diff.rows_added or diff.rows_removed or diff.rows_changed):
        return
    view.heading("Box list")
    for r in diff.rows_added:
        view.say(f"+ {row_label(r)}", "green")
    for r in diff.rows_removed:
        view.say(f"- {row_label(r)}", "red")
    for rc in diff.rows_changed:
        view.say(f'~ "{rc.line}" ({", ".join(rc.kinds)})', "yellow")
        for c in rc.changes:
            view.say(change_line(c), indent=4)
