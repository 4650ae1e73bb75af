"""Database -> output/<game>-<edition>/: home-print PDFs, print-shop PDFs, SVGs, previews, manifest.

The stages, in order (numbered as in ARCHITECTURE.md and the progress bar):
  1. faces       lay out every (component, side) once; reused by every later stage
  2. home print  impose copies on Letter and A4 sheets (pnp-<paper>.pdf)
  3. print shop  one page per face with bleed and boxes (print/<kind>.pdf)
  4. svg         one SVG per face (svg/<kind>/<id>.svg, <id>-back.svg)
  5. preview     every home-print page as PNG and a contact sheet of all faces (preview/)
  6. manifest    every file, what it holds, the counts (manifest.json)
All of it is written into a temporary folder that replaces the output folder only at the end.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from cardgen import impose, manifest, output, preview, printshop
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


def build(
    db: Database, out_root: Path, options: BuildOptions | None = None,
    progress: Progress | None = None,
) -> BuildSummary:
    """Write every output of the database into out_root/<folder>, atomically."""
    options = options or BuildOptions()
    report = progress or (lambda stage, done, total: None)
    started = time.perf_counter()
    target = Path(out_root) / folder_name(db, options)
    faces = lay_out_faces(db, options.only, report)  # 1
    with output.atomic_folder(target) as tmp:
        records = write_home_print(db, faces, tmp, options, report)  # 2
        records += write_print_shop(db, faces, tmp, report)  # 3
        if options.svg:
            records += write_svgs(faces, tmp, report)  # 4
        if options.preview:
            records += write_previews(tmp, records, report)  # 5
        write_manifest_file(db, faces, tmp, records, options, report)  # 6
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


def lay_out_faces(db: Database, only: frozenset[str] | set[str] | None, report: Progress
                  ) -> Faces:
    """Lay out the front (and back, where the kind has one) of every chosen component."""
    from cardgen.layout import face_info, lay_out

    if only is not None:
        unknown = sorted(set(only) - set(db.by_id()))
        if unknown:
            raise ValueError(f"no component with id {', '.join(unknown)} in {db.label}")
    chosen = [c for c in db.components if (only is None or c.id in only) and c.count > 0]
    drawings: dict[FaceKey, Drawing] = {}
    sheets: dict[str, str] = {}
    for n, component in enumerate(chosen, start=1):
        info = face_info(db, component.kind)
        sheets[component.kind] = info.sheet
        for side in ("front", "back") if info.has_back else ("front",):
            drawing = lay_out(db, component, side)
            if drawing is not None:
                drawings[(component.id, side)] = drawing
        report("faces", n, len(chosen))
    printable = [c for c in chosen if (c.id, "front") in drawings]
    return Faces(printable, drawings, sheets)


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


def write_home_print(db: Database, faces: Faces, tmp: Path, options: BuildOptions,
                     report: Progress) -> list[manifest.FileRecord]:
    from cardgen.render_pdf import paint, register_fonts

    register_fonts()
    groups = copy_groups(db, faces)
    heading = f"{db.game.name} {db.edition.id}"
    records = []
    for paper_name in options.papers:
        paper = impose.PAPERS[paper_name]
        pages = impose.plan_home_print(groups, paper, fold=options.fold,
                                       offset=options.back_offset, heading=heading)
        name = f"pnp-{paper_name}.pdf"
        canvas = Canvas(str(tmp / name), invariant=1)
        mode = "fold-over" if options.fold else "duplex, long-edge flip"
        canvas.setTitle(f"{heading} - print and play ({paper_name}, {mode})")
        canvas.setAuthor("cardgen")
        canvas.setSubject(f"{db.game.title} {db.edition.id}: home-print sheets, print at 100 %")
        canvas.setCreator("cardgen")
        for n, page in enumerate(pages, start=1):
            impose.draw_page(canvas, page, faces.drawings, paint)
            report(f"print {paper_name}", n, len(pages))
        canvas.save()
        records.append(manifest.FileRecord(
            name, "home-print", sorted({c.kind for c in faces.components}), len(pages),
            len(faces.drawings), copies_placed(pages), paper_name))
    return records


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


def write_print_shop(db: Database, faces: Faces, tmp: Path, report: Progress
                     ) -> list[manifest.FileRecord]:
    from cardgen.render_pdf import paint

    (tmp / "print").mkdir()
    kinds = list(dict.fromkeys(c.kind for c in faces.components))
    records = []
    for n, kind in enumerate(kinds, start=1):
        members = [c for c in faces.components if c.kind == kind]
        ordered = [faces.drawings[(c.id, side)] for c in members for side in ("front", "back")
                   if (c.id, side) in faces.drawings]
        name = f"print/{kind}.pdf"
        pages = printshop.write_print_pdf(
            tmp / name, ordered, paint=paint,
            title=f"{db.game.name} {db.edition.id} - {kind_title(db, kind)} (print shop)",
            subject=f"one page per face, trim + {printshop.PRINT_BLEED:g} mm bleed, "
                    "TrimBox and BleedBox set",
        )
        copies = {c.id: {s: c.count for s in ("front", "back") if (c.id, s) in faces.drawings}
                  for c in members}
        records.append(manifest.FileRecord(name, "print-shop", [kind], pages, pages, copies))
        report("print shop", n, len(kinds))
    return records


# --------------------------------------------------------------------------- 4 svg


def write_svgs(faces: Faces, tmp: Path, report: Progress) -> list[manifest.FileRecord]:
    from cardgen.render_svg import to_svg

    kinds = {c.id: c.kind for c in faces.components}
    records = []
    for n, ((cid, side), drawing) in enumerate(faces.drawings.items(), start=1):
        name = f"svg/{kinds[cid]}/{cid}{'-back' if side == 'back' else ''}.svg"
        (tmp / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp / name).write_text(to_svg(drawing, bleed_mm=drawing.bleed), encoding="utf-8")
        records.append(manifest.FileRecord(name, "svg", [kinds[cid]], 0, 1))
        report("svg", n, len(faces.drawings))
    return records


# --------------------------------------------------------------------------- 5 preview


def write_previews(tmp: Path, records: list[manifest.FileRecord], report: Progress
                   ) -> list[manifest.FileRecord]:
    out = []
    home = [r for r in records if r.holds == "home-print"]
    for n, record in enumerate(home, start=1):
        stem = Path(record.path).stem
        for png in preview.pdf_pages_to_png(tmp / record.path, tmp / "preview", stem):
            out.append(manifest.FileRecord(png.relative_to(tmp).as_posix(), "preview",
                                           record.kinds, 1, 0, paper=record.paper))
        report("preview", n, len(home) + 1)
    shop = [r for r in records if r.holds == "print-shop"]
    captions = [f"{cid}{'' if side == 'front' else ' (back)'}"
                for r in shop for cid, sides in r.copies.items() for side in sides]
    target = tmp / "preview" / "contact-sheet.png"
    target.parent.mkdir(exist_ok=True)
    faces = preview.contact_sheet([tmp / r.path for r in shop], captions, target)
    out.append(manifest.FileRecord("preview/contact-sheet.png", "contact-sheet",
                                   sorted({k for r in shop for k in r.kinds}), 0, faces))
    report("preview", len(home) + 1, len(home) + 1)
    return out


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
