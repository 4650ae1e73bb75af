"""The fast paths of text fitting and placing give what the general ones give: a left-to-right
text shaped in one pass (shaping._shape_ltr) as run by run (shaping._shape_runs); a plain
text's lines kept as text, width and end (text._plain_fitted) placed as their Lines are; a
text that is one whole binding read as Scope.text reads it (elements.text.bound)."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.data.load import load_database, parse_target
from cardgen.layout import fonts, shaping, text
from cardgen.layout.elements.text import bound
from cardgen.layout.scope import Scope

REPO = Path(__file__).resolve().parents[1]
_TEXTS = ["fi", "ffl", "office", "AV", "To", "Tofu", "WAVE", "Ýes", "café", "naïve", "Ærø",
          "1234567890", "3.14", "(x)", "\"quoted\"", "well-known", "soft\u00adhyphen", "e\u0301",
          "—", "…", "a b", "  ", "Überraschung", "ǅ", "ﬁ", "Ω≈ç√", "x\u200dy", "A\tB", "€5"]


@pytest.mark.parametrize("face", ["regular", "bold"])
@pytest.mark.parametrize("shown", _TEXTS)
def test_a_left_to_right_text_is_shaped_as_run_by_run(face: str, shown: str) -> None:
    path = str(fonts.font_path(face))
    fast = shaping._shape_ltr(shown, path, shaping.FEATURES)
    slow = shaping._shape_runs(shown, path, shaping.FEATURES)
    assert fast == slow and repr(fast) == repr(slow) and hash(fast) == hash(slow)
    assert all(type(v) is int for v in (*fast.gids, *fast.xs, *fast.ys, *fast.clusters))
    plain = shaping._shape_ltr(shown, path, (("kern", False), ("liga", False)))
    assert plain == shaping._shape_runs(shown, path, (("kern", False), ("liga", False)))


@settings(max_examples=300, deadline=None)
@given(shown=st.text(st.characters(max_codepoint=0x2FFF, blacklist_categories=("Cs",)),
                     min_size=1, max_size=12), face=st.sampled_from(["regular", "bold"]))
def test_any_text_shapes_as_run_by_run(shown: str, face: str) -> None:
    path = str(fonts.font_path(face))
    if not shaping.has_rtl(shown):
        assert shaping._shape_ltr(shown, path, shaping.FEATURES) == shaping._shape_runs(
            shown, path, shaping.FEATURES)


_WORDS = st.lists(st.sampled_from(
    ["a", "to", "the", "card", "resource", "well-known", "adjacent", "hyphenation", "x" * 30,
     "office", "AVATAR", "To", "Überraschung", "שלום", "1234", "—"]), min_size=1, max_size=40)


@settings(max_examples=200, deadline=None)
@given(words=_WORDS, width=st.floats(5, 70), height=st.floats(5, 60),
       size=st.sampled_from([6.0, 8.0, 11.0]), face=st.sampled_from(["regular", "bold"]),
       align=st.sampled_from(["left", "center", "right", "justify"]),
       valign=st.sampled_from(["top", "middle", "bottom"]), language=st.sampled_from([None, "en"]))
def test_a_plain_text_is_placed_as_its_lines_are(
        words: list[str], width: float, height: float, size: float, face: str, align: str,
        valign: str, language: str | None) -> None:
    text._fit_cached.cache_clear()
    try:
        fitted = text.fit(" ".join(words), width, height, size=size, min_size=4.0, face=face,
                          language=language)
    except text.TextOverflow:
        return
    assert "plain" in fitted.__dict__ and "lines" not in fitted.__dict__
    eager = text.Fitted(fitted.lines, fitted.size, fitted.line_height, fitted.height,
                        fitted.family, fitted.spacing)  # its Lines, made when asked for
    assert eager == fitted and repr(eager) == repr(fitted) and hash(eager) == hash(fitted)
    assert [line.runs[0].face for line in fitted.lines] == [face] * len(fitted.lines)
    fast = text.place(fitted, 1.5, 2.5, width, height, align=align, valign=valign, color="#123456")
    slow = text.place(eager, 1.5, 2.5, width, height, align=align, valign=valign, color="#123456")
    assert repr(fast) == repr(slow)


def test_a_plain_fit_pickles_and_copies_as_its_lines() -> None:
    text._fit_cached.cache_clear()
    fitted = text.fit("Gain two resources, then draw a card from the market", 30.0, 30.0, size=8)
    for back in (pickle.loads(pickle.dumps(fitted)), copy.copy(fitted), copy.deepcopy(fitted)):
        assert back == fitted and repr(back) == repr(fitted)
        assert repr(text.place(back, 0, 0, 30, 30)) == repr(text.place(fitted, 0, 0, 30, 30))
    with pytest.raises(AttributeError):
        fitted.no_such_field  # noqa: B018 - only `lines` is made when asked for


def test_a_whole_binding_reads_as_the_scope_reads_it() -> None:
    game, edition = parse_target("l5@0.6.5", REPO)
    db = load_database(REPO, game, edition)
    written = ["{name}", " {name} ", "{name} and {name}", "no binding", "{missing}", "{id}",
               "{name | default('none')}", "{missing | default('none')}", "{{name}}", "", "{"]
    for component in db.components[:40]:
        for template in written:
            scope = Scope(db, component)
            assert bound(scope, template) == Scope(db, component).text(template), template
    assert bound(Scope(db, db.components[0]), 7) == 7
