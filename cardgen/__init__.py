"""cardgen: a tabletop game's YAML database -> checked, printable, playable components."""

__version__ = "0.1.0"
