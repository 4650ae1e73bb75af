"""Rulebook text -> names and counts the data does not follow, found without anyone typing them.

The rulebook is scanned for capitalised noun phrases ("Score Token", "Bonus Cards") and for
numbers in front of them ("the 3 Bonus Cards"). The data's names are its kind titles, its
vocabulary, its component names and the nouns of its box-list lines.

- A phrase the data does not know that differs from a name it knows by one word, both ending
  in a component noun (token, marker, tracker, ...), or by a word left out of the middle, is a
  `two-names` finding. Names that stand in the same sentence are two things, not one.
- A number in front of a kind's name, all of them ("the 3 Bonus Cards"), is compared with that
  kind's count; the components the text names in the lines just before (set aside by name:
  "Place The Joker under the deck") are not in play and may be left out of the count.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import chain

from cardgen.check.findings import Finding
from cardgen.check.rulebook import Rulebook
from cardgen.data.model import Database

_WORD = r"[A-Z][A-Za-z'’-]*"
_PHRASE = re.compile(rf"\b({_WORD}(?:[ \t]+{_WORD})+)")
_COUNTED = re.compile(rf"\b(?:[Tt]he|[Aa]ll)[ \t]+(?:\*\*)?(\d+)[ \t]+(?:\*\*)?({_WORD}(?:[ \t]+{_WORD})*)")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_LOOK_BACK = 4  # lines before a count in which names set components aside
_ARTICLES = {"the", "a", "an", "your", "each", "all", "any", "every", "this", "that"}


def _singular(word: str) -> str:
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def normal(text: str) -> tuple[str, ...]:
    """Words of a name, lower case, singular, without markup, articles or bracketed tails."""
    text = re.sub(r"\(.*?\)|[*_`]", " ", text)
    words = [_singular(w) for w in re.findall(r"[a-z0-9'’-]+", text.lower())]
    while words and words[0] in _ARTICLES:
        words = words[1:]
    return tuple(words)


def _line_noun(line: str) -> tuple[str, ...]:
    """'4 Player HP Trackers' -> ('player', 'hp', 'tracker')."""
    words = normal(re.sub(r"^\s*\d+(\s*-\s*\d+)?\s*(x\s+)?", "", line.split(":")[0]))
    return tuple(w for w in words if not w.isdigit())


@dataclass
class Names:
    known: set[tuple[str, ...]]
    heads: set[str]  # last words of component names: card, token, marker, ...
    kinds: dict[tuple[str, ...], str]  # a kind's names -> kind id
    labels: dict[tuple[str, ...], str]  # normal form -> a printable name
    box_lines: set[int]  # the rulebook's box-list line numbers: not scanned for names or counts


def data_names(db: Database, book: Rulebook) -> Names:
    """The names the data knows, read once per check and shared by every scan of the rulebook."""
    known: set[tuple[str, ...]] = set()
    labels: dict[tuple[str, ...], str] = {}
    kinds: dict[tuple[str, ...], str] = {}
    for text, kind, words in chain(_kind_names(db), _vocab_names(db), _component_names(db),
                                   _box_list_names(db, book)):
        key = words if words is not None else normal(text)
        if not key:
            continue
        known.add(key)
        labels.setdefault(key, text)
        if kind is not None:
            kinds.setdefault(key, kind)
    product = [n for n in known if len(n) > 1 or n in kinds]
    heads = {n[-1] for n in product}
    return Names(known, heads, kinds, labels, {line.number for line in book.box})


# A name as the data writes it: (text, the kind it names or None, its words; None: normal(text)).
_Named = tuple[str, str | None, tuple[str, ...] | None]


def _kind_names(db: Database) -> Iterator[_Named]:
    """Each kind's title and its id, naming the kind."""
    for kid, spec in db.game.kinds.items():
        yield spec.title or kid, kid, None
        yield kid.replace("-", " "), kid, None


def _vocab_names(db: Database) -> Iterator[_Named]:
    """Each vocabulary term's label and its id."""
    for terms in db.game.vocab.values():
        for term in terms.values():
            yield term.label, None, None
            yield str(term.id).replace("-", " "), None, None


def _component_names(db: Database) -> Iterator[_Named]:
    for comp in db.components:
        yield comp.name, None, None


def _box_list_names(db: Database, book: Rulebook) -> Iterator[_Named]:
    """The nouns of the edition's box-list lines (naming the kind of a line that counts one
    kind), then those of the rulebook's box list."""
    for inv in db.edition.inventory:
        for text in [inv.line, *(inv.lines or [])]:
            noun = _line_noun(text)
            yield " ".join(noun), inv.kinds[0] if len(inv.kinds) == 1 else None, noun
    for line in book.box:
        noun = _line_noun(line.text)
        yield re.sub(r"^\s*\d+\s*", "", line.text), None, noun


def _is_known(phrase: tuple[str, ...], names: Names) -> bool:
    """Known; a known name shortened at the front ("HP Tracker" for "Player HP Tracker"); or
    a known name with a word in front ("Game Piece" is a Piece)."""
    if phrase in names.known:
        return True
    return any(k[-len(phrase):] == phrase if len(k) > len(phrase) else phrase[-len(k):] == k
               for k in names.known)


def _resembles(phrase: tuple[str, ...], name: tuple[str, ...], heads: set[str]) -> bool:
    if len(phrase) == len(name) and len(phrase) >= 2:
        differ = [i for i in range(len(phrase)) if phrase[i] != name[i]]
        return (differ == [len(phrase) - 1] and phrase[-1] in heads and name[-1] in heads)
    if len(name) == len(phrase) + 1 and len(phrase) >= 2 and phrase[-1] == name[-1]:
        return any(name[:i] + name[i + 1:] == phrase for i in range(1, len(name) - 1))
    return False


def drift_findings(db: Database, book: Rulebook, names: Names | None = None) -> list[Finding]:
    """`two-names` for phrases of the rulebook that resemble a name the data knows."""
    names = names if names is not None else data_names(db, book)
    found: dict[tuple[str, ...], Finding] = {}
    for number, line in enumerate(book.lines, start=1):
        if number in names.box_lines:
            continue
        for sentence in _SENTENCE.split(line):
            in_sentence = {normal(m.group(1)) for m in _PHRASE.finditer(sentence)}
            for match in _PHRASE.finditer(sentence):
                phrase = normal(match.group(1))
                if len(phrase) < 2 or phrase in found or _is_known(phrase, names):
                    continue
                close = [k for k in names.known if _resembles(phrase, k, names.heads)
                         and k not in in_sentence]
                if not close:
                    continue
                best = sorted(close, key=lambda k: (len(k) != len(phrase) + 1, k))[0]
                found[phrase] = Finding(
                    "two-names", "warning",
                    f"the rules call it '{match.group(1)}', which the data does not name; "
                    f"the data calls it '{names.labels[best]}'",
                    quote=sentence.strip(), where=book.where(number), subject=match.group(1),
                    hint="one thing with two names: use one in the rulebook, or add a rulebook "
                         "mention with a note if both are meant")
    return list(found.values())


def count_findings(db: Database, book: Rulebook, names: Names | None = None) -> list[Finding]:
    """`rules-count` for a number the rules put in front of a kind's name that the data lacks."""
    names = names if names is not None else data_names(db, book)
    out = []
    for number, line in enumerate(book.lines, start=1):
        if number in names.box_lines:
            continue
        for match in _COUNTED.finditer(line):
            kind = _kind_of(normal(match.group(2)), names)
            if kind is None:
                continue
            said = int(match.group(1))
            total = sum(c.count for c in db.of_kind(kind))
            aside = _set_aside(db, kind, book.lines[max(0, number - 1 - _LOOK_BACK):number - 1])
            if said in (total, total - aside):
                continue
            title = db.game.kinds[kind].title or kind
            out.append(Finding(
                "rules-count", "warning",
                f"the rules say {said} {match.group(2).strip()}, the database has {total} "
                f"{title}", quote=line.strip(), where=book.where(number)))
    return out


def _kind_of(phrase: tuple[str, ...], names: Names) -> str | None:
    for n in range(len(phrase), 1, -1):
        kind = names.kinds.get(phrase[:n])
        if kind is not None:
            return kind
    return None


def _set_aside(db: Database, kind: str, before: list[str]) -> int:
    text = " ".join(before).replace("*", "").lower()
    return sum(c.count for c in db.of_kind(kind) if c.name and c.name.lower() in text)
