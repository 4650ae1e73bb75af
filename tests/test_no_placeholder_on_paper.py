"""No placeholder on paper, on the seed games' faces: no stand-in portrait or the word
"portrait", a legend wherever a power box is printed, mats that use their lower part, arcades
that print room names (never internal ids), and every glossary term with its definition."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cardgen.layout.drawing import Drawing, Group, Primitive, Text
from tests.support.golden import laid_out

REPO = Path(__file__).resolve().parents[1]
L5 = ("l5@0.6.5", "l5@act-one", "l5@0.6.2")


def _texts(items: list[Primitive] | tuple[Primitive, ...]) -> Iterator[Text]:
    for item in items:
        if isinstance(item, Group):
            yield from _texts(item.items)
        elif isinstance(item, Text):
            yield item


def _faces(target: str, kinds: set[str]) -> Iterator[tuple[str, Drawing]]:
    db, faces = laid_out(REPO, target)
    kind_of = {c.id: c.kind for c in db.components}
    for (cid, side), drawing in faces.drawings.items():
        if kind_of[cid] in kinds and side == "front":
            yield cid, drawing


@pytest.mark.parametrize("target", L5)
def test_no_stand_in_portrait_or_the_word_portrait(target: str) -> None:
    db, faces = laid_out(REPO, target)
    words = [t.text for d in faces.drawings.values() for t in _texts(d.items)]
    assert not [w for w in words if "portrait" in w.lower()]
    icons = [repr(d.items) for d in faces.drawings.values()]
    assert not any("act-portrait" in i for i in icons)


@pytest.mark.parametrize("target", ["l5@0.6.5", "l5@0.6.2"])
def test_every_printed_power_box_has_a_legend(target: str) -> None:
    for cid, drawing in _faces(target, {"character-id", "tech", "accessory"}):
        text = " ".join(t.text for t in _texts(drawing.items))
        assert "action counter on a" in text, cid


@pytest.mark.parametrize("target", ["l5@0.6.5", "l5@0.6.2"])
def test_mats_use_their_lower_part(target: str) -> None:
    """The powers of a tech or accessory mat reach into its bottom quarter (they used to end
    at half its height, leaving 30-45 % empty)."""
    for cid, drawing in _faces(target, {"tech", "accessory"}):
        lowest = max(t.y for t in _texts(drawing.items) if t.size >= 7)
        boxes = [i for i in drawing.items if isinstance(i, Group)]
        assert boxes
        assert lowest > 0.6 * drawing.height, (cid, lowest)


@pytest.mark.parametrize("target", L5)
def test_arcades_print_room_names_not_ids(target: str) -> None:
    db, _ = laid_out(REPO, target)
    ids = {str(r.get("id")) for c in db.components for r in (c.fields.get("rooms") or [])
           if isinstance(r, dict)}
    for cid, drawing in _faces(target, {"arcade", "act-arcade", "keep"}):
        for t in _texts(drawing.items):
            assert not any(i in t.text for i in ids), (cid, t.text)
    if target == "l5@0.6.5":
        (red,) = [d for cid, d in _faces(target, {"arcade"}) if cid == "arcade-red"]
        assert "↔ Amphitheater, Server" in [t.text for t in _texts(red.items)]


def test_every_glossary_term_has_its_definition_transcribed_or_draft() -> None:
    db, _ = laid_out(REPO, "l5@act-one")
    (sheet,) = [c for c in db.components if c.kind == "symbol-sheet"]
    entries = [e for s in sheet.fields["sections"] for e in s["entries"]]
    assert entries and all(str(e.get("text") or "").strip() for e in entries)
    drafts = [e["term"] for e in entries if e.get("status") == "draft"]
    assert {"THE ORBIT", "L5", "STATION", "ARCADE", "SPACE", "EARTH", "○"} == set(drafts)
    # the transcribed ones are still quoted (checked against the rulebook), the drafts not
    from cardgen.data.quoted import resolve

    quoted = [t for t, _ in resolve(sheet.fields, "sections[].entries[].text") or []]
    assert len(quoted) == len(entries) - len(drafts)
