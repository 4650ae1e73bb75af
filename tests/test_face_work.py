"""Per-face work done once or only when read (issue 25): each short way gives what the long
way gave: a face's origins made when the bleed lint reads them, renamed findings, a text
plan's lines made with their fields at once, a lint key's loose lines listed only for a new
key, copy groups and the build's lint warnings worked out per kind and place."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path
from typing import Any

import pytest

from cardgen import impose
from cardgen.data.load import load_database
from cardgen.errors import Location, Problem, ProblemsError
from cardgen.layout import LayoutSession, lay_out, linebreak, lintmemo, textplan
from cardgen.layout.bleed import Origins
from cardgen.layout.drawing import Text
from cardgen.layout.placed import Placed
from cardgen.pipeline import faces as faces_module
from cardgen.pipeline.copygroups import copy_groups, hex_top
from cardgen.pipeline.faces import Faces, kind_title, lay_out_faces, lint_warnings
from tests.support import gen_deck

REPO = Path(__file__).resolve().parents[1]


def test_origins_are_the_placed_by_id_once_read() -> None:
    a, b = Text(1.0, 2.0, "a", "regular", 8.0), Text(1.0, 3.0, "b", "regular", 8.0)
    placed = [Placed(a, None), Placed(b, "first"), Placed(b, "last")]
    made = {id(p.item): p for p in placed}
    origins = Origins(placed)
    assert dict(origins) == made and len(origins) == 2 and id(b) in origins
    assert origins[id(b)] is placed[2] and origins.get(12345) is None
    written = Origins(placed)
    written[7] = "seven"  # a stretched rectangle named before anything was read
    assert written[7] == "seven" and written[id(a)] is placed[0]
    del written[7]
    assert 7 not in written and list(written) == list(made)


def test_a_laid_out_face_at_fault_names_its_element(tmp_path: Path) -> None:
    """The bleed lint still names the element whose art stops at the trim (it reads the
    face's origins, made only then)."""
    for part in ("data/lux-aeterna", "layouts/lux-aeterna", "cardgen.yaml"):
        src = REPO / part
        (shutil.copytree if src.is_dir() else shutil.copy)(src, tmp_path / part)
    layout = tmp_path / "layouts/lux-aeterna/main-card.yaml"
    layout.write_text(layout.read_text().replace(
        "- { type: rect, x: -3, y: -3, w: 69.5, h: 18,", "- { type: rect, x: 0.2, y: -3, w: 62.9, h: 18,"))
    db = load_database(tmp_path, "lux-aeterna", None)
    main = next(c for c in db.components if c.kind == "main-card")
    with pytest.raises(ProblemsError) as err:
        lay_out(LayoutSession(db), main, "front")
    problem = err.value.problems[0]
    assert problem.rule == "bleed" and problem.message.startswith("the rect ")
    assert problem.where is not None and problem.where.file.endswith("main-card.yaml")


def test_renamed_findings_are_what_replace_makes() -> None:
    where = Location("layouts/x/card.yaml", 9, 5)
    found = [Problem("near-cut", "an edge", where, "c-1 elements[0]", "move it", "warning"),
             Problem("other", "elsewhere", None, "c-10 elements[1]", None),
             Problem("trim", "at the trim", where, "c-1", "hint")]
    renamed = lintmemo.relabelled(found, "c-1", "c-22")
    assert renamed == [dataclasses.replace(found[0], path="c-22 elements[0]"), found[1], found[2]]
    assert [repr(p) for p in renamed] == [repr(dataclasses.replace(found[0], path="c-22 elements[0]")),
                                          repr(found[1]), repr(found[2])]
    assert renamed[0].__dict__.keys() == found[0].__dict__.keys()  # fields in their order
    assert lintmemo.relabelled(found, "c-1", "c-1") == found


def test_planned_lines_are_the_texts_the_element_places(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A text plan's lines, their fields set at once, equal (and repr as) the Text the
    element's own path makes; lines fitted without keeping their widths have the boxes that
    measuring them whole gives."""
    project = gen_deck.make_project(tmp_path / "deck", 40)
    db = load_database(project, gen_deck.GAME, gen_deck.EDITION)
    planned = lay_out_faces(db, None, lambda stage, done, total: None)
    monkeypatch.setattr(textplan, "ENABLED", False)
    textplan._PLANS.clear()
    drawn = lay_out_faces(db, None, lambda stage, done, total: None)
    lines = 0
    for face, drawing in planned.drawings.items():
        other = drawn.drawings[face]
        assert drawing.items == other.items and repr(drawing.items) == repr(other.items)
        for mine, theirs in zip(drawing.items, other.items, strict=True):
            if type(mine) is Text:
                assert list(mine.__dict__.items()) == list(theirs.__dict__.items())
                lines += 1
    assert lines > 200
    linebreak._LINE_WIDTHS.clear()
    for drawing in planned.drawings.values():
        for item in drawing.items:
            if type(item) is Text:
                assert linebreak.line_width(item.text, item.font, item.size) == \
                    linebreak.run_width(item.text, item.font, item.size)


def _copy_groups(db: Any, faces: Faces) -> list[impose.Group]:
    """copy_groups as it was written before: every copy worked out on its own."""
    groups: dict[tuple[str, float, float, str], list[impose.Copy]] = {}
    for c in faces.components:
        front = faces.drawings[(c.id, "front")]
        key = (faces.sheets[c.kind], round(front.width, 3), round(front.height, 3), hex_top(front))
        copy = impose.Copy(c.id, kind_title(db, c.kind), c.name, front.width, front.height,
                           (c.id, "back") in faces.drawings, front.shape == "circle",
                           hex_top(front), front.points if front.shape == "polygon" else (),
                           front.folds)
        groups.setdefault(key, []).extend([copy] * c.count)
    boxes = [impose.Group("large", (c,)) for c in faces.extras]
    return [impose.Group(sheet, tuple(copies)) for (sheet, _, _, _), copies in groups.items()
            ] + boxes


def _lint_warnings(faces: Faces) -> list[Problem]:
    """lint_warnings as it was written before: every finding keyed on its own."""
    first: dict[tuple[str, str, str], Problem] = {}
    more: dict[tuple[str, str, str], int] = {}
    for drawing in faces.drawings.values():
        for problem in drawing.warnings:
            line = str(problem.where) if problem.where else problem.path.split(" ", 1)[-1]
            key = (problem.rule, line, problem.message.split(":")[0])
            if key in first:
                more[key] = more.get(key, 0) + 1
            else:
                first[key] = problem
    out = []
    for key, problem in first.items():
        if more.get(key):
            problem = dataclasses.replace(problem, message=f"{problem.message} (and {more[key]} "
                                          f"more face{'s' if more[key] != 1 else ''})")
        out.append(problem)
    return sorted(out, key=lambda p: (str(p.where), p.rule))


def test_warm_copy_groups_follow_every_value_they_are_made_of(tmp_path: Path) -> None:
    """While warm, copy_groups gives the last build's groups again only while none of the
    values they are made of changed: a count, a name, a front's size or shape, a back, a
    kind's sheet or an extra changed in place is seen (and a text edit keeps the groups)."""
    from cardgen.pipeline import warm

    project = gen_deck.make_project(tmp_path / "deck", 12)
    db = load_database(project, "bench", None)
    faces = lay_out_faces(db, None, lambda stage, done, total: None)
    warm.keep_warm()
    try:
        first = copy_groups(db, faces)
        assert first == _copy_groups(db, faces)
        assert all(map(lambda a, b: a is b, copy_groups(db, faces), first))
        c = faces.components[3]
        front = faces.drawings[(c.id, "front")]
        changes = [lambda: setattr(c, "count", c.count + 2), lambda: setattr(c, "name", "Other"),
                   lambda: setattr(front, "width", front.width + 1),
                   lambda: setattr(front, "width", float(int(front.width))),
                   lambda: setattr(front, "width", int(front.width)),
                   lambda: setattr(front, "shape", "circle"),
                   lambda: faces.drawings.pop((c.id, "back"), None),
                   lambda: faces.sheets.update({c.kind: "tokens"}),
                   lambda: faces.extras.append(impose.Copy("box", "Box", "Box", 60.0, 90.0, False))]
        for change in changes:
            change()
            assert copy_groups(db, faces) == _copy_groups(db, faces)
            assert [(type(c.w), type(c.h)) for g in copy_groups(db, faces) for c in g.copies] == [
                (type(c.w), type(c.h)) for g in _copy_groups(db, faces) for c in g.copies]
    finally:
        warm.keep_warm(False)


@pytest.mark.parametrize("game,edition", [("l5", "0.6.5"), ("lux-aeterna", None),
                                          ("orbital-debris", None), ("bench", None)])
def test_copy_groups_and_warnings_are_worked_out_as_per_face(game: str, edition: str | None,
                                                              tmp_path: Path) -> None:
    project = gen_deck.make_project(tmp_path / "deck", 30) if game == "bench" else REPO
    db = load_database(project, game, edition)
    faces = lay_out_faces(db, None, lambda stage, done, total: None)
    assert copy_groups(db, faces) == _copy_groups(db, faces)
    assert lint_warnings(faces) == _lint_warnings(faces)
    # a finding at the same place with the same message but another rule is its own line
    drawing = next(iter(faces.drawings.values()))
    where = Location("layouts/x/card.yaml", 3, 1)
    drawing.warnings = [*drawing.warnings, Problem("near-cut", "an edge: here", where, "a", None,
                                                   "warning"),
                        Problem("trim", "an edge: here", where, "a", None, "warning")]
    assert lint_warnings(faces) == _lint_warnings(faces)


def test_progress_counts_each_component_once_all_its_faces_are_done() -> None:
    said: list[tuple[str, int, int]] = []
    progress = faces_module._Progress([["front", "back"], ["front"]], [(0, 0, None), (0, 1, None),
                                                                       (1, 0, None)],
                                      lambda stage, done, total: said.append((stage, done, total)))
    progress.one(0)
    assert said == []
    progress.one(1)
    progress.done([0])
    assert said == [("faces", 1, 2), ("faces", 2, 2)]


def test_a_face_given_kept_findings_has_its_own_others_once(tmp_path: Path) -> None:
    """Faces whose lint findings come from the memo get only their own back-drift (and other
    later) findings: those the first face added to its list are not kept with its lints."""
    project = gen_deck.make_project(tmp_path / "deck", 5)
    back = project / "layouts" / "bench" / "card-back.yaml"
    back.write_text(back.read_text().replace("text: BENCH,", 'text: "{name}",'))  # not shared
    db = load_database(project, gen_deck.GAME, gen_deck.EDITION)
    kept, alone = LayoutSession(db), LayoutSession(db)
    alone.lint_memo = None
    for component in db.components:
        found = lay_out(kept, component, "back")
        assert found is not None
        assert [w.rule for w in found.warnings] == ["back-drift"]
        linted_alone = lay_out(alone, component, "back")
        assert linted_alone is not None and found.warnings == linted_alone.warnings
    assert len(kept.lint_memo.kept) == 1
