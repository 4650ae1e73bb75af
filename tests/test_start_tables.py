"""The start-up tables: cardgen/patterns.py's patterns put in re's cache are re.compile's own,
cardgen/texts.py's code objects are compile's own, and both tables are current."""

from __future__ import annotations

import builtins
import collections
import marshal
import re
import subprocess
import sys

import pytest

from cardgen import patterns, patterntable, texts, texttable
from tests.conftest import REPO

SAMPLES = ["", "Deal the top 3 cards", "3x Pawns", "#a0B1c2", "M 1,2 L 3 4 z", "xref\n0 12\n",
           "each player takes two tokens", "<font face=\"x\">a</font>", "ſix İ ı", "\u05d0\u05d1 abc",
           "  - item", "**bold** *it*", "1-5 IDs: the rest", "--players 3", "a\n\n\nb", "12.5e-3"]

this_engine = pytest.mark.skipif(patterns.engine() != patterntable.ENGINE,
                                 reason="the table was written for another Python")


@this_engine
def test_the_table_holds_what_this_python_compiles() -> None:
    wrong = [key for key, entry in patterntable.TABLE.items() if patterns.entry_of(*key) != entry]
    assert not wrong, f"run tools/start_tables.py: {wrong[:3]}"


@this_engine
def test_the_tables_hold_what_cardgens_imports_compile() -> None:
    """Fresh interpreters importing cardgen's modules compile exactly the tables' patterns and
    texts (one added or changed without running the tool fails here)."""
    done = subprocess.run([sys.executable, "tools/start_tables.py", "--check"], cwd=REPO,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert len(patterntable.TABLE) > 50 and len(texttable.TABLE) > 20  # (an empty table passes)


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


texts_engine = pytest.mark.skipif(texts.engine() != texttable.ENGINE,
                                  reason="the table was written for another Python")


@texts_engine
def test_each_text_is_what_this_python_compiles() -> None:
    for key, blob in texttable.TABLE.items():
        made = texts.code_of(*key)
        assert made == builtins.compile(*key, 0, True), key[0][:60]
        assert marshal.loads(blob) == made == marshal.loads(texts.marshalled(*key))


@texts_engine
def test_named_tuples_made_through_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """collections' eval takes a named tuple's text from the table: the class is the one eval's
    compile makes (same constructor code), and a text the table lacks is compiled."""
    monkeypatch.delitem(vars(collections), "eval", raising=False)
    assert texts.install()
    try:
        lambdas = [key for key in texttable.TABLE if key[0].startswith("lambda _cls")]
        compiled: list[object] = []
        real = builtins.compile
        monkeypatch.setattr(builtins, "compile", lambda *a: compiled.append(a[0]) or real(*a))
        fields = lambdas[0][0].split(": ")[0].removeprefix("lambda _cls, ").split(", ")
        made = collections.namedtuple("Made", fields)
        assert compiled == [] and made.__new__.__code__ == real(lambdas[0][0], "<string>", "eval",
                                                                0, True).co_consts[0]
        assert made(*range(len(fields)))[len(fields) - 1] == len(fields) - 1
        other = collections.namedtuple("Other", ["zeta_one", "zeta_two"])
        assert len(compiled) == 1 and other(1, 2).zeta_two == 2
    finally:
        vars(collections).pop("eval", None)
    local_value = 41  # noqa: F841  (read by the text evaluated below)
    assert texts.evaluated("local_value + 1") == 42  # the caller's names, as eval reads them


def test_install_leaves_someone_elses_eval(monkeypatch: pytest.MonkeyPatch) -> None:
    mine = object()
    monkeypatch.setitem(vars(collections), "eval", mine)
    assert not texts.install() and vars(collections)["eval"] is mine
    monkeypatch.delitem(vars(collections), "eval")
    monkeypatch.setattr(texttable, "ENGINE", ("cpython", (2, 7), b"", 0))
    monkeypatch.setattr(texts, "_table", None)
    assert not texts.install() and "eval" not in vars(collections)
    assert texts.code_of(*next(iter(texttable.TABLE))) is None


@texts_engine
def test_shared_codes_come_from_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """cardgen.deferral.codes_shared compiles a dataclass method text the table holds from it."""
    from cardgen import deferral

    key = next(k for k in texttable.TABLE if k[0].startswith("def __create_fn__"))
    compiled: list[object] = []
    real = builtins.compile
    monkeypatch.setattr(builtins, "compile", lambda *a: compiled.append(a[0]) or real(*a))
    namespace: dict[str, object] = {}
    with deferral.codes_shared():
        vars(deferral.dataclasses)["exec"](key[0], namespace)  # dataclasses' exec, shadowed
    assert compiled == [] and callable(namespace["__create_fn__"])
