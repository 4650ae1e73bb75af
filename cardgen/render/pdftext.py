"""Text and colour for reportlab: Text primitives -> PDF text operators.

Each line is shown as shaped glyphs (cardgen.layout.shaping: kerning, ligatures, right-to-left
runs in display order) with TJ: one character per glyph (the glyph's own, or a private-use code
given to a glyph no character maps to, as reportlab's own shaping does), and after each glyph
the number that moves the pen from the font's advance to the shaped one. Consecutive Text items
are one q BT ... ET Q block of raw operators (the font subsets and escaping are reportlab's
own); a line met again in a document reuses the operators it gave the first time. Once the
document's codes are fixed (`faceops.prime`), most lines are written from their words' and
spaces' pieces, kept per document and font (`_fast_tj`), to the bytes the long way gives.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from itertools import chain, repeat
from operator import add, sub
from typing import Any, cast

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm as K
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from cardgen.layout import fonts, shaping
from cardgen.layout.drawing import Text
from cardgen.render import pdfpieces
from cardgen.render.pdffonts import give_code, glyph_tables, learn_glyphs, private_codes
from cardgen.render.pdftj import Piece as _Piece
from cardgen.render.pdftj import Shown as _Shown
from cardgen.render.pdftj import body as _body
from cardgen.render.pdftj import number as _number
from cardgen.render.pdftj import pieces_of as _pieces_of
from cardgen.render.pdftj import pieces_tj as _pieces_tj
from cardgen.render.pdftj import split_codes as _split
from cardgen.render.pdftj import tj as _tj

_TEXT_ATTR = "_cardgen_texts"
_PIECES_ATTR = "_cardgen_pieces"
_LINES_ATTR = "_cardgen_lines"  # the canvas's `_Lines`
_FONT_OPS_ATTR = "_cardgen_font_ops"
_STATES_ATTR = "_cardgen_font_states"  # face -> its font's state for the document
_SAME_ATTR = "_cardgen_same_pieces"  # face -> its `pdfpieces.Shared`
_PIECES = re.compile(r" |[^ ]+")  # a line's words and the spaces between them


@cache
def color(hex_color: str) -> Color:
    return HexColor(hex_color)


@cache
def rgb_op(hex_color: str) -> str:
    c = color(hex_color)
    return f"{fp_str(c.red, c.green, c.blue)} rg"


@cache
def pdf_font(face: str) -> Any:
    name = fonts.pdf_font_name(face)
    if face not in fonts.FACE_FILES and name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(fonts.font_path(face))))  # a layout's own font
    font = pdfmetrics.getFont(name)
    private_codes(font.face)  # before any glyph is given a private code
    return font


def draw_texts(canvas: Canvas, texts: Iterable[Text]) -> None:  # noqa: C901 (one hot loop)
    """Lines of text as one q BT ... ET Q block: colour, font, size, outline and letter spacing
    (Tc, which Q restores) set only on change; each
    line's shaped glyphs shown with TJ, the numbers between them the kerning (and whatever
    else shaping moved) relative to the font's own advances. A line met again in the same
    document reuses the operators it gave the first time (a line whose glyphs all have codes
    is put together from its words' kept pieces again: `_Lines`)."""
    lines: _Lines | None = canvas.__dict__.get(_LINES_ATTR)
    if lines is None:
        lines = canvas.__dict__[_LINES_ATTR] = _Lines(canvas)
    font_ops = lines.font_ops
    tms = _TM
    code = ["q BT"]
    add = code.append
    color, tf = "", ""
    outline: str | None = None
    tracking = 0.0
    face, space, body = lines.face, lines.space, lines.body  # the face's kept bodies
    for t in texts:
        if t.color != color:
            add(rgb_op(t.color))
            color = t.color
        x, y = t.x, t.y
        if t.anchor != "start":
            width = fonts.spaced_width_mm(t.text, t.font, t.size, t.spacing)
            x -= width / 2 if t.anchor == "middle" else width
        tm = tms.get((x, y))
        add(tm if tm is not None else _tm(x, y))
        if t.spacing != tracking:  # letter spacing: Tc, after every glyph shown
            add(f"{fp_str(t.spacing * K)} Tc")
            tracking = t.spacing
        if t.stroke != outline:  # an outline: fill then stroke (render mode 2), round joins
            add(f"{rgb_op(t.stroke).replace(' rg', ' RG')} {fp_str(t.stroke_width * K)} w "
                "1 j 2 Tr" if t.stroke else "0 Tr")
            outline = t.stroke
        font_op = font_ops.get((t.font, t.size))
        if font_op is not None:  # `_Lines.parts`'s usual line, inline: one TJ in the first
            if t.font != face:  # subset, joined from its words' kept bodies
                lines._bodies(t.font)
                face, space, body = lines.face, lines.space, lines.body
            text = t.text
            if space is not None and text and text.isascii():
                try:
                    tj: str | None = f"[({space.join(map(body, text.split(' ')))})] TJ"
                except KeyError:  # a word met for the first time (or a number at its ends)
                    tj = lines.fast(face, text)
                    space, body = lines.space, lines.body
            else:
                tj = lines.fast(face, text)
                space, body = lines.space, lines.body
            if tj is not None:
                if font_op != tf:
                    add(font_op)
                    tf = font_op
                add(tj)
                continue
        for font_op, shown in lines.parts(t):
            if font_op != tf:
                add(font_op)
                tf = font_op
            add(shown)
    add("ET Q")
    canvas._code.append(" ".join(code))


class _Lines:
    """A document's lines (`draw_texts`): a line of words met before in the face, none with a
    number at its ends, is their kept bodies joined (`_joined`, inline); any other through
    `_fast_tj`, and what that cannot write as `_text_parts` works it out (kept per document)."""

    def __init__(self, canvas: Canvas):
        attrs = canvas.__dict__
        self.canvas = canvas
        self.made: dict[tuple[str, str, float], list[tuple[str, str]]] = attrs.setdefault(
            _TEXT_ATTR, {})
        self.font_ops: dict[tuple[str, float], str] = attrs.setdefault(_FONT_OPS_ATTR, {})
        self.face, self.bodies, self.space = "", dict[str, str](), cast("str | None", None)
        self.body = self.bodies.__getitem__

    def parts(self, t: Text) -> list[tuple[str, str]]:
        """(font operator, TJ operators) of each subset the line's glyphs fall in, for a
        line `draw_texts` did not write the short way (`_text_parts`, kept per document)."""
        key = (t.font, t.text, t.size)
        parts = self.made.get(key)
        if parts is None:
            parts = self.made[key] = _text_parts(self.canvas, t)
        return parts

    def fast(self, face: str, text: str) -> str | None:
        """`_fast_tj` of a line, then the face's bodies again (it may have kept new ones)."""
        tj = _fast_tj(self.canvas, face, text)
        self._bodies(face)
        return tj

    def _bodies(self, face: str) -> None:
        """The face's kept bodies (`_fast_tj`), this document's."""
        self.face = face
        found = self.canvas.__dict__.get(_PIECES_ATTR, {}).get(face)
        self.bodies = found[1] if found is not None else {}
        self.space = self.bodies.get(" ")
        self.body = self.bodies.__getitem__


def _joined(bodies: dict[str, str], text: str) -> str | None:
    """A plain line's TJ from its words' kept bodies (`_body`), joined by the space's; None
    when a word (or the space) has none: met for the first time, or a number at its ends."""
    space = bodies.get(" ")
    if space is None or not text:
        return None
    try:
        return "[(" + space.join([bodies[word] for word in text.split(" ")]) + ")] TJ"
    except KeyError:
        return None


_TM: dict[tuple[float, float], str] = {}  # a line's start (mm, y down) -> its Tm operator


def _tm(x: float, y: float) -> str:
    """The Tm placing a line at (x, y) mm, kept (a deck's lines start at the same places)."""
    if len(_TM) >= 1 << 16:
        _TM.clear()
    tm = _TM[(x, y)] = f"1 0 0 1 {fp_str(x * K, -y * K)} Tm"
    return tm


def _text_parts(canvas: Canvas, t: Text) -> list[tuple[str, str]]:
    """(font operator, TJ operators) of each subset a line's glyphs fall in: from its words'
    kept pieces when every glyph is in the first subset and unraised (`_fast_tj`), else as
    `_split_parts` works them out."""
    tj = _fast_tj(canvas, t.font, t.text)
    if tj is None:
        return _split_parts(canvas, t)
    return [(_font_op(canvas, t.font, t.size), tj)]


def _font_op(canvas: Canvas, face: str, size: float) -> str:
    """The operator choosing a face's first subset at a size, kept per document."""
    font_ops: dict[tuple[str, float], str] = canvas.__dict__.setdefault(_FONT_OPS_ATTR, {})
    if (face, size) not in font_ops:
        name = pdf_font(face).getSubsetInternalName(0, canvas._doc)
        font_ops[(face, size)] = f"{name} {fp_str(size)} Tf"
    return font_ops[(face, size)]


def _split_parts(canvas: Canvas, t: Text) -> list[tuple[str, str]]:
    """`_text_parts` the long way: the line shaped as `_shown` puts it together, split into
    subsets by reportlab's codes (`_split`), each chunk written by `_tj`."""
    doc = canvas._doc
    font = pdf_font(t.font)
    shown = _shown(t.font, t.text)
    parts = []
    start = 0
    for subset, chunk in _split(font, shown.chars, doc):
        font_op = f"{font.getSubsetInternalName(subset, doc)} {fp_str(t.size)} Tf"
        parts.append((font_op, _tj(chunk, shown, start, t.size, canvas._escape)))
        start += len(chunk)
    return parts


def _fast_tj(canvas: Canvas, face: str, text: str) -> str | None:
    """The TJ operator `_tj` gives a line whose glyphs all have codes in the first subset and
    no rise, put together from its pieces' (`_PIECES`, as `_shown` splits a line; kept per
    document and font: a deck's lines are mostly new, their words are not); None for any
    other line.

    As `_shown` does, a piece's last number and the next piece's lead are added up, the
    line's last number is dropped, and glyphs with no number between them share one string."""
    plain = text.isascii() or not shaping.has_rtl(text)
    by_face: dict[str, tuple[dict[str, _Piece], dict[str, str]]] | None = canvas.__dict__.get(
        _PIECES_ATTR)
    found = by_face.get(face) if by_face is not None else None
    if found is None:
        found = _new_pieces(canvas, face)
    kept, bodies = found
    pieces: list[str] | None = None
    if plain and text:  # every piece met before without a number at its ends: their bodies
        words = text.split(" ")  # joined; else the pieces met for the first time kept first
        space = bodies.get(" ")
        if space is not None:
            try:
                return f"[({space.join(map(bodies.__getitem__, words))})] TJ"
            except KeyError:
                pass
        learnt = _learnt_words(canvas, face, words, found)
    else:
        pieces = _PIECES.findall(text) if plain and " " in text else [text]
        learnt = _learnt(canvas, face, pieces, found)
    if learnt is None:
        return None
    if pieces is None:
        pieces = _PIECES.findall(text) if " " in text else [text]
    if plain and learnt:  # (a line of plain words, one of them new: their bodies now)
        tj = _joined(bodies, text)
        if tj is not None:
            return tj
    return _pieces_tj([kept[text_piece] for text_piece in pieces])


def _new_pieces(canvas: Canvas, face: str) -> tuple[dict[str, _Piece], dict[str, str]]:
    """A document's pieces in a face begun from those every document shows (`pdfpieces`)."""
    found: tuple[dict[str, _Piece], dict[str, str]] = ({}, {"": ""})
    canvas.__dict__.setdefault(_PIECES_ATTR, {})[face] = found
    if type(canvas)._escape is _ESCAPE:
        same = canvas.__dict__.setdefault(_SAME_ATTR, {})[face] = pdfpieces.shared(
            face, pdf_font(face), _shown_whole)
        if _state(canvas, face) is not None:
            same.seed(*found)
    return found


def _learnt(canvas: Canvas, face: str, pieces: list[str],
            found: tuple[dict[str, _Piece], dict[str, str]]) -> bool | None:
    """Keep the pieces met for the first time, in order (`_kept_piece`): whether there were
    any; None when one cannot be kept."""
    learnt = False
    for text in pieces:
        if text not in found[0]:
            if _kept_piece(canvas, face, text, found) is None:
                return None
            learnt = True
    return learnt


def _learnt_words(canvas: Canvas, face: str, words: list[str],
                  found: tuple[dict[str, _Piece], dict[str, str]]) -> bool | None:
    """`_learnt` for a plain line's pieces, from its words (`text.split(" ")`): each word and
    the space between each two, in the line's order."""
    kept = found[0]
    learnt = False
    last = len(words) - 1
    for n, word in enumerate(words):
        if word and word not in kept:
            if _kept_piece(canvas, face, word, found) is None:
                return None
            learnt = True
        if n < last and " " not in kept:
            if _kept_piece(canvas, face, " ", found) is None:
                return None
            learnt = True
    return learnt


def _kept_piece(canvas: Canvas, face: str, text: str,
                found: tuple[dict[str, _Piece], dict[str, str]]) -> _Piece | None:
    """A piece met for the first time in the document (`_piece`), kept with its body (and for
    every document when it shows its characters' own codes, `pdfpieces`)."""
    piece = _piece(canvas, face, text)
    if piece is not None:
        kept, bodies = found
        kept[text] = piece
        body = _body(piece)
        if body is not None:
            bodies[text] = body
        same = canvas.__dict__.get(_SAME_ATTR, {}).get(face)
        if same is not None:
            same.keep(text, _shown_whole(face, text).chars, piece, body)
    return piece


_ESCAPE = Canvas._escape  # how a canvas escapes codes (a subclass's may differ)


def _piece(canvas: Canvas, face: str, text: str) -> _Piece | None:
    """A piece's glyphs in the document's codes (`_Piece`); None when a glyph has no code yet
    or one past the first subset, is raised, or the piece shows no glyph."""
    shown = _shown_whole(face, text)
    state = _state(canvas, face)
    if not shown.chars or shown.rises or state is None:
        return None
    try:
        codes = bytes(map(state.assignments.__getitem__, map(ord, shown.chars)))
    except (KeyError, ValueError):  # not given a code yet, or past the first subset
        return None
    escape = canvas._escape
    gaps = shown.gaps
    if not any(gaps[:-1]):  # no number between its glyphs (most words): one run
        run = escape(codes)
        return run if not gaps[-1] and not shown.lead else (run, None, "", run, gaps[-1],
                                                            shown.lead)
    runs: list[str] = []
    numbers: list[float] = []
    j = 0
    for k in range(len(codes) - 1):
        if gaps[k]:
            runs.append(escape(codes[j:k + 1]))
            numbers.append(gaps[k])
            j = k + 1
    runs.append(escape(codes[j:]))
    if len(runs) == 1:
        if not gaps[-1] and not shown.lead:
            return runs[0]
        return runs[0], None, "", runs[0], gaps[-1], shown.lead
    inner = " ".join([f"({runs[i]}) {_number(numbers[i])}" for i in range(1, len(runs) - 1)])
    return runs[0], _number(numbers[0]), inner, runs[-1], gaps[-1], shown.lead


def _state(canvas: Canvas, face: str) -> Any:
    """The face's font's state (its codes) in the canvas's document, once made; else None."""
    doc = canvas._doc
    states: dict[str, Any] = doc.__dict__.setdefault(_STATES_ATTR, {})
    state = states.get(face)
    if state is None:
        state = pdf_font(face).state.get(doc)
        if state is not None:
            states[face] = state
    return state


@lru_cache(maxsize=1 << 14)
def _shown(face: str, text: str) -> _Shown:
    """A line as shown: a left-to-right line put together from its words' (as shaping puts
    the line together), a line with right-to-left text shown whole; no move after the last
    glyph."""
    if " " not in text or shaping.has_rtl(text):
        pieces = [_shown_whole(face, text)]
    else:
        pieces = [_shown_whole(face, piece) for piece in _PIECES.findall(text)]
    if len(pieces) == 1:
        whole = pieces[0]
        if not whole.gaps or whole.gaps[-1] == 0.0:
            return whole
        return _Shown(whole.chars, (*whole.gaps[:-1], 0.0), whole.lead, whole.rises)
    gaps: list[float] = []
    for i, piece in enumerate(pieces):
        gaps += piece.gaps
        if i + 1 < len(pieces) and pieces[i + 1].lead and gaps:
            gaps[-1] = round(gaps[-1] + pieces[i + 1].lead, 3)  # the next word's first offset
    if gaps:
        gaps[-1] = 0.0
    rises: tuple[float, ...] = ()
    if any(p.rises for p in pieces):
        rises = tuple(chain.from_iterable([p.rises or (0.0,) * len(p.chars) for p in pieces]))
    return _Shown("".join([p.chars for p in pieces]), tuple(gaps), pieces[0].lead, rises)


def shown_chars(face: str, texts: Sequence[str]) -> set[str]:
    """The characters `_shown(face, text)` shows for each of the texts, as one set, found in
    their words' (and spaces') shapes, each word looked up once however often the texts
    repeat it, without working out the lines' numbers (a deck's lines are mostly met once,
    and a large deck's would not all stay in `_shown`'s memo until they are drawn). Texts
    whose words all show as their own characters (no ligature, no glyph shown by another
    code: `plain`, as found before) show the characters they hold."""
    if not texts:
        return set()
    kept = _WORD_CHARS.get(face)
    if kept is None or kept[0] is not _shown_whole:  # (a test may stand in for the shaping)
        kept = _WORD_CHARS[face] = (_shown_whole, {}, {""})
    _, memo, plain = kept
    joined = " ".join(texts)
    spaced = joined.count(" ") >= len(texts)  # a space shown (not only the joins)
    if joined.isascii() or not shaping.has_rtl(joined):  # every line split into its words
        words = set(joined.split(" "))
        if words <= plain and (" " in plain or not spaced):
            shown = set(joined)
            if not spaced:
                shown.discard(" ")
            return shown
        if spaced:
            words.add(" ")
    else:  # a line with right-to-left text is shown whole
        words = _pieces_of(texts)
    words.discard("")
    get = memo.get
    found = [get(word) for word in words]
    if None in found:  # a word met for the first time
        _learn(face, words, memo, plain)
        return set("".join([memo[word] for word in words]))
    return set("".join(cast("list[str]", found)))


def _learn(face: str, words: set[str], memo: dict[str, str], plain: set[str]) -> None:
    """Each word's characters into `memo`, and into `plain` those shown as their own."""
    if len(memo) >= 1 << 16:
        memo.clear()
        plain.clear()
        plain.add("")
    for word in words:
        if word not in memo:
            chars = memo[word] = _shown_whole(face, word).chars
            if chars == word:
                plain.add(word)


# face -> (the shaping it was found with, word -> the characters it shows, the words shown
# as their own characters)
_WORD_CHARS: dict[str, tuple[object, dict[str, str], set[str]]] = {}


@lru_cache(maxsize=1 << 15)
def _shown_whole(face: str, text: str) -> _Shown:
    """A text shaped whole, each glyph's gap measured to where the next glyph (or the text's
    end) is. A glyph's character and width are looked up in the font's `glyph_tables`, and
    the gaps worked out by C-level maps (the same float operations, in the same order, as
    `round(x + width - end, 3)` glyph by glyph)."""
    shaped = fonts.shaped(text, face)
    rl_face = pdf_font(face).face
    chars_of, widths_of = glyph_tables(rl_face)
    gids = shaped.gids
    try:
        chars = "".join(map(chars_of.__getitem__, gids))
    except KeyError:  # a glyph met for the first time in this font
        learn_glyphs(rl_face, gids, chars_of, widths_of)
        chars = "".join(map(chars_of.__getitem__, gids))
    scale = 1000.0 / fonts.units_per_em(face)
    xs = list(map(scale.__mul__, shaped.xs))
    ends = xs[1:]
    ends.append(shaped.advance * scale)
    gaps = tuple(map(sub, map(add, xs, map(widths_of.__getitem__, gids)), ends))  # none: no glyph
    if any(gaps):  # (round(0.0, 3) is 0.0 and round(-0.0, 3) is -0.0: a word without a move
        gaps = tuple(map(round, gaps, repeat(3)))  # between its glyphs keeps its zeros)
    lead = -round(xs[0], 3) if gids else 0.0
    ys = shaped.ys
    rises = tuple(map(scale.__mul__, ys)) if any(ys) else ()
    return _Shown(chars, gaps, lead, rises)


def private_glyph(face: str, code: int) -> int | None:
    """The glyph a private-use code stands for in a face (given to it now if it was not yet):
    for a face's characters remembered from an earlier build."""
    rl_face = pdf_font(face).face
    gid = rl_face.charToGlyph.get(code)
    if gid is not None:
        return int(gid)
    for g, c in private_codes(rl_face).items():
        if c == code:
            give_code(rl_face, code, g)
            return g
    return None
