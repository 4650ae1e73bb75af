"""The house rules of cardgen/: a package per stage, imports pointing down the pipeline, no
cycles (function-level imports count), size limits, and where the drawing and terminal
libraries may be imported. They read the source with `ast`, so a violation names its line."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from cardgen.stages import STAGES
from tests.conftest import REPO

PACKAGE = REPO / "cardgen"
# Lower layers first: a module may import its own layer and the layers before it.
LAYERS = [
    {"errors", "stages", "limits", "records", "recordfields", "inits", "deferral", "assets",
     "patterns", "patterntable", "texts", "texttable", "ownimport"},
    {"data"},
    {"check", "diff"},
    {"layout"},
    {"impose"},
    {"render"},
    {"pipeline"},
    {"export"},
    {"cli", "__main__", "__init__"},
]
STAGE_PACKAGES = ["data", "check", "diff", "layout", "impose", "render", "pipeline", "export", "cli"]
MAX_LINES = 500


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports_of(path: Path) -> list[tuple[str, int]]:
    """Every cardgen module this file imports, anywhere in it (module or function level)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(a.name, node.lineno) for a in node.names if a.name.startswith("cardgen")]
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("cardgen"):
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.append((sub if sub in MODULES else node.module, node.lineno))
    return found


def external_imports(path: Path) -> list[tuple[str, int]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(a.name.split(".")[0], node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.module.split(".")[0], node.lineno))
    return found


def top(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def layer(module: str) -> int:
    return next(i for i, names in enumerate(LAYERS) if top(module) in names)


def test_a_package_per_stage() -> None:
    for name in STAGE_PACKAGES:
        assert (PACKAGE / name / "__init__.py").is_file(), f"cardgen/{name}/ is not a package"
    flat = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert flat == ["__init__.py", "__main__.py", "deferral.py", "errors.py", "inits.py", "limits.py",
                    "ownimport.py", "patterns.py", "patterntable.py", "recordfields.py", "records.py",
                    "stages.py", "texts.py", "texttable.py"], flat


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_over_the_limit(name: str) -> None:
    lines = len(MODULES[name].read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{name} has {lines} lines (at most {MAX_LINES})"


def test_imports_point_down_the_pipeline() -> None:
    wrong = [f"{MODULES[m].relative_to(REPO)}:{line} imports {target}"
             for m, path in MODULES.items() for target, line in imports_of(path)
             if target in MODULES and layer(target) > layer(m)]
    assert not wrong, "\n".join(wrong)


def test_no_import_cycle() -> None:
    graph = {m: {t for t, _ in imports_of(p) if t in MODULES and t != m} for m, p in MODULES.items()}
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for t in sorted(graph[m]):
            if state.get(t) == 1:
                cycle = stack[stack.index(t):] + [t]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if t not in state:
                visit(t)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)


@pytest.mark.parametrize(("library", "allowed"), [
    ("reportlab", "render"), ("rich", "cli"), ("svgwrite", "render"), ("pypdfium2", "render"),
    ("uharfbuzz", "layout"), ("bidi", "layout"), ("pyphen", "layout"),
])
def test_libraries_only_where_they_belong(library: str, allowed: str) -> None:
    wrong = [f"{path.relative_to(REPO)}:{line}" for m, path in MODULES.items()
             for lib, line in external_imports(path) if lib == library and top(m) != allowed]
    assert not wrong, f"{library} imported outside cardgen/{allowed}/: {wrong}"


def test_svg_backend_writes_no_markup_by_hand() -> None:
    """render/svg.py makes every element with one writer of svgwrite's form (`form`), held to
    svgwrite's own bytes by tests/test_svg_writer.py; no element is spelt out in a string."""
    source = (PACKAGE / "render" / "svg.py").read_text(encoding="utf-8")
    markup = [n.value for n in ast.walk(ast.parse(source))
              if isinstance(n, ast.Constant) and isinstance(n.value, str)
              and re.match(r"\s*<(svg|g|path|rect|use|ellipse|image|clipPath)\b", n.value)]
    assert not markup, f"hand-written SVG markup in render/svg.py: {markup}"


def test_public_api_is_declared() -> None:
    import cardgen

    assert set(cardgen.__all__) >= {"load_game", "check_game", "build_game", "diff_editions"}
    for name in cardgen.__all__:
        assert hasattr(cardgen, name), name


def test_architecture_lists_every_package_and_the_stages() -> None:
    text = (REPO / "ARCHITECTURE.md").read_text(encoding="utf-8")
    for name in STAGE_PACKAGES:
        assert re.search(rf"^\s*[│├└─ ]*{name}/\s", text, re.M), f"cardgen/{name}/ not in the tree"
    for s in STAGES:
        assert f"| {s.number} | {s.name} | `{s.package}` |" in text, f"stage {s.number} {s.name}"
