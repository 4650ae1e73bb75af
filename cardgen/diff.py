"""Two Databases (old, new) -> EditionDiff: kinds, terms, components and box-list rows that changed.

Components match by id; a component left unmatched on both sides matches by kind and name when
that pair is unique on both sides (an id renamed between editions). A component whose own data
is equal but whose vocabulary term or kind layout changed is "restyled": its face differs too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardgen.model import Component, Database, FieldSpec, InventoryRow, KindSpec, Term


class _Missing:
    """An absent value: a field one side states and the other does not."""

    def __repr__(self) -> str:
        return "(none)"


MISSING: Any = _Missing()

_BASE = ("kind", "name", "count", "status", "image", "back_image", "source")


@dataclass(frozen=True)
class FieldChange:
    path: str  # effect.text, rooms[blue-keep].type, items[2]
    old: Any  # MISSING when only the new side states it
    new: Any  # MISSING when only the old side states it

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"path": self.path}
        if self.old is not MISSING:
            data["old"] = self.old
        if self.new is not MISSING:
            data["new"] = self.new
        return data


@dataclass(frozen=True)
class Piece:
    """A component named in a diff: enough to list it."""

    id: str
    kind: str
    name: str
    count: int

    @classmethod
    def of(cls, c: Component) -> Piece:
        return cls(c.id, c.kind, c.name, c.count)


@dataclass
class ComponentChange:
    id: str
    kind: str
    name: str
    changes: list[FieldChange]
    old_id: str | None = None  # set when matched by kind and name under another id
    reasons: list[str] = field(default_factory=list)  # why a restyled face differs

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "kind": self.kind, "name": self.name,
                                "changes": [c.to_json() for c in self.changes]}
        if self.old_id:
            data["old_id"] = self.old_id
        if self.reasons:
            data["reasons"] = self.reasons
        return data


@dataclass
class RowChange:
    line: str
    kinds: list[str]
    changes: list[FieldChange]

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "kinds": self.kinds,
                "changes": [c.to_json() for c in self.changes]}


@dataclass
class Named:
    """Something with changed fields and a name: a kind, a vocabulary term, the edition."""

    name: str
    changes: list[FieldChange]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "changes": [c.to_json() for c in self.changes]}


@dataclass
class EditionDiff:
    old: str  # game@edition
    new: str
    edition: list[FieldChange] = field(default_factory=list)
    kinds_added: list[str] = field(default_factory=list)
    kinds_removed: list[str] = field(default_factory=list)
    kinds_changed: list[Named] = field(default_factory=list)
    terms_added: list[str] = field(default_factory=list)  # vocab:id
    terms_removed: list[str] = field(default_factory=list)
    terms_changed: list[Named] = field(default_factory=list)
    added: list[Piece] = field(default_factory=list)
    removed: list[Piece] = field(default_factory=list)
    changed: list[ComponentChange] = field(default_factory=list)
    restyled: list[ComponentChange] = field(default_factory=list)
    rows_added: list[InventoryRow] = field(default_factory=list)
    rows_removed: list[InventoryRow] = field(default_factory=list)
    rows_changed: list[RowChange] = field(default_factory=list)
    counts: dict[str, tuple[int, int]] = field(default_factory=dict)  # kind -> (old, new) pieces

    @property
    def empty(self) -> bool:
        return not any((self.edition, self.kinds_added, self.kinds_removed, self.kinds_changed,
                        self.terms_added, self.terms_removed, self.terms_changed, self.added,
                        self.removed, self.changed, self.restyled, self.rows_added,
                        self.rows_removed, self.rows_changed))

    def changed_ids(self) -> set[str]:
        """Ids (in the new edition) whose printed faces differ: added, changed, restyled.

        A component whose only change is its id (renamed, same data) prints the same face.
        """
        changed = {c.id for c in self.changed if any(f.path != "id" for f in c.changes)}
        return {p.id for p in self.added} | changed | {c.id for c in self.restyled}

    def to_json(self) -> dict[str, Any]:
        def rows(items: list[InventoryRow]) -> list[dict[str, Any]]:
            return [_row_data(r) for r in items]

        return {
            "old": self.old, "new": self.new, "empty": self.empty,
            "edition": [c.to_json() for c in self.edition],
            "kinds": {"added": self.kinds_added, "removed": self.kinds_removed,
                      "changed": [k.to_json() for k in self.kinds_changed]},
            "terms": {"added": self.terms_added, "removed": self.terms_removed,
                      "changed": [t.to_json() for t in self.terms_changed]},
            "components": {
                "added": [p.__dict__ for p in self.added],
                "removed": [p.__dict__ for p in self.removed],
                "changed": [c.to_json() for c in self.changed],
                "restyled": [c.to_json() for c in self.restyled],
            },
            "inventory": {"added": rows(self.rows_added), "removed": rows(self.rows_removed),
                          "changed": [r.to_json() for r in self.rows_changed]},
            "counts": {k: {"old": o, "new": n} for k, (o, n) in self.counts.items()},
            "changed_ids": sorted(self.changed_ids()),
        }


# ---------------------------------------------------------------- the diff


def diff_databases(old: Database, new: Database) -> EditionDiff:
    """Everything that differs between two editions (of one game, or of two)."""
    diff = EditionDiff(old.label, new.label, edition=_edition_changes(old, new))
    _diff_kinds(old.game.kinds, new.game.kinds, diff)
    _diff_terms(old.game.vocab, new.game.vocab, diff)
    _diff_components(old, new, diff)
    _diff_rows(old.edition.inventory, new.edition.inventory, diff)
    diff.counts = _counts(old, new)
    return diff


def value_changes(old: Any, new: Any, path: str = "") -> list[FieldChange]:
    """Field-by-field differences of two YAML values; nested paths like effect.text, rooms[0]."""
    if old == new:
        return []
    if isinstance(old, dict) and isinstance(new, dict):
        return [change for key in _keys(old, new)
                for change in value_changes(old.get(key, MISSING), new.get(key, MISSING),
                                            _join(path, str(key)))]
    if _is_record_list(old) and _is_record_list(new):
        return _list_changes(old, new, path)
    return [FieldChange(path, old, new)]


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _keys(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    return [*old, *(k for k in new if k not in old)]


def _is_record_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _list_changes(old: list[dict[str, Any]], new: list[dict[str, Any]],
                  path: str) -> list[FieldChange]:
    """Lists of mappings: by id when every item has one, else by position."""
    if all("id" in v for v in old + new):
        olds = {str(v["id"]): v for v in old}
        news = {str(v["id"]): v for v in new}
        keys = [*olds, *(k for k in news if k not in olds)]
        changes = [c for k in keys for c in value_changes(
            olds.get(k, MISSING), news.get(k, MISSING), f"{path}[{k}]")]
        if not changes and list(olds) != list(news):
            changes = [FieldChange(f"{path} order", list(olds), list(news))]
        return changes
    size = max(len(old), len(new))
    return [c for i in range(size) for c in value_changes(
        old[i] if i < len(old) else MISSING, new[i] if i < len(new) else MISSING, f"{path}[{i}]")]


def component_data(c: Component) -> dict[str, Any]:
    """What a component states (base keys and kind fields), without where it was written."""
    base = {k: getattr(c, k) for k in _BASE}
    return {k: v for k, v in {**base, **c.fields}.items() if v is not None}


# ---------------------------------------------------------------- edition, kinds, terms


def _edition_changes(old: Database, new: Database) -> list[FieldChange]:
    def data(db: Database) -> dict[str, Any]:
        e = db.edition
        return {"title": e.title, "date": e.date, "rulebook": e.rulebook,
                "players": e.players.model_dump() if e.players else None}

    return value_changes(data(old), data(new))


def _diff_kinds(old: dict[str, KindSpec], new: dict[str, KindSpec], diff: EditionDiff) -> None:
    diff.kinds_added = [k for k in new if k not in old]
    diff.kinds_removed = [k for k in old if k not in new]
    for name in (k for k in new if k in old):
        changes = value_changes(_spec_data(old[name]), _spec_data(new[name]))
        if changes:
            diff.kinds_changed.append(Named(name, changes))


def _spec_data(spec: KindSpec) -> dict[str, Any]:
    return spec.model_dump(exclude_none=True, exclude_defaults=True, by_alias=True)


def _diff_terms(old: dict[str, dict[str, Term]], new: dict[str, dict[str, Term]],
                diff: EditionDiff) -> None:
    for vocab in _keys(old, new):
        before, after = old.get(vocab, {}), new.get(vocab, {})
        diff.terms_added += [f"{vocab}:{t}" for t in after if t not in before]
        diff.terms_removed += [f"{vocab}:{t}" for t in before if t not in after]
        for term in (t for t in after if t in before):
            changes = value_changes(before[term].model_dump(exclude_none=True),
                                    after[term].model_dump(exclude_none=True))
            if changes:
                diff.terms_changed.append(Named(f"{vocab}:{term}", changes))


# ---------------------------------------------------------------- components


def _diff_components(old: Database, new: Database, diff: EditionDiff) -> None:
    pairs, added, removed = match_components(old.components, new.components)
    renamed = {a.id: b.id for a, b in pairs if a.id != b.id}
    restyle = _restyle_reasons(diff, new.game.kinds)
    for before, after in pairs:
        changes = value_changes(_renamed(component_data(before), renamed), component_data(after))
        old_id = before.id if before.id != after.id else None
        if old_id:
            changes.insert(0, FieldChange("id", before.id, after.id))
        if changes:
            diff.changed.append(ComponentChange(after.id, after.kind, after.name, changes, old_id))
            continue
        reasons = restyle(after)
        if reasons:
            diff.restyled.append(ComponentChange(after.id, after.kind, after.name, [],
                                                 reasons=reasons))
    diff.added = [Piece.of(c) for c in added]
    diff.removed = [Piece.of(c) for c in removed]


def _renamed(value: Any, ids: dict[str, str]) -> Any:
    """A value with every old id of a renamed component replaced by its new id."""
    if isinstance(value, str):
        return ids.get(value, value)
    if isinstance(value, list):
        return [_renamed(v, ids) for v in value]
    if isinstance(value, dict):
        return {k: _renamed(v, ids) for k, v in value.items()}
    return value


def match_components(old: list[Component], new: list[Component]
                     ) -> tuple[list[tuple[Component, Component]], list[Component], list[Component]]:
    """(matched pairs, added, removed): by id, then by a kind and name unique on both sides."""
    old_ids = {c.id: c for c in old}
    pairs = [(old_ids[c.id], c) for c in new if c.id in old_ids]
    new_ids = {c.id for c in new}
    added = [c for c in new if c.id not in old_ids]
    removed = [c for c in old if c.id not in new_ids]
    by_name_old = _unique_by_name(removed)
    by_name_new = _unique_by_name(added)
    renamed = [(by_name_old[key], c) for key, c in by_name_new.items() if key in by_name_old]
    paired_new = {id(b) for _, b in renamed}
    paired_old = {id(a) for a, _ in renamed}
    return (pairs + renamed, [c for c in added if id(c) not in paired_new],
            [c for c in removed if id(c) not in paired_old])


def _unique_by_name(components: list[Component]) -> dict[tuple[str, str], Component]:
    seen = Counter((c.kind, c.name) for c in components)
    return {(c.kind, c.name): c for c in components if seen[(c.kind, c.name)] == 1}


def _restyle_reasons(diff: EditionDiff, kinds: dict[str, KindSpec]
                     ) -> Callable[[Component], list[str]]:
    """component -> why its face differs although its data does not (terms, kind layout)."""
    changed_terms = {t.name for t in diff.terms_changed}
    changed_layouts = {k.name for k in diff.kinds_changed
                       if any(c.path.split(".")[0] in ("layout", "back", "title")
                              for c in k.changes)}

    def reasons(c: Component) -> list[str]:
        found = [f"kind {c.kind} changed its layout"] if c.kind in changed_layouts else []
        spec = kinds.get(c.kind)
        used = _terms_used(c.fields, spec.fields) if spec else set()
        found += [f"term {t} changed" for t in sorted(used & changed_terms)]
        return found

    return reasons


def _terms_used(values: dict[str, Any], fields: dict[str, FieldSpec]) -> set[str]:
    """vocab:id of every term a component's fields name."""
    found: set[str] = set()
    for name, spec in fields.items():
        if name in values:
            found |= _terms_in(values[name], spec)
    return found


def _terms_in(value: Any, spec: FieldSpec) -> set[str]:
    if spec.type == "term" and value is not None:
        return {f"{spec.vocab}:{value}"}
    if spec.type == "list" and spec.of is not None and isinstance(value, list):
        return {t for item in value for t in _terms_in(item, spec.of)}
    if spec.type == "object" and spec.fields and isinstance(value, dict):
        return _terms_used(value, spec.fields)
    return set()


def _counts(old: Database, new: Database) -> dict[str, tuple[int, int]]:
    """Pieces (copies counted) per kind, for the kinds whose count differs."""
    before: Counter[str] = Counter()
    after: Counter[str] = Counter()
    for c in old.components:
        before[c.kind] += c.count
    for c in new.components:
        after[c.kind] += c.count
    kinds = _keys(dict(before), dict(after))
    return {k: (before[k], after[k]) for k in kinds if before[k] != after[k]}


# ---------------------------------------------------------------- box list


def _row_data(row: InventoryRow) -> dict[str, Any]:
    return row.model_dump(exclude_none=True, by_alias=True)


def _diff_rows(old: list[InventoryRow], new: list[InventoryRow], diff: EditionDiff) -> None:
    """Equal rows pair first; then rows match by line and kinds, by line, by kinds."""
    left, right = list(old), list(new)
    pairs: list[tuple[InventoryRow, InventoryRow]] = []
    _pair_rows(left, right, lambda r: repr(_row_data(r)), pairs, unique=False)
    for key in (lambda r: (r.line, tuple(r.kinds)), lambda r: r.line, lambda r: tuple(r.kinds)):
        _pair_rows(left, right, key, pairs)
    for before, after in pairs:
        changes = value_changes(_row_data(before), _row_data(after))
        if changes:
            diff.rows_changed.append(RowChange(after.line, after.kinds, changes))
    diff.rows_added = right
    diff.rows_removed = left


def _pair_rows(left: list[InventoryRow], right: list[InventoryRow],
               key: Callable[[InventoryRow], Hashable],
               pairs: list[tuple[InventoryRow, InventoryRow]], unique: bool = True) -> None:
    """Move rows with the same key from left/right into pairs (only unique keys if `unique`)."""
    lefts, rights = Counter(key(r) for r in left), Counter(key(r) for r in right)
    for after in list(right):
        k = key(after)
        if lefts[k] >= 1 and rights[k] >= 1 and (not unique or lefts[k] == rights[k] == 1):
            before = next(r for r in left if key(r) == k)
            left.remove(before)
            right.remove(after)
            pairs.append((before, after))


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


def _by_kind(pieces: list[Piece]) -> dict[str, list[Piece]]:
    grouped: dict[str, list[Piece]] = {}
    for p in pieces:
        grouped.setdefault(p.kind, []).append(p)
    return grouped


def _row_label(row: InventoryRow) -> str:
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
    section("Box list", [f"- added {_md(_row_label(r))}" for r in diff.rows_added]
            + [f"- removed {_md(_row_label(r))}" for r in diff.rows_removed]
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
            for kind, group in _by_kind(pieces).items()]


def print_diff(diff: EditionDiff, console: Console) -> None:
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

    def __init__(self, console: Console):
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
    for kind, group in _by_kind(pieces).items():
        n = sum(p.count for p in group)
        view.say(f"{mark} {kind} ({n} piece{'s' if n != 1 else ''})", style)
        for p in group:
            view.say(f"{p.id}  {p.name}{f' x{p.count}' if p.count != 1 else ''}", indent=4)


def _print_rows(view: _View, diff: EditionDiff) -> None:
    if not (diff.rows_added or diff.rows_removed or diff.rows_changed):
        return
    view.heading("Box list")
    for r in diff.rows_added:
        view.say(f"+ {_row_label(r)}", "green")
    for r in diff.rows_removed:
        view.say(f"- {_row_label(r)}", "red")
    for rc in diff.rows_changed:
        view.say(f'~ "{rc.line}" ({", ".join(rc.kinds)})', "yellow")
        for c in rc.changes:
            view.say(change_line(c), indent=4)
