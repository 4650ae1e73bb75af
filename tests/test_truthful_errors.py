"""Issue #24: every mistake and every fault found at once, said once, blamed right.

One test per case the issue names: a starter file that takes any sentence, a spreadsheet-safe
order sheet, a cache that never lands outside the user's cache or the project.
"""

from __future__ import annotations

import csv
import errno
import os
from pathlib import Path

import pytest

from cardgen.pipeline.sources import user_cache
from tests.conftest import REPO
from tests.support.tiny import edit

# ------------------------------------------------------------------ 5. cardgen new


def test_a_new_projects_card_text_takes_a_comma(tmp_path: Path, run_cli) -> None:  # noqa: ANN001
    folder = tmp_path / "mygame"
    assert run_cli("new", "mygame", str(folder)).code == 0
    cards = folder / "data" / "mygame" / "1.0" / "cards.yaml"
    assert "- {" not in cards.read_text()  # block style, one key a line
    edit(folder, "data/mygame/1.0/cards.yaml", '"Draw a card."',
         '"Draw a card, then rest: #1 of 2."')
    checked = run_cli("--project", str(folder), "check")
    assert checked.code == 0, checked.text
    from cardgen.data.load import load_database

    db = load_database(folder, "mygame")
    assert db.by_id()["star-1"].value("text") == "Draw a card, then rest: #1 of 2."


# ------------------------------------------------------------------ 6. order sheet, cache


def test_an_order_sheet_never_holds_a_live_formula(tiny: Path, run_cli) -> None:  # noqa: ANN001
    edit(tiny, "data/tiny/1/cards.yaml", "name: Sunrise", "name: '=HYPERLINK(\"x\")'")
    edit(tiny, "data/tiny/1/cards.yaml", "name: Moonset", "name: '@Moonset'")
    result = run_cli("--project", str(tiny), "export", "pod", "--service", "thegamecrafter",
                     "--kind", "card")
    assert result.code == 0, result.text
    sheet = tiny / "output" / "tiny-1-thegamecrafter" / "card" / "order.csv"
    names = [row[2] for row in csv.reader(sheet.open(encoding="utf-8"))][1:3]
    assert names == ["'=HYPERLINK(\"x\")", "'@Moonset"]
    assert "data/tiny/1/cards.yaml:1:3: warning[formula-in-csv] name: '=HYPERLINK" in result.text
    assert result.text.count("warning[formula-in-csv]") == 2


@pytest.mark.parametrize("env", [{"HOME": ""}, {"HOME": "/"}, {"HOME": "relative"},
                                 {"HOME": "", "XDG_CACHE_HOME": "rel/cache"},
                                 {"HOME": "", "XDG_CACHE_HOME": "/"}])
def test_no_cache_at_the_root_or_in_the_working_folder(env: dict[str, str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert user_cache() is None


def test_the_cache_is_the_users(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert user_cache() == tmp_path / ".cache" / "cardgen"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "c"))
    assert user_cache() == tmp_path / "c" / "cardgen"


def test_a_build_with_an_empty_home_writes_nothing_at_the_root(tiny: Path, run_cli,  # noqa: ANN001
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", "")
    monkeypatch.chdir(tiny)
    created: list[str] = []
    real_mkdir = Path.mkdir

    def mkdir(self: Path, *args: object, **kwargs: object) -> None:
        created.append(str(self))
        real_mkdir(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "mkdir", mkdir)
    result = run_cli("--project", str(tiny), "build", "--no-preview", "--outputs", "svg")
    assert result.code == 0, result.text
    assert not [p for p in created if not p.startswith(str(tiny))], created


# ------------------------------------------------------------------ 2. faults of the machine


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.mark.parametrize(("code", "said", "rule"), [
    (errno.ENOSPC, "no space left on the device", "disk-full"),
    (errno.EACCES, "permission denied", "permission-denied"),
    (errno.EROFS, "the file system is read-only", "read-only"),
])
def test_a_fault_of_the_machine_names_the_file_and_keeps_the_output(
        tiny: Path, run_cli, monkeypatch: pytest.MonkeyPatch,  # noqa: ANN001
        code: int, said: str, rule: str) -> None:
    from cardgen.pipeline import run as pipeline

    assert run_cli("--project", str(tiny), "build", "--no-preview").code == 0
    before = _tree(tiny / "output")

    def full(db: object, faces: object, tmp: Path, *args: object) -> None:
        raise OSError(code, os.strerror(code), str(tmp / "manifest.json"))

    monkeypatch.setattr(pipeline, "write_manifest_file", full)
    monkeypatch.chdir(tiny)
    result = run_cli("--project", str(tiny), "build", "--no-preview")
    assert result.code == 2, result.text
    assert f"error[{rule}] output/tiny-1/manifest.json: {said}; the previous " \
        "output is unchanged" in result.err, result.err
    assert "\n  hint: " in result.err
    assert _tree(tiny / "output") == before


def test_a_project_that_is_a_link_loop_a_file_or_nowhere_is_said_so(tmp_path: Path,
                                                                      run_cli) -> None:  # noqa: ANN001
    (tmp_path / "loop").symlink_to("loop")
    (tmp_path / "afile").write_text("x")
    for name, said in (("loop", "a symbolic link leads back to itself"),
                       ("afile", "is a file, not a folder"), ("nowhere", "no such folder")):
        result = run_cli("--project", str(tmp_path / name), "check")
        assert result.code == 2, result.text
        assert f"error[bad-project] --project {tmp_path / name}: {said}" in result.err
        assert "above it" not in result.err


def test_a_truncated_font_in_the_project_is_located(tiny: Path, run_cli) -> None:  # noqa: ANN001
    fonts = tiny / "layouts" / "tiny" / "fonts"
    fonts.mkdir()
    whole = (REPO / "cardgen" / "assets" / "fonts" / "DejaVuSans.ttf").read_bytes()
    (fonts / "Cut.ttf").write_bytes(whole[:3000])
    edit(tiny, "layouts/tiny/card.yaml", "size:", "fonts: { regular: fonts/Cut.ttf }\nsize:")
    result = run_cli("--project", str(tiny), "build", "--no-preview")
    assert result.code == 2, result.text
    assert ("layouts/tiny/card.yaml:1:19: error[bad-font] fonts.regular: font file "
            "'fonts/Cut.ttf': is damaged or not a TrueType/OpenType font") in result.err


# ------------------------------------------------------------------ 3. everything in one check


def _card(cid: str, suit: str, text: str) -> str:
    return (f"- id: {cid}\n  kind: card\n  name: {cid.title()}\n  suit: {suit}\n  value: 1\n"
            f"  text: \"{text}\"\n")


@pytest.fixture
def ten_unknown_icons(tiny: Path) -> Path:
    """10 unknown icon names in 3 layouts and 4 data files: 14 places."""
    data = tiny / "data" / "tiny" / "1"
    (data / "cards.yaml").write_text(_card("sun-card", "sun", "[corn] and [bean]")
                                     + "- id: coin\n  kind: token\n  name: Coin\n  diameter_mm: 20\n")
    (data / "moon.yaml").write_text(_card("moon-card", "moon", "[rye] then [corn]"))
    (data / "star.yaml").write_text(_card("star-card", "sun", "[oat], [teff] or [bean]"))
    (data / "comet.yaml").write_text(_card("comet-card", "moon", "[spelt] or [rye]"))
    edit(tiny, "data/tiny/1/edition.yaml", '"2 CARDS", kind: card, count: 2',
         '"4 CARDS", kind: card, count: 4')
    edit(tiny, "data/tiny/game.yaml", "count('card') == 2", "count('card') == 4")
    icon = "\n  - {{ type: icon, icon: {name}, x: 2, y: 2, size: 4 }}"
    edit(tiny, "layouts/tiny/card.yaml", 'min_size: 6 }', 'min_size: 6 }' + icon.format(name="wheat")
         + icon.format(name="barley"))
    back = tiny / "layouts" / "tiny" / "card-back.yaml"
    back.write_text(back.read_text().rstrip("\n") + icon.format(name="millet")
                    + icon.format(name="wheat") + "\n")
    token = tiny / "layouts" / "tiny" / "token.yaml"
    token.write_text(token.read_text().rstrip("\n") + icon.format(name="sorghum") + "\n")
    return tiny


def test_ten_unknown_icons_are_fourteen_problems_in_one_check(ten_unknown_icons: Path,
                                                             run_cli) -> None:  # noqa: ANN001
    checked = run_cli("--project", str(ten_unknown_icons), "check")
    assert checked.code == 2, checked.text
    lines = [line for line in checked.err.splitlines() if "error[" in line]
    assert len(lines) == 14, checked.err
    assert "14 errors" in checked.err
    names = ("wheat", "barley", "millet", "sorghum", "corn", "bean", "rye", "oat", "teff", "spelt")
    assert all(any(f"'{n}" in line or f"'[{n}]'" in line for line in lines) for n in names)
    files = {line.split(":")[0] for line in lines}
    assert files == {"layouts/tiny/card.yaml", "layouts/tiny/card-back.yaml",
                     "layouts/tiny/token.yaml", "data/tiny/1/cards.yaml", "data/tiny/1/moon.yaml",
                     "data/tiny/1/star.yaml", "data/tiny/1/comet.yaml"}
    built = run_cli("--project", str(ten_unknown_icons), "build", "--no-preview")
    assert built.code == 2
    assert sorted(line for line in built.err.splitlines() if "error[" in line) == sorted(lines)


# ------------------------------------------------------------------ 4. hints that are right


def test_a_refused_build_names_draft(tiny: Path, run_cli) -> None:  # noqa: ANN001
    edit(tiny, "data/tiny/game.yaml", "count('card') == 2", "count('card') == 3")
    result = run_cli("--project", str(tiny), "build", "--no-preview")
    assert result.code == 1, result.text
    assert "not building: the database fails its check" in result.text
    assert "hint: fix what the check reports, or print a play-test copy anyway with --draft" \
        in result.text


def test_a_fold_says_a_flood_once_with_its_count() -> None:
    from cardgen.errors import Location, Problem, fold

    here = Location("layouts/x/card.yaml", 3, 5)
    flood = [Problem("bad-layout", f"item {i} cannot be drawn", here, f"c{i}.repeat")
             for i in range(90_000)]
    other = Problem("unknown-icon", "no icon '[corn]'", Location("data/x/1/a.yaml", 1, 3))
    folded = fold([*flood, other, other])
    assert [p.render() for p in folded] == [
        "layouts/x/card.yaml:3:5: error[bad-layout] c0.repeat: item 0 cannot be drawn "
        "(and 89999 more like it here)",
        "data/x/1/a.yaml:1:3: error[unknown-icon] no icon '[corn]'"]
