"""A layout session: what laying out the faces of one Database reads once and keeps.

The build (and `export`, and each rebuild of `watch`) makes one `LayoutSession` for the
Database it lays out and hands it to every call of stage 3. It owns the merged templates and the
layout file each came from (a broken one's problems, said once), each kind's FaceInfo, the icon
lookup, the images read (when a face cache listens), the shared faces and the drawings of leaf
elements by what they read (cardgen.layout.memo); the Database stays
data. A new session reads everything anew, so an edited template, icon or image is seen by the
next one, and nothing stale can outlive it. (Files themselves are cached by path and version,
`templates.py`, `icons.py`, `guards.py`: an edited file is read again.)
"""

from __future__ import annotations

from typing import Any, Protocol

from cardgen.data.model import Component, Database
from cardgen.data.yamlsrc import Source
from cardgen.errors import Problem
from cardgen.layout.drawing import Drawing
from cardgen.layout.icons import IconFinder
from cardgen.layout.lintmemo import LintMemo, relabelled
from cardgen.layout.memo import ElementMemo
from cardgen.layout.model import TemplateFile
from cardgen.records import record

Probe = tuple[str, str]  # an image file looked for, and its content digest ('' when none)


@record(frozen=True)
class FaceInfo:
    width: float
    height: float
    bleed: float
    sheet: str
    has_back: bool


def face_label(component: Component, side: str) -> str:
    """How a face's lint warnings name it: the id, and "back" for a back."""
    return f"{component.id}{'' if side == 'front' else ' back'}"


@record(frozen=True)
class SharedFace:
    """A face no binding of which read its component (a shared card back): laid out once per
    kind, side and edition, then handed to every other component of the kind under its name."""

    drawing: Drawing
    label: str  # face_label of the component it was laid out for
    probes: tuple[Probe, ...]  # the images it read (for the face cache)

    def for_component(self, component: Component, side: str) -> Drawing:
        d = self.drawing
        out = d.copied()  # dataclasses.replace, without its field walk
        out.name, out.items = f"{component.id}-{side}", list(d.items)
        out.warnings = relabelled(d.warnings, self.label, face_label(component, side))
        return out


SharedKey = tuple[str, str, str, bool]  # kind, side, edition, ink saver


class LayoutKeeper(Protocol):
    """Valid layout files as validated, kept between processes by the file's bytes
    (cardgen.pipeline.layoutkeep): read back instead of validated again."""

    def get(self, path: str, shown: str, data: bytes) -> tuple[TemplateFile, Source] | None: ...

    def put(self, path: str, shown: str, data: bytes, value: tuple[TemplateFile, Source]
            ) -> None: ...

    def save(self) -> None: ...  # once the session's layouts are read


class LayoutSession:
    """Stage 3's state for one Database (module doc)."""

    def __init__(self, db: Database):
        self.db = db
        self.icons = IconFinder(db.project, db.game.id, db.game.icons, db.game.icon_where)
        self.templates: dict[tuple[str, str], TemplateFile | None] = {}  # (kind, side) -> merged
        self.template_files: dict[tuple[str, str], str] = {}  # (kind, side) -> layout file shown
        self.template_problems: dict[tuple[str, str], list[Problem]] = {}  # broken: said once
        self.face_infos: dict[str, FaceInfo] = {}  # kind -> FaceInfo
        self.shared: dict[SharedKey, SharedFace] = {}
        self.probes: list[Probe] | None = None  # images read, while a face cache listens
        self.element_memo = ElementMemo()  # leaf elements' drawings, by what they read
        self.lint_memo = LintMemo()  # faces' lint findings, by what they depend on
        # (kind, side) -> (its template, palette, font family, layout file): every face's job
        self.face_parts: dict[tuple[str, str], tuple[TemplateFile, dict[str, Any], Any, Any]] = {}
        self.kept_layouts: LayoutKeeper | None = None  # validated layout files kept on disk

    def listen_for_images(self) -> list[Probe]:
        """Start (or restart) recording the images faces read; the list they go to."""
        if self.probes is None:
            self.probes = []
        self.probes.clear()
        return self.probes

    def shared_face(self, key: SharedKey, component: Component, side: str) -> Drawing | None:
        """The shared face for `key` under this component's name (None when there is none yet);
        its images count as read again."""
        shared = self.shared.get(key)
        if shared is None:
            return None
        if self.probes is not None:
            self.probes.extend(shared.probes)
        return shared.for_component(component, side)
