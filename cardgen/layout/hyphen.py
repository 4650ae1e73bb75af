"""A language -> where pyphen's dictionary hyphenates a word, with its patterns read lazily.

pyphen parses every pattern of a dictionary when it opens it (thousands of lines, most of
which no text of a game ever meets); here each line is only keyed by its letters when the
dictionary is opened, and a pattern's numbers are read the first time a word contains it. The
positions are pyphen's (`Pyphen(lang=..., left=2, right=3).positions`, the same patterns,
duplicates and nonstandard alternatives read as pyphen reads them); tests compare the two.
"""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.deferral import DeferredPattern

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

_DIGITS = re.compile(r"\d")
# DeferredPattern: compiled when first used (cardgen/deferral.py): only a dictionary with ^^xx escapes
_HEX = DeferredPattern(r"\^{2}([0-9a-f]{2})", 0)
_PARSE = re.compile(r"(\d?)(\D?)")
_IGNORED = ("%", "#", "LEFTHYPHENMIN", "RIGHTHYPHENMIN", "COMPOUNDLEFTHYPHENMIN",
            "COMPOUNDRIGHTHYPHENMIN")
_Pattern = tuple[int, tuple[int, ...]]  # offset of the first number, the numbers from it


class Hyphenator:
    """One dictionary file's patterns: `positions(word)` as pyphen gives them."""

    def __init__(self, path: Traversable, left: int = 2, right: int = 3) -> None:
        self.left, self.right = left, right
        with path.open("rb") as fd:
            encoding = fd.readline().decode()
        if encoding.lower() == "microsoft-cp1251":
            encoding = "cp1251"
        lines, keys = _read(path.read_text(encoding))
        # the letters of a pattern -> its line as written (numbers read when first met)
        self.raw: dict[str, str] = dict(zip(keys, lines, strict=True))
        if len(self.raw) < len(keys):  # a pattern written twice: the last that is not all zeros
            self.raw = {}
            for key, line in zip(keys, lines, strict=True):
                if key not in self.raw or _numbers(line) is not None:
                    self.raw[key] = line
        self.read: dict[str, _Pattern | None] = {}
        self.cache: dict[str, tuple[int, ...]] = {}

    def _pattern(self, key: str) -> _Pattern | None:
        if key not in self.read:
            line = self.raw.get(key)
            self.read[key] = None if line is None else _numbers(line)
        return self.read[key]

    def positions(self, word: str) -> tuple[int, ...]:
        """Where the word may be hyphenated (pyphen's points, `left` and `right` kept)."""
        found = self.cache.get(word)
        if found is None:
            found = self.cache[word] = self._positions(word)
        return found

    def _positions(self, word: str) -> tuple[int, ...]:
        pointed = f".{word.lower()}."
        references = [0] * (len(pointed) + 1)
        raw = self.raw
        # every piece is looked up, however long: no pattern is longer than the longest that
        # is (what pyphen bounds the pieces by), so none found is lost, and opening a
        # dictionary does not measure its thousands of keys
        stop = len(pointed) + 1
        for i in range(len(pointed) - 1):
            for j in range(i + 1, stop):
                piece = pointed[i:j]
                if piece not in raw:
                    continue
                pattern = self._pattern(piece)
                if pattern is None:
                    continue
                offset, values = pattern
                at = slice(i + offset, i + offset + len(values))
                references[at] = map(max, values, references[at])
        right = len(word) - self.right
        return tuple(i - 1 for i, value in enumerate(references)
                     if value % 2 and self.left <= i - 1 <= right)


def _read(text: str) -> tuple[list[str], list[str]]:
    """The pattern lines of a dictionary's text (after its first line, the encoding: stripped,
    less empty and ignored lines, `^^hh` and alternatives plain) and their letters. A text that
    is patterns only, one a line, after a header of ignored lines (most dictionaries: no
    whitespace a strip would drop, no decimal digit but 0-9) is split whole, its digits dropped
    at once from its bytes; any other line by line."""
    pos = text.find("\n") + 1 if "\n" in text else len(text)
    while pos < len(text):  # the header: ignored or empty lines
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end
        row = text[pos:end].strip()
        if row and not row.startswith(_IGNORED):
            break
        pos = end + 1
    rest = text[pos:].rstrip("\n")
    data = rest.encode()
    if rest and _plain_text(data):
        wide = data.translate(None, _ASCII).decode()  # the characters beyond ASCII, each whole
        if not any(c.isspace() or c.isdecimal() for c in set(wide)):
            return rest.split("\n"), data.translate(None, b"0123456789").decode().split("\n")
    lines = [line for line in map(str.strip, text.split("\n")[1:])
             if line and not line.startswith(_IGNORED)]
    if "^^" in text or "/" in text:  # (most dictionaries have neither)
        lines = [_plain(line) if "^^" in line or "/" in line else line for line in lines]
    return lines, _letters(lines)


_ASCII = bytes(range(128))


def _plain_text(data: bytes) -> bool:
    """Whether a text's UTF-8 bytes hold none of _NOT_PLAIN: its one-character marks (all
    ASCII, so never a byte of a longer character) found by deleting every other byte, in one
    pass in C (not a search of the text for each), the longer ones searched for."""
    return not data.translate(None, _ALL_BUT_MARKS) and not any(
        mark in data for mark in _LONG_MARKS)


# What the whole-text reading leaves to the line by line one: whitespace a line's strip()
# would drop (ASCII's, the line break apart), an empty line, a line that could be ignored
# (every ignored keyword holds HYPHENMIN), `^^hh` characters and alternatives.
_NOT_PLAIN = (" ", "\t", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x1f", "\n\n", "%", "#",
              "HYPHENMIN", "^^", "/")
_ALL_BUT_MARKS = bytes(b for b in range(256) if chr(b) not in _NOT_PLAIN)
_LONG_MARKS = tuple(mark.encode() for mark in _NOT_PLAIN if len(mark) > 1)


def _letters(lines: list[str]) -> list[str]:
    """Each line less its digits (what `\\d` matches: any decimal digit); a dictionary whose
    only decimal digits are 0-9 has them dropped from its bytes at once."""
    joined = "\n".join(lines)
    if joined.count("\n") == len(lines) - 1 and (joined.isascii() or all(
            c.isascii() or not c.isdecimal() for c in set(joined))):
        return joined.encode().translate(None, b"0123456789").decode().split("\n")
    return [_DIGITS.sub("", line) for line in lines]


def _plain(line: str) -> str:
    """A line with `^^hh` written as its character, less a nonstandard alternative (`/...`):
    only its numbers count here."""
    line = _HEX.sub(lambda m: chr(int(m.group(1), 16)), line)
    return line.split("/", 1)[0] if "/" in line and "=" in line else line


def _numbers(line: str) -> _Pattern | None:
    """A pattern's numbers as pyphen reads them: zeros cut from both ends, with the offset of
    the first kept; None when they are all zero."""
    values = tuple(int(digit or "0") for digit, _ in _PARSE.findall(line))
    if max(values) == 0:
        return None
    start, end = 0, len(values)
    while not values[start]:
        start += 1
    while not values[end - 1]:
        end -= 1
    return start, values[start:end]


@cache
def hyphenator(language: str) -> Hyphenator | None:
    """The hyphenation of a language (en, de, fr_FR, ...), None when pyphen has no dictionary."""
    languages = dictionaries()
    found = language_fallback(language.replace("-", "_"), languages)
    return Hyphenator(languages[found]) if found else None  # a file pyphen ships


@cache
def dictionaries() -> dict[str, Path | Traversable]:
    """`pyphen.LANGUAGES` (a language's code, and its short code, -> the dictionary file pyphen
    ships), found as pyphen finds them but without importing pyphen, whose import lists its
    folder through importlib.resources (loading zipfile and tempfile): its `dictionaries`
    folder beside its `__init__.py`; pyphen's own when it is installed another way."""
    from importlib.util import find_spec

    spec = find_spec("pyphen")
    folder = Path(spec.origin).parent / "dictionaries" if spec and spec.origin else None
    if folder is None or not folder.is_dir():
        import pyphen

        return dict(pyphen.LANGUAGES)
    languages: dict[str, Path | Traversable] = {}
    for file in sorted(os.listdir(folder)):  # pyphen's loop (Paths of one folder sort as names)
        dot = file.rfind(".")
        if dot > 0 and file[dot:] == ".dic":  # Path.suffix == ".dic"
            name = file[5:-4]
            languages[name] = path = folder / file
            short_name = name.split("_")[0]
            if short_name not in languages:
                languages[short_name] = path
    return languages


def language_fallback(language: str, languages: dict[str, Path | Traversable]) -> str | None:
    """`pyphen.language_fallback`: the language, else the shorter codes it falls back to
    (de_CH_1901 -> de_CH -> de), matched in any case, that has a dictionary."""
    lowercase = {name.lower(): name for name in languages}
    parts = language.replace("-", "_").lower().split("_")
    while parts:
        found = lowercase.get("_".join(parts))
        if found is not None:
            return found
        parts.pop()
    return None
