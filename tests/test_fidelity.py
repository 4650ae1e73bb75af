"""The data says what the rulebooks say: transcribed text is found in the rulebook word for word,
and what the rulebook does not give is marked draft (the rulebook audit of issue 14)."""

from __future__ import annotations

import re

import pytest

from cardgen.check import check
from cardgen.data.load import load_database
from tests.conftest import REPO
from tests.test_rulebook import SEEDS


def _db(game: str, edition: str | None = None):
    return load_database(REPO, game, edition)


def _rulebook(game: str, edition: str | None = None) -> str:
    path = _db(game, edition).edition.rulebook_path
    assert path is not None
    if not path.is_file() and SEEDS is not None:
        path = SEEDS / path.name  # a worktree sits one folder deeper than the repo
    if not path.is_file():
        pytest.skip(f"{path.name} not beside the repo")
    return path.read_text(encoding="utf-8")


def _in_rulebook(text: str, book: str) -> bool:
    """Every part of `text` (the rulebook's list items joined by '; ') is in the rulebook."""
    return all(part.strip() in book for part in re.split(r"; (?=[A-Z])", text))


def _one(db, cid: str):
    return next(c for c in db.components if c.id == cid)


def test_065_suit_descriptions_and_the_powers_rule_are_verbatim() -> None:
    db, book = _db("l5", "0.6.5"), _rulebook("l5", "0.6.5")
    for term in db.game.vocab["suit"].values():
        assert f"**{term.id} ({term.number}s)** - {term.description}\n" in book
    sections = {s["title"]: s["text"] for s in _one(db, "rules-reference").fields["sections"]}
    assert sections["Powers"] in book.replace("\n", " ")
    for tier in ("**4 Wins - Impossible!**", "**1 Win - Sufficient!**"):
        assert tier in sections["Goal"] and tier in book


def test_065_fashions_require_nothing() -> None:
    db = _db("l5", "0.6.5")
    assert all("requires" not in c.fields["effect"] for c in db.of_kind("orbit-card")
               if c.fields["number"] == 3)
    assert any(r.passed and "fashion" in r.says for r in check(db).rules)


def test_062_moves_follow_the_rulebook() -> None:
    db, book = _db("l5", "0.6.2"), _rulebook("l5", "0.6.2")
    for ident in db.of_kind("character-id"):
        powers = {p["name"]: p["text"] for p in ident.fields["powers"]}
        assert powers["Z-Move"] in book
        assert "deck" not in powers["B-Move"]  # "rearrange cards in the stacks"
        assert "stack" in powers["B-Move"]


def test_062_what_the_rulebook_does_not_give_is_draft() -> None:
    db = _db("l5", "0.6.2")
    assert {c.status for c in db.of_kind("data-die")} == {"draft"}
    assert {c.status for c in db.of_kind("character-token")} == {"draft"}
    assert {t.status for t in db.game.vocab["action-color"].values()} == {"draft"}


def test_act_one_space_effects_and_classifications_are_verbatim() -> None:
    db, book = _db("l5", "act-one"), _rulebook("l5", "act-one")
    for term in db.game.vocab["room-type"].values():
        assert term.description and term.description.removeprefix("the **keep** is ") in book
    for term in db.game.vocab["classification"].values():
        if term.id != "event":
            parts = (term.description or "").split(": ")
            assert all(p in book for p in parts), term.id


def test_lux_play_aid_and_glitch_reminders_are_verbatim() -> None:
    db, book = _db("lux-aeterna"), _rulebook("lux-aeterna")
    aid = _one(db, "play-aid").fields
    assert all(s in book for s in aid["steps"][0]["text"].split(". Draw replacement"))
    for line in aid["end"]:
        words = re.sub(r"\s+", " ", re.sub(r"- \\\* ", "", book))
        assert all(p.strip(" ,:") in words for p in re.split(r", (?:either |or )|: ", line))
    for term in db.game.vocab["glitch-duration"].values():
        assert term.description in book


def test_orbital_texts_are_verbatim_and_its_name_is_ours() -> None:
    db, book = _db("orbital-debris"), _rulebook("orbital-debris")
    flat = book.replace("\t", "").replace("- ", "")
    aid = _one(db, "player-aid").fields
    for line in aid["front"][:1] + aid["back"][3:]:
        assert _in_rulebook(line.split(": ", 1)[-1], flat), line
    fragmentation = _one(db, "orbit-fragmentation").fields["text"]
    assert all(s.strip(" .") in flat for s in fragmentation.split(". ")), fragmentation
    for term in db.game.vocab["glossary"].values():
        assert f"**{term.name}** - {term.description}" in book
    assert db.game.vocab["bonus-type"]["action"].description in book
    assert db.game.vocab["bonus-type"]["on-flip"].status == "draft"
    assert db.game.status == "draft"
    assert {c.status for c in db.of_kind("satellite-card")} == {"draft"}

