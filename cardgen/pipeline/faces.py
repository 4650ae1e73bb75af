"""Stage 3: every (component, side) laid out once, with BuildOptions and the Faces record."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterator
from dataclasses import field, replace
from functools import cache
from operator import is_
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from cardgen import impose
from cardgen.data.model import Component, Database
from cardgen.errors import Problem, ProblemsError, fold
from cardgen.layout.drawing import Drawing
from cardgen.pipeline import facesagain, sources
from cardgen.records import record

if TYPE_CHECKING:
    from cardgen.layout.session import LayoutSession
    from cardgen.pipeline.manifest import FileRecord

Progress = Callable[[str, int, int], None]
FaceKey = tuple[str, str]  # (component id, side)
# A last step of a build (the HTML gallery): (db, faces, tmp folder, records so far) -> its
# records; it runs after stages 4-7, before the manifest, so the manifest lists its files.
ExtraStep = Callable[["Database", "Faces", Path, "list[FileRecord]"], "list[FileRecord]"]


@record(frozen=True)
class BuildOptions:
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, applied to back pages only
    fold: bool = False  # fold-over sheets instead of duplex backs
    papers: tuple[str, ...] = ("letter", "a4")
    only: frozenset[str] | set[str] | None = None  # component ids (reprints)
    suffix: str | None = None  # output/<game>-<edition>-<suffix>
    name: str | None = None  # output/<name> (wins over suffix)
    print_shop: bool = True  # print/<kind>.pdf
    rules: bool = True  # rules-<paper>.pdf and rules-booklet-<paper>.pdf (with a rulebook)
    svg: bool = True
    preview: bool = False  # preview/: PNG pages and contact sheets (asked for: --previews)
    ink_saver: bool = False  # printer-friendly faces (light backgrounds, tinted fills)
    draft_report: tuple[str, ...] = ()  # a draft: the check report, printed before the sheets
    strict: bool = False  # lint warnings stop the build
    extra_steps: tuple[ExtraStep, ...] = ()  # e.g. cardgen.export.gallery.GalleryStep


@record
class BuildSummary:
    folder: Path
    names: list[str] = field(default_factory=list)  # every file written, inside the folder
    pages: int = 0  # home-print pages over all papers
    faces: int = 0  # distinct (component, side) faces laid out
    seconds: float = 0.0
    pdfs_seconds: float | None = None  # when the last PDF was written (None: no PDF written)
    warnings: list[Problem] = field(default_factory=list)  # layout lints, one per layout line
    read: list[str] = field(default_factory=list)  # the image files the faces' layouts probed

    @property
    def files(self) -> list[Path]:
        """Every file written, as a path (made when asked for: a build writes thousands)."""
        return [self.folder / name for name in self.names]

    def __str__(self) -> str:
        return (f"{len(self.names)} files, {self.pages} home-print pages, {self.faces} faces "
                f"in {self.seconds:.1f} s -> {self.folder}")


@record
class Faces:
    """Stage 1's result: the components to print and each face, laid out once."""

    components: list[Component]
    drawings: dict[FaceKey, Drawing]
    sheets: dict[str, str]  # kind -> sheet style
    keys: dict[FaceKey, str] = field(default_factory=dict)  # face -> render_pdf.face_key
    extras: list[impose.Copy] = field(default_factory=list)  # home print only: tuck boxes
    fresh: int = 0  # faces laid out afresh by this build (the others came from the face cache)

    def key(self, face: FaceKey) -> str:
        key = self.keys.get(face)
        if key is None:
            from cardgen.render.facekey import face_key

            key = self.keys[face] = face_key(self.drawings[face])
        return key

    def keys_by_id(self) -> dict[int, str]:
        """id(drawing) -> face key, for render_pdf.Painter."""
        keys = self.keys
        if len(keys) < len(self.drawings):
            for face in self.drawings.keys() - keys.keys():
                self.key(face)
        return {id(d): keys[f] for f, d in self.drawings.items()}


# --------------------------------------------------------------------------- stage 3 faces


def lay_out_faces(db: Database, only: frozenset[str] | set[str] | None, report: Progress,
                  cache: sources.FaceCache | None = None, ink_saver: bool = False) -> Faces:
    """Lay out the front (and back, where the kind has one) of every chosen component.

    With a cache, a face whose inputs are unchanged since an earlier build is taken from it.
    When many faces need laying out, forked helpers share the work (lay_out_wanted), with the
    same result: the same faces in the same order, and every face's problems (folded by
    cause, cardgen.errors.fold), raised together once all faces were tried.
    """
    from cardgen.layout.back_lints import first_backs, lint_backs

    if only is not None:
        unknown = sorted(set(only) - set(db.by_id()))
        if unknown:
            raise ValueError(f"no component with id {', '.join(unknown)} in {db.label}")
    chosen = [c for c in db.components if (only is None or c.id in only) and c.count > 0]
    session = _session(db, cache)  # this build's templates, icons, images read, shared faces
    try:
        faces = _faces_again(session, chosen, cache, only, ink_saver, report)
        if faces is None:
            faces, wanted = _laid_out(session, chosen, cache, ink_saver, report)
            facesagain.remember(faces.drawings, faces.keys, faces.sheets,
                                (chosen, wanted), cache, (only, ink_saver))
    finally:
        if session.kept_layouts is not None:
            session.kept_layouts.save()
    lint_backs(session, first_backs(faces.components, faces.drawings))
    add_tuck_boxes(db, faces)
    return faces


def _laid_out(session: LayoutSession, chosen: list[Component], cache: sources.FaceCache | None,
              ink_saver: bool, report: Progress) -> tuple[Faces, list[list[str]]]:
    """The faces of the chosen components, each laid out or taken from the cache (no tuck
    boxes yet), and the sides wanted of each; the problems of layout files and faces raised
    together, folded."""
    faces = Faces([], {}, {})
    broken: list[Problem] = []  # of layout files that cannot be read: their kinds are skipped
    wanted = _sides(session, chosen, faces, broken)
    try:
        laid, faces.fresh = lay_out_wanted(session, chosen, wanted, cache, ink_saver, report)
    except ProblemsError as exc:
        broken += exc.problems
    if broken:
        raise ProblemsError(fold(broken))
    for component, sides, results in zip(chosen, wanted, laid, strict=True):
        for side, result in zip(sides, results, strict=True):
            if result is not None:
                faces.drawings[(component.id, side)], key = result
                if key:
                    faces.keys[(component.id, side)] = key
    faces.components = [c for c in chosen if (c.id, "front") in faces.drawings]
    return faces, wanted


def _faces_again(session: LayoutSession, chosen: list[Component],
                 cache: sources.FaceCache | None, only: frozenset[str] | set[str] | None,
                 ink_saver: bool, report: Progress) -> Faces | None:
    """While warm: the last build's faces but for the few components that changed, those
    laid out or taken from the cache (`facesagain.faces_again`); None: lay them all out."""
    def lay_out(some: list[Component], wanted: list[list[str]], said: Progress
                ) -> tuple[list[list[Laid]], int]:
        try:
            return lay_out_wanted(session, some, wanted, cache, ink_saver, said)
        except ProblemsError as exc:
            raise ProblemsError(fold(exc.problems)) from None

    again = facesagain.faces_again(chosen, cache, (only, ink_saver), report, lay_out)
    if again is None:
        return None
    components, drawings, keys, sheets, fresh = again
    return Faces(components, drawings, sheets, keys, fresh=fresh)


def _session(db: Database, cache: sources.FaceCache | None) -> LayoutSession:
    """A layout session; with a face cache, one that reads valid layout files as an earlier
    build validated them (cardgen.pipeline.layoutkeep), and keeps them unless it only reads."""
    from cardgen.layout import LayoutSession
    from cardgen.pipeline.layoutkeep import KeptLayouts

    session = LayoutSession(db)
    if cache is not None:
        session.kept_layouts = KeptLayouts(db, read_only=cache.read_only)
    return session


def add_tuck_boxes(db: Database, faces: Faces) -> None:
    """A tuck box (cardgen.layout.tuckbox) for each kind whose spec asks for one, sized to the
    copies of that kind being printed, with its back face (else its front) on the box: a face
    of its own, `<kind>-tuck-box`, printed at home only."""
    for kind, spec in db.game.kinds.items():
        deck = [c for c in faces.components if c.kind == kind]
        if spec.tuck_box is None or not deck:
            continue
        from cardgen.layout.tuckbox import tuck_box  # only then: a stand-in layout has none

        art = faces.drawings.get((deck[0].id, "back")) or faces.drawings[(deck[0].id, "front")]
        title = kind_title(db, kind)
        box = tuck_box(art, sum(c.count for c in deck), spec.tuck_box.card_thickness, title,
                       f"{kind}-tuck-box")
        faces.drawings[(box.name, "front")] = box
        faces.extras.append(impose.Copy(box.name, "Tuck box", f"{title} tuck box", box.width,
                                        box.height, False, corners=box.points, folds=True))


def _sides(session: LayoutSession, chosen: list[Component], faces: Faces,
           broken: list[Problem]) -> list[list[str]]:
    """The sides to lay out, per chosen component (none for a kind whose layout file has
    problems: those go to `broken`); each kind's sheet style into `faces`."""
    from cardgen.layout import face_info

    wanted: list[list[str]] = []
    for component in chosen:
        try:
            info = face_info(session, component.kind)
        except ProblemsError as exc:
            broken += exc.problems
            wanted.append([])
            continue
        faces.sheets[component.kind] = info.sheet
        wanted.append(["front", "back"] if info.has_back else ["front"])
    return wanted


Laid = tuple[Drawing, str] | None  # a face and its face key ("" when not worked out yet)
# a worker's face, key, probes and problems
Fresh = tuple[Drawing | None, str, tuple[tuple[str, str], ...], list[Problem]]


# --------------------------------------------------------------------------- many faces at once

# Fresh layouts from which forked helpers share the work: a helper costs CPU time (the fork,
# the pages it copies, the faces pickled back), which only pays back in wall time once the
# layout takes a few seconds on one core (about 1,500 faces a second on the bench's cards)
# and there are LAYOUT_WORKERS cores or more: with two, the build process's share of the
# chunks, the faces unpickled and the pages copied on write left no wall time gained (12,000
# bench faces: 1.3 s CPU and wall alone, 1.7 s CPU and wall with one helper), so two-core
# machines lay out in this process.
PARALLEL_FACES = 3000
LAYOUT_WORKERS = 3
WARM_FACES = 50  # laid out before the helpers fork
_JOB: tuple[LayoutSession, list[Component], bool] | None = None  # for the layout helpers


def lay_out_wanted(session: LayoutSession, chosen: list[Component], wanted: list[list[str]],
                   cache: sources.FaceCache | None, ink_saver: bool, report: Progress
                   ) -> tuple[list[list[Laid]], int]:
    """Every wanted side of every chosen component, laid out or from the cache; and how many
    were laid out afresh.

    Faces the cache does not hold are laid out here, or, when there are PARALLEL_FACES or more
    and LAYOUT_WORKERS cores or more, in chunks taken in order by this process and forked
    helpers; the problems of every face are raised together at the end, in deck order either
    way. The build process keeps the cache and reports progress per component."""
    from cardgen.pipeline.pool import worker_count

    laid: list[list[Laid]] = [[None] * len(sides) for sides in wanted]
    todo: list[tuple[int, int, str | None]] = []  # (component, side index, cache key)
    saver = " ink-saver" if ink_saver else ""
    for ci, sides in enumerate(wanted):
        cache_keys, hits = cache.faces(chosen[ci], tuple(side + saver for side in sides)) \
            if cache else (None, None)
        for si in range(len(sides)):
            key = cache_keys[si] if cache_keys is not None else None
            hit = hits[si] if hits is not None else None
            if hit is not None:
                laid[ci][si] = hit
            else:
                todo.append((ci, si, key))
    progress = _Progress(wanted, todo, report)
    problems: list[Problem] = []  # of every face, raised together at the end
    if len(todo) < PARALLEL_FACES or worker_count() < max(2, LAYOUT_WORKERS):
        keys: KeptKeys = {}  # see _face_key
        for ci, si, key in todo:
            drawing, probes, found = _face_or_problems(session, chosen[ci], wanted[ci][si],
                                                       ink_saver)
            face = _face_key(drawing, keys) if drawing is not None and cache is not None \
                and key is not None and not cache.read_only else ""
            _keep(laid, cache, ci, si, key, drawing, probes, face)
            if found:
                problems += found
            progress.one(ci)
    else:
        for chunk, results in _laid_by_workers(session, chosen, wanted, ink_saver, _chunks(todo)):
            for (ci, si, key), (drawing, face, probes, found) in zip(chunk, results, strict=True):
                _keep(laid, cache, ci, si, key, drawing, probes, face)
                problems += found
            progress.done([ci for ci, _, _ in chunk])
    if problems:
        raise ProblemsError(fold(problems))
    return laid, len(todo)


def _face_or_problems(session: LayoutSession, component: Component, side: str, ink_saver: bool
                      ) -> tuple[Drawing | None, tuple[tuple[str, str], ...], list[Problem]]:
    """A face and its probes, or its problems (the other faces are laid out all the same)."""
    try:
        return (*drawing_and_probes(session, component, side, ink_saver), [])
    except ProblemsError as exc:
        return None, (), exc.problems


def _keep(laid: list[list[Laid]], cache: sources.FaceCache | None, ci: int, si: int,
          key: str | None, drawing: Drawing | None, probes: tuple[tuple[str, str], ...],
          face: str = "") -> None:
    """A freshly laid-out face into `laid` (and the cache, with its face key)."""
    if drawing is None:
        return
    if cache is not None and key is not None and not cache.read_only:
        if not face:
            from cardgen.render.facekey import face_key

            face = face_key(drawing)
        cache.put(key, probes, drawing, face)
    laid[ci][si] = (drawing, face)


# id of a face's last item -> (its width, height, bleed, items, face key), the items held so
# their ids stay theirs
KeptKeys = dict[int, tuple[float, float, float, list[object], str]]


def _face_key(drawing: Drawing, keys: KeptKeys) -> str:
    """render.pdf.face_key of a face, worked out once for faces made of the same primitive
    objects (a shared back under each card's name): the last face that ended with the same
    object is looked up, and serves when its items are these very objects and its sizes are
    written alike."""
    items = drawing.items
    if not items:
        return _face_key_function()(drawing)
    w, h, bleed = drawing.width, drawing.height, drawing.bleed
    known = keys.get(id(items[-1]))
    if (known is not None and len(known[3]) == len(items)
            and (known[0] is w or _alike(known[0], w)) and (known[1] is h or _alike(known[1], h))
            and (known[2] is bleed or _alike(known[2], bleed))
            and all(map(is_, known[3], items))):  # as many: each the very object
        return known[4]
    key = _face_key_function()(drawing)
    keys[id(items[-1])] = (w, h, bleed, list(items), key)
    return key


@cache
def _face_key_function() -> Callable[[Drawing], str]:
    """render.facekey.face_key, imported once it is needed (not by `cardgen check`), then
    without an import statement per face."""
    from cardgen.render.facekey import face_key

    return face_key


def _alike(a: float, b: float) -> bool:
    """Two sizes a face key writes alike (6 and 6.0, or 0.0 and -0.0, are not)."""
    return a == b and repr(a) == repr(b)


def _chunks(todo: list[tuple[int, int, str | None]]) -> list[list[tuple[int, int, str | None]]]:
    from cardgen.pipeline.pool import chunks

    return chunks(todo, max(100, len(todo) // 16))


def _laid_by_workers(session: LayoutSession, chosen: list[Component], wanted: list[list[str]],
                     ink_saver: bool, chunks: list[list[tuple[int, int, str | None]]]
                     ) -> Iterator[tuple[list[tuple[int, int, str | None]], list[Fresh]]]:
    """Each chunk with its faces, in order: the first WARM_FACES laid out here (so the helpers
    fork with the layout code imported and its caches warm), the others shared between this
    process and forked helpers (cardgen.pipeline.pool.Shared)."""
    global _JOB
    from cardgen.pipeline.pool import running

    def items(chunk: list[tuple[int, int, str | None]]) -> list[tuple[int, str]]:
        return [(ci, wanted[ci][si]) for ci, si, _ in chunk]

    _JOB = (session, chosen, ink_saver)
    first = chunks[0][:WARM_FACES]
    chunks = [chunk for chunk in (chunks[0][WARM_FACES:], *chunks[1:]) if chunk]
    try:
        yield first, _lay_out_chunk(items(first))
        with running() as pool:
            futures = [pool.submit(_lay_out_chunk, items(chunk)) for chunk in chunks]
            for chunk, future in zip(chunks, futures, strict=True):
                yield chunk, future.result()
    finally:
        _JOB = None


def _lay_out_chunk(items: list[tuple[int, str]]) -> list[Fresh]:
    """The faces of some (component index, side) pairs, with face keys (here or in a helper)."""
    if _JOB is None:
        raise RuntimeError("no layout job in this process")
    session, chosen, ink_saver = _JOB
    out = []
    keys: KeptKeys = {}  # see _face_key
    for ci, side in items:
        drawing, probes, problems = _face_or_problems(session, chosen[ci], side, ink_saver)
        out.append((drawing, _face_key(drawing, keys) if drawing is not None else "", probes,
                    problems))
    return out


class _Progress:
    """Reports "faces" progress by components: one is done when all its faces are."""

    def __init__(self, wanted: list[list[str]], todo: list[tuple[int, int, str | None]],
                 report: Progress) -> None:
        self.left = [0] * len(wanted)
        for ci, _, _ in todo:
            self.left[ci] += 1
        self.report, self.total = report, len(wanted)
        self.count = sum(1 for n in self.left if n == 0)
        for n in range(1, self.count + 1):
            report("faces", n, self.total)

    def done(self, components: list[int]) -> None:
        for ci in components:
            self.one(ci)

    def one(self, ci: int) -> None:
        """A face of component ci is done."""
        left = self.left
        left[ci] -= 1
        if not left[ci]:
            self.count += 1
            self.report("faces", self.count, self.total)


def drawing_and_probes(session: LayoutSession, component: Component, side: str, ink_saver: bool
                       ) -> tuple[Drawing | None, tuple[tuple[str, str], ...]]:
    """A fresh layout of one face, and the image files it looked for (for the face cache)."""
    probes = session.listen_for_images()
    drawing = _drawing(session, component, side, ink_saver)
    return drawing, tuple(probes)


def _drawing(session: LayoutSession, component: Component, side: str, ink_saver: bool
             ) -> Drawing | None:
    """The laid-out face; the ink-saver flag is passed only when set, so a stand-in layout
    module with the plain three-argument `lay_out` (tests, bench) still serves."""
    lay_out: Callable[..., Drawing | None] = _layout().lay_out
    return lay_out(session, component, side, True) if ink_saver else lay_out(session, component, side)


def _layout() -> ModuleType:
    """cardgen.layout as `from cardgen.layout import lay_out` finds it (in sys.modules, where a
    test may put a stand-in), without the importlib code such an import of a package's name
    runs on every call (once per face)."""
    found = sys.modules.get("cardgen.layout")
    return found if found is not None else importlib.import_module("cardgen.layout")


def kind_title(db: Database, kind: str) -> str:
    spec = db.game.kinds.get(kind)
    return spec.title if spec is not None and spec.title else kind


def lint_errors(found: list[Problem]) -> list[Problem]:
    """The lints that stop a build, check and lint even without --strict (error-level: two
    pieces the same colour to a colour-blind player, unless the layout says why)."""
    return [p for p in found if p.severity == "error"]


def lint_warnings(faces: Faces) -> list[Problem]:
    """The faces' lint warnings, one per layout line and rule, naming the first face it hit."""
    first: dict[tuple[str, str, str], Problem] = {}
    more: dict[tuple[str, str, str], int] = {}
    # ids of a finding's place and message (objects the faces hold while this runs) -> its
    # key: the faces of a deck give their findings at the same few places with the same
    # message objects (a finding without a place is keyed anew)
    keys: dict[tuple[int, int], tuple[str, str, str]] = {}
    for drawing in faces.drawings.values():
        for problem in drawing.warnings:
            where = problem.where
            key = keys.get((id(where), id(problem.message))) if where else None
            if key is None or key[0] != problem.rule:
                line = str(where) if where else problem.path.split(" ", 1)[-1]
                key = (problem.rule, line, problem.message.split(":")[0])
                if where:
                    keys[(id(where), id(problem.message))] = key
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
