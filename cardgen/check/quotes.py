"""Quotes verified: every text the data says is the rulebook's words is found in the rulebook.

A quote is compared word by word (mdtext.tokens: Markdown, punctuation, list markers, line
breaks and whitespace aside; case and spelling kept) with the whole rulebook's words. A quote
that does not occur is a `quote-changed` error at the data's file:line, naming the closest
passage of the rulebook (`rulebook.md:LINE`) and the words that differ.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from pathlib import Path

from cardgen.check import mdtext
from cardgen.check.findings import Finding
from cardgen.check.mdtext import SKIP, Doc, tokens
from cardgen.check.rulebook import Rulebook, read_rulebook
from cardgen.data.model import Database, Quoted
from cardgen.records import record

_ELISION = re.compile(r"\s*(?:\[\.\.\.\]|\.\.\.|…)\s*")  # `a ... b`: words left out between
_SHOWN = 70  # characters of a quote shown in a message
_CANDIDATES = 4  # closest passages compared word by word
_SLACK = 6  # words a changed passage may have more or fewer than its quote


@record
class WordIndex:
    """A rulebook's words in order, each with its line number."""

    words: list[str]
    lines: list[int]
    starts: dict[str, list[int]]

    @classmethod
    def of(cls, doc: Doc) -> WordIndex:
        words: list[str] = []
        lines: list[int] = []
        for line in doc.lines:
            if line.kind == SKIP or not line.text:
                continue
            found = tokens(line.text)
            words += found
            lines += [line.number] * len(found)
        # each word's places: a list made for a word's first place only (setdefault makes one
        # for every word and drops it when the word is known)
        starts: dict[str, list[int]] = {}
        get = starts.get
        for i, word in enumerate(words):
            places = get(word)
            if places is None:
                starts[word] = [i]
            else:
                places.append(i)
        return cls(words, lines, starts)

    def find(self, quote: list[str]) -> int | None:
        """Where the quote's words occur in this order, or None."""
        if not quote:
            return None
        n = len(quote)
        for i in self.starts.get(quote[0], []):
            if self.words[i:i + n] == quote:
                return i
        return None

    def missing_part(self, parts: list[list[str]]) -> list[str] | None:
        """The first part of an elided quote (`a ... b`: passages of the rulebook, each quoted
        verbatim) that the rulebook does not hold."""
        return next((part for part in parts if self.find(part) is None), None)

    def closest(self, quote: list[str]) -> tuple[int, int, float]:
        """(start, end, likeness 0..1) of the passage most like the quote."""
        votes: Counter[int] = Counter()
        for k, word in enumerate(quote):
            for i in self.starts.get(word, []):
                votes[i - k] += 1
        best = (0, 0, 0.0)
        score = (0.0, 0)
        n = len(quote)
        for start, _ in votes.most_common(_CANDIDATES):
            start = max(0, start)
            for end in range(start + max(1, n - _SLACK), min(len(self.words), start + n + _SLACK) + 1):
                likeness = _likeness(quote, self.words[start:end])
                here = (likeness, -abs(end - start - n))
                if here > score:
                    best, score = (start, end, likeness), here
        return best


def _likeness(a: list[str], b: list[str]) -> float:
    """Words in common over the longer of the two: a passage as long as the quote wins a tie."""
    import difflib  # as word_diff: loaded only for a quote the rulebook no longer holds

    blocks = difflib.SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks()
    return sum(block.size for block in blocks) / max(len(a), len(b), 1)


def word_diff(data: list[str], book: list[str]) -> str:
    """What differs, word by word: `'square' -> 'space'; dropped 'with a dice on it'`."""
    import difflib

    parts = []
    for op, a1, a2, b1, b2 in difflib.SequenceMatcher(None, data, book, autojunk=False).get_opcodes():
        said, has = " ".join(data[a1:a2]), " ".join(book[b1:b2])
        if op == "replace":
            parts.append(f"data '{said}', rulebook '{has}'")
        elif op == "delete":
            parts.append(f"only the data has '{said}'")
        elif op == "insert":
            parts.append(f"only the rulebook has '{has}'")
    return "; ".join(parts)


def _short(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= _SHOWN else flat[:_SHOWN - 1] + "…"


def verify(db: Database, book: Rulebook | None) -> list[Finding]:
    """Every quote of the data against its rulebook (the edition's, or the default edition's for
    game.yaml); a rulebook that is not there is reported once elsewhere, not per quote."""
    by_book: dict[Path, list[Quoted]] = {}
    for quoted in db.quotes:
        if quoted.rulebook is not None:
            by_book.setdefault(quoted.rulebook, []).append(quoted)
    out: list[Finding] = []
    for path, quotes in by_book.items():
        if book is not None and path == book.path:
            doc, label = book.doc, book.label
        else:
            text = read_rulebook(path)
            if text is None:
                continue
            doc, label = mdtext.read(text), os.path.relpath(path, db.project)
        out += quote_findings(quotes, WordIndex.of(doc), doc, label)
    return out


def quote_findings(quotes: list[Quoted], index: WordIndex, doc: Doc, label: str) -> list[Finding]:
    """`quote-changed` for every quote of `quotes` that the rulebook no longer holds."""
    out = []
    for quoted in quotes:
        parts = [words for part in _ELISION.split(quoted.text) if (words := tokens(part))]
        missing = index.missing_part(parts)
        if missing is not None:
            out.append(_changed(quoted, missing, index, doc, label))
    return out


def _changed(quoted: Quoted, words: list[str], index: WordIndex, doc: Doc, label: str) -> Finding:
    start, end, likeness = index.closest(words)
    base = f"{quoted.what} quotes '{_short(quoted.text)}', which is not in {label}"
    hint = ("copy the rulebook's words as printed, or drop the field from `quote:` and mark the "
            "text status: draft if it is a paraphrase")
    if likeness < 0.5 or end <= start:
        return Finding("quote-changed", "error", base, where=str(quoted.where), hint=hint,
                       subject=str(quoted.where))
    first = index.lines[start]
    diff = word_diff(words, index.words[start:end])
    return Finding("quote-changed", "error",
                   f"{base}; closest is {label}:{first}: {diff}",
                   quote=doc.line(first).text, where=str(quoted.where), hint=hint,
                   subject=str(quoted.where))
