"""The golden records in tests/golden/: what the seed games' builds lay out and plan, as text.

- `<game>@<edition>.faces.txt`: every face the build lays out (stage 3), one line per primitive
  (cardgen.layout.dump); a face equal to an earlier one is one line naming it;
- `<game>@<edition>.home.txt`: the home-print page plans (stage 4) on Letter and A4, one line
  per placement, mark, label and lane (cardgen.impose.dump); `.home-fold.txt` the same with
  `--fold --back-offset 1,-0.5`, for one game;
- `writer-sha256.json`: the sha256 of a few files a small generated deck builds to (a
  home-print PDF, a print-shop PDF, an SVG, a preview PNG), so the writers stay deterministic.

They come from the build's own code paths (`lay_out_faces`, `plan_pages`, the CLI for the
deck). tests/test_golden.py makes the same records with the current code and shows the first
differences as a unified diff. After an intended change, write them anew and review the diff:

    make golden          # or: python tests/support/golden.py
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import json
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, when run as a script
from tests.support import gen_deck  # noqa: E402

if TYPE_CHECKING:
    from cardgen.data.model import Database
    from cardgen.pipeline.faces import BuildOptions, Faces

REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "tests" / "golden"
TARGETS = ("l5@0.6.5", "l5@act-one", "l5@0.6.2", "lux-aeterna", "orbital-debris")
FOLD_TARGET = "l5@0.6.5"  # cards, tokens, stickers and large sheets, most with backs
FOLD_OFFSET = (1.0, -0.5)
DECK_CARDS = 20
WRITER_FILES = ("pnp-letter.pdf", "print/card.pdf", "svg/card/card-00001.svg",
                "preview/pnp-letter-002.png")
REGENERATE = "make golden"


@functools.lru_cache(maxsize=16)
def laid_out(project: Path, target: str) -> tuple[Database, Faces]:
    """A target's Database and every face a build lays out (no face cache), once per process."""
    from cardgen.data.load import load_database, parse_target
    from cardgen.pipeline.faces import lay_out_faces

    game, edition = parse_target(target, project)
    db = load_database(project, game, edition)
    return db, lay_out_faces(db, None, lambda stage, done, total: None)


def faces_text(db: Database, faces: Faces) -> str:
    from cardgen.layout.dump import dump_drawings

    named = [(f"{cid} {side}", drawing) for (cid, side), drawing in faces.drawings.items()]
    return _record(f"faces of {db.label}", dump_drawings(named))


def home_text(db: Database, faces: Faces, options: BuildOptions) -> str:
    from cardgen.impose.dump import dump_home_files
    from cardgen.pipeline.writers import plan_pages

    how = "fold-over, back offset " + ",".join(map(str, options.back_offset)) if options.fold \
        else "duplex, back offset " + ",".join(map(str, options.back_offset))
    plans = plan_pages(db, faces, options)
    return _record(f"home-print plans of {db.label} ({how})", dump_home_files(plans.items()))


def _record(what: str, lines: list[str]) -> str:
    return "\n".join([f"# {what}: written by `{REGENERATE}`, compared by tests/test_golden.py",
                      *lines, ""])


def record_names(target: str, label: str) -> list[str]:
    names = [f"{label}.faces.txt", f"{label}.home.txt"]
    return names + [f"{label}.home-fold.txt"] if target == FOLD_TARGET else names


def records(target: str, project: Path = REPO) -> dict[str, str]:
    """file name in tests/golden -> its text, for one seed target laid out from `project`."""
    from cardgen.pipeline.faces import BuildOptions

    db, faces = laid_out(project.resolve(), target)
    out = {f"{db.label}.faces.txt": faces_text(db, faces),
           f"{db.label}.home.txt": home_text(db, faces, BuildOptions())}
    if target == FOLD_TARGET:
        out[f"{db.label}.home-fold.txt"] = home_text(
            db, faces, BuildOptions(fold=True, back_offset=FOLD_OFFSET))
    return out


def writer_hashes(root: Path) -> dict[str, str]:
    """Build the generated deck under root with cardgen's CLI (in this process); the sha256
    of WRITER_FILES."""
    from cardgen.cli import main

    project = gen_deck.make_project(root / "deck", DECK_CARDS)
    out = root / "out"
    code = main(["--project", str(project), "build", gen_deck.TARGET, "--out", str(out),
                 "--previews"])
    if code != 0:
        raise RuntimeError(f"building the deck exited {code}")
    (folder,) = [p for p in out.iterdir() if p.is_dir() and not p.name.startswith(".")]
    return {name: hashlib.sha256((folder / name).read_bytes()).hexdigest() for name in WRITER_FILES}


def first_differences(name: str, expected: str, actual: str, limit: int = 80) -> str:
    """A unified diff of a golden record and the text made now, cut after `limit` lines; each
    hunk's header names the face or page it lies in (as git names the function)."""
    old = expected.splitlines()
    diff = list(difflib.unified_diff(old, actual.splitlines(), f"tests/golden/{name}", "now",
                                     n=2, lineterm=""))
    for i, line in enumerate(diff):
        if line.startswith("@@ "):
            start = int(line.split()[1].lstrip("-").split(",")[0])
            heads = [h for h in old[:start] if h.startswith(("face ", "page ", "file "))]
            if heads:
                diff[i] = f"{line} {heads[-1]}"
    removed = sum(1 for line in diff[2:] if line.startswith("-"))
    added = sum(1 for line in diff[2:] if line.startswith("+"))
    shown = diff[:limit]
    if len(diff) > limit:
        shown.append(f"... ({len(diff) - limit} more diff lines)")
    return "\n".join([f"{name} differs (-{removed} +{added} lines); if the change is intended, run "
                      f"`{REGENERATE}` and review the diff", *shown])


def write_all() -> list[Path]:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    written = []
    for target in TARGETS:
        for name, text in records(target).items():
            (GOLDEN / name).write_text(text, encoding="utf-8")
            written.append(GOLDEN / name)
    with tempfile.TemporaryDirectory(prefix="cardgen-golden-") as tmp:
        hashes = writer_hashes(Path(tmp))
    path = GOLDEN / "writer-sha256.json"
    path.write_text(json.dumps(hashes, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return [*written, path]


if __name__ == "__main__":
    for path in write_all():
        print(f"wrote {path.relative_to(REPO)} ({path.stat().st_size:,} bytes)")
