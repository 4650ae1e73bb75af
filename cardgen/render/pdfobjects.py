"""A document's font objects written as reportlab formats them, without its per-value wrapper.

Every PDF embeds, per font subset, a font file and a character map (streams) and a font
descriptor (a dictionary), and names its fonts in one dictionary: reportlab formats each of
their keys and values through `pdfdoc.format` (a name escaped character by character, a type
check per value), ~60 us an object, in every file. `FastDictionary` and `FastStream` (the
classes `render/pdffonts.py` gives those objects) write the same bytes with
`render/pdfsave.py`'s memoised names, numbers and arrays, formatting the values in the order
reportlab does (keys sorted: a value may register an object, which numbers it); anything else
(another layout, encryption, a value of another kind, an ordered dictionary) is reportlab's.
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfbase import pdfdoc

from cardgen.render.pdfsave import dict_bytes, plain_layout, value_bytes


def _entries_bytes(entries: dict[str, Any], document: Any) -> bytes:
    """A plain dictionary's bytes, its values formatted in key order (as reportlab does)."""
    return dict_bytes([(key, value_bytes(entries[key], document)) for key in sorted(entries)])


class FastDictionary(pdfdoc.PDFDictionary):  # type: ignore[misc]  # reportlab: untyped
    """A dictionary of plain values (a font descriptor, the document's fonts)."""

    def format(self, document: Any, IND: bytes = b"\n ") -> bytes:  # noqa: N803 (reportlab's)
        entries = self.dict
        if type(entries) is not dict or self.multiline is not True or not plain_layout():
            out: bytes = super().format(document, IND)
            return out
        return _entries_bytes(entries, document)


class FastStream(pdfdoc.PDFStream):  # type: ignore[misc]
    """A stream whose dictionary holds plain values (a font file, a character map): its
    content encoded by its filters, then its dictionary with Filter and Length, as
    PDFStream.format writes them."""

    def format(self, document: Any) -> bytes:
        dictionary, content = self.dictionary, self.content
        if (content is None or type(dictionary) is not pdfdoc.PDFDictionary
                or type(dictionary.dict) is not dict or dictionary.multiline is not True
                or type(document.encrypt) is not pdfdoc.NoEncryption or not plain_layout()):
            out: bytes = super().format(document)
            return out
        entries = dictionary.dict.copy()
        filters = self.filters if self.filters is not None else document.defaultStreamFilters
        if filters is not None and "Filter" not in entries:
            for f in reversed(filters):  # the last filter first, as reportlab applies them
                content = f.encode(content)
            entries["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName(f.pdfname) for f in filters])
        data: bytes = content if type(content) is bytes else pdfdoc.format(content, document)
        entries["Length"] = len(content)
        return _entries_bytes(entries, document) + b"\nstream\n" + data + b"endstream\n"


def fast_font_objects(document: Any, names: list[str]) -> None:
    """Have the document's objects registered under these names (those there, of reportlab's
    own classes) written by FastDictionary and FastStream."""
    objects = document.idToObject
    for name in names:
        obj = objects.get(name)
        if type(obj) is pdfdoc.PDFDictionary:
            obj.__class__ = FastDictionary
        elif type(obj) is pdfdoc.PDFStream:
            obj.__class__ = FastStream
