"""Flate for every PDF stream cardgen writes: libdeflate's compressor where it is installed.

reportlab deflates each page's contents, each embedded font file, the print-shop ICC profile
and the rules' pages with zlib at its default level 6 (`pdfdoc.PDFStreamFilterZCompress.encode`):
~17 ms of a cold 600-card Letter build and ~37 ms of l5@0.6.5's default build, in-process.
libdeflate (the `deflate` package's `zlib_compress`) at its level 1 makes the same zlib-wrapped
Flate streams in about a quarter of zlib's time (l5@0.6.5's 2 MB of streams: 12.6 ms, against
48 ms for zlib's level 6 and 19.7 ms for libdeflate's level 4; its levels 2 and 3 take nearly
level 4's time). The streams come out ~5 % larger than zlib's (l5@0.6.5's PDFs 1.27 -> 1.33 MB
against level 4, +4.3 %; the 600-card Letter file +6 %). Any reader inflates them to the same
bytes as before, so pages, fonts and text are unchanged;
only the compressed bytes differ from zlib's. libdeflate's output depends on the input and the
level alone (no state kept between calls, no memory left uninitialised), so a build is
reproducible: a rebuild writes what a cold build writes. Where the package is not installed,
zlib at level 6, as before.

`use_fast_flate()`, called by the render package before any of its modules imports reportlab,
arranges for reportlab's encoder to be this one as soon as `reportlab.pdfbase.pdfdoc` is
imported (at once when it already is), whoever imports it: one encoder for every PDF of the
process, cards and rules alike, so a page kept from an earlier document (render.faceops) is
encoded as a fresh one would be.
"""

from __future__ import annotations

import importlib.machinery
import sys
import zlib
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

PDFDOC = "reportlab.pdfbase.pdfdoc"
LEVEL = 1  # libdeflate's 1-12: its fastest; the files ~5 % larger than at its level 4


def _deflater() -> Callable[[bytes], bytes]:
    """The deflate this process uses: libdeflate's at LEVEL, or zlib's."""
    try:
        from deflate import zlib_compress
    except ImportError:
        return zlib.compress

    def libdeflate(data: bytes) -> bytes:
        return bytes(zlib_compress(data, LEVEL))  # it gives a bytearray; a PDF stream is bytes

    return libdeflate


_chosen: Callable[[bytes], bytes] | None = None  # picked at the first stream


def deflate(data: bytes) -> bytes:
    """Deflated data (zlib-wrapped, as PDF's FlateDecode reads it). The first call picks the
    deflater: the package is imported only by a process that writes a PDF."""
    global _chosen
    if _chosen is None:
        _chosen = _deflater()
    return _chosen(data)


def encode(self: Any, text: str | bytes) -> bytes:
    """`PDFStreamFilterZCompress.encode`, deflated by `deflate`."""
    if isinstance(text, str):
        text = text.encode("utf8")
    return deflate(text)


def patch(pdfdoc: ModuleType) -> None:
    """reportlab's Flate filter encodes with `deflate` (decoding is zlib's, unchanged)."""
    pdfdoc.PDFStreamFilterZCompress.encode = encode


class _PatchOnImport:
    """A finder (sys.meta_path) that finds nothing itself: when `reportlab.pdfbase.pdfdoc` is
    looked for, it has the other finders find it and wraps the loader so that the module is
    patched once it has run."""

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if name != PDFDOC:
            return None
        sys.meta_path.remove(self)  # once: the module is imported once a process
        spec: importlib.machinery.ModuleSpec | None = None
        for finder in list(sys.meta_path):
            find = getattr(finder, "find_spec", None)
            spec = find(name, path, target) if find is not None else None
            if spec is not None:
                break
        if spec is None or spec.loader is None:
            return spec
        run = spec.loader.exec_module

        def exec_module(module: ModuleType) -> None:
            run(module)
            patch(module)

        setattr(spec.loader, "exec_module", exec_module)  # noqa: B010  (mypy: a method)
        return spec


def use_fast_flate() -> None:
    """reportlab's Flate encoder replaced now, or when its pdfdoc module is first imported."""
    module = sys.modules.get(PDFDOC)
    if module is not None:
        patch(module)
    elif not any(isinstance(finder, _PatchOnImport) for finder in sys.meta_path):
        sys.meta_path.insert(0, _PatchOnImport())
