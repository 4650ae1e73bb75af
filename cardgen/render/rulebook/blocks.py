"""A rulebook's Markdown -> blocks to typeset (headings, paragraphs, lists, tables, pictures).

markdown-it reads the block and inline structure; nothing here parses Markdown by hand. A
plain-text rulebook's headings (a line of capitals, as `cardgen check` reads them,
cardgen.check.mdtext) become headings too: of level 1 in a rulebook without Markdown headings,
else of its deepest Markdown level (at most 2). An Obsidian picture (`![[file.png]]`) alone on
its line is a picture. Inline text keeps its emphasis; `[name]` is one of the game's icons when
`is_icon(name)` says so, else the text as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import field
from typing import TypeVar

from cardgen.check import mdtext
from cardgen.check.markdownlib import Token, parse
from cardgen.records import record

_ICON = re.compile(r"\[(?P<name>[A-Za-z0-9_.-]+)\]")
_WIKI_PICTURE = re.compile(r"^!\[\[(?P<src>[^\]|]+)(?:\|[^\]]*)?\]\]$")
_HTML_STYLE = {"<b>": ("bold", True), "</b>": ("bold", False), "<strong>": ("bold", True),
               "</strong>": ("bold", False), "<i>": ("italic", True), "</i>": ("italic", False),
               "<em>": ("italic", True), "</em>": ("italic", False)}


@record(frozen=True)
class Span:
    """A piece of inline text: its text (or an icon's name), bold and italic."""

    text: str
    bold: bool = False
    italic: bool = False
    icon: bool = False  # `text` is an icon's name
    code: bool = False
    newline: bool = False  # a hard line break (text empty)


Spans = tuple[Span, ...]


@record(frozen=True)
class Heading:
    level: int  # 1-6
    spans: Spans
    line: int  # its line in the rulebook (1-based)

    @property
    def text(self) -> str:
        return "".join(s.text for s in self.spans if not s.icon and not s.newline)


@record(frozen=True)
class Para:
    spans: Spans


@record(frozen=True)
class Picture:
    src: str  # as written, relative to the rulebook
    alt: str
    line: int


@record(frozen=True)
class Code:
    text: str


@record(frozen=True)
class Rule:
    """A thematic break (---)."""


@record(frozen=True)
class Quote:
    blocks: tuple[Block, ...]


@record(frozen=True)
class ListBlock:
    ordered: bool
    start: int
    items: tuple[tuple[Block, ...], ...]


@record(frozen=True)
class Table:
    header: tuple[Spans, ...]
    rows: tuple[tuple[Spans, ...], ...]
    aligns: tuple[str, ...]  # left | center | right per column


Block = Heading | Para | Picture | Code | Rule | Quote | ListBlock | Table
_B = TypeVar("_B", Heading, Picture)


@record
class _Reader:
    tokens: list[Token]
    is_icon: Callable[[str], bool]
    capitals: dict[int, int]  # 0-based line -> the level a capitals line gets as a heading
    pos: int = 0
    out: list[Block] = field(default_factory=list)


_READ: list[tuple[str, dict[str, bool], tuple[Block, ...]]] = []  # the text last read


def read_blocks(text: str, is_icon: Callable[[str], bool] = lambda name: False) -> list[Block]:
    """A rulebook's text -> its blocks in order. The text last read is kept with the names it
    asked `is_icon` about: the same text, whose names are icons as before, is not read again
    (a build typesets the rules once per paper)."""
    for kept, asked, blocks in _READ:
        if kept == text and all(is_icon(name) == icon for name, icon in asked.items()):
            return list(blocks)
    answers: dict[str, bool] = {}

    def asking(name: str) -> bool:
        if name not in answers:
            answers[name] = is_icon(name)
        return answers[name]

    read = _read_blocks(text, asking)
    _READ[:] = [(text, answers, tuple(read))]
    return read


def _read_blocks(text: str, is_icon: Callable[[str], bool]) -> list[Block]:
    doc = mdtext.read(text)
    raw = text.splitlines()
    front = _front_matter(doc) if raw and raw[0].strip() == "---" else 0
    # markdown-it's parse; its block pass is the check's when the check read this text last
    tokens = parse("\n".join(["" if i < front else r for i, r in enumerate(raw)]))
    reader = _Reader(tokens, is_icon, _capital_lines(doc, tokens))
    return _blocks(reader, None)


def _front_matter(doc: mdtext.Doc) -> int:
    """Lines of a YAML front matter block at the top (the check skips them too)."""
    count = 0
    for line in doc.lines:
        if line.kind != mdtext.SKIP:
            break
        count += 1
    return count


def _capital_lines(doc: mdtext.Doc, tokens: list[Token]) -> dict[int, int]:
    """0-based lines that are plain-text headings (capitals), with the level they get."""
    levels = [int(t.tag[1]) for t in tokens if t.type == "heading_open"]
    level = min(max(levels), 2) if levels else 1
    return {line.number - 1: level for line in doc.lines
            if line.kind == mdtext.HEADING and line.level == 7 and not line.bold}


def _blocks(r: _Reader, closing: str | None) -> list[Block]:
    """Blocks up to the token `closing` (None: the end), which is consumed."""
    out: list[Block] = []
    while r.pos < len(r.tokens):
        tok = r.tokens[r.pos]
        r.pos += 1
        if closing is not None and tok.type == closing:
            break
        out += _block(r, tok)
    return out


def _block(r: _Reader, tok: Token) -> list[Block]:
    kind = tok.type
    if kind == "heading_open":
        inline = r.tokens[r.pos]
        r.pos += 2  # inline, heading_close
        return [Heading(int(tok.tag[1]), _spans(inline, r.is_icon), _line(tok))]
    if kind == "paragraph_open":
        inline = r.tokens[r.pos]
        r.pos += 2
        return _paragraph(r, inline, _line(tok))
    if kind in ("bullet_list_open", "ordered_list_open"):
        return [_list(r, tok)]
    if kind == "table_open":
        return [_table(r)]
    if kind == "blockquote_open":
        return [Quote(tuple(_blocks(r, "blockquote_close")))]
    if kind in ("fence", "code_block", "html_block"):
        return [Code(tok.content.rstrip("\n"))]
    if kind == "hr":
        return [Rule()]
    return []


def _line(tok: Token) -> int:
    return tok.map[0] + 1 if tok.map else 0


def _paragraph(r: _Reader, inline: Token, first: int) -> list[Block]:
    """A paragraph: split where one of its lines is a capitals heading; a picture alone."""
    out: list[Block] = []
    pending: list[Span] = []
    for n, group in enumerate(_line_groups(inline.children or [])):
        number = first + n
        source = "".join(c.content for c in group if c.type == "text").strip()
        picture = _WIKI_PICTURE.match(source)
        images = [c for c in group if c.type == "image"]
        if picture or (len(group) == 1 and images):
            out += _flush(pending)
            src = picture.group("src") if picture else str(images[0].attrs.get("src", ""))
            alt = "" if picture else images[0].content
            out.append(Picture(src.strip(), alt, number))
        elif number - 1 in r.capitals:
            out += _flush(pending)
            out.append(Heading(r.capitals[number - 1], tuple(_spans_of(group, r.is_icon)), number))
        else:
            if pending:
                pending.append(Span(" "))
            pending += _spans_of(group, r.is_icon)
    return out + _flush(pending)


def _flush(pending: list[Span]) -> list[Block]:
    spans = tuple(pending)
    pending.clear()
    return [Para(_trimmed(spans))] if any(s.text.strip() or s.icon for s in spans) else []


def _trimmed(spans: Spans) -> Spans:
    """Trailing line breaks dropped (a line that ended a paragraph with two spaces)."""
    items = list(spans)
    while items and items[-1].newline:
        items.pop()
    return tuple(items)


def _line_groups(children: list[Token]) -> list[list[Token]]:
    """An inline token's children cut at its line breaks: one group per source line."""
    groups: list[list[Token]] = [[]]
    for child in children:
        if child.type in ("softbreak", "hardbreak"):
            if child.type == "hardbreak":
                groups[-1].append(child)
            groups.append([])
        else:
            groups[-1].append(child)
    return groups


def _spans(inline: Token, is_icon: Callable[[str], bool]) -> Spans:
    return tuple(_spans_of(inline.children or [], is_icon))


def _spans_of(children: list[Token], is_icon: Callable[[str], bool]) -> list[Span]:
    """Inline tokens -> spans (emphasis and `<b>`/`<i>` followed; links as their text)."""
    style = {"bold": 0, "italic": 0}
    out: list[Span] = []
    for child in children:
        kind = child.type
        if kind in ("strong_open", "strong_close", "em_open", "em_close"):
            key = "bold" if kind.startswith("strong") else "italic"
            style[key] += 1 if kind.endswith("open") else -1
        elif kind == "html_inline" and child.content.lower() in _HTML_STYLE:
            key, on = _HTML_STYLE[child.content.lower()]
            style[key] = max(0, style[key] + (1 if on else -1))
        elif kind in ("text", "code_inline"):
            out += _with_icons(child.content, style["bold"] > 0, style["italic"] > 0,
                               kind == "code_inline", is_icon)
        elif kind == "softbreak":
            out.append(Span(" "))
        elif kind == "hardbreak":
            out.append(Span("", newline=True))
        elif kind == "image":
            out.append(Span(child.content or str(child.attrs.get("src", "")), italic=True))
    return _merged(out)


def _with_icons(text: str, bold: bool, italic: bool, code: bool,
                is_icon: Callable[[str], bool]) -> list[Span]:
    """A text with every `[name]` of a game icon as an icon span."""
    out: list[Span] = []
    pos = 0
    for match in _ICON.finditer(text):
        if code or not is_icon(match.group("name")):
            continue
        out.append(Span(text[pos:match.start()], bold, italic))
        out.append(Span(match.group("name"), bold, italic, icon=True))
        pos = match.end()
    out.append(Span(text[pos:], bold, italic, code=code))
    return [s for s in out if s.text]


def _merged(spans: list[Span]) -> list[Span]:
    """Neighbouring text spans of one style joined (markdown-it splits text at brackets)."""
    out: list[Span] = []
    for span in spans:
        last = out[-1] if out else None
        if (last is not None and not (last.icon or span.icon or last.newline or span.newline)
                and (last.bold, last.italic, last.code) == (span.bold, span.italic, span.code)):
            out[-1] = Span(last.text + span.text, last.bold, last.italic, code=last.code)
        else:
            out.append(span)
    return out


def _list(r: _Reader, opening: Token) -> ListBlock:
    ordered = opening.type == "ordered_list_open"
    start = int(opening.attrs.get("start", 1) or 1) if ordered else 1
    closing = opening.type.replace("_open", "_close")
    items: list[tuple[Block, ...]] = []
    while r.pos < len(r.tokens):
        tok = r.tokens[r.pos]
        r.pos += 1
        if tok.type == closing:
            break
        if tok.type == "list_item_open":
            items.append(tuple(_blocks(r, "list_item_close")))
    return ListBlock(ordered, start, tuple(items))


def _table(r: _Reader) -> Table:
    header: list[Spans] = []
    rows: list[tuple[Spans, ...]] = []
    aligns: list[str] = []
    row: list[Spans] = []
    in_head = False
    while r.pos < len(r.tokens):
        tok = r.tokens[r.pos]
        r.pos += 1
        if tok.type == "table_close":
            break
        if tok.type in ("thead_open", "thead_close"):
            in_head = tok.type == "thead_open"
        elif tok.type == "tr_open":
            row = []
        elif tok.type == "tr_close" and in_head:
            header.extend(row)
        elif tok.type == "tr_close":
            rows.append(tuple(row))
        elif tok.type == "th_open":
            style = str(tok.attrs.get("style", ""))
            aligns.append(style.removeprefix("text-align:") or "left")
        elif tok.type == "inline":
            row.append(_spans(tok, r.is_icon))
    return Table(tuple(header), tuple(rows), tuple(aligns))


def headings(blocks: list[Block]) -> list[Heading]:
    """Every heading, in order, lists and quotes included."""
    return _nested(blocks, Heading)


def icon_names(blocks: list[Block]) -> list[str]:
    """The icons the blocks draw, each once, in order."""
    names: dict[str, None] = {}
    for spans in _all_spans(blocks):
        names.update((s.text, None) for s in spans if s.icon)
    return list(names)


def pictures(blocks: list[Block]) -> list[Picture]:
    """Every picture, in order, lists and quotes included."""
    return _nested(blocks, Picture)


def _nested(blocks: list[Block], kind: type[_B]) -> list[_B]:
    """The blocks of one kind, in order, those inside quotes and list items included."""
    out: list[_B] = []
    for block in blocks:
        if isinstance(block, kind):
            out.append(block)
        elif isinstance(block, Quote):
            out += _nested(list(block.blocks), kind)
        elif isinstance(block, ListBlock):
            for item in block.items:
                out += _nested(list(item), kind)
    return out


def _all_spans(blocks: list[Block]) -> list[Spans]:
    out: list[Spans] = []
    for block in blocks:
        if isinstance(block, Heading | Para):
            out.append(block.spans)
        elif isinstance(block, Table):
            out += [*block.header, *(c for row in block.rows for c in row)]
        elif isinstance(block, Quote):
            out += _all_spans(list(block.blocks))
        elif isinstance(block, ListBlock):
            for item in block.items:
                out += _all_spans(list(item))
    return out
