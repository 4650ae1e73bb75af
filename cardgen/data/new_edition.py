"""Project + game + new and parent edition ids -> data/<game>/<new>/ (edition.yaml, changes.yaml)."""

from __future__ import annotations

from pathlib import Path

from cardgen.data.load import check_name, list_editions, load_database
from cardgen.data.model import Component, Database
from cardgen.errors import Problem, ProblemsError, did_you_mean

CHANGES_FILE = "changes.yaml"


def create_edition(project: Path, game: str, new: str, parent: str | None = None) -> list[Path]:
    """Write a new edition extending `parent` (default: the game's default edition).

    Refuses (ProblemsError) a name the loader would refuse or an edition folder that exists;
    returns the files written.
    """
    check_name(new, "edition")
    base = load_database(project, game, parent)  # the parent must load cleanly
    root = project / "data" / game / new
    if root.exists():
        raise ProblemsError([Problem(
            "edition-exists", f"data/{game}/{new}/ already exists; not overwriting it",
            hint=f"pick another id; editions: {', '.join(list_editions(project, game))}")])
    root.mkdir(parents=True)
    files = {root / "edition.yaml": edition_yaml(base, new),
             root / CHANGES_FILE: changes_yaml(base, new)}
    for path, text in files.items():
        path.write_text(text, encoding="utf-8")
    return list(files)


def edition_yaml(base: Database, new: str) -> str:
    """The new edition.yaml: schema comment, edition, title, extends, a commented remove."""
    game = base.game
    return (
        f"# yaml-language-server: $schema=../../../schema/{game.id}.edition.schema.json\n"
        f"# {game.name} {new}: extends {base.edition.id} and states only what changed.\n"
        f"# The box list (inventory), players and rulebook mentions are inherited from "
        f"{base.edition.id}\n"
        f"# unless written here; component changes go in {CHANGES_FILE} (or any other .yaml).\n"
        f"edition: \"{new}\"\n"
        f"title: {game.name} {new}\n"
        f"# date: \"YYYY-MM-DD\"\n"
        f"extends: \"{base.edition.id}\"\n"
        + (f"# rulebook: rulebook.md   # this edition's own rulebook, relative to this folder; until "
           f"then {base.edition.id}'s is used\n" if base.edition.rulebook else "")
        +
        f"# remove: [{_example(base).id}]   # components of {base.edition.id} this edition drops\n"
    )


def changes_yaml(base: Database, new: str) -> str:
    """An empty components file whose comments show a patch, an addition and a removal."""
    example = _example(base)
    key, value = _example_field(base, example)
    return (
        f"# yaml-language-server: $schema=../../../schema/{base.game.id}.components.schema.json\n"
        f"# Changes from {base.label}.\n"
        f"#\n"
        f"# Patch: an id from {base.edition.id} without `kind:` replaces only the fields it "
        f"names;\n"
        f"# the other fields are kept. A field holding a mapping or a list is replaced whole.\n"
        f"# For example:\n"
        f"#\n"
        f"# - id: {example.id}\n"
        f"#   {key}: {value}\n"
        f"#\n"
        f"# Add: a new id with its `kind:` and every required field.\n"
        f"# Remove: list the id in edition.yaml, e.g. `remove: [{example.id}]`.\n"
        f"#\n"
        f"# Then: cardgen diff {base.label} {base.game.id}@{new}\n"
        f"[]\n"
    )


def _example(base: Database) -> Component:
    """The first component with a text field to patch, else the first component."""
    for component in base.components:
        if _text_field(base, component):
            return component
    if not base.components:
        raise ProblemsError([Problem(
            "empty-edition", f"{base.label} has no components to extend",
            hint=did_you_mean(base.edition.id, list_editions(base.project, base.game.id)))])
    return base.components[0]


def _example_field(base: Database, component: Component) -> tuple[str, str]:
    """A field of the example worth patching (its first text field), with its value."""
    found = _text_field(base, component)
    return found if found else ("name", _quoted(component.name))


def _text_field(base: Database, component: Component) -> tuple[str, str] | None:
    spec = base.game.kinds.get(component.kind)
    for name, field_spec in (spec.fields.items() if spec else []):
        value = component.fields.get(name)
        if field_spec.type == "text" and isinstance(value, str):
            return name, _quoted(value)
    return None


def _quoted(value: str) -> str:
    text = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")
    return f'"{text}"'
