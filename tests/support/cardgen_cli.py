"""cardgen's command line, with tests/support/standin_layout.py standing in for a missing cardgen.layout."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository
from tests.support import standin_layout  # noqa: E402

if __name__ == "__main__":
    standin_layout.install()
    from cardgen.cli import main

    sys.exit(main(sys.argv[1:]))
