"""`cardgen export {pod,tts,showcase}` and the gallery step `cardgen build` adds: arguments -> exports."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.errors import Problem, ProblemsError

if TYPE_CHECKING:  # every command builds the parser: the stages are imported where used
    from cardgen.check.report import Report
    from cardgen.cli.console import Printer
    from cardgen.data.model import Database
    from cardgen.diff.compute import EditionDiff
    from cardgen.export.gallery import GalleryStep


def add_export(sub: argparse._SubParsersAction[argparse.ArgumentParser],
               target_arg: Callable[[argparse.ArgumentParser], None],
               handler: Callable[[argparse.Namespace, Printer], int]) -> None:
    """The `export` command with its `pod`, `tts` and `showcase` subcommands (handler gets the
    Namespace)."""
    p = sub.add_parser("export", help="files for print-on-demand services and Tabletop Simulator",
                       description="Write the game for where it goes next: a print-on-demand "
                                   "service's files, or a Tabletop Simulator saved object.")
    kinds = p.add_subparsers(dest="export", metavar="WHERE", required=True)
    pod = kinds.add_parser("pod", help="per-face PNGs or a CMYK PDF for a print-on-demand service",
                           description="Write output/<game>-<edition>-<service>/: a folder per "
                                       "deck with its files and an order.csv of quantities.")
    target_arg(pod)
    pod.add_argument("--service", required=True, metavar="NAME",
                     help="thegamecrafter, makeplayingcards, drivethrucards (or PROJECT/services/"
                          "NAME.yaml)")
    _common(pod)
    pod.set_defaults(handler=handler)
    tts = kinds.add_parser("tts", help="deck sheets and a Tabletop Simulator saved object",
                           description="Write output/<game>-<edition>-tts/: deck sheets (at most "
                                       "10x7, the last slot the hidden card), board and token "
                                       "images, and <game>-<edition>.json to put in TTS's Saved "
                                       "Objects folder.")
    target_arg(tts)
    tts.add_argument("--base-url", metavar="URL",
                     help="where the images will be hosted (default: file:/// URLs of the "
                          "exported images, for TTS on this machine)")
    _common(tts)
    tts.set_defaults(handler=handler)
    show = kinds.add_parser("showcase", help="a fanned hand and a row of faces as one PNG",
                            description="Write output/<game>-<edition>-showcase/showcase.png: "
                                        "a hand of fronts fanned above a row of faces, the "
                                        "build's own, for posting.")
    target_arg(show)
    show.add_argument("--hand", type=int, default=5, metavar="N",
                      help="cards in the hand (default 5)")
    show.add_argument("--dpi", type=int, default=150, metavar="DPI",
                      help="pixels per inch of the faces (default 150)")
    _common(show)
    show.set_defaults(handler=handler)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--kind", action="append", metavar="KIND", dest="kinds",
                   help="only this kind (repeat for more; default: every kind)")
    p.add_argument("--out", type=Path, metavar="DIR", help="output root (default: PROJECT/output)")


def run_export(args: argparse.Namespace, console: Printer, db: Database) -> int:
    from cardgen.pipeline.output import project_output

    out_root = args.out if args.out is not None else project_output(db.project)
    if args.export == "pod":
        from cardgen.export.pod import export_pod, load_service

        result = export_pod(db, load_service(db.project, args.service), out_root, args.kinds)
        for warning in result.warnings:
            console.print(warning.render(), markup=False, soft_wrap=True)
        sizes = ", ".join(f"{k} {w}x{h} px" for k, (w, h) in result.sizes.items())
        what = (f"{result.pages} CMYK pages, total ink at most {result.max_ink:.1f} %"
                if result.max_ink is not None else f"{result.images} images")
        console.print(f"exported {db.label} for {args.service}: {what} ({sizes}); "
                      f"{len(result.files)} files -> {result.folder}", markup=False)
        return 0
    if args.export == "showcase":
        return _showcase(args, console, db, out_root)
    from cardgen.export.tts import export_tts

    tts = export_tts(db, out_root, args.kinds, base_url=args.base_url)
    console.print(f"exported {db.label} for Tabletop Simulator: {tts.decks} decks on "
                  f"{tts.sheets} sheets, {tts.objects} tiles and tokens; "
                  f"{len(tts.files)} files -> {tts.folder} (load {tts.save.name} as a saved "
                  "object)", markup=False)
    return 0


def _showcase(args: argparse.Namespace, console: Printer, db: Database, out_root: Path) -> int:
    from cardgen.export.showcase import export_showcase

    if not (1 <= args.hand <= 12 and 50 <= args.dpi <= 600):
        raise ProblemsError([Problem("bad-option", f"--hand {args.hand} --dpi {args.dpi}: a hand "
                                     "holds 1 to 12 cards, faces are 50 to 600 dpi",
                                     hint="e.g. --hand 5 --dpi 150")])
    result = export_showcase(db, out_root, args.kinds, hand=args.hand, dpi=args.dpi)
    console.print(f"exported {db.label} showcase: a hand of {result.hand} and a row of "
                  f"{result.row} faces, {result.size[0]}x{result.size[1]} px -> {result.path}",
                  markup=False)
    return 0


def gallery_step(db: Database, report: Report, compare: str | None,
                 diff: EditionDiff | None = None) -> GalleryStep:
    """The build's gallery step, with the check report and the diff against `compare`
    (EDITION or GAME@EDITION; default: the edition this one extends), or `diff` when the
    build has already worked it out."""
    from cardgen.export.gallery import GalleryStep

    if diff is not None:
        return GalleryStep(report, diff)
    compare = compare or db.edition.extends
    if not compare:
        return GalleryStep(report, None, "Name an edition to list what changed since it: "
                                         f"cardgen build {db.label} --diff-against EDITION")
    return GalleryStep(report, edition_diff(db, compare, "--diff-against"))


def edition_diff(db: Database, since: str, option: str) -> EditionDiff:
    """What changed from edition `since` (EDITION or GAME@EDITION of db's game) to db."""
    from cardgen.data.load import load_database
    from cardgen.diff import diff_databases

    game, _, edition = since.rpartition("@")
    if game and game != db.game.id:
        raise ProblemsError([Problem(
            "bad-option", f"{option} {since} names another game than {db.game.id}",
            hint=f"give an edition of {db.game.id}, e.g. {option} {edition}")])
    return diff_databases(load_database(db.project, db.game.id, edition), db)
