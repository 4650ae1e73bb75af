"""Writes cardgen/patterntable.py: the compiled code of every pattern a fresh interpreter
compiles while it imports cardgen's modules (theirs, and those of the libraries and standard
modules they load), which the command line puts in re's cache before it loads them
(cardgen/patterns.py) instead of having each parsed.

    .venv/bin/python tools/pattern_table.py          # write it
    .venv/bin/python tools/pattern_table.py --check  # exit 1 when it is not what it would write

Run it after adding or changing a pattern compiled on import, or after upgrading Python or a
library (tests/test_patterns.py fails until then; meanwhile such a pattern is compiled by re as
every pattern was before).
"""

import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def asked() -> list[tuple[str | bytes, int]]:
    """The patterns compiled while cardgen's modules are imported, in this interpreter (run
    with --asked, before anything but what Python starts with is loaded)."""
    sys.path.insert(0, REPO)
    from cardgen import patterns

    found = patterns.recorded()
    import importlib
    import pkgutil

    import cardgen
    from cardgen.cli.ending import run  # noqa: F401  # the command line's first modules
    from cardgen.render.rulebook.platypus import import_platypus

    import_platypus()  # reportlab.platypus as the rules typesetter imports it (before any
    # other module of cardgen imports a part of it)
    for info in pkgutil.walk_packages(cardgen.__path__, "cardgen."):
        if not info.name.endswith(("__main__", ".patterntable")):
            importlib.import_module(info.name)
    return found


if __name__ == "__main__" and sys.argv[1:] == ["--asked"]:
    print(repr(sorted(set(asked()), key=repr)))
    sys.exit(0)

import ast  # noqa: E402
import subprocess  # noqa: E402
from pathlib import Path  # noqa: E402

TARGET = Path(REPO) / "cardgen" / "patterntable.py"

HEAD = '''\\
# ruff: noqa
# mypy: ignore-errors
"""The compiled code of the patterns a fresh interpreter compiles importing cardgen's modules
(cardgen/patterns.py), as `patterns.entry_of` gives it: (pattern, flags) -> (flags, code,
groups, group index, index group). Written by tools/pattern_table.py, held by
tests/test_patterns.py to what this Python compiles and to the patterns compiled."""

'''


def stable_asked() -> list[tuple[str | bytes, int]]:
    """The patterns two fresh interpreters with different string hashes both compile (one
    joined from a set, as reportlab's rl_safe_eval's names, differs from one process to the
    next: the table cannot hold it)."""
    found = []
    for seed in ("1", "2"):
        done = subprocess.run([sys.executable, __file__, "--asked"], capture_output=True,
                              text=True, check=True, env={**os.environ, "PYTHONHASHSEED": seed})
        found.append(set(ast.literal_eval(done.stdout)))
    return sorted(found[0] & found[1], key=lambda key: (type(key[0]).__name__, key[0], key[1]))


def text() -> str:
    """What cardgen/patterntable.py holds for the patterns compiled, on this Python."""
    sys.path.insert(0, REPO)
    from cardgen import patterns

    rows = "".join(f"    {key!r}: {patterns.entry_of(*key)!r},\n" for key in stable_asked())
    return f"{HEAD}ENGINE = {patterns.engine()!r}\n\nTABLE = {{\n{rows}}}\n"


if __name__ == "__main__":
    if sys.argv[1:] == ["--check"]:
        if TARGET.read_text(encoding="utf-8") != text():
            sys.exit(f"{TARGET.relative_to(REPO)} is out of date: run tools/pattern_table.py")
    else:
        TARGET.write_text(text(), encoding="utf-8")
        print(f"wrote {TARGET.relative_to(REPO)}")
