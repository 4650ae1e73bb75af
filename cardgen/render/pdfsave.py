"""A reportlab document written without reportlab's recursive formatter: the same bytes.

reportlab formats every object of a file at `canvas.save()` through `pdfdoc.format`, one call
per dictionary, array, name, number and reference (some fifty per page): for a print-shop file
of 1,200 pages that was most of writing it. The pages cardgen's writers show differ only in
their content stream, their boxes and the forms they name, so `FastPage` (a page),
`PageStream` (its content stream, encoded when the page was shown: `compact_last_page`) and
`FastPages` (the page tree) write their bytes from a few joins, and `FastDocument` puts each
object in the file without reportlab's per-object wrapper: the very bytes reportlab gives,
object for object, with the same side effects in the same order (a page registers the page
tree, then its content stream, when it is formatted: that is what numbers the objects). A page
of another shape (an annotation, a transition, a graphics state, a colour space) is written key
by key, values of kinds these do not know formatted by reportlab in their place; a page or a
document reportlab would format otherwise (`Override_default_compilation`, resources or content
set by hand, comments or multi-line layout switched on, encryption, signatures) is formatted by
reportlab whole. Texts become bytes through reportlab's `pdfdocEnc`, memoised for short texts
and by the ASCII codec for long ASCII ones (`text_bytes`): the same bytes, without the cost of
the 'extpdfdoc' codec.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

# the ASCII characters PDFDocEncoding ('extpdfdoc') encodes otherwise than ASCII does
_NOT_ASCII_ALIKE = tuple(bytes((code,)) for code in range(0x18, 0x20))
_LONG = 256  # longer texts (page and form streams, font data) are not memoised


_PDFDOC_ENC: Callable[[str], bytes] = getattr(pdfdoc.pdfdocEnc, "__wrapped__", pdfdoc.pdfdocEnc)


def text_bytes(text: str) -> bytes:
    """A text as reportlab's pdfdocEnc gives it: ASCII text (a page's ASCII85 stream, most
    operators and names) by the ASCII codec, whose bytes are the same (the 'extpdfdoc' codec
    costs ~15 us a kilobyte), anything else by reportlab's codec."""
    if text.isascii():
        data = text.encode("ascii")
        if not any(code in data for code in _NOT_ASCII_ALIKE):  # a byte search each
            return data
    return _PDFDOC_ENC(text)


def _memoised_pdfdoc_encoding() -> Callable[[Any], Any]:
    """reportlab's pdfdocEnc (every name, key and number of a PDF's objects as bytes), each
    short text encoded once: a codec lookup per call made it ~8 us, a tenth of writing a PDF;
    a long one (a stream) through `text_bytes`. The same bytes; the memo is emptied when it
    holds ENCODED_MAX texts."""
    encode = pdfdoc.pdfdocEnc
    memo: dict[str, bytes] = {}

    def encoded(x: Any) -> Any:
        if not isinstance(x, str):
            return x
        if len(x) > _LONG:
            return text_bytes(x)
        found = memo.get(x)
        if found is None:
            if len(memo) >= ENCODED_MAX:
                memo.clear()
            found = memo[x] = encode(x)
        return found

    encoded.__wrapped__ = encode  # type: ignore[attr-defined]
    return encoded


ENCODED_MAX = 50_000
if not hasattr(pdfdoc.pdfdocEnc, "__wrapped__"):
    pdfdoc.pdfdocEnc = _memoised_pdfdoc_encoding()

_NAMES: dict[str, bytes] = {}  # a key or name -> its bytes, as PDFName and pdfdocEnc give
_NUMBERS: dict[tuple[type, Any], bytes] = {}
_ARRAYS: dict[tuple[tuple[Any, ...], tuple[type, ...]], bytes] = {}
_NUMERIC = frozenset((int, float))
_MEMO_MAX = 10_000


def name_bytes(key: str) -> bytes:
    """A dictionary key or a name as reportlab writes it (`/Key`, escaped)."""
    found = _NAMES.get(key)
    if found is None:
        if len(_NAMES) >= _MEMO_MAX:
            _NAMES.clear()
        found = _NAMES[key] = pdfdoc.pdfdocEnc(pdfdoc.PDFName(key))
    return found


def _number(value: float) -> bytes:
    key = (type(value), value)
    found = _NUMBERS.get(key)
    if found is None:
        if len(_NUMBERS) >= _MEMO_MAX:
            _NUMBERS.clear()
        found = _NUMBERS[key] = pdfdoc.pdfdocEnc(fp_str(value))
    return found


def _ref(document: Any, name: str) -> bytes:
    return b"%d %d R" % document.idToObjectNumberAndVersion[name]


def dict_bytes(items: list[tuple[str, bytes]]) -> bytes:
    """A dictionary of formatted values as PDFDictionary.format lays it out (keys sorted, a
    line break after every sixth entry; pdfMultiLine off)."""
    items.sort()
    parts = [name_bytes(k) + b" " + v for k, v in items]
    for i in reversed(range(6, len(parts), 6)):
        parts.insert(i, b"\n ")
    return b"<<\n" + b" ".join(parts) + b"\n>>"


def array_bytes(parts: list[bytes]) -> bytes:
    """An array of formatted values as PDFArray.format lays it out (a line break after every
    tenth; pdfMultiLine off)."""
    if len(parts) > 10:
        parts = list(parts)
        for i in reversed(range(10, len(parts), 10)):
            parts.insert(i, b"\n ")
    return b"[ " + b" ".join(parts) + b" ]"


def _encoded(text: str) -> bytes:
    out: bytes = pdfdoc.pdfdocEnc(text)  # cardgen's memo (short texts) or text_bytes (long)
    return out


def numbers_bytes(sequence: list[Any]) -> bytes:
    """An array of numbers (ints and floats) as PDFArray.format gives it."""
    key = (tuple(sequence), tuple(map(type, sequence)))
    found = _ARRAYS.get(key)
    if found is None:
        if len(_ARRAYS) >= _MEMO_MAX:
            _ARRAYS.clear()
        found = _ARRAYS[key] = array_bytes([_number(v) for v in sequence])
    return found


def value_bytes(value: Any, document: Any) -> bytes:
    """One value as `pdfdoc.format` gives it (not at top level): names, numbers, references
    and arrays of them here, anything else by reportlab."""
    kind = type(value)
    if kind is str:
        return _encoded(value)  # a name (PDFName gives str) or a keyword
    if kind is float or kind is int:
        return _number(value)
    if kind is pdfdoc.PDFObjectReference:
        return _ref(document, value.name)
    if kind is pdfdoc.PDFArray or kind is pdfdoc.PDFArrayCompact:
        sequence = value.sequence
        if _NUMERIC.issuperset(map(type, sequence)):  # a box: the same numbers on every page
            return numbers_bytes(sequence)
        return array_bytes([value_bytes(v, document) for v in sequence])
    if kind is pdfdoc.PDFDictionary and type(value.dict) is dict and value.multiline is True:
        return dict_bytes([(k, value_bytes(v, document)) for k, v in value.dict.items()])
    out: bytes = pdfdoc.format(value, document)
    return out


def plain_layout() -> bool:
    """True while reportlab lays objects out as these functions do (no comments, no
    multi-line dictionaries and arrays)."""
    return not rl_config.pdfMultiLine and (rl_config.invariant or not rl_config.pdfComments)


_PAGE_KEYS = tuple(pdfdoc.PDFPage.__NoDefault__)


_RARE_PAGE_KEYS = tuple(k for k in _PAGE_KEYS if k not in (
    "Parent", "MediaBox", "Resources", "Contents", "Rotate", "Annots", "Trans",
    "ArtBox", "BleedBox", "CropBox", "TrimBox"))


class FastPage(pdfdoc.PDFPage):  # type: ignore[misc]  # reportlab ships no type stubs
    """A page shown by a cardgen canvas; formatted as PDFPage would format it."""

    def format(self, document: Any) -> bytes:
        if (self.Override_default_compilation or self.Resources or not self.Contents
                or not plain_layout() or type(document.encrypt) is not pdfdoc.NoEncryption):
            out: bytes = super().format(document)
            return out
        if self._usual():
            return self._usual_bytes(document)
        return self._any_bytes(document)

    def _any_bytes(self, document: Any) -> bytes:
        """Any other page: PDFCatalog.format's dictionary, values formatted in key order."""
        page: Any = self  # reportlab sets the page's keys in __init__, untyped
        # check_format's side effects, in its order: the media box, the page tree registered
        if not page.MediaBox:
            page.MediaBox = pdfdoc.PDFArray(self._media_box())
        if not page.Annots:
            page.Annots = None
        elif not isinstance(page.Annots, pdfdoc.PDFObject):
            page.Annots = pdfdoc.PDFArray(page.Annots)
        if not page.Parent:
            page.Parent = document.Reference(document.Pages)
        values: dict[str, Any] = {"Type": getattr(self, "Type", pdfdoc.PDFName("Page"))}
        for key in _PAGE_KEYS:
            value = getattr(self, key, None)
            if value is not None:
                values[key] = value
        values["Resources"] = None  # made below, as check_format makes it
        for key in self.__Refs__:  # PDFCatalog.format: the content stream registered here
            if key in values:
                values[key] = document.Reference(values[key])
        return dict_bytes([(key, self._resources(document) if key == "Resources"
                            else value_bytes(values[key], document)) for key in sorted(values)])

    def _media_box(self) -> list[float]:
        if self.Rotate in (90, 270):
            return [0, 0, self.pageheight, self.pagewidth]
        return [0, 0, self.pagewidth, self.pageheight]

    def _usual(self) -> bool:
        """True for a page as cardgen's canvases show it: boxes, a content stream, forms at
        most, no annotation, transition, graphics state, shading or colour space (a page
        `render/pdfpage.show_page` made is one: `lean`)."""
        if self.__dict__.get("lean"):
            return True
        trans = self.Trans
        return (not self.Annots and not self.MediaBox and type(self.Rotate) is int
                and getattr(self, "Type", None) is None
                and (trans is None or (type(trans) is pdfdoc.PDFDictionary and not trans.dict))
                and not getattr(self, "ExtGState", None) and not self._shadingUsed
                and not self._colorsUsed
                and all(getattr(self, key, None) is None for key in _RARE_PAGE_KEYS))

    def _usual_bytes(self, document: Any) -> bytes:
        """The bytes of a `_usual` page: its keys written in their sorted order; what stands
        before and after its content stream's reference made once per document for each set
        of boxes, rotation and resources (a file's pages share a few)."""
        page: Any = self
        if not page.Parent:  # check_format registers the page tree, then format the stream
            page.Parent = _pages_reference(document)
        contents = registered(document, self.Contents)
        art, bleed, crop, trim = self.ArtBox, self.BleedBox, self.CropBox, self.TrimBox
        key = (None if art is None else value_bytes(art, document),
               None if bleed is None else value_bytes(bleed, document),
               None if crop is None else value_bytes(crop, document),
               numbers_bytes(self._media_box()), page.Parent.name, self.hasImages,
               tuple(self.XObjects.dict) if self.XObjects else None, self.Rotate,
               self.Trans is None, None if trim is None else value_bytes(trim, document))
        kept: dict[tuple[Any, ...], tuple[bytes, bytes]] = document.__dict__.setdefault(
            _PAGE_DICTS_ATTR, {})
        around = kept.get(key)
        if around is None:
            around = kept[key] = self._around(document, key)
        return around[0] + _ref(document, contents.name) + around[1]

    def _around(self, document: Any, key: tuple[Any, ...]) -> tuple[bytes, bytes]:
        """A `_usual` page's bytes before and after its content stream's reference."""
        art, bleed, crop, media, _, _, _, _, _, trim = key
        parts = []
        for name, box in ((b"/ArtBox ", art), (b"/BleedBox ", bleed)):
            if box is not None:
                parts.append(name + box)
        parts.append(b"/Contents \0")
        if crop is not None:
            parts.append(b"/CropBox " + crop)
        parts.append(b"/MediaBox " + media)
        parts.append(b"/Parent " + value_bytes(self.Parent, document))
        parts.append(b"/Resources " + self._resources(document))
        parts.append(b"/Rotate " + _number(self.Rotate))
        if self.Trans is not None:
            parts.append(b"/Trans <<\n\n>>")
        if trim is not None:
            parts.append(b"/TrimBox " + trim)
        parts.append(b"/Type /Page")
        for i in reversed(range(6, len(parts), 6)):
            parts.insert(i, b"\n ")
        before, after = (b"<<\n" + b" ".join(parts) + b"\n>>").split(b"/Contents \0")
        return before + b"/Contents ", after

    def _resources(self, document: Any) -> bytes:
        """The page's resource dictionary, as check_format makes it and reportlab formats it."""
        items = [("Font", _ref(document, pdfdoc.BasicFonts)),
                 ("ProcSet", _PROCS_ALL if self.hasImages else _PROCS_BASIC)]
        xobjects = self.XObjects
        if xobjects:
            items.append(("XObject", value_bytes(xobjects, document)))
        states = getattr(self, "ExtGState", None)
        if states:
            items.append(("ExtGState", value_bytes(states, document)))
        for key, used in (("Shading", self._shadingUsed), ("ColorSpace", self._colorsUsed)):
            if used:
                items.append((key, dict_bytes([(name, _ref(document, c))
                                               for c, name in used.items()])))
        return dict_bytes(items)


def registered(document: Any, obj: Any) -> Any:
    """document.Reference(obj) for a PDFObject (not a reference) under no given name: the
    reference to it, registered under reportlab's next number first if it was not yet."""
    if type(obj) is pdfdoc.PDFObjectReference or not isinstance(obj, pdfdoc.PDFObject):
        return document.Reference(obj)
    objects = document.idToObject
    name = obj.__dict__.get(_INTERNAL_NAME)
    if name is not None:
        if name not in objects:  # reportlab's error
            return document.Reference(obj)
        return pdfdoc.PDFObjectReference(name)
    number = document.objectcounter + 1
    name = "R" + repr(number)
    if name in objects or hasattr(obj, _INTERNAL_NAME):  # reportlab's own path
        return document.Reference(obj)
    document.objectcounter = number
    obj.__dict__[_INTERNAL_NAME] = name
    document.idToObjectNumberAndVersion[name] = (number, 0)
    document.numberToId[number] = name
    objects[name] = obj
    return pdfdoc.PDFObjectReference(name)


_INTERNAL_NAME = "__InternalName__"  # the attribute reportlab's Reference names an object by


def _pages_reference(document: Any) -> Any:
    """document.Reference(document.Pages): the page tree registered by the first page that
    names it, the same reference for the others."""
    found = document.__dict__.get(_PAGES_REF_ATTR)
    if found is None or found[0] is not document.Pages:
        found = document.__dict__[_PAGES_REF_ATTR] = (document.Pages,
                                                      document.Reference(document.Pages))
    return found[1]


_PAGES_REF_ATTR = "_cardgen_pages_ref"
_PAGE_DICTS_ATTR = "_cardgen_page_dicts"
_PROCS_ALL = b"[ /PDF /Text /ImageB /ImageC /ImageI ]"
_PROCS_BASIC = b"[ /PDF /Text ]"


class PageStream(pdfdoc.PDFStream):  # type: ignore[misc]
    """A page's content stream, already encoded, with its Filter set."""

    def format(self, document: Any) -> bytes:
        content = self.content  # ASCII85 gives text, FlateDecode alone bytes
        entries = self.dictionary.dict
        kind = type(content)
        if (len(entries) != 1 or (kind is not bytes and kind is not str)
                or "Filter" not in entries or type(document.encrypt) is not pdfdoc.NoEncryption
                or not plain_layout()):
            out: bytes = super().format(document)
            return out
        filters = _filters(entries["Filter"], document)
        if kind is bytes:
            data: bytes = content
        elif filters.startswith(_A85) and content.isascii():  # ASCII85's letters: as text_bytes
            data = content.encode("ascii")
        else:
            data = _encoded(content)
        return (b"<<\n/Filter " + filters + b" /Length " + _number(len(content))
                + b"\n>>\nstream\n" + data + b"endstream\n")


_A85 = b"[ /ASCII85Decode "  # a stream ASCII85 wrote last: none of _NOT_ASCII_ALIKE's codes


_FILTERS: dict[tuple[str, ...], bytes] = {}


def _filters(value: Any, document: Any) -> bytes:
    """A stream's Filter array of names (the same one on every page stream)."""
    if type(value) is pdfdoc.PDFArray and all(type(v) is str for v in value.sequence):
        key = tuple(value.sequence)
        found = _FILTERS.get(key)
        if found is None:
            found = _FILTERS[key] = value_bytes(value, document)
        return found
    return value_bytes(value, document)


class FastPages(pdfdoc.PDFPages):  # type: ignore[misc]
    """The page tree: its kids (every page) as one array of references."""

    def format(self, document: Any) -> bytes:
        if (not plain_layout() or type(document.encrypt) is not pdfdoc.NoEncryption
                or getattr(self, "Parent", None) is not None):
            out: bytes = super().format(document)
            return out
        # check_format: every page registered
        kids: list[Any] = [registered(document, page) for page in self.pages]
        self.Kids = pdfdoc.PDFArray(kids)
        self.Count = len(kids)
        return dict_bytes([("Count", _number(self.Count)),
                           ("Kids", array_bytes([_ref(document, k.name) for k in kids])),
                           ("Type", value_bytes(getattr(self, "Type", pdfdoc.PDFName("Pages")),
                                                document))])


_PDF_NAMES: dict[str, str] = {}


def pdf_name(name: str) -> str:
    """reportlab's PDFName of a name (a str, '/Name'), made once."""
    found = _PDF_NAMES.get(name)
    if found is None:
        found = _PDF_NAMES[name] = pdfdoc.PDFName(name)
    return found


def compact_last_page(canvas: Canvas, encoded: bytes | None = None) -> None:
    """Encode the page just shown now (as save() would), so the document keeps only encoded
    page streams: a 20,000-page file then holds tens of MB less until it is saved. `encoded`:
    the page's stream as an earlier document encoded it (cardgen.render.faceops.PageStreams)."""
    pages = getattr(getattr(canvas._doc, "Pages", None), "pages", None)
    if not pages:
        return
    page = pages[-1]
    if page.Contents or not getattr(page, "stream", None) or not page.compression:
        return
    filters = [pdfdoc.PDFBase85Encode, pdfdoc.PDFZCompress] if rl_config.useA85 else [
        pdfdoc.PDFZCompress]
    content = page.stream if encoded is None else encoded
    for f in reversed(filters if encoded is None else []):
        content = f.encode(content)
    stream = PageStream(content=content, filters=filters)
    stream.dictionary["Filter"] = pdfdoc.PDFArray([pdf_name(f.pdfname) for f in filters])
    stream.__Comment__ = "page stream"
    page.Contents = stream
    page.stream = None
    if type(page) is pdfdoc.PDFPage:
        page.__class__ = FastPage


class FastDocument(pdfdoc.PDFDocument):  # type: ignore[misc]
    """A document whose objects are written as PDFDocument.format writes them, each object
    formatted by its own `format` (the pages and streams above) and put in the file without
    reportlab's per-object wrapper."""

    def format(self) -> bytes:
        if (type(self.encrypt) is not pdfdoc.NoEncryption or not plain_layout()
                or getattr(self, "_digiSigs", None)):
            out: bytes = super().format()
            return out
        self.encrypt.prepare(self)
        catalog, info = self.Catalog, self.info
        self.Reference(catalog)
        self.Reference(info)
        number_to_id, numbers = self.numberToId, self.idToObjectNumberAndVersion
        objects, offsets = self.idToObject, self.idToOffset
        self.__accum__ = out_file = pdfdoc.PDFFile(self._pdfVersion)
        strings = out_file.strings
        ids = []
        counter = 0
        while True:  # objects may be registered while earlier ones are formatted
            counter += 1
            if counter not in number_to_id:
                break
            oid = number_to_id[counter]
            obj = objects[oid]
            body = (obj.format(self) if isinstance(obj, pdfdoc.PDFObject)
                    else pdfdoc.format(obj, self, toplevel=1))
            chunk = (b"%d %d obj\n" % numbers[oid] + body
                     + (b"" if body.endswith(b"\n") else b"\n") + b"endobj\n")
            offsets[oid] = out_file.offset
            out_file.offset += len(chunk)
            strings.append(chunk)
            ids.append(oid)
        del self.__accum__
        count = len(number_to_id)
        if counter - 1 != count:
            raise ValueError(f"counter {counter} doesn't match number to id dictionary {count}")
        start = out_file.add(_xref(ids, offsets, numbers))
        trailer = pdfdoc.PDFTrailer(startxref=start, Size=count + 1,
                                    Root=self.Reference(catalog), Info=self.Reference(info),
                                    Encrypt=None, ID=self.ID())
        out_file.add(trailer.format(self))
        data: bytes = out_file.format(self)
        return data


def _xref(ids: list[str], offsets: dict[str, int], numbers: dict[str, tuple[int, int]]
          ) -> bytes:
    """PDFCrossReferenceTable.format of one section holding objects 1.. in order."""
    entries = [b"%010d %05d n \n" % (offsets[oid], numbers[oid][1]) for oid in ids]
    return b"xref\n0 %d\n0000000000 65535 f \n" % (len(ids) + 1) + b"".join(entries)


def fast_document(document: Any) -> None:
    """Have a new document written by FastDocument, its page tree by FastPages."""
    if type(document) is pdfdoc.PDFDocument:
        document.__class__ = FastDocument
    if type(document.Pages) is pdfdoc.PDFPages:
        document.Pages.__class__ = FastPages
