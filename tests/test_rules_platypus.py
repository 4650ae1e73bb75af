"""reportlab's platypus imported for the rules with its paragraph module's URI pattern compiled
when first used (render/rulebook/platypus.py): the same pattern, the same matches, and every
other pattern compiled as ever."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from cardgen.render.rulebook import platypus

ROOT = Path(__file__).resolve().parents[1]
URIS = ["https://example.com/a/b/", "http://user:pw@10.0.0.1:8080/x?y=1", "ftp://ünïcode.example",
        "www.example.com/no/scheme", "not a uri", "https://-bad-.com", "mailto:someone"]


def test_a_deferred_pattern_matches_as_the_compiled_one() -> None:
    from reportlab.platypus import paragraph

    source = paragraph.uri_pat.pattern  # the module's own (deferred or not)
    deferred = platypus._compile(source, re.I)
    assert isinstance(deferred, platypus.DeferredPattern) and deferred.compiled is None
    compiled = re.compile(source, re.I)
    for uri in URIS:
        mine, theirs = deferred.match(uri), compiled.match(uri)
        assert (mine and mine.groups()) == (theirs and theirs.groups()), uri
    assert deferred.compiled is not None and deferred.pattern == source
    assert deferred.flags == compiled.flags


def test_other_patterns_are_compiled_at_once() -> None:
    found = platypus._compile("[a-z]+", re.I)
    assert isinstance(found, re.Pattern) and found.match("Abc")


def test_platypus_is_imported_with_the_patterns_the_rules_never_use_deferred() -> None:
    """In a fresh process: the modules hold deferred patterns, re.compile is re's own again,
    and a URI splits, Python code is coloured and CJK text split as reportlab does it."""
    code = (
        "import re\n"
        "real = re.compile\n"
        "from cardgen.render.rulebook.platypus import import_platypus, DeferredPattern\n"
        "import_platypus()\n"
        "from reportlab.platypus import paragraph\n"
        "assert re.compile is real\n"
        "from reportlab.lib import PyFontify, textsplit\n"
        "deferred = (paragraph.uri_pat, textsplit.rx, PyFontify.matchRE)\n"
        "assert all(type(p) is DeferredPattern and p.compiled is None for p in deferred)\n"
        "print(paragraph._uri_split_pairs('https://example.com/a/b'))\n"
        "code = 'def f(x):\\n    return \"s\" # c\\n'\n"
        "tags = PyFontify.fontify(code)\n"
        "wrapped = textsplit.rx.sub(r'\\1 ', '日本語のテキスト abc')\n"
        "assert all(p.compiled is not None for p in deferred)\n"
        "PyFontify.matchRE = real(PyFontify.matchPat)\n"
        "textsplit.rx = real(textsplit.rx.pattern, re.UNICODE)\n"
        "assert tags == PyFontify.fontify(code) and tags\n"
        "assert wrapped == textsplit.rx.sub(r'\\1 ', '日本語のテキスト abc') != 'x'\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, check=False)
    assert done.returncode == 0, done.stderr
    assert "('https://example.com/', 'a/b')" in done.stdout


def test_markup_escapes_as_saxutils_does() -> None:
    """The rules escape their text themselves (xml.sax.saxutils imports urllib's modules)."""
    import random
    from xml.sax.saxutils import escape as sax_escape

    from cardgen.render.rulebook.markup import escape

    rng = random.Random(25)
    texts = ["a & b < c > d \"q\" 'x'", "&amp; &lt;", "", "<<&&>>"]
    texts += ["".join(rng.choice("ab&<>;\"' é") for _ in range(rng.randint(0, 30)))
              for _ in range(200)]
    for text in texts:
        assert escape(text) == sax_escape(text), text
