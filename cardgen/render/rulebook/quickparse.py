"""The fragments reportlab's paragraph parser makes of the rules' commonest markup, made without
feeding it through html.parser.

Most of a rulebook's paragraphs are, as cardgen.render.rulebook.markup writes them, text
(`&amp;`, `&lt;` and `&gt;` its only entities), spans in another face (`<font face="...">`,
not nested) and line breaks (`<br/>`). reportlab's `ParaParser` makes of such markup one
fragment per run of text, per entity and per line break, each a copy of the fragment on top of
its stack (the paragraph's, or the face span's) with its font named by `tt2ps` and its text:
nothing in a fragment depends on the text but the text. So `quick_frags` cuts the cleaned
markup into those pieces and makes each piece's fragment from the fragment reportlab's parser
gives for the same kind of piece in the same place of a one-word paragraph of the same style
(parsed once per style, case sensitivity and face: `_template`), its text put in. Any other
markup (another tag or entity, a nested or unclosed span, a style that writes Greek, empty
text) is parsed by reportlab (None). Tested fragment for fragment against reportlab's parse on
every paragraph of the seed rulebooks and on generated markup of this shape.
"""

from __future__ import annotations

import re
from typing import Any

from reportlab.platypus.paraparser import ParaFrag, ParaParser

_PIECES = re.compile(r'([^<>&]+)|&(amp|lt|gt);|<font face="([^"<>&]*)">|(</font>)|(<br/>)')
_ENTITIES = {"amp": "&", "lt": "<", "gt": ">"}
TEMPLATES_MAX = 256  # (style, case, face) templates a process keeps (emptied when full)
_TEMPLATES: dict[tuple[int, Any, str | None], tuple[Any, dict[str, Any], dict[str, Any]]] = {}
# (id(style), case sensitivity, face) -> the style, a text fragment's and a line break's
# attributes as the parser makes them there (text apart)


def quick_frags(text: str, style: Any, case: Any) -> list[Any] | None:
    """reportlab's ParaParser().parse(text, style)'s fragments for cleaned markup of text,
    entities, face spans and line breaks (None: any other markup)."""
    pieces = _pieces(text) if text else None
    if pieces is None:
        return None
    made = []
    for face, run in pieces:
        template = _template(style, case, face)
        if template is None:
            return None
        made.append(ParaFrag(**template[2]) if run is None else ParaFrag(**template[1], text=run))
    return made


def _pieces(text: str) -> list[tuple[str | None, str | None]] | None:
    """The markup's pieces in order: (the face span it stands in, its text; None: a line
    break); None when it is not text, entities, face spans (not nested) and line breaks."""
    pieces: list[tuple[str | None, str | None]] = []
    face: str | None = None
    at = 0
    for found in _PIECES.finditer(text):
        if found.start() != at:
            return None
        at = found.end()
        run, entity, opened, closed, _ = found.groups()
        if run is not None or entity is not None:
            pieces.append((face, run if run is not None else _ENTITIES[entity]))
        elif opened is not None or closed is not None:
            if (face is None) == (closed is not None):  # a span in a span, or none to close
                return None
            face = opened
        else:
            pieces.append((face, None))
    return pieces if at == len(text) and face is None else None


def _template(style: Any, case: Any, face: str | None
              ) -> tuple[Any, dict[str, Any], dict[str, Any]] | None:
    """The attributes of a text fragment and of a line break's in the style (inside a span
    of `face`), as reportlab's parser gives them for `x<br/>` there; None when they are not
    what quick_frags may copy (a parse error, a Greek style, a fragment of another shape)."""
    key = (id(style), case, face)
    found = _TEMPLATES.get(key)
    if found is not None and found[0] is style:
        return found
    markup = "x<br/>" if face is None else f'<font face="{face}">x<br/></font>'
    parser = ParaParser()
    parser.caseSensitive = case
    try:
        given, frags, bullets = parser.parse(markup, style)
    except Exception:  # reportlab's own parse of the paragraph will say why
        return None
    if given is not style or bullets or not frags or len(frags) != 2:
        return None
    text, br = (dict(f.__dict__) for f in frags)
    if (text.pop("text", None) != "x" or br.get("text") != "" or not br.get("lineBreak")
            or text.get("greek") or "cbDefn" in text or "cbDefn" in br):
        return None
    if len(_TEMPLATES) >= TEMPLATES_MAX:
        _TEMPLATES.clear()
    made = _TEMPLATES[key] = (style, text, br)
    return made
