"""Set-up and play text -> numbers tied to components, compared with the data.

"Place the 3 Harbor tiles", "Deal 5 cards to each player", "Put 2 guards on each tower": a
number, then a component's name (a kind's title or id, a component's name, a box-list line's
noun). A count with "the" or "all" is the whole kind (less the components the lines just before
set aside by name); a count "per player", "to each player" or "on each tower" is multiplied by the
players or the towers; any other count must not exceed what the box holds. A number in front of a
component noun (card, token, tile, ...) that neither the box list nor the data knows is an
`unknown-component`; a kind not in the box list that the rules use is `rules-use-unlisted`.
"""

from __future__ import annotations

import re
from functools import lru_cache

from cardgen.check.findings import Finding
from cardgen.check.mdtext import HEADING, SKIP
from cardgen.check.rulebook import Rulebook
from cardgen.check.terms import Names, is_known, normal, singular
from cardgen.data.model import Database
from cardgen.records import record

NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
COMPONENT_NOUNS = {"card", "token", "tile", "marker", "die", "dice", "cube", "counter", "piece",
                   "pawn", "board", "track", "deck", "meeple", "chip", "coin", "sheet", "pad",
                   "standee", "figure", "miniature", "disc", "disk", "tracker", "ring", "screen",
                   "bag", "cover", "sticker", "mat", "placemat", "booklet", "aid"}
_STOP = {"from", "to", "on", "in", "into", "of", "at", "and", "or", "per", "for", "each", "with",
         "under", "next", "onto", "near", "than", "as", "by", "that", "this", "is", "are", "the",
         "a", "an", "your", "their", "his", "her", "its", "it", "them", "then", "if", "when"}
_GENERIC = {"total", "more", "other", "new", "additional", "remaining", "extra", "random", "same",
            "different", "top", "bottom", "matching", "unique", "face-up", "face-down", "free",
            "empty", "open", "available", "used", "unused", "spare", "blank", "starting", "final",
            "first", "last", "next", "previous", "whole", "single", "double", "double-sided",
            "small", "large", "big", "little", "equal", "separate", "chosen", "drawn", "played"}
_CLAIM = re.compile(r"(?<![\w\-+.])(\d{1,3}|" + "|".join(NUMBER_WORDS) + r")[ \t]+"
                    r"((?:\*\*|__)?[A-Za-z][\w'’\-]*(?:[ \t]+[A-Za-z][\w'’\-]*){0,4})", re.I)
_DIGIT = re.compile(r"\d")
_WHOLE = re.compile(r"\b(?:the|all|all the)[ \t]+(?:\*\*|__)?$", re.I)
_PER = re.compile(r"\b(?:each|every|per)[ \t]+([A-Za-z][\w'’\-]*(?:[ \t]+[A-Za-z][\w'’\-]*)?)",
                  re.I)
_SENTENCE = re.compile(r"(?<=[.!?;])\s+")
_COUNTED_WORD = re.compile(r"[A-Za-z][\w'’\-]*")
_LOOK_BACK = 4  # lines before a count in which names set components aside


@record
class Claim:
    number: int  # the rulebook line
    said: int
    words: list[str]  # the words after the number, up to a stop word
    whole: bool  # "the N X" / "all N X": every one of them
    unit: str | None  # "player", "tower": the count is per one of these
    sentence: str


def claims(book: Rulebook, skip: set[int]) -> list[Claim]:
    """Every number followed by words in the set-up and play text (box list and headings aside)."""
    out: list[Claim] = []
    for line in book.doc.lines:
        if line.number in skip or line.kind in (SKIP, HEADING) or not line.text:
            continue
        if not _has_number(line.raw):
            continue
        for sentence in _SENTENCE.split(line.raw):
            out += _sentence_claims(line.number, sentence)
    return out


# compiled on import (made from patterntable by a command, not compiled at each check)
_ANY_NUMBER = re.compile(r"\d|" + "|".join(NUMBER_WORDS), re.I)


def _has_number(text: str) -> bool:
    """Whether the text holds what every claim starts with: a digit or a number's name."""
    if not text.isascii():  # where case-blind matching is more than lower case
        return _ANY_NUMBER.search(text) is not None
    if _DIGIT.search(text):
        return True
    low = text.lower()
    return any(word in low for word in NUMBER_WORDS)


@lru_cache(maxsize=1)
def _each_word() -> list[tuple[re.Pattern[str], int]]:
    """Each number word's pattern (compiled when a word no lower-casing reads first comes)."""
    return [(re.compile(word, re.I), value) for word, value in NUMBER_WORDS.items()]


def number_value(text: str) -> int:
    """The number a count's digits or number word says, the word as the patterns' re.I
    matched it: "Six", and also "ſix" (a long s) or "sİx", which no lower-casing reads."""
    if text.isdigit():
        return int(text)
    return NUMBER_WORDS.get(text.lower()) or next(
        value for pattern, value in _each_word() if pattern.fullmatch(text))


def _sentence_claims(number: int, sentence: str) -> list[Claim]:
    unit: str | None = None  # the sentence's unit, read when a claim first needs it
    unit_read = False
    out = []
    for match in _CLAIM.finditer(sentence):
        said = number_value(match.group(1))
        words = []
        for word in _COUNTED_WORD.findall(match.group(2)):
            if word.lower() in _STOP:
                break
            words.append(word)
        if words:
            if not unit_read:
                unit, unit_read = _sentence_unit(sentence), True
            whole = bool(_WHOLE.search(sentence[:match.start()]))
            out.append(Claim(number, said, words, whole, unit, sentence.strip()))
    return out


def _sentence_unit(sentence: str) -> str | None:
    """What a sentence's counts are per ("to each player": "player"), if anything. An ASCII
    sentence whose lower case holds none of `each`, `every`, `per` is not searched: re.I adds
    only their capitals to what those letters match in ASCII text."""
    if sentence.isascii():
        low = sentence.lower()
        if "each" not in low and "every" not in low and "per" not in low:
            return None
    per = _PER.search(sentence)
    return _unit(per.group(1)) if per else None


def _unit(text: str) -> str:
    words = [w for w in normal(text) if w not in ("other", "of")]
    return " ".join(words[:2]) if words else ""


def kind_for(words: list[str], names: Names, by_name: dict[tuple[str, ...], str]) -> str | None:
    """The kind the longest leading run of `words` names, if any."""
    for n in range(len(words), 0, -1):
        key = normal(" ".join(words[:n]))
        kind = names.kinds.get(key) or by_name.get(key)
        if kind is not None and (n > 1 or len(key) > 1 or key in names.kinds):
            return kind
    return None


def count_findings(db: Database, book: Rulebook, names: Names) -> list[Finding]:
    """`rules-count` and `unknown-component` findings of the set-up and play text."""
    by_name = {normal(c.name): c.kind for c in db.components if len(normal(c.name)) > 1}
    out: list[Finding] = []
    for claim in claims(book, names.box_lines):
        kind = kind_for(claim.words, names, by_name)
        if kind is None:
            out += _unknown(claim, names, book)
            continue
        found = _compare(db, book, claim, kind, names, by_name)
        if found is not None:
            out.append(found)
    return out


def _units(db: Database, unit: str | None, names: Names,
           by_name: dict[tuple[str, ...], str]) -> int | None:
    if unit is None:
        return 1
    if singular(unit.split()[0]) == "player":
        return db.edition.players.max if db.edition.players else None
    kind = kind_for(unit.split(), names, by_name)
    return sum(c.count for c in db.of_kind(kind)) if kind else None


def _compare(db: Database, book: Rulebook, claim: Claim, kind: str, names: Names,
             by_name: dict[tuple[str, ...], str]) -> Finding | None:
    total = sum(c.count for c in db.of_kind(kind))
    units = _units(db, claim.unit, names, by_name)
    title = db.game.kinds[kind].title or kind if kind in db.game.kinds else kind
    phrase = " ".join(claim.words)
    if claim.whole and claim.unit is None:
        before = book.lines[max(0, claim.number - 1 - _LOOK_BACK):claim.number - 1]
        if claim.said in (total, total - _set_aside(db, kind, before)):
            return None
        message = f"the rules say {claim.said} {phrase}, the database has {total} {title}"
    elif units is not None and claim.said * units > total:
        per = f" for each {claim.unit} ({claim.said * units} for {units})" if claim.unit else ""
        message = (f"the rules use {claim.said} {phrase}{per}, the database has {total} "
                   f"{title}")
    else:
        return None
    return Finding("rules-count", "warning", message, quote=claim.sentence,
                   where=book.where(claim.number), subject=f"{claim.number}:{claim.said} {phrase}")


def _set_aside(db: Database, kind: str, before: list[str]) -> int:
    text = " ".join(before).replace("*", "").lower()
    return sum(c.count for c in db.of_kind(kind) if c.name and c.name.lower() in text)


def _unknown(claim: Claim, names: Names, book: Rulebook) -> list[Finding]:
    """A counted component noun with words in front that no name of the data or box list has."""
    words = normal(" ".join(claim.words))
    head = next((k for k, w in enumerate(words) if w in COMPONENT_NOUNS), None)
    if head is None or head == 0:
        return []
    phrase = words[:head + 1]
    if (is_known(phrase, names) or any(w in COMPONENT_NOUNS or w in _GENERIC for w in phrase[:-1])
            or any(w.isdigit() for w in phrase)):
        return []
    if not any(w in names.vocabulary for w in phrase[:-1]) and len(phrase) < 2:
        return []
    shown = " ".join(claim.words[:head + 1])
    return [Finding("unknown-component", "warning",
                    f"the rules count {claim.said} {shown}, which neither the box list nor the "
                    "data names", quote=claim.sentence, where=book.where(claim.number),
                    subject=" ".join(phrase),
                    hint="add it to the box list and the data, or use the name the box list uses")]


def unlisted_findings(db: Database, book: Rulebook, names: Names) -> list[Finding]:
    """`rules-use-unlisted`: a kind the database has and the box list lacks, named by the rules."""
    listed = {k for inv in db.edition.inventory for k in inv.kinds}
    out = []
    for kind in dict.fromkeys(c.kind for c in db.components):
        if kind in listed:
            continue
        spec = db.game.kinds.get(kind)
        wanted = {normal(spec.title or kind) if spec else (), normal(kind.replace("-", " "))}
        wanted |= {normal(c.name) for c in db.of_kind(kind) if len(normal(c.name)) > 1}
        hit = _first_use(book, names, {w for w in wanted if w})
        if hit is not None:
            number, text = hit
            has = sum(c.count for c in db.of_kind(kind))
            title = spec.title if spec and spec.title else kind
            out.append(Finding(
                "rules-use-unlisted", "warning",
                f"the rules use {title} but the box list does not list it (the database has {has})",
                quote=text, where=book.where(number), subject=f"unlisted {kind}"))
    return out


def _first_use(book: Rulebook, names: Names, wanted: set[tuple[str, ...]]) -> tuple[int, str] | None:
    # a line naming one holds its first word's stem as it is, in lower case: the word itself,
    # or the plural normal() makes singular (`tokens`, `libraries`)
    stems = [(name, name[0][:-1] if name[0].endswith("y") else name[0]) for name in wanted]
    for line in book.doc.lines:
        if line.number in names.box_lines or line.kind == SKIP or not line.text:
            continue
        low = line.text.lower()
        maybe = [name for name, stem in stems if stem in low]
        if not maybe:
            continue
        words = normal(line.text)
        for name in maybe:
            n = len(name)
            if name[0] in words and any(words[i:i + n] == name for i in range(len(words) - n + 1)):
                return line.number, line.text
    return None
