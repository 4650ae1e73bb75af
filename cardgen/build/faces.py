"""Stage 3: every (component, side) laid out once, with BuildOptions and the Faces record."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen import impose
from cardgen.build import sources
from cardgen.data.model import Component, Database
from cardgen.errors import Problem
from cardgen.layout.drawing import Drawing

if TYPE_CHECKING:
    from cardgen.build.manifest import FileRecord

Progress = Callable[[str, int, int], None]
FaceKey = tuple[str, str]  # (component id, side)
# A last step of a build (the HTML gallery): (db, faces, tmp folder, records so far) -> its
# records; it runs after stages 4-7, before the manifest, so the manifest lists its files.
ExtraStep = Callable[["Database", "Faces", Path, "list[FileRecord]"], "list[FileRecord]"]


@dataclass(frozen=True)
class BuildOptions:
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, applied to back pages only
    fold: bool = False  # fold-over sheets instead of duplex backs
    papers: tuple[str, ...] = ("letter", "a4")
    only: frozenset[str] | set[str] | None = None  # component ids (reprints)
    suffix: str | None = None  # output/<game>-<edition>-<suffix>
    name: str | None = None  # output/<name> (wins over suffix)
    print_shop: bool = True  # print/<kind>.pdf
    svg: bool = True
    preview: bool = True
    ink_saver: bool = False  # printer-friendly faces (light backgrounds, tinted fills)
    draft_report: tuple[str, ...] = ()  # a draft: the check report, printed before the sheets
    strict: bool = False  # lint warnings stop the build
    extra_steps: tuple[ExtraStep, ...] = ()  # e.g. cardgen.export.gallery.GalleryStep


@dataclass
class BuildSummary:
    folder: Path
    files: list[Path] = field(default_factory=list)
    pages: int = 0  # home-print pages over all papers
    faces: int = 0  # distinct (component, side) faces laid out
    seconds: float = 0.0
    pdfs_seconds: float | None = None  # when the last PDF was written (None: no PDF written)
    warnings: list[Problem] = field(default_factory=list)  # layout lints, one per layout line

    def __str__(self) -> str:
        return (f"{len(self.files)} files, {self.pages} home-print pages, {self.faces} faces "
                f"in {self.seconds:.1f} s -> {self.folder}")


@dataclass
class Faces:
    """Stage 1's result: the components to print and each face, laid out once."""

    components: list[Component]
    drawings: dict[FaceKey, Drawing]
    sheets: dict[str, str]  # kind -> sheet style
    keys: dict[FaceKey, str] = field(default_factory=dict)  # face -> render_pdf.face_key

    def key(self, face: FaceKey) -> str:
        if face not in self.keys:
            from cardgen.render.pdf import face_key

            self.keys[face] = face_key(self.drawings[face])
        return self.keys[face]

    def keys_by_id(self) -> dict[int, str]:
        """id(drawing) -> face key, for render_pdf.Painter."""
        return {id(d): self.key(f) for f, d in self.drawings.items()}


# --------------------------------------------------------------------------- stage 3 faces


def lay_out_faces(db: Database, only: frozenset[str] | set[str] | None, report: Progress,
                  cache: sources.FaceCache | None = None, ink_saver: bool = False) -> Faces:
    """Lay out the front (and back, where the kind has one) of every chosen component.

    With a cache, a face whose inputs are unchanged since an earlier build is taken from it.
    """
    from cardgen.layout import face_info

    if only is not None:
        unknown = sorted(set(only) - set(db.by_id()))
        if unknown:
            raise ValueError(f"no component with id {', '.join(unknown)} in {db.label}")
    chosen = [c for c in db.components if (only is None or c.id in only) and c.count > 0]
    faces = Faces([], {}, {})
    for n, component in enumerate(chosen, start=1):
        info = face_info(db, component.kind)
        faces.sheets[component.kind] = info.sheet
        for side in ("front", "back") if info.has_back else ("front",):
            lay_out_face(db, component, side, faces, cache, ink_saver)
        report("faces", n, len(chosen))
    faces.components = [c for c in chosen if (c.id, "front") in faces.drawings]
    return faces


def lay_out_face(db: Database, component: Component, side: str, faces: Faces,
                 cache: sources.FaceCache | None, ink_saver: bool = False) -> None:
    """One face into `faces` (drawing and, when cached, its face key); none if the side is not."""
    face = (component.id, side)
    if cache is None:
        drawing = _drawing(db, component, side, ink_saver)
        if drawing is not None:
            faces.drawings[face] = drawing
        return
    key = cache.key(component, side + (" ink-saver" if ink_saver else ""))
    hit = cache.get(key)
    if hit is not None:
        faces.drawings[face], faces.keys[face] = hit
        return
    probes: list[tuple[str, str]] = db.__dict__.setdefault("_image_probes", [])
    probes.clear()
    drawing = _drawing(db, component, side, ink_saver)
    if drawing is not None:
        faces.drawings[face] = drawing
        cache.put(key, tuple(probes), drawing, faces.key(face))


def _drawing(db: Database, component: Component, side: str, ink_saver: bool) -> Drawing | None:
    """The laid-out face; the ink-saver flag is passed only when set, so a stand-in layout
    module with the plain three-argument `lay_out` (tests, bench) still serves."""
    from cardgen.layout import lay_out

    return lay_out(db, component, side, True) if ink_saver else lay_out(db, component, side)


def kind_title(db: Database, kind: str) -> str:
    spec = db.game.kinds.get(kind)
    return spec.title if spec is not None and spec.title else kind


def copy_groups(db: Database, faces: Faces) -> list[impose.Group]:
    """Copies (count per component) grouped by sheet style and face size, in database order."""
    groups: dict[tuple[str, float, float], list[impose.Copy]] = {}
    for c in faces.components:
        front = faces.drawings[(c.id, "front")]
        key = (faces.sheets[c.kind], round(front.width, 3), round(front.height, 3))
        copy = impose.Copy(c.id, kind_title(db, c.kind), c.name, front.width, front.height,
                           (c.id, "back") in faces.drawings, front.shape == "circle")
        groups.setdefault(key, []).extend([copy] * c.count)
    return [impose.Group(sheet, tuple(copies)) for (sheet, _, _), copies in groups.items()]


def lint_warnings(faces: Faces) -> list[Problem]:
    """The faces' lint warnings, one per layout line and rule, naming the first face it hit."""
    first: dict[tuple[str, str, str], Problem] = {}
    more: dict[tuple[str, str, str], int] = {}
    for drawing in faces.drawings.values():
        for problem in drawing.warnings:
            line = str(problem.where) if problem.where else problem.path.split(" ", 1)[-1]
            key = (problem.rule, line, problem.message.split(":")[0])
            if key in first:
                more[key] = more.get(key, 0) + 1
            else:
                first[key] = problem
    out = []
    for key, problem in first.items():
        if more.get(key):
            problem = replace(problem, message=f"{problem.message} (and {more[key]} more "
                              f"face{'s' if more[key] != 1 else ''})")
        out.append(problem)
    return sorted(out, key=lambda p: (str(p.where), p.rule))
