"""pydantic's plugin search, skipped while plugins are off (PYDANTIC_DISABLE_PLUGINS).

When pydantic builds its first validator, it imports its plugin loader
(`pydantic.plugin._loader`), which imports importlib.metadata at its top, and with it email,
zipfile and socket (~10 ms of every command's start-up), so that its `get_plugins()` can read
the installed packages' entry points, or return nothing at once when PYDANTIC_DISABLE_PLUGINS
says plugins are off, as the command line sets it (cli/main.py). For the command line's
process, `skip_plugin_search` puts a stand-in loader where pydantic imports its own: its
`get_plugins()` returns nothing while plugins are off, as pydantic's does, and otherwise hands
the call to pydantic's own loader, imported then (tested against it).
"""

from __future__ import annotations

import importlib
import os
import sys
import types
from collections.abc import Iterable
from typing import Any

LOADER = "pydantic.plugin._loader"
SETTING = "PYDANTIC_DISABLE_PLUGINS"
OFF = ("__all__", "1", "true")  # the values pydantic's get_plugins() reads as "no plugins at all"


def get_plugins() -> Iterable[Any]:
    """pydantic's get_plugins(): none while plugins are off, else pydantic's own answer."""
    if os.getenv(SETTING) in OFF:
        return ()
    if sys.modules.get(LOADER) is STAND_IN:
        del sys.modules[LOADER]
    return importlib.import_module(LOADER).get_plugins()  # type: ignore[no-any-return]


STAND_IN = types.ModuleType(LOADER, "cardgen's stand-in for pydantic's plugin loader while "
                            "plugins are off (cardgen.cli.plugins)")
STAND_IN.get_plugins = get_plugins  # type: ignore[attr-defined]


def skip_plugin_search() -> bool:
    """Put the stand-in loader in place when plugins are off and pydantic has not loaded its
    own; True when it is in place."""
    if os.getenv(SETTING) in OFF and LOADER not in sys.modules:
        sys.modules[LOADER] = STAND_IN
    return sys.modules.get(LOADER) is STAND_IN
