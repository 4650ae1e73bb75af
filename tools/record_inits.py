"""Writes cardgen/inits.py: the `__init__` template of every shape of cardgen's records, so that
a process reads them compiled (the module's .pyc) instead of compiling each text.

    .venv/bin/python tools/record_inits.py

Run it after declaring a record of a new shape (tests/test_records.py fails until then; such a
record compiles its template meanwhile, as every record did before).
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import cardgen  # noqa: E402
from cardgen import records  # noqa: E402

TARGET = REPO / "cardgen" / "inits.py"

HEAD = '''\
# ruff: noqa
# mypy: ignore-errors
"""The `__init__` templates of cardgen's records, one per shape of fields, as
`records.template_text` writes them (its last line apart), read compiled from this module's .pyc
by `records._written` instead of compiled text by text. Written by tools/record_inits.py, held
to the texts compiled by tests/test_records.py; no `__future__` import: it would mark the code."""

import sys

'''
TAIL = '''
OUTERS = [c for c in sys._getframe().f_code.co_consts if getattr(c, "co_name", "") == "__create_fn__"]
'''


def shapes() -> list[records._Shape]:
    """Every shape of the records cardgen's own modules declare."""
    for info in pkgutil.walk_packages(cardgen.__path__, "cardgen."):
        if not info.name.endswith(("__main__", ".inits")):
            importlib.import_module(info.name)
    found = set()
    for cls, made in records.MADE.items():
        if made["init"] and cls.__module__.split(".")[0] == "cardgen":
            shape = records.shape_of(dataclasses.fields(cls), made["frozen"])
            if shape is not None:
                found.add(shape)
    return sorted(found, key=lambda s: (len(s[2]), s))


def text() -> str:
    """What cardgen/inits.py holds for these shapes."""
    written = {(False, s[1], "") if not s[2] else s for s in shapes()}  # no fields: one code
    return HEAD + "".join(records.template_text(*shape).rsplit("\n", 1)[0] + "\n"
                          for shape in sorted(written, key=lambda s: (len(s[2]), s))) + TAIL


if __name__ == "__main__":
    TARGET.write_text(text(), encoding="utf-8")
    print(f"wrote {TARGET.relative_to(REPO)}")
