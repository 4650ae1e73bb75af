"""A game's faces -> one PNG to post: a fanned hand of cards above a row of faces.

The faces are the build's own (laid out and rendered as the print-shop faces are, trimmed, with
rounded corners); the hand fans the first few fronts round a point below them, the row shows
up to ROW_FACES fronts side by side. Fronts of the size most of them have are shown (of the
kinds asked for, else of all), so a board or tokens do not mix with the cards.
Written to <out>/<game>-<edition>-showcase/showcase.png with a manifest.
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

from PIL import Image, ImageDraw

from cardgen import records
from cardgen.data.model import Database
from cardgen.errors import Problem, ProblemsError
from cardgen.export.common import lay_out, record, write_export_manifest
from cardgen.layout.drawing import Drawing
from cardgen.pipeline import output
from cardgen.render.png import face_images, pixels, save_png

DPI = 150
HAND = 5  # cards in the hand
ROW_FACES = 8  # faces in the row
SPREAD = 9.0  # degrees between neighbouring cards of the hand
CORNER_MM = 3.0  # the rounded corners of a shown card
GAP_MM = 6.0  # between faces of the row, and round the picture
BACKGROUND = (236, 236, 232, 255)
EDGE = (90, 90, 90, 255)  # a thin line round each card, so the fanned ones stand apart
NAME = "showcase.png"


@records.record(frozen=True)
class Placement:
    """One card of the hand: its centre (px, from the pivot) and its turn (degrees clockwise)."""

    dx: float
    dy: float
    degrees: float


@records.record(frozen=True)
class ShowcaseResult:
    path: Path
    hand: int
    row: int
    size: tuple[int, int]


def fan(n: int, height: float, spread: float = SPREAD) -> list[Placement]:
    """n cards of `height` fanned round a pivot 1.5 heights below their centres' arc: card i
    turned (i - (n - 1) / 2) * spread degrees clockwise, symmetric about the middle."""
    radius = 1.5 * height
    out = []
    for i in range(n):
        degrees = (i - (n - 1) / 2) * spread
        turn = math.radians(degrees)
        out.append(Placement(radius * math.sin(turn), -radius * math.cos(turn), degrees))
    return out


def export_showcase(db: Database, out_root: Path, kinds: list[str] | None = None, *,
                    hand: int = HAND, dpi: int = DPI) -> ShowcaseResult:
    """Write out_root/<game>-<edition>-showcase/showcase.png: a hand of `hand` fronts and a
    row of up to ROW_FACES."""
    faces = lay_out(db, kinds)
    fronts = _fronts([faces.drawings[(c.id, "front")] for c in faces.components
                      if (c.id, "front") in faces.drawings])
    if not fronts:
        raise ProblemsError([Problem("nothing-to-show", f"{db.label} has no faces to show",
                                     hint="name a kind with --kind, or add components")])
    images = [_rounded(image, pixels(CORNER_MM, dpi))
              for image in face_images(fronts[:max(hand, ROW_FACES)], dpi, 0.0)]
    picture = _compose(images[:hand], images[:ROW_FACES], pixels(GAP_MM, dpi))
    target = out_root / f"{db.game.id}-{db.edition.id}-showcase"
    with output.atomic_folder(target) as tmp:
        save_png(picture.convert("RGB"), tmp / NAME)
        write_export_manifest(db, tmp, [record(NAME, "showcase",
                                               sorted({c.kind for c in faces.components}),
                                               faces=len(images))],
                              {"dpi": dpi, "hand": hand, "kinds": kinds}, faces)
    return ShowcaseResult(target / NAME, min(hand, len(images)), min(ROW_FACES, len(images)),
                          picture.size)


def _fronts(drawings: list[Drawing]) -> list[Drawing]:
    """The fronts of the size most fronts have (the cards, not a board or the tokens beside
    them), each content once (a deck of copies shows one)."""
    if not drawings:
        return []
    sizes = Counter((d.width, d.height) for d in drawings)
    size = max(sizes, key=lambda s: sizes[s])  # the first of the commonest
    seen: set[tuple[object, ...]] = set()
    out = []
    for d in drawings:
        key = tuple(repr(i) for i in d.items)
        if (d.width, d.height) == size and key not in seen:
            seen.add(key)
            out.append(d)
    return out


def _rounded(image: Image.Image, radius: int) -> Image.Image:
    """The face with transparent rounded corners and a thin grey edge."""
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, image.width - 1, image.height - 1), radius,
                                           fill=255)
    out = image.convert("RGBA")
    out.putalpha(mask)
    ImageDraw.Draw(out).rounded_rectangle((0, 0, image.width - 1, image.height - 1), radius,
                                          outline=EDGE, width=max(1, radius // 12))
    return out


def _compose(hand: list[Image.Image], row: list[Image.Image], gap: int) -> Image.Image:
    """The hand above the row, on one background."""
    fanned = _hand(hand)
    row_w = sum(i.width for i in row) + gap * (len(row) - 1)
    row_h = max(i.height for i in row)
    width = max(fanned.width, row_w) + 2 * gap
    picture = Image.new("RGBA", (width, gap + fanned.height + gap + row_h + gap), BACKGROUND)
    picture.alpha_composite(fanned, ((width - fanned.width) // 2, gap))
    x, y = (width - row_w) // 2, 2 * gap + fanned.height
    for image in row:
        picture.alpha_composite(image, (x, y))
        x += image.width + gap
    return picture


def _hand(cards: list[Image.Image]) -> Image.Image:
    """The cards fanned, left card lowest, on a transparent image just big enough."""
    h = cards[0].height
    turned = []
    for card, place in zip(cards, fan(len(cards), h), strict=True):
        image = card.rotate(-place.degrees, resample=Image.Resampling.BICUBIC, expand=True)
        turned.append((image, place.dx - image.width / 2, place.dy - image.height / 2))
    left = min(x for _, x, _ in turned)
    top = min(y for _, _, y in turned)
    right = max(x + i.width for i, x, _ in turned)
    bottom = max(y + i.height for i, _, y in turned)
    out = Image.new("RGBA", (math.ceil(right - left), math.ceil(bottom - top)), (0, 0, 0, 0))
    for image, x, y in turned:
        out.alpha_composite(image, (round(x - left), round(y - top)))
    return out
