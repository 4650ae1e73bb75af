"""Stage 9, the command line: argparse and rich; the only place that prints or picks exit codes."""

from cardgen.cli.ending import run
from cardgen.cli.main import main

__all__ = ["main", "run"]
