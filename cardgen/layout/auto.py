"""Kind spec + its components -> an automatic layout template, for kinds no layout file covers.

The face is a plain, readable card: a header band in the colour of the first coloured term
field, the name, the kind, and every field as "**label:** value" lines. Its size grows with
the longest component of the kind (poker card, tarot card, half page), so text always fits.
"""

from __future__ import annotations

from typing import Any

from cardgen.data.model import Component, Database, FieldSpec, Term

SIZES = ((63.5, 88.9, 420, "cards"), (88.9, 127.0, 1000, "cards"), (140.0, 200.0, 2600, "large"),
         (190.0, 260.0, 10**9, "large"))
DARK = "#2B2D42"


def body_text(db: Database, component: Component) -> str:
    """Every kind field of a component as '**label:** value' lines."""
    spec = db.game.kinds[component.kind]
    lines = []
    for name, fspec in spec.fields.items():
        value = component.fields.get(name)
        if value in (None, "", [], {}):
            continue
        lines.append(f"**{name.replace('_', ' ')}:** {_describe(db, value, fspec)}")
    return "\n".join(lines)


def _describe(db: Database, value: Any, spec: FieldSpec | None) -> str:
    if spec is not None and spec.type == "term":
        term = db.game.term(spec.vocab or "", value)
        return term.label if isinstance(term, Term) else str(value)
    if isinstance(value, list):
        of = spec.of if spec is not None else None
        return "; ".join(_describe(db, v, of) for v in value)
    if isinstance(value, dict):
        fields = (spec.fields or {}) if spec is not None else {}
        parts = [f"{k.replace('_', ' ')} {_describe(db, v, fields.get(k))}" for k, v in value.items()
                 if v not in (None, "", [], {})]
        return ", ".join(parts)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _colour_field(db: Database, kind: str) -> str | None:
    for name, spec in db.game.kinds[kind].fields.items():
        if spec.type == "term" and any(t.color for t in db.game.vocab.get(spec.vocab or "", {}).values()):
            return name
    return None


def _size(db: Database, kind: str) -> tuple[float, float, str]:
    longest = max((len(body_text(db, c)) + len(c.name) for c in db.of_kind(kind)), default=0)
    for w, h, limit, sheet in SIZES:
        if longest <= limit:
            return w, h, sheet
    return SIZES[-1][0], SIZES[-1][1], SIZES[-1][3]


def auto_template(db: Database, kind: str, side: str,
                  front_size: tuple[Any, Any] | None = None, front_sheet: str | None = None
                  ) -> dict[str, Any]:
    """A layout file's content (validated as one) for one side of a kind.

    A back takes the size and sheet its front's layout writes, so it lands behind it.
    """
    w, h, sheet = _size(db, kind)
    colour_field = _colour_field(db, kind)
    band = f"{{{colour_field}.color}}" if colour_field else DARK
    if side == "back":
        w, h = front_size if front_size is not None else (w, h)
        return _back(w, h, front_sheet or sheet)
    pad = 4.5
    body_size = 7.5 if w < 80 else 9.0
    return {
        "size": [w, h], "bleed": 3, "safe": pad, "sheet": sheet, "background": "#FFFFFF",
        "elements": [
            {"type": "rect", "x": -3, "y": -3, "w": w + 6, "h": 17, "fill": band},
            {"type": "rect", "x": pad - 1.5, "y": 14, "w": w - 2 * pad + 3, "h": h - 14 - pad - 3,
             "fill": "#FFFFFF", "stroke": "#C9CCD1", "stroke_width": 0.3, "radius": 1.5},
            {"type": "text", "name": "name", "text": "{name}", "x": pad, "y": 3.2, "w": w - 2 * pad,
             "h": 7, "size": 11, "min_size": 6, "font": "bold", "color": "#FFFFFF"},
            {"type": "text", "name": "kind", "text": "{kind_title}", "x": pad, "y": 10.2,
             "w": w - 2 * pad, "h": 3.2, "size": 6, "min_size": 5, "color": "#FFFFFF"},
            {"type": "text", "name": "body", "text": "{auto_body}", "x": pad, "y": 16,
             "w": w - 2 * pad, "h": h - 16 - pad - 5, "size": body_size, "min_size": 5},
        ],
    }


def _back(w: float | str, h: float | str, sheet: str) -> dict[str, Any]:
    """A plain back, the same for every component of the kind (a face-down deck tells nothing);
    sizes may be bindings ("{diameter_mm}")."""
    return {
        "size": [w, h], "bleed": 3, "safe": 4, "sheet": sheet, "background": DARK,
        "edition_mark": {"color": "#FFFFFF"},
        "elements": [
            {"type": "rect", "x": 7, "y": 7, "w": _plus(w, -14), "h": _plus(h, -14),
             "stroke": "#FFFFFF", "stroke_width": 0.6, "radius": 3},
            {"type": "text", "name": "game", "text": "{game}", "x": 8, "y": _half(h, -10),
             "w": _plus(w, -16), "h": 12, "size": 20, "min_size": 8, "font": "bold",
             "color": "#FFFFFF", "align": "center", "valign": "middle"},
            {"type": "text", "name": "kind", "text": "{kind_title}", "x": 8, "y": _half(h, 3),
             "w": _plus(w, -16), "h": 6, "size": 8, "min_size": 5, "color": "#FFFFFF",
             "align": "center"},
        ],
    }


def _plus(value: float | str, delta: float) -> float | str:
    return f"({value}) + {delta}" if isinstance(value, str) else value + delta


def _half(value: float | str, delta: float) -> float | str:
    return f"({value}) / 2 + {delta}" if isinstance(value, str) else value / 2 + delta
