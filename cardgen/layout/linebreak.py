"""Runs -> lines: words measured shaped, broken at spaces, hyphens, soft hyphens and (with a
language) pyphen's hyphenation points; inline icons kept with a word. cardgen.layout.text fits
and places what this wraps.

Letter spacing (mm) goes after every glyph of a text run, spaces included, icons excepted: a
run's width carries it, so the next run starts past it; a line's width does not count the
spacing after its last letter (alignment measures the ink), so a line fits when its runs,
spacing after the last letter included, fit the box widened by one spacing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from cardgen.layout import fonts, shaping
from cardgen.layout.hyphen import hyphenator
from cardgen.records import record

ICON_EM = 0.9  # an inline icon's side, in ems of the text
ICON_PAD_EM = 0.06  # room each side of an inline icon
SHY = "\u00ad"  # soft hyphen: a place to break, printed only where it breaks
_SPACES = re.compile(r"(\s+)")
_HYPHENS = "-\u2010"  # hyphen-minus and hyphen: a line may break after one inside a word
_WORD_CORE = re.compile(r"^(\W*)(\w{5,})(\W*)$")  # a word pyphen may hyphenate: its letters


@record(frozen=True, init=False)
class Run:
    text: str
    face: str  # a font face: "regular", "bold" or a layout's own font file
    icon: str | None = None  # an inline icon's name (its text is empty)
    color: str | None = None  # a `[color=#RRGGBB]` span's colour (None: the text's)

    def __init__(self, text: str, face: str, icon: str | None = None, color: str | None = None
                 ) -> None:  # the fields set at once (a frozen dataclass sets them one by one)
        (d := self.__dict__)["text"], d["face"], d["icon"], d["color"] = text, face, icon, color


@record(frozen=True, init=False)
class Line:
    runs: tuple[Run, ...]
    width: float  # mm
    end: bool = True  # the last line of its paragraph (justify leaves it as it is)

    def __init__(self, runs: tuple[Run, ...], width: float, end: bool = True) -> None:
        (d := self.__dict__)["runs"], d["width"], d["end"] = runs, width, end  # as Run's


def split_words(runs: list[Run]) -> list[list[Run]]:
    """Paragraph-aware word list; a word is a list of runs; [] marks a forced line break.
    An inline icon standing alone is joined to the word before it (or, opening a paragraph,
    to the word after it), so no line holds an icon by itself."""
    if len(runs) == 1 and runs[0].icon is None:  # one run of text (most texts): its words
        return _plain_words(runs[0])
    words: list[list[Run]] = []
    current: list[Run] = []
    for run in runs:
        if run.icon is not None:
            current.append(run)
            continue
        for token in _SPACES.split(run.text):
            if not token:
                continue
            if token.isspace():
                if current:
                    words.append(current)
                    current = []
                if "\n" in token:
                    words.extend([] for _ in range(token.count("\n")))
            else:
                current.append(Run(token, run.face, None, run.color))
    if current:
        words.append(current)
    return _icons_kept_company(words)


@record(frozen=True)
class PlainWords:
    """The words of a text that is one run of plain text (no markup, icons, soft hyphens or
    line breaks: most text), as their texts: what split_words would give, without a Run each."""

    words: list[str | None]
    face: str
    color: str | None = None


def plain_words(text: str, face: str) -> PlainWords | None:
    """split_words(parse_runs(text, face)) as PlainWords when the text is plain (else None)."""
    if "*" in text or "[" in text or "\n" in text or SHY in text:
        return None
    return PlainWords(list(text.split()), face)


def _plain_words(run: Run) -> list[list[Run]]:
    """split_words of one run of text: a word a run (runs of the same text, face and colour
    made once), [] for each forced line break."""
    words: list[list[Run]] = []
    made = _WORD_RUNS
    if len(made) > 1 << 16:
        made.clear()
    if "\n" not in run.text:  # no forced break: its words are what str.split() finds
        face, color = run.face, run.color
        for token in run.text.split():
            word = made.get((token, face, color))
            if word is None:
                word = made[(token, face, color)] = Run(token, face, None, color)
            words.append([word])
        return words
    for token in _SPACES.split(run.text):
        if not token:
            continue
        if token.isspace():
            if "\n" in token:
                words.extend([] for _ in range(token.count("\n")))
            continue
        key = (token, run.face, run.color)
        word = made.get(key)
        if word is None:
            word = made[key] = Run(token, run.face, None, run.color)
        words.append([word])
    return words


_WORD_RUNS: dict[tuple[str, str, str | None], Run] = {}  # the Run of each word seen


def _icons_kept_company(words: list[list[Run]]) -> list[list[Run]]:
    """Each word made of icons only, joined by a space to its neighbour in the paragraph."""
    out: list[list[Run]] = []
    pending: list[Run] = []  # icons opening a paragraph, waiting for the word after them
    for word in words:
        alone = bool(word) and all(r.icon is not None for r in word)
        if alone and out and out[-1]:
            out[-1] = [*out[-1], Run(" ", word[0].face), *word]
        elif alone:
            pending = [*pending, *word, Run(" ", word[0].face)]
        elif word and pending:
            out.append([*pending, *word])
            pending = []
        else:
            if pending:
                out.append(pending[:-1])
                pending = []
            out.append(word)
    if pending:
        out.append(pending[:-1])
    return out


@lru_cache(maxsize=1 << 16)
def run_width(text: str, face: str, size: float) -> float:
    """Width of one run in mm, as shaped (words repeat across cards and size steps, so it is
    cached; the shaping under it is cached per text and face, whatever the size)."""
    return fonts.text_width_mm(text, face, size)


def line_width(text: str, face: str, size: float) -> float:
    """run_width of a line, kept as _wrap_plain put it together from its words' advances."""
    found = _LINE_WIDTHS.get((text, face, size))
    return run_width(text, face, size) if found is None else found


_LINE_WIDTHS: dict[tuple[str, str, float], float] = {}  # (text, face, size) -> width, mm


def icon_side(size: float) -> float:
    """The side of an inline icon in text of `size` pt, in mm."""
    return ICON_EM * size * fonts.PT_TO_MM


def spaced_width(text: str, face: str, size: float, spacing: float = 0.0) -> float:
    """Width of a text run in mm with `spacing` mm after each of its glyphs."""
    width = run_width(text, face, size)
    return width + spacing * fonts.glyph_count(text, face) if spacing else width


def width_of(run: Run, size: float, spacing: float = 0.0) -> float:
    """A run's advance in mm: an icon's side and padding, or its text's (letter spacing after
    each glyph)."""
    if run.icon is not None:
        return (ICON_EM + 2 * ICON_PAD_EM) * size * fonts.PT_TO_MM
    return spaced_width(run.text.replace(SHY, "") if SHY in run.text else run.text, run.face,
                        size, spacing)


def wrap(runs: list[Run], width: float, size: float, language: str | None = None,
         spacing: float = 0.0) -> tuple[list[Line], float]:
    """Greedy word wrap -> (lines, widest word overflow in mm)."""
    return wrap_words(split_words(runs), width, size, language, spacing)


class _Lines:
    """The lines made so far and the one being filled; each line's runs are merged as they
    are added: a run of the same face as the one before it (always so for the space between
    words) extends that run's text."""

    def __init__(self, size: float, spacing: float = 0.0) -> None:
        self.size = size
        self.spacing = spacing  # letter spacing, mm
        self.lines: list[Line] = []
        self.faces: list[_Look] = []  # (face, icon, colour) of each merged run
        self.texts: list[list[str]] = []  # the pieces of each merged run
        self.width = 0.0

    def room(self) -> float:
        """What a word after a space may take on the current line, before its width."""
        return -self.width - self.space() if self.faces else 0.0

    def space(self) -> float:
        """The width of the space before a word on the current line."""
        return spaced_width(" ", self.faces[-1][0], self.size, self.spacing)

    def add(self, word: list[Run], word_w: float) -> None:
        if self.faces:
            self.width += self.space()
            _add_space(self.faces, self.texts)
        self.width += word_w
        _add_word(self.faces, self.texts, word)

    def close(self, end: bool) -> None:
        self.lines.append(_line(self.faces, self.texts, self.width, end))
        self.faces, self.texts, self.width = [], [], 0.0


def wrap_words(words: list[list[Run]] | PlainWords, width: float, size: float, language: str | None = None,
               spacing: float = 0.0) -> tuple[list[Line], float]:
    """wrap() on words already split; line widths add up run by run, left to right. A word
    that does not fit the rest of a line is broken where it may be (hyphens, soft hyphens, the
    language's hyphenation), its head kept on the line when the head fits. With letter
    spacing the box counts one spacing more: the one after a line's last letter."""
    if isinstance(words, PlainWords):
        return _wrap_plain(words.words, width + spacing, size, language, spacing,
                           (words.face, words.color))
    look = _plain_look(words)
    if look is not None:
        return _wrap_plain([w[0].text if w else None for w in words], width + spacing, size,
                           language, spacing, look)
    return _wrap_runs(words, width, size, language, spacing)


def _wrap_runs(words: list[list[Run]], width: float, size: float, language: str | None,
               spacing: float) -> tuple[list[Line], float]:
    """wrap_words for any words: runs of several faces and colours, icons, soft hyphens."""
    lines = _Lines(size, spacing)
    width += spacing
    over_w = 0.0
    for word in words:
        if not word:  # forced break
            lines.close(True)
            continue
        over_w = max(over_w, _place_word(lines, word, width, size, language))
    if lines.faces:
        lines.close(True)
    return lines.lines, over_w


def _plain_look(words: list[list[Run]]) -> tuple[str, str | None] | None:
    """The face and colour every word shares when each is one run of text without a soft
    hyphen (most text: one merged run a line); else None."""
    look: tuple[str, str | None] | None = None
    for word in words:
        if not word:
            continue
        if len(word) != 1:
            return None
        run = word[0]
        if run.icon is not None or SHY in run.text:
            return None
        if look is None:
            look = (run.face, run.color)
        elif look[0] != run.face or look[1] != run.color:
            return None
    return look


def _wrap_plain(words: Sequence[str | None], width: float, size: float, language: str | None,
                spacing: float, look: tuple[str, str | None]) -> tuple[list[Line], float]:
    """wrap_words for words of one run each in one face and colour (_plain_look), given as
    their texts (None: a forced break): the same lines, widths added in the same order, each
    line one run (`width` counts the spacing after a line's last letter). Each line's advance
    in font units is added up from its words' and spaces' (as shaping.advance adds them up),
    so its width as drawn (run_width) is known without measuring it again."""
    face, color = look
    space = spaced_width(" ", face, size, spacing)
    known = _widths(face, size)  # each word's run_width and advance, without a cache key
    units = _UNITS.setdefault(face, {})
    space_u = _units_of(units, " ", face)
    line = _PlainLines(face, color, size, spacing)
    texts: list[str] = []  # the words of the line being filled
    line_w = over_w = 0.0
    line_u = 0
    for word in words:
        if word is None:  # forced break
            line.close(texts, line_w, True, line_u)
            texts, line_w, line_u = [], 0.0, 0
            continue
        found = known.get(word)
        if found is None:
            found = known[word] = (run_width(word, face, size), _units_of(units, word, face))
        word_w = spaced_width(word, face, size, spacing) if spacing else found[0]
        word_u = found[1]
        while True:
            room = width + (-line_w - space) if texts else width + 0.0
            if word_w <= room or (not texts and word_w <= width):
                line_w = line_w + space + word_w if texts else line_w + word_w
                line_u = line_u + space_u + word_u if texts else line_u + word_u
                texts.append(word)
                break
            split = _split([Run(word, face, None, color)], room, size, language, spacing)
            if split is not None:
                head, tail = split
                head_w = spaced_width(head.text, face, size, spacing)
                head_u = _units_of(units, head.text, face)
                line_w = line_w + space + head_w if texts else line_w + head_w
                line_u = line_u + space_u + head_u if texts else line_u + head_u
                texts.append(head.text)
                line.close(texts, line_w, False, line_u)
                texts, line_w, line_u = [], 0.0, 0
                word = tail.text
                word_w = spaced_width(word, face, size, spacing)
                word_u = _units_of(units, word, face)
            elif texts:
                line.close(texts, line_w, False, line_u)
                texts, line_w, line_u = [], 0.0, 0
            else:
                line_w += word_w
                line_u += word_u
                texts.append(word)
                over_w = max(over_w, word_w - width)
                break
    if texts:
        line.close(texts, line_w, True, line_u)
    return line.lines, over_w


class _PlainLines:
    """The lines _wrap_plain closes, one run each; a line's width as drawn put where line_width
    finds it when its advance is its words' added up (no right-to-left text, no spacing)."""

    def __init__(self, face: str, color: str | None, size: float, spacing: float) -> None:
        self.face, self.color, self.size, self.spacing = face, color, size, spacing
        self.lines: list[Line] = []
        self.per_em = fonts.units_per_em(face)

    def close(self, texts: list[str], line_w: float, end: bool, line_u: int) -> None:
        if not texts:
            self.lines.append(Line((), line_w, end))
            return
        text = " ".join(texts)
        self.lines.append(Line((Run(text, self.face, None, self.color),), line_w, end))
        key = (text, self.face, self.size)
        if not self.spacing and key not in _LINE_WIDTHS and not shaping.has_rtl(text):
            if len(_LINE_WIDTHS) >= 1 << 14:
                _LINE_WIDTHS.clear()
            # fonts.text_width_mm, in its order: units / units per em * size * mm a point
            _LINE_WIDTHS[key] = line_u / self.per_em * self.size * fonts.PT_TO_MM


def _units_of(units: dict[str, int], text: str, face: str) -> int:
    """A text's advance in font units (fonts.text_units), kept per face."""
    found = units.get(text)
    if found is None:
        if len(units) > 1 << 16:
            units.clear()
        found = units[text] = fonts.text_units(text, face)
    return found


_UNITS: dict[str, dict[str, int]] = {}  # face (a few a project) -> text -> advance in font units


# (face, size) -> word -> (its run_width, its advance in font units)
_WIDTHS: dict[tuple[str, float], dict[str, tuple[float, int]]] = {}


def _widths(face: str, size: float) -> dict[str, tuple[float, int]]:
    found = _WIDTHS.get((face, size))
    if found is None or len(found) > 1 << 14:
        if len(_WIDTHS) > 256:
            _WIDTHS.clear()
        found = _WIDTHS[(face, size)] = {}
    return found


def _place_word(lines: _Lines, word: list[Run], width: float, size: float,
                language: str | None) -> float:
    """One word onto the lines (broken where it must and may be) -> how far it overflows."""
    while True:
        word_w = sum(width_of(r, size, lines.spacing) for r in word)
        room = width + lines.room()
        if word_w <= room or (not lines.faces and word_w <= width):
            lines.add(word, word_w)
            return 0.0
        split = _split(word, room, size, language, lines.spacing)
        if split is not None:
            head, tail = split
            lines.add([head], width_of(head, size, lines.spacing))
            lines.close(False)
            word = [tail]
        elif lines.faces:
            lines.close(False)
        else:
            lines.add(word, word_w)
            return word_w - width


def _split(word: list[Run], room: float, size: float, language: str | None, spacing: float
           ) -> tuple[Run, Run] | None:
    """(head, tail) of a one-run word broken at the latest place whose head fits `room`."""
    if len(word) != 1 or word[0].icon is not None or room <= 0:
        return None
    run = word[0]
    for head, tail in _breaks(run.text, language):
        if spaced_width(head, run.face, size, spacing) <= room:
            return Run(head, run.face, run.icon, run.color), Run(tail, run.face, run.icon, run.color)
    return None


@lru_cache(maxsize=1 << 14)
def _breaks(text: str, language: str | None) -> tuple[tuple[str, str], ...]:
    """(head as printed, tail as written) of every place a word may break, longest head first:
    after a hyphen inside it, at a soft hyphen (the head then ends with a hyphen) or, when the
    word has neither, where the language's dictionary hyphenates its letters."""
    found: list[tuple[str, str]] = []
    for i, ch in enumerate(text[1:-1], start=1):
        if ch in _HYPHENS:
            found.append((text[: i + 1].replace(SHY, ""), text[i + 1:]))
        elif ch == SHY:
            found.append((text[:i].replace(SHY, "") + "-", text[i + 1:]))
    core = _WORD_CORE.match(text)
    if not found and language is not None and core is not None:
        lead, letters, trail = core.groups()
        dictionary = hyphenator(language)
        if dictionary is not None:
            found = [(lead + letters[:pos] + "-", letters[pos:] + trail)
                     for pos in dictionary.positions(letters)]
    return tuple(sorted(found, key=lambda pair: -len(pair[0])))


def hyphenation_language(language: str) -> bool:
    """Whether pyphen can hyphenate a language."""
    return hyphenator(language) is not None


_Look = tuple[str, str | None, str | None]  # a merged run's face, icon and colour


def _add_space(faces: list[_Look], texts: list[list[str]]) -> None:
    """The space before a word on the current line: into the last merged run, or after an
    icon a run of its own in the icon's face."""
    if faces[-1][1] is None:
        texts[-1].append(" ")
    else:
        faces.append((faces[-1][0], None, faces[-1][2]))
        texts.append([" "])


def _add_word(faces: list[_Look], texts: list[list[str]], word: list[Run]) -> None:
    """A word's runs onto the current line, each merged into the run before it when they share
    a face and colour (icons are never merged); soft hyphens are dropped (a broken word's head already
    ends with its hyphen)."""
    for r in word:
        text = r.text.replace(SHY, "") if SHY in r.text else r.text
        if faces and faces[-1] == (r.face, None, r.color) and r.icon is None:
            texts[-1].append(text)
        else:
            faces.append((r.face, r.icon, r.color))
            texts.append([text])


def _line(faces: list[_Look], texts: list[list[str]], width: float, end: bool = True) -> Line:
    return Line(tuple([Run("".join(t), f, icon, tint)
                       for (f, icon, tint), t in zip(faces, texts, strict=True)]), width, end)


def measured(line: Line, size: float, spacing: float = 0.0) -> Line:
    """The line with its width as drawn: each merged run shaped whole, letter spacing between
    its letters (not after the last one shown)."""
    if not spacing and len(line.runs) == 1:  # one run of text (most lines): its width
        run = line.runs[0]
        if run.icon is None and SHY not in run.text:
            return Line(line.runs, 0 + line_width(run.text, run.face, size), line.end)
    width = sum(width_of(r, size, spacing) for r in line.runs)
    if spacing:
        shown = display_runs(line)
        if shown and shown[-1].icon is None:
            width -= spacing
    return Line(line.runs, width, line.end)


def display_runs(line: Line) -> tuple[Run, ...]:
    """A line's runs left to right as shown (reversed when the line reads right to left)."""
    if not any(shaping.has_rtl(r.text) for r in line.runs):
        return line.runs
    whole = "".join(r.text if r.icon is None else "\ufffc" for r in line.runs)
    return tuple(reversed(line.runs)) if shaping.rtl_paragraph(whole) else line.runs


