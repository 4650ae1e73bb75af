"""PROJECT GAME[@EDITION] -> JSON: CPU seconds to write every face's SVG text with cardgen's
streamed writer and with the svgwrite element tree it replaced (tests/support/svg_reference.py),
in one process, best of 5 each, interleaved; the first (cold) round of each apart.

    python bench/svg_stage.py /tmp/deck bench@1
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository

from cardgen.data import load_database, parse_target  # noqa: E402
from cardgen.layout import LayoutSession, face_info, lay_out  # noqa: E402
from cardgen.layout.drawing import Drawing  # noqa: E402
from cardgen.render.svg import to_svg  # noqa: E402
from tests.support.svg_reference import to_svg as tree_svg  # noqa: E402


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
    started = time.process_time()
    for d in drawings:
        write(d, bleed_mm=d.bleed)
    return time.process_time() - started


def main() -> None:
    drawings = faces(Path(sys.argv[1]), sys.argv[2])
    streamed_s, tree_s = [], []
    for _ in range(6):
        streamed_s.append(seconds(to_svg, drawings))
        tree_s.append(seconds(tree_svg, drawings))
    print(json.dumps({"faces": len(drawings), "streamed_cold_s": streamed_s[0],
                      "streamed_s": min(streamed_s[1:]), "svgwrite_tree_cold_s": tree_s[0],
                      "svgwrite_tree_s": min(tree_s[1:])}))


if __name__ == "__main__":
    main()
