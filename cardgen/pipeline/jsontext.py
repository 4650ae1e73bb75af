"""Values -> the text json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) gives
them, put together without json's indenting encoder (pure Python, and a manifest holds
thousands of small entries; cardgen.pipeline.manifest writes with it)."""

from __future__ import annotations

import json
import math
import os
from itertools import chain
from typing import Any

from cardgen.pipeline import warm


def _with_files(data: dict[str, Any], files: str) -> str:
    """The manifest's text: `data`, then `files` (the text of its "files") among its keys."""
    marker = f"files-{os.urandom(16).hex()}"  # as unique as a uuid4's, without uuid's import
    before, _, after = _dumped({**data, "files": marker}).partition(json.dumps(marker))
    return before + files + after


def _dumped(value: Any) -> str:
    """json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)."""
    try:
        return _text(value, "")
    except _Other:
        return json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)


def _entry_text(entry: dict[str, Any]) -> str:
    """A file's entry as it reads inside the manifest's "files" (two levels deep)."""
    try:
        return _text(entry, "    ")
    except _Other:
        return json.dumps(entry, indent=2, sort_keys=True, ensure_ascii=False).replace(
            "\n", "\n    ")


class _Other(Exception):
    """A value `_text` leaves to json (NaN or an infinity, a key that is no text, a subclass)."""


def _text(value: Any, pad: str) -> str:
    """The text json.dumps(indent=2, sort_keys=True, ensure_ascii=False) gives a value of
    texts, integers, finite floats, booleans, None, lists and dictionaries keyed by texts,
    `pad` being the indentation of the line it starts on; put together without json's
    indenting encoder (pure Python, and a manifest holds thousands of small entries)."""
    kind = type(value)
    if kind is str:
        return _scalar(value)
    if kind is int:
        return str(value)
    if kind is float and math.isfinite(value):
        return float.__repr__(value)  # as json writes a finite float
    if value is None or kind is bool:
        return "null" if value is None else ("true" if value else "false")
    inner = pad + "  "
    if kind is list:
        if not value:
            return "[]"
        return "[\n" + ",\n".join(inner + _item(v, inner) for v in value) + "\n" + pad + "]"
    if kind is dict:
        return _dict_text(value, pad, inner)
    raise _Other


def _dict_text(value: dict[Any, Any], pad: str, inner: str) -> str:
    """`_text` of a dictionary (keyed by texts, else `_Other`)."""
    if not value:
        return "{}"
    if any(type(k) is not str for k in value):
        raise _Other
    if len(value) > 1 and type(next(iter(value.values()))) is dict:
        table = _table(value, inner)
        if table is not None:
            return "{\n" + table + "\n" + pad + "}"
    return ("{\n" + ",\n".join(f"{inner}{_scalar(k)}: {_item(value[k], inner)}"
                                for k in sorted(value)) + "\n" + pad + "}")


def _alike(a: Any, b: Any) -> bool:
    """Equal, and of the same types throughout (1 and True are equal but written apart): for
    the dictionaries of flat dictionaries of texts and integers `_table` and `_copies` write.
    Rows holding nothing but texts and integers (of exactly those types) on both sides are
    alike once equal (no text equals an integer): their types are not compared one by one."""
    if a != b:
        return False
    rows, others = a.values(), b.values()
    if (a and set(map(type, rows)) == _DICT == set(map(type, others))
            and set(map(type, chain.from_iterable(map(dict.values, rows)))) <= _PLAIN
            and set(map(type, chain.from_iterable(map(dict.values, others)))) <= _PLAIN):
        return True
    for key, row in a.items():
        other = b[key]
        if (type(row) is not dict or type(other) is not dict
                or any(type(v) is not type(other[k]) for k, v in row.items())):
            return False
    return True


_DICT = {dict}
_PLAIN = {str, int}  # types no value of the other equals


def _kept_text(value: dict[str, Any], pad: str, write: Any) -> Any:
    """`write(value, pad)`, taken again while the process keeps warm (`pipeline.warm`) when
    one of the last values written so is alike (`_alike`: a rebuild's components and copies
    mostly are)."""
    if not warm.warm() or len(value) < 64:
        return write(value, pad)
    for kept, kept_pad, text in _TEXTS:
        if kept_pad == pad and len(kept) == len(value) and _alike(value, kept):
            return text
    text = write(value, pad)
    if text is not None:
        _TEXTS.insert(0, (value, pad, text))
        del _TEXTS[8:]
    return text


# while the process keeps warm: the last large tables and copies written (value, pad, text)
_TEXTS: list[tuple[dict[str, Any], str, str]] = warm.memo([])


def _table(value: dict[str, Any], inner: str) -> str | None:
    """The items of a dictionary of flat dictionaries (texts and integers by text keys: the
    manifest's components) as `_text` writes them, each set of keys sorted once and each
    distinct text written once; None for any other dictionary."""
    text: str | None = _kept_text(value, inner, _table_text)
    return text


def _table_text(value: dict[str, Any], inner: str) -> str | None:
    deeper = inner + "  "
    orders: dict[tuple[str, ...], list[tuple[str, str]]] = {}
    written: dict[str, str] = {}  # a text -> as json writes it
    parts = []
    for key in sorted(value):
        row = value[key]
        if type(row) is not dict or not row:
            return None
        names = tuple(row)
        order = orders.get(names)
        if order is None:
            if any(type(name) is not str for name in names):
                return None
            order = orders[names] = [(name, f"{deeper}{_scalar(name)}: ") for name in sorted(row)]
        fields = []
        for name, head in order:
            field_value = row[name]
            kind = type(field_value)
            if kind is str:
                text = written.get(field_value)
                if text is None:
                    text = written[field_value] = _scalar(field_value)
            elif kind is int:
                text = str(field_value)
            else:
                return None
            fields.append(head + text)
        parts.append(f"{inner}{_scalar(key)}: {{\n" + ",\n".join(fields) + f"\n{inner}}}")
    return ",\n".join(parts)


def _copies(copies: dict[str, dict[str, int]], pad: str) -> str:
    """`_text` of a record's copies (component id -> side -> count): the text of each set of
    sides and counts worked out once (a deck's components mostly share one)."""
    text: str = _kept_text(copies, pad, _copies_text)
    return text


def _copies_text(copies: dict[str, dict[str, int]], pad: str) -> str:
    if any(type(k) is not str for k in copies):
        raise _Other
    inner = pad + "  "
    texts: dict[tuple[tuple[str, int], ...], str] = {}
    parts = []
    for cid in sorted(copies):
        sides = copies[cid]
        key = tuple(sides.items()) if type(sides) is dict else ()
        text = texts.get(key) if key else None
        if text is None:
            text = _text(sides, inner)
            if key and all(type(k) is str and type(n) is int for k, n in key):
                texts[key] = text
        parts.append(f"{inner}{_scalar(cid)}: {text}")
    return "{\n" + ",\n".join(parts) + "\n" + pad + "}"


def _item(value: Any, pad: str) -> str:
    """`_text` of a list's item or a dictionary's value: a text or an integer (most of a
    manifest's) written here, anything else by `_text`."""
    kind = type(value)
    if kind is int:
        return str(value)
    return _scalar(value) if kind is str else _text(value, pad)


def _scalar(value: str) -> str:
    """A text as json.dumps(ensure_ascii=False) writes it: quoted as it is when it holds no
    quote, backslash or control character."""
    if value.isprintable() and '"' not in value and "\\" not in value:
        return f'"{value}"'
    return json.dumps(value, ensure_ascii=False)


def manifest_text(data: dict[str, Any], records: list[Any] | None = None) -> str:
    """`_dumped(data)`; of its "files", the entries of `records` (manifest.FileRecord) encoded
    already and still the same are not encoded again."""
    files = data.get("files")
    if not records or not isinstance(files, dict) or not files:
        return _dumped(data)
    done = {r.path: r.encoded for r in records if r.encoded is not None}
    texts = {}
    for name, entry in files.items():
        known = done.get(name)
        texts[name] = known[1] if known is not None and known[0] == entry else _entry_text(entry)
    body = ",\n".join(f"    {_scalar(name)}: {texts[name]}" for name in sorted(texts))
    return _with_files(data, "{\n" + body + "\n  }")
