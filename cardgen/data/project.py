"""The project: its folder (found upward from where cardgen runs), its cardgen.yaml, the games
and editions under data/, and the names a target (`GAME[@EDITION]`) may use; reading a file of
the project only once it is known to lie inside it."""

from __future__ import annotations

from pathlib import Path

from cardgen.data.paths import SLUG_HINT, readable, slug_problem
from cardgen.data.yamlkeep import read_kept
from cardgen.data.yamlsrc import Source
from cardgen.errors import Location, Problem, ProblemsError

PROJECT_FILE = "cardgen.yaml"


# ---------------------------------------------------------------- finding things


def list_games(project: Path) -> list[str]:
    data = project / "data"
    return sorted(p.name for p in data.iterdir() if (p / "game.yaml").is_file()) if data.is_dir() else []


def list_editions(project: Path, game: str) -> list[str]:
    root = project / "data" / game
    return sorted(p.name for p in root.iterdir() if (p / "edition.yaml").is_file()) if root.is_dir() else []


def find_project(start: Path) -> Path:
    """The nearest folder holding cardgen.yaml, `start` or one above it; `start` when none does."""
    start = start.resolve()
    return next((folder for folder in (start, *start.parents) if (folder / PROJECT_FILE).is_file()),
                start)


def read_config(project: Path) -> Source | None:
    """The project's cardgen.yaml (a link out of the project refused), None when it has none."""
    root = project.resolve()
    config = root / PROJECT_FILE
    return read_confined(root, config) if config.is_file() else None


def default_game(project: Path, *, searched_upward: bool = False) -> str:
    """The game `cardgen check` means with no argument: cardgen.yaml's default_game, else the only
    one. `searched_upward`: the project was looked for from a folder upward (not given)."""
    config = read_config(project)
    data = config.data if config is not None else None
    default = data.get("default_game") if isinstance(data, dict) else None
    if isinstance(default, str):
        return default
    games = list_games(project)
    if len(games) == 1:
        return games[0]
    if config is None and not games:
        raise ProblemsError([Problem(
            "no-project", f"no cardgen.yaml in {project}"
            + (" or any folder above it" if searched_upward else ""),
            hint="start one with `cardgen new GAME`, or point at one with --project DIR")])
    raise ProblemsError([Problem(
        "no-default-game", "no game named and no default_game in cardgen.yaml",
        where=Location(PROJECT_FILE, 1, 1),
        hint=f"name one: {', '.join(games) or '(no games under data/)'}")])


def parse_target(target: str | None, project: Path, *, searched_upward: bool = False
                 ) -> tuple[str, str | None]:
    """'game@1.0' -> ('game', '1.0'); 'game' -> ('game', None); None -> the project's default game
    (`searched_upward`: the project was looked for upward from the working folder)."""
    if not target:
        return default_game(project, searched_upward=searched_upward), None
    game, _, edition = target.partition("@")
    check_name(game, "game")
    if edition:
        check_name(edition, "edition")
    return game, edition or None


def check_name(value: str, what: str, where: Location | None = None, path: str = "") -> None:
    """Refuse a game or edition name that is not a slug (it becomes part of output paths)."""
    why = slug_problem(value, what)
    if why:
        raise ProblemsError([Problem("bad-name", why, where=where, path=path,
                                     hint=f"{what} names are folder names: {SLUG_HINT}")])


def read_confined(project: Path, path: Path, share: bool = False) -> Source:
    """A YAML file of the project, read once it is known to lie inside it (kept parsed
    between loads once `yamlkeep.keep_parsed()` was called; `share`: `yamlkeep.read_kept`)."""
    return read_kept(path, confined_name(project, path), share)


def confined_name(project: Path, path: Path) -> str:
    """The file's name as shown, once it is known to lie inside the project (links resolved)."""
    shown = shown_name(project, path)
    if not readable(path, project):
        raise ProblemsError([Problem(
            "outside-project", f"{shown} leads outside the project folder (a symbolic link)",
            where=Location(shown, 1, 1),
            hint="copy the file into the project instead of linking to it")])
    return shown


def shown_name(project: Path, path: Path) -> str:
    try:
        return str(path.relative_to(project))
    except ValueError:
        return str(path)
