"""A stranger's project can't hurt you: tests/hostile/cases/*.yaml, each one hostile edit.

Every case copies a project (`base: tiny`, the small game in tests/hostile/tiny, or `base: l5`)
into WORLD/project, next to WORLD/outside (files an attacker would like read: an SVG, a layout,
a PNG, a text file), applies its edits, runs the CLI and expects:
- its exit code (default 2), never 3, never a signal, no traceback, no "internal error";
- each `expect` line in what was printed ({line}/{col}: the first find/replace edit's position,
  plus its col_offset/line_offset; {world}: the world folder);
- a file:line:col location unless `located: false` (then `expect` names the flag or folder);
- WORLD outside the project exactly as it was (every file and folder hashed before and after),
  apart from the folders the case names in `writes`; for a failing case, the project's
  previous output/ exactly as it was too;
- at most 500 MB: for in-process cases what the case adds to this process, its peak RSS
  during the case (VmHWM, reset before the case) less its RSS when the case began, and the
  same for the workers it waited for (getrusage; a forked worker starts with this process's
  pages), held to 460 MB: the ~40 MB a fresh cardgen process holds before it reads a file
  are already in the worker, however much earlier tests in it left behind; `subprocess: true`
  cases (deep nesting, memory, anything that could take the interpreter down) run as a child
  under a 2 GB address space limit and are measured with os.wait4. Time is not asserted
  here (a busy machine would fail it): bench/hostile.py times every case against 10 s; the
  summary below prints the figures.
Optional `loaded: {id.field: value}` loads the edited project and compares values, for cases
that must succeed with the value as written.

Edits: find/replace, write, bytes_hex, pieces ([[text, times], ...] written in order), numbered
([text, n]: text.format(i=i) for i below n), symlink
(to a path, {world} allowed), png ({w, h, truncate, fake_size: [w, h]}), mkdir, remove.
"""

from __future__ import annotations

import hashlib
import os
import re
import resource
import shutil
import struct
import subprocess
import sys
import time
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from cardgen.data.load import load_database
from tests.conftest import REPO, copy_project
from tests.test_broken_inputs import apply_edit

pytestmark = pytest.mark.child_process  # runs cardgen in a child process

HERE = Path(__file__).parent / "hostile"
CASES = sorted((HERE / "cases").glob("*.yaml"))
LOCATED = re.compile(r"^\S+\.(ya?ml|csv|tsv|xlsx|svg|png|json):\d+:\d+: error\[[a-z-]+\] ", re.MULTILINE)
MAX_MB = 500.0
FRESH_PROCESS_MB = 40.0  # what a cardgen process holds once imported, before it reads a file
# What a person must never read: Python's exception and type names, reprs of objects.
PYTHON_WORDS = re.compile(r"\b(\w+Error|NoneType|Exception)\b(?!\])|<\w+ object at 0x|<class '|"
                          r"\bdict\(|\{'\w+': ")
STATS: dict[str, tuple[float, float]] = {}  # case -> (seconds, peak MB)


def _world(tmp_path: Path, base: str) -> tuple[Path, Path]:
    world = tmp_path / "world"
    outside = world / "outside"
    outside.mkdir(parents=True)
    (outside / "secret.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24"/></svg>')
    (outside / "secret.yaml").write_text("size: [63.5, 88.9]\nelements: []\n")
    (outside / "secret.txt").write_text("not yours\n")
    _png(outside / "secret.png", {"w": 4, "h": 4})
    project = world / "project"
    if base == "tiny":
        shutil.copytree(HERE / "tiny", project)
    else:
        copy_project(project, (base,))
    return world, project


def _png(path: Path, spec: dict[str, Any]) -> None:
    """A small real PNG, optionally cut short or with a header claiming another size."""
    width, height = int(spec.get("w", 4)), int(spec.get("h", 4))
    raw = b"".join(b"\x00" + b"\x80\x20\x20" * width for _ in range(height))
    fake_w, fake_h = spec.get("fake_size", (width, height))
    ihdr = struct.pack(">IIBBBBB", int(fake_w), int(fake_h), 8, 2, 0, 0, 0)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    data = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw))
            + chunk(b"IEND", b""))
    if spec.get("truncate"):
        data = data[: int(spec["truncate"])]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def _edit(project: Path, world: Path, edit: dict[str, Any]) -> tuple[int, int] | None:
    path = project / edit["file"]
    if "symlink" in edit:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.unlink(missing_ok=True)
        path.symlink_to(str(edit["symlink"]).format(world=world))
        return None
    if "pieces" in edit:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", encoding="utf-8") as out:
            for text, times in edit["pieces"]:
                out.write(str(text) * int(times))
        return None
    if "numbered" in edit:  # [text, n]: the text n times, {i} counting from 0
        text, times = edit["numbered"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(str(text).format(i=i) for i in range(int(times))), encoding="utf-8")
        return None
    if "png" in edit:
        _png(path, edit["png"])
        return None
    if "mkdir" in edit:
        path.mkdir(parents=True, exist_ok=True)
        return None
    if "remove" in edit:
        shutil.rmtree(path) if path.is_dir() else path.unlink()
        return None
    edit = {k: v.replace("{world}", str(world)) if isinstance(v, str) else v for k, v in edit.items()}
    return apply_edit(project, edit)


def tree(root: Path, skip: tuple[Path, ...] = ()) -> dict[str, str]:
    """Every path under root (links not followed) -> its content hash, 'dir' or its link target."""
    found: dict[str, str] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        here = Path(dirpath)
        dirnames[:] = [d for d in dirnames if here / d not in skip]
        for name in [*dirnames, *filenames]:
            path = here / name
            rel = str(path.relative_to(root))
            if path.is_symlink():
                found[rel] = "-> " + os.readlink(path)
            elif path.is_dir():
                found[rel] = "dir"
            else:
                found[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def _seed_output(project: Path) -> None:
    out = project / "output" / "previous-build"
    out.mkdir(parents=True)
    (out / "pnp-a4.pdf").write_bytes(b"%PDF-1.4 previous\n%%EOF\n")
    (project / "output" / "notes.txt").write_text("kept\n")


@dataclass
class Run:
    code: int
    text: str
    seconds: float
    peak_mb: float
    in_process: bool = False  # peak_mb is then what the case added to this process


_STATUS = Path("/proc/self/status")
_CLEAR_REFS = Path("/proc/self/clear_refs")


def _reset_peak() -> bool:
    """Start this process's peak resident size afresh (Linux: "5" to clear_refs resets VmHWM),
    so a case is judged by its own peak, not by what earlier tests in this worker used."""
    try:
        _CLEAR_REFS.write_text("5")
    except OSError:
        return False
    return True


def _own_peak_kb(reset: bool) -> int:
    """Peak resident KB since _reset_peak (VmHWM), else over the process's whole life."""
    if reset:
        found = re.search(r"^VmHWM:\s+(\d+) kB", _STATUS.read_text(), re.MULTILINE)
        if found:
            return int(found.group(1))
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _resident_kb() -> int:
    """This process's resident KB now (VmRSS), 0 where /proc says nothing."""
    found = re.search(r"^VmRSS:\s+(\d+) kB", _STATUS.read_text(), re.MULTILINE)
    return int(found.group(1)) if found else 0


def _in_process(args: list[str], capsys: pytest.CaptureFixture[str]) -> Run:
    from cardgen.cli import main

    capsys.readouterr()
    kids_before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    reset = _reset_peak()
    base = _resident_kb() if reset else 0
    started = time.perf_counter()
    code = main(args)
    seconds = time.perf_counter() - started
    captured = capsys.readouterr()
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    # the workers this case waited for count when one of them set a new peak (RUSAGE_CHILDREN
    # is the largest child this process ever waited for, earlier tests' children included)
    peak_kb = max(_own_peak_kb(reset), kids if kids > kids_before else 0)
    return Run(code, captured.out + captured.err, seconds, (peak_kb - base) / 1024, in_process=True)


# A forked child starts with its parent's peak resident size (Linux copies the peak into the
# child and keeps it across exec), so a child forked from a pytest worker would be charged for
# everything earlier tests left in that worker. This launcher is a fresh, small interpreter: it
# sets the 2 GB address-space limit, runs cardgen as its own child, and writes that child's peak
# resident KB (os.wait4) to the file named first, so only cardgen's own memory is measured.
_LAUNCHER = """\
import os, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
pid = os.fork()
if pid == 0:
    os.execv(sys.executable, [sys.executable, *sys.argv[2:]])
_, status, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as out:
    out.write(str(usage.ru_maxrss))
if os.WIFSIGNALED(status):  # die the same way, so the test sees the signal
    os.kill(os.getpid(), os.WTERMSIG(status))
sys.exit(os.waitstatus_to_exitcode(status))
"""


def _child(args: list[str], cwd: Path) -> Run:
    env = {**os.environ, "PYTHONPATH": str(REPO), "CARDGEN_JOBS": "1"}
    peak_file = cwd.parent / "peak-kb"  # outside the world the case hashes
    started = time.perf_counter()
    child = subprocess.run([sys.executable, "-c", _LAUNCHER, str(peak_file), "-m", "cardgen", *args],
                           cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           check=False)
    seconds = time.perf_counter() - started
    text = child.stdout.decode("utf-8", "replace")
    peak_kb = int(peak_file.read_text())
    peak_file.unlink()
    return Run(child.returncode, text, seconds, peak_kb / 1024)


def _check_loaded(project: Path, wanted: dict[str, Any]) -> None:
    db = load_database(project, load_target(project))
    comps = db.by_id()
    for key, value in wanted.items():
        cid, _, name = key.partition(".")
        assert comps[cid].value(name) == value, f"{key}: {comps[cid].value(name)!r} != {value!r}"


def load_target(project: Path) -> str:
    return next(p.name for p in (project / "data").iterdir() if (p / "game.yaml").is_file())


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_hostile_input(case: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = yaml.safe_load(case.read_text(encoding="utf-8"))
    world, project = _world(tmp_path, spec.get("base", "tiny"))
    positions = [p for p in (_edit(project, world, e) for e in spec.get("edits", [])) if p is not None]
    line, col = positions[0] if positions else (0, 0)
    code = spec.get("exit", 2)
    if code != 0:
        _seed_output(project)
    writes = tuple(world / w for w in spec.get("writes", []))
    before_world = tree(world, (project, *writes))
    before_out = tree(project / "output")
    args = ["--project", str(project), *(str(a).format(world=world) for a in spec["args"])]

    run = _child(args, world) if spec.get("subprocess") else _in_process(args, capsys)
    STATS[case.stem] = (run.seconds, run.peak_mb)

    assert run.code == code, f"exit {run.code}, expected {code}:\n{run.text}"
    for bad in ("Traceback", "internal error", "a bug in cardgen"):
        assert bad not in run.text, run.text
    assert not PYTHON_WORDS.search(run.text), f"a Python type name or repr in:\n{run.text}"
    for expected in spec.get("expect", []):
        wanted = str(expected).format(line=line, col=col, world=world)
        assert wanted in run.text, f"missing {wanted!r} in:\n{run.text}"
    if code == 2 and spec.get("located", True):
        assert LOCATED.search(run.text), f"no file:line:col location in:\n{run.text}"
    if code == 2:
        assert "\n  hint: " in run.text, f"no hint in:\n{run.text}"
        assert tree(project / "output") == before_out, "output/ changed"
    assert tree(world, (project, *writes)) == before_world, "something outside the project changed"
    limit = MAX_MB - FRESH_PROCESS_MB if run.in_process else MAX_MB
    assert run.peak_mb < limit, f"{run.peak_mb:.0f} MB (at most {limit:.0f})"
    if spec.get("loaded"):
        _check_loaded(project, spec["loaded"])


def test_corpus_is_big_enough() -> None:
    assert len(CASES) >= 60


def test_corpus_summary(capsys: pytest.CaptureFixture[str]) -> None:
    """Prints the corpus's figures (run with -s to see them); asserts every case was measured."""
    if len(STATS) < len(CASES):
        pytest.skip("run the whole corpus to see its figures")
    slowest = max(STATS, key=lambda k: STATS[k][0])
    with capsys.disabled():
        print(f"\nhostile corpus: {len(STATS)} cases, {sum(s for s, _ in STATS.values()):.1f} s "
              f"in all, slowest {slowest} {STATS[slowest][0]:.2f} s, peak "
              f"{max(m for _, m in STATS.values()):.0f} MB")
