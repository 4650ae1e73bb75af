"""A TrueType font made from reportlab's parse kept in the project's cache (render/pdffonts.py,
pipeline/pdfops.prepare_fonts) is the font parsing gives: same attributes, same PDF bytes; a
parse is used only for the same file bytes, and a process that finds one parses nothing."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from cardgen.layout import fonts
from cardgen.render import pdffonts
from tests.conftest import REPO


@pytest.fixture
def fresh_fonts(monkeypatch: pytest.MonkeyPatch) -> None:
    """pdffonts as a new process finds it: nothing kept, nothing parsed."""
    monkeypatch.setattr(pdffonts, "_KEPT", {})
    monkeypatch.setattr(pdffonts, "_PARSED", {})
    monkeypatch.setattr(pdffonts, "_USED", {})


def _text_pdf(font: TTFont) -> bytes:
    from cardgen.render.pdf import new_canvas

    pdfmetrics.registerFont(font)
    canvas = new_canvas("fonts.pdf", title="fonts")
    canvas.setFont(font.fontName, 12)
    canvas.drawString(10, 10, "Kept parse: ÄÖÜ ß – “quotes” ✓ 0123")
    canvas.showPage()
    data: bytes = canvas.getpdfdata()
    return data


@pytest.mark.parametrize("face", ["regular", "bold"])
def test_a_font_from_a_kept_parse_is_the_parsed_font(face: str, fresh_fonts: None) -> None:
    path = fonts.font_path(face)
    parsed = pdffonts.tt_font("CgKeptTest", path)
    (key, kept), = pdffonts.parsed().items()
    assert key == pdffonts.font_key(path.read_bytes())
    pdffonts._PARSED.clear()
    pdffonts.keep({key: kept})
    again = pdffonts.tt_font("CgKeptTest", path)
    assert pdffonts.parsed() == {}  # made from the kept parse, nothing parsed
    assert type(again) is type(parsed) and type(again.face) is type(parsed.face)
    assert vars(again).keys() == vars(parsed).keys()
    assert again.fontName == parsed.fontName and again.shapable == parsed.shapable
    assert again._asciiReadable == parsed._asciiReadable
    mine, theirs = vars(again.face), vars(parsed.face)
    assert mine.keys() == theirs.keys()
    for name in mine:
        if name != "_pdfScale":
            assert mine[name] == theirs[name], name
    assert [mine["_pdfScale"](x) for x in (1, 7, 2048)] == [theirs["_pdfScale"](x)
                                                           for x in (1, 7, 2048)]
    assert _text_pdf(again) == _text_pdf(parsed)  # the same subset, widths and names embedded


def test_a_parse_is_used_only_for_the_same_file_bytes(fresh_fonts: None, tmp_path: Path) -> None:
    regular, bold = fonts.font_path("regular"), fonts.font_path("bold")
    pdffonts.tt_font("CgKeptTestBold", bold)
    (bold_key, bold_parse), = pdffonts.parsed().items()
    pdffonts._PARSED.clear()
    pdffonts.keep({pdffonts.font_key(regular.read_bytes()) + "x": bold_parse})  # another key
    font = pdffonts.tt_font("CgKeptTestRegular", regular)
    assert pdffonts.parsed()  # the regular file was parsed, not taken from the bold parse
    assert font.face.name == TTFont("CgKeptTestRegular", str(regular)).face.name
    copy = tmp_path / "renamed.ttf"  # the same bytes elsewhere: the same parse serves
    copy.write_bytes(bold.read_bytes())
    pdffonts.keep({bold_key: bold_parse})
    pdffonts._PARSED.clear()
    moved = pdffonts.tt_font("CgKeptTestMoved", copy)
    assert pdffonts.parsed() == {} and moved.face.filename == str(copy)


def test_a_broken_parse_is_parsed_again(fresh_fonts: None) -> None:
    path = fonts.font_path("regular")
    pdffonts.keep({pdffonts.font_key(path.read_bytes()): pickle.dumps({"unitsPerEm": "x"})[:-3]})
    font = pdffonts.tt_font("CgKeptTestBroken", path)
    assert pdffonts.parsed() and font.face.unitsPerEm == 2048


_PREPARE = """
import sys
from pathlib import Path
from cardgen.pipeline import pdfops
from cardgen.render import pdffonts
pdfops.prepare_fonts(Path(sys.argv[1]))
print(len(pdffonts.parsed()), len(pdffonts.used()))
"""


def test_the_second_process_takes_the_parses_the_first_kept(tmp_path: Path) -> None:
    cache = tmp_path / ".cardgen-cache"
    env = {**os.environ, "PYTHONPATH": str(REPO)}

    def run() -> str:
        done = subprocess.run([sys.executable, "-c", _PREPARE, str(cache)], env=env, cwd=REPO,
                              capture_output=True, text=True, check=True)
        return done.stdout.split("\n")[-2]

    bundled = str(len(fonts.FACE_FILES))
    assert run() == f"{bundled} {bundled}"  # parsed, and kept in the project's cache
    assert (cache / "pdf-fonts.pickle").is_file()
    stamp = (cache / "pdf-fonts.pickle").stat().st_mtime_ns
    assert run() == f"0 {bundled}"  # nothing parsed; the file is not written again
    assert (cache / "pdf-fonts.pickle").stat().st_mtime_ns == stamp
    (cache / "pdf-fonts.pickle").write_bytes(b"not signed by this user")
    assert run() == f"{bundled} {bundled}"  # an untrusted file is never unpickled
