"""The paper and output catalogues: one entry per paper (id, size, label, its pnp-<id>
output) and per output (the name --outputs takes, what it writes, what the manifest records);
the CLI, the build and the manifest read them, so they cannot disagree. A project adds a paper
in cardgen.yaml, and a build prints on it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardgen.errors import ProblemsError
from cardgen.impose.papers import BUILT_IN, PAPERS
from cardgen.pipeline.outputs import (
    OUTPUTS,
    options_for,
    output_catalogue,
    outputs_option,
    project_outputs,
)
from tests.conftest import REPO

TINY = REPO / "tests" / "hostile" / "tiny"
MM = 72 / 25.4
A3 = '  - { id: a3, width: 297, height: 420, label: "A3 (297 x 420 mm)" }\n'


@pytest.fixture
def project(tmp_path: Path) -> Path:
    dest = tmp_path / "tiny"
    shutil.copytree(TINY, dest)
    return dest


def test_every_paper_has_its_output_and_every_output_is_named_once() -> None:
    outputs = output_catalogue()
    assert [o.name for o in outputs] == list(OUTPUTS)
    assert len(set(OUTPUTS)) == len(OUTPUTS)
    assert {o.paper for o in outputs if o.paper} == {p.name for p in BUILT_IN} == set(PAPERS)
    for paper in BUILT_IN:
        assert paper.label and paper.width < paper.height  # portrait, named in the print plan
    assert options_for(None)["papers"] == tuple(p.name for p in BUILT_IN)



def test_build_help_text(capsys: pytest.CaptureFixture[str]) -> None:
    from cardgen.cli.main import main

    with pytest.raises(SystemExit):
        main(["build", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for name in OUTPUTS:
        assert name in text, name


def test_a_full_build_records_only_what_its_outputs_say(project: Path, run_cli) -> None:
    assert run_cli("--project", str(project), "build", "--previews").code == 0
    manifest = json.loads((project / "output" / "tiny-1" / "manifest.json").read_text())
    said = {h for o in output_catalogue() for h in o.holds}
    held = {entry["holds"] for entry in manifest["files"].values()}
    assert held <= said, held - said
    assert {"home-print", "print-shop", "svg", "preview"} <= held


def test_a_project_adds_a_paper_in_one_entry_and_builds_on_it(project: Path, run_cli) -> None:
    (project / "cardgen.yaml").write_text("default_game: tiny\npapers:\n" + A3)
    assert "pnp-a3" in [o.name for o in project_outputs(project)]
    assert outputs_option("pnp-a3,svg", project) == ("pnp-a3", "svg")
    result = run_cli("--project", str(project), "build", "--outputs", "pnp-a3", "--no-preview")
    assert result.code == 0, result.out + result.err
    folder = project / "output" / "tiny-1"
    page = PdfReader(folder / "pnp-a3.pdf").pages[0]
    assert (round(float(page.mediabox.width) / MM), round(float(page.mediabox.height) / MM)) \
        == (297, 420)
    assert "A3 (297 x 420 mm)" in page.extract_text()
    records = json.loads((folder / "manifest.json").read_text())["files"]
    assert {r.get("paper") for r in records.values() if r["holds"] == "home-print"} == {"a3"}
    assert not (folder / "pnp-letter.pdf").exists()


def test_a_paper_entry_with_mistakes_is_located(project: Path, run_cli) -> None:
    (project / "cardgen.yaml").write_text(
        "default_game: tiny\npapers:\n  - { id: A3, width: 100, height: 420, colour: red }\n")
    result = run_cli("--project", str(project), "build", "--outputs", "svg")
    text = result.out + result.err
    assert result.code == 2, text
    assert "cardgen.yaml:3:" in text and "error[bad-value] papers[0].id" in text
    assert "papers[0].width" in text and "error[unknown-key] papers[0].colour" in text


def test_an_unknown_output_names_the_project_papers(project: Path) -> None:
    (project / "cardgen.yaml").write_text("default_game: tiny\npapers:\n" + A3)
    with pytest.raises(ProblemsError) as err:
        outputs_option("pnp-a33", project)
    assert "pnp-a3" in (err.value.problems[0].hint or "")
