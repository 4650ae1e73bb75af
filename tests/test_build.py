"""The build stage end to end with a stand-in layout: every copy placed, files, boxes, atomicity.

A small hand-made database and a fake `cardgen.layout` (faces that print their component's
name) keep this independent of any game's layouts; tests/test_build_games.py runs the real ones.
"""

from __future__ import annotations

import json
import re
import sys
import types
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardgen.data.model import Component, Database, Edition, Game, KindSpec, Location
from cardgen.layout.drawing import Drawing, Rect, Style, Text
from cardgen.layout.session import LayoutSession
from cardgen.pipeline import BuildOptions, build
from cardgen.render.facekey import face_key
from tests.support.homeprint import home_copies, home_files


@dataclass(frozen=True)
class FakeInfo:
    width: float
    height: float
    bleed: float
    sheet: str
    has_back: bool


KINDS = {
    "card": FakeInfo(63.5, 88.9, 3.0, "cards", True),
    "token": FakeInfo(25.4, 25.4, 1.0, "tokens", False),
    "sticker": FakeInfo(12.7, 12.7, 1.0, "stickers", False),
    "mat": FakeInfo(180.0, 110.0, 3.0, "large", True),
    "board": FakeInfo(400.0, 300.0, 3.0, "large", False),
}
COUNTS = {("card", "a"): 3, ("card", "b"): 10, ("token", "t"): 7, ("sticker", "s"): 6,
          ("mat", "m"): 2, ("board", "g"): 1}


def fake_face(session: LayoutSession, component: Component, side: str) -> Drawing | None:
    info = KINDS[component.kind]
    if side == "back" and not info.has_back:
        return None
    if component.fields.get("explode"):
        raise RuntimeError("layout failed")
    d = Drawing(f"{component.id}-{side}", info.width, info.height, info.bleed)
    colour = "#C8372D" if side == "front" else "#2F6DB5"
    d.add(Rect(-info.bleed, -info.bleed, info.width + 2 * info.bleed,
               info.height + 2 * info.bleed, Style(fill=colour)))
    d.add(Text(1.0, 5.0, f"{component.name} {side}", "regular", 5))
    return d


def fake_layout_package() -> types.ModuleType:
    """A stand-in for the `cardgen.layout` package whose faces are fake_face's; its submodules
    (back lints, sessions, ...) still import from the real package's folder."""
    import cardgen.layout as real

    module = types.ModuleType("cardgen.layout")
    module.__path__ = list(real.__path__)
    module.face_info = lambda db, kind: KINDS[kind]  # type: ignore[attr-defined]
    module.lay_out = fake_face  # type: ignore[attr-defined]
    module.LayoutSession = LayoutSession  # type: ignore[attr-defined]
    return module


@pytest.fixture(autouse=True)
def fake_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "cardgen.layout", fake_layout_package())


def make_db(tmp_path: Path, counts: dict[tuple[str, str], int] = COUNTS,
            fields: dict[str, dict] | None = None) -> Database:
    game = Game("demo", tmp_path, "Demo", "Demo Game", "1.0", {},
                {k: KindSpec(title=k.title()) for k in KINDS}, [])
    edition = Edition("1.0", tmp_path, "Demo 1.0", None, None, None, None, [], [])
    where = Location("x.yaml", 1, 1)
    components = [
        Component(cid, kind, f"Name-{cid}", n, "final", (fields or {}).get(cid, {}), where, "1.0")
        for (kind, cid), n in counts.items()
    ]
    return Database(tmp_path, game, edition, components)


def form_uses(pdf: Path) -> dict[str, int]:
    """face key (form XObject or marked-content tag) -> how many times pages draw it."""
    uses: dict[str, int] = {}
    for page in PdfReader(pdf).pages:
        # a reused face is a form XObject; a face drawn once is tagged marked content
        for name in re.findall(rb"/FormXob\.(\w+) Do|/(cg\w+) BMC", page.get_contents().get_data()):
            name = b"".join(name)
            uses[name.decode()] = uses.get(name.decode(), 0) + 1
    return uses


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Database, Path]:
    root = tmp_path_factory.mktemp("build")
    mp = pytest.MonkeyPatch()
    mp.setitem(sys.modules, "cardgen.layout", fake_layout_package())
    db = make_db(root)
    summary = build(db, root / "output", BuildOptions(back_offset=(1.0, -0.5), preview=True))
    mp.undo()
    assert summary.folder == root / "output" / "demo-1.0"
    assert all(f.exists() for f in summary.files)
    return db, summary.folder


def test_every_copy_is_placed_as_often_as_its_count(built: tuple[Database, Path]) -> None:
    db, folder = built
    data = json.loads((folder / "manifest.json").read_text())
    for paper in ("letter", "a4"):
        copies = home_copies(data, paper)
        for c in db.components:
            sides = {"front": c.count} | ({"back": c.count} if KINDS[c.kind].has_back else {})
            assert copies[c.id] == sides, (paper, c.id)
        # and the PDFs themselves draw each face's form that often (a tiled board once per tile)
        uses: dict[str, int] = {}
        tiles = 0
        for name in home_files(data, paper):
            for key, n in form_uses(folder / name).items():
                uses[key] = uses.get(key, 0) + n
            for page in PdfReader(folder / name).pages:
                tiles += page.extract_text().count("Name-g: row ")
        assert tiles >= 2
        for c in db.components:
            for side in ("front", "back"):
                drawing = fake_face(db, c, side)
                if drawing is None:
                    continue
                per_copy = tiles if c.kind == "board" else 1
                assert uses.get(face_key(drawing), 0) == c.count * per_copy, (paper, c.id, side)


def test_every_home_page_is_labelled(built: tuple[Database, Path]) -> None:
    _, folder = built
    for name in ("pnp-letter.pdf", "pnp-letter-single.pdf"):
        reader = PdfReader(folder / name)
        total = len(reader.pages)
        for n, page in enumerate(reader.pages, start=1):
            text = page.extract_text()
            assert f"Demo 1.0 - {name} page {n}/{total}" in text
            assert "Print at 100 %" in text and "50 mm" in text and "2 in" in text
        first = reader.pages[0].extract_text()
        assert "print plan" in first and "pnp-letter.pdf" in first and "pnp-letter-single.pdf" in first
    reader = PdfReader(folder / "pnp-letter.pdf")
    # NFKC: "offset" is set with the ff ligature, which the PDF's text gives back as U+FB00
    assert "Back offset used: +1.0, -0.5 mm" in unicodedata.normalize("NFKC", reader.pages[0].extract_text())
    assert reader.metadata.title.startswith("Demo 1.0 - print and play")
    sizes = {(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in reader.pages}
    assert (612, 792) in sizes


def test_print_shop_files_have_boxes_on_every_page(built: tuple[Database, Path]) -> None:
    db, folder = built
    for kind, info in KINDS.items():
        reader = PdfReader(folder / "print" / f"{kind}.pdf")
        members = [c for c in db.components if c.kind == kind]
        assert len(reader.pages) == len(members) * (2 if info.has_back else 1)
        for page in reader.pages:
            trim = [float(v) for v in page["/TrimBox"]]
            bleed = [float(v) for v in page["/BleedBox"]]
            assert (trim[2] - trim[0]) == pytest.approx(info.width * 72 / 25.4, abs=0.01)
            assert (bleed[2] - bleed[0]) == pytest.approx((info.width + 6) * 72 / 25.4, abs=0.01)
        if info.has_back:  # a back page follows its front
            assert "back" in reader.pages[1].extract_text()


def test_svgs_previews_and_manifest(built: tuple[Database, Path]) -> None:
    db, folder = built
    for c in db.components:
        assert (folder / "svg" / c.kind / f"{c.id}.svg").read_text().startswith("<?xml")
        assert (folder / "svg" / c.kind / f"{c.id}-back.svg").exists() == KINDS[c.kind].has_back
    data = json.loads((folder / "manifest.json").read_text())
    for stem in ("pnp-letter", "pnp-letter-single"):
        pngs = sorted((folder / "preview").glob(f"{stem}-[0-9]*.png"))
        assert len(pngs) == data["files"][f"{stem}.pdf"]["pages"]
    assert (folder / "preview" / "contact-sheet.png").exists()
    assert data["files"]["preview/contact-sheet.png"]["faces"] == 6 + 3  # fronts + backs
    listed = set(data["files"]) | {"manifest.json"}
    on_disk = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    assert listed == on_disk
    assert data["counts"]["copies"] == sum(COUNTS.values())
    text = (folder / "manifest.json").read_text()
    assert re.search(r"\d{4}-\d{2}-\d{2}|\d\d:\d\d:\d\d", text) is None  # no timestamps


def test_two_builds_write_identical_files(tmp_path: Path) -> None:
    db = make_db(tmp_path, {("card", "a"): 2, ("mat", "m"): 1})
    options = BuildOptions(preview=False)
    one = build(db, tmp_path / "one", options).folder
    two = build(db, tmp_path / "two", options).folder
    assert (one / "manifest.json").read_bytes() == (two / "manifest.json").read_bytes()
    assert (one / "pnp-a4.pdf").read_bytes() == (two / "pnp-a4.pdf").read_bytes()


def test_a_failing_build_leaves_the_previous_output(tmp_path: Path) -> None:
    good = make_db(tmp_path, {("card", "a"): 1})
    folder = build(good, tmp_path / "out", BuildOptions(preview=False, svg=False)).folder
    before = (folder / "manifest.json").read_bytes()
    bad = make_db(tmp_path, {("card", "a"): 1, ("card", "x"): 1}, {"x": {"explode": True}})
    with pytest.raises(RuntimeError):
        build(bad, tmp_path / "out", BuildOptions(preview=False, svg=False))
    assert (folder / "manifest.json").read_bytes() == before
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["demo-1.0"]


def test_only_reprints_the_chosen_components_into_a_named_folder(tmp_path: Path) -> None:
    db = make_db(tmp_path)
    summary = build(db, tmp_path / "out", BuildOptions(only={"b"}, suffix="reprint",
                                                       preview=False, svg=False))
    assert summary.folder.name == "demo-1.0-reprint"
    data = json.loads((summary.folder / "manifest.json").read_text())
    assert set(data["components"]) == {"b"}
    assert home_copies(data, "a4") == {"b": {"front": 10, "back": 10}}
    with pytest.raises(ValueError, match="nope"):
        build(db, tmp_path / "out", BuildOptions(only={"nope"}))


def test_fold_over_puts_fronts_and_backs_on_landscape_pages(tmp_path: Path) -> None:
    db = make_db(tmp_path, {("card", "a"): 5})
    folder = build(db, tmp_path / "out", BuildOptions(fold=True, preview=False)).folder
    data = json.loads((folder / "manifest.json").read_text())
    assert home_files(data, "letter") == ["pnp-letter.pdf"]  # no duplex file, no calibration
    assert data["files"]["pnp-letter.pdf"]["duplex"] is False
    reader = PdfReader(folder / "pnp-letter.pdf")
    assert len(reader.pages) == 3  # the print plan, then 4 cards per fold sheet
    assert "print plan" in reader.pages[0].extract_text()
    for page in reader.pages[1:]:
        assert float(page.mediabox.width) > float(page.mediabox.height)
        assert "Fold on the dashed line" in page.extract_text()
