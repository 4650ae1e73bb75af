"""Editions that extend others: patches, removals, cycles, misspelled patches, new-edition."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgen.data.load import load_database
from cardgen.diff import component_data
from cardgen.errors import ProblemsError
from tests.conftest import copy_project
from tests.projects import overlay


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return copy_project(tmp_path)


def test_a_patch_replaces_the_fields_it_names_and_keeps_the_rest(project: Path, run_cli) -> None:
    assert run_cli("--project", str(project), "new-edition", "l5@0.7.0").code == 0
    overlay("one-field-changed", project)
    old = load_database(project, "l5", "0.6.5").by_id()
    new = load_database(project, "l5", "0.7.0").by_id()
    card = new["orbit-red-fashions"]
    assert card.fields["effect"] == {"text": "Make two jumps between garages without spending a move."}
    before = component_data(old["orbit-red-fashions"])
    after = component_data(card)
    assert {k: v for k, v in after.items() if k != "effect"} == \
           {k: v for k, v in before.items() if k != "effect"}
    assert card.edition == "0.7.0"
    assert set(new) == set(old)
    assert all(component_data(new[i]) == component_data(old[i]) for i in old
               if i != "orbit-red-fashions")


def test_remove_drops_a_component_and_the_check_notices(project: Path, run_cli) -> None:
    overlay("removed-card", project)
    db = load_database(project, "l5", "0.7.1")
    assert "orbit-green-drones" not in db.by_id()
    assert len(db.components) == len(load_database(project, "l5", "0.6.5").components) - 1
    result = run_cli("--project", str(project), "check", "l5@0.7.1")
    assert result.code == 1
    assert "no Orbit card with culture green, number 5" in result.out


def test_an_extends_cycle_is_a_problem(project: Path, run_cli) -> None:
    overlay("extends-cycle", project)
    with pytest.raises(ProblemsError) as caught:
        load_database(project, "l5", "loop-a")
    [problem] = caught.value.problems
    assert problem.rule == "extends-cycle"
    assert "loop-a -> loop-b -> loop-a" in problem.message
    result = run_cli("--project", str(project), "check", "l5@loop-a")
    assert result.code == 2
    assert "error[extends-cycle]" in result.err and "Traceback" not in result.text


def test_a_patch_with_an_unknown_key_says_did_you_mean(project: Path, run_cli) -> None:
    overlay("misspelled-patch", project)
    result = run_cli("--project", str(project), "check", "l5@0.7.2")
    assert result.code == 2
    assert ("data/l5/0.7.2/changes.yaml:3:3: error[unknown-field] changes[0].efect: "
            "unknown key 'efect' for kind 'orbit-card'") in result.err
    assert "hint: did you mean 'effect'?" in result.err


def test_extending_an_unknown_edition_says_did_you_mean(project: Path) -> None:
    overlay("removed-card", project)
    path = project / "data/l5/0.7.1/edition.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace('"0.6.5"', '"0.6.6"'),
                    encoding="utf-8")
    with pytest.raises(ProblemsError) as caught:
        load_database(project, "l5", "0.7.1")
    [problem] = caught.value.problems
    assert problem.rule == "unknown-edition" and problem.hint == "did you mean '0.6.5'?"


def test_new_edition_writes_an_edition_that_inherits_everything(project: Path, run_cli) -> None:
    result = run_cli("--project", str(project), "new-edition", "l5@0.7.0", "--from", "0.6.5")
    assert result.code == 0, result.text
    root = project / "data/l5/0.7.0"
    edition = (root / "edition.yaml").read_text(encoding="utf-8")
    assert edition.startswith("# yaml-language-server: $schema=../../../schema/l5.edition.schema.json")
    assert 'extends: "0.6.5"' in edition and "title: L5 0.7.0" in edition
    changes = (root / "changes.yaml").read_text(encoding="utf-8")
    assert "# - id: " in changes and "remove: [" in changes
    assert "cardgen check l5@0.7.0" in result.out
    assert "cardgen build l5@0.7.0 --changed-since 0.6.5" in result.out
    old, new = load_database(project, "l5", "0.6.5"), load_database(project, "l5", "0.7.0")
    assert [component_data(c) for c in new.components] == \
           [component_data(c) for c in old.components]
    assert new.edition.inventory == old.edition.inventory
    assert run_cli("--project", str(project), "check", "l5@0.7.0").code == 0


def test_the_commented_example_patch_loads_when_uncommented(project: Path, run_cli) -> None:
    assert run_cli("--project", str(project), "new-edition", "l5@0.7.0").code == 0
    path = project / "data/l5/0.7.0/changes.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("# - id: "))
    patch = [lines[start][2:], lines[start + 1][2:]]
    path.write_text("\n".join([*patch, ""]), encoding="utf-8")
    db = load_database(project, "l5", "0.7.0")
    assert patch[0].removeprefix("- id: ") in db.by_id()


def test_new_edition_refuses_to_overwrite(project: Path, run_cli) -> None:
    result = run_cli("--project", str(project), "new-edition", "l5@0.6.2", "--from", "0.6.5")
    assert result.code == 2
    assert "error[edition-exists] data/l5/0.6.2/ already exists" in result.err
    assert (project / "data/l5/0.6.2/edition.yaml").read_text(encoding="utf-8").count(
        'edition: "0.6.2"') == 1


def test_new_edition_from_an_unknown_parent_writes_nothing(project: Path, run_cli) -> None:
    result = run_cli("--project", str(project), "new-edition", "l5@0.7.0", "--from", "0.6.6")
    assert result.code == 2
    assert "did you mean '0.6.5'?" in result.err
    assert not (project / "data/l5/0.7.0").exists()


@pytest.mark.parametrize("name", ["a..b", "x" * 200])
def test_new_edition_refuses_a_name_the_loader_refuses_and_writes_nothing(
        project: Path, run_cli, name: str) -> None:
    from cardgen.data.new_edition import create_edition

    before = sorted(p.name for p in (project / "data/l5").iterdir())
    with pytest.raises(ProblemsError) as caught:
        create_edition(project, "l5", name, "0.6.5")
    assert [p.rule for p in caught.value.problems] == ["bad-name"]
    result = run_cli("--project", str(project), "new-edition", f"l5@{name}", "--from", "0.6.5")
    assert result.code == 2 and "error[bad-name] edition" in result.err
    assert sorted(p.name for p in (project / "data/l5").iterdir()) == before


# ---------------------------------------------------------------- reprints: build --changed-since


def test_nothing_changed_writes_nothing(project: Path, run_cli) -> None:
    assert run_cli("--project", str(project), "new-edition", "l5@0.7.0").code == 0
    result = run_cli("--project", str(project), "build", "l5@0.7.0", "--changed-since", "0.6.5")
    assert result.code == 0, result.text
    assert "nothing to reprint" in result.out
    assert not (project / "output").exists()


def test_changed_since_another_game_is_a_usage_problem(project: Path, run_cli) -> None:
    result = run_cli("--project", str(project), "build", "l5@0.6.5", "--changed-since", "x@1")
    assert result.code == 2
    assert "error[bad-option] --changed-since x@1 names another game than l5" in result.err


def _pdf_text(path: Path) -> str:
    from pypdf import PdfReader

    return " ".join(" ".join((page.extract_text() or "").split())
                    for page in PdfReader(str(path)).pages)


def _with_orbit_card_back(project: Path) -> None:
    """Give the game's orbit cards a back design (both editions share it) unless they have one."""
    game = project / "data/l5/game.yaml"
    text = game.read_text(encoding="utf-8")
    if load_database(project, "l5", "0.6.5").game.kinds["orbit-card"].back is None:
        text = text.replace("    title: Orbit card\n", "    title: Orbit card\n    back: orbit-back\n", 1)
        game.write_text(text, encoding="utf-8")
    assert load_database(project, "l5", "0.6.5").game.kinds["orbit-card"].back is not None


def test_reprint_holds_exactly_the_changed_card_front_and_back(project: Path, run_cli) -> None:
    pytest.importorskip("cardgen.layout")
    _with_orbit_card_back(project)
    assert run_cli("--project", str(project), "new-edition", "l5@0.7.0").code == 0
    overlay("one-field-changed", project)
    result = run_cli("--project", str(project), "build", "l5@0.7.0", "--changed-since", "0.6.5",
                     "--no-preview")
    assert result.code == 0, result.text
    assert "reprinting 1 component changed since l5@0.6.5: orbit-red-fashions" in result.out
    out = project / "output" / "l5-0.7.0-since-0.6.5"
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert list(manifest["components"]) == ["orbit-red-fashions"]
    assert manifest["options"]["only"] == ["orbit-red-fashions"]
    shop = manifest["files"]["print/orbit-card.pdf"]
    assert shop["copies"] == {"orbit-red-fashions": {"front": 1, "back": 1}}
    assert [p for p in manifest["files"] if p.startswith("print/")] == ["print/orbit-card.pdf"]
    from pypdf import PdfReader

    assert len(PdfReader(str(out / "print/orbit-card.pdf")).pages) == 2  # front, back
    other_names = [c.name for c in load_database(project, "l5", "0.6.5").components
                   if c.id != "orbit-red-fashions"]
    for pdf in ("print/orbit-card.pdf", "pnp-letter.pdf", "pnp-a4.pdf"):
        text = _pdf_text(out / pdf)
        assert "Mag Boots" in text, pdf
        assert [n for n in other_names if n in text] == [], pdf
    assert "two jumps" in _pdf_text(out / "print/orbit-card.pdf")
