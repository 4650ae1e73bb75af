"""A build's faces -> table.html, a play table in the browser (`cardgen play`).

One page that works from the file system, offline, with no server: the faces are the build's
own SVGs (relative links, as the gallery has them), the table's script and styles are
cardgen's package files (cardgen/assets/play/) written inline into the page, and the game is
a JSON description of its pieces: every card kind a deck, boards at true size, tokens, dice
(the faces of their sticker strips), and the edition's `setup:` steps the table performs when
a game starts. Nothing else is read; the browser keeps the state in its local storage.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from string import Template
from typing import Any

from cardgen.data.model import Component, Database
from cardgen.export.common import decks
from cardgen.export.pieces import die_faces, face_outline, role
from cardgen.pipeline import manifest
from cardgen.pipeline.faces import FaceKey, Faces
from cardgen.pipeline.writers import svg_name
from cardgen.records import record

TABLE = "table.html"
ASSETS = ("table.css", "table.js")


@record(frozen=True)
class PlayStep:
    """A build step: write table.html beside the build's SVGs, and its manifest record."""

    def __call__(self, db: Database, faces: Faces, tmp: Path,
                 records: list[manifest.FileRecord]) -> list[manifest.FileRecord]:
        svgs = {r.path for r in records if r.holds == "svg"}
        game = table_game(db, faces, svgs)
        (tmp / TABLE).write_text(table_html(game), encoding="utf-8")
        return [manifest.FileRecord(TABLE, "play-table", sorted({p["kind"] for p in game["pieces"]}),
                                    0, len(game["pieces"]))]


def table_game(db: Database, faces: Faces, svgs: set[str]) -> dict[str, Any]:
    """The game as the table's script reads it: kinds, pieces with their faces, set-up steps."""
    kinds = {c.id: c.kind for c in faces.components}
    pieces: list[dict[str, Any]] = []
    kind_list: list[dict[str, Any]] = []
    for deck in decks(db, faces):
        shown = [p for c in deck.components
                 if (p := piece(c, faces, kinds, svgs)) is not None]
        if shown:
            kind_list.append({"id": deck.kind, "title": deck.title, "role": shown[0]["role"]})
            pieces += shown
    players = db.edition.players
    return {
        "title": f"{db.game.name} {db.edition.id}", "label": db.label,
        "players": {"min": players.min, "max": players.max} if players else {"min": 1, "max": 1},
        "kinds": kind_list, "pieces": pieces, "setup": setup_steps(db),
    }


def piece(c: Component, faces: Faces, kinds: dict[str, str], svgs: set[str]) -> dict[str, Any] | None:
    """One component as a table piece (None when its front has no SVG in this build)."""
    front_key: FaceKey = (c.id, "front")
    front = svg_name(front_key, kinds) if front_key in faces.drawings else ""
    if front not in svgs:
        return None
    drawing = faces.drawings[front_key]
    back = svg_name((c.id, "back"), kinds) if (c.id, "back") in faces.drawings else ""
    dice = die_faces(c, drawing)
    shape, _ = face_outline(drawing)
    return {
        "id": c.id, "kind": c.kind, "name": c.name, "count": c.count,
        "role": role(c, faces.sheets.get(c.kind, ""), drawing),
        "w": round(drawing.width, 2), "h": round(drawing.height, 2),
        "bleed": round(drawing.bleed, 2), "shape": shape,
        "front": front, "back": back if back in svgs else "",
        "dice": [[round(b.x, 2), round(b.y, 2), round(b.w, 2)] for b in dice] if dice else [],
        "values": [str(v) for v in c.fields.get("faces", [])] if dice else [],
        "fields": {k: v for k, v in c.fields.items() if isinstance(v, (str, int, float, bool))},
    }


def setup_steps(db: Database) -> list[dict[str, Any]]:
    """The edition's set-up steps, as data (each step's keys as written)."""
    return [dict(step.data) for step in getattr(db.edition, "setup", [])]


def _asset(name: str) -> str:
    return resources.files("cardgen.assets").joinpath("play", name).read_text(encoding="utf-8")


def table_html(game: dict[str, Any]) -> str:
    """The page: the template with the game's JSON, the styles and the script inline."""
    data = json.dumps(game, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return Template(_asset("table.html")).substitute(
        title=_escape(game["title"]), style=_asset("table.css"), script=_asset("table.js"),
        game=data)


def _escape(text: str) -> str:
    import html

    return html.escape(text, quote=True)
