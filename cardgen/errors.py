"""Problems a person can fix: location, rule id, key path, message, hint -> one printable line.

Library code never prints or exits: it collects Problems and raises ProblemsError; the CLI is
the single boundary that prints them and picks the exit code.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from cardgen.records import record


@dataclass(frozen=True, slots=True)
class Location:
    """Where something was written: file (relative to the project), 1-based line and column."""

    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@record(frozen=True)
class Problem:
    rule: str  # short id: unknown-field, bad-type, yaml-syntax, text-overflow, ...
    message: str
    where: Location | None = None
    path: str = ""  # key path such as cards[3].name
    hint: str | None = None
    severity: str = "error"

    def render(self) -> str:
        head = f"{self.where}: " if self.where else ""
        path = f"{self.path}: " if self.path else ""
        line = f"{head}{self.severity}[{self.rule}] {path}{self.message}"
        return f"{line}\n  hint: {self.hint}" if self.hint else line


class ProblemsError(Exception):
    """Raised with every problem found in one run."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(p.render() for p in self.problems))

    def __reduce__(self) -> tuple[type, tuple[list[Problem]]]:
        """Pickled with its problems (a build's worker processes hand it back to the build)."""
        return (ProblemsError, (self.problems,))


def did_you_mean(word: str, choices: Iterable[object]) -> str | None:
    """A 'did you mean ...?' hint for the closest choice, or a list of choices when few."""
    names = sorted({str(c) for c in choices})
    close = close_matches(str(word), names)
    if close:
        return f"did you mean '{close[0]}'?"
    if 0 < len(names) <= 8:
        return "expected one of: " + ", ".join(names)
    return None


_CUTOFF = 0.6  # difflib's likeness from which a name is close enough to suggest


def close_matches(word: str, names: list[str]) -> list[str]:
    """`difflib.get_close_matches(word, names, n=1, cutoff=0.6)`; difflib (~0.7 ms to import)
    is loaded only when a name passes the two cheap bounds that function tests each name by
    before its full likeness (`real_quick_ratio`, `quick_ratio`): with none that does, its
    answer is none (tests/test_errors_close.py holds it to difflib)."""
    if not any(_within_bounds(word, name) for name in names):
        return []
    import difflib

    return difflib.get_close_matches(word, names, n=1, cutoff=_CUTOFF)


def _within_bounds(word: str, name: str) -> bool:
    """Whether SequenceMatcher(None, name, word)'s real_quick_ratio() and quick_ratio() both
    reach the cutoff: 2 * (the shorter length, then the characters both hold, counted as a
    multiset) / (both lengths), computed as difflib computes them."""
    length = len(word) + len(name)
    if not length:  # two empty texts: difflib's ratios are 1.0
        return True
    if 2.0 * min(len(word), len(name)) / length < _CUTOFF:
        return False
    left: dict[str, int] = {}
    for char in word:
        left[char] = left.get(char, 0) + 1
    matches = 0
    for char in name:
        if left.get(char, 0) > 0:
            left[char] -= 1
            matches += 1
    return 2.0 * matches / length >= _CUTOFF


FLOOD = 5  # problems of one rule at one place from which they are folded into one line
FLOOD_IN_FILE = 50  # ... of one rule at one key of a file's lists (items[0].x, items[1].x, ...)


def fold(problems: Iterable[Problem]) -> list[Problem]:
    """Each problem once, grouped in the order their places first appear; a flood of one cause
    folded into its first, with a count of the others: more than FLOOD problems of one rule at
    one place or on one line at one key of a list's items (`marks[0]`, `marks[1]`, ... of a
    flow list), or more than FLOOD_IN_FILE at one key of a file's list items on many lines."""
    unique = list(dict.fromkeys(problems))
    groups: dict[tuple[str, ...], list[Problem]] = {}
    order: list[list[Problem]] = []
    for problem in unique:
        keys = _flood_keys(problem)
        group = next((groups[k] for k in keys if k in groups), None)
        if group is None:
            group = []
            order.append(group)
        group.append(problem)
        for key in keys:
            groups.setdefault(key, group)
    out: list[Problem] = []
    for group in order:
        if len(group) <= (FLOOD if _lines(group) <= 1 else FLOOD_IN_FILE):
            out.extend(group)
            continue
        first, more = group[0], len(group) - 1
        out.append(Problem(first.rule, f"{first.message} (and {more} more like it here)",
                           first.where, first.path, first.hint, first.severity))
    return out


def _flood_keys(problem: Problem) -> tuple[tuple[str, ...], ...]:
    """The floods a problem may belong to: its place, and its key in a file's list items."""
    where = problem.where
    place = ("place", problem.severity, problem.rule, str(where) if where else problem.path)
    if where is None or not re.search(r"\[\d+\]", problem.path):
        return (place,)
    shape = re.sub(r"\[\d+\]", "[]", problem.path)
    return (place, ("file", problem.severity, problem.rule, where.file, shape))


def _lines(group: list[Problem]) -> int:
    return len({p.where.line for p in group if p.where is not None})
