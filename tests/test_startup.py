"""Start-up: `cardgen --version` and `cardgen check` import only what they use (a fresh
interpreter each, as a designer runs them). `cardgen check` lays out every face to find what
the build would refuse (fonts, icons, images), but draws nothing: no PDF, SVG or PNG backend."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO, copy_project

pytestmark = pytest.mark.child_process  # runs cardgen in a child process

DRAWING = ("reportlab", "pypdfium2", "svgwrite")  # the backends that draw
LAYOUT = ("fontTools", "svgelements")  # what laying out a face reads fonts and icons with


def _imported(*args: str) -> set[str]:
    """Top-level packages a fresh `cardgen ARGS` run has imported when it exits."""
    code = ("import sys, atexit\n"
            "atexit.register(lambda: print('\\n@' + ' '.join(sorted({m.split('.')[0] "
            "for m in sys.modules}))))\n"
            "from cardgen.cli import main\n"
            f"sys.exit(main({list(args)!r}))\n")
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True,
                         check=False)
    assert run.returncode in (0, 1), run.stdout + run.stderr
    return set(run.stdout.rsplit("@", 1)[1].split())


def test_version_imports_no_stage() -> None:
    imported = _imported("--version")
    assert not imported & {"pydantic", "yaml", *DRAWING, *LAYOUT}


def test_check_imports_no_drawing_library() -> None:
    imported = _imported("check", "lux-aeterna")
    assert "yaml" in imported  # it did load the game
    assert not imported & set(DRAWING)


def test_check_as_json_imports_no_drawing_library() -> None:
    assert not _imported("check", "lux-aeterna", "--json") & set(DRAWING)


def test_check_after_a_build_reads_its_records_and_loads_neither_layout_nor_markdown(
        tmp_path: Path) -> None:
    """A build leaves the record of a clean build and what its check read of the rulebook:
    the check after it lays nothing out and reads no unchanged text, so it loads neither the
    layout language, the imposition, Pillow, markdown-it nor a drawing library; its report
    to a pipe is plain text, written without rich (cardgen.cli.plaintext)."""
    project = copy_project(tmp_path / "p")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "user-cache")}
    built = subprocess.run([sys.executable, "-m", "cardgen", "--project", str(project), "build",
                            "l5@0.6.5", "--outputs", "pnp-letter"], cwd=REPO, env=env,
                           capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stdout + built.stderr
    code = ("import sys, atexit\n"
            "atexit.register(lambda: print('\\n@' + ' '.join(sorted(sys.modules))))\n"
            "from cardgen.cli import main\n"
            f"sys.exit(main(['--project', {str(project)!r}, 'check', 'l5@0.6.5']))\n")
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True,
                         text=True, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    modules = set(run.stdout.rsplit("@", 1)[1].split())
    assert "check passed" in run.stdout
    loaded = {m for m in modules if m.split(".")[0] in {"PIL", "markdown_it", "rich", *DRAWING,
                                                        *LAYOUT}
              or m.startswith(("cardgen.layout.", "cardgen.impose", "cardgen.render"))}
    assert loaded <= {"cardgen.layout.roots"}, sorted(loaded)
    assert not modules & {"importlib.metadata", "email"}  # pydantic's plugin search skipped


# The check's scans of a rulebook's text: loaded only when there is rulebook text to scan.
TEXT_SCANS = ("cardgen.check.counts", "cardgen.check.terms", "cardgen.check.setup",
              "cardgen.check.structure")
# What a Letter-only build to a file or pipe has no use for: rich (its lines are plain text),
# fontTools (metrics come from HarfBuzz; outlines are for SVGs), forked helpers for a small
# deck, the backends of other outputs, and (the deck has no rulebook) the text scans.
# The element types the bench deck's layouts do not use (rect, text and icon): neither imported
# nor built (cardgen/layout/elements/registry.py).
UNUSED_ELEMENTS = tuple(f"cardgen.layout.elements.{name}" for name in (
    "circle", "annulus", "line", "row", "repeat", "polar", "group", "image", "polygon", "star",
    "ellipse", "arc", "wedge", "path"))
# pydantic's plugin loader and the package metadata it reads: the command line skips the
# search while plugins are off (cardgen/cli/plugins.py).
PLUGIN_SEARCH = ("importlib.metadata", "email")
# Pillow's Image module (its C core, its EXIF tables): reportlab's import of it is deferred until
# an image is read (cardgen/render/deferred.py), and a deck of vector faces reads none.
PILLOW_LOADED = ("PIL._imaging", "PIL.ExifTags", "PIL.ImageMode")
# The rulebook's reader and the quotes' checker (the deck has neither a rulebook nor a quote);
# concurrent.futures and the forking executor (one PDF runs Inline); pyphen itself and
# importlib.resources (its dictionary is found directly, cardgen/layout/hyphen.py), with the
# zipfile it loads; difflib (did-you-mean hints load it for a problem); csv (a table file's
# reader); the standee strip and the hex sheets (no standee, no hex tile); a draft's report
# pages and lines.
NOT_READ = ("cardgen.check.mdtext", "cardgen.check.rulebook", "cardgen.check.quotes",
            "cardgen.check.boxlist", "concurrent", "logging", "cardgen.pipeline.shared", "pyphen",
            "importlib.resources", "zipfile", "difflib", "csv", "cardgen.layout.standee",
            "cardgen.impose.hexes", "cardgen.impose.draft", "cardgen.check.text")
NOT_FOR_LETTER = ("rich", "fontTools", "multiprocessing", *NOT_READ,
                  "pypdfium2", "svgwrite", "markdown_it", "cardgen.render.svg",
                  "cardgen.render.rulebook", "cardgen.export", "cardgen.diff", *TEXT_SCANS,
                  *UNUSED_ELEMENTS, *PLUGIN_SEARCH, *PILLOW_LOADED)


def test_a_letter_build_imports_only_what_the_letter_pdf_needs(tmp_path: Path) -> None:
    """Its lines fit 120 columns (a short output folder), so none needs rich to wrap it."""
    import tempfile

    from tests.support import gen_deck

    project = gen_deck.make_project(tmp_path / "p", 9)
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "user-cache")}
    with tempfile.TemporaryDirectory(prefix="cg-") as out:
        code = ("import sys, atexit\n"
                "atexit.register(lambda: print('\\n@' + ' '.join(sorted(sys.modules))))\n"
                "from cardgen.cli import main\n"
                f"sys.exit(main(['--project', {str(project)!r}, 'build', {gen_deck.TARGET!r}, "
                f"'--out', {out!r}, '--outputs', 'pnp-letter']))\n")
        run = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env,
                             capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"built {gen_deck.TARGET}: " in run.stdout
    modules = set(run.stdout.rsplit("@", 1)[1].split())
    assert {"reportlab", "cardgen.render.pdf", "uharfbuzz"} <= modules  # it did draw the PDF
    assert {"cardgen.layout.elements.text", "cardgen.layout.elements.icon"} <= modules
    loaded = [m for m in modules if any(m == n or m.startswith(n + ".") for n in NOT_FOR_LETTER)]
    assert not sorted(loaded)


# What a rebuild after one card's text was edited has no use for when its edition extends none
# (no diff for the gallery) and its project has no rulebook: the diff, the rulebook's PDF
# writer (platypus) and the preview rasteriser of rulebook pages (pypdfium2), markdown-it,
# the rulebook text scans, forked helpers for a small deck, the element types its layouts do not use.
NOT_FOR_AN_EDIT = ("cardgen.diff", "reportlab.platypus", "pypdfium2", "markdown_it", "jinja2",
                   "multiprocessing", *TEXT_SCANS, *UNUSED_ELEMENTS, *PLUGIN_SEARCH)


def test_an_edit_rebuild_imports_neither_the_diff_nor_the_rulebook_writer(tmp_path: Path) -> None:
    from tests.support import gen_deck

    project = gen_deck.make_project(tmp_path / "p", 9)
    out = tmp_path / "out"
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "user-cache")}
    cold = subprocess.run([sys.executable, "-m", "cardgen", "--project", str(project), "build",
                           gen_deck.TARGET, "--out", str(out)], cwd=REPO, env=env,
                          capture_output=True, text=True, check=False)
    assert cold.returncode == 0, cold.stdout + cold.stderr
    gen_deck.edit_one_card(project, 4)
    code = ("import sys, atexit\n"
            "atexit.register(lambda: print('\\n@' + ' '.join(sorted(sys.modules))))\n"
            "from cardgen.cli import main\n"
            f"sys.exit(main(['--project', {str(project)!r}, 'build', {gen_deck.TARGET!r}, "
            f"'--out', {str(out)!r}]))\n")
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True,
                         text=True, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"built {gen_deck.TARGET}: " in run.stdout
    modules = set(run.stdout.rsplit("@", 1)[1].split())
    assert {"cardgen.export.gallery", "cardgen.render.svg"} <= modules  # it did write them
    loaded = [m for m in modules if any(m == n or m.startswith(n + ".") for n in NOT_FOR_AN_EDIT)]
    assert not sorted(loaded)


def test_the_process_command_line_ends_frozen_a_call_with_arguments_does_not(
        tmp_path: Path) -> None:
    """`cardgen ...` (main() reading sys.argv) ends its process: what it made is frozen out of
    the collector's reach, so Python's collection at exit walks none of it; a caller that
    hands main its arguments keeps its process's collector as it was."""
    code = ("import gc, sys\n"
            "from cardgen.cli import main\n"
            "first = main(['check', 'nosuch']); given = gc.get_freeze_count()\n"
            "sys.argv = ['cardgen', 'check', 'nosuch']; again = main()\n"
            "print('@', first, again, given, gc.get_freeze_count() > 0, gc.isenabled())\n")
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                         text=True, check=False, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.rsplit("@", 1)[1].split() == ["2", "2", "0", "True", "True"]


def test_import_cardgen_loads_no_stage_and_the_command_line_sets_its_collector_first() -> None:
    """`import cardgen` loads neither dataclasses nor cardgen.errors (its `ProblemsError` and
    `Problem` come when first asked for), so the command line sets its collector's thresholds
    (cli/collector.py) before its own imports make the objects a young collection would walk."""
    code = ("import gc, sys\n"
            "default = gc.get_threshold()\n"
            "import cardgen\n"
            "light = not {'dataclasses', 'cardgen.errors'} & set(sys.modules)\n"
            "from cardgen import ProblemsError\n"
            "from cardgen.errors import ProblemsError as theirs\n"
            "import cardgen.cli\n"
            "from cardgen.cli.collector import GC_THRESHOLDS\n"
            "print('@', light, ProblemsError is theirs, default != GC_THRESHOLDS,\n"
            "      gc.get_threshold() == GC_THRESHOLDS)\n")
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True,
                         check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.rsplit("@", 1)[1].split() == ["True"] * 4


def test_python_starts_without_the_modules_a_handed_over_command_never_uses() -> None:
    """A `cardgen build` handed to `cardgen serve` is mostly Python's start, so the install
    must not make every start import more. setuptools' editable install for a flat layout is
    an import finder that imports pathlib, re, urllib and ipaddress at each start (~6 ms);
    pyproject.toml's `package-dir` makes it a plain path entry instead."""
    run = subprocess.run([sys.executable, "-c", "import sys; print(' '.join(sys.modules))"],
                         capture_output=True, text=True, check=True)
    assert not {"pathlib", "re", "urllib.parse", "ipaddress"} & set(run.stdout.split())
