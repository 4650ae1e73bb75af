"""Lux Aeterna and Orbital Debris print with designed layouts: every kind has a layout file,
sideways System cards turn their collapsed half, double-sided faces read their own fields."""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardgen.data.load import load_database
from cardgen.data.model import Database
from cardgen.layout import LayoutSession, lay_out
from cardgen.layout.drawing import Drawing, Group, Primitive, Text
from tests.conftest import REPO, copy_project

GAMES = ("lux-aeterna", "orbital-debris")
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@pytest.fixture(scope="module")
def dbs() -> dict[str, Database]:
    return {game: load_database(REPO, game, None) for game in GAMES}


def _compose(outer: Matrix, inner: Matrix) -> Matrix:
    a, b, c, d, e, f = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _texts(items: list[Primitive] | tuple[Primitive, ...], m: Matrix = IDENTITY
           ) -> Iterator[tuple[Text, Matrix]]:
    """Every text item with the transform that places it on the face."""
    for item in items:
        if isinstance(item, Text):
            yield item, m
        elif isinstance(item, Group):
            yield from _texts(item.items, _compose(m, item.transform))


def _words(value: str) -> list[str]:
    """The words of a text as printed or as written: ligatures unfolded (NFKC), a word broken
    at a line's end joined again, hyphens dropped (a line may break after one)."""
    value = re.sub(r"(\w)-\s+(\w)", r"\1\2", unicodedata.normalize("NFKC", value))
    return re.findall(r"[\w'+]+", value.replace("-", ""))


def _face_words(drawing: Drawing) -> str:
    return " ".join(_words(" ".join(t.text for t, _ in _texts(drawing.items))))


def _has(drawing: Drawing, value: str) -> bool:
    return " ".join(_words(value)) in _face_words(drawing)


def _face(db: Database, component_id: str, side: str) -> Drawing:
    session = LayoutSession(db)
    drawing = lay_out(session, db.by_id()[component_id], side)
    assert drawing is not None, (component_id, side)
    return drawing


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_has_a_layout_file(dbs: dict[str, Database], game: str) -> None:
    folder = REPO / "layouts" / game
    for kind, spec in dbs[game].game.kinds.items():
        front = spec.layout or kind
        assert (folder / f"{front}.yaml").is_file(), f"{game}: {kind} prints an automatic face"
        if spec.back:
            assert (folder / f"{spec.back}.yaml").is_file(), f"{game}: {kind} back is automatic"


def _groups(items: list[Primitive] | tuple[Primitive, ...], m: Matrix = IDENTITY
            ) -> Iterator[tuple[Group, Matrix]]:
    """Every group with its transform on the face (outer transforms applied)."""
    for item in items:
        if isinstance(item, Group):
            placed = _compose(m, item.transform)
            yield item, placed
            yield from _groups(item.items, placed)


def test_system_card_collapsed_half_is_turned_half_a_turn(dbs: dict[str, Database]) -> None:
    db = dbs["lux-aeterna"]
    cards = db.of_kind("system-card")
    assert len(cards) == 30
    for card in cards:
        face = _face(db, card.id, "front")
        collapsed = " ".join(_words(card.fields["collapsed"]["text"]))
        operational = " ".join(_words(card.fields["operational"]["text"]))
        turned = [(g, m) for g, m in _groups(face.items)
                  if collapsed in " ".join(_words(" ".join(t.text for t, _ in _texts(g.items))))]
        assert turned, card.id
        group, local = turned[-1]  # the innermost group holding the collapsed text
        a, b, c, d, _, _ = group.transform
        assert math.isclose(a, -1, abs_tol=1e-9) and math.isclose(d, -1, abs_tol=1e-9)
        assert math.isclose(b, 0, abs_tol=1e-9) and math.isclose(c, 0, abs_tol=1e-9)
        inner_words = " ".join(_words(" ".join(t.text for t, _ in _texts(group.items))))
        assert operational not in inner_words, card.id
        # the card is read sideways: on the portrait trim, the two halves' text runs at 90
        # and 270 degrees (left and right halves), never upright
        angles = {round(math.degrees(math.atan2(m[1], m[0]))) % 360 for _, m in _texts(face.items)}
        assert angles == {90, 270}, (card.id, angles)
        assert local[0:4] != IDENTITY[0:4]


DOUBLE_SIDED = [
    ("lux-aeterna", "console", ("front", "title"), ("back", "title")),
    ("lux-aeterna", "console", ("front", "text"), ("back", "text")),
    ("lux-aeterna", "play-aid", ("front_title",), ("back_title",)),
    ("orbital-debris", "player-aid", ("front_title",), ("back_title",)),
    ("orbital-debris", "armor-plating", ("name",), ("operational", "text")),
]


def _field(db: Database, component_id: str, path: tuple[str, ...]) -> str:
    value = db.by_id()[component_id].value(path[0])
    for part in path[1:]:
        value = value[part]
    return str(value)


@pytest.mark.parametrize(("game", "component_id", "front_path", "back_path"), DOUBLE_SIDED)
def test_double_sided_faces_read_their_own_fields(
    dbs: dict[str, Database], game: str, component_id: str, front_path: tuple[str, ...],
    back_path: tuple[str, ...],
) -> None:
    db = dbs[game]
    front, back = _face(db, component_id, "front"), _face(db, component_id, "back")
    front_text, back_text = _field(db, component_id, front_path), _field(db, component_id, back_path)
    assert _has(front, front_text)
    assert _has(back, back_text)
    assert not _has(front, back_text)
    assert _face_words(front) != _face_words(back)


def test_console_sides_print_their_slots(dbs: dict[str, Database]) -> None:
    db = dbs["lux-aeterna"]
    console = db.by_id()["console"]
    for side in ("front", "back"):
        face = _face(db, "console", side)
        for slot in console.fields[side]["slots"]:
            assert _has(face, slot["reminder"]), (side, slot["slot"])


def test_satellite_front_shows_each_repair_cost(dbs: dict[str, Database]) -> None:
    db = dbs["orbital-debris"]
    for card in db.of_kind("satellite-card"):
        face = _face(db, card.id, "front")
        words = _face_words(face)
        for cost in card.fields["malfunctioning"]["repair_cost"]:
            name = db.game.term("resource", cost["resource"])
            assert name is not None and name.label in words, (card.id, cost)
        assert not _has(face, card.fields["operational"]["text"]), card.id


@pytest.mark.parametrize("game", GAMES)
def test_text_anchors_sit_inside_the_trim(dbs: dict[str, Database], game: str) -> None:
    db = dbs[game]
    session = LayoutSession(db)
    for component in db.components:
        for side in ("front", "back"):
            face = lay_out(session, component, side)
            if face is None:
                continue
            margin = min(1.5, face.width / 10)
            for text, m in _texts(face.items):
                x = m[0] * text.x + m[2] * text.y + m[4]
                y = m[1] * text.x + m[3] * text.y + m[5]
                assert margin <= x <= face.width - margin, (component.id, side, text.text)
                assert margin <= y <= face.height - margin, (component.id, side, text.text)


@pytest.mark.parametrize(("game", "kind", "component_id", "back_path"), [
    ("lux-aeterna", "console", "console", ("back", "title")),
    ("orbital-debris", "satellite-card", "armor-plating", ("operational", "text")),
])
def test_game_builds_and_the_back_page_carries_the_back_field(
    run_cli, tmp_path: Path, dbs: dict[str, Database], game: str, kind: str, component_id: str,
    back_path: tuple[str, ...],
) -> None:
    project = copy_project(tmp_path, (game,))
    result = run_cli("--project", str(project), "build", game, "--no-preview")
    assert result.code == 0, result.text
    folder = next((project / "output").glob(f"{game}-*"))
    pages = PdfReader(folder / "print" / f"{kind}.pdf").pages
    order = [c.id for c in dbs[game].of_kind(kind)]
    index = order.index(component_id)
    front_words = " ".join(_words(pages[2 * index].extract_text()))
    back_words = " ".join(_words(pages[2 * index + 1].extract_text()))
    expected = " ".join(_words(_field(dbs[game], component_id, back_path)))
    assert expected in back_words
    assert expected not in front_words
