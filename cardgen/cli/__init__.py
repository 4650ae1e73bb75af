"""Stage 9, the command line: argparse and rich; the only place that prints or picks exit codes.

`main` is imported when first asked for: the installed `cardgen` (`cardgen.cli:run`) looks for
a `cardgen serve` to hand its command to before loading the command line (cli/ending.py). As
before, `cardgen.cli.main` names the function (the submodule is `sys.modules["cardgen.cli.main"]`).
"""

from __future__ import annotations

import sys

from cardgen.cli.ending import run

TYPE_CHECKING = False  # typing itself is not imported: ~3 ms of a handed-over command's start
if TYPE_CHECKING:
    from types import ModuleType
    from typing import Any

    from cardgen.cli.main import main
else:
    ModuleType = type(sys)

__all__ = ["main", "run"]


def __getattr__(name: str) -> Any:
    if name == "main":
        from cardgen.cli.main import main

        return main
    raise AttributeError(f"module 'cardgen.cli' has no attribute {name!r}")


class _Package(ModuleType):
    """This package, whose `main` stays the function when the submodule is imported (the
    import system sets a package's attribute to each submodule it loads)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "main" and isinstance(value, ModuleType):
            value = value.main
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
