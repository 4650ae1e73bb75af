"""Component + layout template (layouts/<game>/<name>.yaml) -> the Drawing of one face.

Templates are YAML in mm with `extends:`; elements bind to component fields with `{path}`
(`{culture.color}` follows a term field into its vocabulary). Kinds without a template get a
designed automatic face, so a new kind prints before anyone writes its layout. Each element
draws itself (cardgen.layout.elements); here the face is set up (size, background, fonts), its
elements drawn in order, the edition mark added, and the face checked (bleed, lints). A face
none of whose bindings read its component (a shared card back) is laid out once per kind, side
and edition (the session's shared faces) and handed to the others under their own names."""

from __future__ import annotations

from dataclasses import replace

from cardgen.data.model import Component
from cardgen.data.modelkit import model_of
from cardgen.errors import Problem, ProblemsError
from cardgen.layout import fonts, outline, text
from cardgen.layout.back_lints import BackLinter
from cardgen.layout.bleed import Origins, Stretched
from cardgen.layout.drawing import Drawing, Ellipse, Path, Rect, Style
from cardgen.layout.drawing import Text as TextItem
from cardgen.layout.elements.base import Context, FaceJob, LinearGradient, RadialGradient, colour
from cardgen.layout.elements.rect import RectElement
from cardgen.layout.lintmemo import lint_face
from cardgen.layout.lints import FaceLinter
from cardgen.layout.lookmemo import Look, bled, colours, look_of
from cardgen.layout.memo import FaceMemo
from cardgen.layout.model import ANCHOR, EditionMark, Fonts, TemplateFile
from cardgen.layout.plan import draw_elements, steps
from cardgen.layout.scope import Scope, number
from cardgen.layout.session import LayoutSession, SharedFace, face_label
from cardgen.layout.templates import template_file, template_for
from cardgen.limits import MAX_FACE_MM

WHITE = "#FFFFFF"


def lay_out(session: LayoutSession, component: Component, side: str, ink_saver: bool = False
            ) -> Drawing | None:
    """The Drawing of one face of a component, or None when its kind has no back.
    `ink_saver`: the printer-friendly face (cardgen.layout.ink). A standee (`standee:` in its
    front layout) is one strip, its front: the back is drawn into it and has no face of its own."""
    front = template_for(session, component.kind, "front")
    standee = front.standee if front is not None else None
    if standee is None:
        return _face(session, component, side, ink_saver, front if side == "front" else None)
    if side == "back":
        return None
    drawn = _face(session, component, "front", ink_saver)
    if drawn is None:
        return None
    from cardgen.layout.standee import standee_strip  # loaded for a standee only

    return standee_strip(drawn, _face(session, component, "back", ink_saver) or drawn,
                         standee.tab)


def _face(session: LayoutSession, component: Component, side: str, ink_saver: bool,
          template: TemplateFile | None = None) -> Drawing | None:
    """One face as its layout draws it (a standee's front or back before the strip); its
    template, when the caller has it in hand."""
    if template is None:
        template = template_for(session, component.kind, side)
    if template is None:
        return None
    key = (component.kind, side, component.edition, ink_saver)
    shared = session.shared_face(key, component, side)
    if shared is not None:
        return shared
    scope = Scope(session.db, component)
    probed = len(session.probes) if session.probes is not None else 0
    if ink_saver:
        from cardgen.layout.ink import ink_saved, ink_saver_settings

        saver_template, background = ink_saver_settings(template)
        drawing = ink_saved(lay_out_template(session, component, side, saver_template, scope),
                            background)
        look = None  # its lints saw the face before its inks changed
    else:
        drawing, look = _laid_out(session, component, side, template, scope)
    drawing, problems = bled(None if session.db.draft else look, drawing, component, side)
    drawing.origins = {}
    if problems and session.db.draft:  # a play-test copy: built, so it can be looked at
        drawing.warnings += [replace(p, severity="warning") for p in problems]
    elif problems:
        raise ProblemsError(problems)
    if not scope.read_component:
        read = session.probes[probed:] if session.probes is not None else ()
        session.shared[key] = SharedFace(drawing, face_label(component, side), tuple(read))
    return drawing


def lay_out_template(session: LayoutSession, component: Component, side: str,
                     template: TemplateFile, scope: Scope) -> Drawing:
    """The face a template draws for a component: elements, edition mark, draft mark, lints."""
    return _laid_out(session, component, side, template, scope)[0]


def _laid_out(session: LayoutSession, component: Component, side: str, template: TemplateFile,
              scope: Scope) -> tuple[Drawing, Look | None]:
    """lay_out_template's face, and its look's kept answers (cardgen.layout.lookmemo)."""
    ctx = Context(_job(session, component, side, template), _blank(session, component, side,
                                                                   template, scope))
    drawing = ctx.drawing
    where = ("background", drawing.width, drawing.height, drawing.bleed, drawing.points)
    if not ctx.job.memo.kept(ctx, template, where, scope, _background, None, ctx, template, scope):
        ctx.guarded(_background, None, ctx, template, scope)
    memo = ctx.job.memo
    draw_elements(ctx, memo, steps(memo, template), scope)  # each as ctx.element draws it
    if template.edition_mark is not False:
        ctx.guarded(_edition_mark, None, ctx, template.edition_mark, scope)
    if session.db.draft:
        from cardgen.layout.draft import draft_mark

        ctx.current = None  # cardgen's own mark: no element's, and never linted
        for item in draft_mark(drawing.width, drawing.height, ctx.job.safe,
                               centred=template.shape != "rect"):
            ctx.add(item, "draft")
    if ctx.problems:
        raise ProblemsError(ctx.problems)
    stretched, label = Stretched(drawing), face_label(component, side)
    kept = session.lint_memo
    if kept is not None:
        kept.last = None  # lint_face says the face's key there
    drawing.warnings = lint_face(kept, FaceLinter(
        drawing, ctx.placed, ctx.job.safe, template.shape != "rect", label, stretched,
        ctx.job.layout_file or component.where))
    look = look_of(kept)
    drawing.warnings += colours(look, session.db, component, ctx.placed, scope.term_parts, label,
                                ctx.job.layout_file or component.where)
    if side == "back":
        drawing.warnings += BackLinter(drawing, ctx.placed, ctx.job.safe, template.shape == "circle",
                                       label, stretched,
                                       ctx.job.layout_file or component.where).run()
    if template.edition_mark is not False:
        drawing.warnings += _old_words(template)
    if ctx.warnings:
        drawing.warnings += dict.fromkeys(ctx.warnings)
    drawing.origins = Origins(ctx.placed)  # what the bleed lint names, made when it does
    return drawing, look


def _old_words(template: TemplateFile) -> list[Problem]:
    """A deprecation warning for the edition mark's old `align` words, at the layout line."""
    mark = template.edition_mark
    old = mark.old_align() if mark is not False else None
    if mark is False or old is None:
        return []
    where, label = mark.key_location("align")
    return [Problem("deprecated", f"'{old}' is the old word for '{mark.align}'", where=where,
                    path=label or "edition_mark.align", severity="warning",
                    hint=f"write align: {mark.align}; the edition mark takes left, center and "
                         "right, as text does (start, middle and end will stop working)")]


def _job(session: LayoutSession, component: Component, side: str, template: TemplateFile
         ) -> FaceJob:
    known = session.face_parts.get((component.kind, side))
    if known is None or known[0] is not template:  # read-only, shared by the template's faces
        known = session.face_parts[(component.kind, side)] = (
            template, dict(template.palette or {}), _family(template.fonts),
            template_file(session, component.kind, side))
    _, palette, family, layout_file = known
    return tuple.__new__(FaceJob, (  # every field, as a tuple (NamedTuple's __new__ is Python)
        session.db, component, side, palette, float(template.safe), family, session.icons,
        layout_file, session.probes, FaceMemo(session.element_memo, (side, palette, family))))


def _blank(session: LayoutSession, component: Component, side: str, template: TemplateFile,
           scope: Scope) -> Drawing:
    """The empty face; a size that cannot be drawn is a Problem at the layout (or the data)."""
    try:
        return _checked_blank(component, side, template, scope)
    except (TypeError, ValueError, KeyError, AttributeError, IndexError, OverflowError) as exc:
        raise ProblemsError([Problem(
            "bad-layout", f"the face cannot be drawn: {exc}", where=component.where
            if "{" in str(template.size) else template_file(session, component.kind, side),
            path=f"{component.id}.size",
            hint=f"a face is at most {MAX_FACE_MM:g} mm a side: size: [w, h], bleed and safe in mm")]
        ) from None


def _checked_blank(component: Component, side: str, template: TemplateFile, scope: Scope
                   ) -> Drawing:
    """The empty face: its size checked against MAX_FACE_MM (a typo of 144000 for 144); for a
    template whose size, corners and corner radius read no binding, worked out once."""
    known = _BLANKS.get(id(template))
    if known is not None and known[0] is template:
        width, height, bleed, points, corner = known[1]
        return Drawing(f"{component.id}-{side}", width, height, bleed, shape=template.shape,
                       points=points, corner=corner)
    blank = _made_blank(component, side, template, scope)
    if template.shape != "polygon" and (hex_box(template) or standee_box(template) or all(
            type(v) is float for v in template.size)):  # read from no binding
        if len(_BLANKS) >= 256:
            _BLANKS.clear()
        _BLANKS[id(template)] = (template, (blank.width, blank.height, blank.bleed, blank.points,
                                            blank.corner))
    return blank


# id of a template -> (it, held so the id stays its own; its blank face's width, height,
# bleed, corners and corner radius: see _checked_blank)
_BLANKS: dict[int, tuple[TemplateFile, tuple[float, float, float, tuple[tuple[float, float], ...],
                                             float]]] = {}


def _made_blank(component: Component, side: str, template: TemplateFile, scope: Scope
                ) -> Drawing:
    width, height = hex_box(template) or standee_box(template) or tuple(
        number(scope, v, "size", 10.0) for v in template.size)
    bleed, safe = float(template.bleed), float(template.safe)
    for what, value in (("width", width), ("height", height)):
        if not 0 < value <= MAX_FACE_MM:
            raise ValueError(f"its {what} is {value:g} mm; a face is more than 0 and at most "
                             f"{MAX_FACE_MM:g} mm")
    if not (0 <= bleed <= 50 and 0 <= safe <= 50):
        raise ValueError(f"bleed {bleed:g} mm and safe {safe:g} mm must be from 0 to 50 mm")
    return Drawing(f"{component.id}-{side}", width, height, bleed, shape=template.shape,
                   points=tuple(shape_corners(template, scope, width, height)),
                   corner=float(template.corner) if template.shape == "rect" else 0.0)


def standee_box(template: TemplateFile) -> tuple[float, float] | None:
    """A standee's figure size from its preset (else None)."""
    if template.standee is None or template.standee.preset is None:
        return None
    from cardgen.layout.standee import STANDEE_PRESETS

    return STANDEE_PRESETS[template.standee.preset]


def hex_box(template: TemplateFile) -> tuple[float, float] | None:
    """A hex tile's trim size from its preset, flat-to-flat or corner-to-corner (else None)."""
    spec = template.hex
    if template.shape != "hex" or spec is None:
        return None
    return outline.hex_box(spec.top, preset=spec.preset, flats=spec.flats, corners=spec.corners)


def shape_corners(template: TemplateFile, scope: Scope, width: float, height: float
                  ) -> list[tuple[float, float]]:
    """The corners of a hex or polygon face in trim mm (none for a rectangle or circle)."""
    if template.shape == "hex":
        return outline.hex_corners(width, height, template.hex.top if template.hex else "flat")
    if template.shape != "polygon":
        return []
    if not template.points or len(template.points) < 3:
        raise ValueError("shape: polygon needs points: [[x, y], ...], 3 or more corners in mm")
    corners = [(number(scope, x, "points"), number(scope, y, "points")) for x, y in template.points]
    if any(not (-1e-6 <= x <= width + 1e-6 and -1e-6 <= y <= height + 1e-6) for x, y in corners):
        raise ValueError(f"a polygon's points lie inside its size, 0 to {width:g} x 0 to "
                         f"{height:g} mm")
    if abs(outline.signed_area(corners)) < 1e-6:
        raise ValueError("the polygon's points enclose no area")
    return corners


def _background(ctx: Context, template: TemplateFile, scope: Scope) -> None:
    """Trim and bleed filled with the background (a round face: white, then a disc)."""
    d = ctx.drawing
    b = d.bleed
    if isinstance(template.background, LinearGradient | RadialGradient):  # placed on the trim
        painter = model_of(RectElement, {"type": "rect", "fill": template.background})
        style = painter.style(ctx, scope, (0.0, 0.0, d.width, d.height))
    else:
        style = Style(fill=colour(scope.text(template.background), WHITE))
    if template.shape == "circle":
        ctx.add(Rect(-b, -b, d.width + 2 * b, d.height + 2 * b, Style(fill=WHITE)), "background")
        r = d.width / 2
        ctx.add(Ellipse(r, d.height / 2, r + b, r + b, style), "background")
        return
    if d.points:  # a hex or polygon: its outline grown by the bleed (outside: transparent)
        ctx.add(Path(outline.face_outline(d, b), style), "background")
        return
    ctx.add(Rect(-b, -b, d.width + 2 * b, d.height + 2 * b, style), "background")


def _edition_mark(ctx: Context, mark: EditionMark, scope: Scope) -> None:
    """The game and edition, small, at the safe area's bottom right unless placed."""
    ctx.current = mark
    label = f"{ctx.job.db.game.name} {ctx.component.edition}"
    d, safe = ctx.drawing, ctx.job.safe
    size = number(scope, mark.size, "size", 6.0)
    x = number(scope, mark.x, "x", d.width - safe)
    y = number(scope, mark.y, "y", d.height - safe + 0.3)
    face = ctx.job.family.regular
    width = fonts.text_width_mm(label, face, size)
    middle = x + {"left": width / 2, "center": 0.0}.get(mark.align, -width / 2)
    grey = EditionMark.model_fields["color"].default
    ink = ctx.ink(scope, mark.color, middle, y - fonts.ascent_mm(face, size) / 2, grey) or grey
    ctx.glyphs(label, face, "edition mark")
    ctx.add(TextItem(x, y, label, face, size, ink, ANCHOR[mark.align]), "mark")


def _family(own: Fonts | None) -> text.Family:
    """The faces of a template: its own font files (`fonts:`), else the bundled DejaVu Sans."""
    if own is None or not own.regular:
        italic = own.italic if own is not None else None
        return text.Family(italic=fonts.file_face(italic) if italic else None)
    regular = fonts.file_face(own.regular)
    return text.Family(regular, fonts.file_face(own.bold) if own.bold else regular,
                       fonts.file_face(own.italic) if own.italic else None)
