"""Nothing -> a stand-in `cardgen.layout` for the bench deck, used only while the real one is missing.

It lays out exactly what bench/floor.py draws (frame, title, number, ~30 words fitted with
cardgen.text, two icons; a back), so the rest of the build can be measured. run.py says in
its table header which layout was used.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import types

from cardgen.errors import Problem, ProblemsError
from cardgen.layout import FaceInfo, LayoutSession  # the real one's; this module replaces its functions
from cardgen.layout import text as textfit
from cardgen.layout.drawing import Drawing, Ellipse, Path, Rect, Style, Text

_REAL_PATH = list(sys.modules["cardgen.layout"].__path__)  # the real package's folder

W, H, BLEED = 63.0, 88.0, 3.0


def face_info(session, kind: str) -> FaceInfo:  # noqa: ANN001
    return FaceInfo(W, H, BLEED, "cards", True)


def lay_out(session, component, side: str) -> Drawing:  # noqa: ANN001
    db = session.db
    d = Drawing(f"{component.id}-{side}", W, H, BLEED)
    if side == "back":
        d.add(Rect(-BLEED, -BLEED, W + 2 * BLEED, H + 2 * BLEED, Style(fill="#2B2D42")))
        d.add(Rect(5, 5, W - 10, H - 10, Style(stroke="#EDF2F4"), radius=3))
        d.add(Text(W / 2, H / 2, "BENCH", "bold", 14, "#EDF2F4", anchor="middle"))
        return d
    term = db.game.term("colour", component.fields["colour"])
    d.add(Rect(-BLEED, -BLEED, W + 2 * BLEED, H + 2 * BLEED, Style(fill=term.color)))
    d.add(Rect(3, 3, W - 6, H - 6, Style(fill="#FFFFFF", stroke="#222222"), radius=2))
    d.add(Text(6, 11, component.name, "bold", 11, "#222222"))
    d.add(Text(W - 6, 11, str(component.fields["number"]), "bold", 11, "#222222", anchor="end"))
    d.add(Ellipse(12, 22, 4, 4, Style(stroke="#222222")))
    d.add(Path((("M", W - 16, 26), ("L", W - 8, 26), ("L", W - 12, 18), ("Z",)),
               Style(fill="#222222", stroke="#222222")))
    try:
        fitted = textfit.fit(component.fields["text"], W - 12, 45, size=8, min_size=6)
    except textfit.TextOverflow:
        raise ProblemsError([Problem("text-overflow", "text does not fit its box at 6 pt",
                                     where=component.where, path=f"{component.id}.text",
                                     hint="shorten the text")]) from None
    for item in textfit.place(fitted, 6, 33, W - 12, 45, color="#222222"):
        d.add(item)
    return d


def install(force: bool = False) -> bool:
    """Provide cardgen.layout if the real one is missing (or always: force, or BENCH_STANDIN=1).

    True when the stand-in is used.
    """
    force = force or os.environ.get("BENCH_STANDIN") == "1"
    if not force and importlib.util.find_spec("cardgen.layout") is not None:
        return False
    sys.modules["cardgen.layout"] = as_module()
    return True


def as_module() -> types.ModuleType:
    """This stand-in as a module object named cardgen.layout."""
    module = types.ModuleType("cardgen.layout")
    module.__path__ = _REAL_PATH  # the real submodules (drawing, back_lints, ...) stay importable
    module.face_info = face_info  # type: ignore[attr-defined]
    module.lay_out = lay_out  # type: ignore[attr-defined]
    module.LayoutSession = LayoutSession  # type: ignore[attr-defined]
    return module
