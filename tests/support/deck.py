"""Card index -> the synthetic content every benchmark card carries (shared by gen_deck and floor)."""

from __future__ import annotations

import random

WORDS = [
    "draw", "discard", "gain", "lose", "move", "trade", "build", "place", "remove", "swap", "reveal",
    "hide", "score", "each", "other", "player", "token", "card", "tile", "space", "board", "round",
    "turn", "action", "resource", "market", "stack", "pile", "hand", "left", "right", "adjacent",
    "any", "one", "two", "three", "until", "when", "then", "instead",
]
COLOURS = {"amber": "#D98E04", "teal": "#1B8A8F", "plum": "#7B3F8C", "slate": "#4A5A6A"}
ICONS = ("circle", "triangle")
CARD_W, CARD_H = 63.0, 88.0  # mm, poker size


def title(i: int) -> str:
    return f"Card {i + 1}"


def colour(i: int) -> str:
    return list(COLOURS)[i % len(COLOURS)]


def number(i: int) -> int:
    return i % 9 + 1


def text(i: int, words: int = 30) -> str:
    """About 30 words of deterministic filler text, different for every card."""
    rng = random.Random(i)
    chosen = [rng.choice(WORDS) for _ in range(words)]
    return (" ".join(chosen).capitalize() + ".").replace(" then ", ". Then ")
