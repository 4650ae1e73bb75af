"""`cardgen export pod`: exact pixel sizes, fronts and backs, order sheets, the manifest, and a
CMYK PDF whose total ink is measured page by page from the images in the file."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageMath
from pypdf import PdfReader

from cardgen.data.load import load_database
from cardgen.pipeline.manifest import sha256
from cardgen.render.cmyk import rgb_to_cmyk
from cardgen.render.png import extend_edges
from tests.conftest import REPO

GAME = ("l5", "0.6.5")  # the default game; its orbit cards are poker size, culture colours


def orbit_cards() -> dict[str, tuple[str, int]]:
    db = load_database(REPO, *GAME)
    return {c.id: (c.name, c.count) for c in db.components if c.kind == "orbit-card"}


@pytest.fixture(scope="module")
def tgc(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from cardgen.cli import main

    out = tmp_path_factory.mktemp("pod")
    code = main(["--project", str(REPO), "export", "pod", "--service", "thegamecrafter",
                 "--kind", "orbit-card", "--out", str(out)])
    assert code == 0
    return out / "l5-0.6.5-thegamecrafter"


def test_thegamecrafter_writes_every_orbit_card_at_825_by_1125(tgc: Path) -> None:
    cards = orbit_cards()
    folder = tgc / "orbit-card"
    fronts = sorted(p for p in folder.glob("*.png") if p.name != "back.png")
    assert len(fronts) == len(cards) == 20
    for path in [*fronts, folder / "back.png"]:  # the orbit cards share one back
        with Image.open(path) as image:
            assert image.size == (825, 1125), path.name
            assert round(image.info["dpi"][0]) == 300
            # the bleed is art, not paper: the outermost pixels are the card's background
            corner = image.convert("RGB").getpixel((0, 0))
            assert corner != (255, 255, 255), f"{path.name}: white at the bleed edge"


def test_the_order_sheet_lists_quantities_and_files(tgc: Path) -> None:
    cards = orbit_cards()
    rows = list(csv.DictReader((tgc / "orbit-card" / "order.csv").open(encoding="utf-8")))
    listed = {r["id"]: r for r in rows if r["id"]}
    assert set(listed) == set(cards)
    for cid, (name, count) in cards.items():
        row = listed[cid]
        assert (row["name"], int(row["quantity"])) == (name, count)
        assert (tgc / "orbit-card" / row["front"]).is_file()
        assert row["back"] == "back.png"
        assert (int(row["width_px"]), int(row["height_px"])) == (825, 1125)
    total = rows[-1]
    assert int(total["quantity"]) == sum(n for _, n in cards.values())


def test_the_manifest_lists_every_file_with_its_hash(tgc: Path) -> None:
    data = json.loads((tgc / "manifest.json").read_text(encoding="utf-8"))
    on_disk = {p.relative_to(tgc).as_posix() for p in tgc.rglob("*") if p.is_file()}
    assert set(data["files"]) == on_disk - {"manifest.json"}
    for name, entry in data["files"].items():
        assert entry["sha256"] == sha256(tgc / name)
    assert data["options"]["service"] == "thegamecrafter"


def total_ink(image: Image.Image) -> float:
    """The highest C+M+Y+K of any pixel, in percent (measured here, not by cardgen)."""
    c, m, y, k = (band.convert("I") for band in image.split())
    total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k)
    return total.getextrema()[1] * 100 / 255


def test_drivethrucards_pdf_is_cmyk_with_ink_at_most_240(tmp_path: Path) -> None:
    from cardgen.cli import main

    assert main(["--project", str(REPO), "export", "pod", "--service", "drivethrucards",
                 "--kind", "orbit-card", "--out", str(tmp_path)]) == 0
    pdf = tmp_path / "l5-0.6.5-drivethrucards" / "orbit-card" / "orbit-card.pdf"
    reader = PdfReader(pdf)
    assert len(reader.pages) == 2 * len(orbit_cards())  # each front, then its back
    worst = 0.0
    for page in reader.pages:
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, 198, 270], abs=0.01)
        assert [float(v) for v in page.trimbox] == pytest.approx([9, 9, 189, 261], abs=0.01)
        content = page.get_contents().get_data().decode("latin-1")
        assert not any(op in content.split() for op in ("rg", "RG", "sc", "scn", "SC", "SCN")), \
            "an RGB or calibrated colour on a CMYK page"
        xobjects = page["/Resources"]["/XObject"]
        assert len(xobjects) == 1
        image_object = next(iter(xobjects.values())).get_object()
        assert image_object["/ColorSpace"] == "/DeviceCMYK"
        (placed,) = page.images
        assert placed.image.mode == "CMYK" and placed.image.size == (825, 1125)
        worst = max(worst, total_ink(placed.image))
    assert 150 < worst <= 240, worst  # dark, saturated culture colours reach the limit


@given(st.floats(0, 1), st.floats(0, 1), st.floats(0, 1), st.floats(1.0, 4.0))
def test_the_conversion_keeps_any_colour_under_the_limit(r: float, g: float, b: float,
                                                         limit: float) -> None:
    c, m, y, k = rgb_to_cmyk(r, g, b, limit)
    assert all(0 <= v <= 1 for v in (c, m, y, k))
    assert c + m + y + k <= max(limit, k) + 1e-9


def test_grey_and_black_print_with_black_ink_alone() -> None:
    assert rgb_to_cmyk(0, 0, 0, 2.4) == (0, 0, 0, 1)
    c, m, y, k = rgb_to_cmyk(0.5, 0.5, 0.5, 2.4)
    assert (c, m, y) == (0, 0, 0) and k == pytest.approx(0.5)


def test_edges_are_repeated_outwards_to_the_wider_bleed() -> None:
    art = Image.new("RGB", (10, 10), (10, 20, 30))
    art.putpixel((0, 0), (200, 0, 0))
    wider = extend_edges(art, 2, 3, 2, 1)
    assert wider.size == (14, 14)
    assert wider.getpixel((0, 0)) == (200, 0, 0)  # the corner pixel fills the corner
    assert wider.getpixel((13, 13)) == (10, 20, 30)
    assert extend_edges(art, -1, -1, -1, -1).size == (8, 8)


def test_an_unknown_service_is_a_usage_error_with_a_hint(run_cli) -> None:  # noqa: ANN001
    result = run_cli("--project", str(REPO), "export", "pod", "--service", "thegamecrafer")
    assert result.code == 2
    assert "error[unknown-service]" in result.err
    assert "thegamecrafter" in result.err  # did you mean


def test_a_project_preset_is_data_and_its_mistakes_are_located(tmp_path: Path, run_cli) -> None:  # noqa: ANN001
    from tests.conftest import copy_project

    project = copy_project(tmp_path / "p", ("orbital-debris",))
    (project / "services").mkdir()
    (project / "services" / "tiny.yaml").write_text(
        "name: Tiny\noutput: png\ndpi: 100\nbleed_mm: 0\n", encoding="utf-8")
    ok = run_cli("--project", str(project), "export", "pod", "orbital-debris", "--service", "tiny",
                 "--kind", "orbit-card", "--out", str(tmp_path / "out"))
    assert ok.code == 0, ok.text
    fronts = sorted((tmp_path / "out" / "orbital-debris-1.0.0-tiny" / "orbit-card").glob("0*.png"))
    assert fronts and Image.open(fronts[0]).size == (250, 350)  # 63.5 x 88.9 mm at 100 dpi
    (project / "services" / "tiny.yaml").write_text(
        "name: Tiny\noutput: png\ndpi: 100\nbleed: 0\n", encoding="utf-8")
    bad = run_cli("--project", str(project), "export", "pod", "orbital-debris", "--service", "tiny")
    assert bad.code == 2
    assert "tiny.yaml:4:1: error[bad-service] bleed:" in bad.err, bad.err
