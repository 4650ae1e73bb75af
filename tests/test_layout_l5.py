"""The L5 0.6.5 layouts: every face lays out, text stays in the safe area, pieces fit real parts."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from cardgen.data.load import load_database
from cardgen.data.model import Database
from cardgen.layout import LayoutSession, face_info, fonts, lay_out, template_for
from cardgen.layout.drawing import Drawing, Group, Rect, Text

REPO = Path(__file__).resolve().parent.parent


@cache
def _db() -> Database:
    return load_database(REPO, "l5", "0.6.5")


def _faces() -> list[tuple[str, str, Drawing]]:
    db = _db()
    session = LayoutSession(db)
    faces = []
    for c in db.components:
        for side in ("front", "back"):
            drawing = lay_out(session, c, side)
            if drawing is not None:
                faces.append((c.kind, side, drawing))
    return faces


def _flat(items, dx: float = 0.0, dy: float = 0.0):
    for item in items:
        if isinstance(item, Group):
            a, b, c, d, e, f = item.transform
            assert (b, c) == (0.0, 0.0), "only unrotated groups are flattened here"
            yield from ((i, dx + e, dy + f, a) for i in item.items)
        else:
            yield item, dx, dy, 1.0


def test_every_l5_kind_has_a_designed_layout() -> None:
    db = _db()
    for kind in {c.kind for c in db.components}:
        assert (REPO / "layouts" / "l5" / f"{kind}.yaml").is_file(), kind
        back = db.game.kinds[kind].back
        if back:
            assert (REPO / "layouts" / "l5" / f"{back}.yaml").is_file(), back


def test_all_faces_lay_out_with_text_inside_the_safe_area() -> None:
    db = _db()
    session = LayoutSession(db)
    for kind, side, drawing in _faces():
        safe = float(template_for(session, kind, side).safe)
        for item, _, _, _ in _flat(drawing.items):
            if not isinstance(item, Text):
                continue
            width = fonts.text_width_mm(item.text, item.font, item.size)
            left = item.x - {"start": 0, "middle": width / 2, "end": width}[item.anchor]
            top = item.y - fonts.ascent_mm(item.font, item.size)
            where = f"{drawing.name}: {item.text!r}"
            assert left >= safe - 0.05 and left + width <= drawing.width - safe + 0.05, where
            assert top >= safe - 0.6 and item.y <= drawing.height - safe + 0.6, where


def test_sheet_styles_and_sizes() -> None:
    db = _db()
    session = LayoutSession(db)
    expected = {"orbit-card": ("cards", 63.5, 88.9), "earth-card": ("cards", 63.5, 88.9),
                "reminder-card": ("cards", 63.5, 88.9), "character-token": ("tokens", 25.4, 25.4),
                "action-counter": ("tokens", 19.05, 19.05), "arcade": ("large", None, None),
                "tech": ("large", None, None), "accessory": ("large", None, None),
                "rules-reference": ("large", None, None)}
    for kind, (sheet, w, h) in expected.items():
        info = face_info(session, kind)
        assert info.sheet == sheet, kind
        if w is not None:
            assert (info.width, info.height) == (w, h), kind
    for kind in ("tech", "accessory", "rules-reference"):
        info = face_info(session, kind)
        assert info.width + 2 * info.bleed <= 197.3 and info.height + 2 * info.bleed <= 250.2, kind
    assert face_info(session, "orbit-card").has_back and not face_info(session, "tech").has_back


def test_die_spots_hold_a_real_die_and_stickers_are_half_inch() -> None:
    db = _db()
    session = LayoutSession(db)
    for tech in db.of_kind("tech") + db.of_kind("accessory"):
        drawing = lay_out(session, tech, "front")
        spots = [i for i in drawing.items if isinstance(i, Rect) and i.style.fill == "#F2C230"]
        assert len(spots) == tech.fields["displays"]
        assert all(s.w >= 17 and s.h >= 17 for s in spots)
    die = lay_out(session, db.of_kind("data-die")[0], "front")
    colour = die.items[1].style.fill  # type: ignore[union-attr]
    stickers = [i for i in die.items if isinstance(i, Rect) and i.style.fill == colour]
    assert len(stickers) == 6  # 12.7 mm face + at least 1 mm bleed each side
    assert all(s.w >= 14.7 - 1e-6 and s.h >= 14.7 - 1e-6 for s in stickers)
    assert stickers[0].x == -3.0 and stickers[-1].x + stickers[-1].w == pytest.approx(91.7)
    assert die.height == pytest.approx(12.7)


def test_arcade_rooms_take_a_token() -> None:
    db = _db()
    session = LayoutSession(db)
    for arcade in db.of_kind("arcade"):
        drawing = lay_out(session, arcade, "front")
        rooms = [i for i in drawing.items if isinstance(i, Rect) and i.w == 48]
        assert len(rooms) == len(arcade.fields["rooms"])
        assert drawing.width >= len(rooms) * 48
