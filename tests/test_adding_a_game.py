"""The example game (tests/fixtures/adding-a-game, Potions) checks and builds without touching cardgen/."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.conftest import REPO

FIXTURE = REPO / "tests" / "fixtures" / "adding-a-game"


def test_new_game_with_a_new_kind_checks_and_builds(tmp_path: Path, run_cli) -> None:
    project = tmp_path / "potions"
    shutil.copytree(FIXTURE, project)
    checked = run_cli("--project", str(project), "check")
    assert checked.code == 0, checked.text
    assert "6 RECIPE CARDS (3 FIRE, 3 WATER)" in checked.out
    built = run_cli("--project", str(project), "build", "--no-preview")
    assert built.code == 0, built.text
    out = project / "output" / "potions-1.0"
    manifest = json.loads((out / "manifest.json").read_text())
    assert (out / "pnp-letter.pdf").stat().st_size > 0 and (out / "pnp-a4.pdf").is_file()
    assert len(list((out / "svg" / "recipe-card").glob("*.svg"))) == 12  # fronts and backs
    assert "recipe-card" in json.dumps(manifest)


def test_new_game_check_fails_when_a_card_is_missing(tmp_path: Path, run_cli) -> None:
    project = tmp_path / "potions"
    shutil.copytree(FIXTURE, project)
    recipes = project / "data/potions/1.0/recipes.yaml"
    lines = [ln for ln in recipes.read_text().splitlines() if "deep-elixir" not in ln]
    recipes.write_text("\n".join(lines) + "\n")
    result = run_cli("--project", str(project), "check")
    assert result.code == 1
    assert "element water: 2 of 3" in result.out
    assert "no Recipe card with element water, strength 3" in result.out
