"""The paper catalogue: every paper home print can use, each in one entry (id, size, the
label the print plan gives it); the `pnp-<id>` output of each comes from it
(cardgen.pipeline.outputs). A project adds its own under `papers:` in cardgen.yaml:

    papers:
      - { id: a3, width: 297, height: 420, label: "A3 (297 x 420 mm)" }
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from cardgen.deferral import DeferredPattern
from cardgen.errors import Problem, ProblemsError
from cardgen.impose.geometry import COMMON_H, COMMON_W, Paper
from cardgen.limits import MAX_FACE_MM

if TYPE_CHECKING:
    from cardgen.data.yamlsrc import Source

BUILT_IN: tuple[Paper, ...] = (
    Paper("letter", 215.9, 279.4, "US Letter (8.5 x 11 in)"),
    Paper("a4", 210.0, 297.0, "A4 (210 x 297 mm)"),
)
PAPERS: dict[str, Paper] = {p.name: p for p in BUILT_IN}  # cardgen's own, by id
# DeferredPattern: compiled when first used (cardgen/deferral.py): only a project's own papers
_ID = DeferredPattern(r"[a-z0-9][a-z0-9-]{0,30}", 0)
_EXAMPLE = 'e.g. papers: [{ id: a3, width: 297, height: 420, label: "A3 (297 x 420 mm)" }]'


def paper_label(paper: Paper) -> str:
    """How the print plan names a paper."""
    return paper.label or paper.name


def catalogue(own: tuple[Paper, ...] = ()) -> dict[str, Paper]:
    """cardgen's papers, then a project's own, by id (a project's paper of a built-in id wins)."""
    return {p.name: p for p in (*BUILT_IN, *own)}


def project_papers(config: Source | None) -> tuple[Paper, ...]:
    """The papers a project's cardgen.yaml adds (`papers:`); mistakes are located Problems."""
    data = config.data if config is not None else None
    written = data.get("papers") if isinstance(data, dict) else None
    if config is None or written is None:
        return ()
    if not isinstance(written, list):
        raise ProblemsError([Problem("bad-type", "papers must be a list of papers",
                                     where=config.value_where(("papers",)), path="papers",
                                     hint=_EXAMPLE)])
    problems: list[Problem] = []
    papers = [paper for i, entry in enumerate(written)
              if (paper := _paper(config, i, entry, problems)) is not None]
    if problems:
        raise ProblemsError(problems)
    return tuple(papers)


def _paper(config: Source, i: int, entry: object, problems: list[Problem]) -> Paper | None:
    at = ("papers", i)
    if not isinstance(entry, Mapping):
        problems.append(Problem("bad-type", "a paper is a mapping (id, width, height, label)",
                                where=config.value_where(at), path=f"papers[{i}]", hint=_EXAMPLE))
        return None
    found = len(problems)
    unknown = sorted(set(entry) - {"id", "width", "height", "label"})
    problems += [Problem("unknown-key", f"unknown key '{k}'", where=config.where((*at, k)),
                         path=f"papers[{i}].{k}", hint="a paper has id, width, height, label")
                 for k in unknown]
    paper_id = entry.get("id")
    if not isinstance(paper_id, str) or not _ID.fullmatch(paper_id):
        problems.append(Problem("bad-value", f"paper id {paper_id!r} is not a short lower-case name",
                                where=config.value_where((*at, "id")), path=f"papers[{i}].id",
                                hint="it names the output pnp-<id>: e.g. id: a3"))
    size = [_side(config, i, key, entry.get(key), problems) for key in ("width", "height")]
    label = entry.get("label", paper_id)
    if len(problems) > found:
        return None
    return Paper(str(paper_id), size[0], size[1], str(label))


def _side(config: Source, i: int, key: str, value: object, problems: list[Problem]) -> float:
    """A paper's width or height, mm: room for the common area, at most a face's limit."""
    least = COMMON_W if key == "width" else COMMON_H
    if isinstance(value, int | float) and not isinstance(value, bool) \
            and least <= value <= MAX_FACE_MM:
        return float(value)
    problems.append(Problem("bad-value", f"paper {key} {value!r} is not a size in mm from "
                            f"{least:g} to {MAX_FACE_MM:g}", where=config.value_where(("papers", i, key)),
                            path=f"papers[{i}].{key}", hint="write the sheet's size in mm, portrait"))
    return 0.0
