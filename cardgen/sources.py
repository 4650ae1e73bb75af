"""Faces, pages, sheets -> content keys: digests of everything a reusable output file is made from.

A key covers the code that writes the file (every file of the cardgen package and the versions
of the libraries that draw), the face content (render_pdf.face_key of the laid-out drawing) and
the size and modification time of every image a face draws. Two files with the same key have
the same bytes, so a build may link the previous build's file instead of making it again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from functools import cache
from importlib import metadata
from pathlib import Path

from cardgen.drawing import Drawing, Group, Image, Primitive

LIBRARIES = ("reportlab", "rl-accel", "pypdfium2", "pillow", "svgwrite", "fonttools")


@cache
def toolchain() -> str:
    """Digest of the cardgen package files and the drawing libraries' versions."""
    digest = hashlib.sha1()
    package = Path(__file__).resolve().parent
    for path in sorted(p for p in package.rglob("*") if p.suffix in (".py", ".ttf")):
        digest.update(path.relative_to(package).as_posix().encode("utf-8"))
        digest.update(path.read_bytes())
    for name in LIBRARIES:
        try:
            digest.update(f"{name}={metadata.version(name)}".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{name}=none".encode())
    return digest.hexdigest()


def _images(items: Iterable[Primitive]) -> Iterator[str]:
    for item in items:
        if isinstance(item, Image):
            yield item.path
        elif isinstance(item, Group):
            yield from _images(item.items)


class Sources:
    """Content keys for one build (image stamps are read once per build)."""

    def __init__(self) -> None:
        self.code = toolchain()
        self._stamps: dict[str, str] = {}
        self._faces: dict[str, str] = {}

    def _stamp(self, path: str) -> str:
        if path not in self._stamps:
            try:
                st = Path(path).stat()
                self._stamps[path] = f"{path}:{st.st_size}:{st.st_mtime_ns}"
            except OSError:
                self._stamps[path] = f"{path}:missing"
        return self._stamps[path]

    def face(self, face_key: str, drawing: Drawing) -> str:
        """The face key plus the stamps of the images it draws."""
        if face_key not in self._faces:
            stamps = sorted({self._stamp(p) for p in _images(drawing.items)})
            self._faces[face_key] = "|".join([face_key, *stamps])
        return self._faces[face_key]

    def key(self, what: str, *parts: object) -> str:
        """A key for one file: what it is, then its parts, under this toolchain."""
        digest = hashlib.sha1(f"{what}\n{self.code}".encode())
        for part in parts:
            digest.update(b"\n" + repr(part).encode("utf-8"))
        return f"{what}:{digest.hexdigest()}"
