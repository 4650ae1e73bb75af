"""The edition's rulebook file -> its box-list section, checked line by line against the data.

An edition names its rulebook (`rulebook:` in edition.yaml, Markdown or plain text, relative to
the edition folder). The box-list section is found by its heading; every box-list row's `line:`
must be one of its lines verbatim (list markers and trailing spaces aside), and every line of it
must be stood for by a row, a row's `lines:` or a `box_list_skip` entry. A rulebook line edited
where the data was not ("21 BONUS CARDS" against a row that says 20) is reported at the
rulebook's line.
"""

from __future__ import annotations

import os
from dataclasses import field
from pathlib import Path

from cardgen.check import mdtext
from cardgen.check.boxlist import BoxLine, SameItems, find_box, quantity
from cardgen.check.findings import Finding
from cardgen.check.mdtext import HEADING, SKIP, Doc
from cardgen.data.model import Database, PlayerCount
from cardgen.records import record

_SIMILAR = 0.6  # difflib ratio above which an unmatched row and a box-list line are one line edited


def read_rulebook(path: Path) -> str | None:
    """The text of a rulebook file, or None when there is none.

    The one place cardgen reads a rulebook. The file is read-only input the designer named in
    edition.yaml and may lie outside the project (a shared folder of rulebooks).
    """
    if not path.is_file():
        return None
    return path.read_text(encoding="utf-8", errors="replace")


@record
class Rulebook:
    path: Path
    label: str  # the path as shown in findings (relative to the project)
    lines: list[str]
    heading: str | None  # the box list's heading as printed; None when not found
    heading_line: int
    box: list[BoxLine]
    doc: Doc = field(default_factory=lambda: Doc([]))

    def where(self, number: int) -> str:
        return f"{self.label}:{number}:1"


def heading_text(line: str) -> str | None:
    """A Markdown heading, or a plain-text heading (a short line in capitals, or a bold line)."""
    lines = mdtext.read(line).lines
    if not lines or lines[0].kind != HEADING:
        return None
    return lines[0].text


def parse_rulebook(path: Path, text: str, label: str, rows: list[str]) -> Rulebook:
    """Find the box list: the section under a box-list heading, else the one holding most rows."""
    doc = mdtext.read(text)
    lines = text.splitlines()
    found = find_box(doc)
    if found is not None:
        return Rulebook(path, label, lines, found.heading, found.heading_line, found.items, doc)
    best = _section_with_rows(doc, rows)
    if best is None:
        return Rulebook(path, label, lines, None, 0, [], doc)
    start, heading, end = best
    box = [BoxLine(line.number, line.text, *quantity(line.text), depth=max(0, line.level - 1))
           for line in doc.lines[start:end] if line.text and line.kind not in (SKIP, HEADING)]
    return Rulebook(path, label, lines, heading, start, box, doc)


def _section_with_rows(doc: Doc, rows: list[str]) -> tuple[int, str, int] | None:
    """(first line index after the heading, heading text, index of the next heading) of the
    section holding most of the rows' lines, if any."""
    marks = [(i, line.text) for i, line in enumerate(doc.lines) if line.kind == HEADING]
    sections = [(i + 1, h, marks[k + 1][0] if k + 1 < len(marks) else len(doc.lines))
                for k, (i, h) in enumerate(marks)]

    same = SameItems()

    def held(section: tuple[int, str, int]) -> int:
        return sum(any(same(line.text, r) for r in rows)
                   for line in doc.lines[section[0]:section[2]] if line.text)

    best = max(sections, key=held, default=None)
    return best if best is not None and held(best) else None


def load_rulebook(db: Database) -> tuple[Rulebook | None, list[Finding]]:
    """The edition's rulebook with its box list, or findings saying why there is none."""
    path = db.edition.rulebook_path
    if path is None:
        return None, []
    label = os.path.relpath(path, db.project)
    where = str(db.edition.where.get("rulebook", ""))
    text = read_rulebook(path)
    if text is None:
        return None, [Finding(
            "rulebook-missing", "warning",
            f"the rulebook {label} is not there, so the box list is checked against the data's "
            "own copy only", where=where,
            hint="rulebook: is relative to the edition folder; put the file there or fix the path")]
    book = parse_rulebook(path, text, label, [inv.line for inv in db.edition.inventory])
    if not book.box:
        return book, [Finding(
            "box-list-missing", "warning",
            f"no box list found in {label} (a heading such as 'In the box' or 'Components')",
            where=where)]
    return book, []


# ---------------------------------------------------------------- box list against the data


@record
class _Claim:
    text: str  # what the data says the box list says
    where: str
    count: int | PlayerCount | None  # the row's count, to name numbers in a mismatch
    source: str  # "row" | "lines" | "skip"


def box_list_findings(db: Database, book: Rulebook) -> list[Finding]:
    """Rows against the rulebook's box list, both ways."""
    used: set[int] = set()
    unmatched: list[_Claim] = []
    same = SameItems()
    for claim in _claims(db):
        found = _match(book.box, claim.text, same)
        if found:
            used.update(found)
        else:
            unmatched.append(claim)
    findings = []
    for claim in unmatched:
        edited = _most_similar(book, used, claim.text)
        if edited:
            used.update(edited)
            findings.append(_edited(book, edited, claim))
        else:
            findings.append(Finding(
                "box-list-line", "error",
                f"'{claim.text}' is not a line of the rulebook's box list "
                f"({book.label}, under '{book.heading}')", where=claim.where,
                hint="copy the line from the rulebook as printed (cardgen rulebook GAME prints "
                     "the data's box list)"))
    for k, line in enumerate(book.box):
        if k not in used:
            findings.append(Finding(
                "box-list-unmapped", "warning",
                f"the rulebook's box list says '{line.text}'; no box-list row stands for it",
                where=book.where(line.number),
                hint="add an inventory row, list it in a row's `lines:`, or in box_list_skip "
                     "with the reason"))
    return findings


def _claims(db: Database) -> list[_Claim]:
    edition = db.edition
    claims: list[_Claim] = []
    seen: set[str] = set()
    for i, inv in enumerate(edition.inventory):
        where = str(edition.where.get(f"inventory[{i}]", ""))
        for text, source in [(inv.line, "row"), *((t, "lines") for t in inv.lines or [])]:
            if text not in seen:
                seen.add(text)
                claims.append(_Claim(text, where, inv.count if source == "row" else None, source))
    for i, skip in enumerate(edition.box_list_skip):
        if skip.line not in seen:
            seen.add(skip.line)
            claims.append(_Claim(skip.line, str(edition.where.get(f"box_list_skip[{i}]", "")),
                                 None, "skip"))
    return claims


def _match(box: list[BoxLine], text: str, same: SameItems) -> list[int]:
    """Indices of the box-list line equal to `text`, or of two consecutive lines joined by it."""
    for k, line in enumerate(box):
        if same(line.text, text):
            return [k]
    for k in range(len(box) - 1):
        if same(f"{box[k].text} {box[k + 1].text}", text):
            return [k, k + 1]
    return []


def _most_similar(book: Rulebook, used: set[int], text: str) -> list[int]:
    """The free box-list line (or two consecutive ones, joined) most like `text`, if alike."""
    import difflib  # loaded only for a row the box list does not hold as written

    free = [k for k in range(len(book.box)) if k not in used]
    spans = [[k] for k in free] + [[k, k + 1] for k in free if k + 1 in free]
    scored = [(difflib.SequenceMatcher(None, _joined(book, span).lower(), text.lower()).ratio(),
               span) for span in spans]
    best = max(scored, default=(0.0, []), key=lambda s: s[0])
    return best[1] if best[0] >= _SIMILAR else []


def _joined(book: Rulebook, span: list[int]) -> str:
    return " ".join(book.box[k].text for k in span)


def _edited(book: Rulebook, span: list[int], claim: _Claim) -> Finding:
    text = _joined(book, span)
    said, has = _number(text), _number(claim.text)
    numbers = f": {said} in the rulebook, {has} in the data" if said and has and said != has else ""
    return Finding(
        "rulebook-edit", "error",
        f"the rulebook's box list says '{text}', the data's box list says '{claim.text}'"
        f"{numbers}", where=book.where(book.box[span[0]].number),
        hint=f"the rulebook changed: update the row at {claim.where} (and the components) to "
             "follow it, or correct the rulebook")


def _number(text: str) -> str | None:
    low, high, _ = quantity(text)
    if low is None:
        return None
    return str(low) if high == low else f"{low}-{high}"


def box_list_markdown(db: Database, heading: str | None = None) -> str:
    """The data's box list as a rulebook section, to paste into the rulebook."""
    out = [f"## {heading or 'In the box'}", ""]
    seen: set[str] = set()
    for inv in db.edition.inventory:
        if inv.line in seen:
            continue
        seen.add(inv.line)
        out.append(f"- {inv.line}")
        out.extend(f"\t- {sub}" for sub in inv.lines or [])
    out.extend(f"- {skip.line}" for skip in db.edition.box_list_skip if skip.line not in seen)
    return "\n".join(out) + "\n"
