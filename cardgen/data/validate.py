"""Sources -> typed models: pydantic for game/edition files, field specs for components.

Every problem is collected with its file:line:col, key path and a did-you-mean hint.
"""

from __future__ import annotations

import math
import re
import types
import typing
from dataclasses import field
from typing import Any

from cardgen.data.model import BASE_FIELDS, FieldSpec, ImpossibleValue, KindSpec, Term, keep_model, kept_model
from cardgen.data.modelkit import BaseModel, ValidationError, model_of
from cardgen.data.paths import SLUG, SLUG_HINT, slug_problem
from cardgen.data.pydanticloc import data_path, literal_choices, one_branch, shown_value, value_at
from cardgen.data.yamlkeep import item_text, keeping, on_forget
from cardgen.data.yamlsrc import KeyPath, Source
from cardgen.errors import Problem, did_you_mean
from cardgen.limits import MAX_COUNT, MAX_ID_CHARS
from cardgen.records import record

COLOR = re.compile(r"^#[0-9A-Fa-f]{6}$")
STATUSES = ("draft", "final")
_BASE = frozenset(BASE_FIELDS)
_NO_TERMS: dict[str, Term] = {}


# ---------------------------------------------------------------- pydantic-backed files


M = typing.TypeVar("M", bound=BaseModel)


def parse_model(cls: type[M], source: Source, problems: list[Problem]) -> M | None:
    """Validate a whole file against a pydantic model; append located problems on failure.
    A valid file's model may come from an earlier process (`model.keeping_models`); a plainly
    valid one is made without pydantic (`modelkit.model_of`)."""
    kept = kept_model(cls, source.data)
    if kept is not None:
        return kept
    try:
        model = model_of(cls, source.data)
    except ValidationError as exc:
        seen: set[str] = set()
        for err in one_branch(source.data, exc.errors()):
            problem = _problem_from_pydantic(cls, source, err)
            key = f"{problem.path}|{problem.rule}"
            if key not in seen:
                seen.add(key)
                problems.append(problem)
        return None
    keep_model(cls, source.data, model)
    return model


def _problem_from_pydantic(cls: type[BaseModel], source: Source, err: Any) -> Problem:
    path, rest = data_path(source.data, tuple(err["loc"]))
    kind = err["type"]
    if kind == "extra_forbidden":
        names = _field_names(cls, path[:-1])
        return Problem("unknown-field", f"unknown key '{path[-1]}'", where=source.where(path),
                       path=source.label(path), hint=did_you_mean(str(path[-1]), names))
    if kind == "missing":
        missing = next((p for p in reversed(rest) if isinstance(p, str)), "?")
        return Problem("missing-field", f"'{missing}' is required", where=source.where(path),
                       path=source.label((*path, missing)), hint=f"add a line '{missing}: ...' here")
    impossible = err.get("ctx", {}).get("error")
    if isinstance(impossible, ImpossibleValue):
        at = (*path, impossible.key)
        return Problem("impossible-value", str(impossible), where=source.value_where(at),
                       path=source.label(at), hint=impossible.hint)
    if kind == "literal_error":
        expected = literal_choices(err)
        got = value_at(source.data, path)
        return Problem("bad-value", f"{shown_value(got)} is not allowed here",
                       where=source.value_where(path), path=source.label(path),
                       hint=did_you_mean(str(got), expected))
    if kind == "model_type" or kind == "dict_type":
        return Problem("bad-type", f"expected a mapping (key: value), got "
                       f"{_type_name(value_at(source.data, path))}",
                       where=source.value_where(path), path=source.label(path),
                       hint="write 'key: value' lines here, or { key: value }")
    if kind == "string_pattern_mismatch" and "#" in str(err.get("ctx", {}).get("pattern", "")):
        return Problem("bad-type", f"expected a colour like \"#C8372D\", got {err['input']!r}",
                       where=source.value_where(path), path=source.label(path),
                       hint="six hex digits after '#', quoted: \"#RRGGBB\"")
    message = err["msg"].removeprefix("Value error, ")  # a validator's own words
    return Problem("bad-type", message.replace("Input", "value").replace("input", "value"),
                   where=source.value_where(path), path=source.label(path),
                   hint=_PYDANTIC_HINTS.get(kind.split("_")[0], "see docs/data-format.md"))


_PYDANTIC_HINTS = {
    "string": "write text; quote it if it looks like a number, a date or true/false",
    "int": "write a whole number without quotes, e.g. 3",
    "float": "write a number without quotes, e.g. 2.5",
    "bool": "write true or false",
    "list": "write it as [a, b] or one '- item' a line",
}


def _unwrap(tp: Any) -> Any:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        members = [a for a in typing.get_args(tp) if a is not type(None)]
        models = [m for m in members if isinstance(m, type) and issubclass(m, BaseModel)]
        containers = [m for m in members if typing.get_origin(m) in (list, dict)]
        return (models or containers or members)[0]
    return tp


def _field_names(cls: type[BaseModel], path: KeyPath) -> list[str]:
    """The keys allowed at a data path inside a pydantic model (aliases where set)."""
    tp: Any = cls
    for part in path:
        tp = _unwrap(tp)
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            match = {(f.alias or n): f for n, f in tp.model_fields.items()}
            tp = match[str(part)].annotation if str(part) in match else None
        elif typing.get_origin(tp) is list:
            tp = typing.get_args(tp)[0]
        elif typing.get_origin(tp) is dict:
            tp = typing.get_args(tp)[1]
        else:
            return []
    tp = _unwrap(tp)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return [(f.alias or n) for n, f in tp.model_fields.items()]
    return []


def _type_name(value: Any) -> str:
    if value is None:
        return "nothing"
    return {dict: "a mapping", list: "a list", str: "text", int: "a number", float: "a number",
            bool: "true/false"}.get(type(value), type(value).__name__)


# ---------------------------------------------------------------- components


@record
class PendingRef:
    """A component reference to resolve once every component is known."""

    source: Source
    path: KeyPath
    target: str
    kind: str | None


@record
class ComponentContext:
    vocab: dict[str, dict[str, Term]]
    kinds: dict[str, KindSpec]
    problems: list[Problem] = field(default_factory=list)
    refs: list[PendingRef] = field(default_factory=list)
    images: list[tuple[Source, KeyPath, str]] = field(default_factory=list)


def check_component(item: dict[str, Any], source: Source, path: KeyPath,
                    ctx: ComponentContext, *, patch: bool) -> None:
    """Validate one component mapping (base keys and its kind's fields) into ctx.problems.

    While files are kept parsed (`yamlkeep.keep_parsed`), an item whose text was checked
    before against equal kinds and vocabularies and gave nothing (no problem, reference,
    image or value written again) is not checked again: its text parses to the same values."""
    text = item_text(item) if keeping() else None
    if text is not None:
        if _context_kept(ctx) and (text, patch) in _CHECKED:
            return
        counts = (len(ctx.problems), len(ctx.refs), len(ctx.images), _rewritten)
        _check_component(item, source, path, ctx, patch=patch)
        if counts == (len(ctx.problems), len(ctx.refs), len(ctx.images), _rewritten):
            if len(_CHECKED) >= 1 << 16:
                _CHECKED.clear()
                _emptied()
            _CHECKED[(text, patch)] = True
        return
    _check_component(item, source, path, ctx, patch=patch)


# while files are kept parsed: (an item's text, patch) checked clean against `_CONTEXT`'s
# kinds and vocabularies; the last context compared with them, and whether they were equal
_CHECKED: dict[tuple[str, bool], bool] = {}
_CONTEXT: list[Any] = [None, None, None, False]  # kinds, vocab, the last context, equal
_rewritten = 0  # values `as_written` wrote back into the data
context_age = 0  # counted up whenever `_CHECKED` is emptied: what memos of checked items follow


def _emptied() -> None:
    global context_age
    context_age += 1


def checked_clean(text: str, patch: bool, ctx: ComponentContext) -> bool:
    """Whether check_component of an item of this text (while keeping) will not check it
    again: it was checked clean against kinds and vocabularies equal to the context's."""
    return _context_kept(ctx) and (text, patch) in _CHECKED


def checked_texts() -> dict[tuple[str, bool], bool]:
    """(an item's text, patch) checked clean against the kinds and vocabularies of the
    context `context_kept` last found equal (read only)."""
    return _CHECKED


def context_kept(ctx: ComponentContext) -> bool:
    """Whether items checked clean before were checked against kinds and vocabularies equal
    to the context's (`checked_clean`)."""
    return _context_kept(ctx)


def _context_kept(ctx: ComponentContext) -> bool:
    """Whether what `_CHECKED` holds was checked against kinds and vocabularies equal to the
    context's (compared once per context; when they differ, it is emptied)."""
    if _CONTEXT[2] is ctx:
        return bool(_CONTEXT[3])
    same = bool(_CONTEXT[0] == ctx.kinds and _CONTEXT[1] == ctx.vocab)
    if not same:
        global context_age
        context_age += 1
        _CHECKED.clear()
        _CONTEXT[0], _CONTEXT[1] = ctx.kinds, ctx.vocab
    _CONTEXT[2], _CONTEXT[3] = ctx, True
    return same


def _forget() -> None:
    global context_age
    context_age += 1
    _CHECKED.clear()
    _CONTEXT[:] = [None, None, None, False]


on_forget(_forget)


def _check_component(item: dict[str, Any], source: Source, path: KeyPath,
                     ctx: ComponentContext, *, patch: bool) -> None:
    kind_name = item.get("kind")
    spec = ctx.kinds.get(kind_name) if isinstance(kind_name, str) else None
    if not patch:
        _require_base(item, source, path, ctx)
        if isinstance(kind_name, str) and spec is None:
            ctx.problems.append(Problem(
                "unknown-kind", f"unknown kind '{kind_name}'", where=source.value_where((*path, "kind")),
                path=source.label((*path, "kind")), hint=did_you_mean(kind_name, ctx.kinds)))
            return
    _check_base_values(item, source, path, ctx)
    fields = spec.fields if spec else {}
    for key, value in item.items():
        if key in _BASE:
            continue
        if key not in fields:
            if spec is not None or not patch:
                ctx.problems.append(Problem(
                    "unknown-field", f"unknown key '{key}' for kind '{kind_name}'",
                    where=source.where((*path, key)), path=source.label((*path, key)),
                    hint=did_you_mean(key, [*BASE_FIELDS, *fields])))
            continue
        check_value(value, fields[key], source, (*path, key), ctx)
    if not patch:
        for name, fspec in fields.items():
            if fspec.required and name not in item:
                ctx.problems.append(Problem(
                    "missing-field", f"'{name}' is required for kind '{kind_name}'",
                    where=source.where(path), path=source.label((*path, name)),
                    hint=_add_hint(name, fspec)))


def _add_hint(name: str, spec: FieldSpec) -> str:
    """'add number: (whole number 1..5)' style hint for a missing field."""
    what = spec.description or (f"a {spec.vocab} id" if spec.type == "term" else f"a {spec.type}")
    return f"add '{name}: ...' ({what})"


def _require_base(item: dict[str, Any], source: Source, path: KeyPath, ctx: ComponentContext) -> None:
    for key in ("id", "kind"):
        if key not in item:
            ctx.problems.append(Problem("missing-field", f"every component needs '{key}'",
                                        where=source.where(path), path=source.label((*path, key)),
                                        hint=f"add a line '{key}: ...' to this component"))


def _check_base_values(item: dict[str, Any], source: Source, path: KeyPath,
                       ctx: ComponentContext) -> None:
    for key in ("name", "source", "notes"):
        if key in item and item[key].__class__ is not str:  # (text stays as it is)
            item[key] = as_written(item[key], source, (*path, key))
    ctx.problems += _text_problems(item, source, path)
    for problem in (_id_problem(item, source, path), _count_problem(item, source, path),
                    _status_problem(item, source, path)):
        if problem is not None:
            ctx.problems.append(problem)
    for key in ("image", "back_image"):
        if isinstance(item.get(key), str):
            ctx.images.append((source, (*path, key), item[key]))


def _bad_type(source: Source, path: KeyPath, key: str, what: str, hint: str | None = None
              ) -> Problem:
    return Problem("bad-type", what, where=source.value_where((*path, key)),
                   path=source.label((*path, key)), hint=hint)


def _text_problems(item: dict[str, Any], source: Source, path: KeyPath) -> list[Problem]:
    """The base keys holding text that hold something else."""
    return [_bad_type(source, path, key, f"expected text, got {_type_name(item[key])}")
            for key in ("kind", "name", "source", "notes", "image", "back_image")
            if key in item and item[key].__class__ is not str and (
                not isinstance(item[key], str | int) or isinstance(item[key], bool))]


def _id_problem(item: dict[str, Any], source: Source, path: KeyPath) -> Problem | None:
    """An id that cannot name output files."""
    cid = item.get("id")
    if cid.__class__ is str and len(cid) <= MAX_ID_CHARS and SLUG.fullmatch(cid) and ".." not in cid:
        return None  # plain ASCII: nothing slug_problem would find
    if "id" not in item or not (why := slug_problem(item["id"])):
        return None
    return _bad_type(source, path, "id", why, f"ids name output files: {SLUG_HINT}"
                     + ("; write it in quotes" if not isinstance(item["id"], str) else ""))


def _count_problem(item: dict[str, Any], source: Source, path: KeyPath) -> Problem | None:
    """A count that is not a whole number >= 0, or above MAX_COUNT."""
    count = item.get("count")
    if "count" in item and (not isinstance(count, int) or isinstance(count, bool) or count < 0):
        return _bad_type(source, path, "count", f"expected a whole number >= 0, got {count!r}",
                         "count is how many copies are in the box: 0 or more (default 1)")
    if isinstance(count, int) and count > MAX_COUNT:
        return Problem(
            "too-many", f"count {count} is above the limit of {MAX_COUNT} copies of one component",
            where=source.value_where((*path, "count")), path=source.label((*path, "count")),
            hint="count is how many copies are in the box; is it a typo?")
    return None


def _status_problem(item: dict[str, Any], source: Source, path: KeyPath) -> Problem | None:
    """A status that is not one of STATUSES."""
    if "status" not in item or item["status"] in STATUSES:
        return None
    return Problem(
        "bad-value", f"status '{item['status']}' is not one of {', '.join(STATUSES)}",
        where=source.value_where((*path, "status")), path=source.label((*path, "status")),
        hint=did_you_mean(str(item["status"]), STATUSES))


def check_value(value: Any, spec: FieldSpec, source: Source, path: KeyPath,
                ctx: ComponentContext) -> None:
    """Validate one field value against its spec, recursing into lists and objects."""
    kind = spec.type
    if (kind == "str" or kind == "text") and value.__class__ is not str:
        value = as_written(value, source, path)
    message = _CHECKERS[kind](value, spec, source, path, ctx)
    if message:
        text, hint = message if isinstance(message, tuple) else (message, None)
        rule = "unknown-term" if kind == "term" and "unknown" in text else "bad-type"
        ctx.problems.append(Problem(rule, text, where=source.value_where(path),
                                    path=source.label(path), hint=hint))


Message = str | tuple[str, str | None] | None


def as_written(value: Any, source: Source, path: KeyPath) -> Any:
    """A text field's plain scalar as the person typed it, when YAML 1.1 read it otherwise
    (10:30 as 630, No as false, 0123 as 83); stored back into the source data."""
    if value.__class__ is str or value is None:  # (text as typed: its raw text is unasked)
        return value
    raw = source.raw.get(tuple(path))
    if raw is None or isinstance(value, str):
        return value
    if not isinstance(value, bool) and raw == str(value):
        return value
    global _rewritten
    node = source.data
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = raw
    _rewritten += 1
    return raw


def _check_str(value: Any, spec: FieldSpec, *_: Any) -> Message:
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        return f"expected text, got {_type_name(value)}"
    if spec.choices is not None and value not in spec.choices:
        return f"'{value}' is not one of the choices", did_you_mean(str(value), spec.choices)
    return None


def _check_number(value: Any, spec: FieldSpec, *_: Any) -> Message:
    wanted = int if spec.type == "int" else (int, float)
    if isinstance(value, bool) or not isinstance(value, wanted):
        noun = "a whole number" if spec.type == "int" else "a number"
        return f"expected {noun}, got {_type_name(value)} {value!r}", "write digits without quotes, e.g. 3"
    if not math.isfinite(value):
        return f"expected a finite number, got {value!r}", "write digits, e.g. 2.5 (not .nan or .inf)"
    if spec.min is not None and value < spec.min:
        return f"{value} is below the minimum {spec.min:g}", _range(spec)
    if spec.max is not None and value > spec.max:
        return f"{value} is above the maximum {spec.max:g}", _range(spec)
    return None


def _range(spec: FieldSpec) -> str:
    low = "" if spec.min is None else f"{spec.min:g}"
    high = "" if spec.max is None else f"{spec.max:g}"
    return f"allowed: {low}..{high}" if low and high else f"allowed: {'>= ' + low if low else '<= ' + high}"


def _check_bool(value: Any, *_: Any) -> Message:
    return None if isinstance(value, bool) else f"expected true or false, got {value!r}"


def _check_color(value: Any, *_: Any) -> Message:
    if isinstance(value, str) and COLOR.match(value):
        return None
    return f"expected a colour like \"#C8372D\", got {value!r}", "quote it: \"#RRGGBB\""


def _check_image(value: Any, spec: FieldSpec, source: Source, path: KeyPath,
                 ctx: ComponentContext) -> Message:
    if not isinstance(value, str):
        return f"expected an image path, got {_type_name(value)}"
    ctx.images.append((source, path, value))
    return None


def _check_term(value: Any, spec: FieldSpec, source: Source, path: KeyPath,
                ctx: ComponentContext) -> Message:
    terms = ctx.vocab.get(spec.vocab or "", _NO_TERMS)
    if value.__class__ is str and value in terms:  # (the usual term)
        return None
    if isinstance(value, dict | list) or value is None:
        return f"expected a {spec.vocab} id, got {_type_name(value)}"
    if str(value) not in terms:
        return f"unknown {spec.vocab} '{value}'", did_you_mean(str(value), terms)
    return None


def _check_ref(value: Any, spec: FieldSpec, source: Source, path: KeyPath,
               ctx: ComponentContext) -> Message:
    if not isinstance(value, str):
        return f"expected a component id, got {_type_name(value)}"
    ctx.refs.append(PendingRef(source, path, value, spec.kind))
    return None


def _check_list(value: Any, spec: FieldSpec, source: Source, path: KeyPath,
                ctx: ComponentContext) -> Message:
    if not isinstance(value, list):
        return f"expected a list, got {_type_name(value)}", "write it as [a, b] or one '- item' a line"
    if spec.min_items is not None and len(value) < spec.min_items:
        return f"expected at least {spec.min_items} items, got {len(value)}"
    if spec.max_items is not None and len(value) > spec.max_items:
        return f"expected at most {spec.max_items} items, got {len(value)}"
    if spec.of is not None:
        for i, item in enumerate(value):
            check_value(item, spec.of, source, (*path, i), ctx)
    return None


def _check_object(value: Any, spec: FieldSpec, source: Source, path: KeyPath,
                  ctx: ComponentContext) -> Message:
    if not isinstance(value, dict):
        return f"expected a mapping (key: value), got {_type_name(value)}"
    fields = spec.fields or {}
    for key, item in value.items():
        if key not in fields:
            ctx.problems.append(Problem(
                "unknown-field", f"unknown key '{key}'", where=source.where((*path, key)),
                path=source.label((*path, key)), hint=did_you_mean(key, fields)))
            continue
        check_value(item, fields[key], source, (*path, key), ctx)
    for name, fspec in fields.items():
        if fspec.required and name not in value:
            ctx.problems.append(Problem("missing-field", f"'{name}' is required",
                                        where=source.where(path), path=source.label((*path, name)),
                                        hint=_add_hint(name, fspec)))
    return None


_CHECKERS: dict[str, Any] = {
    "str": _check_str, "text": _check_str, "int": _check_number, "float": _check_number,
    "bool": _check_bool, "color": _check_color, "image": _check_image, "term": _check_term,
    "ref": _check_ref, "list": _check_list, "object": _check_object,
}
