"""Lines of known words with one new word each (a deck's titles: "Card 1", "Card 2", ...; a
page label's "page 2/40"), and the same lines met again, are written the short way to the
bytes the long way gives; and a home-print page's key is the same worked out again."""

from __future__ import annotations

from pathlib import Path

from cardgen.layout.drawing import Text
from tests.test_pdf_text import _same_both_ways


def test_lines_with_one_new_word_each_are_the_long_ways_bytes(tmp_path: Path) -> None:
    lines = [f"Card {n}" for n in range(1, 40)] + [
        f"Bench 1 - pnp-letter.pdf page {n}/40" for n in range(1, 12)] + [
        "AVATAR To Wave office", "AVATAR To Wave office fluff", "fluff (x) \\ To"]
    items = [Text(5, 3 + 2 * i, line, "bold" if i % 3 else "regular", 9)
             for i, line in enumerate(lines + lines)]  # then each again
    _same_both_ways(tmp_path, items)
