"""Bindings: `{path}` in a layout -> values of a component, its repeat item or vocabulary."""

from __future__ import annotations

import math
import re
from typing import Any

from cardgen.data.model import Component, Database, FieldSpec, Term
from cardgen.deferral import DeferredPattern
from cardgen.layout.arith import ExpressionError, evaluate

_BINDING = re.compile(r"\{([^{}]+)\}")
# DeferredPattern: compiled when first used (cardgen/deferral.py): only a binding with a default
_DEFAULT = DeferredPattern(r"default\((['\"])(.*)\1\)", re.S)
# Bindings every layout knows besides the fields: the game, edition, position and kind title.
SPECIALS = ("edition", "game", "index", "kind_title", "auto_body")
# Bindings whose value is the same for every component of a kind and edition: the specials
# but auto_body (the component's own text), and a repeat's item and parent (they come from
# the template unless the repeat itself read a field).
# id of a term -> (it and the vocabularies it was found in, held so the ids stay theirs; its
# (vocabulary, id) in term_parts)
_VOCAB_OF: dict[int, tuple[Term, dict[str, dict[str, Term]], tuple[str, str]]] = {}
_SAME_FOR_THE_KIND = frozenset(SPECIALS) - {"auto_body"} | {"item", "parent"}
_PARSED: dict[str, tuple[list[str], str | None]] = {}  # a binding -> its path's parts, default


class Scope:
    """Resolves `{path}` bindings against a component (and a repeat item)."""

    def __init__(self, db: Database, component: Component, item: Any = None,
                 item_spec: FieldSpec | None = None, index: int = 0, parent: Scope | None = None):
        self.db = db
        self.component = component
        self.item = item
        self.item_spec = item_spec
        self.index = index
        self.parent = parent
        # the root scope (None on the root itself: a scope holding itself would be a reference
        # cycle, kept until the cyclic collector runs)
        self._root: Scope | None = parent.root if parent is not None else None
        self.read_component = False  # on the root: did any binding read the component?
        # on the root: the parts of vocabulary terms the face's bindings read, by (vocab, id)
        # ('label' when a term is written as text): the colour-vision lint's evidence
        self.term_parts: dict[tuple[str, str], set[str]] = {}

    @property
    def root(self) -> Scope:
        return self if self._root is None else self._root

    def child(self, item: Any, spec: FieldSpec | None, index: int) -> Scope:
        """The scope of one list item; `{parent.x}` reads the enclosing item."""
        return Scope(self.db, self.component, item, spec, index, self)

    def value(self, path: str) -> Any:
        parsed = _PARSED.get(path)
        if parsed is None:  # a layout writes few bindings, read on every face: parsed once
            text, default = split_default(path)
            if len(_PARSED) >= 4096:
                _PARSED.clear()
            parsed = _PARSED[path] = (text.strip().split("."), default)
        parts, fallback = parsed
        value, spec = self._head(parts[0])
        for part in parts[1:] if len(parts) > 1 else ():
            term = value if isinstance(value, Term) else None
            if "@" in part:  # adjacent@rooms: the items of list field `rooms` with those ids
                name, listed = part.split("@", 1)
                value, spec = self._items_by_id(*_step(self.db, value, spec, name), listed)
            else:
                value, spec = _step(self.db, value, spec, part)
            if term is not None and value not in (None, ""):  # an empty part shows nothing
                self._note(term, part)
        if isinstance(value, Term):
            self._note(value, "label")
        if fallback is not None and (value is None or value == "" or value == []):
            return fallback
        return value

    def _note(self, term: Term, part: str) -> None:
        """Remember that the face read this part of a term (see term_parts)."""
        known = _VOCAB_OF.get(id(term))
        if known is None or known[0] is not term or known[1] is not self.db.game.vocab:
            vocab = next((name for name, terms in self.db.game.vocab.items()
                          if terms.get(str(term.id)) is term), "")
            if len(_VOCAB_OF) > 4096:
                _VOCAB_OF.clear()
            known = _VOCAB_OF[id(term)] = (term, self.db.game.vocab, (vocab, str(term.id)))
        self.root.term_parts.setdefault(known[2], set()).add(part)

    def _items_by_id(self, value: Any, spec: FieldSpec | None, listed: str
                     ) -> tuple[Any, FieldSpec | None]:
        """The item (or, for a list of ids, the items) of the component's list field `listed`
        whose `id` is the value: a printed name for an id the data keeps."""
        self.root.read_component = True
        items = self.component.value(listed) or []
        field = self.db.game.kinds[self.component.kind].fields.get(listed)
        of = field.of if field is not None else None
        by_id = {str(i.get("id")): i for i in items if isinstance(i, dict)}
        if isinstance(value, list):
            return [by_id.get(str(v)) for v in value if str(v) in by_id], of
        return by_id.get(str(value)), of

    def _head(self, head: str) -> tuple[Any, FieldSpec | None]:
        if "@" in head:  # number@suit: the term of vocab `suit` whose number is the value
            field_name, vocab = head.split("@", 1)
            value, _ = self._head(field_name)
            terms = self.db.game.vocab.get(vocab, {}).values()
            return next((t for t in terms if t.number == value), None), None
        c = self.component
        if head not in _SAME_FOR_THE_KIND:
            self.root.read_component = True
        elif head in _SPECIAL:  # a special (its value worked out only when it is read)
            return _SPECIAL[head](self), None
        if head == "auto_body":  # names every term the component has (cardgen.layout.auto)
            for name, fspec in self.db.game.kinds[c.kind].fields.items():
                term = self.db.game.term(fspec.vocab or "", c.value(name)) \
                    if fspec.type == "term" and c.value(name) is not None else None
                if term is not None:
                    self._note(term, "label")
            from cardgen.layout.auto import body_text  # only a layout that asks for it

            return body_text(self.db, c), None
        if head == "item":
            return _resolve_term(self.db, self.item, self.item_spec), self.item_spec
        if head == "parent":
            outer = self.parent
            return (outer.item, outer.item_spec) if outer is not None else (None, None)
        spec = self.db.game.kinds[c.kind].fields.get(head)
        return _resolve_term(self.db, c.value(head), spec), spec

    def text(self, template: Any) -> Any:
        """A whole-string binding keeps its type; otherwise bindings are formatted into text."""
        if not isinstance(template, str) or "{" not in template:
            return template
        whole = _BINDING.fullmatch(template.strip())
        if whole:
            return self.value(whole.group(1))
        return _BINDING.sub(lambda m: format_value(self.value(m.group(1))), template)


_SPECIAL = {  # the specials but auto_body: the same for every component of a kind and edition
    "edition": lambda scope: scope.component.edition,
    "game": lambda scope: scope.db.game.name,
    "index": lambda scope: scope.index + 1,
    "kind_title": lambda scope: scope.db.game.kinds[scope.component.kind].title
    or scope.component.kind,
}


def split_default(binding: str) -> tuple[str, str | None]:
    """`age | default('∞')` -> ("age", "∞"); a binding without a default -> (binding, None).

    ValueError when what follows `|` is not `default(...)` with its text quoted."""
    if "|" not in binding:
        return binding, None
    path, _, tail = binding.partition("|")
    found = _DEFAULT.fullmatch(tail.strip())
    if found is None:
        raise ValueError(f"'{tail.strip()}' after '|' is not a default; write "
                         f"{{{path.strip()} | default('text')}}")
    return path, found.group(2)


def _resolve_term(db: Database, value: Any, spec: FieldSpec | None) -> Any:
    """A term id seen through its spec becomes its vocabulary Term (else unchanged)."""
    if spec is not None and spec.type == "term" and value is not None and not isinstance(value, Term):
        return db.game.term(spec.vocab or "", value) or value
    return value


def _step(db: Database, value: Any, spec: FieldSpec | None, part: str) -> tuple[Any, FieldSpec | None]:
    if value is None:
        return None, None
    if isinstance(value, list) and part != "len":
        steps = [_step(db, v, spec, part) for v in value]  # items looked up by id, each
        return [v for v, _ in steps], (steps[0][1] if steps else None)
    if isinstance(value, Term):
        return getattr(value, part, None), None
    if isinstance(value, dict):
        sub = (spec.fields or {}).get(part) if spec is not None and spec.fields else None
        return _resolve_term(db, value.get(part), sub), sub
    if part == "len" and isinstance(value, list | str):
        return len(value), None
    if isinstance(value, str) and spec is not None and spec.type == "ref":
        target = db.components_by_id.get(value)
        return Scope(db, target)._head(part) if target is not None else (None, None)
    return None, None



def format_value(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, Term):
        return value.label
    if isinstance(value, list):
        return ", ".join(format_value(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


# ---------------------------------------------------------------- laying out


def number(scope: Scope, written: Any, key: str, default: float = 0.0) -> float:
    """A number, a binding, or simple arithmetic over bindings ("{radius_mm} * 2 + 3"); `key`
    names it in messages.

    Nothing written, or arithmetic reading a field the component leaves empty, is the default;
    arithmetic that divides by zero, overflows or is not arithmetic is an ExpressionError naming
    the key (cardgen.layout.arith; the element drawing it places it at its layout line), never a
    silent 0."""
    if type(written) is float and math.isfinite(written):
        return written  # a number as written (the common case): what the rest would give
    raw = default if written is None else written
    value = _filled(scope, raw) if isinstance(raw, str) and "{" in raw else scope.text(raw)
    if isinstance(value, str):
        if not value.strip():
            return default
        try:
            return evaluate(value)
        except ExpressionError as exc:
            raise _explained(exc, scope, key, raw, value) from None
    try:
        result = float(value)
    except (TypeError, ValueError, OverflowError):
        return default
    if not math.isfinite(result):
        raise _explained(ExpressionError(f"{key} is {result}, not a finite number"), scope, key,
                         raw, str(result))
    return result


def _filled(scope: Scope, raw: str) -> Any:
    """A number's text with its bindings' values in; None when a binding reads nothing (an
    optional field left empty: the key's default applies). A whole binding keeps its type."""
    whole = _BINDING.fullmatch(raw.strip())
    if whole:
        return scope.value(whole.group(1))
    empty = False

    def value_of(match: re.Match[str]) -> str:
        nonlocal empty
        found = scope.value(match.group(1))
        empty = empty or found is None or found == ""
        return format_value(found)

    text = _BINDING.sub(value_of, raw)
    return None if empty else text


def _explained(exc: ExpressionError, scope: Scope, key: str, raw: Any, value: str
               ) -> ExpressionError:
    """The error naming its key, and the component when data filled the arithmetic in."""
    exc.key = exc.key or key
    if isinstance(raw, str) and "{" in raw and raw.strip() != value:
        exc.message += f" (for {scope.component.id}: {raw.strip()})"
    return exc
