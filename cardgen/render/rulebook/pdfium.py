"""The booklet's pdfium calls through ctypes, without importing pypdfium2.

A booklet is imposed by pdfium (render/rulebook/booklet.py): a dozen calls. pypdfium2's import
declares ctypes prototypes for every one of pdfium's ~600 functions and loads its helpers
(~14 ms of CPU, as much as imposing both booklets of a build); this module loads the same
library file (`pypdfium2_raw`'s, found without importing that package), initialises it with
the configuration pypdfium2 gives it and declares only the functions `impose` calls, in the
order and with the arguments pypdfium2's `PdfDocument`, `new_page`, `import_pages`, page sizes
and `save` call them, so the bytes are the same (tested against pypdfium2 in a process of its
own). A process that has imported pypdfium2 already uses it (`loaded`); one that imports it
later finds pdfium initialised (pdfium ignores a second initialisation) and destroys it at exit
(this module never does)."""

from __future__ import annotations

import ctypes
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

_VOID = ctypes.c_void_p


class _Config(ctypes.Structure):
    """FPDF_LIBRARY_CONFIG, version 2 as pypdfium2 gives it (the later fields zero)."""

    _fields_ = (("version", ctypes.c_int), ("m_pUserFontPaths", _VOID), ("m_pIsolate", _VOID),
                ("m_v8EmbedderSlot", ctypes.c_uint), ("m_pPlatform", _VOID),
                ("m_RendererType", ctypes.c_int), ("m_FontLibraryType", ctypes.c_int),
                ("m_BrotliEnabled", ctypes.c_int), ("m_IsolatePerDocument", ctypes.c_int))


class _FileWrite(ctypes.Structure):
    pass


_WRITE_BLOCK = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(_FileWrite), _VOID, ctypes.c_ulong)
_FileWrite._fields_ = (("version", ctypes.c_int), ("WriteBlock", _WRITE_BLOCK))

_SIGNATURES: dict[str, tuple[Any, tuple[Any, ...]]] = {
    "FPDF_InitLibraryWithConfig": (None, (ctypes.POINTER(_Config),)),
    "FPDF_LoadMemDocument64": (_VOID, (_VOID, ctypes.c_size_t, ctypes.c_char_p)),
    "FPDF_GetPageCount": (ctypes.c_int, (_VOID,)),
    "FPDF_LoadPage": (_VOID, (_VOID, ctypes.c_int)),
    "FPDF_GetPageWidthF": (ctypes.c_float, (_VOID,)),
    "FPDF_GetPageHeightF": (ctypes.c_float, (_VOID,)),
    "FPDF_ClosePage": (None, (_VOID,)),
    "FPDFPage_New": (_VOID, (_VOID, ctypes.c_int, ctypes.c_double, ctypes.c_double)),
    "FPDF_CreateNewDocument": (_VOID, ()),
    "FPDF_ImportPagesByIndex": (ctypes.c_int, (_VOID, _VOID, ctypes.POINTER(ctypes.c_int),
                                               ctypes.c_ulong, ctypes.c_int)),
    "FPDF_ImportNPagesToOne": (_VOID, (_VOID, ctypes.c_float, ctypes.c_float, ctypes.c_size_t,
                                       ctypes.c_size_t)),
    "FPDF_SaveAsCopy": (ctypes.c_int, (_VOID, ctypes.POINTER(_FileWrite), ctypes.c_ulong)),
    "FPDF_CloseDocument": (None, (_VOID,)),
}

_LIB: list[Any] = []  # the library once loaded and initialised


def loaded() -> bool:
    """Has this process imported pypdfium2 (then it is used: it has initialised pdfium)?"""
    return "pypdfium2" in sys.modules


def library_file() -> Path | None:
    """pypdfium2_raw's pdfium library, found without importing the package."""
    spec = importlib.util.find_spec("pypdfium2_raw")
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        for name in ("libpdfium.so", "libpdfium.dylib", "pdfium.dll"):
            if (Path(folder) / name).is_file():
                return Path(folder) / name
    return None


def _lib() -> Any:
    if not _LIB:
        path = library_file()
        if path is None:
            raise OSError("pdfium's library file not found")
        lib = ctypes.CDLL(str(path))
        for name, (result, arguments) in _SIGNATURES.items():
            function = getattr(lib, name)
            function.restype, function.argtypes = result, arguments
        config = _Config(version=2)
        lib.FPDF_InitLibraryWithConfig(ctypes.byref(config))
        _LIB.append(lib)
    return _LIB[0]


def impose(pages_pdf: bytes, order: Callable[[int], list[int | None]]) -> tuple[bytes, int]:
    """The pages of a PDF (all of one size) two-up on sheets twice as wide, in the order
    `order(page count)` gives (zero-based pages, None a blank page): the PDF pdfium saves and
    its sheet sides. The calls pypdfium2 makes for render/rulebook/booklet.impose_booklet."""
    lib = _lib()
    data = bytes(pages_pdf)
    source = lib.FPDF_LoadMemDocument64(data, len(data), None)
    count = lib.FPDF_GetPageCount(source) if source else 0
    if count < 1:
        if source:
            lib.FPDF_CloseDocument(source)
        raise ValueError("pdfium could not read the booklet's pages")
    docs = [source]
    try:
        page = lib.FPDF_LoadPage(source, 0)
        if not page:
            raise ValueError("pdfium could not load the booklet's first page")
        width, height = lib.FPDF_GetPageWidthF(page), lib.FPDF_GetPageHeightF(page)
        lib.FPDF_ClosePage(page)
        wanted = order(count)
        if any(n is None for n in wanted):
            lib.FPDF_ClosePage(lib.FPDFPage_New(source, count, width, height))
        ordered = lib.FPDF_CreateNewDocument()
        docs.append(ordered)
        indices = [count if n is None else n for n in wanted]
        chosen = (ctypes.c_int * len(indices))(*indices)
        if not lib.FPDF_ImportPagesByIndex(ordered, source, chosen, len(indices),
                                           lib.FPDF_GetPageCount(ordered)):
            raise ValueError("pdfium could not import the booklet's pages")
        sheets = lib.FPDF_ImportNPagesToOne(ordered, 2 * width, height, 2, 1)
        if not sheets:
            raise ValueError("pdfium could not put the booklet's pages two-up")
        docs.append(sheets)
        parts: list[bytes] = []

        def write(_: Any, data: int, size: int) -> int:
            parts.append(ctypes.string_at(data, size))
            return 1

        writer = _FileWrite(version=1, WriteBlock=_WRITE_BLOCK(write))
        if not lib.FPDF_SaveAsCopy(sheets, ctypes.byref(writer), 0):
            raise ValueError("pdfium could not save the booklet")
        return b"".join(parts), lib.FPDF_GetPageCount(sheets)
    finally:
        for doc in reversed(docs):
            lib.FPDF_CloseDocument(doc)
