"""Nothing -> a table of build times, peak memory and ratios to the plain-reportlab floor (`make bench`).

Every measurement runs in a child process (fresh interpreter, its own peak RSS from wait4):
- synthetic decks of N = 100, 1,000, 10,000 cards (tests/support/gen_deck.py): full `cardgen build`
  wall time and peak memory; the Letter home-print PDF alone (layout + PDF, in-process timer)
  against bench/floor.py drawing the same cards with plain reportlab, same run;
- each seed game's full build (process wall time, and the build's own time);
- rebuilding the N = 1,000 deck after editing one card, against its full build.

    python bench/run.py [--sizes 100,1000] [--no-seeds] [--profile DIR]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path.insert(0, str(REPO))
from tests.support import gen_deck  # noqa: E402

SEEDS = ("l5@0.6.5", "l5@act-one", "l5@0.6.2", "lux-aeterna", "orbital-debris")
TARGETS = {"seed": 1.0, "floor_ratio": 1.5, "peak_mb_10k": 300.0, "edit_ratio": 0.15}


@dataclass
class Run:
    seconds: float  # wall time of the child process
    peak_mb: float  # its peak resident memory
    code: int
    out: str


def run_child(args: list[str], cwd: Path = REPO) -> Run:
    """Run a child process; wall time and peak RSS of exactly that child (os.wait4)."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    started = time.perf_counter()
    child = subprocess.Popen(args, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = child.stdout.read().decode("utf-8", "replace") if child.stdout else ""
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    return Run(seconds, usage.ru_maxrss / 1024, child.returncode, out)


def cardgen(project: Path, *args: str) -> list[str]:
    cli = REPO / "tests" / "support" / "cardgen_cli.py"
    return [sys.executable, str(cli), "--project", str(project), *args]


def full_build(project: Path, target: str, out: Path, profile: Path | None = None) -> Run:
    cmd = cardgen(project, "build", target, "--out", str(out))
    if profile is not None:
        cmd = [sys.executable, "-m", "cProfile", "-o", str(profile), *cmd[1:]]
    run = run_child(cmd)
    if run.code != 0:
        raise SystemExit(f"build {target} failed ({run.code}):\n{run.out[-3000:]}")
    return run


def home_print(project: Path, target: str, out: Path) -> dict[str, float]:
    """Layout + Letter home-print PDF timed inside a child (bench/homeprint.py)."""
    run = run_child([sys.executable, str(BENCH / "homeprint.py"), str(project), target, str(out)])
    if run.code != 0:
        raise SystemExit(f"home print {target} failed:\n{run.out[-3000:]}")
    return {**json.loads(run.out.strip().splitlines()[-1]), "peak_mb": run.peak_mb}


def floor(n: int, out: Path) -> float:
    run = run_child([sys.executable, str(BENCH / "floor.py"), str(n), str(out)])
    if run.code != 0:
        raise SystemExit(f"floor failed:\n{run.out}")
    return float(run.out.split(": ")[-1].split(" s")[0])


def svg_stage(project: Path, target: str) -> dict:
    """The SVG writer with svgwrite against hand-written strings (bench/svg_stage.py)."""
    run = run_child([sys.executable, str(BENCH / "svg_stage.py"), str(project), target])
    if run.code != 0:
        raise SystemExit(f"svg stage {target} failed:\n{run.out[-3000:]}")
    return json.loads(run.out.strip().splitlines()[-1])


def deck_rows(sizes: list[int], work: Path, profile: Path | None) -> list[dict]:
    rows = []
    for n in sizes:
        project = gen_deck.make_project(work / f"deck-{n}", n)
        prof = profile / f"build-{n}.prof" if profile else None
        build = full_build(project, gen_deck.TARGET, work / f"out-{n}", prof)
        pnp = home_print(project, gen_deck.TARGET, work / f"pnp-{n}.pdf")
        floor_s = floor(n, work / f"floor-{n}.pdf")
        svg = svg_stage(project, gen_deck.TARGET) if n <= 1000 else None
        rows.append({"n": n, "svg": svg, "build_s": build.seconds, "peak_mb": build.peak_mb,
                     "layout_s": pnp["layout_s"], "pdf_s": pnp["pdf_s"],
                     "pnp_s": pnp["layout_s"] + pnp["pdf_s"], "floor_s": floor_s,
                     "ratio": (pnp["layout_s"] + pnp["pdf_s"]) / floor_s})
    return rows


def seed_rows(work: Path) -> list[dict]:
    if importlib.util.find_spec("cardgen.layout") is None:
        return []  # the seed games need the real layouts
    rows = []
    for target in SEEDS:
        run = full_build(REPO, target, work / "seeds")
        said = [line for line in run.out.splitlines() if line.startswith("built ")]
        inner = float(said[-1].split(" in ")[-1].split(" s")[0]) if said else float("nan")
        rows.append({"target": target, "wall_s": run.seconds, "build_s": inner, "peak_mb": run.peak_mb})
    return rows


def edit_row(work: Path, n: int = 1000) -> dict:
    """Full build, then edit one card's text and build again (the output folder kept)."""
    project = gen_deck.make_project(work / f"edit-{n}", n)
    out = work / f"edit-out-{n}"
    first = full_build(project, gen_deck.TARGET, out)
    gen_deck.edit_one_card(project, n // 2)
    second = full_build(project, gen_deck.TARGET, out)
    return {"n": n, "full_s": first.seconds, "edit_s": second.seconds,
            "ratio": second.seconds / first.seconds}


def print_table(decks: list[dict], seeds: list[dict], edit: dict | None) -> None:
    layout = ("STAND-IN layout (tests/support/standin_layout.py; cardgen.layout is missing)"
              if importlib.util.find_spec("cardgen.layout") is None else "cardgen.layout")
    print(f"\ncardgen bench ({os.cpu_count()} cores, Python {sys.version.split()[0]}, {layout})\n")
    print("| cards | full build s | peak MB | layout s | Letter PDF s | layout+PDF s | floor s | ratio |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in decks:
        print(f"| {r['n']:,} | {r['build_s']:.2f} | {r['peak_mb']:.0f} | {r['layout_s']:.2f} | "
              f"{r['pdf_s']:.2f} | {r['pnp_s']:.2f} | {r['floor_s']:.2f} | {r['ratio']:.2f}x |")
    for r in decks:
        if r.get("svg"):
            svg = r["svg"]
            print(f"\nSVG stage, {r['n']:,} cards ({svg['faces']:,} faces, one process): svgwrite "
                  f"{svg['svgwrite_s']:.2f} s, hand-written strings {svg['strings_s']:.2f} s = "
                  f"{svg['svgwrite_s'] / svg['strings_s']:.1f}x")
    if seeds:
        print("\n| seed game | process wall s | build s | peak MB |\n|---|---:|---:|---:|")
        for r in seeds:
            print(f"| {r['target']} | {r['wall_s']:.2f} | {r['build_s']:.2f} | {r['peak_mb']:.0f} |")
    if edit:
        print(f"\none-card edit, {edit['n']:,} cards: full {edit['full_s']:.2f} s, rebuild after the "
              f"edit {edit['edit_s']:.2f} s = {edit['ratio']:.0%} of a full build")
    print("\n" + "\n".join(verdicts(decks, seeds, edit)))


def verdicts(decks: list[dict], seeds: list[dict], edit: dict | None) -> list[str]:
    def mark(ok: bool) -> str:
        return "met   " if ok else "MISSED"

    lines = []
    if seeds:
        worst = max(seeds, key=lambda r: r["wall_s"])
        lines.append(f"{mark(worst['wall_s'] < TARGETS['seed'])} each seed game < 1 s "
                     f"(slowest {worst['target']}: {worst['wall_s']:.2f} s)")
    for r in decks:
        if r["n"] == 1000:
            lines.append(f"{mark(r['ratio'] <= TARGETS['floor_ratio'])} 1,000 cards home-print PDF "
                         f"within 1.5x the floor ({r['ratio']:.2f}x)")
        if r["n"] == 10000:
            lines.append(f"{mark(r['peak_mb'] < TARGETS['peak_mb_10k'])} 10,000 cards peak < 300 MB "
                         f"({r['peak_mb']:.0f} MB)")
    if edit:
        lines.append(f"{mark(edit['ratio'] < TARGETS['edit_ratio'])} one-card edit rebuild < 15% "
                     f"of a full build ({edit['ratio']:.0%})")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,10000")
    parser.add_argument("--no-seeds", action="store_true")
    parser.add_argument("--no-edit", action="store_true")
    parser.add_argument("--profile", type=Path, help="write cProfile files of the deck builds here")
    parser.add_argument("--keep", action="store_true", help="keep the work folder")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="cardgen-bench-"))
    if args.profile:
        args.profile.mkdir(parents=True, exist_ok=True)
    try:
        decks = deck_rows([int(s) for s in args.sizes.split(",") if s], work, args.profile)
        seeds = [] if args.no_seeds else seed_rows(work)
        edit = None if args.no_edit else edit_row(work)
        print_table(decks, seeds, edit)
    finally:
        if args.keep:
            print(f"work folder: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
