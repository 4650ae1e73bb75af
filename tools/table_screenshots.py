"""Screenshots of the play table for the docs: `cardgen play` for each named edition, then
headless Chromium (Playwright driving Debian's chromium) opens table.html and saves a PNG.

    .venv/bin/python tools/table_screenshots.py l5@0.6.5 orbital-debris --out docs
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SEED = "20261125"  # a fixed seed: the same shuffle on every run


def table_for(target: str, out: Path) -> Path:
    from cardgen.cli import main

    if main(["--project", str(REPO), "play", target, "--no-open", "--outputs", "svg",
             "--out", str(out)]) != 0:
        raise SystemExit(f"cardgen play {target} failed")
    return next(out.glob("*/table.html"))


def shoot(table: Path, png: Path, width: int, height: int) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"))
        page = browser.new_page(viewport={"width": width, "height": height})
        page.goto(table.resolve().as_uri())
        page.wait_for_function("window.cardgenTable && window.cardgenTable.renders > 0")
        page.fill("#seed", SEED)
        page.click('button[data-act="new"]')
        page.click('button[data-act="fit"]')
        page.wait_for_function("[...document.images].every(i => i.complete)")
        page.screenshot(path=str(png))
        browser.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("targets", nargs="+", metavar="GAME[@EDITION]")
    parser.add_argument("--out", type=Path, default=REPO / "docs")
    parser.add_argument("--size", default="1280x800", help="viewport WIDTHxHEIGHT")
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.split("x"))
    for target in args.targets:
        with tempfile.TemporaryDirectory() as folder:
            table = table_for(target, Path(folder))
            png = args.out / f"play-{target.split('@')[0]}.png"
            shoot(table, png, width, height)
            print(f"wrote {png}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
