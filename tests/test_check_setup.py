"""An edition's `setup:` steps: validated with located errors, and held to the rulebook's set-up
text by `cardgen check` (setup-count): a count edited in a copy of the rulebook is reported at
its line, a quote the rulebook lost is reported, the seed editions pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.check import check
from cardgen.data.load import load_database
from cardgen.errors import ProblemsError
from tests.conftest import REPO, copy_project


@pytest.fixture
def l5(tmp_path: Path) -> Path:
    return copy_project(tmp_path / "p")


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def setup_findings(project: Path, target: str = "l5@0.6.5") -> list[str]:
    game, _, edition = target.partition("@")
    report = check(load_database(project, game, edition))
    return [f"{f.where} {f.message}" for f in report.findings if f.rule == "setup-count"]


@pytest.mark.parametrize("target", ["l5@0.6.5", "orbital-debris@1.0.0"])
def test_the_seed_set_ups_are_the_rulebooks(target: str) -> None:
    db = load_database(REPO, *target.split("@"))
    assert sum(1 for s in db.edition.setup if s.rulebook) >= 3
    assert setup_findings(REPO, target) == []


def test_a_count_changed_in_the_rulebook_is_reported_at_its_line(l5: Path) -> None:
    rulebook = l5 / "data/l5/0.6.5/rulebook.md"
    edit(rulebook, "Place the **3 Earth Cards** face-up", "Place the **2 Earth Cards** face-up")
    found = setup_findings(l5)
    line = rulebook.read_text(encoding="utf-8").splitlines().index(
        "Place the **2 Earth Cards** face-up next to the deck.") + 1
    assert len(found) == 1
    assert found[0].startswith(f"data/l5/0.6.5/rulebook.md:{line}:1 the rulebook's set-up says 2 "
                               "where set-up step 3 (place earth-card) has count 3")
    assert "data/l5/0.6.5/edition.yaml:" in found[0]


def test_a_number_word_changed_in_the_rulebook_is_reported(l5: Path) -> None:
    edit(l5 / "data/l5/0.6.5/rulebook.md", "Deal the top three Orbit Cards", "Deal the top four Orbit Cards")
    found = setup_findings(l5)
    assert len(found) == 1 and "says 4 where set-up step 7 (place orbit-card) has count 3" in found[0]


def test_words_the_rulebook_lost_are_reported(l5: Path) -> None:
    edit(l5 / "data/l5/0.6.5/rulebook.md", "Each character also receives", "Every character gets")
    found = setup_findings(l5)
    assert len(found) == 1 and "quotes words the rulebook no longer has" in found[0]


def test_a_step_whose_quote_lacks_its_count_is_reported(l5: Path) -> None:
    edit(l5 / "data/l5/0.6.5/edition.yaml", "count: 3, each: character-id", "count: 4, each: character-id")
    assert any("do not state its count 4" in f for f in setup_findings(l5))


def test_repeated_steps_find_their_own_lines(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "p", ("orbital-debris",))
    seed = REPO.parent / "shared/seeds/004_b7f8950a8cf28bac.txt"
    if not seed.is_file():
        pytest.skip("the orbital rulebook (../shared/seeds) is not here")
    (project / "data/orbital-debris/1.0.0/rulebook.txt").write_text(
        seed.read_text(encoding="utf-8").replace("10. Draw 3 cards, place 2 debris",
                                                 "10. Draw 4 cards, place 2 debris"),
        encoding="utf-8")
    edit(project / "data/orbital-debris/1.0.0/edition.yaml",
         "rulebook: ../../../../shared/seeds/004_b7f8950a8cf28bac.txt", "rulebook: rulebook.txt")
    found = setup_findings(project, "orbital-debris@1.0.0")
    assert len(found) == 1 and "says 4 where set-up step 28 (place orbit-card) has count 3" in found[0]


@pytest.mark.parametrize(("old", "new", "message"), [
    ("{ shuffle: orbit-card, note", "{ shuffle: orbit-card, deal: orbit-card, note",
     "error[impossible-value] setup[0].deal: a set-up step has one verb, this one 2"),
    ("{ shuffle: orbit-card, note", "{ shuffle: orbit-crad, note",
     "error[unknown-kind] setup[0].shuffle: set-up step 1 names kind 'orbit-crad', which is not defined"),
    ("where: { id: earth-the-internet }", "where: { idd: earth-the-internet }",
     "error[unknown-field] setup[1].where.idd: set-up step 2 selects earth-card by 'idd'"),
    ("each: character-id", "each: charcter-id",
     "error[unknown-kind] setup[5].each: set-up step 6's each: names 'charcter-id'"),
])
def test_a_wrong_step_is_a_located_error(l5: Path, old: str, new: str, message: str) -> None:
    edition = l5 / "data/l5/0.6.5/edition.yaml"
    edit(edition, old, new)
    with pytest.raises(ProblemsError) as raised:
        load_database(l5, "l5", "0.6.5")
    shown = [p.render() for p in raised.value.problems]
    line = next(n for n, text in enumerate(edition.read_text(encoding="utf-8").splitlines(), 1)
                if new in text)
    assert any(message in s and s.startswith(f"data/l5/0.6.5/edition.yaml:{line}:") for s in shown), shown


def test_cardgen_check_fails_on_the_changed_count(l5: Path, run_cli) -> None:  # noqa: ANN001
    edit(l5 / "data/l5/0.6.5/rulebook.md", "Place the **3 Earth Cards** face-up",
         "Place the **4 Earth Cards** face-up")
    result = run_cli("--project", str(l5), "check", "l5@0.6.5")
    assert result.code == 1, result.text
    assert "error[setup-count] the rulebook's set-up says 4 where set-up step 3" in result.text
    assert "hint: set count: 4 in the step" in result.text


def test_verbatim_search_finds_what_the_pattern_finds() -> None:
    """An ASCII quote is matched without compiling its pattern: the same match, the same
    numbers, as the pattern's search (numbers as digits or words, longer digit runs, words
    joined to numbers or punctuation, other scripts' letters and digits, a quote of no
    words) on any line without a character re.I takes for an ASCII letter."""
    import itertools
    import random

    from cardgen.check import setup as steps

    pieces = ["place", "the", "3", "12", "12345", "three", "one", "twelve", "onex", "cards",
              "a_b", "(3)", "3,", "_3", "30", "7777", "8888a", "ten", "", "é3", "٣", "３",
              "ı", "ſix", "—", "place—the"]
    rng = random.Random(7)
    for _ in range(20000):
        words = " ".join(rng.choice(pieces) for _ in range(rng.randint(0, 4)))
        text = steps._plain("".join(rng.choice(pieces) + rng.choice(["", " ", "-", "("])
                                    for _ in range(rng.randint(0, 8))))
        if any(c in text for c in steps._FOLDS_TO_ASCII):
            continue
        tokens = steps._plain(words).split(" ")
        numbers = [bool(steps._IS_NUMBER.fullmatch(t)) for t in tokens]
        match = steps._pattern(words).search(text)
        expected = None if match is None else [g for g in match.groups() if g is not None]
        assert steps._verbatim_search(tokens, numbers, text) == expected, (words, text)
    for words, text in itertools.product(["Deal 2 cards", "the 3"], ["deal 2 cards", "the 30 x"]):
        assert steps._matches(words, [(1, text)]) == [
            (1, [steps._value(g) for g in m.groups()])
            for m in [steps._pattern(words).search(text)] if m is not None]


def test_only_two_characters_fold_to_ascii_letters() -> None:
    """re.I matches an ASCII letter or sign with no character of a lower-case text but itself
    and those of _FOLDS_TO_ASCII."""
    import re
    import sys

    from cardgen.check import setup as steps

    ascii_signs = re.compile("[" + re.escape("".join(map(chr, range(0x20, 0x7F)))) + "]", re.I)
    found = {c for cp in range(0x80, sys.maxunicode + 1) if not 0xD800 <= cp < 0xE000
             for c in chr(cp).lower() if not c.isascii() and ascii_signs.fullmatch(c)}
    assert found == set(steps._FOLDS_TO_ASCII)
