"""The seed games' home print on a real printer: duplex pairing, the printable margin, paper
and ink. Builds every game (both papers; normal, --fold, and --ink-saver for two games)
without SVGs or previews, once per module."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from cardgen.data.load import load_database
from cardgen.layout import LayoutSession
from cardgen.pipeline import BuildOptions, build
from tests.support.homeprint import home_files, mean_ink, page_images

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ["l5@0.6.5", "l5@act-one", "l5@0.6.2", "lux-aeterna", "orbital-debris"]
PAPERS = ("letter", "a4")
DPI = 50  # 6.35 mm = 12.5 px: the outer 12 px (6.1 mm) must be blank. The rasterizer may
MARGIN_PX = 12  # widen an edge that lies exactly on 6.35 mm by up to a pixel; the plans are
# checked to the exact 6.35 mm in tests/test_home_print.py.
BLANK = 250  # the margin's darkest pixel may be this light (no ink)


def build_seed(target: str, root: Path, **options: Any) -> tuple[Path, dict[str, Any]]:
    game, _, edition = target.partition("@")
    db = load_database(ROOT, game, edition or None)
    folder = build(db, root, BuildOptions(svg=False, preview=False, **options)).folder
    return folder, json.loads((folder / "manifest.json").read_text())


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Any]:
    out: dict[tuple[str, str], Any] = {}
    for mode, options in (("normal", {}), ("fold", {"fold": True})):
        root = tmp_path_factory.mktemp(mode)
        for target in SEEDS:
            out[(target, mode)] = build_seed(target, root, **options)
    root = tmp_path_factory.mktemp("ink")
    for target in ("lux-aeterna", "orbital-debris"):
        out[(target, "ink")] = build_seed(target, root, ink_saver=True)
    return out


def page_faces(pdf: Path) -> list[set[str]]:
    """Per page, the face keys it draws (forms and marked content, as render.pdf writes them)."""
    pages = []
    for page in PdfReader(pdf).pages:
        data = page.get_contents().get_data()
        found = re.findall(rb"/FormXob\.(\w+) Do|/(cg\w+) BMC", data)
        pages.append({b"".join(f).decode() for f in found})
    return pages


def face_sides(target: str) -> tuple[dict[str, set[tuple[str, str]]], dict[str, str]]:
    """face key -> the (component id, side) faces drawn with it (identical faces share a
    key), and component id -> the key of its back."""
    from cardgen.layout import lay_out
    from cardgen.render.pdf import face_key

    game, _, edition = target.partition("@")
    db = load_database(ROOT, game, edition or None)
    session = LayoutSession(db)
    keys: dict[str, set[tuple[str, str]]] = {}
    backs = {}
    for c in db.components:
        for side in ("front", "back"):
            drawing = lay_out(session, c, side)
            if drawing is not None:
                keys.setdefault(face_key(drawing), set()).add((c.id, side))
                if side == "back":
                    backs[c.id] = face_key(drawing)
    return keys, backs


@pytest.mark.parametrize("target", SEEDS)
def test_a_whole_duplex_file_puts_every_back_behind_its_front(builds, target: str) -> None:
    """manifest.json says which pages are fronts, backs or one-sided; printed whole, page
    2k is the back of page 2k-1: the PDF's back pages draw exactly the backs of the
    two-sided pieces on the page before, and one-sided files draw no back."""
    folder, data = builds[(target, "normal")]
    keys, backs = face_sides(target)
    for paper in PAPERS:
        names = home_files(data, paper)
        assert names[0] == f"pnp-{paper}.pdf"
        for name in names:
            record = data["files"][name]
            sides = record["page_sides"]
            pages = page_faces(folder / name)
            assert len(sides) == record["pages"] == len(pages)
            if not record["duplex"]:
                assert set(sides) == {"single"}, name
                drawn = {face for page in pages for k in page for face in keys.get(k, ())}
                assert drawn and {side for _, side in drawn} == {"front"}, name
                continue
            assert sides == ["front", "back"] * (len(sides) // 2), name
            for n in range(0, len(pages), 2):
                fronts = {cid for k in pages[n] for cid, side in keys.get(k, ()) if side == "front"}
                on_back = {k for k in pages[n + 1] if k in keys}
                assert all(side == "back" for k in on_back for _, side in keys[k]), (name, n + 2)
                assert on_back == {backs[cid] for cid in fronts if cid in backs}, (name, n + 2)


@pytest.mark.parametrize("mode", ["normal", "fold"])
@pytest.mark.parametrize("target", SEEDS)
def test_nothing_prints_within_a_quarter_inch_of_the_sheet_edge(builds, target: str,
                                                                mode: str) -> None:
    folder, data = builds[(target, mode)]
    for paper in PAPERS:
        for name in home_files(data, paper):
            for n, image in enumerate(page_images(folder / name, DPI), start=1):
                w, h = image.size
                m = MARGIN_PX
                for box in ((0, 0, w, m), (0, h - m, w, h), (0, 0, m, h), (w - m, 0, w, h)):
                    darkest = image.crop(box).getextrema()[0]
                    assert darkest >= BLANK, f"{name} page {n}: ink in the margin {box}"


def test_the_five_seed_games_take_at_most_110_letter_pages(builds) -> None:
    pages = {t: sum(builds[(t, "normal")][1]["files"][n]["pages"]
                    for n in home_files(builds[(t, "normal")][1], "letter")) for t in SEEDS}
    assert sum(pages.values()) <= 110, pages


@pytest.mark.parametrize("target", ["lux-aeterna", "orbital-debris"])
def test_ink_saver_halves_the_mean_ink(builds, target: str) -> None:
    normal_folder, normal = builds[(target, "normal")]
    ink_folder, ink = builds[(target, "ink")]
    before = mean_ink(normal_folder, normal, "letter")
    after = mean_ink(ink_folder, ink, "letter")
    assert after <= before / 2, (before, after)
    assert ink["options"]["ink_saver"] is True
