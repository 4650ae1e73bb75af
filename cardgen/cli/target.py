"""The command line's project and target: `--project DIR` (or the nearest folder holding
cardgen.yaml from the working folder upward) and `GAME[@EDITION]`."""

from __future__ import annotations

import argparse
from pathlib import Path

from cardgen.cli.faults import what_happened
from cardgen.errors import Problem, ProblemsError


def project_folder(args: argparse.Namespace) -> Path:
    """--project as given, else the nearest folder holding cardgen.yaml from here upward."""
    from cardgen.data.load import find_project

    given = getattr(args, "project", None)
    args.searched_upward = given is None  # said in "no cardgen.yaml in DIR or any folder above it"
    if given is None:
        return find_project(Path.cwd())
    project = Path(given)
    why = not_a_project(project)
    if why:
        raise ProblemsError([Problem("bad-project", f"--project {given}: {why}",
                                     hint="give the folder that holds cardgen.yaml, data/ and "
                                          "layouts/; `cardgen new GAME` starts one")])
    return project


def target(args: argparse.Namespace, text: str | None) -> tuple[str, str | None]:
    """GAME[@EDITION] as the command line gave it (None: the project's default game)."""
    from cardgen.data.load import parse_target

    return parse_target(text, args.project, searched_upward=getattr(args, "searched_upward", False))


def not_a_project(project: Path) -> str | None:
    """Why --project cannot be a project folder (None when it can)."""
    try:
        project.stat()
    except FileNotFoundError:
        return "no such folder" if not project.is_symlink() else "a symbolic link to nothing"
    except OSError as exc:
        return what_happened(exc)
    if not project.is_dir():
        return "is a file, not a folder"
    return None
