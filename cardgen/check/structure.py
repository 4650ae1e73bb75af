"""Rulebook text -> problems of its own form: steps numbered 1, 3, 4 and placeholders (TODO)."""

from __future__ import annotations

import re

from cardgen.check.findings import Finding
from cardgen.check.mdtext import HEADING, ITEM, SKIP, Doc, Line

_PLACEHOLDERS = ("TODO", "TBD", "FIXME", "XXX")
_PLACEHOLDER = re.compile(rf"\b({'|'.join(_PLACEHOLDERS)})\b")


def step_findings(doc: Doc, where: str) -> list[Finding]:
    """`step-numbering` where numbered steps skip or repeat a number (1, 3, 4; 1, 2, 2)."""
    out: list[Finding] = []
    last: dict[int, int] = {}  # list depth -> the last step number printed there
    for line in doc.lines:
        if line.kind == HEADING:
            last.clear()
        if line.kind != ITEM or line.ordinal is None:
            continue
        for depth in [d for d in last if d > line.level]:
            del last[depth]  # a sub-list ended
        before = last.get(line.level)
        last[line.level] = line.ordinal
        if before is None or line.ordinal in (1, before + 1):
            continue
        out.append(_step(line, before, where))
    return out


def _step(line: Line, before: int, where: str) -> Finding:
    if line.ordinal == before:
        what = f"step {before} is numbered twice"
    elif line.ordinal is not None and line.ordinal > before:
        gap = ", ".join(str(n) for n in range(before + 1, line.ordinal))
        what = f"the steps go {before}, {line.ordinal}: no step {gap}"
    else:
        what = f"step {line.ordinal} follows step {before}"
    return Finding("step-numbering", "warning", what, quote=line.text,
                   where=f"{where}:{line.number}:1", subject=f"{where}:{line.number}",
                   hint="number the steps in order, or acknowledge it (accepted:) if printed so")


def placeholder_findings(doc: Doc, where: str) -> list[Finding]:
    """`rulebook-todo` for a placeholder left in the rulebook (`**Example**: TODO`)."""
    out: list[Finding] = []
    text = "\n".join(line.text for line in doc.lines if line.kind != SKIP)
    if not any(word in text for word in _PLACEHOLDERS):
        return out
    for line in doc.lines:
        if line.kind == SKIP:
            continue
        match = _PLACEHOLDER.search(line.text)
        if match:
            out.append(Finding(
                "rulebook-todo", "warning",
                f"the rulebook has a placeholder: '{match.group(1)}' where text is still to come",
                quote=line.text, where=f"{where}:{line.number}:1", subject=f"{where}:{line.number}",
                hint="write the missing text, or acknowledge it (accepted:) until it is written"))
    return out
