"""A document's font objects and information written as reportlab formats them, for less.

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


class FastInfo(pdfdoc.PDFInfo):  # type: ignore[misc]
    """The document information as `PDFInfo.format` writes it: a dictionary of seven
    `PDFString`s, a date twice and a name, each checked, escaped and encoded (~0.2 ms,
    ~1.5 M instructions a file). Each key's entry is formatted by reportlab once per process
    for its value (the author, creator, library, keywords, dates and a kind of file's
    subject are the same in every file; a title seldom is) and laid out as
    `PDFDictionary.format` lays it out; an encrypted document's by reportlab every time."""

    def format(self, document: Any) -> bytes:
        if type(document.encrypt) is not pdfdoc.NoEncryption or not plain_layout():
            out: bytes = super().format(document)
            return out
        if len(_TEXTS) != 6:  # not the reportlab this was written for: reportlab's way
            out = super().format(document)
            return out
        stamp = document._timeStamp
        date = (self._dateFormatter, tuple(stamp.YMDhms), stamp.dhh, stamp.dmm)
        values = [(name.capitalize(), getattr(self, name)) for name in _TEXTS]
        values += [("CreationDate", date), ("ModDate", date), ("Trapped", self.trapped)]
        parts = [_info_entry(key, value, self, document) for key, value in sorted(values)]
        for at in reversed(range(6, len(parts), 6)):  # PDFDictionary.format's line breaks
            parts.insert(at, b"\n ")
        return b"<<\n" + b" ".join(parts) + b"\n>>"


def _info_entry(key: str, value: Any, info: Any, document: Any) -> bytes:
    """One entry of `FastInfo`'s dictionary (`/Key value`), as reportlab formats it."""
    try:
        found = _INFOS.get((key, value))
    except TypeError:  # a value that is not hashable: formatted every time
        found = None
    if found is None:
        if key.endswith("Date"):
            made = pdfdoc.PDFDate(ts=document._timeStamp, dateFormatter=info._dateFormatter)
        elif key == "Trapped":
            made = pdfdoc.PDFName(value)
        else:
            made = pdfdoc.PDFString(value)
        found = pdfdoc.format(pdfdoc.PDFName(key), document) + b" " + pdfdoc.format(made, document)
        try:
            if len(_INFOS) >= 256:
                _INFOS.clear()
            _INFOS[(key, value)] = found
        except TypeError:
            pass
    return found


# the texts PDFInfo.format writes, each under its name capitalised: the text attributes its
# class declares (six: author, creator, keywords, subject, title and the library's name)
_TEXTS = tuple(name for name, value in vars(pdfdoc.PDFInfo).items()
               if type(value) is str and not name.startswith("_"))
_INFOS: dict[tuple[str, Any], bytes] = {}  # each entry FastInfo formatted, by key and value


def fast_info(document: Any) -> None:
    """Have the document's information (reportlab's own class) written by FastInfo."""
    if type(document.info) is pdfdoc.PDFInfo:
        document.info.__class__ = FastInfo


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
