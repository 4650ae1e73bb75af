"""PROJECT TARGET OUT.pdf -> one JSON line: seconds to lay out the faces and write the Letter PDF.

The part of a build that bench/floor.py does by hand, timed inside the process (no start-up,
no load, no check): stage 1 (faces) and stage 2 (home print) for Letter only.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository
from tests.support import standin_layout  # noqa: E402

standin_layout.install()
from cardgen.data.load import load_database, parse_target  # noqa: E402
from cardgen.pipeline import BuildOptions, lay_out_faces, write_home_print  # noqa: E402


def main(project: Path, target: str, out: Path) -> dict[str, float]:
    game, edition = parse_target(target, project)
    db = load_database(project, game, edition)
    quiet = lambda stage, done, total: None  # noqa: E731
    started = time.perf_counter()
    faces = lay_out_faces(db, None, quiet)
    laid_out = time.perf_counter()
    tmp = Path(tempfile.mkdtemp(prefix="homeprint-"))
    try:
        write_home_print(db, faces, tmp, BuildOptions(papers=("letter",)), quiet)
        written = time.perf_counter()
        shutil.move(tmp / "pnp-letter.pdf", out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return {"layout_s": laid_out - started, "pdf_s": written - laid_out, "faces": len(faces.drawings)}


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3]))))
