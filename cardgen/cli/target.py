"""The command line's project and target: `--project DIR` (or the nearest folder holding
cardgen.yaml from the working folder upward), accepted anywhere on the line, and
`GAME[@EDITION]`."""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from pathlib import Path

from cardgen.errors import Problem, ProblemsError


def project_folder(args: argparse.Namespace) -> Path:
    """--project as given, else the nearest folder holding cardgen.yaml from here upward."""
    given = getattr(args, "project", None)
    args.searched_upward = given is None  # said in "no cardgen.yaml in DIR or any folder above it"
    if given is None:
        from cardgen.data.project import find_project

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
        from cardgen.cli.faults import what_happened

        return what_happened(exc)
    if not project.is_dir():
        return "is a file, not a folder"
    return None


GLOBAL_OPTIONS = ("--project",)  # each takes one value; accepted anywhere on the line


def hoist_global_options(argv: Sequence[str]) -> list[str]:
    """The command line with every global option moved before the command, where argparse
    reads it: `cardgen check --project X` is `cardgen --project X check`."""
    front: list[str] = []
    rest: list[str] = []
    items = list(argv)
    i = 0
    while i < len(items):
        arg = items[i]
        if arg == "--":
            rest.extend(items[i:])
            break
        if arg.split("=", 1)[0] in GLOBAL_OPTIONS:
            take = 1 if "=" in arg else 2
            front.extend(items[i:i + take])
            i += take
            continue
        rest.append(arg)
        i += 1
    return front + rest


def command_of(line: list[str], names: Iterable[str]) -> str | None:
    """The command of `names` a hoisted command line runs (None for none: `--help`, a typo)."""
    i = 0
    while i < len(line) and line[i].split("=", 1)[0] in GLOBAL_OPTIONS:
        i += 1 if "=" in line[i] else 2
    return line[i] if i < len(line) and line[i] in names else None
