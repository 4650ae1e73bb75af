"""Stage 3, lay out: a component and its kind's layout template -> the Drawing of each face.

The stage's front door: `lay_out`, `face_info`, `template_for`. Everything below works in mm
with y down; all text wrapping and fitting happens here, so the renderers cannot disagree.
"""

from cardgen.layout.elements import lay_out
from cardgen.layout.templates import SHEETS, FaceInfo, face_info, load_template, template_for

__all__ = ["SHEETS", "FaceInfo", "face_info", "lay_out", "load_template", "template_for"]
