"""The DriveThruCards PDF is PDF/X-1a:2003: read back with pikepdf (output intent, version keys,
boxes, colour spaces, transparency) and rendered by Ghostscript where it is installed."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
from PIL import Image, ImageCms, ImageMath

from tests.conftest import REPO

RGB_OPERATORS = {b"rg", b"RG"}
RGB_SPACES = {"/DeviceRGB", "/CalRGB", "/Lab"}


@pytest.fixture(scope="module")
def dtc_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from cardgen.cli import main

    out = tmp_path_factory.mktemp("dtc")
    assert main(["--project", str(REPO), "export", "pod", "--service", "drivethrucards",
                 "--kind", "orbit-card", "--out", str(out)]) == 0
    return out / "l5-0.6.5-drivethrucards" / "orbit-card" / "orbit-card.pdf"


def test_the_file_says_pdfx_1a_and_its_output_intent(dtc_pdf: Path) -> None:
    with pikepdf.open(dtc_pdf) as pdf:
        assert float(pdf.pdf_version) <= 1.4  # X-1a:2003 is PDF 1.4 at most
        info = pdf.docinfo
        assert str(info["/GTS_PDFXVersion"]) == "PDF/X-1a:2003"
        assert str(info["/Trapped"]) in ("/False", "/True")
        assert "/CreationDate" in info and "/ModDate" in info and str(info["/Title"])
        assert "/ID" in pdf.trailer
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == pikepdf.Name.GTS_PDFX and str(intent.OutputConditionIdentifier)
        profile = intent.DestOutputProfile
        assert int(profile.N) == 4
        icc = ImageCms.ImageCmsProfile(io.BytesIO(profile.read_bytes()))
        assert icc.profile.xcolor_space.strip() == "CMYK" and icc.profile.device_class == "prtr"


def test_every_page_has_trim_and_bleed_boxes_nested_in_the_media(dtc_pdf: Path) -> None:
    with pikepdf.open(dtc_pdf) as pdf:
        assert len(pdf.pages) > 0
        for page in pdf.pages:
            media = [float(v) for v in page.obj.MediaBox]
            bleed = [float(v) for v in page.obj.BleedBox]
            trim = [float(v) for v in page.obj.TrimBox]
            assert "/ArtBox" not in page.obj  # TrimBox or ArtBox, not both
            assert _inside(trim, bleed) and _inside(bleed, media)
            assert trim[0] - bleed[0] == pytest.approx(9.0, abs=0.01)  # 1/8 in of bleed


def _inside(inner: list[float], outer: list[float]) -> bool:
    return (inner[0] >= outer[0] - 1e-6 and inner[1] >= outer[1] - 1e-6
            and inner[2] <= outer[2] + 1e-6 and inner[3] <= outer[3] + 1e-6)


def test_no_rgb_and_no_transparency_anywhere(dtc_pdf: Path) -> None:
    with pikepdf.open(dtc_pdf) as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary | pikepdf.Stream):
                assert "/SMask" not in obj or obj.SMask == pikepdf.Name["/None"]
                for key in ("/ColorSpace", "/CS"):
                    if key in obj:
                        assert str(obj[key]) not in RGB_SPACES, obj[key]
                        assert not (isinstance(obj[key], pikepdf.Array)
                                    and obj[key][0] == pikepdf.Name.ICCBased
                                    and int(obj[key][1].N) == 3), "an ICC RGB colour space"
                for key in ("/CA", "/ca"):
                    if key in obj:
                        assert float(obj[key]) == 1.0
        for page in pdf.pages:
            words = set(re.split(rb"\s+", page.obj.Contents.read_bytes()))
            assert not words & RGB_OPERATORS
            for image in page.get_images().values():
                assert image.ColorSpace == pikepdf.Name.DeviceCMYK


def _ink(image: Image.Image) -> float:
    c, m, y, k = (band.convert("I") for band in image.split())
    total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k)
    return float(total.getextrema()[1]) * 100 / 255


def test_total_ink_is_within_the_presets_limit(dtc_pdf: Path) -> None:
    import yaml

    limit = yaml.safe_load((REPO / "cardgen/assets/services/drivethrucards.yaml").read_text())["ink_limit"]
    worst = 0.0
    with pikepdf.open(dtc_pdf) as pdf:
        for page in pdf.pages:
            for image in page.get_images().values():
                worst = max(worst, _ink(pikepdf.PdfImage(image).as_pil_image()))
    assert 100 < worst <= limit


@pytest.mark.skipif(shutil.which("gs") is None, reason="Ghostscript is not installed")
def test_ghostscript_renders_every_page_in_cmyk(dtc_pdf: Path, tmp_path: Path) -> None:
    with pikepdf.open(dtc_pdf) as pdf:
        pages = len(pdf.pages)
    done = subprocess.run(["gs", "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-sDEVICE=tiff32nc", "-r30",
                           "-o", str(tmp_path / "p%03d.tif"), str(dtc_pdf)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0 and "Error" not in done.stderr, done.stderr
    rendered = sorted(tmp_path.glob("p*.tif"))
    assert len(rendered) == pages
    with Image.open(rendered[0]) as first:
        assert first.mode == "CMYK"
        assert first.getextrema()[3][1] > 0  # black ink somewhere: the page drew
        assert _ink(first) <= 240 + 1


def test_the_shipped_profile_is_what_its_tool_makes_from_the_conversion() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_cmyk_icc", REPO / "tools" / "make_cmyk_icc.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    shipped = (REPO / "cardgen" / "assets" / "icc" / "cardgen-cmyk.icc").read_bytes()
    assert tool.profile() == shipped, "run .venv/bin/python tools/make_cmyk_icc.py"
    # the profile's own tables turn cardgen's CMYK back into the colours they came from
    cmyk = ImageCms.ImageCmsProfile(io.BytesIO(shipped))
    to_rgb = ImageCms.buildTransform(cmyk, ImageCms.createProfile("sRGB"), "CMYK", "RGB",
                                     renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    for ink, rgb in [((0, 0, 0, 0), (255, 255, 255)), ((0, 0, 0, 255), (0, 0, 0)),
                     ((255, 0, 0, 0), (0, 255, 255)), ((0, 0, 0, 128), (127, 127, 127))]:
        got = ImageCms.applyTransform(Image.new("CMYK", (1, 1), ink), to_rgb).getpixel((0, 0))
        assert max(abs(a - b) for a, b in zip(got, rgb, strict=True)) <= 6, (ink, got)
