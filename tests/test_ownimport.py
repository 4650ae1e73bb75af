"""cardgen.ownimport: its finder loads what the standard one loads, or leaves the module to it."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import marshal
import os
import py_compile
import sys
from pathlib import Path

import cardgen
from cardgen.ownimport import CodeLoader, OwnModules


def _module(folder: Path, stem: str, text: str, **compile_options: object) -> Path:
    source = folder / f"{stem}.py"
    source.write_text(text)
    py_compile.compile(str(source), doraise=True, **compile_options)  # type: ignore[arg-type]
    return source


def test_cardgen_modules_are_loaded_by_it() -> None:
    import cardgen.layout.plan as plan

    assert isinstance(plan.__loader__, CodeLoader)
    assert plan.__file__ == str(Path(cardgen.__file__).parent / "layout" / "plan.py")
    assert plan.__cached__ == importlib.util.cache_from_source(plan.__file__)
    assert plan.__spec__.loader_state is None  # the code not kept once run
    layout = sys.modules["cardgen.layout"]
    assert layout.__path__ == [str(Path(plan.__file__).parent)]
    assert plan.draw_elements.__code__.co_filename == plan.__file__


def test_its_code_is_the_standard_loaders(tmp_path: Path) -> None:
    source = _module(tmp_path, "m", "X = [1, 2.5, 'a']\ndef f(y):\n    return y + 1\n")
    spec = OwnModules().find_spec("cardgen.m", [str(tmp_path)])
    standard = importlib.machinery.SourceFileLoader("cardgen.m", str(source)).get_code("cardgen.m")
    assert spec is not None and spec.origin == str(source)
    assert marshal.dumps(spec.loader_state) == marshal.dumps(standard)
    assert spec.cached == importlib.util.cache_from_source(str(source))


def test_a_package_is_found_with_its_folder(tmp_path: Path) -> None:
    (tmp_path / "p").mkdir()
    _module(tmp_path / "p", "__init__", "Y = 1\n")
    spec = OwnModules().find_spec("cardgen.p", [str(tmp_path)])
    assert spec is not None and spec.submodule_search_locations == [str(tmp_path / "p")]
    assert spec.origin == str(tmp_path / "p" / "__init__.py")


def test_an_edited_source_is_left_to_the_standard_finders(tmp_path: Path) -> None:
    source = _module(tmp_path, "m", "X = 1\n")
    finder = OwnModules()
    assert finder.find_spec("cardgen.m", [str(tmp_path)]) is not None
    source.write_text("X = 22\n")  # another size
    assert finder.find_spec("cardgen.m", [str(tmp_path)]) is None
    source.write_text("X = 3\n")  # the same size, another time
    stat = source.stat()
    os.utime(source, (stat.st_atime, stat.st_mtime + 5))
    assert finder.find_spec("cardgen.m", [str(tmp_path)]) is None


def test_what_it_does_not_validate_is_left_to_the_standard_finders(tmp_path: Path) -> None:
    finder = OwnModules()
    _module(tmp_path, "hashed", "X = 1\n",
            invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
    assert finder.find_spec("cardgen.hashed", [str(tmp_path)]) is None
    (tmp_path / "uncompiled.py").write_text("X = 1\n")
    assert finder.find_spec("cardgen.uncompiled", [str(tmp_path)]) is None
    _module(tmp_path, "both", "X = 1\n")  # a module and a package of one name
    (tmp_path / "both").mkdir()
    assert finder.find_spec("cardgen.both", [str(tmp_path)]) is None
    _module(tmp_path, "native", "X = 1\n")  # an extension module beside it
    (tmp_path / "native.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    assert finder.find_spec("cardgen.native", [str(tmp_path)]) is None
    assert finder.find_spec("cardgen.absent", [str(tmp_path)]) is None
    assert finder.find_spec("elsewhere.m", [str(tmp_path)]) is None
    assert finder.find_spec("cardgen.m", [str(tmp_path), str(tmp_path)]) is None


def test_a_file_added_to_a_folder_is_seen(tmp_path: Path) -> None:
    finder = OwnModules()
    _module(tmp_path, "a", "X = 1\n")
    assert finder.find_spec("cardgen.b", [str(tmp_path)]) is None
    _module(tmp_path, "b", "X = 1\n")
    stat = tmp_path.stat()
    os.utime(tmp_path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    assert finder.find_spec("cardgen.b", [str(tmp_path)]) is not None


def test_a_long_compiled_file_is_read_whole(tmp_path: Path) -> None:
    source = _module(tmp_path, "long", "".join(f"X{i} = {i}.5\n" for i in range(20000)))
    assert source.with_name("__pycache__").exists()
    assert Path(importlib.util.cache_from_source(str(source))).stat().st_size > 3 * (1 << 16)
    spec = OwnModules().find_spec("cardgen.long", [str(tmp_path)])
    loader = importlib.machinery.SourceFileLoader("cardgen.long", str(source))
    standard = loader.get_code("cardgen.long")
    assert spec is not None and marshal.dumps(spec.loader_state) == marshal.dumps(standard)


def test_a_module_run_again_is_read_as_the_standard_loader_reads_it(tmp_path: Path) -> None:
    source = _module(tmp_path, "m", "X = 1\n")
    spec = OwnModules().find_spec("cardgen.m", [str(tmp_path)])
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    source.write_text("X = 22\n")
    spec.loader.exec_module(module)
    assert module.X == 22
