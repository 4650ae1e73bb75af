"""No game's name or vocabulary appears in the engine (cardgen/): games are data."""

from __future__ import annotations

import re

import yaml

from tests.conftest import REPO

GENERIC = {"red", "blue", "green", "violet", "white", "yellow", "orange", "gray", "pink", "black",
           "card", "cards", "token", "dice", "data", "board", "track", "event", "action", "speed",
           "cache", "front", "back", "keep", "move", "rest", "share", "number", "thing", "system",
           "metal", "plastic", "fuel", "console", "light", "star", "circle", "square", "diamond",
           "display", "marker", "piece", "pieces", "sheet", "reference", "glossary", "cover",
           "passive", "studio", "server", "garage", "operational", "collapsed", "wild", "engine",
           "power", "powers", "title", "name", "none", "level", "space", "spaces", "slot", "icon",
           "clean", "core", "game", "high", "life", "memory", "start", "starting", "when",
           "position", "support", "instant", "lasting", "flip", "flipped", "capacity", "purple",
           "communications", "navigation", "engines", "cube", "pawn", "ship", "tracker",
           "operative", "electronics", "empty", "adjacent", "resource"}  # glossary words: plain English


def _game_words() -> set[str]:
    words: set[str] = set()
    for game_file in (REPO / "data").glob("*/game.yaml"):
        data = yaml.safe_load(game_file.read_text(encoding="utf-8"))
        words.add(game_file.parent.name)
        words.update(str(data.get(k, "")) for k in ("name", "title"))
        for terms in (data.get("vocab") or {}).values():
            for term in terms:
                words.update(str(term.get(k, "")) for k in ("id", "name"))
    split = {w for text in words for w in re.split(r"[^\w]+", text.lower())}
    return {w for w in split if len(w) >= 4 and w not in GENERIC and not w.isdigit()}


def test_engine_source_names_no_game() -> None:
    words = _game_words()
    assert len(words) > 10
    hits = []
    for path in sorted((REPO / "cardgen").rglob("*.py")):
        text = path.read_text(encoding="utf-8").lower()
        hits += [f"{path.name}: {w}" for w in words if re.search(rf"\b{re.escape(w)}\b", text)]
    assert not hits, hits
