"""Drawings kept for leaf elements (cardgen.layout.memo) and the lints' shared work give the
faces, warnings and problems that drawing and linting every face afresh gives: each face keeps
its own problem, and elements that differ in colour or place are never taken for one another."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardgen.data.load import load_database
from cardgen.errors import ProblemsError
from cardgen.layout import linebreak, lints, memo, text
from cardgen.pipeline.faces import lay_out_faces
from tests.support import gen_deck

REPO = Path(__file__).resolve().parents[1]

# a front that reads the card's colour, number and name in several ways: a frame filled with the
# term's colour (colour alone: no lint-ok), pips repeated at their own places and a row of
# dots, a name
# shrunk to fit, and a number inked `auto` (never kept: its ink depends on what is under it)
FRONT = """\
size: [63, 88]
bleed: 3
sheet: cards
background: "#FFFFFF"
edition_mark: false
elements:
  - { type: rect, name: band, x: -3, y: -3, w: 69, h: 20, fill: "{colour.color}" }
  - { type: rect, x: 3, y: 3, w: 57, h: 82, radius: 2, stroke: "#222222", stroke_width: 0.18 }
  - { type: text, name: title, text: "{name}", x: 6, y: 20, w: 30, h: 5, size: 8, min_size: 4 }
  - { type: text, name: number, text: "{number}", x: 45, y: 6, w: 12, h: 6, size: 11, color: auto }
  - type: repeat
    n: "{number}"
    x: 6
    y: 30
    step: [5, 0]
    elements:
      - { type: circle, cx: 2, cy: 2, r: 1.5, fill: "{colour.color}" }
  - { type: row, n: "{number}", x: 6, y: 36, size: 2, gap: 1, shape: circle, fill: "#222222" }
  - type: repeat
    n: 1
    x: "{number}"
    y: 70
    elements: [{ type: rect, w: 2, h: 2, fill: "#123456" }]
  - type: group
    x: 40
    y: "{number}"
    elements: [{ type: rect, w: 2, h: 2, fill: "#654321" }]
  - { type: icon, icon: symbol-circle, x: 8, y: 60, size: 8, color: "{colour.color}" }
  - { type: text, name: text, text: "{text}", x: 6, y: 40, w: 51, h: 40, size: 8, min_size: 6 }
"""


LONG = "A name far too long for its little box here, and longer still than that"  # under 6 pt


def _deck(root: Path, n: int, names: dict[int, str] | None = None) -> Path:
    """A bench deck of n cards with the front above; card i named names[i] (else "Card")."""
    project = gen_deck.make_project(root, n)
    (project / "layouts" / "bench" / "card.yaml").write_text(FRONT, encoding="utf-8")
    cards = project / "data" / "bench" / "1" / "cards.yaml"
    data = yaml.safe_load(cards.read_text(encoding="utf-8"))
    for i, card in enumerate(data):
        card["name"] = (names or {}).get(i, "Card")
    cards.write_text(yaml.safe_dump(data, sort_keys=False, width=1000), encoding="utf-8")
    return project


def _faces(project: Path, target: str) -> Any:
    game, _, edition = target.partition("@")
    db = load_database(project, game, edition or None)
    return lay_out_faces(db, None, lambda stage, done, total: None)


def _shown(faces: Any) -> list[str]:
    return [f"{face} {d!r} {d.warnings!r} {faces.key(face)}" for face, d in faces.drawings.items()]


def test_value_keys_tell_apart_what_draws_apart() -> None:
    keys = [memo.value_key(v) for v in (1, 1.0, True, "1", -0.0, 0.0, None, [1], (1,), [1.0],
                                        {"a": 1}, {"a": True})]
    assert len(set(keys)) == len(keys)
    assert memo.value_key([1, "a", {"b": None}]) == memo.value_key([1, "a", {"b": None}])
    with pytest.raises(memo.Unkeyed):
        memo.value_key(object())


def test_one_card_of_fifty_is_the_one_warned_about(tmp_path: Path) -> None:
    project = _deck(tmp_path / "deck", 50, {16: LONG})
    faces = _faces(project, "bench@1")
    small = [face for face, d in faces.drawings.items()
             if any(w.rule == "small-text" for w in d.warnings)]
    assert small == [("card-00017", "front")]
    # the same name on the other 49 faces: drawn once, then taken from the memo
    titles = {id(item) for (cid, side), d in faces.drawings.items() if side == "front"
              for item in d.items if getattr(item, "text", None) == "Card"}
    assert len(titles) == 1


def test_one_card_of_fifty_is_the_one_whose_text_overflows(tmp_path: Path) -> None:
    project = _deck(tmp_path / "deck", 50)
    cards = project / "data" / "bench" / "1" / "cards.yaml"
    data = yaml.safe_load(cards.read_text(encoding="utf-8"))
    data[16]["text"] = " ".join(["overflowing"] * 200)
    cards.write_text(yaml.safe_dump(data, sort_keys=False, width=1000), encoding="utf-8")
    with pytest.raises(ProblemsError) as raised:
        _faces(project, "bench@1")
    assert [p.rule for p in raised.value.problems] == ["text-overflow"]
    assert raised.value.problems[0].path.startswith("card-00017.")


def test_kept_drawings_differ_by_colour_and_by_place(tmp_path: Path) -> None:
    faces = _faces(_deck(tmp_path / "deck", 12), "bench@1")
    fronts = [d for (_, side), d in faces.drawings.items() if side == "front"]
    bands = [d.items[1] for d in fronts]  # after the background: the band, in the card's colour
    assert len({b.style.fill for b in bands}) == 4  # four colours, each its own band
    assert bands[0] is bands[4] and bands[0] is not bands[1]  # cards 1 and 5: the same colour
    # card 3 (number 3): three pips in its colour and three dots, each at its own x
    ellipses = [i for i in fronts[2].items if type(i).__name__ == "Ellipse"]
    pips = [e for e in ellipses if e.style.fill == bands[2].style.fill]
    assert [p.cx for p in pips] == [8.0, 13.0, 18.0]
    assert [e.cx for e in ellipses if e not in pips] == [7.0, 10.0, 13.0]
    assert [e.cx for e in fronts[1].items if type(e).__name__ == "Ellipse"
            and e.style.fill == "#222222"] == [7.0, 10.0]  # card 2: two dots
    # one rect, reading nothing, placed by its repeat at x = number on each face; another
    # placed by its group at y = number: each where its own face puts it
    for number, front in enumerate(fronts[:9], start=1):
        assert [i.x for i in front.items if getattr(i, "style", None) is not None
                and i.style.fill == "#123456"] == [float(number)]
        assert [i.transform for i in front.items if type(i).__name__ == "Group"
                and i.items[0].style.fill == "#654321"] == [(1.0, 0.0, -0.0, 1.0, 40.0, number)]


def test_kept_drawings_lay_out_the_deck_as_fresh_ones_do(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    project = _deck(tmp_path / "deck", 30, {3: LONG})
    kept = _shown(_faces(project, "bench@1"))
    assert any("colour-alone" in line for line in kept)
    assert any("small-text" in line for line in kept)
    monkeypatch.setattr(memo, "LEAVES", frozenset())
    assert _shown(_faces(project, "bench@1")) == kept


@pytest.mark.parametrize("target", ["l5@0.6.5", "orbital-debris", "lux-aeterna"])
def test_kept_drawings_lay_out_the_seed_games_as_fresh_ones_do(
        target: str, monkeypatch: pytest.MonkeyPatch) -> None:
    kept = _shown(_faces(REPO, target))
    monkeypatch.setattr(memo, "LEAVES", frozenset())
    assert _shown(_faces(REPO, target)) == kept


_WORDS = st.lists(st.sampled_from(
    ["a", "to", "the", "card", "resource", "well-known", "adjacent", "hyphenation", "x" * 40,
     "turn.", "(market)", "Überraschung", "\u00a0", "\t", "  "]), min_size=0, max_size=40)


@settings(max_examples=300, deadline=None)
@given(words=_WORDS, width=st.floats(5, 80), size=st.sampled_from([6.0, 8.0, 11.0]),
       language=st.sampled_from([None, "en"]), spacing=st.sampled_from([0.0, 0.3]))
def test_plain_words_wrap_as_their_runs_do(words: list[str], width: float, size: float,
                                          language: str | None, spacing: float) -> None:
    body = " ".join(words)
    plain = linebreak.plain_words(body, "regular")
    assert plain is not None
    split = linebreak.split_words(text.parse_runs(body, "regular"))
    assert plain.words == [w[0].text for w in split]
    assert linebreak.wrap_words(plain, width, size, language, spacing) == \
        linebreak.wrap_words(split, width, size, language, spacing)


def test_marked_up_text_is_not_plain() -> None:
    for body in ("Gain **two**", "Pay [star]", "a\nb", "counter\u00adintelligence"):
        assert linebreak.plain_words(body, "regular") is None


_LINE = st.tuples(st.floats(-5, 60), st.floats(-5, 90), st.floats(0, 50), st.integers(1, 6),
                  st.sampled_from(["#FFFFFF", "#222222", "#D98E04"]), st.integers(0, 2))
_SHAPE = st.tuples(st.sampled_from(["rect", "ellipse", "frame"]), st.floats(-5, 60),
                   st.floats(-5, 80), st.floats(0, 60), st.floats(0, 80),
                   st.sampled_from(["#FFFFFF", "#222222", "#1B8A8F"]), st.integers(0, 2))


@settings(max_examples=200, deadline=None)
@given(parts=st.lists(st.one_of(_LINE, _SHAPE), min_size=1, max_size=10))
def test_lines_of_one_text_are_linted_as_each_line_alone(parts: list[Any]) -> None:
    """Runs of lines share their fills and overlap checks (FaceLinter._run): the findings are
    those of linting every line on its own."""
    from cardgen.layout.drawing import Drawing, Ellipse, Rect, Style
    from cardgen.layout.drawing import Text as TextItem
    from cardgen.layout.located import Located

    owners = [Located(), Located(), Located()]
    assume(any(len(p) == 6 and p[3] > 1 for p in parts))

    def placed() -> list[lints.Placed]:
        out = [lints.Placed(Rect(-3, -3, 69, 94, Style(fill="#FFFFFF")), None, role="background")]
        for part in parts:
            if len(part) == 6:  # lines of one text element, one under another
                x, y, w, lines, ink, owner = part
                el = owners[owner]
                out += [lints.Placed(TextItem(x, y + 3.4 * k, "Gain " * int(1 + w / 6), "regular",
                                              8.0, ink), el) for k in range(lines)]
            else:
                kind, x, y, w, h, fill, owner = part
                style = Style(fill=None if kind == "frame" else fill, stroke="#000000")
                item = Ellipse(x, y, w / 2, h / 2, style) if kind == "ellipse" else \
                    Rect(x, y, w, h, style)
                out.append(lints.Placed(item, owners[owner]))
        return out

    def found(runs: bool) -> list[tuple[str, str]]:
        linter = lints.FaceLinter(Drawing("face", 63, 88), placed(), 4.0, False, "face")
        if not runs:
            linter._run = lambda n: None  # type: ignore[method-assign]
        return [(p.rule, p.message) for p in linter.run()]

    assert found(True) == found(False)


_RUN_LINE = st.tuples(st.floats(-3, 40), st.floats(0.5, 6), st.sampled_from([5.5, 7.0, 8.0]),
                      st.sampled_from(["#222222", "#EEEEEE", "#D98E04"]))


@settings(max_examples=200, deadline=None)
@given(lines=st.lists(_RUN_LINE, min_size=2, max_size=6), top=st.floats(-2, 84),
       under=st.sampled_from([None, "#FFFFFF", "#1B8A8F"]),
       over=st.one_of(st.none(), st.tuples(st.floats(0, 60), st.floats(0, 88))),
       circle=st.booleans())
def test_a_runs_later_lines_report_what_linting_each_finds(
        lines: list[tuple[float, float, float, str]], top: float, under: str | None,
        over: tuple[float, float] | None, circle: bool) -> None:
    """The later lines of a run are passed over only when they can find nothing its first line
    did not (FaceLinter._alike): each line's own place, size and colour still count."""
    from cardgen.layout.drawing import Drawing, Rect, Style
    from cardgen.layout.drawing import Text as TextItem
    from cardgen.layout.located import Located

    body, shape = Located(), Located()

    def placed() -> list[lints.Placed]:
        out = [lints.Placed(Rect(-3, -3, 69, 94, Style(fill="#FFFFFF")), None, role="background")]
        if under is not None:
            out.append(lints.Placed(Rect(2, 2, 59, 84, Style(fill=under)), shape))
        y = top
        for x, step, size, ink in lines:
            y += step
            out.append(lints.Placed(TextItem(x, y, "Gain two coins", "regular", size, ink), body))
        if over is not None:
            out.append(lints.Placed(Rect(*over, 4, 4, Style(fill="#000000")), shape))
        return out

    def found(alike: bool) -> list[tuple[str, str, str]]:
        linter = lints.FaceLinter(Drawing("face", 63, 88), placed(), 4.0, circle, "face")
        if not alike:
            linter._alike = lambda run: False  # type: ignore[method-assign]
        return [(p.rule, p.message, p.severity) for p in linter.run()]

    assert found(True) == found(False)


def test_a_later_line_past_the_safe_area_is_said_for_each_face() -> None:
    """A face whose third line alone runs out of the safe area is warned; the same face with
    that line inside is not, though their first lines are the same."""
    from cardgen.layout.drawing import Drawing, Rect, Style
    from cardgen.layout.drawing import Text as TextItem
    from cardgen.layout.located import Located

    body = Located()

    def rules(third_x: float, third_ink: str = "#222222") -> list[str]:
        placed = [lints.Placed(Rect(-3, -3, 69, 94, Style(fill="#FFFFFF")), None, role="background")]
        for k, (x, ink) in enumerate(((6.0, "#222222"), (6.0, "#222222"), (third_x, third_ink))):
            placed.append(lints.Placed(TextItem(x, 40 + 3.4 * k, "Gain two", "regular", 8.0, ink),
                                       body))
        return [p.rule for p in lints.FaceLinter(Drawing("face", 63, 88), placed, 4.0, False,
                                                  "face").run()]

    assert rules(6.0) == []
    assert rules(1.0) == ["outside-safe"]
    assert rules(6.0, "#F4F4F4") == ["low-contrast"]


def test_kept_reprs_tell_shapes_apart_by_colour_place_and_text() -> None:
    """A rectangle's or ellipse's repr, kept per object, is the dataclass's own text; face keys
    made of them differ for faces that differ only in a colour, a place or a text."""
    import dataclasses

    from cardgen.layout.drawing import Drawing, Ellipse, Rect, Style
    from cardgen.layout.drawing import Text as TextItem
    from cardgen.render.facekey import face_key

    frame = Rect(3.0, 3.0, 57.0, 82.0, Style(fill="#FFFFFF", stroke="#222222"), 2.0)
    for shape in (frame, Ellipse(30.0, 70.0, 2.0, 2.0, Style(fill="#FAFAFA"))):
        fields = ", ".join(f"{f.name}={getattr(shape, f.name)!r}"
                           for f in dataclasses.fields(shape) if f.repr)
        assert repr(shape) == repr(shape) == f"{type(shape).__name__}({fields})"

    def key(*items: object) -> str:
        return face_key(Drawing("face", 63.0, 88.0, 3.0, list(items)))  # type: ignore[arg-type]

    line = TextItem(6.0, 40.0, "Gain two", "regular", 8.0, "#222222")
    keys = {key(frame, line), key(dataclasses.replace(frame, style=Style(fill="#FFFFFE",
                                                                        stroke="#222222")), line),
            key(dataclasses.replace(frame, x=3.5), line), key(frame, dataclasses.replace(
                line, text="Gain three")), key(frame, dataclasses.replace(line, color="#222223"))}
    assert len(keys) == 5
