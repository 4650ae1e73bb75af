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
    import difflib

    names = sorted({str(c) for c in choices})
    close = difflib.get_close_matches(str(word), names, n=1, cutoff=0.6)
    if close:
        return f"did you mean '{close[0]}'?"
    if 0 < len(names) <= 8:
        return "expected one of: " + ", ".join(names)
    return None


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
