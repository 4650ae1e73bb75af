"""PROJECT GAME@EDITION -> CPU seconds of each step of one cold default build, in one process.

Runs load, check and the build with CARDGEN_JOBS=1 (every task in this process, one after the
other) and the face cache removed first, and adds up the CPU time of each kind of task, so the
shares say where a build's work goes whatever the number of cores.

    python bench/cpu_by_step.py /tmp/deck6000 bench@1
"""

from __future__ import annotations

import collections
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ["CARDGEN_JOBS"] = "1"

from cardgen.check import check  # noqa: E402
from cardgen.data.load import load_database, parse_target  # noqa: E402
from cardgen.pipeline import BuildOptions, build, tasks  # noqa: E402
from cardgen.pipeline import run as pipeline  # noqa: E402  (where build() finds its steps)

STEPS = {"print_shop_task": "print-shop PDFs", "home_print_task": "home-print PDFs",
         "svg_task": "SVGs", "preview_task": "page previews", "sheet_task": "contact sheets"}


def cpu_by_step(project: Path, target: str) -> tuple[dict[str, float], float]:
    spent: collections.Counter[str] = collections.Counter()

    def timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            started = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[name] += time.process_time() - started
        return run

    for attr, name in STEPS.items():
        setattr(tasks, attr, timed(name, getattr(tasks, attr)))
    pipeline.lay_out_faces = timed("layout (stage 3)", pipeline.lay_out_faces)
    pipeline.write_manifest_file = timed("manifest", pipeline.write_manifest_file)
    shutil.rmtree(project / ".cardgen-cache", ignore_errors=True)
    started = time.process_time()
    game, edition = parse_target(target, project)
    db = load_database(project, game, edition)
    spent["load"] += time.process_time() - started
    check(db)
    with tempfile.TemporaryDirectory(prefix="cpu-by-step-") as out:
        build(db, Path(out), BuildOptions())
    total = time.process_time() - started
    spent["other (check, plans, swap)"] = total - sum(spent.values())
    return dict(spent), total


if __name__ == "__main__":
    steps, total = cpu_by_step(Path(sys.argv[1]), sys.argv[2])
    for name, seconds in sorted(steps.items(), key=lambda kv: -kv[1]):
        print(f"{name:28} {seconds:7.2f} s  {100 * seconds / total:5.1f} %")
    print(f"{'total CPU':28} {total:7.2f} s")
