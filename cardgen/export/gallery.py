"""A build's faces, check report and edition diff -> index.html in the output folder.

One self-contained page: the faces are the build's own SVGs (relative links), the styles and
the small kind filter are inline, nothing comes from a server or the internet, so the folder
can be zipped and sent, or opened straight from the file system. It prints: the filter hides
itself on paper and faces do not split across pages. A card back shared by a whole kind is
shown once. `cardgen build` runs it as a last step (`GalleryStep` in BuildOptions.extra_steps).
"""

from __future__ import annotations

import hashlib
import html
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.export.common import Deck, decks
from cardgen.pipeline import manifest, warm
from cardgen.pipeline.faces import FaceKey, Faces
from cardgen.pipeline.writers import svg_name
from cardgen.records import record

if TYPE_CHECKING:  # a build without an edition to compare with never loads the diff
    from cardgen.check.report import Report
    from cardgen.data.model import Database
    from cardgen.diff.compute import EditionDiff

GALLERY = "index.html"


@record(frozen=True)
class GalleryStep:
    """The build's last step: write index.html (with this report and diff) and its record."""

    report: Report | None = None
    diff: EditionDiff | None = None
    compare_hint: str = ""  # said where there is no diff: how to name an edition

    def __call__(self, db: Database, faces: Faces, tmp: Path,
                 records: list[manifest.FileRecord]) -> list[manifest.FileRecord]:
        svgs = {r.path for r in records if r.holds == "svg"}
        shown = gallery_faces(db, faces, svgs)
        text = gallery_html(db, shown, self.report, self.diff, self.compare_hint)
        record = manifest.FileRecord(GALLERY, "gallery", sorted({f.kind for f in shown}), 0,
                                     len(shown))
        if os.linesep != "\n":  # written as text, measured when the manifest is written
            (tmp / GALLERY).write_text(text, encoding="utf-8")
            return [record]
        data = text.encode("utf-8")  # as write_text writes it; measured as it is written
        (tmp / GALLERY).write_bytes(data)
        record.size, record.digest = len(data), _digest(data)
        return [record]


def _digest(data: bytes) -> str:
    """The sha256 of a page's bytes; while the process keeps warm, the last page's again when
    this one is the same (a rebuild after a card's text is edited mostly writes the same)."""
    if not warm.warm():
        return hashlib.sha256(data).hexdigest()
    if not _LAST_PAGE or _LAST_PAGE[0][0] != data:
        _LAST_PAGE[:] = [(data, hashlib.sha256(data).hexdigest())]
    return _LAST_PAGE[0][1]


# while the process keeps warm: the last page written (its bytes) and its sha256
_LAST_PAGE: list[tuple[bytes, str]] = warm.memo([])


@record(frozen=True)
class Shown:
    """One face in the gallery."""

    kind: str
    title: str  # the kind's title
    name: str
    side: str
    svg: str  # relative path
    count: int  # copies printed (a shared back: the whole kind's)
    width: float  # mm
    height: float


def gallery_faces(db: Database, faces: Faces, svgs: set[str]) -> list[Shown]:
    """Every face with an SVG, kind by kind: each card's front, then backs (shared ones once)."""
    kinds = {c.id: c.kind for c in faces.components}
    make = warm.remade("gallery", Shown)  # warm: an unchanged face's the last build's
    shown: list[Shown | None] = []
    for deck in decks(db, faces):
        backs: dict[str, tuple[int, FaceKey, str, str]] = {}  # key -> index, face, name, svg
        counts: dict[str, list[int]] = {}  # key -> [copies, components] of those sharing it
        for c in deck.components:
            for side in ("front", "back"):
                face: FaceKey = (c.id, side)
                name = svg_name(face, kinds) if face in faces.drawings else ""
                if name not in svgs:
                    continue
                if side == "back":
                    key = faces.key(face)
                    seen = counts.get(key)
                    if seen is not None:
                        seen[0] += c.count
                        seen[1] += 1
                        continue
                    backs[key], counts[key] = (len(shown), face, c.name, name), [c.count, 1]
                    shown.append(None)  # made once its copies are counted
                    continue
                shown.append(_shown(make, deck, faces, face, c.name, name, c.count))
        for key, (index, face, name, svg) in backs.items():
            count, sharing = counts[key]
            if sharing == len(deck.components) > 1:  # a back the whole kind shares: its kind's
                name = f"{deck.title} (every card)"
            shown[index] = _shown(make, deck, faces, face, name, svg, count)
    return [s for s in shown if s is not None]


def _shown(make: Callable[..., Shown], deck: Deck, faces: Faces, face: FaceKey, name: str,
           svg: str, count: int) -> Shown:
    drawing = faces.drawings[face]
    return make(deck.kind, deck.title, name, face[1], svg, count, drawing.width, drawing.height)


# --------------------------------------------------------------------------- the page

STYLE = """
:root { color-scheme: light; --ink: #1d2430; --muted: #5b6575; --line: #d5dae2; }
body { font: 15px/1.45 system-ui, sans-serif; color: var(--ink); margin: 0 2rem 3rem; }
header { border-bottom: 1px solid var(--line); margin-bottom: 1rem; }
nav button { font: inherit; margin: 0 .3rem .5rem 0; padding: .25rem .7rem; border-radius: 1rem;
  border: 1px solid var(--line); background: #fff; color: var(--ink); cursor: pointer; }
nav button[aria-pressed="true"] { background: var(--ink); color: #fff; }
.grid { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-end; }
figure { margin: 0; text-align: center; }
figure img { display: block; margin: 0 auto .3rem; max-width: 100%; height: auto; }
figcaption { font-size: 13px; max-width: 12rem; margin: auto; }
figcaption small, .muted { color: var(--muted); }
table { border-collapse: collapse; margin: 0; }
.scroll { overflow-x: auto; max-width: 100%; margin: .5rem 0 1rem; }
li, td, p { overflow-wrap: anywhere; }
@media (max-width: 480px) { body { margin: 0 .75rem 2rem; } }
th, td { border-bottom: 1px solid var(--line); padding: .2rem .6rem; text-align: left;
  vertical-align: top; }
.ok { color: #1b6e35; } .bad { color: #a4161a; font-weight: 600; } .warn { color: #8a5a00; }
code { font-size: 13px; }
@media print {
  nav, .noprint { display: none; }
  figure, tr { break-inside: avoid; }
  body { margin: 0; }
}
"""

SCRIPT = """
(() => {
  const buttons = document.querySelectorAll('nav button');
  const faces = document.querySelectorAll('figure.face');
  for (const button of buttons) {
    button.addEventListener('click', () => {
      const kind = button.dataset.kind;
      for (const b of buttons) b.setAttribute('aria-pressed', String(b === button));
      for (const f of faces) f.hidden = kind !== 'all' && f.dataset.kind !== kind;
    });
  }
})();
"""

PX_PER_MM = 2.4  # faces at about 60 % of their printed size; boards capped at MAX_PX
MAX_PX = 420


def gallery_html(db: Database, shown: list[Shown], report: Report | None,
                 diff: EditionDiff | None, compare_hint: str = "") -> str:
    title = f"{db.game.name} {db.edition.id}"
    parts = [
        "<!doctype html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(title)}</title>", f"<style>{STYLE}</style>", "</head>", "<body>",
        "<header>", f"<h1>{_e(title)}</h1>",
        f'<p class="muted">{_e(db.edition.title or db.game.title)} &middot; '
        f"{len(shown)} faces &middot; made by cardgen</p>",
        _filters(shown), "</header>", "<main>",
        _faces_section(shown), _report_section(report), _diff_section(diff, compare_hint),
        "</main>", f"<script>{SCRIPT}</script>", "</body>", "</html>",
    ]
    return "\n".join(p for p in parts if p) + "\n"


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _filters(shown: list[Shown]) -> str:
    kinds: dict[str, tuple[str, int]] = {}
    for s in shown:
        title, n = kinds.get(s.kind, (s.title, 0))
        kinds[s.kind] = (title, n + 1)
    buttons = [f'<button type="button" data-kind="all" aria-pressed="true">All ({len(shown)})</button>']
    buttons += [f'<button type="button" data-kind="{_e(k)}" aria-pressed="false">'
                f"{_e(title)} ({n})</button>" for k, (title, n) in kinds.items()]
    return '<nav aria-label="Filter by kind">' + "".join(buttons) + "</nav>"


def _faces_section(shown: list[Shown]) -> str:
    if not shown:
        return '<section id="faces"><h2>Faces</h2><p>No SVG faces in this build.</p></section>'
    kept = _FIGURES if warm.warm() else None  # warm: a face's figure by its very Shown
    now: dict[int, tuple[Shown, str]] = {}
    figures = []
    for s in shown:
        found = kept.get(id(s)) if kept is not None else None
        if found is None or found[0] is not s:
            found = (s, _figure(s))
        now[id(s)] = found
        figures.append(found[1])
    if kept is not None:
        kept.clear()
        kept.update(now)
    return '<section id="faces"><h2>Faces</h2><div class="grid">' + "".join(figures) + "</div></section>"


def _figure(s: Shown) -> str:
    scale = min(PX_PER_MM, MAX_PX / max(s.width, s.height))
    w, h = round(s.width * scale), round(s.height * scale)
    copies = f" &middot; &times;{s.count}" if s.count != 1 else ""
    return (f'<figure class="face" data-kind="{_e(s.kind)}">'
            f'<img src="{_e(s.svg)}" width="{w}" height="{h}" alt="{_e(s.name)}, {s.side}">'
            f"<figcaption>{_e(s.name)}<br><small>{_e(s.title)}, {s.side}{copies}</small>"
            "</figcaption></figure>")


# while the process keeps warm: id(Shown) -> (it, its figure), the last gallery's
_FIGURES: dict[int, tuple[Shown, str]] = warm.memo({})


def _finding_class(severity: str, accepted: str | None) -> str:
    """An acknowledged finding reads as passed; an error is bad; a warning a warning."""
    return "ok" if accepted else "bad" if severity == "error" else "warn"


def _report_section(report: Report | None) -> str:
    if report is None:
        return ""
    verdict = "fails its check" if report.failed() else "passes its check"
    rows = "".join(
        f"<tr><td>{_e(r.kind)}</td><td>{_e(r.line)}</td>"
        f"<td>{'' if r.expected is None else r.expected}</td><td>{r.has}</td>"
        f'<td class="{"ok" if r.ok else "bad"}">{_e(r.verdict)}</td><td>{_e(r.detail)}</td></tr>'
        for r in report.rows)
    rules = "".join(
        f'<li class="{"ok" if r.passed else "bad"}">{_e(r.rule)}: {_e(r.says)} '
        f"({'passed' if r.passed else f'{r.findings} findings'})</li>" for r in report.rules)
    findings = "".join(
        f'<li class="{_finding_class(f.severity, f.accepted)}">{_e(f.severity)}[{_e(f.rule)}] '
        f"{_e(f.message)}{f' <q>{_e(f.quote)}</q>' if f.quote else ''}"
        f"{f' <small>{_e(f.where)}</small>' if f.where else ''}"
        f"{f' <small>acknowledged: {_e(f.accepted)}</small>' if f.accepted else ''}</li>"
        for f in report.findings)
    drafts = ", ".join(f"{_e(k)}: {n}" for k, n in report.drafts.items())
    return (
        f'<section id="report"><h2>Check report</h2><p class="{"bad" if report.failed() else "ok"}">'
        f"{_e(report.game)}@{_e(report.edition)} {verdict}: {report.components} pieces.</p>"
        '<div class="scroll"><table><thead><tr><th>kind</th><th>the box list says</th><th>expected</th>'
        f"<th>has</th><th>verdict</th><th>detail</th></tr></thead><tbody>{rows}</tbody></table></div>"
        + (f"<h3>Rules</h3><ul>{rules}</ul>" if rules else "")
        + (f"<h3>Findings</h3><ul>{findings}</ul>" if findings else "")
        + (f'<p class="muted">Draft text (not from the rulebook): {drafts}</p>' if drafts else "")
        + "</section>")


def _diff_section(diff: EditionDiff | None, hint: str) -> str:
    if diff is None:
        return (f'<section id="changes" class="noprint"><h2>Changes</h2><p class="muted">'
                f"{_e(hint or 'No edition named to compare with.')}</p></section>") if hint else ""
    from cardgen.diff.text import diff_markdown

    return ('<section id="changes"><h2>Changes</h2>'
            + markdown_html(diff_markdown(diff)) + "</section>")


def markdown_html(text: str) -> str:
    """The Markdown diff_markdown writes (headings, two levels of lists) -> HTML."""
    out: list[str] = []
    depth = 0
    for line in text.splitlines():
        level = 2 if line.startswith("  - ") else 1 if line.startswith("- ") else 0
        while depth < level:
            out.append("<ul>")
            depth += 1
        while depth > level:
            out.append("</ul>")
            depth -= 1
        if level:
            out.append(f"<li>{_inline(line.lstrip()[2:])}</li>")
        elif line.startswith("### "):
            out.append(f"<h4>{_inline(line[4:])}</h4>")
        elif line.startswith("## "):
            out.append(f"<h3>{_inline(line[3:])}</h3>")
        elif line.strip():
            out.append(f"<p>{_inline(line)}</p>")
    out.extend("</ul>" for _ in range(depth))
    return "\n".join(out)


def _inline(text: str) -> str:
    escaped = _e(text.replace("\\*", "*").replace("\\_", "_"))
    escaped = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", escaped)
    return re.sub(r"`(.+?)`", r"<code>\1</code>", escaped)
