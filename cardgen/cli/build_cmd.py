"""`cardgen build` arguments -> check, then the build stage with a progress bar and a summary."""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)

from cardgen.check import check
from cardgen.check.text import report_lines, waived_summary
from cardgen.cli.report_view import print_report
from cardgen.data.model import Database
from cardgen.errors import Problem, ProblemsError
from cardgen.stages import progress_label

if TYPE_CHECKING:
    from cardgen.diff.compute import EditionDiff


def parse_offset(text: str) -> tuple[float, float]:
    """'1.5,-0.5' -> (1.5, -0.5) mm."""
    try:
        dx, dy = (float(v) for v in text.split(","))
    except ValueError:
        dx = dy = math.nan
    if not all(math.isfinite(v) and abs(v) <= MAX_BACK_OFFSET_MM for v in (dx, dy)):
        raise ProblemsError([Problem(
            "bad-option", f"--back-offset '{text}' is not DX,DY in mm (each at most "
            f"{MAX_BACK_OFFSET_MM:g} mm)", hint="e.g. --back-offset 1.5,-0.5")])
    return dx, dy


def chosen_outputs(args: argparse.Namespace, db: Database) -> tuple[str, ...] | None:
    """--outputs, else cardgen.yaml's build.outputs, else None (every output)."""
    from cardgen.build.outputs import configured_outputs, outputs_option

    if getattr(args, "outputs", None):
        return outputs_option(args.outputs)
    return configured_outputs(db.project)


MAX_BACK_OFFSET_MM = 20.0
MAX_PLAYERS = 100


def check_player_count(players: int | None) -> None:
    """--players N is a number of people at a table (the edition's own range is checked once
    the edition is loaded: main.check_players_in_range)."""
    if players is not None and not 1 <= players <= MAX_PLAYERS:
        raise ProblemsError([Problem("bad-option", f"--players {players} is not from 1 to {MAX_PLAYERS}",
                                     hint="give the number of people at the table, e.g. --players 3")])


def output_root(args: argparse.Namespace, db: Database) -> Path:
    """--out as given, else PROJECT/output, which must stay inside the project (not a link out)."""
    from cardgen.build.output import project_output

    return Path(args.out) if args.out is not None else project_output(db.project)


def run_build(args: argparse.Namespace, console: Console, db: Database) -> int:
    from cardgen.build import BuildOptions, build
    from cardgen.build.outputs import options_for

    check_player_count(args.players)
    out_root = output_root(args, db)
    outputs = chosen_outputs(args, db)  # a wrong name stops before the check
    chosen = options_for(outputs)
    gallery = outputs is None or "gallery" in outputs
    if args.no_preview:
        chosen["preview"] = False
    report = check(db, players=args.players)
    draft = getattr(args, "draft", False)
    if report.failed(strict=args.strict):
        print_report(report, console, strict=args.strict)
        if not draft:
            console.print("[bold red]not building: the database fails its check[/]")
            return 1
    only, suffix = None, None
    if args.players is not None and db.edition.players is not None:
        from cardgen.data.players import for_players

        db = for_players(db, args.players)
        suffix = f"{args.players}p"
    from cardgen.cli.export_cmd import edition_diff, gallery_step

    changed = None  # the diff --changed-since asks for, worked out once for reprint and gallery
    if getattr(args, "changed_since", None):
        changed = edition_diff(db, args.changed_since, "--changed-since")
        only = reprint_ids(db, changed, console)
        if not only:
            return 0
        since = f"since-{args.changed_since.rpartition('@')[2]}"
        suffix = f"{suffix}-{since}" if suffix else since
    steps: tuple[Any, ...] = ()
    if gallery:
        against = getattr(args, "diff_against", None)
        steps = (gallery_step(db, report, against, None if against else changed),)
    options = BuildOptions(back_offset=parse_offset(args.back_offset), fold=args.fold,
                           ink_saver=args.ink_saver, only=only, suffix=suffix,
                           strict=bool(getattr(args, "strict", False)), extra_steps=steps,
                           draft_report=tuple(report_lines(report, db.waived)) if draft else (),
                           **chosen)
    with Progress(TextColumn("{task.description:<16}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console, transient=True,
                  disable=not console.is_terminal) as bar:
        tasks: dict[str, TaskID] = {}

        def progress(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(progress_label(stage), total=total)
            bar.update(tasks[stage], completed=done, total=total)

        summary = build(db, out_root, options, progress=progress)
    for warning in summary.warnings:
        console.print(warning.render(), markup=False, soft_wrap=True)
    if summary.warnings:
        console.print(f"{len(summary.warnings)} layout warnings (--strict refuses to build on them)",
                      markup=False)
    if draft:
        console.print(f"built a DRAFT of {db.label}: {summary}", markup=False)
        waived = waived_summary(report, db.waived)
        console.print("waived for this draft: " + ("; ".join(waived) if waived else "nothing"),
                      markup=False)
        return 0
    console.print(f"built {db.label}: {summary}", markup=False)
    if summary.pdfs_seconds is not None and (options.svg or options.preview):
        console.print(pdfs_line(summary.pdfs_seconds, summary.seconds, options.preview),
                      markup=False)
    return 0


LONG_AFTER_PDFS = 2.0  # seconds after the PDFs from which the build says how to skip them


def pdfs_line(pdfs: float, total: float, preview: bool) -> str:
    """When the PDFs were done; where the rest of a long build went, and how to skip it."""
    line = f"PDFs done after {pdfs:.1f} s; SVGs{' and previews' if preview else ''} after them"
    if preview and total - pdfs >= LONG_AFTER_PDFS:
        line += f" ({total - pdfs:.1f} s more: --no-preview or --outputs leave out what you skip)"
    return line



def run_lint(db: Database, console: Console, strict: bool) -> int:
    """Lay out every face, print the layout lints; with strict, warnings are errors."""
    from dataclasses import replace

    from cardgen.build.faces import lay_out_faces, lint_warnings

    faces = lay_out_faces(db, None, lambda stage, done, total: None)
    warnings = lint_warnings(faces)
    if strict and warnings:
        raise ProblemsError([replace(w, severity="error") for w in warnings])
    for warning in warnings:
        console.print(warning.render(), markup=False, soft_wrap=True)
    console.print(f"{db.label}: {len(warnings)} layout warning{'s' if len(warnings) != 1 else ''} "
                  f"on {len(faces.drawings)} faces", markup=False)
    return 0


def reprint_ids(db: Database, diff: EditionDiff, console: Console) -> frozenset[str]:
    """Ids whose faces differ in `diff` (an older edition -> db); says what it found."""
    ids = frozenset(diff.changed_ids())
    if diff.removed:
        gone = ", ".join(p.id for p in diff.removed)
        console.print(f"removed since {diff.old} (nothing to print): {gone}", markup=False)
    if not ids:
        console.print(f"nothing to reprint: every face of {db.label} is the same as in "
                      f"{diff.old}; nothing written", markup=False)
        return ids
    listed = ", ".join(c.id for c in db.components if c.id in ids)
    console.print(f"reprinting {len(ids)} component{'s' if len(ids) != 1 else ''} changed "
                  f"since {diff.old}: {listed}", markup=False)
    return ids
