"""Stage 3, lay out: a component and its kind's layout template -> the Drawing of each face.

The stage's front door: a `LayoutSession` for the Database being laid out, then `lay_out`,
`face_info` and `template_for` with it. Everything below works in mm with y down; all text
wrapping and fitting happens here, so the renderers cannot disagree.

The names below are loaded when first used: importing a light submodule (cardgen.layout.drawing,
which the face cache unpickles) does not load the layout language's models.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardgen.layout.face import lay_out
    from cardgen.layout.session import FaceInfo, LayoutSession
    from cardgen.layout.templates import SHEETS, face_info, load_template, template_for

__all__ = ["SHEETS", "FaceInfo", "LayoutSession", "face_info", "forget_files", "lay_out",
           "load_template", "template_for"]

_HOME = {"lay_out": "face", "FaceInfo": "session", "LayoutSession": "session",
         "SHEETS": "templates", "face_info": "templates", "load_template": "templates",
         "template_for": "templates"}


def __getattr__(name: str) -> Any:
    """A name of __all__, from its submodule, loaded on first use."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'cardgen.layout' has no attribute {name!r}")
    value = globals()[name] = getattr(import_module(f"cardgen.layout.{home}"), name)
    return value  # kept here: later uses (twice a face) find it without this call


def forget_files() -> None:
    """Drop what was read from layout and icon files (a long-running process may; edited files
    are read again anyway, their caches being keyed by version)."""
    from cardgen.layout import icons, templates

    templates.forget_templates()
    icons.forget_icons()
