"""The element types of the layout language, one module each, and their registry.

`ELEMENT_TYPES` (type name -> model, `registry.py`) lists every element type in the order the
docs list them, and imports a type's module when it is first looked up: a layout's elements
are validated each by its own type's model, so a process imports and builds only the types
its layouts use. `MODELS` is every model (all imported). A new element type is a module with
its model and `draw()`, and one name in `registry.TYPES`.
"""

from collections.abc import Mapping
from typing import Any, Literal, cast, get_args, get_origin

from cardgen.layout.elements import registry
from cardgen.layout.elements.base import Clip, ElementBase

ELEMENT_TYPES = cast(Mapping[str, type[ElementBase]], registry.ELEMENT_TYPES)


def type_name(model: type[ElementBase]) -> str:
    """The `type:` an element model is written with."""
    annotation = model.model_fields["type"].annotation
    if get_origin(annotation) is not Literal:
        raise TypeError(f"{model.__name__}.type is not a Literal")
    return str(get_args(annotation)[0])


def __getattr__(name: str) -> Any:
    if name == "MODELS":  # every element model, imported now
        return tuple(ELEMENT_TYPES.values())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["ELEMENT_TYPES", "MODELS", "Clip", "ElementBase", "type_name"]  # noqa: F822
