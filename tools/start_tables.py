"""Writes the tables a command reads at start-up instead of compiling, from what a fresh
interpreter compiles while it imports cardgen's modules (theirs, and those of the libraries and
standard modules they load):

- cardgen/patterntable.py: the compiled code of every regular expression compiled, which the
  command line puts in re's cache before it loads its modules (cardgen/patterns.py);
- cardgen/texttable.py: the marshalled code of the Python texts named tuples and the libraries'
  dataclasses compile (cardgen/texts.py).

    .venv/bin/python tools/start_tables.py          # write them
    .venv/bin/python tools/start_tables.py --check  # exit 1 when one is not what it would write

Run it after adding or changing a pattern, named tuple or dataclass made on import, or after
upgrading Python or a library (tests/test_start_tables.py fails until then; meanwhile such a
pattern or text is compiled as every one was before).
"""

import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def asked() -> tuple[list[tuple[str | bytes, int]], list[tuple[str, str, str]]]:
    """The patterns and texts compiled while cardgen's modules are imported, in this
    interpreter (run with --asked, before anything but what Python starts with is loaded)."""
    sys.path.insert(0, REPO)
    from cardgen import patterns, texts

    patterns_found = patterns.recorded()
    texts_found = texts.recorded()
    texts.install()
    import importlib
    import pkgutil

    import cardgen
    from cardgen.cli.ending import run  # noqa: F401  # the command line's first modules
    from cardgen.render.rulebook.platypus import import_platypus

    import_platypus()  # reportlab.platypus as the rules typesetter imports it (before any
    # other module of cardgen imports a part of it)
    for info in pkgutil.walk_packages(cardgen.__path__, "cardgen."):
        if not info.name.endswith(("__main__", ".patterntable", ".texttable")):
            importlib.import_module(info.name)
    return patterns_found, texts_found


if __name__ == "__main__" and sys.argv[1:] == ["--asked"]:
    found_patterns, found_texts = asked()
    print(repr((sorted(set(found_patterns), key=repr), sorted(set(found_texts)))))
    sys.exit(0)

import ast  # noqa: E402
import subprocess  # noqa: E402
from pathlib import Path  # noqa: E402

CARDGEN = Path(REPO) / "cardgen"
HEAD = '''\
# ruff: noqa
# mypy: ignore-errors
"""{what}
Written by tools/start_tables.py, held by tests/test_start_tables.py to what this Python
compiles and to what fresh interpreters importing cardgen's modules compile."""

'''
PATTERNS = ("The compiled code of the patterns a fresh interpreter compiles importing cardgen's\n"
            "modules (cardgen/patterns.py), as `patterns.entry_of` gives it: (pattern, flags) ->\n"
            "(flags, code, groups, group index, index group).")
TEXTS = ("The marshalled code of the texts named tuples and the libraries' dataclasses compile\n"
         "while a fresh interpreter imports cardgen's modules (cardgen/texts.py): (text, file\n"
         "name, mode) -> `marshal.dumps(compile(text, file name, mode, 0, True))`.")


def stable_asked() -> tuple[list[tuple[str | bytes, int]], list[tuple[str, str, str]]]:
    """What two fresh interpreters with different string hashes both compile (a pattern joined
    from a set, as reportlab's rl_safe_eval's names, differs from one process to the next: a
    table cannot hold it)."""
    found = []
    for seed in ("1", "2"):
        done = subprocess.run([sys.executable, __file__, "--asked"], capture_output=True,
                              text=True, check=True, env={**os.environ, "PYTHONHASHSEED": seed})
        found.append(ast.literal_eval(done.stdout))
    patterns = set(found[0][0]) & set(found[1][0])
    texts = set(found[0][1]) & set(found[1][1])
    return (sorted(patterns, key=lambda key: (type(key[0]).__name__, key[0], key[1])),
            sorted(texts))


def tables() -> tuple[dict[Path, str], list[str]]:
    """Each table's file -> what it holds for what is compiled, on this Python; and the tables
    that differ from what is written (the texts' code compared as code objects: marshal's
    bytes depend on how many references each constant had when it was written)."""
    sys.path.insert(0, REPO)
    import marshal

    from cardgen import patterns, patterntable, texts, texttable

    found_patterns, found_texts = stable_asked()
    entries = {key: patterns.entry_of(*key) for key in found_patterns}
    codes = {key: texts.marshalled(*key) for key in found_texts}
    stale = []
    if patterns.engine() != patterntable.ENGINE or entries != patterntable.TABLE:
        stale.append("cardgen/patterntable.py")
    if texts.engine() != texttable.ENGINE or set(texttable.TABLE) != set(codes) or any(
            marshal.loads(texttable.TABLE[key]) != marshal.loads(code)
            for key, code in codes.items()):
        stale.append("cardgen/texttable.py")
    pattern_rows = "".join(f"    {key!r}: {entry!r},\n" for key, entry in entries.items())
    text_rows = "".join(f"    {key!r}: {code!r},\n" for key, code in codes.items())
    return {
        CARDGEN / "patterntable.py": (HEAD.format(what=PATTERNS) + f"ENGINE = {patterns.engine()!r}"
                                      f"\n\nTABLE = {{\n{pattern_rows}}}\n"),
        CARDGEN / "texttable.py": (HEAD.format(what=TEXTS) + f"ENGINE = {texts.engine()!r}"
                                   f"\n\nTABLE = {{\n{text_rows}}}\n"),
    }, stale


if __name__ == "__main__":
    written, stale = tables()
    if sys.argv[1:] == ["--check"]:
        if stale:
            sys.exit(f"{', '.join(stale)} out of date: run tools/start_tables.py")
    else:
        for path, text in written.items():
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(REPO)}")
