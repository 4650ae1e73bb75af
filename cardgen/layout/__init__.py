"""Stage 3, lay out: a component and its kind's layout template -> the Drawing of each face.

The stage's front door: `lay_out`, `face_info`, `template_for`. Everything below works in mm
with y down; all text wrapping and fitting happens here, so the renderers cannot disagree.
"""

from cardgen.layout import icons, templates
from cardgen.layout.elements import lay_out
from cardgen.layout.templates import SHEETS, FaceInfo, face_info, load_template, template_for

__all__ = ["SHEETS", "FaceInfo", "face_info", "forget_files", "lay_out", "load_template",
           "template_for"]


def forget_files() -> None:
    """Drop what was read from layout and icon files, so a long-running `cardgen watch` sees edits."""
    templates.forget_templates()
    icons.forget_icons()
