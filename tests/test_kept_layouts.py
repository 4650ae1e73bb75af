"""Valid layout files kept between processes (cardgen.pipeline.layoutkeep): a fresh process
reads a layout file validated before back from .cardgen-cache instead of validating it, lays
out the very faces (and lints) a validation gives, and a file with a problem says it as ever."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgen.data.load import load_database, parse_target
from cardgen.errors import ProblemsError
from cardgen.layout import located, templates
from cardgen.layout.dump import dump_drawings
from cardgen.pipeline import layoutkeep
from cardgen.pipeline.faces import Faces, lay_out_faces, lint_warnings
from cardgen.pipeline.sources import CACHE_FOLDER, FaceCache, read_signed, write_signed
from tests.conftest import copy_project
from tests.support import gen_deck


def _fresh_process() -> None:
    """What a new process has not read yet: the layout files and their lines."""
    templates.forget_templates()
    located._LINES.clear()


def _lay_out(project: Path, target: str, read_only: bool = False) -> Faces:
    """Every face laid out afresh (no face kept), templates through the kept layouts."""
    for kept in (project / CACHE_FOLDER).glob("faces-*.pickle"):
        kept.unlink()
    game, edition = parse_target(target, project)
    db = load_database(project, game, edition)
    return lay_out_faces(db, None, lambda stage, done, total: None,
                         FaceCache(db, read_only=read_only))


def _text(faces: Faces) -> list[str]:
    named = [(f"{cid} {side}", drawing) for (cid, side), drawing in faces.drawings.items()]
    return dump_drawings(named) + [p.render() for p in lint_warnings(faces)]


@pytest.fixture
def validations(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The layout files validated (as their messages name them)."""
    seen: list[str] = []
    real = templates.validated_layout

    def counting(source, text=""):  # type: ignore[no-untyped-def]
        seen.append(source.file)
        return real(source, text)

    monkeypatch.setattr(templates, "validated_layout", counting)
    return seen


@pytest.mark.parametrize("target", ["l5@0.6.5", "l5@act-one"])
def test_seed_faces_from_kept_layouts_equal_validated_ones(tmp_path: Path, target: str,
                                                           validations: list[str]) -> None:
    project = copy_project(tmp_path / "p")
    _fresh_process()
    first = _text(_lay_out(project, target))
    assert validations and (project / CACHE_FOLDER / "layouts-l5.pickle").is_file()

    _fresh_process()
    validations.clear()
    again = _text(_lay_out(project, target))
    assert validations == []  # every file read back, none validated
    assert again == first  # the same faces, lints and lint-ok comments


def test_edited_layout_validated_again_and_broken_one_says_the_same(
        tmp_path: Path, validations: list[str]) -> None:
    project = gen_deck.make_project(tmp_path / "p", 3)
    plain = gen_deck.make_project(tmp_path / "plain", 3)  # never kept anything
    _fresh_process()
    _lay_out(project, gen_deck.TARGET)
    card = project / "layouts" / gen_deck.GAME / "card.yaml"
    text = card.read_text(encoding="utf-8")

    card.write_text(text + "\n# a comment\n", encoding="utf-8")
    _fresh_process()
    validations.clear()
    _lay_out(project, gen_deck.TARGET)
    assert validations == [f"layouts/{gen_deck.GAME}/card.yaml"]  # only the edited file

    broken = text.replace("sheet: cards", "sheet: cards\nsheets: cards")
    messages = []
    for folder in (project, plain):
        (folder / "layouts" / gen_deck.GAME / "card.yaml").write_text(broken, encoding="utf-8")
        _fresh_process()
        with pytest.raises(ProblemsError) as exc:
            _lay_out(folder, gen_deck.TARGET)
        messages.append([p.render() for p in exc.value.problems])
    assert messages[0] == messages[1] and "unknown key 'sheets'" in messages[0][0]


def test_kept_layouts_of_other_code_or_altered_are_not_read(
        tmp_path: Path, validations: list[str]) -> None:
    project = gen_deck.make_project(tmp_path / "p", 2)
    _fresh_process()
    _lay_out(project, gen_deck.TARGET)
    path = project / CACHE_FOLDER / f"layouts-{gen_deck.GAME}.pickle"
    code, kept = read_signed(path)  # type: ignore[misc]
    assert code == layoutkeep._code() and len(kept) == 2

    write_signed(path, ("other code", kept))
    _fresh_process()
    validations.clear()
    _lay_out(project, gen_deck.TARGET)
    assert len(validations) == 2

    write_signed(path, (code, {k: b"not a pickle" for k in kept}))
    _fresh_process()
    validations.clear()
    first = _text(_lay_out(project, gen_deck.TARGET))
    assert len(validations) == 2
    _fresh_process()
    validations.clear()
    assert _text(_lay_out(project, gen_deck.TARGET)) == first and validations == []


def test_check_reads_kept_layouts_but_never_writes_them(tmp_path: Path,
                                                        validations: list[str]) -> None:
    project = gen_deck.make_project(tmp_path / "p", 2)
    _fresh_process()
    _lay_out(project, gen_deck.TARGET, read_only=True)
    assert not (project / CACHE_FOLDER / f"layouts-{gen_deck.GAME}.pickle").exists()
    _fresh_process()
    _lay_out(project, gen_deck.TARGET)
    kept = project / CACHE_FOLDER / f"layouts-{gen_deck.GAME}.pickle"
    before = kept.read_bytes()
    _fresh_process()
    validations.clear()
    _lay_out(project, gen_deck.TARGET, read_only=True)
    assert validations == [] and kept.read_bytes() == before


def test_a_fresh_copy_of_the_project_builds_the_same(tmp_path: Path) -> None:
    """The kept files name the project's own paths: a copy elsewhere validates its own."""
    project = gen_deck.make_project(tmp_path / "p", 2)
    _fresh_process()
    first = _text(_lay_out(project, gen_deck.TARGET))
    moved = tmp_path / "moved"
    shutil.copytree(project, moved)
    _fresh_process()
    assert _text(_lay_out(moved, gen_deck.TARGET)) == first


def test_kept_sources_read_back_with_their_positions(tmp_path: Path) -> None:
    """Each Location is kept as the call that makes it (layoutkeep.KeptLayouts.keep): read
    back, a kept file's Source has the very positions parsing the file gives."""
    import pickle

    from cardgen.data.yamlsrc import Source, read_source
    from cardgen.errors import Location

    project = copy_project(tmp_path / "p")
    _fresh_process()
    _lay_out(project, "l5@0.6.5")
    _, kept = read_signed(project / CACHE_FOLDER / "layouts-l5.pickle")  # type: ignore[misc]
    assert len(kept) > 5
    for blob in kept.values():
        _, source = pickle.loads(blob)
        assert isinstance(source, Source) and source.marks
        shared = source.file.startswith("(cardgen) layouts/")
        path = (templates.SHARED_LAYOUTS / source.file.removeprefix("(cardgen) layouts/")
                if shared else project / source.file)
        parsed = read_source(path, source.file)
        assert source.marks == parsed.marks and source.key_marks == parsed.key_marks
        assert {type(at) for at in [*source.marks.values(), *source.key_marks.values()]} == {
            Location}


def test_a_kept_source_keeps_positions_of_other_files_and_its_own_state() -> None:
    """A Source is kept with its positions packed (layoutkeep._source): read back, it equals
    the Source kept, a position naming another file and the order of its keys included."""
    import copyreg
    import io
    import pickle

    from cardgen.data.yamlsrc import Source, parse_text
    from cardgen.errors import Location
    from cardgen.pipeline.layoutkeep import _location, _source

    source = parse_text("size: [63, 88]\nelements:\n  - {type: text, text: hi}\n", "layouts/g/a.yaml")
    source.marks[("elsewhere",)] = Location("layouts/g/b.yaml", 4, 2)
    source.prefix = ("cards",)
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {**copyreg.dispatch_table, Location: _location, Source: _source}
    pickler.dump((source, source))
    again, same = pickle.loads(buffer.getvalue())
    assert again is same and again == source and again.prefix == ("cards",)
    assert list(again.marks.items()) == list(source.marks.items())
    assert list(again.key_marks.items()) == list(source.key_marks.items())
    assert again.marks[("elsewhere",)] == Location("layouts/g/b.yaml", 4, 2)
