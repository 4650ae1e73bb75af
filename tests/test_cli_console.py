"""The command line's console: plain lines to a file or pipe are written without rich, as the
very text rich writes there; the rest (tables, styled text, markup) still goes through rich."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.table import Table

from cardgen.cli.console import DIGIT_EMOJI, WIDTH, LazyConsole, plain_as_rich

LINES = [
    "built bench@1: 2 files, 134 home-print pages, 1200 faces in 0.7 s -> /tmp/o/bench-1",
    "layouts/bench/card.yaml:9:5: warning[near-cut] card-00001 elements[0]: a frame 2.9 mm inside "
    "the cut (and 599 more faces)\n  hint: move it 3 mm or more inside the trim, or run it into "
    "the bleed",
    "data/x/game.yaml:120:3: error[bad-value] kinds.card: café, naïve, Grüße, 東京, ‘quotes’",
    "x" * (WIDTH - 1), "x" * WIDTH, "x" * (WIDTH + 1), "word " * 40 + "end",
    "é" * (WIDTH // 2), "é" * (WIDTH // 2 + 1), "東" * (WIDTH // 2 + 1),
    "trailing space ", "tab\there", "bell\a", "carriage\rreturn", "form\ffeed",
    "soft\u00adhyphen", "no\u00a0break", "two\n\nblank lines\n", "", "\n",
    "emoji :smile: and :-1: and :+1:", "score :100: here", "pin :1234:", "line :09: col :99:",
    "cards.yaml:4021:7: error", "at :0100: and :12345: and :101:",
    "a :9: b :12: c :thumbs_up-text:",
    "[bold]not markup[/bold] here", "50% done: 3/4 (ok)",
]


def _printed(capsys: pytest.CaptureFixture[str], stderr: bool, print_: Callable[..., None],
             text: str, options: dict[str, Any]) -> str:
    capsys.readouterr()
    print_(text, **options)
    captured = capsys.readouterr()
    return captured.err if stderr else captured.out


def test_a_plain_line_prints_as_rich_prints_it(capsys: pytest.CaptureFixture[str]) -> None:
    """Each line, to stdout and stderr, soft-wrapped or not, styled or not: the same text."""
    for text in LINES:
        for stderr in (False, True):
            console = LazyConsole(stderr=stderr)
            assert not console.is_terminal  # pytest's captured streams are no terminal
            for soft_wrap in (None, True):
                for style in (None, "bold red"):
                    options: dict[str, Any] = {"markup": False, "soft_wrap": soft_wrap, "style": style}
                    plain = _printed(capsys, stderr, console.print, text, options)
                    rich = _printed(capsys, stderr, console.rich.print, text, options)
                    assert plain == rich, (text, stderr, soft_wrap, style)


@given(text=st.text(st.sampled_from("ab :9-+_\n\t\u00e9\u6771[]/\\x"), max_size=300),
       soft_wrap=st.sampled_from([None, True]))
def test_any_line_prints_as_rich_prints_it(text: str, soft_wrap: bool | None) -> None:
    import sys

    plain, rich = io.StringIO(), io.StringIO()
    real = sys.stdout
    try:
        sys.stdout = plain
        console = LazyConsole(stderr=False)
        console.print(text, markup=False, soft_wrap=soft_wrap)
        sys.stdout = rich
        console.rich.print(text, markup=False, soft_wrap=soft_wrap)
    finally:
        sys.stdout = real
    assert plain.getvalue() == rich.getvalue()


def test_only_what_rich_would_change_goes_to_rich() -> None:
    assert plain_as_rich(LINES[1], soft_wrap=True)
    assert plain_as_rich("x" * WIDTH, soft_wrap=False)
    assert not plain_as_rich("x" * (WIDTH + 1), soft_wrap=False)  # rich wraps it
    assert plain_as_rich("x" * (WIDTH + 1), soft_wrap=True)
    assert not plain_as_rich("an emoji :smile:", soft_wrap=True)
    assert not plain_as_rich("tab\there", soft_wrap=True)
    assert not plain_as_rich("trailing ", soft_wrap=True)


def test_the_emoji_named_by_digits_are_the_ones_the_console_knows() -> None:
    """`file:120:5:` is written without asking rich's emoji table: of names made of digits,
    only DIGIT_EMOJI name an emoji (rich's own table, checked here so that a new rich cannot
    make it wrong)."""
    from rich._emoji_codes import EMOJI

    assert {name for name in EMOJI if name.isascii() and name.isdigit()} == DIGIT_EMOJI


def test_a_plain_build_prints_without_loading_rich(capsys: pytest.CaptureFixture[str]) -> None:
    console = LazyConsole(stderr=False)
    console.print("built x@1: 2 files", markup=False)
    assert console._rich is None
    assert capsys.readouterr().out == "built x@1: 2 files\n"


def test_tables_and_markup_go_through_rich(capsys: pytest.CaptureFixture[str]) -> None:
    console = LazyConsole(stderr=False)
    table = Table(title="Box list", title_justify="left")
    table.add_column("kind")
    table.add_row("Card")
    console.print(table)
    console.print("[bold red]not building[/]")
    out = capsys.readouterr().out
    assert "┃ kind ┃" in out and "│ Card │" in out
    assert out.endswith("\nnot building\n")


class _ClosedPipe(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError


def test_a_closed_pipe_is_said_once_then_output_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdout", _ClosedPipe())
    console = LazyConsole(stderr=False)
    with pytest.raises(BrokenPipeError):
        console.print("a line", markup=False)
    console.print("another", markup=False)  # quiet now: no second error
    assert console.quiet
