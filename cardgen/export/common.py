"""What every export shares: laying out the chosen kinds, decks in database order, an atomic
output folder with a manifest of its files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen import records
from cardgen.data.model import Component, Database
from cardgen.errors import Problem, ProblemsError, did_you_mean
from cardgen.pipeline import manifest, sources
from cardgen.pipeline.faces import FaceKey, Faces, kind_title, lay_out_faces


@records.record
class Deck:
    """The components of one kind, in database order, with their faces."""

    kind: str
    title: str
    components: list[Component]
    has_back: bool

    def faces(self, side: str) -> list[FaceKey]:
        return [(c.id, side) for c in self.components]


def lay_out(db: Database, kinds: list[str] | None = None) -> Faces:
    """Every face of the chosen kinds (all kinds when None), from the face cache when unchanged."""
    if kinds:
        unknown = sorted(set(kinds) - set(db.game.kinds))
        if unknown:
            raise ProblemsError([Problem(
                "unknown-kind", f"{db.label} has no kind {', '.join(unknown)}",
                hint=did_you_mean(unknown[0], db.game.kinds) or "")])
    only = {c.id for c in db.components if c.kind in kinds} if kinds else None
    cache = sources.FaceCache(db)
    faces = lay_out_faces(db, only, lambda stage, done, total: None, cache)
    cache.save(keep_old=True)
    return faces


def decks(db: Database, faces: Faces) -> list[Deck]:
    """One deck per kind, kinds in the order their first component comes."""
    by_kind: dict[str, list[Component]] = {}
    for c in faces.components:
        by_kind.setdefault(c.kind, []).append(c)
    return [Deck(kind, kind_title(db, kind), chosen,
                 all((c.id, "back") in faces.drawings for c in chosen))
            for kind, chosen in by_kind.items()]


def shared_back(faces: Faces, deck: Deck) -> FaceKey | None:
    """The one back every card of the deck shares (same content), or None."""
    if not deck.has_back:
        return None
    keys = {faces.key(f) for f in deck.faces("back")}
    return deck.faces("back")[0] if len(keys) == 1 else None


def write_export_manifest(db: Database, tmp: Path, records: list[manifest.FileRecord],
                          options: dict[str, Any], faces: Faces) -> None:
    data = manifest.manifest(db, tmp, records, options, [c.id for c in faces.components])
    manifest.write_manifest(tmp / "manifest.json", data)


def record(path: str, holds: str, kinds: list[str], faces: int = 1, pages: int = 0,
           copies: dict[str, dict[str, int]] | None = None) -> manifest.FileRecord:
    return manifest.FileRecord(path, holds, kinds, pages, faces, copies or {})
