"""What a rebuild keeps from the last one (home-print plans in memory and on the disk, the
sizes and digests of files linked from the previous output) never changes what it writes."""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from tests.conftest import REPO
from tests.support import gen_deck, standin_layout
from tests.test_broken_inputs import tree_hashes

CARDS = 30


@pytest.fixture(autouse=True)
def _layout(monkeypatch: pytest.MonkeyPatch) -> None:
    if not (REPO / "cardgen" / "layout" / "__init__.py").exists():
        monkeypatch.setitem(sys.modules, "cardgen.layout", standin_layout.as_module())


def _build(run_cli, project: Path) -> Path:
    result = run_cli("--project", str(project), "build", gen_deck.TARGET)
    assert result.code == 0, result.text
    return project / "output" / f"{gen_deck.GAME}-{gen_deck.EDITION}"


def _clean(run_cli, project: Path, where: Path) -> Path:
    """A build of a copy of the project with neither its output nor its caches."""
    shutil.copytree(project, where, ignore=shutil.ignore_patterns("output", ".cardgen-cache"))
    return _build(run_cli, where)


def _forget_kept_plans() -> None:
    from cardgen.pipeline import plans

    plans._KEPT.clear()  # as a fresh process has it: the plans come from the disk


@pytest.mark.parametrize("fresh_process", [False, True])
def test_a_changed_plan_is_planned_again(tmp_path: Path, run_cli, fresh_process: bool) -> None:
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    _build(run_cli, project)
    cards = project / "data" / gen_deck.GAME / gen_deck.EDITION / "cards.yaml"
    data = yaml.safe_load(cards.read_text())
    data[3]["name"] = "A Renamed Card"  # page labels name the cards
    data[5]["count"] = 4  # more copies: other pages
    cards.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    edition = cards.parent / "edition.yaml"
    edition.write_text(yaml.safe_dump(gen_deck.edition_yaml(CARDS + 3), sort_keys=False))
    if fresh_process:
        _forget_kept_plans()
    rebuilt = _build(run_cli, project)
    assert tree_hashes(rebuilt) == tree_hashes(_clean(run_cli, project, tmp_path / "clean"))


def test_a_text_edit_reuses_the_plan_and_builds_what_a_clean_build_does(
        tmp_path: Path, run_cli) -> None:
    from cardgen.pipeline import plans

    project = gen_deck.make_project(tmp_path / "p", CARDS)
    _build(run_cli, project)
    kept = {paper: plan for (_, paper), (_, plan) in plans._KEPT.items()}
    assert set(kept) == {"letter", "a4"}
    gen_deck.edit_one_card(project, 4)
    _forget_kept_plans()
    rebuilt = _build(run_cli, project)
    again = {paper: plan for (_, paper), (_, plan) in plans._KEPT.items()}
    assert {p: plan.digests for p, plan in again.items()} == {
        p: plan.digests for p, plan in kept.items()}
    assert tree_hashes(rebuilt) == tree_hashes(_clean(run_cli, project, tmp_path / "clean"))


def test_the_manifest_of_a_rebuild_gives_each_file_its_own_size_and_digest(
        tmp_path: Path, run_cli) -> None:
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    _build(run_cli, project)
    gen_deck.edit_one_card(project, 2)
    folder = _build(run_cli, project)
    files = json.loads((folder / "manifest.json").read_text())["files"]
    assert len(files) > CARDS
    for name, record in files.items():
        body = (folder / name).read_bytes()
        assert record["bytes"] == len(body), name
        assert record["sha256"] == hashlib.sha256(body).hexdigest(), name


def test_a_draft_never_leaves_its_report_pages_in_the_kept_plan(tmp_path: Path) -> None:
    from cardgen.data.load import load_database
    from cardgen.pipeline import BuildOptions, lay_out_faces
    from cardgen.pipeline.plans import planned

    project = gen_deck.make_project(tmp_path / "p", CARDS)
    db = load_database(project, gen_deck.GAME, gen_deck.EDITION)
    faces = lay_out_faces(db, None, lambda *a: None)
    plain = planned(db, faces, BuildOptions(), "letter")
    draft = BuildOptions(draft_report=("the check fails",) * 3)
    first = planned(db, faces, draft, "letter")
    added = [len(f.pages) - len(p.pages) for f, p in zip(first.files, plain.files, strict=True)]
    assert all(n > 0 for n in added)
    for _ in range(2):
        drafted = planned(db, faces, draft, "letter")
        assert [len(f.pages) - n for f, n in zip(drafted.files, added, strict=True)] == [
            len(f.pages) for f in plain.files]
        assert [len(d) for d in drafted.digests] == [len(f.pages) for f in drafted.files]
    again = planned(db, faces, replace(draft, draft_report=()), "letter")
    assert again.digests == plain.digests
    assert [len(f.pages) for f in again.files] == [len(f.pages) for f in plain.files]


def test_what_helpers_draw_is_kept_by_the_build_process(tmp_path: Path, run_cli,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Helpers hand their face operators and pages back; the store holds every document's."""
    from cardgen.pipeline import pdfops, tasks

    monkeypatch.setattr(tasks, "PARALLEL_DRAWS", 0)
    monkeypatch.setattr(tasks, "WARM_PARALLEL_DRAWS", 0)
    monkeypatch.setenv("CARDGEN_JOBS", "2")
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    _build(run_cli, project)
    name = f"pdf-ops-{gen_deck.GAME}-{gen_deck.EDITION}.pickle"
    store = pdfops._load(project / ".cardgen-cache" / name)
    assert set(store["pages"]) == {"pnp-letter.pdf", "pnp-a4.pdf", "print/card.pdf"}
    assert len(store["pages"]["print/card.pdf"]) == CARDS + 1  # every front, the one back
    assert set(store["docs"]) == set(store["pages"])
    assert all(len(ops) == CARDS + 1 for ops in store["ops"].values())  # every front, one back
    gen_deck.edit_one_card(project, 6)
    rebuilt = _build(run_cli, project)
    assert tree_hashes(rebuilt) == tree_hashes(_clean(run_cli, project, tmp_path / "clean"))
