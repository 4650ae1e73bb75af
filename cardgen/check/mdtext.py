"""Rulebook text -> lines of plain text, each with its line number and what it is.

A rulebook is Markdown or plain text. markdown-it reads the block structure (headings, list
items with their numbers, table rows and cells); each line's inline markup (emphasis, links,
code, escapes) is taken off one line at a time, so every plain line keeps the file's line
number. `words` turns any text into the words a quote is compared by: markup, punctuation and
whitespace aside, case and spelling kept.

What a process has read is remembered (`memo`): a build hands it on (`recall`), through a
signed record in the project's cache (cardgen.pipeline.clean), to the next `cardgen check`,
which then needs neither markdown-it nor the reading for text that has not changed.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import field
from typing import TYPE_CHECKING, Any

from cardgen.deferral import DeferredPattern
from cardgen.records import record

if TYPE_CHECKING:  # loaded when text must be read, not when it is remembered
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

HEADING, ITEM, ROW, TEXT, BLANK, SKIP = "heading", "item", "row", "text", "blank", "skip"

_BULLET = re.compile(r"^\s*(?:[-*+]|\d{1,3}[.)]|[a-z][.)])\s+")
_ESCAPED_BULLET = re.compile(r"^\\[*•·]\s+|^[•·▪]\s+")
_HASHES = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)[\s#]*$")
_WORD = re.compile(r"\w+(?:['\-]\w+)*")
# DeferredPattern: compiled when first used (cardgen/deferral.py): tables and wiki pictures are rare
_PIPES = DeferredPattern(r"^\s*\|.*\|.*\|\s*$", 0)
_WIKI_IMAGE = DeferredPattern(r"!?\[\[[^\]]*\]\]", 0)  # an Obsidian picture: `![[pic.png]]`
_RULE_ROW = DeferredPattern(r"^\s*\|?(?:\s*:?-{2,}:?\s*\|)+\s*:?-{0,}:?\s*\|?\s*$", 0)
# What starts inline Markdown in the parser's rules (escape, code, emphasis, link, image,
# autolink, HTML, entity, line breaks) or its normalising (CR, NUL): a line with none of these
# is its own plain text, so markdown-it need not read it.
_INLINE = re.compile(r"[\\`*_\[\]<\r\n\x00]|&[#A-Za-z]")
# The same but for `*`: a line whose only markup is `*` runs may be emphasis alone (`_stars`).
_NOT_STAR = re.compile(r"[\\`_\[\]<\r\n\x00]|&[#A-Za-z]")
_STARS = re.compile(r"\*+")
# Around a `*` run, for CommonMark's flanking rules as markdown-it applies them: a space or tab
# (the line's ends count as one) and ASCII punctuation; a letter or digit is neither.
_BLANKS = frozenset(("", " ", "\t"))
_PUNCT = frozenset("!\"#$%&'()+,-./:;<=>?@[\\]^_`{|}~")
_DIGIT = re.compile(r"\d")
_WORD_OR_OTHER = re.compile(r"\w+(?:['\-]\w+)*|[^\w\x00-\x7f]")
_TIMES = re.compile(r"\b(\d+)\s*[x×](?![\w-])|(?<![\w-])[x×]\s*(\d+)\b", re.I)


@record
class Line:
    number: int  # 1-based line number in the file
    raw: str
    text: str  # plain: block markers and inline markup taken off, whitespace collapsed
    kind: str = TEXT  # heading | item | row | text | blank | skip (front matter, images, table rules)
    level: int = 0  # a heading's level (1-6; 7 for a heading of capitals or bold); a list item's depth
    ordinal: int | None = None  # an ordered list item's printed number
    cells: tuple[str, ...] = field(default_factory=tuple)  # a table row's cells, plain
    bold: bool = False  # the whole line is emphasised (a bold line may head a section)


@record
class Doc:
    lines: list[Line]

    def line(self, number: int) -> Line:
        return self.lines[number - 1]


_PLAIN: dict[str, str] = {}  # text -> plain(text), this process's and recalled
_DOCS: dict[str, list[list[Any]]] = {}  # digest of a text -> read(text) as rows (Line fields)
_USED: tuple[set[str], set[str]] = (set(), set())  # keys of both looked up since recall()
_LIMITS = (50_000, 16)  # entries kept before a long-lived process (`cardgen watch`) starts afresh


def _parser() -> MarkdownIt:
    from cardgen.check.markdownlib import parser

    return parser()


def memo() -> dict[str, Any]:
    """What this process has read since recall(): plain texts and rulebooks' lines, as plain
    JSON values."""
    return {"plain": {k: _PLAIN[k] for k in _USED[0] if k in _PLAIN},
            "docs": {k: _DOCS[k] for k in _USED[1] if k in _DOCS}}


def recall(known: dict[str, Any]) -> None:
    """Take what an earlier process read (memo()) as read, by the same code."""
    _PLAIN.update(known.get("plain", {}))
    _DOCS.update(known.get("docs", {}))
    for used in _USED:
        used.clear()


def _remember(which: int, key: str, value: Any) -> None:
    table: dict[str, Any] = (_PLAIN, _DOCS)[which]
    if len(table) >= _LIMITS[which]:
        table.clear()
        _USED[which].clear()
    table[key] = value


def plain(text: str) -> str:
    """One line's inline Markdown taken off: `**Foo** _bar_ [x](y)` -> `Foo bar x`."""
    found = _PLAIN.get(text)
    if found is None:
        found = _plain(text)
        _remember(0, text, found)
    _USED[0].add(text)
    return found


def _plain(text: str) -> str:
    text = unicodedata.normalize("NFC", text.replace("’", "'").replace("‘", "'"))
    if not _INLINE.search(text):
        return " ".join(text.split())  # runs of whitespace (\s) as one space
    if not _NOT_STAR.search(text):
        found = _stars(text)
        if found is not None:
            return " ".join(found.split())
    out: list[str] = []
    for tok in _inline(text):
        if tok.type in ("text", "text_special", "code_inline", "html_inline"):
            out.append(tok.content)
        elif tok.type in ("softbreak", "hardbreak"):
            out.append(" ")
        elif tok.type == "image":
            out.append(tok.content)
    return " ".join("".join(out).split())


def _stars(text: str) -> str | None:
    """The text of a line whose only markup is emphasis by `*` runs that plainly pair up
    (`**Foo** and *bar*`), as markdown-it reads it: the runs taken off. None (markdown-it
    reads it) unless the runs alternate, opening and closing, in pairs of equal runs of one or
    two, each of which can only open or only close: an opening run followed by a letter or
    digit and preceded by a space, a tab, ASCII punctuation or the line's start, or followed
    by ASCII punctuation and preceded by a space, a tab or the start; a closing run the other
    way round. The delimiter algorithm then pairs each opening run with the closing run after
    it, whole (tests/test_check_mdtext.py holds it to markdown-it)."""
    out: list[str] = []
    pos = width = 0
    closing = False
    for run in _STARS.finditer(text):
        start, end = run.span()
        inner, outer = (text[start - 1], text[end:end + 1]) if closing else (
            text[end:end + 1], text[start - 1:start] if start else "")
        if end - start > 2 or (closing and end - start != width) or not (
                (inner.isalnum() and (outer in _BLANKS or outer in _PUNCT))
                or (inner in _PUNCT and outer in _BLANKS)):
            return None
        width = end - start
        out.append(text[pos:start])
        pos = end
        closing = not closing
    if closing:
        return None
    out.append(text[pos:])
    return "".join(out)


def _inline(text: str) -> list[Token]:
    """markdown-it's inline tokens of one line: what `parseInline` puts in its one token's
    children, by the steps its core rules take (line ends and NULs normalised, the inline
    parser run), an escape's text left as `text_special` (text_join would only relabel and
    join it)."""
    parser = _parser()
    text = _LINE_ENDS.sub("\n", text).replace("\x00", "\ufffd")
    children: list[Token] = []
    parser.inline.parse(text, parser, {}, children)
    return children


_LINE_ENDS = re.compile(r"\r\n?")


def words(text: str) -> list[str]:
    """The words of a text as a quote is compared: markup and punctuation aside, case kept."""
    return _WORD.findall(plain(text).replace("_", " "))


def _is_symbol(char: str) -> bool:
    return unicodedata.category(char) == "So"


def tokens(text: str) -> list[str]:
    """Words and symbols (◇, ⬡): what a quote must find in the rulebook in this order. A count
    written `3x`, `3 ×` or `x3` is the number alone."""
    flat = plain(text).replace("_", " ")
    if _DIGIT.search(flat):  # a count needs a digit
        flat = _TIMES.sub(_count, flat)
    if flat.isascii():  # no symbol (category So) is ASCII
        return _WORD.findall(flat)
    # words, and between them every character that is neither a word's nor ASCII: a symbol kept
    return [t for t in _WORD_OR_OTHER.findall(flat) if len(t) > 1 or t.isalnum() or _is_symbol(t)]


def _count(match: re.Match[str]) -> str:
    return match.group(1) or match.group(2)


def _front_matter(raw: list[str]) -> int:
    """Lines of a YAML front matter block (`---` ... `---` at the top), else 0."""
    if raw and raw[0].strip() == "---":
        for i in range(1, min(len(raw), 60)):
            if raw[i].strip() in ("---", "..."):
                return i + 1
    return 0


def read(text: str) -> Doc:
    """A rulebook's text -> a Doc with one Line per line of the file."""
    key = hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()
    rows = _DOCS.get(key)
    if rows is None:  # read now: the caller has the Doc read, its rows are remembered
        doc = _read(text)
        _remember(1, key, [[x.number, x.raw, x.text, x.kind, x.level, x.ordinal, list(x.cells),
                            x.bold] for x in doc.lines])
        _USED[1].add(key)
        return doc
    _USED[1].add(key)
    return Doc([Line(n, raw, plain_text, kind, level, ordinal, tuple(cells), bold)
                for n, raw, plain_text, kind, level, ordinal, cells, bold in rows])


def _read(text: str) -> Doc:
    raw = text.splitlines()
    lines = [Line(i + 1, r, "", BLANK if not r.strip() else TEXT) for i, r in enumerate(raw)]
    skip = _front_matter(raw)
    for line in lines[:skip]:
        line.kind = SKIP
    body = "\n".join("" if i < skip else r for i, r in enumerate(raw))
    _mark_blocks(block_tokens(body), lines)
    for line in lines:
        if line.kind in (TEXT, ITEM, HEADING) and not line.text:
            _fill(line)
    return Doc(lines)


def block_tokens(text: str) -> list[Token]:
    """markdown-it's tokens of a text as `parse` gives them, but for the inline tokens'
    children: the core rules run up to the inline pass, which fills only those (a line's
    inline markup is read by `plain`, one line at a time). The state is kept for the rules
    typesetter's parse of the same text (cardgen.check.markdownlib)."""
    from cardgen.check.markdownlib import block_tokens

    return block_tokens(text, _parser())


def _mark_blocks(toks: list[Token], lines: list[Line]) -> None:
    depth = 0
    for k, tok in enumerate(toks):
        if tok.type in ("bullet_list_open", "ordered_list_open"):
            depth += 1
        elif tok.type in ("bullet_list_close", "ordered_list_close"):
            depth -= 1
        elif tok.type == "list_item_open" and tok.map:
            line = lines[tok.map[0]]
            line.kind, line.level = ITEM, depth
            line.ordinal = int(tok.info) if tok.info.isdigit() else None
        elif tok.type == "heading_open" and tok.map:
            line = lines[tok.map[0]]
            line.kind, line.level = HEADING, int(tok.tag[1])
            if tok.markup in ("=", "-") and tok.map[1] - tok.map[0] > 1:  # setext: text, then rule
                lines[tok.map[1] - 1].kind = SKIP
                line.kind = TEXT
        elif tok.type == "tr_open" and tok.map:
            _table_row(toks, k, lines[tok.map[0]])
        elif tok.type == "thead_open" and tok.map and tok.map[0] + 1 < len(lines):
            lines[tok.map[0] + 1].kind = SKIP  # the |---|---| line under the header


def _table_row(toks: list[Token], start: int, line: Line) -> None:
    cells: list[str] = []
    for tok in toks[start + 1:]:
        if tok.type == "tr_close":
            break
        if tok.type == "inline":
            cells.append(plain(tok.content))
    line.kind, line.cells = ROW, tuple(cells)
    line.text = " ".join(c for c in cells if c)


def _fill(line: Line) -> None:
    """A line's plain text; a short line of capitals or a bold line becomes a heading; a table
    row Markdown did not see (right under a paragraph line) is read as one."""
    raw = line.raw
    if line.kind == TEXT and "|" in raw and _PIPES.match(raw):
        if _RULE_ROW.match(raw):
            line.kind = SKIP
            return
        cells = tuple(plain(c) for c in raw.strip().strip("|").split("|"))
        line.kind, line.cells, line.text = ROW, cells, " ".join(c for c in cells if c)
        return
    match = _HASHES.match(raw)
    if match:
        line.kind, line.level = HEADING, len(raw.strip()) - len(raw.strip().lstrip("#"))
        stripped = match.group(1)
    else:
        stripped = _ESCAPED_BULLET.sub("", _BULLET.sub("", raw, count=1), count=1)
    if line.kind == TEXT and stripped != raw.strip() and _BULLET.match(raw):
        line.kind = ITEM
    line.text = plain(stripped)
    if line.text.startswith("![") or ("[[" in line.text and _WIKI_IMAGE.fullmatch(line.text)):
        line.kind, line.text = SKIP, ""
        return
    body = stripped.strip()
    line.bold = (len(body) > 4 and body[:2] in ("**", "__") and body[-2:] == body[:2]
                 and body[:2] not in body[2:-2])
    if line.kind == TEXT and (line.bold or _capitals(line.text)):
        line.kind, line.level = HEADING, 7


def _capitals(text: str) -> bool:
    """A plain-text heading: a short line in capitals, with no digit and no sentence end."""
    return (2 <= len(text) <= 40 and text[0].isalpha() and text.upper() == text
            and any(c.isalpha() for c in text) and not any(c.isdigit() for c in text)
            and not text.endswith((".", ","))) and sum(c.isalpha() for c in text) >= 3
