"""Rulebook text -> names the data does not follow, found without anyone typing them.

The rulebook is scanned for capitalised noun phrases ("Score Token", "Bonus Cards") and for
lists of things of one sort ("a technology, an environment, and a global power"). The data's
names are its kind titles, its vocabulary, its component names and the nouns of its box-list
lines (`data_names`, shared with counts.py).

- A phrase the data does not know that differs from a name it knows by one word, both ending
  in a component noun (token, marker, tracker, ...), or by a word left out of the middle, is a
  `two-names` finding. Names that stand in the same sentence are two things, not one.
- A list whose items are terms of one vocabulary but for one the data does not know names that
  one thing by another name: a `two-names` finding naming the terms the list leaves out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import field
from functools import lru_cache
from itertools import chain

from cardgen.check.findings import Finding
from cardgen.check.rulebook import Rulebook
from cardgen.data.model import Database
from cardgen.records import record

_WORD = r"[A-Z][A-Za-z'’-]*"
_PHRASE = re.compile(rf"\b({_WORD}(?:[ \t]+{_WORD})+)")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_ARTICLES = {"the", "a", "an", "your", "each", "all", "any", "every", "this", "that"}


def singular(word: str) -> str:
    """'cards' -> 'card', 'libraries' -> 'library'; short words and '-ss' kept."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


_COUNT_FIRST = re.compile(r"^\s*\d+\s*")  # a box-list line's count, as it starts the line
_ASIDE = re.compile(r"\(.*?\)|[*_`]")
_NAME_WORD = re.compile(r"[a-z0-9'’-]+")


@lru_cache(maxsize=1 << 14)
def normal(text: str) -> tuple[str, ...]:
    """Words of a name, lower case, singular, without markup, articles or bracketed tails."""
    if "(" in text or "*" in text or "_" in text or "`" in text:
        text = _ASIDE.sub(" ", text)
    words = [singular(w) for w in _NAME_WORD.findall(text.lower())]
    while words and words[0] in _ARTICLES:
        words = words[1:]
    return tuple(words)


def _line_noun(line: str) -> tuple[str, ...]:
    """'4 Player HP Trackers' -> ('player', 'hp', 'tracker')."""
    words = normal(_LINE_COUNT.sub("", line.split(":")[0]))
    return tuple(w for w in words if not w.isdigit())


@record
class Names:
    known: set[tuple[str, ...]]
    heads: set[str]  # last words of component names: card, token, marker, ...
    kinds: dict[tuple[str, ...], str]  # a kind's names -> kind id
    labels: dict[tuple[str, ...], str]  # normal form -> a printable name
    box_lines: set[int]  # the rulebook's box-list line numbers: not scanned for names or counts
    vocabulary: set[str] = field(default_factory=set)  # every word of a vocabulary term's name
    terms: dict[str, dict[tuple[str, ...], str]] = field(default_factory=dict)  # vocab -> names
    # the known names by their last word, made when is_known is first asked
    ends: dict[str, list[tuple[str, ...]]] = field(default_factory=dict)


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
    by_vocab = {vocab: {key: t.label for t in found.values()
                        for key in (normal(t.label), normal(str(t.id).replace("-", " "))) if key}
                for vocab, found in db.game.vocab.items()}
    vocabulary = {w for names in by_vocab.values() for key in names for w in key}
    return Names(known, heads, kinds, labels, {line.number for line in book.box}, vocabulary,
                 by_vocab)


# A name as the data writes it: (text, the kind it names or None, its words; None: normal(text)).
_Named = tuple[str, str | None, tuple[str, ...] | None]


def _kind_names(db: Database) -> Iterator[_Named]:
    """Each kind's title and its id; they name the kind only where it has components (the
    kinds with components first, so a name both share names the one in use)."""
    used = {c.kind for c in db.components}
    for kid, spec in sorted(db.game.kinds.items(), key=lambda item: item[0] not in used):
        yield spec.title or kid, kid if kid in used else None, None
        yield kid.replace("-", " "), kid if kid in used else None, None


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
        yield _COUNT_FIRST.sub("", line.text), None, noun


def is_known(phrase: tuple[str, ...], names: Names) -> bool:
    """Known; a known name shortened at the front ("HP Tracker" for "Player HP Tracker"); or
    a known name with a word in front ("Game Piece" is a Piece)."""
    if phrase in names.known:
        return True
    if not phrase:
        return False
    if not names.ends:  # either way round, the two names end in the same word
        for k in names.known:
            if k:
                names.ends.setdefault(k[-1], []).append(k)
    return any(k[-len(phrase):] == phrase if len(k) > len(phrase) else phrase[-len(k):] == k
               for k in names.ends.get(phrase[-1], ()))


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
    # a name resembles a phrase of its length with all but the last word the same, or one a
    # word longer with the same last word (_resembles)
    by_stem: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
    by_end: dict[tuple[str, int], list[tuple[str, ...]]] = {}
    for known in names.known:
        if known:
            by_stem.setdefault(known[:-1], []).append(known)
            by_end.setdefault((known[-1], len(known)), []).append(known)
    for number, line in enumerate(book.lines, start=1):
        # a phrase a sentence holds is one its line holds where it stands: a line without any
        # is not split into sentences
        if number in names.box_lines or not _PHRASE.search(line):
            continue
        for sentence in _SENTENCE.split(line):
            matches = [(match, normal(match.group(1))) for match in _PHRASE.finditer(sentence)]
            in_sentence = {phrase for _, phrase in matches}
            for match, phrase in matches:
                if len(phrase) < 2 or phrase in found or is_known(phrase, names):
                    continue
                close = [k for k in chain(by_stem.get(phrase[:-1], ()),
                                          by_end.get((phrase[-1], len(phrase) + 1), ()))
                         if _resembles(phrase, k, names.heads) and k not in in_sentence]
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


# `\s*(?:,|;|\band\b|\bor\b)\s*`, re.I, told by a lookahead at each place what its first
# character must be (a space, `,` `;` `a` `o`): the same matches, a quarter fewer instructions
_LIST_SPLIT = re.compile(r"(?=[\s,;ao])\s*(?:,|;|\band\b|\bor\b)\s*", re.I)
_LIST_PART = re.compile(r"[(:\-–—]\s*|\)\s*")
_LINE_COUNT = re.compile(r"^\s*\d+(\s*-\s*\d+)?\s*(x\s+)?")  # a box-list line's count
_LIST_ITEM_WORDS = 3  # an item of a list of terms is a short name


def list_findings(book: Rulebook, names: Names) -> list[Finding]:
    """`two-names` for the one item of a list of a vocabulary's terms that the data lacks."""
    out: dict[str, Finding] = {}
    for line in book.doc.lines:
        if line.number in names.box_lines or not line.text or not _separators(line.text):
            continue
        for sentence in _SENTENCE.split(line.text):
            for part in _LIST_PART.split(sentence):
                found = _odd_one(part, names)
                if found is not None and found[0] not in out:
                    odd, vocab, missing = found
                    out[odd] = Finding(
                        "two-names", "warning",
                        f"the rules list '{odd}' among the {vocab} terms, which the data does not "
                        f"name; the data's {vocab} the list leaves out: {', '.join(missing)}",
                        quote=sentence.strip(), where=book.where(line.number), subject=odd,
                        hint="one thing with two names: use the data's name in the rulebook, or "
                             "acknowledge it (accepted:)")
    return list(out.values())


def _separators(text: str) -> bool:
    """Whether the text may hold the two separators of a list of three (`,` `;` `and` `or`, as
    _LIST_SPLIT finds them: case-blind, which for these is lower case)."""
    low = text.lower()
    return low.count(",") + low.count(";") + low.count("and") + low.count("or") >= 2


def _odd_one(part: str, names: Names) -> tuple[str, str, list[str]] | None:
    """(the unknown item, the vocabulary, its terms not in the list) for a list of 3 or more
    items all but one of which are terms of one vocabulary."""
    if not _separators(part):
        return None
    items = [i for i in _LIST_SPLIT.split(part) if i.strip()]
    if len(items) < 3:
        return None
    keys = []
    for item in items:
        key = normal(item)
        if len(key) > _LIST_ITEM_WORDS:
            return None
        keys.append(key)
    for vocab, terms in names.terms.items():
        unknown = [k for k, key in enumerate(keys) if key not in terms]
        if len(unknown) != 1 or not keys[unknown[0]] or is_known(keys[unknown[0]], names):
            continue
        named = {terms[key] for key in keys if key in terms}
        missing = sorted({label for label in terms.values() if label not in named})
        odd = re.sub(r"^(?:an?|the)\s+", "", items[unknown[0]].strip(), flags=re.I)
        if missing:
            return odd, vocab, missing
    return None
