"""Stage 1, load: YAML sources -> validated models -> one Database per GAME@EDITION.

yamlsrc.py reads YAML with the position of every key; model.py holds the typed model;
validate.py checks files and components against it; load.py merges editions through
`extends`; schema.py writes JSON Schemas; players.py and new_edition.py derive from a Database.

The names below are loaded when first used: finding the project (`project.find_project`)
does not load the models (nor pydantic).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardgen.data.load import list_games, load_database, parse_target
    from cardgen.data.model import Component, Database

__all__ = ["Component", "Database", "list_games", "load_database", "parse_target"]

_HOME = {"Component": "model", "Database": "model"}


def __getattr__(name: str) -> Any:
    """A name of __all__, from its submodule, loaded on first use."""
    if name not in __all__:
        raise AttributeError(f"module 'cardgen.data' has no attribute {name!r}")
    return getattr(import_module(f"cardgen.data.{_HOME.get(name, 'load')}"), name)
