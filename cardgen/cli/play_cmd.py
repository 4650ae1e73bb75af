"""`cardgen play`: build the edition with its SVGs and table.html, then open the table in the
browser (Python's webbrowser module; `--no-open` only writes it)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardgen.cli.console import Printer
    from cardgen.data.model import Database


def add_play(sub: argparse._SubParsersAction[argparse.ArgumentParser],
             target_arg: Callable[[argparse.ArgumentParser], None],
             handler: Callable[[argparse.Namespace, Printer], int]) -> None:
    p = sub.add_parser("play", help="a play table in the browser: shuffle, deal, roll, before printing",
                       description="Build the edition (with its SVGs) and write table.html into its "
                                   "output folder: every deck face down, boards, tokens and dice on "
                                   "a table that works offline from the file system, set up from "
                                   "the edition's setup: steps. Then open it in the browser.")
    target_arg(p)
    p.add_argument("--no-open", action="store_true", help="write table.html, do not open it")
    p.add_argument("--out", type=Path, metavar="DIR", help="output root (default: PROJECT/output)")
    p.add_argument("--outputs", metavar="NAME,...",
                   help="what else the build writes (svg is always written; default: "
                        "cardgen.yaml build.outputs, else all)")
    p.set_defaults(handler=handler)


def run_play(args: argparse.Namespace, console: Printer, db: Database) -> int:
    from cardgen.check import check
    from cardgen.cli.build_cmd import (
        build_with_progress,
        chosen_outputs,
        gallery_steps,
        may_build,
        output_root,
        print_layout_warnings,
    )
    from cardgen.export.play import TABLE, PlayStep
    from cardgen.pipeline import BuildOptions
    from cardgen.pipeline.outputs import options_for, project_outputs

    out_root = output_root(args, db)
    outputs = chosen_outputs(args, db)
    chosen = {**options_for(outputs, project_outputs(db.project)), "svg": True}
    report = check(db)
    may_build(report, console, strict=False, draft=True)  # a play-test goes on: the report is said
    steps = (*gallery_steps(args, db, report, outputs, None), PlayStep())
    summary = build_with_progress(db, out_root, BuildOptions(extra_steps=steps, **chosen), console)
    print_layout_warnings(summary, console)
    table = summary.folder / TABLE
    console.print(f"wrote the play table of {db.label}: {table}", markup=False)
    if not args.no_open:
        import webbrowser

        if not webbrowser.open(table.resolve().as_uri()):
            console.print("  no browser found: open that file in one", markup=False)
    return 0
