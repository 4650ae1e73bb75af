"""Laid-out faces -> stages 4-7 (PDFs, SVGs, previews) as tasks, here and on forked helpers.

A task names only its slice (a paper, a kind, some faces, some pages, one contact sheet) and
returns the manifest records of what it wrote. A paper's page previews are queued as soon as
its PDF is written, the contact sheets once every print-shop PDF is. The tasks run in the
build process, one after the other, unless there are many faces to draw (`drawing_work`, at
least PARALLEL_DRAWS, or WARM_PARALLEL_DRAWS in a process that has written outputs before)
and more than one core: then helpers forked after stage 3 (already holding the database and
the faces) take tasks too (cardgen.pipeline.pool.Shared).

A paper's pages are planned by the task that writes its PDF, which hands back one content
key per page for the preview tasks: the parent never holds every page plan at once.

Helpers never create folders (the parent makes them before the tasks start), and on Linux
they die with the build process, so a killed build cannot leave a helper writing.
"""

from __future__ import annotations

import os
import shutil
from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate, chain, compress, count
from operator import attrgetter, ne
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen import impose
from cardgen.impose.home import home_file_name
from cardgen.pipeline import manifest, output, sources, warm
from cardgen.pipeline.copygroups import copy_groups
from cardgen.pipeline.faces import kind_title
from cardgen.pipeline.outputs import project_paper_catalogue
from cardgen.pipeline.pdfops import PdfOpsStore
from cardgen.pipeline.pdfsplice import MAX_CHANGED
from cardgen.pipeline.plans import kept_copies_placed, page_digest, planned
from cardgen.pipeline.pool import Outcome, Pool, chunks, running
from cardgen.pipeline.rules import rules_groups, rules_wanted, write_rules_files
from cardgen.pipeline.writers import (
    keep_svg_records,
    make_svg_folders,
    print_shop_faces,
    print_shop_kinds,
    svg_kinds,
    write_home_file,
    write_print_shop_kind,
    write_print_shop_pdf,
    write_svg_files,
)
from cardgen.records import record
from cardgen.render import png as preview

if TYPE_CHECKING:
    from cardgen.data.model import Database
    from cardgen.impose.geometry import Paper
    from cardgen.pipeline.faces import BuildOptions, FaceKey, Faces, Progress

Records = list[manifest.FileRecord]
PAGES_PER_TASK = 8
SVGS_PER_TASK = 200
# Faces drawn (drawing_work) from which forked helpers share the tasks (cardgen.pipeline.pool).
# A helper forked from a process that has not written outputs yet imports the drawing code and
# reads its fonts again, which costs more CPU time than its wall time saves below PARALLEL_DRAWS;
# once this process has written outputs (`cardgen watch`, a script building again), helpers
# fork warm and cost little more than the fork: WARM_PARALLEL_DRAWS.
PARALLEL_DRAWS = 8000
WARM_PARALLEL_DRAWS = 1500
_WARM = False  # this process has written outputs before
SCRATCH = ".sheets"  # print-shop PDFs made only for contact sheets, removed before the swap


@record
class Job:
    """Everything the tasks read; set before the pool forks (workers inherit it)."""

    db: Database
    faces: Faces
    tmp: Path
    options: BuildOptions
    previous: output.Previous
    src: sources.Sources
    store: PdfOpsStore  # the face operators kept (one per process: a helper hands back its delta)
    pid: int  # the build process
    groups: list[impose.Group] | None = None  # copy_groups, once for every paper
    kinds: dict[str, str] | None = None  # svg_kinds, once for every SVG task

    def copy_groups(self) -> list[impose.Group]:
        if self.groups is None:
            self.groups = copy_groups(self.db, self.faces)
        return self.groups

    def svg_kinds(self) -> dict[str, str]:
        if self.kinds is None:
            self.kinds = svg_kinds(self.faces)
        return self.kinds


_JOB: Job | None = None


def _job() -> Job:
    if _JOB is None:
        raise RuntimeError("no build job in this process")
    return _JOB


def _quiet(stage: str, done: int, total: int) -> None:
    return None


# --------------------------------------------------------------------------- tasks


def home_print_task(paper: str) -> tuple[Records, list[tuple[str, list[str]]]]:
    """One paper's home-print PDFs (duplex, single-sided); their records and, per file, its
    name stem and the content key of each page."""
    j = _job()
    records, stems = [], []
    store = j.store
    plan = planned(j.db, j.faces, j.options, paper, j.copy_groups())
    for f, digests in zip(plan.files, plan.digests, strict=True):
        name = home_file_name(paper, f)
        keys = page_keys(j, paper, name, f.pages, digests)
        source = j.src.key("home-print", name, j.options.fold, j.options.back_offset,
                           home_meta(j), keys)
        reused = j.previous.reuse(source, j.tmp / name)
        record = write_home_file(j.db, j.faces, j.tmp, j.options, paper, f, _quiet,
                                 write=not reused, store=store, contents=keys,
                                 previous=j.previous.file(name),
                                 copies=kept_copies_placed(f.pages))
        record.source = source
        records.append(record)
        stems.append((name.removesuffix(".pdf"), keys))
    return records, stems


def home_meta(j: Job) -> tuple[str, ...]:
    """The database text a home-print PDF shows besides its faces (heading, metadata)."""
    return (j.db.game.name, j.db.game.title, j.db.edition.id)


def rules_task(papers: list[Paper], booklet: bool) -> tuple[Records, None]:
    """The rules PDFs or booklets of one paper or of papers sharing the rules page
    (cardgen.pipeline.rules)."""
    j = _job()
    return write_rules_files(j.db, j.tmp, papers, j.src, j.previous, booklet), None


def print_shop_task(kind: str) -> tuple[Records, None]:
    """A kind's print-shop PDF; the previous one is reused when its faces are all unchanged.

    Without the `print` output it is written only for the contact sheets, into SCRATCH."""
    j = _job()
    store = j.store
    if not j.options.print_shop:
        write_print_shop_pdf(j.db, j.faces, shop_pdf(j, kind), kind,
                             print_shop_faces(j.faces, kind), store)
        return [], None
    ordered = print_shop_faces(j.faces, kind)
    faces = list(map(j.faces.keys.get, ordered))
    if None in faces:
        faces = list(map(j.faces.key, ordered))
    source = j.src.key("print-shop", kind, home_meta(j), kind_title(j.db, kind), faces)
    reused = j.previous.reuse(source, shop_pdf(j, kind))
    record = write_print_shop_kind(j.db, j.faces, j.tmp, kind, write=not reused, store=store,
                                   previous=j.previous.file(f"print/{kind}.pdf"),
                                   ordered=ordered)
    record.source = source
    return [record], None


def shop_pdf(j: Job, kind: str) -> Path:
    """Where a kind's print-shop PDF is written: print/, or SCRATCH when only sheets need it."""
    return j.tmp / shop_folder(j.options) / f"{kind}.pdf"


def shop_folder(options: BuildOptions) -> str:
    """The folder print-shop PDFs go to: print/, or SCRATCH when only contact sheets need them."""
    return "print" if options.print_shop else SCRATCH


def svg_task(chosen: list[FaceKey]) -> tuple[Records, None]:
    j = _job()
    return write_svg_files(j.faces, chosen, j.tmp, j.previous, j.src, j.svg_kinds()), None


def page_key(j: Job, paper: str, page: impose.Page, planned: str | None = None) -> str:
    """What a home-print page's preview is made of: the page plan (`planned`: its
    plans.page_digest, when known already) and its faces' content."""
    faces = [j.faces.key(p.face) for p in page.placements]
    if planned is None:
        planned = page_digest(page)
    if not warm.warm():
        return j.src.key("page", paper, preview.PREVIEW_DPI, planned, faces)
    # a warm process: a page's key taken again for the same plan digest and faces' keys
    made = (j.src.code, paper, preview.PREVIEW_DPI, planned, *faces)
    key = _PAGE_KEYS.get(made)
    if key is None:
        if len(_PAGE_KEYS) >= 1 << 16:
            _PAGE_KEYS.clear()
        key = _PAGE_KEYS[made] = j.src.key("page", paper, preview.PREVIEW_DPI, planned, faces)
    return key


def page_keys(j: Job, paper: str, name: str, pages: list[impose.Page], digests: list[str]
              ) -> list[str]:
    """`page_key` of each page of the paper's file `name` (digests: the pages' plan digests);
    while warm, a page's taken again when its plan digest and its faces' keys are those of
    the same page of the file's last build (the faces' keys looked up and compared with `map`,
    no Python loop over them)."""
    counts = list(map(len, map(_PLACEMENTS, pages)))
    faces = list(map(j.faces.keys.get, map(_FACE, chain.from_iterable(map(_PLACEMENTS, pages)))))
    if not warm.warm() or None in faces:
        return [page_key(j, paper, page, digest) for page, digest in zip(pages, digests, strict=True)]
    last = _FILE_KEYS.get((j.src.code, paper, name))
    if last is None or last[0] != counts or last[1] != digests:
        out, redo = [""] * len(pages), set(range(len(pages)))
    else:
        ends = list(accumulate(counts))  # a page's faces end before its entry
        out, redo = list(last[3]), {bisect_right(ends, i)
                                    for i in compress(count(), map(ne, faces, last[2]))}
    for n in redo:
        out[n] = page_key(j, paper, pages[n], digests[n])
    if len(_FILE_KEYS) >= 64:
        _FILE_KEYS.clear()
    _FILE_KEYS[(j.src.code, paper, name)] = (counts, list(digests), faces, out)
    return out


_FACE, _PLACEMENTS = attrgetter("face"), attrgetter("placements")
# while the process keeps warm: (toolchain, paper, file name) -> the faces per page, the
# pages' plan digests, their faces' keys and the pages' keys (`page_keys`) of its last build
_FILE_KEYS: dict[tuple[object, str, str], tuple[list[int], list[str], list[Any], list[str]]] = (
    warm.memo({}))
# while the process keeps warm: (toolchain, paper, dpi, plan digest, face keys...) -> page key
_PAGE_KEYS: dict[tuple[object, ...], str] = warm.memo({})


def preview_task(paper: str, stem: str, indices: list[int], keys: list[str]
                 ) -> tuple[Records, None]:
    """PNGs of some pages of one home-print PDF; unchanged pages are reused."""
    j = _job()
    kinds = sorted({c.kind for c in j.faces.components})
    records, todo, targets = [], [], []
    for i, key in zip(indices, keys, strict=True):
        name = f"preview/{preview.page_png_name(stem, i)}"
        if not j.previous.reuse(key, j.tmp / name):
            todo.append(i)
            targets.append(j.tmp / name)
        records.append(manifest.FileRecord(name, "preview", kinds, 1, 0, paper=paper, source=key))
    if todo:
        preview.render_pages(j.tmp / f"{stem}.pdf", todo, targets)
    return records, None


@record(frozen=True)
class SheetFace:
    pdf: str  # print-shop PDF (inside the temporary folder)
    index: int  # its page
    caption: str
    kind: str
    source: str  # sources.Sources.face


def sheet_faces(j: Job) -> list[SheetFace]:
    """Every print-shop page in order, as contact-sheet entries."""
    out = []
    for kind in print_shop_kinds(j.faces):
        pdf = str(shop_pdf(j, kind))
        for index, face in enumerate(print_shop_faces(j.faces, kind)):
            caption = f"{face[0]}{'' if face[1] == 'front' else ' (back)'}"
            source = j.faces.key(face)
            out.append(SheetFace(pdf, index, caption, kind, source))
    return out


def sheet_task(name: str, entries: list[SheetFace]) -> tuple[Records, None]:
    """One contact sheet; reused when the same faces with the same captions were on it."""
    j = _job()
    key = j.src.key("sheet", [(e.caption, e.source) for e in entries])
    path = f"preview/{name}"
    if not j.previous.reuse(key, j.tmp / path):
        preview.contact_sheet_page([(e.pdf, e.index) for e in entries],
                                   [e.caption for e in entries], [e.source for e in entries],
                                   j.tmp / path)
    kinds = sorted({e.kind for e in entries})
    return [manifest.FileRecord(path, "contact-sheet", kinds, 0, len(entries), source=key)], None


# --------------------------------------------------------------------------- scheduling


def measured(fn: Callable[..., tuple[Records, Any]], *args: Any
             ) -> tuple[Records, Any, Any, bool]:
    """Run a task, then size and hash what it wrote (in the worker, beside the other tasks,
    instead of the parent reading every file again for the manifest); in a helper, with what
    its face operators store gained, for the build process to keep (PdfOpsStore.delta), and
    True (ran in a helper). Records each measured and encoded already (a rebuild's SVGs taken
    from the last build, `svgchunks`) are handed on as they are, looked over with `map`."""
    records, extra = fn(*args)
    j = _job()
    helper = os.getpid() != j.pid
    delta = j.store.delta() if helper else None
    if None in chain(map(_SIZE, records), map(_DIGEST, records), map(_ENCODED, records)):
        records = [j.previous.measured(r, j.tmp).encode(j.tmp) for r in records]
    return records, extra, delta, helper  # (each one measured and encoded: as it is)


_SIZE, _DIGEST, _ENCODED = attrgetter("size"), attrgetter("digest"), attrgetter("encoded")


class Scheduler:
    """Submits the tasks, queues follow-up tasks as their inputs appear, keeps the records."""

    def __init__(self, pool: Pool, job: Job, report: Progress,
                 idle: list[Callable[[], None]] | None = None):
        self.pool, self.job, self.report = pool, job, report
        self.idle = idle if idle is not None else []  # build-process work for while it waits
        self.pending: dict[Outcome[tuple[Records, Any, Any, bool]],
                           tuple[tuple[int, ...], str, Callable[[Any], None] | None]] = {}
        self.results: dict[tuple[int, ...], Records] = {}
        self.done: dict[str, int] = {}
        self.total: dict[str, int] = {}
        self.kinds_left = 0

    def submit(self, order: tuple[int, ...], stage: str, fn: Callable[..., tuple[Records, Any]],
               *args: Any, then: Callable[[Any], None] | None = None) -> None:
        self.total[stage] = self.total.get(stage, 0) + 1
        self.pending[self.pool.submit(measured, fn, *args)] = (order, stage, then)

    def run(self) -> Records:
        from cardgen.pipeline.pool import wait_first

        self.submit_all()
        while self.pending:
            finished = wait_first(self.pool, self.pending, self.idle)
            for future in finished:
                order, stage, then = self.pending.pop(future)
                self.results[order], extra, delta, helper = future.result()
                if delta is not None:
                    self.job.store.merge(delta)
                if helper and warm.warm():  # what a helper's SVG task kept, kept here
                    keep_svg_records(self.results[order], self.job.previous)
                self.done[stage] = self.done.get(stage, 0) + 1
                self.report(stage, self.done[stage], self.total[stage])
                if then is not None:
                    then(extra)
        while self.idle:  # what no wait for a helper left time for
            self.idle.pop(0)()
        return [r for order in sorted(self.results) for r in self.results[order]]

    def submit_all(self) -> None:
        """The tasks known from the start (previews and contact sheets follow their PDFs)."""
        j = self.job
        # PDFs first, SVGs last: with helpers, the build process takes tasks from the front
        # and helpers from the back (pool.Shared), so the PDFs, drawing the same faces into
        # one store of face operators, run in one process while helpers write the SVGs
        kinds = print_shop_kinds(j.faces) if j.options.print_shop or j.options.preview else []
        self.kinds_left = len(kinds)
        for n, kind in enumerate(kinds):
            self.submit((1, n), "print shop", print_shop_task, kind, then=self.shop_written)
        for n, paper in enumerate(j.options.papers):
            self.submit((0, n), f"print {paper}", home_print_task, paper,
                        then=self.previews_of(n, paper))
        if rules_wanted(j.db, j.options):
            catalogue = project_paper_catalogue(j.db.project)
            where = {paper: n for n, paper in enumerate(j.options.papers)}
            for group in rules_groups([catalogue[paper] for paper in j.options.papers]):
                for booklet in (False, True):  # two tasks: helpers may take one each
                    self.submit((0, where[group[0].name], 1, int(booklet)), "print rules",
                                rules_task, group, booklet)
        if j.options.svg:
            for n, chosen in enumerate(chunks(list(j.faces.drawings), SVGS_PER_TASK)):
                self.submit((2, n), "svg", svg_task, chosen)

    def previews_of(self, n: int, paper: str) -> Callable[[list[tuple[str, list[str]]]], None]:
        """What to do once paper n's PDFs are written: queue their page previews."""
        def queue(stems: list[tuple[str, list[str]]]) -> None:
            if not self.job.options.preview:
                return
            for m, (stem, keys) in enumerate(stems):
                for k, first in enumerate(range(0, len(keys), PAGES_PER_TASK)):
                    indices = list(range(first, min(first + PAGES_PER_TASK, len(keys))))
                    self.submit((3, n, m, k), "preview", preview_task, paper, stem, indices,
                                keys[first:first + PAGES_PER_TASK])
        return queue

    def shop_written(self, _: object = None) -> None:
        self.kinds_left -= 1
        if self.kinds_left or not self.job.options.preview:
            return
        entries = sheet_faces(self.job)
        names = preview.sheet_names(len(entries))
        for k, (name, chunk) in enumerate(zip(names, chunks(entries, preview.SHEET_FACES),
                                              strict=False)):
            self.submit((4, k), "preview", sheet_task, name, chunk)
        if not entries:  # nothing printable: an empty sheet, as before
            self.submit((4, 0), "preview", sheet_task, names[0], [])


def drawing_work(faces: Faces, options: BuildOptions, previous: output.Previous) -> int:
    """About how many faces stages 4-7 draw: every copy on every paper and every print-shop
    page, unless a rebuild changed so few faces that the PDFs are put together from the
    previous ones (`pdfsplice`: only the pages holding a fresh face drawn, about nine faces a
    page); the SVGs (a face's costs about three PDF draws) and page previews of the faces
    laid out afresh, the others being linked from the previous output when there is one."""
    fresh = faces.fresh if previous.files else len(faces.drawings)
    copies = sum(c.count * (1 + ((c.id, "back") in faces.drawings)) for c in faces.components)
    spliced = previous.files and fresh <= MAX_CHANGED
    work = (min(copies, fresh * 9) if spliced else copies) * len(options.papers)
    if options.print_shop or options.preview:
        work += min(len(faces.drawings), fresh) if spliced else len(faces.drawings)
    if options.svg:
        work += 3 * fresh
    if options.preview:
        work += 4 * len(options.papers) * min(copies, fresh * 9)
    return work


def write_outputs(db: Database, faces: Faces, tmp: Path, options: BuildOptions,
                  report: Progress, previous: output.Previous,
                  idle: list[Callable[[], None]] | None = None) -> Records:
    """Stages 4-7 into tmp; the records in build order (home, shop, svg, previews, sheets).
    `idle`: work of the build process (saving the face cache) done while it waits for a
    helper, else once the tasks are done."""
    global _JOB, _WARM
    (tmp / shop_folder(options)).mkdir(exist_ok=True)
    if options.svg:
        make_svg_folders(faces, tmp)
    if options.preview:
        (tmp / "preview").mkdir(exist_ok=True)
    faces.keys_by_id()  # every face key once, before any helper forks
    _JOB = Job(db, faces, tmp, options, previous, sources.Sources(), PdfOpsStore(db), os.getpid())
    large = drawing_work(faces, options, previous) >= (WARM_PARALLEL_DRAWS if _WARM
                                                       else PARALLEL_DRAWS)
    try:
        with running(large) as pool:
            records = Scheduler(pool, _JOB, report, idle).run()
        _JOB.store.save(faces.keys.values())  # once, with what helpers handed back
        _WARM = True
    finally:
        _JOB = None
        preview.close_documents()  # those this process opened (all of them without helpers)
    shutil.rmtree(tmp / SCRATCH, ignore_errors=True)
    return records
