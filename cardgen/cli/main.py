"""Command line -> stage calls; the one place that prints problems and picks exit codes.

Exit codes: 0 clean, 1 check failed, 2 invalid data or usage, 3 a bug in cardgen itself.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen import __version__
from cardgen.cli.collector import for_a_command
from cardgen.cli.console import LazyConsole, Printer
from cardgen.cli.help_text import PAPER_OUTPUTS, PaperHelp
from cardgen.cli.plugins import skip_plugin_search
from cardgen.cli.target import command_of, hoist_global_options, project_folder, target
from cardgen.errors import Problem, ProblemsError, fold

if TYPE_CHECKING:
    from cardgen.data.model import Database

    Subparsers = argparse._SubParsersAction[argparse.ArgumentParser]

EXIT_OK, EXIT_FAILED, EXIT_INVALID, EXIT_INTERNAL = 0, 1, 2, 3

Handler = Callable[[argparse.Namespace, Printer], int]


@cache  # parsing leaves a parser as it was; it reads the terminal's width when it prints
def _parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser, made once; with `only`, a known command, that command's
    alone (what it parses is the same; the others' options are not built)."""
    parser = argparse.ArgumentParser(
        prog="cardgen",
        description="Check a tabletop game's YAML database against its rulebook's box list, "
                    "and print it: home-print PDFs, print-shop PDFs and SVGs.",
        epilog="GAME[@EDITION] defaults to the project's default game (cardgen.yaml) and the "
               "game's default edition. The project is the nearest folder holding cardgen.yaml, "
               "here or above. Exit codes: 0 clean, 1 check failed, 2 invalid data.")
    parser.add_argument("--version", action="version", version=f"cardgen {__version__}")
    parser.add_argument("--project", type=Path, metavar="DIR",
                        help="project folder holding cardgen.yaml, data/ and layouts/ (default: the "
                             "nearest folder with cardgen.yaml, here or above); before or after "
                             "the command")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, add in COMMANDS:
        if only in (None, name):
            add(sub)
    return parser


def _target_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("target", nargs="?", metavar="GAME[@EDITION]",
                   help="e.g. mygame@1.0 (default: the project's default game)")


def _add_check(sub: Subparsers) -> None:
    p = sub.add_parser("check", help="compare the database with the box list and check references",
                       description="Compare an edition's database with its rulebook's box list, "
                                   "run the game's cross-reference rules, report rulebook findings.")
    _target_arg(p)
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--players", type=int, metavar="N", help="check the box list for N players")
    p.add_argument("--strict", action="store_true",
                   help="treat warnings (findings) as failures; acknowledged findings pass")
    p.add_argument("--list-rules", action="store_true",
                   help="list every family of finding (id, default severity, meaning) and exit")
    p.set_defaults(handler=cmd_check)


def _add_build(sub: Subparsers) -> None:
    p = sub.add_parser("build", formatter_class=PaperHelp,
                       help="check, then write PDFs, SVGs and the gallery to output/",
                       description="Check the edition, then write output/<game>-<edition>/: "
                                   "home-print PDFs (Letter, A4; duplex and single-sided), "
                                   "the rulebook and its booklet, print-shop PDFs, SVGs, "
                                   "the gallery; PNG previews with --previews.")
    _target_arg(p)
    p.add_argument("--players", type=int, metavar="N", help="build the box for N players")
    p.add_argument("--back-offset", default="0,0", metavar="DX,DY",
                   help="shift back pages by DX,DY mm to match your printer's duplex (default 0,0)")
    p.add_argument("--fold", action="store_true", help="fold-over sheets instead of duplex")
    p.add_argument("--ink-saver", action="store_true",
                   help="printer-friendly faces: light backgrounds and backs, tinted fills")
    p.add_argument("--changed-since", metavar="EDITION",
                   help="reprint only faces that differ from EDITION")
    p.add_argument("--out", type=Path, metavar="DIR", help="output root (default: PROJECT/output)")
    p.add_argument("--outputs", metavar="NAME,...",
                   help=f"write only these: {PAPER_OUTPUTS}, print, rules, svg, preview, "
                        "gallery (default: cardgen.yaml build.outputs, else all but preview)")
    p.add_argument("--previews", action="store_true",
                   help="also write PNG previews of the pages and contact sheets (preview/)")
    p.add_argument("--no-preview", action="store_true",
                   help="skip PNG previews even if --outputs or cardgen.yaml names them")
    p.add_argument("--simulate", choices=("protan", "deutan", "tritan", "grey"),
                   help="previews (implies --previews) and gallery as a colour-blind player sees them "
                        "(into output/<game>-<edition>-<kind>)")
    p.add_argument("--strict", action="store_true", help="refuse to build on warnings too")
    p.add_argument("--draft", action="store_true",
                   help="print a play-test copy even if the check fails or art is missing: "
                        "placeholders for missing images, DRAFT on every page and face, the "
                        "check report on the first page; exit 0")
    p.add_argument("--diff-against", metavar="EDITION",
                   help="the gallery (index.html) lists what changed since EDITION "
                        "(default: the edition this one extends)")
    p.set_defaults(handler=cmd_build)


def _add_diff(sub: Subparsers) -> None:
    p = sub.add_parser("diff", help="show what changed between two editions",
                       description="Compare two editions: components added, removed and changed "
                                   "(field by field), kinds, vocabulary and box-list rows. "
                                   "Exit 0 whether or not they differ.")
    p.add_argument("old", metavar="GAME@OLD", help="e.g. l5@0.6.2")
    p.add_argument("new", metavar="GAME@NEW", help="e.g. l5@0.6.5, or just NEW for the same game")
    form = p.add_mutually_exclusive_group()
    form.add_argument("--markdown", action="store_true", help="print a changelog in Markdown")
    form.add_argument("--json", action="store_true", help="print the diff as JSON")
    p.set_defaults(handler=cmd_diff)


def _add_new_edition(sub: Subparsers) -> None:
    p = sub.add_parser("new-edition", help="start an edition that extends another",
                       description="Create data/GAME/NEW/ with an edition.yaml that extends "
                                   "OLD and an empty changes.yaml showing how to patch and "
                                   "remove components. Never overwrites an edition.")
    p.add_argument("target", metavar="GAME@NEW", help="e.g. l5@0.6.6")
    p.add_argument("--from", dest="parent", metavar="OLD",
                   help="the edition it extends (default: the game's default edition)")
    p.set_defaults(handler=cmd_new_edition)


def _add_schema(sub: Subparsers) -> None:
    p = sub.add_parser("schema", help="write JSON Schemas for editor autocompletion",
                       description="Write schema/<game>.{game,edition,components}.schema.json "
                                   "for every game, and schema/layout.schema.json for layout "
                                   "files, so editors autocomplete and flag mistakes.")
    p.set_defaults(handler=cmd_schema)


def _output_state(started: float) -> str:
    """What happened to output/ in this run, for a message that must be true."""
    swaps = getattr(sys.modules.get("cardgen.pipeline.output"), "SWAPPED", [])
    done = [path for path, when in swaps if when >= started]
    return f"{done[-1]} was already replaced by the new build" if done else "the previous output is unchanged"


def _add_new(sub: Subparsers) -> None:
    p = sub.add_parser("new", help="start a new game project that checks and builds at once",
                       description="Create DIR (default: ./GAME) with cardgen.yaml, data/GAME/ (one kind, "
                                   "an edition with a box list and a few components), a layout "
                                   "extending the shared poker-card frame, a rulebook stub and a README. "
                                   "Never overwrites a file.")
    p.add_argument("game", metavar="GAME", help="the game's id: lower case, digits and dashes")
    p.add_argument("dir", nargs="?", type=Path, metavar="DIR", help="where to create it (default: ./GAME)")
    p.set_defaults(handler=cmd_new)


def _add_watch(sub: Subparsers) -> None:
    p = sub.add_parser("watch", help="rebuild on every save of data, layouts, icons or images",
                       description="Build once, then rebuild whenever a file under data/ or layouts/ "
                                   "changes; problems are shown and watching goes on. Ctrl-C stops.")
    _target_arg(p)
    p.add_argument("--draft", action="store_true", help="build drafts (see build --draft)")
    p.add_argument("--preview", action="store_true", help="also write PNG previews (slower)")
    p.set_defaults(handler=cmd_watch)


def _add_lint(sub: Subparsers) -> None:
    p = sub.add_parser("lint", help="lay out every face and report layout lints",
                       description="Lay out every face and warn about text outside the safe area, "
                                   "text under 6 pt, low contrast, elements outside the trim or "
                                   "over text, frames near the cut. Writes nothing.")
    _target_arg(p)
    p.add_argument("--strict", action="store_true", help="treat warnings as errors (exit 2)")
    p.set_defaults(handler=cmd_lint)


def _add_rulebook(sub: Subparsers) -> None:
    p = sub.add_parser("rulebook", help="print the box-list section of the rulebook from the data",
                       description="Print the edition's box list as a Markdown section (its "
                                   "heading taken from the rulebook when it has one), to paste "
                                   "into the rulebook so that both say the same.")
    _target_arg(p)
    p.set_defaults(handler=cmd_rulebook)


def _add_export(sub: Subparsers) -> None:
    from cardgen.cli.export_cmd import add_export

    add_export(sub, _target_arg, cmd_export)


def cmd_export(args: argparse.Namespace, console: Printer) -> int:
    from cardgen.cli.export_cmd import run_export

    return run_export(args, console, _load(args))


def _add_play(sub: Subparsers) -> None:
    from cardgen.cli.play_cmd import add_play, run_play

    add_play(sub, _target_arg, lambda args, console: run_play(args, console, _load(args)))


def _add_serve(sub: Subparsers) -> None:  # handed-over commands run through main (cli/serve_client.py)
    from cardgen.cli.serve_cmd import add_serve
    add_serve(sub, _target_arg, main)


# One line per subcommand, in the order `cardgen --help` lists them.
COMMANDS: tuple[tuple[str, Callable[[Subparsers], None]], ...] = (
    ("new", _add_new),
    ("check", _add_check),
    ("build", _add_build),
    ("watch", _add_watch),
    ("serve", _add_serve),
    ("diff", _add_diff),
    ("new-edition", _add_new_edition),
    ("schema", _add_schema),
    ("lint", _add_lint),
    ("rulebook", _add_rulebook),
    ("export", _add_export),
    ("play", _add_play),
)

# Called with no arguments, main runs the process's own command line and the process ends with
# it: everything is then frozen out of the collector's reach (gc.freeze), as the full
# collection Python runs at exit would only walk what the command made and is about to free
# (~0.1 s of CPU after a 600-card build).
#
# pydantic looks for plugins (observers of every validation) by reading the entry points of
# every installed package when it builds its first validator; cardgen's validation is observed
# by none, so the command line skips that search, and the import of its loader (cli/plugins.py;
# a PYDANTIC_DISABLE_PLUGINS of the user's own is kept). The scripting API (cardgen.load_game,
# ...) leaves it to the caller's process.
NO_PYDANTIC_PLUGINS = ("PYDANTIC_DISABLE_PLUGINS", "__all__")


def main(argv: Sequence[str] | None = None) -> int:
    for_a_command()  # the collector's thresholds (cli/collector.py)
    os.environ.setdefault(*NO_PYDANTIC_PLUGINS)
    line = hoist_global_options(sys.argv[1:] if argv is None else argv)
    args = _parser(command_of(line, dict(COMMANDS))).parse_args(line)
    skip_plugin_search()  # a command runs (not --version, --help)
    if not getattr(args, "handler", None):
        _parser().print_help()
        return EXIT_INVALID
    try:
        code = _run(args, _console(stderr=False), _console(stderr=True))
        sys.stdout.flush()
        return code
    except BrokenPipeError:  # `cardgen diff ... | head`: the reader has had enough
        _silence_stdout()
        return EXIT_OK
    finally:
        if argv is None:  # the process's own command line: it ends with this command
            gc.freeze()  # Python's last collection at exit walks none of what it made


def _run(args: argparse.Namespace, out: Printer, err: Printer) -> int:
    """The command's exit code; problems printed for people (and as JSON with --json)."""
    started = time.monotonic()
    try:
        args.project = project_folder(args)
        return int(args.handler(args, out))
    except ProblemsError as exc:
        if getattr(args, "json", False):
            print(json.dumps({"problems": problems_json(fold(exc.problems))}, indent=2,
                             ensure_ascii=False))
        print_problems(exc.problems, err)
        return EXIT_INVALID
    except KeyboardInterrupt:
        err.print(f"interrupted; {_output_state(started)}", markup=False)
        return 130
    except BrokenPipeError:
        raise
    except OSError as exc:  # the machine's state (disk full, permissions, a link loop)
        if os.environ.get("CARDGEN_DEBUG"):
            raise
        from cardgen.cli.faults import fault_problem  # only a fault of the machine's needs it
        print_problems([fault_problem(exc, _output_state(started))], err)
        return EXIT_INVALID
    except Exception as exc:  # a bug in cardgen, not in the data: say so, briefly
        if os.environ.get("CARDGEN_DEBUG"):
            raise
        err.print(f"internal error: {type(exc).__name__}: {exc}", markup=False, soft_wrap=True)
        err.print(f"  hint: this is a bug in cardgen, not in your data; {_output_state(started)}. "
                  "Run again with CARDGEN_DEBUG=1 for the details and report them.",
                  markup=False, soft_wrap=True)
        return EXIT_INTERNAL


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush does not fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file (captured by a test)
        pass
    finally:
        os.close(devnull)


def problems_json(problems: list[Problem]) -> list[dict[str, object]]:
    """Problems as plain JSON objects: rule, severity, file, line, col, path, message, hint."""
    return [{"rule": p.rule, "severity": p.severity,
             "file": p.where.file if p.where else None, "line": p.where.line if p.where else None,
             "col": p.where.col if p.where else None, "path": p.path, "message": p.message,
             "hint": p.hint} for p in problems]


def _console(stderr: bool) -> Printer:
    """A console for stdout or stderr (rich loaded only where plain text cannot print)."""
    return LazyConsole(stderr)


def print_problems(problems: list[Problem], console: Printer) -> None:
    """Each problem once, a flood of one cause folded (cardgen.errors.fold), then the count."""
    problems = fold(problems)
    for problem in problems:
        console.print(problem.render(), markup=False, soft_wrap=True)
    errors = sum(p.severity == "error" for p in problems)
    console.print(f"{errors} error{'s' if errors != 1 else ''}", style="bold red", markup=False)


def _load(args: argparse.Namespace, kept: str = "") -> Database:
    """The target's Database. With `kept` ("read" for `check`, "write" for `build`), its game and
    edition files' models as a build validated them (pipeline/datakeep.py), while unchanged."""
    from cardgen.data.load import load_database

    game, edition = target(args, args.target)
    draft = getattr(args, "draft", False)
    if kept:
        from cardgen.data.model import keeping_models
        from cardgen.pipeline.datakeep import KeptModels

        keeper = KeptModels(Path(args.project).resolve(), read_only=kept == "read")
        with keeping_models(keeper):
            db = load_database(args.project, game, edition, draft=draft)
        keeper.save()
    else:
        db = load_database(args.project, game, edition, draft=draft)
    if getattr(args, "players", None) is not None:
        check_players_in_range(db, args.players)
    return db


def check_players_in_range(db: Database, players: int) -> None:
    """--players N outside the edition's player range is a usage error naming the range."""
    from cardgen.data.players import players_range

    allowed = players_range(db)
    if allowed is not None and not allowed[0] <= players <= allowed[1]:
        low, high = allowed
        raise ProblemsError([Problem(
            "bad-option", f"--players {players}: {db.label} is for {low}-{high} players",
            hint=f"give a number from {low} to {high} (players: in the edition.yaml)")])
    if players < 1:
        raise ProblemsError([Problem("bad-option", f"--players {players}: at least 1 player",
                                     hint="give the number of players, e.g. --players 2")])


def cmd_check(args: argparse.Namespace, console: Printer) -> int:
    from cardgen.check import check
    from cardgen.cli.build_cmd import check_player_count, face_problems
    from cardgen.cli.report_view import print_families, print_report
    from cardgen.pipeline.clean import recall_text

    if args.list_rules:
        print_families(console)
        return EXIT_OK
    check_player_count(args.players)
    db = _load(args, kept="read")
    recall_text(db)  # what the last build read of the rulebooks, as long as it is unchanged
    report = check(db, players=args.players)
    problems = face_problems(db)  # what the build would refuse: layouts, icons, fonts, images
    if args.json:
        found = report.to_json(strict=args.strict)
        if problems:
            found["problems"] = problems_json(problems)
        print(json.dumps(found, indent=2, ensure_ascii=False))
    else:
        print_report(report, console, strict=args.strict)
    if problems:
        err = _console(stderr=True)
        print_problems(problems, err)
        err.print("check FAILED: the layouts, icons, fonts or images above would stop the build "
                  "(the data checks before them are as shown)", style="bold red", markup=False)
        return EXIT_INVALID
    return EXIT_FAILED if report.failed(strict=args.strict) else EXIT_OK


def cmd_build(args: argparse.Namespace, console: Printer) -> int:
    from cardgen.cli.build_cmd import build_stamp, run_build, said_again

    if said_again(stamp := build_stamp(args), console):  # as the last build left everything
        return EXIT_OK
    # The cyclic collector paused from the load on and what it made frozen after (pipeline/run.py)
    collecting = gc.isenabled()
    gc.disable()
    try:
        return run_build(args, console, _load(args, kept="write"), stamp)
    finally:
        gc.freeze()
        gc.unfreeze()
        if collecting:
            gc.enable()


def cmd_new(args: argparse.Namespace, console: Printer) -> int:
    from cardgen.data.new_project import create_project

    folder = args.dir if args.dir is not None else Path(args.game)
    written = create_project(folder, args.game)
    for path in written:
        console.print(f"wrote {path}", markup=False)
    console.print(f"Next: cd {folder} && cardgen check && cardgen build", markup=False)
    return EXIT_OK


def cmd_watch(args: argparse.Namespace, console: Printer) -> int:
    from cardgen.cli.watch_cmd import watch

    return watch(args, console)
def cmd_lint(args: argparse.Namespace, console: Printer) -> int:
    from cardgen.cli.build_cmd import run_lint

    return run_lint(_load(args), console, args.strict)


def cmd_diff(args: argparse.Namespace, console: Printer) -> int:
    from cardgen.cli.diff_view import print_diff
    from cardgen.data.load import list_games, load_database
    from cardgen.diff import diff_databases, diff_markdown

    game, old = target(args, args.old)
    new_game, new = target(args, args.new)
    if "@" not in args.new and args.new not in list_games(args.project):
        new_game, new = game, args.new  # a bare edition id: the same game
    diff = diff_databases(load_database(args.project, game, old),
                          load_database(args.project, new_game, new))
    if args.json:
        print(json.dumps(diff.to_json(), indent=2, ensure_ascii=False))
    elif args.markdown:
        print(diff_markdown(diff), end="")
    else:
        print_diff(diff, console)
    return EXIT_OK


def cmd_new_edition(args: argparse.Namespace, console: Printer) -> int:
    from cardgen.data.load import load_database
    from cardgen.data.new_edition import create_edition

    game, new = target(args, args.target)
    if not new:
        raise ProblemsError([Problem("missing-edition", f"name the new edition: {game}@NEW",
                                     hint=f"e.g. cardgen new-edition {game}@0.7.0 --from OLD")])
    written = create_edition(args.project, game, new, args.parent)
    db = load_database(args.project, game, new)
    for path in written:
        console.print(f"wrote {path}", markup=False)
    console.print(f"{db.label} extends {game}@{db.edition.extends} "
                  f"({len(db.components)} components inherited). Next:", markup=False)
    for step in (f"edit {written[-1]}", f"cardgen check {db.label}",
                 f"cardgen diff {game}@{db.edition.extends} {db.label}",
                 f"cardgen build {db.label} --changed-since {db.edition.extends}"):
        console.print(f"  {step}", markup=False)
    return EXIT_OK


def cmd_schema(args: argparse.Namespace, console: Printer) -> int:
    from cardgen.data.schema import write_schemas
    from cardgen.layout.model import write_layout_schema

    for path in [*write_schemas(args.project), write_layout_schema(args.project / "schema")]:
        console.print(f"wrote {path}", markup=False)
    return EXIT_OK


def cmd_rulebook(args: argparse.Namespace, console: Printer) -> int:
    from cardgen.check.rulebook import box_list_markdown, load_rulebook

    db = _load(args)
    book, _ = load_rulebook(db)
    print(box_list_markdown(db, book.heading if book is not None else None), end="")
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
