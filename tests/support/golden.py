"""Small builds -> sha256 of every file they write: the bytes the speed work must not change.

tests/fixtures/golden-sha256.json was written by this script from main's code without the speed
work (first at de7c9c1, then again at 8f98190, 4bd5489 and a21ed81 as the seed game's data, the
gallery and the home-print files came in, once more when crop marks ran out to the
printable margin, and at the 6 pt edition mark, after the second round of speed work had
passed against the list before it); tests/test_byte_identical.py builds the same
projects with the current code and compares. manifest.json is compared without its `source`
fields (content keys include a digest of cardgen's own code, so they change with any edit to
it) and without `options.print_shop` (added with `--outputs`; always true in these builds).

    python tests/support/golden.py tests/fixtures/golden-sha256.json   # only for an intended change
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, when run as a script
from tests.support import gen_deck  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
SEED = "orbital-debris"  # boards, tiles, tokens and cards: most of impose's plans
DECK_CARDS = 20
# name -> (project maker, target, extra build arguments)
BUILDS = {
    "seed": (SEED, []),
    "deck": (gen_deck.TARGET, []),
    "deck-fold": (gen_deck.TARGET, ["--fold", "--back-offset", "1,-0.5"]),
}


def make_project(name: str, root: Path) -> Path:
    """A scratch project for one of BUILDS (the seed game copied, or the generated deck)."""
    if name == "seed":
        project = root / "seed"
        shutil.copytree(REPO / "data" / SEED, project / "data" / SEED)
        for folder in (SEED, "common"):
            if (REPO / "layouts" / folder).is_dir():
                shutil.copytree(REPO / "layouts" / folder, project / "layouts" / folder)
        (project / "cardgen.yaml").write_text(f"default_game: {SEED}\n", encoding="utf-8")
        return project
    return gen_deck.make_project(root / name, DECK_CARDS)


def normalized_manifest(path: Path) -> bytes:
    data = json.loads(path.read_text(encoding="utf-8"))
    for record in data.get("files", {}).values():
        record.pop("source", None)
    data.get("options", {}).pop("print_shop", None)  # added with --outputs, after the list
    return json.dumps(data, indent=2, sort_keys=True).encode("utf-8")


def file_hashes(folder: Path) -> dict[str, str]:
    """relative path -> sha256 of every file under folder (manifest.json normalized)."""
    hashes = {}
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        name = path.relative_to(folder).as_posix()
        body = normalized_manifest(path) if name == "manifest.json" else path.read_bytes()
        hashes[name] = hashlib.sha256(body).hexdigest()
    return hashes


def build_hashes(name: str, root: Path) -> dict[str, str]:
    """Build one of BUILDS under root with cardgen's CLI (in this process); its file hashes."""
    from cardgen.cli import main

    target, extra = BUILDS[name]
    project = make_project(name, root)
    out = root / f"out-{name}"
    code = main(["--project", str(project), "build", target, "--out", str(out), *extra])
    if code != 0:
        raise RuntimeError(f"build {name} exited {code}")
    (folder,) = [p for p in out.iterdir() if p.is_dir() and not p.name.startswith(".")]
    return file_hashes(folder)


def all_hashes() -> dict[str, dict[str, str]]:
    with tempfile.TemporaryDirectory(prefix="cardgen-golden-") as tmp:
        return {name: build_hashes(name, Path(tmp)) for name in BUILDS}


if __name__ == "__main__":
    target = Path(sys.argv[1])
    target.write_text(json.dumps(all_hashes(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {target}")
