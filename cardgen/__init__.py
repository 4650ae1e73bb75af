"""cardgen: a tabletop game's YAML database -> checked, printable, playable components.

The scripting API (everything else is private by convention and may move):

    import cardgen
    db = cardgen.load_game("mygame@1.0", project="path/to/project")
    report = cardgen.check_game(db)            # report.failed(), report.to_json()
    summary = cardgen.build_game(db)           # output/<game>-<edition>/
    changes = cardgen.diff_editions(cardgen.load_game("mygame@0.9"), db)

Errors a person can fix raise `ProblemsError`; each of its `problems` renders as
`file:line:col: error[rule] key.path: message` with a hint. The functions import their stage
only when called, so `import cardgen` stays cheap.
"""

from __future__ import annotations

from cardgen.ownimport import install

install()  # cardgen's own modules found and read without the generic import machinery

TYPE_CHECKING = False  # neither typing nor pathlib imported: `cardgen build` handed to a
if TYPE_CHECKING:  # running `cardgen serve` (cli/serve_client.py) loads little more than this
    from pathlib import Path
    from typing import Any

    from cardgen.check.report import Report
    from cardgen.data.model import Database
    from cardgen.diff.compute import EditionDiff
    from cardgen.errors import Problem, ProblemsError
    from cardgen.pipeline.faces import BuildSummary

__version__ = "0.1.0"

__all__ = ["Problem", "ProblemsError", "__version__", "build_game", "check_game",
           "diff_editions", "load_game"]


def __getattr__(name: str) -> Any:
    """`Problem` and `ProblemsError`, imported when first asked for (`import cardgen` loads no
    dataclasses, so the command line sets its collector's thresholds before they load)."""
    if name in ("Problem", "ProblemsError"):
        from cardgen import errors

        return getattr(errors, name)
    raise AttributeError(f"module 'cardgen' has no attribute {name!r}")


def load_game(target: str | None = None, project: str | Path = ".") -> Database:
    """Stage 1: 'GAME[@EDITION]' (default: the project's default game) -> its Database."""
    from pathlib import Path

    from cardgen.data.load import load_database, parse_target

    root = Path(project)
    game, edition = parse_target(target, root)
    return load_database(root, game, edition)


def check_game(db: Database, players: int | None = None) -> Report:
    """Stage 2: the box list, the game's rules and rulebook findings (for N players if given)."""
    from cardgen.check.report import check

    return check(db, players=players)


def build_game(db: Database, out: str | Path | None = None, **options: Any) -> BuildSummary:
    """Stages 3-8 into OUT/<game>-<edition>/ (default PROJECT/output); options are
    cardgen.pipeline.faces.BuildOptions fields (fold=True, papers=("a4",), preview=True,
    print_shop=False, ...; cardgen.pipeline.outputs.options_for maps output names to them).
    The folder gets the gallery (index.html with the check report) unless extra_steps says
    otherwise."""
    from pathlib import Path

    from cardgen.pipeline.faces import BuildOptions
    from cardgen.pipeline.run import build

    if "extra_steps" not in options:
        from cardgen.check.report import check
        from cardgen.export.gallery import GalleryStep

        options["extra_steps"] = (GalleryStep(check(db)),)

    return build(db, Path(out) if out is not None else db.project / "output",
                 BuildOptions(**options))


def diff_editions(old: Database, new: Database) -> EditionDiff:
    """What changed from one edition to another: components, fields, kinds, box-list rows."""
    from cardgen.diff.compute import diff_databases

    return diff_databases(old, new)
