"""Reading a build's home-print files: every file of a paper (the duplex one and the
single-sided one), their copies summed."""

from __future__ import annotations

from typing import Any


def home_files(manifest: dict[str, Any], paper: str) -> list[str]:
    """The home-print files of one paper, duplex file first."""
    files = manifest["files"]
    names = [n for n, r in files.items() if r["holds"] == "home-print" and r.get("paper") == paper]
    return sorted(names, key=lambda n: (not files[n].get("duplex"), n))


def home_copies(manifest: dict[str, Any], paper: str) -> dict[str, dict[str, int]]:
    """component id -> side -> copies over all home-print files of the paper."""
    total: dict[str, dict[str, int]] = {}
    for name in home_files(manifest, paper):
        for cid, sides in manifest["files"][name].get("copies", {}).items():
            for side, n in sides.items():
                total.setdefault(cid, {})
                total[cid][side] = total[cid].get(side, 0) + n
    return total


def page_images(pdf: Any, dpi: float) -> Any:
    """Every page of a PDF as a greyscale PIL image at `dpi` (a generator)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        for i in range(len(doc)):
            page = doc[i]
            yield page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
            page.close()
    finally:
        doc.close()


def mean_ink(folder: Any, manifest: dict[str, Any], paper: str, dpi: float = 20) -> float:
    """Mean darkness (0 white .. 1 black) over every home-print page of a paper."""
    from PIL import ImageStat

    values = [1 - ImageStat.Stat(image).mean[0] / 255
              for name in home_files(manifest, paper)
              for image in page_images(folder / name, dpi)]
    return sum(values) / len(values)
