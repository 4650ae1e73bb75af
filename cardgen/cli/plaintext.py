"""Text and tables as rich writes them to a file or pipe, without importing rich.

What `cardgen check` prints to a pipe (its report: lines and two tables) is laid out here the
way rich 15 lays it out at 120 columns with no colour: words wrapped and folded by rich's rules
(`rich/_wrap.py`, `Text.wrap`), a table's column widths measured, collapsed and reduced as
`Table._calculate_column_widths` does, its cells padded by one space and drawn in the
`HEAVY_HEAD` box. Only printable text without markup or emoji codes is laid out here, ASCII
where its width is measured (what rich shows as it is, one cell a character); for anything
else `literal` says no and the caller prints through rich. tests/test_cli_plaintext.py holds
this to rich's own output.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

WIDTH = 120  # as cardgen.cli.console: the columns of output that is not a terminal

_WORD = re.compile(r"\s*\S+\s*")  # rich/_wrap.py's word: leading space, the word, its spaces
_EMOJI_CODE = re.compile(r"(:(\S*?)(?:(?:\-)(emoji|text))?:)")  # rich/_emoji_replace.py
_TRAILING_SPACE = re.compile(r"\s+$")

# rich's HEAVY_HEAD box: top, header row, under the header, body rows, bottom
_TOP, _HEAD, _HEAD_RULE, _BODY, _BOTTOM = "┏━┳┓", "┃┃┃", "┡━╇┩", "│││", "└─┴┘"


def literal(text: str, markup: bool = True, measured: bool = True) -> bool:
    """Whether rich shows `text` as it is: printable and, when rich reads it as markup (a `str`
    given to a table or to print), without `[` or an emoji code; when its width is measured
    (it is wrapped, or a table's cell), ASCII too, one cell a character."""
    if not text.isprintable() or (measured and not text.isascii()):
        return False
    return not markup or ("[" not in text and _EMOJI_CODE.search(text) is None)


def _divide(text: str, width: int, fold: bool) -> list[str]:
    """`text` cut where rich's `divide_line` cuts it (the pieces keep their spaces)."""
    breaks: list[int] = []
    offset = 0
    for match in _WORD.finditer(text):
        start, word = match.start(), match.group(0)
        length = len(word.rstrip())
        if width - offset >= length:
            offset += len(word)
        elif length > width:
            if fold:
                pieces = [word[i:i + width] for i in range(0, len(word), width)] or [word]
                for n, piece in enumerate(pieces):
                    if start:
                        breaks.append(start)
                    if n == len(pieces) - 1:
                        offset = len(piece)
                    else:
                        start += len(piece)
            else:
                if start:
                    breaks.append(start)
                offset = len(word)
        elif offset and start:
            breaks.append(start)
            offset = len(word)
    ends = [0, *breaks, len(text)]
    return [text[a:b] for a, b in zip(ends, ends[1:], strict=False)]


def _truncate(line: str, width: int, overflow: str, pad: bool = False) -> str:
    length = len(line)
    if length > width:
        line = line[:width - 1] + "…" if overflow == "ellipsis" else line[:width]
    if pad and length < width:
        line += " " * (width - length)
    return line


def wrap(text: str, width: int, justify: str = "default", overflow: str = "fold") -> list[str]:
    """rich's `Text.wrap` of a literal text: its lines, wrapped, justified and truncated."""
    lines = []
    for paragraph in text.split("\n"):
        pieces = _divide(paragraph, width, overflow == "fold")
        for n, piece in enumerate(pieces):
            excess = len(piece) - width
            if excess > 0:
                space = _TRAILING_SPACE.search(piece)
                if space is not None:
                    piece = piece[:len(piece) - min(len(space.group(0)), excess)]
            pieces[n] = piece
        for piece in pieces:
            if justify == "left":
                piece = _truncate(piece, width, overflow, pad=True)
            elif justify in ("center", "right"):
                piece = _truncate(piece.rstrip(), width, overflow)
                left = (width - len(piece)) // 2 if justify == "center" else width - len(piece)
                piece = " " * left + piece
                piece += " " * (width - len(piece))
            lines.append(_truncate(piece, width, overflow))
    return lines


class Column:
    """A table column as rich's `add_column` takes it (the options the report uses)."""

    __slots__ = ("header", "justify", "max_width", "overflow")

    def __init__(self, header: str, justify: str = "left", overflow: str = "ellipsis",
                 max_width: int | None = None) -> None:
        self.header, self.justify, self.overflow, self.max_width = (
            header, justify, overflow, max_width)


def _normal(least: int, most: int, width: int) -> tuple[int, int]:
    """rich's `Measurement.get` ending: normalised, at most `width`, (0, 0) when empty."""
    least = min(max(0, least), most)
    least, most = min(max(0, least), width), min(max(0, max(least, most)), width)
    if most < 1:
        return 0, 0
    least = min(max(0, least), most)
    return max(0, least), max(0, max(least, most))


def _measure(texts: Sequence[str], width: int, max_width: int | None) -> tuple[int, int]:
    """A column's (minimum, maximum) width with its padding, as `Table._measure_column`
    measures cells of text in a `Padding` of one space each side."""
    if width < 1:
        return 0, 0
    low, high = [], []
    for text in texts:
        if width - 2 < 1:
            least, most = width, width
        else:
            lines = text.splitlines()
            longest = max((len(line) for line in lines), default=0)
            words = text.split()
            least, most = _normal(max((len(w) for w in words), default=longest), longest, width)
            least, most = min(least + 2, width), min(most + 2, width)
        least, most = _normal(least, most, width)
        low.append(least)
        high.append(most)
    least, most = min(max(low, default=1), width), min(max(high, default=width), width)
    if max_width is not None:
        least, most = min(least, max_width + 2), min(most, max_width + 2)
    return least, most


def _reduce(total: int, ratios: list[int], maximums: list[int], values: list[int]) -> list[int]:
    """rich's `ratio_reduce`."""
    ratios = [ratio if most else 0 for ratio, most in zip(ratios, maximums, strict=True)]
    total_ratio = sum(ratios)
    if not total_ratio:
        return values[:]
    remaining, result = total, []
    for ratio, most, value in zip(ratios, maximums, values, strict=True):
        if ratio and total_ratio > 0:
            taken = min(most, round(ratio * remaining / total_ratio))
            result.append(value - taken)
            remaining -= taken
            total_ratio -= ratio
        else:
            result.append(value)
    return result


def _collapse(widths: list[int], limit: int) -> list[int]:
    """rich's `Table._collapse_widths` with every column wrapable."""
    total = sum(widths)
    excess = total - limit
    while total and excess > 0:
        widest = max(widths)
        second = max(w if w != widest else 0 for w in widths)
        ratios = [1 if w == widest else 0 for w in widths]
        if not any(ratios) or not widest - second:
            break
        widths = _reduce(excess, ratios, [min(excess, widest - second)] * len(widths), widths)
        total = sum(widths)
        excess = total - limit
    return widths


def table_lines(title: str | None, title_justify: str, columns: Sequence[Column],
                rows: Sequence[Sequence[str]], width: int = WIDTH) -> list[str]:
    """A rich `Table` (title, header, HEAVY_HEAD box, padding 1, not expanded) of literal texts
    as the lines rich prints at `width` columns."""
    extra = 2 + len(columns) - 1
    limit = width - extra
    cells = [[column.header, *(row[i] for row in rows)] for i, column in enumerate(columns)]
    widths = [_measure(texts, limit, col.max_width)[1] or 1
              for texts, col in zip(cells, columns, strict=True)]
    if sum(widths) > limit:
        widths = _collapse(widths, limit)
        if sum(widths) > limit:
            widths = _reduce(sum(widths) - limit, [1] * len(widths), widths, widths)
        widths = [_measure(texts, w, col.max_width)[1]
                  for texts, w, col in zip(cells, widths, columns, strict=True)]
    out = [] if not title else wrap(title, sum(widths) + extra, title_justify)
    out.append(_TOP[0] + _TOP[2].join(_TOP[1] * w for w in widths) + _TOP[3])
    for index, row in enumerate([[c.header for c in columns], *rows]):
        shown = [_cell(text, w, col) for text, w, col in zip(row, widths, columns, strict=True)]
        height = max(len(lines) for lines in shown)
        for n, (lines, w) in enumerate(zip(shown, widths, strict=True)):
            blank = [" " * w] * (height - len(lines))
            shown[n] = blank + lines if index == 0 else lines + blank  # a header sits low
        edge = _HEAD if index == 0 else _BODY
        out.extend(edge[0] + edge[1].join(line) + edge[2] for line in zip(*shown, strict=True))
        if index == 0:
            out.append(_HEAD_RULE[0] + _HEAD_RULE[2].join(_HEAD_RULE[1] * w for w in widths)
                       + _HEAD_RULE[3])
    out.append(_BOTTOM[0] + _BOTTOM[2].join(_BOTTOM[1] * w for w in widths) + _BOTTOM[3])
    return out


def _cell(text: str, width: int, column: Column) -> list[str]:
    """One cell's lines: its text wrapped inside one space of padding each side."""
    inner = width - 2
    if inner < 1:
        raise ValueError("a column too narrow for its padding")
    lines = wrap(text, inner, column.justify, column.overflow)
    return [f" {line[:inner]:<{inner}} " for line in lines]
