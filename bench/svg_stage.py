"""PROJECT GAME[@EDITION] -> JSON: seconds to write every face's SVG with svgwrite (cardgen) and
with hand-written strings (bench/svg_floor.py), in one process, best of 5 each, interleaved.

    python bench/svg_stage.py /tmp/deck bench@1
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository
sys.path.insert(0, str(Path(__file__).resolve().parent))
import svg_floor  # noqa: E402

from cardgen.data import load_database, parse_target  # noqa: E402
from cardgen.layout import LayoutSession, face_info, lay_out  # noqa: E402
from cardgen.layout.drawing import Drawing  # noqa: E402
from cardgen.render.svg import to_svg  # noqa: E402


def faces(project: Path, target: str) -> list[Drawing]:
    game, edition = parse_target(target, project)
    db = load_database(project, game, edition)
    session = LayoutSession(db)
    out = []
    for c in db.components:
        sides = ("front", "back") if face_info(session, c.kind).has_back else ("front",)
        out += [d for side in sides if (d := lay_out(session, c, side)) is not None]
    return out


def seconds(write: Callable[..., str], drawings: list[Drawing]) -> float:
    started = time.perf_counter()
    for d in drawings:
        write(d, bleed_mm=d.bleed)
    return time.perf_counter() - started


def main() -> None:
    drawings = faces(Path(sys.argv[1]), sys.argv[2])
    svgwrite_s, floor_s = [], []
    for _ in range(5):
        svgwrite_s.append(seconds(to_svg, drawings))
        floor_s.append(seconds(svg_floor.to_svg, drawings))
    print(json.dumps({"faces": len(drawings), "svgwrite_s": min(svgwrite_s), "strings_s": min(floor_s)}))


if __name__ == "__main__":
    main()
