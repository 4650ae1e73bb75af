"""Text fitting: bold runs, wrapping, shrinking to the minimum size, overflow by how much."""

from __future__ import annotations

import pytest

from cardgen.layout import fonts, text


def test_bold_runs_are_split() -> None:
    runs = text.parse_runs("Place **The Internet** face-up")
    assert [(r.text, r.face) for r in runs] == [
        ("Place ", "regular"), ("The Internet", "bold"), (" face-up", "regular")]


def test_wrap_keeps_every_line_inside_the_width() -> None:
    runs = text.parse_runs("one two three four five six seven eight nine ten " * 3)
    lines, over = text.wrap(runs, 30.0, 9.0)
    assert over <= 0 and len(lines) > 3
    assert all(line.width <= 30.0 + 1e-6 for line in lines)
    words = " ".join("".join(r.text for r in line.runs) for line in lines).split()
    assert words == ("one two three four five six seven eight nine ten " * 3).split()


def test_newlines_force_breaks() -> None:
    lines, _ = text.wrap(text.parse_runs("a\nb"), 50.0, 8.0)
    assert ["".join(r.text for r in line.runs) for line in lines] == ["a", "b"]


def test_fit_keeps_the_preferred_size_when_it_fits() -> None:
    fitted = text.fit("Short", 40, 10, size=9, min_size=6)
    assert fitted.size == 9


def test_fit_shrinks_until_it_fits() -> None:
    body = "Exchange one data on your tech for a red data of the same number. " * 2
    fitted = text.fit(body, 40, 14, size=10, min_size=5)
    assert 5 <= fitted.size < 10
    assert fitted.height <= 14 + 0.01
    with pytest.raises(text.TextOverflow):  # a quarter point larger does not fit
        text.fit(body, 40, 14, size=fitted.size + text.SIZE_STEP, min_size=fitted.size + 0.25)


def test_overflow_says_by_how_much() -> None:
    with pytest.raises(text.TextOverflow) as info:
        text.fit("word " * 200, 30, 10, size=8, min_size=7)
    exc = info.value
    assert exc.over_h > 0 and exc.needed_h == pytest.approx(exc.box_h + exc.over_h)
    assert "mm too tall" in exc.describe() and "%" in exc.describe()


def test_an_unbreakable_word_overflows_the_width() -> None:
    with pytest.raises(text.TextOverflow) as info:
        text.fit("Supercalifragilisticexpialidocious", 10, 30, size=8, min_size=6)
    assert info.value.over_w > 0


def test_place_aligns_runs_and_keeps_bold() -> None:
    fitted = text.fit("**Tārā** wins", 50, 10, size=10)
    items = text.place(fitted, 5, 5, 50, 10, align="center")
    assert [(t.text, t.font) for t in items] == [("Tārā ", "bold"), ("wins", "regular")]
    width = sum(fonts.text_width_mm(t.text, t.font, t.size) for t in items)
    assert items[0].x == pytest.approx(5 + (50 - width) / 2)
    assert items[1].x == pytest.approx(items[0].x + fonts.text_width_mm("Tārā ", "bold", 10))
