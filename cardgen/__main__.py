"""`python -m cardgen` -> the command line (the process ends with the command: cli/ending.py)."""

from __future__ import annotations

from cardgen.cli.ending import run

run()
