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
# the characters of a lower-case line that re.I matches with an ASCII letter ("i", "s") beside
# the letter itself (tests/test_check_setup.py holds it to every character)
_FOLDS_TO_ASCII = ("ı", "ſ")
_IS_NUMBER = re.compile(r"\d{1,4}|" + "|".join(NUMBER_WORDS) + r"$", re.I)


def _plain(text: str) -> str:
    """Markdown emphasis, quotes and runs of spaces out; lower case (by `str.replace`: a
    `str.translate` looks each character of a non-ASCII line up one by one)."""
    text = text.replace("*", "").replace("_", "").replace("`", "")
    return " ".join(text.replace("’", "'").replace("‘", "'").split()).lower()


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
    exact = {i: _first_exact(matches[i], _numbers(str(step.rulebook))) for i, step in quoting}
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


def _first_exact(matches: list[tuple[int, list[int]]], numbers: list[int]) -> int | None:
    """The first matched line whose numbers are the quote's own."""
    return next((n for n, found in matches if found == numbers), None)


def _numbers(words: str) -> list[int]:
    return [_value(t) for t in _plain(words).split(" ") if _IS_NUMBER.fullmatch(t)]


def _position(step: SetupStep) -> int | None:
    """Which number of the step's quote is its count (the first equal to it)."""
    numbers = _numbers(str(step.rulebook))
    return numbers.index(step.count) if step.count in numbers else None


def _matches(words: str, lines: list[tuple[int, str]]) -> list[tuple[int, list[int]]]:
    """(line number, the numbers the match holds) of every line the words' pattern matches:
    a line that holds ASCII words only as they are written by `_verbatim_search`, any other by
    the pattern, compiled only for such a line (a compilation costs ~0.4 ms; most quotes meet
    none)."""
    tokens = _plain(words).split(" ")
    numbers = [bool(_IS_NUMBER.fullmatch(t)) for t in tokens]
    # a line holds each ASCII word of the pattern as it is (both are in lower case), but for
    # a line with a character that re.I also matches with an ASCII letter
    needed = [t for t, number in zip(tokens, numbers, strict=True) if t.isascii() and not number]
    plain_words = all(t.isascii() for t in tokens)
    pattern: re.Pattern[str] | None = None
    out = []
    for line, text in lines:
        verbatim = text.isascii() or not any(c in text for c in _FOLDS_TO_ASCII)
        if verbatim and not all(map(text.__contains__, needed)):
            continue
        if plain_words and verbatim:
            groups = _verbatim_search(tokens, numbers, text)
        else:
            pattern = pattern or _pattern(words)
            match = pattern.search(text)
            groups = None if match is None else [g for g in match.groups() if g is not None]
        if groups is not None:
            out.append((line, [_value(g) for g in groups]))
    return out


def _verbatim_search(tokens: list[str], numbers: list[bool], text: str) -> list[str] | None:
    """What `_pattern(words).search(text)` finds in its number groups (None: no match), for
    ASCII words and a plain line without `_FOLDS_TO_ASCII`: the first place not after a word
    character (`\\w`: alphanumeric or `_`) where the words stand, one space apart (a plain line
    has no other whitespace), each number as any."""
    first = "" if numbers[0] else tokens[0]
    at = text.find(first)
    while at != -1:
        if not at or not (text[at - 1].isalnum() or text[at - 1] == "_"):
            found = _search_here(tokens, numbers, text, at)
            if found is not None:
                return found
        at = text.find(first, at + 1) if at < len(text) else -1
    return None


def _search_here(tokens: list[str], numbers: list[bool], text: str, at: int) -> list[str] | None:
    """The number groups of the words standing at `text[at:]`, else None."""
    groups = []
    last = len(tokens) - 1
    for i, token in enumerate(tokens):
        if numbers[i]:
            end = _number_end(text, at)
            if end is None:
                return None
            groups.append(text[at:end])
            at = end
        elif text.startswith(token, at):
            at += len(token)
        else:
            return None
        if i < last:
            if not text.startswith(" ", at):  # `\s+` between the words
                return None
            at += 1
    return groups


def _number_end(text: str, at: int) -> int | None:
    """Where `_NUMBER` matching at `text[at:]` ends: as many digits as it takes, up to 4
    (`\\d`: decimal; fewer, which the pattern tries next, leave a digit where the space
    between words must follow), or one number word (none begins another)."""
    end = at
    while end < len(text) and end - at < 4 and text[end].isdecimal():
        end += 1
    if end > at:
        return end
    return next((at + len(w) for w in NUMBER_WORDS if text.startswith(w, at)), None)


def _finding(i: int, label: str, message: str, hint: str) -> Finding:
    return Finding("setup-count", "error", message, where=label, subject=f"setup {i}", hint=hint)


def _differs(step: SetupStep, i: int, book: Rulebook, number: int, said: int, at: str) -> Finding:
    return Finding(
        "setup-count", "error",
        f"the rulebook's set-up says {said} where set-up step {i + 1} ({step.verb} {step.kind}) "
        f"has count {step.count}{at}", quote=book.lines[number - 1].strip(),
        where=book.where(number), subject=f"setup {i}",
        hint=f"set count: {said} in the step (and its rulebook: words), or correct the rulebook")
