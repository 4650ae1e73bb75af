"""What the speed work moved must still be true: the manifest's sizes and hashes, measured by
the workers as they write, are the files' own; a rebuild after an edit writes what a cold
build writes."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from cardgen.cli import main
from tests.support import gen_deck


def _build(project: Path, out: Path) -> Path:
    assert main(["--project", str(project), "build", gen_deck.TARGET, "--out", str(out)]) == 0
    return out / f"{gen_deck.GAME}-{gen_deck.EDITION}"


def test_manifest_sizes_and_hashes_are_the_files(tmp_path: Path, monkeypatch) -> None:
    from cardgen.pipeline import tasks

    monkeypatch.setenv("CARDGEN_JOBS", "2")
    monkeypatch.setattr(tasks, "PARALLEL_DRAWS", 1)  # helpers write some of the files
    folder = _build(gen_deck.make_project(tmp_path / "p", 30), tmp_path / "out")
    files = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["files"]
    assert len(files) > 60
    for name, entry in files.items():
        data = (folder / name).read_bytes()
        assert entry["bytes"] == len(data), name
        assert entry["sha256"] == hashlib.sha256(data).hexdigest(), name


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_faces_laid_out_by_workers_build_the_same_bytes(tmp_path: Path, monkeypatch) -> None:
    """Stage 3 on forked helpers (in chunks, face keys worked out there) writes what laying out
    one face after another writes, cold and from a half-warm face cache after an edit."""
    from cardgen.pipeline import faces, tasks

    project = gen_deck.make_project(tmp_path / "p", 30)
    monkeypatch.setenv("CARDGEN_JOBS", "1")
    alone = _tree(_build(project, tmp_path / "alone"))
    monkeypatch.setenv("CARDGEN_JOBS", "2")
    monkeypatch.setattr(faces, "PARALLEL_FACES", 1)
    monkeypatch.setattr(faces, "LAYOUT_WORKERS", 2)
    monkeypatch.setattr(tasks, "PARALLEL_DRAWS", 1)
    monkeypatch.setattr(faces, "_chunks", lambda todo: [todo[i:i + 7] for i in range(0, len(todo), 7)])
    calls = []
    real = faces._laid_by_workers
    monkeypatch.setattr(faces, "_laid_by_workers", lambda *a: calls.append(1) or real(*a))
    for cache in project.glob(".cardgen-cache/*"):
        cache.unlink()
    assert _tree(_build(project, tmp_path / "workers")) == alone
    assert calls, "the workers were not used"
    gen_deck.edit_one_card(project, 12)
    edited = _tree(_build(project, tmp_path / "workers"))
    monkeypatch.setenv("CARDGEN_JOBS", "1")
    for cache in project.glob(".cardgen-cache/*"):
        cache.unlink()
    assert edited == _tree(_build(project, tmp_path / "cold-edited"))
    assert edited != alone


def test_two_cores_lay_out_in_the_build_process(tmp_path: Path, monkeypatch) -> None:
    """Under LAYOUT_WORKERS cores, stage 3 forks no helper however many faces it lays out
    (one helper gained no wall time for its CPU time), and the files are those of one job."""
    from cardgen.pipeline import faces

    project = gen_deck.make_project(tmp_path / "p", 12)
    monkeypatch.setenv("CARDGEN_JOBS", "1")
    alone = _tree(_build(project, tmp_path / "alone"))
    monkeypatch.setenv("CARDGEN_JOBS", "2")
    monkeypatch.setattr(faces, "PARALLEL_FACES", 1)
    calls = []
    real = faces._laid_by_workers
    monkeypatch.setattr(faces, "_laid_by_workers", lambda *a: calls.append(1) or [])
    for cache in project.glob(".cardgen-cache/*"):
        cache.unlink()
    assert _tree(_build(project, tmp_path / "two")) == alone
    assert not calls
    monkeypatch.setenv("CARDGEN_JOBS", "3")
    for cache in project.glob(".cardgen-cache/*"):
        cache.unlink()
    monkeypatch.setattr(faces, "_laid_by_workers", lambda *a: calls.append(1) or real(*a))
    assert _tree(_build(project, tmp_path / "three")) == alone
    assert calls, "three cores did not share the layout"


def test_workers_report_every_problem_in_deck_order(tmp_path: Path, monkeypatch, capsys) -> None:
    """Two cards name an icon that does not exist; laid out in chunks on workers, the errors
    are the ones laying out card by card gives: both cards', in deck order."""
    from cardgen.pipeline import faces

    project = gen_deck.make_project(tmp_path / "p", 30)
    cards = project / "data" / gen_deck.GAME / gen_deck.EDITION / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    for i in (21, 4):
        old = gen_deck.deck.text(i)
        text = text.replace(old, old.replace(" ", f" [nosuch{i}] ", 1), 1)
    cards.write_text(text, encoding="utf-8")
    monkeypatch.setattr(faces, "_chunks", lambda todo: [todo[i:i + 7] for i in range(0, len(todo), 7)])
    outputs = []
    for jobs, threshold in (("1", 10_000), ("2", 1)):
        monkeypatch.setenv("CARDGEN_JOBS", jobs)
        monkeypatch.setattr(faces, "PARALLEL_FACES", threshold)
        monkeypatch.setattr(faces, "LAYOUT_WORKERS", 2)
        code = main(["--project", str(project), "build", gen_deck.TARGET, "--out", str(tmp_path / "o")])
        outputs.append((code, capsys.readouterr().err))
    assert outputs[0] == outputs[1], outputs
    assert outputs[0][0] == 2 and "2 errors" in outputs[0][1]
    assert outputs[0][1].index("[nosuch4]") < outputs[0][1].index("[nosuch21]")


def test_a_long_wait_after_the_pdfs_says_how_to_skip_it() -> None:
    from cardgen.cli.build_cmd import pdfs_line

    assert pdfs_line(0.4, 1.3, True) == "PDFs done after 0.4 s; SVGs and previews after them"
    assert pdfs_line(0.2, 0.5, False) == "PDFs done after 0.2 s; SVGs after them"
    long = pdfs_line(0.9, 4.0, True)
    assert long.startswith("PDFs done after 0.9 s; SVGs and previews after them (3.1 s more: ")
    assert "--no-preview" in long and "--outputs" in long
