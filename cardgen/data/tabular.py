"""CSV / TSV / XLSX component file -> Source: the component mappings a YAML file gives, located by cell.

One row per component; the header names the fields. `kind` is a column, or a `# kind: NAME`
line above the header, or the file's name (`card.csv` holds cards). Dotted names reach nested
fields (`effect.text`), numbered ones list items (`steps.0`, `steps.1`). An empty cell is
absent. Cells are typed by the kind's field specs (`3` for an int field is the number 3); a
cell that does not parse stays text, so the usual checks report it at `file.csv:ROW:COL`.
An .xlsx workbook (its first sheet) reads the same way when openpyxl is installed.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from cardgen.data.model import BASE_FIELDS, FieldSpec, KindSpec, Tables
from cardgen.data.paths import TABLE_SUFFIXES as TABLE_SUFFIXES  # re-exported
from cardgen.data.yamlsrc import KeyPath, Source, decode_text, read_bytes
from cardgen.deferral import DeferredPattern
from cardgen.errors import Location, Problem, ProblemsError, did_you_mean

# DeferredPattern: compiled when first used (cardgen/deferral.py): most projects have no tables
_KIND_LINE = DeferredPattern(r"^#\s*kind\s*:\s*(\S+)\s*$", 0)
_TRUE, _FALSE = {"true", "yes", "y", "1", "x"}, {"false", "no", "n", "0"}


def read_table(path: Path, shown_as: str, kinds: dict[str, KindSpec],
               tables: Tables | None = None) -> Source:
    """Parse one CSV/TSV/XLSX file into a Source of component mappings; ProblemsError when the
    file is unreadable or its header or a row's shape is wrong. `tables`: the game's header
    mapping and where ids come from when a row has none."""
    raw = read_bytes(path, shown_as)
    if path.suffix.lower() == ".xlsx":
        rows = _sheet_records(raw, shown_as)
    else:
        rows = _records(_text(raw, shown_as), TABLE_SUFFIXES.get(path.suffix.lower(), ","), shown_as)
    default_kind, header_at = None, 0
    for at, (_line, cells) in enumerate(rows):
        # the line's non-empty cells: a spreadsheet pads its CSV rows with empty cells ('# kind: card,,')
        found = _KIND_LINE.match(" ".join(c.strip() for c in cells if c.strip())) if (
            cells and cells[0].startswith("#")) else None
        if found:
            default_kind = found.group(1)
        if not (cells and cells[0].startswith("#")) and any(c.strip() for c in cells):
            header_at = at
            break
    else:
        raise ProblemsError([Problem("empty-file", "no header row", where=Location(shown_as, 1, 1),
                                     hint="the first row names the fields: id,kind,name,...")])
    if default_kind is None and path.stem in kinds:
        default_kind = path.stem
    header_line, header = rows[header_at]
    table = _Table(shown_as, kinds, default_kind, tables or Tables(), path.stem)
    columns = table.columns(header_line, [h.strip() for h in header])
    data = [table.component(line, cells, columns) for line, cells in rows[header_at + 1:]
            if any(c.strip() for c in cells) and not cells[0].startswith("#")]  # blank, comment
    if table.problems:
        raise ProblemsError(table.problems)
    return Source(shown_as, data, table.marks, table.key_marks)


def _text(raw: bytes, shown_as: str) -> str:
    # utf-8-sig: spreadsheets often write a byte-order mark
    return decode_text(raw, shown_as, "utf-8-sig", encoding_hint="export the sheet as CSV UTF-8",
                       binary_hint="export the sheet as CSV (UTF-8), not as a workbook")


def _records(text: str, delimiter: str, shown_as: str) -> list[tuple[int, list[str]]]:
    """(first line number, cells) of every record; a quoted cell may span lines."""
    import csv  # loaded for a table file only: most projects have none

    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    records: list[tuple[int, list[str]]] = []
    line = 1
    try:
        for cells in reader:
            records.append((line, cells))
            line = reader.line_num + 1
    except csv.Error as exc:  # a cell over the csv module's 128 kB, a stray NUL
        raise ProblemsError([Problem(
            "bad-table", f"cannot read this row: {exc}", where=Location(shown_as, line, 1),
            hint="a cell holds at most 128 kB of text; check the quotes on this row")]) from None
    return records


def _sheet_records(raw: bytes, shown_as: str) -> list[tuple[int, list[str]]]:
    """(row number, cells as text) of the workbook's first sheet."""
    try:
        import openpyxl
    except ImportError:
        raise ProblemsError([Problem(
            "xlsx-unsupported", "reading .xlsx needs openpyxl, which is not installed",
            where=Location(shown_as, 1, 1),
            hint="install openpyxl where cardgen is (cardgen's xlsx extra), "
                 "or save the sheet as CSV UTF-8")]) from None
    try:
        book = openpyxl.load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001 - a damaged or foreign file, whatever openpyxl says
        raise ProblemsError([Problem(
            "not-xlsx", f"not a readable .xlsx workbook ({type(exc).__name__})",
            where=Location(shown_as, 1, 1), hint="save it again from the spreadsheet, or as CSV")]) from None
    try:
        sheet = book.worksheets[0]
        return [(n, [_cell_text(v) for v in row])
                for n, row in enumerate(sheet.iter_rows(values_only=True), start=1)]
    finally:
        book.close()


def _cell_text(value: Any) -> str:
    """A spreadsheet value as the text a CSV export would hold (whole numbers without '.0')."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if hasattr(value, "isoformat"):
        return str(value.isoformat())[:10] if getattr(value, "hour", 0) == 0 else value.isoformat()
    return str(value)


class _Table:
    """Rows -> component mappings, with each value's position and the problems of the header."""

    def __init__(self, file: str, kinds: dict[str, KindSpec], default_kind: str | None,
                 tables: Tables, stem: str):
        self.file, self.kinds, self.default_kind = file, kinds, default_kind
        self.tables, self.stem = tables, stem
        self.ids: set[str] = set()  # ids derived so far (a repeated name gets -2, -3, ...)
        self.marks: dict[KeyPath, Location] = {}
        self.key_marks: dict[KeyPath, Location] = {}
        self.problems: list[Problem] = []
        self.rows = 0

    def columns(self, line: int, written_names: list[str]
                ) -> list[tuple[int, tuple[str | int, ...]] | None]:
        """Each header cell -> (column number, key path), or None for a column left out."""
        kinds = [self.kinds[self.default_kind]] if self.default_kind in self.kinds else list(
            self.kinds.values())
        mapped = {k.strip().lower(): v for k, v in self.tables.columns.items()}
        names = [_field_name(mapped.get(n.lower(), n), kinds) for n in written_names]
        if "kind" not in names and self.default_kind is None:
            self.problems.append(Problem(
                "missing-field", "no kind for these rows", where=Location(self.file, line, 1),
                hint="add a 'kind' column, a first line '# kind: NAME', or name the file NAME.csv"))
        out: list[tuple[int, tuple[str | int, ...]] | None] = []
        for col, (written, name) in enumerate(zip(written_names, names, strict=True), start=1):
            path = tuple(int(p) if p.isdigit() else p for p in name.split("."))
            if not name or name.startswith("#"):
                out.append(None)  # an unnamed column: notes beside the data
            elif not any(_reaches(kind, path) for kind in kinds):
                out.append(None)
                via = f" (columns: maps '{written}' to it)" if name != written else ""
                self.problems.append(Problem(
                    "unknown-field", f"unknown column '{name}'{via}",
                    where=Location(self.file, line, col), path=name, hint=column_hint(name, kinds)))
            else:
                out.append((col, path))
        return out

    def component(self, line: int, cells: list[str],
                  columns: list[tuple[int, tuple[str | int, ...]] | None]) -> dict[str, Any]:
        index, self.rows = self.rows, self.rows + 1
        if len(cells) > len(columns):  # an unquoted separator shifted the cells after it
            self.problems.append(Problem(
                "bad-row", f"this row has {len(cells)} cells, the header names {len(columns)}",
                where=Location(self.file, line, len(columns) + 1),
                hint="text holding the separator must be quoted: \"Draw a card, then discard\""))
        raw: dict[str, Any] = {}
        raw_marks: dict[KeyPath, Location] = {}
        kind = self._kind(cells, columns)
        for column, cell in zip(columns, cells, strict=False):
            if column is None or not cell.strip():
                continue
            col, path = column
            _put(raw, path, _typed(cell.strip(), path, self.kinds.get(kind or "")))
            raw_marks[path] = Location(self.file, line, col)
        self.marks[(index,)] = Location(self.file, line, 1)
        if kind is not None and "kind" not in raw:
            raw["kind"] = kind
        if "id" not in raw:
            raw["id"] = self._derived_id(raw, line)
            raw_marks[("id",)] = Location(self.file, line, 1)
        return _finish_fields(raw, (index,), (), raw_marks, self.marks, self.key_marks)

    def _derived_id(self, raw: dict[str, Any], line: int) -> str:
        """A row's id when it has none: its `id_from` column as a slug, else FILE-ROW."""
        source = raw.get(self.tables.id_from) if self.tables.id_from else None
        base = _slug(str(source)) if source not in (None, "") else ""
        base = base or f"{_slug(self.stem) or 'row'}-{line}"
        found, n = base, 1
        while found in self.ids:
            n += 1
            found = f"{base}-{n}"
        self.ids.add(found)
        return found

    def _kind(self, cells: list[str], columns: list[tuple[int, tuple[str | int, ...]] | None]
              ) -> str | None:
        for column, cell in zip(columns, cells, strict=False):
            if column is not None and column[1] == ("kind",) and cell.strip():
                return cell.strip()
        return self.default_kind


COPIES = ("copies", "qty", "quantity")  # headers that mean `count` unless a kind has the field


def _field_name(name: str, kinds: list[KindSpec]) -> str:
    """A header as the field path it names: each part matched case-insensitively against the
    fields the kinds take (`Name` -> name, `NATION` -> nation); `copies` is `count`."""
    name = name.strip()
    if not name or name.startswith("#"):
        return name
    known = {*BASE_FIELDS, *(f for kind in kinds for f in kind.fields)}
    if name.lower() in COPIES and name.lower() not in {k.lower() for k in known}:
        return "count"
    head, *rest = name.split(".")
    match = next((k for k in sorted(known) if k.lower() == head.lower()), head)
    specs = [kind.fields.get(match) for kind in kinds]
    parts = [match]
    for part in rest:
        fields = {f for spec in specs if spec is not None and spec.type == "object"
                  for f in (spec.fields or {})}
        part = next((f for f in sorted(fields) if f.lower() == part.lower()), part)
        specs = [(spec.fields or {}).get(part) if spec is not None and spec.type == "object"
                 else spec.of if spec is not None and spec.type == "list" else None
                 for spec in specs]
        parts.append(part)
    return ".".join(parts)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60]


def _reaches(kind: KindSpec, path: tuple[str | int, ...]) -> bool:
    """Does a column's key path name a base field, or a field of the kind (through its objects'
    fields and its lists' numbered items)?"""
    if any(p == "" for p in path):
        return False
    if path[0] in BASE_FIELDS:
        return True
    spec: FieldSpec | None = kind.fields.get(str(path[0]))
    for part in path[1:]:
        if spec is None:
            return False
        if spec.type == "list" and isinstance(part, int):
            spec = spec.of
            if spec is None:
                return True  # a list of anything
        elif spec.type == "object" and isinstance(part, str):
            if spec.fields is None:
                return True  # an object of any keys
            spec = spec.fields.get(part)
        else:
            return False
    return spec is not None


def _dotted(prefix: str, spec: FieldSpec, depth: int = 0) -> list[str]:
    """A field's column names: itself, its object's fields, its list's item 0 (and below)."""
    names = [prefix]
    if depth > 8:
        return names
    if spec.type == "list" and spec.of is not None:
        names += _dotted(f"{prefix}.0", spec.of, depth + 1)
    for sub, sub_spec in (spec.fields or {}).items() if spec.type == "object" else ():
        names += _dotted(f"{prefix}.{sub}", sub_spec, depth + 1)
    return names


def column_hint(name: str, kinds: list[KindSpec]) -> str | None:
    """A did-you-mean for an unknown column over every column name the kinds take, dotted ones
    included (`demands.1.crp` or `crop` -> `demands.1.crop`); the column's item numbers kept."""
    import difflib  # as errors.did_you_mean: loaded only for a problem to hint at

    known = sorted({*BASE_FIELDS, *(n for kind in kinds for field, spec in kind.fields.items()
                                   for n in _dotted(field, spec))})
    numbers = [p for p in name.split(".") if p.isdigit()]
    shape = ".".join("0" if p.isdigit() else p for p in name.split(".")).lower()
    close = difflib.get_close_matches(shape, known, n=1, cutoff=0.6)
    if not close:  # the last word alone: `crop` -> `demands.0.crop`
        last = shape.rsplit(".", 1)[-1]
        tails = [n for n in known if difflib.get_close_matches(last, [n.rsplit(".", 1)[-1]],
                                                              cutoff=0.75)]
        close = sorted(tails, key=lambda n: (n.count("."), n))[:1]
    if not close:
        return did_you_mean(name, known)
    parts = close[0].split(".")
    if numbers and len(numbers) == parts.count("0"):
        given = iter(numbers)
        parts = [next(given) if p == "0" else p for p in parts]
    return f"did you mean '{'.'.join(parts)}'?"


def _put(node: dict[Any, Any], path: tuple[str | int, ...], value: Any) -> None:
    for part in path[:-1]:
        node = node.setdefault(part, {})
        if not isinstance(node, dict):
            return  # 'effect' and 'effect.text' both given: the plain value wins
    node.setdefault(path[-1], value)


def _finish(node: Any, path: KeyPath, raw_path: tuple[str | int, ...],
            raw_marks: dict[KeyPath, Location], marks: dict[KeyPath, Location],
            key_marks: dict[KeyPath, Location]) -> Any:
    """Numbered keys -> a list in number order (gaps closed); positions follow each value."""
    if raw_path in raw_marks:
        marks[path] = key_marks[path] = raw_marks[raw_path]
    if not isinstance(node, dict):
        return node
    first = min((loc for p, loc in raw_marks.items() if p[:len(raw_path)] == raw_path),
                key=lambda loc: loc.col, default=None)
    if path[1:] and first is not None:  # a nested object or list: where its first cell is
        marks.setdefault(path, first)
        key_marks.setdefault(path, first)
    if node and all(isinstance(k, int) for k in node):
        return [_finish(node[k], (*path, i), (*raw_path, k), raw_marks, marks, key_marks)
                for i, k in enumerate(sorted(node))]
    return _finish_fields(node, path, raw_path, raw_marks, marks, key_marks)


def _finish_fields(node: dict[Any, Any], path: KeyPath, raw_path: tuple[str | int, ...],
                   raw_marks: dict[KeyPath, Location], marks: dict[KeyPath, Location],
                   key_marks: dict[KeyPath, Location]) -> dict[str, Any]:
    """An object's fields, each value finished (a row's own fields are always named)."""
    return {str(k): _finish(v, (*path, str(k)), (*raw_path, k), raw_marks, marks, key_marks)
            for k, v in node.items()}


def _typed(cell: str, path: tuple[str | int, ...], kind: KindSpec | None) -> Any:
    """A cell's text as the value its field spec expects, when it parses; else the text."""
    if path == ("count",):
        return int(cell) if re.fullmatch(r"[+-]?\d+", cell) else cell
    spec = _spec_at(kind, path)
    if spec is None:
        return cell
    if spec.type == "int" and re.fullmatch(r"[+-]?\d+", cell):
        return int(cell)
    if spec.type == "float":
        try:
            return float(cell) if "." in cell or "e" in cell.lower() else int(cell)
        except ValueError:
            return cell
    if spec.type == "bool" and cell.lower() in _TRUE | _FALSE:
        return cell.lower() in _TRUE
    return cell


def _spec_at(kind: KindSpec | None, path: tuple[str | int, ...]) -> FieldSpec | None:
    if kind is None or not isinstance(path[0], str):
        return None
    spec: FieldSpec | None = kind.fields.get(path[0])
    for part in path[1:]:
        if spec is None:
            return None
        spec = spec.of if isinstance(part, int) else (spec.fields or {}).get(part)
    return spec
