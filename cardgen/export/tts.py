"""Faces -> a Tabletop Simulator saved object (`cardgen export tts`).

Cards become custom decks: each kind's fronts go on deck sheets of at most 10 x 7 slots, the
last slot of every sheet holding the hidden card (what other players see of a card in your
hand: the deck's back, or a plain grey card when the kind's backs differ or it has none).
A kind whose cards share one back gets one back image; otherwise a back sheet with the same
grid (UniqueBack). Boards ("large" sheets) become custom boards, tokens and stickers custom
tokens, each with its own front and back image; several copies of a piece go in a bag. A round
(or polygon) token or board is transparent outside its outline. A die printed as a strip of
six faces becomes a custom d6 on TTS's d6 image template (see d6_template).

The JSON follows TTS's save format (ObjectStates; DeckCustom with DeckIDs, CustomDeck with
FaceURL, BackURL, NumWidth, NumHeight, BackIsHidden, UniqueBack; cards with CardID = deck key
x 100 + slot and the component's name as Nickname). Image URLs are absolute file:/// URLs of
the exported images by default (TTS loads them from this machine), or under --base-url where
the images are hosted. Sizes in TTS are relative: a card
deck is at scale 1, a tile or token at its width against a poker card's.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import field
from pathlib import Path
from typing import Any

from PIL import Image

from cardgen import records
from cardgen.data.model import Component, Database
from cardgen.export.common import (
    Deck,
    decks,
    lay_out,
    record,
    shared_back,
    write_export_manifest,
)
from cardgen.export.pieces import Box, die_faces, role
from cardgen.layout.drawing import Drawing
from cardgen.pipeline import manifest, output
from cardgen.pipeline.faces import FaceKey, Faces

COLUMNS, ROWS = 10, 7  # TTS's largest deck grid
MAX_SHEET_PX = 4096  # a sheet TTS loads comfortably
MIN_PIECE_PX = 256  # small tokens still readable when zoomed in
DPI = 150
HIDDEN_GREY = (107, 114, 128)
POKER_WIDTH = 63.5
CARD_SHEETS = ("cards",)
D6_CELL_PX = 256  # one face on the d6 template (a 768 x 768 image)


@records.record
class TtsResult:
    folder: Path
    save: Path
    files: list[Path] = field(default_factory=list)
    decks: int = 0
    sheets: int = 0
    objects: int = 0  # tiles and tokens (bags count their contents)


@records.record
class Writer:
    """What an export writes as it goes: images, their records, the TTS objects."""

    db: Database
    faces: Faces
    tmp: Path
    base_url: str | None
    dpi: int
    final: Path  # the folder the export ends up in (the default URLs point there)
    records: list[manifest.FileRecord] = field(default_factory=list)
    objects: list[dict[str, Any]] = field(default_factory=list)
    deck_keys: int = 0
    sheets: int = 0
    pieces: int = 0

    def url(self, name: str) -> str:
        """Where TTS finds an image: under --base-url, else the file itself (file:///...)."""
        if self.base_url:
            return f"{self.base_url.rstrip('/')}/{name}"
        return (self.final / name).as_uri()

    def save_image(self, image: Image.Image, name: str, kind: str, faces: int) -> str:
        image.save(self.tmp / name, optimize=False, compress_level=6)
        self.records.append(record(name, "tts-image", [kind], faces=faces))
        return self.url(name)


def export_tts(db: Database, out_root: Path, kinds: list[str] | None = None, *,
               base_url: str | None = None, dpi: int = DPI) -> TtsResult:
    """Write out_root/<game>-<edition>-tts/: images/ and <game>-<edition>.json."""
    faces = lay_out(db, kinds)
    folder = f"{db.game.id}-{db.edition.id}-tts"
    target = out_root / folder
    save_name = f"{db.game.id}-{db.edition.id}.json"
    with output.atomic_folder(target) as tmp:
        (tmp / "images").mkdir()
        w = Writer(db, faces, tmp, base_url, dpi, target.resolve())
        deck_count = 0
        all_decks = decks(db, faces)
        for deck in all_decks:
            sheet = faces.sheets[deck.kind]
            if sheet in CARD_SHEETS:
                w.objects.append(card_deck(w, deck, len(w.objects)))
                deck_count += 1
            else:
                w.objects += pieces(w, deck, len(w.objects), sheet)
        (tmp / save_name).write_text(json.dumps(saved_object(db, w.objects), indent=2,
                                                ensure_ascii=False) + "\n", encoding="utf-8")
        w.records.append(record(save_name, "tts-save", sorted({d.kind for d in all_decks}),
                                faces=len(faces.drawings)))
        write_export_manifest(db, tmp, w.records, {"base_url": base_url, "dpi": dpi,
                                                   "kinds": kinds}, faces)
    return TtsResult(target, target / save_name, [target / r.path for r in w.records]
                     + [target / "manifest.json"], deck_count, w.sheets, w.pieces)


def saved_object(db: Database, objects: list[dict[str, Any]]) -> dict[str, Any]:
    """The top level of a TTS save file holding these objects."""
    return {
        "SaveName": f"{db.game.name} {db.edition.id}", "GameMode": db.game.name, "Date": "",
        "VersionNumber": "", "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "",
        "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
        "TabStates": {}, "ObjectStates": objects,
    }


# --------------------------------------------------------------------------- card decks


def grid(cards: int) -> tuple[int, int]:
    """(columns, rows) for a sheet of `cards` faces plus the hidden card: at most 10 x 7."""
    slots = cards + 1
    if slots > COLUMNS * ROWS:
        raise ValueError(f"{cards} cards do not fit one {COLUMNS}x{ROWS} sheet")
    columns = min(COLUMNS, slots)
    return columns, -(-slots // columns)


def chunks(components: list[Component]) -> list[list[Component]]:
    per_sheet = COLUMNS * ROWS - 1
    return [components[i:i + per_sheet] for i in range(0, len(components), per_sheet)]


def card_deck(w: Writer, deck: Deck, index: int) -> dict[str, Any]:
    """A kind's cards as one DeckCustom (or a single Card): sheets written, ids assigned."""
    back_face = shared_back(w.faces, deck)
    hidden = render_one(w, back_face) if back_face else None
    custom: dict[str, dict[str, Any]] = {}
    cards: list[dict[str, Any]] = []
    for part, chunk in enumerate(chunks(deck.components), start=1):
        w.deck_keys += 1
        key = w.deck_keys
        columns, rows = grid(len(chunk))
        stem = f"images/{deck.kind}-{part}"
        fronts = [(c.id, "front") for c in chunk]
        face_url = w.save_image(sheet_image(w, fronts, columns, rows, hidden), f"{stem}.png",
                                deck.kind, len(chunk) + 1)
        if back_face is not None and hidden is not None:
            back_url = w.save_image(hidden, f"images/{deck.kind}-back.png", deck.kind, 1) \
                if part == 1 else w.url(f"images/{deck.kind}-back.png")
            unique = False
        elif deck.has_back:
            backs = [(c.id, "back") for c in chunk]
            back_url = w.save_image(sheet_image(w, backs, columns, rows, None),
                                    f"{stem}-back.png", deck.kind, len(chunk) + 1)
            unique = True
        else:
            back_url = w.save_image(grey_card(w, fronts[0]), f"images/{deck.kind}-plain-back-{part}.png",
                                    deck.kind, 1)
            unique = False
        w.sheets += 1
        custom[str(key)] = {"FaceURL": face_url, "BackURL": back_url, "NumWidth": columns,
                            "NumHeight": rows, "BackIsHidden": True, "UniqueBack": unique,
                            "Type": 0}
        for slot, c in enumerate(chunk):
            cards += [card(deck, c, key * 100 + slot, {str(key): custom[str(key)]}, copy)
                      for copy in range(c.count)]
    if hidden is not None:
        hidden.close()
    if len(cards) == 1:
        return {**cards[0], "Transform": transform(index, face_down=True)}
    return {
        "GUID": guid(f"deck/{deck.kind}"), "Name": "DeckCustom", "Nickname": deck.title,
        "Description": f"{len(cards)} cards", "Transform": transform(index, face_down=True),
        "HideWhenFaceDown": True, "Hands": False, "SidewaysCard": False,
        "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": custom, "ContainedObjects": cards,
    }


def card(deck: Deck, c: Component, card_id: int, custom: dict[str, Any], copy: int) -> dict[str, Any]:
    return {
        "GUID": guid(f"card/{c.id}/{copy}"), "Name": "Card", "Nickname": c.name,
        "Description": deck.title, "CardID": card_id, "CustomDeck": custom,
        "Transform": transform(0), "HideWhenFaceDown": True, "Hands": True, "SidewaysCard": False,
    }


def sheet_image(w: Writer, chosen: list[FaceKey], columns: int, rows: int,
                hidden: Image.Image | None) -> Image.Image:
    """The faces in slot order on a columns x rows sheet; the last slot the hidden card."""
    from cardgen.render.png import face_images

    drawings = [w.faces.drawings[f] for f in chosen]
    cell = deck_cell(w, chosen[0])
    sheet = Image.new("RGB", (cell[0] * columns, cell[1] * rows), "white")
    for slot, image in enumerate(face_images(drawings, cell_dpi(drawings[0].width, cell[0]), 0)):
        sheet.paste(image.resize(cell), ((slot % columns) * cell[0], (slot // columns) * cell[1]))
        image.close()
    last = columns * rows - 1
    filler = hidden.resize(cell) if hidden is not None else Image.new("RGB", cell, HIDDEN_GREY)
    sheet.paste(filler, ((last % columns) * cell[0], (last // columns) * cell[1]))
    return sheet


def deck_cell(w: Writer, face: FaceKey) -> tuple[int, int]:
    """One slot in px, the same on every sheet of a deck: the face at dpi, smaller where a
    full 10 x 7 sheet would pass MAX_SHEET_PX."""
    drawing = w.faces.drawings[face]
    scale = min(w.dpi / 25.4, MAX_SHEET_PX / (COLUMNS * drawing.width),
                MAX_SHEET_PX / (ROWS * drawing.height))
    return max(1, int(drawing.width * scale)), max(1, int(drawing.height * scale))


def cell_dpi(width_mm: float, width_px: int) -> int:
    return max(1, round(width_px * 25.4 / width_mm))


def render_one(w: Writer, face: FaceKey) -> Image.Image:
    """One card face at its deck's slot size (a shared back, the hidden card)."""
    from cardgen.render.png import face_images

    drawing = w.faces.drawings[face]
    cell = deck_cell(w, face)
    image = next(iter(face_images([drawing], cell_dpi(drawing.width, cell[0]), 0)))
    return image if image.size == cell else image.resize(cell)


def piece_image(w: Writer, face: FaceKey) -> Image.Image:
    """A tile or token face on its own: at dpi, at least MIN_PIECE_PX, at most MAX_SHEET_PX;
    transparent outside a round or polygon outline."""
    from cardgen.render.png import face_images

    drawing = w.faces.drawings[face]
    longest = max(drawing.width, drawing.height)
    px = min(MAX_SHEET_PX, max(MIN_PIECE_PX, longest * w.dpi / 25.4))
    image = next(iter(face_images([drawing], cell_dpi(longest, round(px)), 0)))
    return cut_out(image, drawing)


def cut_out(image: Image.Image, drawing: Drawing) -> Image.Image:
    """The image with alpha 0 outside the face's outline (a rectangle stays opaque RGB)."""
    from cardgen.render.cutout import cut_out as cut_to_outline

    return cut_to_outline(image, drawing, 0.0)


def grey_card(w: Writer, face: FaceKey) -> Image.Image:
    return Image.new("RGB", deck_cell(w, face), HIDDEN_GREY)


# --------------------------------------------------------------------------- tiles and tokens


def pieces(w: Writer, deck: Deck, index: int, sheet: str) -> list[dict[str, Any]]:
    """Each component of a board, token or die kind as a custom board, token or die (a bag
    of copies)."""
    placed = []
    for n, c in enumerate(deck.components):
        drawing = w.faces.drawings[(c.id, "front")]
        kind = role(c, sheet, drawing)
        if kind == "die" and len(die_faces(c, drawing) or []) == len(D6_CELLS):
            copies = [die_object(w, deck, c, copy) for copy in range(c.count)]
        else:
            front = w.save_image(piece_image(w, (c.id, "front")), f"images/{c.id}.png", deck.kind, 1)
            back = (w.save_image(piece_image(w, (c.id, "back")), f"images/{c.id}-back.png",
                                 deck.kind, 1) if (c.id, "back") in w.faces.drawings else "")
            copies = [piece(deck, c, front, back, drawing.width, kind == "board", copy)
                      for copy in range(c.count)]
        w.pieces += len(copies)
        at = transform(index + n)
        if len(copies) == 1:
            placed.append({**copies[0], "Transform": at})
        else:
            placed.append({"GUID": guid(f"bag/{c.id}"), "Name": "Bag",
                           "Nickname": f"{c.name} x{c.count}", "Description": deck.title,
                           "Transform": at, "ContainedObjects": copies})
    return placed


def piece(deck: Deck, c: Component, front: str, back: str, width: float, board: bool,
          copy: int) -> dict[str, Any]:
    scale = round(width / POKER_WIDTH, 3)
    image: dict[str, Any] = {"ImageURL": front, "ImageSecondaryURL": back, "ImageScalar": 1.0,
                             "WidthScale": 0.0}
    if not board:
        image["CustomToken"] = {"Thickness": 0.2, "MergeDistancePixels": 15.0, "StandUp": False,
                                "Stackable": True}
    return {
        "GUID": guid(f"piece/{c.id}/{copy}"), "Name": "Custom_Board" if board else "Custom_Token",
        "Nickname": c.name, "Description": deck.title,
        "Transform": {**transform(0), "scaleX": scale, "scaleZ": scale},
        "CustomImage": image,
    }


# --------------------------------------------------------------------------- dice

# TTS's d6 template (Modding/Dice Templates in the game's folder): a square image of 3 x 3
# cells whose top row is unused; the middle row holds the faces TTS numbers 2, 4, 5, the
# bottom row 1, 3, 6, faces 1 and 6 turned half round. (Read from community tools that build
# this template; TTS's own file is not shipped with cardgen.) Cells as (column, row, turned).
D6_CELLS = {1: (0, 2, True), 2: (0, 1, False), 3: (1, 2, False), 4: (1, 1, False),
            5: (2, 1, False), 6: (2, 2, True)}
# The rotation that shows each of TTS's d6 faces on top (its standard Die_6).
D6_ROTATIONS = {1: (-90.0, 0.0, 0.0), 2: (0.0, 0.0, 0.0), 3: (0.0, 0.0, -90.0),
                4: (0.0, 0.0, 90.0), 5: (0.0, 0.0, -180.0), 6: (90.0, 0.0, 0.0)}
D6_TYPE = 1  # CustomDice.Type: 0 d4, 1 d6, 2 d8, 3 d10, 4 d12, 5 d20


def d6_template(faces: list[Image.Image], cell: int = D6_CELL_PX) -> Image.Image:
    """Six face images (the die's faces in order) on TTS's d6 template."""
    sheet = Image.new("RGB", (3 * cell, 3 * cell), "white")
    for number, face in enumerate(faces, start=1):
        column, row, turned = D6_CELLS[number]
        square = face.convert("RGB").resize((cell, cell))
        sheet.paste(square.rotate(180) if turned else square, (column * cell, row * cell))
    return sheet


def die_faces_images(w: Writer, c: Component, boxes: list[Box]) -> list[Image.Image]:
    """The die's faces cut from its printed strip, each D6_CELL_PX square."""
    from cardgen.render.png import face_images

    drawing = w.faces.drawings[(c.id, "front")]
    dpi = max(1, round(D6_CELL_PX * 25.4 / drawing.height))
    strip = next(iter(face_images([drawing], dpi, 0)))
    scale = strip.height / drawing.height
    cut = [strip.crop((round(b.x * scale), round(b.y * scale), round((b.x + b.w) * scale),
                       round((b.y + b.h) * scale))) for b in boxes]
    strip.close()
    return cut


def die_object(w: Writer, deck: Deck, c: Component, copy: int) -> dict[str, Any]:
    """A Custom_Dice whose image holds the die's six faces on TTS's d6 template (other dice
    go as tokens showing their strip)."""
    name = f"images/{c.id}-d6.png"
    boxes = die_faces(c, w.faces.drawings[(c.id, "front")]) or []
    if copy == 0:
        faces = die_faces_images(w, c, boxes)
        w.save_image(d6_template(faces), name, deck.kind, 1)
    values = [str(v) for v in c.fields.get("faces", [])]
    return {
        "GUID": guid(f"die/{c.id}/{copy}"), "Name": "Custom_Dice", "Nickname": c.name,
        "Description": deck.title, "Transform": {**transform(0), "scaleX": 1.0, "scaleZ": 1.0},
        "CustomImage": {"ImageURL": w.url(name), "ImageSecondaryURL": "", "ImageScalar": 1.0,
                        "WidthScale": 0.0, "CustomDice": {"Type": D6_TYPE}},
        "RotationValues": [{"Value": value, "Rotation": dict(zip("xyz", D6_ROTATIONS[n], strict=True))}
                           for n, value in enumerate(values, start=1)],
    }


# --------------------------------------------------------------------------- shared


def transform(index: int, face_down: bool = False) -> dict[str, float]:
    """Objects in a row of eight across the table, decks face down."""
    return {"posX": -14.0 + 4.0 * (index % 8), "posY": 1.0, "posZ": 6.0 - 6.0 * (index // 8),
            "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if face_down else 0.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def guid(text: str) -> str:
    """A stable six-hex-digit GUID (the same input gives the same save file)."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:6]
