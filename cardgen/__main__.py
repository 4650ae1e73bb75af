"""`python -m cardgen` -> the command line."""

import sys

from cardgen.cli import main

sys.exit(main())
