"""The hostile corpus timed: every tests/hostile/cases/*.yaml set up as tests/test_hostile.py
sets it up, run as a fresh child process (under the test's 2 GB address-space limit, one
worker), with its wall time and peak memory against the corpus's targets: at most 10 s and
500 MB a case. tests/test_hostile.py checks the exits, messages, locations, the world outside
the project and the memory; time is measured only here, where a busy machine cannot fail the
suite.

    python bench/hostile.py [CASE ...]     # names of files in tests/hostile/cases/, no .yaml
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from tests.test_hostile import CASES, MAX_MB, _child, _edit, _seed_output, _world  # noqa: E402

MAX_SECONDS = 10.0
SHOWN = 10  # the slowest cases listed


def run_case(case: Path, scratch: Path) -> tuple[float, float, int]:
    """(seconds, peak MB, exit code) of one case, in a fresh world under scratch."""
    spec = yaml.safe_load(case.read_text(encoding="utf-8"))
    world, project = _world(scratch, spec.get("base", "tiny"))
    for edit in spec.get("edits", []):
        _edit(project, world, edit)
    if spec.get("exit", 2) != 0:
        _seed_output(project)
    args = ["--project", str(project), *(str(a).format(world=world) for a in spec["args"])]
    run = _child(args, world)
    return run.seconds, run.peak_mb, run.code


def main(names: list[str]) -> int:
    cases = [c for c in CASES if not names or c.stem in names]
    figures: dict[str, tuple[float, float, int]] = {}
    for case in cases:
        with tempfile.TemporaryDirectory(prefix="cardgen-hostile-") as scratch:
            figures[case.stem] = run_case(case, Path(scratch))
    slowest = sorted(figures, key=lambda k: -figures[k][0])
    print(f"| case (slowest {min(SHOWN, len(slowest))} of {len(figures)}) | seconds | peak MB | exit |")
    print("|---|---:|---:|---:|")
    for name in slowest[:SHOWN]:
        seconds, mb, code = figures[name]
        print(f"| {name} | {seconds:.2f} | {mb:.0f} | {code} |")
    worst_s = max(s for s, _, _ in figures.values())
    worst_mb = max(m for _, m, _ in figures.values())
    print(f"\n{len(figures)} cases, {sum(s for s, _, _ in figures.values()):.1f} s in all")
    print(f"every case <= {MAX_SECONDS:.0f} s: {'met' if worst_s <= MAX_SECONDS else 'MISSED'} "
          f"(slowest {worst_s:.2f} s)")
    print(f"every case < {MAX_MB:.0f} MB: {'met' if worst_mb < MAX_MB else 'MISSED'} "
          f"(largest {worst_mb:.0f} MB)")
    return 0 if worst_s <= MAX_SECONDS and worst_mb < MAX_MB else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
