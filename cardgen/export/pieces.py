"""What a piece is on a table, for the play table and the Tabletop Simulator export: its role
(a card of a deck, a board, a token, a die), the faces of a die printed as a strip, and the
outline of a face.

A die is a component with a `faces` list of N values whose front is a strip of N square faces
side by side, each as tall as the strip (the last face ends at the strip's right edge, so the
pitch is (width - height) / (N - 1)): the sticker strips the layouts print.
"""

from __future__ import annotations

from typing import Literal

from cardgen.data.model import Component
from cardgen.layout.drawing import Drawing
from cardgen.layout.outline import outline_points
from cardgen.records import record

Role = Literal["deck", "board", "token", "die"]
MIN_DIE_FACES, MAX_DIE_FACES = 2, 20
CARD_SHEETS = ("cards",)
BOARD_SHEETS = ("large",)


@record(frozen=True)
class Box:
    """A rectangle in a face's trim coordinates, mm."""

    x: float
    y: float
    w: float
    h: float


def die_faces(c: Component, front: Drawing) -> list[Box] | None:
    """The N square faces of a die printed as a strip, left to right; None if c is no die."""
    values = c.fields.get("faces")
    if not isinstance(values, list) or not MIN_DIE_FACES <= len(values) <= MAX_DIE_FACES:
        return None
    side = front.height
    pitch = (front.width - side) / (len(values) - 1)
    if side <= 0 or pitch < side * 0.98:
        return None  # not a strip of separate squares
    return [Box(k * pitch, 0.0, side, side) for k in range(len(values))]


def role(c: Component, sheet: str, front: Drawing) -> Role:
    """What the piece is on a table: dice first, then by the sheet its kind prints on."""
    if die_faces(c, front) is not None:
        return "die"
    if sheet in CARD_SHEETS:
        return "deck"
    if sheet in BOARD_SHEETS:
        return "board"
    return "token"


Outline = tuple[Literal["rect", "circle", "polygon"], list[tuple[float, float]]]


def face_outline(drawing: Drawing) -> Outline:
    """The cut outline of a face in trim mm: ("circle", [centre, (rx, ry)]), ("rect", the
    four corners) or ("polygon", its points). Read from the face's own shape; the one place
    (hex, polygon and rounded rectangles as their flattened cut path, layout/outline.py)."""
    w, h = drawing.width, drawing.height
    if drawing.shape == "circle":
        return "circle", [(w / 2, h / 2), (w / 2, h / 2)]
    if drawing.points or drawing.corner > 0:
        return "polygon", outline_points(drawing)
    return "rect", [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
