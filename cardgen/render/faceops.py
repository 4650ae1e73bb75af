"""Each face's PDF operators worked out once per face content, reused by every document.

reportlab gives a TrueType font's characters their codes in the order a document first shows
them, so the same face drawn in two documents (or after another card) came out as other bytes.
`prime` fixes the codes before anything is drawn: every font the document's faces use is
registered in name order and handed the whole set of characters those faces show, sorted, so
a character's code depends on that set alone; characters met later (page labels) take the
codes after it. The operators a face draws at its own origin are then a function of the face's
content and the document's `signature` (fonts, their files, the character set, the private-use
glyphs, the colour mode), and `FaceOps` replays them: across the Letter and A4 files, the
single-sided and fold-over ones, a print-shop file with the same faces, and (kept by the
caller) across builds. A face that names a per-document resource (an image, a translucent or
gradient shape) is drawn afresh every time, and a face showing a character outside the primed
set is never kept, so a replayed face is always the bytes drawing it would give.

`PageStreams` does the same for whole pages: a page whose faces, plan and fonts are as an
earlier document drew them is shown from the stream that document encoded, so a rebuild
after a one-card edit draws and compresses only the pages that card is on.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping, MutableMapping, Sequence
from functools import cache
from itertools import islice
from typing import Any

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from cardgen.layout import fonts
from cardgen.layout.drawing import Drawing, Ellipse, Group, Path, Primitive, Rect, Text
from cardgen.render import pdftext
from cardgen.render.pdf import _FORMS_ATTR, draw_items
from cardgen.render.pdf_style import replayable
from cardgen.render.pdfpage import show_page
from cardgen.render.pdfreplay import asked_version
from cardgen.render.pdftext import pdf_font, private_glyph, shown_chars

Chars = tuple[tuple[str, str], ...]  # (font face, the characters it shows, sorted) per face


def face_chars(drawing: Drawing, bare: dict[int, Group] | None = None) -> Chars:
    """The characters a face's text shows in the PDF, per font face (shaped: a ligature is its
    own character, a glyph no character maps to its private-use code). `bare`: groups known
    to hold no text, by id (faces share their icons' groups), kept while they are."""
    found: dict[str, list[str]] = {}
    _collect(drawing.items, found, {} if bare is None else bare)
    return tuple([(face, "".join(sorted(shown_chars(face, texts))))
                  for face, texts in sorted(found.items())])


def _collect(items: Sequence[Primitive], found: dict[str, list[str]], bare: dict[int, Group]
             ) -> int:
    """Each font face's texts among the items, into `found`; how many there are."""
    n = 0
    for item in items:
        if type(item) is Text:
            found.setdefault(item.font, []).append(item.text)
            n += 1
        elif type(item) is Group and id(item) not in bare:
            inside = _collect(item.items, found, bare)
            if not inside:
                bare[id(item)] = item
            n += inside
    return n


class DocChars(dict[str, str]):
    """font face -> the sorted characters a document's faces show, and `covered`: the keys
    of the faces they were found from (a face among them needs no check of its own)."""

    covered: frozenset[str] = frozenset()


def doc_chars(faces: Iterable[tuple[str, Drawing]], known: Mapping[str, Chars]) -> DocChars:
    """font face -> the sorted characters the faces show (`known`: face key -> its chars, for
    faces whose characters were worked out before). The others' texts are gathered per font
    face and looked at once, word by word (`shown_chars`: each distinct word of the document
    looked up, and shaped when new, once), not face by face: a document's characters are the
    union of its faces', and a deck's faces share nearly all their words."""
    faces = list(faces)
    covered = frozenset([key for key, _ in faces])
    drawn = frozenset([(key, id(drawing)) for key, drawing in faces])
    kept = _DOCS.get(drawn)  # the same faces as an earlier document (Letter and A4, a kind's
    if kept is not None and kept[0] is _shaping():  # print-shop file): their characters (a
        return kept[2]  # test may stand in for the shaping)
    found: dict[str, set[str]] = {}
    texts: dict[str, list[str]] = {}
    bare: dict[int, Group] = {}
    seen: set[str] = set()
    for key, drawing in faces:
        if key in seen:  # an equal face (a shared back): its characters are in already
            continue
        seen.add(key)
        chars = known.get(key)
        if chars is None:
            _collect(drawing.items, texts, bare)
            continue
        for face, text in chars:
            found.setdefault(face, set()).update(text)
    for face, lines in texts.items():
        found.setdefault(face, set()).update(shown_chars(face, lines))
    out = DocChars((face, "".join(sorted(chars))) for face, chars in sorted(found.items()))
    out.covered = covered
    if len(_DOCS) >= 4:
        _DOCS.clear()
    _DOCS[drawn] = (_shaping(), [drawing for _, drawing in faces], out)
    return out


# a document's faces, (key, id) each -> the shaping, the faces (held: no other object takes
# their ids meanwhile) and their characters
_DOCS: dict[frozenset[tuple[str, int]], tuple[object, list[Drawing], DocChars]] = {}


def _shaping() -> object:
    """What shapes a word for `shown_chars` (the characters it shows)."""
    return pdftext._shown_whole


@cache
def _font_digest(face: str) -> str:
    """What names the font file reportlab embeds from (what a code's glyph is): a layout's own
    font by its digest; a bundled face by its file's name, its bytes being in the toolchain's
    digest (`pipeline/toolchain.py`: cardgen's .ttf files), which every kept operator and
    page is bound to (a new bundled font is a new toolchain), so they are not hashed again in
    every process that writes a PDF."""
    if face in fonts.FACE_FILES:
        return f"bundled {fonts.FACE_FILES[face]}"
    return hashlib.sha1(pdf_font(face).face._ttf_data).hexdigest()


def prime(canvas: Canvas, chars: Mapping[str, str]) -> str:
    """Register the document's fonts in name order, each with its characters in sorted order,
    before anything is drawn; the signature every face operator of the document is valid for."""
    doc = canvas._doc
    parts: list[object] = [canvas._enforceColorSpace is not None and repr(canvas._enforceColorSpace),
                           rl_config.useA85, canvas._pageCompression]  # how streams are encoded
    for face in sorted(chars):
        font = pdf_font(face)
        text = chars[face]
        private = tuple((ord(c), private_glyph(face, ord(c))) for c in text
                        if 0xE000 <= ord(c) <= 0xF8FF)
        font.splitString(text, doc)
        font.getSubsetInternalName(0, doc)
        parts.append((face, font.fontName, _font_digest(face), text, private))
    signature = hashlib.sha1(repr(parts).encode("utf-8")).hexdigest()
    canvas.__dict__[PRIMED_ATTR] = (signature, {face: frozenset(chars[face]) for face in chars})
    return signature


# the canvas's signature and, per font face, the characters `prime` gave codes
PRIMED_ATTR = "_cardgen_primed"


def pure(items: Sequence[Primitive], groups: dict[int, tuple[Group, bool]] | None = None
         ) -> bool:
    """True when drawing the items names no per-document resource (image, graphics state,
    shading): their operators are the same in every document with the same fonts. `groups`:
    what was found of groups met before, by id (faces share their icons' groups), with them.
    (`render.pdf.draw_items` gives the same answer as it draws them: `FaceOps` takes that.)"""
    for item in items:
        if type(item) is Text:
            continue
        if type(item) is Rect or type(item) is Ellipse or type(item) is Path:
            if not replayable(item.style):
                return False
        elif type(item) is Group:
            found = groups.get(id(item)) if groups is not None else None
            if found is None:
                found = (item, pure(item.items, groups))
                if groups is not None:
                    groups[id(item)] = found
            if not found[1]:
                return False
        else:
            return False
    return True


Kept = tuple[tuple[int, ...], str]  # (the PDF version drawing the face asks for, operators)
_NONE: frozenset[str] = frozenset()


class FaceOps:
    """One document's face operators: face key -> what its items draw at the face's origin,
    under the document's signature, with the PDF version drawing them asks for (reportlab
    asks for 1.4 whenever a colour is set). `known` may come from other documents and
    builds; `fresh` holds the faces this document drew and kept."""

    def __init__(self, known: MutableMapping[str, Kept], chars: Mapping[str, str]):
        self.known = known
        self.primed = {face: frozenset(text) for face, text in chars.items()}
        self.covered = getattr(chars, "covered", _NONE)  # faces whose characters were primed
        self.fresh: dict[str, Kept] = {}

    def draw(self, canvas: Canvas, drawing: Drawing, key: str) -> None:
        """Append the face's operators to the canvas: replayed, or drawn (and kept if it can be)."""
        doc = canvas._doc
        kept = self.known.get(key)
        code = canvas._code
        if kept is not None:
            version, ops = kept
            doc._pdfVersion = max(doc._pdfVersion, version)
            if ops:
                code.append(ops)
            return
        start = len(code)
        before, doc._pdfVersion = doc._pdfVersion, (0,)  # asked_version, inline
        try:
            clean = draw_items(canvas, drawing.items)  # (`pure`'s answer, found drawing)
        finally:
            version, doc._pdfVersion = tuple(doc._pdfVersion), max(before, doc._pdfVersion)
        if key not in self.covered:  # (a face key is its content: one primed is covered)
            primed = self.primed
            for face, text in face_chars(drawing):
                if not primed.get(face, _NONE).issuperset(text):
                    return
        if clean:
            self.known[key] = self.fresh[key] = (version, "\n".join(code[start:]))


PageKept = tuple[tuple[int, ...], tuple[str, ...], bytes, tuple[tuple[str, str], ...]]
# the PDF version drawing the page asked for, the forms its stream names, the stream as
# encoded, and per font the characters its drawing gave codes (in the order given)


class PageStreams:
    """One document's kept pages: page key -> what `PageKept` holds. A key covers what the
    page's stream is made of (the page, its faces, the document's signature) and the codes the
    fonts have given so far (`font_state`: page labels give theirs first come, first served,
    so a page's codes depend on the pages before it; a replayed page gives the same codes its
    drawing gave). A page naming any other resource (a graphics state, a shading, a colour
    space, an image: anything but the forms of its faces) is never kept. `used` holds the keys
    this document showed."""

    def __init__(self, known: MutableMapping[str, PageKept], signature: str):
        self.known = known
        self.signature = signature  # the document's (fonts and its faces' characters)
        self.used: set[str] = set()
        self._states: dict[tuple[int, ...], str] = {}
        self._fonts: tuple[int, object, list[tuple[str, Any]], list[Any]] | None = None

    def font_state(self, canvas: Canvas) -> str:
        """The document's fonts as they stand: each one's name and the codes given so far
        (worked out again only when a code was given: within a document they only grow).
        The fonts and their states are looked up again only when the document names another
        font (a font's state for a document, once made, stays the same object)."""
        doc = canvas._doc
        mapping = doc.fontMapping
        fonts = self._fonts
        if fonts is None or fonts[0] != len(mapping) or fonts[1] is not doc:
            named = [(name, pdfmetrics.getFont(name)) for name in sorted(mapping)]
            given = [getattr(font, "state", {}).get(doc) for _, font in named]
            fonts = (len(mapping), doc, named, given)
            if all(g is not None for g in given):
                self._fonts = fonts
        _, _, named, given = fonts
        sizes = tuple([len(g.assignments) if g is not None else -1 for g in given])
        if sizes not in self._states:
            state = [(name, mapping[name], sorted(g.assignments.items()) if g else None)
                     for (name, _), g in zip(named, given, strict=True)]
            self._states[sizes] = hashlib.sha1(repr(state).encode("utf-8")).hexdigest()
        return self._states[sizes]

    def show(self, canvas: Canvas, key: str | None, draw: Callable[[], None],
             forms: Callable[[], None]) -> None:
        """Show one page (its size and boxes already set): the kept stream, after `forms`
        made the forms it names as drawing would; or drawn by `draw`, then kept."""
        doc = canvas._doc
        if key is not None:
            key = hashlib.sha1(f"{key}\n{self.font_state(canvas)}".encode()).hexdigest()
        kept = self.known.get(key) if key is not None else None
        if key is not None:
            self.used.add(key)
        if kept is not None:
            version, names, encoded, assigned = kept
            forms()
            for name, chars in assigned:  # as drawing its labels would: the same codes
                font = pdfmetrics.getFont(name)
                if chars:
                    font.splitString(chars, doc)
                font.getSubsetInternalName(0, doc)
            doc._pdfVersion = max(doc._pdfVersion, version)
            canvas._formsinuse = list(names)
            show_page(canvas, encoded)
            return
        before = _given(doc)
        version = asked_version(canvas, draw)
        names = tuple(canvas._formsinuse)
        made = canvas.__dict__.get(_FORMS_ATTR, ())
        plain = not (canvas._extgstate._c or canvas._colorsUsed or canvas._shadingUsed
                     or any(name not in made for name in names))  # only faces' forms
        show_page(canvas)
        contents = doc.Pages.pages[-1].Contents
        if key is not None and plain and contents is not None:
            assigned = _given_since(doc, before)
            self.known[key] = (version, names, contents.content, assigned)


def _given(doc: Any) -> dict[str, int]:
    """Each font of the document (in the order it was named) -> how many characters it has
    given codes (a code, once given, stays: they are given in order, after the others)."""
    out = {}
    for name in doc.fontMapping:
        state = getattr(pdfmetrics.getFont(name), "state", {}).get(doc)
        out[name] = len(state.assignments) if state is not None else 0
    return out


def _given_since(doc: Any, before: dict[str, int]) -> tuple[tuple[str, str], ...]:
    """Per font named since `before` (`_given`) or that gave a code since, the characters
    given codes since, in the order given."""
    out = []
    for name in doc.fontMapping:
        state = getattr(pdfmetrics.getFont(name), "state", {}).get(doc)
        given = state.assignments if state is not None else {}
        if name not in before or len(given) > before[name]:
            out.append((name, "".join(map(chr, islice(given, before.get(name, 0), None)))))
    return tuple(out)
