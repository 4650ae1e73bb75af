"""Stage 1, load: YAML sources -> validated models -> one Database per GAME@EDITION.

yamlsrc.py reads YAML with the position of every key; model.py holds the typed model;
validate.py checks files and components against it; load.py merges editions through
`extends`; schema.py writes JSON Schemas; players.py and new_edition.py derive from a Database.
"""

from cardgen.data.load import list_games, load_database, parse_target
from cardgen.data.model import Component, Database

__all__ = ["Component", "Database", "list_games", "load_database", "parse_target"]
