"""Two Databases (old, new) -> EditionDiff: kinds, terms, components and box-list rows that changed.

Components match by id; a component left unmatched on both sides matches by kind and name when
that pair is unique on both sides (an id renamed between editions). A component whose own data
is equal but whose vocabulary term or kind layout changed is "restyled": its face differs too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import field
from typing import Any

from cardgen.data.model import (
    BASE_FIELDS,
    Component,
    Database,
    FieldSpec,
    InventoryRow,
    KindSpec,
    Term,
)
from cardgen.records import record


class _Missing:
    """An absent value: a field one side states and the other does not."""

    def __repr__(self) -> str:
        return "(none)"


MISSING: Any = _Missing()

# what a component states besides its fields: not its id (matched on) nor its notes (not kept)
_BASE = tuple(k for k in BASE_FIELDS if k not in ("id", "notes", "quote"))


@record(frozen=True)
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


@record(frozen=True)
class Piece:
    """A component named in a diff: enough to list it."""

    id: str
    kind: str
    name: str
    count: int

    @classmethod
    def of(cls, c: Component) -> Piece:
        return cls(c.id, c.kind, c.name, c.count)


@record
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


@record
class RowChange:
    line: str
    kinds: list[str]
    changes: list[FieldChange]

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "kinds": self.kinds,
                "changes": [c.to_json() for c in self.changes]}


@record
class Named:
    """Something with changed fields and a name: a kind, a vocabulary term, the edition."""

    name: str
    changes: list[FieldChange]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "changes": [c.to_json() for c in self.changes]}


@record
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

        A component whose only changes are unprinted (its id, its draft status, its source
        quote) prints the same face.
        """
        changed = {c.id for c in self.changed
                   if any(f.path not in ("id", "status", "source") for f in c.changes)}
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
            lefts[k] -= 1
            rights[k] -= 1


