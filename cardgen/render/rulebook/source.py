"""A Database -> the rules book to typeset (or None: the edition names no rulebook file), and
what it is made of, for the build's content key.

The rulebook is read by the one reader the check uses (cardgen.check.rulebook.read_rulebook);
the faces are the game's: the `fonts:` most of its kinds' layouts name (DejaVu Sans when none
does); `[name]` is an icon when the game has an icon of that name (its own, the project's or
cardgen's shared ones); a picture is read only when it is a PNG or JPEG inside the project or
beside the rulebook, else a frame names it.
"""

from __future__ import annotations

import hashlib
import weakref
from collections import Counter
from pathlib import Path

from cardgen.check.rulebook import read_rulebook
from cardgen.data.model import Database
from cardgen.data.paths import inside, readable
from cardgen.errors import ProblemsError
from cardgen.layout import fonts
from cardgen.layout.guards import ImageError, image_at
from cardgen.layout.icons import IconError, IconFinder
from cardgen.layout.roots import find_layout_file
from cardgen.layout.templates import load_template
from cardgen.render.rulebook import blocks as bk
from cardgen.render.rulebook.book import Book, Faces


def rules_title(db: Database) -> str:
    return f"{db.game.name} {db.edition.id}"


def rules_book(db: Database) -> tuple[Book, tuple[str, ...]] | None:
    """The edition's rules book and the digests of what it is made of (text, fonts, icons,
    pictures); None when the edition has no rulebook file. Asked again about the same
    Database while its rulebook file is unchanged (a build asks once per paper), the answer
    made the first time."""
    stamp = _stamp(db.edition.rulebook_path)
    for kept, kept_stamp, made in _MADE:
        if kept() is db and kept_stamp == stamp:
            return made
    made = _rules_book(db)
    _MADE[:] = [(weakref.ref(db), stamp, made)]
    return made


_MADE: list[tuple[weakref.ref[Database], tuple[int, ...] | None,
                  tuple[Book, tuple[str, ...]] | None]] = []


def _stamp(path: Path | None) -> tuple[int, ...] | None:
    try:
        found = path.stat() if path is not None else None
    except OSError:
        return None
    return None if found is None else (found.st_mtime_ns, found.st_size, found.st_ino)


def _rules_book(db: Database) -> tuple[Book, tuple[str, ...]] | None:
    path = db.edition.rulebook_path
    text = read_rulebook(path) if path is not None else None
    if path is None or text is None:
        return None
    finder = IconFinder(db.project, db.game.id, db.game.icons)
    blocks = bk.read_blocks(text, lambda name: _icon(finder, name) is not None)
    icons = {name: found for name in bk.icon_names(blocks)
             if (found := _icon(finder, name)) is not None}
    pictures: dict[str, Path | None] = {}
    digests: dict[str, str] = {}
    for picture in bk.pictures(blocks):
        found, digest = picture_file(picture.src, path, db.project)
        pictures[picture.src], digests[picture.src] = found, digest
    faces = game_faces(db)
    parts = (_digest(text.encode("utf-8")), rules_title(db), repr(faces),
             *(_font_part(f) for f in _face_names(faces)),
             *(f"{n}={_digest(p.read_bytes())}" for n, p in sorted(icons.items())),
             *(f"{s}={d}" for s, d in sorted(digests.items())))
    return Book(blocks, rules_title(db), faces, icons, pictures), parts


def _digest(data: bytes) -> str:
    return hashlib.sha1(data).hexdigest()


def _font_part(face: str) -> str:
    """What a face adds to the content key: a layout's font file by its bytes; cardgen's own
    faces by name (their files are in the toolchain digest every key is made under)."""
    if face in fonts.FACE_FILES:
        return face
    return _digest(fonts.font_path(face).read_bytes())


def _face_names(faces: Faces) -> list[str]:
    return [f for f in (faces.regular, faces.bold, faces.italic) if f is not None]


def _icon(finder: IconFinder, name: str) -> Path | None:
    try:
        return finder.find(name)
    except IconError:  # a name leading out of the project is no icon: printed as written
        return None


def picture_file(src: str, rulebook: Path, project: Path) -> tuple[Path | None, str]:
    """A picture's file and digest, if it is a usable PNG or JPEG inside the project or the
    rulebook's folder; (None, why) otherwise."""
    if "://" in src or not src:
        return None, "not a file"
    path = (rulebook.parent / src)
    if not (readable(path, project) or inside(path, [rulebook.parent])):
        return None, "outside"
    try:
        digest = image_at(path)
    except (ImageError, OSError):
        return None, "unusable"
    return (path, digest) if digest else (None, "missing")


def game_faces(db: Database) -> Faces:
    """The faces most of the game's kinds' layouts use (their `fonts:`, `extends:` merged),
    else DejaVu Sans. A kind without a layout file has none."""
    found: Counter[Faces] = Counter()
    for kind, spec in db.game.kinds.items():
        name = spec.layout or kind
        full = next((f for f in (f"{db.game.id}/{name}", name)
                     if find_layout_file(db.project, f"{f}.yaml") is not None), None)
        if full is None:
            continue
        try:
            own = load_template(db.project, full).fonts
        except ProblemsError:  # the build reports a broken layout; the rules still print
            continue
        if own is None or not (own.regular or own.bold or own.italic):
            continue
        regular = fonts.file_face(own.regular) if own.regular else "regular"
        bold = fonts.file_face(own.bold) if own.bold else (regular if own.regular else "bold")
        italic = fonts.file_face(own.italic) if own.italic else None
        found[Faces(regular, bold, italic)] += 1
    if not found:
        return Faces()
    return found.most_common(1)[0][0]
