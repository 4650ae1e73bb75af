"""`cardgen watch` keeps its process warm: after a one-card edit it parses only the edited
item of the saved file, takes every other face from the faces it holds in memory, forks no
helper for so little work, and writes what a cold build of the edited deck writes."""

from __future__ import annotations

import argparse
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from cardgen import layout
from cardgen.cli import main
from cardgen.cli.watch_cmd import watch
from cardgen.data import yamlkeep
from cardgen.pipeline import shared, sources
from tests.support import gen_deck
from tests.test_broken_inputs import tree_hashes

CARDS = 40


def test_a_one_card_edit_in_watch_redoes_only_that_card(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    project = gen_deck.make_project(tmp_path / "p", CARDS)
    cards = project / "data" / gen_deck.GAME / gen_deck.EDITION / "cards.yaml"
    monkeypatch.setenv("CARDGEN_JOBS", "2")
    laid: list[str] = []
    real_lay_out = layout.lay_out
    monkeypatch.setattr(layout, "lay_out", lambda session, component, side: laid.append(
        f"{component.id}-{side}") or real_lay_out(session, component, side))
    unpickled: list[int] = []
    real_loads = sources.pickle.loads
    monkeypatch.setattr(sources.pickle, "loads", lambda body: unpickled.append(1) or real_loads(body))
    forks: list[int] = []
    real_fork = shared.Shared._fork
    monkeypatch.setattr(shared.Shared, "_fork", lambda self: forks.append(1) or real_fork(self))
    built: list[bool] = []
    seen: dict[str, int] = {}

    def saves() -> Iterator[set[tuple[int, str]]]:
        yield set()  # the first build: every face laid out, every file parsed
        assert built == [True] and len(laid) == 2 * CARDS
        laid.clear()
        seen["parses"] = yamlkeep.parses
        gen_deck.edit_one_card(project, 7)
        yield {(2, str(cards))}
        assert built == [True, True]

    args = argparse.Namespace(project=str(project), target=gen_deck.TARGET, draft=False,
                              preview=False)
    assert watch(args, Console(record=True), saves(), on_rebuild=built.append) == 0
    assert not yamlkeep._KEPT  # let go of once watching stops
    assert yamlkeep.parses == seen["parses"] + 1  # the edited item; game.yaml and edition.yaml kept
    assert laid == ["card-00008-front", "card-00008-back"]  # the others: the faces in memory
    assert unpickled == []  # the face cache this process wrote was not read back
    assert forks == []  # a handful of faces and files: no helper forked
    warm = tree_hashes(next((project / "output").glob("bench-*")))
    shutil.rmtree(project / sources.CACHE_FOLDER)
    monkeypatch.setenv("CARDGEN_JOBS", "1")
    assert main(["--project", str(project), "build", gen_deck.TARGET, "--out",
                 str(tmp_path / "cold")]) == 0
    cold = tree_hashes(tmp_path / "cold" / f"{gen_deck.GAME}-{gen_deck.EDITION}")
    assert {k: v for k, v in warm.items() if k != "manifest.json"} == \
        {k: v for k, v in cold.items() if k not in ("manifest.json", "index.html")}


def test_large_work_is_shared_with_helpers_and_gives_the_same_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the thresholds at one face, helpers fork once per stage and the files are those
    of a build in one process."""
    from cardgen.pipeline import faces, tasks

    project = gen_deck.make_project(tmp_path / "p", 30)
    monkeypatch.setenv("CARDGEN_JOBS", "1")
    assert main(["--project", str(project), "build", gen_deck.TARGET, "--out", str(tmp_path / "a")]) == 0
    shutil.rmtree(project / sources.CACHE_FOLDER)
    monkeypatch.setenv("CARDGEN_JOBS", "2")
    for name in ("PARALLEL_DRAWS", "WARM_PARALLEL_DRAWS"):
        monkeypatch.setattr(tasks, name, 1)
    monkeypatch.setattr(faces, "PARALLEL_FACES", 1)
    monkeypatch.setattr(faces, "LAYOUT_WORKERS", 2)
    monkeypatch.setattr(faces, "_chunks", lambda todo: [todo[i:i + 7] for i in range(0, len(todo), 7)])
    forks: list[int] = []
    real_fork = shared.Shared._fork
    monkeypatch.setattr(shared.Shared, "_fork", lambda self: forks.append(1) or real_fork(self))
    assert main(["--project", str(project), "build", gen_deck.TARGET, "--out", str(tmp_path / "b")]) == 0
    assert forks == [1, 1]
    folder = f"{gen_deck.GAME}-{gen_deck.EDITION}"
    assert tree_hashes(tmp_path / "a" / folder) == tree_hashes(tmp_path / "b" / folder)


def test_shared_runs_waiting_tasks_here_and_keeps_their_order() -> None:
    import os

    helpers = shared.Shared(1)
    try:
        futures = [helpers.submit(_pid_and, n) for n in range(12)]
        results = [f.result() for f in futures]
    finally:
        helpers.shutdown()
    assert [n for _, n in results] == list(range(12))
    assert os.getpid() in {pid for pid, _ in results}  # this process took some


def test_helpers_take_the_last_tasks_and_this_process_the_first() -> None:
    """Tasks submitted together that share this process's memos (the PDFs, drawing the same
    faces) run here from the front of the queue; helpers take them from the back (SVGs)."""
    import os

    helpers = shared.Shared(1)
    try:
        futures = [helpers.submit(_pid_and, n) for n in range(8)]
        assert helpers.pool is None  # nothing forked before the caller waits
        results = [f.result() for f in futures]
    finally:
        helpers.shutdown()
    assert [n for _, n in results] == list(range(8))
    here = [pid == os.getpid() for pid, _ in results]
    assert here[0] and not here[-1], here
    assert here == sorted(here, reverse=True), here  # this process's a prefix, helpers' the rest


def _pid_and(n: int) -> tuple[int, int]:
    import os

    return os.getpid(), n


def test_a_lone_task_runs_here_without_a_fork() -> None:
    """A Letter-only build's one PDF: nothing for a helper to share, so none is forked."""
    import os

    helpers = shared.Shared(1)
    try:
        assert helpers.submit(_pid_and, 1).result() == (os.getpid(), 1)
        assert helpers.pool is None
    finally:
        helpers.shutdown()


def test_inline_outcomes_are_those_of_a_finished_future() -> None:
    """Small work runs Inline, without concurrent.futures: its outcomes give a task's value and
    raise its exception as a finished Future does, and wait_first hands them all back."""
    from concurrent.futures import Future

    from cardgen.pipeline.pool import Inline, wait_first

    def fails() -> None:
        raise ValueError("no")

    inline = Inline()
    for fn, args in ((_pid_and, (3,)), (fails, ())):
        ours = inline.submit(fn, *args)
        theirs: Future[object] = Future()
        try:
            theirs.set_result(fn(*args))
        except ValueError as exc:
            theirs.set_exception(exc)
        assert ours.done() and theirs.done()
        assert repr(ours.exception()) == repr(theirs.exception())
        for future in (ours, theirs):
            try:
                got: object = ("value", future.result())
            except ValueError as exc:
                got = ("raised", repr(exc))
            wanted = ("value", (os.getpid(), 3)) if fn is _pid_and else ("raised", "ValueError('no')")
            assert got == wanted
    outcomes = [inline.submit(_pid_and, n) for n in range(3)]
    assert wait_first(inline, outcomes) == set(outcomes)
