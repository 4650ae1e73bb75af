"""A layout file's Source -> its validated TemplateFile, or Problems: the typed model's errors
at file:line:col with did-you-mean.

Every problem of a file is found in one run: unknown keys, wrong types and shapes, unknown
element types and enum values, each at the layout line that wrote it. A valid file's elements
(and edition mark) remember where they were written (`cardgen.layout.located`).
"""

from __future__ import annotations

from typing import Any

from cardgen.data.modelkit import BaseModel, ValidationError, model_of
from cardgen.data.pydanticloc import data_path, literal_choices, one_branch, shown_value, value_at
from cardgen.data.yamlsrc import KeyPath, Source
from cardgen.errors import Problem, did_you_mean
from cardgen.layout.arith import ExpressionError
from cardgen.layout.elements import ELEMENT_TYPES, ElementBase
from cardgen.layout.located import remember_lines
from cardgen.layout.model import EditionMark, Fonts, InkSaver, TemplateFile

_PAIRS = {"size": "[width, height]", "step": "[dx, dy]", "row_step": "[dx, dy]"}
_SUBMODELS: dict[str, type[BaseModel]] = {"edition_mark": EditionMark, "fonts": Fonts,
                                          "ink_saver": InkSaver}
_HINTS = {
    "float": "write a number without quotes, e.g. 2.5",
    "int": "write a whole number without quotes, e.g. 3",
    "bool": "write true or false",
    "string": "write text; quote it if it starts with { or [",
    "list": "write it as [a, b] or one '- item' a line",
}


def validated_layout(source: Source, text: str = "") -> tuple[TemplateFile | None, list[Problem]]:
    """One layout file as a TemplateFile whose parts know their layout lines, or None and every
    problem of the file. `text` is the file's text (for `# lint-ok:` comments)."""
    if not isinstance(source.data, dict):
        return None, [Problem("bad-layout", "a layout is a mapping (size, elements, ...)",
                              where=source.where(()), hint="see docs/layouts.md")]
    try:
        template = model_of(TemplateFile, source.data)  # (plainly valid: no validator built)
    except ValidationError as exc:
        problems: dict[str, Problem] = {}
        for err in one_branch(source.data, exc.errors(), tagged_items=True):
            problem = _problem(source, err)
            problems.setdefault(f"{problem.path}|{problem.rule}", problem)
        return None, list(problems.values())
    remember_lines(source.file, text)
    _place(source, template.elements, ("elements",))
    if template.edition_mark is not False:
        template.edition_mark.remember_where(source, ("edition_mark",))
    return template, []


def layout_problems(source: Source) -> list[Problem]:
    """Every problem of one layout file (empty when it is a valid layout)."""
    return validated_layout(source)[1]


def _problem(source: Source, err: Any) -> Problem:
    path, rest = data_path(source.data, tuple(err["loc"]), tagged_items=True)
    kind = err["type"]
    label = source.label(path)
    if kind == "extra_forbidden":
        return Problem("unknown-key", f"unknown key '{path[-1]}'", where=source.where(path),
                       path=label, hint=did_you_mean(str(path[-1]), _keys_at(source.data, path[:-1])))
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        got = value_at(source.data, path).get("type") if kind == "union_tag_invalid" else None
        where = source.value_where((*path, "type")) if got is not None else source.where(path)
        message = f"unknown element type '{got}'" if got is not None else "an element needs a 'type'"
        return Problem("unknown-element", message, where=where, path=f"{label}.type",
                       hint=did_you_mean(str(got), ELEMENT_TYPES)
                       or "element types: " + ", ".join(sorted(ELEMENT_TYPES)))
    if kind == "missing":
        missing = next((p for p in reversed(rest) if isinstance(p, str)), "?")
        return Problem("missing-key", f"'{missing}' is required", where=source.where(path),
                       path=source.label((*path, missing)), hint=f"add '{missing}: ...' here")
    got = value_at(source.data, path)
    if kind == "literal_error":
        expected = literal_choices(err)
        return Problem("bad-value", f"{shown_value(got)} is not one of {', '.join(expected)}",
                       where=source.value_where(path), path=label,
                       hint=did_you_mean(str(got), expected))
    key = path[-1] if path else ""
    # the face's size is a pair; an element's size is a number
    pair = isinstance(key, str) and key in _PAIRS and (key != "size" or len(path) == 1)
    if pair and not (isinstance(got, list) and len(got) == 2):
        return Problem("bad-shape", f"expected {_PAIRS[str(key)]}, got {_shown(got)}",
                       where=source.value_where(path), path=label,
                       hint=f"write two numbers in brackets, e.g. {key}: [0, {got if _number(got) else 10}]")
    if kind in ("model_type", "dict_type", "model_attributes_type"):
        return Problem("bad-type", f"expected a mapping (key: value), got {_shown(got)}",
                       where=source.value_where(path), path=label,
                       hint="write 'key: value' lines here, or { key: value }")
    error = err.get("ctx", {}).get("error")
    if isinstance(error, ExpressionError):  # arithmetic that divides by zero, overflows, ...
        return error.problem(source.value_where(path), label)
    if isinstance(got, str) and kind in ("float_parsing", "value_error") and rest:  # a Num
        return Problem("bad-type", f"expected a number, a {{binding}} or arithmetic, got '{got}'",
                       where=source.value_where(path), path=label,
                       hint='e.g. 12.5, "{size_mm}" or "{size_mm} / 2 - 1"')
    message = err["msg"].replace("Input should be", "expected").replace("input", "value")
    message = message.replace(", unable to parse string as a number", "")
    return Problem("bad-type", f"{message}, got {_shown(got)}", where=source.value_where(path),
                   path=label, hint=_HINTS.get(kind.split("_")[0], "see docs/layouts.md"))


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _shown(value: Any) -> str:
    return shown_value(value)


def _keys_at(data: Any, path: KeyPath) -> list[str]:
    """The keys a mapping at this data path may have."""
    node = value_at(data, path)
    if not path:
        cls: type[BaseModel] | None = TemplateFile
    elif isinstance(path[-1], str) and path[-1] in _SUBMODELS and len(path) == 1:
        cls = _SUBMODELS[path[-1]]
    elif isinstance(node, dict):
        cls = ELEMENT_TYPES.get(str(node.get("type")))
    else:
        cls = None
    return [k for k in cls.model_fields if k != "type"] if cls is not None else []


def _place(source: Source, elements: list[ElementBase], path: KeyPath) -> None:
    """Each element (and its children, at any depth) told where it was written."""
    for i, el in enumerate(elements):
        el.remember_where(source, (*path, i))
        for key, children in el.children().items():
            _place(source, children, (*path, i, key))
