"""cardgen/patterns.py: the patterns put in re's cache from the table are re.compile's own."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from cardgen import patterns, patterntable
from tests.conftest import REPO

SAMPLES = ["", "Deal the top 3 cards", "3x Pawns", "#a0B1c2", "M 1,2 L 3 4 z", "xref\n0 12\n",
           "each player takes two tokens", "<font face=\"x\">a</font>", "ſix İ ı", "\u05d0\u05d1 abc",
           "  - item", "**bold** *it*", "1-5 IDs: the rest", "--players 3", "a\n\n\nb", "12.5e-3"]

this_engine = pytest.mark.skipif(patterns.engine() != patterntable.ENGINE,
                                 reason="the table was written for another Python")


@this_engine
def test_the_table_holds_what_this_python_compiles() -> None:
    wrong = [key for key, entry in patterntable.TABLE.items() if patterns.entry_of(*key) != entry]
    assert not wrong, f"run tools/pattern_table.py: {wrong[:3]}"


@this_engine
def test_the_table_holds_the_patterns_cardgens_imports_compile() -> None:
    """Fresh interpreters importing cardgen's modules compile exactly the table's patterns (a
    pattern added or changed without running the tool fails here)."""
    done = subprocess.run([sys.executable, "tools/pattern_table.py", "--check"], cwd=REPO,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert len(patterntable.TABLE) > 50  # (the tool records: an empty table would pass)


@this_engine
def test_a_pattern_made_from_the_table_is_re_compiles_own() -> None:
    for pattern, flags in patterntable.TABLE:
        made = patterns.made(pattern, patterntable.TABLE[pattern, flags])
        expected = re._compiler.compile(pattern, flags)  # type: ignore[attr-defined]  # uncached
        assert made == expected and made.flags == expected.flags, pattern
        assert (made.groups, made.groupindex) == (expected.groups, expected.groupindex)
        for text in SAMPLES:
            subject = text.encode() if isinstance(pattern, bytes) else text
            found, wanted = made.search(subject), expected.search(subject)
            assert (found and (found.span(), found.groups())) == (
                wanted and (wanted.span(), wanted.groups())), (pattern, text)


@this_engine
def test_primed_patterns_are_what_re_finds(monkeypatch: pytest.MonkeyPatch) -> None:
    """re.compile, re.search, ... find the table's patterns in re's cache: nothing parsed."""
    monkeypatch.setattr(re, "_cache", {})
    assert patterns.prime() == len(patterntable.TABLE)
    parsed: list[object] = []
    real = re._compiler.compile  # type: ignore[attr-defined]
    monkeypatch.setattr(re._compiler, "compile", lambda p, f=0: parsed.append(p) or real(p, f))
    for pattern, flags in patterntable.TABLE:
        assert re.compile(pattern, re.RegexFlag(flags) if flags else 0).pattern == pattern
    assert parsed == []
    assert re.compile("(?P<z>zq+)x").groupindex == {"z": 1}  # any other: compiled as ever
    assert parsed == ["(?P<z>zq+)x"]


def test_priming_leaves_what_re_has_and_its_room(monkeypatch: pytest.MonkeyPatch) -> None:
    key = next(iter(patterntable.TABLE))
    mine = re._compiler.compile(*key)  # type: ignore[attr-defined]
    monkeypatch.setattr(re, "_cache", {(type(key[0]), *key): mine})
    monkeypatch.setattr(re, "_MAXCACHE", 10)
    put = patterns.prime()
    assert re._cache[type(key[0]), *key] is mine  # type: ignore[attr-defined]
    assert len(re._cache) <= 10  # type: ignore[attr-defined]
    assert put == (9 if patterns.engine() == patterntable.ENGINE else 0)


def test_a_table_for_another_engine_is_never_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(re, "_cache", {})
    monkeypatch.setattr(patterntable, "ENGINE", ("cpython", (2, 7), 0, 0, 0, 0, "little"))
    assert patterns.prime() == 0
    assert re._cache == {}  # type: ignore[attr-defined]


def test_recorded_lists_what_re_compiles(monkeypatch: pytest.MonkeyPatch) -> None:
    real = re._compiler.compile  # type: ignore[attr-defined]
    monkeypatch.setattr(re, "_cache", {})
    try:
        found = patterns.recorded()
        re.compile("a+b")
        re.search(rb"c+d", b"ccd", re.I)
        re.compile("a+b")  # found in re's cache: compiled once
    finally:
        re._compiler.compile = real  # type: ignore[attr-defined]
    assert found == [("a+b", 0), (rb"c+d", int(re.I))]
