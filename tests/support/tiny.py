"""The hostile corpus's tiny game (the `tiny` fixture in conftest.py copies it) and one-string
edits to a copy."""

from __future__ import annotations

from pathlib import Path

TINY = Path(__file__).resolve().parents[1] / "hostile" / "tiny"


def edit(project: Path, rel: str, old: str, new: str) -> None:
    """Replace the first `old` in the project's file `rel` with `new` (it must be there)."""
    path = project / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {rel}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
