"""N -> a synthetic game folder (project/data/bench, project/layouts/bench) with N typical cards.

Each card: a coloured frame, a title, a number, ~30 words of rules text, two icons, and a back
(the same content bench/floor.py draws by hand). Generic data, no real game.

    python tests/support/gen_deck.py 1000 /tmp/deck     # then: cardgen --project /tmp/deck build bench@1
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, when run as a script
from tests.support import deck  # noqa: E402

GAME, EDITION = "bench", "1"
TARGET = f"{GAME}@{EDITION}"
LAYOUTS = Path(__file__).resolve().parent / "layouts"  # card.yaml, card-back.yaml, icons/


def game_yaml() -> dict:
    return {
        "name": "Bench",
        "title": "Bench - a synthetic deck",
        "default_edition": EDITION,
        "vocab": {
            "colour": [{"id": k, "name": k.title(), "color": v} for k, v in deck.COLOURS.items()],
            "symbol": [{"id": s, "name": s.title(), "icon": f"symbol-{s}"} for s in deck.ICONS],
        },
        "kinds": {"card": {
            "title": "Card", "layout": "card", "back": "card-back",
            "fields": {
                "colour": {"type": "term", "vocab": "colour", "required": True},
                "number": {"type": "int", "min": 1, "max": 9, "required": True},
                "text": {"type": "text", "required": True},
                "symbols": {"type": "list", "of": {"type": "term", "vocab": "symbol"}, "max_items": 2},
            },
        }},
    }


def edition_yaml(n: int) -> dict:
    return {"edition": EDITION, "title": f"Bench {EDITION}", "players": {"min": 1, "max": 4},
            "inventory": [{"line": f"{n} CARDS", "kind": "card", "count": n}]}


def card(i: int) -> dict:
    return {"id": f"card-{i + 1:05d}", "kind": "card", "name": deck.title(i), "status": "draft",
            "colour": deck.colour(i), "number": deck.number(i), "text": deck.text(i),
            "symbols": list(deck.ICONS)}


def make_project(root: Path, n: int) -> Path:
    """Write the project; return its folder."""
    data = root / "data" / GAME
    (data / EDITION).mkdir(parents=True, exist_ok=True)
    _dump(data / "game.yaml", game_yaml())
    _dump(data / EDITION / "edition.yaml", edition_yaml(n))
    _dump(data / EDITION / "cards.yaml", [card(i) for i in range(n)])
    if LAYOUTS.is_dir():
        shutil.copytree(LAYOUTS, root / "layouts" / GAME, dirs_exist_ok=True)
    (root / "cardgen.yaml").write_text(f"default_game: {GAME}\n", encoding="utf-8")
    return root


def edit_one_card(root: Path, i: int) -> None:
    """Change card i's text, as a designer fixing one typo would."""
    path = root / "data" / GAME / EDITION / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    old = deck.text(i)
    assert old in text, f"card {i} text not found"
    path.write_text(text.replace(old, old.replace(" ", "  ", 1).replace("  ", " also ", 1), 1),
                    encoding="utf-8")


def _dump(path: Path, value: object) -> None:
    path.write_text(yaml.safe_dump(value, allow_unicode=True, sort_keys=False, width=1000),
                    encoding="utf-8")


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print(make_project(Path(sys.argv[2] if len(sys.argv) > 2 else "deck"), count))
