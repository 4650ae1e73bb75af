"""Issue #24, the rest: icon aliases, table columns, one alignment vocabulary, no lint on what
cardgen adds, faults said well (a broken viewBox, YAML merge keys, a repeat's flood) and an
explicit --project. Each test reproduces what was said badly and asserts the located answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.tiny import edit


def errors(text: str) -> list[str]:
    return [line for line in text.splitlines() if "error[" in line]


# ------------------------------------------------------------------ 1. icon aliases


def test_an_icon_alias_draws_its_icon_and_is_suggested(tiny: Path, run_cli) -> None:  # noqa: ANN001
    edit(tiny, "data/tiny/game.yaml", "kinds:", "icons:\n  daylight: sun\n  dusk: nowhere\nkinds:")
    edit(tiny, "data/tiny/1/cards.yaml", "Draw **one** card.", "Draw **one** card [daylight].")
    assert run_cli("--project", str(tiny), "check").code == 0
    edit(tiny, "data/tiny/1/cards.yaml", "[daylight]", "[daylite]")
    checked = run_cli("--project", str(tiny), "check")
    assert checked.code == 2
    assert errors(checked.err) == ["data/tiny/1/cards.yaml:1:3: error[unknown-icon] sun-card.body: no "
                                   "icon '[daylite]' in \"Draw **one** card [daylite].\""]
    assert "hint: did you mean 'daylight'?" in checked.err
    edit(tiny, "data/tiny/1/cards.yaml", "[daylite]", "[dusk]")
    checked = run_cli("--project", str(tiny), "check")
    assert "hint: 'dusk' is an alias (data/tiny/game.yaml:10:9) for 'nowhere', which has no " \
        "icon file" in checked.err, checked.err


# ------------------------------------------------------------------ 2. table columns


@pytest.mark.parametrize(("column", "hint"), [
    ("demands.0.crp", "demands.0.crop"), ("crop", "demands.0.crop"),
    ("demands.1.crp", "demands.1.crop"), ("demand.0.count", "demands.0.count"),
    ("sute", "suit")])
def test_an_unknown_column_suggests_dotted_field_names(tiny: Path, run_cli,  # noqa: ANN001
                                                      column: str, hint: str) -> None:
    edit(tiny, "data/tiny/game.yaml", "      pips:", "      demands:\n        type: list\n"
         "        of: { type: object, fields: { crop: { type: str }, count: { type: int } } }\n"
         "      pips:")
    (tiny / "data/tiny/1/more.csv").write_text(
        f"id,kind,name,suit,{column}\nstar-card,card,Star,sun,wheat\n"
        "comet-card,card,Comet,moon,rye\n")
    checked = run_cli("--project", str(tiny), "check")
    assert checked.code == 2
    assert errors(checked.err) == [f"data/tiny/1/more.csv:1:5: error[unknown-field] {column}: "
                                   f"unknown column '{column}'"], checked.err
    assert f"hint: did you mean '{hint}'?" in checked.err
    if hint.endswith("crop"):  # the column it suggests is taken
        edit(tiny, "data/tiny/1/more.csv", column, hint)
        assert "error[" not in run_cli("--project", str(tiny), "check").err


# ------------------------------------------------------------------ 3. one alignment vocabulary


def _mark(project: Path, mark: str) -> None:
    edit(project, "layouts/tiny/card.yaml", "safe: 4\n", f"safe: 4\nedition_mark: {mark}\n")


def test_the_edition_mark_aligns_as_text_does(tiny: Path, run_cli) -> None:  # noqa: ANN001
    from cardgen.layout.model import EditionMark

    assert EditionMark.model_validate({"align": "center"}).align == "center"
    _mark(tiny, "{ align: center, x: 30 }")
    built = run_cli("--project", str(tiny), "build", "--no-preview", "--outputs", "svg")
    assert built.code == 0, built.text
    assert "deprecated" not in built.text


def test_an_old_alignment_word_works_with_a_located_deprecation(tiny: Path,
                                                                run_cli) -> None:  # noqa: ANN001
    _mark(tiny, "{ align: middle, x: 30 }")
    built = run_cli("--project", str(tiny), "build", "--no-preview", "--outputs", "svg")
    assert built.code == 0, built.text
    assert ("layouts/tiny/card.yaml:4:24: warning[deprecated] edition_mark.align: 'middle' is "
            "the old word for 'center'") in built.out
    assert "hint: write align: center" in built.out
    assert built.out.count("warning[deprecated]") == 1


@pytest.mark.parametrize(("mark", "said"), [
    ("{ align: centre }", "layouts/tiny/card.yaml:4:24: error[bad-value] edition_mark.align: "
                          "'centre' is not one of left, center, right"),
    ("{ align: [a] }", "layouts/tiny/card.yaml:4:24: error[bad-value] edition_mark.align: [a] "
                       "is not one of left, center, right"),
    ("true", "layouts/tiny/card.yaml:4:15: error[bad-type] edition_mark: expected a mapping "
             "(key: value), got true"),
])
def test_a_wrong_enum_value_is_one_clean_error(tiny: Path, run_cli,  # noqa: ANN001
                                               mark: str, said: str) -> None:
    _mark(tiny, mark)
    checked = run_cli("--project", str(tiny), "check")
    assert checked.code == 2
    assert errors(checked.err) == [said]
    assert "{'" not in checked.err and "is not one of \n" not in checked.err + "\n"


def test_a_wrong_word_in_a_data_union_is_one_clean_error(tiny: Path, run_cli) -> None:  # noqa: ANN001
    edit(tiny, "data/tiny/game.yaml", "icon: moon }", "icon: moon, quote: [nme] }")
    edit(tiny, "data/tiny/game.yaml", "icon: sun }", "icon: sun, quote: nme }")
    checked = run_cli("--project", str(tiny), "check")
    assert errors(checked.err) == [
        "data/tiny/game.yaml:6:65: error[bad-value] vocab.suit[0].quote: 'nme' is not allowed here",
        "data/tiny/game.yaml:7:69: error[bad-value] vocab.suit[1].quote[0]: 'nme' is not allowed "
        "here"]
    assert checked.err.count("hint: did you mean 'name'?") == 2


# ------------------------------------------------------------------ 4. no lint on cardgen's own marks


def _warnings(text: str) -> list[str]:
    return sorted(line for line in text.splitlines() if "warning[" in line)


def test_the_draft_mark_trips_no_lint(tiny: Path, run_cli) -> None:  # noqa: ANN001
    edit(tiny, "data/tiny/game.yaml", "count('card') == 2", "count('card') == 3")  # fails: draft
    edit(tiny, "data/tiny/1/cards.yaml", "  pips: 3\n", "  pips: 3\n  art: art/none.png\n")
    draft = run_cli("--project", str(tiny), "build", "--draft", "--no-preview", "--outputs", "svg")
    assert draft.code == 0, draft.text
    edit(tiny, "data/tiny/game.yaml", "count('card') == 3", "count('card') == 2")
    edit(tiny, "data/tiny/1/cards.yaml", "  art: art/none.png\n", "")
    built = run_cli("--project", str(tiny), "build", "--no-preview", "--outputs", "svg")
    assert built.code == 0, built.text
    assert _warnings(draft.out) == _warnings(built.out)


def test_every_lint_names_a_file_and_line(tiny: Path, run_cli) -> None:  # noqa: ANN001
    (tiny / "layouts/tiny/token.yaml").unlink()  # the token's face: cardgen's automatic layout
    edit(tiny, "data/tiny/1/cards.yaml", "diameter_mm: 20", "diameter_mm: 10")
    built = run_cli("--project", str(tiny), "build", "--no-preview", "--outputs", "svg")
    assert built.code == 0, built.text
    lints = _warnings(built.out)
    assert "data/tiny/1/cards.yaml:15:3: warning[outside-safe] coin layout: text runs outside " \
        "the safe area (4.5 mm inside the trim)" in lints, built.out
    assert all(line.startswith(("layouts/", "data/")) for line in lints), lints


# ------------------------------------------------------------------ 5. said badly, said well


@pytest.mark.parametrize("box", ["garbage", "0 0 24", "nan 0 24 24", "0 0 -5 24"])
def test_a_broken_viewbox_is_the_icon_files_fault_said_once(tiny: Path, run_cli,  # noqa: ANN001
                                                            box: str) -> None:
    edit(tiny, "layouts/tiny/icons/sun.svg", 'viewBox="0 0 24 24"', f'viewBox="{box}"')
    edit(tiny, "data/tiny/1/cards.yaml", "Draw **one** card.", "Draw [sun].")  # inline too
    checked = run_cli("--project", str(tiny), "check")
    assert checked.code == 2
    assert errors(checked.err) == [
        f"layouts/tiny/icons/sun.svg:1:41: error[bad-icon] icon file layouts/tiny/icons/sun.svg: "
        f"viewBox=\"{box}\" is not four numbers (min-x, min-y, width, height) with a positive "
        "width and height"]
    assert "NoneType" not in checked.err and "TypeError" not in checked.err


def test_a_yaml_merge_loads_with_its_own_keys_winning(tiny: Path, run_cli) -> None:  # noqa: ANN001
    (tiny / "data/tiny/1/cards.yaml").write_text(
        "- &sun\n  id: sun-card\n  kind: card\n  name: Sunrise\n  suit: sun\n  value: 3\n"
        "- <<: *sun\n  id: moon-card\n  name: Moonset\n  suit: moon\n"
        "- { id: coin, kind: token, name: Coin, diameter_mm: 20 }\n")
    checked = run_cli("--project", str(tiny), "check")
    assert checked.code == 0, checked.text
    from cardgen.data.load import load_database

    moon = load_database(tiny, "tiny").by_id()["moon-card"]
    assert (moon.name, moon.value("suit"), moon.value("value")) == ("Moonset", "moon", 3)
    edit(tiny, "data/tiny/1/cards.yaml", "  suit: moon\n", "  suit: moon\n  value: 12\n")
    checked = run_cli("--project", str(tiny), "check")  # its own value, at its own line
    assert errors(checked.err)[0].startswith("data/tiny/1/cards.yaml:11:10: error[bad-type]")
    edit(tiny, "data/tiny/1/cards.yaml", "  value: 12\n", "  value: 4\n  name: Twice\n")
    checked = run_cli("--project", str(tiny), "check")  # a key written twice is still refused
    assert errors(checked.err) == ["data/tiny/1/cards.yaml:12:3: error[duplicate-key] [1].name: "
                                   "key 'name' appears twice in one mapping"], checked.err


@pytest.mark.parametrize(("text", "said"), [
    ("a: &a {x: 1, y: 2}\nb:\n  <<: [*a, {x: 3, z: 4}]\n  y: 5\n", None),
    ("a: 1\nb:\n  <<: 3\n", "m.yaml:3:7: error[yaml-syntax] b: a merge key (<<) takes a mapping"),
    ("b: &b\n  <<: *b\n", "m.yaml:2:3: error[yaml-syntax] b: a merge key (<<) merges a mapping "
                          "into itself"),
])
def test_yaml_merge_keys_per_yaml_1_1(tmp_path: Path, text: str, said: str | None) -> None:
    from cardgen.data.yamlsrc import read_source
    from cardgen.errors import ProblemsError

    (tmp_path / "m.yaml").write_text(text)
    if said is None:
        source = read_source(tmp_path / "m.yaml", "m.yaml")
        assert source.data["b"] == {"x": 1, "y": 5, "z": 4}
        assert str(source.key_marks[("b", "x")]) == "m.yaml:1:8"
        assert str(source.key_marks[("b", "y")]) == "m.yaml:4:3"
        return
    with pytest.raises(ProblemsError) as caught:
        read_source(tmp_path / "m.yaml", "m.yaml")
    assert caught.value.problems[0].render().startswith(said)


@pytest.mark.parametrize("style", ["flow", "block"])
def test_a_repeat_over_90000_items_with_one_cause_is_one_line(tiny: Path, run_cli,  # noqa: ANN001
                                                              style: str) -> None:
    edit(tiny, "data/tiny/game.yaml", "      pips:", "      marks: { type: list, of: { type: int } }"
         "\n      pips:")
    edit(tiny, "layouts/tiny/card.yaml", "elements:\n", "elements:\n  - type: repeat\n"
         "    over: \"{marks}\"\n    elements:\n      - { type: text, text: \"{item}\", x: 1, y: 1, "
         "w: 5, h: 5, size: 6 }\n")
    items = ("[" + ", ".join(["x"] * 90_000) + "]" if style == "flow"
             else "\n" + "".join("    - x\n" for _ in range(90_000)).rstrip("\n"))
    edit(tiny, "data/tiny/1/cards.yaml", "  pips: 3\n", f"  pips: 3\n  marks: {items}\n")
    checked = run_cli("--project", str(tiny), "check")
    assert checked.code == 2
    assert checked.err.count("\n") < 10, checked.err[:2000]
    assert errors(checked.err) == [
        f"data/tiny/1/cards.yaml:{7 if style == 'flow' else 8}:{11 if style == 'flow' else 7}: "
        "error[bad-type] cards[0].marks[0]: expected a whole number, got text 'x' "
        "(and 89999 more like it here)"]


# ------------------------------------------------------------------ 6. --project given


def test_an_explicit_project_without_cardgen_yaml_is_not_searched_above(
        tmp_path: Path, run_cli, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    (tmp_path / "empty").mkdir()
    result = run_cli("--project", str(tmp_path / "empty"), "check")
    assert result.code == 2
    assert errors(result.err) == [f"error[no-project] no cardgen.yaml in {tmp_path / 'empty'}"]
    monkeypatch.chdir(tmp_path / "empty")  # looked for upward: said so
    result = run_cli("check")
    assert result.code == 2
    assert "no cardgen.yaml in" in result.err and "or any folder above it" in result.err
