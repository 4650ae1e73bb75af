"""Designed layouts of the kinds only L5 Act One and 0.6.2 have: files, die spots, edition marks."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardgen.data.load import load_database
from cardgen.layout import LayoutSession, fonts, lay_out, template_for
from cardgen.layout.drawing import Group, Matrix, Rect, Text
from cardgen.layout.drawing import Path as PathItem
from tests.conftest import REPO, copy_project

KINDS = {
    "act-one": ["act-id", "act-token", "act-face", "act-tech", "act-arcade", "act-orbit-card",
                "act-earth-card", "cover", "symbol-sheet"],
    "0.6.2": ["new-media-card", "reference-card", "keep"],
}
FACES = [(edition, kind) for edition, kinds in KINDS.items() for kind in kinds]
DIE_MM = 17.0
PT = 25.4 / 72


@pytest.fixture(scope="module")
def dbs():
    return {edition: load_database(REPO, "l5", edition) for edition in KINDS}


def _compose(outer: Matrix, inner: Matrix) -> Matrix:
    a, b, c, d, e, f = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _flat(items, m: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)) -> Iterator[tuple[object, Matrix]]:
    """Every primitive with the transform it is drawn under."""
    for item in items:
        if isinstance(item, Group):
            yield from _flat(item.items, _compose(m, item.transform))
        else:
            yield item, m


def _point(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _text_box(item: Text, m: Matrix) -> tuple[float, float, float, float] | None:
    """Page-space box (x0, y0, x1, y1) of an unrotated line of text; None when turned."""
    if abs(m[1]) > 1e-6 or abs(m[2]) > 1e-6:
        return None
    width = fonts.text_width_mm(item.text, item.font, item.size) * m[0]
    x, y = _point(m, item.x, item.y)
    x0 = {"start": x, "middle": x - width / 2, "end": x - width}[item.anchor]
    return x0, y - 0.75 * item.size * PT * m[3], x0 + width, y + 0.22 * item.size * PT * m[3]


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _die_spots(face) -> list[float]:
    """Sides of the square, outlined shapes on a face that could hold a die (rects and hexagons)."""
    sides = [r.w for r, _ in _flat(face.items) if isinstance(r, Rect) and r.style.stroke
             and math.isclose(r.w, r.h, abs_tol=0.01) and r.w >= 10]
    for path, m in _flat(face.items):
        if isinstance(path, PathItem) and path.style.stroke and len(path.ops) == 7:
            pts = [_point(m, *op[1:3]) for op in path.ops if op[0] in ("M", "L")]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            sides.append(min(max(xs) - min(xs), max(ys) - min(ys)))
    return sides


def _spots_in_data(component) -> int:
    fields = component.fields
    spaces = fields.get("spaces") or []
    return (len(fields.get("diamonds") or []) + len(fields.get("displays") or [])
            + sum(1 for s in spaces if s.get("commons")))


@pytest.mark.parametrize(("edition", "kind"), FACES)
def test_each_kind_has_a_layout_file(dbs, edition: str, kind: str) -> None:
    db = dbs[edition]
    session = LayoutSession(db)
    assert kind in db.game.kinds, f"{kind} is not a kind of l5@{edition}"
    assert (REPO / "layouts" / "l5" / f"{kind}.yaml").is_file()
    assert template_for(session, kind, "front") is not None
    assert db.of_kind(kind), f"no {kind} component to lay out"


@pytest.mark.parametrize(("edition", "kind"), FACES)
def test_every_face_carries_a_visible_edition_mark(dbs, edition: str, kind: str) -> None:
    db = dbs[edition]
    session = LayoutSession(db)
    label = f"L5 {edition}"
    for component in db.of_kind(kind):
        face = lay_out(session, component, "front")
        texts = [(t, m) for t, m in _flat(face.items) if isinstance(t, Text)]
        marks = [(t, m) for t, m in texts if t.text == label]
        assert len(marks) == 1, f"{component.id}: edition mark '{label}' missing"
        box = _text_box(*marks[0])
        assert box is not None
        assert box[0] >= 1.5 and box[1] >= 1.5, f"{component.id}: mark outside the trim"
        assert box[2] <= face.width - 1.5 and box[3] <= face.height - 1.5, component.id
        for other, m in texts:
            other_box = _text_box(other, m)
            if other is not marks[0][0] and other_box is not None:
                assert not _overlap(box, other_box), f"{component.id}: mark overlaps '{other.text}'"


@pytest.mark.parametrize("kind", ["act-tech", "act-orbit-card", "act-arcade"])
def test_die_spots_hold_a_real_die(dbs, kind: str) -> None:
    db = dbs["act-one"]
    session = LayoutSession(db)
    checked = 0
    for component in db.of_kind(kind):
        wanted = _spots_in_data(component)
        spots = [s for s in _die_spots(lay_out(session, component, "front")) if s >= 14]
        assert len(spots) >= wanted, f"{component.id}: {len(spots)} spots drawn, {wanted} in the data"
        assert all(s >= DIE_MM for s in spots), f"{component.id}: spot sides {spots}"
        checked += wanted
    assert checked > 0


def test_text_on_cards_stays_inside_the_safe_area(dbs) -> None:
    for edition, kind in FACES:
        db = dbs[edition]
        session = LayoutSession(db)
        safe = float(template_for(session, kind, "front").safe)
        for component in db.of_kind(kind):
            face = lay_out(session, component, "front")
            for item, m in _flat(face.items):
                box = _text_box(item, m) if isinstance(item, Text) else None
                if box is None:
                    continue
                assert box[0] >= safe - 0.6 and box[2] <= face.width - safe + 0.6, (
                    f"{component.id}: '{item.text}' runs into the trim margin")


@pytest.mark.parametrize("edition", list(KINDS))
def test_edition_builds_with_designed_faces(run_cli, tmp_path: Path, edition: str) -> None:
    project = copy_project(tmp_path / "p")
    result = run_cli("--project", str(project), "build", f"l5@{edition}", "--no-preview")
    assert result.code == 0, result.text
    out = project / "output" / f"l5-{edition}"
    for kind in KINDS[edition]:
        assert (out / "print" / f"{kind}.pdf").is_file(), kind
    assert (out / "pnp-letter.pdf").is_file()


def test_arcade_passageway_matches_the_data_adjacency(dbs) -> None:
    """The arcade face joins each space to the next one listed: that must be the adjacency."""
    for arcade in dbs["act-one"].of_kind("act-arcade"):
        spaces = arcade.fields["spaces"]
        ids = [s["id"] for s in spaces]
        for i, space in enumerate(spaces):
            inside = {a for a in space.get("adjacent") or [] if a in ids}
            drawn = {ids[j] for j in (i - 1, i + 1) if 0 <= j < len(ids)}
            assert inside == drawn, f"{arcade.id}: {space['id']} adjacent {sorted(inside)}"
