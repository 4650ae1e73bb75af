"""Nothing -> issue 25's speed table: each row's figure, ratio, goal and pass/fail (`make bench`).

Every figure is a fresh child process, measured by os.wait4: CPU time (user + system) of the
whole process tree (the build's worker processes are waited for, so they count) and wall time.
Runs are paired and interleaved: a build compared with the floor runs between two floor runs
and is compared with their mean (each floor run is the one after a build and the one before the
next), so a busy machine weighs on both alike, and a ratio is the median over the rounds of
each round's own ratio (7 rounds by default, >= 3: --repeat). Builds are cold (fresh output
folder, no face cache) unless the row says otherwise. The decks are tests/support/gen_deck.py's poker cards
(coloured frame, title, number, ~30 words, two icons, one shared back); the floor is
bench/floor.py drawing the same cards with plain reportlab in cardgen's own environment.

Rows (what / figure / goal):
  letter 600, letter 6,000   `cardgen build --outputs pnp-letter`: CPU / the floor's CPU, <= 1.5x
  full 600                   the default full build: CPU / the floor's CPU, <= 8x
  full 6,000                 the default full build: wall seconds, <= 20 s (wall-time bound)
  edit rebuild               600 cards, one card's text edited after a full build, and
                             `cardgen build` typed again: handed to the server the full build
                             left (cli/autoserve.py): the client's CPU plus the server's
                             from the end of the full build to the command's end (its log
                             line's) and its helpers' (/proc) / the full build's, <= 10 %
  edit handed to serve       the same, with a `cardgen serve` started by hand (warmed by one
                             rebuild not counted), five edits in a row: the means of the five
  edit in a fresh process    for reference, no goal: the rebuild in a process of its own, no
                             server (CARDGEN_NO_SERVER=1): CPU / the full build's
  edit in watch              the same edit seen by a running `cardgen watch`: the seconds its
                             own "built ... in X s" line reports, <= 0.3 s (wall-time bound)
  seed l5@0.6.5              its default build: CPU / the floor's 60-card CPU, <= 4x
  check l5@0.6.5             `cardgen check l5@0.6.5` on the project the seed row just built,
                             in a fresh process (not handed to the server the build left):
                             wall seconds, <= 0.25 s (wall-time bound)

Builds run as typed, so each one that finds no server runs in a child that stays on as the
project's server (cli/autoserve.py): a build's CPU is the process the command line started
(which waits) plus what the server's first log line says the build took in it and its helpers.
The bench stops it (`serve --stop`, not measured) before the project's next cold build.

Wall-time rows need a quiet machine; CPU ratios hold up on a busy one.

    python bench/run.py                       # the whole table (about two minutes on 2 cores)
    python bench/run.py --sizes 600 --repeat 3 --no-seeds --no-edit   # a quick look
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path.insert(0, str(REPO))
from tests.support import gen_deck  # noqa: E402

SEED = "l5@0.6.5"
EDIT_CARDS = 600
SERVED_EDITS = 5  # edits handed to one server per round: its CPU is their mean


@dataclass
class Run:
    wall: float  # seconds
    cpu: float  # user + system seconds of the process and every descendant it waited for
    out: str


def run_child(args: list[str], cwd: Path = REPO, **extra: str) -> Run:
    env = {**os.environ, "PYTHONPATH": str(REPO), **extra}
    started = time.perf_counter()
    child = subprocess.Popen(args, cwd=cwd, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT)
    out = child.stdout.read().decode("utf-8", "replace") if child.stdout else ""
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        raise SystemExit(f"{' '.join(args)} failed ({code}):\n{out[-3000:]}")
    return Run(wall, usage.ru_utime + usage.ru_stime, out)


def cardgen(project: Path, *args: str) -> list[str]:
    """The command line a designer types: the `cardgen` script installed next to this Python
    (`python -m cardgen` where there is none; runpy's imports add ~2 ms to a start)."""
    script = Path(sys.executable).parent / "cardgen"
    command = [str(script)] if script.is_file() else [sys.executable, "-m", "cardgen"]
    return [*command, "--project", str(project), *args]


def floor(n: int, work: Path) -> Run:
    return run_child([sys.executable, str(BENCH / "floor.py"), str(n), str(work / "floor.pdf")])


def cold_build(project: Path, target: str, out: Path, *args: str) -> Run:
    """A build as typed, with no output or caches before it: the process the command line
    started (which only waits, when the build runs in the child that stays on as the
    project's server: cli/autoserve.py) and, from the server's first line, the CPU the build
    took in that child and its helpers."""
    if (project / ".cardgen-cache" / "serve.sock").exists():  # the last round's server ended
        run_child(cardgen(project, "serve", "--stop"))  # first: nothing else runs during a build
    shutil.rmtree(project / ".cardgen-cache", ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    run = run_child(cardgen(project, "build", target, "--out", str(out), *args))
    log = project / ".cardgen-cache" / "serve.log"
    if log.exists():
        _wait_for_line(log, "serving ")
        took = re.search(r"; the command it ran first took ([\d.]+) s CPU, its helpers ([\d.]+) s$",
                         log.read_text().splitlines()[0])
        if took is None:
            raise RuntimeError(f"no build CPU on the server's first line:\n{log.read_text()}")
        run.cpu += float(took.group(1)) + float(took.group(2))
    return run


# --------------------------------------------------------------------------- rows


@dataclass
class Row:
    what: str
    goal: str
    limit: float  # the figure passes at or under it
    unit: str  # "x" (a ratio), "%" (a ratio shown in per cent) or "s"
    figures: list[float] = field(default_factory=list)  # per round: the ratio or seconds
    detail: list[str] = field(default_factory=list)  # per round, what the figure came from

    def median(self) -> float:
        return statistics.median(self.figures) if self.figures else float("nan")

    def shown(self) -> str:
        m, lo, hi = self.median(), min(self.figures), max(self.figures)
        if self.unit == "%":
            return f"{100 * m:.1f} % ({100 * lo:.1f}-{100 * hi:.1f})"
        return f"{m:.2f}{self.unit} ({lo:.2f}-{hi:.2f})"

    def line(self) -> str:
        verdict = ("" if self.limit == float("inf") else
                   "pass" if self.median() <= self.limit else "FAIL")
        return f"| {self.what} | {self.detail_median()} | {self.shown()} | {self.goal} | {verdict} |"

    def detail_median(self) -> str:
        """The round whose figure is the median (its raw seconds), for the figure column."""
        if not self.detail:
            return ""
        order = sorted(range(len(self.figures)), key=self.figures.__getitem__)
        return self.detail[order[(len(order) - 1) // 2]]


def deck_rows(n: int, repeat: int, work: Path) -> list[Row]:
    """Letter-only and full builds of n cards, each between two floor runs."""
    project = gen_deck.make_project(work / f"deck-{n}", n)
    out = work / f"out-{n}"
    letter = Row(f"`build --outputs pnp-letter`, {n:,} cards", "<= 1.5x floor CPU", 1.5, "x")
    full = (Row(f"default full build, {n:,} cards", "<= 8x floor CPU", 8.0, "x") if n < 6000
            else Row(f"default full build, {n:,} cards", "<= 20 s wall", 20.0, " s"))
    after = floor(n, work)
    for _ in range(repeat):
        # each build between two floor runs, compared with their mean (the last round's
        # after is this one's before): a busy moment that starts or ends during a build
        # weighs on its floor too
        before = after
        run = cold_build(project, gen_deck.TARGET, out, "--outputs", "pnp-letter")
        between = floor(n, work)
        fl = (before.cpu + between.cpu) / 2
        letter.figures.append(run.cpu / fl)
        letter.detail.append(f"{run.cpu:.2f} s CPU vs floor {fl:.2f} s")
        run = cold_build(project, gen_deck.TARGET, out)
        after = floor(n, work)
        if full.unit == "x":
            fl = (between.cpu + after.cpu) / 2
            full.figures.append(run.cpu / fl)
            full.detail.append(f"{run.cpu:.2f} s CPU vs floor {fl:.2f} s")
        else:
            full.figures.append(run.wall)
            full.detail.append(f"{run.wall:.2f} s wall, {run.cpu:.2f} s CPU")
    return [letter, full]


def edit_rows(repeat: int, work: Path) -> list[Row]:
    """A full build, one card's text edited, the build again (handed to the server the full
    build left, as typed); the same in a process of its own, for reference; then five edits
    handed to a `cardgen serve` started by hand, and one seen by `cardgen watch`."""
    edit = Row(f"one card's text edited, `cardgen build` again ({EDIT_CARDS} cards), as typed: "
               "handed to the server the full build left", "<= 10 % of the cold full build (CPU)",
               0.10, "%")
    fresh = Row("same edit rebuilt in a fresh process of its own (CARDGEN_NO_SERVER=1)",
                "for reference: no goal", float("inf"), "%")
    served = Row("same edit, rebuild handed to a running `cardgen serve`",
                 "<= 10 % of the cold full build (CPU)", 0.10, "%")
    for k in range(repeat):
        project = gen_deck.make_project(work / f"edit-{k}", EDIT_CARDS)
        out = work / f"edit-out-{k}"
        full = cold_build(project, gen_deck.TARGET, out)
        build = cardgen(project, "build", gen_deck.TARGET, "--out", str(out))
        gen_deck.edit_one_card(project, EDIT_CARDS // 2 + k)
        client, server = left_server_rebuild(project, build)
        edit.figures.append((client.cpu + server) / full.cpu)
        edit.detail.append(f"{client.cpu:.3f} + {server:.3f} s CPU (client + server) vs "
                           f"{full.cpu:.2f} s ({client.wall:.2f} s wall)")
        run_child(cardgen(project, "serve", "--stop"))
        gen_deck.edit_one_card(project, EDIT_CARDS // 2 + 50 + k)
        alone = run_child(build, CARDGEN_NO_SERVER="1")
        fresh.figures.append(alone.cpu / full.cpu)
        fresh.detail.append(f"{alone.cpu:.2f} s CPU vs {full.cpu:.2f} s "
                            f"({alone.wall:.2f} s wall vs {full.wall:.2f} s wall)")
        client, server_cpu = served_rebuild(project, out, EDIT_CARDS // 4 + k)
        served.figures.append((client.cpu + server_cpu) / full.cpu)
        served.detail.append(f"{client.cpu:.3f} + {server_cpu:.3f} s CPU (client + server) vs "
                             f"{full.cpu:.2f} s ({client.wall:.2f} s wall)")
    loop = Row("same edit inside a running `cardgen watch`", "<= 0.3 s (wall)", 0.3, " s")
    for k in range(repeat):
        seconds = watch_rebuild(work / f"edit-{k}", EDIT_CARDS // 3 + k)
        loop.figures.append(seconds)
        loop.detail.append(f"{seconds:.2f} s reported by watch")
    return [edit, served, loop, fresh]


def left_server_rebuild(project: Path, build: list[str]) -> tuple[Run, float]:
    """The rebuild `build` handed to the server the last build of `project` left
    (cli/autoserve.py): the client's run, and the server's CPU seconds from the end of the
    build it ran first to the command's end (its log line's "since the server started": its
    start as a server, the command), and whatever processes it waited for since (/proc)."""
    log = project / ".cardgen-cache" / "serve.log"
    _wait_for_line(log, "serving ")
    pid = int(log.read_text().split(", pid ", 1)[1].split(" ", 1)[0])
    before = children_cpu(pid)
    client = run_child(build)
    _wait_for_line(log, "", count=1, has=" -> exit 0 ")
    line = [ln for ln in log.read_text().splitlines() if " -> exit 0 " in ln][-1]
    cpu = float(re.search(r"; ([\d.]+) s CPU since the server started\)$",
                          line).group(1))  # type: ignore[union-attr]
    return client, cpu + children_cpu(pid) - before


def served_rebuild(project: Path, out: Path, card: int) -> tuple[Run, float]:
    """A `cardgen serve` on the project, warmed by one rebuild; then, SERVED_EDITS times, one
    card edited and `cardgen build` run as a fresh client: the clients' mean run and the
    server's mean CPU seconds per command (its /proc counts are in clock ticks, 10 ms: over
    several commands the tick is a small part of each one's figure)."""
    log = project / "serve.log"
    with log.open("w") as sink:
        proc = subprocess.Popen(cardgen(project, "serve", "--idle", "5"), stdout=sink,
                                stderr=subprocess.STDOUT, start_new_session=True,
                                env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        _wait_for_line(log, "serving ")
        build = cardgen(project, "build", gen_deck.TARGET, "--out", str(out))
        gen_deck.edit_one_card(project, card + 1)
        run_child(build)  # warms the server: not counted
        clients = []
        before = process_cpu(proc.pid)
        for n in range(SERVED_EDITS):
            gen_deck.edit_one_card(project, card + 2 + 10 * n)
            clients.append(run_child(build))
            _wait_for_line(log, "", count=2 + n, has=" -> exit 0 ")  # the server's line for it
        server = (process_cpu(proc.pid) - before) / SERVED_EDITS
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(timeout=30)
    client = Run(wall=statistics.fmean(c.wall for c in clients),
                 cpu=statistics.fmean(c.cpu for c in clients), out=clients[-1].out)
    return client, server


def children_cpu(pid: int) -> float:
    """CPU seconds of the processes a running process waited for (its helpers)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(v) for v in fields[13:15]) / os.sysconf("SC_CLK_TCK")


def process_cpu(pid: int) -> float:
    """User + system CPU seconds of a running process and the children it waited for."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(v) for v in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def _wait_for_line(log: Path, start: str, count: int = 1, has: str = "",
                   timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        lines = log.read_text().splitlines()
        if sum(line.startswith(start) and has in line for line in lines) >= count:
            return
        time.sleep(0.02)
    raise RuntimeError(f"no line starting {start!r} in {timeout:.0f} s:\n{log.read_text()}")


def watch_rebuild(project: Path, card: int) -> float:
    """Seconds `cardgen watch` reports for the rebuild that follows editing one card."""
    log = project / "watch.log"
    with log.open("w") as sink:
        proc = subprocess.Popen(cardgen(project, "watch", gen_deck.TARGET), stdout=sink,
                                stderr=subprocess.STDOUT, start_new_session=True,
                                env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        _wait_for_builds(log, 1)
        time.sleep(0.5)  # let the watcher settle on the files it watches
        gen_deck.edit_one_card(project, card)
        built = _wait_for_builds(log, 2)
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(timeout=30)
    return float(built[-1].rsplit(" in ", 1)[1].split(" s", 1)[0])


def _wait_for_builds(log: Path, count: int, timeout: float = 180.0) -> list[str]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        lines = [ln for ln in log.read_text().splitlines() if re.match(r"\d\d:\d\d:\d\d built ", ln)]
        if len(lines) >= count:
            return lines
        time.sleep(0.05)
    raise RuntimeError(f"watch did not build in {timeout:.0f} s:\n{log.read_text()}")


def seed_project(work: Path) -> Path:
    project = work / "seed-project"
    if not project.exists():
        shutil.copytree(REPO / "data", project / "data")
        shutil.copytree(REPO / "layouts", project / "layouts")
        shutil.copy(REPO / "cardgen.yaml", project / "cardgen.yaml")
    return project


def seed_rows(repeat: int, work: Path) -> list[Row]:
    project = seed_project(work)
    build = Row(f"default build of {SEED}", "<= 4x floor CPU (60 cards)", 4.0, "x")
    check = Row(f"`cardgen check {SEED}`, fresh process", "<= 0.25 s (wall)", 0.25, " s")
    after = floor(60, work)
    for _ in range(repeat):
        # the floor on both sides of the build (the last round's after is this one's before):
        # a busy moment that starts or ends during the build weighs on its floor too
        before = after
        run = cold_build(project, SEED, work / "seed-out")
        after = floor(60, work)
        fl = (before.cpu + after.cpu) / 2
        build.figures.append(run.cpu / fl)
        build.detail.append(f"{run.cpu:.2f} s CPU vs floor {fl:.2f} s")
        # the project just built, in a fresh process (the build left a server: a check
        # handed to it would take a few milliseconds)
        run = run_child(cardgen(project, "check", SEED), CARDGEN_NO_SERVER="1")
        check.figures.append(run.wall)
        check.detail.append(f"{run.wall:.2f} s wall, {run.cpu:.2f} s CPU")
    return [build, check]


def print_table(rows: list[Row], repeat: int) -> None:
    print(f"\ncardgen bench, issue 25 ({os.cpu_count()} cores, Python {sys.version.split()[0]}; "
          f"medians of {repeat} paired, interleaved rounds; CPU = the whole process tree)\n")
    print("| what | figure (median round) | ratio or time (min-max) | goal | |")
    print("|---|---|---|---|---|")
    for row in rows:
        print(row.line())


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n", 1)[0],
        epilog=__doc__.split("\n\n", 2)[2], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="600,6000",
                        help="deck sizes of the Letter and full-build rows (default 600,6000)")
    parser.add_argument("--repeat", type=int, default=7,
                        help="paired rounds per row (default 7: a median of 7 holds against "
                             "three rounds a busy moment spoils)")
    parser.add_argument("--no-seeds", action="store_true", help=f"leave out the {SEED} rows")
    parser.add_argument("--no-edit", action="store_true", help="leave out the edit rows")
    parser.add_argument("--keep", action="store_true", help="keep the work folder")
    args = parser.parse_args()
    # Ctrl-C ends `cardgen watch` in its row: a bench started in the background (`make bench &`)
    # inherits SIGINT ignored, which every child would inherit too, and the watch would not end
    signal.signal(signal.SIGINT, signal.default_int_handler)
    # Bytecode as an installed package has it, even where PYTHONDONTWRITEBYTECODE is set: else
    # every child process would compile cardgen's modules again and the rows would time that.
    compileall.compile_dir(str(REPO / "cardgen"), quiet=1)
    work = Path(tempfile.mkdtemp(prefix="cardgen-bench-"))
    rows: list[Row] = []
    try:
        for size in (int(s) for s in args.sizes.split(",") if s):
            rows += deck_rows(size, args.repeat, work)
        order = {r.what: n for n, r in enumerate(rows)}  # the order: Letter rows first
        rows.sort(key=lambda r: (not r.what.startswith("`build"), order[r.what]))
        if not args.no_edit:
            rows += edit_rows(args.repeat, work)
        if not args.no_seeds:
            rows += seed_rows(args.repeat, work)
        print_table(rows, args.repeat)
    finally:
        if args.keep:
            print(f"work folder: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
