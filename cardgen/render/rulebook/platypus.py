"""reportlab's platypus imported for less: its modules compile, on import, patterns the rules
never use: the paragraph module's URI pattern (Django's validator: every letter from U+00A1 to
U+FFFF, ignoring case), which only hyphenation matches, and the rules are never hyphenated
(~45 ms of CPU, a fifth of typesetting a small game's rules); the CJK pattern of
reportlab.lib.textsplit's `cjkwrap`; PyFontify's Python colouring (preformatted Python code);
the paragraph module's hyphenation patterns and reportlab.lib.normalDate's date formats; and
html.parser's (every pattern its module compiles: reportlab's paragraph parser is an
HTMLParser, and the rules' markup is cut into fragments without it, by
cardgen.render.rulebook.quickparse, unless it holds other markup). `import_platypus` imports
platypus with those compiled when first used instead (any other pattern as reportlab compiles
it).

It also gives the paragraph module `same_frag`, reportlab's `sameFrag` (are two fragments of
a line drawn alike?) without the failed attribute lookups: rl_accel's asks each fragment for
`cbDefn`, `lineBreak`, `backColor` and `nobr`, which a plain text fragment lacks, so every call
raised and cleared eight AttributeErrors (~4.5 us a call, a fifth of typesetting the rules:
line breaking compares each word's fragment with the last). A fragment of reportlab's own
class holds its attributes in its `__dict__` only (no class attribute, property or
`__getattr__` of those names; checked on import, else rl_accel's is kept), so looking them up
there gives the same answer (tested against rl_accel's on every pair the rules compare).

The paragraph module imports pyphen for hyphenation, which the rules never ask for: it is
imported when the module first reads it instead (`DeferredModule`), and the module's widths
and font heights come from cardgen.render.rulebook.widths. (`DeferredPattern` and
`DeferredModule` live in cardgen/deferral.py, which the other libraries' imports use too.)"""

from __future__ import annotations

import re
import sys
from importlib.util import find_spec
from typing import Any

from cardgen.deferral import DeferredModule, DeferredPattern

DEFERRED = (r"(^(?:[a-z0-9\.\-\+]*)://)",  # how reportlab.platypus.paragraph.uri_pat begins
            "([\u2e80-\uffff])",  # reportlab.lib.textsplit.rx
            "#[^\\n]*|(^|[^a-zA-Z0-9_.\\\"'])(as|",  # reportlab.lib.PyFontify.matchRE
            # the paragraph module's hyphenation patterns (_hy_pfx_pat, _hy_sfx_pat,
            # _hy_letters_pat, _hy_shy_letters_pat, _hy_shy_pat)
            "^['\"([{", "[]'\")}", "^[A-Za-z\xc0-", "^[-\xadA-Za-z", "([-\xad])",
            # reportlab.lib.normalDate's date formats (tables import its validators)
            "\\{(m{1,5}|yyyy", "(\\d\\d\\d\\d|\\d\\d)-")
_REAL_COMPILE = re.compile


DEFERRED_MODULES = ("html.parser",)  # modules each of whose patterns is compiled when used


def _compile(pattern: Any, flags: Any = 0) -> Any:
    if type(pattern) is str and (pattern.startswith(DEFERRED) or sys._getframe(1).f_globals.get(
            "__name__") in DEFERRED_MODULES):
        return DeferredPattern(pattern, int(flags))
    return _REAL_COMPILE(pattern, flags)


def import_platypus() -> None:
    """Import reportlab.platypus (once), its paragraph module's URI pattern deferred, pyphen
    imported when a paragraph first hyphenates, its `sameFrag` the one below and its text
    widths kept (cardgen.render.rulebook.widths)."""
    global _ACCEL, _FRAG
    if _ACCEL is not None:
        return
    if "reportlab.platypus.paragraph" not in sys.modules:
        re.compile = _compile
        absent = "pyphen" not in sys.modules
        if absent:
            sys.modules["pyphen"] = None  # type: ignore[assignment]  # paragraph: ImportError
        try:
            import reportlab.platypus  # noqa: F401
        finally:
            re.compile = _REAL_COMPILE
            if absent:
                del sys.modules["pyphen"]
        from reportlab.platypus import paragraph as module

        if absent and module.pyphen is None and find_spec("pyphen") is not None:
            module.pyphen = DeferredModule("pyphen")
    from reportlab.platypus import paragraph, paraparser

    from cardgen.render.rulebook import codes, widths, words

    widths.install(paragraph)
    words.install()
    codes.install()
    _ACCEL = paragraph.sameFrag
    if _plain_class(paraparser.ParaFrag):
        _FRAG = paraparser.ParaFrag
        paragraph.sameFrag = same_frag


SAME = ("fontName", "fontSize", "textColor", "rise", "us_lines", "link", "backColor", "nobr")
_BREAKS = ("cbDefn", "lineBreak")  # a fragment with either is never the same as another
_ABSENT = object()
_ACCEL: Any = None  # rl_accel's sameFrag (for fragments of any other class); set: imported
_FRAG: Any = None  # reportlab's ParaFrag


def _plain_class(cls: type) -> bool:
    """Are the names `sameFrag` reads found only in an instance's __dict__?"""
    names = (*SAME, *_BREAKS)
    return (not any(name in vars(k) for k in cls.__mro__ for name in names)
            and not any("__getattr__" in vars(k) or "__getattribute__" in vars(k)
                        for k in cls.__mro__ if k is not object))


def same_frag(f: Any, g: Any) -> int:
    """rl_accel's sameFrag(f, g): 0 when either has `cbDefn` or `lineBreak`, else 1 when each
    of SAME is missing from both or compares equal (`is`, then `!=` as rl_accel compares),
    else 0; read from the fragments' __dict__."""
    if type(f) is not _FRAG or type(g) is not _FRAG:
        return int(_ACCEL(f, g))
    fd, gd = f.__dict__, g.__dict__
    if "cbDefn" in fd or "cbDefn" in gd or "lineBreak" in fd or "lineBreak" in gd:
        return 0
    for name in SAME:
        a = fd.get(name, _ABSENT)
        b = gd.get(name, _ABSENT)
        if a is not b and (a is _ABSENT or b is _ABSENT or a != b):
            return 0
    return 1
