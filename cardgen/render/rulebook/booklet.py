"""Booklet pages -> a saddle-stitch booklet: pages imposed two-up on landscape sheets.

The pages are padded with blank ones to a multiple of four; sheet k (from 0) carries on its
front the pages n-2k (left) and 2k+1 (right), on its back 2k+2 (left) and n-2k-1 (right), so
the sheets printed duplex (flip on the short edge), stacked in order, folded in the middle and
stapled on the fold read 1, 2, 3, ... The typesetter places the pages as it writes the PDF
(cardgen.render.rulebook.sheets: each booklet page a form XObject on its sheet).
"""

from __future__ import annotations

Side = tuple[int | None, int | None]  # (left page, right page), 1-based; None: blank


def padded(pages: int) -> int:
    """The page count rounded up to a multiple of four (at least four)."""
    return max(4, -(-pages // 4) * 4)


def booklet_order(pages: int) -> list[Side]:
    """Sheet sides in print order (front, back, front, back, ...): which page goes left and
    right on each; pages past `pages` (the padding) are blank."""
    n = padded(pages)

    def shown(page: int) -> int | None:
        return page if page <= pages else None

    sides: list[Side] = []
    for k in range(n // 4):
        sides.append((shown(n - 2 * k), shown(2 * k + 1)))
        sides.append((shown(2 * k + 2), shown(n - 2 * k - 1)))
    return sides
