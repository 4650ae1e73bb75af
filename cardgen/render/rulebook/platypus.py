"""reportlab's platypus imported for less: its modules compile, on import, patterns the rules
never use: the paragraph module's URI pattern (Django's validator: every letter from U+00A1 to
U+FFFF, ignoring case), which only hyphenation matches, and the rules are never hyphenated
(~45 ms of CPU, a fifth of typesetting a small game's rules); the CJK pattern of
reportlab.lib.textsplit's `cjkwrap`; PyFontify's Python colouring (preformatted Python code).
`import_platypus` imports platypus with those compiled when first used instead (any other
pattern as reportlab compiles it)."""

from __future__ import annotations

import re
import sys
from typing import Any

DEFERRED = (r"(^(?:[a-z0-9\.\-\+]*)://)",  # how reportlab.platypus.paragraph.uri_pat begins
            "([\u2e80-\uffff])",  # reportlab.lib.textsplit.rx
            "#[^\\n]*|(^|[^a-zA-Z0-9_.\\\"'])(as|")  # reportlab.lib.PyFontify.matchRE
_REAL_COMPILE = re.compile


class DeferredPattern:
    """A pattern compiled when first used (any attribute read: match, search, ...)."""

    def __init__(self, pattern: str, flags: int) -> None:
        self.deferred = (pattern, flags)
        self.compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if name in ("deferred", "compiled"):
            raise AttributeError(name)
        if self.compiled is None:
            self.compiled = _REAL_COMPILE(*self.deferred)
        return getattr(self.compiled, name)


def _compile(pattern: Any, flags: Any = 0) -> Any:
    if type(pattern) is str and pattern.startswith(DEFERRED):
        return DeferredPattern(pattern, int(flags))
    return _REAL_COMPILE(pattern, flags)


def import_platypus() -> None:
    """Import reportlab.platypus (once), its paragraph module's URI pattern deferred."""
    if "reportlab.platypus.paragraph" in sys.modules:
        return
    re.compile = _compile
    try:
        import reportlab.platypus  # noqa: F401
    finally:
        re.compile = _REAL_COMPILE
