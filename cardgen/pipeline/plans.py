"""A paper's home-print plan, kept while what it is planned from is unchanged (`cardgen watch`).

A plan (cardgen.impose.plan_home_print) is made of the copies' ids, names, sizes and shapes, the
paper, the fold and back offset, the heading and the rules lines: never of what a face shows.
A rebuild after a text edit plans the same pages, so this process keeps each paper's last plan
with what it was made from, compared whole (equal inputs, the same plan), and each page's
`repr`'s digest (what a page's content key is made of) beside it. Callers get fresh lists, so a draft's
report pages put before the sheets never reach the kept plan.

The plans are kept on the disk too (PROJECT/.cardgen-cache/plans-<game>-<edition>.pickle,
signed and dropped with a new toolchain like the face cache), so a fresh process rebuilding
after an edit reads them instead of planning again.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen import impose
from cardgen.impose.draft import report_pages
from cardgen.pipeline.faces import copy_groups
from cardgen.pipeline.outputs import project_paper_catalogue
from cardgen.pipeline.rules import rules_plan_lines
from cardgen.pipeline.sources import CACHE_FOLDER, read_signed, toolchain, write_signed
from cardgen.pipeline.writers import home_heading

if TYPE_CHECKING:
    from cardgen.data.model import Database
    from cardgen.pipeline.faces import BuildOptions, Faces


@dataclass
class Planned:
    """One paper's home-print files and, page by page, the digest of its repr."""

    files: list[impose.HomeFile]
    digests: list[list[str]]


def page_digest(page: impose.Page) -> str:
    """What a page's content key holds of its plan: the digest of its repr."""
    return hashlib.sha1(repr(page).encode("utf-8")).hexdigest()


_KEPT: dict[tuple[Path, str], tuple[Any, Planned]] = {}  # (project, paper) -> (inputs, plan)


def planned(db: Database, faces: Faces, options: BuildOptions, paper: str) -> Planned:
    """The paper's home-print files, planned (or kept from the last plan of the same inputs),
    with a draft's report pages first in each file."""
    sheet = project_paper_catalogue(db.project)[paper]
    heading = home_heading(db)
    inputs = (copy_groups(db, faces), sheet, sheet.label, options.fold, options.back_offset,
              heading, rules_plan_lines(db, paper, options))
    kept = _KEPT.get((db.project, paper))
    if kept is None or kept[0] != inputs:
        kept = _read(db, paper)
    if kept is not None and kept[0] == inputs:
        plan = kept[1]
    else:
        files = impose.plan_home_print(inputs[0], sheet, fold=options.fold,
                                       offset=options.back_offset, heading=heading,
                                       also=inputs[6])
        plan = Planned(files, [[page_digest(page) for page in f.pages] for f in files])
        _write(db, paper, (inputs, plan))
    for other in [k for k in _KEPT if k[0] != db.project]:
        del _KEPT[other]  # one project's plans at a time: a process building many keeps little
    _KEPT[(db.project, paper)] = (inputs, plan)
    out = Planned([impose.HomeFile(f.suffix, f.duplex, list(f.pages)) for f in plan.files],
                  [list(r) for r in plan.digests])
    if options.draft_report:  # a draft: the check report opens every file
        for f, digests in zip(out.files, out.digests, strict=True):
            first = report_pages(sheet, heading, list(options.draft_report), duplex=f.duplex)
            f.pages[:0] = first
            digests[:0] = [page_digest(page) for page in first]
    return out


def _path(db: Database, paper: str) -> Path:
    return db.project / CACHE_FOLDER / f"plans-{db.game.id}-{db.edition.id}-{paper}.pickle"


def _read(db: Database, paper: str) -> tuple[Any, Planned] | None:
    """The paper's plan on the disk with its inputs, only if this user's key signed it and this
    toolchain wrote it."""
    found = read_signed(_path(db, paper))
    if not isinstance(found, tuple) or len(found) != 2:
        return None
    code, kept = found
    if code != toolchain() or not isinstance(kept, tuple) or not isinstance(kept[1], Planned):
        return None
    return kept


def _write(db: Database, paper: str, kept: tuple[Any, Planned]) -> None:
    write_signed(_path(db, paper), (toolchain(), kept))  # a read-only project plans every time
