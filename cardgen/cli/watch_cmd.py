"""`cardgen watch`: build, then rebuild on every save under data/ or layouts/; one line a rebuild.

Rebuilds run in this process; the build reuses every face and file whose content key is
unchanged (cardgen.pipeline.sources), so a one-card edit redoes that card's faces and the PDFs.
Problems in the data are printed and watching goes on; a target that names no game or edition
stops it before it starts (exit 2). Ctrl-C stops.
"""

from __future__ import annotations

import argparse
import threading
import time
from collections.abc import Iterable
from pathlib import Path

from rich.console import Console

from cardgen.errors import Problem, ProblemsError

WATCHED = ("data", "layouts", "cardgen.yaml")


def watch(args: argparse.Namespace, console: Console, stop: threading.Event | None = None) -> int:
    """Build once, then again after every batch of saved files until Ctrl-C (or `stop` is set)."""
    from watchfiles import watch as changes_of

    project = Path(args.project).resolve()
    roots = [project / name for name in WATCHED if (project / name).exists()]
    if not any(r.name == "data" for r in roots):
        raise ProblemsError([Problem("no-project", f"no data/ folder in {project}",
                                     hint="run it in a project (cardgen new GAME makes one)")])
    from cardgen.data.load import check_target, parse_target

    check_target(project, *parse_target(args.target, project))  # a mistyped GAME@EDITION stops here
    console.print(f"watching {', '.join(r.name for r in roots)} in {project} (Ctrl-C stops)",
                  markup=False)
    built = False
    try:  # the first build runs once the watcher is up, so no save during it is missed
        for changes in changes_of(*roots, stop_event=stop, debounce=800, step=40,
                                  rust_timeout=300, yield_on_timeout=True):
            if not built:
                rebuild(args, console, project, [])
                built = True
            elif changes:
                saved = sorted({Path(path) for _, path in changes if Path(path).exists()})
                rebuild(args, console, project, saved or sorted({Path(p) for _, p in changes}))
    except KeyboardInterrupt:
        pass
    console.print("stopped watching", markup=False)
    return 0


def rebuild(args: argparse.Namespace, console: Console, project: Path, changed: list[Path]) -> bool:
    """One build of the target; one line saying how it went and how long it took. Never raises
    for a problem in the data: it is printed, and the next save tries again."""
    started = time.perf_counter()
    stamp = time.strftime("%H:%M:%S")
    cause = f" after {_shown(project, changed)}" if changed else ""
    try:
        label, files = _build(args, project, console)
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


def _build(args: argparse.Namespace, project: Path, console: Console) -> tuple[str, int]:
    """(label, file count) of a fresh build; ProblemsError when the data or the check stop it."""
    from cardgen.check import check
    from cardgen.check.text import report_lines
    from cardgen.data.load import load_database, parse_target
    from cardgen.layout import forget_files
    from cardgen.pipeline import BuildOptions, build
    from cardgen.pipeline.output import project_output

    forget_files()  # layouts and icons may have changed since the last build
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
    return (f"a DRAFT of {db.label}" if args.draft else db.label), len(summary.files)


def _shown(project: Path, paths: Iterable[Path]) -> str:
    names = []
    for path in paths:
        try:
            names.append(str(path.relative_to(project)))
        except ValueError:
            names.append(str(path))
    return ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
