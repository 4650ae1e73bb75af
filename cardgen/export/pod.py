"""Faces -> files for a print-on-demand service (`cardgen export pod --service NAME`).

A service is data: cardgen/assets/services/<id>.yaml (or PROJECT/services/<id>.yaml, which
wins) gives its dpi, bleed, safe area, file names, front/back order and output: `png` (one
image per face at exact pixel size: trim + 2 x bleed at dpi) or `cmyk-pdf` (one CMYK PDF per
deck, total ink limited and measured, cardgen.render.cmyk). Every deck (kind) gets a folder
with its files and an order.csv (quantities); the folder holds a manifest.json of it all.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from dataclasses import field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from cardgen import records
from cardgen.assets import ASSETS
from cardgen.data.model import Database
from cardgen.data.paths import readable
from cardgen.data.yamlsrc import Source, read_source
from cardgen.errors import Location, Problem, ProblemsError, did_you_mean
from cardgen.export.common import (
    Deck,
    decks,
    lay_out,
    record,
    shared_back,
    write_export_manifest,
)
from cardgen.pipeline import manifest, output
from cardgen.pipeline.faces import FaceKey, Faces


class ServiceFiles(BaseModel):
    """File names: {n} (the card's number in its deck), {id} and {kind} are filled in."""

    model_config = ConfigDict(extra="forbid")
    front: str = "{n:03d}-{id}.png"
    back: str = "{n:03d}-{id}-back.png"
    shared_back: str = "back.png"
    pdf: str = "{kind}.pdf"

    @field_validator("front", "back", "shared_back", "pdf")
    @classmethod
    def _fills_in(cls, pattern: str) -> str:
        try:
            name = pattern.format(n=1, id="card", kind="deck")
        except (KeyError, IndexError, ValueError) as exc:
            raise ValueError(f"'{pattern}' can use {{n}}, {{id}} and {{kind}} only ({exc})") from None
        if "/" in name or "\\" in name or not name.strip("."):
            raise ValueError(f"'{pattern}' must name a file inside the deck's folder")
        return pattern


class Service(BaseModel):
    """One print-on-demand service's preset."""

    model_config = ConfigDict(extra="forbid")
    id: str = ""
    name: str
    output: Literal["png", "cmyk-pdf"]
    dpi: int = Field(gt=0, le=1200)
    bleed_mm: float = Field(ge=0, le=10)
    safe_mm: float = Field(default=0, ge=0, le=20)
    ink_limit: float | None = Field(default=None, gt=0, le=400)
    files: ServiceFiles = Field(default_factory=ServiceFiles)
    order: Literal["fronts-then-backs", "front-back-pairs"] = "fronts-then-backs"


# --------------------------------------------------------------------------- presets


def service_files(project: Path) -> dict[str, Path]:
    """service id -> its preset file: the bundled ones, then the project's own (which win)."""
    found = {p.stem: p for p in sorted((ASSETS / "services").glob("*.yaml"))}
    own = project / "services"
    if own.is_dir():
        found.update({p.stem: p for p in sorted(own.glob("*.yaml")) if readable(p, project)})
    return dict(sorted(found.items()))


def load_service(project: Path, name: str) -> Service:
    """The preset named `name`; an unknown name or a broken preset is a located Problem."""
    files = service_files(project)
    if name not in files:
        raise ProblemsError([Problem(
            "unknown-service", f"no print-on-demand service '{name}'",
            hint=(did_you_mean(name, files) or "")
            + f" (services: {', '.join(files)}; add one as {project / 'services'}/NAME.yaml)")])
    path = files[name]
    source = read_source(path, str(path))
    try:
        return Service.model_validate({**(source.data or {}), "id": name})
    except ValidationError as exc:
        raise ProblemsError([_problem(path, source, err) for err in exc.errors()]) from None


def _problem(path: Path, source: Source, err: Any) -> Problem:
    keys = tuple(err["loc"])
    marks = source.key_marks if err["type"] == "extra_forbidden" else source.marks
    where = marks.get(keys) or source.key_marks.get(keys) or Location(str(path), 1, 1)
    return Problem("bad-service", err["msg"], where=where, path=".".join(str(k) for k in keys),
                   hint="the fields: name, output (png | cmyk-pdf), dpi, bleed_mm, safe_mm, "
                        "ink_limit, files, order; see cardgen/assets/services/")


# --------------------------------------------------------------------------- export


@records.record
class PodResult:
    folder: Path
    files: list[Path] = field(default_factory=list)
    images: int = 0  # PNG faces written
    pages: int = 0  # CMYK PDF pages written
    max_ink: float | None = None  # percent, over every CMYK page
    sizes: dict[str, tuple[int, int]] = field(default_factory=dict)  # kind -> px of its faces
    warnings: list[Problem] = field(default_factory=list)  # cells made spreadsheet-safe


def export_pod(db: Database, service: Service, out_root: Path,
               kinds: list[str] | None = None) -> PodResult:
    """Write out_root/<game>-<edition>-<service>/: a folder per deck, order sheets, manifest."""
    faces = lay_out(db, kinds)
    target = out_root / f"{db.game.id}-{db.edition.id}-{service.id}"
    result = PodResult(target)
    with output.atomic_folder(target) as tmp:
        records: list[manifest.FileRecord] = []
        for deck in decks(db, faces):
            (tmp / deck.kind).mkdir()
            write = write_pdf_deck if service.output == "cmyk-pdf" else write_png_deck
            records += write(db, faces, deck, service, tmp, result)
        options = {"service": service.id, "dpi": service.dpi, "bleed_mm": service.bleed_mm,
                   "ink_limit": service.ink_limit, "kinds": kinds}
        write_export_manifest(db, tmp, records, options, faces)
    result.files = [target / r.path for r in records] + [target / "manifest.json"]
    return result


def write_png_deck(db: Database, faces: Faces, deck: Deck, service: Service, tmp: Path,
                   result: PodResult) -> list[manifest.FileRecord]:
    """A deck's faces as PNGs at exact size, one shared back where every back is the same."""
    from cardgen.render.png import write_face_pngs

    names = png_names(faces, deck, service)
    chosen = list(names)
    sizes = write_face_pngs([faces.drawings[f] for f in chosen],
                            [tmp / deck.kind / names[f] for f in chosen],
                            service.dpi, service.bleed_mm)
    result.images += len(chosen)
    result.sizes[deck.kind] = sizes[0]
    size_of = dict(zip(chosen, sizes, strict=True))
    back = shared_back(faces, deck)
    one_back = names.get(back, "") if back else ""
    records = [record(f"{deck.kind}/{names[f]}", "pod-image", [deck.kind],
                      copies=face_copies(deck, f, names[f] == one_back)) for f in chosen]
    rows = [order_row(deck, n, c.id, c.name, c.count, names[(c.id, "front")],
                      names.get((c.id, "back"), one_back), size_of[(c.id, "front")])
            for n, c in enumerate(deck.components, start=1)]
    return [*records, write_order_sheet(tmp, deck, rows, result)]


def png_names(faces: Faces, deck: Deck, service: Service) -> dict[FaceKey, str]:
    """face -> file name, in the service's order (fronts, then the backs or the one back)."""
    fronts = {(c.id, "front"): service.files.front.format(n=n, id=c.id, kind=deck.kind)
              for n, c in enumerate(deck.components, start=1)}
    one_back = shared_back(faces, deck)
    if one_back is not None:
        backs = {one_back: service.files.shared_back.format(kind=deck.kind)}
    else:
        backs = {(c.id, "back"): service.files.back.format(n=n, id=c.id, kind=deck.kind)
                 for n, c in enumerate(deck.components, start=1) if (c.id, "back") in faces.drawings}
    return {**fronts, **backs}


def pdf_page_order(faces: Faces, deck: Deck, service: Service) -> list[FaceKey]:
    """The deck's faces as PDF pages: each front then its back, or every front then every back."""
    sides = [("front",), ("back",)] if service.order == "fronts-then-backs" else [("front", "back")]
    return [(c.id, side) for group in sides for c in deck.components for side in group
            if (c.id, side) in faces.drawings]


def face_copies(deck: Deck, face: FaceKey, shared: bool) -> dict[str, dict[str, int]]:
    """id -> side -> copies printed from one image (a shared back: every card of the deck)."""
    if shared:
        return {c.id: {"back": c.count} for c in deck.components}
    return {face[0]: {face[1]: next(c.count for c in deck.components if c.id == face[0])}}


def write_pdf_deck(db: Database, faces: Faces, deck: Deck, service: Service, tmp: Path,
                   result: PodResult) -> list[manifest.FileRecord]:
    """A deck as one CMYK PDF: each card's front, then its back; ink measured on every page."""
    from cardgen.layout.outline import face_outline
    from cardgen.render.cmyk import CmykPage, max_ink, to_cmyk, write_cmyk_pdf
    from cardgen.render.cutout import is_shaped
    from cardgen.render.png import face_images, pixels

    limit = service.ink_limit or 400.0
    ordered = pdf_page_order(faces, deck, service)
    drawings = [faces.drawings[f] for f in ordered]
    inks: list[float] = []

    def pages() -> Iterator[CmykPage]:  # converted one at a time: memory stays flat
        images = face_images(drawings, service.dpi, service.bleed_mm)
        for drawing, image in zip(drawings, images, strict=True):
            cmyk = to_cmyk(image, limit)
            inks.append(max_ink(cmyk))
            if inks[-1] > limit:  # the conversion keeps the limit: going over is a bug
                raise RuntimeError(f"{deck.kind}: total ink {inks[-1]:.1f} % over {limit:g} %")
            yield CmykPage(cmyk, drawing.width, drawing.height, service.bleed_mm,
                           face_outline(drawing) if is_shaped(drawing) else ())

    name = f"{deck.kind}/{service.files.pdf.format(kind=deck.kind)}"
    count = write_cmyk_pdf(tmp / name, pages(),
                           title=f"{db.game.name} {db.edition.id} - {deck.title}",
                           subject=f"{service.name}: CMYK, trim + {service.bleed_mm:g} mm bleed, "
                                   f"total ink at most {limit:g} %")
    result.pages += count
    result.max_ink = max(result.max_ink or 0.0, *inks)
    first = drawings[0]
    size = (pixels(first.width + 2 * service.bleed_mm, service.dpi),
            pixels(first.height + 2 * service.bleed_mm, service.dpi))
    result.sizes[deck.kind] = size
    page_of = {f: f"page {n}" for n, f in enumerate(ordered, start=1)}
    rows = [order_row(deck, n, c.id, c.name, c.count, page_of[(c.id, "front")],
                      page_of.get((c.id, "back"), ""), size)
            for n, c in enumerate(deck.components, start=1)]
    copies = {c.id: {"front": c.count} for c in deck.components}
    return [record(name, "pod-pdf", [deck.kind], faces=count, pages=count,
                   copies=copies), write_order_sheet(tmp, deck, rows, result)]


ORDER_COLUMNS = ["n", "id", "name", "quantity", "front", "back", "width_px", "height_px"]


def order_row(deck: Deck, n: int, cid: str, name: str, count: int, front: str, back: str,
              size: tuple[int, int]) -> list[Any]:
    return [n, cid, name, count, front, back, size[0], size[1]]


def write_order_sheet(tmp: Path, deck: Deck, rows: list[list[Any]],
                      result: PodResult) -> manifest.FileRecord:
    """<kind>/order.csv: one row per card with its quantity and files; a total line last.
    A text cell a spreadsheet would take for a formula is written with a leading ' (warned)."""
    name = f"{deck.kind}/order.csv"
    where = {c.id: c.where for c in deck.components}
    safe_rows = []
    for row in rows:
        safe = [spreadsheet_safe(cell) for cell in row]
        for column, (cell, kept) in enumerate(zip(row, safe, strict=True)):
            if cell != kept:
                result.warnings.append(formula_warning(name, ORDER_COLUMNS[column], str(cell),
                                                       where.get(str(row[1]))))
        safe_rows.append(safe)
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(ORDER_COLUMNS)
    writer.writerows(safe_rows)
    writer.writerow(["", "", spreadsheet_safe(f"total {deck.title}"), sum(int(r[3]) for r in rows),
                     "", "", "", ""])
    (tmp / name).write_text(text.getvalue(), encoding="utf-8")
    return record(name, "order-sheet", [deck.kind], faces=0,
                  copies={c.id: {"front": c.count} for c in deck.components})


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # a spreadsheet reads these as a formula


def spreadsheet_safe(cell: Any) -> Any:
    """A text cell that starts like a formula, with a ' before it (a spreadsheet shows it as
    text); numbers and other text unchanged."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


def formula_warning(sheet: str, column: str, cell: str, where: Location | None) -> Problem:
    return Problem("formula-in-csv", f"'{cell}' starts like a spreadsheet formula; "
                   f"{sheet} has it with a leading ' so that it stays text", where=where,
                   path=column, severity="warning",
                   hint="a spreadsheet would run it as a formula; the leading ' keeps it text "
                        "(rename the component to avoid the mark)")
