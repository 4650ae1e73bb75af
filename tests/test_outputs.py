"""`cardgen build --outputs` and cardgen.yaml `build.outputs`: a build writes only what is named;
an unknown name is a located problem with a did-you-mean hint and nothing is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support import gen_deck

CARDS = 10


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return gen_deck.make_project(tmp_path / "p", CARDS)


def _files(project: Path) -> list[str]:
    folder = project / "output" / f"{gen_deck.GAME}-{gen_deck.EDITION}"
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def _build(run_cli, project: Path, *args: str):
    return run_cli("--project", str(project), "build", gen_deck.TARGET, *args)


def test_only_the_letter_pdf(run_cli, project: Path) -> None:
    result = _build(run_cli, project, "--outputs", "pnp-letter")
    assert result.code == 0, result.text
    assert _files(project) == ["manifest.json", "pnp-letter.pdf"]
    folder = project / "output" / f"{gen_deck.GAME}-{gen_deck.EDITION}"
    options = json.loads((folder / "manifest.json").read_text())["options"]
    assert options["papers"] == ["letter"]
    assert (options["print_shop"], options["svg"], options["preview"]) == (False, False, False)


def test_the_default_build_writes_previews_only_when_asked(run_cli, project: Path) -> None:
    assert _build(run_cli, project).code == 0
    files = _files(project)
    assert "pnp-letter.pdf" in files and "svg/card/card-00001.svg" in files
    assert not [f for f in files if f.startswith("preview/")]
    assert _build(run_cli, project, "--previews").code == 0
    files = _files(project)
    assert "preview/contact-sheet.png" in files and "preview/pnp-letter-001.png" in files
    assert _build(run_cli, project, "--outputs", "preview,pnp-a4", "--no-preview").code == 0
    assert _files(project) == ["manifest.json", "pnp-a4.pdf"]


def test_previews_without_print_shop_pdfs(run_cli, project: Path, tmp_path: Path) -> None:
    assert _build(run_cli, project, "--outputs", "preview,pnp-a4").code == 0
    files = _files(project)
    assert "pnp-a4.pdf" in files and "preview/contact-sheet.png" in files
    assert not [f for f in files if f.startswith(("print/", "svg/", ".")) or "letter" in f]
    assert not list((project / "output").rglob(".sheets"))
    # the contact sheet is the one a full build makes
    full = gen_deck.make_project(tmp_path / "full", CARDS)
    assert _build(run_cli, full, "--previews").code == 0
    sheet = "output/bench-1/preview/contact-sheet.png"
    assert (project / sheet).read_bytes() == (full / sheet).read_bytes()


def test_config_outputs_and_the_flag_wins(run_cli, project: Path) -> None:
    (project / "cardgen.yaml").write_text(
        "default_game: bench\nbuild:\n  outputs: [print, svg]\n", encoding="utf-8")
    assert _build(run_cli, project).code == 0
    files = _files(project)
    assert "print/card.pdf" in files and "svg/card/card-00001.svg" in files
    assert not [f for f in files if f.startswith(("pnp-", "preview/"))]
    assert _build(run_cli, project, "--outputs", "pnp-a4").code == 0
    assert _files(project) == ["manifest.json", "pnp-a4.pdf"]


def test_config_outputs_as_a_string(run_cli, project: Path) -> None:
    (project / "cardgen.yaml").write_text(
        "default_game: bench\nbuild:\n  outputs: pnp-letter, svg\n", encoding="utf-8")
    assert _build(run_cli, project).code == 0
    assert [f for f in _files(project) if not f.startswith("svg/")] == [
        "manifest.json", "pnp-letter.pdf"]


def test_unknown_output_on_the_command_line(run_cli, project: Path) -> None:
    result = _build(run_cli, project, "--outputs", "pnp-leter,svg")
    assert result.code == 2
    assert "error[unknown-output] --outputs: no output named 'pnp-leter'" in result.err
    assert "hint: did you mean 'pnp-letter'?" in result.err
    assert not (project / "output").exists()


def test_unknown_output_in_cardgen_yaml_is_located(run_cli, project: Path) -> None:
    (project / "cardgen.yaml").write_text(
        "default_game: bench\nbuild:\n  outputs:\n    - svg\n    - previews\n", encoding="utf-8")
    result = _build(run_cli, project)
    assert result.code == 2
    assert ("cardgen.yaml:5:7: error[unknown-output] build.outputs[1]: no output named "
            "'previews'") in result.err
    assert "did you mean 'preview'?" in result.err
    assert "Traceback" not in result.text
    assert not (project / "output").exists()


@pytest.mark.parametrize("value", ["{svg: 1}", "[]"])
def test_outputs_of_the_wrong_shape(run_cli, project: Path, value: str) -> None:
    (project / "cardgen.yaml").write_text(
        f"default_game: bench\nbuild:\n  outputs: {value}\n", encoding="utf-8")
    result = _build(run_cli, project)
    assert result.code == 2
    assert "cardgen.yaml:3:12: error[" in result.err
