"""The output catalogue: every output a build can write, each in one entry (the name
`--outputs` and cardgen.yaml `build.outputs` accept, what it writes, what the manifest records
its files as). Each paper of the paper catalogue (cardgen.impose.papers, a project's own
included) gives a `pnp-<paper>` output; `cardgen build --help` lists them.

Nothing named means every output built by default: all of them but `preview` (PNG pages and
contact sheets cost more than every PDF together, and the gallery shows the SVG faces), which
a build writes only when asked (`--previews`, `--outputs ...,preview`, cardgen.yaml
`build.outputs`). An unknown name is a Problem located in cardgen.yaml (or on
the command line) with a did-you-mean hint.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardgen.errors import Location, Problem, ProblemsError, did_you_mean
from cardgen.impose.geometry import Paper
from cardgen.impose.papers import BUILT_IN, catalogue, paper_label, project_papers
from cardgen.records import record


@record(frozen=True)
class Output:
    """One thing a build can write."""

    name: str  # what --outputs and build.outputs accept
    writes: str  # the files, as help and docs say it
    holds: tuple[str, ...]  # what manifest.json records its files as (FileRecord.holds)
    paper: str | None = None  # a home-print output: the paper's id
    default: bool = True  # built when no output is named


def paper_output(paper: Paper) -> Output:
    return Output(f"pnp-{paper.name}", f"home-print PDF on {paper_label(paper)} "
                  f"(pnp-{paper.name}.pdf)", ("home-print",), paper.name)


FILE_OUTPUTS = (
    Output("print", "print-shop PDFs, one per kind (print/<kind>.pdf)", ("print-shop",)),
    Output("rules", "the rulebook typeset per home-print paper, and as a saddle-stitch booklet "
           "(rules-<paper>.pdf, rules-booklet-<paper>.pdf)", ("rules", "rules-booklet")),
    Output("svg", "one SVG per face (svg/<kind>/<id>.svg)", ("svg",)),
    Output("preview", "PNG previews of the home-print pages and contact sheets (preview/)",
           ("preview", "contact-sheet"), default=False),
    Output("gallery", "index.html: the faces (their SVGs), the check report and the edition diff",
           ("gallery",)),
)


def output_catalogue(papers: Sequence[Paper] = BUILT_IN) -> tuple[Output, ...]:
    """Every output, the home-print ones first (one per paper, in catalogue order)."""
    return (*(paper_output(p) for p in papers), *FILE_OUTPUTS)


OUTPUTS = tuple(o.name for o in output_catalogue())  # cardgen's own, without a project's papers


def project_outputs(project: Path) -> tuple[Output, ...]:
    """The outputs a project can build: cardgen's, and a pnp-<id> per paper of its own."""
    return output_catalogue(tuple(project_paper_catalogue(project).values()))


def project_paper_catalogue(project: Path) -> dict[str, Paper]:
    """Paper id -> Paper: cardgen's papers and the project's cardgen.yaml `papers:`."""
    from cardgen.data.load import read_config

    return catalogue(project_papers(read_config(project)))


def parse_outputs(names: Sequence[object], where: Location | None = None,
                  path: str = "--outputs", known: Sequence[Output] | None = None
                  ) -> tuple[str, ...]:
    """Output names -> the chosen ones in catalogue order; unknown or empty ones are problems."""
    order = [o.name for o in (known if known is not None else output_catalogue())]
    problems = []
    chosen = set()
    for name in names:
        text = str(name).strip()
        if text in order:
            chosen.add(text)
            continue
        problems.append(Problem(
            "unknown-output", f"no output named '{text}'", where=where, path=path,
            hint=(did_you_mean(text, order) if text else None)
            or f"outputs: {', '.join(order)}"))
    if not problems and not chosen:
        problems.append(Problem("unknown-output", "no output named", where=where, path=path,
                                hint=f"name one or more of: {', '.join(order)}"))
    if problems:
        raise ProblemsError(problems)
    return tuple(o for o in order if o in chosen)


def outputs_option(text: str, project: Path | None = None) -> tuple[str, ...]:
    """`--outputs pnp-letter,svg` -> ('pnp-letter', 'svg') (a project's own papers known)."""
    return parse_outputs(text.split(","),
                         known=project_outputs(project) if project is not None else None)


def configured_outputs(project: Path) -> tuple[str, ...] | None:
    """cardgen.yaml's `build.outputs` (a list or a comma-separated string), None if not set."""
    from cardgen.data.load import read_config

    source = read_config(project)
    if source is None:
        return None
    known = output_catalogue(tuple(catalogue(project_papers(source)).values()))
    build = source.data.get("build") if isinstance(source.data, dict) else None
    if build is None:
        return None
    if not isinstance(build, dict):
        raise ProblemsError([Problem(
            "bad-type", "build must be a mapping", where=source.value_where(("build",)),
            path="build", hint="e.g. build: {outputs: [pnp-letter, preview]}")])
    value = build.get("outputs")
    if value is None:
        return None
    if isinstance(value, str):
        return parse_outputs(value.split(","), source.value_where(("build", "outputs")),
                             "build.outputs", known)
    if not isinstance(value, list):
        raise ProblemsError([Problem(
            "bad-type", "build.outputs must be a list of output names",
            where=source.value_where(("build", "outputs")), path="build.outputs",
            hint=f"e.g. outputs: [pnp-letter, preview]; outputs: {', '.join(OUTPUTS)}")])
    problems = []
    for i, name in enumerate(value):
        try:
            parse_outputs([name], source.value_where(("build", "outputs", i)),
                          f"build.outputs[{i}]", known)
        except ProblemsError as exc:
            problems.extend(exc.problems)
    if problems:
        raise ProblemsError(problems)
    return parse_outputs(value, source.value_where(("build", "outputs")), "build.outputs", known)


def options_for(outputs: tuple[str, ...] | None, known: Sequence[Output] | None = None
                ) -> dict[str, Any]:
    """The BuildOptions fields that write exactly these outputs (None: every default output
    of the catalogue `known`, cardgen's own by default, previews left out); the gallery is a
    step the command line adds (cardgen.export.gallery.GalleryStep)."""
    every = known if known is not None else output_catalogue()
    chosen = {o.name for o in every if o.default} if outputs is None else set(outputs)
    return {
        "papers": tuple(o.paper for o in every if o.paper is not None and o.name in chosen),
        "print_shop": "print" in chosen,
        "rules": "rules" in chosen,
        "svg": "svg" in chosen,
        "preview": "preview" in chosen,
    }
