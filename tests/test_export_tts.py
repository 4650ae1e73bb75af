"""`cardgen export tts`: the saved object checked against Tabletop Simulator's save format
(ObjectStates; DeckCustom with DeckIDs and ContainedObjects; CustomDeck with FaceURL, BackURL,
NumWidth, NumHeight; CardID = deck key x 100 + slot; custom tiles and tokens), the sheets'
grid limits (at most 10 x 7, the last slot the hidden card) and the names, for every seed
game, at a low resolution so the test stays fast. Every image URL of the default save is an
absolute file:/// URL of a file that exists; round and polygon tokens and boards have
transparent corners; every die is a Custom_Dice whose image holds its six faces on TTS's d6
template."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image

from cardgen.data.load import load_database
from cardgen.data.model import Database
from cardgen.export.pieces import die_faces
from cardgen.export.tts import D6_CELLS, export_tts, grid
from tests.conftest import REPO
from tests.support import gen_deck

SEEDS = [("l5", "0.6.5"), ("l5", "act-one"), ("l5", "0.6.2"), ("lux-aeterna", "published"),
         ("orbital-debris", "1.0.0")]
TRANSFORM = {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}
DECK_FIELDS = {"FaceURL": str, "BackURL": str, "NumWidth": int, "NumHeight": int,
               "BackIsHidden": bool, "UniqueBack": bool}


def objects_in(states: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every object, bags opened (a deck's cards are checked with their deck)."""
    found = []
    for o in states:
        found.append(o)
        if o["Name"] == "Bag":
            found += objects_in(o["ContainedObjects"])
    return found


def check_common(o: dict[str, Any]) -> None:
    assert o["Name"] in {"DeckCustom", "Card", "Custom_Board", "Custom_Token", "Custom_Dice",
                         "Bag"}, o["Name"]
    assert re.fullmatch(r"[0-9a-f]{6}", o["GUID"])
    assert set(o["Transform"]) == TRANSFORM
    assert all(isinstance(v, float) for v in o["Transform"].values())
    assert isinstance(o["Nickname"], str) and o["Nickname"]


def image_at(folder: Path, url: str) -> Image.Image:
    """The image a default save names: an absolute file:/// URL to a file in the export."""
    assert url.startswith("file:///"), url
    path = Path(unquote(urlparse(url).path))
    assert path.is_absolute() and path.is_file(), url
    assert folder.resolve() in path.parents, url
    return Image.open(path)


def check_sheet(folder: Path, key: str, deck: dict[str, Any], slots_used: set[int]) -> None:
    for name, kind in DECK_FIELDS.items():
        assert isinstance(deck[name], kind), (key, name)
    columns, rows = deck["NumWidth"], deck["NumHeight"]
    assert 1 <= columns <= 10 and 1 <= rows <= 7 and columns * rows >= 2
    hidden = columns * rows - 1
    assert slots_used and max(slots_used) < hidden, "a card in the hidden card's slot"
    with image_at(folder, deck["FaceURL"]) as sheet:
        assert sheet.width % columns == 0 and sheet.height % rows == 0
        cell_w, cell_h = sheet.width // columns, sheet.height // rows
        assert max(sheet.size) <= 4096

        rgb = sheet.convert("RGB")
        for slot in range(hidden + 1):  # used slots and the hidden card drawn, the rest blank
            x, y = (slot % columns) * cell_w, (slot // columns) * cell_h
            cell = rgb.crop((x, y, x + cell_w, y + cell_h))
            blank = cell.getextrema() == ((255, 255), (255, 255), (255, 255))
            assert blank != (slot in slots_used or slot == hidden), f"slot {slot} of {key}"
    with image_at(folder, deck["BackURL"]) as back:
        if deck["UniqueBack"]:
            assert back.size == sheet.size
        else:
            assert back.size == (cell_w, cell_h)


def check_deck(folder: Path, o: dict[str, Any]) -> Counter[str]:
    """A DeckCustom (or lone Card): ids, sheets, grid; the card names it holds."""
    cards = o["ContainedObjects"] if o["Name"] == "DeckCustom" else [o]
    decks = o["CustomDeck"]
    if o["Name"] == "DeckCustom":
        assert len(cards) >= 2
        assert o["DeckIDs"] == [c["CardID"] for c in cards]
    used: dict[str, set[int]] = {}
    for c in cards:
        assert c["Name"] == "Card" and isinstance(c["CardID"], int)
        key, slot = str(c["CardID"] // 100), c["CardID"] % 100
        assert key in decks and c["CustomDeck"] == {key: decks[key]}
        used.setdefault(key, set()).add(slot)
    assert set(used) == set(decks)
    for key, deck in decks.items():
        check_sheet(folder, key, deck, used[key])
    return Counter(c["Nickname"] for c in cards)


def check_piece(folder: Path, o: dict[str, Any]) -> None:
    image = o["CustomImage"]
    assert ("CustomToken" in image) == (o["Name"] == "Custom_Token")
    assert ("CustomDice" in image) == (o["Name"] == "Custom_Dice")
    image_at(folder, image["ImageURL"]).close()
    if image["ImageSecondaryURL"]:
        image_at(folder, image["ImageSecondaryURL"]).close()


def check_save(db: Database, save: Path) -> None:
    data = json.loads(save.read_text(encoding="utf-8"))
    assert isinstance(data["SaveName"], str)
    states = data["ObjectStates"]
    assert isinstance(states, list) and states
    names: Counter[str] = Counter()
    for o in objects_in(states):
        check_common(o)
        if o["Name"] in ("DeckCustom", "Card"):
            names += check_deck(save.parent, o)
        elif o["Name"] != "Bag":
            check_piece(save.parent, o)
            names[o["Nickname"]] += 1
    guids = [o["GUID"] for o in objects_in(states)]
    guids += [c["GUID"] for o in states if o["Name"] == "DeckCustom" for c in o["ContainedObjects"]]
    assert len(guids) == len(set(guids))
    expected: Counter[str] = Counter()
    for c in db.components:
        expected[c.name] += c.count
    assert names == +expected  # every copy of every piece, under its name from the data


@pytest.mark.parametrize(("game", "edition"), SEEDS, ids=[f"{g}@{e}" for g, e in SEEDS])
def test_every_seed_game_exports_a_save_in_the_tts_format(game: str, edition: str,
                                                           tmp_path: Path) -> None:
    db = load_database(REPO, game, edition)
    result = export_tts(db, tmp_path, dpi=25)
    check_save(db, result.save)
    manifest = json.loads((result.folder / "manifest.json").read_text(encoding="utf-8"))
    on_disk = {p.relative_to(result.folder).as_posix() for p in result.folder.rglob("*") if p.is_file()}
    assert set(manifest["files"]) == on_disk - {"manifest.json"}


def test_a_large_deck_spreads_over_sheets_of_69_cards(tmp_path: Path) -> None:
    project = gen_deck.make_project(tmp_path / "deck", 150)
    db = load_database(project, gen_deck.GAME, gen_deck.EDITION)
    result = export_tts(db, tmp_path / "out", dpi=10)
    check_save(db, result.save)
    deck = json.loads(result.save.read_text(encoding="utf-8"))["ObjectStates"][0]
    grids = [(d["NumWidth"], d["NumHeight"]) for d in deck["CustomDeck"].values()]
    assert grids == [(10, 7), (10, 7), (10, 2)]  # 69 + 69 + 12 cards, each with the hidden slot
    assert len(deck["DeckIDs"]) == 150


def corners_clear(path: Path) -> bool:
    with Image.open(path) as im:
        if im.mode != "RGBA":
            return False
        w, h = im.size
        return all(im.getpixel(p)[3] == 0 for p in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)))


@pytest.mark.parametrize(("game", "edition"), SEEDS, ids=[f"{g}@{e}" for g, e in SEEDS])
def test_round_and_polygon_pieces_have_transparent_corners(game: str, edition: str,
                                                           tmp_path: Path) -> None:
    from cardgen.export.common import lay_out
    from cardgen.export.pieces import face_outline

    db = load_database(REPO, game, edition)
    faces = lay_out(db)
    result = export_tts(db, tmp_path, dpi=25)
    shaped = [(cid, side) for (cid, side), d in faces.drawings.items()
              if face_outline(d)[0] != "rect" and faces.sheets[d_kind(db, cid)] != "cards"]
    assert shaped or game == "lux-aeterna"  # its markers are cut square
    for cid, side in shaped:
        image = result.folder / "images" / f"{cid}{'-back' if side == 'back' else ''}.png"
        assert corners_clear(image), image.name


def d_kind(db: Database, cid: str) -> str:
    return next(c.kind for c in db.components if c.id == cid)


@pytest.mark.parametrize(("game", "edition"), [("l5", "0.6.5"), ("lux-aeterna", "published")])
def test_every_die_is_a_custom_d6_holding_its_six_faces(game: str, edition: str,
                                                        tmp_path: Path) -> None:
    from cardgen.export.common import lay_out
    from cardgen.render.png import face_images

    db = load_database(REPO, game, edition)
    faces = lay_out(db)
    dice = [c for c in db.components if die_faces(c, faces.drawings[(c.id, "front")])]
    assert dice
    result = export_tts(db, tmp_path, dpi=25)
    states = objects_in(json.loads(result.save.read_text(encoding="utf-8"))["ObjectStates"])
    by_name = {o["Nickname"]: o for o in states if o["Name"] == "Custom_Dice"}
    for c in dice:
        die = by_name[c.name]
        assert die["CustomImage"]["CustomDice"] == {"Type": 1}
        assert [r["Value"] for r in die["RotationValues"]] == [str(v) for v in c.fields["faces"]]
        drawing = faces.drawings[(c.id, "front")]
        strip = next(iter(face_images([drawing], 100, 0))).convert("RGB")
        scale = strip.width / drawing.width
        with image_at(result.folder, die["CustomImage"]["ImageURL"]) as template:
            cell = template.width // 3
            assert template.size == (3 * cell, 3 * cell)
            for n, box in enumerate(die_faces(c, drawing) or [], start=1):
                column, row, turned = D6_CELLS[n]
                got = template.convert("RGB").crop((column * cell, row * cell, (column + 1) * cell,
                                                    (row + 1) * cell)).resize((16, 16))
                want = strip.crop((round(box.x * scale), 0, round((box.x + box.w) * scale),
                                   strip.height)).resize((16, 16))
                if turned:
                    want = want.rotate(180)
                assert mean_difference(got, want) < 24, (c.id, n)


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    return sum(abs(x - y) for x, y in zip(a.tobytes(), b.tobytes(), strict=True)) / (16 * 16 * 3)


def test_base_url_makes_hosted_urls(tmp_path: Path) -> None:
    db = load_database(REPO, "orbital-debris", "1.0.0")
    result = export_tts(db, tmp_path, ["ship-card"], base_url="https://example.org/od/", dpi=10)
    deck = json.loads(result.save.read_text(encoding="utf-8"))["ObjectStates"][0]
    urls = [u for d in deck["CustomDeck"].values() for u in (d["FaceURL"], d["BackURL"])]
    assert urls and all(u.startswith("https://example.org/od/images/") for u in urls)
    for url in urls:
        assert (result.folder / url.removeprefix("https://example.org/od/")).is_file()


def test_grid_sizes() -> None:
    assert grid(1) == (2, 1)
    assert grid(9) == (10, 1)
    assert grid(10) == (10, 2)
    assert grid(69) == (10, 7)
    with pytest.raises(ValueError):
        grid(70)


def test_the_command_prints_what_it_wrote(tmp_path: Path, run_cli) -> None:  # noqa: ANN001
    result = run_cli("--project", str(REPO), "export", "tts", "orbital-debris", "--kind",
                     "player-aid", "--out", str(tmp_path))
    assert result.code == 0, result.text
    assert "1 decks on 1 sheets" in result.out or "1 deck" in result.out
    assert (tmp_path / "orbital-debris-1.0.0-tts" / "orbital-debris-1.0.0.json").is_file()
