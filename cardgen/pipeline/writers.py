"""Faces -> files: home-print PDFs, print-shop PDFs, SVGs and manifest.json, one function each."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen import impose
from cardgen.data.model import Database
from cardgen.impose.draft import report_pages
from cardgen.impose.home import home_file_name
from cardgen.pipeline import manifest, output, sources
from cardgen.pipeline.faces import BuildOptions, FaceKey, Faces, Progress, copy_groups, kind_title
from cardgen.pipeline.outputs import project_paper_catalogue
from cardgen.pipeline.rules import rules_plan_lines

if TYPE_CHECKING:
    from cardgen.layout.drawing import Drawing
    from cardgen.pipeline.pdfops import PdfOpsStore
    from cardgen.render.faceops import PageStreams

# --------------------------------------------------------------------------- stage 4 home print


def home_heading(db: Database) -> str:
    heading = f"{db.game.name} {db.edition.id}"
    return f"DRAFT - {heading} - not for release" if db.draft else heading


def plan_pages(db: Database, faces: Faces, options: BuildOptions,
               papers: tuple[str, ...] | None = None) -> dict[str, list[impose.HomeFile]]:
    """paper -> its home-print files (a duplex one and a single-sided one), planned."""
    groups = copy_groups(db, faces)
    sheets = project_paper_catalogue(db.project)  # cardgen's papers and the project's own
    plans = {paper: impose.plan_home_print(groups, sheets[paper], fold=options.fold,
                                           offset=options.back_offset, heading=home_heading(db),
                                           also=rules_plan_lines(db, paper, options))
             for paper in (papers or options.papers)}
    if options.draft_report:  # a draft: the check report opens every file
        for paper, files in plans.items():
            for f in files:
                f.pages[:0] = report_pages(sheets[paper], home_heading(db),
                                           list(options.draft_report), duplex=f.duplex)
    return plans


def write_home_print(db: Database, faces: Faces, tmp: Path, options: BuildOptions,
                     report: Progress, plans: dict[str, list[impose.HomeFile]] | None = None
                     ) -> list[manifest.FileRecord]:
    plans = plans or plan_pages(db, faces, options)
    return [write_home_file(db, faces, tmp, options, paper, f, report)
            for paper in options.papers for f in plans[paper]]


def drawn_faces(faces: Faces, chosen: Iterable[FaceKey]) -> list[tuple[str, Drawing]]:
    """(face key, drawing) of each chosen face once, in order."""
    return [(faces.key(face), faces.drawings[face]) for face in dict.fromkeys(chosen)]


def write_home_print_pdf(db: Database, faces: Faces, path: Path, options: BuildOptions,
                         paper_name: str, f: impose.HomeFile, report: Progress,
                         store: PdfOpsStore | None = None, contents: list[str] | None = None
                         ) -> None:
    """Draw the planned pages of one file into path; faces used more than once are forms.
    With a store, each face's operators come from it when the fonts allow (and go into it),
    and with `contents` (what each page is made of) so do whole pages."""
    from cardgen.render.pages import draw_page
    from cardgen.render.pdf import Painter, new_canvas, reused_keys

    heading = home_heading(db)
    pages = f.pages
    placed = [p.face for page in pages for p in page.placements]
    painter = Painter(reused_keys(faces.key(face) for face in placed), faces.keys_by_id())
    if store is not None:
        store.prepare_fonts()
    mode = "duplex, long-edge flip" if f.duplex else "single-sided"
    if options.fold and not f.duplex:
        mode = "single-sided, fold-over"
    canvas = new_canvas(
        str(path), title=f"{heading} - print and play ({paper_name}, {mode})",
        subject=f"{db.game.title} {db.edition.id}: home-print sheets, print at 100 %")
    streams = None
    if store is not None:
        painter.ops, streams = store.begin(canvas, path.name, drawn_faces(faces, placed))
    for n, page in enumerate(pages, start=1):
        draw_page(canvas, page, faces.drawings, painter, streams,
                  contents[n - 1] if contents is not None else None)
        report(f"print {paper_name}", n, len(pages))
    canvas.save()


def write_home_file(db: Database, faces: Faces, tmp: Path, options: BuildOptions,
                    paper_name: str, f: impose.HomeFile, report: Progress,
                    write: bool = True, store: PdfOpsStore | None = None,
                    contents: list[str] | None = None) -> manifest.FileRecord:
    """One home-print file (unless `write` is off: it is there already) and its record."""
    name = home_file_name(paper_name, f)
    if write:
        write_home_print_pdf(db, faces, tmp / name, options, paper_name, f, report, store,
                             contents)
    return manifest.FileRecord(
        name, "home-print", sorted({c.kind for c in faces.components}), len(f.pages),
        len(faces.drawings), copies_placed(f.pages), paper_name, page_sides=f.sides,
        duplex=f.duplex)


def copies_placed(pages: list[impose.Page]) -> dict[str, dict[str, int]]:
    """component id -> side -> copies on the pages (a tiled board counts once)."""
    copies: dict[str, dict[str, int]] = {}
    for page in pages:
        for p in page.placements:
            if p.counts:
                sides = copies.setdefault(p.face[0], {})
                sides[p.face[1]] = sides.get(p.face[1], 0) + 1
    return copies


# --------------------------------------------------------------------------- stage 5 print shop


def print_shop_kinds(faces: Faces) -> list[str]:
    return list(dict.fromkeys(c.kind for c in faces.components))


def print_shop_faces(faces: Faces, kind: str) -> list[FaceKey]:
    """A kind's faces in print-shop page order: each component's front, then its back."""
    return [(c.id, side) for c in faces.components if c.kind == kind
            for side in ("front", "back") if (c.id, side) in faces.drawings]


def write_print_shop_kind(db: Database, faces: Faces, tmp: Path, kind: str, write: bool = True,
                          store: PdfOpsStore | None = None) -> manifest.FileRecord:
    """A kind's print-shop PDF (unless `write` is off: it is there already) and its record."""
    ordered = print_shop_faces(faces, kind)
    name = f"print/{kind}.pdf"
    pages = (write_print_shop_pdf(db, faces, tmp / name, kind, ordered, store) if write
             else len(ordered))
    copies = {c.id: {s: c.count for s in ("front", "back") if (c.id, s) in faces.drawings}
              for c in faces.components if c.kind == kind}
    return manifest.FileRecord(name, "print-shop", [kind], pages, pages, copies)


def write_print_shop_pdf(db: Database, faces: Faces, path: Path, kind: str,
                         ordered: list[FaceKey], store: PdfOpsStore | None = None) -> int:
    from cardgen.render.pages import write_print_pdf
    from cardgen.render.pdf import Painter, reused_keys

    painter = Painter(reused_keys(faces.key(f) for f in ordered), faces.keys_by_id())
    if store is not None:
        store.prepare_fonts()

    def begin(canvas: Any) -> PageStreams | None:  # a reportlab Canvas
        if store is None:
            return None
        painter.ops, streams = store.begin(canvas, f"print/{kind}.pdf", drawn_faces(faces, ordered))
        return streams

    return write_print_pdf(
        path, [faces.drawings[f] for f in ordered], paint=painter, begin=begin,
        title=f"{db.game.name} {db.edition.id} - {kind_title(db, kind)} (print shop)",
        subject=f"one page per face, trim + {impose.PRINT_BLEED:g} mm bleed, "
                "TrimBox and BleedBox set",
    )


# --------------------------------------------------------------------------- stage 6 svg


def svg_name(face: FaceKey, kinds: dict[str, str]) -> str:
    cid, side = face
    return f"svg/{kinds[cid]}/{cid}{'-back' if side == 'back' else ''}.svg"


def make_svg_folders(faces: Faces, tmp: Path) -> None:
    for kind in {c.kind for c in faces.components} | ({"tuck-box"} if faces.extras else set()):
        (tmp / "svg" / kind).mkdir(parents=True, exist_ok=True)


class SvgMemo:
    """Face key -> the SVG last written for it: equal faces are written once, then retitled."""

    def __init__(self) -> None:
        self.last: dict[str, tuple[str, str]] = {}  # face key -> (face name, SVG text)

    def svg(self, key: str, drawing: Drawing) -> str:
        from cardgen.render.svg import retitled, to_svg

        if key in self.last:
            name, text = self.last[key]
            again = retitled(text, name, drawing.name)
            if again is not None:
                return again
        text = to_svg(drawing, bleed_mm=drawing.bleed)
        self.last[key] = (drawing.name, text)
        return text


def write_svg_files(faces: Faces, chosen: list[FaceKey], tmp: Path, previous: output.Previous,
                    src: sources.Sources) -> list[manifest.FileRecord]:
    """SVGs of the chosen faces (their folders exist); unchanged ones come from `previous`."""
    kinds = {c.id: c.kind for c in faces.components} | {c.component: "tuck-box"
                                                         for c in faces.extras}
    records = []
    written = SvgMemo()
    for face in chosen:
        drawing = faces.drawings[face]
        name = svg_name(face, kinds)
        key = faces.key(face)
        source = src.key("svg", drawing.name, key)
        target = tmp / name
        if not previous.reuse(source, target):
            target.write_text(written.svg(key, drawing), encoding="utf-8")
        records.append(manifest.FileRecord(name, "svg", [kinds[face[0]]], 0, 1, source=source))
    return records


# --------------------------------------------------------------------------- stage 8 manifest


def write_manifest_file(db: Database, faces: Faces, tmp: Path,
                        records: list[manifest.FileRecord], options: BuildOptions,
                        report: Progress) -> None:
    opts: dict[str, Any] = {
        "back_offset": list(options.back_offset),
        "fold": options.fold,
        "ink_saver": options.ink_saver,
        "papers": list(options.papers),
        "only": sorted(options.only) if options.only is not None else None,
        "print_shop": options.print_shop,
        "rules": options.rules,
        "svg": options.svg,
        "preview": options.preview,
    }
    data = manifest.manifest(db, tmp, records, opts, [c.id for c in faces.components])
    manifest.write_manifest(tmp / "manifest.json", data, records)
    report("manifest", 1, 1)
