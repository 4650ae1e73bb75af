"""The seed games' faces and home-print plans equal their golden records (tests/golden/*.txt,
text a reviewer reads as a diff), a few writer outputs of a small deck equal their sha256, and a
one-line layout edit shows as a diff of only the lines it touches.

A difference fails with a unified diff of the first changed lines; after an intended change
run `make golden` and review the diff of tests/golden/ like any other."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.support import golden


@pytest.mark.parametrize("target", golden.TARGETS)
def test_faces_and_plans_equal_the_golden_records(target: str) -> None:
    made = golden.records(target)
    problems = []
    for name, text in made.items():
        path = golden.GOLDEN / name
        if not path.is_file():
            problems.append(f"{name}: no golden record; run `{golden.REGENERATE}`")
            continue
        expected = path.read_text(encoding="utf-8")
        if text != expected:
            problems.append(golden.first_differences(name, expected, text))
    if problems:
        pytest.fail("\n\n".join(problems), pytrace=False)


def test_every_golden_record_belongs_to_a_seed_target() -> None:
    made = {name for target in golden.TARGETS for name in golden.records(target)}
    kept = {p.name for p in golden.GOLDEN.glob("*.txt")}
    assert kept == made, f"stale or missing records; run `{golden.REGENERATE}`"


def test_writer_outputs_are_the_same_bytes(tmp_path: Path) -> None:
    """The deck's home-print PDF, print-shop PDF, an SVG and a preview PNG, byte for byte."""
    expected = json.loads((golden.GOLDEN / "writer-sha256.json").read_text(encoding="utf-8"))
    assert golden.writer_hashes(tmp_path) == expected, (
        f"a writer's bytes changed; if intended, run `{golden.REGENERATE}`")


# --------------------------------------------------------------------------- a one-line edit

EDIT_GAME, EDIT_TARGET, EDIT_LAYOUT = "orbital-debris", "orbital-debris", "ship-card.yaml"
SHIP_FACES = 4  # ship-orange, -blue, -green, -purple use ship-card.yaml


def edited_copy(root: Path, old: str, new: str) -> Path:
    """The seed game copied to root, with one line of one layout edited."""
    shutil.copytree(REPO / "data" / EDIT_GAME, root / "data" / EDIT_GAME)
    shutil.copytree(REPO / "layouts" / EDIT_GAME, root / "layouts" / EDIT_GAME)
    layout = root / "layouts" / EDIT_GAME / EDIT_LAYOUT
    text = layout.read_text(encoding="utf-8")
    assert text.count(old) == 1
    layout.write_text(text.replace(old, new), encoding="utf-8")
    for edition in (root / "data" / EDIT_GAME).glob("*/edition.yaml"):  # the same rulebook
        written = edition.read_text(encoding="utf-8")
        found = re.search(r"^rulebook: *(\S+)", written, re.M)
        if found:
            real = (REPO / edition.relative_to(root)).parent / found.group(1)
            edition.write_text(written.replace(found.group(0), f"rulebook: {real.resolve()}"),
                               encoding="utf-8")
    return root


def changed_faces(expected: str, made: str) -> dict[str, list[tuple[str, str]]]:
    """face -> its (golden line, new line) pairs that differ; the texts have as many lines."""
    old_lines, new_lines = expected.splitlines(), made.splitlines()
    assert len(old_lines) == len(new_lines)
    face, out = "", {}
    for a, b in zip(old_lines, new_lines, strict=True):
        if a.startswith("face "):
            face = a.split(" = ")[0]
        if a != b:
            out.setdefault(face, []).append((a, b))
    return out


@pytest.mark.parametrize(("old", "new", "line_start"), [
    ('font: bold, color: "#B02A1F" }', 'font: bold, color: "#1F5AB0" }', '  text '),  # a colour
    ("icon: ship, x: 4.5,", "icon: ship, x: 5.5,", "  group matrix "),  # an x
])
def test_a_one_line_layout_edit_is_a_small_diff(tmp_path: Path, old: str, new: str,
                                                line_start: str) -> None:
    project = edited_copy(tmp_path, old, new)
    made = golden.records(EDIT_TARGET, project)
    kept = golden.records(EDIT_TARGET)
    for name, text in made.items():
        if name.endswith(".faces.txt"):
            faces = changed_faces(kept[name], text)
            assert len(faces) == SHIP_FACES and all(f.startswith("face ship-") for f in faces)
            for pairs in faces.values():  # one line per face: the edited element's
                [(a, b)] = pairs
                assert a.startswith(line_start) and b.startswith(line_start)
            diff = golden.first_differences(name, kept[name], text)
            assert diff.count("\n-  ") == diff.count("\n+  ") == SHIP_FACES, diff
        else:
            assert text == kept[name], name  # same sizes: the page plans do not move


def test_primitive_repr_is_the_dataclass_one() -> None:
    """Face keys hash these reprs and name forms in the PDFs: the faster repr of the drawing
    primitives writes what dataclass's did (the text below is from the code before it)."""
    from cardgen.layout import drawing as d

    s = d.Style(fill="#FFFFFF", dash=(1.0, 2.0))
    g = d.Group(items=(
        d.Rect(1.0, 2, 3.5, 4, radius=1, style=s),
        d.Text(x=1, y=2, text="a'b", font="regular", size=8, color="#000000"),
        d.Path(ops=(("M", 0, 0), ("Z",)), style=s), d.Ellipse(1, 2, 3, 4, style=d.Style()),
        d.Image(0, 0, 1, 1, "x.png")), clip=(0, 0, 1, 1))
    assert repr(d.Drawing("f", 10, 20, items=[g])) == (
        "Drawing(name='f', width=10, height=20, bleed=3.0, items=[Group(items=(Rect(x=1.0, y=2, w"
        "=3.5, h=4, style=Style(fill='#FFFFFF', stroke=None, stroke_width=0.25, dash=(1.0, 2.0), "
        "opacity=1.0), radius=1), Text(x=1, y=2, text=\"a'b\", font='regular', size=8, color='#0000"
        "00', anchor='start'), Path(ops=(('M', 0, 0), ('Z',)), style=Style(fill='#FFFFFF', stroke"
        "=None, stroke_width=0.25, dash=(1.0, 2.0), opacity=1.0), fill_rule='nonzero'), Ellipse(c"
        "x=1, cy=2, rx=3, ry=4, style=Style(fill=None, stroke=None, stroke_width=0.25, dash=None,"
        " opacity=1.0)), Image(x=0, y=0, w=1, h=1, digest='')), transform=(1.0, 0.0, 0.0, 1.0, 0."
        "0, 0.0), clip=(0, 0, 1, 1))], warnings=[], shape='rect')")
