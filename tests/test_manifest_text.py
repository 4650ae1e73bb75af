"""The manifest's file entries are put together without json's indenting encoder: the text must
be exactly what json.dumps(indent=2, sort_keys=True, ensure_ascii=False) gives."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardgen.pipeline import manifest


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
    assert manifest._dumped(data) == json.dumps(data, indent=2, sort_keys=True,
                                                ensure_ascii=False)
