"""How much card-face text sits at the 6 pt floor, per game, read from built print-shop PDFs.

    .venv/bin/cardgen build l5@0.6.5 --outputs print --out /tmp/floor     # each game, then:
    .venv/bin/python tools/type_floor.py /tmp/floor/*

Each argument is a build folder (output/<game>-<edition>) or a PDF. The print-shop PDFs
(print/<kind>.pdf) hold one card face per page and nothing else, so every character in them is
card-face text; each character's size is read back from the PDF (pdfium's text page) and
counted (spaces aside). The share at the floor is the characters at 6 pt or less over all.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

FLOOR_PT = 6.0
MOST_AT_FLOOR = 0.10  # the share a game may have at the floor


def sizes(pdf: Path) -> Counter[float]:
    """Characters (not spaces) per font size (pt, to 0.25), over every page of a PDF."""
    counted: Counter[float] = Counter()
    document = pdfium.PdfDocument(str(pdf))
    try:
        for page in document:
            textpage = page.get_textpage()
            for i in range(pdfium_c.FPDFText_CountChars(textpage.raw)):
                if chr(pdfium_c.FPDFText_GetUnicode(textpage.raw, i)).isspace():
                    continue
                size = pdfium_c.FPDFText_GetFontSize(textpage.raw, i)
                counted[round(size * 4) / 4] += 1
    finally:
        document.close()
    return counted


def pdfs(target: Path) -> list[Path]:
    """The print-shop PDFs of a build folder (or the PDF itself)."""
    if target.suffix == ".pdf":
        return [target]
    return sorted((target / "print").glob("*.pdf"))


def report(target: Path) -> tuple[float, int, Counter[float]]:
    """(share at the floor, characters, characters per size) of one build."""
    total: Counter[float] = Counter()
    for pdf in pdfs(target):
        total += sizes(pdf)
    chars = sum(total.values())
    at_floor = sum(n for size, n in total.items() if size <= FLOOR_PT + 1e-6)
    return (at_floor / chars if chars else 0.0), chars, total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="+", type=Path, help="build folders or PDFs")
    parser.add_argument("--sizes", action="store_true", help="also print the characters per size")
    args = parser.parse_args(argv)
    worst = 0.0
    for target in args.targets:
        share, chars, per_size = report(target)
        worst = max(worst, share)
        print(f"{target.name:32s} {share:6.1%} of {chars} characters at <= {FLOOR_PT:g} pt")
        if args.sizes:
            print("    " + ", ".join(f"{s:g} pt: {n}" for s, n in sorted(per_size.items())))
    return 0 if worst <= MOST_AT_FLOOR else 1


if __name__ == "__main__":
    sys.exit(main())
