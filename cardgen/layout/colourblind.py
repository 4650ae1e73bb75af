"""The colour-vision lint: a face told apart from its siblings by a term's colour alone.

A face whose fill or ink is a vocabulary term's colour (read through `{culture.color}`, or a
colour field equal to the colour of a term the component names, such as a pawn of
`player: blue` filled `{color}`) and that shows nothing else of that term (its name, id, icon,
number or `symbol`) relies on colour alone. Each other term of the vocabulary whose colour comes
within CIEDE2000 10 of it under protan, deutan or tritan simulation or in greyscale
(cardgen.layout.vision) is a pair a colour-blind player may confuse: a warning at the layout
line that drew the colour; under 5 an error unless the line says `# lint-ok: colour-alone why`.
"""

from __future__ import annotations

from typing import Any

from cardgen.data.model import Component, Database, FieldSpec, Term
from cardgen.errors import Location, Problem
from cardgen.layout.drawing import Ellipse, Group, Primitive, Rect
from cardgen.layout.drawing import Path as PathItem
from cardgen.layout.drawing import Text as TextItem
from cardgen.layout.lints import Placed
from cardgen.layout.located import justified, line_of_key, lines_of
from cardgen.layout.vision import RISK, SAME, worst
from cardgen.records import record

RULE = "colour-alone"
# what of a term, once on the face, tells it apart without its colour
CUES = frozenset({"name", "label", "id", "icon", "symbol", "number"})
_SHAPES = (Rect, Ellipse, PathItem)  # isinstance's types: a tuple is tested faster than a union


@record(frozen=True)
class FaceTerms:
    """What the lint needs of one face besides its primitives."""

    db: Database
    component: Component
    term_parts: dict[tuple[str, str], set[str]]  # Scope.term_parts: (vocab, id) -> parts read
    face: str  # the face as messages name it
    fallback: Location | None  # the layout file, for what no element drew (the background)


def face_terms(db: Database, component: Component, term_parts: dict[tuple[str, str], set[str]],
               face: str, fallback: Location | None) -> FaceTerms:
    """FaceTerms(db, component, term_parts, face, fallback), its fields set at once (a frozen
    record's own __init__ sets them one by one; a face makes one)."""
    made = _new(FaceTerms)
    made.__dict__.update(db=db, component=component, term_parts=term_parts, face=face,
                         fallback=fallback)
    return made


_new = object.__new__


def drawn_colours(placed: list[Placed]) -> dict[str, Placed]:
    """Every colour a face paints ('#RRGGBB', upper case) -> the first primitive that paints it.

    The one place colours are read from a laid-out face: fills, strokes and text ink (a paint
    that is not a flat colour joins here)."""
    found: dict[str, Placed] = {}
    for p in placed:
        if p.role == "draft":
            continue
        for colour in _paints(p.item):
            found.setdefault(colour.upper(), p)
    return found


def _first_painters(placed: list[Placed], wanted: set[str]) -> dict[str, Placed]:
    """drawn_colours(placed), for the wanted colours only: the walk stops once each is found."""
    found: dict[str, Placed] = {}
    for p in placed:
        if p.role == "draft":
            continue
        for colour in _paints(p.item):
            colour = colour.upper()
            if colour in wanted and colour not in found:
                found[colour] = p
                if len(found) == len(wanted):
                    return found
    return found


def _paints(item: Primitive) -> list[str]:
    if isinstance(item, TextItem):
        return [item.color]
    if isinstance(item, Group):
        return [c for i in item.items for c in _paints(i)]
    if isinstance(item, _SHAPES):
        return [c for c in (item.style.fill, item.style.stroke) if c]
    return []


def colour_alone(placed: list[Placed], terms: FaceTerms) -> list[Problem]:
    """The lint's findings for one face (see the module)."""
    coloured = _coloured_terms(terms)
    if not coloured:
        return []
    colours = _first_painters(placed, {(term.color or "").upper() for _, term in coloured})
    problems = []
    for vocab, term in coloured:
        shown = terms.term_parts.get((vocab, str(term.id)), set())
        painter = colours.get((term.color or "").upper())
        if painter is None or shown & CUES:
            continue
        pairs = _pairs(terms.db, vocab, term)
        if pairs:
            problem = _finding(vocab, term, pairs, painter, terms)
            if problem is not None:
                problems.append(problem)
    return problems


def terms_key(db: Database, component: Component, term_parts: dict[tuple[str, str], set[str]]
              ) -> tuple[Any, ...] | None:
    """What colour_alone reads of a face's component, besides the face's paints: its kind and,
    per term in the order read, whether its colour and whether a cue of it were read (None for
    a kind whose colour fields may repeat a term's colour: those read the component's values)."""
    kind = component.kind
    colour_fields, term_fields = _field_kinds(db.game.kinds[kind].fields)
    if colour_fields and term_fields:
        return None
    return (kind, *[(term, "color" in parts, not CUES.isdisjoint(parts))
                    for term, parts in term_parts.items()])


def _coloured_terms(terms: FaceTerms) -> list[tuple[str, Term]]:
    """The terms whose colour the face read, and the terms the component names whose colour
    one of its colour fields repeats (a pawn of `player: blue` with `color: "#2F6FD0"`)."""
    game = terms.db.game
    found: dict[tuple[str, str], Term] = {}
    for (vocab, term_id), parts in terms.term_parts.items():
        term = game.term(vocab, term_id)
        if "color" in parts and term is not None and term.color:
            found[(vocab, term_id)] = term
    colour_fields, term_fields = _field_kinds(game.kinds[terms.component.kind].fields)
    if colour_fields and term_fields:  # else no term field can repeat a colour field
        value = terms.component.value
        own = {str(value(name)).upper() for name in colour_fields if value(name)}
        for name, vocab in term_fields:
            found_value = value(name)
            term = game.term(vocab, found_value) if found_value is not None else None
            if term is not None and term.color and term.color.upper() in own:
                found.setdefault((vocab, str(term.id)), term)
    return [(vocab, term) for (vocab, _), term in found.items()]


def _field_kinds(fields: dict[str, FieldSpec]) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """A kind's colour fields, and its term fields with their vocabularies, in field order
    (worked out once per kind's fields)."""
    known = _FIELD_KINDS.get(id(fields))
    if known is not None and known[0] is fields:
        return known[1]
    found = (tuple(name for name, spec in fields.items() if spec.type == "color"),
             tuple((name, spec.vocab or "") for name, spec in fields.items() if spec.type == "term"))
    if len(_FIELD_KINDS) > 256:
        _FIELD_KINDS.clear()
    _FIELD_KINDS[id(fields)] = (fields, found)
    return found


# id of a kind's fields -> (them, held so the id stays theirs; see _field_kinds)
_FIELD_KINDS: dict[int, tuple[dict[str, FieldSpec], tuple[tuple[str, ...],
                                                          tuple[tuple[str, str], ...]]]] = {}


def _pairs(db: Database, vocab: str, term: Term) -> list[tuple[float, str, Term]]:
    """The other coloured terms of the vocabulary within RISK of it: (figure, simulation, term),
    the closest first (worked out once per term of a vocabulary)."""
    terms = db.game.vocab.get(vocab, {})
    known = _PAIRS.get(id(term))
    if known is not None and known[0] is term and known[1] is terms:
        return known[2]
    found = _pairs_of(terms, term)
    if len(_PAIRS) > 4096:
        _PAIRS.clear()
    _PAIRS[id(term)] = (term, terms, found)
    return found


# id of a term -> (the term and its vocabulary, held so the ids stay theirs; its pairs)
_PAIRS: dict[int, tuple[Term, dict[str, Term], list[tuple[float, str, Term]]]] = {}


def _pairs_of(terms: dict[str, Term], term: Term) -> list[tuple[float, str, Term]]:
    out = []
    for other in terms.values():
        if other is term or not other.color or other.color.upper() == (term.color or "").upper():
            continue
        figure, kind = worst(term.color or "", other.color)
        if figure < RISK:
            out.append((figure, kind, other))
    return sorted(out, key=lambda found: found[0])


def _finding(vocab: str, term: Term, pairs: list[tuple[float, str, Term]], painter: Placed,
             terms: FaceTerms) -> Problem | None:
    fallback = terms.fallback
    key = (id(painter.el), id(fallback))
    known = _WHERE.get(key)
    if known is None or known[0] is not painter.el or known[5] is not fallback or any(
            lines_of(file) is not lines for file, lines in known[4]):
        where, label = _where(painter, terms)
        read = tuple((f.file, lines_of(f.file)) for f in (where, fallback) if f is not None)
        if len(_WHERE) > 4096:
            _WHERE.clear()
        known = _WHERE[key] = (painter.el, where, label,
                               where is not None and justified(where, RULE), read, fallback)
    _, where, label, waived, _, _ = known
    if waived:
        return None
    said = "; ".join(f"{vocab} {term.id}/{other.id} ({term.color}/{other.color}) CIEDE2000 "
                     f"{figure:.1f} under {kind}" for figure, kind, other in pairs)
    closest = pairs[0][0]
    return Problem(
        RULE, f"the {vocab} {term.id} is told apart by colour alone (the face shows no name, "
        f"icon or symbol of it): {said}", where=where, path=f"{terms.face} {label}",
        severity="error" if closest < SAME else "warning",
        hint=f"give the {vocab} terms a symbol (a letter, pips or an icon) and draw "
             f"{{...symbol}} or {{...name}} on the face: colour plus shape (docs/layouts.md)"
             + ("" if closest >= SAME else f"; or say why on the line: # lint-ok: {RULE} why"))


# (ids of the element that drew a colour and of the layout file's Location) -> (the element,
# held so the id stays its own; the line and key path the finding names, whether that line
# waives it, the layout files' lines they were read from: a file read again is looked at
# again; that Location, held)
_WHERE: dict[tuple[int, int],
             tuple[Any, Location | None, str, bool, tuple[tuple[str, list[str] | None], ...],
                   Location | None]] = {}


def _where(painter: Placed, terms: FaceTerms) -> tuple[Location | None, str]:
    """The layout line that drew the colour: the element's, else the layout's background key."""
    found = painter.el.written_at() if painter.el is not None else None
    if found is not None:
        source, path = found
        return source.where(path), source.label(path)
    fallback = terms.fallback
    line = line_of_key(fallback.file, "background") if fallback is not None else None
    if fallback is not None and line is not None:
        return Location(fallback.file, line, 1), "background"
    return fallback, "layout"
