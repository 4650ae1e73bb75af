"""The rulebook in the print packet: per home-print paper, rules-<paper>.pdf and the booklet
rules-booklet-<paper>.pdf (cardgen.render.rulebook typesets them), their lines in the paper's
print plan and their manifest records.

Both files are keyed by what they are made of (the rulebook's text, the game's fonts, the
icons and pictures it shows, the title, the code): an unchanged rulebook is linked from the
previous build instead of being typeset again. An edition without a rulebook file gets none,
and so does a reprint of some faces (`--changed-since`).
"""

from __future__ import annotations

from pathlib import Path

from cardgen.data.model import Database
from cardgen.impose.geometry import Paper
from cardgen.pipeline import manifest, output, sources
from cardgen.pipeline.faces import BuildOptions


def rules_wanted(db: Database, options: BuildOptions) -> bool:
    """Does this build write the rules? With the `rules` output, a rulebook file, and not for
    a reprint of some faces (`only`)."""
    path = db.edition.rulebook_path
    return options.rules and options.only is None and path is not None and path.is_file()


def rules_plan_lines(db: Database, paper: str, options: BuildOptions) -> tuple[str, ...]:
    """The print plan's lines for the paper's rules files (none when none are written)."""
    if not rules_wanted(db, options):
        return ()
    from cardgen.render.rulebook import booklet_name, rules_name

    return (f"{rules_name(paper)}: the rules, print them as you like",
            f"{booklet_name(paper)}: the rules as a booklet, print all of it DUPLEX, flip on "
            "SHORT edge; fold, staple")


def write_rules_files(db: Database, tmp: Path, paper: Paper, src: sources.Sources,
                      previous: output.Previous) -> list[manifest.FileRecord]:
    """The paper's rules PDF and booklet (reused when made of the same), their records."""
    from cardgen.render.rulebook import (
        booklet_name,
        page_count,
        rules_book,
        rules_name,
        write_booklet,
        write_rules_pdf,
    )

    made = rules_book(db)
    if made is None:
        return []
    book, parts = made
    size = (paper.width, paper.height)
    flat, folded = rules_name(paper.name), booklet_name(paper.name)
    flat_key = src.key("rules", size, parts)
    booklet_key = src.key("rules-booklet", size, parts)
    if previous.reuse(flat_key, tmp / flat):
        pages = page_count(tmp / flat)
    else:
        pages = write_rules_pdf(book, paper, tmp / flat)
    if previous.reuse(booklet_key, tmp / folded):
        sides = page_count(tmp / folded)
    else:
        sides = write_booklet(book, paper, tmp / folded)[1]
    return [
        manifest.FileRecord(flat, "rules", [], pages, 0, paper=paper.name, source=flat_key),
        manifest.FileRecord(folded, "rules-booklet", [], sides, 0, paper=paper.name,
                            source=booklet_key, duplex=True, flip="short"),
    ]
