"""A warm process takes an SVG task's unchanged faces in bulk (`pipeline.svgchunks`): the
records it hands back and what it leaves in `output.Previous` (the spare's SVGs taken, those
linked for the next spare, the measured ones, those written) are what taking each face on its
own gives, after any change of a face, of the spare, of the previous output or of a record."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from cardgen.pipeline import manifest, output, svgchunks, warm, writers

FACES = [(f"c{n}", side) for n in range(5) for side in ("front", "back")]


@pytest.fixture(autouse=True)
def _warm() -> Iterator[None]:
    warm.keep_warm()
    yield
    warm.keep_warm(False)


class Src:
    code = "tool-1"

    def key(self, what: str, *parts: str) -> str:
        return f"{what}:{self.code}:{':'.join(parts)}"


def _faces() -> SimpleNamespace:
    return SimpleNamespace(
        components=[SimpleNamespace(id=f"c{n}", kind="card") for n in range(5)], extras=[],
        keys={face: f"k-{face[0]}-{face[1]}" for face in FACES},
        drawings={face: SimpleNamespace(name=f"{face[0]} {face[1]}") for face in FACES})


class World:
    """A previous output (`folder`) listing every face's SVG, and a spare (`tmp`) holding them."""

    def __init__(self, root: Path) -> None:
        self.folder, self.tmp, self.faces = root / "out", root / "tmp", _faces()
        self.files: dict[str, tuple[str, int]] = {}
        self.digests: dict[str, str] = {}
        self.present: dict[str, tuple[str, int]] = {}
        src = Src()
        for face in FACES:
            name = writers.svg_name(face, {face[0]: "card"})
            source = src.key("svg", self.faces.drawings[face].name, self.faces.keys[face])
            for where in (self.folder, self.tmp):
                (where / name).parent.mkdir(parents=True, exist_ok=True)
            (self.folder / name).write_text(f"<svg>{face}</svg>")
            os.link(self.folder / name, self.tmp / name)
            self.files[source] = (name, (self.folder / name).stat().st_size)
            self.digests[source] = f"sha-{face}"
            self.present[name] = (source, (self.folder / name).stat().st_ino)
        (self.tmp / "svg" / "token").mkdir()

    def previous(self, tmp: Path | None = None) -> output.Previous:
        previous = output.Previous(self.folder, dict(self.files), dict(self.digests))
        previous.tmp = os.path.join(os.fspath(tmp or self.tmp), "")
        previous.kept, previous.present = dict(self.present), dict(self.present)
        return previous

    def build(self, previous: output.Previous, chosen: list[Any] | None = None,
              tmp: Path | None = None) -> tuple[object, ...]:
        records = writers.write_svg_files(self.faces, chosen or FACES, tmp or self.tmp,  # type: ignore[arg-type]
                                          previous, Src())  # type: ignore[arg-type]
        made = [svgchunks.VALUES(r)[:-1] for r in records]
        return made, previous.present, previous.linked, previous.reused, previous.written


def _reuses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The targets `Previous.reuse` is asked for from now on."""
    asked: list[str] = []
    reuse = output.Previous.reuse

    def counted(self: output.Previous, key: str, target: Path | str) -> bool:
        asked.append(str(target))
        return reuse(self, key, target)

    monkeypatch.setattr(output.Previous, "reuse", counted)
    monkeypatch.setattr(writers.SvgMemo, "svg", lambda self, key, drawing: f"<svg>{key}</svg>")
    return asked


def test_unchanged_faces_are_taken_in_bulk_as_face_by_face(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    world = World(tmp_path)
    asked = _reuses(monkeypatch)
    first = world.build(world.previous())
    assert len(asked) == len(FACES)
    again = world.build(world.previous())
    assert len(asked) == len(FACES)  # none asked for again
    assert again == first and not again[1] and len(again[2]) == len(FACES)
    svgchunks._CHUNKS.clear()
    assert world.build(world.previous()) == again


def _key(world: World) -> None:
    world.faces.keys[FACES[3]] = "k-changed"


def _drawing_name(world: World) -> None:
    world.faces.drawings[FACES[4]] = SimpleNamespace(name="renamed")


def _kind(world: World) -> None:
    world.faces.components[2].kind = "token"


def _not_in_spare(world: World) -> None:
    del world.present["svg/card/c1-back.svg"]
    os.unlink(world.tmp / "svg/card/c1-back.svg")


def _other_inode(world: World) -> None:
    source, inode = world.present["svg/card/c0.svg"]
    world.present["svg/card/c0.svg"] = (source, inode + 1)


def _spare_holds_another(world: World) -> None:
    source, inode = world.present["svg/card/c4.svg"]
    world.present["svg/card/c4.svg"] = ("svg:another", inode)


def _other_size(world: World) -> None:
    source = next(iter(world.files))
    world.files[source] = (world.files[source][0], world.files[source][1] + 1)


def _other_digest(world: World) -> None:
    world.digests[next(iter(world.digests))] = "sha-other"


def _listed_elsewhere(world: World) -> None:
    source = next(iter(world.files))
    world.files[source] = ("svg/card/elsewhere.svg", world.files[source][1])


def _reassigned(world: World) -> None:
    for chunk in svgchunks._CHUNKS.values():
        chunk.records[5].source = "svg:reassigned"


@pytest.mark.parametrize("change", [_key, _drawing_name, _kind, _not_in_spare, _other_inode,
                                    _spare_holds_another, _other_size, _other_digest,
                                    _listed_elsewhere, _reassigned])
def test_a_kept_chunk_takes_no_face_that_changed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: Callable[[World], None]
        ) -> None:
    """After each change, the build with the chunk kept gives what one without it gives,
    taking face by face the faces changed (and only those)."""
    asked = _reuses(monkeypatch)
    world = World(tmp_path / "a")
    world.build(world.previous())
    change(world)
    asked.clear()
    kept = world.build(world.previous())
    assert 1 <= len(asked) <= 2, asked
    fresh = World(tmp_path / "b")
    change(fresh)
    svgchunks._CHUNKS.clear()
    cold = fresh.build(fresh.previous())
    assert _relative(kept, world) == _relative(cold, fresh)


def _relative(built: tuple[Any, ...], world: World) -> tuple[Any, ...]:
    """A build's results with its folder's paths made relative and its inodes left out."""
    made, present, linked, reused, written = built
    root = str(world.tmp)
    return (made, sorted(present), sorted(linked),
            {k.removeprefix(root): v for k, v in reused.items()}, written)


def test_a_chunk_is_kept_for_its_faces_and_folder_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Other faces (or the same in another order), another folder, or a build that fails
    halfway take nothing from a kept chunk."""
    asked = _reuses(monkeypatch)
    world = World(tmp_path)
    world.build(world.previous())
    asked.clear()
    world.build(world.previous(), list(reversed(FACES)))
    assert len(asked) == len(FACES)
    other = tmp_path / "other"
    (other / "svg" / "card").mkdir(parents=True)
    asked.clear()
    world.build(world.previous(other), tmp=other)
    assert len(asked) == len(FACES)
    world.build(world.previous())
    assert (Src.code, str(world.tmp), FACES[0]) in svgchunks._CHUNKS

    def failing(self: object, key: str, target: Path | str) -> bool:
        raise OSError("disk full")

    monkeypatch.setattr(output.Previous, "reuse", failing)
    world.faces.keys[FACES[0]] = "k-changed"
    with pytest.raises(OSError):
        world.build(world.previous())
    assert (Src.code, str(world.tmp), FACES[0]) not in svgchunks._CHUNKS


def test_a_task_s_records_measured_and_encoded_are_handed_on_as_they_are(
        tmp_path: Path) -> None:
    """`tasks.measured` measures and encodes a task's records unless each one is both."""
    from cardgen.pipeline import tasks

    done = manifest.FileRecord("svg/card/a.svg", "svg", ["card"], 0, 1, source="svg:a",
                               size=3, digest="d").encode(tmp_path)
    (tmp_path / "b.svg").write_text("<b>")
    todo = manifest.FileRecord("b.svg", "svg", ["card"], 0, 1, source="svg:b")
    job = SimpleNamespace(pid=os.getpid(), tmp=tmp_path, previous=output.Previous(tmp_path, {}))
    tasks._JOB = job  # type: ignore[assignment]
    try:
        records = tasks.measured(lambda: ([done], None))[0]
        assert records == [done] and records[0] is done
        records = tasks.measured(lambda: ([done, todo], None))[0]
    finally:
        tasks._JOB = None
    assert records[1].size == 3 and records[1].encoded is not None and records[0] is done
