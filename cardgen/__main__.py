"""`python -m cardgen` -> the command line."""

from __future__ import annotations

import sys

from cardgen.cli import main

sys.exit(main())
