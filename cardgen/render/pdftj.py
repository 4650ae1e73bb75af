"""The long way of writing a line's TJ operators, what a shaped line shows, and the short
way's assembly of a line from its words' kept pieces.

`Shown` is a shaped line as the PDF shows it; `split_codes` splits its characters into the
font subsets reportlab's codes put them in; `tj` writes one subset's glyphs as TJ (with a rise
where shaping raised one), `number` a TJ number as reportlab writes it. cardgen.render.pdftext
takes the short way where it can and this one where it must (tested equal): a line put
together from its words' and spaces' `Piece`s (`pieces_tj`, `body`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from reportlab.lib.rl_accel import fp_str

from cardgen.layout import shaping
from cardgen.records import record


@record(frozen=True)
class Shown:
    """A shaped line as the PDF shows it: one character per glyph (the glyph's own, or a
    private-use code given to a glyph no character maps to, such as an Arabic joining form),
    the TJ number after each glyph and each glyph's rise (font units per em / 1000; none
    when no glyph is raised, as in most text)."""

    chars: str
    gaps: tuple[float, ...]
    lead: float  # TJ number before the first glyph (its offset)
    rises: tuple[float, ...]


def split_codes(font: Any, chars: str, doc: Any) -> list[tuple[int, bytes]]:
    """font.splitString(chars, doc): the same (subset, codes) chunks, looked up at once when
    every character already has its code (after `faceops.prime`, nearly every line)."""
    state = font.state.get(doc)  # a WeakKeyDictionary: document -> its codes
    if state is None or "\u00a0" in chars:
        return list(font.splitString(chars, doc))
    assigned = state.assignments
    try:
        codes = [assigned[c] for c in map(ord, chars)]
    except KeyError:  # a character met for the first time: reportlab gives it its code
        return list(font.splitString(chars, doc))
    if not codes:
        return []
    if max(codes) < 256:
        return [(0, bytes(codes))]
    out: list[tuple[int, bytes]] = []
    current, run = codes[0] >> 8, [codes[0] & 0xFF]
    for n in codes[1:]:
        if n >> 8 != current:
            out.append((current, bytes(run)))
            current, run = n >> 8, []
        run.append(n & 0xFF)
    out.append((current, bytes(run)))
    return out


def tj(chunk: bytes, shown: Shown, start: int, size: float, escape: Callable[[bytes], str]) -> str:
    """One subset's glyphs as `[(...) n (...)] TJ`, with a text rise where shaping raised one."""
    if not any(shown.rises[start:start + len(chunk)]):  # no rise (most text): the glyphs
        # split only where a number follows
        return tj_flat(chunk, shown, start, escape)
    parts: list[str] = [fp_str(shown.lead)] if start == 0 and shown.lead else []
    ops: list[str] = []
    rise = 0.0
    pending = bytearray()
    for k, byte in enumerate(chunk):
        i = start + k
        if shown.rises[i] != rise:
            if pending:
                parts.append(f"({escape(bytes(pending))})")
                pending = bytearray()
            ops.append(f"[{' '.join(parts)}] TJ {fp_str(shown.rises[i] * size / 1000)} Ts")
            parts, rise = [], shown.rises[i]
        pending.append(byte)
        if shown.gaps[i]:
            parts.append(f"({escape(bytes(pending))}) {fp_str(shown.gaps[i])}")
            pending = bytearray()
    if pending:
        parts.append(f"({escape(bytes(pending))})")
    ops.append(f"[{' '.join(parts)}] TJ" + (" 0 Ts" if rise else ""))
    return " ".join(ops)


def tj_flat(chunk: bytes, shown: Shown, start: int, escape: Callable[[bytes], str]) -> str:
    """`tj` of glyphs without a rise: the same text, each run of glyphs up to a number
    escaped at once and each number written once per process."""
    parts: list[str] = [number(shown.lead)] if start == 0 and shown.lead else []
    gaps = shown.gaps
    j = 0
    for k in range(len(chunk)):
        gap = gaps[start + k]
        if gap:
            parts.append(f"({escape(chunk[j:k + 1])}) {number(gap)}")
            j = k + 1
    if j < len(chunk):
        parts.append(f"({escape(chunk[j:])})")
    return f"[{' '.join(parts)}] TJ"


_NUMBERS: dict[float, str] = {}


def number(value: float) -> str:
    """fp_str(value), kept: a font's kerning and advance gaps take few values."""
    text = _NUMBERS.get(value)
    if text is None:
        if len(_NUMBERS) >= 1 << 16:
            _NUMBERS.clear()
        text = _NUMBERS[value] = fp_str(value)
    return text


def pieces_of(texts: Sequence[str]) -> set[str]:
    """The pieces `_shown` shapes the texts by: a line with right-to-left text whole, any
    other's words and the spaces between them (as pdftext's `_PIECES` finds them)."""
    words: set[str] = set()
    for text in texts:
        if shaping.has_rtl(text):
            words.add(text)
        else:
            words.update(text.split(" "))
            if " " in text:
                words.add(" ")
    return words


# A word's (or space's) glyphs as a line's TJ shows them in one document: the escaped run
# of codes up to the first number inside it, that number as written (None when the piece has
# no number inside it), the runs and numbers between (`(...) n` each, joined), the escaped
# last run, the number after its last glyph (before the next piece's lead is added) and its
# lead (the offset before its first glyph). A piece without any number (most words, and
# spaces) is its escaped codes alone.
Piece = str | tuple[str, str | None, str, str, float, float]


def pieces_tj(pieces: list[Piece]) -> str:
    """`pdftext._fast_tj`'s TJ of a line's pieces, each kept."""
    out: list[str] = []
    pending = ""  # escaped codes shown since the last number (empty only before the first)
    after = 0.0  # the previous piece's last number
    for piece in pieces:
        if isinstance(piece, str):
            if after:
                out.append(f"({pending}) {number(after)}")
                pending, after = piece, 0.0
            else:
                pending += piece
        else:
            pending, after = _numbered(out, pending, after, piece)
    if pending:
        out.append(f"({pending})")
    return f"[{' '.join(out)}] TJ"


def body(piece: Piece) -> str | None:
    """What a piece adds to a line's TJ between the brackets of the strings around it when
    no number stands at either of its ends: its escaped codes, and its inner numbers with the
    strings they close and open (`pdftext._fast_tj` joins a line of such pieces at once); None for a
    piece with a lead or a number after its last glyph."""
    if isinstance(piece, str):
        return piece
    first, inside, inner, last, end, lead = piece
    if lead or end or inside is None:
        return None
    return f"{first}) {inside} {inner} ({last}" if inner else f"{first}) {inside} ({last}"


def _numbered(out: list[str], pending: str, after: float,
              piece: tuple[str, str | None, str, str, float, float]) -> tuple[str, float]:
    """`pieces_tj`'s step over a piece with a number in it, a lead or a number after it: the
    strings it ends go to `out`; the codes shown since the last number and its last number."""
    first, inside, inner, last, end, lead = piece
    if lead:
        if pending:
            gap = round(after + lead, 3)
            if gap:
                out.append(f"({pending}) {number(gap)}")
                pending = ""
        else:  # the line's first glyph: its offset leads the TJ
            out.append(number(lead))
    elif after:
        out.append(f"({pending}) {number(after)}")
        pending = ""
    if inside is None:
        return pending + first, end
    out.append(f"({pending}{first}) {inside}")
    if inner:
        out.append(inner)
    return last, end
