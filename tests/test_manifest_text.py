"""The manifest's file entries are put together without json's indenting encoder: the text must
be exactly what json.dumps(indent=2, sort_keys=True, ensure_ascii=False) gives."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardgen.pipeline import jsontext, manifest


def _json_entry(entry: dict[str, Any]) -> str:
    return json.dumps(entry, indent=2, sort_keys=True, ensure_ascii=False).replace("\n", "\n    ")


@pytest.mark.parametrize("entry", [
    {},
    {"holds": "svg", "kinds": ["card"], "pages": 0, "faces": 1, "bytes": 4123,
     "sha256": "ab" * 32, "source": "svg:0123"},
    {"kinds": [], "paper": None, "duplex": True, "flip": False, "bytes": -3, "big": 10 ** 30},
    {"path": 'quote " back\\slash \n new line \t tab \x00 \x1f \x7f é ✓ \u2028 \ud800'},
    {"kinds": ["a", "b\"c", "\x01", "ü"], "page_sides": ["front", "back", "blank"]},
    {"copies": {"c1": {"front": 2, "back": 2}}, "pages": 3},  # nested: json's own text
    {"ratio": 1.5, "nan": float("inf")},
    {"back_offset": [0.0, -0.0, 0.1, -2.5, 1e-7, 1e22, 2.5e-300, 123456789.125]},
    {"nan": float("nan"), "minus": [float("-inf")]},
    {"mixed": ["a", 1]},
    {"deep": [{"a": [[], {}, [1, [True, None]]], "b": {"c": {"d": "e"}}}], "empty": {}},
    {10: "integer keys", 2: "json sorts and writes them"},
    {"sub": type("Text", (str,), {})("a str subclass")},
])
def test_an_entry_reads_as_json_writes_it(entry: dict[str, Any]) -> None:
    assert manifest._entry_text(entry) == _json_entry(entry)


@pytest.mark.parametrize("table", [
    {"c1": {"count": 1, "kind": "card", "name": "Card 1", "status": "draft"},
     "c0": {"status": None, "name": 'q"uote', "kind": "card", "count": 2}},  # keys in any order
    {"a": {"n": 1}, "b": {"n": True}, "c": {"n": 1.5}, "d": {"n": "1"}},  # not texts or ints
    {"a": {"x": "é", "y": -7}, "b": {}, "c": {"x": "é"}},  # an empty row, another set of keys
    {"a": {"x": 1}, "b": [1, 2], "c": {"x": type("Text", (str,), {})("sub")}},
    {"a": {"x": "\u2028 \x00", "y": 10 ** 30}, "b": {"y": 0, "x": "\\"}},
    {"a": {1: "integer key"}, "b": {"x": "y"}},
])
def test_a_table_of_records_reads_as_json_writes_it(table: dict[str, Any]) -> None:
    """A dictionary of flat dictionaries (the manifest's components) is written row by row."""
    want = json.dumps({"components": table}, indent=2, sort_keys=True, ensure_ascii=False)
    assert jsontext._dumped({"components": table}) == want


def test_every_character_is_escaped_as_json_escapes_it() -> None:
    for code in range(0x3000):
        entry = {"name": f"a{chr(code)}b", "kinds": [chr(code)]}
        assert manifest._entry_text(entry) == _json_entry(entry), hex(code)


def test_a_manifest_reads_as_json_dumps_writes_it(tmp_path: Path) -> None:
    records = []
    for n, holds in enumerate(["svg", "home-print", "print-shop"]):
        (tmp_path / f"f{n}").write_bytes(b"x" * n)
        record = manifest.FileRecord(f"f{n}", holds, ["card", "token"], n, 2 * n,
                                     copies={"c": {"front": n}} if n else {},
                                     paper="letter" if n == 1 else None, source=f"k:{n}",
                                     page_sides=["front"] * n if n == 1 else None)
        records.append(record.encode(tmp_path))
    data = {"game": "g", "files": {r.path: r.as_json(tmp_path) for r in records}}
    assert manifest.manifest_text(data, records) == json.dumps(data, indent=2, sort_keys=True,
                                                               ensure_ascii=False)


def test_a_whole_manifest_reads_as_json_dumps_writes_it() -> None:
    data = {"game": "g", "components": {f"c{i}": {"kind": "card", "name": f"Card é {i}",
                                                  "count": i, "status": None}
                                        for i in range(40)},
            "counts": {"pages": {"a.pdf": 3}, "files": 2}, "options": {"papers": ["a4"],
                                                                      "only": None}}
    assert jsontext._dumped(data) == json.dumps(data, indent=2, sort_keys=True,
                                                ensure_ascii=False)


@pytest.mark.parametrize("fields", [
    {},
    {"copies": {"c2": {"front": 1, "back": 1}, "c1": {"back": 1, "front": 1},
                "c3": {"front": 2}, "c4": {}, "c\u00e9\"5": {"front": True, "back": 1.5},
                "c6": {"back": 2, "front": 1}, "c0": {"back": 1, "front": 2}}},
    {"copies": {"a": ["not", "a", "dict"], "b": {"x": None}}, "paper": "letter",
     "page_sides": ["front", "back"], "duplex": True, "flip": "short"},
    {"kinds": ["token", "card", "b\"c"], "source": "k:1", "pages": 3, "faces": 7},
    {"duplex": 1, "flip": None, "paper": ""},
    {"source": "svg:0123abc"},  # what most of a rebuild's records are: a source, nothing else
    {"source": "s\"q\u00e9\n", "kinds": [], "pages": 2, "faces": 0},
    {"source": "k:2", "kinds": ["b", "a\u00e9", "a"], "holds": "svg"},
    {"source": "k:3", "kinds": ["card"], "copies": {}, "page_sides": None, "paper": None},
])
def test_a_record_writes_its_entry_as_json_would(tmp_path: Path, fields: dict[str, Any]) -> None:
    """FileRecord writes its entry field by field (copies shared by many components once):
    the text _entry_text gives its as_json, whatever the fields hold."""
    (tmp_path / "f").write_bytes(b"abc")
    (tmp_path / "g").write_bytes(b"abcd")
    fields = dict(fields)
    holds = fields.pop("holds", "print-shop")
    for name in ("f", "g", "f"):  # records of one shape after another: each its own entry
        record = manifest.FileRecord(name, holds, **{"kinds": ["card"], **fields})
        record.encode(tmp_path)
        assert record.encoded is not None
        assert record.encoded[1] == _json_entry(record.as_json(tmp_path))
        fields = {**fields, "source": f"{fields['source']}+"} if "source" in fields else fields


def _records(tmp_path: Path, n: int) -> list[manifest.FileRecord]:
    records = []
    for i in range(n):
        (tmp_path / f"f{i}").write_bytes(b"x" * i)
        records.append(manifest.FileRecord(f"f{i}", "svg", ["card"], 0, 1, source=f"k:{i}")
                       .encode(tmp_path))
    return records


def _files_text(records: list[manifest.FileRecord], root: Path) -> str:
    return manifest.manifest_text({"files": {r.path: r.as_json(root) for r in records}})[
        len('{\n  "files": '):-2]


def test_a_warm_rebuild_writes_the_files_of_its_records_as_json_would(tmp_path: Path) -> None:
    """While warm, the lines of records unchanged since the last build are the last build's:
    each change (a field set anew, a record of another path, more records, a path written
    twice) is written as json.dumps writes the records' entries."""
    from cardgen.pipeline import warm

    warm.keep_warm()
    try:
        records = _records(tmp_path, 6)
        assert manifest.records_text(records, tmp_path) == _files_text(records, tmp_path)
        changes = [
            lambda rs: setattr(rs[2], "source", "k:new"),
            lambda rs: setattr(rs[4], "pages", 3),
            lambda rs: rs.__setitem__(1, manifest.FileRecord("f1", "svg", ["token"], 0, 1)),
            lambda rs: rs.__setitem__(0, manifest.FileRecord("f5", "svg", ["card"], 0, 2)),
            lambda rs: rs.append(manifest.FileRecord("f3", "svg", ["card"], 0, 9)),
            lambda rs: setattr(rs[3], "copies", {"c": {"front": 1}}),
            lambda rs: rs.pop(),
        ]
        for change in changes:
            change(records)
            assert manifest.records_text(records, tmp_path) == _files_text(records, tmp_path)
    finally:
        warm.keep_warm(False)


def test_a_warm_rebuild_writes_again_a_line_whose_record_changed_or_moved(tmp_path: Path) -> None:
    """While warm, a record's line is the last build's only for the very record at its place,
    with no field set since: a record written for another list and set there, then back in
    the first (its line there is stale), and lines that grow before a changed one."""
    from cardgen.pipeline import warm

    warm.keep_warm()
    try:
        first = _records(tmp_path, 6)
        second = [*first[:3], *_records(tmp_path, 6)[3:]]
        for records, change in [
            (first, None), (second, lambda: setattr(first[1], "source", "k:other")),
            (first, None), (first, lambda: setattr(first[0], "size", 10 ** 12)),
            (first, lambda: setattr(first[4], "digest", "d" * 64)),
            (first, lambda: (setattr(first[1], "pages", 123456), setattr(first[5], "faces", 7))),
            (first, lambda: setattr(first[2], "pages", 1)),
        ]:
            if change is not None:
                change()
            assert manifest.records_text(records, tmp_path) == _files_text(records, tmp_path)
    finally:
        warm.keep_warm(False)


def test_what_a_warm_manifest_gives_for_reuse_is_what_reading_it_gives(tmp_path: Path) -> None:
    """`reusable_files`: the sources, paths, bytes and sha256 `output.Previous` would read from
    the manifest just written (a source of two paths, a path written twice, a record without
    a source or a sha256), kept line by line as the lines change; nothing for other records."""
    from cardgen.pipeline import output, warm

    warm.keep_warm()
    try:
        records = _records(tmp_path, 6)
        records[2].source = records[4].source
        records.append(manifest.FileRecord("f1", "svg", ["card"], 0, 1, source="k:late"))
        records[3].source = None
        for change in [None, lambda: setattr(records[4], "source", "k:four"),
                       lambda: setattr(records[0], "digest", None),
                       lambda: setattr(records[2], "size", 99)]:
            if change is not None:
                change()
            manifest.files_body(records, tmp_path)
            if records[0].digest is None:  # measured again by files_body
                assert isinstance(records[0].digest, str)
            assert manifest.reusable_files(records) == output._reusable(records)
        assert manifest.reusable_files(list(records)) is None
    finally:
        warm.keep_warm(False)


def test_a_warm_manifest_takes_its_components_again_only_for_rows_alike() -> None:
    """The components' table is the last build's for the very components, or new ones of
    equal rows of texts and integers; a changed row or a boolean count is written anew."""
    from types import SimpleNamespace

    from cardgen.pipeline import warm

    def row(i: int, **fields: Any) -> Any:
        return SimpleNamespace(**{"id": f"c{i:03d}", "kind": "card", "name": f"C {i}",
                                  "count": 1, "status": "draft", **fields})

    def expected(chosen: list[Any]) -> str:
        table = {c.id: {"kind": c.kind, "name": c.name, "count": c.count, "status": c.status}
                 for c in chosen}
        return json.dumps({"components": table}, indent=2, sort_keys=True)[
            len('{\n  "components": '):-2]

    warm.keep_warm()
    try:
        chosen = [row(i) for i in range(5)]
        for change in [None, lambda: chosen.__setitem__(2, row(2)),
                       lambda: chosen.__setitem__(2, row(2, count=True)),
                       lambda: chosen.__setitem__(2, row(2)),
                       lambda: chosen.__setitem__(4, row(4, name="renamed")),
                       lambda: chosen.append(row(5)), None]:
            if change is not None:
                change()
            assert manifest._components_text(chosen) == expected(chosen)  # type: ignore[arg-type]
    finally:
        warm.keep_warm(False)
