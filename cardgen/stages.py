"""The pipeline's stages, numbered once: ARCHITECTURE.md, the progress bar and the code use these.

`cardgen check` runs stages 1-2; `cardgen build` runs 1-8 (stages 4-7 as parallel tasks).
A test keeps ARCHITECTURE.md's stage table equal to STAGES.
"""

from __future__ import annotations

from cardgen.records import record


@record(frozen=True)
class Stage:
    number: int
    name: str  # as the progress bar shows it
    package: str  # where the code lives
    produces: str


STAGES = (
    Stage(1, "load", "cardgen/data", "YAML files -> a validated, merged Database"),
    Stage(2, "check", "cardgen/check", "Database -> Report (box list, rules, rulebook findings)"),
    Stage(3, "faces", "cardgen/layout", "component + layout template -> a Drawing per face"),
    Stage(4, "home print", "cardgen/impose, cardgen/render",
          "page plans -> pnp-<paper>.pdf (duplex), pnp-<paper>-single.pdf; "
          "rulebook -> rules-<paper>.pdf, rules-booklet-<paper>.pdf"),
    Stage(5, "print shop", "cardgen/render", "one page per face with bleed -> print/<kind>.pdf"),
    Stage(6, "svg", "cardgen/render", "one SVG per face -> svg/<kind>/<id>.svg"),
    Stage(7, "preview", "cardgen/render", "PNG pages and contact sheets -> preview/"),
    Stage(8, "manifest", "cardgen/pipeline", "every file, what it holds -> manifest.json"),
)

_BY_NAME = {s.name: s for s in STAGES}


def stage(name: str) -> Stage:
    """The stage a progress name belongs to ('print letter', 'print a4' and 'print rules' are
    home print)."""
    if name.startswith("print ") and name != "print shop":
        return _BY_NAME["home print"]
    return _BY_NAME[name]


def progress_label(name: str) -> str:
    """'faces' -> '3/8 faces': what the progress bar shows for a task."""
    return f"{stage(name).number}/{len(STAGES)} {name}"
