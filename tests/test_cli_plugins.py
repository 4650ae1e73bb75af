"""pydantic's plugin search, skipped by the command line while plugins are off: the stand-in
loader answers as pydantic's own does, and hands over to it once plugins are on."""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

import pytest

from cardgen.cli import plugins


def _pydantic_loader(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """pydantic's own plugin loader (imported now, where the stand-in may stand)."""
    if sys.modules.get(plugins.LOADER) is plugins.STAND_IN:
        monkeypatch.delitem(sys.modules, plugins.LOADER)
    return importlib.import_module(plugins.LOADER)


@pytest.mark.parametrize("setting", [*plugins.OFF, None, "", "0", "false", "some-plugin"])
def test_the_stand_in_finds_the_plugins_pydantic_finds(setting: str | None,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    if setting is None:
        monkeypatch.delenv(plugins.SETTING, raising=False)
    else:
        monkeypatch.setenv(plugins.SETTING, setting)
    own = list(_pydantic_loader(monkeypatch).get_plugins())
    monkeypatch.setitem(sys.modules, plugins.LOADER, plugins.STAND_IN)
    assert list(plugins.get_plugins()) == own
    if setting in plugins.OFF:
        assert own == [] and sys.modules[plugins.LOADER] is plugins.STAND_IN
    else:  # plugins on: pydantic's own loader answers, and stays
        assert sys.modules[plugins.LOADER] is not plugins.STAND_IN


def test_the_stand_in_goes_in_only_while_plugins_are_off_and_before_pydantic_loads_its_own(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, plugins.LOADER, raising=False)
    monkeypatch.setenv(plugins.SETTING, "some-plugin")
    assert not plugins.skip_plugin_search() and plugins.LOADER not in sys.modules
    monkeypatch.setenv(plugins.SETTING, "__all__")
    assert plugins.skip_plugin_search() and sys.modules[plugins.LOADER] is plugins.STAND_IN
    monkeypatch.setitem(sys.modules, plugins.LOADER, _pydantic_loader(monkeypatch))
    assert not plugins.skip_plugin_search()  # pydantic's own, loaded already, stays
