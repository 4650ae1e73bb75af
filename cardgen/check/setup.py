"""An edition's `setup:` steps against the rulebook's set-up text -> `setup-count` findings.

A step that quotes the rulebook (`rulebook: "deal 2 cards to each player"`, with
`count: 2`) is looked for in the rulebook with its numbers read as any number, so an edited
count still finds its line: the number the rulebook prints there must be the step's count (the
set-up the play table performs is the one the rulebook states). Words no longer in the rulebook
at all are a finding too.
"""

from __future__ import annotations

import re

from cardgen.check.counts import NUMBER_WORDS, number_value
from cardgen.check.findings import Finding
from cardgen.check.rulebook import Rulebook
from cardgen.data.model import Database, SetupStep

_NUMBER = r"(\d{1,4}|" + "|".join(NUMBER_WORDS) + r")"
_IS_NUMBER = re.compile(r"\d{1,4}|" + "|".join(NUMBER_WORDS) + r"$", re.I)


_MARKS = str.maketrans({"*": None, "_": None, "`": None, "’": "'", "‘": "'"})


def _plain(text: str) -> str:
    """Markdown emphasis, quotes and runs of spaces out; lower case."""
    return " ".join(text.translate(_MARKS).split()).lower()


def _pattern(words: str) -> re.Pattern[str]:
    """The quoted words, each number in them standing for any number."""
    parts = []
    for token in _plain(words).split(" "):
        parts.append(_NUMBER if _IS_NUMBER.fullmatch(token) else re.escape(token))
    return re.compile(r"(?<![\w])" + r"\s+".join(parts), re.I)


def _value(text: str) -> int:
    return number_value(text)


def setup_findings(db: Database, book: Rulebook) -> list[Finding]:
    """A finding per set-up step whose quoted count differs from the rulebook's, or whose
    words the rulebook no longer has. A line that still reads exactly as quoted is taken
    first; a step whose words match only with other numbers takes the first such line no
    other step reads exactly (steps like "Draw 3 cards, place 2 tokens" repeat)."""
    every = [(n, _plain(line)) for n, line in enumerate(book.lines, start=1)]
    lines = [(n, text) for n, text in every if text]  # what a quote with words can match
    quoting = [(i, step) for i, step in enumerate(db.edition.setup)
               if step.rulebook is not None and step.count is not None]
    matches = {i: _matches(str(step.rulebook), lines if _plain(str(step.rulebook)) else every)
               for i, step in quoting}
    exact = {i: next((n for n, found in matches[i] if found == _numbers(str(step.rulebook))), None)
             for i, step in quoting}
    taken = {n for n in exact.values() if n is not None}
    out: list[Finding] = []
    for i, step in quoting:
        where = db.edition.where.get(f"setup[{i}]")
        at = f" (setup[{i}] at {where})" if where else f" (setup[{i}])"
        position = _position(step)
        if position is None:
            out.append(_finding(i, book.label, f"set-up step {i + 1}'s rulebook: words do not "
                                f"state its count {step.count}{at}", "quote the words with the number"))
            continue
        if exact[i] is not None:
            continue
        rest = [(n, found) for n, found in matches[i] if n not in taken]
        if not rest:
            out.append(_finding(i, book.label, f"set-up step {i + 1} quotes words the rulebook "
                                f"no longer has: '{step.rulebook}'{at}",
                                "copy the set-up sentence from the rulebook as it reads now"))
            continue
        number, found = rest[0]
        if found[position] != step.count:
            out.append(_differs(step, i, book, number, found[position], at))
    return out


def _numbers(words: str) -> list[int]:
    return [_value(t) for t in _plain(words).split(" ") if _IS_NUMBER.fullmatch(t)]


def _position(step: SetupStep) -> int | None:
    """Which number of the step's quote is its count (the first equal to it)."""
    numbers = _numbers(str(step.rulebook))
    return numbers.index(step.count) if step.count in numbers else None


def _matches(words: str, lines: list[tuple[int, str]]) -> list[tuple[int, list[int]]]:
    """(line number, the numbers the match holds) of every line the words' pattern matches."""
    pattern = _pattern(words)
    # an ASCII line holds each ASCII word of the pattern as it is (both are in lower case)
    needed = [t for t in _plain(words).split(" ") if t.isascii() and not _IS_NUMBER.fullmatch(t)]
    out = []
    for number, text in lines:
        if text.isascii() and not all(t in text for t in needed):
            continue
        match = pattern.search(text)
        if match is not None:
            out.append((number, [_value(g) for g in match.groups() if g is not None]))
    return out


def _finding(i: int, label: str, message: str, hint: str) -> Finding:
    return Finding("setup-count", "error", message, where=label, subject=f"setup {i}", hint=hint)


def _differs(step: SetupStep, i: int, book: Rulebook, number: int, said: int, at: str) -> Finding:
    return Finding(
        "setup-count", "error",
        f"the rulebook's set-up says {said} where set-up step {i + 1} ({step.verb} {step.kind}) "
        f"has count {step.count}{at}", quote=book.lines[number - 1].strip(),
        where=book.where(number), subject=f"setup {i}",
        hint=f"set count: {said} in the step (and its rulebook: words), or correct the rulebook")
