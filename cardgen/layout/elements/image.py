"""`image`: the component's art (a PNG, JPEG or SVG file the data names, relative to the
game's folder) in a box; without one, the `fallback` elements (a designed stand-in). SVG art
is drawn as vectors, read as icons are (cardgen.layout.icons), scaled to fit the box."""

from typing import Literal

from cardgen.data.declare import Field
from cardgen.data.model import new_list
from cardgen.data.paths import readable
from cardgen.layout.drawing import Image
from cardgen.layout.elements.base import Children, Context, ElementBase, Num
from cardgen.layout.guards import ImageError, image_at
from cardgen.layout.icons import IconError, svg_art_items
from cardgen.layout.scope import Scope


class ImageElement(ElementBase):
    """the component's art, or `fallback` elements when it has none"""

    type: Literal["image"]
    field: str = Field("{image}", description="binding of the image path")
    x: Num = 0.0
    y: Num = 0.0
    w: Num = 0.0
    h: Num = 0.0
    fallback: Children = Field(default_factory=new_list)

    def children(self) -> dict[str, list[ElementBase]]:
        return {"fallback": self.fallback}

    def draw(self, ctx: Context, scope: Scope, dx: float, dy: float) -> None:
        try:
            self.draw_art(ctx, scope, dx, dy)
        except ImageError as exc:
            ctx.problem("bad-image", str(exc), "image", exc.hint, ctx.where_bound(self, self.field))
        except IconError as exc:  # SVG art: at its line in the SVG file when it is at fault
            if exc.where is not None:
                ctx.problems.append(exc.problem(None, f"{ctx.component.id}.image"))
                return
            ctx.problem("bad-image", str(exc).replace("icon '", "SVG art '", 1), "image",
                        exc.hint, ctx.where_bound(self, self.field))

    def draw_art(self, ctx: Context, scope: Scope, dx: float, dy: float) -> None:
        value = scope.text(self.field)
        box = (dx + self.number(scope, "x"), dy + self.number(scope, "y"),
               self.number(scope, "w"), self.number(scope, "h"))
        db = ctx.job.db
        if isinstance(value, str) and value:
            path = (db.game.root / value).resolve()
            if not readable(path, db.project):
                raise ImageError(f"image '{value}' is outside the project",
                                 "give the path relative to the game folder, without '..'")
            digest = image_at(path)
            if ctx.job.probes is not None:  # a face cache is listening
                ctx.job.probes.append((str(path), digest))
            if digest and path.suffix.lower() == ".svg":
                for item in svg_art_items(path, *box):
                    ctx.add(item)
                return
            if digest:
                ctx.add(Image(*box, path=str(path), digest=digest))
                return
            if db.draft:  # the check let a missing image through: show that it is missing
                from cardgen.layout.draft import missing_art

                for item in missing_art(*box, value):
                    ctx.add(item, "draft")  # cardgen's stand-in: not linted
                return
        for sub in self.fallback:
            ctx.element(sub, scope, box[0], box[1])
