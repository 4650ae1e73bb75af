"""`when:` conditions: whether an element is drawn for a component.

A condition is one of
- `"{path}"`: the value is set and not empty, false or zero;
- `{path: value}`: the value equals `value` (a term equals its id, name or label; numbers
  compare as numbers, text case-sensitively); several keys must all hold;
- `{path: {in: [a, b]}}`, `{path: {not: a}}`, `{path: {gt: 3}}` (also `ge`, `lt`, `le`,
  `set: true|false`): one test of the value;
- `{not: condition}`, `{all: [condition, ...]}`, `{any: [condition, ...]}`.

Paths are written without braces in mappings (`culture.name`, `item.kind`). check() says what
is wrong with a condition's shape (the layout validator reports it at the `when` key);
paths() lists the bindings it reads (the binding checker resolves them); holds() decides.
"""

from __future__ import annotations

from typing import Any, Protocol

from cardgen.data.model import Term

LOGIC = ("not", "all", "any")
TESTS = ("in", "not", "gt", "ge", "lt", "le", "set")
_MAX_DEPTH = 16


class Reader(Protocol):
    def value(self, path: str) -> Any: ...

    def text(self, template: Any) -> Any: ...


def check(condition: Any, depth: int = 0) -> Any:
    """The condition as written; ValueError naming what is wrong with its shape."""
    if depth > _MAX_DEPTH:
        raise ValueError(f"a condition nests more than {_MAX_DEPTH} deep")
    if isinstance(condition, str | bool | int | float) or condition is None:
        return condition
    if not isinstance(condition, dict) or not condition:
        raise ValueError("a condition is \"{field}\", {field: value}, or not/all/any of "
                         f"conditions, not {condition!r}")
    for key, value in condition.items():
        if key == "not":
            check(value, depth + 1)
        elif key in ("all", "any"):
            if not isinstance(value, list) or not value:
                raise ValueError(f"'{key}' takes a list of conditions")
            for part in value:
                check(part, depth + 1)
        elif not isinstance(key, str) or "{" in key or not key.strip():
            raise ValueError(f"'{key}': write the field's path without braces, e.g. {{kind: hero}}")
        else:
            _check_test(key, value)
    return condition


def _check_test(key: str, test: Any) -> None:
    if not isinstance(test, dict):
        if isinstance(test, list):
            raise ValueError(f"{key}: a list is written {{in: [...]}}")
        return
    for name, operand in test.items():
        if name not in TESTS:
            raise ValueError(f"{key}: unknown test '{name}' (tests: {', '.join(TESTS)})")
        if name == "in" and not isinstance(operand, list):
            raise ValueError(f"{key}: 'in' takes a list")
        if name in ("gt", "ge", "lt", "le") and (
                isinstance(operand, bool) or not isinstance(operand, int | float)):
            raise ValueError(f"{key}: '{name}' takes a number")


def paths(condition: Any) -> list[str]:
    """Every binding a condition reads, as "{path}" text (its strings as written)."""
    if isinstance(condition, str):
        return [condition]
    if not isinstance(condition, dict):
        return []
    found: list[str] = []
    for key, value in condition.items():
        if key == "not":
            found += paths(value)
        elif key in ("all", "any") and isinstance(value, list):
            for part in value:
                found += paths(part)
        else:
            found.append(f"{{{key}}}")
    return found


def holds(condition: Any, scope: Reader) -> bool:
    """Does the condition hold for the scope's component (and item)?"""
    if isinstance(condition, str):
        return truthy(scope.text(condition))
    if not isinstance(condition, dict):
        return truthy(condition)
    for key, value in condition.items():
        if key == "not":
            ok = not holds(value, scope)
        elif key == "all":
            ok = all(holds(part, scope) for part in value)
        elif key == "any":
            ok = any(holds(part, scope) for part in value)
        else:
            ok = _passes(scope.value(key), value)
        if not ok:
            return False
    return True


def truthy(value: Any) -> bool:
    return bool(value) and value != "0"


def _passes(value: Any, test: Any) -> bool:
    if not isinstance(test, dict):
        return equal(value, test)
    return all(_one_test(value, name, operand) for name, operand in test.items())


def _one_test(value: Any, name: str, operand: Any) -> bool:
    if name == "in":
        return any(equal(value, o) for o in operand)
    if name == "not":
        return not (any(equal(value, o) for o in operand) if isinstance(operand, list)
                    else equal(value, operand))
    if name == "set":
        return truthy(value) == bool(operand)
    number = _number(value)
    if number is None:
        return False
    limit = float(operand)
    return {"gt": number > limit, "ge": number >= limit, "lt": number < limit,
            "le": number <= limit}[name]


def equal(value: Any, written: Any) -> bool:
    """A component's value equals what a condition writes (terms by id, name or label; numbers
    as numbers; a list equals a value it holds)."""
    if isinstance(value, list):
        return any(equal(v, written) for v in value)
    if isinstance(value, Term):
        return str(written) in (str(value.id), value.name, value.label)
    if isinstance(written, bool) or isinstance(value, bool):
        return truthy(value) == truthy(written)
    a, b = _number(value), _number(written)
    if a is not None and b is not None:
        return a == b
    if value is None:
        return written is None or written == ""
    return str(value) == str(written)


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return None
    return None
