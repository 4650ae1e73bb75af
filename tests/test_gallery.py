"""The gallery `cardgen build` writes: index.html in the output folder, listed in the manifest,
every face an SVG of the build, the check report and the diff against a named edition; then
loaded in headless Chromium (Playwright driving Debian's chromium), which must load every face
image from the file system alone, request nothing else, and show no sideways scrolling on a
400 px screen. A back the whole kind shares is captioned with its kind. Without Chromium the
browser test skips and says why."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO
from tests.support.browser import NO_SIDEWAYS_SCROLL, launch


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from cardgen.cli import main

    out = tmp_path_factory.mktemp("gallery")
    code = main(["--project", str(REPO), "build", "l5@0.6.5", "--diff-against", "0.6.2",
                 "--no-preview", "--out", str(out)])
    assert code == 0
    return out / "l5-0.6.5"


class Images(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.sources: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "img":
            self.sources.append(values["src"] or "")
        for name in ("href", "src"):
            if values.get(name):
                self.links.append(values[name] or "")


def parsed(folder: Path) -> Images:
    images = Images()
    images.feed((folder / "index.html").read_text(encoding="utf-8"))
    return images


def test_the_gallery_is_in_the_manifest_with_every_face(built: Path) -> None:
    manifest = json.loads((built / "manifest.json").read_text(encoding="utf-8"))
    entry = manifest["files"]["index.html"]
    assert entry["holds"] == "gallery"
    images = parsed(built)
    assert entry["faces"] == len(images.sources) > 0
    svgs = {name for name, e in manifest["files"].items() if e["holds"] == "svg"}
    assert set(images.sources) <= svgs
    fronts = {f"svg/{c['kind']}/{cid}.svg" for cid, c in manifest["components"].items()}
    assert fronts <= set(images.sources)  # every front; backs shared by a kind once
    assert not [link for link in images.links if re.match(r"[a-z]+:", link)], "no URLs, files only"


def test_the_gallery_holds_the_report_and_the_diff(built: Path) -> None:
    text = (built / "index.html").read_text(encoding="utf-8")
    assert '<section id="report">' in text and "l5@0.6.5 passes its check" in text
    assert '<section id="changes">' in text and "l5@0.6.2 -&gt; l5@0.6.5" in text


SCRIPT = """(async () => {
  const images = [...document.images];
  await Promise.all(images.map(i => i.complete ? null
    : new Promise(done => { i.onload = done; i.onerror = done; })));
  const report = document.querySelector('#report');
  const button = document.querySelectorAll('nav button')[1];
  button.click();
  const shown = [...document.querySelectorAll('figure.face')].filter(f => !f.hidden);
  return {
    images: images.length,
    broken: images.filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.getAttribute('src')),
    report: report ? report.innerText : '',
    reportShown: report ? report.getBoundingClientRect().height > 0 : false,
    filterKind: button.dataset.kind,
    shownKinds: [...new Set(shown.map(f => f.dataset.kind))],
    remote: performance.getEntriesByType('resource').map(e => e.name)
      .filter(n => !n.startsWith('file:')),
  };
})()"""


def test_the_gallery_loads_every_face_in_headless_chromium(built: Path, browser: Any) -> None:
    expected = len(parsed(built).sources)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto((built / "index.html").resolve().as_uri())
    seen = page.evaluate(SCRIPT)
    assert seen["images"] == expected > 0
    assert seen["broken"] == []
    assert seen["reportShown"] and "passes its check" in seen["report"]
    assert seen["shownKinds"] == [seen["filterKind"]]  # the filter shows one kind
    assert seen["remote"] == [] and all(url.startswith("file://") for url in requests)
    assert errors == []
    page.close()


@pytest.mark.parametrize("width", [360, 400])
def test_a_phone_screen_does_not_scroll_sideways(built: Path, browser: Any, width: int) -> None:
    page = browser.new_page(viewport={"width": width, "height": 800})
    page.goto((built / "index.html").resolve().as_uri())
    page.wait_for_load_state("load")
    assert page.evaluate(NO_SIDEWAYS_SCROLL), page.evaluate("document.documentElement.scrollWidth")
    table = page.locator("#report table")
    assert table.count() == 1  # the report's table scrolls in its own box, if at all
    box = page.evaluate("document.querySelector('#report .scroll').getBoundingClientRect().right")
    assert box <= width
    page.close()


def test_a_back_the_whole_kind_shares_is_captioned_with_its_kind(built: Path) -> None:
    text = (built / "index.html").read_text(encoding="utf-8")
    captions = re.findall(r'<figure class="face" data-kind="orbit-card">.*?<figcaption>(.*?)<br>'
                          r"<small>(.*?)</small>", text)
    backs = [(name, small) for name, small in captions if ", back" in small]
    assert len(backs) == 1, backs  # the shared back once, named by its kind
    assert backs[0][0] == "Orbit card (every card)" and "&times;" in backs[0][1]
