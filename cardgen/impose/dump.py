"""Page plans -> plain text, one line per placement, mark, circle, label and lane, for records a
reviewer reads as a diff. Lengths are mm rounded to 0.01 (cardgen.layout.dump.num); nothing here
draws: the text is what impose planned."""

from __future__ import annotations

from collections.abc import Iterable

from cardgen.impose.geometry import Box, Page
from cardgen.impose.home import HomeFile, home_file_name
from cardgen.layout.dump import num, nums, quoted


def box_text(box: Box) -> str:
    return nums((box.x, box.y, box.w, box.h))


def page_lines(page: Page) -> list[str]:
    """A page's paper and side, then what lies on it, in the order it is drawn."""
    p = page.paper
    lines = [f"  paper {p.name} {nums((p.width, p.height))} {page.side} {quoted(page.what)}"]
    for pl in page.placements:
        s = pl.slot
        extra = "" if pl.counts else " (same copy)"
        extra += f" bleed {num(pl.bleed)}" if pl.bleed is not None else ""
        lines.append(f"  place {pl.face[0]} {pl.face[1]} at {nums((s.x, s.y, s.w, s.h))} "
                     f"rot {s.rotate} clip {box_text(pl.clip)}{extra}")
    for ln in page.lines:
        style = f"w={num(ln.width)}" + (f" gray={num(ln.gray)}" if ln.gray else "")
        if ln.dash:
            style += f" dash={','.join(num(v) for v in ln.dash)}"
        lines.append(f"  line {nums((ln.x1, ln.y1, ln.x2, ln.y2))} {style}")
    for c in page.circles:
        gray = f" gray={num(c.gray)}" if c.gray else ""
        lines.append(f"  circle {nums((c.cx, c.cy, c.r))} w={num(c.width)}{gray}")
    for label in page.labels:
        how = f"{num(label.size)}pt" + (" bold" if label.bold else "")
        how += f" angle {label.angle}" if label.angle else ""
        lines.append(f"  label {nums((label.x, label.y))} {how} {quoted(label.text)}")
    for lane in page.lanes:
        way = "up" if lane.vertical else "right"
        lines.append(f"  lane {nums((lane.x, lane.y))} {way} {num(lane.length)}")
    lines += [f"  note {quoted(note)}" for note in page.notes]
    return lines


def dump_home_files(papers: Iterable[tuple[str, list[HomeFile]]]) -> list[str]:
    """(paper name, its home-print files) -> lines: each file, then each page."""
    lines = []
    for paper, files in papers:
        for f in files:
            how = "duplex" if f.duplex else "single-sided"
            lines.append(f"file {home_file_name(paper, f)} {how}, {len(f.pages)} pages")
            for n, page in enumerate(f.pages, start=1):
                lines.append(f"page {n}/{len(f.pages)} of {home_file_name(paper, f)}")
                lines += page_lines(page)
    return lines
