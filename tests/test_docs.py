"""The docs run: every shell block (```sh, ```bash, ```shell, ```console) of README.md,
docs/*.md and the README that `cardgen new` writes is run, command by command, with the
installed `cardgen` (the bin folder of the Python running the tests first on PATH).

Where each doc runs:
- README.md: in a copy of this repository (its `.venv/bin` is the installed one); every
  block starts in the copy's root, as the README's snippets are written to be run there;
- docs/*.md: in an empty folder, one shell session per doc (a block starts in the folder the
  one before it ended in), as a reader follows a walk-through;
- the new project's README.md: in the project `cardgen new` made, one session.

A comment right before a block steers it, in the doc where a reader sees it:
- `<!-- docs-test: skip (why) -->`: the block is not run (installs from the network, never
  ends, runs the test suite itself); keep these few;
- `<!-- docs-test: write PATH -->`: the block is written to PATH (relative to the current
  folder of the doc's session), as a reader pastes an example into a file.

A command whose comment ends by stating its exit (`# warnings fail too (exit 1)`) must exit
with that code; any other must exit 0. One that does not fails the test with the doc's
file:line, the command and what the block printed.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.support.repo_copy import copy_repo

pytestmark = pytest.mark.child_process  # runs cardgen in a child process

SHELLS = {"sh", "bash", "shell", "console"}
FENCE = re.compile(r"^(\s*)```\s*([\w+-]*)\s*$")
MARKER = re.compile(r"^\s*<!--\s*docs-test:\s*(.*?)\s*-->\s*$")
DIRECTIVE = re.compile(r"^(?:skip \((?P<why>.+)\)|write (?P<path>\S+))$")
BIN = Path(sys.executable).parent  # where the installed cardgen is
STATED_EXIT = re.compile(r"#.*\bexit (\d+)\)?\s*$")  # `... (exit 1)` ends the command's comment
HANG = 300  # seconds: a block still running then is reported as never ending


@dataclass
class Block:
    doc: str  # as shown in messages
    line: int  # the line of the opening fence
    lang: str
    body: list[tuple[int, str]] = field(default_factory=list)  # (line, text)
    marker: str = ""

    @property
    def skip(self) -> str | None:
        found = DIRECTIVE.match(self.marker)
        return found["why"] if found and found["why"] else None

    @property
    def write(self) -> str | None:
        found = DIRECTIVE.match(self.marker)
        return found["path"] if found and found["path"] else None

    def commands(self) -> list[tuple[int, str]]:
        """(line, command) of each command: comments and blank lines left out, lines ending in a
        backslash joined to the next, only `$ ` lines of a console block (the rest is output)."""
        found: list[tuple[int, str]] = []
        pending: tuple[int, str] | None = None
        for number, text in self.body:
            if self.lang == "console" and pending is None:
                if not text.startswith("$ "):
                    continue
                text = text[2:]
            if pending is not None:
                number, text = pending[0], pending[1] + "\n" + text
                pending = None
            if not text.strip() or text.lstrip().startswith("#"):
                continue
            if text.endswith("\\"):
                pending = (number, text)
                continue
            found.append((number, text))
        return found


def blocks(path: Path, shown: str) -> list[Block]:
    """Every fenced block of a Markdown file with the docs-test marker right before it."""
    found: list[Block] = []
    open_block: Block | None = None
    previous = ""
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        fence = FENCE.match(text)
        if open_block is not None:
            if fence and not fence[2]:
                found.append(open_block)
                open_block = None
                previous = text
            else:
                open_block.body.append((number, text))
            continue
        if fence:
            marker = MARKER.match(previous)
            open_block = Block(shown, number, fence[2].lower(), marker=marker[1] if marker else "")
        elif text.strip():
            previous = text
    assert open_block is None, f"{shown}:{open_block.line}: a code block is never closed"
    return found


def _env() -> dict[str, str]:
    installed = shutil.which("cardgen", path=str(BIN))
    assert installed, f"no cardgen beside {sys.executable}: run the tests with `make test`"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CARDGEN_JOBS")}
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    return env


def _script(block: Block, state: Path) -> str:
    """bash that runs the block's commands in order, each shown as `$ command` before its
    output; the first that fails ends it with its doc line in state.failed; at the end the
    folder it is in goes to state (where the next block of a session starts)."""
    lines = ['cd -- "$1" || exit 99']
    for number, command in block.commands():
        stated = STATED_EXIT.search(command)
        lines += [f"printf '%s\\n' {shlex.quote('$ ' + command)}",
                  command,
                  f'__rc=$?; if [ "$__rc" -ne {stated[1] if stated else 0} ]; then '
                  f'echo {number} "$__rc" > {shlex.quote(str(state))}.failed; exit 1; fi']
    lines.append(f"pwd > {shlex.quote(str(state))}")
    return "\n".join(lines) + "\n"


def run_doc(doc_blocks: list[Block], start: Path, session: bool, scratch: Path) -> list[Block]:
    """Run every shell block (writing the `write` ones), in order; the blocks run."""
    env = _env()
    state = scratch / "docs-test-state"
    here = start
    ran: list[Block] = []
    for block in doc_blocks:
        here = here if session else start
        if block.write:
            target = here / block.write
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text("\n".join(text for _, text in block.body) + "\n", encoding="utf-8")
            continue
        if block.lang not in SHELLS or block.skip:
            continue
        state.unlink(missing_ok=True)
        Path(f"{state}.failed").unlink(missing_ok=True)
        try:
            done = subprocess.run(["bash", "-c", _script(block, state), "docs-test", str(here)],
                                  env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True, timeout=HANG)
        except subprocess.TimeoutExpired as exc:
            out = exc.stdout if isinstance(exc.stdout, str) else (exc.stdout or b"").decode()
            pytest.fail(f"{block.doc}:{block.line}: the block did not end in {HANG} s (a command that "
                        f"never ends needs `<!-- docs-test: skip (why) -->` before its block):\n{out}")
        if done.returncode != 0:
            failed = Path(f"{state}.failed")
            line, code = (failed.read_text().split() if failed.is_file()
                          else (str(block.line), str(done.returncode)))
            command = dict(block.commands()).get(int(line), "")
            stated = STATED_EXIT.search(command)
            shown = done.stdout.splitlines()
            began = [n for n, text in enumerate(shown) if text == f"$ {command.splitlines()[0]}"]
            tail = "\n".join(shown[began[-1]:] if began else shown)
            tail = tail if len(tail) < 8000 else "...\n" + tail[-8000:]
            pytest.fail(f"{block.doc}:{line}: `{command}` exited {code}, not {stated[1] if stated else 0} "
                        f"(run in {here}):\n{tail}", pytrace=False)
        here = Path(state.read_text().strip())
        ran.append(block)
    return ran


def _repo_copy(scratch: Path) -> Path:
    """A copy of this repository whose .venv/bin is the installed one; make sees it set up."""
    clone = copy_repo(scratch / "cardgen")
    if (REPO.parent / "shared").is_dir():  # the rulebooks some games read, beside the repository
        (scratch / "shared").symlink_to(REPO.parent / "shared")
    venv = clone / ".venv"
    venv.mkdir()
    (venv / "bin").symlink_to(BIN)
    for stamp in (".installed", ".installed-dev", ".compiled"):  # newer than every file copied
        (venv / stamp).touch()
    up_to_date = subprocess.run(["make", "-q", ".venv/.compiled", ".venv/.installed-dev"], cwd=clone,
                                capture_output=True, text=True)
    assert up_to_date.returncode == 0, f"make would set up .venv again in the copy:\n{up_to_date.stdout}"
    return clone


def _ran_summary(doc: str, all_blocks: list[Block], ran: list[Block]) -> None:
    shell = [b for b in all_blocks if b.lang in SHELLS]
    skipped = [f"line {b.line}: {b.skip}" for b in shell if b.skip]
    print(f"\n{doc}: {len(ran)} of {len(shell)} shell blocks run"
          + (f"; skipped: {'; '.join(skipped)}" if skipped else ""))


def test_readme_runs(tmp_path: Path) -> None:
    found = blocks(REPO / "README.md", "README.md")
    clone = _repo_copy(tmp_path)
    ran = run_doc(found, clone, session=False, scratch=tmp_path)
    _ran_summary("README.md", found, ran)
    assert ran, "README.md: no shell block ran"


@pytest.mark.parametrize("doc", sorted((REPO / "docs").glob("*.md")), ids=lambda p: p.name)
def test_docs_run(doc: Path, tmp_path: Path) -> None:
    found = blocks(doc, f"docs/{doc.name}")
    start = tmp_path / "work"
    start.mkdir()
    ran = run_doc(found, start, session=True, scratch=tmp_path)
    _ran_summary(f"docs/{doc.name}", found, ran)


def test_new_project_readme_runs(tmp_path: Path) -> None:
    made = subprocess.run(["cardgen", "new", "mygame"], cwd=tmp_path, env=_env(),
                          capture_output=True, text=True)
    assert made.returncode == 0, made.stdout + made.stderr
    project = tmp_path / "mygame"
    found = blocks(project / "README.md", "the README of `cardgen new`")
    ran = run_doc(found, project, session=True, scratch=tmp_path)
    _ran_summary("the README of `cardgen new`", found, ran)
    assert ran, "the new project's README has no shell block that runs"


# `pip install cardgen`, `pipx install 'cardgen[xlsx]'`, `pip install cardgen==0.1.0` (a file
# such as cardgen-0.1.0-py3-none-any.whl is not the name on an index)
PACKAGE_INDEX = re.compile(r"\bpip[x3]?\s+install\s+(?:-\S+\s+)*['\"]?cardgen(?=[\s\['\"=<>~!;)`]|$)",
                           re.MULTILINE)


def test_no_doc_installs_cardgen_from_a_package_index() -> None:
    """cardgen is not published: the docs install it from a clone or a wheel built from one."""
    from cardgen.data.new_project import project_files

    texts = {str(p.relative_to(REPO)): p.read_text(encoding="utf-8")
             for p in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]}
    texts.update({f"cardgen new: {name}": text for name, text in project_files("mygame").items()})
    texts.update({str(p.relative_to(REPO)): p.read_text(encoding="utf-8")
                  for p in sorted((REPO / "cardgen").rglob("*.py"))})
    said = [f"{name}:{text[:m.start()].count(chr(10)) + 1}: {m[0]}"
            for name, text in texts.items() for m in PACKAGE_INDEX.finditer(text)]
    assert not said, "\n".join(said)


def test_markers_are_understood() -> None:
    """Every docs-test marker is one the runner knows, right before a code block."""
    from cardgen.data.new_project import project_files

    texts = {str(p.relative_to(REPO)): p.read_text(encoding="utf-8")
             for p in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]}
    texts["cardgen new: README.md"] = project_files("mygame")["README.md"]
    bad = []
    for name, text in texts.items():
        lines = text.splitlines()
        for n, line in enumerate(lines):
            marker = MARKER.match(line)
            if not marker:
                if line.lstrip().startswith("<!--") and "docs-test" in line:
                    bad.append(f"{name}:{n + 1}: not a docs-test marker: {line.strip()}")
                continue
            after = next((t for t in lines[n + 1:] if t.strip()), "")
            if not DIRECTIVE.match(marker[1]) or not FENCE.match(after):
                bad.append(f"{name}:{n + 1}: {line.strip()}")
    assert not bad, "\n".join(bad)
