"""Headless Chromium for the browser tests: Playwright driving Debian's chromium
(`/usr/bin/chromium`; .ci/run installs it when missing), so no browser is downloaded. A test
module takes one browser for all its tests (`browser` fixture of the module); without
chromium or Playwright the module skips and says why."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium")
MISSING = "chromium is not installed (Debian: apt-get install chromium)"


def launch() -> Iterator[Any]:
    """One headless browser (for a module-scoped fixture), closed after the module."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if CHROMIUM is None:
        pytest.skip(MISSING)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        yield browser
        browser.close()


NO_SIDEWAYS_SCROLL = ("document.documentElement.scrollWidth <= document.documentElement.clientWidth"
                      " && document.body.scrollWidth <= document.documentElement.clientWidth")
