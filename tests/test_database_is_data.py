"""The Database is data: nothing outside cardgen/data/ hangs state on it. What laying out needs
to keep (templates, icon paths, image probes, shared faces) lives in a LayoutSession the build
makes and passes on, so which state belongs to which edition in a long `watch` is plain."""

from __future__ import annotations

import ast
import dataclasses
from functools import cached_property

from cardgen.check import check
from cardgen.data.load import load_database
from cardgen.data.model import Database
from cardgen.pipeline.faces import lay_out_faces
from tests.conftest import REPO

PACKAGE = REPO / "cardgen"
DB_NAMES = {"db", "database"}  # what a Database is called in cardgen/


def _named_db(node: ast.AST) -> bool:
    """`db`, `self.db`, `ctx.job.db`, ...: an expression naming a Database."""
    if isinstance(node, ast.Name):
        return node.id in DB_NAMES
    return isinstance(node, ast.Attribute) and node.attr in DB_NAMES


def _writes_to_db(tree: ast.AST) -> list[int]:
    """Lines that set an attribute on, or reach into the __dict__ of, a Database."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "__dict__" and _named_db(node.value):
            lines.append(node.lineno)
        elif isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            lines += [t.lineno for t in targets
                      if isinstance(t, ast.Attribute) and _named_db(t.value)]
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("setattr", "vars") and node.args and _named_db(node.args[0])):
            lines.append(node.lineno)
    return lines


def test_no_module_outside_data_sets_an_attribute_on_a_database() -> None:
    wrong = [f"{path.relative_to(REPO)}:{line}" for path in sorted(PACKAGE.rglob("*.py"))
             if "data" not in path.relative_to(PACKAGE).parts[:1]
             for line in _writes_to_db(ast.parse(path.read_text(encoding="utf-8")))]
    assert not wrong, "state set on a Database outside cardgen/data/: " + ", ".join(wrong)


def test_the_check_catches_such_a_write() -> None:
    assert _writes_to_db(ast.parse("db.__dict__.setdefault('_cache', {})"))
    assert _writes_to_db(ast.parse("self.db.templates = {}"))
    assert _writes_to_db(ast.parse("setattr(db, 'x', 1)"))
    assert not _writes_to_db(ast.parse("session.templates = {}"))


def test_laying_out_and_checking_a_game_leaves_its_database_as_loaded() -> None:
    db = load_database(REPO, "l5", None)
    own = {f.name for f in dataclasses.fields(Database)} | {
        name for name, value in vars(Database).items() if isinstance(value, cached_property)}
    check(db)
    lay_out_faces(db, None, lambda stage, done, total: None)
    assert set(vars(db)) <= own, sorted(set(vars(db)) - own)
