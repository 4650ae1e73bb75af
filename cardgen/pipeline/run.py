"""Database -> output/<game>-<edition>/: stages 3-8 of the pipeline (cardgen.stages).

  3. faces       lay out every (component, side) once; reused by every later stage
  4. home print  impose copies on Letter and A4 sheets (pnp-<paper>.pdf)
  5. print shop  one page per face with bleed and boxes (print/<kind>.pdf)
  6. svg         one SVG per face (svg/<kind>/<id>.svg, <id>-back.svg)
  7. preview     every home-print page as PNG and contact sheets of all faces (preview/)
  8. manifest    every file, what it holds, the counts (manifest.json)
(Stages 1 load and 2 check come before: the CLI checks the Database it hands to `build`.)
All of it is written into a temporary folder that replaces the output folder only at the end.

Stages 4-7 run as tasks on a pool of processes forked after stage 3 (one per core), so they
share the laid-out faces without copying them; a page's preview starts as soon as its PDF is
written. SVGs and previews are keyed by content (cardgen.pipeline.sources): a file whose key is in
the previous output's manifest is linked from there instead of being made again, so rebuilding
after a small edit redoes only what the edit touched (and the PDFs, which are rewritten).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from cardgen.data.model import Database
from cardgen.errors import Problem, ProblemsError
from cardgen.pipeline import clean, output, sources, tasks, warm
from cardgen.pipeline.faces import (
    BuildOptions,
    BuildSummary,
    Faces,
    Progress,
    lay_out_faces,
    lint_errors,
    lint_warnings,
)
from cardgen.pipeline.writers import svg_folders, write_manifest_file


def build(
    db: Database, out_root: Path, options: BuildOptions | None = None,
    progress: Progress | None = None,
) -> BuildSummary:
    """Write every output of the database into out_root/<folder>, atomically."""
    with _young_collections_off():
        return _build(db, out_root, options, progress)


@contextmanager
def _young_collections_off() -> Iterator[None]:
    """Python's cyclic collector paused while a build runs (as it was, after): nearly every
    object a build makes lives until it ends and its stages make no reference cycles, so the
    collections only walked the live faces (4 % of a 6,000-card build's CPU). What the build
    made is then moved to the oldest generation unscanned (gc.freeze moves every object aside
    and clears the young count, gc.unfreeze puts them back as old ones), so the young
    collection that would come at once does not walk all of it (~5 % of a rebuild's CPU)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.unfreeze()
        if collecting:
            gc.enable()


def _build(db: Database, out_root: Path, options: BuildOptions | None,
           progress: Progress | None) -> BuildSummary:
    options = options or BuildOptions()
    report = progress or (lambda stage, done, total: None)
    started = time.perf_counter()
    target = Path(out_root) / folder_name(db, options)
    cache = sources.FaceCache(db)
    faces = lay_out_faces(db, options.only, report, cache, options.ink_saver)  # stage 3
    warnings = [w for w in lint_summary(faces) if w.severity != "note"]  # `cardgen lint` shows notes
    if options.strict and warnings:
        raise ProblemsError([replace(w, severity="error") for w in warnings])
    if lint_errors(warnings) and not options.draft_report:  # a draft is a play-test copy
        raise ProblemsError(lint_errors(warnings))
    if options.only is None and not options.ink_saver and not lint_errors(warnings):
        clean.record_clean(db, (e[0] for e in cache.new.values()), cache.base,  # for `cardgen
                           cache.written)  # check`
    clock = PdfClock(report, pdf_stages(options, faces), started)
    with output.atomic_folder(target) as tmp:
        previous = output.Previous.load(target, tmp)
        # the face cache is saved while the build process waits for a helper (or after its
        # tasks): the faces are laid out, whatever becomes of the files
        saving = [lambda: cache.save(keep_old=options.only is not None)]
        records = tasks.write_outputs(db, faces, tmp, options, clock, previous,  # stages 4-7
                                      saving)
        for step in options.extra_steps:  # e.g. the gallery, listed in the manifest
            records += step(db, faces, tmp, list(records))
        previous.settle(tmp, [r.path for r in records], svg_folders(faces) if options.svg else set())
        write_manifest_file(db, faces, tmp, records, options, report)  # stage 8
    return BuildSummary(
        folder=target,
        names=[r.path for r in records] + ["manifest.json"],
        pages=sum(r.pages for r in records if r.holds == "home-print"),
        faces=len(faces.drawings),
        seconds=time.perf_counter() - started,
        pdfs_seconds=clock.seconds,
        warnings=warnings,
        read=sorted({path for probes, _, _ in cache.new.values() for path, _ in probes}),
    )


def lint_summary(faces: Faces) -> list[Problem]:
    """`lint_warnings(faces)`; while the process keeps warm, the last build's again when its
    faces' findings were equal, face by face in the same order (all that it sums up: a
    rebuild after a card's text is edited mostly lays out the same findings again)."""
    if not warm.warm():
        return lint_warnings(faces)
    found = [tuple(drawing.warnings) for drawing in faces.drawings.values()]
    if _LINTED and _LINTED[0][0] == found:
        return list(_LINTED[0][1])
    summary = lint_warnings(faces)
    _LINTED[:] = [(found, list(summary))]
    return summary


# while the process keeps warm: the last build's findings, face by face, and their summary
_LINTED: list[tuple[list[tuple[Problem, ...]], list[Problem]]] = warm.memo([])


def pdf_stages(options: BuildOptions, faces: Faces) -> set[str]:
    """The progress stages that write PDFs in this build."""
    stages = {f"print {paper}" for paper in options.papers}
    if options.print_shop and faces.components:
        stages.add("print shop")
    return stages


class PdfClock:
    """A progress callback that passes everything on and notes when the last PDF is written
    (previews are queued behind the PDFs, so a designer's PDFs are done first)."""

    def __init__(self, report: Progress, stages: set[str], started: float):
        self.report, self.waiting, self.started = report, set(stages), started
        self.seconds: float | None = None

    def __call__(self, stage: str, done: int, total: int) -> None:
        self.report(stage, done, total)
        if stage in self.waiting and done >= total:
            self.waiting.discard(stage)
            if not self.waiting:
                self.seconds = time.perf_counter() - self.started


def folder_name(db: Database, options: BuildOptions) -> str:
    if options.name:
        return options.name
    base = f"{db.game.id}-{db.edition.id}"
    return f"{base}-{options.suffix}" if options.suffix else base


