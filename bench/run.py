"""Nothing -> one table of every speed figure cardgen is held to, with its ratio and target (`make bench`).

Every measurement is a fresh child process (wall time; peak resident memory of the process and
its workers from wait4), repeated and interleaved (floor, Letter, full, no previews, then again)
so a busy machine weighs on all of them alike; the table shows the median and the spread.
Builds are cold: a fresh output folder and no face cache. Figures (issue 15):

- synthetic decks of N = 60, 600, 6,000 poker cards (tests/support/gen_deck.py): the floor
  (bench/floor.py: the same cards with plain reportlab), `cardgen build --outputs pnp-letter`,
  the full default build, the build without previews; layout + Letter PDF timed inside the
  process (bench/homeprint.py) against the floor's own timer;
- each seed game's default build, against twice the floor's 60-card run;
- `cardgen --version` and `cardgen check` of a seed game (start-up);
- rebuilding the 600-card deck after editing one card, against its full build, through the
  command line and in a running `cardgen watch`.

    python bench/run.py [--sizes 60,600,6000] [--repeat 3] [--no-seeds] [--no-edit]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path.insert(0, str(REPO))
from tests.support import gen_deck  # noqa: E402

SEEDS = ("l5@0.6.5", "l5@act-one", "l5@0.6.2", "lux-aeterna", "orbital-debris")
CHECKED = "lux-aeterna"  # the seed game `cardgen check` is timed on
EDIT_CARDS = 600
LETTER_CLI = "`cardgen build --outputs pnp-letter`"
LETTER_HOW = [LETTER_CLI]  # or bench/homeprint.py, for code that has no --outputs
LARGE = 6000  # sizes from here on run once (a full build takes about a minute)


@dataclass
class Run:
    seconds: float  # wall time of the child process
    peak_mb: float  # its peak resident memory (largest of the process and its workers)
    code: int
    out: str


@dataclass
class Figure:
    """One line of the table: a measured quantity over its runs, and what it is held to."""

    name: str
    short: str = ""  # how the ratio column names it
    values: list[float] = field(default_factory=list)
    unit: str = "s"
    ratio_to: Figure | None = None  # the ratio column: median / that figure's median
    ratio_scale: float = 1.0  # e.g. 2.0: against twice that figure
    ratio_label: str = ""  # what the ratio column says it is against (default: ratio_to.short)
    target: str = ""
    ok: Callable[[Figure], bool] | None = None

    @property
    def median(self) -> float:
        return statistics.median(self.values) if self.values else float("nan")

    def ratio(self) -> float | None:
        if self.ratio_to is None or not self.ratio_to.values:
            return None
        return self.median / (self.ratio_to.median * self.ratio_scale)

    def row(self) -> str:
        fmt = "{:.0f}" if self.unit == "MB" else "{:.2f}"
        value = fmt.format(self.median)
        if len(self.values) > 1:
            value += f" ({fmt.format(min(self.values))}-{fmt.format(max(self.values))})"
        ratio = self.ratio()
        shown = ""
        if ratio is not None and self.ratio_to is not None:
            against = self.ratio_label or self.ratio_to.short or self.ratio_to.name
            shown = f"{ratio:.2f}x {against}"
        verdict = "" if self.ok is None else ("met" if self.ok(self) else "**missed**")
        return f"| {self.name} | {value} {self.unit} | {shown} | {self.target} | {verdict} |"


def run_child(args: list[str], cwd: Path = REPO) -> Run:
    """Run a child process; wall time and peak RSS of exactly that child (os.wait4)."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    started = time.perf_counter()
    child = subprocess.Popen(args, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = child.stdout.read().decode("utf-8", "replace") if child.stdout else ""
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - started
    return Run(seconds, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status), out)


def cardgen(project: Path, *args: str) -> list[str]:
    """The command line as a designer runs it (python -m cardgen), or with the stand-in layout."""
    if importlib.util.find_spec("cardgen.layout") is None:
        cli = REPO / "tests" / "support" / "cardgen_cli.py"
        return [sys.executable, str(cli), "--project", str(project), *args]
    return [sys.executable, "-m", "cardgen", "--project", str(project), *args]


def checked(run: Run, what: str) -> Run:
    if run.code not in (0, 1):
        raise SystemExit(f"{what} failed ({run.code}):\n{run.out[-3000:]}")
    return run


def cold_build(project: Path, target: str, out: Path, *args: str) -> Run:
    """A build into a fresh folder with no face cache (as the first build of the day)."""
    shutil.rmtree(project / ".cardgen-cache", ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    return checked(run_child(cardgen(project, "build", target, "--out", str(out), *args)),
                   f"build {target} {' '.join(args)}")


def floor(n: int, out: Path) -> tuple[float, Run]:
    """(seconds inside the floor script, its process run)."""
    run = checked(run_child([sys.executable, str(BENCH / "floor.py"), str(n), str(out)]), "floor")
    return float(run.out.split(": ")[-1].split(" s")[0]), run


def home_print(project: Path, target: str, out: Path) -> dict[str, float]:
    """Layout + Letter home-print PDF timed inside a child (bench/homeprint.py)."""
    run = checked(run_child([sys.executable, str(BENCH / "homeprint.py"), str(project), target,
                             str(out)]), "home print")
    return json.loads(run.out.strip().splitlines()[-1])


# --------------------------------------------------------------------------- figures


def deck_figures(n: int, repeat: int, work: Path) -> list[Figure]:
    project = gen_deck.make_project(work / f"deck-{n}", n)
    target, out = gen_deck.TARGET, work / f"out-{n}"
    label = f"{n:,} cards"
    fl = Figure(f"{label}: floor (plain reportlab, process)", "floor")
    letter = Figure(f"{label}: Letter PDF only, {LETTER_HOW[0]}", ratio_to=fl)
    inner_floor = Figure(f"{label}: floor, inside the process", "floor inside")
    inner = Figure(f"{label}: layout + Letter PDF, inside the process", ratio_to=inner_floor)
    full = Figure(f"{label}: full default build", ratio_to=fl)
    peak = Figure(f"{label}: full build peak memory", unit="MB")
    no_preview = Figure(f"{label}: full build without previews", ratio_to=fl)
    if n >= 600:
        letter.target = inner.target = "<= 1.5x floor"
        letter.ok = inner.ok = lambda f: (f.ratio() or 99) <= 1.5
    if n >= LARGE:
        full.target, full.ok = "<= 30 s", lambda f: f.median <= 30
        peak.target, peak.ok = "< 300 MB", lambda f: f.median < 300
    for _ in range(repeat if n < LARGE else 1):
        inside, process = floor(n, work / f"floor-{n}.pdf")
        fl.values.append(process.seconds)
        inner_floor.values.append(inside)
        started = time.perf_counter()
        pnp = home_print(project, target, work / f"pnp-{n}.pdf")
        inner.values.append(pnp["layout_s"] + pnp["pdf_s"])
        if LETTER_HOW[0] == LETTER_CLI:
            run = cold_build(project, target, out, "--outputs", "pnp-letter")
            letter.values.append(run.seconds)
        else:  # code without --outputs: the process that lays out and writes Letter alone
            letter.values.append(time.perf_counter() - started)
        run = cold_build(project, target, out)
        full.values.append(run.seconds)
        peak.values.append(run.peak_mb)
        no_preview.values.append(cold_build(project, target, out, "--no-preview").seconds)
    return [fl, letter, inner_floor, inner, full, peak, no_preview]


def seed_figures(repeat: int, work: Path, floor_60: Figure) -> list[Figure]:
    figures = {t: Figure(f"seed {t}: default build", ratio_to=floor_60, ratio_scale=2.0,
                         ratio_label="(2 x floor, 60 cards)",
                         target="<= 2x floor 60", ok=lambda f: (f.ratio() or 99) <= 1.0)
               for t in SEEDS}
    for _ in range(repeat):
        for target, figure in figures.items():
            project = work / "seed-project"
            if not project.exists():
                shutil.copytree(REPO / "data", project / "data")
                shutil.copytree(REPO / "layouts", project / "layouts")
                shutil.copy(REPO / "cardgen.yaml", project / "cardgen.yaml")
            figure.values.append(cold_build(project, target, work / "seeds").seconds)
    return list(figures.values())


def startup_figures(repeat: int) -> list[Figure]:
    python = Figure("Python itself (`python -c pass`)", "python")
    version = Figure("`cardgen --version`", ratio_to=python)
    check = Figure(f"`cardgen check {CHECKED}`", target="<= 0.25 s",
                   ok=lambda f: f.median <= 0.25)
    for _ in range(max(5, repeat)):
        python.values.append(checked(run_child([sys.executable, "-c", "pass"]), "python").seconds)
        version.values.append(checked(run_child(cardgen(REPO, "--version")), "version").seconds)
        check.values.append(checked(run_child(cardgen(REPO, "check", CHECKED)), "check").seconds)
    return [python, version, check]


def edit_figures(repeat: int, work: Path) -> list[Figure]:
    """Full build, then edit one card's text and build again (the output folder kept)."""
    full = Figure(f"{EDIT_CARDS:,} cards: full build before the edit", "full build")
    edit = Figure(f"{EDIT_CARDS:,} cards: rebuild after a one-card edit", ratio_to=full,
                  target="< 15 % of a full build", ok=lambda f: (f.ratio() or 99) < 0.15)
    for k in range(repeat):
        project = gen_deck.make_project(work / f"edit-{k}", EDIT_CARDS)
        out = work / f"edit-out-{k}"
        full.values.append(cold_build(project, gen_deck.TARGET, out).seconds)
        gen_deck.edit_one_card(project, EDIT_CARDS // 2 + k)
        run = checked(run_child(cardgen(project, "build", gen_deck.TARGET, "--out", str(out))),
                      "edit rebuild")
        edit.values.append(run.seconds)
    loop = Figure(f"{EDIT_CARDS:,} cards: `cardgen watch` rebuild after a one-card edit "
                  "(PDFs, SVGs; previews are off in watch)", ratio_to=full)
    for k in range(repeat):
        loop.values.append(watch_rebuild(work / f"edit-{k}", EDIT_CARDS // 3 + k))
    return [full, edit, loop]


def watch_rebuild(project: Path, card: int) -> float:
    """Seconds `cardgen watch` reports for the rebuild that follows editing one card (the loop
    a designer who keeps it running feels: no start-up, the face cache on disk)."""
    log = project / "watch.log"
    with log.open("w") as sink:
        proc = subprocess.Popen(cardgen(project, "watch", gen_deck.TARGET), stdout=sink,
                                stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _wait_for_builds(log, 1)
        gen_deck.edit_one_card(project, card)
        built = _wait_for_builds(log, 2)
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(timeout=30)
    return float(built[-1].rsplit(" in ", 1)[1].split(" s", 1)[0])


def _wait_for_builds(log: Path, count: int, timeout: float = 120.0) -> list[str]:
    """The first `count` "HH:MM:SS built ..." lines of a watch log, once there are that many."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        lines = [ln for ln in log.read_text().splitlines() if re.match(r"\d\d:\d\d:\d\d built ", ln)]
        if len(lines) >= count:
            return lines
        time.sleep(0.05)
    raise RuntimeError(f"watch did not build in {timeout:.0f} s:\n{log.read_text()}")


def print_table(figures: list[Figure], repeat: int) -> None:
    layout = ("STAND-IN layout (tests/support/standin_layout.py; cardgen.layout is missing)"
              if importlib.util.find_spec("cardgen.layout") is None else "cardgen.layout")
    print(f"\ncardgen bench ({os.cpu_count()} cores, Python {sys.version.split()[0]}, {layout}; "
          f"median (min-max) of {repeat} interleaved runs, {LARGE:,} cards once)\n")
    print("| figure | measured | ratio | target | |\n|---|---:|---|---|---|")
    for figure in figures:
        print(figure.row())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=f"60,600,{LARGE}")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each figure (default 3)")
    parser.add_argument("--no-seeds", action="store_true")
    parser.add_argument("--no-edit", action="store_true")
    parser.add_argument("--keep", action="store_true", help="keep the work folder")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="cardgen-bench-"))
    helped = run_child(cardgen(REPO, "build", "--help")).out
    if "--outputs" not in helped:
        LETTER_HOW[0] = "bench/homeprint.py (process)"
    figures: list[Figure] = []
    try:
        decks = {int(s): deck_figures(int(s), args.repeat, work) for s in args.sizes.split(",") if s}
        for rows in decks.values():
            figures += rows
        figures += startup_figures(args.repeat)
        if not args.no_seeds:
            floor_60 = decks[60][0] if 60 in decks else deck_figures(60, args.repeat, work)[0]
            figures += seed_figures(args.repeat, work, floor_60)
        if not args.no_edit:
            figures += edit_figures(args.repeat, work)
        print_table(figures, args.repeat)
    finally:
        if args.keep:
            print(f"work folder: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
