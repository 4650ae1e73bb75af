"""Icon file (<game>/icons/, then common/icons/ under each layout root) -> Drawing paths.

SVG icons are parsed once with svgelements (shapes, transforms and arcs become cubic paths), so
the PDF and the SVG output draw the very same outlines; a plain icon (paths, circles and rects,
painted by attributes: cardgen.layout.svgfast) is read without it, to the very same outlines. A
PNG or JPEG icon is drawn as an image.
A designer replaces an icon by dropping in a file of the same name. SVG art (an image element's
file) is read by the same reader and drawn as vectors (`svg_art_items`).
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from stat import S_ISLNK
from typing import TYPE_CHECKING

from cardgen.data.paths import leaves_folder, read_roots, readable
from cardgen.deferral import DeferredPattern
from cardgen.errors import Location, Problem, did_you_mean
from cardgen.layout.drawing import Group, Image, PathOp, Primitive, Style
from cardgen.layout.drawing import Path as PathItem
from cardgen.layout.guards import ImageError, image_digest
from cardgen.layout.roots import find_layout_file, layout_roots
from cardgen.layout.svgfast import parsed as plain_parsed
from cardgen.limits import MAX_ICON_BYTES

if TYPE_CHECKING:
    import svgelements as se


class IconError(ValueError):
    """An icon that cannot be drawn: outside the project, too big, or not a usable SVG;
    `where`, the place in the SVG file at fault when there is one (then the problem is the
    file's, said once however many faces use it)."""

    def __init__(self, rule: str, message: str, hint: str, where: Location | None = None):
        super().__init__(message)
        self.rule = rule
        self.hint = hint
        self.where = where

    def problem(self, used_at: Location | None, path: str) -> Problem:
        """The Problem: at the SVG file when it is at fault, else where the icon is used."""
        if self.where is not None:
            return Problem(self.rule, str(self), self.where, hint=self.hint)
        return Problem(self.rule, str(self), used_at, path, self.hint)


def icon_folders(project: Path, game: str) -> list[Path]:
    """Where a game's icons are looked up, in order: its own, then the project's and cardgen's
    shared ones (under every layout root, cardgen.layout.roots)."""
    return [root / folder / "icons" for folder in (game, "common") for root in layout_roots(project)]


def icon_file(project: Path, game: str, name: str,
              may_read: Callable[[Path], bool] | None = None) -> Path:
    """The icon's SVG: the game's own icons, then the project's and cardgen's shared ones.

    IconError when the name, or the file it finds (a link), leads outside what cardgen reads
    (`may_read`: `readable` for this project, when the caller has one at hand)."""
    outside = IconError("outside-project", f"icon '{name}' is outside the project",
                        "name an icon file under layouts/<game>/icons/ without '..'")
    if leaves_folder(name):
        raise outside
    for folder in (game, "common"):
        for suffix in ICON_SUFFIXES:
            path = find_layout_file(project, f"{folder}/icons/{name}{suffix}")
            if path is not None:
                if not (readable(path, project) if may_read is None else may_read(path)):
                    raise outside
                return path
    raise FileNotFoundError(name)


ICON_SUFFIXES = (".svg", ".png", ".jpg", ".jpeg")  # looked for in this order
RASTER_SUFFIXES = (".png", ".jpg", ".jpeg")


def icon_hint(name: str, names: list[str], game: str) -> str:
    """What to write instead of an unknown icon: the icons whose name holds it as a word
    (`corn` -> `crop-corn`), else the closest name, else where to draw it."""
    holding = [n for n in names if name in n.split("-") or (len(name) > 3 and name in n)]
    if holding:
        return "did you mean " + " or ".join(f"'{n}'" for n in holding[:3]) + "?"
    return did_you_mean(name, names) or (f"draw it as layouts/{game}/icons/{name}.svg (in a "
                                         "text, write [[ for a literal [)")


class IconFinder:
    """Icon names -> SVG files for one game, each name looked up once (a layout session owns
    one, so a new session sees icons added or removed since). `aliases` (game.yaml `icons:`)
    give an icon more names: an alias draws the icon it names, before any file of its own name."""

    def __init__(self, project: Path, game: str, aliases: dict[str, str] | None = None,
                 written: dict[str, Location] | None = None):
        self.project = project
        self.game = game
        self.aliases = dict(aliases or {})
        self.written = dict(written or {})  # alias -> where game.yaml gives it
        self._paths: dict[str, Path | None] = {}
        # the folders cardgen reads for the project (read_roots), and those resolved so far
        self._roots: tuple[tuple[Path, ...], dict[int, Path]] | None = None
        self._folders: dict[Path, Path] = {}  # an icon folder -> it resolved

    def find(self, name: str) -> Path | None:
        """The icon's SVG file, or None when there is none (IconError: outside the project)."""
        if name not in self._paths:
            try:
                self._paths[name] = icon_file(self.project, self.game, self.aliases.get(name, name),
                                              self._readable)
            except FileNotFoundError:
                self._paths[name] = None
        return self._paths[name]

    def _readable(self, path: Path) -> bool:
        """`readable(path, project)` (`cardgen.data.paths.inside` over `read_roots`), the
        folders it may lie in resolved once for the finder, as each is first needed (a
        session's finder: its icons are looked up in one build)."""
        if self._roots is None:
            self._roots = (read_roots(self.project), {})
        roots, resolved = self._roots
        try:
            real = self._resolved(path)
        except (OSError, RuntimeError, ValueError):  # a symlink loop, a NUL byte
            return False
        for n, root in enumerate(roots):
            found = resolved.get(n)
            if found is None:
                found = resolved[n] = root.resolve()
            if real.is_relative_to(found):
                return True
        return False

    def path(self, name: str) -> Path:
        """The icon's SVG file (FileNotFoundError when there is none)."""
        found = self.find(name)
        if found is None:
            raise FileNotFoundError(name)
        return found

    def names(self) -> list[str]:
        """Every name the game can write for an icon: the icon files' names and the aliases."""
        return sorted({*icon_names(self.project, self.game), *self.aliases})

    def _resolved(self, path: Path) -> Path:
        """path.resolve(): a file that is no link is its folder resolved (once per folder and
        finder) and its name; a link, or a file that cannot be told, is resolved whole."""
        try:
            plain = not S_ISLNK(os.lstat(path).st_mode)
        except (OSError, ValueError):
            plain = False
        if not plain:
            return path.resolve()
        folder = path.parent
        real = self._folders.get(folder)
        if real is None:
            real = self._folders[folder] = folder.resolve()
        return real / path.name

    def hint(self, name: str) -> str:
        """What to write instead of an unknown icon name (`icon_hint`, over every icon name and
        alias); for an alias, that the icon it names has no file."""
        target = self.aliases.get(name)
        if target is not None:
            at = self.written.get(name, "game.yaml icons:")
            return (f"'{name}' is an alias ({at}) for '{target}', which has no icon "
                    f"file: {icon_hint(target, icon_names(self.project, self.game), self.game)}")
        return icon_hint(name, self.names(), self.game)


def icon_names(project: Path, game: str) -> list[str]:
    """Every icon name a game can use."""
    return sorted({p.stem for folder in icon_folders(project, game) if folder.is_dir()
                   for p in folder.iterdir() if p.suffix.lower() in ICON_SUFFIXES})


@cache
def _parsed(path: Path, version: tuple[int, int]
            ) -> tuple[tuple[float, float, float, float], tuple[PathItem, ...]]:
    size = version[1]
    if size > MAX_ICON_BYTES:
        raise IconError("too-large", f"icon '{path.name}' is {size / 1e6:.1f} MB; at most "
                        f"{MAX_ICON_BYTES // 1024} kB", "simplify the drawing or save it as plain SVG")
    try:
        plain = plain_parsed(path.read_bytes())
    except OSError:  # said as svgelements says it, below
        plain = None
    return plain if plain is not None else _svgelements_parsed(path)


def _svgelements_parsed(path: Path) -> tuple[tuple[float, float, float, float], tuple[PathItem, ...]]:
    """An SVG file read by svgelements: any SVG it reads (transforms, groups, styles, arcs)."""
    import svgelements as se

    try:
        svg = se.SVG.parse(str(path), reify=True)
        view = _view_box(path, svg.values.get("viewBox"))
        shapes = [element for element in svg.elements()
                  if isinstance(element, se.Shape) and not isinstance(element, se.SVG)]
        _refuse_paint_servers(path, shapes)
        items = [PathItem(tuple(ops), _style(element)) for element in shapes
                 if (ops := _ops(se.Path(element)))]
    except IconError:
        raise
    except Exception as exc:  # svgelements raises many kinds on a malformed file
        raise IconError("bad-icon", f"icon '{path.name}' cannot be read: {exc}",
                        "save the icon as plain SVG (File > Save as > Plain SVG)") from None
    if not all(math.isfinite(v) for item in items for op in item.ops for v in op[1:]):
        raise IconError("bad-icon", f"icon '{path.name}' has a path whose coordinates are too "
                        "large to draw", "save the icon again as plain SVG, drawn in its viewBox")
    return view, tuple(items)


# DeferredPattern: compiled when first used (cardgen/deferral.py): only an icon svgfast cannot read
_NUMBER = DeferredPattern(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", 0)


def _view_box(path: Path, written: object) -> tuple[float, float, float, float]:
    """The SVG's viewBox as four numbers (0 0 24 24 when it has none); a viewBox that is not
    four numbers with a positive width and height is an IconError at the attribute."""
    if written is None:
        return (0.0, 0.0, 24.0, 24.0)
    text = str(written)
    parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    numbers = [float(p) for p in parts if _NUMBER.fullmatch(p)]
    if len(parts) == len(numbers) == 4 and all(map(math.isfinite, numbers)) \
            and numbers[2] > 0 and numbers[3] > 0:
        return (numbers[0], numbers[1], numbers[2], numbers[3])
    shown = shown_path(path)
    raise IconError("bad-icon", f"{_what_file(shown)} {shown}: viewBox=\"{text}\" is not four numbers "
                    "(min-x, min-y, width, height) with a positive width and height",
                    "write the viewBox as four numbers, e.g. viewBox=\"0 0 24 24\"",
                    _attribute_at(path, shown, "viewBox"))


def shown_path(path: Path) -> str:
    """An SVG file as messages name it: from its layouts/ (an icon) or data/ (art) folder."""
    parts = path.parts
    marks = [i for i, part in enumerate(parts[:-1]) if part in ("layouts", "data")]
    return "/".join(parts[marks[-1]:]) if marks else path.name


def _what_file(shown: str) -> str:
    return "SVG art" if shown.startswith("data/") else "icon file"


def _attribute_at(path: Path, shown: str, name: str) -> Location | None:
    """Where an attribute is written in a file (its first occurrence), or None."""
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    for number, line in enumerate(lines, start=1):
        col = line.find(f"{name}=")
        if col >= 0:
            return Location(shown, number, col + 1)
    return None


@cache
def path_data_ops(d: str) -> tuple[PathOp, ...]:
    """SVG path data (the `d` of a <path>) -> operators: arcs and quadratics as cubics.
    ValueError when it is not path data."""
    import svgelements as se

    try:
        ops = _ops(se.Path(d))
    except Exception as exc:  # svgelements raises many kinds on bad data
        raise ValueError(f"'{d[:40]}' is not SVG path data: {exc}") from None
    if not ops:
        raise ValueError(f"'{d[:40]}' draws nothing: SVG path data starts with M (move to)")
    return tuple(ops)


def _ops(path: se.Path) -> list[PathOp]:
    import svgelements as se

    ops: list[PathOp] = []
    for seg in path.segments():
        if isinstance(seg, se.Move):
            ops.append(("M", seg.end.x, seg.end.y))
        elif isinstance(seg, se.Close):
            ops.append(("Z",))
        elif isinstance(seg, se.Line):
            ops.append(("L", seg.end.x, seg.end.y))
        elif isinstance(seg, se.CubicBezier):
            ops.append(("C", seg.control1.x, seg.control1.y, seg.control2.x, seg.control2.y,
                        seg.end.x, seg.end.y))
        elif isinstance(seg, se.QuadraticBezier | se.Arc):
            for cubic in _as_cubics(seg):
                ops.append(cubic)
    return ops


def _as_cubics(seg: se.PathSegment) -> list[PathOp]:
    import svgelements as se

    if isinstance(seg, se.QuadraticBezier):
        s, c, e = seg.start, seg.control, seg.end
        c1 = (s.x + 2 / 3 * (c.x - s.x), s.y + 2 / 3 * (c.y - s.y))
        c2 = (e.x + 2 / 3 * (c.x - e.x), e.y + 2 / 3 * (c.y - e.y))
        return [("C", *c1, *c2, e.x, e.y)]
    return [("C", b.control1.x, b.control1.y, b.control2.x, b.control2.y, b.end.x, b.end.y)
            for b in seg.as_cubic_curves()]


def _colour(value: object) -> str | None:
    if value is None or getattr(value, "value", None) is None:
        return None
    import svgelements as se

    colour = se.Color(value)
    return None if colour.alpha == 0 else colour.hex[:7].upper()


def _style(element: se.Shape) -> Style:
    """An icon shape's paint; `stroke-width="0"` draws no stroke (not a hairline)."""
    width = float(element.stroke_width or 0.0) if element.stroke is not None else 0.0
    return Style(fill=_colour(element.fill), stroke=_colour(element.stroke) if width > 0 else None,
                 stroke_width=width)


def _refuse_paint_servers(path: Path, shapes: list[se.Shape]) -> None:
    """An icon shape painted with a gradient or pattern (`fill="url(#...)"`) is an IconError
    at the file's line: svgelements would read it as black."""
    for element in shapes:
        for key in ("fill", "stroke"):
            written = str(element.values.get(key) or "")
            if written.strip().startswith("url("):
                shown = shown_path(path)
                tag = type(element).__name__.lower()
                ident = element.values.get("id")
                what = f"<{tag} id=\"{ident}\">" if ident else f"a <{tag}>"
                raise IconError("bad-icon", f"{_what_file(shown)} {shown}: {what} is painted with "
                                f"{key}=\"{written}\" (a gradient or pattern), which icons do not "
                                "draw", "give the shape a plain colour (fill=\"#RRGGBB\"); for a "
                                "gradient, draw the shape as a layout element with a "
                                "linear-gradient or radial-gradient fill",
                                _text_at(path, shown, written))


def _text_at(path: Path, shown: str, text: str) -> Location | None:
    """Where a piece of text is first written in a file, or None."""
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    for number, line in enumerate(lines, start=1):
        col = line.find(text)
        if col >= 0:
            return Location(shown, number, col + 1)
    return None


def icon_items(path: Path, x: float, y: float, size: float, colour: str | None = None
               ) -> list[Primitive]:
    """The icon file scaled into the square (x, y, size); `colour` recolours the black parts
    (of an SVG icon: a PNG or JPEG icon is drawn as it is, its shape kept)."""
    if path.suffix.lower() in RASTER_SUFFIXES:
        return _raster_icon(path, x, y, size)
    stat = path.stat()
    (vx, vy, vw, vh), paths = _recoloured(path, (stat.st_mtime_ns, stat.st_size), colour)
    scale = size / max(vw, vh)
    ox = x + (size - vw * scale) / 2 - vx * scale
    oy = y + (size - vh * scale) / 2 - vy * scale
    return [Group(paths, (scale, 0.0, 0.0, scale, ox, oy))] if paths else []


def _raster_icon(path: Path, x: float, y: float, size: float) -> list[Primitive]:
    """A PNG or JPEG icon as an image fitted into the square, centred."""
    from PIL import Image as PILImage

    try:
        digest = image_digest(path)
        with PILImage.open(path) as im:
            w, h = im.size
    except ImageError as exc:
        raise IconError("bad-icon", f"icon '{path.name}': {exc}", exc.hint) from None
    scale = size / max(w, h)
    return [Image(x + (size - w * scale) / 2, y + (size - h * scale) / 2, w * scale, h * scale,
                  path=str(path), digest=digest)]


def svg_art_items(path: Path, x: float, y: float, w: float, h: float) -> list[Primitive]:
    """SVG art scaled to fit the box (x, y, w, h), centred, its colours as drawn (IconError
    when it cannot be read)."""
    stat = path.stat()
    (vx, vy, vw, vh), paths = _recoloured(path, (stat.st_mtime_ns, stat.st_size), None)
    scale = min(w / vw, h / vh)
    ox = x + (w - vw * scale) / 2 - vx * scale
    oy = y + (h - vh * scale) / 2 - vy * scale
    return [Group(paths, (scale, 0.0, 0.0, scale, ox, oy))] if paths else []


@cache
def _recoloured(path: Path, version: tuple[int, int], colour: str | None
                ) -> tuple[tuple[float, float, float, float], tuple[Primitive, ...]]:
    """An icon file's paths, black parts recoloured; read once for each version of the file
    (modification time and size: an edited icon is read again)."""
    view, paths = _parsed(path, version)
    items: list[Primitive] = []
    for p in paths:
        style = p.style
        style = Style(fill=colour if colour and style.fill == "#000000" else style.fill,
                      stroke=colour if colour and style.stroke == "#000000" else style.stroke,
                      stroke_width=style.stroke_width)
        items.append(PathItem(p.ops, style))
    return view, tuple(items)


def forget_icons() -> None:
    """Forget parsed icon files (they are cached by path and version)."""
    _parsed.cache_clear()
    _recoloured.cache_clear()
