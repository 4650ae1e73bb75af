"""`cardgen watch`: build, then rebuild on every save under data/ or layouts/; one line a rebuild.

Rebuilds run in this process, which stays warm: data files parsed once and kept while
watching (a save re-parses only the list items it changed, cardgen.data.yamlkeep), layouts and
icons kept while only data/ changes, faces taken from the face cache in memory, home-print
plans kept while the copies they place are unchanged (cardgen.pipeline.plans), and what the
last build wrote kept in memory (cardgen.pipeline.warm: its manifest, PDFs and unchanged
components, the output folder before last as the next build's temporary folder); the build
reuses every face and file whose content key is unchanged (cardgen.pipeline.sources), so a
one-card edit redoes that card's faces and the PDFs' pages it is on (shared with a forked
helper when they are many, cardgen.pipeline.tasks). Each line gives the time until every file
was written.
Problems in the data are printed and watching goes on; a target that names no game or edition
stops it before it starts (exit 2). Ctrl-C stops.

The saves come from watchfiles (`saved_files`); `watch` takes any iterable of batches in their
place and tells `on_rebuild` of every build, so a test drives the loop with its own batches
and learns of each build as it ends, without waiting on the clock.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.errors import Problem, ProblemsError

if TYPE_CHECKING:
    from watchfiles import Change

    from cardgen.cli.console import Printer

WATCHED = ("data", "layouts", "cardgen.yaml")

Batch = Collection[tuple[object, str]]  # one batch of saves: (kind of change, path), as watchfiles gives


def saved_files(roots: Sequence[Path]) -> Iterator[set[tuple[Change, str]]]:
    """The saves under `roots`, a batch once 0.8 s pass without another; an empty batch every
    0.3 s while nothing is saved (the first one says the watcher is up)."""
    from watchfiles import watch as changes_of

    return changes_of(*roots, debounce=800, step=40, rust_timeout=300, yield_on_timeout=True)


def watch(args: argparse.Namespace, console: Printer, saves: Iterable[Batch] | None = None,
          on_rebuild: Callable[[bool], None] | None = None) -> int:
    """Build once, then again after every batch of saved files until Ctrl-C (or `saves` ends).

    `saves` defaults to `saved_files` on data/, layouts/ and cardgen.yaml. Its first batch
    (empty when nothing was saved) starts the first build; later empty batches are ignored.
    `on_rebuild(built)` is called after each build's line is printed."""
    project = Path(args.project).resolve()
    roots = [project / name for name in WATCHED if (project / name).exists()]
    if not any(r.name == "data" for r in roots):
        raise ProblemsError([Problem("no-project", f"no data/ folder in {project}",
                                     hint="run it in a project (cardgen new GAME makes one)")])
    from cardgen.data.load import check_target, parse_target
    from cardgen.pipeline.warm import keep_warm

    check_target(project, *parse_target(args.target, project))  # a mistyped GAME@EDITION stops here
    keep_warm()  # while watching, a save re-parses only the files (and list items) it changed,
    # and the build takes what the last one wrote from memory (cardgen.pipeline.warm)
    console.print(f"watching {', '.join(r.name for r in roots)} in {project} (Ctrl-C stops)",
                  markup=False)
    built = False
    try:  # the first build runs once the watcher is up, so no save during it is missed
        for changes in (saved_files(roots) if saves is None else saves):
            if not built:
                done = rebuild(args, console, project, [])
                built = True
            elif changes:
                saved = sorted({Path(path) for _, path in changes if Path(path).exists()})
                done = rebuild(args, console, project, saved or sorted({Path(p) for _, p in changes}))
            else:
                continue
            if on_rebuild is not None:
                on_rebuild(done)
    except KeyboardInterrupt:
        pass
    finally:
        keep_warm(False)
    console.print("stopped watching", markup=False)
    return 0


def rebuild(args: argparse.Namespace, console: Printer, project: Path, changed: list[Path]) -> bool:
    """One build of the target; one line saying how it went and how long it took. Never raises
    for a problem in the data: it is printed, and the next save tries again."""
    started = time.perf_counter()
    stamp = time.strftime("%H:%M:%S")
    cause = f" after {_shown(project, changed)}" if changed else ""
    try:
        label, files = _build(args, project, changed)
    except ProblemsError as exc:
        for problem in exc.problems:
            console.print(problem.render(), markup=False, soft_wrap=True)
        console.print(f"{stamp} not built{cause}: {len(exc.problems)} problem"
                      f"{'s' if len(exc.problems) != 1 else ''} "
                      f"({time.perf_counter() - started:.2f} s)", markup=False)
        return False
    seconds = time.perf_counter() - started
    console.print(f"{stamp} built {label}{cause} in {seconds:.2f} s ({files} files)", markup=False)
    return True


def _build(args: argparse.Namespace, project: Path, changed: list[Path]) -> tuple[str, int]:
    """(label, file count) of a fresh build; ProblemsError when the data or the check stop it.

    What this process read of layouts and icons is kept while only data/ changes (it is keyed
    by the files' versions anyway); parsed data files are kept too (data.yamlkeep)."""
    from cardgen.check import check
    from cardgen.check.text import report_lines
    from cardgen.data.load import load_database, parse_target
    from cardgen.layout import forget_files
    from cardgen.pipeline import BuildOptions, build
    from cardgen.pipeline.output import project_output

    if any(not path.is_relative_to(project / "data") for path in changed):
        forget_files()  # a layout or icon was saved: let go of the old versions
    game, edition = parse_target(args.target, project)
    db = load_database(project, game, edition, draft=args.draft)
    report = check(db)
    if report.failed() and not args.draft:
        off = [line.strip() for line in report_lines(report)[1:] if line.startswith("  ")]
        raise ProblemsError([Problem("check-failed", line) for line in off]
                            or [Problem("check-failed", "the check fails; run cardgen check")])
    options = BuildOptions(preview=args.preview,
                           draft_report=tuple(report_lines(report, db.waived)) if args.draft else ())
    summary = build(db, project_output(project), options)
    return (f"a DRAFT of {db.label}" if args.draft else db.label), len(summary.names)


def _shown(project: Path, paths: Iterable[Path]) -> str:
    names = []
    for path in paths:
        try:
            names.append(str(path.relative_to(project)))
        except ValueError:
            names.append(str(path))
    return ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
