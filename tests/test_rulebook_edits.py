"""Realistic edits to copies of the five seed rulebooks: the real ones are reported, the neutral
ones are not.

Each edit is one change a designer might make to a rulebook (a count or a name in the box list
or in set-up and play text, a removed line, a change to text the data quotes) or one that changes
nothing the data depends on (heading wording, Markdown, whitespace, order, the box list's format).
"Reported" means `cardgen check --strict` fails where the unedited rulebook passes: every seed
edition passes `--strict` as it stands. The test measures both rates and holds them: at least
90 % of the real edits reported, no neutral edit reported.

    python -m tests.test_rulebook_edits     # prints the rates and every edit that was missed
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from cardgen.check import check
from cardgen.data.load import load_database
from cardgen.data.model import Database
from tests.conftest import REPO, copy_project

SEEDS = next((p for p in (REPO.parent / "shared" / "seeds", REPO.parent.parent / "shared" / "seeds")
              if p.is_dir()), None)
TARGETS = {"0.6.5": ("l5", "0.6.5"), "act-one": ("l5", "act-one"), "0.6.2": ("l5", "0.6.2"),
           "lux": ("lux-aeterna", None), "orbital": ("orbital-debris", None)}


@dataclass(frozen=True)
class Edit:
    target: str  # a key of TARGETS
    old: str
    new: str
    what: str

    def apply(self, text: str) -> str:
        assert text.count(self.old) == 1, f"{self.target}: {self.old!r} is not once in the rulebook"
        return text.replace(self.old, self.new)


REAL = [
    # L5 0.6.5
    Edit("0.6.5", "20 ORBIT CARDS:", "24 ORBIT CARDS:", "box list: a count"),
    Edit("0.6.5", "4 EARTH CARDS", "5 EARTH CARDS", "box list: a count"),
    Edit("0.6.5", "1 RED ARCADE (3 Rooms)", "1 RED ARCADE (4 Rooms)", "box list: a count inside a line"),
    Edit("0.6.5", "1 REMINDER CARD", "1 REFERENCE CARD", "box list: a rename"),
    Edit("0.6.5", "Place the **3 Earth Cards**", "Place the **2 Earth Cards**", "set-up: a count"),
    Edit("0.6.5", "receives **3 action counters**", "receives **4 action counters**", "set-up: a count"),
    Edit("0.6.5", "values heritage and progress", "values tradition and progress", "quoted: culture text"),
    Edit("0.6.5", "**feeds (2s)** - new knowledge", "**feeds (2s)** - fresh knowledge", "quoted: suit text"),
    Edit("0.6.5", "they keep everything and everyone moving", "they keep everyone moving",
         "quoted: career text"),
    Edit("0.6.5", "everyone in L5 can use regardless", "some in L5 can use regardless", "quoted: rule"),
    Edit("0.6.5", "Only exchange data for new data from the datapool -- discarded data is not available "
         "for exchanges.", "", "removed: a quoted sentence"),
    Edit("0.6.5", "Deal the top three Orbit Cards", "Deal the top four Orbit Cards", "set-up: a count"),
    # L5 Act One
    Edit("act-one", "16 orbit cards:", "18 orbit cards:", "box list: a count"),
    Edit("act-one", "\n7 things\n", "\n6 things\n", "box list: a breakdown count"),
    Edit("act-one", "16 Covers (coins, counters, etc.)", "20 Covers (coins, counters, etc.)",
         "box list: a count"),
    Edit("act-one", "Blue Studio (lvl1)", "Blue Studio (lvl2)", "box list: a detail"),
    Edit("act-one", "gives each character 3 **COVERS**", "gives each character 4 **COVERS**",
         "set-up: a count"),
    Edit("act-one", "link any two arcades", "link any three arcades", "quoted: a space's text"),
    Edit("act-one", "POOL - any data not currently on tech, cards, or arcades",
         "POOL - any data not on tech or cards", "quoted: a glossary entry"),
    Edit("act-one", "COLORS & THEIR MEANINGS", "COLOURS & THEIR MEANINGS", "quoted: a heading"),
    Edit("act-one", "by the end of the fifth turn", "by the end of the sixth turn", "play: a count"),
    Edit("act-one", "Read the Earth Card TORTUGA, and stay tuned for ACT TWO.",
         "Stay tuned for ACT TWO.", "play: a component no longer named"),
    Edit("act-one", "locate the alignment card TRIANGULATE", "locate the goal card TRIANGULATE",
         "set-up: a rename"),
    # L5 0.6.2
    Edit("0.6.2", "* 5-25 New Media cards", "* 5-30 New Media cards", "box list: a count"),
    Edit("0.6.2", "* 3-5 Arcades and 1 Keep", "* 3-6 Arcades and 1 Keep", "box list: a count"),
    Edit("0.6.2", "3x Ecosystems", "5x Ecosystems", "box list: a part"),
    Edit("0.6.2", "Choose 3 references - one of each type", "Choose 4 references - one of each type",
         "set-up: a count"),
    Edit("0.6.2", "You can’t, however change the number or reroll.", "You can’t, however, reroll.",
         "quoted: a power's text"),
    Edit("0.6.2", "A-Move, B-Move, -or- Z-Move", "A-Move -or- B-Move", "play: a name removed"),
    Edit("0.6.2", "(a technology, an environment, and a global power)",
         "(a technology, an ecosystem, and a global power)", "play: a name (a fixed problem)"),
    Edit("0.6.2", "Place it number-up on the orange diamond", "Place it number-up on the orange square",
         "set-up: a rename"),
    # Lux Aeterna
    Edit("lux", "(10 for each of the 6 ship systems)", "(12 for each of the 6 ship systems)",
         "box list: a count inside a line"),
    Edit("lux", "\n6 Glitch cards\n", "\n7 Glitch cards\n", "box list: a count"),
    Edit("lux", "1 Starship piece", "1 Starship token", "box list: a rename"),
    Edit("lux", "still under repair (with a dice on it).", "still under repair.", "quoted: scoring"),
    Edit("lux", "Starting Position Marker's square.", "Starting Position Marker's space.",
         "quoted: scoring"),
    Edit("lux", " **You MUST assign a card keyed to a System with a dice on it, if possible.**", "",
         "removed: a quoted sentence"),
    Edit("lux", "Remove the top 4 cards of the Main deck", "Remove the top 5 cards of the Main deck",
         "quoted: a card's text"),
    Edit("lux", "remove 8 cards at random, unseen", "remove 10 cards at random, unseen",
         "set-up: a count"),
    Edit("lux", "choose and apply 2 of its effects", "choose and apply 3 of its effects",
         "play: a count"),
    Edit("lux", "Draw 4 cards from the Main deck.", "Draw 5 cards from the Main deck.",
         "play: a count"),
    # the orbital game
    Edit("orbital", "- 50 Debris cubes", "- 60 Debris cubes", "box list: a count"),
    Edit("orbital", "\t- 12 Junk cards", "\t- 14 Junk cards", "box list: a sub-list count"),
    Edit("orbital", "\t- 1 Threat Marker", "\t- 1 Threat Token", "box list: a rename"),
    Edit("orbital", "Draw 3 cards, place 2 debris", "Draw 3 cards, place 3 debris", "set-up: a count"),
    Edit("orbital", "hand limit of 5 Resource cards", "hand limit of 6 Resource cards", "play: a count"),
    Edit("orbital", "Repair Cost: 3 Fuel, 1 Electronics, 1 Plastic, 3 Metal",
         "Repair Cost: 3 Fuel, 2 Electronics, 1 Plastic, 3 Metal", "quoted: a card's cost"),
    Edit("orbital", "An ongoing effect that costs 0 resources to use.",
         "An ongoing effect that costs 1 resource to use.", "quoted: a glossary entry"),
    Edit("orbital", "spaceship card under the 4 HP mark", "spaceship card under the 3 HP mark",
         "set-up: a count"),
    Edit("orbital", "- Place 3 debris in that space", "- Place 2 debris in that space",
         "quoted: a card's text"),
    Edit("orbital", "4. Align GSO, HEO, LEO, & Earth arrows as shown in the picture above\n", "",
         "removed: a set-up line"),
]

NEUTRAL = [
    Edit("0.6.5", "## IN THE BOX", "## What's in the box", "heading wording"),
    Edit("0.6.5", "## SETTING UP", "## SET-UP", "heading wording"),
    Edit("0.6.5", "## GOALS", "## GOAL OF THE GAME", "heading wording"),
    Edit("0.6.5", "Shuffle the deck of **Orbit Cards**.", "Shuffle the deck of Orbit Cards.", "markdown"),
    Edit("0.6.5", "4 EARTH CARDS\n\n1 REMINDER CARD", "1 REMINDER CARD\n\n4 EARTH CARDS", "order"),
    Edit("0.6.5", "\n## TAKING TURNS\n", "\n\n\n## TAKING TURNS\n", "whitespace"),
    Edit("0.6.5", "\n3 CHARACTER IDS & MATCHING TOKENS\n", "\n- 3 CHARACTER IDS & MATCHING TOKENS\n",
         "markdown: a bullet"),
    Edit("0.6.5", "4 EARTH CARDS\n\n1 REMINDER CARD\n",
         "| Qty | Component |\n|---|---|\n| 4 | EARTH CARDS |\n| 1 | REMINDER CARD |\n",
         "box list: a Markdown table"),
    Edit("act-one", "\nINVENTORY\n", "\n## INVENTORY\n", "markdown: a heading"),
    Edit("act-one", "\nSETTING UP\n", "\n## SETTING UP\n", "markdown: a heading"),
    Edit("act-one", "16 Covers (coins", "16x Covers (coins", "box list: 3x"),
    Edit("act-one", "Blue Server (lvl1)\n", "Blue Server (lvl1)   \n", "whitespace"),
    Edit("act-one", "\nMETA-LANGUAGE\n", "\n## META-LANGUAGE\n", "markdown: a heading"),
    Edit("act-one", "a **Goal Card**, so", "a *Goal Card*, so", "markdown"),
    Edit("0.6.2", "## In the box", "## Components", "heading wording"),
    Edit("0.6.2", "## Setting up", "## Setup", "heading wording"),
    Edit("0.6.2", "* 3-5 Arcades and 1 Keep", "- 3-5 Arcades and 1 Keep", "markdown: bullet style"),
    Edit("0.6.2", "\nTAKING TURNS\n", "\n## Taking turns\n", "heading wording"),
    Edit("0.6.2", "* 1-5 Character IDs and matching plastic Character Tokens\n"
         "* 2-10 Tech and Accessory placemats \n* (1x of each/character)\n",
         "* 2-10 Tech and Accessory placemats \n* (1x of each/character)\n"
         "* 1-5 Character IDs and matching plastic Character Tokens\n", "order"),
    Edit("0.6.2", "Clearing & Illuminating", "Clearing  &  Illuminating", "whitespace"),
    Edit("lux", "# COMPONENTS", "# What's in the box", "heading wording"),
    Edit("lux", "# COMPONENTS", "**Contents**", "a bold line heading"),
    Edit("lux", "# COMPONENTS", "Contents:", "a plain Contents: line"),
    Edit("lux", "1 Play Aid card\n\n6 Glitch cards", "6 Glitch cards\n\n1 Play Aid card", "order"),
    Edit("lux", "# VARYING GAMEPLAY", "## Varying gameplay", "heading wording"),
    Edit("lux", "\n6 Glitch cards\n", "\n- 6 Glitch cards\n", "markdown: a bullet"),
    Edit("lux", "1 ERR Glitch card", "1x ERR Glitch card", "box list: 3x"),
    Edit("orbital", "# Components", "# Box contents", "heading wording"),
    Edit("orbital", "# Set Up", "# Setting up the game", "heading wording"),
    Edit("orbital", "- 50 Debris cubes", "- 50x Debris cubes", "box list: 3x"),
    Edit("orbital", "## Hand Limit", "## Hand limit", "heading wording"),
    Edit("orbital", "\n# Objective \n", "\n# Objective\n", "whitespace"),
    Edit("orbital", "our mission is critical", "our mission is *critical*", "markdown"),
    Edit("orbital", "\t- 4 Pawns\n\t- 4 Ship cards\n", "\t- 4 Ship cards\n\t- 4 Pawns\n", "order"),
]


@dataclass
class Game:
    db: Database
    rulebook: Path
    text: str

    def reported(self, edit: Edit) -> bool:
        """Does `check --strict` fail on the rulebook with this one edit?"""
        self.rulebook.write_text(edit.apply(self.text), encoding="utf-8")
        try:
            return check(self.db).failed(strict=True)
        finally:
            self.rulebook.write_text(self.text, encoding="utf-8")


def _games(tmp: Path) -> Iterator[tuple[str, Game]]:
    if SEEDS is None:
        pytest.skip("seed rulebooks not beside the repo")
    project = copy_project(tmp / "proj", ("l5", "lux-aeterna", "orbital-debris"))
    shutil.copytree(SEEDS, tmp / "shared" / "seeds")  # a copy: the seeds are read-only
    for path in (tmp / "shared" / "seeds").iterdir():
        path.chmod(0o644)
    for name, (game, edition) in TARGETS.items():
        db = load_database(project, game, edition)
        assert db.edition.rulebook_path is not None
        text = db.edition.rulebook_path.read_text(encoding="utf-8")
        yield name, Game(db, db.edition.rulebook_path, text)


def measure(tmp: Path) -> tuple[list[Edit], list[Edit], int]:
    """(real edits missed, neutral edits reported, seed editions failing --strict unedited)."""
    games = dict(_games(tmp))
    unclean = sum(check(g.db).failed(strict=True) for g in games.values())
    missed = [e for e in REAL if not games[e.target].reported(e)]
    false = [e for e in NEUTRAL if games[e.target].reported(e)]
    return missed, false, unclean


def test_the_corpus_is_realistic_and_spread() -> None:
    assert len(REAL) >= 40 and len(NEUTRAL) >= 25
    for corpus in (REAL, NEUTRAL):
        assert {e.target for e in corpus} == set(TARGETS)


def test_real_edits_are_reported_and_neutral_ones_are_not(tmp_path: Path) -> None:
    missed, false, unclean = measure(tmp_path)
    assert unclean == 0
    rate = 1 - len(missed) / len(REAL)
    assert rate >= 0.9, [(e.target, e.what, e.new) for e in missed]
    assert false == [], [(e.target, e.what, e.new) for e in false]


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        missed, false, unclean = measure(Path(folder))
    print(f"real edits reported: {len(REAL) - len(missed)} of {len(REAL)} "
          f"({100 * (len(REAL) - len(missed)) / len(REAL):.0f} %)")
    print(f"neutral edits reported: {len(false)} of {len(NEUTRAL)}")
    print(f"seed editions failing --strict unedited: {unclean}")
    for edit in missed:
        print(f"  missed: {edit.target}: {edit.what}: {edit.old!r} -> {edit.new!r}")
    for edit in false:
        print(f"  falsely reported: {edit.target}: {edit.what}: {edit.old!r} -> {edit.new!r}")
