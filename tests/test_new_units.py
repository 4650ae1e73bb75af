"""data/new_project.py and data/new_edition.py without the CLI: the files a new project or a
new edition holds, what they are refused for, and that what they write loads."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.data.load import load_database
from cardgen.data.new_edition import changes_yaml, create_edition, edition_yaml
from cardgen.data.new_project import create_project, project_files
from cardgen.errors import ProblemsError
from tests.test_load_units import _project


def test_project_files_name_the_game_everywhere() -> None:
    files = project_files("my-game")
    assert sorted(files) == [
        ".gitignore", "README.md", "cardgen.yaml", "data/my-game/1.0/cards.yaml",
        "data/my-game/1.0/edition.yaml", "data/my-game/game.yaml", "layouts/my-game/card-back.yaml",
        "layouts/my-game/card.yaml", "rulebook.md"]
    assert files["cardgen.yaml"].endswith("\ndefault_game: my-game\n")
    assert "name: My Game\n" in files["data/my-game/game.yaml"]
    assert "(layouts/my-game/card-back.yaml)" in files["data/my-game/game.yaml"]
    assert "title: My Game 1.0\n" in files["data/my-game/1.0/edition.yaml"]
    assert files["rulebook.md"].startswith("# My Game\n")
    assert "data/my-game/1.0/edition.yaml copies it" in files["rulebook.md"]
    assert 'text: "My Game", x: 4' in files["layouts/my-game/card-back.yaml"]
    assert all("$game" not in text and "$title" not in text for text in files.values())


@pytest.mark.parametrize("game", ["My Game", "-a", "a_b", "A", "", "é", "a/b", "mygame\n"])
def test_a_game_id_that_is_no_folder_name_is_refused(tmp_path: Path, game: str) -> None:
    with pytest.raises(ProblemsError) as exc:
        create_project(tmp_path, game)
    assert [p.render() for p in exc.value.problems] == [
        f"error[bad-game-id] '{game}' is not a usable game id\n"
        "  hint: lower-case letters, digits and '-', starting with a letter or digit, e.g. mygame"]
    assert list(tmp_path.iterdir()) == []


def test_a_new_project_loads_and_is_never_written_over(tmp_path: Path) -> None:
    written = create_project(tmp_path / "p", "9-lives")
    assert sorted(p.relative_to(tmp_path / "p").as_posix() for p in written) == sorted(
        project_files("9-lives"))
    db = load_database(tmp_path / "p", "9-lives")
    assert (db.label, db.game.name, len(db.components)) == ("9-lives@1.0", "9 Lives", 6)
    (tmp_path / "q" / "data").mkdir(parents=True)
    (tmp_path / "q" / "cardgen.yaml").write_text("mine\n")
    (tmp_path / "q" / "rulebook.md").write_text("mine\n")
    with pytest.raises(ProblemsError) as exc:
        create_project(tmp_path / "q", "g")
    assert [p.render() for p in exc.value.problems] == [
        f"error[project-exists] {tmp_path / 'q' / name} already exists; not overwriting it\n"
        "  hint: create the project in an empty folder: cardgen new GAME DIR"
        for name in ("cardgen.yaml", "rulebook.md")]
    assert sorted(p.name for p in (tmp_path / "q").iterdir()) == ["cardgen.yaml", "data", "rulebook.md"]
    assert (tmp_path / "q" / "cardgen.yaml").read_text() == "mine\n"


def test_a_new_edition_extends_its_parent(tmp_path: Path) -> None:
    _project(tmp_path, {"0/edition.yaml": 'edition: "0"\n', "0/t.yaml": "- { id: t0, kind: token }\n"},
             edition='edition: "1"\nrulebook: r.md\n')
    written = create_edition(tmp_path, "g", "2")
    root = tmp_path / "data" / "g" / "2"
    assert written == [root / "edition.yaml", root / "changes.yaml"]
    assert (root / "edition.yaml").read_text() == (
        "# yaml-language-server: $schema=../../../schema/g.edition.schema.json\n"
        "# Gee 2: extends 1 and states only what changed.\n"
        "# The box list (inventory), players and rulebook mentions are inherited from 1\n"
        "# unless written here; component changes go in changes.yaml (or any other .yaml).\n"
        'edition: "2"\n'
        "title: Gee 2\n"
        '# date: "YYYY-MM-DD"\n'
        'extends: "1"\n'
        "# rulebook: rulebook.md   # this edition's own rulebook, relative to this folder; until "
        "then 1's is used\n"
        "# remove: [c1]   # components of 1 this edition drops\n")
    changes = (root / "changes.yaml").read_text()
    assert changes.startswith("# yaml-language-server: $schema=../../../schema/g.components.schema.json\n"
                              "# Changes from g@1.\n")
    assert "# - id: c1\n#   text: \"first\"\n" in changes
    assert "`remove: [c1]`" in changes and "# Then: cardgen diff g@1 g@2\n[]\n" in changes
    new = load_database(tmp_path, "g", "2")
    assert [(c.id, c.fields) for c in new.components] == [
        (c.id, c.fields) for c in load_database(tmp_path, "g", "1").components]
    # from another parent, which names no rulebook
    create_edition(tmp_path, "g", "0b", "0")
    assert "# rulebook:" not in (tmp_path / "data/g/0b/edition.yaml").read_text()
    assert 'extends: "0"\n' in (tmp_path / "data/g/0b/edition.yaml").read_text()


def test_the_example_patch_is_a_text_field_or_the_name(tmp_path: Path) -> None:
    _project(tmp_path, cards='- { id: t1, kind: token, name: "Say \\"hi\\" \\\\ now" }\n'
                             '- { id: c2, kind: card, text: "two\\nlines" }\n')
    db = load_database(tmp_path, "g")
    assert "# - id: c2\n#   text: \"two lines\"\n" in changes_yaml(db, "2")
    assert "# remove: [c2]" in edition_yaml(db, "2")
    _project(tmp_path, cards='- { id: t1, kind: token, name: "Say \\"hi\\" \\\\ now" }\n'
                             '- { id: c2, kind: card, suit: star }\n')
    db = load_database(tmp_path, "g")
    assert '# - id: t1\n#   name: "Say \\"hi\\" \\\\ now"\n' in changes_yaml(db, "2")


def test_a_new_edition_is_refused(tmp_path: Path) -> None:
    _project(tmp_path, cards="[]\n")
    with pytest.raises(ProblemsError) as exc:
        create_edition(tmp_path, "g", "2")
    assert [p.render() for p in exc.value.problems] == [
        "error[empty-edition] g@1 has no components to extend\n  hint: did you mean '1'?"]
    assert not (tmp_path / "data/g/2").exists() or list((tmp_path / "data/g/2").iterdir()) == []
    _project(tmp_path)
    with pytest.raises(ProblemsError) as exc:
        create_edition(tmp_path, "g", "1")
    assert [p.render() for p in exc.value.problems] == [
        "error[edition-exists] data/g/1/ already exists; not overwriting it\n"
        "  hint: pick another id; editions: 1"]
    with pytest.raises(ProblemsError) as exc:
        create_edition(tmp_path, "g", "a b")
    assert [p.render() for p in exc.value.problems] == [
        "error[bad-name] edition 'a b' is not a plain name (' ' U+0020)\n  hint: edition names are "
        "folder names: use letters, digits, '-', '_' and '.' only (no spaces, no '/', no '..')"]
    assert not (tmp_path / "data/g/a b").exists()
