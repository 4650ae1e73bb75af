"""The rulebook in the print packet: per home-print paper, rules-<paper>.pdf and the booklet
rules-booklet-<paper>.pdf (cardgen.render.rulebook typesets them), their lines in the paper's
print plan and their manifest records. The pages of the papers that share the rules page
(Letter, A4) are written by one task and their booklets by another: the rules typeset once,
on Letter, and each paper's file made from those bytes.

Both files are keyed by what they are made of (the rulebook's text, the game's fonts, the
icons and pictures it shows, the title, the code): an unchanged rulebook is linked from the
previous build instead of being typeset again. An edition without a rulebook file gets none,
and so does a reprint of some faces (`--changed-since`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.data.model import Database
from cardgen.impose.geometry import Paper
from cardgen.impose.papers import PAPERS
from cardgen.pipeline import manifest, output, sources
from cardgen.pipeline.faces import BuildOptions

# The paper the shared rules page is typeset for; the other papers sharing it get its bytes
# with their page boxes moved (render/rulebook/moved.py).
BASE = PAPERS["letter"]

if TYPE_CHECKING:
    from cardgen.render.rulebook.book import Book


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


def rules_groups(papers: Sequence[Paper]) -> list[list[Paper]]:
    """The papers whose rules files (pages or booklets) one task writes: those that share the
    rules page (Letter, A4: their files made from one typeset) together, where the first of
    them stands, and every other paper on its own."""
    from cardgen.render.rulebook.moved import shares_page

    groups: list[list[Paper]] = []
    shared: list[Paper] | None = None
    for paper in papers:
        if not shares_page(paper.width, paper.height):
            groups.append([paper])
        elif shared is None:
            shared = [paper]
            groups.append(shared)
        else:
            shared.append(paper)
    return groups


def write_rules_files(db: Database, tmp: Path, papers: Sequence[Paper], src: sources.Sources,
                      previous: output.Previous, booklet: bool) -> list[manifest.FileRecord]:
    """The papers' rules PDFs or booklets (each reused when made of the same), their records:
    one paper's, or those of papers sharing the rules page (`rules_groups`)."""
    from cardgen.render.rulebook import rules_book

    made = rules_book(db)
    if made is None:
        return []
    book, parts = made
    files = _Files(book, parts, tmp, src, previous, booklet)
    return [files.record(paper) for paper in papers]


class _Files:
    """One kind of rules file (pages or booklet) for one paper or papers sharing the rules
    page. A sharing paper's file is made from the rules typeset once on BASE (Letter) and
    kept here (or BASE's file already written), its page boxes moved onto the paper, so every
    sharing paper's file is the same whatever else is built."""

    def __init__(self, book: Book, parts: object, tmp: Path, src: sources.Sources,
                 previous: output.Previous, booklet: bool):
        self.book, self.parts, self.tmp = book, parts, tmp
        self.src, self.previous, self.booklet = src, previous, booklet
        self.base: tuple[bytes, int] | None = None  # BASE's file and its pages (sides)
        self.base_file: Path | None = None  # BASE's file in this build, once there

    def record(self, paper: Paper) -> manifest.FileRecord:
        """The paper's file written, or linked from the previous build; its record."""
        from cardgen.render.rulebook import booklet_name, page_count, rules_name

        name = (booklet_name if self.booklet else rules_name)(paper.name)
        holds = "rules-booklet" if self.booklet else "rules"
        key = self.src.key(holds, (paper.width, paper.height), self.parts)
        target = self.tmp / name
        reused = self.previous.reuse(key, target)
        pages = page_count(target) if reused else self.written(paper, target)
        if _size(paper) == _size(BASE):
            self.base_file = target
        if self.booklet:
            return manifest.FileRecord(name, holds, [], pages, 0, paper=paper.name, source=key,
                                       duplex=True, flip="short")
        return manifest.FileRecord(name, holds, [], pages, 0, paper=paper.name, source=key)

    def written(self, paper: Paper, target: Path) -> int:
        """The paper's file written: BASE's typeset moved onto it (the very bytes on BASE),
        else typeset; its pages (a booklet's sheet sides)."""
        from cardgen.render.rulebook import moved_to
        from cardgen.render.rulebook.moved import shares_page

        if shares_page(paper.width, paper.height):
            base, pages = self.base_typeset()
            data = base if _size(paper) == _size(BASE) else moved_to(
                base, BASE, paper, pages, self.booklet)
            if data is not None:
                target.write_bytes(data)
                return pages
        return self.typeset(paper, target)[1]

    def base_typeset(self) -> tuple[bytes, int]:
        """The rules on BASE: its file already in this build, else typeset (kept)."""
        from cardgen.render.rulebook import page_count

        if self.base is None and self.base_file is not None:
            data = self.base_file.read_bytes()
            self.base = data, page_count(data)
        if self.base is None:
            self.base = self.typeset(BASE, None)
        return self.base

    def typeset(self, paper: Paper, target: Path | None) -> tuple[bytes, int]:
        """The paper's file typeset (to target, else its bytes); its pages (sheet sides)."""
        from cardgen.render.rulebook import booklet_order, typeset_rules

        data, pages = typeset_rules(self.book, paper, self.booklet, target)
        return data, (len(booklet_order(pages)) if self.booklet else pages)


def _size(paper: Paper) -> tuple[float, float]:
    return (paper.width, paper.height)
