"""Game id + folder -> a new project that checks and builds at once (`cardgen new`).

The files are a small, honest starting point: one kind with its field specs, an edition whose
box list matches its components, a layout extending the shared poker-card frame, a rulebook
stub holding the box list, and a README for the designer. Nothing is ever overwritten.
"""

from __future__ import annotations

import re
from pathlib import Path
from string import Template

from cardgen.errors import Problem, ProblemsError

GAME_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")

_CONFIG = """\
# cardgen project settings: `cardgen check` and `cardgen build` with no GAME use default_game.
default_game: $game
"""

_GITIGNORE = """\
# cardgen writes these; rebuild them with `cardgen build`
/output/
.cardgen-cache/
"""

_GAME = """\
# $title: the words of the game (vocabularies) and the kinds of component it has.
# Field types, rules and selectors: see docs/data-format.md in cardgen's repository.
name: $title
default_edition: "1.0"
vocab:
  suit:
    - { id: star, name: Star, color: "#B8322A", icon: star }
    - { id: diamond, name: Diamond, color: "#2471A3", icon: diamond }
kinds:
  card:
    title: Card
    back: card-back                 # the layout of the back (layouts/$game/card-back.yaml)
    fields:
      suit: { type: term, vocab: suit, required: true }
      value: { type: int, min: 1, max: 3, required: true }
      text: { type: text, description: what the card does }
rules:
  - rule: one-each
    kind: card
    of: { suit: [star, diamond], value: [1, 2, 3] }
    says: one card per suit and value
"""

_EDITION = """\
# Edition 1.0. Copy the rulebook's box list line by line into `line:` (verbatim), then say
# what each line counts; `cardgen check` compares it with the components.
edition: "1.0"
title: $title 1.0
rulebook: ../../../rulebook.md        # relative to this folder: the project's rulebook.md
players: { min: 1, max: 4 }
inventory:
  - line: "6 CARDS (3 STARS, 3 DIAMONDS)"
    kind: card
    count: 6
    by: suit
    parts: { star: 3, diamond: 3 }
"""

_CARDS = """\
# One component per entry; any *.yaml (or *.csv / *.tsv) file in this folder is read.
# Text you wrote yourself, not taken from the rulebook, is marked status: draft.
# Texts are in double quotes, so any sentence can be typed in (commas, colons, # and all);
# write \\" for a quote mark inside one.
- id: star-1
  kind: card
  name: "First Star"
  suit: star
  value: 1
  status: draft
  text: "Draw a card."

- id: star-2
  kind: card
  name: "Second Star"
  suit: star
  value: 2
  status: draft
  text: "Draw two cards."

- id: star-3
  kind: card
  name: "Third Star"
  suit: star
  value: 3
  status: draft
  text: "Every player draws a card."

- id: diamond-1
  kind: card
  name: "First Diamond"
  suit: diamond
  value: 1
  status: draft
  text: "Discard a card."

- id: diamond-2
  kind: card
  name: "Second Diamond"
  suit: diamond
  value: 2
  status: draft
  text: "Swap a card with a neighbour."

- id: diamond-3
  kind: card
  name: "Third Diamond"
  suit: diamond
  value: 3
  status: draft
  text: "Take another turn."
"""

_FRONT = """\
# The front of a card: the shared poker-card frame (63.5 x 88.9 mm, 3 mm bleed) plus these
# elements. Elements and bindings: see docs/layouts.md in cardgen's repository.
extends: common/poker-card
edition_mark: { color: "#555555", size: 6 }    # game + edition, bottom right
elements:
  - { type: rect, x: -3, y: -3, w: 69.5, h: 18, fill: "{suit.color}" }   # runs into the bleed
  - { type: icon, icon: "{suit.icon}", x: 5, y: 4, size: 8, color: "#FFFFFF" }
  - { type: text, name: title, text: "{name}", x: 15, y: 4, w: 33.5, h: 8, size: 12,
      min_size: 8, font: bold, color: "#FFFFFF", align: center, valign: middle }
  - { type: text, name: value, text: "{value}", x: 50, y: 4, w: 9, h: 8, size: 14,
      font: bold, color: "#FFFFFF", align: center, valign: middle }
  - type: image                     # the component's `image:` art, or this fallback without one
    x: 4
    y: 19
    w: 55.5
    h: 36
    fallback:
      - { type: rect, x: 0, y: 0, w: 55.5, h: 36, stroke: "{suit.color}", stroke_width: 0.5 }
      - { type: icon, icon: "{suit.icon}", x: 19.75, y: 10, size: 16, color: "{suit.color}" }
  - { type: text, name: text, text: "{text}", x: 4, y: 59, w: 55.5, h: 20, size: 10,
      min_size: 7, color: "#222222", align: center, valign: middle }
"""

_BACK = """\
# The back every card shares.
extends: common/poker-card
background: "#2B2D42"
edition_mark: false
elements:
  - { type: text, name: title, text: "$title", x: 4, y: 34.45, w: 55.5, h: 20, size: 18,
      min_size: 10, font: bold, color: "#FFFFFF", align: center, valign: middle }
"""

_RULEBOOK = """\
# $title

*A rulebook stub: write the rules here. The box list below is what `cardgen check` compares
the database with (data/$game/1.0/edition.yaml copies it line by line).*

## In the box

- 6 CARDS (3 STARS, 3 DIAMONDS)

## How to play

(to be written)
"""

_README = """\
# $title

A game made with cardgen. cardgen is not on a package index: install it from a clone of its
repository (`pipx install /path/to/cardgen`) or from a wheel built there.

```sh
cardgen check      # the database against the rulebook's box list
cardgen build      # output/$game-1.0/: pnp-letter.pdf, pnp-a4.pdf, print/, svg/, index.html
cardgen build --draft   # a play-test copy even with missing art or a failing check
```

`cardgen watch` rebuilds on every save (Ctrl-C stops it).

| file | what it holds |
|---|---|
| `cardgen.yaml` | the project's settings (the default game) |
| `rulebook.md` | the rules; its box list is what the check compares with |
| `data/$game/game.yaml` | the vocabulary (suits) and the kinds of component with their fields |
| `data/$game/1.0/edition.yaml` | the edition: players and the box list, line by line |
| `data/$game/1.0/cards.yaml` | the components (YAML; a `.csv` or `.tsv` with a header row works too) |
| `layouts/$game/card.yaml`, `card-back.yaml` | how the faces look, extending the shared `common/poker-card` |

Art: put images under `data/$game/art/` and give a component `image: art/name.png`.
Print `pnp-letter.pdf` (or `pnp-a4.pdf`) at 100 %, duplex, long-edge flip.
"""


def project_files(game: str) -> dict[str, str]:
    """Relative path -> text of every file a new project for `game` holds."""
    title = game.replace("-", " ").title()
    files = {
        "cardgen.yaml": _CONFIG, ".gitignore": _GITIGNORE, "README.md": _README,
        "rulebook.md": _RULEBOOK, f"data/{game}/game.yaml": _GAME,
        f"data/{game}/1.0/edition.yaml": _EDITION, f"data/{game}/1.0/cards.yaml": _CARDS,
        f"layouts/{game}/card.yaml": _FRONT, f"layouts/{game}/card-back.yaml": _BACK,
    }
    return {path: Template(text).safe_substitute(game=game, title=title)
            for path, text in files.items()}


def create_project(folder: Path, game: str) -> list[Path]:
    """Write a new project for `game` into `folder` (created if needed); the files written.

    Refuses (ProblemsError) a game id that is not a folder-safe name, and any file that exists."""
    if not GAME_ID.fullmatch(game):
        raise ProblemsError([Problem(
            "bad-game-id", f"'{game}' is not a usable game id",
            hint="lower-case letters, digits and '-', starting with a letter or digit, e.g. mygame")])
    files = {folder / rel: text for rel, text in project_files(game).items()}
    existing = [path for path in files if path.exists()]
    if existing:
        raise ProblemsError([Problem(
            "project-exists", f"{path} already exists; not overwriting it",
            hint="create the project in an empty folder: cardgen new GAME DIR")
            for path in existing])
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return list(files)
