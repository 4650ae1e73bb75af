"""`cardgen build` arguments -> check, then the build stage with a progress bar and a summary."""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.errors import Problem, ProblemsError
from cardgen.stages import progress_label

if TYPE_CHECKING:  # the data and the check are loaded once a build runs (not for one that
    # finds nothing changed: `said_again`)
    from rich.progress import TaskID

    from cardgen.check.report import Report
    from cardgen.cli.console import Printer
    from cardgen.data.model import Database
    from cardgen.diff.compute import EditionDiff
    from cardgen.pipeline import BuildOptions, BuildSummary
    from cardgen.pipeline.stamp import Inputs


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
    from cardgen.pipeline.outputs import configured_outputs, outputs_option

    if getattr(args, "outputs", None):
        return outputs_option(args.outputs, db.project)
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
    from cardgen.pipeline.output import project_output

    return Path(args.out) if args.out is not None else project_output(db.project)


class Stamp:
    """A build's key and the project's files as they stood before it read any
    (`pipeline/stamp.py`)."""

    def __init__(self, args: argparse.Namespace) -> None:
        from cardgen.pipeline.stamp import Inputs, command_key

        self.started = time.perf_counter()
        self.project = Path(args.project)
        self.key = command_key(vars(args))
        self.inputs: Inputs = Inputs(self.project, args.out)


def build_stamp(args: argparse.Namespace) -> Stamp | None:
    """The stamp to look a build up by and record it with; None for a build that is never
    recorded (a draft, a reprint since another edition, a simulation)."""
    if getattr(args, "draft", False) or getattr(args, "changed_since", None) or getattr(
            args, "simulate", None):
        return None
    return Stamp(args)


def said_again(stamp: Stamp | None, console: Printer) -> bool:
    """Whether the last build with this stamp's key left everything as this one would (its
    inputs, the code and its output folder as they are now): then what it printed is printed
    again (with this command's seconds) and nothing else is done."""
    from cardgen.pipeline.stamp import recorded

    if stamp is None:
        return False
    said = recorded(stamp.project, stamp.key, stamp.inputs)
    if said is None:
        return False
    for line in said["warnings"]:
        console.print(line, markup=False, soft_wrap=True)
    if said["warnings"]:
        console.print(warnings_line(len(said["warnings"])), markup=False)
    seconds = time.perf_counter() - stamp.started
    before, after = said["summary"]
    summary = f"{before} in {seconds:.1f} s -> {after}" if after else before
    console.print(f"built {said['label']}: {summary}", markup=False)
    if said["pdfs"] is not None:
        console.print(pdfs_line(seconds, seconds, said["pdfs"]), markup=False)
    return True


def record_build(stamp: Stamp, db: Database, summary: BuildSummary, options: BuildOptions) -> None:
    """Leave what this build read, wrote and printed for the next one with its key."""
    from cardgen.pipeline.stamp import record

    rulebooks = [db.edition.rulebook_path, *(q.rulebook for q in db.quotes)]
    read = [*summary.read, *(str(p) for p in rulebooks if p is not None)]
    said = {"warnings": [w.render() for w in summary.warnings], "label": db.label,
            "summary": _summary_parts(summary),
            "pdfs": options.preview if pdfs_said(summary, options) else None}
    record(stamp.project, stamp.key, stamp.inputs, read, summary.folder, said)


def _summary_parts(summary: BuildSummary) -> tuple[str, str]:
    """The summary's text before and after its seconds."""
    before, seconds, after = str(summary).rpartition(f" in {summary.seconds:.1f} s -> ")
    return (before, after) if seconds else (str(summary), "")


def _draft_report(report: Report, db: Database) -> tuple[str, ...]:
    """The check report's lines a draft's first pages show (its module imported by a draft alone)."""
    from cardgen.check.text import report_lines

    return tuple(report_lines(report, db.waived))


def run_build(args: argparse.Namespace, console: Printer, db: Database,
              stamp: Stamp | None = None) -> int:
    from cardgen.check import check
    from cardgen.pipeline import BuildOptions
    from cardgen.pipeline.clean import recall_text, record_text
    from cardgen.pipeline.outputs import options_for, project_outputs

    check_player_count(args.players)
    out_root = output_root(args, db)
    outputs = chosen_outputs(args, db)  # a wrong name stops before the check
    chosen = options_for(outputs, project_outputs(db.project))
    chosen["preview"] = wants_previews(args, chosen["preview"])
    recall_text(db)
    report = check(db, players=args.players)
    record_text(db)  # what the check read, for the next `cardgen check`
    draft = getattr(args, "draft", False)
    if not may_build(report, console, strict=args.strict, draft=draft):
        return 1
    db, suffix = for_player_count(db, args.players)
    changed, only = reprint_since(args, db, console)
    if only is not None and not only:
        return 0  # nothing to reprint
    suffix = with_since(suffix, args)
    steps = gallery_steps(args, db, report, outputs, changed)
    if getattr(args, "simulate", None):
        from cardgen.export.simulate import SimulateStep

        suffix = "-".join(filter(None, (suffix, args.simulate)))
        steps = (*steps, SimulateStep(args.simulate))
    options = BuildOptions(back_offset=parse_offset(args.back_offset), fold=args.fold,
                           ink_saver=args.ink_saver, only=only, suffix=suffix,
                           strict=bool(getattr(args, "strict", False)), extra_steps=steps,
                           draft_report=_draft_report(report, db) if draft else (),
                           **chosen)
    if stamp is not None:
        from cardgen.pipeline.stamp import forget

        forget(stamp.project, stamp.key)  # until this build has ended
    summary = build_with_progress(db, out_root, options, console)
    print_layout_warnings(summary, console)
    if draft:
        print_draft_built(db, report, summary, console)
    else:
        print_built(db, summary, options, console)
    if stamp is not None and options.only is None:
        record_build(stamp, db, summary, options)
    return 0


def wants_previews(args: argparse.Namespace, chosen: bool) -> bool:
    """Whether the build writes PNG previews: --no-preview never; --previews and --simulate
    (whose pictures are the previews) always; else as the outputs chose (not by default)."""
    if args.no_preview:
        return False
    return chosen or bool(getattr(args, "previews", False) or getattr(args, "simulate", None))


def may_build(report: Report, console: Printer, *, strict: bool, draft: bool) -> bool:
    """Whether the build goes on after its check: a failed check is printed, and stops all
    but a draft."""
    if not report.failed(strict=strict):
        return True
    from cardgen.cli.report_view import print_report

    print_report(report, console, strict=strict)
    if draft:
        return True
    console.print("[bold red]not building: the database fails its check[/]")
    console.print("  hint: fix what the check reports, or print a play-test copy anyway with "
                  "--draft (every page marked DRAFT, the report on page 1)", markup=False)
    return False


def for_player_count(db: Database, players: int | None) -> tuple[Database, str | None]:
    """The database for --players N and its file-name suffix ("3p"); db itself, no suffix,
    without --players or when the edition has no player range."""
    if players is None or db.edition.players is None:
        return db, None
    from cardgen.data.players import for_players

    return for_players(db, players), f"{players}p"


def reprint_since(args: argparse.Namespace, db: Database, console: Printer
                  ) -> tuple[EditionDiff | None, frozenset[str] | None]:
    """The diff --changed-since asks for (worked out once, for the reprint and the gallery)
    and the ids to reprint; (None, None) without --changed-since."""
    if not getattr(args, "changed_since", None):
        return None, None
    from cardgen.cli.export_cmd import edition_diff

    changed = edition_diff(db, args.changed_since, "--changed-since")
    return changed, reprint_ids(db, changed, console)


def with_since(suffix: str | None, args: argparse.Namespace) -> str | None:
    """The file-name suffix with "since-EDITION" after it for --changed-since."""
    if not getattr(args, "changed_since", None):
        return suffix
    since = f"since-{args.changed_since.rpartition('@')[2]}"
    return f"{suffix}-{since}" if suffix else since


def gallery_steps(args: argparse.Namespace, db: Database, report: Report,
                  outputs: tuple[str, ...] | None, changed: EditionDiff | None) -> tuple[Any, ...]:
    """The gallery step when the gallery is among the outputs (its diff: --diff-against, else
    the --changed-since one); else none."""
    if outputs is not None and "gallery" not in outputs:
        return ()
    from cardgen.cli.export_cmd import gallery_step

    against = getattr(args, "diff_against", None)
    return (gallery_step(db, report, against, None if against else changed),)


def build_with_progress(db: Database, out_root: Path, options: BuildOptions,
                        console: Printer) -> BuildSummary:
    """The build, with a progress bar per stage on a terminal."""
    from cardgen.pipeline import build

    if not console.is_terminal:  # no bar to show (rich.progress is not even loaded)
        return build(db, out_root, options, progress=lambda stage, done, total: None)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from cardgen.cli.console import as_rich

    with Progress(TextColumn("{task.description:<16}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=as_rich(console), transient=True) as bar:
        tasks: dict[str, TaskID] = {}

        def progress(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(progress_label(stage), total=total)
            bar.update(tasks[stage], completed=done, total=total)

        return build(db, out_root, options, progress=progress)


def print_layout_warnings(summary: BuildSummary, console: Printer) -> None:
    for warning in summary.warnings:
        console.print(warning.render(), markup=False, soft_wrap=True)
    if summary.warnings:
        console.print(warnings_line(len(summary.warnings)), markup=False)


def warnings_line(count: int) -> str:
    return f"{count} layout warnings (--strict refuses to build on them)"


def pdfs_said(summary: BuildSummary, options: BuildOptions) -> bool:
    """Whether the build says when its PDFs were done."""
    return summary.pdfs_seconds is not None and (options.svg or options.preview)


def print_built(db: Database, summary: BuildSummary, options: BuildOptions, console: Printer) -> None:
    """What was built, and when the PDFs were done."""
    console.print(f"built {db.label}: {summary}", markup=False)
    if summary.pdfs_seconds is not None and pdfs_said(summary, options):
        console.print(pdfs_line(summary.pdfs_seconds, summary.seconds, options.preview),
                      markup=False)


def print_draft_built(db: Database, report: Report, summary: BuildSummary, console: Printer) -> None:
    """What a draft build wrote, and what it waived."""
    from cardgen.check.text import waived_summary

    console.print(f"built a DRAFT of {db.label}: {summary}", markup=False)
    waived = waived_summary(report, db.waived)
    console.print("waived for this draft: " + ("; ".join(waived) if waived else "nothing"),
                  markup=False)


LONG_AFTER_PDFS = 2.0  # seconds after the PDFs from which the build says how to skip them


def pdfs_line(pdfs: float, total: float, preview: bool) -> str:
    """When the PDFs were done; where the rest of a long build went, and how to skip it."""
    line = f"PDFs done after {pdfs:.1f} s; SVGs{' and previews' if preview else ''} after them"
    if preview and total - pdfs >= LONG_AFTER_PDFS:
        line += f" ({total - pdfs:.1f} s more: --no-preview or --outputs leave out what you skip)"
    return line



def face_problems(db: Database) -> list[Problem]:
    """Every problem laying out every face would meet (layout files, bindings, arithmetic,
    icons, fonts, glyphs, images, text that does not fit), all of them; nothing is drawn or
    written. `cardgen check` reports them as the build would."""
    from cardgen.pipeline.clean import known_clean

    if known_clean(db):  # a build laid out every face as they are now, without an error
        return []
    from cardgen.pipeline.faces import lay_out_faces, lint_errors, lint_warnings
    from cardgen.pipeline.sources import FaceCache

    try:  # a face unchanged since a build comes from its face cache (only read here): it was
        # laid out then without a problem, and its key holds everything the layout read
        faces = lay_out_faces(db, None, lambda stage, done, total: None,
                              FaceCache(db, read_only=True))
    except ProblemsError as exc:
        return exc.problems
    return lint_errors(lint_warnings(faces))


def run_lint(db: Database, console: Printer, strict: bool) -> int:
    """Lay out every face, print the layout lints; with strict, warnings are errors."""
    from dataclasses import replace

    from cardgen.pipeline.faces import lay_out_faces, lint_errors, lint_warnings

    faces = lay_out_faces(db, None, lambda stage, done, total: None)
    warnings = lint_warnings(faces)
    if lint_errors(warnings):
        raise ProblemsError(lint_errors(warnings) + [w for w in warnings if w.severity != "error"])
    notes = [w for w in warnings if w.severity == "note"]  # guidelines: never a failure
    warnings = [w for w in warnings if w.severity != "note"]
    if strict and warnings:
        raise ProblemsError([replace(w, severity="error") for w in warnings])
    for warning in warnings + notes:
        console.print(warning.render(), markup=False, soft_wrap=True)
    noted = f", {len(notes)} note{'s' if len(notes) != 1 else ''}" if notes else ""
    console.print(f"{db.label}: {len(warnings)} layout warning{'s' if len(warnings) != 1 else ''}"
                  f"{noted} on {len(faces.drawings)} faces", markup=False)
    return 0


def reprint_ids(db: Database, diff: EditionDiff, console: Printer) -> frozenset[str]:
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
