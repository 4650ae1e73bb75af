"""Two public samples of another card tool re-created with no stand-ins, from
github.com/andymeneely/squib (MIT): the Excel intro deck (tests/fixtures/squib-intro: a
spreadsheet without ids, the class icon chosen by a condition) and the embedded text icons
sample (tests/fixtures/squib-embed: icons inside aligned text, a size read from a CSV). Each
checks and builds; its faces hold what the sample draws, in mm (cardgen.layout.dump); and
`cardgen export showcase` fans the intro's hand above a row of its faces."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image

import cardgen
from cardgen.export.showcase import fan
from cardgen.layout import LayoutSession, lay_out
from cardgen.layout.dump import drawing_body
from tests.conftest import REPO


def _project(tmp_path: Path, name: str) -> Path:
    project = tmp_path / name
    shutil.copytree(REPO / "tests" / "fixtures" / name, project)
    return project


def _bodies(project: Path) -> dict[str, list[str]]:
    db = cardgen.load_game(None, project)
    session = LayoutSession(db)
    out = {}
    for c in db.components:
        drawing = lay_out(session, c, "front")
        assert drawing is not None
        out[c.id] = [line.strip() for line in drawing_body(drawing)]
    return out


@pytest.mark.parametrize("name", ["squib-intro", "squib-embed"])
def test_the_sample_checks_lints_clean_and_builds(tmp_path: Path, name: str, run_cli) -> None:
    project = _project(tmp_path, name)
    db = cardgen.load_game(None, project)
    assert not cardgen.check_game(db).failed(strict=True)
    lint = run_cli("--project", str(project), "lint", "--strict")
    assert lint.code == 0 and " 0 layout warnings" in lint.out, lint.text
    cardgen.build_game(db, tmp_path / "out", preview=False, papers=("letter",))
    folder = tmp_path / "out" / f"{db.game.id}-{db.edition.id}"
    assert (folder / "pnp-letter.pdf").is_file()
    assert len(list((folder / "svg").rglob("*.svg"))) == len(db.components)


def test_the_intro_deck_reads_a_sheet_without_ids_and_picks_the_class_icon(tmp_path: Path) -> None:
    bodies = _bodies(_project(tmp_path, "squib-intro"))
    assert list(bodies) == ["ninja", "pirate", "zombie", "robot-golem"]  # id_from: name
    # the class icon: one group at 3.2, 3.2 mm scaled to 8.5 mm (of a 100-unit icon): the
    # humans' first head (a circle r 14 at 32, 26) or the gear (4 to 96)
    for cid, human in (("ninja", True), ("pirate", True), ("zombie", False),
                       ("robot-golem", False)):
        body = bodies[cid]
        groups = [i for i, line in enumerate(body)
                  if line.startswith("group matrix 0.085 0 0 0.085 3.2 3.2")]
        assert len(groups) == 1, body
        drawn = body[groups[0] + 1]
        assert (" box 18 12 46 40 " in drawn) == human, (cid, drawn)
        assert (" box 5 4 95 94 " in drawn) == (not human), (cid, drawn)
    assert bodies["ninja"][-1].endswith('"Use the power of another player"')
    assert any(line.startswith("text ") and " bold 24pt " in line and line.endswith('"Zombie"')
               for line in bodies["zombie"])


def test_the_embed_sample_draws_icons_in_the_text_at_the_bound_size(tmp_path: Path) -> None:
    bodies = _bodies(_project(tmp_path, "squib-embed"))
    sizes = {cid: sorted({line.split("pt ")[0].rsplit(" ", 1)[1] for line in body
                          if line.startswith("text ")})
             for cid, body in bodies.items() if cid.startswith("size-card")}
    assert sizes == {"size-card-2": ["6"], "size-card-3": ["8.5"], "size-card-4": ["11.5"]}
    # an inline icon is a group scaled to 0.9 em: 11.5 pt -> 3.65 mm over a 100-unit viewBox
    big = bodies["size-card-4"]
    assert any(line.startswith("group matrix 0.0365 0 0 0.0365") for line in big), big
    embed = bodies["embed"]
    icons = [line for line in embed if line.startswith("group matrix")]
    assert len(icons) == 28  # every [tool], [health] and [purse] of the card
    bold = [line for line in embed if " bold " in line or "Bold" in line]
    assert any(line.split('"')[1].strip() == "2" for line in bold), bold  # Take **2** [tool]


BACKDROP, PAPER = (11, 55, 54), (236, 236, 232)  # the intro's #0B3736, the showcase's ground


def _near(pixel: tuple[int, ...], colour: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 3 for a, b in zip(pixel, colour, strict=False))


def test_the_hand_fans_symmetrically() -> None:
    places = fan(5, 100.0)
    assert [p.degrees for p in places] == [-18, -9, 0, 9, 18]
    assert places[2].dx == 0 and places[2].dy == -150
    for left, right in zip(places, reversed(places), strict=True):
        assert left.dx == pytest.approx(-right.dx) and left.dy == pytest.approx(right.dy)


def test_export_showcase_writes_a_hand_above_a_row_of_the_games_faces(
        tmp_path: Path, run_cli) -> None:
    project = _project(tmp_path, "squib-intro")
    result = run_cli("--project", str(project), "export", "showcase", "--hand", "3", "--dpi", "60",
                     "--out", str(tmp_path / "out"))
    assert result.code == 0, result.text
    png = tmp_path / "out" / "intro-1.0-showcase" / "showcase.png"
    assert "a hand of 3 and a row of 4 faces" in result.out
    image = Image.open(png).convert("RGB")
    card_w, card_h = round(63.5 * 60 / 25.4), round(88.9 * 60 / 25.4)  # 150 x 210 px
    gap = round(6 * 60 / 25.4)
    assert image.width == 4 * card_w + 5 * gap
    row_top = image.height - gap - card_h
    # the row: each face's backdrop colour at its middle left, the background between them
    for i in range(4):
        x = gap + i * (card_w + gap)
        assert _near(image.getpixel((x + 8, row_top + card_h // 2)), BACKDROP)
        assert _near(image.getpixel((x - gap // 2, row_top + card_h // 2)), PAPER)
    # the hand: the middle card upright above the row, the corners of the picture empty
    middle_left = image.width // 2 - card_w // 2  # the middle card stands upright
    assert _near(image.getpixel((middle_left + 8, gap + 12 + card_h // 2)), BACKDROP)
    assert _near(image.getpixel((middle_left - 8, gap + 12)), PAPER)  # above the left card
    assert _near(image.getpixel((2, 2)), PAPER)
    bad = run_cli("--project", str(project), "export", "showcase", "--hand", "40")
    assert bad.code == 2 and "error[bad-option]" in bad.text
