"""Component + layout template (layouts/<game>/<name>.yaml) -> the Drawing of one face.

Templates are YAML in mm with `extends:`; elements bind to component fields with `{path}`
(`{culture.color}` follows a term field into its vocabulary). Kinds without a template get a
designed automatic face, so a new kind prints before anyone writes its layout. Each element
draws itself (cardgen.layout.elements); here the face is set up (size, background, fonts), its
elements drawn in order, the edition mark added, and the face checked (bleed, lints). A face
none of whose bindings read its component (a shared card back) is laid out once per kind, side
and edition (the session's shared faces) and handed to the others under their own names."""

from __future__ import annotations

from cardgen.data.model import Component
from cardgen.errors import Problem, ProblemsError
from cardgen.layout import fonts, text
from cardgen.layout.back_lints import BackLinter
from cardgen.layout.bleed import bleed_problems, extend_to_bleed, stretched_sides
from cardgen.layout.draft import draft_mark
from cardgen.layout.drawing import Drawing, Ellipse, Rect, Style
from cardgen.layout.drawing import Text as TextItem
from cardgen.layout.elements.base import Context, FaceJob, colour
from cardgen.layout.lints import FaceLinter
from cardgen.layout.model import ANCHOR, EditionMark, Fonts, TemplateFile
from cardgen.layout.scope import Scope, number
from cardgen.layout.session import LayoutSession, SharedFace, face_label
from cardgen.layout.templates import template_file, template_for
from cardgen.limits import MAX_FACE_MM

WHITE = "#FFFFFF"


def lay_out(session: LayoutSession, component: Component, side: str, ink_saver: bool = False
            ) -> Drawing | None:
    """The Drawing of one face of a component, or None when its kind has no back.
    `ink_saver`: the printer-friendly face (cardgen.layout.ink)."""
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
    else:
        drawing = lay_out_template(session, component, side, template, scope)
    drawing = extend_to_bleed(drawing)
    problems = bleed_problems(drawing, component.id, side, component.kind, component.where)
    if problems:
        raise ProblemsError(problems)
    if not scope.read_component:
        read = session.probes[probed:] if session.probes is not None else ()
        session.shared[key] = SharedFace(drawing, face_label(component, side), tuple(read))
    return drawing


def lay_out_template(session: LayoutSession, component: Component, side: str,
                     template: TemplateFile, scope: Scope) -> Drawing:
    """The face a template draws for a component: elements, edition mark, draft mark, lints."""
    ctx = Context(_job(session, component, side, template), _blank(session, component, side,
                                                                   template, scope))
    drawing = ctx.drawing
    ctx.guarded(_background, None, ctx, template, scope)
    for element in template.elements:
        ctx.element(element, scope, 0.0, 0.0)
    if template.edition_mark is not False:
        ctx.guarded(_edition_mark, None, ctx, template.edition_mark, scope)
    if session.db.draft:
        ctx.current = None  # cardgen's own mark: no element's, and never linted
        for item in draft_mark(drawing.width, drawing.height, ctx.job.safe,
                               centred=template.shape == "circle"):
            ctx.add(item, "draft")
    if ctx.problems:
        raise ProblemsError(ctx.problems)
    drawing.warnings = FaceLinter(drawing, ctx.placed, ctx.job.safe, template.shape == "circle",
                                  face_label(component, side), stretched_sides(drawing),
                                  ctx.job.layout_file or component.where).run()
    if side == "back":
        drawing.warnings += BackLinter(drawing, ctx.placed, ctx.job.safe, template.shape == "circle",
                                       face_label(component, side), stretched_sides(drawing),
                                       ctx.job.layout_file or component.where).run()
    drawing.warnings += _old_words(template)
    return drawing


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
    return FaceJob(session.db, component, side, dict(template.palette or {}), float(template.safe),
                   _family(template.fonts), session.icons,
                   template_file(session, component.kind, side), session.probes)


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
    """The empty face: its size checked against MAX_FACE_MM (a typo of 144000 for 144)."""
    width, height = (number(scope, v, "size", 10.0) for v in template.size)
    bleed, safe = float(template.bleed), float(template.safe)
    for what, value in (("width", width), ("height", height)):
        if not 0 < value <= MAX_FACE_MM:
            raise ValueError(f"its {what} is {value:g} mm; a face is more than 0 and at most "
                             f"{MAX_FACE_MM:g} mm")
    if not (0 <= bleed <= 50 and 0 <= safe <= 50):
        raise ValueError(f"bleed {bleed:g} mm and safe {safe:g} mm must be from 0 to 50 mm")
    return Drawing(f"{component.id}-{side}", width, height, bleed, shape=template.shape)


def _background(ctx: Context, template: TemplateFile, scope: Scope) -> None:
    """Trim and bleed filled with the background (a round face: white, then a disc)."""
    fill = colour(scope.text(template.background), WHITE)
    d = ctx.drawing
    b = d.bleed
    if template.shape == "circle":
        ctx.add(Rect(-b, -b, d.width + 2 * b, d.height + 2 * b, Style(fill=WHITE)), "background")
        r = d.width / 2
        ctx.add(Ellipse(r, d.height / 2, r + b, r + b, Style(fill=fill)), "background")
        return
    ctx.add(Rect(-b, -b, d.width + 2 * b, d.height + 2 * b, Style(fill=fill)), "background")


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
