"""An EditionDiff -> plain text lines and Markdown (no terminal styling)."""

from __future__ import annotations

from typing import Any

from cardgen.data.model import InventoryRow
from cardgen.diff.compute import MISSING, ComponentChange, EditionDiff, FieldChange, Piece

# ---------------------------------------------------------------- showing a diff


def show_value(value: Any, limit: int = 0) -> str:
    """A YAML value in one line: "text", 3, [a, b], {key: value}, (none)."""
    if value is MISSING or value is None:
        text = "(none)"
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, str):
        text = '"' + value.replace("\n", " ") + '"'
    elif isinstance(value, list):
        text = "[" + ", ".join(_bare(v) for v in value) + "]"
    elif isinstance(value, dict):
        text = "{" + ", ".join(f"{k}: {_bare(v)}" for k, v in value.items()) + "}"
    else:
        text = str(value)
    return text if not limit or len(text) <= limit else text[:limit - 1] + "…"


def _bare(value: Any) -> str:
    """Items inside a list or mapping: plain words unquoted."""
    if isinstance(value, str) and value.replace("-", "").replace("_", "").isalnum():
        return value
    return show_value(value)


def change_line(change: FieldChange) -> str:
    """'effect.text: "old" -> "new"'; additions and removals say so."""
    if change.old is MISSING:
        return f"{change.path}: added {show_value(change.new)}"
    if change.new is MISSING:
        return f"{change.path}: removed (was {show_value(change.old)})"
    return f"{change.path}: {show_value(change.old)} -> {show_value(change.new)}"


def summary_line(diff: EditionDiff) -> str:
    """'l5@0.6.2 -> l5@0.6.5: 9 changed, 40 added, 61 removed, ...' or 'no differences'."""
    if diff.empty:
        return f"{diff.old} -> {diff.new}: no differences"
    parts = [(len(diff.changed), "changed"), (len(diff.restyled), "restyled"),
             (len(diff.added), "added"), (len(diff.removed), "removed")]
    said = []
    if any(n for n, _ in parts):
        said.append("components: " + ", ".join(f"{n} {what}" for n, what in parts if n))
    rows = len(diff.rows_added) + len(diff.rows_removed) + len(diff.rows_changed)
    if rows:
        said.append(f"{rows} box-list row{'s' if rows != 1 else ''} differ")
    if (diff.kinds_added or diff.kinds_removed or diff.kinds_changed or diff.terms_added
            or diff.terms_removed or diff.terms_changed):
        said.append("kinds or vocabulary differ")
    return f"{diff.old} -> {diff.new}: {'; '.join(said) or 'only the edition details differ'}"


def by_kind(pieces: list[Piece]) -> dict[str, list[Piece]]:
    grouped: dict[str, list[Piece]] = {}
    for p in pieces:
        grouped.setdefault(p.kind, []).append(p)
    return grouped


def row_label(row: InventoryRow) -> str:
    return f'"{row.line}" ({", ".join(row.kinds)})'


def diff_markdown(diff: EditionDiff) -> str:
    """A changelog section in Markdown."""
    out = [f"## {diff.old} -> {diff.new}", "", summary_line(diff).split(": ", 1)[1], ""]

    def section(title: str, lines: list[str]) -> None:
        if lines:
            out.extend([f"### {title}", "", *lines, ""])

    section("Edition", [f"- {_md(change_line(c))}" for c in diff.edition])
    section("Kinds defined", [f"- added kind `{k}`" for k in diff.kinds_added]
            + [f"- removed kind `{k}`" for k in diff.kinds_removed]
            + [f"- kind `{k.name}`: {_md(change_line(c))}" for k in diff.kinds_changed
               for c in k.changes])
    section("Vocabulary", [f"- added term `{t}`" for t in diff.terms_added]
            + [f"- removed term `{t}`" for t in diff.terms_removed]
            + [f"- term `{t.name}`: {_md(change_line(c))}" for t in diff.terms_changed
               for c in t.changes])
    section("Pieces per kind", [f"- {k}: {o} -> {n}" for k, (o, n) in diff.counts.items()])
    section("Changed", [line for c in diff.changed for line in _md_change(c)])
    section("Restyled", [f"- **{c.name}** (`{c.id}`): {'; '.join(c.reasons)}"
                         for c in diff.restyled])
    section("Added", _md_pieces(diff.added))
    section("Removed", _md_pieces(diff.removed))
    section("Box list", [f"- added {_md(row_label(r))}" for r in diff.rows_added]
            + [f"- removed {_md(row_label(r))}" for r in diff.rows_removed]
            + [line for r in diff.rows_changed for line in [
                f"- changed \"{_md(r.line)}\"",
                *(f"  - {_md(change_line(c))}" for c in r.changes)]])
    return "\n".join(out).rstrip() + "\n"


def _md(text: str) -> str:
    return text.replace("*", "\\*").replace("_", "\\_")


def _md_change(c: ComponentChange) -> list[str]:
    was = f", was `{c.old_id}`" if c.old_id else ""
    head = f"- **{_md(c.name)}** (`{c.id}`, {c.kind}{was})"
    if all(f.path == "id" for f in c.changes):
        return [head + ": id renamed, same data"]
    return [head, *(f"  - {_md(change_line(f))}" for f in c.changes if f.path != "id")]


def _md_pieces(pieces: list[Piece]) -> list[str]:
    return [f"- {kind} ({sum(p.count for p in group)}): "
            + ", ".join(f"{_md(p.name)} (`{p.id}`)" for p in group)
            for kind, group in by_kind(pieces).items()]


