"""reportlab's platypus imported for less: its paragraph module compiles, on import, a URI
pattern (Django's validator: every letter from U+00A1 to U+FFFF, ignoring case) that only
hyphenation ever matches, and the rules are never hyphenated; compiling it is ~45 ms of CPU, a
fifth of typesetting a small game's rules. `import_platypus` imports platypus with that
pattern compiled when first used instead (any other pattern as reportlab compiles it)."""

from __future__ import annotations

import re
import sys
from typing import Any

_URI_START = r"(^(?:[a-z0-9\.\-\+]*)://)"  # how reportlab's uri_pat begins
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
    if type(pattern) is str and pattern.startswith(_URI_START):
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
