"""Bindings checked before drawing: every `{path}` of a layout against the kind's field specs.

A binding that names no field, a step into a field that has no such part, `{item}` outside a
list, and `repeat`/`polar`/`over` on a value that is not a list are Problems at the layout line,
with a did-you-mean. Nothing here draws; `scope.py` reads the values when drawing.
"""

from __future__ import annotations

import re
from typing import Any

from cardgen.data.model import BASE_FIELDS, Database, FieldSpec
from cardgen.data.yamlsrc import Source
from cardgen.errors import Problem, did_you_mean
from cardgen.layout.elements import ElementBase
from cardgen.layout.model import TemplateFile
from cardgen.layout.scope import SPECIALS, split_default
from cardgen.records import record

_BINDING = re.compile(r"\{([^{}]+)\}")
TERM_PARTS = ("id", "name", "label", "color", "icon", "symbol", "number", "description")


@record(frozen=True)
class _Any:
    """A value whose parts cannot be known before drawing (accepts every step)."""


@record(frozen=True)
class _Scalar:
    what: str  # "text", "number", ...


@record(frozen=True)
class _TermValue:
    vocab: str


@record(frozen=True)
class _Component:
    kind: str | None


Resolved = FieldSpec | _Any | _Scalar | _TermValue | _Component
_ANY = _Any()


def unbalanced_brace(text: str) -> int | None:
    """The index of the first brace without its other half ("{name", "a}", "{a{b}"), or None."""
    opened: int | None = None
    for i, char in enumerate(text):
        if char == "{":
            if opened is not None:
                return opened
            opened = i
        elif char == "}":
            if opened is None:
                return i
            opened = None
    return opened


class BindingError(Exception):
    def __init__(self, message: str, hint: str | None):
        super().__init__(message)
        self.hint = hint


@record(frozen=True)
class _Items:
    """What `{item}` and `{parent}` mean at some depth of repeats."""

    item: Resolved | None = None  # None: outside any list
    parent: Resolved | None = None


def binding_problems(db: Database, kind: str, template: TemplateFile) -> list[Problem]:
    """Problems of every binding in a merged template, for one kind."""
    problems: list[Problem] = []
    checker = _Checker(db, kind, problems)
    for el in template.elements:
        checker.element(el, _Items())
    return problems


def background_binding_problems(db: Database, kind: str, template: TemplateFile,
                                source: Source) -> list[Problem]:
    """Problems of the bindings in a template's `background` (a colour read from a field)."""
    value = template.background
    if not isinstance(value, str):
        return []
    problems: list[Problem] = []
    checker = _Checker(db, kind, problems)
    for match in _BINDING.finditer(value):
        try:
            checker.resolve(match.group(1), _Items())
        except BindingError as exc:
            problems.append(Problem("unknown-binding", f"{{{match.group(1)}}}: {exc}",
                                    where=source.value_where(("background",)),
                                    path=source.label(("background",)), hint=exc.hint))
    return problems


class _Checker:
    def __init__(self, db: Database, kind: str, problems: list[Problem]):
        self.db = db
        self.kind = kind
        self.problems = problems

    def element(self, el: ElementBase, items: _Items) -> None:
        """Every binding of an element, and of its children, in the scope each is read in."""
        read = el.bindings()
        inner = items
        if read.over is not None:
            inner = _Items(self.list_item(el, self.value(el, "over", read.over, items)), items.item)
        elif read.counted:
            inner = _Items(_Scalar("number"), items.item)
        for key, value in read.values:
            self.check_value(el, key, value, inner if key in read.per_item else items)
        for _, children in read.children:
            for child in children:
                self.element(child, inner if read.children_per_item else items)

    def check_value(self, el: ElementBase, key: str, value: Any, items: _Items,
                    index: int | None = None) -> None:
        if isinstance(value, list | tuple):
            for i, v in enumerate(value):
                self.check_value(el, key, v, items, i)
            return
        if not isinstance(value, str) or ("{" not in value and "}" not in value):
            return  # (text without a brace: no binding, and no brace without its other half)
        brace = unbalanced_brace(value)
        if brace is not None:
            self.report(el, key, index, f"'{value}' has a '{value[brace]}' at character "
                        f"{brace + 1} without its other half", "a binding is a field's name in "
                        "braces, e.g. \"{name}\"; close it or remove the brace", "unbalanced-brace")
            return
        for match in _BINDING.finditer(value):
            try:
                self.resolve(match.group(1), items)
            except BindingError as exc:
                self.report(el, key, index, f"{{{match.group(1)}}}: {exc}", exc.hint)

    def value(self, el: ElementBase, key: str, text: str, items: _Items) -> Resolved | None:
        whole = _BINDING.fullmatch(str(text).strip()) if isinstance(text, str) else None
        if whole is None:
            self.report(el, key, None, f"'{text}' is not a binding of a list",
                        "write the list field in braces, e.g. over: \"{effects}\"")
            return None
        try:
            return self.resolve(whole.group(1), items)
        except BindingError as exc:
            self.report(el, key, None, f"{{{whole.group(1)}}}: {exc}", exc.hint)
            return None

    def list_item(self, el: ElementBase, spec: Resolved | None) -> Resolved:
        """What `{item}` is inside a list binding; a binding of a non-list is a Problem."""
        if spec is None or isinstance(spec, _Any):
            return _ANY
        if isinstance(spec, FieldSpec) and spec.type == "list":
            return spec.of if spec.of is not None else _ANY
        what = spec.type if isinstance(spec, FieldSpec) else (
            spec.what if isinstance(spec, _Scalar) else type(spec).__name__.strip("_").lower())
        article = "an" if what[:1] in "aeiou" else "a"
        self.report(el, "over", None, f"{el.over_binding()} is {article} {what}, not a list",
                    "repeat over a list field, or use n: for a count (then {index} is 1..n)")
        return _ANY

    def report(self, el: ElementBase, key: str, index: int | None, message: str,
               hint: str | None, rule: str = "unknown-binding") -> None:
        found = el.written_at()
        if found is None:
            self.problems.append(Problem(rule, message, path=f"{self.kind} layout {key}",
                                         hint=hint))
            return
        source, path = found
        at = (*path, key) if index is None else (*path, key, index)
        self.problems.append(Problem(rule, message, where=source.value_where(at),
                                     path=source.label(at), hint=hint))

    # ------------------------------------------------------------ resolving one path

    def resolve(self, text: str, items: _Items) -> Resolved:
        try:
            text, _ = split_default(text)
        except ValueError as exc:
            raise BindingError(str(exc), "a default is the text shown when the field is empty: "
                               "{age | default('∞')}") from None
        head, *rest = text.strip().split(".")
        resolved = self.head(head, items)
        for part in rest:
            if "@" in part:
                name, listed = part.split("@", 1)
                self.step(resolved, name)
                resolved = self.items_by_id(listed)
            else:
                resolved = self.step(resolved, part)
        return resolved

    def items_by_id(self, listed: str) -> Resolved:
        """`ids@list`: the items of the kind's list field `listed` (objects with an `id`)."""
        fields = self.db.game.kinds[self.kind].fields
        spec = fields.get(listed)
        if spec is None or spec.type != "list" or spec.of is None or spec.of.type != "object" \
                or "id" not in (spec.of.fields or {}):
            raise BindingError(f"kind '{self.kind}' has no list field '{listed}' of items with an id",
                               did_you_mean(listed, fields) or "name a list whose items have an id")
        return spec.of

    def head(self, head: str, items: _Items) -> Resolved:
        if "@" in head:
            field_name, vocab = head.split("@", 1)
            self.head(field_name, items)
            if vocab not in self.db.game.vocab:
                raise BindingError(f"no vocabulary '{vocab}'", did_you_mean(vocab, self.db.game.vocab))
            return _TermValue(vocab)
        if head in SPECIALS or head in BASE_FIELDS:
            return _Scalar("number" if head in ("index", "count") else "text")
        if head in ("item", "parent"):
            found = items.item if head == "item" else items.parent
            if found is None:
                where = "inside repeat, polar or a text's over" if head == "item" else \
                    "inside a repeat within a repeat"
                raise BindingError(f"'{head}' is only known {where}",
                                   "bind a field of the component, e.g. {name}")
            return found
        fields = self.db.game.kinds[self.kind].fields
        if head in fields:
            return _field(fields[head])
        raise BindingError(f"kind '{self.kind}' has no field '{head}'",
                           did_you_mean(head, [*fields, *BASE_FIELDS, *SPECIALS]))

    def step(self, value: Resolved, part: str) -> Resolved:
        if isinstance(value, _Any):
            return value
        if isinstance(value, _TermValue):
            if part in TERM_PARTS:
                return _Scalar("text")
            raise BindingError(f"a {value.vocab} term has no '{part}'", did_you_mean(part, TERM_PARTS))
        if isinstance(value, _Component):
            return self.component_part(value, part)
        if isinstance(value, _Scalar):
            if part == "len" and value.what == "text":
                return _Scalar("number")
            raise BindingError(f"a {value.what} has no '{part}'", "only text and lists have .len")
        return self.spec_part(value, part)

    def spec_part(self, spec: FieldSpec, part: str) -> Resolved:
        if spec.type == "term":
            return self.step(_TermValue(spec.vocab or ""), part)
        if spec.type == "ref":
            return self.component_part(_Component(spec.kind), part)
        if spec.type == "object":
            fields = spec.fields or {}
            if part in fields:
                return _field(fields[part])
            raise BindingError(f"no '{part}' in this object", did_you_mean(part, fields))
        if part == "len" and spec.type in ("list", "str", "text"):
            return _Scalar("number")
        hint = "a list has only .len; repeat over it for its items" if spec.type == "list" \
            else f"a {spec.type} field has no parts"
        raise BindingError(f"a {spec.type} has no '{part}'", hint)

    def component_part(self, ref: _Component, part: str) -> Resolved:
        if ref.kind is None or ref.kind not in self.db.game.kinds:
            return _ANY
        if part in BASE_FIELDS:
            return _Scalar("text")
        fields = self.db.game.kinds[ref.kind].fields
        if part in fields:
            return _field(fields[part])
        raise BindingError(f"kind '{ref.kind}' has no field '{part}'",
                           did_you_mean(part, [*fields, *BASE_FIELDS]))


def _field(spec: FieldSpec) -> Resolved:
    """A field's spec (a term field's parts are its term's, a ref's its component's)."""
    return spec
