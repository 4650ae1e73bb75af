"""Database -> output/<game>-<edition>/: home-print PDFs, print-shop PDFs, SVGs, previews, manifest.

The stages, in order (numbered as in ARCHITECTURE.md and the progress bar):
  1. faces       lay out every (component, side) once; reused by every later stage
  2. home print  impose copies on Letter and A4 sheets (pnp-<paper>.pdf)
  3. print shop  one page per face with bleed and boxes (print/<kind>.pdf)
  4. svg         one SVG per face (svg/<kind>/<id>.svg, <id>-back.svg)
  5. preview     every home-print page as PNG and contact sheets of all faces (preview/)
  6. manifest    every file, what it holds, the counts (manifest.json)
All of it is written into a temporary folder that replaces the output folder only at the end.

Stages 2-5 run as tasks on a pool of processes forked after stage 1 (one per core), so they
share the laid-out faces without copying them; a page's preview starts as soon as its PDF is
written. SVGs and previews are keyed by content (cardgen.sources): a file whose key is in the
previous output's manifest is linked from there instead of being made again, so rebuilding
after a small edit redoes only what the edit touched (and the PDFs, which are rewritten).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgen import impose, manifest, output, printshop, sources, tasks
from cardgen.drawing import Drawing
from cardgen.model import Component, Database

Progress = Callable[[str, int, int], None]
FaceKey = tuple[str, str]  # (component id, side)


@dataclass(frozen=True)
class BuildOptions:
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, applied to back pages only
    fold: bool = False  # fold-over sheets instead of duplex backs
    papers: tuple[str, ...] = ("letter", "a4")
    only: frozenset[str] | set[str] | None = None  # component ids (reprints)
    suffix: str | None = None  # output/<game>-<edition>-<suffix>
    name: str | None = None  # output/<name> (wins over suffix)
    svg: bool = True
    preview: bool = True


@dataclass
class BuildSummary:
    folder: Path
    files: list[Path] = field(default_factory=list)
    pages: int = 0  # home-print pages over all papers
    faces: int = 0  # distinct (component, side) faces laid out
    seconds: float = 0.0

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
            from cardgen.render_pdf import face_key

            self.keys[face] = face_key(self.drawings[face])
        return self.keys[face]

    def keys_by_id(self) -> dict[int, str]:
        """id(drawing) -> face key, for render_pdf.Painter."""
        return {id(d): self.key(f) for f, d in self.drawings.items()}


def build(
    db: Database, out_root: Path, options: BuildOptions | None = None,
    progress: Progress | None = None,
) -> BuildSummary:
    """Write every output of the database into out_root/<folder>, atomically."""
    options = options or BuildOptions()
    report = progress or (lambda stage, done, total: None)
    started = time.perf_counter()
    target = Path(out_root) / folder_name(db, options)
    cache = sources.FaceCache(db)
    faces = lay_out_faces(db, options.only, report, cache)  # 1
    with output.atomic_folder(target) as tmp:
        previous = output.Previous.load(target)
        records = tasks.write_outputs(db, faces, tmp, options, report, previous)  # 2-5
        write_manifest_file(db, faces, tmp, records, options, report)  # 6
    cache.save(keep_old=options.only is not None)
    return BuildSummary(
        folder=target,
        files=[target / r.path for r in records] + [target / "manifest.json"],
        pages=sum(r.pages for r in records if r.holds == "home-print"),
        faces=len(faces.drawings),
        seconds=time.perf_counter() - started,
    )


def folder_name(db: Database, options: BuildOptions) -> str:
    if options.name:
        return options.name
    base = f"{db.game.id}-{db.edition.id}"
    return f"{base}-{options.suffix}" if options.suffix else base


# --------------------------------------------------------------------------- 1 faces


def lay_out_faces(db: Database, only: frozenset[str] | set[str] | None, report: Progress,
                  cache: sources.FaceCache | None = None) -> Faces:
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
            lay_out_face(db, component, side, faces, cache)
        report("faces", n, len(chosen))
    faces.components = [c for c in chosen if (c.id, "front") in faces.drawings]
    return faces


def lay_out_face(db: Database, component: Component, side: str, faces: Faces,
                 cache: sources.FaceCache | None) -> None:
    """One face into `faces` (drawing and, when cached, its face key); none if the side is not."""
    from cardgen.layout import lay_out

    face = (component.id, side)
    if cache is None:
        drawing = lay_out(db, component, side)
        if drawing is not None:
            faces.drawings[face] = drawing
        return
    key = cache.key(component, side)
    hit = cache.get(key)
    if hit is not None:
        faces.drawings[face], faces.keys[face] = hit
        return
    probes: list[tuple[str, bool]] = db.__dict__.setdefault("_image_probes", [])
    probes.clear()
    drawing = lay_out(db, component, side)
    if drawing is not None:
        faces.drawings[face] = drawing
        cache.put(key, tuple(probes), drawing, faces.key(face))


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
                           (c.id, "back") in faces.drawings)
        groups.setdefault(key, []).extend([copy] * c.count)
    return [impose.Group(sheet, tuple(copies)) for (sheet, _, _), copies in groups.items()]


# --------------------------------------------------------------------------- 2 home print


def home_heading(db: Database) -> str:
    return f"{db.game.name} {db.edition.id}"


def plan_pages(db: Database, faces: Faces, options: BuildOptions,
               papers: tuple[str, ...] | None = None) -> dict[str, list[impose.Page]]:
    """paper -> its home-print page plans (every paper of the options, or the ones given)."""
    groups = copy_groups(db, faces)
    return {paper: impose.plan_home_print(groups, impose.PAPERS[paper], fold=options.fold,
                                          offset=options.back_offset, heading=home_heading(db))
            for paper in (papers or options.papers)}


def write_home_print(db: Database, faces: Faces, tmp: Path, options: BuildOptions,
                     report: Progress, plans: dict[str, list[impose.Page]] | None = None
                     ) -> list[manifest.FileRecord]:
    plans = plans or plan_pages(db, faces, options)
    return [write_home_paper(db, faces, tmp, options, paper, plans[paper], report)
            for paper in options.papers]


def write_home_print_pdf(db: Database, faces: Faces, path: Path, options: BuildOptions,
                         paper_name: str, pages: list[impose.Page], report: Progress) -> None:
    """Draw the planned pages of one paper into path; faces used more than once are forms."""
    from cardgen.render_pdf import Painter, compact_last_page, new_canvas, reused_keys

    heading = home_heading(db)
    painter = Painter(reused_keys(faces.key(p.face) for page in pages for p in page.placements),
                      faces.keys_by_id())
    canvas = new_canvas(str(path))  # bundled initial font: no standard-14 font in the file
    mode = "fold-over" if options.fold else "duplex, long-edge flip"
    canvas.setTitle(f"{heading} - print and play ({paper_name}, {mode})")
    canvas.setAuthor("cardgen")
    canvas.setSubject(f"{db.game.title} {db.edition.id}: home-print sheets, print at 100 %")
    canvas.setCreator("cardgen")
    for n, page in enumerate(pages, start=1):
        impose.draw_page(canvas, page, faces.drawings, painter)
        compact_last_page(canvas)
        report(f"print {paper_name}", n, len(pages))
    canvas.save()


def write_home_paper(db: Database, faces: Faces, tmp: Path, options: BuildOptions,
                     paper_name: str, pages: list[impose.Page], report: Progress,
                     write: bool = True) -> manifest.FileRecord:
    """One paper's PDF (unless `write` is off: it is there already) and its record."""
    name = f"pnp-{paper_name}.pdf"
    if write:
        write_home_print_pdf(db, faces, tmp / name, options, paper_name, pages, report)
    return manifest.FileRecord(
        name, "home-print", sorted({c.kind for c in faces.components}), len(pages),
        len(faces.drawings), copies_placed(pages), paper_name)


def copies_placed(pages: list[impose.Page]) -> dict[str, dict[str, int]]:
    """component id -> side -> copies on the pages (a tiled board counts once)."""
    copies: dict[str, dict[str, int]] = {}
    for page in pages:
        for p in page.placements:
            if p.counts:
                sides = copies.setdefault(p.face[0], {})
                sides[p.face[1]] = sides.get(p.face[1], 0) + 1
    return copies


# --------------------------------------------------------------------------- 3 print shop


def print_shop_kinds(faces: Faces) -> list[str]:
    return list(dict.fromkeys(c.kind for c in faces.components))


def print_shop_faces(faces: Faces, kind: str) -> list[FaceKey]:
    """A kind's faces in print-shop page order: each component's front, then its back."""
    return [(c.id, side) for c in faces.components if c.kind == kind
            for side in ("front", "back") if (c.id, side) in faces.drawings]


def write_print_shop(db: Database, faces: Faces, tmp: Path, report: Progress
                     ) -> list[manifest.FileRecord]:
    (tmp / "print").mkdir(exist_ok=True)
    kinds = print_shop_kinds(faces)
    records = []
    for n, kind in enumerate(kinds, start=1):
        records.append(write_print_shop_kind(db, faces, tmp, kind))
        report("print shop", n, len(kinds))
    return records


def write_print_shop_kind(db: Database, faces: Faces, tmp: Path, kind: str, write: bool = True
                          ) -> manifest.FileRecord:
    """A kind's print-shop PDF (unless `write` is off: it is there already) and its record."""
    ordered = print_shop_faces(faces, kind)
    name = f"print/{kind}.pdf"
    pages = write_print_shop_pdf(db, faces, tmp / name, kind, ordered) if write else len(ordered)
    copies = {c.id: {s: c.count for s in ("front", "back") if (c.id, s) in faces.drawings}
              for c in faces.components if c.kind == kind}
    return manifest.FileRecord(name, "print-shop", [kind], pages, pages, copies)


def write_print_shop_pdf(db: Database, faces: Faces, path: Path, kind: str,
                         ordered: list[FaceKey]) -> int:
    from cardgen.render_pdf import Painter, reused_keys

    return printshop.write_print_pdf(
        path, [faces.drawings[f] for f in ordered],
        paint=Painter(reused_keys(faces.key(f) for f in ordered), faces.keys_by_id()),
        title=f"{db.game.name} {db.edition.id} - {kind_title(db, kind)} (print shop)",
        subject=f"one page per face, trim + {printshop.PRINT_BLEED:g} mm bleed, "
                "TrimBox and BleedBox set",
    )


# --------------------------------------------------------------------------- 4 svg


def svg_name(face: FaceKey, kinds: dict[str, str]) -> str:
    cid, side = face
    return f"svg/{kinds[cid]}/{cid}{'-back' if side == 'back' else ''}.svg"


def make_svg_folders(faces: Faces, tmp: Path) -> None:
    for kind in {c.kind for c in faces.components}:
        (tmp / "svg" / kind).mkdir(parents=True, exist_ok=True)


def write_svgs(faces: Faces, tmp: Path, report: Progress) -> list[manifest.FileRecord]:
    make_svg_folders(faces, tmp)
    records = write_svg_files(faces, list(faces.drawings), tmp, output.Previous(tmp, {}),
                              sources.Sources())
    report("svg", len(records), len(records))
    return records


def write_svg_files(faces: Faces, chosen: list[FaceKey], tmp: Path, previous: output.Previous,
                    src: sources.Sources) -> list[manifest.FileRecord]:
    """SVGs of the chosen faces (their folders exist); unchanged ones come from `previous`."""
    from cardgen.render_svg import to_svg

    kinds = {c.id: c.kind for c in faces.components}
    records = []
    for face in chosen:
        drawing = faces.drawings[face]
        name = svg_name(face, kinds)
        source = src.key("svg", drawing.name, src.face(faces.key(face), drawing))
        if not previous.reuse(source, tmp / name):
            (tmp / name).write_text(to_svg(drawing, bleed_mm=drawing.bleed), encoding="utf-8")
        records.append(manifest.FileRecord(name, "svg", [kinds[face[0]]], 0, 1, source=source))
    return records


# --------------------------------------------------------------------------- 6 manifest


def write_manifest_file(db: Database, faces: Faces, tmp: Path,
                        records: list[manifest.FileRecord], options: BuildOptions,
                        report: Progress) -> None:
    opts: dict[str, Any] = {
        "back_offset": list(options.back_offset),
        "fold": options.fold,
        "papers": list(options.papers),
        "only": sorted(options.only) if options.only is not None else None,
        "svg": options.svg,
        "preview": options.preview,
    }
    data = manifest.manifest(db, tmp, records, opts, [c.id for c in faces.components])
    manifest.write_manifest(tmp / "manifest.json", data)
    report("manifest", 1, 1)
