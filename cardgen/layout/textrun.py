"""The lines of text one element placed one after another on a face (a run), as the lints
(cardgen.layout.lints) share work between them, and how many lines a paragraph was fitted to."""

from __future__ import annotations

from cardgen.layout.drawing import Text as TextItem
from cardgen.layout.extent import Box
from cardgen.layout.placed import Placed
from cardgen.records import record


@record
class TextRun:
    """Lines of text one element placed one after another, from placed[first], and the box
    round them: what the lints of its lines share is worked out once (a box nothing is drawn
    over has no line anything is drawn over; one rectangle under the whole box is under each
    line's sample points)."""

    first: int
    box: Box
    lines: tuple[int, ...] = ()  # where its lines of text are in placed
    walked: bool = False  # fills worked out
    fills: tuple[str, ...] | None = None  # under every line (None: each line walks them)
    clear: bool | None = None  # nothing over any line (None: not worked out)
    alike: bool | None = None  # its later lines find nothing the first did not (_alike)


def text_run(placed: list[Placed], n: int, runs: dict[int, TextRun | None]) -> None:
    """The run of placed[n], a line of text, into `runs` for each of its lines: the lines of
    text placed one after another by one element round it, when there are two or more (else
    None)."""
    el, first, end = placed[n].el, n, n + 1
    if el is None or ((n == 0 or placed[n - 1].el is not el)
                      and (n + 1 == len(placed) or placed[n + 1].el is not el)):
        runs[n] = None  # a line alone (most single-line texts): no run
        return
    while el is not None and first > 0 and placed[first - 1].el is el:
        first -= 1
    while el is not None and end < len(placed) and placed[end].el is el:
        end += 1
    lines = [m for m in range(first, end) if isinstance(placed[m].item, TextItem)
             and placed[m].role == "content"]
    run = None
    if el is not None and len(lines) > 1:
        boxes = [placed[m].box for m in lines]
        run = TextRun(first, (min(b[0] for b in boxes), min(b[1] for b in boxes),
                           max(b[2] for b in boxes), max(b[3] for b in boxes)), tuple(lines))
    runs.update((m, run) for m in lines)
    runs[n] = run if n in lines else None


def paragraph_lines(placed: list[Placed]) -> dict[int, int]:
    """id of each text primitive -> the lines of the text it is part of: a run of text placed
    one after another by one element under one transform, counted by its baselines (a repeat's
    copies, with other elements between them, are runs of their own)."""
    out: dict[int, int] = {}
    run: list[TextItem] = []  # the current run's lines (each a text primitive)
    el: object = None
    matrix: object = None  # the element and transform of its first line
    for q in placed:
        item = q.item
        if not isinstance(item, TextItem):  # a shape ends the run
            if run:
                _count(run, out)
                run = []
            continue
        if run and (q.el is not el or q.matrix != matrix):
            _count(run, out)
            run = []
        if q.role == "content" and q.el is not None:
            if not run:
                el, matrix = q.el, q.matrix
            run.append(item)
    if run:
        _count(run, out)
    return out


def _count(run: list[TextItem], out: dict[int, int]) -> None:
    """Each line of a run -> its count of lines: its distinct baselines (to 0.01 mm)."""
    if len(run) == 1:  # a line alone: one baseline
        out[id(run[0])] = 1
        return
    out.update(dict.fromkeys(map(id, run), len({round(item.y, 2) for item in run})))
