"""Valid game and edition files' models kept between processes (cardgen.pipeline.datakeep): a
build keeps the models it validated, a later build or check takes them back for unchanged
files (the very Database a validation gives), validates a changed file again, and a file
with a problem says it as ever."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardgen.data import model, validate
from cardgen.data.load import load_database
from cardgen.data.model import EditionFile, GameFile, keeping_models
from cardgen.errors import ProblemsError
from cardgen.pipeline.datakeep import KeptModels
from cardgen.pipeline.sources import CACHE_FOLDER
from tests.conftest import copy_project
from tests.support import gen_deck


@pytest.fixture
def validated(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The file models validated (by class name), by pydantic or the fast path, wherever the
    model came from."""
    seen: list[str] = []
    real = validate.model_of

    def counting(cls: Any, data: Any) -> Any:
        if cls in (GameFile, EditionFile):  # by the fast path or pydantic's twin (modelkit)
            seen.append(cls.__name__)
        return real(cls, data)

    monkeypatch.setattr(validate, "model_of", counting)
    return seen


def _load(project: Path, target: str, read_only: bool) -> Any:
    game, edition = target.split("@")
    kept = KeptModels(project.resolve(), read_only=read_only)
    with keeping_models(kept):
        db = load_database(project, game, edition)
    kept.save()
    return db


def test_unchanged_files_are_taken_back_as_validated(tmp_path: Path, validated: list[str]) -> None:
    project = copy_project(tmp_path / "p")
    plain = load_database(project, "l5", "0.6.5")
    assert validated.count("EditionFile") >= 1
    validated.clear()
    first = _load(project, "l5@0.6.5", read_only=False)
    assert validated and (project / CACHE_FOLDER / "models.pickle").is_file()
    validated.clear()
    again = _load(project, "l5@0.6.5", read_only=True)
    assert validated == []  # every file's model taken back, none validated
    assert again == first == plain
    assert again.game.kinds == plain.game.kinds and again.edition.inventory == plain.edition.inventory
    assert again.game.vocab is not first.game.vocab  # a model of its own, not one shared


def test_a_changed_file_is_validated_again(tmp_path: Path, validated: list[str]) -> None:
    project = gen_deck.make_project(tmp_path / "p", 3)
    _load(project, gen_deck.TARGET, read_only=False)
    game = project / "data" / gen_deck.GAME / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace(
        "title: Bench - a synthetic deck", "title: Bench, renamed"), encoding="utf-8")
    validated.clear()
    db = _load(project, gen_deck.TARGET, read_only=True)
    assert validated == ["GameFile"]  # the edition file is unchanged
    assert db.game.title == "Bench, renamed"


def test_a_file_with_a_problem_is_never_kept_and_says_it_as_ever(tmp_path: Path) -> None:
    project = gen_deck.make_project(tmp_path / "p", 3)
    edition = project / "data" / gen_deck.GAME / gen_deck.EDITION / "edition.yaml"
    edition.write_text(edition.read_text(encoding="utf-8") + "colour: red\n", encoding="utf-8")
    messages = []
    for _ in range(2):
        with pytest.raises(ProblemsError) as caught:
            _load(project, gen_deck.TARGET, read_only=False)
        messages.append([p.render() for p in caught.value.problems])
    with pytest.raises(ProblemsError) as plain:
        load_database(project, gen_deck.GAME, gen_deck.EDITION)
    assert messages[0] == messages[1] == [p.render() for p in plain.value.problems]
    kept = KeptModels(project.resolve(), read_only=True)
    assert all(b"EditionFile" not in blob for blob in kept.kept.values())


def test_a_model_is_served_only_for_its_class_and_values(tmp_path: Path) -> None:
    kept = KeptModels(tmp_path, read_only=False)
    data = {"edition": "1", "title": "One"}
    kept.put(EditionFile, data, EditionFile.model_validate(data))
    assert kept.get(EditionFile, dict(data)) == EditionFile.model_validate(data)
    assert kept.get(EditionFile, {**data, "title": "Two"}) is None
    assert kept.get(GameFile, data) is None
    assert model._KEEPERS == []  # no keeper outside `keeping_models`


def test_check_reads_the_kept_models_and_writes_none(tmp_path: Path, run_cli: Any) -> None:
    project = gen_deck.make_project(tmp_path / "p", 3)
    assert run_cli("--project", str(project), "check", gen_deck.TARGET).code == 0
    assert not (project / CACHE_FOLDER / "models.pickle").exists()
    built = run_cli("--project", str(project), "build", gen_deck.TARGET, "--out",
                    str(tmp_path / "out"), "--outputs", "pnp-letter")
    assert built.code == 0, built.err
    kept = project / CACHE_FOLDER / "models.pickle"
    before = kept.stat().st_mtime_ns, kept.read_bytes()
    assert run_cli("--project", str(project), "check", gen_deck.TARGET).code == 0
    assert (kept.stat().st_mtime_ns, kept.read_bytes()) == before
