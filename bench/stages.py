"""PROJECT TARGET [--no-preview] -> seconds spent in each build stage, and the peak memory.

Runs load, check and cardgen.pipeline.build in this process with a progress callback that notes
when each stage reports its last item, so a stage's time is the gap since the previous one.

    python bench/stages.py /tmp/deck bench@1 --no-preview
"""

from __future__ import annotations

import resource
import sys
import tempfile
import time
from pathlib import Path

from cardgen.check import check
from cardgen.data.load import load_database, parse_target
from cardgen.pipeline import BuildOptions, build


def stage_seconds(project: Path, target: str, preview: bool) -> dict[str, float]:
    started = time.perf_counter()
    game, edition = parse_target(target, project)
    db = load_database(project, game, edition)
    loaded = time.perf_counter()
    check(db)
    checked = time.perf_counter()
    ends: dict[str, float] = {}
    build(db, Path(tempfile.mkdtemp(prefix="stages-")), BuildOptions(preview=preview),
          lambda stage, done, total: ends.__setitem__(stage, time.perf_counter()))
    times = {"load": loaded - started, "check": checked - loaded}
    previous = checked
    for stage, end in ends.items():
        times[stage] = end - previous
        previous = end
    times["rest (swap, manifest)"] = time.perf_counter() - previous
    return times


if __name__ == "__main__":
    seconds = stage_seconds(Path(sys.argv[1]), sys.argv[2], "--no-preview" not in sys.argv)
    for stage, s in seconds.items():
        print(f"{stage:24} {s:7.2f} s")
    print(f"{'total':24} {sum(seconds.values()):7.2f} s, peak "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
