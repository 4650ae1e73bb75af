"""Colour-blind safe by construction: the colour science, the colour-alone lint on a game of four
pawns, term symbols, and `cardgen build --simulate`."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from cardgen.layout import vision
from cardgen.render.simulate import gallery_filter, simulated
from tests.support.tiny import edit

# ---------------------------------------------------------------- the colour science


@pytest.mark.parametrize(("one", "two", "expected"), [
    # Sharma, Wu & Dalal (2005), table 1: pairs 1, 7, 17, 25, 34
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
])
def test_ciede2000_matches_the_published_test_data(one, two, expected) -> None:
    assert vision.ciede2000(one, two) == pytest.approx(expected, abs=1e-4)
    assert vision.ciede2000(two, one) == pytest.approx(expected, abs=1e-4)


def test_simulations_keep_greys_and_lose_what_they_should() -> None:
    for kind in vision.KINDS:
        assert vision.simulate(kind, "#FFFFFF") == "#FFFFFF"
        assert vision.simulate(kind, "#000000") == "#000000"
        assert vision.delta_e("#808080", "#808080", kind) == 0
    grey = vision.simulate("grey", "#2F6FD0")
    assert grey[1:3] == grey[3:5] == grey[5:7]
    # red and green, far apart to normal eyes, collapse for protan and deutan, not for tritan
    red, green = "#D03030", "#30A030"
    assert vision.delta_e(red, green) > 50
    assert vision.delta_e(red, green, "deutan") < vision.delta_e(red, green) / 3
    assert vision.delta_e(red, green, "protan") < vision.delta_e(red, green) / 2
    assert vision.delta_e(red, green, "tritan") > 30


# ---------------------------------------------------------------- the lint on four pawns

GAME = """name: Pawns
default_edition: "1"
vocab:
  player:
    - { id: orange, name: Orange, color: "#EE7A22" }
    - { id: blue, name: Blue, color: "#2F6FD0" }
    - { id: green, name: Green, color: "#3BAA4A" }
    - { id: purple, name: Purple, color: "#8A4FC0" }
kinds:
  pawn:
    title: Pawn
    fields:
      player: { type: term, vocab: player, required: true }
"""
PAWN = """size: [16, 16]
bleed: 1
safe: 1
sheet: tokens
background: "{player.color}"
edition_mark: false
elements:
  - { type: circle, cx: 8, cy: 8, r: 5, fill: "#1A1A1A" }
"""


@pytest.fixture
def pawns(tmp_path: Path) -> Path:
    """A game of four pawns, one per player colour, that differ only in colour."""
    project = tmp_path / "pawns"
    (project / "data" / "pawns" / "1").mkdir(parents=True)
    (project / "layouts" / "pawns").mkdir(parents=True)
    (project / "cardgen.yaml").write_text("default_game: pawns\n", encoding="utf-8")
    (project / "data" / "pawns" / "game.yaml").write_text(GAME, encoding="utf-8")
    (project / "data" / "pawns" / "1" / "edition.yaml").write_text(
        'edition: "1"\ntitle: Pawns 1\n', encoding="utf-8")
    (project / "data" / "pawns" / "1" / "pawns.yaml").write_text("".join(
        f"- {{ id: pawn-{p}, kind: pawn, name: {p.title()} pawn, player: {p} }}\n"
        for p in ("orange", "blue", "green", "purple")), encoding="utf-8")
    (project / "layouts" / "pawns" / "pawn.yaml").write_text(PAWN, encoding="utf-8")
    return project


def test_pawns_told_apart_by_colour_alone_are_found(pawns: Path, run_cli) -> None:
    result = run_cli("--project", str(pawns), "lint")
    assert result.code == 2, result.text
    # orange and green are one olive to a greyscale copy: an error, at the background's line
    assert ("layouts/pawns/pawn.yaml:5:1: error[colour-alone] pawn-orange background: the player "
            "orange is told apart by colour alone (the face shows no name, icon or symbol of it): "
            "player orange/green (#EE7A22/#3BAA4A) CIEDE2000 1.6 under grey") in result.err, result.err
    # blue and purple: 2.7 under deutan, and 2.3 in greyscale, the pair's worst
    assert "player blue/purple (#2F6FD0/#8A4FC0) CIEDE2000 2.3 under grey" in result.err
    assert "# lint-ok: colour-alone why" in result.err  # the hint says how to acknowledge it
    checked = run_cli("--project", str(pawns), "check")
    assert checked.code == 2 and "error[colour-alone]" in checked.err
    built = run_cli("--project", str(pawns), "build", "--no-preview")
    assert built.code == 2 and "error[colour-alone]" in built.err


def _letters(project: Path) -> None:
    """Each player a letter, drawn on the pawn."""
    for colour, letter in (("Orange", "O"), ("Blue", "B"), ("Green", "G"), ("Purple", "P")):
        edit(project, "data/pawns/game.yaml", f"name: {colour}, ", f"name: {colour}, symbol: {letter}, ")
    edit(project, "layouts/pawns/pawn.yaml", '"#1A1A1A" }\n', '"#1A1A1A" }\n'
         '  - { type: text, text: "{player.symbol}", x: 4, y: 5, w: 8, h: 6, size: 10, '
         'font: bold, color: "#FFFFFF", align: center, valign: middle }\n')


def test_a_letter_on_each_pawn_silences_it(pawns: Path, run_cli) -> None:
    _letters(pawns)
    result = run_cli("--project", str(pawns), "lint")
    assert result.code == 0, result.text
    assert "colour-alone" not in result.text and "0 layout warnings" in result.out


def test_colours_at_risk_warn_and_a_comment_acknowledges_an_error(pawns: Path, run_cli) -> None:
    game, layout = "data/pawns/game.yaml", "layouts/pawns/pawn.yaml"
    # two players only, 6.5 apart under deutan: a warning, not an error
    pawn_file = pawns / "data" / "pawns" / "1" / "pawns.yaml"
    pawn_file.write_text("- { id: pawn-a, kind: pawn, name: A, player: orange }\n"
                         "- { id: pawn-b, kind: pawn, name: B, player: blue }\n", encoding="utf-8")
    edit(pawns, game, '    - { id: green, name: Green, color: "#3BAA4A" }\n', "")
    edit(pawns, game, '    - { id: purple, name: Purple, color: "#8A4FC0" }\n', "")
    edit(pawns, game, '"#2F6FD0"', '"#D0B050"')
    figure, kind = vision.worst("#EE7A22", "#D0B050")
    assert vision.SAME <= figure < vision.RISK
    result = run_cli("--project", str(pawns), "lint")
    assert result.code == 0, result.text
    assert (f"warning[colour-alone] pawn-a background: the player orange is told apart by colour "
            f"alone (the face shows no name, icon or symbol of it): player orange/blue "
            f"(#EE7A22/#D0B050) CIEDE2000 {figure:.1f} under {kind}") in result.out, result.out
    edit(pawns, layout, 'background: "{player.color}"', '# lint-ok: colour-alone a test\n'
         'background: "{player.color}"')
    assert "colour-alone" not in run_cli("--project", str(pawns), "lint").text


def test_a_symbol_is_a_term_part_and_is_checked(pawns: Path, run_cli) -> None:
    edit(pawns, "layouts/pawns/pawn.yaml", '"#1A1A1A" }\n', '"#1A1A1A" }\n'
         '  - { type: text, text: "{player.symbl}", x: 4, y: 5, w: 8, h: 6, size: 10 }\n')
    result = run_cli("--project", str(pawns), "lint")
    assert result.code == 2
    assert "layouts/pawns/pawn.yaml:9:" in result.err and "{player.symbl}" in result.err
    assert "symbol" in result.err  # did you mean
    edit(pawns, "data/pawns/game.yaml", "name: Blue, ", "name: Blue, symbol: '  ', ")
    bad = run_cli("--project", str(pawns), "check")
    assert bad.code == 2 and "data/pawns/game.yaml:6:" in bad.err, bad.err
    assert "vocab.player[1].symbol" in bad.err and "is not a cue a player can see" in bad.err


def test_a_colour_field_repeating_a_terms_colour_is_found_and_a_comment_is_read_again(
        pawns: Path, run_cli) -> None:
    """A pawn filled by its own colour field that repeats its player's colour relies on colour
    alone (the kind's colour and term fields are read once per kind); a `# lint-ok` comment
    written above the element's line, then taken away, is read each time the layout is."""
    game, layout = "data/pawns/game.yaml", "layouts/pawns/pawn.yaml"
    edit(pawns, game, "      player: { type: term, vocab: player, required: true }\n",
         "      player: { type: term, vocab: player, required: true }\n"
         "      tint: { type: color }\n")
    pawn_file = pawns / "data" / "pawns" / "1" / "pawns.yaml"
    pawn_file.write_text("- { id: pawn-o, kind: pawn, name: O, player: orange, tint: '#EE7A22' }\n"
                         "- { id: pawn-g, kind: pawn, name: G, player: green, tint: '#3BAA4A' }\n",
                         encoding="utf-8")
    edit(pawns, layout, 'background: "{player.color}"', 'background: "#FFFFFF"')
    edit(pawns, layout, 'fill: "#1A1A1A" }', 'fill: "{tint}" }')
    found = run_cli("--project", str(pawns), "lint")
    assert found.code == 2 and ("pawn.yaml:8:5: error[colour-alone] pawn-o elements[0]: the "
                                "player orange is told apart by colour alone") in found.err, found.err
    edit(pawns, layout, "  - { type: circle", "  # lint-ok: colour-alone a test\n  - { type: circle")
    assert "colour-alone" not in run_cli("--project", str(pawns), "lint").text
    edit(pawns, layout, "  # lint-ok: colour-alone a test\n", "")
    again = run_cli("--project", str(pawns), "lint")
    assert again.code == 2 and "pawn.yaml:8:5: error[colour-alone] pawn-o" in again.err


def test_a_renamed_vocabulary_is_named_by_its_new_name(pawns: Path, run_cli) -> None:
    """The vocabulary a term read belongs to is kept per term object: a load after the
    vocabulary is renamed names the new one."""
    first = run_cli("--project", str(pawns), "lint")
    assert first.code == 2 and "the player orange is told apart" in first.err
    edit(pawns, "data/pawns/game.yaml", "vocab:\n  player:", "vocab:\n  side:")
    edit(pawns, "data/pawns/game.yaml", "vocab: player,", "vocab: side,")
    again = run_cli("--project", str(pawns), "lint")
    assert again.code == 2 and "the side orange is told apart" in again.err, again.err
    assert "side orange/green (#EE7A22/#3BAA4A)" in again.err and "the player" not in again.err


# ---------------------------------------------------------------- contrast, body text


def test_contrast_is_also_linted_as_colour_blind_players_see_it(pawns: Path, run_cli) -> None:
    """White on this red passes 4.5:1 for normal vision and falls to 4.4:1 for a deuteranope: a
    note (a guideline, never a failure); rules text under 7.5 pt likewise, labels keep 6 pt."""
    _letters(pawns)
    edit(pawns, "layouts/pawns/pawn.yaml", "size: [16, 16]", "size: [40, 40]")
    edit(pawns, "layouts/pawns/pawn.yaml", "elements:\n", "elements:\n"
         "  - { type: rect, x: 2, y: 20, w: 36, h: 18, fill: '#C8372D' }\n"
         "  - { type: text, name: rules, text: Move one space and then draw two cards from the "
         "pile, x: 4, y: 22, w: 32, h: 14, size: 6.5, min_size: 6.5, color: '#FFFFFF' }\n"
         "  - { type: text, name: tag, text: TAG, x: 4, y: 14, w: 20, h: 4, size: 6, color: auto }\n")
    assert vision.simulate("deutan", "#C8372D") != "#C8372D"
    result = run_cli("--project", str(pawns), "lint", "--strict")
    assert result.code == 0, result.text
    assert ("layouts/pawns/pawn.yaml:9:5: note[low-contrast] pawn-orange elements[1] (rules): text "
            "contrast 4.4:1 against #C8372D as a deutan player sees them (needs 4.5:1)") in result.out
    assert ("layouts/pawns/pawn.yaml:9:5: note[small-body-text] pawn-orange elements[1] (rules): "
            "rules text is fitted at 6.5 pt, under the 7.5 pt a paragraph reads at") in result.out
    # one line of 6 pt is a label: the floor, not the guideline (white on the blue pawn is a
    # contrast note of its own: 4.3:1 for a protanope)
    assert "(tag): rules text" not in result.out and "(tag): text contrast 4.3:1" in result.out
    assert result.out.strip().splitlines()[-1].endswith("0 layout warnings, 3 notes on 4 faces")
    built = run_cli("--project", str(pawns), "build", "--no-preview", "--strict")
    assert built.code == 0 and "note[" not in built.text, built.text


# ---------------------------------------------------------------- --simulate


def test_the_simulation_of_an_image_is_the_simulation_of_its_colours() -> None:
    colours = ["#EE7A22", "#2F6FD0", "#3BAA4A", "#8A4FC0", "#C8372D", "#FFFFFF", "#1A1A1A"]
    image = Image.new("RGB", (len(colours), 1))
    for x, colour in enumerate(colours):
        image.putpixel((x, 0), vision.rgb_bytes(colour))
    for kind in vision.KINDS:
        seen = simulated(image, kind)
        for x, colour in enumerate(colours):
            got, want = seen.getpixel((x, 0)), vision.rgb_bytes(vision.simulate(kind, colour))
            assert max(abs(a - b) for a, b in zip(got, want, strict=True)) <= 2, (kind, colour)


def test_the_gallery_filter_is_the_same_matrix() -> None:
    css, svg = gallery_filter("deutan")
    assert "filter:url(#" in css and 'color-interpolation-filters="linearRGB"' in svg
    assert "0.367322 0.860646 -0.227968 0" in svg


@pytest.mark.child_process
def test_build_simulate_deutan_writes_simulated_previews(pawns: Path, tmp_path: Path) -> None:
    import json
    import subprocess
    import sys

    _letters(pawns)
    out = tmp_path / "out"
    for extra in (("--previews",), ("--simulate", "deutan")):
        done = subprocess.run([sys.executable, "-m", "cardgen", "--project", str(pawns), "build",
                               "--out", str(out), *extra], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
    normal, seen = out / "pawns-1", out / "pawns-1-deutan"
    pictures = sorted(p.relative_to(normal) for p in (normal / "preview").glob("*.png"))
    assert pictures and sorted(p.relative_to(seen) for p in (seen / "preview").glob("*.png")) == pictures
    known = {vision.rgb_bytes(c) for c in ("#EE7A22", "#2F6FD0", "#3BAA4A", "#8A4FC0")}
    checked = 0
    for rel in pictures:
        before, after = Image.open(normal / rel).convert("RGB"), Image.open(seen / rel).convert("RGB")
        for xy in _pixels_of(before, known):
            want = vision.rgb_bytes(vision.simulate("deutan", "#{:02X}{:02X}{:02X}".format(
                *before.getpixel(xy))))
            assert max(abs(a - b) for a, b in zip(after.getpixel(xy), want, strict=True)) <= 2
            checked += 1
    assert checked >= 4
    files = json.loads((seen / "manifest.json").read_text(encoding="utf-8"))["files"]
    assert all("source" not in record for path, record in files.items() if path.endswith(".png"))
    assert "cardgen-simulate" in (seen / "index.html").read_text(encoding="utf-8")
    assert "cardgen-simulate" not in (normal / "index.html").read_text(encoding="utf-8")


def _pixels_of(image: Image.Image, colours: set[tuple[int, int, int]], most: int = 8
               ) -> list[tuple[int, int]]:
    """Up to `most` positions of pixels of each of the colours, found on a coarse grid."""
    found: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
    for y in range(0, image.height, 7):
        for x in range(0, image.width, 7):
            pixel = image.getpixel((x, y))
            if pixel in colours and len(found.setdefault(pixel, [])) < most // 4 + 1:
                found[pixel].append((x, y))
    return [xy for spots in found.values() for xy in spots]
