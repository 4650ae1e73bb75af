"""Print the mutation score of each package `make mutation` mutates, from mutmut's results.

Reads mutants/**/*.py.meta (what `mutmut run` leaves), groups the mutants by package
(cardgen/impose, cardgen/check, cardgen/data) and prints killed / all per package and per
module. A mutant is caught when mypy --strict refused it (CI runs mypy) or a test failed,
timed out or crashed on it; a mutant no test reaches counts as not caught. The `tests` column
is the share the tests alone catch of the mutants mypy let through. Exits 1 when a package's
score is under the goal (--goal, 80 %).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from mutmut.stats import status_by_exit_code

CAUGHT = {"killed", "timeout", "segfault", "caught by type check"}
TYPED = "caught by type check"  # mypy --strict refused the mutant before any test ran


def statuses(mutants: Path) -> dict[str, Counter[str]]:
    """Module path (cardgen/impose/pack.py) -> how many of its mutants ended in each status."""
    by_module: dict[str, Counter[str]] = {}
    for meta in sorted(mutants.glob("cardgen/**/*.py.meta")):
        module = meta.relative_to(mutants).as_posix().removesuffix(".meta")
        codes = json.loads(meta.read_text())["exit_code_by_key"].values()
        by_module[module] = Counter(status_by_exit_code[code] for code in codes)
    return by_module


def score(counts: Counter[str]) -> tuple[int, int]:
    """(caught, all) of one module's or package's mutants."""
    return sum(counts[s] for s in CAUGHT), counts.total()


def by_tests(counts: Counter[str]) -> str:
    """The share the tests catch of the mutants mypy let through."""
    tested = counts.total() - counts[TYPED]
    return f"{(sum(counts[s] for s in CAUGHT) - counts[TYPED]) / tested:.1%}" if tested else "-"


def report(by_module: dict[str, Counter[str]], goal: float) -> list[str]:
    """The per-package table; the packages under the goal."""
    packages: dict[str, Counter[str]] = {}
    for module, counts in by_module.items():
        packages.setdefault(module.rsplit("/", 1)[0], Counter()).update(counts)
    below = []
    print(f"{'package / module':34} {'caught':>7} {'all':>6} {'score':>7} {'by mypy':>8} "
          f"{'tests':>7}  not caught")
    for package, total in sorted(packages.items()):
        caught, every = score(total)
        if not every:
            continue
        print(f"{package:34} {caught:7} {every:6} {caught / every:7.1%} {total[TYPED]:8} "
              f"{by_tests(total):>7}")
        for module, counts in sorted(by_module.items()):
            if module.rsplit("/", 1)[0] == package and counts.total():
                c, n = score(counts)
                missed = ", ".join(f"{s} {k}" for s, k in counts.items() if s not in CAUGHT)
                print(f"  {module.rsplit('/', 1)[1]:32} {c:7} {n:6} {c / n:7.1%} {counts[TYPED]:8} "
                      f"{by_tests(counts):>7}  {missed}")
        if caught / every < goal:
            below.append(package)
    return below


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutants", type=Path, default=Path("mutants"))
    parser.add_argument("--goal", type=float, default=0.80)
    args = parser.parse_args()
    by_module = statuses(args.mutants)
    if not by_module:
        print(f"no mutmut results in {args.mutants}/: run `mutmut run` first", file=sys.stderr)
        return 2
    below = report(by_module, args.goal)
    if below:
        print(f"under {args.goal:.0%}: {', '.join(below)}")
        return 1
    print(f"every package at {args.goal:.0%} or more")
    return 0


if __name__ == "__main__":
    sys.exit(main())
