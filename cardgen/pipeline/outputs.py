"""Output names (`--outputs`, cardgen.yaml `build.outputs`) -> which files a build writes.

    pnp-letter  home-print PDF on Letter (pnp-letter.pdf)
    pnp-a4      home-print PDF on A4 (pnp-a4.pdf)
    print       print-shop PDFs, one per kind (print/<kind>.pdf)
    svg         one SVG per face (svg/<kind>/<id>.svg)
    preview     PNG previews of the home-print pages and contact sheets (preview/)
    gallery     index.html: the faces (their SVGs), the check report and the edition diff

Nothing named means all of them. An unknown name is a Problem located in cardgen.yaml (or on
the command line) with a did-you-mean hint.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardgen.errors import Location, Problem, ProblemsError, did_you_mean

OUTPUTS = ("pnp-letter", "pnp-a4", "print", "svg", "preview", "gallery")
PAPER_OUTPUTS = {"pnp-letter": "letter", "pnp-a4": "a4"}


def parse_outputs(names: Sequence[object], where: Location | None = None,
                  path: str = "--outputs") -> tuple[str, ...]:
    """Output names -> the chosen ones in OUTPUTS order; unknown or empty ones are problems."""
    problems = []
    chosen = set()
    for name in names:
        text = str(name).strip()
        if text in OUTPUTS:
            chosen.add(text)
            continue
        problems.append(Problem(
            "unknown-output", f"no output named '{text}'", where=where, path=path,
            hint=(did_you_mean(text, OUTPUTS) if text else None)
            or f"outputs: {', '.join(OUTPUTS)}"))
    if not problems and not chosen:
        problems.append(Problem("unknown-output", "no output named", where=where, path=path,
                                hint=f"name one or more of: {', '.join(OUTPUTS)}"))
    if problems:
        raise ProblemsError(problems)
    return tuple(o for o in OUTPUTS if o in chosen)


def outputs_option(text: str) -> tuple[str, ...]:
    """`--outputs pnp-letter,svg` -> ('pnp-letter', 'svg')."""
    return parse_outputs(text.split(","))


def configured_outputs(project: Path) -> tuple[str, ...] | None:
    """cardgen.yaml's `build.outputs` (a list or a comma-separated string), None if not set."""
    from cardgen.data.load import read_config

    source = read_config(project)
    if source is None:
        return None
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
                             "build.outputs")
    if not isinstance(value, list):
        raise ProblemsError([Problem(
            "bad-type", "build.outputs must be a list of output names",
            where=source.value_where(("build", "outputs")), path="build.outputs",
            hint=f"e.g. outputs: [pnp-letter, preview]; outputs: {', '.join(OUTPUTS)}")])
    problems = []
    for i, name in enumerate(value):
        try:
            parse_outputs([name], source.value_where(("build", "outputs", i)),
                          f"build.outputs[{i}]")
        except ProblemsError as exc:
            problems.extend(exc.problems)
    if problems:
        raise ProblemsError(problems)
    return parse_outputs(value, source.value_where(("build", "outputs")), "build.outputs")


def options_for(outputs: tuple[str, ...] | None) -> dict[str, Any]:
    """The BuildOptions fields that write exactly these outputs (None: all of them); the
    gallery is a step the command line adds (cardgen.export.gallery.GalleryStep)."""
    chosen = set(OUTPUTS if outputs is None else outputs)
    return {
        "papers": tuple(paper for name, paper in PAPER_OUTPUTS.items() if name in chosen),
        "print_shop": "print" in chosen,
        "svg": "svg" in chosen,
        "preview": "preview" in chosen,
    }
