"""Faces -> files: home-print PDFs, print-shop PDFs, SVGs and manifest.json, one function each."""

from __future__ import annotations

import os
from collections.abc import Callable
from itertools import chain, compress, repeat
from operator import attrgetter, eq
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen import impose
from cardgen.data.model import Database
from cardgen.impose.home import copies_placed, home_file_name
from cardgen.pipeline import manifest, output, sources, warm
from cardgen.pipeline.copygroups import copy_groups
from cardgen.pipeline.faces import BuildOptions, FaceKey, Faces, Progress, kind_title
from cardgen.pipeline.faceuses import painted
from cardgen.pipeline.outputs import project_paper_catalogue
from cardgen.pipeline.pagekeys import home_keys, placed_faces, print_keys, remember_print
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
        from cardgen.impose.draft import report_pages  # a draft's alone

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


def write_home_print_pdf(db: Database, faces: Faces, path: Path, options: BuildOptions,
                         paper_name: str, f: impose.HomeFile, report: Progress,
                         store: PdfOpsStore | None = None, contents: list[str] | None = None,
                         previous: Path | None = None) -> None:
    """Draw the planned pages of one file into path; faces used more than once are forms.
    With a store, each face's operators come from it when the fonts allow (and go into it),
    and with `contents` (what each page is made of) so do whole pages, and the file is put
    together from `previous` when only a few pages changed (cardgen.pipeline.pdfsplice)."""
    from cardgen.pipeline import pdfsplice
    from cardgen.render.pages import doc_state, draw_page
    from cardgen.render.pdf import new_canvas

    heading = home_heading(db)
    pages = f.pages
    placed = placed_faces(path.name, pages)[1]
    painter, drawn = painted(faces, placed, path.name)
    title = f"{heading} - print and play ({paper_name}, {_home_mode(options, f)})"
    subject = f"{db.game.title} {db.edition.id}: home-print sheets, print at 100 %"

    known: dict[str, list[str]] = {}  # signature -> the pages' keys, once worked out

    def keys_of(signature: str) -> list[str]:
        assert contents is not None
        keys = known[signature] = home_keys(path.name, signature, contents, painter, pages,
                                            faces.drawings)
        return keys

    def show(canvas: Any, streams: PageStreams | None, n: int) -> None:
        keys = known.get(streams.signature) if streams is not None else None
        draw_page(canvas, pages[n], faces.drawings, painter, streams,
                  contents[n] if contents is not None else None,
                  keys[n] if keys is not None else None)

    sizes = [0] * len(pages)
    if store is not None:
        store.prepare_fonts()
        if contents is not None and _spliced(store, path, previous, painter, (title, subject, 0),
                                             lambda: drawn, keys_of, sizes, show):
            report(f"print {paper_name}", len(pages), len(pages))
            return
    canvas = new_canvas(str(path), title=title, subject=subject)
    streams = None
    states: list[tuple[str, object, int]] = []
    if store is not None:
        painter.ops, streams = store.begin(canvas, path.name, drawn)
        frame = pdfsplice.frame_of(canvas, streams, title, subject, 0)
    for n in range(len(pages)):
        if streams is not None:
            states.append(doc_state(canvas, streams))
        show(canvas, streams, n)
        report(f"print {paper_name}", n + 1, len(pages))
    if streams is not None:
        states.append(doc_state(canvas, streams))
    canvas.save()
    if store is not None and streams is not None and contents is not None:
        store.keep_file(path.name, pdfsplice.record(canvas, frame, keys_of(streams.signature),
                                                    sizes, states, path))


def _home_mode(options: BuildOptions, f: impose.HomeFile) -> str:
    if f.duplex:
        return "duplex, long-edge flip"
    return "single-sided, fold-over" if options.fold else "single-sided"


def write_home_file(db: Database, faces: Faces, tmp: Path, options: BuildOptions,
                    paper_name: str, f: impose.HomeFile, report: Progress,
                    write: bool = True, store: PdfOpsStore | None = None,
                    contents: list[str] | None = None, previous: Path | None = None,
                    copies: dict[str, dict[str, int]] | None = None) -> manifest.FileRecord:
    """One home-print file (unless `write` is off: it is there already) and its record
    (`copies`: its `copies_placed`, when the caller has them)."""
    name = home_file_name(paper_name, f)
    if write:
        write_home_print_pdf(db, faces, tmp / name, options, paper_name, f, report, store,
                             contents, previous)
    record = manifest.FileRecord(
        name, "home-print", sorted({c.kind for c in faces.components}), len(f.pages),
        len(faces.drawings), copies_placed(f.pages) if copies is None else copies, paper_name,
        page_sides=f.sides, duplex=f.duplex)
    return store.measured(name, record) if write and store is not None else record


# --------------------------------------------------------------------------- stage 5 print shop


def print_shop_kinds(faces: Faces) -> list[str]:
    return list(dict.fromkeys(c.kind for c in faces.components))


def print_shop_faces(faces: Faces, kind: str) -> list[FaceKey]:
    """A kind's faces in print-shop page order: each component's front, then its back (found
    with `map`, no Python loop over the components)."""
    comps = faces.components
    ids = list(compress(map(_ID, comps), map(eq, repeat(kind), map(_KIND, comps))))
    both = chain.from_iterable(zip(zip(ids, repeat("front")), zip(ids, repeat("back")),
                                   strict=True))
    return list(filter(faces.drawings.__contains__, both))


_ID, _KIND = attrgetter("id"), attrgetter("kind")


def write_print_shop_kind(db: Database, faces: Faces, tmp: Path, kind: str, write: bool = True,
                          store: PdfOpsStore | None = None, previous: Path | None = None,
                          ordered: list[FaceKey] | None = None) -> manifest.FileRecord:
    """A kind's print-shop PDF (unless `write` is off: it is there already) and its record;
    `previous`: the previous build's file, which a few changed pages may be spliced into;
    `ordered`: the kind's `print_shop_faces`, when the caller has them."""
    ordered = print_shop_faces(faces, kind) if ordered is None else ordered
    name = f"print/{kind}.pdf"
    pages = (write_print_shop_pdf(db, faces, tmp / name, kind, ordered, store, previous)
             if write else len(ordered))
    copies = {c.id: {s: c.count for s in ("front", "back") if (c.id, s) in faces.drawings}
              for c in faces.components if c.kind == kind}
    record = manifest.FileRecord(name, "print-shop", [kind], pages, pages, copies)
    return store.measured(name, record) if write and store is not None else record


def write_print_shop_pdf(db: Database, faces: Faces, path: Path, kind: str,
                         ordered: list[FaceKey], store: PdfOpsStore | None = None,
                         previous: Path | None = None) -> int:
    """One page per face; with a store, put together from `previous` when only a few
    pages changed (cardgen.pipeline.pdfsplice), else written whole (and recorded for that)."""
    from cardgen.pipeline import pdfsplice
    from cardgen.render.pages import show_print_page, write_print_pdf

    painter, drawn = painted(faces, ordered, f"print/{kind}.pdf")
    document = f"print/{kind}.pdf"
    drawings = list(map(faces.drawings.__getitem__, ordered))
    title = f"{db.game.name} {db.edition.id} - {kind_title(db, kind)} (print shop)"
    subject = (f"one page per face, trim + {impose.PRINT_BLEED:g} mm bleed, "
               "TrimBox and BleedBox set")
    bleed = impose.PRINT_BLEED
    sizes = list(zip(map(_WIDTH, drawings), map(_HEIGHT, drawings), strict=True))
    if store is not None:
        store.prepare_fonts()
        if _spliced(store, path, previous, painter, (title, subject, bleed),
                    lambda: drawn,
                    lambda sig: print_keys(document, sig, bleed, painter, drawings), sizes,
                    lambda canvas, streams, n: show_print_page(canvas, drawings[n], painter,
                                                               bleed, streams),
                    document):
            return len(drawings)
    keys: list[str] = []
    states: list[tuple[str, object, int]] = []
    begun: list[pdfsplice.Frame] = []

    def begin(canvas: Any) -> PageStreams | None:  # a reportlab Canvas
        if store is None:
            return None
        painter.ops, streams = store.begin(canvas, document, drawn)
        begun.append(pdfsplice.frame_of(canvas, streams, title, subject, bleed))
        return streams

    def after(canvas: Any) -> None:
        if store is not None and begun:
            store.keep_file(document, pdfsplice.record(canvas, begun[0], keys, sizes, states,
                                                       path))
            remember_print(document, begun[0].signature, bleed, painter, drawings, keys)

    return write_print_pdf(path, drawings, paint=painter, begin=begin, after=after, keys=keys,
                           states=states, title=title, subject=subject)


_WIDTH, _HEIGHT = attrgetter("width"), attrgetter("height")


def _spliced(store: PdfOpsStore, path: Path, previous: Path | None, painter: Any,
             named: tuple[str, str, object], drawn: Callable[[], list[tuple[str, Drawing]]],
             keys_of: Callable[[str], list[str]], sizes: list[Any],
             show: Callable[[Any, PageStreams, int], None], document: str | None = None
             ) -> bool:
    """The file put together from the previous one (pipeline.pdfsplice): the changed pages
    drawn on a canvas primed as the document's would be, which is never saved."""
    from cardgen.pipeline import pdfsplice
    from cardgen.render.pdf import new_canvas

    document = document or path.name
    found = store.file_record(document)
    if found is None or previous is None:
        return False
    title, subject, extra = named
    canvas = new_canvas(str(path), title=title, subject=subject)
    painter.ops, streams = store.begin(canvas, document, drawn())
    frame = pdfsplice.frame_of(canvas, streams, title, subject, extra)
    out = pdfsplice.splice(canvas, streams, frame, found, keys_of(frame.signature), sizes,
                           previous, lambda n: show(canvas, streams, n))
    if out is None:
        return False
    path.write_bytes(out[0])
    pdfsplice.remember(path, out[0], out[1]["sha256"])
    store.keep_file(document, out[1])
    return True


# --------------------------------------------------------------------------- stage 6 svg


def svg_name(face: FaceKey, kinds: dict[str, str]) -> str:
    cid, side = face
    return f"svg/{kinds[cid]}/{cid}{'-back' if side == 'back' else ''}.svg"


def make_svg_folders(faces: Faces, tmp: Path) -> None:
    for kind in _svg_kinds(faces):
        (tmp / "svg" / kind).mkdir(parents=True, exist_ok=True)


def svg_folders(faces: Faces) -> set[str]:
    """The folders `make_svg_folders` makes (svg/ with them), as paths in the output."""
    kinds = _svg_kinds(faces)
    return {f"svg/{kind}" for kind in kinds} | ({"svg"} if kinds else set())


def _svg_kinds(faces: Faces) -> set[str]:
    return {c.kind for c in faces.components} | ({"tuck-box"} if faces.extras else set())


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


def svg_kinds(faces: Faces) -> dict[str, str]:
    """Component id -> the kind whose folder its SVGs go in (a tuck box's: tuck-box)."""
    return {c.id: c.kind for c in faces.components} | {c.component: "tuck-box"
                                                       for c in faces.extras}


def write_svg_files(faces: Faces, chosen: list[FaceKey], tmp: Path, previous: output.Previous,
                    src: sources.Sources, kinds: dict[str, str] | None = None
                    ) -> list[manifest.FileRecord]:
    """SVGs of the chosen faces (their folders exist); unchanged ones come from `previous`.
    A written file's size and sha256 are those of the bytes written (not read back).
    `kinds`: `svg_kinds`, when the caller has them. While warm, the faces of the chunk that
    are as its last build found them are taken in bulk (`pipeline.svgchunks`)."""
    files = _SvgFiles(faces, str(tmp), previous, src)
    kinds = svg_kinds(faces) if kinds is None else kinds
    if files.warm:
        from cardgen.pipeline import svgchunks

        return svgchunks.svg_files(files, chosen, kinds)
    keys = faces.keys
    records = []
    for face in chosen:
        kind, drawing = kinds[face[0]], faces.drawings[face]
        key = keys.get(face) or faces.key(face)
        name, source = files.named(face, kind, drawing.name, key)
        records.append(files.record(face, kind, key, name, source))
    return records


class _SvgFiles:
    """One task's SVGs face by face: each linked from the previous output, or written."""

    def __init__(self, faces: Faces, folder: str, previous: output.Previous,
                 src: sources.Sources) -> None:
        self.faces, self.folder, self.previous, self.src = faces, folder, previous, src
        self.memo = SvgMemo()  # equal faces written once
        self.warm = warm.warm()

    def named(self, face: FaceKey, kind: str, title: str, key: str) -> tuple[str, str]:
        """The face's SVG file name (svg_name) and content key; while warm, each face's once."""
        if not self.warm:
            return svg_name(face, {face[0]: kind}), self.src.key("svg", title, key)
        made = _SVG_FACES.get((self.src.code, face, kind, title, key))
        return made or _svg_face(self.src, face, kind, title, key)

    def record(self, face: FaceKey, kind: str, key: str, name: str, source: str
               ) -> manifest.FileRecord:
        """The face's SVG at `name` in the folder (linked, else written) and its record."""
        from hashlib import sha256

        previous = self.previous
        target = f"{self.folder}/{name}"  # joined as text: a rebuild links thousands
        if not previous.reuse(source, target):
            data = self.memo.svg(key, self.faces.drawings[face]).encode("utf-8")  # as write_text
            _write_file(target, data)
            record = manifest.FileRecord(name, "svg", [kind], 0, 1, source=source)
            record.size, record.digest = len(data), sha256(data).hexdigest()
            if self.warm:  # the record and spare the next build finds (`_svg_record`,
                _keep_svg_record(name, record)  # `spare.seeded`)
                previous.written[name] = source
            return record
        measured = previous.reused.get(target) if self.warm else None
        if measured is not None:  # its manifest entry once
            return _svg_record(name, kind, source, measured)
        return manifest.FileRecord(name, "svg", [kind], 0, 1, source=source)


def _write_file(path: str, data: bytes) -> None:
    """The file's bytes, as Path.write_bytes writes them (mode 0666 less the umask), in three
    system calls: a pathlib object and io's buffered file (its fstat, ioctl and lseek) were
    a third of the CPU time of writing a small SVG."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


# while the process keeps warm: (kind, content key, size, sha256) -> an SVG's manifest entry
_SVG_ENTRIES: dict[tuple[str, str, int, str], tuple[dict[str, Any], str]] = warm.memo({})


def _svg_record(name: str, kind: str, source: str, measured: tuple[int, str]
                ) -> manifest.FileRecord:
    """The record of an SVG linked from the previous output, measured and encoded: the very
    record the last build had at its path when that one still holds exactly these values
    (a record costs more to make than to compare: a rebuild links thousands)."""
    size, digest = measured
    last = _SVG_RECORDS.get(name)
    if last is not None and _svg_fields(last) == (name, "svg", kind, 1, 0, 1, False, None,
                                                  source, None, None, None, size, digest, True):
        return last
    record = manifest.FileRecord(name, "svg", [kind], 0, 1, source=source, size=size,
                                 digest=digest)
    key = (kind, source, size, digest)
    encoded = _SVG_ENTRIES.get(key)
    if encoded is None:
        if len(_SVG_ENTRIES) >= 1 << 16:
            _SVG_ENTRIES.clear()
        encoded = _SVG_ENTRIES[key] = record.encode(Path(".")).encoded  # type: ignore[assignment]
    record.encoded = encoded
    _keep_svg_record(name, record)
    return record


def keep_svg_records(records: list[manifest.FileRecord], previous: output.Previous) -> None:
    """While warm: the records of SVGs a helper process wrote or linked (as it sent them
    back, encoded), kept as this process keeps its own (`_svg_record`; `spare.seeded` for an
    output that had none before), so the next build takes them as they are."""
    for record in records:
        if record.holds == "svg" and type(record.source) is str and record.encoded is not None:
            _keep_svg_record(record.path, record)
            if record.path not in previous.linked:
                previous.written[record.path] = record.source


def _keep_svg_record(name: str, record: manifest.FileRecord) -> None:
    if len(_SVG_RECORDS) >= 1 << 16:
        _SVG_RECORDS.clear()
    _SVG_RECORDS[name] = record


def _svg_fields(record: manifest.FileRecord) -> tuple[object, ...]:
    """What `_svg_record` compares of a kept record: its fields (of its kinds, the one there
    is; of its copies, whether there are any) and whether it is encoded."""
    kinds = record.kinds if type(record.kinds) is list else [None, None]
    return (record.path, record.holds, kinds[0] if kinds else None, len(kinds), record.pages,
            record.faces, bool(record.copies), record.paper, record.source, record.page_sides,
            record.duplex, record.flip, record.size, record.digest, record.encoded is not None)


# while the process keeps warm: an SVG's path -> the record `_svg_record` last made for it
_SVG_RECORDS: dict[str, manifest.FileRecord] = warm.memo({})
# while the process keeps warm (`pipeline.warm`): (toolchain, face, kind, face name, face key)
# -> its SVG's file name (svg_name) and content key (sources.Sources.key)
_SVG_FACES: dict[tuple[str, FaceKey, str, str, str], tuple[str, str]] = warm.memo({})


def _svg_face(src: sources.Sources, face: FaceKey, kind: str, name: str, key: str
              ) -> tuple[str, str]:
    if len(_SVG_FACES) >= 1 << 16:
        _SVG_FACES.clear()
    made = _SVG_FACES[(src.code, face, kind, name, key)] = (
        svg_name(face, {face[0]: kind}), src.key("svg", name, key))
    return made


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
    manifest.write_build_manifest(tmp / "manifest.json", db, records, opts,
                                  [c.id for c in faces.components], tmp)
    output.Previous.remember(tmp / "manifest.json", records)
    report("manifest", 1, 1)
