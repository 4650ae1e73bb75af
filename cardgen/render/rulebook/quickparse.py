"""The fragments reportlab's paragraph parser makes of the rules' commonest markup, made without
feeding it through html.parser.

Most of a rulebook's paragraphs are, as cardgen.render.rulebook.markup writes them, text
(`&amp;`, `&lt;` and `&gt;` its only entities; an `&` that begins no entity or character
reference, as in a contents entry's "A & B", html.parser hands on as the text "&"), spans in
another face (`<font face="...">`, not nested) and line breaks (`<br/>`); a contents entry is a
link (`<a href="#...">`) and a draw mark (`<onDraw name=... label=.../>`). reportlab's
`ParaParser` makes of such markup one fragment per run of text, per entity, per line break and
per mark, each a copy of the fragment on top of its stack (the paragraph's, or the span's or
link's) with its font named by `tt2ps` and its text: nothing in a fragment depends on the text
but the text, nothing in a link's but its target and its place among the paragraph's links
(`link`), nothing in a mark's but its name and label (`cbDefn`). So `quick_frags` cuts the
cleaned markup into those pieces and makes each piece's fragment from the fragment reportlab's
parser gives for the same kind of piece in the same place of a one-word paragraph of the same
style (`_template`: made once per style, case sensitivity and place as the parser's
`start_para`, `start_font`, `start_a`, `start_br`, `start_onDraw` and `handle_data` make it,
without running the parser), its own text, target or mark put in. Any other markup (another
tag, attribute or entity, a span or link inside another, a mark inside one, an underlined link,
empty text) is parsed by reportlab (None). Tested fragment for fragment against reportlab's
parse on every paragraph of the seed rulebooks and on generated markup, and each template
against the parser's own fragments.
"""

from __future__ import annotations

import re
from typing import Any

from reportlab.lib.abag import ABag
from reportlab.lib.fonts import ps2tt, tt2ps
from reportlab.platypus import paraparser
from reportlab.platypus.paraparser import ParaFrag

_PIECES = re.compile(r'([^<>&]+)|&(amp;|lt;|gt;|(?![a-zA-Z#]))|<font face="([^"<>&]*)">|(</font>)|(<br/>)'
                     r'|<a href="([^"<>&\s]+)">|(</a>)'
                     r'|<onDraw name="([^"<>&]+)" label="([^"<>&]*)"/>')
_ENTITIES = {"amp;": "&", "lt;": "<", "gt;": ">", "": "&"}  # "": an `&` beginning none
_PROBE_LINK = "#cardgen-probe"
TEMPLATES_MAX = 256  # templates a process keeps (emptied when full)
_TEMPLATES: dict[tuple[int, Any, Any], tuple[Any, dict[str, Any], dict[str, Any]]] = {}
# (id(style), case sensitivity, place: None, ("font", face), ("a",) or ("mark",)) -> the style
# and the attributes the parser gives a text fragment and a line break there (a mark: the mark
# twice), text apart

Place = tuple[str, ...] | None  # None: the paragraph; ("font", face); ("a", target, n)
Piece = tuple[Place, str, Any]  # (where, "text" | "br" | "mark", its text or (name, label))


def quick_frags(text: str, style: Any, case: Any) -> list[Any] | None:
    """reportlab's ParaParser().parse(text, style)'s fragments for cleaned markup of text,
    entities, face spans, links, draw marks and line breaks (None: any other markup)."""
    pieces = _pieces(text) if text else None
    if pieces is None:
        return None
    made = []
    for where, kind, value in pieces:
        template = _template(style, case, _kind(where) if kind != "mark" else ("mark",))
        if template is None:
            return None
        if kind == "mark":
            name, label = value
            made.append(ParaFrag(**{**template[1], "cbDefn": ABag(name=name, label=label,
                                                                   kind="onDraw")}))
            continue
        attrs = template[1] if kind == "text" else template[2]
        if where is not None and where[0] == "a":
            attrs = {**attrs, "link": [(int(where[2]), where[1])]}
        made.append(ParaFrag(**attrs, text=value) if kind == "text" else ParaFrag(**attrs))
    return made


def _kind(where: Place) -> Place:
    """The place a template is made for: a link's without its target and number."""
    return ("a",) if where is not None and where[0] == "a" else where


def _pieces(text: str) -> list[Piece] | None:
    """The markup's pieces in order, each with the span or link it stands in; None when it is
    not text, entities, line breaks, face spans and links (neither inside the other) and draw
    marks (outside both)."""
    pieces: list[Piece] = []
    where: Place = None
    links = 0
    at = 0
    for found in _PIECES.finditer(text):
        if found.start() != at:
            return None
        at = found.end()
        run, entity, face, unface, br, target, unlink, mark, label = found.groups()
        if run is not None or entity is not None:
            pieces.append((where, "text", run if run is not None else _ENTITIES[entity]))
        elif br is not None:
            pieces.append((where, "br", None))
        elif face is not None or target is not None:
            if where is not None:
                return None
            where = ("font", face) if face is not None else ("a", target, str(links))
            links += target is not None
        elif unface is not None or unlink is not None:
            if where is None or where[0] != ("font" if unface is not None else "a"):
                return None
            where = None
        else:
            if where is not None:
                return None
            pieces.append((None, "mark", (mark, label)))
    return pieces if at == len(text) and where is None else None


def _template(style: Any, case: Any, place: Place
              ) -> tuple[Any, dict[str, Any], dict[str, Any]] | None:
    """The attributes of a text fragment and of a line break's in the style at `place` (a
    mark's, twice), as reportlab's parser gives them for `x<br/>` there (for `x` and a mark),
    kept per style; None when they are not what quick_frags may copy (a face reportlab cannot
    map, an underlined link)."""
    key = (id(style), case, place)
    found = _TEMPLATES.get(key)
    if found is not None and found[0] is style:
        return found
    made = _probe(style, case, place)
    if made is None:
        return None
    if len(_TEMPLATES) >= TEMPLATES_MAX:
        _TEMPLATES.clear()
    _TEMPLATES[key] = made
    return made


def _probe(style: Any, case: Any, place: Place
           ) -> tuple[Any, dict[str, Any], dict[str, Any]] | None:
    """The style and the attributes reportlab's ParaParser gives `x` and the line break of
    `x<br/>` at `place` (a mark's, twice, for `x<onDraw name="n" label="l"/>`), made as its
    methods make them: `start_para` (no attributes: the style itself), then `start_font`,
    `start_a` or `start_onDraw` pushing a copy of the paragraph's fragment, `start_br` and
    `handle_data` each a copy of the top one, its font named by `tt2ps`. (Case sensitivity
    only changes how tag and attribute names are compared: these are in lower case.) None
    where the parser would fail or underline the link."""
    top = _paragraph_frag(style)
    if top is None:
        return None
    try:
        if place is not None and place[0] == "font":
            name, bold, italic = ps2tt(place[1])
            top = {**top, "__tag__": "font", "fontName": name, "bold": bold, "italic": italic}
        elif place is not None and place[0] == "a":
            if getattr(style, "linkUnderline", paraparser.platypus_link_underline):
                return None
            top = {**top, "__tag__": "a", "link": [(0, _PROBE_LINK)]}
        elif place is not None:
            mark = ABag(name="n", label="l", kind="onDraw")
            top = {**top, "__tag__": "ondraw", "cbDefn": mark}
        named = tt2ps(top["fontName"], top["bold"], top["italic"])
    except ValueError:  # a face reportlab cannot map: its own parse says so
        return None
    text = {**top, "fontName": named}
    if place is not None and place[0] == "mark":
        text["text"] = ""
        return style, text, text
    return style, text, {**top, "__tag__": "br", "lineBreak": True, "text": "", "fontName": named}


def _paragraph_frag(style: Any) -> dict[str, Any] | None:
    """The attributes of the fragment ParaParser's `_initial_frag` makes for the style (None:
    a style it cannot read)."""
    try:
        name, bold, italic = ps2tt(style.fontName)
        return {"rise": 0, "greek": 0, "link": [], "fontName": name, "bold": bold,
                "italic": italic, "fontSize": style.fontSize, "textColor": style.textColor,
                "us_lines": [], "__tag__": "para"}
    except (AttributeError, ValueError):
        return None
