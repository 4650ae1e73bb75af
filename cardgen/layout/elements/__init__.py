"""The element types of the layout language, one module each, and their registry.

`ELEMENT_TYPES` (type name -> model) is built from the modules listed here, in the order the
docs list them; `Element` is their union (discriminated by `type:`), which the container
elements (`group`, `repeat`, `polar`, `image`) and layout files hold. A new element type is a
module with its model and `draw()`, and one line below.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import Field

from cardgen.layout.elements.annulus import AnnulusElement
from cardgen.layout.elements.arc import ArcElement
from cardgen.layout.elements.base import Clip, ElementBase
from cardgen.layout.elements.circle import CircleElement
from cardgen.layout.elements.ellipse import EllipseElement
from cardgen.layout.elements.group import GroupElement
from cardgen.layout.elements.icon import IconElement
from cardgen.layout.elements.image import ImageElement
from cardgen.layout.elements.line import LineElement
from cardgen.layout.elements.path import PathElement
from cardgen.layout.elements.polar import PolarElement
from cardgen.layout.elements.polygon import PolygonElement
from cardgen.layout.elements.rect import RectElement
from cardgen.layout.elements.repeat import RepeatElement
from cardgen.layout.elements.row import RowElement
from cardgen.layout.elements.star import StarElement
from cardgen.layout.elements.text import TextElement
from cardgen.layout.elements.wedge import WedgeElement

MODELS: tuple[type[ElementBase], ...] = (
    RectElement, CircleElement, AnnulusElement, LineElement, TextElement, IconElement, RowElement,
    RepeatElement, PolarElement, GroupElement, ImageElement, PolygonElement, StarElement,
    EllipseElement, ArcElement, WedgeElement, PathElement)


def type_name(model: type[ElementBase]) -> str:
    """The `type:` an element model is written with."""
    annotation = model.model_fields["type"].annotation
    if get_origin(annotation) is not Literal:
        raise TypeError(f"{model.__name__}.type is not a Literal")
    return str(get_args(annotation)[0])


ELEMENT_TYPES: dict[str, type[ElementBase]] = {type_name(m): m for m in MODELS}

if TYPE_CHECKING:
    Element = ElementBase
else:
    Element = Annotated[Union[MODELS], Field(discriminator="type")]  # noqa: UP007


def rebuilt(*models: type[Any]) -> None:
    """Let models that hold elements resolve `Children` (a list of Element) and `Clip`: the
    union is put where their annotations are read (their modules' and their bases'), and each
    model builds its validator when first used (models are built lazily: `defer_build`)."""
    for model in models:
        for cls in model.__mro__:
            module = sys.modules.get(cls.__module__)
            if module is not None and cls.__module__.startswith("cardgen."):
                vars(module).setdefault("Element", Element)
                vars(module).setdefault("Clip", Clip)


rebuilt(*MODELS)

__all__ = ["ELEMENT_TYPES", "MODELS", "Element", "ElementBase", "rebuilt", "type_name"]
