"""Stage 3, lay out: a component and its kind's layout template -> the Drawing of each face.

The stage's front door: a `LayoutSession` for the Database being laid out, then `lay_out`,
`face_info` and `template_for` with it. Everything below works in mm with y down; all text
wrapping and fitting happens here, so the renderers cannot disagree.
"""

from cardgen.layout import icons, templates
from cardgen.layout.face import lay_out
from cardgen.layout.session import FaceInfo, LayoutSession
from cardgen.layout.templates import SHEETS, face_info, load_template, template_for

__all__ = ["SHEETS", "FaceInfo", "LayoutSession", "face_info", "forget_files", "lay_out",
           "load_template", "template_for"]


def forget_files() -> None:
    """Drop what was read from layout and icon files (a long-running process may; edited files
    are read again anyway, their caches being keyed by version)."""
    templates.forget_templates()
    icons.forget_icons()
